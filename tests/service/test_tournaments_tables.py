"""Tournaments at tables of more than two, of teams and with computer seats (issue 28) without Discord: the seating
of real games (Texas 42, Seventy-Nine, partnership Block and Muggins), a Swiss of seven at tables of three with a
bye worth ½, the same with computers in the empty seats (never in the standings, never rated), fixed and random
teams, a knockout at tables of four, the round clock, a restart in the middle of a round (SQLite and PostgreSQL),
and real Block and Texas 42 tables played out by autopilots.

The games are the pass-two game of tests/service/fake_games.py at three seats, and a partnership version of it at
four (seats 1 and 3 against 2 and 4): every seat passes two tiles and the heaviest hand's side wins."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Storage, TournamentRow
from bot.table import NotAllowed, TableStatus
from bot.tables import TableService
from bot.tournament_teams import partnership, shape
from engine import GameSpec, catalogue
from tests.service.fake_games import PassTwo
from tests.service.test_tables import until

GUILD, CHANNEL, HOST = 1, 10, 500


class Trio(PassTwo):
    """Pass Two at two to four seats, each alone."""


class PairPass(PassTwo):
    """Pass Two at four seats in two partnerships: the heaviest hand's side scores and wins."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def award(self, side: int, points: int, reason: Any, seat: int | None = None, **fields: Any) -> None:
        super().award(self.side_of(side), points, reason, seat, **fields)  # PassTwo names the seat

    def finish(self, winning_sides: Sequence[int], *args: Any, **fields: Any) -> None:
        super().finish([self.side_of(s) for s in winning_sides], *args, **fields)


TRIO = GameSpec("test_trio", "Trio (test)", (2, 3, 4), "double-six", "Pass two tiles; the heaviest hand wins.", (),
                Trio, family="trick", order=903, rig_keys=("deal",))
PAIRS = GameSpec("test_pairs", "Pairs (test)", (4,), "double-six", "Pass two tiles; the heaviest hand's side wins.",
                 (), PairPass, family="trick", order=904, rig_keys=("deal",), teams="Seats 1 and 3 against 2 and 4")


@contextmanager
def tables_games() -> Iterator[None]:
    """The three-seat and the partnership test games in the catalogue while a test runs."""
    catalogue()[TRIO.key], catalogue()[PAIRS.key] = TRIO, PAIRS
    try:
        yield
    finally:
        catalogue().pop(TRIO.key, None)
        catalogue().pop(PAIRS.key, None)


@pytest.fixture(autouse=True)
def games() -> Iterator[None]:
    with tables_games():
        yield


async def play_tables(service: TableService, tables: Sequence[int]) -> None:
    """Every member seated at these tables makes their one move (computers move by themselves)."""
    for tid in tables:
        table = service.store.get(tid)
        for seat, sitting in enumerate(table.seats):
            if sitting.user_id is not None and table.game is not None and seat in table.game.to_act:
                await service.play.act(tid, table.version, sitting.user_id, str(table.game.legal_actions(seat)[0]))


async def next_round(service: TableService, row: TournamentRow, played: int) -> None:
    """Wait until the round after ``played`` is open with all its tables (the scoring task that opens them is
    done), or the tournament is over."""
    await until(lambda: (row.round > played or row.status == "finished") and not service.tournaments.tasks)


def round_tables(row: TournamentRow, round_number: int) -> list[int]:
    return [b.table_id for b in row.boards if b.round == round_number and b.table_id is not None]


def expected_points(row: TournamentRow, bye: float) -> dict[int, float]:
    """Match points from the boards, apart from bot/tables_pairing.py: at a table, 1 for each other side one
    placed ahead of and ½ for each placed level with, over the sides less one; a bye ``bye``."""
    points: dict[int, float] = {}
    for board in (b for b in row.boards if b.done):
        if not board.lineup:
            points[board.first_id] = points.get(board.first_id, 0.0) + bye
            continue
        side_place = {s.side: s.place for s in board.lineup}
        for sitter in board.lineup:
            if sitter.competitor is None:
                continue
            others = [p for side, p in side_place.items() if side != sitter.side]
            won = sum(1.0 if sitter.place < p else 0.5 if sitter.place == p else 0.0 for p in others)
            points[sitter.competitor] = points.get(sitter.competitor, 0.0) + won / len(others)
    return points


