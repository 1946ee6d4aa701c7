"""PostgreSQL trouble under a move (issue 25): every connection-level error is "try again" for the member, a restart
of the server under a move costs that move only, and a write whose COMMIT lost its answer is read back before the
member is answered: made (the move stands), not made ("nothing was changed") or unknown (said so).

On the throwaway server of tests/service/pg_server.py, restarted and stopped for real; skipped where PostgreSQL
cannot be started.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import asyncpg
import asyncpg.transaction
import pytest

from bot.storage import CommitUnknown, Storage, StorageUnavailable
from bot.storage.pg import PgTx
from bot.tables import StaleClick, TableService
from tests.service.pg_server import restart, stopped
from tests.service.test_restart import shut, started_block
from tests.service.test_tables import ALICE, BOB

#: What asyncpg and the network raise when a connection is lost, refused or broken (the first: during a restart).
CONNECTION_ERRORS: list[Callable[[], BaseException]] = [
    lambda: asyncpg.exceptions.InternalClientError("cannot switch to state 15; another operation (2) is in progress"),
    lambda: asyncpg.InterfaceError("connection is closed"),
    lambda: asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    lambda: asyncpg.exceptions.AdminShutdownError("terminating connection due to administrator command"),
    lambda: asyncpg.exceptions.CannotConnectNowError("the database system is starting up"),
    lambda: asyncpg.exceptions.TooManyConnectionsError("sorry, too many clients already"),
    lambda: asyncpg.exceptions.ProtocolError("unexpected message"),
    lambda: ConnectionResetError(104, "Connection reset by peer"),
    lambda: OSError(113, "No route to host"),
    lambda: TimeoutError(),
]


@pytest.fixture
async def pg_service(postgres_url: str) -> AsyncIterator[TableService]:
    """A table service on an emptied PostgreSQL database."""
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()
    service = TableService(await Storage.open(postgres_url), computer_pause=0.0, turn_time_limit=0.0)
    await service.start()
    yield service
    await shut(service)


async def move(service: TableService, tid: int) -> list[Any]:
    """The awaited seat's first legal move, made as its member would."""
    table = service.store.get(tid)
    seat = table.game.to_act[0]
    return await service.play.act(tid, table.version, [ALICE, BOB][seat], str(table.game.legal_actions(seat)[0]))


async def stored_version(service: TableService, tid: int) -> int:
    row = await service.storage.tables.get(tid)
    assert row is not None
    return row.version


@pytest.mark.parametrize("error", CONNECTION_ERRORS, ids=lambda make: type(make()).__name__)
async def test_every_connection_level_error_is_try_again(pg_service: TableService, monkeypatch,
                                                         error: Callable[[], BaseException]) -> None:
    tid = await started_block(pg_service, computer=False)
    version = pg_service.store.get(tid).version

    async def lost(self: PgTx, sql: str, params: Any = ()) -> int:
        raise error()

    with monkeypatch.context() as patched:
        patched.setattr(PgTx, "update", lost)
        with pytest.raises(StorageUnavailable, match="nothing was changed") as raised:
            await move(pg_service, tid)
        assert not isinstance(raised.value, CommitUnknown)

        async def fetch_lost(self: asyncpg.Connection, *args: object, **kwargs: object) -> Any:
            raise error()

        patched.setattr(asyncpg.Connection, "fetch", fetch_lost)
        with pytest.raises(StorageUnavailable):  # a read (a slash command's) too
            await pg_service.standings(1)
    assert pg_service.store.get(tid).version == version == await stored_version(pg_service, tid)
    await move(pg_service, tid)  # and the next click goes through
    assert await stored_version(pg_service, tid) == version + 1


