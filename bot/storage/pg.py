"""The PostgreSQL connection (asyncpg), with the same surface as the SQLite one in ``db.py``.

``DATABASE_URL=postgresql://...`` selects it, so several bot processes (shards) can share one database and its
leaderboards (ARCHITECTURE.md, "Scale"). The repositories' SQL is written once, with ``?`` placeholders, and runs
on both: this module numbers the placeholders (``$1``, ``$2`` ...) for PostgreSQL. The schema has its own migration
list for PostgreSQL (``schema.PG_MIGRATIONS``, one per SQLite migration), and its version is kept in the
``schema_version`` table instead of ``PRAGMA user_version``.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.settings import safe_url
from bot.storage.db import migrate, ready
from bot.storage.schema import PG_MIGRATIONS, SCHEMA_VERSION

log = logging.getLogger(__name__)
_PLACEHOLDER = re.compile(r"\?")


def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2, ...`` (the repositories never put ``?`` inside a literal)."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


class PgTx:
    """The statements of one open transaction."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement (returns 0: use :meth:`insert` for a new row's id)."""
        await self.conn.execute(numbered(sql), *tuple(params))
        return 0

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one INSERT and return the ``id`` of the row it made."""
        value = await self.conn.fetchval(numbered(sql) + " RETURNING id", *tuple(params))
        return int(value)

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one statement for each row of parameters."""
        await self.conn.executemany(numbered(sql), [tuple(r) for r in rows])


class PgDatabase:
    """One asyncpg connection shared by the process, one transaction at a time (as the SQLite database)."""

    def __init__(self, conn: asyncpg.Connection, url: str) -> None:
        self.conn = conn
        self.path = safe_url(url)  # how the database is named in logs: never with its password
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, url: str, *, migrate_to: int = SCHEMA_VERSION) -> PgDatabase:
        """Connect and bring the schema up to ``migrate_to``."""
        return await ready(cls(await asyncpg.connect(url), url), migrate_to)

    async def _setup(self) -> None:
        """Nothing to set on a new connection."""

    async def schema_version(self) -> int:
        """How many migrations this database has."""
        async with self._lock:
            await self.conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            value = await self.conn.fetchval("SELECT MAX(version) FROM schema_version")
        return int(value or 0)

    async def migrate(self, target: int = SCHEMA_VERSION) -> int:
        """Apply the migrations this database lacks, each in its own transaction; returns the new version."""
        return await migrate(self, PG_MIGRATIONS, target, "INSERT INTO schema_version (version) VALUES ({number})")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgTx]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock, self.conn.transaction():
            yield PgTx(self.conn)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        """Every row of a query."""
        async with self._lock:
            return list(await self.conn.fetch(numbered(sql), *tuple(params)))

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> asyncpg.Record | None:
        """The first row of a query, or None."""
        async with self._lock:
            row: asyncpg.Record | None = await self.conn.fetchrow(numbered(sql), *tuple(params))
            return row

    async def close(self) -> None:
        """Close the connection."""
        async with self._lock:
            await self.conn.close()
