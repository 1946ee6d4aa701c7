"""/play, and the publisher that keeps every table's messages current.

A thin adapter: every decision is the table service's. The controls live with what they belong to (cogs/lobby.py,
cogs/house_rules.py, cogs/hand.py, cogs/table_message.py) and turn clicks into service calls; this module registers
them, answers /play, and listens to the service's updates to redraw each table message (what it shows:
cogs/table_message.py), post each hand's recap (cogs/recaps.py) and keep hands live (cogs/turns.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import tell
from bot.i18n import language_of, translate
from bot.lobby import Invitee
from bot.outbox import NUDGE_DELETE, RECAP, TABLE_MESSAGE
from bot.storage import Delivery
from bot.store import TableUpdate, UpdateKind
from bot.table import NotAllowed, Table, TableError, TableStatus
from cogs import hand, house_rules, lobby, table_message, text
from cogs.base import Control, member_language, server_language
from cogs.choices import GAME_CHOICES, use_registry_choices
from cogs.hand import hand_message
from cogs.lobby import invitation, lobby_embed, lobby_view
from cogs.recaps import Recaps
from cogs.table_message import Parts, RoundResult, parts, post, redraw
from cogs.threads import TableThreads
from cogs.turns import Turns
from engine.events import EventKind
from render.game_words import words_for
from render.language import ENGLISH, Language, _

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.play")

#: Every kind of table control, registered with the bot (so clicks on messages drawn before a restart find them).
CONTROLS: tuple[Control, ...] = (*lobby.CONTROLS, *house_rules.CONTROLS, *hand.CONTROLS, *table_message.CONTROLS)


class Play(commands.Cog):
    """/play, and the table publisher kept current from the table service's updates."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.service = bot.tables
        self.publisher = TablePublisher(bot)
        bot.pages = self.publisher  # what the controls ask of the table's messages (bot/client.py TablePages)
        self.turns = self.publisher.turns  # live hands and nudges (cogs/turns.py)
        use_registry_choices(self)

    @property
    def refresh(self) -> Callable[[Table], Awaitable[None]]:
        """The publisher's redraw of a table message (a test may wrap it to time the edits)."""
        return self.publisher.refresh

    @refresh.setter
    def refresh(self, redraw: Callable[[Table], Awaitable[None]]) -> None:
        self.publisher.refresh = redraw  # type: ignore[method-assign,assignment]

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*CONTROLS)  # what a click does: each feature module's controls
        self.service.store.add_listener(self.publisher.on_update)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*CONTROLS)
        await self.publisher.close()

    # ----- /play ------------------------------------------------------------------------------------------------
    # Three member options rather than one text of mentions: Discord offers its member picker for each (no typing,
    # no typos, on phones too) and checks each is a member of the server; three invitations fill a four-seat table.
    @app_commands.command(name="play", description="Open a table for a domino game in this channel")
    @app_commands.describe(game="The game to play (see /games)",
                           invite="A member to invite: mentioned once in the lobby (the only ping)",
                           invite2="Another member to invite", invite3="A third member to invite")
    @app_commands.choices(game=GAME_CHOICES)
    async def play(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str],
                   invite: discord.Member | None = None, invite2: discord.Member | None = None,
                   invite3: discord.Member | None = None) -> None:
        """Post a lobby for ``game`` with the member who asked as host, inviting up to three members."""
        if interaction.guild is None or interaction.channel_id is None:
            await interaction.response.send_message(
                "Tables are played in server channels: use /play in a server where Domino Hall is.", ephemeral=True)
            return
        user = interaction.user
        invitees = [Invitee(m.id, m.display_name[:32], m.bot) for m in (invite, invite2, invite3) if m is not None]
        try:
            table = await self.service.lobbies.create_lobby(interaction.guild.id, interaction.channel_id, user.id,
                                                            user.display_name[:32], game.value, invitees)
        except TableError as refusal:
            await tell(interaction, refusal.said(member_language(interaction)))
            return
        await self.publisher.post_lobby(interaction, table)


