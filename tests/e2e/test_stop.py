"""Stopping the real bot process (issue 25): SIGTERM (``docker stop``) or Ctrl-C (SIGINT) ends it within 5 seconds,
with exit code 0 and a "stopped" line, in every state an operator meets: logging in to a Discord that never answers,
running with tables open, right after a match ended, after start-up abandoned a damaged row, and with PostgreSQL
down. Every thread ends with it (the process would otherwise stay alive), and so does every worker process it
started (the image workers of bot/offload.py).

Each test prints the seconds from the signal to the exit; README's operator section quotes them.
"""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from tests.e2e.conftest import WIRE_TEST, BotProcess, running
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.table_play import ALICE, MatchEndedEarly, Player, open_table
from tests.service.pg_server import stopped

pytestmark = WIRE_TEST

#: What the README promises: a requested stop is over within this many seconds.
STOP_PROMISE = 5.0
HOUSE_RULES = (("target", "50"), ("set", "6"))


def descendants(pid: int) -> set[int]:
    """The processes ``pid`` started, and theirs (read from /proc)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = {int(c) for c in (task / "children").read_text().split()}
        except OSError:
            continue
        for child in children - found:
            found |= {child} | descendants(child)
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie waiting to be reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


async def stop(bot: BotProcess, sig: signal.Signals = signal.SIGTERM) -> float:
    """Send ``sig`` to the bot and wait (a while past the promise, to measure) for it and its worker processes to
    end; the seconds that took. Asserts a clean, requested stop: exit code 0, a "stopped" line, no traceback."""
    process = bot.process
    assert process is not None and process.poll() is None, f"the bot is not running:\n{bot.log_text()}"
    workers = descendants(process.pid)
    sent = time.monotonic()
    process.send_signal(sig)
    while (process.poll() is None or any(alive(w) for w in workers)) and time.monotonic() - sent < 4 * STOP_PROMISE:
        await asyncio.sleep(0.02)
    seconds = time.monotonic() - sent
    print(f"{sig.name}: stopped in {seconds:.2f} s (exit code {process.poll()}, {len(workers)} worker processes)")
    log = bot.logs[-1].read_text(errors="replace")
    after = log[log.find(f"{sig.name}: stopping"):]  # what the bot logged once it was asked to stop
    assert process.poll() is not None, f"still running {seconds:.1f} s after {sig.name}:\n{log}"
    assert not [w for w in workers if alive(w)], f"worker processes outlived the bot: {workers}"
    assert process.returncode == 0, f"exit code {process.returncode} after {sig.name}:\n{log}"
    assert seconds < STOP_PROMISE, f"{seconds:.1f} s to stop after {sig.name}:\n{log}"
    assert f"domino_hall: stopped after {sig.name} in" in after and "Traceback" not in after, log
    assert "exiting now" not in after, "the clean stop hung and the last resort ended the process"
    return seconds


async def a_few_moves(fake: FakeDiscord, bot: BotProcess) -> Player:
    """A Block table against a computer with two of alice's moves made (a new table if the match ends first)."""
    for _ in range(3):
        tid, table = await open_table(fake, bot.db, HOUSE_RULES)
        alice = await Player.seated(fake, bot, tid, table)
        try:
            await alice.play(2)
        except MatchEndedEarly:
            continue
        return alice
    raise AssertionError("three matches in a row ended within two moves")


async def test_sigterm_while_running_with_tables_open(fake_discord: FakeDiscord, bot_process: BotProcess) -> None:
    fake_discord.user(ALICE, "alice")
    await bot_process.start_and_connect()
    await a_few_moves(fake_discord, bot_process)
    await stop(bot_process)


@pytest.fixture
async def at_a_table(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[tuple[BotProcess, Player]]:
    """The bot on SQLite, alice at a Block table with a few moves made."""
    fake_discord.user(ALICE, "alice")
    async with running(BotProcess(fake_discord, tmp_path)) as (bot,):
        await bot.start_and_connect()
        yield bot, await a_few_moves(fake_discord, bot)


async def test_sigterm_right_after_a_match_ended(at_a_table: tuple[BotProcess, Player]) -> None:
    bot, alice = at_a_table
    await alice.play_to_the_end()
    await alice.fake.wait_for(lambda: "Rematch" in str(alice.table.components), 10, "the match result")
    await stop(bot)


async def test_sigterm_after_start_up_abandoned_a_damaged_row(at_a_table: tuple[BotProcess, Player]) -> None:
    bot, alice = at_a_table
    bot.kill()
    with sqlite3.connect(bot.workdir / "hall.db") as conn:  # neither the state nor the log can rebuild the game
        conn.execute("UPDATE tables SET state='{not json' WHERE id=?", (alice.tid,))
        conn.execute("UPDATE actions SET action='play:99-99' WHERE table_id=?", (alice.tid,))
    await bot.start_and_connect()
    await alice.fake.wait_for(lambda: "it is abandoned" in bot.logs[-1].read_text(), 10, "the abandoned row")
    assert (await bot.db.table_row(alice.tid))["status"] == "abandoned"
    await stop(bot)


async def test_sigterm_with_postgresql_down(fake_discord: FakeDiscord, tmp_path: Path,
                                           postgres_server_url: str) -> None:
    fake_discord.user(ALICE, "alice")
    name = f"e2e_stop_{uuid.uuid4().hex[:12]}"
    await admin(postgres_server_url, f"CREATE DATABASE {name}")
    try:
        async with running(BotProcess(fake_discord, tmp_path, f"{postgres_server_url.rsplit('/', 1)[0]}/{name}")
                           ) as (bot,):
            await bot.start_and_connect()
            alice = await a_few_moves(fake_discord, bot)
            # alice's turn: no computer move is under way to fail (and log its retries) as the server goes
            await fake_discord.wait_for(alice.saved.my_turn_or_over, 15, "alice's turn", 0.03)
            await bot.db.close()  # the test's own connection would go down with the server
            with stopped(postgres_server_url):
                await stop(bot)
    finally:
        await admin(postgres_server_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


async def admin(server_url: str, statement: str) -> None:
    """One statement on the server's ``postgres`` database, on a connection of its own."""
    conn = await asyncpg.connect(server_url)
    try:
        await conn.execute(statement)
    finally:
        await conn.close()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_while_logging_in_to_a_discord_that_never_answers(
        fake_discord: FakeDiscord, tmp_path: Path, sig: signal.Signals) -> None:
    """The gateway accepts the connection and never says HELLO: Ctrl-C or SIGTERM is a requested stop, exit 0."""
    fake_discord.gateway.silent = True
    async with running(BotProcess(fake_discord, tmp_path)) as (bot,):
        bot.start()
        await fake_discord.wait_for(lambda: fake_discord.gateway.silent_connections or not bot.running, 20,
                                    "the bot to connect to the gateway")
        await asyncio.sleep(0.5)
        await stop(bot, sig)
        assert "cannot reach Discord" not in bot.log_text()

