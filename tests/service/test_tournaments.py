"""Tournaments (issue 28, bot/tournaments.py) without Discord: sign-up, rounds opened as seated tables, outcomes
heard from the tables, byes, standings, drops, the round clock, cancel, refusals and a restart mid-round (SQLite
and PostgreSQL). The game is a one-move duel (each player passes two tiles; the heavier hand wins)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.table import NotAllowed, TableStatus
from bot.tables import TableService
from bot.tournaments import RUNNING, TournamentEvent, TournamentUpdate, outcome
from engine import GameSpec, catalogue
from tests.service.fake_games import PassTwo
from tests.service.test_tables import until


class Duel(PassTwo):
    """Pass Two for two players: its own class, since a GameSpec names itself on its game's class."""


DUEL = GameSpec("test_duel", "Duel (test)", (2,), "double-six", "Pass two tiles; the heavier hand wins.", (),
                Duel, family="trick", order=902, rig_keys=("deal",))
GUILD, CHANNEL, HOST = 1, 10, 500


@contextmanager
def duel_registered() -> Iterator[None]:
    catalogue()[DUEL.key] = DUEL
    try:
        yield
    finally:
        catalogue().pop(DUEL.key, None)


@pytest.fixture(autouse=True)
def duel() -> Iterator[None]:
    with duel_registered():
        yield


async def finish_round(service: TableService, tables: list[int]) -> None:
    """Each table's two players make their one move (the first legal one): the tables finish."""
    for tid in tables:
        table = service.store.get(tid)
        for seat in (0, 1):
            assert table.game is not None
            user = table.seats[seat].user_id
            assert user is not None
            await service.play.act(tid, table.version, user, str(table.game.legal_actions(seat)[0]))


def round_tables(service: TableService, tournament_id: int, round_number: int) -> list[int]:
    row = service.tournaments.open[tournament_id]
    return [b.table_id for b in row.boards if b.round == round_number and b.table_id is not None]


async def signed_up(service: TableService, count: int, fmt: str = "swiss", rounds: int | None = None,
                    minutes: int = 0) -> int:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, DUEL.key, fmt, rounds, minutes)
    for user in range(1, count + 1):
        await service.tournaments.join(row.id, user, f"player{user}")
    return row.id


async def test_a_swiss_tournament_of_five_runs_its_rounds_from_the_tables_outcomes(service: TableService,
                                                                                  storage: Storage) -> None:
    heard: list[TournamentUpdate] = []
    service.tournaments.add_listener(heard.append)
    tid = await signed_up(service, 5, rounds=3)
    row = await service.tournaments.begin(tid)
    assert row.status == RUNNING and row.round == 1 and row.rounds == 3
    for round_number in (1, 2, 3):
        tables = round_tables(service, tid, round_number)
        assert len(tables) == 2 and heard[-1].kind == TournamentEvent.ROUND and len(heard[-1].tables) == 2
        for table_id in tables:  # seated and started, through the lobby service
            table = service.store.get(table_id)
            assert table.status == TableStatus.PLAYING and len(table.seats) == 2 and table.row.channel_id == CHANNEL
        told = len(heard)
        await finish_round(service, tables)
        await until(lambda n=told: len(heard) > n)  # the next round is paired (or the tournament ends)
    assert heard[-1].kind == TournamentEvent.FINISHED and tid not in service.tournaments.open
    saved = await storage.tournaments.get(tid)
    assert saved is not None and saved.status == "finished" and saved.round == 3
    byes = [b.first_id for b in saved.boards if b.second_id is None]
    assert len(byes) == 3 and len(set(byes)) == 3  # one a round, never twice
    pairs = [frozenset((b.first_id, b.second_id)) for b in saved.boards if b.second_id is not None]
    assert len(pairs) == len(set(pairs)) == 6  # nobody met twice
    lines = service.tournaments.standings(saved)
    assert sum(line.points for line in lines) == 9  # 6 games and 3 byes, a point each
    for b in saved.boards:  # each game's result is the table's own
        if b.second_id is not None and b.table_id is not None:
            results = await storage.results.for_table(b.table_id)
            winner = next(r.user_id for r in results if r.won)
            assert b.winner_id == winner and (b.first_score, b.second_score) == (results[0].score, results[1].score)


async def test_refusals_change_nothing(service: TableService) -> None:
    with pytest.raises(NotAllowed, match=r"Bingo \(solitaire\) is not played at tables of 1"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, "bingo", "swiss")
    with pytest.raises(NotAllowed, match="round robin needs tables of two"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, "block", "round-robin", seats=4)
    with pytest.raises(NotAllowed, match="is not played at tables of 5"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, "muggins", "swiss", seats=5)
    with pytest.raises(NotAllowed, match="has no partnerships"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, "bergen", "swiss", partners="fixed")
    with pytest.raises(NotAllowed, match="is played at tables of 4"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, "texas42", "swiss", seats=2, partners="random")
    with pytest.raises(NotAllowed, match="allow computers"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, "black_tile", "knockout", seats=4)
    assert not service.tournaments.open
    with pytest.raises(NotAllowed, match="no tournament format"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, DUEL.key, "ladder")
    tid = await signed_up(service, 1)
    with pytest.raises(NotAllowed, match="already has a tournament"):
        await service.tournaments.create(GUILD, CHANNEL, HOST, DUEL.key, "swiss")
    with pytest.raises(NotAllowed, match="already joined"):
        await service.tournaments.join(tid, 1, "player1")
    with pytest.raises(NotAllowed, match="at least 2 players"):
        await service.tournaments.begin(tid)
    with pytest.raises(NotAllowed, match="have not joined"):
        await service.tournaments.leave(tid, 99)
    row = service.tournaments.open[tid]
    assert row.status == "signup" and [p.user_id for p in row.players] == [1] and not service.store.tables
    await service.tournaments.join(tid, 2, "player2")
    await service.tournaments.begin(tid)
    with pytest.raises(NotAllowed, match="sign-up is closed"):
        await service.tournaments.join(tid, 3, "player3")
    with pytest.raises(NotAllowed, match="not playing in this tournament"):
        await service.tournaments.drop(tid, 3)


