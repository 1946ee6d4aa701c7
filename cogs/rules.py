"""/games and /rules: the catalogue and each game's summary and house rules, from the engine's registry, in the
member's language where there is a catalogue for it (bot/i18n.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import translate
from cogs.base import member_language
from cogs.choices import GAME_CHOICES, use_registry_choices
from cogs.text import COLOUR, seat_range
from engine import catalogue
from engine.game import GameSpec, option_text
from render.ladder import ladder_lines, ladder_note
from render.language import ENGLISH, Language, translate_n

if TYPE_CHECKING:
    from bot.client import DominoHall


def games_embed(locale: Language = ENGLISH) -> discord.Embed:
    """Every game with its player counts and family (in the member's language where we have it)."""
    embed = discord.Embed(title=translate("Domino Hall · games", locale), colour=COLOUR,
                          description=translate("Start one with `/play game:<name>`; `/rules` explains a game.",
                                                locale))
    lines = [f"**{translate(spec.title, locale)}** · "
             + translate("{players} players", locale, players=seats_in_words(spec, locale)) + f" · {spec.family}"
             + (" · " + translate("teams {teams}", locale, teams=translate(spec.teams, locale)) if spec.teams else "")
             for spec in catalogue().values()]
    embed.add_field(name=translate_n(len(lines), "{count} game", "{count} games", locale),
                    value="\n".join(lines)[:1024] or "-", inline=False)
    return embed


def seats_in_words(spec: GameSpec, locale: Language) -> str:
    """:func:`cogs.text.seat_range` in the member's language."""
    return seat_range(spec, locale)


def rules_embed(key: str, locale: Language = ENGLISH) -> discord.Embed:
    """A game's summary, players, tiles and every option with its default and choices (in the member's language
    where we have it; the options keep their names, which are what the lobby and the simulator take)."""
    spec = catalogue()[key]
    embed = discord.Embed(title=translate(spec.title, locale), colour=COLOUR,
                          description=translate(spec.summary, locale)[:4000])
    teams = " (" + translate("teams {teams}", locale, teams=translate(spec.teams, locale)) + ")" if spec.teams else ""
    embed.add_field(name=translate("Players", locale), value=seats_in_words(spec, locale) + teams)
    embed.add_field(name=translate("Tiles", locale), value=translate(spec.tile_set, locale)[:1024] or "-")
    lines = ladder_lines(key, locale)
    if lines:  # how the computer levels did against one another (benchmarks/strength_ladder.py)
        embed.add_field(name=translate("Computer players, measured", locale),
                        value="\n".join([*lines, "*" + ladder_note(key, locale) + "*"])[:1024], inline=False)
    for option in spec.options[:20]:
        choices = ", ".join(translate(option_text(c), locale) for c in option.choices)
        default = translate(option_text(option.default), locale)
        embed.add_field(name=translate("{name} (default {value})", locale, name=option.name, value=default)[:256],
                        value=translate("{help}. Choices: {choices}", locale, help=translate(option.help, locale),
                                        choices=choices)[:1024], inline=False)
    return embed


class Rules(commands.Cog):
    """The catalogue."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        use_registry_choices(self)

    @app_commands.command(name="games", description="The games Domino Hall hosts")
    async def games(self, interaction: discord.Interaction[Any]) -> None:
        """List the catalogue."""
        await interaction.response.send_message(embed=games_embed(member_language(interaction)), ephemeral=True)

    @app_commands.command(name="rules", description="How a game is played, and its house rules")
    @app_commands.describe(game="The game to explain")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        """One game's summary and options."""
        await interaction.response.send_message(embed=rules_embed(game.value, member_language(interaction)),
                                                ephemeral=True)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Rules(bot))
