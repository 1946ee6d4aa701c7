"""Fixtures for the table service tests: a fresh database file and a service with no pauses or timers."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.tables import TableService, TableUpdate
from tests.service.fake_games import registered


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "hall.db"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    store = await Storage.open(db_path)
    yield store
    await store.close()


@pytest.fixture
def updates() -> list[TableUpdate]:
    return []


@pytest.fixture
async def service(storage: Storage, updates: list[TableUpdate]) -> AsyncIterator[TableService]:
    svc = TableService(storage, computer_pause=0.0, turn_time_limit=0.0)
    svc.add_listener(updates.append)
    await svc.start()
    yield svc
    await svc.close()


@pytest.fixture
def test_games() -> Iterator[None]:
    with registered():
        yield
