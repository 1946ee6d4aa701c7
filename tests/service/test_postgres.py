"""PostgreSQL storage (``DATABASE_URL=postgresql://...``): the same repositories and table service as SQLite (the
service and restart tests run on both through the ``database`` fixture); here, what is PostgreSQL's own."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.settings import Settings, SettingsError
from bot.storage import SCHEMA_VERSION, Storage
from bot.storage.pg import PgDatabase, numbered, safe_url
from bot.storage.schema import MIGRATIONS, PG_MIGRATIONS


def test_placeholders_are_numbered_in_order() -> None:
    assert numbered("SELECT a FROM t WHERE b=? AND c IN (?, ?)") == "SELECT a FROM t WHERE b=$1 AND c IN ($2, $3)"
    assert numbered("SELECT 1") == "SELECT 1"


def test_a_password_never_shows() -> None:
    url = "postgresql://hall:s3cret-word@db.example:5433/hall?sslmode=require"
    assert safe_url(url) == "postgresql://hall:***@db.example:5433/hall?sslmode=require"
    assert safe_url("postgresql://postgres@127.0.0.1/hall") == "postgresql://postgres@127.0.0.1/hall"
    settings = Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": url})
    assert settings.database_path == url
    assert "s3cret" not in settings.database_label and "s3cret" not in repr(settings)
    with pytest.raises(SettingsError, match="DATABASE_URL"):
        Settings.from_env({"DISCORD_TOKEN": "t", "DATABASE_URL": "postgresql://"})


def test_every_migration_has_its_postgresql_twin() -> None:
    assert len(PG_MIGRATIONS) == len(MIGRATIONS) == SCHEMA_VERSION


async def _pg_columns(url: str) -> dict[str, list[str]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT table_name, column_name FROM information_schema.columns "
                                "WHERE table_schema='public' AND table_name <> 'schema_version' "
                                "ORDER BY table_name, ordinal_position")
    finally:
        await conn.close()
    columns: dict[str, list[str]] = {}
    for row in rows:
        columns.setdefault(row["table_name"], []).append(row["column_name"])
    return columns


def _sqlite_columns(path: Path) -> dict[str, list[str]]:
    with sqlite3.connect(path) as conn:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table' "
                                             "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {t: [c[1] for c in conn.execute(f"PRAGMA table_info({t})")] for t in tables}


async def test_both_schemas_have_the_same_tables_and_columns(postgres_url: str, db_path: Path) -> None:
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    await conn.close()
    for target in (postgres_url, db_path):
        await (await Storage.open(target)).close()
    assert await _pg_columns(postgres_url) == _sqlite_columns(db_path)


async def test_an_old_postgresql_database_is_migrated_keeping_its_rows(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    await conn.close()
    old = await PgDatabase.open(postgres_url, migrate_to=1)
    async with old.transaction() as tx:
        made = await tx.insert(
            "INSERT INTO tables (guild_id, channel_id, game, host_id, seed, status, created_at, updated_at) "
            "VALUES (?, ?, 'draw', ?, ?, 'lobby', 0, 0)", (1, 2, 2**62, 4))
    assert await old.schema_version() == 1 and made == 1
    await old.close()
    storage = await Storage.open(postgres_url)
    try:
        assert await storage.db.schema_version() == SCHEMA_VERSION
        row = (await storage.tables.with_status("lobby"))[0]
        assert (row.id, row.game, row.host_id, row.autopilot) == (1, "draw", 2**62, [])  # 64-bit Discord ids
    finally:
        await storage.close()


async def test_a_failed_transaction_leaves_nothing(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    await conn.close()
    storage = await Storage.open(postgres_url)
    try:
        with pytest.raises(RuntimeError):
            async with storage.db.transaction() as tx:
                await tx.execute("INSERT INTO meta (key, value) VALUES (?, ?)", ("a", "1"))
                raise RuntimeError("the move failed half way")
        assert await storage.meta.get("a") is None
        await storage.meta.set("a", "2")
        assert await storage.meta.get("a") == "2"
    finally:
        await storage.close()
