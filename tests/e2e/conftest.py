"""Fixtures of the wire tests: the fake Discord on 127.0.0.1, the real bot as a subprocess pointed at it, and its
database: a SQLite file, or a new database on a throwaway PostgreSQL server (tests/service/pg_server.py; the
PostgreSQL variants are skipped, saying why, where no server can be started)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import asyncpg
import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.saved import SavedDatabase
from tests.service.pg_server import postgres_server

REPO = Path(__file__).resolve().parents[2]
#: The marks of every wire test (aiohttp's own multipart reader, the fake's, reading the bot's uploads, calls a
#: deprecated method of aiohttp).
WIRE_TEST = [pytest.mark.e2e, pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")]
#: Lines of a bot's log that mean trouble; ERRORS, the ones that mean something failed.
TROUBLE = ("WARNING", "ERROR", "CRITICAL", "Traceback")
ERRORS = ("ERROR", "CRITICAL", "Traceback")
#: discord.py's notices that the machine is slow (its event loop late for the gateway heartbeat): a loaded machine,
#: the tests running in parallel, says so without anything being wrong with the bot.
LOAD_NOTICES = ("Can't keep up, shard ID", "heartbeat blocked for more than")


class BotProcess:
    """``python -m bot`` against the fake: started, killed with SIGKILL and started again on the same database.

    ``database_url``: its ``DATABASE_URL`` (default: a SQLite file in ``workdir``); ``shard_count`` and
    ``shard_ids``: its ``SHARD_COUNT``/``SHARD_IDS`` (default: none, so it runs the shards the fake recommends);
    ``dev_guild``: whether it syncs its slash commands to the fake's first guild only (else globally).
    """

    def __init__(self, fake: FakeDiscord, workdir: Path, database_url: str | None = None, *,
                 shard_count: int | None = None, shard_ids: Sequence[int] = (), dev_guild: bool = True,
                 name: str = "bot") -> None:
        self.fake, self.workdir, self.name = fake, workdir, name
        workdir.mkdir(parents=True, exist_ok=True)
        self.db = SavedDatabase(database_url or f"sqlite:///{workdir / 'hall.db'}")
        self.shard_count, self.shard_ids, self.dev_guild = shard_count, tuple(shard_ids), dev_guild
        self.process: subprocess.Popen[bytes] | None = None
        self.logs: list[Path] = []
        self.extra_env: dict[str, str] = {}  # more settings for the next start

    @property
    def shards(self) -> tuple[int, ...]:
        """The shard ids this process runs."""
        return self.shard_ids or tuple(range(self.shard_count or self.fake.shards))

    def environment(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD", "SHARD_"))}
        env.update({
            "DISCORD_TOKEN": "fake-token-for-the-wire-test", "DISCORD_API_BASE": self.fake.api_base,
            "DISCORD_GATEWAY_URL": self.fake.gateway_url, "DATABASE_URL": self.db.url,
            "COMPUTER_PAUSE_SECONDS": "0", "TURN_TIME_LIMIT_SECONDS": "0",
            "LOG_LEVEL": "INFO", "PYTHONPATH": str(REPO), "PYTHONUNBUFFERED": "1",
        })
        if self.dev_guild:
            env["DEV_GUILD_ID"] = str(self.fake.GUILD_ID)
        if self.shard_count is not None:
            env["SHARD_COUNT"] = str(self.shard_count)
            if self.shard_ids:
                env["SHARD_IDS"] = ",".join(map(str, self.shard_ids))
        env.update(self.extra_env)
        return env

    def start(self) -> None:
        """Start a fresh bot process (its stderr goes to a numbered log file)."""
        assert self.process is None or self.process.poll() is not None, "the bot is already running"
        log = self.workdir / f"{self.name}-{len(self.logs) + 1}.log"
        self.logs.append(log)
        with log.open("wb") as sink:
            self.process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=self.workdir, env=self.environment(),
                                            stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT)

    async def start_and_connect(self, timeout: float = 20.0) -> None:
        """Start the bot and wait until each of its shards has identified and been sent READY and its guilds."""
        identified = self.fake.gateway.identified
        before = {shard: identified[shard] for shard in self.shards}

        def connected() -> bool:
            return all(identified[shard] > count for shard, count in before.items())

        self.start()
        await self.fake.wait_for(lambda: connected() or self._died(), timeout,
                                 f"{self.name} to IDENTIFY shards {self.shards} and get READY")
        code = self.process.returncode if self.process is not None else None
        assert connected(), f"{self.name} exited with {code}:\n{self.log_text()}"

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

    def troubles(self, expected: Sequence[str] = (), *, words: Sequence[str] = TROUBLE) -> list[str]:
        """Every WARNING, ERROR, CRITICAL or traceback line of its logs (``words``) but discord.py's notices of a
        slow machine and the ``expected`` ones (substrings). A voice notice is trouble: the bot silences them."""
        return [line for line in self.log_text().splitlines() if any(word in line for word in words)
                and not any(known in line for known in (*LOAD_NOTICES, *expected))]

    def errors(self) -> list[str]:
        """Every ERROR, CRITICAL or traceback line of its logs: something failed."""
        return self.troubles(words=ERRORS)


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """The throwaway PostgreSQL server of this run (a test asking for it is skipped, saying why, if none starts)."""
    with postgres_server() as (url, why):
        if url is None:
            pytest.skip(why)
        yield url


@asynccontextmanager
async def new_database(server_url: str) -> AsyncIterator[str]:
    """A new, empty database on the server, dropped afterwards (whoever is still connected); its URL."""
    name = f"e2e_{uuid.uuid4().hex[:12]}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
        yield f"{server_url.rsplit('/', 1)[0]}/{name}"
    finally:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()


@pytest.fixture
async def postgres_database(postgres_server_url: str) -> AsyncIterator[str]:
    """The URL of a new, empty PostgreSQL database."""
    async with new_database(postgres_server_url) as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
async def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """The bot's DATABASE_URL: a new SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'hall.db'}"
        return
    async with new_database(request.getfixturevalue("postgres_server_url")) as url:
        yield url


@asynccontextmanager
async def running(*bots: BotProcess) -> AsyncIterator[tuple[BotProcess, ...]]:
    """Bot processes, always killed at the end, their logs printed (pytest shows them when the test fails)."""
    started = time.monotonic()
    try:
        yield bots
    finally:
        for bot in bots:
            bot.kill()
            await bot.db.close()
            print(f"{bot.name} logs ({time.monotonic() - started:.1f}s):\n{bot.log_text()}")


@pytest.fixture
async def bot_process(fake_discord: FakeDiscord, tmp_path: Path, database_url: str) -> AsyncIterator[BotProcess]:
    """The bot process, on each database in turn."""
    async with running(BotProcess(fake_discord, tmp_path, database_url)) as (bot,):
        yield bot