async def test_a_round_robin_with_a_drop_and_a_cancel(service: TableService) -> None:
    tid = await signed_up(service, 4, "round-robin")
    row = await service.tournaments.begin(tid)
    assert row.rounds == 3
    await finish_round(service, round_tables(service, tid, 1))
    await until(lambda: len(round_tables(service, tid, 2)) == 2)
    await service.tournaments.drop(tid, 4)  # player 4 plays round 2 (already paired), then no more
    await finish_round(service, round_tables(service, tid, 2))
    await until(lambda: len([b for b in row.boards if b.round == 3]) == 2)
    third = [b for b in row.boards if b.round == 3]
    assert len(third) == 2 and all(4 not in (b.first_id, b.second_id) for b in third)
    assert [b.second_id for b in third].count(None) == 1  # player 4's opponent has a bye (worth a win)
    tables = round_tables(service, tid, 3)
    await service.tournaments.cancel(tid)
    assert tid not in service.tournaments.open and all(t not in service.store.tables for t in tables)


async def test_a_knockout_of_eight(service: TableService) -> None:
    tid = await signed_up(service, 8, "knockout")
    row = await service.tournaments.begin(tid)
    for round_number, tables in ((1, 4), (2, 2), (3, 1)):
        assert len(round_tables(service, tid, round_number)) == tables
        await finish_round(service, round_tables(service, tid, round_number))
        if tables > 1:
            await until(lambda n=round_number, k=tables // 2: len(round_tables(service, tid, n + 1)) == k)
    await until(lambda: row.status == "finished")
    assert row.status == "finished" and row.round == 3
    champion = next(b.winner_id for b in row.boards if b.round == 3)
    assert champion is not None and service.tournaments.standings(row)[0].user_id == champion


async def test_the_round_clock_ends_unfinished_tables_by_the_standing(service: TableService) -> None:
    tid = await signed_up(service, 2, rounds=1, minutes=5)
    row = await service.tournaments.begin(tid)
    assert row.round_ends_at is not None and tid in service.tournaments.clocks  # the clock is armed
    [table_id] = round_tables(service, tid, 1)
    table = service.store.get(table_id)
    assert table.game is not None
    await service.play.act(table_id, table.version, 1, str(table.game.legal_actions(0)[0]))  # one of two moves
    await service.tournaments.time_up(tid)
    await until(lambda: row.status == "finished")
    [board] = row.boards
    assert table.status == TableStatus.ABANDONED and board.done
    assert (board.first_score, board.second_score, board.winner_id) == (0, 0, None)  # nobody ahead: a draw
    assert outcome(table.game)[2] is None
    assert [line.points for line in service.tournaments.standings(row)] == [0.5, 0.5]


async def test_a_restart_mid_round_resumes_the_tournament(database: Path | str) -> None:
    first = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    await first.start()
    tid = await signed_up(first, 4, rounds=2)
    await first.tournaments.begin(tid)
    tables = round_tables(first, tid, 1)
    await finish_round(first, tables[:1])  # one table finishes before the restart...
    await until(lambda: first.tournaments.open[tid].boards[0].done and not first.tournaments.tasks)  # and saved
    await first.close()
    await first.storage.close()

    second = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    await second.start()
    try:
        row = second.tournaments.open[tid]
        await until(lambda: not second.tournaments.tasks)
        assert row.round == 1 and [b.done for b in row.boards] == [True, False]
        await finish_round(second, tables[1:])  # ...the other after it: round 2 is paired from both
        await until(lambda: len(round_tables(second, tid, 2)) == 2)
        first_round, second_round = ({frozenset((b.first_id, b.second_id)) for b in row.boards if b.round == n}
                                     for n in (1, 2))
        assert len(second_round) == 2 and not first_round & second_round  # nobody meets again
    finally:
        await second.close()
        await second.storage.close()


def test_a_table_with_no_game_is_a_draw_at_nil() -> None:
    assert outcome(None) == (0, 0, None)


async def test_a_round_clock_that_ran_out_while_the_bot_was_down_ends_the_round_at_restart(
        database: Path | str) -> None:
    first = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    await first.start()
    tid = await signed_up(first, 2, rounds=2, minutes=5)
    await first.tournaments.begin(tid)
    [table_id] = round_tables(first, tid, 1)
    await first.close()
    await first.storage.close()

    second = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    second.tournaments.clock = lambda: time.time() + 3600  # an hour later: the 5-minute clock has run out
    await second.start()
    try:
        row = second.tournaments.open[tid]
        await until(lambda: len(round_tables(second, tid, 2)) == 1)  # the clock fired by itself: round 2 is open
        [board] = [b for b in row.boards if b.round == 1]
        assert board.done and board.winner_id is None  # nobody had moved: a draw by the standing
        saved = await second.storage.tables.get(table_id)
        assert saved is not None and saved.status == "abandoned"
        assert row.round_ends_at is not None and row.round_ends_at > time.time() + 3600  # round 2 has its own clock
    finally:
        await second.close()
        await second.storage.close()
