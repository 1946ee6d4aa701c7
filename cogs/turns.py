"""One tap a turn: each player's private hand stays live, and a nudge tells them when it is their turn.

- **Live hands.** The ephemeral a member last saw their hand in (from **My hand**, or the one they just moved on)
  is remembered with the interaction that can edit it. When it becomes their turn, that message is edited to show
  the hand as it is now with its move controls; when it stops being their turn (a move, a timeout, the end of the
  hand), the controls are taken off the same way. Discord lets an interaction's token edit for 15 minutes: a live
  hand is let go a minute before that, or at once when an edit fails (the message is gone); the nudge's **My hand**
  button is then the way back. Tokens live only in this process's memory: never in the database or a log.
- **Nudges, for players who are away.** A short message (in the table's thread, else its channel) that mentions
  only the member whose turn it is, with a **My hand** button, at most once per turn and one per table at a time,
  deleted as soon as they have moved. A member who has used the table in the last :data:`PLAYING_WINDOW` seconds (a
  click on any of its controls, their hand opened, a move) is playing: they are mentioned only if the turn lasts
  :data:`PLAYING_GRACE` seconds. Anyone else (away, or back after a long pause) is mentioned after the server's
  grace period (``NUDGE_GRACE_SECONDS``). A server can turn nudges off, and so can each member for themselves.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.outbox import NUDGE_DELETE
from bot.storage import Delivery
from bot.table import Table, TableStatus
from cogs.base import member_language, server_language, view_of
from cogs.hand import MyHand
from render.language import translate

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.turns")

#: Discord lets an interaction's token edit its messages for 15 minutes; a live hand is let go a minute earlier.
TOKEN_SECONDS = 15 * 60
TOKEN_MARGIN = 60
#: A member who used the table this recently is playing, and is mentioned only when a turn lasts PLAYING_GRACE.
PLAYING_WINDOW = 600.0
PLAYING_GRACE = 120.0
#: The hand message's words, image and controls for a seat, drawn from the table as it is now.
HandDrawer = Callable[[Table, int, Any], Awaitable[tuple[str, discord.File, discord.ui.View | None]]]


@dataclass
class LiveHand:
    """A member's latest hand ephemeral, and what it shows."""

    interaction: discord.Interaction[Any]
    message_id: int | None  # a follow-up message; None: the interaction's own message (the one they clicked)
    seat: int
    expires: float  # loop time after which the token is not used again
    shows: int | None  # the table version whose move controls it shows; None: no controls
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Nudge:
    """The one nudge a table has out: its message and the seats (with the version their turn began) it is for."""

    message: discord.Message | None
    turns: dict[int, int]


