"""/tournament: create (a sign-up message with Join and Leave, and Join with partners when teams are fixed), start,
cancel, standings and drop; the channel hears each round's pairings (each table linked to the thread or forum post
it is played in: cogs/tournament_tables.py) and the final standings.

The rules are the tournament service's (bot/tournaments.py); pairings and tie-breaks are
bot/pairing.py's and bot/tables_pairing.py's; what is said of tables of more than two, teams and computers is
cogs/tournament_seats.py's."""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import ButtonStyle, app_commands
from discord.ext import commands

from bot.client import tell
from bot.names import in_code_block
from bot.storage import TournamentPlan, TournamentRow
from bot.table import TableError
from bot.tournament_schedule import ScheduleEvent, ScheduleUpdate, house_rules, parse_start
from bot.tournament_teams import PARTNERS, shape, shape_of
from bot.tournaments import FORMATS, TournamentEvent, TournamentService, TournamentUpdate
from cogs.base import hall, member_language, server_language
from cogs.choices import GAME_CHOICES, use_registry_choices
from cogs.season_cards import game_title
from cogs.text import COLOUR, NO_PINGS
from cogs.tournament_schedule import create_event, plan_fields
from cogs.tournament_seats import (
    PARTNER_NAMES,
    board_line,
    competitor_names,
    entrants_text,
    points_text,
    seating_text,
)
from cogs.tournament_standings import with_picture
from cogs.tournament_tables import TablePlaces, cannot_post
from render.language import Language, _, translate
from render.tournament_standings import number

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.tournaments")

#: The formats as a choice (the names translated: bot/i18n.py).
FORMAT_NAMES = {"swiss": _("Swiss"), "knockout": _("knockout"), "round-robin": _("round robin")}
FORMAT_CHOICES = [app_commands.Choice(name=app_commands.locale_str(FORMAT_NAMES[f]), value=f) for f in FORMATS]
PARTNER_CHOICES = [app_commands.Choice(name=app_commands.locale_str(PARTNER_NAMES[p]), value=p) for p in PARTNERS]
COMPUTER_CHOICES = [app_commands.Choice(name=app_commands.locale_str(_("allow: computers fill empty seats")),
                                        value="allow"),
                    app_commands.Choice(name=app_commands.locale_str(_("never: byes instead")), value="never")]


def service(interaction: discord.Interaction[Any]) -> TournamentService:
    """The tournament service of the bot that received the command or click."""
    return hall(interaction).tables.tournaments


def meant_channel(interaction: discord.Interaction[Any]) -> int:
    """The channel whose tournament a command means: in a table's thread, its channel's; in a forum post, that of
    the open tournament whose tables the forum holds."""
    channel = interaction.channel
    assert interaction.channel_id is not None
    if not isinstance(channel, discord.Thread) or channel.parent_id is None:
        return interaction.channel_id
    return next((t.channel_id for t in service(interaction).open.values()
                 if t.guild_id == interaction.guild_id and t.setup.forum == channel.parent_id), channel.parent_id)


def signup_embed(row: TournamentRow, locale: Language, plan: TournamentPlan | None = None) -> discord.Embed:
    """The sign-up message: the game, the format, the rounds and clock, the start time and house rules (``plan``),
    and the players so far."""
    embed = discord.Embed(title=translate("Tournament #{id} · {game}", locale, id=row.id,
                                          game=game_title(row.game, locale)), colour=COLOUR)
    rounds = str(row.rounds) if row.rounds else translate("as many as the players need", locale)
    embed.description = translate(
        "Format: **{format}** · rounds: **{rounds}** · round clock: **{clock}**\nEach game is one match at a table "
        "of its own; a bye is worth a win.", locale, format=translate(FORMAT_NAMES[row.format], locale),
        rounds=rounds, clock=translate("{minutes} min", locale, minutes=row.round_minutes) if row.round_minutes
        else translate("none", locale))
    if row.setup.seats != 2 or row.setup.partners or row.setup.computers:
        embed.description = embed.description.split("\n")[0] + "\n" + seating_text(row, locale)
    players = entrants_text(row, locale)
    embed.add_field(name=translate("Players ({count})", locale, count=len(row.players)),
                    value=players[:1024] if players else translate("Nobody yet: press Join.", locale),
                    inline=False)
    plan_fields(embed, row, plan, locale)
    if row.status != "signup":
        embed.set_footer(text=translate("Sign-up is closed.", locale))
    return embed


