"""Logging in to a Discord that accepts the connection and never answers (issue 25): the log says what the bot is
waiting for within 10 seconds, and after ``DISCORD_CONNECT_TIMEOUT`` the process ends with one clear line and exit
code 2, instead of minutes of silence and a bare ``TimeoutError``."""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.e2e.conftest import WIRE_TEST, BotProcess, running
from tests.e2e.fake_discord import FakeDiscord

pytestmark = WIRE_TEST


async def test_a_gateway_that_never_answers_is_reported_then_given_up(fake_discord: FakeDiscord,
                                                                       tmp_path: Path) -> None:
    fake_discord.gateway.silent = True
    async with running(BotProcess(fake_discord, tmp_path)) as (bot,):
        bot.extra_env["DISCORD_CONNECT_TIMEOUT"] = "8"
        bot.start()
        await fake_discord.wait_for(lambda: fake_discord.gateway.silent_connections or not bot.running, 20,
                                    "the bot to connect to the gateway")
        connected = time.monotonic()
        waiting = f"still waiting for Discord at {fake_discord.gateway_url} (5 s so far)"
        await fake_discord.wait_for(lambda: waiting in bot.log_text() or not bot.running, 10,
                                    "the bot to say what it waits for")
        noticed = time.monotonic() - connected
        assert waiting in bot.log_text(), bot.log_text()
        await fake_discord.wait_for(lambda: not bot.running, 15, "the bot to give up")
        gave_up = time.monotonic() - connected
        assert bot.process is not None and bot.process.returncode == 2, bot.log_text()
        log = bot.log_text()
        last = log.strip().splitlines()[-1]
        assert re.fullmatch(r"domino-hall: gave up after 8 s waiting for Discord at ws:\S+: check the "
                            r"network .*DISCORD_CONNECT_TIMEOUT sets how long to wait", last), last
        assert "Traceback" not in log and "TimeoutError" not in log, log
        print(f"silent gateway: 'still waiting' after {noticed:.1f} s, gave up after {gave_up:.1f} s "
              f"(DISCORD_CONNECT_TIMEOUT=8)")
