"""Seasons through the real command tree on simcord (issue 28): /leaderboard shows the current season by default,
all time on request and the previous season's end card; /hall-settings season_length changes the seasons at once.
The bot's season clock is set by the test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import discord
import pytest

from bot.storage import ResultRow
from tests.service.test_tournaments import duel_registered


def at(year: int, month: int, day: int) -> float:
    return datetime(year, month, day, 12, tzinfo=UTC).timestamp()


async def save_duel(bot: Any, guild_id: int, tid: int, game: str, winner: Any, loser: Any, when: float) -> None:
    """A finished two-player match of ``game``: ``winner`` beat ``loser`` at ``when``."""
    seats = [{"name": m.name, "user_id": m.id} for m in (winner, loser)]
    async with bot.storage.db.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, status, "
                         "created_at, updated_at) VALUES (?, ?, 1, ?, 1, ?, 0, 'finished', 0, 0)",
                         (tid, guild_id, game, json.dumps(seats)))
        await bot.storage.results.record(tx, [
            ResultRow(tid, seat, guild_id, game, m.id, m.name, False, seat, 10 * (seat == 0), seat == 0, when)
            for seat, m in enumerate((winner, loser))])


async def test_the_leaderboard_shows_the_season_all_time_and_the_previous_seasons_card(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol"))
    await alice.slash(channel, "games")  # the bot is up (its storage open)
    bot = simcord_env.bot
    now = [at(2026, 11, 20)]
    bot.tables.seasons.clock = lambda: now[0]
    await save_duel(bot, guild.id, 1, "block", alice, bob, at(2026, 10, 5))  # October: alice beats bob at Block,
    await save_duel(bot, guild.id, 2, "draw", carol, alice, at(2026, 10, 6))  # carol beats alice at Draw
    await save_duel(bot, guild.id, 3, "block", bob, alice, at(2026, 11, 5))  # November: bob beats alice twice
    await save_duel(bot, guild.id, 4, "block", bob, alice, at(2026, 11, 6))

    season = (await carol.slash(channel, "leaderboard")).response.embeds[0]
    lines = season.description.splitlines()
    assert "bob" in lines[2] and lines[2].split()[1:3] == ["2", "2"]  # 2 games, 2 wins this season
    assert "alice" in lines[3] and lines[3].split()[1:3] == ["2", "0"] and "carol" not in season.description
    assert next(f for f in season.fields if f.name == "Season").value.startswith("**2026-11**")

    block = (await carol.slash(channel, "leaderboard", game="block")).response.embeds[0]
    assert block.title == "Leaderboard · Block Dominoes" and "2026-11" in block.fields[-1].value
    assert block.description.index("bob") < block.description.index("alice")

    ever = (await carol.slash(channel, "leaderboard", game="block", season="all-time")).response.embeds[0]
    assert ever.description.index("bob") < ever.description.index("alice") and not ever.fields
    everything = (await carol.slash(channel, "leaderboard", season="all-time")).response.embeds[0]
    assert "carol" in everything.description and not everything.fields  # every game, all time

    card = (await carol.slash(channel, "leaderboard", season="previous")).response.embeds[0]
    assert card.title == "Season 2026-10 · the best of each game"
    fields = {f.name: f.value.splitlines() for f in card.fields}
    assert list(fields) == ["Block Dominoes", "Draw Dominoes"]
    block_lines, draw_lines = fields["Block Dominoes"], fields["Draw Dominoes"]
    assert block_lines[0].startswith("🥇 **alice**") and block_lines[1].startswith("🥈 **bob**")
    assert draw_lines[0].startswith("🥇 **carol**") and draw_lines[0].endswith("1 of 1 won")

    now[0] = at(2026, 12, 1)  # December: nothing played yet; November's card
    empty = (await carol.slash(channel, "leaderboard")).response.embeds[0]
    assert empty.description == "No finished games this season yet."
    november = (await carol.slash(channel, "leaderboard", season="previous")).response.embeds[0]
    assert list(f.name for f in november.fields) == ["Block Dominoes"] and "🥇 **bob**" in november.fields[0].value


async def test_the_season_length_is_a_server_setting(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    owner = guild.add_member(simcord_env.create_user("owner"), roles=[admins])
    alice, bob = (guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob"))
    shown = (await owner.slash(channel, "hall-settings")).response.content
    assert "seasons last **a month**" in shown, shown
    bot = simcord_env.bot
    bot.tables.seasons.clock = lambda: at(2026, 11, 20)
    await save_duel(bot, guild.id, 1, "block", alice, bob, at(2026, 3, 5))

    assert (await alice.slash(channel, "leaderboard")).response.embeds[0].description == \
        "No finished games this season yet."
    assert await bot.tables.settings.season_length(guild.id) == "month"
    changed = (await owner.slash(channel, "hall-settings", season_length="year")).response.content
    assert "seasons last **a year**" in changed
    year = (await alice.slash(channel, "leaderboard")).response.embeds[0]
    assert "alice" in year.description and year.fields[0].value.startswith("**2026**")


async def play_duel(env: Any, channel: Any, host: Any, guest: Any) -> None:
    """A match of the one-move duel game through /play, Join, Start and each player's hand."""
    from tests.bot.helpers import answer, message_of, press_first_control

    lobby = (await host.slash(channel, "play", game="test_duel")).response
    await guest.click(lobby, label="Join")
    await host.click(message_of(channel, lobby.id), label="Start")
    for member in (host, guest):
        hand = answer(await member.click(message_of(channel, lobby.id), label="My hand"))
        await press_first_control(member, hand)
    await env.settle()


@pytest.fixture
def duel() -> Iterator[None]:
    """The one-move duel game in the catalogue before the bot loads its commands' game choices."""
    with duel_registered():
        yield


async def test_the_first_match_of_a_new_season_brings_the_last_seasons_card(duel: None, simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    await alice.slash(channel, "games")
    bot = env.bot
    now = [at(2026, 10, 20)]
    bot.tables.seasons.clock = lambda: now[0]
    await save_duel(bot, guild.id, 1001, "block", alice, bob, at(2026, 10, 5))

    def cards() -> list[Any]:
        return [e for m in channel.history() for e in m.embeds if (e.title or "").startswith("Season ")]

    await play_duel(env, channel, alice, bob)  # the first match the bot sees here: nothing to tell yet
    assert cards() == []
    now[0] = at(2026, 11, 3)  # November: its first match brings October's card
    await play_duel(env, channel, bob, alice)
    [card] = cards()
    assert card.title == "Season 2026-10 · the best of each game"
    fields = {f.name: f.value for f in card.fields}
    assert fields["Block Dominoes"].startswith("🥇 **alice**")
    assert "Duel (test)" not in fields  # the duels' results carry the machine's real time, not the test's October
    await play_duel(env, channel, alice, bob)  # a second November match: no second card
    assert len(cards()) == 1