class TablePublisher:
    """The messages a table shows: the table message (lobby, live table with its picture, round and match results,
    closed notice), each member's hand and its move controls, kept live with nudges (cogs/turns.py). It listens to
    the table service and never changes a table."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.latest: dict[int, Table] = {}
        self.results: dict[int, RoundResult] = {}
        self.threads = TableThreads(bot)  # where each table's chat goes: its thread or its channel (cogs/threads.py)
        self.turns = Turns(bot, self.hand_message, grace=bot.settings.nudge_grace, place=self.threads.place)
        self.recaps = Recaps(bot, self.threads)  # a recap after every hand, posted there (cogs/recaps.py)
        self.hand_ended: set[int] = set()  # tables whose hand ended since their message was last drawn
        self.message_locks: dict[int, asyncio.Lock] = {}  # one change of a table message at a time
        # What a table owes its channel goes through the table service's outbox (bot/outbox.py): stored with the
        # change that owes it, sent in order per table, coalesced, paced, retried through 429s and restarts. One
        # table message is never edited faster than its interval; what changes meanwhile is shown by that edit.
        outbox = bot.tables.outbox
        outbox.register(TABLE_MESSAGE, self._send_table, interval=lambda: bot.edit_interval)
        outbox.register(RECAP, self.recaps.send)
        outbox.register(NUDGE_DELETE, self.turns.delete_owed_nudge)

    async def close(self) -> None:
        """Stop (what the tables still owe their channels is stored: the next start sends it)."""
        await self.turns.close()
        await self.threads.close()

    # ----- what the controls ask for (bot/client.py TablePages) ----------------------------------------------------
    async def post_lobby(self, i: discord.Interaction[Any], table: Table) -> None:
        """Answer /play or Rematch with the new lobby. It mentions the members invited (/play invite:) or whose seats
        a rematch keeps: their one ping, and nobody else's; the later edits of the message never ping."""
        version = table.version
        self.saw(table.id, i.user.id)
        pinged = [uid for uid in (table.seats[s].user_id for s in table.reserved()) if uid is not None]
        pinged = pinged or table.invited
        await i.response.send_message(invitation(table, pinged, self.locale(table)),
                                      embed=lobby_embed(table, self.locale(table)),
                                      view=lobby_view(table, self.locale(table)),
                                      allowed_mentions=discord.AllowedMentions(
                                          everyone=False, roles=False, replied_user=False,
                                          users=[discord.Object(uid) for uid in pinged]))
        message = await i.original_response()
        await self.bot.tables.lobbies.set_message(table.id, message.id, drawn=version)

    async def show_hand(self, i: discord.Interaction[Any], table: Table) -> None:
        """A fresh ephemeral with the member's hand and, on their turn, one control per legal move."""
        seat = table.seat_of(i.user.id)
        if seat is None:
            raise NotAllowed(_("You are watching table #{table}: only its players have a hand."), table=table.id)
        await i.response.defer(ephemeral=True, thinking=True)
        version = table.version
        content, file, view = await self.hand_message(table, seat, member_language(i))
        if view is None:
            sent = await i.followup.send(content, file=file, ephemeral=True, allowed_mentions=text.NO_PINGS,
                                         wait=True)
        else:
            sent = await i.followup.send(content, file=file, view=view, ephemeral=True,
                                         allowed_mentions=text.NO_PINGS, wait=True)
        # This ephemeral is now the member's live hand: their next turns come to it (cogs/turns.py).
        self.turns.remember(table, i.user.id, i, sent.id, seat, version if view is not None else None)
        self.turns.on_update(table)  # in case the table moved on while it was drawn

    async def after_move(self, i: discord.Interaction[Any], table: Table, seat: int | None) -> None:
        """Acknowledge at once, then show the hand as it is now on the message clicked, which stays the member's
        live hand: when their turn comes back, its controls come back with it."""
        await i.response.defer()
        if seat is None:
            return
        live = self.turns.remember(table, i.user.id, i, None, seat, None)
        await self.turns.show_now(table, i.user.id, live)

    async def hand_message(self, table: Table, seat: int, locale: Language = ENGLISH
                           ) -> tuple[str, discord.File, discord.ui.View | None]:
        """The hand's words, image and controls in the member's language (cogs/hand.py)."""
        return await hand_message(self.bot, table, seat, locale)

    # ----- keeping the table message current ----------------------------------------------------------------------
    def on_update(self, update: TableUpdate) -> None:
        """Called by the service after every change: note a hand's or round's end (any event with an outcome, in
        every game), post its recap, and schedule one refresh of the message."""
        table = update.table
        self.latest[table.id] = table
        self.threads.on_update(table, update.kind)
        self.turns.on_update(table)
        ends = [e for e in update.events if e.outcome is not None]
        if ends and table.game is not None:  # shown under the table until the next hand ends (its recap: the outbox)
            over = any(e.kind == EventKind.MATCH_OVER for e in ends)
            locale = self.locale(table)
            title = (translate("Match over", locale) if over else
                     translate(words_for(table.spec).round_over, locale))
            start = update.events.index(ends[0])
            narrator = table.narrator(text.shown(table, locale), language_of(locale))
            lines = [narrator.event(e) for e in update.events[start:]
                     if e.outcome is not None or e.kind == EventKind.SCORE]
            self.results[table.id] = RoundResult(update.version, title, lines, table.game.view(None))
            if not over:
                self.hand_ended.add(table.id)  # the next redraw moves the message down if the channel moved on
        if update.kind in (UpdateKind.RELOADED, UpdateKind.UNSAVED) and table.row.message_id is not None:
            # Not a change the table service saved (those owe their picture themselves): redrawn all the same, in
            # the table's order, without a write (the database may be away; a restart redraws it again anyway).
            self.bot.tables.outbox.remind(table.id, table.row.guild_id, TABLE_MESSAGE, "message",
                                          {"version": table.version, "status": table.status}, table)

    async def _send_table(self, delivery: Delivery, table: Table | None) -> None:
        """The outbox's sender of a table message: drawn as the table is now (the newest state this process holds);
        once the table is closed, what the publisher kept for it is let go."""
        table = self.latest.get(delivery.table_id) or table
        if table is None:
            return
        closed = not table.status.is_open  # (read before drawing: the table may close while it is drawn)
        await self.refresh(table)
        later = [d for d in self.bot.tables.outbox.owed(table.id) if d.kind == TABLE_MESSAGE and d is not delivery]
        if closed and not later:
            await self.threads.settled(table)
            self.latest.pop(table.id, None)
            self.results.pop(table.id, None)
            self.hand_ended.discard(table.id)
            self.message_locks.pop(table.id, None)
            self.threads.forget(table.id)
            self.recaps.forget(table.id)

    async def refresh(self, table: Table) -> None:
        """Redraw a table's message: the lobby, the live table with its image, or the closed notice
        (cogs/table_message.py). After a hand, a table message the channel has buried under other members'
        messages is posted anew at the bottom instead."""
        if table.row.message_id is None:
            return
        async with self.message_locks.setdefault(table.id, asyncio.Lock()):
            if table.id in self.hand_ended:
                self.hand_ended.discard(table.id)
                if table.status == TableStatus.PLAYING and await self._buried(table):
                    await self._post_anew(table)
                    return
            message = self.bot.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id
                                                       ).get_partial_message(table.row.message_id)
            await redraw(message, await self._parts(table))

    async def repost(self, table: Table) -> int:
        """Post the table's message again at the bottom of its channel (its old one deleted); the new message's
        id (buttons carry the table, not the message, so they all keep working)."""
        async with self.message_locks.setdefault(table.id, asyncio.Lock()):
            return await self._post_anew(table)

    def saw(self, table_id: int, user_id: int) -> None:
        """The member just used one of the table's controls: they are at the table (cogs/turns.py)."""
        self.turns.saw(table_id, user_id)

    async def _parts(self, table: Table) -> Parts:
        locale = self.locale(table)
        return await parts(table, self.results.get(table.id), locale, self.threads.refused_note(table, locale))

    async def _buried(self, table: Table) -> bool:
        """True when someone other than the bot has posted in the channel since the table message."""
        assert table.row.message_id is not None
        channel = self.bot.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id)
        me = self.bot.user.id if self.bot.user is not None else None
        try:
            async for message in channel.history(after=discord.Object(table.row.message_id), limit=20):
                if message.author.id != me:
                    return True
        except discord.HTTPException as error:  # no Read Message History: the message stays where it is
            log.info("table %d: cannot read its channel's history (%s)", table.id, error.status)
        return False

    async def _post_anew(self, table: Table) -> int:
        """Post the table message at the bottom of the channel, record it, then delete the old one."""
        old = table.row.message_id
        channel = self.bot.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id)
        new = await post(channel, await self._parts(table))
        try:
            await self.bot.tables.lobbies.set_message(table.id, new.id)
        except Exception:
            with contextlib.suppress(discord.HTTPException):
                await new.delete()  # the old message stays the table's
            raise
        log.info("table %d: its message moved to the bottom of the channel (%s -> %d)", table.id, old, new.id)
        if old is not None:
            try:
                await channel.get_partial_message(old).delete()
            except discord.HTTPException as error:
                log.info("table %d: its old message could not be deleted (%s)", table.id, error.status)
        return new.id

    def locale(self, table: Table) -> Language:
        """The language of the table's server (its messages are for everyone there)."""
        return server_language(self.bot.get_guild(table.row.guild_id))


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Play(bot))
