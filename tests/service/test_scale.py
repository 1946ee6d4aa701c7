"""Several processes on one database (issue 13): each keeps only its shards' tables, every write is conditional on
the version it read (a lost race reloads the table), PostgreSQL reconnects after a restart, and migrations of two
processes starting together are serialised."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.settings import Settings, SettingsError
from bot.storage import Storage, StorageUnavailable
from bot.tables import StaleClick, TableService
from tests.service.pg_server import restart
from tests.service.test_tables import ALICE, BOB

GUILD_ON_SHARD_0 = 2 << 22  # (guild_id >> 22) % 2 == 0 (0 is no id: a stored 0 reads as damage)
GUILD_ON_SHARD_1 = 1 << 22


def test_shard_settings_are_validated_and_decide_which_servers_a_process_owns() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2", "SHARD_IDS": "1"})
    assert (settings.shard_count, settings.shard_ids) == (2, (1,))
    assert settings.owns_guild(GUILD_ON_SHARD_1) and not settings.owns_guild(GUILD_ON_SHARD_0)
    assert Settings.from_env({"DISCORD_TOKEN": "t"}).owns_guild(GUILD_ON_SHARD_0)
    assert Settings.from_env({"DISCORD_TOKEN": "t", "SHARD_COUNT": "2"}).shard_ids == (0, 1)
    for bad in ({"SHARD_IDS": "0"}, {"SHARD_COUNT": "0"}, {"SHARD_COUNT": "2", "SHARD_IDS": "2"},
                {"SHARD_COUNT": "2", "SHARD_IDS": "0,0"}, {"SHARD_COUNT": "x"}):
        with pytest.raises(SettingsError, match="SHARD"):
            Settings.from_env({"DISCORD_TOKEN": "t", **bad})


async def service_for(database: Path | str, shards: tuple[int, ...] | None) -> TableService:
    owns = None if shards is None else (lambda guild: (guild >> 22) % 2 in shards)
    service = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0, owns=owns)
    await service.start()
    return service


async def shut(service: TableService) -> None:
    await service.close()
    await service.storage.close()


async def two_player_game(service: TableService, guild: int) -> int:
    table = await service.lobbies.create_lobby(guild, 10, ALICE, "alice", "block")
    await service.lobbies.join(table.id, BOB, "bob")
    await service.lobbies.start_game(table.id, service.store.get(table.id).version, ALICE)
    return table.id


async def move(service: TableService, tid: int) -> None:
    table = service.store.get(tid)
    seat = table.game.to_act[0]
    await service.play.act(tid, table.version, [ALICE, BOB][seat], str(table.game.legal_actions(seat)[0]))


async def test_each_process_loads_only_its_own_shards_tables(database: Path | str) -> None:
    setup = await service_for(database, None)
    mine, theirs = await two_player_game(setup, GUILD_ON_SHARD_0), await two_player_game(setup, GUILD_ON_SHARD_1)
    await shut(setup)
    first, second = await service_for(database, (0,)), await service_for(database, (1,))
    try:
        assert list(first.store.tables) == [mine] and list(second.store.tables) == [theirs]
        await move(first, mine)
        await move(second, theirs)
    finally:
        await shut(first)
        await shut(second)


async def test_a_write_on_a_stale_version_is_refused_and_the_table_is_read_again(database: Path | str) -> None:
    """Two processes holding the same table (a misconfiguration, or a hand-over): the one that lost the race does
    not overwrite the other's move, and reloads instead of staying stale."""
    first, second = await service_for(database, None), None
    try:
        tid = await two_player_game(first, GUILD_ON_SHARD_0)
        second = await service_for(database, None)
        await move(first, tid)  # second's copy is now one version behind
        stale = second.store.get(tid)
        behind = stale.version
        with pytest.raises(StaleClick, match="changed elsewhere"):
            await move(second, tid)
        assert stale.version == behind + 1 and stale.game.snapshot() == first.store.get(tid).game.snapshot()
        await move(second, tid)  # now current, it plays on
        rows = await first.storage.actions.for_table(tid)
        assert [r.version for r in rows] == list(range(rows[0].version, rows[0].version + len(rows)))
    finally:
        await shut(first)
        if second is not None:
            await shut(second)


async def test_postgresql_restart_costs_only_the_moves_in_flight(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    await conn.close()
    service = await service_for(postgres_url, None)
    try:
        tid = await two_player_game(service, GUILD_ON_SHARD_0)
        await move(service, tid)
        restart(postgres_url)
        table = service.store.get(tid)
        before = (table.version, table.game.snapshot())
        try:
            await move(service, tid)  # the pool's connections died with the server: a clear "try again"
        except StorageUnavailable as refused:
            assert "try again" in str(refused).lower()
            assert (table.version, table.game.snapshot()) == before
        await move(service, tid)  # and the next one goes through on a new connection
        assert table.version >= before[0] + 1
        assert len(await service.storage.actions.for_table(tid)) == len(table.game.history)
    finally:
        await shut(service)


async def test_two_processes_migrating_an_empty_database_at_once_both_start(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    await conn.close()
    stores = await asyncio.gather(*(Storage.open(postgres_url) for _ in range(3)))
    try:
        versions = [await s.db.schema_version() for s in stores]
        assert len(set(versions)) == 1
        conn = await asyncpg.connect(postgres_url)
        marks = await conn.fetch("SELECT version FROM schema_version ORDER BY version")
        await conn.close()
        assert [r["version"] for r in marks] == list(range(1, versions[0] + 1))  # each migration ran once
    finally:
        for store in stores:
            await store.close()


async def test_grouped_writes_commit_together_and_a_lost_race_undoes_only_itself(database: Path | str) -> None:
    """Group commit on SQLite (a pooled transaction each on PostgreSQL): writes of many tables arriving at once are
    all committed, and the one on a stale version is refused without undoing the others."""
    from bot.storage import Batch, VersionConflict

    service = await service_for(database, None)
    try:
        tids = [(await service.lobbies.create_lobby(GUILD_ON_SHARD_0, 10, ALICE, "alice", "block")).id
                for _ in range(20)]
        storage = service.storage

        async def bump(tid: int, read_version: int) -> None:
            row = await storage.tables.get(tid)
            row.note = f"bumped {tid}"
            row.version = read_version + 1
            write = Batch()
            await storage.tables.save(write, row, read_version=read_version)
            await storage.db.write(write.statements)

        outcomes = await asyncio.gather(*(bump(tid, 1 if tid != tids[7] else 99) for tid in tids),
                                        return_exceptions=True)
        assert [type(o).__name__ for o in outcomes].count("VersionConflict") == 1
        assert isinstance(outcomes[7], VersionConflict)
        rows = [await storage.tables.get(tid) for tid in tids]
        assert [r.note == f"bumped {r.id}" for r in rows] == [tid != tids[7] for tid in tids]
    finally:
        await shut(service)