def signup_view(row: TournamentRow, locale: Language) -> discord.ui.View:
    """Join and Leave, while the tournament signs up."""
    view = discord.ui.View(timeout=None)
    if row.status == "signup":
        view.add_item(JoinTournament(row.id, translate("Join", locale)))
        view.add_item(LeaveTournament(row.id, translate("Leave", locale)))
        if row.setup.partners == "fixed":
            view.add_item(JoinWithPartners(row.id, shape_of(row).team_size - 1,
                                           translate("Join with your partners…", locale)))
    return view


def standings_text(row: TournamentRow, tournaments: TournamentService, locale: Language,
                   before: int | None = None) -> str:
    """The standings as a fixed-width table (of the rounds ``before`` a round, when given), with what the columns
    mean."""
    names, dropped = competitor_names(row)
    player = translate("team", locale) if row.setup.partners else translate("player", locale)
    points = translate("points", locale)
    lines = [f"{'#':>2} {player[:20]:<20} {points[:6]:>6} {'Bh':>5} {'+/-':>5} {'W':>2} {'bye':>3}"]
    for rank, line in enumerate(tournaments.standings(row, before), 1):
        name = in_code_block(names[line.user_id]) + (" ✗" if line.user_id in dropped else "")
        lines.append(f"{rank:>2} {name[:20]:<20} {number(line.points):>6} {number(line.buchholz):>5} "
                     f"{number(line.difference):>5} {line.wins:>2} {line.byes:>3}")
    if row.setup.seats == 2 and not row.setup.partners:
        return "```\n" + "\n".join(lines) + "\n```" + translate(
            "points: a win 1 (a bye is worth a win), a draw ½ · Bh (Buchholz): the points of everyone one played · "
            "+/-: game points scored minus conceded · ✗: dropped", locale)
    return "```\n" + "\n".join(lines) + "\n```" + points_text(row, locale) + " · " + translate(
        "Bh (Buchholz): the mean points of the opponents at each table, summed · +/-: game points scored minus the "
        "opponents' mean · W: tables won · computers are not ranked · ✗: dropped", locale)


async def signup_answer(interaction: discord.Interaction[Any], tournament_id: int,
                        act: Callable[[TournamentService], Awaitable[TournamentRow]]) -> None:
    """Do what a sign-up control asks (``act``) and show the sign-up message as it is now; a refusal is told to the
    member alone and changes nothing."""
    tournaments = service(interaction)
    try:
        row = tournaments.get(tournament_id)
        if (row.guild_id, row.channel_id) != (interaction.guild_id, interaction.channel_id):
            raise TableError(_("That tournament is over or was cancelled."))
        row = await act(tournaments)
    except TableError as refusal:
        await tell(interaction, refusal.said(member_language(interaction)))
        return
    locale, plan = Language.of(interaction.guild_locale), hall(interaction).tables.schedule.plans.get(row.id)
    await interaction.response.edit_message(embed=signup_embed(row, locale, plan), view=signup_view(row, locale))


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
        await signup_answer(interaction, self.tournament_id, lambda tournaments: self.act(tournaments, interaction))

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


