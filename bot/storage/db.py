"""The database connection: aiosqlite in WAL mode, migrations applied on open, one writer at a time."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite

from bot.storage.schema import MIGRATIONS, SCHEMA_VERSION
from engine.phrases import Phrase

log = logging.getLogger(__name__)


class Transaction(Protocol):
    """The statements of one open transaction, in either database (SQLite here, PostgreSQL in ``pg.py``)."""

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int: ...

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int: ...

    async def update(self, sql: str, params: Iterable[Any] = ()) -> int: ...

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None: ...


#: One statement of a grouped write: SQL with ``?`` placeholders, its parameters, and whether it must change a row
#: (a conditional UPDATE: when it changes none, that write is undone and raises :class:`VersionConflict`).
Statement = tuple[str, tuple[Any, ...], bool]


class Batch:
    """A :class:`Transaction` that records statements instead of running them, for :meth:`Store.write`: the
    repositories write into it exactly as into a transaction."""

    def __init__(self) -> None:
        self.statements: list[Statement] = []

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        self.statements.append((sql, tuple(params), False))
        return 0

    async def update(self, sql: str, params: Iterable[Any] = ()) -> int:
        self.statements.append((sql, tuple(params), True))
        return 1  # checked when the write runs

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        raise TypeError("a grouped write cannot return a new row's id; use a transaction")

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        self.statements.extend((sql, tuple(row), False) for row in rows)


class Store(Protocol):
    """What the repositories and the table service use of a database: :class:`Database` or ``pg.PgDatabase``."""

    path: Any

    def transaction(self) -> AbstractAsyncContextManager[Transaction]: ...

    async def write(self, statements: Sequence[Statement]) -> None: ...

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> Sequence[Any]: ...

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Any: ...

    async def schema_version(self) -> int: ...

    async def close(self) -> None: ...


class StorageUnavailable(RuntimeError):
    """The database could not be reached for this operation (a restart, a dropped connection); nothing was written.
    The message is for the member whose click it was: words as data (``phrase``), said in their language."""

    def __init__(self, phrase: Phrase | None = None) -> None:
        self.phrase = phrase or Phrase("The database is not reachable right now; nothing was changed. Try again in "
                                       "a moment.")
        super().__init__(str(self.phrase))


class CommitUnknown(StorageUnavailable):
    """The connection was lost while a write was being committed, and reading it back could not tell whether the
    commit was made: the member is told so (never "nothing was changed", which may be untrue)."""

    def __init__(self, phrase: Phrase | None = None) -> None:
        super().__init__(phrase or Phrase("The database stopped answering while saving this, so it may or may not "
                                          "have been made. Look at the table in a moment, and try again if it was "
                                          "not."))


class VersionConflict(RuntimeError):
    """A table's row was changed by someone else since it was read (another process won the race)."""


class SchemaTooNew(RuntimeError):
    """The database was written by a newer version of the bot than this one."""