def test_real_games_are_seated_as_their_rules_say() -> None:
    texas = shape("texas42", None, "fixed")
    assert (texas.seats, texas.sides, texas.options, texas.per_table, texas.team_size) == (
        4, ((0, 2), (1, 3)), {}, 2, 2)
    seventy_nine = shape("seventy_nine", None, "random")
    assert (seventy_nine.seats, seventy_nine.team_size, seventy_nine.per_table) == (6, 3, 2)
    block = shape("block", None, "fixed")
    assert (block.seats, block.options, block.team_size) == (4, {"partners": True}, 2)
    assert partnership("muggins") is not None and partnership("muggins").options == {"muggins_partners": True}
    euchre = shape("euchre", None, "fixed")
    assert (euchre.seats, euchre.options) == (4, {})
    assert partnership("bergen") is None and partnership("matador") is None
    individuals = shape("texas42", None, "")  # without partners: four individuals, scored by their side
    assert (individuals.seats, individuals.per_table, individuals.teams) == (4, 4, False)
    assert (shape("block", None, "").seats, shape("block", 4, "").smallest, shape("black_tile", 4, "").smallest) == (
        2, 2, 3)


async def test_a_partnership_block_table_is_opened_with_its_house_rule(service: TableService) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, "block", "swiss", 1, partners="random")
    for user in range(1, 5):
        await service.tournaments.join(row.id, user, f"player{user}")
    await service.tournaments.begin(row.id)
    [tid] = round_tables(row, 1)
    table = service.store.get(tid)
    assert table.row.options == {"partners": True} and table.game is not None and table.game.sides == ((0, 2), (1, 3))
    teams = {p.user_id: p.team for p in row.players}
    seats = [s.user_id for s in table.seats]
    assert teams[seats[0]] == teams[seats[2]] != teams[seats[1]] == teams[seats[3]]  # partners face each other
    await service.tournaments.cancel(row.id)


async def test_a_swiss_of_seven_at_tables_of_three_with_byes_worth_a_half(service: TableService,
                                                                          storage: Storage) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, TRIO.key, "swiss", 3, seats=3)
    for user in range(1, 8):
        await service.tournaments.join(row.id, user, f"player{user}")
    await service.tournaments.begin(row.id)
    for round_number in (1, 2, 3):
        tables = round_tables(row, round_number)
        assert len(tables) == 2 and all(len(service.store.get(t).seats) == 3 for t in tables)
        await play_tables(service, tables)
        await next_round(service, row, round_number)
    byes = [b.first_id for b in row.boards if not b.lineup]
    assert len(byes) == 3 and len(set(byes)) == 3  # one a round, never twice
    lines = service.tournaments.standings(row)
    expected = expected_points(row, 0.5)
    assert {line.user_id: line.points for line in lines} == pytest.approx(expected)
    assert sum(expected.values()) == pytest.approx(6 * 1.5 + 3 * 0.5)  # a table of three gives 1 + ¼ + ¼
    assert [line.points for line in lines] == sorted(expected.values(), reverse=True)
    saved = await storage.tournaments.get(row.id)
    assert saved is not None and saved.status == "finished" and saved.setup.seats == 3
    assert saved.boards == sorted(row.boards, key=lambda b: (b.round, b.board))  # lineups kept as they were


async def test_computers_fill_empty_seats_and_are_never_ranked(service: TableService) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, TRIO.key, "swiss", 2, seats=3, computers=True)
    for user in range(1, 8):
        await service.tournaments.join(row.id, user, f"player{user}")
    await service.tournaments.begin(row.id)
    for round_number in (1, 2):
        tables = [service.store.get(t) for t in round_tables(row, round_number)]
        assert len(tables) == 3 and not [b for b in row.boards if b.round == round_number and not b.lineup]
        assert sorted(sum(s.computer for s in t.seats) for t in tables) == [0, 1, 1]  # 7 members, 2 computers
        assert all(not s.ranked for t in tables for s in t.seats if s.computer)
        await play_tables(service, [t.id for t in tables])
        await next_round(service, row, round_number)
    lines = service.tournaments.standings(row)
    assert sorted(line.user_id for line in lines) == list(range(1, 8))  # computers have no line
    assert {line.user_id: line.points for line in lines} == pytest.approx(expected_points(row, 0.5))
    ratings = await service.ratings.of_game(GUILD, TRIO.key)
    assert ratings and not [key for key in ratings if key.startswith("computer:")]


