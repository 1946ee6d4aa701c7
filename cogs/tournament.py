"""/tournament: create (a sign-up message with Join and Leave), start, cancel, standings and drop; the channel hears
each round's pairings (its tables posted like any table) and the final standings. The rules are the tournament
service's (bot/tournaments.py); pairings and tie-breaks are bot/pairing.py's."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle, app_commands
from discord.ext import commands

from bot.client import tell
from bot.names import in_code_block, in_text
from bot.storage import TournamentRow
from bot.table import TableError
from bot.tournaments import FORMATS, TournamentEvent, TournamentService, TournamentUpdate
from cogs.base import hall, member_language, server_language
from cogs.choices import GAME_CHOICES, use_registry_choices
from cogs.season_cards import game_title
from cogs.text import COLOUR, NO_PINGS
from render.language import Language, _, translate

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.tournaments")

#: The formats as a choice (the names translated: bot/i18n.py).
FORMAT_NAMES = {"swiss": _("Swiss"), "knockout": _("knockout"), "round-robin": _("round robin")}
FORMAT_CHOICES = [app_commands.Choice(name=app_commands.locale_str(FORMAT_NAMES[f]), value=f) for f in FORMATS]


def service(interaction: discord.Interaction[Any]) -> TournamentService:
    """The tournament service of the bot that received the command or click."""
    return hall(interaction).tables.tournaments


def signup_embed(row: TournamentRow, locale: Language) -> discord.Embed:
    """The sign-up message: the game, the format, the rounds and clock, and the players so far."""
    embed = discord.Embed(title=translate("Tournament #{id} · {game}", locale, id=row.id,
                                          game=game_title(row.game, locale)), colour=COLOUR)
    rounds = str(row.rounds) if row.rounds else translate("as many as the players need", locale)
    embed.description = translate(
        "Format: **{format}** · rounds: **{rounds}** · round clock: **{clock}**\nEach game is one match at a table "
        "of its own; a bye is worth a win.", locale, format=translate(FORMAT_NAMES[row.format], locale),
        rounds=rounds, clock=translate("{minutes} min", locale, minutes=row.round_minutes) if row.round_minutes
        else translate("none", locale))
    players = [in_text(p.name) for p in row.players]
    embed.add_field(name=translate("Players ({count})", locale, count=len(players)),
                    value=", ".join(players)[:1024] if players else translate("Nobody yet: press Join.", locale),
                    inline=False)
    if row.status != "signup":
        embed.set_footer(text=translate("Sign-up is closed.", locale))
    return embed


def signup_view(row: TournamentRow, locale: Language) -> discord.ui.View:
    """Join and Leave, while the tournament signs up."""
    view = discord.ui.View(timeout=None)
    if row.status == "signup":
        view.add_item(JoinTournament(row.id, translate("Join", locale)))
        view.add_item(LeaveTournament(row.id, translate("Leave", locale)))
    return view


def standings_text(row: TournamentRow, tournaments: TournamentService, locale: Language,
                   before: int | None = None) -> str:
    """The standings as a fixed-width table (of the rounds ``before`` a round, when given), with what the columns
    mean."""
    names = {p.user_id: p for p in row.players}
    player, points = translate("player", locale), translate("points", locale)
    lines = [f"{'#':>2} {player[:20]:<20} {points[:6]:>6} {'Bh':>5} {'+/-':>5} {'W':>2} {'bye':>3}"]
    for rank, line in enumerate(tournaments.standings(row, before), 1):
        entrant = names[line.user_id]
        name = in_code_block(entrant.name) + (" ✗" if entrant.dropped else "")
        lines.append(f"{rank:>2} {name[:20]:<20} {line.points:>6g} {line.buchholz:>5g} {line.difference:>5} "
                     f"{line.wins:>2} {line.byes:>3}")
    return "```\n" + "\n".join(lines) + "\n```" + translate(
        "points: a win 1 (a bye is worth a win), a draw ½ · Bh (Buchholz): the points of everyone one played · +/-: "
        "game points scored minus conceded · ✗: dropped", locale)


class TournamentButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """A button of a sign-up message; its custom id is ``dht:<kind>:<tournament id>``, so it works after a restart."""

    kind = ""

    def __init__(self, tournament_id: int, label: str = "", item: discord.ui.Button[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(label=label[:80], style=ButtonStyle.primary if self.kind == "join"
                                                   else ButtonStyle.secondary,
                                                   custom_id=f"dht:{self.kind}:{tournament_id}"))
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["id"]), item=item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        tournaments = service(interaction)
        try:
            row = tournaments.get(self.tournament_id)
            if (row.guild_id, row.channel_id) != (interaction.guild_id, interaction.channel_id):
                raise TableError(_("That tournament is over or was cancelled."))
            row = await self.act(tournaments, interaction)
        except TableError as refusal:
            await tell(interaction, refusal.said(member_language(interaction)))
            return
        locale = Language.of(interaction.guild_locale)
        await interaction.response.edit_message(embed=signup_embed(row, locale), view=signup_view(row, locale))

    async def act(self, tournaments: TournamentService, interaction: discord.Interaction[Any]) -> TournamentRow:
        raise NotImplementedError


class JoinTournament(TournamentButton, template=r"dht:join:(?P<id>\d+)"):
    """Join: the member signs up."""

    kind = "join"

    async def act(self, tournaments: TournamentService, interaction: discord.Interaction[Any]) -> TournamentRow:
        return await tournaments.join(self.tournament_id, interaction.user.id, interaction.user.display_name[:32])


class LeaveTournament(TournamentButton, template=r"dht:leave:(?P<id>\d+)"):
    """Leave: the member takes back their sign-up."""

    kind = "leave"

    async def act(self, tournaments: TournamentService, interaction: discord.Interaction[Any]) -> TournamentRow:
        return await tournaments.leave(self.tournament_id, interaction.user.id)


class Tournament(commands.Cog):
    """/tournament and the channel's round announcements."""

    tournament = app_commands.Group(name="tournament", description="Tournaments of a two-player game in this channel",
                                    guild_only=True)

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.tasks: set[asyncio.Task[None]] = set()
        use_registry_choices(self)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(JoinTournament, LeaveTournament)
        self.bot.tables.tournaments.add_listener(self.on_tournament)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(JoinTournament, LeaveTournament)

    @tournament.command(name="create", description="Open a tournament here, with a sign-up message (Manage Server)")
    @app_commands.describe(game="The game (two players a table)", format="Swiss, knockout or round robin",
                           rounds="Swiss only: how many rounds (default: enough for the players)",
                           round_minutes="Minutes a round may last before its unfinished tables end (0: no clock)")
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    async def create(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str],
                     format: app_commands.Choice[str], rounds: app_commands.Range[int, 1, 20] | None = None,
                     round_minutes: app_commands.Range[int, 0, 1440] = 0) -> None:
        """Open the channel's tournament and post its sign-up message."""
        if not await self.manager(interaction):
            return
        assert interaction.guild is not None and interaction.channel_id is not None
        tournaments = service(interaction)
        try:
            row = await tournaments.create(interaction.guild.id, interaction.channel_id, interaction.user.id,
                                           game.value, format.value, rounds, round_minutes)
        except TableError as refusal:
            await tell(interaction, refusal.said(member_language(interaction)))
            return
        locale = Language.of(interaction.guild_locale)
        await interaction.response.send_message(embed=signup_embed(row, locale), view=signup_view(row, locale),
                                                allowed_mentions=NO_PINGS)
        message = await interaction.original_response()
        await tournaments.set_message(row.id, message.id)

    @tournament.command(name="start", description="Close the sign-up and open the first round (Manage Server)")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        """Start the channel's tournament."""
        row = await self.channel_tournament(interaction, manage=True)
        if row is None:
            return
        try:
            await service(interaction).begin(row.id)
        except TableError as refusal:
            await tell(interaction, refusal.said(member_language(interaction)))
            return
        await interaction.response.send_message(translate("Tournament #{id} has started.",
                                                          Language.of(interaction.guild_locale), id=row.id))
        await self.redraw_signup(row)

    @tournament.command(name="cancel", description="End this channel's tournament now (Manage Server)")
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Cancel the channel's tournament (its open tables end too)."""
        row = await self.channel_tournament(interaction, manage=True)
        if row is None:
            return
        await service(interaction).cancel(row.id)
        await interaction.response.send_message(translate("Tournament #{id} was cancelled.",
                                                          Language.of(interaction.guild_locale), id=row.id))
        await self.redraw_signup(row)

    @tournament.command(name="standings", description="This channel's tournament standings")
    async def standings(self, interaction: discord.Interaction[Any]) -> None:
        """The standings now (or the last tournament's final standings)."""
        assert interaction.guild is not None and interaction.channel_id is not None
        row = await service(interaction).latest(interaction.guild.id, interaction.channel_id)
        if row is None:
            await tell(interaction, translate("There is no tournament in this channel: /tournament create opens one.",
                                              member_language(interaction)))
            return
        locale = Language.of(interaction.guild_locale)
        embed = discord.Embed(title=translate("Tournament #{id} · standings after round {round}", locale, id=row.id,
                                              round=row.round), colour=COLOUR,
                              description=standings_text(row, service(interaction), locale))
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_PINGS)

    @tournament.command(name="drop", description="Leave this channel's tournament (you are not paired again)")
    async def drop(self, interaction: discord.Interaction[Any]) -> None:
        """The member leaves the tournament."""
        row = await self.channel_tournament(interaction)
        if row is None:
            return
        try:
            await service(interaction).drop(row.id, interaction.user.id)
        except TableError as refusal:
            await tell(interaction, refusal.said(member_language(interaction)))
            return
        await tell(interaction, translate("You have left tournament #{id}: you will not be paired again.",
                                          member_language(interaction), id=row.id))
        if row.status == "signup":
            await self.redraw_signup(row)

    async def manager(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether the member may run tournaments here (Manage Server); refused if not."""
        if interaction.permissions.manage_guild:
            return True
        await tell(interaction, translate("Only members who can manage the server can run tournaments.",
                                          member_language(interaction)))
        return False

    async def channel_tournament(self, interaction: discord.Interaction[Any],
                                 manage: bool = False) -> TournamentRow | None:
        """The channel's open tournament; None (the member told why) if there is none or they may not."""
        if manage and not await self.manager(interaction):
            return None
        assert interaction.guild is not None and interaction.channel_id is not None
        row = service(interaction).in_channel(interaction.guild.id, interaction.channel_id)
        if row is None:
            await tell(interaction, translate("There is no tournament in this channel: /tournament create opens one.",
                                              member_language(interaction)))
        return row

    async def redraw_signup(self, row: TournamentRow) -> None:
        """Show the sign-up message as it is now (closed: no buttons); a deleted message is left alone."""
        if row.message_id is None:
            return
        locale = self.locale(row)
        message = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id
                                                   ).get_partial_message(row.message_id)
        try:
            await message.edit(embed=signup_embed(row, locale), view=signup_view(row, locale))
        except discord.HTTPException as error:
            log.info("tournament %d: its sign-up message could not be edited (%s)", row.id, error.status)

    # ----- what the channel hears ------------------------------------------------------------------------------------
    def on_tournament(self, update: TournamentUpdate) -> None:
        """A round opened or the tournament ended: tell the channel (in a task)."""
        task = asyncio.create_task(self.announce(update))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def announce(self, update: TournamentUpdate) -> None:
        row, locale = update.tournament, self.locale(update.tournament)
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        try:
            if update.kind == TournamentEvent.ROUND:
                embeds = [] if row.round == 1 else [discord.Embed(  # the standings after the round before
                    title=translate("Tournament #{id} · standings after round {round}", locale, id=row.id,
                                    round=row.round - 1), colour=COLOUR,
                    description=standings_text(row, self.bot.tables.tournaments, locale, before=row.round))]
                await channel.send(round_text(row, locale), embeds=embeds, allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(p.user_id) for p in row.players]))
                for table in update.tables:
                    await self.bot.pages.repost(table)  # the table's message, as /play posts it
            elif update.kind == TournamentEvent.FINISHED:
                embed = discord.Embed(title=translate("Tournament #{id} is over: final standings", locale, id=row.id),
                                      colour=COLOUR, description=standings_text(row, self.bot.tables.tournaments,
                                                                                locale))
                await channel.send(embed=embed, allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            log.warning("tournament %d: could not tell the channel (%s)", row.id, error.status)
        except Exception:
            log.exception("tournament %d: announcing %s failed", row.id, update.kind)

    def locale(self, row: TournamentRow) -> Language:
        """The language of the tournament's server."""
        guild = self.bot.get_guild(row.guild_id)
        return server_language(guild)


def round_text(row: TournamentRow, locale: Language) -> str:
    """A round's pairings, each player mentioned once, with its clock."""
    lines = [translate("**Tournament #{id} · round {round} of {rounds}**", locale, id=row.id, round=row.round,
                       rounds=row.rounds)]
    for board in (b for b in row.boards if b.round == row.round):
        if board.second_id is None:
            lines.append(translate("<@{player}> has a bye (worth a win)", locale, player=board.first_id))
        else:
            lines.append(translate("<@{first}> vs <@{second}> · table #{table}", locale, first=board.first_id,
                                   second=board.second_id, table=board.table_id))
    if row.round_ends_at is not None:
        lines.append(translate("The round ends <t:{when}:R>; a table still playing then is won by whoever leads on "
                               "the match score (equal scores draw).", locale, when=int(row.round_ends_at)))
    return "\n".join(lines)[:2000]


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Tournament(bot))