class Tx:
    """The statements of one open transaction; each cursor is closed at once, so the commit never finds a
    statement still in progress."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one statement; returns the id of the row it inserted (0 when none)."""
        async with self.conn.execute(sql, tuple(params)) as cursor:
            return int(cursor.lastrowid or 0)

    async def insert(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one INSERT and return the ``id`` of the row it made."""
        return await self.execute(sql, params)

    async def update(self, sql: str, params: Iterable[Any] = ()) -> int:
        """Run one UPDATE or DELETE and return how many rows it changed."""
        async with self.conn.execute(sql, tuple(params)) as cursor:
            return int(cursor.rowcount)

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> None:
        """Run one statement for each row of parameters."""
        async with self.conn.executemany(sql, [tuple(r) for r in rows]):
            pass


class Database:
    """One aiosqlite connection shared by the process, and one writer connection for the moves.

    Every statement goes through :meth:`transaction`, :meth:`write` or the read helpers. A transaction takes one
    lock, so statements of two tables never interleave inside it, and commits all of its writes or none.

    Moves are written through :meth:`write`, with group commit: the writes that arrive while one commit is under
    way are committed together in the next one, each inside its own savepoint (so one write that fails, such as a
    lost version race, undoes only itself), in a single trip to the writer thread. With hundreds of busy tables,
    a move then waits for about one commit of everybody's moves instead of a queue of one commit each.
    """

    #: The most writes committed together.
    GROUP = 512

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="sqlite-writer")
        self._write_conn: sqlite3.Connection | None = None
        self._queued: list[tuple[Sequence[Statement], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._closing: asyncio.Future[None] | None = None

    @classmethod
    async def open(cls, path: str | Path, *, migrate_to: int = SCHEMA_VERSION) -> Database:
        """Open (creating the folder and file if needed) and bring the schema up to ``migrate_to``."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        # A file that cannot be opened (no permission, not a file) fails here, at once: failing inside aiosqlite's
        # connect would leave its worker thread to answer a loop that is gone, with a traceback on the way out.
        sqlite3.connect(path).close()
        conn = await aiosqlite.connect(path, isolation_level=None)
        conn.row_factory = aiosqlite.Row
        return await ready(cls(conn, path), migrate_to)

    async def _setup(self) -> None:
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
            await Tx(self.conn).execute(f"PRAGMA {pragma}")

    async def schema_version(self) -> int:
        """How many migrations this database has."""
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def migrate(self, target: int = SCHEMA_VERSION) -> int:
        """Apply the migrations this database lacks, each in its own transaction; returns the new version."""
        return await migrate(self, MIGRATIONS, target, "PRAGMA user_version={number}")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        """A write transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            tx = Tx(self.conn)
            await tx.execute("BEGIN IMMEDIATE")
            try:
                yield tx
            except BaseException:
                await self.conn.rollback()
                raise
            await self.conn.commit()

    async def write(self, statements: Sequence[Statement]) -> None:
        """Run ``statements`` as one write, committed with whatever other writes are queued (group commit);
        returns once it is committed. :class:`VersionConflict` if a conditional UPDATE changed no row (the write
        is undone, the others in its group are not)."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queued.append((statements, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name="sqlite-group-commit")
        await done

    async def _flush(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queued:
            group, self._queued = self._queued[:self.GROUP], self._queued[self.GROUP:]
            try:
                async with self._lock:  # no transaction of the shared connection in between
                    outcomes = await loop.run_in_executor(self._writer, self._commit, [s for s, _ in group])
            except Exception as error:  # the commit itself failed: none of the group was written
                outcomes = [error] * len(group)
            for (_, done), outcome in zip(group, outcomes, strict=True):
                if done.done():
                    continue
                if outcome is None:
                    done.set_result(None)
                else:
                    done.set_exception(outcome)

    def _commit(self, group: list[Sequence[Statement]]) -> list[Exception | None]:
        """In the writer thread: one transaction, a savepoint per write."""
        if self._write_conn is None:
            self._write_conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            for pragma in ("synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
                self._write_conn.execute(f"PRAGMA {pragma}")
        conn = self._write_conn
        outcomes: list[Exception | None] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statements in group:
                conn.execute("SAVEPOINT one_write")
                try:
                    for sql, params, must_change in statements:
                        if conn.execute(sql, params).rowcount == 0 and must_change:
                            raise VersionConflict(f"{sql.split(' WHERE ')[0][:40]}... changed no row")
                except Exception as error:
                    conn.execute("ROLLBACK TO one_write")
                    outcomes.append(error)
                else:
                    outcomes.append(None)
                conn.execute("RELEASE one_write")
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return outcomes

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        """Every row of a query."""
        async with self._lock, self.conn.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        """The first row of a query, or None."""
        async with self._lock, self.conn.execute(sql, tuple(params)) as cursor:
            row: aiosqlite.Row | None = await cursor.fetchone()
            return row

    async def close(self) -> None:
        """Finish the queued writes, then close the connections (checkpointing the WAL).

        Closed once, to the end, however often this is called and even if the caller stops waiting (a stop that
        runs out of time): a connection left half-closed keeps its worker thread, and so the process, alive."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def _close(self) -> None:
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)
        if self._write_conn is not None:
            await asyncio.get_running_loop().run_in_executor(self._writer, self._write_conn.close)
            self._write_conn = None
        self._writer.shutdown(wait=True)
        async with self._lock:
            await self.conn.close()


class Openable(Store, Protocol):
    """A database as its ``open`` readies it: set up the new connection, then migrate."""

    async def _setup(self) -> None: ...

    async def migrate(self, target: int = ...) -> int: ...


DB = TypeVar("DB", bound=Openable)


async def ready(db: DB, migrate_to: int) -> DB:
    """``db`` set up and its schema brought to ``migrate_to``; closed again if either fails."""
    try:
        await db._setup()
        await db.migrate(migrate_to)
    except BaseException:
        await db.close()
        raise
    return db


async def migrate(db: Store, scripts: Sequence[str], target: int, mark: str) -> int:
    """Bring ``db`` from its schema version to ``target`` with ``scripts`` (one per version), each in its own
    transaction that ends with the ``mark`` statement recording the version; returns the new version."""
    current = await db.schema_version()
    if current > len(scripts):
        raise SchemaTooNew(f"database {db.path} has schema version {current}, newer than this bot's {len(scripts)}")
    for number in range(current + 1, target + 1):
        async with db.transaction() as tx:
            for statement in statements(scripts[number - 1]):
                await tx.execute(statement)
            await tx.execute(mark.format(number=number))
        log.info("database %s migrated to schema version %d", db.path, number)
    return max(current, target)


def statements(script: str) -> list[str]:
    """The statements of a migration script, one by one."""
    return [part.strip() for part in script.split(";") if part.strip()]