class Turns:
    """Live hands and nudges for every table of the process (the Play cog feeds it the service's updates)."""

    def __init__(self, bot: DominoHall, draw_hand: HandDrawer, grace: float,
                 place: Callable[[Table], Awaitable[discord.PartialMessageable]] | None = None,
                 playing_grace: float = PLAYING_GRACE) -> None:
        self.bot = bot
        self.playing_grace = playing_grace
        self.seen: dict[tuple[int, int], float] = {}  # (table id, user id) -> loop time they last used the table
        self.place = place  # where a table's nudges go (its thread: cogs/threads.py); None: its channel
        self.draw_hand = draw_hand
        self.grace = grace
        self.hands: dict[tuple[int, int], LiveHand] = {}  # (table id, user id) -> the live hand
        self.turn_began: dict[tuple[int, int], int] = {}  # (table id, seat) -> version at which the turn began
        self.nudges: dict[int, Nudge] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self._syncing: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()

    # ----- what the Play cog tells us ----------------------------------------------------------------------------
    def saw(self, table_id: int, user_id: int) -> None:
        """The member just used the table (a control, their hand, a move)."""
        self.seen[(table_id, user_id)] = asyncio.get_running_loop().time()

    def remember(self, table: Table, user_id: int, interaction: discord.Interaction[Any], message_id: int | None,
                 seat: int, shows: int | None) -> LiveHand:
        """The member's latest hand ephemeral (it replaces the one before)."""
        self.saw(table.id, user_id)
        loop = asyncio.get_running_loop()
        expires = loop.time() + TOKEN_SECONDS - TOKEN_MARGIN
        live = LiveHand(interaction, message_id, seat, expires, shows)
        previous = self.hands.get((table.id, user_id))
        if previous is not None:
            live.lock = previous.lock  # edits of one member's hands never interleave
        self.hands[(table.id, user_id)] = live
        return live

    async def show_now(self, table: Table, user_id: int, live: LiveHand) -> None:
        """Edit ``live`` to the table as it is now (after the member's move, on the message they clicked)."""
        await self._edit(table, user_id, live, force=True)

    def on_update(self, table: Table) -> None:
        """After every change of a table: bring its live hands and its nudge up to date (one task per table)."""
        if table.id in self._syncing and not self._syncing[table.id].done():
            self._again.add(table.id)
            return
        self._syncing[table.id] = self._spawn(self._sync_loop(table))

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    # ----- keeping hands and nudges current ------------------------------------------------------------------------
    def _spawn(self, work: Awaitable[Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _sync_loop(self, table: Table) -> None:
        while True:
            self._again.discard(table.id)
            try:
                await self._sync(table)
            except Exception:
                log.exception("table %d: keeping its hands and nudge current failed", table.id)
            if table.id not in self._again:
                return

    def _awaited_people(self, table: Table) -> list[int]:
        if table.status != TableStatus.PLAYING or table.game is None:
            return []
        return [seat for seat in table.game.to_act if not table.is_automatic(seat)]

    async def _sync(self, table: Table) -> None:
        awaited = self._awaited_people(table)
        # Keys are looked up by this table's seats and members, never by scanning every table's (hundreds).
        for seat in range(len(table.seats)):
            if seat not in awaited:
                self.turn_began.pop((table.id, seat), None)
        for seat in awaited:
            if (table.id, seat) not in self.turn_began:
                self.turn_began[(table.id, seat)] = table.version
                self._spawn(self._nudge_later(table, seat, table.version))
        await self._drop_finished_nudge(table, awaited)
        members = {seat.user_id for seat in table.seats if seat.user_id is not None}
        for user_id in members:
            live = self.hands.get((table.id, user_id))
            if live is not None:
                await self._edit(table, user_id, live)
        if table.status != TableStatus.PLAYING:
            for user_id in members:
                self.hands.pop((table.id, user_id), None)
        if not table.status.is_open:
            for key in [k for k in self.seen if k[0] == table.id]:
                del self.seen[key]

    async def _edit(self, table: Table, user_id: int, live: LiveHand, *, force: bool = False) -> None:
        """Edit one live hand to the table as it is now, when what it should show has changed."""
        async with live.lock:
            if not force:  # (forced: the member just clicked this message, so it is shown even at the game's end)
                if self.hands.get((table.id, user_id)) is not live:
                    return  # replaced meanwhile by a newer hand message, or let go at the end of the game
                if asyncio.get_running_loop().time() >= live.expires:
                    del self.hands[(table.id, user_id)]
                    return
            if table.game is None:
                return
            awaited = live.seat in self._awaited_people(table)
            wanted = table.version if awaited else None
            if not force and wanted == live.shows:
                return
            content, file, view = await self.draw_hand(table, live.seat, member_language(live.interaction))
            try:
                if live.message_id is None:
                    await live.interaction.edit_original_response(content=content, attachments=[file], view=view,
                                                                  allowed_mentions=discord.AllowedMentions.none())
                else:
                    await live.interaction.followup.edit_message(live.message_id, content=content,
                                                                 attachments=[file], view=view,
                                                                 allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:  # the token expired or the message is gone: never retried
                log.info("table %d: a live hand could not be edited (%s); the nudge's button takes over",
                         table.id, error.status)
                self.hands.pop((table.id, user_id), None)
                return
            live.shows = wanted if view is not None else None

    # ----- nudges ----------------------------------------------------------------------------------------------------
    def patience(self, table_id: int, user_id: int) -> float:
        """How long a turn that begins now waits before it mentions the member: longer for one who is playing."""
        seen = self.seen.get((table_id, user_id))
        playing = seen is not None and asyncio.get_running_loop().time() - seen <= PLAYING_WINDOW
        return max(self.grace, self.playing_grace) if playing else self.grace

    async def _nudge_later(self, table: Table, seat: int, began: int) -> None:
        seats = table.seats
        user_id = seats[seat].user_id if seat < len(seats) else None
        await asyncio.sleep(self.patience(table.id, user_id) if user_id is not None else self.grace)
        if self.turn_began.get((table.id, seat)) != began or table.status != TableStatus.PLAYING:
            return  # they moved (or the turn passed) in time
        if user_id is None or not await self.bot.tables.settings.nudges_on(table.row.guild_id, user_id):
            return
        nudge = self.nudges.get(table.id)
        if nudge is not None and nudge.turns.get(seat) == began:
            return  # at most once per turn
        await self._delete_nudge(table)  # one nudge per table at a time
        turns = {seat: began}
        self.nudges[table.id] = Nudge(None, turns)
        channel = (await self.place(table) if self.place is not None else
                   self.bot.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id))
        guild = self.bot.get_guild(table.row.guild_id)
        locale = server_language(guild)  # said in the channel: the server's language
        button = MyHand(table.id, table.version, label=translate("My hand", locale), style=discord.ButtonStyle.primary)
        try:
            message = await channel.send(
                translate("<@{user}>, your turn at {game} #{table}.", locale, user=user_id,
                          game=translate(table.spec.title, locale), table=table.id), view=view_of([button]),
                allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                                         users=[discord.Object(user_id)]))
        except discord.HTTPException as error:
            log.warning("table %d: could not nudge seat %d: %s", table.id, seat, error)
            self.nudges.pop(table.id, None)
            return
        current = self.nudges.get(table.id)
        if current is not None and current.turns == turns and self.turn_began.get((table.id, seat)) == began:
            current.message = message
        else:  # they moved while it was being sent
            await self._owe_deletion(table, message)

    async def _drop_finished_nudge(self, table: Table, awaited: list[int]) -> None:
        nudge = self.nudges.get(table.id)
        if nudge is None:
            return
        still = any(seat in awaited and self.turn_began.get((table.id, seat)) == began
                    for seat, began in nudge.turns.items())
        if not still:
            await self._delete_nudge(table)

    async def _delete_nudge(self, table: Table) -> None:
        nudge = self.nudges.pop(table.id, None)
        if nudge is not None and nudge.message is not None:
            await self._owe_deletion(table, nudge.message)

    async def _owe_deletion(self, table: Table, message: discord.Message) -> None:
        """A nudge's deletion is owed to the channel: the outbox makes it, through Discord's refusals and restarts
        (a nudge left behind would ping the eye for a turn long over). If even the database is away, it is tried
        once, now."""
        try:
            await self.bot.tables.outbox.owe(table.id, table.row.guild_id, NUDGE_DELETE, str(message.id),
                                             {"channel_id": message.channel.id, "message_id": message.id})
        except Exception as error:
            log.warning("table %d: the nudge's deletion could not be stored (%s); deleting it now", table.id, error)
            try:
                await message.delete()
            except discord.HTTPException as refused:
                log.info("table %d: the nudge could not be deleted: %s", table.id, refused)

    async def delete_owed_nudge(self, delivery: Delivery, table: Table | None) -> None:
        """The outbox's sender of a nudge's deletion (a 404, the nudge already gone, is given up by the outbox)."""
        channel = self.bot.get_partial_messageable(int(delivery.payload["channel_id"]), guild_id=delivery.guild_id)
        await channel.get_partial_message(int(delivery.payload["message_id"])).delete()
