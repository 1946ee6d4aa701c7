"""The PostgreSQL connection (asyncpg), with the same surface as the SQLite one in ``db.py``.

``DATABASE_URL=postgresql://...`` selects it, so several bot processes (shards) can share one database and its
leaderboards (ARCHITECTURE.md, "Scale"). The repositories' SQL is written once, with ``?`` placeholders, and runs
on both: this module numbers the placeholders (``$1``, ``$2`` ...) for PostgreSQL. The schema has its own migration
list for PostgreSQL (``schema.PG_MIGRATIONS``, one per SQLite migration, written in PostgreSQL's own types), and its
version is kept in the ``schema_version`` table instead of ``PRAGMA user_version``.

Several processes share one database: connections come from an asyncpg pool, so a database restart costs only the
statements in flight (they raise :class:`StorageUnavailable`, "try again"; the pool connects anew for the next
ones), and migrations run under an advisory lock, so two processes starting together never migrate twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.settings import safe_url
from bot.storage.db import CommitUnknown, Statement, StorageUnavailable, VersionConflict, migrate, ready
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


#: The advisory lock key that serialises migrations across processes (any constant; "DHMIGRAT" in ASCII).
MIGRATION_LOCK = 0x44484D4947524154
#: Connections per process: a few transactions of different tables at once, and one for the migration lock.
POOL_SIZE = 4
#: How long closing the pool may wait for its connections' goodbye.
CLOSE_SECONDS = 0.5
#: What a lost, refused or broken connection raises in asyncpg: the server's connection errors (class 08), its
#: shutdowns and restarts (class 57: admin and crash shutdown, cannot connect now, a query cancelled by them), its
#: lack of resources (class 53: too many clients), a standby that became read-only in a fail-over; the client's own
#: interface and protocol errors (a connection closed under it, "cannot switch to state 15"); and the network's.
CONNECTION_LOST: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError,
    asyncpg.exceptions.InsufficientResourcesError, asyncpg.exceptions.ReadOnlySQLTransactionError,
    asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError, ConnectionError, OSError, TimeoutError)


class PgTx:
    """The statements of one open transaction."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement (returns 0: use :meth:`insert` for a new row's id)."""
        await self.conn.execute(numbered(sql), *tuple(params))
        return 0

    async def update(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one UPDATE or DELETE and return how many rows it changed."""
        status = await self.conn.execute(numbered(sql), *tuple(params))
        return int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one INSERT and return the ``id`` of the row it made."""
        value = await self.conn.fetchval(numbered(sql) + " RETURNING id", *tuple(params))
        return int(value)

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one statement for each row of parameters."""
        await self.conn.executemany(numbered(sql), [tuple(r) for r in rows])


@asynccontextmanager
async def _reachable(path: str) -> AsyncIterator[None]:
    """Turn a lost connection into :class:`StorageUnavailable` (the pool discards the broken connection)."""
    try:
        yield
    except CONNECTION_LOST as error:
        log.warning("database %s: connection lost (%s); the operation is refused, try again", path, error)
        raise StorageUnavailable() from error


class PgDatabase:
    """A pool of asyncpg connections: one per transaction or query while it runs."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.path = safe_url(url)  # how the database is named in logs: never with its password

    @classmethod
    async def open(cls, url: str, *, migrate_to: int = SCHEMA_VERSION, pool_size: int = POOL_SIZE) -> PgDatabase:
        """Connect a pool and bring the schema up to ``migrate_to``."""
        # No floor of idle connections (min_size 0): asyncpg would keep reconnecting to restore it while the server
        # is down, logging a traceback each second; connections are opened as needed and kept for reuse.
        pool = await asyncpg.create_pool(url, min_size=0, max_size=max(2, pool_size))
        return await ready(cls(pool, url), migrate_to)

    async def _setup(self) -> None:
        """Nothing to set on new connections."""

    async def schema_version(self) -> int:
        """How many migrations this database has."""
        async with _reachable(self.path), self.pool.acquire() as conn:
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            value = await conn.fetchval("SELECT MAX(version) FROM schema_version")
        return int(value or 0)

    async def migrate(self, target: int = SCHEMA_VERSION) -> int:
        """Apply the migrations this database lacks, each in its own transaction, holding the advisory lock so
        that processes starting together migrate one after another; returns the new version."""
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                return await migrate(self, PG_MIGRATIONS, target,
                                     "INSERT INTO schema_version (version) VALUES ({number})")
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgTx]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        async with _reachable(self.path), self.pool.acquire() as conn, conn.transaction():
            yield PgTx(conn)

    async def write(self, statements: Sequence[Statement]) -> None:
        """Run ``statements`` in one transaction on a pooled connection (writes of several tables run side by
        side); :class:`VersionConflict` if a conditional UPDATE changed no row, and nothing is written.

        A connection lost before the COMMIT is :class:`StorageUnavailable` (the server drops what was not
        committed); lost during the COMMIT, it is :class:`CommitUnknown`: the write may have been committed, and
        only reading it back can tell (bot/store.py does)."""
        async with _reachable(self.path), self.pool.acquire() as conn:
            transaction = conn.transaction()
            await transaction.start()
            try:
                tx = PgTx(conn)
                for sql, params, must_change in statements:
                    if not await tx.update(sql, params) and must_change:
                        raise VersionConflict(f"{sql.split(' WHERE ')[0][:40]}... changed no row")
            except BaseException:
                with contextlib.suppress(Exception):  # on a lost connection there is nothing to roll back
                    await transaction.rollback()
                raise
            try:
                await transaction.commit()
            except CONNECTION_LOST as error:
                log.warning("database %s: connection lost while committing (%s)", self.path, error)
                raise CommitUnknown() from error

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[asyncpg.Record]:
        """Every row of a query (tried once more on a new connection if the first one was lost)."""
        for attempt in (1, 2):
            try:
                async with _reachable(self.path), self.pool.acquire() as conn:
                    return list(await conn.fetch(numbered(sql), *tuple(params)))
            except StorageUnavailable:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> asyncpg.Record | None:
        """The first row of a query, or None."""
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def close(self) -> None:
        """Close every connection of the pool: politely for :data:`CLOSE_SECONDS` (a server that is down may not
        answer its goodbye), then at once."""
        try:
            await asyncio.wait_for(self.pool.close(), CLOSE_SECONDS)
        except TimeoutError:
            log.warning("database %s: the pool did not close within %g s; its connections are dropped", self.path,
                        CLOSE_SECONDS)
            self.pool.terminate()
