"""/games, /rules, /hall-settings, team seating in the lobby, and mentions that never ping everyone or roles."""

from __future__ import annotations

import discord

from render.ladder import ladder
from tests.bot.helpers import components, message_of
from tests.bot.test_play import open_lobby


async def test_games_lists_the_catalogue_with_seat_counts(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "games")
    text = result.response.embeds[0].fields[0].value
    assert result.ephemeral and "**Draw Dominoes** · 2 to 6 players" in text and "**Block Dominoes**" in text


async def test_rules_shows_summary_and_every_option(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    embed = (await alice.slash(channel, "rules", game="draw")).response.embeds[0]
    names = [f.name.split(" ")[0] for f in embed.fields]
    assert embed.title == "Draw Dominoes" and "draw_scoring" in names and "reserve_two" in names


async def test_rules_shows_the_measured_strength_ladder(simcord_env) -> None:
    """/rules gives the game's strength ladder (render/strength_ladder.json, benchmarks/strength_ladder.py): each
    level against random play and against the level below, with the interval and the count; a game that is mostly
    luck says so."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    for game, line in [("draw", "Strong v Normal: wins "), ("tiddle_a_wink", "Normal v Easy: wins "),
                       ("bingo", "Normal: ")]:
        embed = (await alice.slash(channel, "rules", game=game)).response.embeds[0]
        value = next(f.value for f in embed.fields if f.name == "Computer players, measured")
        entry = ladder()["games"][game]
        first = entry["pairings"][0]
        assert line in value and f"[{round(100 * first['low'])}-{round(100 * first['high'])}] of {first['decided']}" \
            in value
        luck = "every level plays alike" if game == "bingo" else "Mostly luck"
        assert (luck in value) == entry["luck"]


async def test_lobby_level_menu_says_what_each_level_does(simcord_env) -> None:
    """The lobby's level menu (cogs/lobby.py) gives each level a few words on what it does, and for Normal and
    Strong how they did against the level below in this game (render/ladder.py), within Discord's 100 characters."""
    channel, alice, _bob, _carol, lobby, _tid = await open_lobby(simcord_env, "draw")
    await alice.click(lobby, label="Add computer")
    menu = next(c for c in components(message_of(channel, lobby.id)) if c["custom_id"].startswith("dhs:level:"))
    words = {option["value"]: option["description"] for option in menu["options"]}
    strong = next(p for p in ladder()["games"]["draw"]["pairings"] if (p["level"], p["opponent"]) == ("strong",
                                                                                                   "normal"))
    assert words["easy"] == "Random legal moves: for learning the game"
    assert words["strong"].endswith(f" · wins {round(100 * strong['share'])}% v Normal")
    assert all(len(text) <= 100 for text in words.values())


async def test_hall_settings_need_manage_server_to_change(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    changed = await admin.slash(channel, "hall-settings", turn_limit=120)
    assert changed.ephemeral and "120 s" in changed.response.content
    assert (await simcord_env.bot.tables.settings.guild_settings(guild.id))["turn_time_limit"] == 120


async def test_team_game_lobby_shows_partners_opposite(simcord_env) -> None:
    channel, alice, _bob, _carol, lobby, _tid = await open_lobby(simcord_env, "texas42")
    for _ in range(3):
        await alice.click(lobby, label="Add computer")
    seats = channel.last_message.embeds[0].fields[0].value
    assert "Team A: alice & Computer 2" in seats and "Team B: Computer 1 & Computer 3" in seats


async def test_lobby_mentions_never_ping(simcord_env) -> None:
    channel, _alice, bob, _carol, lobby, _tid = await open_lobby(simcord_env)
    await bob.click(lobby, label="Join")
    message = channel.last_message
    assert not message.mention_everyone and message.role_mentions == [] and message.mentions == []
    assert simcord_env.bot.allowed_mentions.everyone is False and simcord_env.bot.allowed_mentions.roles is False


def test_standings_show_fewest_steps_only_where_a_game_counts_them() -> None:
    from bot.storage import Standing
    from cogs.stats import standings_table

    plain = standings_table([Standing(1, "ann", "block", 4, 3, 120)], "player")
    assert "steps" not in plain and "ann" in plain
    bingo = standings_table([Standing(1, "ann", "bingo", 4, 2, 91, 95), Standing(2, "bo", "bingo", 2, 0, 60)],
                            "player")
    lines = bingo.splitlines()
    assert lines[1].split()[-1] == "steps" and lines[2].split()[-1] == "95" and lines[3].split()[-1] == "-"
    assert "fewest steps to clear a Bingo row" in bingo
