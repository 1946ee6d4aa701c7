"""Issue 25, finding 1: every scheduled move is retried until it is made or the table closes. A turn-limit takeover
whose save fails is tried again with back-off (never dropped); one watchdog covers computer seats, turn timers and a
rematch's reserved seats; a table that cannot be saved for long says so (an ``unsaved`` update)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

import bot.autoplay
import bot.store
from bot.storage import ActionRow, Storage, StorageUnavailable
from bot.store import TIMER
from bot.tables import TableService, TableUpdate
from tests.service.pg_server import control, restart
from tests.service.test_rematch import finished_table
from tests.service.test_tables import ALICE, BOB, lobby, until

LIMIT = 0.05  # seconds a member has for a move in these tests


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.autoplay, "RETRY_BASE", 0.01)
    monkeypatch.setattr(bot.autoplay, "RETRY_CAP", 0.05)


async def member_and_two_computers(service: TableService) -> int:
    """Block for alice and two computers; alice never clicks, so her every turn ends on the timer."""
    tid = await lobby(service, "block")
    await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.add_computer(tid, ALICE)
    await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
    return tid


def failing_timer_saves(storage: Storage, monkeypatch: pytest.MonkeyPatch, times: int) -> dict[str, int]:
    """The next ``times`` saves of a timed-out move raise :class:`StorageUnavailable` (the database is away)."""
    real = storage.actions.append
    counts = {"left": times, "failed": 0}

    async def append(tx: object, row: ActionRow) -> None:
        if row.actor == TIMER and counts["left"]:
            counts["left"] -= 1
            counts["failed"] += 1
            raise StorageUnavailable()
        await real(tx, row)  # type: ignore[arg-type]

    monkeypatch.setattr(storage.actions, "append", append)
    return counts


@pytest.fixture
async def timed(db_path: Path) -> AsyncIterator[TableService]:
    service = TableService(await Storage.open(db_path), computer_pause=0.0, turn_time_limit=LIMIT)
    await service.start()
    yield service
    await service.close()
    await service.storage.close()


async def timer_moves(service: TableService, tid: int) -> int:
    return sum(a.actor == TIMER for a in await service.storage.actions.for_table(tid))


async def test_a_timed_out_move_whose_save_fails_is_made_once_the_database_answers(
        timed: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    counts = failing_timer_saves(timed.storage, monkeypatch, 4)
    tid = await member_and_two_computers(timed)
    table = timed.store.get(tid)
    await until(lambda: counts["failed"] == 4)
    # Once the database answers, the takeover is made, and alice's next turns are timed too: nothing stuck.
    deadline = asyncio.get_running_loop().time() + 10
    while await timer_moves(timed, tid) < 3 and table.status == "playing":
        assert asyncio.get_running_loop().time() < deadline, "the timed-out move was never made"
        await asyncio.sleep(0.01)
    assert await timer_moves(timed, tid) >= 1
    if table.status == "playing":
        await until(lambda: timed.watchdog.stalled() == [])
        assert all(s in table.timers or table.is_automatic(s) for s in table.game.to_act)


async def test_the_watchdog_rearms_a_turn_timer_that_died(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.autoplay, "WATCH_SECONDS", 0.01)
    service = TableService(await Storage.open(db_path), computer_pause=0.0, turn_time_limit=3600.0)
    await service.start()
    try:
        tid = await lobby(service, "block", BOB)
        await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
        table = service.store.get(tid)
        seat = table.game.to_act[0]
        timer = table.timers[seat]
        timer.cancel()  # as if the timer had died without rescheduling
        await asyncio.sleep(0)
        await until(lambda: seat in table.timers and not table.timers[seat].done())
        assert table.timers[seat] is not timer and service.watchdog.stalled() == []
    finally:
        await service.close()
        await service.storage.close()


async def test_the_watchdog_rearms_a_rematchs_reserved_seats(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.autoplay, "WATCH_SECONDS", 0.01)
    service = TableService(await Storage.open(db_path), computer_pause=0.0, turn_time_limit=0.0)
    await service.start()
    try:
        old = await finished_table(service.storage)
        table, _ = await service.lobbies.rematch(old, ALICE, "alice")
        release = service.lobbies._releases[table.id]
        release.cancel()  # as if the seats' timer had died
        await asyncio.sleep(0)
        await until(lambda: table.id in service.lobbies._releases and not service.lobbies._releases[table.id].done())
        assert service.lobbies._releases[table.id] is not release and service.watchdog.stalled() == []
    finally:
        await service.close()
        await service.storage.close()


async def test_a_failed_seat_release_is_retried(service: TableService, storage: Storage,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    old = await finished_table(storage)
    service.lobbies.reserve_seconds = 0.05
    real = storage.tables.save
    counts = {"left": 3}

    async def save(tx: object, row: object, **kwargs: object) -> None:
        if counts["left"]:
            counts["left"] -= 1
            raise StorageUnavailable()
        await real(tx, row, **kwargs)  # type: ignore[arg-type]

    table, _ = await service.lobbies.rematch(old, ALICE, "alice")
    monkeypatch.setattr(storage.tables, "save", save)
    await until(lambda: table.reserved() == [])
    assert counts["left"] == 0 and table.names == ["alice", "Computer 1"]


async def test_a_table_that_cannot_be_saved_for_long_says_so(
        timed: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.store, "UNSAVED_AFTER", 0.1)
    seen: list[TableUpdate] = []
    timed.store.add_listener(seen.append)
    counts = failing_timer_saves(timed.storage, monkeypatch, 10**6)
    tid = await member_and_two_computers(timed)
    table = timed.store.get(tid)
    await until(lambda: any(u.kind == "unsaved" for u in seen))
    assert table.unsaved_since is not None and counts["failed"] >= 2
    assert [u.kind for u in seen].count("unsaved") == 1  # said once, not at every failure
    alerted = len(seen)
    counts["left"] = 0  # the database is back: the next save clears it, and its update shows the table saved
    await until(lambda: table.unsaved_since is None)
    await until(lambda: any(u.kind == "moved" and u.table.unsaved_since is None for u in seen[alerted:]))


async def test_turn_timers_go_on_through_postgresql_restarts(postgres_url: str,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    """The operator's finding, for real: one member and two computers, a turn limit, and PostgreSQL down while the
    member's time runs out (stopped, then started: the timer's save fails meanwhile), then restarted
    (``-m immediate``, every connection dropped) twice; the table moves on each time."""
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()
    service = TableService(await Storage.open(postgres_url), computer_pause=0.0, turn_time_limit=0.3)
    await service.start()
    try:
        tid = await member_and_two_computers(service)
        table = service.store.get(tid)
        await until(lambda: 0 in table.game.to_act)
        version = table.version
        await asyncio.to_thread(control, postgres_url, "stop")
        try:
            await until(lambda: "the timed-out move for seat 0 failed" in caplog.text, timeout=30)
            assert table.version == version  # nothing made while the database is away
        finally:
            await asyncio.to_thread(control, postgres_url, "start")
        await until(lambda: table.version > version, timeout=60)
        for _ in range(2):
            await until(lambda: table.status != "playing" or 0 in table.game.to_act)
            if table.status != "playing":
                break
            version = table.version
            await asyncio.to_thread(restart, postgres_url)
            await until(lambda v=version: table.version > v or table.status != "playing", timeout=60)
        moves = timed_out(table)
        await until(lambda: table.status != "playing" or timed_out(table) > moves, timeout=60)
        assert service.watchdog.stalled() == []
    finally:
        await service.close()
        await service.storage.close()


def timed_out(table: object) -> int:
    """How many timed-out moves a table has made since it was opened here (its action history in memory)."""
    return sum(1 for _, seat, _ in table.acted if seat == 0)  # type: ignore[attr-defined]
