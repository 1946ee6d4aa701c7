"""The bot's Prometheus metrics (``prometheus-client``), served at ``/metrics`` when ``HEALTH_PORT`` is set
(bot/health.py). Where each thing happens calls one of these, in one line; the engine never does.

Every name begins ``domino_hall_``. Counting costs a few hundred nanoseconds, so the calls are made whether or not
the metrics are served.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

#: The bot's own registry (not the library's global one), so the exposition holds exactly the bot's metrics.
REGISTRY = CollectorRegistry()
#: Buckets in seconds, from a fast click to Discord's 3-second limit for acknowledging an interaction and beyond.
_FAST = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)

OPEN_TABLES = Gauge("domino_hall_open_tables", "Lobbies and games open in this process", registry=REGISTRY)
MOVES = Counter("domino_hall_moves", "Moves applied and saved, by who chose them (person, computer, timer)",
                ["actor"], registry=REGISTRY)
ACKNOWLEDGEMENT = Histogram(
    "domino_hall_acknowledgement_seconds", "From Discord creating an interaction (its id's time) to the bot sending "
    "its first answer (Discord allows 3 s)", buckets=_FAST, registry=REGISTRY)
PICTURE = Histogram("domino_hall_picture_render_seconds", "Drawing one picture (table, hand, scores, recap), with "
                    "its wait for the drawing worker",
                    buckets=_FAST, registry=REGISTRY)
DATABASE_WRITE = Histogram("domino_hall_database_write_seconds",
                           "Committing one change of a table (its state, action log entry and results)",
                           buckets=_FAST, registry=REGISTRY)
RATE_LIMITED = Counter("domino_hall_discord_rate_limited", "HTTP 429 answers received from Discord",
                       registry=REGISTRY)
RECONNECTS = Counter("domino_hall_gateway_reconnects", "Gateway reconnections (resumed, or identified again) after "
                     "a shard's first connection", registry=REGISTRY)

if TYPE_CHECKING:
    import aiohttp

T = TypeVar("T")

_connected_shards: set[int | None] = set()


def exposition() -> bytes:
    """The metrics in Prometheus's text format."""
    return generate_latest(REGISTRY)


def count_open_tables(owner: T, count: Callable[[T], int]) -> None:
    """Read the number of open tables at each scrape: ``count(owner)``. The owner (the bot, or a table service) is
    held weakly, so the metrics never keep a bot that was let go alive, with its database connection."""
    held = weakref.ref(owner)

    def value() -> float:
        alive = held()
        return float(count(alive)) if alive is not None else 0.0

    OPEN_TABLES.set_function(value)


@contextmanager
def timed(histogram: Histogram) -> Iterator[None]:
    """Observe how long the block takes, in seconds (also when it raises)."""
    start = time.perf_counter()
    try:
        yield
    finally:
        histogram.observe(time.perf_counter() - start)


def gateway_connected(shard_id: int | None) -> None:
    """A shard connected: a reconnection unless it is that shard's first connection."""
    if shard_id in _connected_shards:
        RECONNECTS.inc()
    _connected_shards.add(shard_id)


def http_trace() -> aiohttp.TraceConfig:
    """An aiohttp trace for discord.py's HTTP session (``Client(http_trace=...)``) that counts 429 answers: discord.py
    waits and retries them itself, so the bot's code never sees them."""
    import aiohttp  # (here: the picture worker processes import this module, and need none of Discord)

    trace = aiohttp.TraceConfig()

    async def on_request_end(session: aiohttp.ClientSession, context: SimpleNamespace,
                             params: aiohttp.TraceRequestEndParams) -> None:
        if params.response.status == 429:
            RATE_LIMITED.inc()

    trace.on_request_end.append(on_request_end)
    return trace


def watch_acknowledgements() -> None:
    """Time every interaction's first answer (a reply, a defer, an edit of the clicked message, a modal): discord.py
    sends each through one method of its webhook adapter, wrapped here once per process. Measured from the
    interaction's creation by Discord (the time in its id), as Discord's 3-second limit is."""
    import discord

    adapter: Any = discord.webhook.async_.AsyncWebhookAdapter
    if getattr(adapter.create_interaction_response, "_timed", False):
        return
    original = adapter.create_interaction_response

    def create_interaction_response(self: Any, interaction_id: int, *args: Any, **kwargs: Any) -> Any:
        created = discord.utils.snowflake_time(int(interaction_id)).timestamp()
        ACKNOWLEDGEMENT.observe(max(0.0, time.time() - created))
        return original(self, interaction_id, *args, **kwargs)

    create_interaction_response._timed = True  # type: ignore[attr-defined]
    adapter.create_interaction_response = create_interaction_response
