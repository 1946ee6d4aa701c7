"""The real bot with HEALTH_PORT set, on simcord: /healthz says the database and the gateway are fine, and every
interaction's acknowledgement is timed in /metrics."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot.client import DominoHall
from tests.bot.conftest import make_bot, release


@pytest.fixture
async def simcord_bot(db_file: Path, fake_games: None) -> AsyncIterator[DominoHall]:
    bot = make_bot(db_file, health_port=0)  # 0: a free port, chosen when the server starts
    yield bot
    if bot.health is not None:
        await bot.health.stop()
    await release(bot)


async def get(port: int, path: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def acknowledged(text: str) -> float:
    found = re.search(r"^domino_hall_acknowledgement_seconds_count (\S+)$", text, re.MULTILINE)
    assert found is not None
    return float(found.group(1))


async def test_the_bot_serves_healthz_and_times_acknowledgements(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bot = simcord_env.bot
    assert bot.health is not None and bot.health.host == "127.0.0.1"
    status, body = await get(bot.health.port, "/healthz")
    assert (status, json.loads(body)) == (200, {"database": "ok", "gateway": "connected"})
    before = acknowledged((await get(bot.health.port, "/metrics"))[1])
    await alice.slash(channel, "help")
    await alice.slash(channel, "games")
    assert acknowledged((await get(bot.health.port, "/metrics"))[1]) == before + 2
