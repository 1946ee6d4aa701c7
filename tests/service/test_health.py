"""/healthz and /metrics (bot/health.py, bot/metrics.py) on a free port against a real SQLite storage, the 429
counter, LOG_FORMAT=json and the settings that turn them on."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot import metrics
from bot.health import HealthServer
from bot.logjson import JsonFormatter
from bot.settings import Settings, SettingsError
from bot.storage import Storage
from bot.tables import TableService
from tests.service.test_tables import ALICE, BOB

METRIC_NAMES = ("domino_hall_open_tables", "domino_hall_moves_total", "domino_hall_acknowledgement_seconds",
                "domino_hall_picture_render_seconds", "domino_hall_database_write_seconds",
                "domino_hall_discord_rate_limited_total", "domino_hall_gateway_reconnects_total")


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[Storage]:
    storage = await Storage.open(tmp_path / "hall.db")
    yield storage
    await storage.close()  # (a second close, after a test closed it, does nothing)


def sample(text: str, name: str, labels: str = "") -> float:
    """One sample's value in a Prometheus exposition (0 when absent)."""
    found = re.search(rf"^{re.escape(name + labels)} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


async def test_healthz_is_200_only_with_the_database_answering_and_the_gateway_connected(sqlite: Storage) -> None:
    state: dict[str, Any] = {"db": sqlite.db, "gateway": True}
    server = HealthServer(lambda: state["db"], lambda: bool(state["gateway"]))
    port = await server.start()
    try:
        status, body = await get(port, "/healthz")
        assert (status, json.loads(body)) == (200, {"database": "ok", "gateway": "connected"})
        state["gateway"] = False
        status, body = await get(port, "/healthz")
        assert (status, json.loads(body)) == (503, {"database": "ok", "gateway": "disconnected"})
        state["gateway"] = True
        await sqlite.close()  # the database goes away: the same object, closed
        status, body = await get(port, "/healthz")
        assert (status, json.loads(body)) == (503, {"database": "unreachable", "gateway": "connected"})
        state["db"] = None
        assert (await get(port, "/healthz"))[0] == 503
        assert (await get(port, "/nothing"))[0] == 404
    finally:
        await server.stop()
    with pytest.raises(aiohttp.ClientConnectionError):
        await get(port, "/healthz")


async def test_metrics_name_everything_and_count_a_move(sqlite: Storage) -> None:
    service = TableService(sqlite, computer_pause=0.0, turn_time_limit=0.0)
    await service.start()
    metrics.count_open_tables(service, lambda held: len(held.store.tables))
    server = HealthServer(lambda: sqlite.db, lambda: True)
    port = await server.start()
    try:
        before = (await get(port, "/metrics"))[1]
        table = await service.lobbies.create_lobby(1, 10, ALICE, "alice", "block")
        await service.lobbies.join(table.id, BOB, "bob")
        await service.lobbies.start_game(table.id, service.store.get(table.id).version, ALICE)
        game = service.store.get(table.id).game
        assert game is not None
        seat = game.to_act[0]
        move = str(game.legal_actions(seat)[0])
        await service.play.act(table.id, service.store.get(table.id).version, [ALICE, BOB][seat], move)
        status, after = await get(port, "/metrics")
    finally:
        await server.stop()
        await service.close()
    assert status == 200 and all(name in after for name in METRIC_NAMES)
    moves = 'domino_hall_moves_total', '{actor="person"}'
    assert sample(after, *moves) == sample(before, *moves) + 1
    assert sample(after, "domino_hall_open_tables") == 1
    writes = "domino_hall_database_write_seconds_count"
    assert sample(after, writes) >= sample(before, writes) + 3  # the join, the start and the move


async def test_a_429_from_discord_is_counted() -> None:
    async def limited(request: web.Request) -> web.Response:
        return web.json_response({"message": "You are being rate limited.", "retry_after": 0.1}, status=429)

    app = web.Application()
    app.router.add_get("/", limited)
    runner = web.AppRunner(app)
    await runner.setup()
    await web.TCPSite(runner, "127.0.0.1", 0).start()
    port = runner.addresses[0][1]
    before = sample(metrics.exposition().decode(), "domino_hall_discord_rate_limited_total")
    try:
        async with aiohttp.ClientSession(trace_configs=[metrics.http_trace()]) as session:
            for _ in range(2):
                async with session.get(f"http://127.0.0.1:{port}/") as response:
                    assert response.status == 429
    finally:
        await runner.cleanup()
    assert sample(metrics.exposition().decode(), "domino_hall_discord_rate_limited_total") == before + 2


def test_a_shards_reconnections_are_counted_not_its_first_connection() -> None:
    before = sample(metrics.exposition().decode(), "domino_hall_gateway_reconnects_total")
    metrics.gateway_connected(9001)
    assert sample(metrics.exposition().decode(), "domino_hall_gateway_reconnects_total") == before
    metrics.gateway_connected(9001)
    assert sample(metrics.exposition().decode(), "domino_hall_gateway_reconnects_total") == before + 1


def test_json_log_lines_are_one_object_each_with_the_traceback() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    log = logging.getLogger("domino_hall.test_json")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("table %d: a \"quoted\" word\nand a second line", 12)
        try:
            raise ValueError("broken")
        except ValueError:
            log.exception("it failed")
    finally:
        log.removeHandler(handler)
        log.propagate = True
    lines = stream.getvalue().splitlines()
    first, second = (json.loads(line) for line in lines)
    assert len(lines) == 2 and first["level"] == "WARNING" and first["logger"] == "domino_hall.test_json"
    assert first["message"] == 'table 12: a "quoted" word\nand a second line' and first["time"].endswith("+00:00")
    assert second["message"] == "it failed" and "ValueError: broken" in second["exception"]


def test_settings_turn_health_and_json_logs_on_and_refuse_bad_values() -> None:
    base = {"DISCORD_TOKEN": "x"}
    default = Settings.from_env(base)
    assert (default.health_port, default.health_host, default.log_format) == (None, "127.0.0.1", "text")
    on = Settings.from_env({**base, "HEALTH_PORT": "8080", "HEALTH_HOST": "0.0.0.0", "LOG_FORMAT": "JSON"})
    assert (on.health_port, on.health_host, on.log_format) == (8080, "0.0.0.0", "json")
    for name, value in (("HEALTH_PORT", "http"), ("HEALTH_PORT", "70000"), ("HEALTH_PORT", "0"),
                        ("LOG_FORMAT", "xml")):
        with pytest.raises(SettingsError, match=name):
            Settings.from_env({**base, name: value})


def test_the_open_tables_gauge_does_not_keep_its_bot_alive() -> None:
    """A bot that is let go (a test's restarted bot, say) must be collected, and its database connection with it:
    the gauge holds it weakly."""
    import gc
    import weakref

    class Owner:
        tables = (1, 2)

    owner = Owner()
    metrics.count_open_tables(owner, lambda held: len(held.tables))
    assert sample(metrics.exposition().decode(), "domino_hall_open_tables") == 2
    gone = weakref.ref(owner)
    del owner
    gc.collect()
    assert gone() is None and sample(metrics.exposition().decode(), "domino_hall_open_tables") == 0
