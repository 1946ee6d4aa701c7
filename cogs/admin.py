"""/hall-admin (Manage Server): the server's open tables, ending one (its message deleted or not), and posting a
table's message again. The decisions are bot/admin.py's; this cog answers the admin, privately."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import admin
from bot.client import tell
from bot.names import in_text
from bot.table import Table, TableError, TableStatus
from cogs.base import member_language
from cogs.text import COLOUR, NO_PINGS
from render.language import Language, translate

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.admin")


def table_line(table: Table, locale: Language, now: float) -> str:
    """One open table for the list: number, game, channel, players, last change and age (Discord shows the times in
    each reader's own time zone and language)."""
    names = ", ".join(in_text(name) for name in table.names)
    status = translate("lobby", locale) if table.status == TableStatus.LOBBY else translate("playing", locale)
    return (f"**#{table.id}** · {translate(table.spec.title, locale)} · <#{table.row.channel_id}> · {status}\n"
            + translate("{count} players ({names}) · last move <t:{last}:R> · opened <t:{opened}:R>", locale,
                        count=len(table.seats), names=names, last=int(min(table.row.updated_at, now)),
                        opened=int(table.row.created_at)))


async def managers_only(interaction: discord.Interaction[Any]) -> bool:
    """True for a member who can manage the server; anyone else is told so (a server may show them the commands;
    they still change nothing)."""
    if interaction.guild is not None and interaction.permissions.manage_guild:
        return True
    await tell(interaction, translate("Only members who can manage the server can use /hall-admin.",
                                      member_language(interaction)))
    return False


class Admin(commands.Cog):
    """/hall-admin tables, end and repost."""

    hall_admin = app_commands.Group(name="hall-admin", description="Domino Hall: The server's tables, for its managers",
                                    default_permissions=discord.Permissions(manage_guild=True), guild_only=True)

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot

    @hall_admin.command(name="tables", description="Domino Hall: This server's open tables")
    async def tables(self, interaction: discord.Interaction[Any]) -> None:
        """List the open tables: game, channel, players, last move and age."""
        if not await managers_only(interaction):
            return
        assert interaction.guild is not None
        locale, now = member_language(interaction), time.time()
        found = admin.open_tables(self.bot.tables, interaction.guild.id)
        lines: list[str] = []
        for table in found:  # as many as an embed holds (4096 characters), then how many more there are
            line = table_line(table, locale, now)
            if sum(len(kept) + 1 for kept in lines) + len(line) > 3900:
                lines.append(translate("... and {count} more.", locale, count=len(found) - len(lines)))
                break
            lines.append(line)
        embed = discord.Embed(title=translate("Open tables · {count}", locale, count=len(found)), colour=COLOUR,
                              description="\n".join(lines) if lines else
                              translate("No open tables in this server.", locale))
        if found:
            embed.set_footer(text=translate("/hall-admin end table:<number> ends one; /hall-admin repost "
                                            "table:<number> posts its message again", locale))
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_PINGS)

    @hall_admin.command(name="end", description="Domino Hall: End an open table, even if its message was deleted")
    @app_commands.describe(table="The table's number (see /hall-admin tables)")
    async def end(self, interaction: discord.Interaction[Any], table: app_commands.Range[int, 1, 2**53]) -> None:
        """Abandon the table; its message, where it still exists, says it is closed."""
        if not await managers_only(interaction):
            return
        assert interaction.guild is not None
        try:
            found = await admin.server_table(self.bot.tables, interaction.guild.id, table)
            ended = await admin.end_table(self.bot.tables, interaction.guild.id, table,
                                          message_gone=await self.message_gone(found))
        except TableError as refusal:
            await tell(interaction, refusal.said(member_language(interaction)))
            return
        language = member_language(interaction)
        await tell(interaction, translate("Table #{table} ({game}) is ended: nobody can play on there, and its "
                                          "message, if it is still there, says it is closed.", language,
                                          table=ended.id, game=translate(ended.spec.title, language)))

    async def message_gone(self, table: Table) -> bool:
        """Whether the table's message was deleted (Discord says it does not exist); False when it cannot tell."""
        if table.row.message_id is None:
            return False
        channel = self.bot.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id)
        try:
            await channel.fetch_message(table.row.message_id)
        except discord.NotFound:
            return True
        except discord.HTTPException:  # no Read Message History there, say: the edit is tried as for any change
            return False
        return False

    @hall_admin.command(name="repost", description="Domino Hall: Post an open table's message again in its channel")
    @app_commands.describe(table="The table's number (see /hall-admin tables)")
    async def repost(self, interaction: discord.Interaction[Any], table: app_commands.Range[int, 1, 2**53]) -> None:
        """A new message for the table (its buttons work), and the old one gone."""
        if not await managers_only(interaction):
            return
        assert interaction.guild is not None
        locale = member_language(interaction)
        try:
            found = await admin.server_table(self.bot.tables, interaction.guild.id, table)
        except TableError as refusal:
            await tell(interaction, refusal.said(locale))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            await self.bot.pages.repost(found)  # the Play cog's publisher (bot/client.py TablePages)
        except discord.HTTPException as error:
            log.warning("table %d: could not post its message again: %s", found.id, error)
            await tell(interaction, translate("Domino Hall cannot post in <#{channel}>: give it Send Messages, Embed "
                                              "Links and Attach Files there, then try again.", locale,
                                              channel=found.row.channel_id))
            return
        except TableError as refusal:  # it closed meanwhile
            await tell(interaction, refusal.said(locale))
            return
        await tell(interaction, translate("Table #{table} is posted again in <#{channel}>.", locale, table=found.id,
                                          channel=found.row.channel_id))


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Admin(bot))
