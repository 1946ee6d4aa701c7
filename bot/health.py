"""``/healthz`` and ``/metrics`` over HTTP (aiohttp, which discord.py already brings), served only when ``HEALTH_PORT``
is set, on ``HEALTH_HOST`` (127.0.0.1 by default: a Docker HEALTHCHECK or a scraper on the same machine).

``/healthz`` answers 200 with ``{"database": "ok", "gateway": "connected"}`` only when the database answers a trivial
query and the Discord gateway is connected; otherwise 503 with what is wrong, so an orchestrator restarts a bot that
lost either. ``/metrics`` is the Prometheus exposition of bot/metrics.py.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot import metrics
from bot.storage import Store

log = logging.getLogger("domino_hall.health")
#: How long the database may take to answer the health query before it counts as down.
DATABASE_TIMEOUT = 3.0


async def database_answers(db: Store | None) -> bool:
    """Whether the database answers ``SELECT 1`` within :data:`DATABASE_TIMEOUT`."""
    if db is None:
        return False
    try:
        row = await asyncio.wait_for(db.fetchone("SELECT 1"), DATABASE_TIMEOUT)
    except Exception:  # closed, unreachable, timed out: all mean "not healthy", said in the answer
        return False
    return row is not None and int(row[0]) == 1


class HealthServer:
    """The HTTP server: ``database`` gives the open database (None once closed), ``gateway`` tells whether the
    gateway is connected now."""

    def __init__(self, database: Callable[[], Store | None], gateway: Callable[[], bool], *,
                 host: str = "127.0.0.1", port: int = 0) -> None:
        self.database, self.gateway = database, gateway
        self.host, self.port = host, port
        self._runner: web.AppRunner | None = None

    def app(self) -> web.Application:
        """The routes."""
        app = web.Application()
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        return app

    async def healthz(self, request: web.Request) -> web.Response:
        database = "ok" if await database_answers(self.database()) else "unreachable"
        gateway = "connected" if self.gateway() else "disconnected"
        healthy = database == "ok" and gateway == "connected"
        return web.json_response({"database": database, "gateway": gateway}, status=200 if healthy else 503)

    async def metrics(self, request: web.Request) -> web.Response:
        response = web.Response(body=metrics.exposition())
        response.headers["Content-Type"] = CONTENT_TYPE_LATEST
        return response

    async def start(self) -> int:
        """Listen; returns the port (the one the system chose when ``port`` is 0)."""
        runner = web.AppRunner(self.app(), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        try:
            await site.start()
        except OSError:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(runner.addresses[0][1]) if runner.addresses else self.port
        log.info("health and metrics on http://%s:%d/healthz and /metrics", self.host, self.port)
        return self.port

    async def stop(self) -> None:
        """Stop listening."""
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
