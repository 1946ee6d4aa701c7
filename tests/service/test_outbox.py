"""Issue 25, finding 2: the outbox (bot/outbox.py) with no Discord. What a table owes its channel survives a burst
of 429s (Retry-After honoured) and 5xx, is coalesced (only the newest table picture is sent), keeps its order per
table, is paced within the global limit for every kind, resumes after a restart, and a 404 is given up at once."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

import bot.outbox
from bot.outbox import NUDGE_DELETE, RECAP, TABLE_MESSAGE, Outbox
from bot.pacing import PACED, RequestBudget
from bot.storage import Delivery, Storage
from bot.tables import TableService
from tests.service.test_tables import ALICE, lobby, until

PLANNED_CHECK = 100  # deliveries in the pacing test: 2.5 s at the planned 40 a second


def http_error(status: int, retry_after: float | None = None, *, scope: str = "user") -> discord.HTTPException:
    """What discord.py raises for a refused request (with the headers Discord sends with a 429)."""
    headers = {"X-RateLimit-Scope": scope} if status == 429 else {}
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    response = SimpleNamespace(status=status, reason="refused", headers=headers)
    error_type = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    return error_type(response, {"message": "refused", "code": 0})  # type: ignore[arg-type]


class FakeChannel:
    """A sender per kind that records what arrives, refusing with ``failure`` while ``failing_until`` (loop time)
    has not passed."""

    def __init__(self) -> None:
        self.sent: list[Delivery] = []
        self.tries: list[tuple[float, Delivery]] = []
        self.failing_until = 0.0
        self.failure: Exception | None = None
        self.paced: list[bool] = []

    async def send(self, delivery: Delivery, table: Any) -> None:
        now = asyncio.get_running_loop().time()
        self.tries.append((now, delivery))
        self.paced.append(PACED.get())
        if self.failure is not None and now < self.failing_until:
            raise self.failure
        self.sent.append(delivery)

    def fail(self, error: Exception, seconds: float) -> None:
        self.failure = error
        self.failing_until = asyncio.get_running_loop().time() + seconds


@pytest.fixture
async def outbox(storage: Storage) -> AsyncIterator[tuple[Outbox, FakeChannel]]:
    box = Outbox(storage, budget=RequestBudget(planned=float("inf")))
    channel = FakeChannel()
    for kind in (TABLE_MESSAGE, RECAP, NUDGE_DELETE):
        box.register(kind, channel.send)
    yield box, channel
    await box.close()


async def owe(box: Outbox, table_id: int, kind: str, key: str = "", **payload: Any) -> Delivery:
    return await box.owe(table_id, 1, kind, key, payload)


async def test_a_burst_of_429s_delays_deliveries_and_loses_none(outbox: tuple[Outbox, FakeChannel],
                                                                storage: Storage) -> None:
    box, channel = outbox
    channel.fail(http_error(429, retry_after=0.3), seconds=1.0)
    for n in range(3):
        await owe(box, 7, RECAP, hand=n)
    await box.drain()
    assert [d.payload["hand"] for d in channel.sent] == [0, 1, 2]  # in order, each once
    failed = [t for t, _ in channel.tries[:-3]]
    assert len(failed) >= 2 and all(b - a >= 0.29 for a, b in itertools.pairwise(failed))  # Retry-After honoured
    assert await storage.deliveries.pending() == []  # sent: forgotten


async def test_5xx_and_network_errors_are_retried_with_back_off(outbox: tuple[Outbox, FakeChannel],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.outbox, "RETRY_BASE", 0.02)
    box, channel = outbox
    for error in (http_error(503), ConnectionResetError("reset")):
        channel.fail(error, seconds=0.2)
        await owe(box, 7, RECAP)
        await box.drain()
    assert len(channel.sent) == 2 and len(channel.tries) > 4


async def test_table_pictures_coalesce_and_recaps_keep_their_order(outbox: tuple[Outbox, FakeChannel],
                                                                   storage: Storage) -> None:
    box, channel = outbox
    channel.fail(http_error(429, retry_after=0.2), seconds=0.5)
    await owe(box, 7, TABLE_MESSAGE, "message", version=1)
    await owe(box, 7, RECAP, hand=1)
    await owe(box, 7, TABLE_MESSAGE, "message", version=2)
    await owe(box, 8, TABLE_MESSAGE, "message", version=1)
    await owe(box, 7, RECAP, hand=2)
    await owe(box, 7, TABLE_MESSAGE, "message", version=3)
    stored = await storage.deliveries.pending()
    assert [(d.table_id, d.kind, d.payload) for d in stored if d.table_id == 7] == [
        (7, RECAP, {"hand": 1}), (7, RECAP, {"hand": 2}), (7, TABLE_MESSAGE, {"version": 3})]
    await box.drain()
    seven = [(d.kind, d.payload) for d in channel.sent if d.table_id == 7]
    assert seven == [(RECAP, {"hand": 1}), (RECAP, {"hand": 2}), (TABLE_MESSAGE, {"version": 3})]
    assert [d.payload for d in channel.sent if d.table_id == 8] == [{"version": 1}]
    assert all(channel.paced)  # every request a sender makes counts as paced


async def test_a_404_or_403_is_given_up_at_once_and_the_next_delivery_goes(outbox: tuple[Outbox, FakeChannel],
                                                                          storage: Storage) -> None:
    box, channel = outbox
    for status in (404, 403):
        channel.fail(http_error(status), seconds=0.3)
        gone = await owe(box, 7, NUDGE_DELETE, "9", channel_id=1, message_id=9)
        await until(lambda: not box.owed(7))
        assert [d for _, d in channel.tries].count(gone) == 1  # tried once, never again
    channel.failing_until = 0.0
    await owe(box, 7, RECAP, hand=1)
    await box.drain()
    assert [d.kind for d in channel.sent] == [RECAP] and await storage.deliveries.pending() == []


async def test_an_unexpected_error_is_given_up_after_a_few_tries(outbox: tuple[Outbox, FakeChannel],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.outbox, "RETRY_BASE", 0.001)
    box, channel = outbox
    channel.fail(ValueError("a drawing bug"), seconds=3600)
    await owe(box, 7, RECAP)
    await box.drain()
    assert len(channel.tries) == bot.outbox.MAX_FAILURES and channel.sent == []


async def test_a_global_429_holds_every_table(outbox: tuple[Outbox, FakeChannel]) -> None:
    box, channel = outbox
    channel.fail(http_error(429, retry_after=0.4, scope="global"), seconds=0.05)
    await owe(box, 7, RECAP)
    await asyncio.sleep(0.1)
    held = asyncio.get_running_loop().time()
    await owe(box, 8, RECAP)  # another table: it waits for the global hold too
    await box.drain()
    assert next(t for t, d in channel.tries if d.table_id == 8) >= held + 0.2


async def test_what_was_owed_is_delivered_after_a_restart(database: Path | str) -> None:
    first = await Storage.open(database)
    box = Outbox(first, budget=RequestBudget(planned=float("inf")))
    down = FakeChannel()
    for kind in (TABLE_MESSAGE, RECAP):
        box.register(kind, down.send)
    down.fail(http_error(502), seconds=3600)  # Discord is down until the process stops
    await owe(box, 7, RECAP, hand=1)
    await owe(box, 7, TABLE_MESSAGE, "message", version=5)
    await until(lambda: len(down.tries) >= 1)
    await box.close()
    await first.close()

    second = await Storage.open(database)
    try:
        again = Outbox(second, budget=RequestBudget(planned=float("inf")))
        up = FakeChannel()
        for kind in (TABLE_MESSAGE, RECAP):
            again.register(kind, up.send)
        assert await again.start() == 2
        await again.drain()
        assert [(d.kind, d.payload) for d in up.sent] == [(RECAP, {"hand": 1}), (TABLE_MESSAGE, {"version": 5})]
        assert await second.deliveries.pending() == []
        await again.close()
    finally:
        await second.close()


async def test_every_kind_is_paced_within_the_global_limit(storage: Storage) -> None:
    box = Outbox(storage)  # the real budget: PLANNED requests a second for everything it sends
    channel = FakeChannel()
    for kind in (TABLE_MESSAGE, RECAP, NUDGE_DELETE):
        box.register(kind, channel.send)
    try:
        kinds = itertools.cycle([(TABLE_MESSAGE, "message"), (RECAP, ""), (NUDGE_DELETE, "x")])
        for n in range(PLANNED_CHECK):
            kind, key = next(kinds)
            await owe(box, n, kind, key + (str(n) if kind == NUDGE_DELETE else ""))
        await box.drain()
        times = sorted(t for t, _ in channel.tries)
        assert len(times) == PLANNED_CHECK
        busiest = max(sum(1 for t in times if start <= t < start + 1.0) for start in times)
        assert busiest <= 50  # Discord's global limit, whatever the kind
    finally:
        await box.close()


async def test_a_table_played_to_its_end_owes_its_pictures_recaps_and_standings(storage: Storage) -> None:
    """Through the table service: every change owes the table message (coalesced), every hand's end a recap,
    recorded with the move; the last recap holds the match's end."""
    service = TableService(storage, computer_pause=0.0, turn_time_limit=0.0,
                           budget=RequestBudget(planned=float("inf")))
    channel = FakeChannel()
    service.outbox.register(TABLE_MESSAGE, channel.send)
    service.outbox.register(RECAP, channel.send)
    await service.start()
    try:
        tid = await lobby(service, "block")
        await service.lobbies.set_message(tid, 555)
        await service.lobbies.add_computer(tid, ALICE)
        await service.lobbies.set_option(tid, ALICE, "target", "50")
        await service.lobbies.set_option(tid, ALICE, "set", "6")
        await service.lobbies.start_game(tid, service.store.get(tid).version, ALICE)
        table = service.store.get(tid)
        await service.play.set_autopilot(tid, ALICE, True)
        await until(lambda: table.status == "finished", timeout=30)
        await service.outbox.drain()
        pictures = [d for d in channel.sent if d.kind == TABLE_MESSAGE]
        assert pictures[-1].payload == {"version": table.version, "status": "finished"}
        recaps = [d for d in channel.sent if d.kind == RECAP]
        assert recaps and all(table.game.log[i].outcome is not None for d in recaps for i in d.payload["events"])
        assert table.game.log[recaps[-1].payload["events"][-1]].kind == "match_over"
        assert await storage.deliveries.pending() == []
    finally:
        await service.close()


