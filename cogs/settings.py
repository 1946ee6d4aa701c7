"""/hall-settings: a server's turn time limit, computer pause, turn nudges, hints, table threads and recaps in the
channel (members who can manage the server); /nudges: a member's own choice of being mentioned when it is their turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.rank_roles import MAX_PLACE
from bot.seasons import SEASON_LENGTHS
from cogs.base import member_language
from cogs.rank_roles import rank_roles_text, set_rank_role
from render.language import Language, _, translate

if TYPE_CHECKING:
    from bot.client import DominoHall


#: An on/off choice (its names translated: bot/i18n.py).
ON_OFF = [app_commands.Choice(name=app_commands.locale_str("on"), value="on"),
          app_commands.Choice(name=app_commands.locale_str("off"), value="off")]
#: How long a season lasts (bot/seasons.py), as a choice (the names translated: bot/i18n.py).
SEASON_LENGTH_NAMES = {"month": _("a month"), "week": _("a week"), "quarter": _("three months"), "year": _("a year")}
SEASON_LENGTH_CHOICES = [app_commands.Choice(name=app_commands.locale_str(SEASON_LENGTH_NAMES[length]), value=length)
                         for length in SEASON_LENGTHS]


class HallSettings(commands.Cog):
    """Per-server settings with the process settings as defaults."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot

    @app_commands.command(name="hall-settings", description="Show or change this server's Domino Hall settings")
    @app_commands.describe(turn_limit="Seconds a player has before the computer moves for them (0: never)",
                           computer_pause="Seconds a computer player waits before moving",
                           nudges="Mention players in the channel when it is their turn (members can opt out)",
                           hints="Show players a Hint button on their turn (what the Strong computer would play)",
                           threads="Chat of each new table (recaps, turn reminders) in a thread of its message",
                           channel_recaps="Without a thread, post every hand's recap in the channel too",
                           season_length="How long a season of /leaderboard lasts (a month unless changed)",
                           rank_place="A season place (1 to 10) to give a role at each season's end (with rank_role; "
                                      "alone: no role for it)",
                           rank_role="The role the season's player at rank_place gets (Domino Hall needs Manage "
                                     "Roles)")
    @app_commands.choices(nudges=ON_OFF, hints=ON_OFF, threads=ON_OFF, channel_recaps=ON_OFF,
                          season_length=SEASON_LENGTH_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def hall_settings(self, interaction: discord.Interaction[Any],
                            turn_limit: app_commands.Range[int, 0, 86400] | None = None,
                            computer_pause: app_commands.Range[float, 0.0, 30.0] | None = None,
                            nudges: app_commands.Choice[str] | None = None,
                            hints: app_commands.Choice[str] | None = None,
                            threads: app_commands.Choice[str] | None = None,
                            channel_recaps: app_commands.Choice[str] | None = None,
                            season_length: app_commands.Choice[str] | None = None,
                            rank_place: app_commands.Range[int, 1, MAX_PLACE] | None = None,
                            rank_role: discord.Role | None = None) -> None:
        """Change the given settings (Manage Server), then show them all (a refused rank role changes nothing)."""
        assert interaction.guild is not None
        guild_id = interaction.guild.id
        changes = {"turn_time_limit": turn_limit, "computer_pause": computer_pause}
        switches = {"nudges": nudges, "hints": hints, "threads": threads, "channel_recaps": channel_recaps,
                    "season_length": season_length, "rank_place": rank_place, "rank_role": rank_role}
        if (any(v is not None for v in switches.values()) or any(v is not None for v in changes.values())) \
                and not interaction.permissions.manage_guild:
            await interaction.response.send_message(
                translate("Only members who can manage the server can change these.", member_language(interaction)),
                ephemeral=True)
            return
        if rank_role is not None and rank_place is None:
            await interaction.response.send_message(translate(
                "Say which place the role is for: rank_place:1 gives it to the season's best player.",
                member_language(interaction)), ephemeral=True)
            return
        if rank_place is not None:
            refusal = await set_rank_role(interaction, rank_place, rank_role)  # first: a refusal changes nothing
            if refusal is not None:
                await interaction.response.send_message(refusal, ephemeral=True)
                return
        for key, value in changes.items():
            if value is not None:
                await self.bot.tables.settings.set_guild_setting(guild_id, key, float(value))
        if nudges is not None:
            await self.bot.tables.settings.set_nudges(guild_id, nudges.value == "on")
        if hints is not None:
            await self.bot.tables.settings.set_hints(guild_id, hints.value == "on")
        if threads is not None:
            await self.bot.tables.settings.set_threads(guild_id, threads.value == "on")
        if channel_recaps is not None:
            await self.bot.tables.settings.set_channel_recaps(guild_id, channel_recaps.value == "on")
        if season_length is not None:
            await self.bot.tables.settings.set_season_length(guild_id, season_length.value)
        await interaction.response.send_message(await self.settings_text(guild_id, member_language(interaction)),
                                                ephemeral=True)

    async def settings_text(self, guild_id: int, locale: Language) -> str:
        """Every setting of the server as it is now, in ``locale``'s language."""
        settings = self.bot.tables.settings
        now = await settings.guild_settings(guild_id)
        limit = now["turn_time_limit"]

        def on_off(value: bool) -> str:
            return translate("on", locale) if value else translate("off", locale)

        limit_words = f"{limit:g} s" if limit else on_off(False)  # the values first: Babel reads no f-string
        pause = f"{now['computer_pause']:g}"
        return translate(
            "Turn time limit: **{limit}** · computer pause: **{pause} s** · turn nudges: **{nudges}** · hints: "
            "**{hints}** · table threads: **{threads}** · recaps in the channel: **{recaps}**", locale,
            limit=limit_words, pause=pause,
            nudges=on_off(await settings.nudges_on(guild_id, 0)), hints=on_off(await settings.hints_on(guild_id)),
            threads=on_off(await settings.threads_on(guild_id)),
            recaps=on_off(await settings.channel_recaps_on(guild_id))) + " · " + translate(
            "seasons last **{length}**", locale,
            length=translate(SEASON_LENGTH_NAMES[await settings.season_length(guild_id)], locale)) + " · " + (
            await rank_roles_text(self.bot, guild_id, locale))

    @app_commands.command(name="nudges", description="Be mentioned (or not) when it is your turn at a table here")
    @app_commands.describe(enabled="on: a short message mentions you when it is your turn; off: never")
    @app_commands.choices(enabled=ON_OFF)
    @app_commands.guild_only()
    async def nudges(self, interaction: discord.Interaction[Any], enabled: app_commands.Choice[str]) -> None:
        """A member's own choice, for this server."""
        assert interaction.guild is not None
        on = enabled.value == "on"
        await self.bot.tables.settings.set_nudges(interaction.guild.id, on, interaction.user.id)
        await interaction.response.send_message(
            translate("Turn nudges are **on** for you here: a short message mentions you when it is your turn.",
                      member_language(interaction)) if on else
            translate("Turn nudges are **off** for you here: nobody will mention you when it is your turn.",
                      member_language(interaction)), ephemeral=True)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(HallSettings(bot))
