"""/tournament create starts_at: and rules: through the real command tree on simcord (issue 28): the sign-up shows the
start time and the house rules; the server event in the Events tab (and none, said privately, without Manage
Events); refusals that open nothing; the reminder mentioning the players; a restart before the start time, after
which the tournament still starts by itself with its house rules at every table; cancel deletes the event."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.tournament_schedule import REMIND_BEFORE
from tests.bot.conftest import make_bot, release
from tests.bot.helpers import components, message_of
from tests.bot.test_tournament import server
from tests.service.test_tournaments import duel_registered


@pytest.fixture(autouse=True)
def duel() -> Iterator[None]:
    with duel_registered():
        yield


def events(env: Any, guild_id: int) -> list[Any]:
    """The server's scheduled events as simcord keeps them."""
    return list(env.backend.get_guild(guild_id).scheduled_events.values())


def bot_role(env: Any, guild_id: int) -> Any:
    """The bot's own (integration) role in the server."""
    return next(r for r in env.backend.get_guild(guild_id).roles.values() if r.managed)


async def test_bad_start_times_and_house_rules_are_refused_and_open_nothing(simcord_env) -> None:
    env = simcord_env
    channel, host, _ = server(env, "alice")
    for options, said in (({"starts_at": "tomorrow at 8"}, "cannot read the start time"),
                          ({"starts_at": "2020-01-01 20:00"}, "at least a minute from now"),
                          ({"starts_at": "in 200 days"}, "within 90 days"),
                          ({"rules": "target=120"}, "option target cannot be '120'"),
                          ({"rules": "colour=red"}, "has no house rule colour"),
                          ({"rules": "target"}, "name=value")):
        refused = await host.slash(channel, "tournament create", game="draw", format="swiss", **options)
        assert refused.ephemeral and said in refused.response.content, (options, refused.response.content)
    assert env.bot.tables.tournaments.open == {} and events(env, channel.guild.id) == []


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_tournament_night_from_its_event_to_its_start_across_a_restart(simcord_env, db_file: Path) -> None:
    env = simcord_env
    channel, host, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    guild_id = channel.guild.id
    created = await host.slash(channel, "tournament create", game="draw", format="swiss", rounds=1,
                               starts_at="in 2h", rules="target=50 first_double_spinner=on")
    signup = created.response
    assert not created.followups  # the bot may manage events: no word about it
    tid = int(components(signup)[0]["custom_id"].split(":")[2])
    plan = env.bot.tables.schedule.plans[tid]
    assert plan.options == {"target": 50, "first_double_spinner": True}
    when = int(plan.starts_at)
    fields = {f.name: f.value for f in signup.embeds[0].fields}
    assert fields["Starts"].startswith(f"<t:{when}:F> (<t:{when}:R>)")
    assert "Points to win: **50** ✱" in fields["House rules"] and "**on** ✱" in fields["House rules"]
    [event] = events(env, guild_id)
    assert event.entity_type == 3 and event.entity_metadata == {"location": f"<#{channel.id}>"}
    assert event.name == f"Tournament #{tid} · Draw Dominoes" and plan.event_id == event.id
    for member in (alice, bob):
        await member.click(message_of(channel, signup.id), label="Join")

    old_bot = env.bot
    await env.restart_bot(make_bot(db_file))  # before the start time: the timers come back with the plan
    await release(old_bot)
    await env.settle()
    await carol.click(message_of(channel, signup.id), label="Join")
    await env.advance_time(2 * 3600 - REMIND_BEFORE + 5)  # the reminder, ten minutes before
    [reminder] = [m for m in channel.history() if (m.content or "").startswith("⏰")]
    assert f"Tournament #{tid} (Draw Dominoes) starts <t:{when}:R>" in reminder.content
    for member in (alice, bob, carol):
        assert reminder.content.count(f"<@{member.id}>") == 1
    assert env.bot.tables.tournaments.open[tid].status == "signup"

    await env.advance_time(REMIND_BEFORE)  # the start time
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    assert row.status == "running" and any(m.content == f"Tournament #{tid} has started." for m in channel.history())
    tables = [b.table_id for b in row.boards if b.table_id is not None]
    assert len(tables) == 1  # three players: one table and a bye
    table = env.bot.tables.store.tables[tables[0]]
    assert table.game is not None and table.game.options["target"] == 50 and table.game.options[
        "first_double_spinner"] is True  # the tournament's house rules at its table
    assert components(message_of(channel, signup.id)) == []  # the sign-up closed
    assert events(env, guild_id)[0].status == 2  # the event is under way


async def test_without_manage_events_there_is_no_event_and_cancel_deletes_one(simcord_env) -> None:
    env = simcord_env
    channel, host, _ = server(env, "alice")
    guild_id = channel.guild.id
    first = await host.slash(channel, "tournament create", game="draw", format="knockout", starts_at="in 3 days")
    assert len(events(env, guild_id)) == 1
    await host.slash(channel, "tournament cancel")
    await env.settle()
    assert events(env, guild_id) == []  # the cancelled tournament's event is gone
    assert first.response.embeds[0].fields  # (the first sign-up showed its start)

    role = bot_role(env, guild_id)
    permissions = discord.Permissions(role.permissions)
    permissions.manage_events = False
    env.backend.edit_role(guild_id, role.id, {"permissions": permissions.value})
    await env.settle()
    second = await host.slash(channel, "tournament create", game="draw", format="knockout", starts_at="in 3 days")
    assert not second.response.ephemeral and second.response.embeds[0].title.endswith("· Draw Dominoes")
    [told] = second.followups
    assert told.ephemeral and "needs the Manage Events permission" in told.content
    assert events(env, guild_id) == []
    tid = int(components(second.response)[0]["custom_id"].split(":")[2])
    assert env.bot.tables.schedule.plans[tid].event_id is None and tid in env.bot.tables.schedule.timers


async def test_help_tells_of_tournament_nights(simcord_env) -> None:
    env = simcord_env
    channel, _host, (alice,) = server(env, "alice")
    shown = (await alice.slash(channel, "help")).response.embeds[0]
    how = next(f.value for f in shown.fields if f.name == "How to play")
    assert "`/tournament create` runs a tournament night: `starts_at:in 2h`" in how and "`rules:target=150`" in how