async def test_fixed_teams_with_members_who_joined_alone_drawn_into_teams(service: TableService) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, PAIRS.key, "swiss", 2, partners="fixed")
    await service.tournaments.join_team(row.id, [(1, "ann"), (2, "ben")])
    await service.tournaments.join_team(row.id, [(3, "cat"), (4, "dan")])
    with pytest.raises(NotAllowed, match="already in a team"):
        await service.tournaments.join_team(row.id, [(5, "eve"), (1, "ann")])
    with pytest.raises(NotAllowed, match="other than yourself"):
        await service.tournaments.join_team(row.id, [(5, "eve"), (5, "eve")])
    for user, name in ((5, "eve"), (6, "fay"), (7, "gus")):
        await service.tournaments.join(row.id, user, name)
    with pytest.raises(NotAllowed, match="Teams are of 2: 1 players have no whole team"):
        await service.tournaments.begin(row.id)
    assert row.status == "signup" and [p.team for p in row.players] == [1, 1, 2, 2, 0, 0, 0]  # nothing changed
    await service.tournaments.join(row.id, 8, "hal")
    await service.tournaments.begin(row.id)
    teams = {p.user_id: p.team for p in row.players}
    assert teams[1] == teams[2] and teams[3] == teams[4] and teams[1] != teams[3] and len(set(teams.values())) == 4
    for round_number in (1, 2):
        tables = round_tables(row, round_number)
        assert len(tables) == 2
        for tid in tables:
            seats = [s.user_id for s in service.store.get(tid).seats]
            assert teams[seats[0]] == teams[seats[2]] and teams[seats[1]] == teams[seats[3]]
        await play_tables(service, tables)
        await next_round(service, row, round_number)
    lines = service.tournaments.standings(row)
    assert sorted(line.user_id for line in lines) == [1, 2, 3, 4]  # the teams, by number
    boards = [b for b in row.boards if b.done]
    assert all(not b.lineup and b.second_id is not None for b in boards)  # two teams a table: pairs of teams
    wins = {t: sum(b.winner_id == t for b in boards) for t in (1, 2, 3, 4)}
    assert {line.user_id: line.points for line in lines} == {
        t: wins[t] + 0.5 * sum(b.winner_id is None and t in (b.first_id, b.second_id) for b in boards)
        for t in (1, 2, 3, 4)}


async def test_a_restart_mid_round_keeps_a_table_of_three(database: Path | str) -> None:
    first = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    await first.start()
    row = await first.tournaments.create(GUILD, CHANNEL, HOST, TRIO.key, "swiss", 2, seats=3, computers=True)
    for user in range(1, 6):
        await first.tournaments.join(row.id, user, f"player{user}")
    await first.tournaments.begin(row.id)
    tables = round_tables(row, 1)
    assert len(tables) == 2
    await play_tables(first, tables[:1])
    await until(lambda: first.tournaments.open[row.id].boards[0].done and not first.tournaments.tasks)
    await first.close()
    await first.storage.close()

    second = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    await second.start()
    try:
        again = second.tournaments.open[row.id]
        await until(lambda: not second.tournaments.tasks)
        assert again.round == 1 and [b.done for b in again.boards] == [True, False] and again.setup.computers
        assert [s.place for s in again.boards[0].lineup if s.place] and again.boards[0].lineup[0].competitor
        await play_tables(second, tables[1:])
        await until(lambda: len(round_tables(again, 2)) == 2)
        assert second.store.get(round_tables(again, 2)[0]).status == TableStatus.PLAYING
    finally:
        await second.close()
        await second.storage.close()


async def test_a_knockout_of_eight_at_tables_of_four_ranks_by_the_bracket(service: TableService) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, TRIO.key, "knockout", seats=4)
    for user in range(1, 9):
        await service.tournaments.join(row.id, user, f"player{user}")
    await service.tournaments.begin(row.id)
    assert row.rounds == 2  # two tables of four, their top two to a final of four
    first = round_tables(row, 1)
    assert len(first) == 2 and all(len(service.store.get(t).seats) == 4 for t in first)
    await play_tables(service, first)
    await next_round(service, row, 1)
    round_one = [b for b in row.boards if b.round == 1]
    through = sorted(s.competitor for b in round_one  # the top two of each table; level places: the better seed
                     for s in sorted(b.lineup, key=lambda s: (s.place, s.competitor))[:2] if s.competitor is not None)
    [final] = [b for b in row.boards if b.round == 2]
    assert sorted(s.competitor for s in final.lineup if s.competitor is not None) == through
    await play_tables(service, round_tables(row, 2))
    await next_round(service, row, 2)
    assert row.status == "finished"
    [final] = [b for b in row.boards if b.round == 2]
    by_place = [s.competitor for s in sorted(final.lineup, key=lambda s: s.place)]
    lines = service.tournaments.standings(row)
    assert lines[0].user_id == by_place[0]  # the champion, then the rest of the final, then the first round's out
    assert {line.user_id for line in lines[:4]} == set(through)
    assert {line.user_id for line in lines[4:]} == set(range(1, 9)) - set(through)


