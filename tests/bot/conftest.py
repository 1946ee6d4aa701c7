"""simcord fixtures: the real bot (all cogs, real storage on a temporary file) against simcord's fake Discord."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.client import DominoHall
from bot.pacing import RequestBudget
from bot.settings import Settings
from tests.service.fake_games import registered


def make_bot(db: Path, **overrides: object) -> DominoHall:
    """A bot with no computer pause, no turn timer and no wait between table message edits (nor for Discord's
    global limit: tests/bot/test_pacing.py turns that on)."""
    values: dict[str, object] = {"token": "simcord", "database_path": db, "computer_pause": 0.0,
                                 "turn_time_limit": 0.0, "shard_count": 1, "shard_ids": (0,)}
    values.update(overrides)
    bot = DominoHall(Settings(**values), edit_interval=0.0)  # type: ignore[arg-type]
    bot.budget = RequestBudget(planned=math.inf)
    MADE.append(bot)
    return bot


#: Every bot a test made (a restart makes a second one): each is released after its test, or its database thread
#: would keep the test process alive at exit.
MADE: list[DominoHall] = []


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "hall.db"


async def release(bot: DominoHall) -> None:
    """What bot.close() does to our resources: simcord detaches the bot without closing it, and an open
    aiosqlite connection would keep the test process alive. Releasing a bot twice does nothing more."""
    if getattr(bot, "_released", False):
        return
    bot._released = True  # type: ignore[attr-defined]
    if hasattr(bot, "tables"):
        await bot.tables.close()
    if hasattr(bot, "lease"):
        await bot.lease.close()
    if hasattr(bot, "storage"):
        await bot.storage.close()
        del bot.storage


@pytest.fixture
def fake_games() -> Iterator[None]:
    """The two test games (several seats at once; solo) in the catalogue, so /play offers them."""
    with registered():
        yield


@pytest.fixture
async def simcord_bot(db_file: Path, fake_games: None) -> AsyncIterator[DominoHall]:
    bot = make_bot(db_file)
    yield bot
    await release(bot)
    while MADE:  # and the bots the test made itself (a restart's new bot)
        await release(MADE.pop())


@pytest.fixture(autouse=True)
def no_lease_renewals(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shard lease (bot/leases.py) is taken at start but not renewed in the simcord tests: its renewal reads the
    database every 10 s of simcord's virtual clock, which then never settles while a test advances it by a minute.
    tests/service/test_leases.py checks the renewals."""
    import bot.leases

    monkeypatch.setattr(bot.leases, "RENEW_SECONDS", 24 * 3600.0)


@pytest.fixture(autouse=True)
def strong_thinks_briefly(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Strong computer (the first computer added in the line games) searches a fixed 4 samples with no clock in
    the simcord tests: repeatable, and quick enough that simcord's virtual clock settles (at 0.15 s a move whole
    matches timed out under load). benchmarks/ measure the real budget."""
    import engine.ai.search as search

    monkeypatch.setattr(search, "STRONG_SAMPLES", 4)
    monkeypatch.setattr(search, "STRONG_SECONDS", None)


@pytest.fixture(autouse=True)
def no_nudge_timers(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside the nudge tests (tests/bot/test_turns.py), no nudge timer is started: simcord reports each nudge's
    20 s grace as an unknown wait and then waits it in real time, so a whole match timed out its settling now and
    then (CI, 2026-11-23; and test_turns' whole-match test, 2026-11-24). The nudge tests (named so) keep them and
    advance simcord's clock past the grace themselves."""
    if request.module.__name__.endswith("test_turns") and "nudge" in request.node.name:
        return
    from cogs.turns import Turns

    async def no_nudge(self: Turns, table: object, seat: int, began: int) -> None:
        return None

    monkeypatch.setattr(Turns, "_nudge_later", no_nudge)


@pytest.fixture(autouse=True)
def tables_without_threads(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Threads are on by default (a quiet channel), and simcord posts Discord's "thread created" notice under the
    table message when one starts. The play tests find the table message as the channel's last message, so they
    run with threads off; tests/bot/test_threads.py checks the default itself."""
    if request.module.__name__.endswith("test_threads"):
        return
    from bot import store

    monkeypatch.setitem(store.SWITCHES, "threads", False)