async def test_a_restart_of_the_server_under_a_move_costs_that_move_only(pg_service: TableService, postgres_url: str,
                                                                          monkeypatch) -> None:
    tid = await started_block(pg_service, computer=False)
    version = pg_service.store.get(tid).version
    real_update = PgTx.update
    restarts = []

    async def restarting(self: PgTx, sql: str, params: Any = ()) -> int:
        if not restarts:  # the server goes down (every connection dropped) as the move is written
            restarts.append(1)
            await asyncio.to_thread(restart, postgres_url)
        return await real_update(self, sql, params)

    monkeypatch.setattr(PgTx, "update", restarting)
    with pytest.raises(StorageUnavailable, match="nothing was changed"):
        await move(pg_service, tid)
    assert restarts and await stored_version(pg_service, tid) == version == pg_service.store.get(tid).version
    await move(pg_service, tid)
    await move(pg_service, tid)
    assert await stored_version(pg_service, tid) == version + 2 == pg_service.store.get(tid).version


def commit_then(monkeypatch: pytest.MonkeyPatch, after: Callable[[], Any], *, made: bool = True) -> list[int]:
    """The next COMMIT of a write is made (or rolled back, ``made`` False), then ``after()`` runs (awaited if it is
    a coroutine) and the connection is reported lost, as when the server goes away before answering."""
    real_commit, real_rollback = asyncpg.transaction.Transaction.commit, asyncpg.transaction.Transaction.rollback
    calls: list[int] = []

    async def commit(self: asyncpg.transaction.Transaction) -> None:
        if calls:
            return await real_commit(self)
        calls.append(1)
        await (real_commit(self) if made else real_rollback(self))
        outcome = after()
        if asyncio.iscoroutine(outcome):
            await outcome
        raise asyncpg.exceptions.ConnectionDoesNotExistError("connection was closed in the middle of operation")

    monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", commit)
    return calls


async def test_a_commit_whose_answer_was_lost_is_read_back_and_the_move_stands(pg_service: TableService,
                                                                               postgres_url: str, monkeypatch) -> None:
    tid = await started_block(pg_service, computer=False)
    version = pg_service.store.get(tid).version
    calls = commit_then(monkeypatch, lambda: asyncio.to_thread(restart, postgres_url))  # every connection dropped
    events = await move(pg_service, tid)  # answered as a move made: it was
    assert calls and events
    assert await stored_version(pg_service, tid) == version + 1 == pg_service.store.get(tid).version
    assert len(await pg_service.storage.actions.for_table(tid)) == len(pg_service.store.get(tid).game.history)
    await move(pg_service, tid)  # the table goes on from the committed move
    assert await stored_version(pg_service, tid) == version + 2


async def test_a_commit_lost_before_it_was_made_is_nothing_changed(pg_service: TableService, monkeypatch) -> None:
    tid = await started_block(pg_service, computer=False)
    version = pg_service.store.get(tid).version
    commit_then(monkeypatch, lambda: None, made=False)
    with pytest.raises(StorageUnavailable, match="nothing was changed") as raised:
        await move(pg_service, tid)
    assert not isinstance(raised.value, CommitUnknown)
    assert await stored_version(pg_service, tid) == version == pg_service.store.get(tid).version
    await move(pg_service, tid)
    assert await stored_version(pg_service, tid) == version + 1


async def test_a_commit_lost_with_the_server_gone_is_said_to_be_unknown(pg_service: TableService, postgres_url: str,
                                                                        monkeypatch) -> None:
    tid = await started_block(pg_service, computer=False)
    version = pg_service.store.get(tid).version
    down = stopped(postgres_url)
    commit_then(monkeypatch, lambda: asyncio.to_thread(down.__enter__))  # made, then the server is gone
    try:
        with pytest.raises(CommitUnknown, match="may or may not have been made"):
            await move(pg_service, tid)
    finally:
        down.__exit__(None, None, None)
    assert pg_service.store.get(tid).version == version  # not adopted: the next write finds out which it was
    assert await stored_version(pg_service, tid) == version + 1  # (it was made)
    with pytest.raises(StaleClick, match="changed elsewhere"):
        await move(pg_service, tid)  # drawn at the old version: refused, and the table is read again
    assert pg_service.store.get(tid).version == version + 1
    await move(pg_service, tid)
    assert await stored_version(pg_service, tid) == version + 2
