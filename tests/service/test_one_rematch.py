"""Issue 25, finding 7 (rematch): one rematch per finished table is the database's rule, not a process's memory,
whichever process asks (two processes misconfigured onto one shard); links kept in ``meta`` before migration 6 are
carried over; and a Rematch pressed in another server or channel is refused and opens nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.storage import Database, Storage, TableRow
from bot.table import NoSuchTable
from bot.tables import StaleClick, TableService
from tests.service.test_rematch import finished_table
from tests.service.test_tables import ALICE, BOB


async def test_two_processes_pressing_at_once_open_one_rematch(database: Path | str) -> None:
    first, second = await Storage.open(database), await Storage.open(database)
    one = TableService(first, computer_pause=0.0, turn_time_limit=0.0)
    two = TableService(second, computer_pause=0.0, turn_time_limit=0.0)
    try:
        old = await finished_table(first)
        outcomes = await asyncio.gather(one.lobbies.rematch(old, ALICE, "alice"), two.lobbies.rematch(old, BOB, "bob"),
                                        return_exceptions=True)
        opened = [o for o in outcomes if isinstance(o, tuple) and o[1]]
        assert len(opened) == 1
        lobby = opened[0][0]
        rows = await first.db.fetchall("SELECT id FROM tables WHERE rematch_of=?", (old,))
        assert [r["id"] for r in rows] == [lobby.id]
        other = next(o for o in outcomes if not (isinstance(o, tuple) and o[1]))
        assert isinstance(other, StaleClick) and f"table #{lobby.id}" in str(other)  # told where it is
        assert sum(lobby.id in s.store.tables for s in (one, two)) == 1
    finally:
        for service in (one, two):
            await service.close()
            await service.storage.close()


async def test_the_database_refuses_a_second_rematch_of_one_table(storage: Storage) -> None:
    old = await finished_table(storage)
    row = TableRow(guild_id=1, channel_id=10, game="block", host_id=ALICE, seed=1, version=1)
    first = await storage.tables.create_rematch(row, old)
    assert first is not None
    again = TableRow(guild_id=1, channel_id=10, game="block", host_id=BOB, seed=2, version=1)
    assert await storage.tables.create_rematch(again, old) is None
    assert await storage.tables.rematch_of(old) == first.id
    assert len(await storage.tables.with_status("lobby")) == 1


async def test_a_rematch_pressed_in_another_server_or_channel_is_refused(service: TableService,
                                                                         storage: Storage) -> None:
    old = await finished_table(storage)  # server 1, channel 10
    for guild, channel in [(2, 10), (1, 11)]:
        with pytest.raises(NoSuchTable, match="another channel"):
            await service.lobbies.rematch(old, ALICE, "alice", guild, channel)
    assert service.store.tables == {} and await storage.tables.rematch_of(old) is None
    table, opened = await service.lobbies.rematch(old, ALICE, "alice", 1, 10)
    assert opened and (table.row.guild_id, table.row.channel_id) == (1, 10)


async def test_rematch_links_kept_in_meta_are_carried_over(db_path: Path) -> None:
    old = await Database.open(db_path, migrate_to=4)
    async with old.transaction() as tx:
        for status in ("finished", "lobby"):
            await tx.execute("INSERT INTO tables (guild_id, channel_id, game, host_id, seed, status, created_at, "
                             "updated_at) VALUES (1, 10, 'block', 3, 4, ?, 0, 0)", (status,))
        await tx.execute("INSERT INTO meta (key, value) VALUES ('rematch:1', '2')")
    await old.close()
    storage = await Storage.open(db_path)
    try:
        assert await storage.tables.rematch_of(1) == 2
        assert await storage.tables.create_rematch(
            TableRow(guild_id=1, channel_id=10, game="block", host_id=3, seed=5), 1) is None
    finally:
        await storage.close()
