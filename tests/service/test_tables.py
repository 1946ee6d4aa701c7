"""The table service with no Discord: lobby rules, versions, locks, computer players, timers and results."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest

from bot.storage import Storage
from bot.table import computer_levels, default_level
from bot.tables import NotAllowed, StaleClick, TableService, TableUpdate
from engine.registry import game_spec

ALICE, BOB, CAROL, DAVE = 1001, 1002, 1003, 1004


async def until(check: Callable[[], bool], timeout: float = 10.0) -> None:
    """Wait for computer players or timers to bring the table to ``check``."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("the table did not get there in time")
        await asyncio.sleep(0.005)


async def lobby(service: TableService, game: str = "block", *others: int) -> int:
    table = await service.lobbies.create_lobby(1, 10, ALICE, "alice", game)
    for user in others:
        await service.lobbies.join(table.id, user, f"user{user}")
    return table.id


async def test_lobby_seats_host_and_refuses_a_second_seat_for_one_member(service: TableService) -> None:
    tid = await lobby(service)
    with pytest.raises(NotAllowed, match="already seated"):
        await service.lobbies.join(tid, ALICE, "alice")
    await service.lobbies.join(tid, BOB, "bob")
    assert service.store.get(tid).names == ["alice", "bob"]


async def test_lobby_host_cannot_leave_and_strangers_cannot_leave(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    with pytest.raises(NotAllowed, match="host cannot leave"):
        await service.lobbies.leave(tid, ALICE)
    with pytest.raises(NotAllowed, match="not seated"):
        await service.lobbies.leave(tid, CAROL)
    await service.lobbies.leave(tid, BOB)
    assert service.store.get(tid).names == ["alice"]


async def test_lobby_only_host_adds_computers_sets_rules_and_starts(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.lobbies.add_computer(tid, BOB)
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.lobbies.set_option(tid, BOB, "target", "50")
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.lobbies.start_game(tid, service.store.get(tid).version, BOB)


async def test_lobby_full_table_refuses_join_and_computers(service: TableService) -> None:
    tid = await lobby(service, "draw")
    for _ in range(5):
        await service.lobbies.add_computer(tid, ALICE)
    assert service.store.get(tid).names[1:] == [f"Computer {n}" for n in range(1, 6)]
    with pytest.raises(NotAllowed, match="full"):
        await service.lobbies.join(tid, BOB, "bob")
    with pytest.raises(NotAllowed, match="full"):
        await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.remove_computer(tid, ALICE)
    await service.lobbies.join(tid, BOB, "bob")


async def test_lobby_start_needs_an_allowed_seat_count(service: TableService) -> None:
    tid = await lobby(service, "block")
    table = service.store.get(tid)
    assert table.start_problem() is not None
    with pytest.raises(NotAllowed, match="cannot start"):
        await service.lobbies.start_game(tid, table.version, ALICE)
    await service.lobbies.add_computer(tid, ALICE)
    assert table.start_problem() is None


async def test_lobby_house_rules_validated_against_the_registry(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    await service.lobbies.set_option(tid, ALICE, "target", "50")
    await service.lobbies.set_option(tid, ALICE, "set", 6)
    assert service.store.get(tid).row.options == {"target": 50, "set": 6}
    with pytest.raises(NotAllowed, match="cannot be"):
        await service.lobbies.set_option(tid, ALICE, "target", "7")
    with pytest.raises(NotAllowed, match="no option"):
        await service.lobbies.set_option(tid, ALICE, "spinner_of_doom", "on")


async def test_lobby_option_combination_refused_at_start_drw_5(service: TableService) -> None:
    """DRW-5: a double-six set allows at most 4 players; the lobby says so and Start is refused."""
    tid = await lobby(service, "draw", BOB, CAROL, DAVE)
    await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.set_option(tid, ALICE, "set", "6")
    assert "at most 4" in str(service.store.get(tid).start_problem() or "")


async def test_start_with_a_stale_lobby_version_changes_nothing(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    drawn = service.store.get(tid).version
    await service.lobbies.add_computer(tid, ALICE)
    with pytest.raises(StaleClick):
        await service.lobbies.start_game(tid, drawn, ALICE)
    assert service.store.get(tid).status == "lobby"


async def test_every_change_bumps_the_version_and_is_committed(service: TableService, storage: Storage) -> None:
    tid = await lobby(service, "block", BOB)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    seat = table.game.to_act[0]
    user = [ALICE, BOB][seat]
    before = table.version
    await service.play.act(tid, before, user, str(table.game.legal_actions(seat)[0]))
    row = await storage.tables.get(tid)
    assert table.version == before + 1 == row.version
    assert json.loads(row.state) == table.game.to_dict()
    assert [a.version for a in await storage.actions.for_table(tid)] == [before + 1]


async def test_spectator_and_waiting_player_change_nothing(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    waiting = [ALICE, BOB][1 - table.game.to_act[0]]
    version, state = table.version, table.game.to_dict()
    with pytest.raises(NotAllowed, match="not playing"):
        await service.play.act(tid, version, CAROL, "pass")
    with pytest.raises(NotAllowed, match="not your turn"):
        await service.play.act(tid, version, waiting, "pass")
    assert (table.version, table.game.to_dict()) == (version, state)


async def test_double_click_is_stale_and_changes_nothing(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    seat = table.game.to_act[0]
    user, version = [ALICE, BOB][seat], table.version
    move = str(table.game.legal_actions(seat)[0])
    await service.play.act(tid, version, user, move)
    if seat in table.game.to_act:  # an extra turn would make the same seat awaited again
        pytest.skip("the seat plays again")
    with pytest.raises((StaleClick, NotAllowed)):
        await service.play.act(tid, version, user, move)
    assert table.version == version + 1


async def test_concurrent_clicks_let_exactly_one_in(service: TableService, storage: Storage) -> None:
    tid = await lobby(service, "block", BOB)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    seat = table.game.to_act[0]
    user, version = [ALICE, BOB][seat], table.version
    moves = [str(a) for a in table.game.legal_actions(seat)]
    clicks = [service.play.act(tid, version, user, moves[i % len(moves)]) for i in range(6)]
    outcomes = await asyncio.gather(*clicks, return_exceptions=True)
    assert sum(not isinstance(o, BaseException) for o in outcomes) == 1
    assert all(isinstance(o, (StaleClick, NotAllowed)) for o in outcomes if isinstance(o, BaseException))
    assert table.version == version + 1
    assert len(await storage.actions.for_table(tid)) == 1


async def test_illegal_or_malformed_move_is_answered_stale(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    user = [ALICE, BOB][table.game.to_act[0]]
    for text in ("play:12-12@N/12", "nonsense", "bid:5"):
        with pytest.raises(StaleClick):
            await service.play.act(tid, table.version, user, text)


async def play_out(service: TableService, tid: int, users: dict[int, int]) -> None:
    """Play a table to its end: people take their first legal move; computers move by themselves."""
    table = service.store.get(tid)
    for _ in range(5000):
        if table.status != "playing":
            return
        humans = [s for s in table.game.to_act if s in users]
        if not humans:
            await asyncio.sleep(0.001)
            continue
        seat = humans[0]
        await service.play.act(tid, table.version, users[seat], str(table.game.legal_actions(seat)[0]))
    raise AssertionError("the game did not end")


async def test_computer_players_act_and_a_finished_match_records_results(
        service: TableService, storage: Storage, updates: list[TableUpdate]) -> None:
    tid = await lobby(service, "block")
    await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.set_option(tid, ALICE, "target", "50")
    await service.lobbies.set_option(tid, ALICE, "set", "6")
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    await play_out(service, tid, {0: ALICE})
    assert table.status == "finished" and tid not in service.store.tables
    results = await storage.results.for_table(tid)
    assert [r.name for r in results] == ["alice", "Computer 1"]
    assert sum(r.won for r in results) == 1 and results[0].score == table.game.score[0]
    actors = {a.actor for a in await storage.actions.for_table(tid)}
    assert actors == {"person", "computer"}
    assert updates[-1].kind == "finished"
    board = await storage.results.leaderboard(1, "block")
    assert [s.user_id for s in board] == [ALICE] and board[0].games == 1


async def test_simultaneous_choices_do_not_spoil_each_others_buttons(service: TableService, test_games: None) -> None:
    tid = await lobby(service, "test_pass_two", BOB, CAROL)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    drawn = table.version
    assert table.game.to_act == (0, 1, 2)
    for seat, user in enumerate((ALICE, BOB, CAROL)):
        await service.play.act(tid, drawn, user, str(table.game.legal_actions(seat)[0]))
    assert table.status == "finished"


async def test_simultaneous_choice_twice_from_the_same_seat_is_stale(service: TableService, test_games: None) -> None:
    tid = await lobby(service, "test_pass_two", BOB, CAROL)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    drawn = table.version
    await service.play.act(tid, drawn, BOB, str(table.game.legal_actions(1)[0]))
    await service.play.act(tid, drawn, CAROL, str(table.game.legal_actions(2)[0]))
    with pytest.raises(NotAllowed, match="not your turn"):
        await service.play.act(tid, drawn, BOB, str(table.game.legal_actions(0)[0]))


async def test_solo_run_lets_the_computer_play_it_out(service: TableService, test_games: None) -> None:
    tid = await lobby(service, "test_countdown")
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    await service.play.act(tid, table.version, ALICE, "draw")
    assert await service.play.set_autopilot(tid, ALICE) is True
    await until(lambda: table.status == "finished")
    assert table.game.count == 5


async def test_turn_timer_moves_for_an_absent_player(storage: Storage) -> None:
    service = TableService(storage, computer_pause=0.0, turn_time_limit=0.02)
    await service.start()
    try:
        tid = await lobby(service, "block", BOB)
        table = service.store.get(tid)
        await service.lobbies.start_game(tid, table.version, ALICE)
        start = table.version
        await until(lambda: table.version >= start + 2)
        assert {a.actor for a in await storage.actions.for_table(tid)} == {"timer"}
    finally:
        await service.close()


async def test_guild_turn_limit_overrides_the_process_setting(service: TableService, storage: Storage) -> None:
    await service.settings.set_guild_setting(1, "turn_time_limit", 0.02)
    assert (await service.settings.guild_settings(1))["turn_time_limit"] == 0.02
    tid = await lobby(service, "block", BOB)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    start = table.version
    await until(lambda: table.version > start)
    assert (await storage.actions.for_table(tid))[0].actor == "timer"


async def test_abandon_by_host_or_manager_only(service: TableService) -> None:
    tid = await lobby(service, "block", BOB)
    with pytest.raises(NotAllowed):
        await service.lobbies.abandon(tid, BOB, can_manage=False)
    await service.lobbies.abandon(tid, BOB, can_manage=True)
    assert tid not in service.store.tables


async def test_computers_awaited_after_a_person_wait_for_that_person_mug_7(
        service: TableService, test_games: None) -> None:
    """Several seats awaited at once: computer seats listed after a person wait for the person (a Muggins claim is
    the scorer's before any other seat may call), then move."""
    tid = await lobby(service, "test_pass_two")
    await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.add_computer(tid, ALICE)
    table = service.store.get(tid)
    await service.lobbies.start_game(tid, table.version, ALICE)
    assert table.game.to_act == (0, 1, 2)
    await asyncio.sleep(0.3)
    assert table.game.to_act == (0, 1, 2), "the computers did not jump ahead of the person"
    await service.play.act(tid, table.version, ALICE, str(table.game.legal_actions(0)[0]))
    await until(lambda: table.status == "finished")


async def test_computer_levels_host_only_kept_for_new_computers_and_used_in_play(
        service: TableService, storage: Storage) -> None:
    """The host chooses how strong the computers are: easy (random), normal (the game's heuristic) or strong
    (the search player); the choice is stored with each computer seat and survives a restart."""
    tid = await lobby(service, "block", BOB)
    with pytest.raises(NotAllowed, match="Add computer first"):
        await service.lobbies.set_computer_level(tid, ALICE, "strong")
    await service.lobbies.add_computer(tid, ALICE)
    table = service.store.get(tid)
    assert table.seats[2].level == "strong"  # issue 12: Strong by default where the game offers it
    before = table.version
    with pytest.raises(NotAllowed, match="host"):
        await service.lobbies.set_computer_level(tid, BOB, "easy")
    with pytest.raises(NotAllowed, match="no computer level"):
        await service.lobbies.set_computer_level(tid, ALICE, "grandmaster")
    assert table.version == before and table.seats[2].level == "strong"
    await service.lobbies.set_computer_level(tid, ALICE, "strong")
    await service.lobbies.add_computer(tid, ALICE)  # a computer added later is as strong as the others
    assert [s.level for s in table.seats if s.computer] == ["strong", "strong"]
    await service.lobbies.set_computer_level(tid, ALICE, "easy")
    stored = await storage.tables.get(tid)
    assert [s.to_dict().get("level") for s in stored.seats] == [None, None, "easy", "easy"]

    made: list[tuple[str, int, str]] = []
    real_factory = service.player_factory

    def factory(key: str, seed: int, level: str):  # type: ignore[no-untyped-def]
        made.append((key, seed, level))
        return real_factory(key, seed, level)

    service.player_factory = factory
    await service.lobbies.set_option(tid, ALICE, "set", "6")
    await service.lobbies.start_game(tid, table.version, ALICE)
    people = {0: ALICE, 1: BOB}
    for _ in range(200):  # the people move until both computers have had a turn
        if len(made) == 2 or table.game is None or table.game.is_over:
            break
        seat = table.game.to_act[0]
        if seat in people:
            await service.play.act(tid, table.version, people[seat], str(table.game.legal_actions(seat)[0]))
        else:
            await asyncio.sleep(0.01)
    assert sorted(made) == [("block", stored.seed * 16 + 2, "random"), ("block", stored.seed * 16 + 3, "random")]

    restarted = TableService(storage, computer_pause=0.0, turn_time_limit=0.0)
    await service.close()
    await restarted.start()
    try:
        assert [s.level for s in restarted.store.get(tid).seats] == ["normal", "normal", "easy", "easy"]
    finally:
        await restarted.close()


async def test_strong_computers_only_where_the_search_player_searches(service: TableService) -> None:
    """Domino Poker's Strong computers search their bets (engine/ai/poker_search.py), so Strong is offered there;
    Bingo has no search, so no Strong (nor an opponent's seat)."""
    tid = await lobby(service, "poker")
    await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.set_computer_level(tid, ALICE, "easy")
    assert service.store.get(tid).seats[1].level == "easy"
    await service.lobbies.set_computer_level(tid, ALICE, "strong")
    assert service.store.get(tid).seats[1].level == "strong"
    with pytest.raises(NotAllowed, match="no computer level 'best' for Domino Poker"):
        await service.lobbies.set_computer_level(tid, ALICE, "best")
    assert "strong" not in computer_levels(game_spec("bingo"))


async def test_bingo_personal_best_is_the_fewest_steps_to_a_win(storage: Storage) -> None:
    """The leaderboard ranks Bingo players who cleared a row by the fewest steps it took (then best score)."""
    from bot.storage import ResultRow
    from bot.tables import match_record as _steps_to_win  # the generic record the game reports (issue 15)
    from engine import new_game

    game = new_game("bingo", 1, 0)
    rng = __import__("random").Random(0)
    while not game.is_over:
        game.apply(0, rng.choice(game.legal_actions(0)))
    figures = game.result()
    assert _steps_to_win(game) == (figures["steps"] if figures["cleared"] else None)
    assert _steps_to_win(new_game("block", 2, 0)) is None  # games without steps record none

    def row(table: int, user: int, won: bool, steps: int | None, score: int) -> ResultRow:
        return ResultRow(table, 0, 1, "bingo", user, f"user{user}", False, 0, score, won, 0.0, steps)

    async with storage.db.transaction() as tx:
        for table in range(1, 6):
            await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seed, status, created_at, "
                             "updated_at) VALUES (?, 1, 1, 'bingo', 1, 0, 'finished', 0, 0)", (table,))
        await storage.results.record(tx, [row(1, ALICE, True, 140, 91), row(2, ALICE, False, None, 80),
                                          row(3, BOB, True, 95, 91), row(4, CAROL, False, None, 88),
                                          row(5, DAVE, True, 120, 91)])
    board = await storage.results.leaderboard(1, "bingo")
    assert [(s.user_id, s.wins, s.best_record) for s in board] == [
        (BOB, 1, 95), (DAVE, 1, 120), (ALICE, 1, 140), (CAROL, 0, None)]
    assert [r.record for r in await storage.results.for_table(3)] == [95]
    mine = await storage.results.member_stats(1, ALICE)
    assert [(s.game, s.games, s.best_record) for s in mine] == [("bingo", 2, 140)]


async def test_personal_bests_saved_before_the_generic_record_still_count(db_path) -> None:
    """Issue 15: a database written when results had a Bingo ``steps`` column reads right after migration 4 (the
    figure is the outcome's generic ``record`` now), and a Bingo won today records its outcome's record."""
    from bot.storage import Database
    from engine import new_game

    old = await Database.open(db_path, migrate_to=3)
    async with old.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seed, status, created_at, "
                         "updated_at) VALUES (1, 1, 1, 'bingo', 1, 0, 'finished', 0, 0)")
        await tx.execute("INSERT INTO results (table_id, seat, guild_id, game, user_id, name, computer, side, score, "
                         "won, finished_at, steps) VALUES (1, 0, 1, 'bingo', ?, 'alice', 0, 0, 91, 1, 0, 140)",
                         (ALICE,))
    await old.close()
    storage = await Storage.open(db_path)
    try:
        assert [r.record for r in await storage.results.for_table(1)] == [140]
        board = await storage.results.leaderboard(1, "bingo")
        assert [(s.user_id, s.best_record) for s in board] == [(ALICE, 140)]
    finally:
        await storage.close()
    game = new_game("bingo", 1, 0)
    rng = __import__("random").Random(0)
    while not game.is_over:
        game.apply(0, rng.choice(game.legal_actions(0)))
    figures = game.result()
    assert game.outcome is not None
    assert game.outcome.record == (figures["steps"] if figures["cleared"] else None)
    assert new_game("block", 2, 0).spec.record_name == "" and game.spec.record_name == "steps"


async def test_the_first_computer_is_strong_only_where_strong_thinks_within_the_budget(service: TableService) -> None:
    """Issue 12: Strong is the default where it meets the 200 ms budget: the line games, the trick games since
    Strong searches only their play of tricks, and Domino Poker's bets (benchmarks/README.md); Bingo has no Strong
    player, so Normal there. The host's choice of level still goes."""
    line, trick, poker = await lobby(service, "draw"), await lobby(service, "texas42"), await lobby(service, "poker")
    for tid in (line, trick, poker):
        await service.lobbies.add_computer(tid, ALICE)
    assert service.store.get(line).seats[1].level == "strong"
    assert service.store.get(trick).seats[1].level == "strong"
    assert service.store.get(poker).seats[1].level == "strong"
    assert default_level(game_spec("bingo")) == "normal"
    await service.lobbies.set_computer_level(trick, ALICE, "normal")
    assert service.store.get(trick).seats[1].level == "normal"
