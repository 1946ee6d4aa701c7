"""Rank roles on Discord (issue 28; who gets what: bot/rank_roles.py): ``/hall-settings rank_place: rank_role:``
maps a season place to a role, refused cleanly without Manage Roles or for a role Domino Hall cannot give (one at
or above its highest role, @everyone, a bot's or integration's own role); at a season's end the roles move to the
new top players and the channel of the season's card is told who holds them, without pinging anyone."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.rank_roles import RankRoles
from bot.seasons import Season
from cogs.base import hall, member_language
from cogs.text import NO_PINGS
from render.language import Language, translate

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.seasons")
REASON = "Domino Hall season rank roles"


def book(bot: DominoHall) -> RankRoles:
    """The rank roles of the bot's servers (stored with their settings)."""
    return RankRoles(bot.tables.storage)


def unassignable(role: discord.Role, me: discord.Member, locale: Language) -> str | None:
    """Why Domino Hall cannot give ``role`` (None: it can)."""
    if role.is_default() or role.managed:
        return translate("The role {role} cannot be given to members by a bot.", locale, role=role.mention)
    if role >= me.top_role:
        return translate("The role {role} is not below Domino Hall's highest role, so it cannot give it: move "
                         "Domino Hall's role above it in the server's settings first.", locale, role=role.mention)
    return None


async def set_rank_role(interaction: discord.Interaction[Any], place: int, role: discord.Role | None) -> str | None:
    """Map ``place`` to ``role`` (None: no role); the refusal, in the member's language, if it cannot be."""
    guild, locale = interaction.guild, member_language(interaction)
    assert guild is not None
    if not interaction.app_permissions.manage_roles:
        return translate("Rank roles need Domino Hall to have the Manage Roles permission.", locale)
    if role is not None:
        refusal = unassignable(role, guild.me, locale)
        if refusal is not None:
            return refusal
    await book(hall(interaction)).set_place(guild.id, place, role.id if role else None)
    return None


async def rank_roles_text(bot: DominoHall, guild_id: int, locale: Language) -> str:
    """The server's rank roles for the settings text."""
    mapping = await book(bot).places(guild_id)
    value = ", ".join(f"{place}: <@&{role}>" for place, role in sorted(mapping.items())) or translate("off", locale)
    return translate("rank roles: **{roles}**", locale, roles=value)


async def season_roles(bot: DominoHall, guild_id: int, channel_id: int, season: Season) -> None:
    """At ``season``'s end: take the rank roles from last season's holders, give them to the new top players, and
    tell the channel who holds them. Never raises (the season's card goes on)."""
    try:
        roles = book(bot)
        changes = await roles.changes(guild_id, season)
        guild = bot.get_guild(guild_id)
        if changes is None or guild is None:
            return
        if not guild.me.guild_permissions.manage_roles:
            log.warning("guild %d: rank roles are set but Domino Hall may not manage roles", guild_id)
            return
        for user_id, role_id in changes.take:
            await _move(guild, user_id, role_id, give=False)
        for user_id, role_id in changes.give:
            await _move(guild, user_id, role_id, give=True)
        await roles.save_holders(guild_id, changes.holders)
        lines = [f"<@&{role}> · " + ", ".join(f"<@{u}>" for u in users) for role, users in changes.holders.items()]
        if lines:
            locale = guild.preferred_locale
            await bot.get_partial_messageable(channel_id, guild_id=guild_id).send(
                translate("Season {season}'s rank roles:", locale, season=season.label) + "\n" + "\n".join(lines),
                allowed_mentions=NO_PINGS)
    except Exception:
        log.exception("guild %d: the season's rank roles failed", guild_id)


async def _move(guild: discord.Guild, user_id: int, role_id: int, give: bool) -> None:
    """Give or take one role from one member; a member who left, a role deleted or moved above the bot is skipped."""
    role = guild.get_role(role_id)
    if role is None or unassignable(role, guild.me, Language.of(None)) is not None:
        log.info("guild %d: rank role %d is gone or cannot be given", guild.id, role_id)
        return
    try:
        member = guild.get_member(user_id) or await guild.fetch_member(user_id)
        if give:
            await member.add_roles(role, reason=REASON)
        else:
            await member.remove_roles(role, reason=REASON)
    except discord.HTTPException as error:
        log.info("guild %d: rank role %d for member %d not changed (%s)", guild.id, role_id, user_id, error.status)