async def test_a_fixed_team_short_of_a_member_is_made_whole_at_the_start(service: TableService) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, PAIRS.key, "swiss", 1, partners="fixed")
    await service.tournaments.join_team(row.id, [(1, "ann"), (2, "ben")])
    await service.tournaments.drop(row.id, 2)  # ann's partner leaves before the start: ann keeps her team
    for user, name in ((3, "cat"), (4, "dan"), (5, "eve")):
        await service.tournaments.join(row.id, user, name)
    await service.tournaments.begin(row.id)
    teams = {p.user_id: p.team for p in row.players}
    assert len([u for u in teams if teams[u] == teams[1]]) == 2 and len(set(teams.values())) == 2
    [tid] = round_tables(row, 1)
    assert sorted(s.user_id for s in service.store.get(tid).seats if s.user_id is not None) == [1, 3, 4, 5]
    await service.tournaments.cancel(row.id)


async def test_the_round_clock_places_an_unfinished_table_of_three_by_its_score(service: TableService) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, TRIO.key, "swiss", 1, 5, seats=3)
    for user in range(1, 4):
        await service.tournaments.join(row.id, user, f"player{user}")
    await service.tournaments.begin(row.id)
    [tid] = round_tables(row, 1)
    table = service.store.get(tid)
    assert table.game is not None and row.round_ends_at is not None
    await service.play.act(tid, table.version, 1, str(table.game.legal_actions(0)[0]))  # one move of three
    await service.tournaments.time_up(row.id)
    await until(lambda: row.status == "finished")
    [board] = row.boards
    assert table.status == TableStatus.ABANDONED and [s.place for s in board.lineup] == [1, 1, 1]  # all level at 0
    assert [line.points for line in service.tournaments.standings(row)] == [0.5, 0.5, 0.5]


async def test_a_real_block_table_of_three_played_out_by_its_autopilots(service: TableService) -> None:
    """A real game end to end: Block at a table of three, two members on autopilot and a computer in the third
    seat; the finished match places the table, and the computer is not in the standings."""
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, "block", "swiss", 1, seats=3, computers=True)
    for user in (1, 2):
        await service.tournaments.join(row.id, user, f"player{user}")
    await service.tournaments.begin(row.id)
    [tid] = round_tables(row, 1)
    table = service.store.get(tid)
    assert [s.computer for s in table.seats] == [False, False, True]
    for user in (1, 2):
        await service.play.set_autopilot(tid, user, True)
    await until(lambda: row.status == "finished", timeout=120.0)
    [board] = row.boards
    assert table.game is not None and table.game.is_over
    winners = {table.game.side_of(s) for s in table.game.winner}
    assert {s.side for s in board.lineup if s.place == 1} == winners
    assert [s.score for s in board.lineup] == list(table.game.score)
    assert sorted(line.user_id for line in service.tournaments.standings(row)) == [1, 2]


async def test_a_real_texas_42_team_match_played_out_by_its_autopilots(service: TableService) -> None:
    """Texas 42 with random teams, end to end: the four members on autopilot; the winning team is the board's."""
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, "texas42", "swiss", 1, partners="random")
    for user in (1, 2, 3, 4):
        await service.tournaments.join(row.id, user, f"player{user}")
    await service.tournaments.begin(row.id)
    [tid] = round_tables(row, 1)
    table = service.store.get(tid)
    for user in (1, 2, 3, 4):
        await service.play.set_autopilot(tid, user, True)
    await until(lambda: row.status == "finished", timeout=300.0)
    [board] = row.boards
    assert table.game is not None and table.game.is_over
    team = {p.user_id: p.team for p in row.players}
    winners = {team[table.seats[s].user_id] for s in table.game.winner}  # type: ignore[index]
    assert winners == {board.winner_id} and {board.first_id, board.second_id} == {1, 2}
    assert service.tournaments.standings(row)[0].user_id == board.winner_id


async def test_one_team_is_not_a_tournament_and_its_refusal_keeps_the_team(service: TableService) -> None:
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, PAIRS.key, "swiss", partners="fixed")
    await service.tournaments.join_team(row.id, [(1, "ann"), (2, "ben")])
    with pytest.raises(NotAllowed, match="at least 2 teams"):
        await service.tournaments.begin(row.id)
    assert row.status == "signup" and [p.team for p in row.players] == [1, 1] and not service.store.tables
    with pytest.raises(NotAllowed, match="no fixed teams"):
        other = await service.tournaments.create(GUILD, CHANNEL + 1, HOST, PAIRS.key, "swiss", partners="random")
        await service.tournaments.join_team(other.id, [(3, "cat"), (4, "dan")])
    await service.tournaments.leave(row.id, 2)  # ben leaves: ann stays, without a team
    assert [(p.user_id, p.team) for p in row.players] == [(1, 0)]
