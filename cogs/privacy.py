"""/privacy export and /privacy delete: a member sees everything Domino Hall stores about them (a JSON file only they
receive) and has it deleted (PRIVACY.md). The work is bot/admin.py's and bot/storage/privacy.py's.

Delete asks first: its **Delete my data** button carries the member's id and when the question expires, so it needs
nothing in memory, keeps working after a restart, and cannot act for anyone else.
"""

from __future__ import annotations

import io
import json
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import admin
from bot.client import tell
from bot.table import TableError
from cogs.base import member_language
from cogs.text import NO_PINGS
from render.language import Language, translate

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.privacy")
#: How long the delete question may be answered.
CONFIRM_SECONDS = 600


def confirm_view(user_id: int, locale: Language, now: float | None = None) -> discord.ui.View:
    """The two answers to "delete your data?"."""
    until = int((time.time() if now is None else now) + CONFIRM_SECONDS)
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmDelete(user_id, until, label=translate("Delete my data", locale)))
    view.add_item(KeepData(user_id, label=translate("Keep it", locale)))
    return view


class ConfirmDelete(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=r"dhpd:(?P<user>\d+):(?P<until>\d+)"):
    """Delete the member's data: only the member who asked, and only before the question expires."""

    def __init__(self, user_id: int, until: int, *, label: str = "Delete my data",
                 item: discord.ui.Button[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(label=label, style=discord.ButtonStyle.danger,
                                                   custom_id=f"dhpd:{user_id}:{until}"))
        self.user_id, self.until = user_id, until

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any) -> ConfirmDelete:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["user"]), int(match["until"]), item=item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        locale = member_language(interaction)
        if interaction.user.id != self.user_id:
            await tell(interaction, translate("This question is not yours; nothing was deleted.", locale))
            return
        if time.time() > self.until:
            await interaction.response.edit_message(content=translate(
                "This question has expired; nothing was deleted. Ask again with /privacy delete.", locale), view=None)
            return
        bot: DominoHall = interaction.client
        try:
            forgotten = await admin.forget_member(bot.tables, self.user_id)
        except TableError as refusal:
            await interaction.response.edit_message(content=refusal.said(locale), view=None)
            return
        await interaction.response.edit_message(content=translate(
            "Done: your name and id are gone from {results} results and {seats} seats (they now say \"Deleted "
            "member\"), and {settings} settings of yours are removed. If you play again, you start afresh.",
            locale, results=forgotten.results, seats=forgotten.seats, settings=forgotten.settings), view=None)


class KeepData(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dhpk:(?P<user>\d+)"):
    """Answer no: nothing is deleted."""

    def __init__(self, user_id: int, *, label: str = "Keep it", item: discord.ui.Button[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                                   custom_id=f"dhpk:{user_id}"))
        self.user_id = user_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any) -> KeepData:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["user"]), item=item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.user.id != self.user_id:
            await tell(interaction, translate("This question is not yours; nothing was deleted.",
                                              member_language(interaction)))
            return
        await interaction.response.edit_message(content=translate("Nothing was deleted.", member_language(interaction)),
                                                view=None)


def export_summary(data: dict[str, Any], locale: Language) -> str:
    """The words above the export file."""
    return translate("Everything Domino Hall stores about you: {results} results, {tables} tables, {moves} moves "
                     "and {settings} settings, in the attached file (only you can see this message).", locale,
                     results=len(data["results"]), tables=len(data["tables"]), moves=len(data["moves"]),
                     settings=len(data["settings"]))


class Privacy(commands.Cog):
    """/privacy export and /privacy delete."""

    privacy = app_commands.Group(name="privacy", description="Domino Hall: See or delete what it stores about you")

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ConfirmDelete, KeepData)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ConfirmDelete, KeepData)

    @privacy.command(name="export", description="Domino Hall: Everything it stores about you, as a file only you get")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        """The member's data as JSON, privately."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await admin.export_member(self.bot.tables, interaction.user.id)
        payload = io.BytesIO(json.dumps(data, indent=1, ensure_ascii=False).encode())
        await interaction.followup.send(export_summary(data, member_language(interaction)), ephemeral=True,
                                        file=discord.File(payload, f"domino-hall-{interaction.user.id}.json"),
                                        allowed_mentions=NO_PINGS)

    @privacy.command(name="delete", description="Domino Hall: Delete your data (your results stay, anonymised)")
    async def delete(self, interaction: discord.Interaction[Any]) -> None:
        """Ask first, with the consequences; the button does it."""
        locale = member_language(interaction)
        try:
            await admin.need_unseated(self.bot.tables, interaction.user.id)
        except TableError as refusal:
            await tell(interaction, refusal.said(locale))
            return
        await interaction.response.send_message(translate(
            "Delete your Domino Hall data in every server? Your name and id are removed from your results and from "
            "the tables you sat at: they stay, as \"Deleted member\", so other players' results and ratings do not "
            "change. Your own settings (such as /nudges) are removed. This cannot be undone; /privacy export first "
            "if you want a copy.", locale), view=confirm_view(interaction.user.id, locale), ephemeral=True,
            allowed_mentions=NO_PINGS)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Privacy(bot))
