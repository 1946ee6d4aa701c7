"""/games and /rules: the catalogue and each game's summary and house rules, from the engine's registry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.play import GAME_CHOICES, use_registry_choices
from cogs.text import COLOUR, seat_range
from engine import catalogue
from engine.game import option_text

if TYPE_CHECKING:
    from bot.client import DominoHall


def games_embed() -> discord.Embed:
    """Every game with its player counts and family."""
    embed = discord.Embed(title="Domino Hall · games", colour=COLOUR,
                          description="Start one with `/play game:<name>`; `/rules` explains a game.")
    lines = [f"**{spec.title}** · {seat_range(spec)} players · {spec.family}" + (f" · teams {spec.teams}"
             if spec.teams else "") for spec in catalogue().values()]
    embed.add_field(name=f"{len(lines)} games", value="\n".join(lines)[:1024] or "none", inline=False)
    return embed


def rules_embed(key: str) -> discord.Embed:
    """A game's summary, players, tiles and every option with its default and choices."""
    spec = catalogue()[key]
    embed = discord.Embed(title=spec.title, colour=COLOUR, description=spec.summary[:4000])
    embed.add_field(name="Players", value=seat_range(spec) + (f" (teams {spec.teams})" if spec.teams else ""))
    embed.add_field(name="Tiles", value=spec.tile_set[:1024] or "-")
    for option in spec.options[:20]:
        choices = ", ".join(option_text(c) for c in option.choices)
        embed.add_field(name=f"{option.name} (default {option_text(option.default)})"[:256],
                        value=f"{option.help}. Choices: {choices}"[:1024], inline=False)
    return embed


class Rules(commands.Cog):
    """The catalogue."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        use_registry_choices(self)

    @app_commands.command(name="games", description="The games Domino Hall hosts")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        """List the catalogue."""
        await interaction.response.send_message(embed=games_embed(), ephemeral=True)

    @app_commands.command(name="rules", description="How a game is played, and its house rules")
    @app_commands.describe(game="The game to explain")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        """One game's summary and options."""
        await interaction.response.send_message(embed=rules_embed(game.value), ephemeral=True)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Rules(bot))
