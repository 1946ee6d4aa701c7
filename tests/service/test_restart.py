"""Restart from the database: running tables come back with their moves and computer players resume; a damaged
save is rebuilt from the action log, or the table is abandoned, and the service still starts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import SCHEMA_VERSION, Database, Storage
from bot.storage.schema import MIGRATIONS
from bot.tables import StaleClick, TableService, TableUpdate
from tests.service.test_tables import ALICE, BOB, lobby, play_out, until


async def opened(db_path: Path, pause: float = 0.0) -> TableService:
    """A service on the database file, started (tables reloaded)."""
    service = TableService(await Storage.open(db_path), computer_pause=pause, turn_time_limit=0.0)
    await service.start()
    return service


async def shut(service: TableService) -> None:
    """Stop the service and close its database, as a process exit would."""
    await service.close()
    await service.storage.close()


async def started_block(service: TableService, *, computer: bool) -> int:
    tid = await lobby(service, "block") if computer else await lobby(service, "block", BOB)
    if computer:
        await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.set_option(tid, ALICE, "target", "50")
    await service.lobbies.set_option(tid, ALICE, "set", "6")
    await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
    return tid


async def test_restart_reloads_a_running_table_with_no_move_lost(database: Path | str) -> None:
    first = await opened(database)
    tid = await started_block(first, computer=False)
    table = first.store.get(tid)
    for _ in range(3):
        seat = table.game.to_act[0]
        await first.play.act(tid, table.version, [ALICE, BOB][seat], str(table.game.legal_actions(seat)[0]))
    saved, version = table.game.snapshot(), table.version
    old_buttons = version - 1
    await shut(first)

    second = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    reloaded = await second.start()
    try:
        assert [t.id for t in reloaded] == [tid]
        again = second.store.get(tid)
        assert again.version == version and again.game.snapshot() == saved
        seat = again.game.to_act[0]
        with pytest.raises(StaleClick):
            await second.play.act(tid, old_buttons, [ALICE, BOB][seat], str(again.game.legal_actions(seat)[0]))
        await play_out(second, tid, {0: ALICE, 1: BOB})
        assert len(await second.storage.actions.for_table(tid)) == len(again.game.history)
    finally:
        await shut(second)


async def test_restart_resumes_computer_players(database: Path | str) -> None:
    first = await opened(database, pause=3600.0)
    tid = await started_block(first, computer=True)
    table = first.store.get(tid)
    if table.game.to_act == (0,):
        await first.play.act(tid, table.version, ALICE, str(table.game.legal_actions(0)[0]))
    assert table.game.to_act == (1,)  # the computer's turn, stuck behind an hour's pause
    version = table.version  # (read before the restart: the computer may move while the second service starts)
    await shut(first)

    second = await opened(database)
    try:
        again = second.store.get(tid)
        await until(lambda: again.version > version)
        assert (await second.storage.actions.for_table(tid))[-1].actor == "computer"
    finally:
        await shut(second)


async def damage(db_path: Path, tid: int, *, state: str, actions: bool = False) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE tables SET state=? WHERE id=?", (state, tid))
        if actions:
            conn.execute("UPDATE actions SET action='play:99-99' WHERE table_id=?", (tid,))


async def two_moves_then_stop(db_path: Path) -> tuple[int, dict[str, object]]:
    service = await opened(db_path)
    tid = await started_block(service, computer=False)
    table = service.store.get(tid)
    for _ in range(2):
        seat = table.game.to_act[0]
        await service.play.act(tid, table.version, [ALICE, BOB][seat], str(table.game.legal_actions(seat)[0]))
    snapshot = table.game.snapshot()
    await shut(service)
    return tid, snapshot


async def test_corrupt_saved_state_is_rebuilt_from_the_action_log(db_path: Path) -> None:
    tid, snapshot = await two_moves_then_stop(db_path)
    await damage(db_path, tid, state="{not json")
    service = await opened(db_path)
    try:
        assert service.store.get(tid).game.snapshot() == snapshot
    finally:
        await shut(service)


async def test_corrupt_state_and_log_abandon_the_table_and_the_service_starts(db_path: Path) -> None:
    tid, _ = await two_moves_then_stop(db_path)
    await damage(db_path, tid, state='{"format": 1, "game": "block"}', actions=True)
    storage = await Storage.open(db_path)
    service = TableService(storage, computer_pause=0.0, turn_time_limit=0.0)
    seen: list[TableUpdate] = []
    service.store.add_listener(seen.append)
    try:
        assert await service.start() == []
        row = await storage.tables.get(tid)
        assert row.status == "abandoned" and "could not be restored" in row.note
        assert [u.kind for u in seen] == ["abandoned"]
        other = await lobby(service, "block")  # the service works on
        assert service.store.get(other).status == "lobby"
    finally:
        await service.close()
        await storage.close()


async def test_migrations_bring_an_old_database_up_to_date_keeping_its_rows(db_path: Path) -> None:
    old = await Database.open(db_path, migrate_to=1)
    async with old.transaction() as tx:
        await tx.execute(
            "INSERT INTO tables (guild_id, channel_id, game, host_id, seed, status, created_at, updated_at) "
            "VALUES (1, 2, 'draw', 3, 4, 'lobby', 0, 0)")
    assert await old.schema_version() == 1
    await old.close()
    assert len(MIGRATIONS) == SCHEMA_VERSION >= 2
    storage = await Storage.open(db_path)
    try:
        assert await storage.db.schema_version() == SCHEMA_VERSION
        row = (await storage.tables.with_status("lobby"))[0]
        assert (row.game, row.autopilot) == ("draw", [])
        journal = await storage.db.fetchone("PRAGMA journal_mode")
        assert journal[0] == "wal"
    finally:
        await storage.close()


async def test_a_database_failure_undoes_the_move_in_memory(service: TableService, monkeypatch) -> None:
    tid = await started_block(service, computer=False)
    table = service.store.get(tid)
    seat = table.game.to_act[0]
    before = (table.version, table.game.snapshot())

    async def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(service.storage.actions, "append", broken)
    with pytest.raises(OSError):
        await service.play.act(tid, table.version, [ALICE, BOB][seat], str(table.game.legal_actions(seat)[0]))
    assert (table.version, table.game.snapshot()) == before


async def test_restart_redraws_tables_closed_within_the_hour(database: Path | str) -> None:
    """A restart between saving a game's end and editing its message would leave the message showing a game in
    play: the service asks once more for the final picture of every table closed in the last hour."""
    first = await opened(database)
    finished = await started_block(first, computer=False)
    await play_out(first, finished, {0: ALICE, 1: BOB})
    abandoned = await lobby(first, "draw")
    await first.lobbies.abandon(abandoned, ALICE, can_manage=False)
    long_ago = await started_block(first, computer=False)
    await first.lobbies.abandon(long_ago, ALICE, can_manage=False)
    async with first.storage.db.transaction() as tx:
        await tx.execute("UPDATE tables SET updated_at=? WHERE id=?", (1.0, long_ago))
    await shut(first)

    updates: list[TableUpdate] = []
    second = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    second.store.add_listener(updates.append)
    try:
        assert await second.start() == []  # nothing open to run
        redrawn = {u.table.id: u for u in updates}
        assert set(redrawn) == {finished, abandoned} and {u.kind for u in updates} == {"reloaded"}
        final = redrawn[finished].table
        assert final.status == "finished" and final.game is not None and final.game.is_over
        assert redrawn[abandoned].table.status == "abandoned" and redrawn[abandoned].table.game is None
        assert not second.store.tables  # closed tables are drawn, not run
    finally:
        await shut(second)
