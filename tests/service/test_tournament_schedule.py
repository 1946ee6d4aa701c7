"""A tournament's start time and house rules (issue 28, bot/tournament_schedule.py) without Discord: the start time
read or refused, house rules read or refused, the reminder, the start at its time (or the sign-up kept open with too
few players), the house rules at every table, and a restart before the start time (SQLite and PostgreSQL)."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.storage import Storage
from bot.table import NotAllowed
from bot.tables import TableService
from bot.tournament_schedule import REMIND_BEFORE, ScheduleEvent, ScheduleUpdate, house_rules, parse_start
from bot.tournaments import RUNNING, SIGNUP
from tests.service.test_tables import until
from tests.service.test_tournaments import CHANNEL, DUEL, GUILD, HOST, duel_registered, round_tables

NOW = datetime(2026, 11, 27, 12, 0, tzinfo=UTC).timestamp()


@pytest.mark.parametrize(("text", "expected"), [
    ("2026-12-01 20:00", datetime(2026, 12, 1, 20, 0, tzinfo=UTC).timestamp()),
    ("2026-12-01T20:00:30Z", datetime(2026, 12, 1, 20, 0, 30, tzinfo=UTC).timestamp()),
    ("2026-12-01 20:00 UTC", datetime(2026, 12, 1, 20, 0, tzinfo=UTC).timestamp()),
    ("in 2h", NOW + 7200), ("in 1h30m", NOW + 5400), ("In 45 min", NOW + 2700), ("in 3 days", NOW + 3 * 86400),
    ("in 1 hour and 5 minutes", NOW + 3900), ("<t:1796155200:F>", 1796155200.0), ("<t:1796155200>", 1796155200.0),
])
def test_a_start_time_is_read_in_utc_from_now_or_as_a_discord_timestamp(text: str, expected: float) -> None:
    assert parse_start(text, NOW) == expected


@pytest.mark.parametrize(("text", "why"), [
    ("tomorrow", "cannot read"), ("in 2 fortnights", "cannot read"), ("2026-13-01 20:00", "cannot read"),
    ("in", "cannot read"), ("in 2h soon", "cannot read"), ("20:00", "cannot read"),
    ("2026-11-27 11:00", "at least a minute"), ("in 0m", "at least a minute"), ("in 30s", "cannot read"),
    ("in 91 days", "within 90 days"), ("<t:1000:F>", "at least a minute"),
])
def test_a_start_time_that_cannot_be_read_or_is_past_or_too_far_is_refused(text: str, why: str) -> None:
    with pytest.raises(NotAllowed) as refused:
        parse_start(text, NOW)
    assert why in str(refused.value)


def test_house_rules_are_read_by_their_names_and_checked_as_a_lobby_checks_them() -> None:
    assert house_rules("draw", 2, "target=150 first_double_spinner=on") == {"target": 150,
                                                                             "first_double_spinner": True}
    assert house_rules("draw", 2, "target=50, set=6") == {"target": 50, "set": 6}
    assert house_rules("draw", 2, "  ") == {} and house_rules("draw", 2, None) == {}
    for text, why in (("target=120", "cannot be '120'"), ("goal=100", "no house rule goal"),
                      ("target", "name=value"), ("deal=x", "no house rule deal"),  # a test rig is no house rule
                      ("muggins_partners=on", "cannot start")):
        with pytest.raises(NotAllowed) as refused:
            house_rules("muggins" if text.startswith("muggins") else "draw", 2, text)
        assert why in str(refused.value)


async def test_the_reminder_then_the_start_at_its_time_with_the_house_rules_at_every_table(
        service: TableService) -> None:
    heard: list[ScheduleUpdate] = []
    service.schedule.add_listener(heard.append)
    row = await service.tournaments.create(GUILD, CHANNEL, HOST, "draw", "swiss", 1)
    for user in (1, 2, 3, 4):
        await service.tournaments.join(row.id, user, f"player{user}")
    start = time.time() + REMIND_BEFORE + 0.3  # the reminder in 0.3 s, the start 10 minutes later
    plan = await service.schedule.plan(row.id, start, house_rules("draw", 2, "target=50"))
    await until(lambda: [u.kind for u in heard] == [ScheduleEvent.REMINDER])
    assert heard[0].tournament.status == SIGNUP and plan.reminded
    assert (await service.storage.tournament_plans.get(row.id)) == plan  # stored: a restart does not repeat it
    service.schedule.clock = lambda: start  # the start time has come (as after a restart): armed again, it starts
    service.schedule._arm(plan)
    await until(lambda: len(heard) == 2)
    assert heard[1].kind == ScheduleEvent.STARTED and row.status == RUNNING and not service.schedule.timers
    tables = round_tables(service, row.id, 1)
    assert len(tables) == 2 and all(service.store.get(t).row.options == {"target": 50} for t in tables)
    assert all(service.store.get(t).game.options["target"] == 50 for t in tables)  # type: ignore[union-attr]


async def test_with_too_few_players_at_its_time_the_sign_up_stays_open(service: TableService) -> None:
    heard: list[ScheduleUpdate] = []
    service.schedule.add_listener(heard.append)
    with duel_registered():
        row = await service.tournaments.create(GUILD, CHANNEL, HOST, DUEL.key, "knockout")
        await service.tournaments.join(row.id, 1, "player1")
        await service.schedule.plan(row.id, time.time() + 0.05, {})
        await until(lambda: len(heard) == 1)
    assert heard[0].kind == ScheduleEvent.TOO_FEW and row.status == SIGNUP and row.id in service.tournaments.open
    saved = await service.storage.tournament_plans.get(row.id)
    assert saved is not None and saved.starts_at is None  # started by hand from now on


async def test_a_start_time_that_passed_while_the_bot_was_down_starts_it_when_back(database: Path | str) -> None:
    first = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    await first.start()
    row = await first.tournaments.create(GUILD, CHANNEL, HOST, "block", "swiss", 1)
    for user in (1, 2, 3):
        await first.tournaments.join(row.id, user, f"player{user}")
    await first.schedule.plan(row.id, time.time() + 7200, {"target": 150})
    assert len(first.schedule.timers[row.id]) == 2  # the reminder and the start
    await first.close()
    await first.storage.close()

    second = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    second.schedule.clock = lambda: time.time() + 7300  # back after the start time
    await second.start()
    try:
        await until(lambda: len(round_tables(second, row.id, 1)) == 1)  # started by itself: its first round is open
        tables = round_tables(second, row.id, 1)
        assert second.tournaments.open[row.id].status == RUNNING
        assert second.store.get(tables[0]).row.options == {"target": 150}
        plan = await second.storage.tournament_plans.get(row.id)
        assert plan is not None and not plan.reminded  # no reminder after the start
    finally:
        await second.close()
        await second.storage.close()
