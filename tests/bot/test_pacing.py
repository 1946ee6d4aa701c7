"""Discord's global limit, shared out (bot/pacing.py, issue 16): table pictures get what nudges, announcements and
commands leave of it, and one table's message is never edited faster than its interval, even between two bursts
of changes."""

from __future__ import annotations

import itertools
import time
from types import SimpleNamespace
from typing import Any

import pytest

from bot.pacing import LEAST_FOR_TABLES, PLANNED, TABLE_EDIT, WINDOW, RequestBudget
from tests.bot.helpers import answer, press_first_control, table_of
from tests.bot.test_turns import four_seats, has_moves

NUDGE = ("POST", "/channels/{channel_id}/messages")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_table_edits_get_what_the_other_requests_leave() -> None:
    clock = Clock()
    budget = RequestBudget(clock)
    assert budget.for_tables() == PLANNED
    for _ in range(50):  # ten a second of nudges over the window
        budget.note(*NUDGE)
    for _ in range(100):
        budget.note(*TABLE_EDIT)
    assert budget.rate() == (100 / WINDOW, 50 / WINDOW)
    assert budget.for_tables() == PLANNED - 50 / WINDOW
    clock.now += WINDOW + 0.01  # the window slides past them
    assert budget.rate() == (0.0, 0.0) and budget.for_tables() == PLANNED


def test_tables_keep_a_least_share_however_busy_the_rest_is() -> None:
    budget = RequestBudget(Clock())
    for _ in range(int(PLANNED * WINDOW) * 2):
        budget.note("DELETE", "/channels/{channel_id}/messages/{message_id}")
    assert budget.for_tables() == LEAST_FOR_TABLES


def test_interaction_requests_are_exempt_and_not_counted() -> None:
    budget = RequestBudget(Clock())
    budget.note("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
    budget.note("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
    assert budget.rate() == (0.0, 0.0)


async def test_watch_counts_every_request_of_the_http_client() -> None:
    seen: list[str] = []

    async def request(route: Any, **kwargs: Any) -> str:
        seen.append(route.path)
        return "answer"

    http = SimpleNamespace(request=request)
    budget = RequestBudget(Clock())
    budget.watch(http)
    route = SimpleNamespace(method=TABLE_EDIT[0], path=TABLE_EDIT[1])
    assert await http.request(route, json={}) == "answer"
    assert seen == [TABLE_EDIT[1]] and budget.rate() == (1 / WINDOW, 0.0)


@pytest.mark.parametrize("others_per_second", [0, 20, 60])
def test_table_edits_of_many_tables_at_once_queue_to_what_the_limit_leaves(others_per_second) -> None:
    """200 tables changing at once: their edits are spaced so that, with the other requests, the bot stays within
    what it plans to use of Discord's global limit (or tables get their least share)."""
    clock = Clock()
    budget = RequestBudget(clock)
    for _ in range(int(others_per_second * WINDOW)):
        budget.note(*NUDGE)
    waits = [budget.reserve_table_edit() for _ in range(200)]
    rate = max(LEAST_FOR_TABLES, PLANNED - others_per_second)
    assert waits[0] == 0 and waits == sorted(waits)
    assert waits[-1] == pytest.approx(199 / rate)
    # in any one second of the queue, the edits and the others stay within the plan (or the tables' least share)
    in_first_second = sum(1 for w in waits if w < 1.0)
    assert in_first_second == pytest.approx(rate, abs=1)
    clock.now += 100  # a quiet bot: the next edit goes at once
    assert budget.reserve_table_edit() == 0


def test_finished_pictures_in_a_burst_wait_for_the_last_seconds_share() -> None:
    """Pictures drawn at different speeds may finish together: just before the request, no more table edits go in
    any one second than the share."""
    clock = Clock()
    budget = RequestBudget(clock)
    for _ in range(int(PLANNED)):
        assert budget.table_edit_delay() == 0
        budget.note(*TABLE_EDIT)
        clock.now += 0.001
    delay = budget.table_edit_delay()
    assert 0.9 < delay <= 1.0
    clock.now += delay + 1e-6  # the first of them has left the window
    assert budget.table_edit_delay() == 0


async def test_a_table_message_is_edited_no_faster_than_its_interval_across_bursts(simcord_env) -> None:
    """Moves that come just after an edit wait for the interval (Discord's per-channel limit), and the bot counts
    its table edits through discord.py's HTTP client."""
    simcord_env.bot.edit_interval = 1.0
    simcord_env.bot.budget.planned = PLANNED  # (tests/bot/conftest.py turns it off for the other tests)
    channel, alice, bob, _carol, tid = await four_seats(simcord_env)
    table = table_of(simcord_env, tid)
    cog = simcord_env.bot.get_cog("Play")
    edits: list[float] = []
    edit = cog.refresh

    async def timed(t: Any) -> None:
        edits.append(time.monotonic())  # simcord's virtual clock
        await edit(t)

    cog.refresh = timed
    simcord_env.bot.budget.clock = Clock()  # (stopped, so that the window keeps every request counted)
    members = {0: alice, 1: bob}
    for _ in range(6):
        await simcord_env.settle()
        if table.status != "playing":
            break
        seat = next(s for s in table.game.to_act if s in members)
        hand = answer(await members[seat].click(channel.last_message, label="My hand"))
        assert has_moves(hand)
        await press_first_control(members[seat], hand)
    await simcord_env.settle()
    assert len(edits) >= 2
    gaps = [b - a for a, b in itertools.pairwise(edits)]
    assert min(gaps) >= 1.0 - 1e-6, gaps
    assert simcord_env.bot.budget.rate()[0] > 0, "table edits must be counted through discord.py's HTTP client"

