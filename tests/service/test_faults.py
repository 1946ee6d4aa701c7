"""Faults at start and during play (issue 13): a damaged row is abandoned and every other table loads; a failed
save of a computer's move is retried and the seat is driven again; no playing table ever waits on nobody."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import bot.autoplay
from bot.settings import Settings
from bot.storage import Storage
from bot.tables import TableService
from tests.service.test_restart import opened, shut, started_block, two_moves_then_stop
from tests.service.test_tables import ALICE, BOB, lobby, until


def sql(db_path: Path, statement: str, *params: object) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(statement, params)


#: Every column of a table row, damaged: wrong shapes, wrong types (SQLite keeps whatever it is given where the
#: column's type cannot take it: text in a number column, a blob anywhere) and ids out of range.
DAMAGE: list[tuple[str, object]] = [
    ("guild_id", "abc"), ("guild_id", 1.5), ("guild_id", b"\x00"), ("guild_id", 1e30), ("guild_id", -1),
    ("channel_id", "abc"), ("channel_id", 2.5), ("message_id", "abc"), ("message_id", -5),
    ("host_id", "abc"), ("host_id", b"\x01"),
    ("game", "no-such-game"), ("game", 42), ("game", b"block"),
    ("options", "[1]"), ("options", "not json"), ("options", 42), ("options", b"{}"),
    ("seats", "[1, 2]"), ("seats", '"x"'), ("seats", '[{"name": "a", "user_id": "abc"}, {"name": "b"}]'),
    ("seats", b"[]"),
    ("seed", "abc"), ("seed", 1.5),
    ("state", '{"format": 1, "game": "block", "seats": 2, "seed": 1, "options": {}, "actions": [[0, 5]]}'),
    ("version", "abc"), ("version", 1.5), ("version", -1), ("version", b"\x07"),
    ("note", b"\x00"),
    ("autopilot", "[7]"), ("autopilot", '["a"]'), ("autopilot", "x"),
    ("created_at", "abc"), ("updated_at", "abc"), ("updated_at", b"\x00"),
]


def sharded(guild_id: int) -> bool:
    """``SHARD_COUNT=1 SHARD_IDS=0``: the shard filter runs on every row (and owns them all)."""
    return Settings(token="t", database_path=Path("x"), shard_count=1, shard_ids=(0,)).owns_guild(guild_id)


@pytest.mark.parametrize("column, value", DAMAGE)
async def test_a_damaged_row_is_abandoned_and_every_other_table_loads(db_path: Path, column: str,
                                                                      value: object) -> None:
    damaged, _ = await two_moves_then_stop(db_path)
    first = await opened(db_path)
    healthy = await started_block(first, computer=False)
    waiting = await lobby(first, "draw")
    closed = await lobby(first, "draw")  # closed within the hour: redrawn at start-up, unless damaged too
    await first.lobbies.abandon(closed, ALICE, False)
    await shut(first)
    for tid in (damaged, closed):
        sql(db_path, f"UPDATE tables SET {column}=? WHERE id=?", value, tid)
    if column == "state":  # and the action log cannot rebuild it either
        sql(db_path, "UPDATE actions SET action='play:99-99' WHERE table_id=?", damaged)

    service = TableService(await Storage.open(db_path), computer_pause=0.0, turn_time_limit=0.0, owns=sharded)
    await service.start()
    try:
        assert sorted(service.store.tables) == sorted([healthy, waiting])
        row = await service.storage.tables.get(damaged)
        assert row is not None and row.status == "abandoned" and "after a restart" in row.note
        assert (await service.storage.tables.get(closed)).status == "abandoned"
        table = service.store.get(healthy)  # and it plays on
        seat = table.game.to_act[0]
        await service.play.act(healthy, table.version, [ALICE, BOB][seat], str(table.game.legal_actions(seat)[0]))
    finally:
        await shut(service)


@pytest.mark.parametrize("value", [b"\x00", 42, 1.5, "{not json"])
async def test_a_state_of_the_wrong_type_is_rebuilt_from_the_action_log(db_path: Path, value: object) -> None:
    damaged, snapshot = await two_moves_then_stop(db_path)
    sql(db_path, "UPDATE tables SET state=? WHERE id=?", value, damaged)
    service = TableService(await Storage.open(db_path), computer_pause=0.0, turn_time_limit=0.0, owns=sharded)
    await service.start()
    try:
        assert service.store.get(damaged).game.snapshot() == snapshot
    finally:
        await shut(service)


async def test_a_failed_save_of_a_computer_move_is_retried_and_the_game_goes_on(db_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(bot.autoplay, "RETRY_BASE", 0.01)
    service = await opened(db_path)
    try:
        tid = await lobby(service, "block")
        await service.lobbies.add_computer(tid, ALICE)
        await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
        table = service.store.get(tid)
        await service.play.set_autopilot(tid, ALICE, True)  # both seats automatic: the computer drives the whole game
        real_append = service.storage.actions.append
        failures = {"left": 3}

        async def flaky(tx: object, row: object) -> None:
            if failures["left"]:
                failures["left"] -= 1
                raise OSError("database is locked")
            await real_append(tx, row)  # type: ignore[arg-type]

        monkeypatch.setattr(service.storage.actions, "append", flaky)
        start = table.version
        await until(lambda: table.version >= start + 5 or table.status != "playing")
        assert failures["left"] == 0 and table.version > start
        assert service.driver.stalled() == []
    finally:
        await shut(service)


async def test_the_watchdog_gives_a_stalled_table_its_driver_back(db_path: Path, monkeypatch) -> None:
    """The watchdog test: a playing table whose awaited seat is a computer must have a driver."""
    monkeypatch.setattr(bot.autoplay, "WATCH_SECONDS", 0.01)
    service = TableService(await Storage.open(db_path), computer_pause=3600.0, turn_time_limit=0.0)
    await service.start()
    try:
        tid = await started_block(service, computer=True)
        table = service.store.get(tid)
        if table.game.to_act == (0,):
            await service.play.act(tid, table.version, ALICE, str(table.game.legal_actions(0)[0]))
        await until(lambda: table.driver is not None)
        table.driver.cancel()  # as if the driver had died without rescheduling (no await: the watchdog can't run)
        table.driver = None
        assert service.driver.stalled() == [tid]
        await until(lambda: service.driver.stalled() == [])
        assert table.driver is not None and not table.driver.done()
    finally:
        await shut(service)


async def test_a_control_naming_another_servers_table_changes_nothing(service: TableService) -> None:
    """A click is checked against its table's server and channel, not only by discord.py's filtering."""
    from bot.table import NoSuchTable

    tid = await lobby(service, "block")  # server 1, channel 10
    service.store.check_place(tid, 1, 10)
    for guild, channel in [(2, 10), (1, 11), (None, None)]:
        with pytest.raises(NoSuchTable, match="another channel"):
            service.store.check_place(tid, guild, channel)
    service.store.check_place(999_999, 2, 10)  # a closed or unknown table is left to the control's own answer


@pytest.mark.parametrize("forged", [10**22, 2**63, -1, 0])
async def test_an_id_no_table_can_have_is_no_such_table_on_every_path(service: TableService, forged: int) -> None:
    """A forged click or option names a table id past 64 bits (or none at all): each lookup says "no such table"
    before the database is asked (which would raise OverflowError on SQLite and a DataError on PostgreSQL)."""
    from bot.table import NoSuchTable, StaleClick

    assert await service.saved_table(forged) is None
    assert await service.storage.actions.for_table(forged) == []
    assert await service.storage.results.for_table(forged) == []
    with pytest.raises(NoSuchTable):
        service.store.get(forged)
    with pytest.raises(NoSuchTable):
        await service.play.act(forged, 1, ALICE, "pass")
    with pytest.raises(StaleClick, match="Only a finished match"):
        await service.lobbies.rematch(forged, ALICE, "alice")
    service.store.check_place(forged, 1, 10)  # an unknown table is left to the control's own answer
