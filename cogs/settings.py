"""/hall-settings: a server's turn time limit and computer pause (members who can manage the server)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import DominoHall


class HallSettings(commands.Cog):
    """Per-server settings with the process settings as defaults."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot

    @app_commands.command(name="hall-settings", description="Show or change this server's Domino Hall settings")
    @app_commands.describe(turn_limit="Seconds a player has before the computer moves for them (0: never)",
                           computer_pause="Seconds a computer player waits before moving")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def hall_settings(self, interaction: discord.Interaction[Any],
                            turn_limit: app_commands.Range[int, 0, 86400] | None = None,
                            computer_pause: app_commands.Range[float, 0.0, 30.0] | None = None) -> None:
        """Change the given settings (Manage Server), then show them all."""
        assert interaction.guild is not None
        changes = {"turn_time_limit": turn_limit, "computer_pause": computer_pause}
        if any(v is not None for v in changes.values()) and not interaction.permissions.manage_guild:
            await interaction.response.send_message("Only members who can manage the server can change these.",
                                                    ephemeral=True)
            return
        for key, value in changes.items():
            if value is not None:
                await self.bot.tables.set_guild_setting(interaction.guild.id, key, float(value))
        now = await self.bot.tables.guild_settings(interaction.guild.id)
        limit = now["turn_time_limit"]
        await interaction.response.send_message(
            f"Turn time limit: **{f'{limit:g} s' if limit else 'off'}** · computer pause: "
            f"**{now['computer_pause']:g} s**", ephemeral=True)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(HallSettings(bot))
