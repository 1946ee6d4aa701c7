"""/leaderboard and /stats: this server's results and skill ratings (bot/ratings.py), from finished matches only."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.names import in_code_block, in_text
from bot.ratings import Rated, RatingBook
from bot.store import TableUpdate, UpdateKind
from bot.tables import Standing
from cogs.base import member_language, server_language
from cogs.choices import GAME_CHOICES, use_registry_choices
from cogs.rank_roles import season_roles
from cogs.season_cards import SEASON_CHOICES, card_embed, game_title, season_field, season_wins_embed
from cogs.text import COLOUR, NO_PINGS
from cogs.threads import home_channel
from engine import catalogue
from render.language import ENGLISH, Language, _, translate, translate_n

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.seasons")


#: The tables' column headings (marked for the catalogues; said in the member's language).
COLUMNS = (_("games"), _("wins"), _("rate"), _("best"))


def standings_table(rows: list[Standing], first: str, locale: Language = ENGLISH) -> str:
    """A fixed-width table: name (or game), games, wins, win rate, best score; and, where a game keeps a personal
    best beyond points (its outcome's ``record``), the best one of a win, headed and explained as its spec says.
    ``first`` is ``player`` or ``game``; the headings are said in the locale's language."""
    recorded = [row for row in rows if row.best_record is not None]
    name, meaning = record_words(recorded[0].game) if recorded else ("", "")
    name, meaning = translate(name, locale) if name else name, translate(meaning, locale) if meaning else meaning
    heading = translate("player", locale) if first == "player" else translate("game", locale)
    games, wins, rate, best = (translate(word, locale) for word in COLUMNS)
    header = f"{heading:<20} {games[:5]:>5} {wins[:4]:>4} {rate[:5]:>5} {best[:5]:>5}"
    lines = [header + (f" {name[:5]:>5}" if recorded else "")]
    for row in rows:
        label = in_code_block(row.name) if first == "player" else catalogue().get(row.game, None)
        title = (translate(label.title, locale) if label is not None and not isinstance(label, str)
                 else str(label or row.game))
        line = f"{title[:20]:<20} {row.games:>5} {row.wins:>4} {row.win_rate:>5.0%} {row.best:>5}"
        if recorded:
            line += f" {row.best_record if row.best_record is not None else '-':>5}"
        lines.append(line)
    footnote = f"\n{name}: {meaning}" if recorded else ""
    return "```\n" + "\n".join(lines) + "\n```" + footnote


def record_words(game: str) -> tuple[str, str]:
    """The personal-best figure's column name and meaning for ``game`` ("" for all games: the one game that keeps
    such a figure, else a plain "record")."""
    spec = catalogue().get(game)
    keeping = [s for s in catalogue().values() if s.record_name]
    if spec is None and len(keeping) == 1:
        spec = keeping[0]
    if spec is None or not spec.record_name:
        return _("record"), _("the best personal record of a win")
    return spec.record_name, spec.record_meaning


def ratings_table(rows: list[Rated], locale: Language = ENGLISH) -> str:
    """A fixed-width table ranked by rating (``mu - 3 sigma``): name, rating, games, wins, win rate (headings in the
    locale's language)."""
    games, wins, rated, _best = (translate(word, locale) for word in COLUMNS)
    player, rating = translate("player", locale), translate("rating", locale)
    lines = [f"{'#':>2} {player[:20]:<20} {rating[:6]:>6} {games[:5]:>5} {wins[:4]:>4} {rated[:5]:>5}"]
    for rank, row in enumerate(rows, 1):
        name = in_code_block(row.name) if row.user_id is not None else row.name
        rate = row.wins / row.games if row.games else 0.0
        lines.append(f"{rank:>2} {name[:20]:<20} {row.conservative:>6.1f} {row.games:>5} {row.wins:>4} {rate:>5.0%}")
    return "```\n" + "\n".join(lines) + "\n```"


def rating_line(game: str, rated: Rated, locale: Language = ENGLISH) -> str:
    """One game's rating in /stats, with its trend over the last matches."""
    spec = catalogue().get(game)
    title = translate(spec.title, locale) if spec is not None else game
    arrow = "▲" if rated.trend > 0.05 else "▼" if rated.trend < -0.05 else "▶"
    recent = min(len(rated.history), 10)
    values = {"title": title, "rating": f"{rated.conservative:.1f}", "arrow": arrow, "trend": f"{rated.trend:+.1f}"}
    return translate_n(recent, "**{title}**: {rating} {arrow} {trend} over the last match",
                       "**{title}**: {rating} {arrow} {trend} over the last {count} matches", locale, **values)


def ratings_embed(rated: list[Rated], game: str, locale: Language) -> discord.Embed:
    """One game's board by rating: members ranked, computer levels beside them."""
    people = [r for r in rated if r.user_id is not None][:15]
    embed = discord.Embed(title=translate("Leaderboard · {game}", locale, game=game_title(game, locale)),
                          colour=COLOUR, description=ratings_table(people, locale) if people else
                          translate("No rated matches yet.", locale))
    computers = [r for r in rated if r.user_id is None]
    if computers:  # where members stand against the computer players' levels
        embed.add_field(name=translate("Computer players", locale), value=" · ".join(
            translate_n(r.games, "{level} {rating} ({count} game)", "{level} {rating} ({count} games)", locale,
                        level=translate(r.level.title(), locale) if r.level else r.name,
                        rating=f"{r.conservative:.1f}")
            for r in computers), inline=False)
    embed.set_footer(text=translate("rating: skill minus three times its uncertainty (OpenSkill), so it grows "
                                    "as you play and win; computer players are rated per level", locale))
    return embed


class Stats(commands.Cog):
    """Leaderboards and personal records per server."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.ratings: RatingBook = bot.tables.ratings
        self.tasks: set[asyncio.Task[None]] = set()
        use_registry_choices(self)

    async def cog_load(self) -> None:
        self.bot.tables.store.add_listener(self.on_table)

    def on_table(self, update: TableUpdate) -> None:
        """A match finished: if it is the server's first since its season changed, post the season's end card."""
        if update.kind == UpdateKind.FINISHED:
            task = asyncio.create_task(self.season_card(update.table.row.guild_id,
                                                        home_channel(self.bot, update.table.row.channel_id)))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def season_card(self, guild_id: int, channel_id: int) -> None:
        """Post the season that just ended's card (the top three of each game) in the channel of the first match
        finished after it, once (bot/seasons.py SeasonBook.turned)."""
        try:
            ended = await self.bot.tables.seasons.turned(guild_id)
            if ended is not None:  # the season's rank roles move to its top players (cogs/rank_roles.py)
                await season_roles(self.bot, guild_id, channel_id, ended)
            card = await self.bot.tables.seasons.card(guild_id, ended) if ended is not None else {}
            if ended is None or not card:
                return
            guild = self.bot.get_guild(guild_id)
            channel = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
            await channel.send(embed=card_embed(card, ended, server_language(guild)),
                               allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            log.warning("guild %d: the season's card could not be posted (%s)", guild_id, error.status)
        except Exception:
            log.exception("guild %d: the season's card failed", guild_id)

    @app_commands.command(name="leaderboard", description="This server's best players (all games or one)")
    @app_commands.describe(game="Only this game (leave empty for all games)",
                           season="The current season (default), the previous one (its best of each game), or all "
                                  "time")
    @app_commands.choices(game=GAME_CHOICES, season=SEASON_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str] | None = None,
                          season: app_commands.Choice[str] | None = None) -> None:
        """Ratings (one game) or wins (all games) of the server's members, this season or another, or all time."""
        locale = member_language(interaction)
        if interaction.guild is None:
            await interaction.response.send_message(
                translate("Leaderboards belong to servers: use this in one.", locale), ephemeral=True)
            return
        guild_id, which = interaction.guild.id, season.value if season is not None else "current"
        if which == "all-time":
            embed = await self.all_time(guild_id, game.value if game else None, locale)
        else:
            embed = await self.of_season(guild_id, game.value if game else None, which, locale)
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_PINGS)

    async def all_time(self, guild_id: int, game: str | None, locale: Language) -> discord.Embed:
        """Wins across all games, or one game's ratings, over all time."""
        if game is None:
            rows = await self.bot.tables.standings(guild_id, None, limit=15)
            embed = discord.Embed(title=translate("Leaderboard · all games", locale), colour=COLOUR,
                                  description=standings_table(rows, "player", locale) if rows else
                                  translate("No finished games yet.", locale))
            embed.set_footer(text=translate("Ratings are per game: /leaderboard game:<game>", locale))
            return embed
        return ratings_embed(await self.ratings.board(guild_id, game, limit=None), game, locale)

    async def of_season(self, guild_id: int, game: str | None, which: str, locale: Language) -> discord.Embed:
        """A season's board: one game's ratings, else the season's wins (current) or its end card (previous)."""
        seasons = self.bot.tables.seasons
        chosen = await seasons.season(guild_id, which)
        if game is not None:
            embed = ratings_embed(await seasons.board(guild_id, game, chosen), game, locale)
            season_field(embed, chosen, locale)
            return embed
        if which == "previous":
            return card_embed(await seasons.card(guild_id, chosen), chosen, locale)
        rows = await self.bot.tables.standings(guild_id, None, limit=15, between=(chosen.start, chosen.end))
        return season_wins_embed(rows, chosen, standings_table(rows, "player", locale), locale)

    @app_commands.command(name="stats", description="A member's record in this server, per game")
    @app_commands.describe(member="Whose record (default: yours)")
    async def stats(self, interaction: discord.Interaction[Any], member: discord.Member | None = None) -> None:
        """Games, wins, win rate and best score per game for one member."""
        locale = member_language(interaction)
        if interaction.guild is None:
            await interaction.response.send_message(translate("Stats belong to servers: use this in one.", locale),
                                                    ephemeral=True)
            return
        who = member or interaction.user
        rows = await self.bot.tables.member_stats(interaction.guild.id, who.id)
        total_games, total_wins = sum(r.games for r in rows), sum(r.wins for r in rows)
        embed = discord.Embed(title=translate("Stats · {name}", locale, name=in_text(who.display_name)),
                              colour=COLOUR)
        if rows:
            embed.description = (translate("{games} games, {wins} wins", locale, games=total_games, wins=total_wins)
                                 + "\n" + standings_table(rows, "game", locale))
            rated = await self.ratings.member(interaction.guild.id, who.id, [r.game for r in rows])
            if rated:
                embed.add_field(name=translate("Ratings", locale),
                                value="\n".join(rating_line(g, r, locale) for g, r in rated.items()), inline=False)
        else:
            embed.description = translate("No finished games yet.", locale)
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_PINGS)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Stats(bot))