async def test_a_reminder_is_sent_in_its_tables_order_without_a_write(outbox: tuple[Outbox, FakeChannel],
                                                                      storage: Storage,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A redraw that need not outlive the process (after a restart, or to say a table cannot be saved while the
    database is away) writes nothing, and never replaces a stored delivery of the same key (which shows the same)."""
    monkeypatch.setattr(bot.outbox, "RETRY_BASE", 0.02)
    box, channel = outbox
    channel.fail(http_error(503), seconds=0.2)
    await owe(box, 7, TABLE_MESSAGE, "message", version=1)
    box.remind(7, 1, TABLE_MESSAGE, "message", {"version": 1, "reminder": True})
    box.remind(8, 1, TABLE_MESSAGE, "message", {"version": 2})
    box.remind(8, 1, TABLE_MESSAGE, "message", {"version": 3})  # reminders coalesce among themselves
    assert [d.payload for d in await storage.deliveries.pending()] == [{"version": 1}]
    await box.drain()
    assert sorted((d.table_id, d.payload["version"]) for d in channel.sent) == [(7, 1), (8, 3)]
    assert all(d.stored for d in channel.sent if d.table_id == 7) and await storage.deliveries.pending() == []


async def test_after_a_restart_what_a_running_table_is_owed_is_drawn_from_the_table_held_again(
        database: Path | str) -> None:
    first = TableService(await Storage.open(database), computer_pause=3600.0, turn_time_limit=0.0)
    down = FakeChannel()
    first.outbox.register(TABLE_MESSAGE, down.send)
    down.fail(http_error(502), seconds=3600)
    await first.start()
    tid = await lobby(first, "block")
    await first.lobbies.set_message(tid, 555)
    await first.lobbies.add_computer(tid, ALICE)
    await first.lobbies.start_game(tid, first.store.get(tid).version, ALICE)
    version = first.store.get(tid).version
    await first.close()
    await first.storage.close()

    second = TableService(await Storage.open(database), computer_pause=3600.0, turn_time_limit=0.0)
    drawn: list[Any] = []

    async def draw(delivery: Delivery, table: Any) -> None:
        drawn.append(table)

    second.outbox.register(TABLE_MESSAGE, draw)
    try:
        await second.start()
        await second.outbox.drain()
        held = second.store.get(tid)
        assert drawn and drawn[-1] is held and held.game is not None and held.version == version
    finally:
        await second.close()
        await second.storage.close()


async def test_the_send_times_of_tables_long_quiet_are_let_go(outbox: tuple[Outbox, FakeChannel],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.outbox, "KEEP_SENDS", 3)
    monkeypatch.setattr(bot.outbox, "FORGET_AFTER", 0.05)
    box, _channel = outbox
    for table_id in range(5):
        await owe(box, table_id, RECAP)
    await box.drain()
    assert len(box.last_sent) == 5
    await asyncio.sleep(0.1)
    await owe(box, 99, RECAP)  # a new worker: the old times go (never one an interval still needs)
    await box.drain()
    assert set(box.last_sent) == {(99, RECAP)}
