"""Fixtures of the wire test: the fake Discord on 127.0.0.1 and the real bot as a subprocess pointed at it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord

REPO = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m bot`` against the fake: started, killed with SIGKILL and started again on the same database."""

    def __init__(self, fake: FakeDiscord, workdir: Path) -> None:
        self.fake = fake
        self.workdir = workdir
        self.database = workdir / "hall.db"
        self.process: subprocess.Popen[bytes] | None = None
        self.logs: list[Path] = []

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD"))}
        env.update({
            "DISCORD_TOKEN": "fake-token-for-the-wire-test", "DISCORD_API_BASE": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url, "DATABASE_URL": f"sqlite:///{self.database}",
            "DEV_GUILD_ID": str(self.fake.GUILD_ID), "COMPUTER_PAUSE_SECONDS": "0", "TURN_TIME_LIMIT_SECONDS": "0",
            "LOG_LEVEL": "INFO", "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1",
        })
        return env

    def start(self) -> None:
        """Start a fresh bot process (its stderr goes to a numbered log file)."""
        assert self.process is None or self.process.poll() is not None, "the bot is already running"
        log = self.workdir / f"bot-{len(self.logs) + 1}.log"
        self.logs.append(log)
        with log.open("wb") as sink:
            self.process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=self.workdir, env=self.environment(),
                                            stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)

    async def start_and_connect(self, timeout: float = 20.0) -> None:
        """Start the bot and wait until the fake has sent it READY and the guild."""
        before = self.fake.identifies
        self.start()
        await self.fake.wait_for(lambda: self.fake.identifies > before or self._died(), timeout,
                                 "the bot to IDENTIFY and get READY")
        code = self.process.returncode if self.process is not None else None
        assert self.fake.identifies > before, f"the bot exited with {code}:\n{self.log_text()}"

    def _died(self) -> bool:
        return self.process is not None and self.process.poll() is not None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown code of the bot runs."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def log_text(self) -> str:
        return "\n".join(f"----- {log.name} -----\n{log.read_text(errors='replace')}" for log in self.logs
                         if log.exists())


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture
def bot_process(fake_discord: FakeDiscord, tmp_path: Path) -> Iterator[BotProcess]:
    """The bot process; always killed at teardown, its logs printed (pytest shows them when the test fails)."""
    bot = BotProcess(fake_discord, tmp_path)
    started = time.monotonic()
    try:
        yield bot
    finally:
        bot.kill()
        print(f"bot logs ({time.monotonic() - started:.1f}s):\n{bot.log_text()}")
