"""What /leaderboard shows of a season (bot/seasons.py): a game's season board, the season's wins across games, and
the season's end card naming the top three of each game played in it."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.names import in_text
from bot.ratings import Rated
from bot.seasons import Season
from bot.storage import Standing
from cogs.text import COLOUR
from engine import catalogue
from render.language import Language, translate

#: /leaderboard's ``season`` option (the names translated: bot/i18n.py).
SEASON_CHOICES = [app_commands.Choice(name=app_commands.locale_str("current season"), value="current"),
                  app_commands.Choice(name=app_commands.locale_str("previous season"), value="previous"),
                  app_commands.Choice(name=app_commands.locale_str("all time"), value="all-time")]
MEDALS = ("🥇", "🥈", "🥉")


def game_title(game: str, locale: Language) -> str:
    """A game's title in the member's language (its key if the catalogue no longer has it)."""
    spec = catalogue().get(game)
    return translate(spec.title, locale) if spec is not None else game


def season_field(embed: discord.Embed, season: Season, locale: Language) -> None:
    """Say which season a board is of, and how to see all time."""
    embed.add_field(name=translate("Season", locale), value=translate(
        "**{season}** (ratings carry over from season to season, less certain: play to climb back) · all time: "
        "/leaderboard season:all time", locale, season=season.label), inline=False)


def season_wins_embed(rows: list[Standing], season: Season, table: str, locale: Language) -> discord.Embed:
    """The season's members by wins across games (``table``: their standings drawn as text)."""
    embed = discord.Embed(title=translate("Leaderboard · all games", locale), colour=COLOUR,
                          description=table if rows else translate("No finished games this season yet.", locale))
    season_field(embed, season, locale)
    embed.set_footer(text=translate("Ratings are per game: /leaderboard game:<game>", locale))
    return embed


def card_embed(card: dict[str, list[Rated]], season: Season, locale: Language) -> discord.Embed:
    """The season's end card: the top three members of each game played in ``season``, with their ratings."""
    embed = discord.Embed(title=translate("Season {season} · the best of each game", locale, season=season.label),
                          colour=COLOUR)
    if not card:
        embed.description = translate("Nobody finished a rated match in season {season}.", locale,
                                      season=season.label)
    for game, people in list(card.items())[:25]:  # an embed holds 25 fields
        embed.add_field(name=game_title(game, locale), value="\n".join(
            translate("{medal} **{name}** · {rating} · {wins} of {games} won", locale, medal=MEDALS[place],
                      name=in_text(rated.name), rating=rating_text(rated.conservative), wins=rated.wins,
                      games=rated.games)
            for place, rated in enumerate(people)), inline=False)
    return embed


def rating_text(rating: float) -> str:
    """A rating as the boards show it: one decimal (said apart from the translated line: Babel reads no f-string)."""
    return f"{rating:.1f}"
