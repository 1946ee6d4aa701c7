"""Issue 25, finding 7 from outside: two bot processes misconfigured onto one shard of one database. The second
sees that a running Domino Hall process of this machine holds it, and stops at once with one line and exit code 2;
the first runs on.
A process killed with -9 leaves its lease behind, and the next process on this machine takes it over at once."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from tests.e2e.conftest import WIRE_TEST, BotProcess, running
from tests.e2e.fake_discord import FakeDiscord

pytestmark = WIRE_TEST


async def exit_code(bot: BotProcess, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    while bot.running:
        assert time.monotonic() < deadline, f"{bot.name} did not stop:\n{bot.log_text()}"
        await asyncio.sleep(0.2)
    assert bot.process is not None
    return int(bot.process.returncode)


async def test_a_second_process_for_a_running_shard_refuses_to_start(fake_discord: FakeDiscord, tmp_path: Path,
                                                                     database_url: str) -> None:
    first = BotProcess(fake_discord, tmp_path / "first", database_url, shard_count=1, shard_ids=(0,), name="first")
    second = BotProcess(fake_discord, tmp_path / "second", database_url, shard_count=1, shard_ids=(0,),
                        name="second")
    async with running(first, second):
        await first.start_and_connect()
        second.start()
        assert await exit_code(second, 90) == 2
        refusal = [line for line in second.log_text().splitlines() if line.startswith("domino-hall:")]
        assert len(refusal) == 1 and "shard 0 is held by another running process" in refusal[0], second.log_text()
        assert first.running

        # killed -9, the first leaves its lease live behind it: the next process of this machine takes it over
        first.kill()
        started = time.monotonic()
        await second.start_and_connect()
        assert time.monotonic() - started < 20  # (not the lease's 30 s)
        assert "shard lease taken" in second.log_text()
