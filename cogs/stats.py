"""/leaderboard and /stats: this server's results, from finished matches only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.names import in_code_block, in_text
from bot.tables import Standing
from cogs.play import GAME_CHOICES, use_registry_choices
from cogs.text import COLOUR, NO_PINGS
from engine import catalogue

if TYPE_CHECKING:
    from bot.client import DominoHall


def standings_table(rows: list[Standing], first: str) -> str:
    """A fixed-width table: name (or game), games, wins, win rate, best score; and, where a game keeps a personal
    best beyond points (its outcome's ``record``), the best one of a win, headed and explained as its spec says."""
    recorded = [row for row in rows if row.best_record is not None]
    name, meaning = record_words(recorded[0].game) if recorded else ("", "")
    header = f"{first:<20} {'games':>5} {'wins':>4} {'rate':>5} {'best':>5}"
    lines = [header + (f" {name[:5]:>5}" if recorded else "")]
    for row in rows:
        label = in_code_block(row.name) if first == "player" else catalogue().get(row.game, None)
        title = label.title if label is not None and not isinstance(label, str) else str(label or row.game)
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
        return "record", "the best personal record of a win"
    return spec.record_name, spec.record_meaning


class Stats(commands.Cog):
    """Leaderboards and personal records per server."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        use_registry_choices(self)

    @app_commands.command(name="leaderboard", description="This server's best players (all games or one)")
    @app_commands.describe(game="Only this game (leave empty for all games)")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any],
                          game: app_commands.Choice[str] | None = None) -> None:
        """Wins, games, win rate and best score of the server's members."""
        if interaction.guild is None:
            await interaction.response.send_message("Leaderboards belong to servers: use this in one.", ephemeral=True)
            return
        key = game.value if game else None
        rows = await self.bot.tables.standings(interaction.guild.id, key, limit=15)
        title = f"Leaderboard · {game.name}" if game else "Leaderboard · all games"
        embed = discord.Embed(title=title, colour=COLOUR,
                              description=standings_table(rows, "player") if rows else "No finished games yet.")
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_PINGS)

    @app_commands.command(name="stats", description="A member's record in this server, per game")
    @app_commands.describe(member="Whose record (default: yours)")
    async def stats(self, interaction: discord.Interaction[Any], member: discord.Member | None = None) -> None:
        """Games, wins, win rate and best score per game for one member."""
        if interaction.guild is None:
            await interaction.response.send_message("Stats belong to servers: use this in one.", ephemeral=True)
            return
        who = member or interaction.user
        rows = await self.bot.tables.member_stats(interaction.guild.id, who.id)
        total_games, total_wins = sum(r.games for r in rows), sum(r.wins for r in rows)
        embed = discord.Embed(title=f"Stats · {in_text(who.display_name)}", colour=COLOUR)
        if rows:
            embed.description = (f"{total_games} games, {total_wins} wins\n" + standings_table(rows, "game"))
        else:
            embed.description = "No finished games yet."
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_PINGS)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Stats(bot))
