"""Rank roles through the real command tree on simcord (issue 28): /hall-settings rank_place: rank_role: maps a
season place to a role (the command is for those who manage the server), refused (changing nothing) without Manage
Roles, for a role above the bot's, for @everyone and with no place; at each season's end the roles go to the
season's top players by wins across all games and are taken from last season's holders, and the channel is told
without pings."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.test_seasons import at, duel, play_duel, save_duel  # duel: the fixture

__all__ = ["duel"]


def roles_of(env: Any, guild_id: int, member: Any) -> set[int]:
    """The member's roles as simcord keeps them."""
    return set(env.backend.get_member(guild_id, member.id).role_ids)


async def test_rank_role_settings_are_refused_cleanly_and_change_nothing(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    host = guild.add_member(env.create_user("host"), roles=[admins])
    champion = guild.create_role("Champion")
    boss = guild.create_role("Boss", position=50)  # above the bot's own role

    async def said(who: Any, **options: Any) -> str:
        result = await who.slash(channel, "hall-settings", **options)
        assert result.ephemeral
        return str(result.response.content)

    assert "not below Domino Hall's highest role" in await said(host, rank_place=1, rank_role=boss)
    assert "cannot be given to members by a bot" in await said(host, rank_place=1, rank_role=guild.default_role)
    assert "Say which place the role is for" in await said(host, rank_role=champion)
    assert "rank roles: **off**" in await said(host)
    shown = await said(host, rank_place=1, rank_role=champion)
    assert f"rank roles: **1: <@&{champion.id}>**" in shown
    bot_role = next(r for r in env.backend.get_guild(guild.id).roles.values() if r.managed)
    permissions = discord.Permissions(bot_role.permissions)
    permissions.manage_roles = False
    env.backend.edit_role(guild.id, bot_role.id, {"permissions": permissions.value})
    await env.settle()
    assert "need Domino Hall to have the Manage Roles permission" in await said(host, rank_place=2,
                                                                                 rank_role=champion)
    assert f"rank roles: **1: <@&{champion.id}>**" in await said(host)  # unchanged
    permissions.manage_roles = True
    env.backend.edit_role(guild.id, bot_role.id, {"permissions": permissions.value})
    await env.settle()
    assert "rank roles: **off**" in await said(host, rank_place=1)  # a place alone: no role for it any more


async def test_each_seasons_end_moves_the_rank_roles_to_its_top_players(duel: None, simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    host = guild.add_member(env.create_user("host"), roles=[admins])
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    champion, runner_up = guild.create_role("Champion"), guild.create_role("Runner-up")
    bot = env.bot
    await host.slash(channel, "hall-settings", rank_place=1, rank_role=champion)
    await host.slash(channel, "hall-settings", rank_place=2, rank_role=runner_up)
    now = [at(2027, 10, 20)]  # seasons of 2027: the duels played below carry the machine's own time
    bot.tables.seasons.clock = lambda: now[0]
    await save_duel(bot, guild.id, 1001, "block", alice, bob, at(2027, 10, 5))  # October: alice 2 wins, carol 1,
    await save_duel(bot, guild.id, 1002, "draw", alice, bob, at(2027, 10, 6))  # bob none (no place without a win)
    await save_duel(bot, guild.id, 1003, "block", carol, bob, at(2027, 10, 7))
    await play_duel(env, channel, alice, bob)  # the first match the bot sees here: no season change yet
    assert roles_of(env, guild.id, alice) == set()

    now[0] = at(2027, 11, 3)  # November's first match: October's roles
    await play_duel(env, channel, bob, alice)
    assert champion.id in roles_of(env, guild.id, alice) and runner_up.id in roles_of(env, guild.id, carol)
    assert roles_of(env, guild.id, bob) == set()
    told = [m for m in channel.history() if (m.content or "").startswith("Season 2027-10's rank roles:")]
    assert len(told) == 1 and f"<@&{champion.id}> · <@{alice.id}>" in told[0].content
    assert f"<@&{runner_up.id}> · <@{carol.id}>" in told[0].content

    await save_duel(bot, guild.id, 5004, "block", bob, alice, at(2027, 11, 5))  # November: bob 2 wins, carol 1
    await save_duel(bot, guild.id, 5005, "block", bob, carol, at(2027, 11, 6))
    await save_duel(bot, guild.id, 5006, "draw", carol, alice, at(2027, 11, 7))
    now[0] = at(2027, 12, 2)
    await play_duel(env, channel, alice, bob)
    assert champion.id not in roles_of(env, guild.id, alice)  # taken from last season's champion
    assert champion.id in roles_of(env, guild.id, bob) and runner_up.id in roles_of(env, guild.id, carol)
    await play_duel(env, channel, bob, alice)  # December again: nothing moves twice
    assert champion.id in roles_of(env, guild.id, bob) and champion.id not in roles_of(env, guild.id, alice)
