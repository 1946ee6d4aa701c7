"""Table threads (issue 14): where a table's chat goes.

With a server's ``threads`` setting on (the default; ``/hall-settings threads:off`` turns it off), a table's chat
goes to a thread started from its table message when the game starts. The chat is the recap after every hand and
the turn nudges; the final standings go to the channel (cogs/recaps.py). The table message, with its picture and
controls, stays in the channel, and the thread is archived once the match is over, or when the table is closed
early.

When the bot cannot start a thread there (no Create Public Threads permission, or a channel that cannot hold one),
the table stays in the channel, and its table message says why in one line: no extra message in the channel.

A tournament round's table opened in a thread or forum post of its own (cogs/tournament_tables.py) has that
thread as its channel: its table message is there, so its chat, recaps and final standings are too (no thread in a
thread), and the thread is archived at the end like any table's.

Each table's place is kept in storage ``meta`` (``thread:<table id>``: the thread's id, or 0 for the channel), so it
survives a restart. :meth:`TableThreads.place` is the one answer to "where does this table's chat go".
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Literal

import discord

from bot.i18n import translate
from bot.store import UpdateKind
from bot.table import Table, TableStatus
from cogs.base import server_language
from render.language import Language

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.threads")

#: How long a quiet table thread stays open before Discord archives it (minutes; the bot archives it at the end).
ARCHIVE_MINUTES: Literal[1440] = 1440


def home_channel(bot: DominoHall, channel_id: int) -> int:
    """Where news for the whole server goes from a table in ``channel_id``: the text channel a thread of its own
    (a tournament's table) hangs from, else that channel itself (a forum post stays: a forum holds only posts)."""
    channel = bot.get_channel(channel_id)
    if isinstance(channel, discord.Thread) and isinstance(channel.parent, discord.TextChannel):
        return channel.parent.id
    return channel_id


def thread_key(table_id: int) -> str:
    return f"thread:{table_id}"


class TableThreads:
    """Each table's place for its chat: its thread, or its channel."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.known: dict[int, int] = {}  # table id -> thread id, 0: the channel
        self.opening: dict[int, asyncio.Task[int]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.refused: set[int] = set()  # tables whose thread Discord refused (the bot lacks the permissions)

    def on_update(self, table: Table, kind: UpdateKind) -> None:
        """A game that starts gets its thread (where the server wants one); a table closed early has it archived."""
        if kind == UpdateKind.STARTED and table.id not in self.known and table.id not in self.opening:
            self.opening[table.id] = asyncio.create_task(self._open(table), name=f"table-{table.id}-thread")
        elif kind == UpdateKind.ABANDONED:
            task = asyncio.create_task(self.archive(table, ended=True), name=f"table-{table.id}-thread-archive")
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def place(self, table: Table) -> discord.PartialMessageable:
        """Where the table's chat goes now: its thread, else its channel."""
        thread = await self.thread_of(table)
        return self.bot.get_partial_messageable(thread or table.row.channel_id, guild_id=table.row.guild_id)

    async def thread_of(self, table: Table) -> int | None:
        """The table's thread id (None: it has none); waits for a thread being started."""
        opening = self.opening.get(table.id)
        if opening is not None:
            await asyncio.wait({opening})
        if table.id not in self.known:  # after a restart: what storage says
            stored = await self.bot.tables.storage.meta.get(thread_key(table.id))
            self.known[table.id] = int(stored) if stored is not None and stored.isdigit() else 0
        return self.known[table.id] or None

    async def _open(self, table: Table) -> int:
        try:
            thread = await self._start_thread(table)
            self.known[table.id] = thread
            return thread
        except Exception:
            log.exception("table %d: starting its thread failed; its chat stays in the channel", table.id)
            self.known[table.id] = 0
            return 0
        finally:
            self.opening.pop(table.id, None)

    async def _start_thread(self, table: Table) -> int:
        row = table.row
        if self.bot.tables.tournaments.in_own_place(table):  # a tournament round's table in its own thread or post
            await self.bot.tables.storage.meta.set(thread_key(table.id), str(row.channel_id))
            return row.channel_id  # its chat is there too (no thread in a thread); its players were told there
        if row.message_id is None or not await self.bot.tables.settings.threads_on(row.guild_id):
            return 0
        locale = self._locale(table)
        message = self.bot.get_partial_messageable(row.channel_id, guild_id=row.guild_id
                                                   ).get_partial_message(row.message_id)
        name = translate("{game} · table #{table}", locale, game=translate(table.spec.title, locale), table=table.id)
        meta = self.bot.tables.storage.meta
        try:
            thread = await message.create_thread(name=name[:100], auto_archive_duration=ARCHIVE_MINUTES)
        except discord.HTTPException as error:
            log.info("table %d: no thread in channel %d (%s); its chat stays in the channel", table.id,
                     row.channel_id, error)
            await meta.set(thread_key(table.id), "0")
            self.refused.add(table.id)  # the table message says so: no extra message in the channel
            return 0
        await meta.set(thread_key(table.id), str(thread.id))
        log.info("table %d: its chat goes to thread %d", table.id, thread.id)
        await self._say(thread.id, row.guild_id, translate(
            "This thread is the chat of table #{table}: the recap of every hand, the final standings and turn "
            "reminders come here. The table itself stays in the channel.", locale, table=table.id))
        return int(thread.id)

    def refused_note(self, table: Table, locale: Language) -> str | None:
        """The table message's note when the server wants threads but the bot may not start one in this channel."""
        if table.id not in self.refused:
            return None
        return translate("No thread for this table: I need the Create Public Threads and Send Messages in Threads "
                         "permissions here. The last hand's result shows on this message.", locale)

    async def settled(self, table: Table) -> None:
        """The closed table's message shows its end: a table ended early in a thread of its own has the thread
        archived now (before, its last edit would meet an archived thread, which Discord refuses)."""
        if table.status == TableStatus.ABANDONED and await self.thread_of(table) == table.row.channel_id:
            await self.archive(table)

    def forget(self, table_id: int) -> None:
        """The table is closed and its message final: what was kept about it in memory goes."""
        self.refused.discard(table_id)
        self.known.pop(table_id, None)

    async def archive(self, table: Table, *, ended: bool = False) -> None:
        """Archive the table's thread (the game is over, or the table was closed early: ``ended``); the channel is
        left as it is."""
        thread = await self.thread_of(table)
        if thread is None or (ended and thread == table.row.channel_id):
            return  # a table whose own place is the thread: archived once its message is final (settled)
        try:
            await self.bot.http.edit_channel(thread, archived=True)
            log.info("table %d: thread %d archived", table.id, thread)
        except discord.HTTPException as error:
            log.warning("table %d: could not archive thread %d: %s", table.id, thread, error)

    async def _say(self, channel_id: int, guild_id: int, words: str) -> None:
        try:
            await self.bot.get_partial_messageable(channel_id, guild_id=guild_id).send(
                words, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("could not post in channel %d: %s", channel_id, error)

    def _locale(self, table: Table) -> Language:
        guild = self.bot.get_guild(table.row.guild_id)
        return server_language(guild)

    async def close(self) -> None:
        for task in [*self.opening.values(), *self.tasks]:
            task.cancel()
