"""Discord's global request limit, shared out: what the table pictures may spend once everything else is counted.

Discord allows a bot 50 requests a second across all its routes, interaction endpoints excepted (answers to clicks
and edits through an interaction token, such as a live hand). :class:`RequestBudget` watches every request the bot
makes, through discord.py's HTTP client, and keeps a sliding window of the ones that count. Table message edits are
the only requests the bot can put off, so they get what the others leave: every table edit of the process takes its
place in one queue spaced to that rate, and a table whose edit waits in it shows its latest state when its turn
comes. Everything the outbox sends (bot/outbox.py: table pictures, recaps, standings, a nudge's deletion) is paced
the same way: its requests count as paced ones (:data:`PACED`), whatever their route. When many tables change at
once, or nudges and announcements take more, the pictures update less often. Clicks never wait for it.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

#: Discord's global limit (requests a second per bot) and what the bot plans to use of it: a margin for the
#: requests it does not see coming (command syncs, a burst of nudges at once) and for the network, which can bunch
#: requests sent evenly (benchmarks/discord_requests.py measures them as they arrive).
GLOBAL_LIMIT = 50.0
PLANNED = 40.0
#: The least the table pictures get, however busy the rest is (so that a table never stops updating).
LEAST_FOR_TABLES = 5.0
WINDOW = 5.0
#: The route of a table message edit, as discord.py names it.
TABLE_EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


#: True inside the outbox's senders (bot/outbox.py): the requests they make wait their turn like table edits.
PACED: ContextVar[bool] = ContextVar("paced", default=False)


def paced(method: str, path: str) -> bool:
    """Whether a request is one the bot paces: a table message edit, or anything the outbox sends."""
    return (method, path) == TABLE_EDIT or PACED.get()


def exempt(path: str) -> bool:
    """Whether a request on this discord.py route path is an interaction endpoint (not globally limited)."""
    return path.startswith(("/interactions/", "/webhooks/{webhook_id}/{webhook_token}"))


class RequestBudget:
    """A sliding window of the bot's globally limited requests; :meth:`for_tables` is what table edits may use."""

    def __init__(self, clock: Callable[[], float] | None = None, planned: float = PLANNED) -> None:
        self.planned = planned  # (math.inf: no pacing, for tests that want edits at once)
        self.clock = clock or (lambda: time.monotonic())  # looked up at each call: tests may run a virtual clock
        self.others: deque[float] = deque()  # when each counted request that is not a table edit was made
        self.edits: deque[float] = deque()
        self.next_edit = -float("inf")  # the earliest time the next table edit may go

    def note(self, method: str, path: str) -> None:
        """Count one request the bot is about to make (a discord.py route's method and path template)."""
        if exempt(path):
            return
        (self.edits if paced(method, path) else self.others).append(self.clock())

    def _trim(self) -> None:
        horizon = self.clock() - WINDOW
        for times in (self.others, self.edits):
            while times and times[0] < horizon:
                times.popleft()

    def rate(self) -> tuple[float, float]:
        """(table edits, other counted requests) per second over the last :data:`WINDOW` seconds."""
        self._trim()
        return len(self.edits) / WINDOW, len(self.others) / WINDOW

    def for_tables(self) -> float:
        """Table message edits a second that keep the whole bot within :data:`PLANNED`."""
        return max(LEAST_FOR_TABLES, self.planned - self.rate()[1])

    def reserve_table_edit(self) -> float:
        """Book the next table edit's place in the bot's queue: the seconds to wait before making it. Edits are
        spaced by ``1 / for_tables()``, so however many tables change at once, their edits together keep the
        rate that the other requests leave."""
        if math.isinf(self.planned):  # no pacing: never a wait (whatever the clock did meanwhile)
            return 0.0
        now = self.clock()
        slot = max(now, self.next_edit)
        self.next_edit = slot + 1.0 / self.for_tables()
        return slot - now

    async def table_edit_turn(self) -> None:
        """Wait for a table edit's place in the queue (see :meth:`reserve_table_edit`)."""
        wait = self.reserve_table_edit()
        if wait > 0:
            await asyncio.sleep(wait)

    def table_edit_delay(self) -> float:
        """Seconds until one more table edit fits in the last second's share (0: it fits now). The queue spaces
        edits before their pictures are drawn; drawing takes a varying time, so this second check, just before
        the request, keeps bursts of finished pictures within the share too."""
        if math.isinf(self.planned):
            return 0.0
        now = self.clock()
        allowed = max(1, int(self.for_tables()))
        recent = [t for t in self.edits if t > now - 1.0]
        if len(recent) < allowed:
            return 0.0
        return recent[-allowed] + 1.0 - now

    async def table_edit_second(self) -> None:
        """Wait until a table edit fits in the last second's share (see :meth:`table_edit_delay`)."""
        while (delay := self.table_edit_delay()) > 0:
            await asyncio.sleep(delay)

    def watch(self, http: Any) -> None:
        """Count every request made through a discord.py ``HTTPClient`` from now on."""
        request = http.request

        async def counted(route: Any, **kwargs: Any) -> Any:
            if paced(route.method, route.path) and not exempt(route.path):
                await self.table_edit_second()
            self.note(route.method, route.path)
            return await request(route, **kwargs)

        http.request = counted
