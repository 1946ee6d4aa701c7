"""Fixtures for the table service tests: a fresh database file and a service with no pauses or timers."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.storage import Storage
from bot.tables import TableService, TableUpdate
from tests.service.fake_games import registered
from tests.service.pg_server import postgres_server


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "hall.db"


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A PostgreSQL server for this test run (skips the PostgreSQL variants where none can be started)."""
    with postgres_server() as (url, why):
        if url is None:
            pytest.skip(why)
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
async def database(request: pytest.FixtureRequest, db_path: Path) -> Path | str:
    """Where a test's storage lives: a new SQLite file, or an emptied database on the PostgreSQL server."""
    if request.param == "sqlite":
        return db_path
    url: str = request.getfixturevalue("postgres_url")
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()
    return url


@pytest.fixture
async def storage(database: Path | str) -> AsyncIterator[Storage]:
    store = await Storage.open(database)
    yield store
    await store.close()


@pytest.fixture
def updates() -> list[TableUpdate]:
    return []


@pytest.fixture
async def service(storage: Storage, updates: list[TableUpdate]) -> AsyncIterator[TableService]:
    svc = TableService(storage, computer_pause=0.0, turn_time_limit=0.0)
    svc.store.add_listener(updates.append)
    await svc.start()
    yield svc
    await svc.close()


@pytest.fixture
def test_games() -> Iterator[None]:
    with registered():
        yield
