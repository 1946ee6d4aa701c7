"""A tournament night on Discord (issue 28): the start time and house rules on the sign-up message, the server's
scheduled event (Events tab) while the bot may manage events, and the channel's reminder before the start. What
happens when is the schedule's (bot/tournament_schedule.py); /tournament itself is cogs/tournament.py.

The event is an *external* one located at the tournament's channel; it starts with the tournament, ends with it, and
a cancelled tournament deletes it. Without Manage Events there is no event: the organiser is told once, privately,
and everything else works the same."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.storage import TournamentPlan, TournamentRow
from bot.tournament_schedule import ScheduleEvent, ScheduleUpdate
from bot.tournaments import TournamentEvent, TournamentUpdate
from cogs.base import server_language
from cogs.season_cards import game_title
from cogs.text import options_text
from engine import catalogue
from render.language import Language, translate

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.tournaments")

#: How long the server event is said to last when the rounds have no clock (Discord asks for an end).
ROUND_GUESS_MINUTES = 30


def plan_fields(embed: discord.Embed, row: TournamentRow, plan: TournamentPlan | None, locale: Language) -> None:
    """The sign-up message's start time (Discord shows it in each member's own time zone) and house rules."""
    if plan is not None and plan.starts_at is not None and row.status == "signup":
        when = int(plan.starts_at)
        embed.add_field(name=translate("Starts", locale), value=translate(
            "<t:{when}:F> (<t:{when}:R>), if at least 2 players have joined", locale, when=when), inline=False)
    spec = catalogue().get(row.game)
    if spec is not None and spec.options:
        embed.add_field(name=translate("House rules", locale),
                        value=options_text(spec, dict(plan.options) if plan else {}, locale), inline=False)


def event_end(row: TournamentRow, starts_at: float) -> datetime:
    """When the server event says the tournament ends: its rounds times its round clock (or half an hour a round)."""
    rounds = row.rounds or 3
    return datetime.fromtimestamp(starts_at + 60 * rounds * (row.round_minutes or ROUND_GUESS_MINUTES), UTC)


async def create_event(guild: discord.Guild, row: TournamentRow, plan: TournamentPlan, locale: Language,
                       may: bool) -> discord.ScheduledEvent | None:
    """The server's scheduled event for a tournament with a start time, at its channel; None without Manage Events
    (``may``: the bot's permission here) or if Discord refuses."""
    if plan.starts_at is None or not may:
        return None
    try:
        return await guild.create_scheduled_event(
            name=translate("Tournament #{id} · {game}", locale, id=row.id, game=game_title(row.game, locale))[:100],
            start_time=datetime.fromtimestamp(plan.starts_at, UTC), end_time=event_end(row, plan.starts_at),
            entity_type=discord.EntityType.external, privacy_level=discord.PrivacyLevel.guild_only,
            location=f"<#{row.channel_id}>", description=translate(
                "Sign up with the Join button in <#{channel}>; the tournament starts by itself at this time.",
                locale, channel=row.channel_id)[:1000])
    except discord.HTTPException as error:
        log.info("tournament %d: no server event (%s)", row.id, error.status)
        return None


def reminder_text(row: TournamentRow, plan: TournamentPlan, locale: Language) -> str:
    """The reminder before the start: the players signed up, each mentioned once."""
    when = int(plan.starts_at or 0)
    players = " ".join(f"<@{p.user_id}>" for p in row.players)
    return translate("⏰ Tournament #{id} ({game}) starts <t:{when}:R>. Players: {players}. Not in yet? Press Join on "
                     "the sign-up message.", locale, id=row.id, game=game_title(row.game, locale), when=when,
                     players=players or translate("nobody yet", locale))[:2000]


class TournamentNights(commands.Cog):
    """The reminder in the channel and the server event of tournaments with a start time."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.tasks: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        self.bot.tables.schedule.add_listener(self.on_schedule)
        self.bot.tables.tournaments.add_listener(self.on_tournament)

    def on_schedule(self, update: ScheduleUpdate) -> None:
        """The reminder time came: remind the channel (in a task)."""
        if update.kind == ScheduleEvent.REMINDER:
            self._spawn(self.remind(update.tournament, update.plan))

    def on_tournament(self, update: TournamentUpdate) -> None:
        """A tournament started, ended or was cancelled: its server event follows (in a task)."""
        plan = self.bot.tables.schedule.plans.get(update.tournament.id)
        if plan is None or plan.event_id is None:
            return
        if update.kind != TournamentEvent.ROUND or update.tournament.round == 1:
            self._spawn(self.follow_event(update.tournament, plan.event_id, update.kind))

    async def remind(self, row: TournamentRow, plan: TournamentPlan) -> None:
        """Post the reminder, mentioning the players (their one ping before the first round's)."""
        guild = self.bot.get_guild(row.guild_id)
        channel = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id)
        try:
            await channel.send(reminder_text(row, plan, server_language(guild)),
                               allowed_mentions=discord.AllowedMentions(
                                   everyone=False, roles=False, users=[discord.Object(p.user_id) for p in row.players]))
        except discord.HTTPException as error:
            log.warning("tournament %d: the reminder could not be posted (%s)", row.id, error.status)

    async def follow_event(self, row: TournamentRow, event_id: int, kind: TournamentEvent) -> None:
        """Start the event with the tournament, end it at the end, delete it when the tournament is cancelled."""
        guild = self.bot.get_guild(row.guild_id)
        if guild is None:
            return
        try:
            event = await guild.fetch_scheduled_event(event_id)
            if kind == TournamentEvent.CANCELLED:
                await event.delete()
            elif kind == TournamentEvent.ROUND and event.status == discord.EventStatus.scheduled:
                await event.start()
            elif kind == TournamentEvent.FINISHED and event.status == discord.EventStatus.active:
                await event.end()
        except discord.HTTPException as error:  # deleted by hand, or the permission was taken away
            log.info("tournament %d: its server event was left as it is (%s)", row.id, error.status)

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(TournamentNights(bot))
