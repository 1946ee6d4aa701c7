"""The outbox: what the bot owes a channel, delivered whatever Discord answers for a while (issue 25).

A delivery (bot/storage/deliveries.py) is the newest state of a table message, a recap or the final standings, a
nudge's deletion: recorded with the table, in the transaction of the change that owes it where there is one, and
deleted once sent. One outbox per process sends them:

- **in order per table**, one at a time (one worker per table with something owed);
- **coalesced**: a newer delivery with the same table, kind and key replaces one not yet sent (only the newest table
  picture matters), in memory and in the database alike;
- **within Discord's global limit** for every request it makes: each send waits its turn in the bot's request
  budget (bot/pacing.py), and the requests it makes count as paced ones;
- **retried** on 429 (after the Retry-After Discord gives; a global 429 holds every table) and on 5xx or a network
  error, with back-off, for as long as it takes; given up (and logged) on another 4xx (403, 404: the channel or
  message is gone), and after :data:`MAX_FAILURES` unexpected errors;
- **resumed after a restart**: :meth:`Outbox.start` reads back what was still owed.

The senders are async callables per kind, given by the adapters (the cogs): bot/ never imports them. Answers to
clicks never go through here: they are made first, by the adapters themselves.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.pacing import PACED, RequestBudget
from bot.storage import Batch, Storage
from bot.storage.deliveries import Delivery

log = logging.getLogger("domino_hall.outbox")

#: Back-off after a failure that came without a Retry-After: 1 s doubling, at most RETRY_CAP seconds.
RETRY_BASE, RETRY_CAP = 1.0, 30.0
#: Unexpected errors (not Discord's nor the network's) a delivery may meet before it is given up.
MAX_FAILURES = 5
#: Last send times kept per (table, kind) for the intervals: pruned past KEEP_SENDS, of those older than
#: FORGET_AFTER seconds (longer than any interval).
KEEP_SENDS, FORGET_AFTER = 1000, 300.0
#: A delivery still owed after this long (a process stopped for days) is dropped at start instead of sent.
MAX_AGE = 24 * 3600.0

#: Sends one delivery; ``table`` is the table it is for (None when it is no longer stored).
Sender = Callable[[Delivery, Any], Awaitable[None]]
#: The table a delivery is for, when this process holds no copy of it (after a restart): read from storage.
Resolver = Callable[[int], Awaitable[Any]]

RETRY, GIVE_UP, FAILED = "retry", "give up", "failed"

#: The kinds of delivery the table services record (an adapter registers a sender for each it shows):
#: the table message's newest state (coalesced; payload: the version and status it was owed at), the recaps of the
#: hands and match an update ended (payload: the version and the indices of those events in the game's log; the
#: match's end among them means the final standings), and a nudge message's deletion (payload: its channel_id and
#: message_id; owed by the adapter that posted it, through :meth:`Outbox.owe`).
TABLE_MESSAGE, RECAP, NUDGE_DELETE = "table", "recap", "nudge_delete"


def verdict(error: BaseException) -> tuple[str, float | None]:
    """What a send's error means: (RETRY, seconds Discord asked to wait, or None), (GIVE_UP, None) for a refusal
    that will not change, or (FAILED, None) for anything unexpected."""
    status = getattr(error, "status", None)
    if isinstance(status, int):
        if status == 429 or status >= 500:
            return RETRY, retry_after(error)
        return GIVE_UP, None
    if isinstance(error, (OSError, TimeoutError, ConnectionError)) or type(error).__module__.startswith("aiohttp"):
        return RETRY, None
    return FAILED, None


def retry_after(error: BaseException) -> float | None:
    """The seconds Discord asked to wait: discord.py's ``retry_after``, else the response's Retry-After header."""
    value = getattr(error, "retry_after", None)
    if value is None:
        headers = getattr(getattr(error, "response", None), "headers", None) or {}
        value = headers.get("Retry-After")
    try:
        seconds = float(value) if value is not None else None
    except (TypeError, ValueError):
        return None
    return seconds if seconds is not None and math.isfinite(seconds) and seconds >= 0 else None


def is_global(error: BaseException) -> bool:
    """Whether a 429 is Discord's global limit (every route waits), not one route's."""
    headers = getattr(getattr(error, "response", None), "headers", None) or {}
    return (str(headers.get("X-RateLimit-Global", "")).lower() == "true"
            or str(headers.get("X-RateLimit-Scope", "")).lower() == "global")


def backoff(failures: int) -> float:
    """Seconds before the next try after ``failures`` failed ones with no Retry-After."""
    return float(min(RETRY_CAP, RETRY_BASE * 2 ** max(0, failures - 1)))


class Outbox:
    """Every delivery this process owes, sent in order per table, coalesced, paced and retried (module doc)."""

    def __init__(self, storage: Storage, *, budget: RequestBudget | None = None,
                 resolve: Resolver | None = None, owns: Callable[[int], bool] | None = None) -> None:
        self.storage = storage
        self.budget = budget or RequestBudget()
        self.resolve = resolve
        self.owns = owns or (lambda guild_id: True)
        self.senders: dict[str, Sender] = {}
        self.intervals: dict[str, Callable[[], float]] = {}
        self.queues: dict[int, list[Delivery]] = {}
        self.sending: dict[int, Delivery] = {}  # by table: the delivery being sent now (never replaced mid-send)
        self.workers: dict[int, asyncio.Task[None]] = {}
        self.last_sent: dict[tuple[int, str], float] = {}  # (table, kind) -> loop time of its last send
        self.held_until = 0.0  # loop time until which a global 429 holds every table
        self._closed = False

    # ----- what the adapters and the table services call ------------------------------------------------------
    def register(self, kind: str, sender: Sender, *, interval: float | Callable[[], float] = 0.0) -> None:
        """Send the deliveries of ``kind`` with ``sender``; ``interval``: the least seconds between two sends of
        that kind for one table (a table message's own edit rate; what waits for it is coalesced meanwhile), or
        what gives it at each send."""
        self.senders[kind] = sender
        self.intervals[kind] = interval if callable(interval) else (lambda: float(interval))

    def wants(self, kind: str) -> bool:
        """Whether deliveries of ``kind`` are sent here (nothing is recorded for a kind nobody sends)."""
        return kind in self.senders and not self._closed

    def new(self, table_id: int, guild_id: int, kind: str, key: str = "", payload: dict[str, Any] | None = None,
            table: Any = None) -> Delivery:
        """A delivery (placed in its table's order when it is recorded)."""
        return Delivery(table_id, guild_id, kind, key, dict(payload or {}), table=table)

    async def owe(self, table_id: int, guild_id: int, kind: str, key: str = "",
                  payload: dict[str, Any] | None = None, table: Any = None) -> Delivery:
        """Record and send a delivery owed without a change of the table (a nudge's deletion)."""
        delivery = self.new(table_id, guild_id, kind, key, payload, table)
        write = Batch()
        await self.storage.deliveries.record(write, delivery)
        await self.storage.db.write(write.statements)
        self.enqueue(delivery)
        return delivery

    def remind(self, table_id: int, guild_id: int, kind: str, key: str = "", payload: dict[str, Any] | None = None,
               table: Any = None) -> None:
        """Send a delivery that need not outlive the process (a table message redrawn after a restart, whose next
        start redraws it anyway), in its table's order; nothing is written."""
        delivery = self.new(table_id, guild_id, kind, key, payload, table)
        delivery.stored = False
        self.enqueue(delivery)

    def enqueue(self, delivery: Delivery) -> None:
        """Send ``delivery`` (already stored) after its table's earlier ones; those it replaces are dropped (a
        delivery kept in memory only replaces none that is stored: the stored one is sent, and shows the same)."""
        if self._closed:
            return
        queue = self.queues.setdefault(delivery.table_id, [])
        in_flight = self.sending.get(delivery.table_id)
        waiting = [d for d in queue if d is not in_flight and delivery.replaces(d)]
        if not delivery.stored and any(d.stored for d in waiting):
            return
        queue[:] = [d for d in queue if not any(d is w for w in waiting)]
        queue.append(delivery)
        if delivery.table_id not in self.workers:
            self._forget_old_sends()
            self.workers[delivery.table_id] = asyncio.create_task(self._work(delivery.table_id),
                                                                  name=f"table-{delivery.table_id}-outbox")

    def _forget_old_sends(self) -> None:
        """Let go of the last send times no interval still needs (a hall open for months sees many tables)."""
        if len(self.last_sent) > KEEP_SENDS:
            horizon = asyncio.get_running_loop().time() - FORGET_AFTER
            self.last_sent = {key: at for key, at in self.last_sent.items() if at > horizon}

    def owed(self, table_id: int | None = None) -> list[Delivery]:
        """What is still owed (to one table, or to all), in order."""
        tables = [table_id] if table_id is not None else list(self.queues)
        return [d for tid in tables for d in self.queues.get(tid, [])]

    # ----- life cycle -----------------------------------------------------------------------------------------
    async def start(self) -> int:
        """Read back what was still owed when the process last stopped (this process's servers only) and send it;
        returns how many deliveries that is."""
        stale: list[str] = []
        count = 0
        for delivery in await self.storage.deliveries.pending():
            if not self.owns(delivery.guild_id):
                continue
            if time.time() - delivery.created_at > MAX_AGE:
                stale.append(delivery.id)
                continue
            self.enqueue(delivery)
            count += 1
        if stale:
            log.warning("outbox: %d deliveries older than %.0f h dropped", len(stale), MAX_AGE / 3600)
            await self.storage.deliveries.done(*stale)
        if count:
            log.info("outbox: %d deliveries owed from before the restart", count)
        return count

    async def drain(self, timeout: float = 30.0) -> None:
        """Wait until nothing is owed (tests; a stop that may wait)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self.workers:
            if asyncio.get_running_loop().time() > deadline:
                raise TimeoutError(f"outbox: still owed after {timeout} s: {self.owed()!r}")
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        """Stop sending (what is still owed stays stored: the next start sends it)."""
        self._closed = True
        tasks = list(self.workers.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    # ----- the per-table worker -----------------------------------------------------------------------------------
    async def _work(self, table_id: int) -> None:
        PACED.set(True)  # (this task's own context) every request a sender makes is paced
        failures = 0
        try:
            while self.queues.get(table_id):
                delivery = self.queues[table_id][0]
                if await self._wait_for_turn(delivery):
                    continue  # it was replaced while it waited: look at the queue again
                outcome, wait = await self._attempt(delivery)
                if outcome is None or outcome == GIVE_UP or (outcome == FAILED and failures + 1 >= MAX_FAILURES):
                    await self._finish(delivery, outcome)
                    failures = 0
                    continue
                failures += 1
                delay = wait if wait is not None else backoff(failures)
                log.warning("table %d: %s delivery not made (%s, %d in a row); trying again in %.1f s", table_id,
                            delivery.kind, outcome, failures, delay)
                await asyncio.sleep(delay)
        finally:
            self.workers.pop(table_id, None)
            self.sending.pop(table_id, None)
            if not self.queues.get(table_id):
                self.queues.pop(table_id, None)

    async def _wait_for_turn(self, delivery: Delivery) -> bool:
        """Wait for the delivery's table interval, a global hold and its place in the request budget; True when it
        was replaced (or sent elsewhere) meanwhile."""
        loop = asyncio.get_running_loop()
        interval = self.intervals[delivery.kind]() if delivery.kind in self.intervals else 0.0
        last = self.last_sent.get((delivery.table_id, delivery.kind), -math.inf)
        wait = max(last + interval, self.held_until) - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        await self.budget.table_edit_turn()
        queue = self.queues.get(delivery.table_id, [])
        return not queue or queue[0] is not delivery

    async def _attempt(self, delivery: Delivery) -> tuple[str | None, float | None]:
        """Send once; (None, None) when sent, else the :func:`verdict` of the error."""
        sender = self.senders.get(delivery.kind)
        if sender is None:
            return GIVE_UP, None
        self.sending[delivery.table_id] = delivery
        try:
            table = delivery.table
            if table is None and self.resolve is not None:
                table = await self.resolve(delivery.table_id)
            self.last_sent[(delivery.table_id, delivery.kind)] = asyncio.get_running_loop().time()
            await sender(delivery, table)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            outcome, wait = verdict(error)
            if outcome == RETRY and wait is not None and is_global(error):
                self.held_until = max(self.held_until, asyncio.get_running_loop().time() + wait)
            if outcome == FAILED:
                log.exception("table %d: sending its %s failed", delivery.table_id, delivery.kind)
            elif outcome == GIVE_UP:
                log.warning("table %d: its %s was refused for good (%s); given up", delivery.table_id,
                            delivery.kind, getattr(error, "status", error))
            return outcome, wait
        finally:
            self.sending.pop(delivery.table_id, None)
        return None, None

    async def _finish(self, delivery: Delivery, outcome: str | None) -> None:
        """Take a delivery off its queue and out of the database (sent, or given up)."""
        queue = self.queues.get(delivery.table_id, [])
        queue[:] = [d for d in queue if d is not delivery]
        if outcome is not None:
            log.warning("table %d: %s delivery dropped after: %s", delivery.table_id, delivery.kind, outcome)
        if not delivery.stored:
            return
        try:
            await self.storage.deliveries.done(delivery.id)
        except Exception as error:  # sent but still stored: a restart sends it again (at least once, never lost)
            log.warning("table %d: a sent delivery could not be forgotten (%s)", delivery.table_id, error)