class JoinWithPartners(discord.ui.DynamicItem[discord.ui.UserSelect[Any]], template=r"dht:team:(?P<id>\d+)"):
    """Join with your partners (fixed teams): the member picks them in a user select (custom id
    ``dht:team:<tournament id>``); they are signed up together as one team."""

    def __init__(self, tournament_id: int, partners: int = 1, placeholder: str = "",
                 item: discord.ui.UserSelect[Any] | None = None) -> None:
        super().__init__(item or discord.ui.UserSelect(custom_id=f"dht:team:{tournament_id}", min_values=1,
                                                       max_values=max(1, partners), placeholder=placeholder[:150]))
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        assert isinstance(item, discord.ui.UserSelect)
        return cls(int(match["id"]), item=item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        chosen = list(self.item.values)

        async def act(tournaments: TournamentService) -> TournamentRow:
            if any(user.bot for user in chosen):
                raise TableError(_("Choose members as partners: computer players fill empty seats by themselves."))
            return await tournaments.join_team(self.tournament_id, [
                (interaction.user.id, interaction.user.display_name[:32]),
                *((user.id, user.display_name[:32]) for user in chosen)])

        await signup_answer(interaction, self.tournament_id, act)


class Tournament(commands.Cog):
    """/tournament and the channel's round announcements."""

    tournament = app_commands.Group(name="tournament", description="Tournaments of a domino game in this channel",
                                    guild_only=True)

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.tasks: set[asyncio.Task[None]] = set()
        self.places = TablePlaces(bot)
        use_registry_choices(self)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(JoinTournament, LeaveTournament, JoinWithPartners)
        self.bot.tables.tournaments.place = self.places.place
        self.bot.tables.tournaments.add_listener(self.on_tournament)
        self.bot.tables.schedule.add_listener(self.on_schedule)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(JoinTournament, LeaveTournament, JoinWithPartners)
        self.bot.tables.tournaments.place = None

    @tournament.command(name="create",
                        description="Open a tournament here with a sign-up (seats, partners, computers; Manage Server)")
    @app_commands.describe(game="The game (2 to 10 players a table)", format="Swiss, knockout or round robin",
                           rounds="Swiss only: how many rounds (default: enough for the players)",
                           round_minutes="Minutes a round may last before its unfinished tables end (0: no clock)",
                           seats="Players a table (default: two where the game allows it, else its fewest)",
                           partners="Partnership games: members play as teams, fixed at sign-up or drawn at random",
                           computers="Computer players fill empty seats (never ranked), or byes instead",
                           starts_at="When it starts by itself: UTC like 2026-12-01 20:00, or in 2h (default: "
                                     "/tournament start)",
                           rules="House rules by the names /rules shows, like target=150 set=9 (default: the game's)",
                           forum="A forum where each table is a post of its own (default: a thread a table here)")
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, partners=PARTNER_CHOICES,
                          computers=COMPUTER_CHOICES)
    async def create(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str],
                     format: app_commands.Choice[str], rounds: app_commands.Range[int, 1, 20] | None = None,
                     round_minutes: app_commands.Range[int, 0, 1440] = 0,
                     seats: app_commands.Range[int, 2, 10] | None = None,
                     partners: app_commands.Choice[str] | None = None,
                     computers: app_commands.Choice[str] | None = None, starts_at: str | None = None,
                     rules: str | None = None, forum: discord.ForumChannel | None = None) -> None:
        """Open the channel's tournament and post its sign-up message (a bad start time or house rule, or a forum
        the bot cannot post in, opens none)."""
        if not await self.manager(interaction):
            return
        assert interaction.guild is not None and interaction.channel_id is not None
        if forum is not None and cannot_post(forum, interaction.guild.me):
            await tell(interaction, translate(
                "I cannot post the tables in {forum}: I need the View Channel, Send Messages, Send Messages in "
                "Threads, Embed Links and Attach Files permissions there. No tournament was opened.",
                interaction.locale, forum=forum.mention))
            return
        tournaments, schedule = service(interaction), hall(interaction).tables.schedule
        try:
            when = parse_start(starts_at, schedule.clock()) if starts_at else None
            seating = shape(game.value, seats, partners.value if partners else "")  # refused if it cannot be seated
            options = house_rules(game.value, seating.seats, rules)
            row = await tournaments.create(interaction.guild.id, interaction.channel_id, interaction.user.id,
                                           game.value, format.value, rounds, round_minutes, seats=seats,
                                           partners=partners.value if partners else "",
                                           computers=computers is not None and computers.value == "allow",
                                           forum=forum.id if forum is not None else 0)
        except TableError as refusal:
            await tell(interaction, refusal.said(member_language(interaction)))
            return
        plan = await schedule.plan(row.id, when, options)
        locale = Language.of(interaction.guild_locale)
        await interaction.response.send_message(embed=signup_embed(row, locale, plan), view=signup_view(row, locale),
                                                allowed_mentions=NO_PINGS)
        message = await interaction.original_response()
        await tournaments.set_message(row.id, message.id)
        await self.add_event(interaction, row, plan)

    async def add_event(self, interaction: discord.Interaction[Any], row: TournamentRow, plan: TournamentPlan) -> None:
        """The server event of a tournament with a start time; without Manage Events, the organiser hears why not."""
        if plan.starts_at is None:
            return
        assert interaction.guild is not None
        event = await create_event(interaction.guild, row, plan, Language.of(interaction.guild_locale),
                                   interaction.app_permissions.manage_events)
        if event is not None:
            await hall(interaction).tables.schedule.set_event(row.id, event.id)
            return
        await interaction.followup.send(translate(
            "No server event was added: Domino Hall needs the Manage Events permission for that. The tournament "
            "starts at its time all the same.", member_language(interaction)), ephemeral=True)

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
        assert interaction.guild is not None
        row = await service(interaction).latest(interaction.guild.id, meant_channel(interaction))
        if row is None:
            await tell(interaction, translate("There is no tournament in this channel: /tournament create opens one.",
                                              member_language(interaction)))
            return
        locale = Language.of(interaction.guild_locale)
        embed = discord.Embed(title=translate("Tournament #{id} · standings after round {round}", locale, id=row.id,
                                              round=row.round), colour=COLOUR,
                              description=standings_text(row, service(interaction), locale))
        await interaction.response.defer(thinking=True)  # the picture is drawn off the event loop
        file = await with_picture(embed, row, service(interaction).standings(row), row.round, locale,
                                  final=row.status == "finished")
        await interaction.followup.send(embed=embed, file=file, allowed_mentions=NO_PINGS)

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
        assert interaction.guild is not None
        row = service(interaction).in_channel(interaction.guild.id, meant_channel(interaction))
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
            await message.edit(embed=signup_embed(row, locale, self.bot.tables.schedule.plans.get(row.id)),
                               view=signup_view(row, locale))
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
                files = [await with_picture(embeds[0], row, self.bot.tables.tournaments.standings(row, row.round),
                                            row.round - 1, locale)] if embeds else []
                # A player at a table in its own thread was mentioned there (cogs/tournament_tables.py): named here.
                places = {t.id: t.row.channel_id for t in update.tables if t.row.channel_id != row.channel_id}
                told = {s.user_id for t in update.tables if t.id in places for s in t.seats}
                await channel.send(round_text(row, locale, places), embeds=embeds, files=files,
                                   allowed_mentions=discord.AllowedMentions(
                                       everyone=False, roles=False,
                                       users=[discord.Object(p.user_id) for p in row.players
                                              if p.user_id not in told]))
                for table in update.tables:
                    await self.bot.pages.repost(table)  # the table's message, in its thread or the channel
            elif update.kind == TournamentEvent.FINISHED:
                embed = discord.Embed(title=translate("Tournament #{id} is over: final standings", locale, id=row.id),
                                      colour=COLOUR, description=standings_text(row, self.bot.tables.tournaments,
                                                                                locale))
                file = await with_picture(embed, row, self.bot.tables.tournaments.standings(row), row.round, locale,
                                          final=True)
                await channel.send(embed=embed, file=file, allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            log.warning("tournament %d: could not tell the channel (%s)", row.id, error.status)
        except Exception:
            log.exception("tournament %d: announcing %s failed", row.id, update.kind)

    def on_schedule(self, update: ScheduleUpdate) -> None:
        """The start time came: say whether the tournament started (in a task)."""
        if update.kind in (ScheduleEvent.STARTED, ScheduleEvent.TOO_FEW):
            task = asyncio.create_task(self.started_by_time(update))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def started_by_time(self, update: ScheduleUpdate) -> None:
        """Tell the channel the tournament started at its time, or that too few joined (the sign-up stays open)."""
        row, locale = update.tournament, self.locale(update.tournament)
        text = translate("Tournament #{id} has started.", locale, id=row.id) if update.kind == ScheduleEvent.STARTED \
            else translate("Tournament #{id} did not start at its time: {count} joined and it needs 2. The sign-up "
                           "stays open: /tournament start starts it, /tournament cancel ends it.", locale, id=row.id,
                           count=len(row.players))
        try:
            await self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id).send(
                text, allowed_mentions=NO_PINGS)
        except discord.HTTPException as error:
            log.warning("tournament %d: could not tell the channel (%s)", row.id, error.status)
        await self.redraw_signup(row)

    def locale(self, row: TournamentRow) -> Language:
        """The language of the tournament's server."""
        guild = self.bot.get_guild(row.guild_id)
        return server_language(guild)


def round_text(row: TournamentRow, locale: Language, places: dict[int, int] | None = None) -> str:
    """A round's pairings, each player mentioned once, with its clock; a table played in a thread or forum post of
    its own (``places``: table id -> its channel) links to it and names its players (mentioned there)."""
    lines = [translate("**Tournament #{id} · round {round} of {rounds}**", locale, id=row.id, round=row.round,
                       rounds=row.rounds)]
    for board in (b for b in row.boards if b.round == row.round):
        place = (places or {}).get(board.table_id or 0)
        lines.append(board_line(row, board, locale, named=True) + f" · <#{place}>" if place
                     else board_line(row, board, locale))
    if row.round_ends_at is not None and shape_of(row).per_table > 2:
        lines.append(translate("The round ends <t:{when}:R>; a table still playing then is placed by the match "
                               "score (equal scores share a place).", locale, when=int(row.round_ends_at)))
    elif row.round_ends_at is not None:
        lines.append(translate("The round ends <t:{when}:R>; a table still playing then is won by whoever leads on "
                               "the match score (equal scores draw).", locale, when=int(row.round_ends_at)))
    return "\n".join(lines)[:2000]


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Tournament(bot))
