"""The real bot process with HEALTH_PORT and LOG_FORMAT=json against the fake Discord: /healthz turns 200 once the
gateway is connected (503 before, while it connects, is allowed), /metrics times the acknowledgements and counts the
gateway's RESUME as a reconnection, every log line is one JSON object, and /healthz goes when the bot is killed."""

from __future__ import annotations

import asyncio
import json
import re
import socket
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.conftest import WIRE_TEST, BotProcess, running
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.table_play import ALICE

pytestmark = WIRE_TEST


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def sample(text: str, name: str) -> float:
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    assert found is not None, f"{name} not in /metrics"
    return float(found.group(1))


async def test_wire_healthz_metrics_and_json_logs(fake_discord: FakeDiscord, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fake, port = fake_discord, free_port()
    monkeypatch.setenv("HEALTH_PORT", str(port))
    monkeypatch.setenv("LOG_FORMAT", "json")
    fake.user(ALICE, "alice")
    async with running(BotProcess(fake, tmp_path)) as (bot,):
        await bot.start_and_connect()
        healthy: list[tuple[int, str]] = []

        async def poll() -> bool:
            try:
                healthy.append(await get(port, "/healthz"))
            except aiohttp.ClientConnectionError:
                return False
            return healthy[-1][0] == 200

        for _ in range(100):
            if await poll():
                break
            await asyncio.sleep(0.1)
        assert healthy and healthy[-1] == (200, '{"database": "ok", "gateway": "connected"}'), healthy[-3:]

        before = (await get(port, "/metrics"))[1]
        await fake.answered(await fake.slash(ALICE, "help"))
        resumes = fake.resumes
        await fake.ask_to_reconnect()
        await fake.wait_for(lambda: fake.resumes > resumes, 15, "the bot to RESUME its gateway session")
        await fake.answered(await fake.slash(ALICE, "games"))
        after = (await get(port, "/metrics"))[1]
        acknowledged = "domino_hall_acknowledgement_seconds_count"
        assert sample(after, acknowledged) == sample(before, acknowledged) + 2
        assert sample(after, "domino_hall_gateway_reconnects_total") >= 1
        assert sample(after, "domino_hall_open_tables") == 0
        bot.kill()
        with pytest.raises(aiohttp.ClientConnectionError):
            await get(port, "/healthz")
        lines = [line for line in bot.log_text().splitlines() if line and not line.startswith("----- ")]
        records = [json.loads(line) for line in lines]
        assert records and all({"time", "level", "logger", "message"} <= set(r) for r in records)
        assert any("health and metrics on http://127.0.0.1" in r["message"] for r in records)
