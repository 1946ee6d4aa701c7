"""A tournament round's tables, each in a place of its own (issue 28): a public thread of the tournament's channel
(named like ``Round 2 · Table 3: alice v bob``), or a post of the forum the organiser chose (``/tournament create
forum:``). The table is opened in that thread, so its stored channel is the thread: its message, clicks, recaps,
nudges and final standings all stay there (cogs/threads.py treats the thread as the table's chat; there is no
thread in a thread), and a restart finds it there like any table.

The players are mentioned once, in their table's place: the first message there names them (Discord adds a member
mentioned in a thread to it), and the round message in the channel links each table's thread without pinging
anyone seated in one. A player with a bye, or at a table left in the channel, is pinged by the round message.

Where the bot may not start a thread (Create Public Threads and Send Messages in Threads), or the server turned
threads off (``/hall-settings threads:off``), a table opens in the tournament's channel as before. A forum it can no
longer post in falls back the same way; ``/tournament create`` refuses a forum it cannot post in from the start.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

import discord

from bot.storage import Seat, TournamentRow
from bot.tournament_teams import shape_of
from cogs.base import server_language
from render.language import Language, translate

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.tournaments")

#: Minutes a quiet table thread stays open before Discord archives it (the bot archives it when the table ends).
ARCHIVE_MINUTES: Literal[1440] = 1440
MAX_NAME = 100  # Discord's limit for a thread's name


def thread_name(row: TournamentRow, number: int, seats: Sequence[Seat], locale: Language) -> str:
    """A table's thread name: its round, its number and who sits there (partners together: ``alice & carol v bob &
    dave``), within Discord's 100 characters."""
    sides = shape_of(row).sides
    if len(seats) != sum(len(side) for side in sides):  # a smaller table (a knockout's final): each on their own
        sides = tuple((seat,) for seat in range(len(seats)))
    players = " v ".join(" & ".join(seats[i].name for i in side) for side in sides)
    return translate("Round {round} · Table {number}: {players}", locale, round=row.round, number=number,
                     players=players)[:MAX_NAME]


def seated_pings(seats: Sequence[Seat]) -> discord.AllowedMentions:
    """Mentions that ping the members at a table, nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(s.user_id) for s in seats if s.user_id is not None])


def welcome(row: TournamentRow, number: int, seats: Sequence[Seat], locale: Language) -> str:
    """The first message of a table's place: the members there mentioned (once: here), computers by name."""
    players = ", ".join(f"<@{s.user_id}>" if s.user_id is not None else s.name for s in seats)
    return translate("Tournament #{id} · round {round} · table {number}: {players}. Your table is below: open your "
                     "hand from its message. Every hand's recap comes to this thread.", locale, id=row.id,
                     round=row.round, number=number, players=players)[:2000]


def cannot_post(forum: discord.ForumChannel, me: discord.Member) -> bool:
    """Whether the bot lacks what posting a table in ``forum`` takes (a post, its messages, pictures)."""
    allowed = forum.permissions_for(me)
    return not (allowed.view_channel and allowed.send_messages and allowed.send_messages_in_threads
                and allowed.embed_links and allowed.attach_files)


def cannot_thread(channel: discord.TextChannel, me: discord.Member) -> bool:
    """Whether the bot lacks what a table in a public thread of ``channel`` takes."""
    allowed = channel.permissions_for(me)
    return not (allowed.create_public_threads and allowed.send_messages_in_threads)


class TablePlaces:
    """Makes each round table's thread or forum post (it is TournamentService.place)."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot

    async def place(self, row: TournamentRow, number: int, seats: Sequence[Seat]) -> int:
        """The channel a round's table opens in: a new forum post or thread, else the tournament's channel."""
        locale = self._locale(row)
        made = await self._forum_post(row, number, seats, locale) if row.setup.forum else None
        if made is None and await self.bot.tables.settings.threads_on(row.guild_id):
            made = await self._thread(row, number, seats, locale)
        return made or row.channel_id

    async def _forum_post(self, row: TournamentRow, number: int, seats: Sequence[Seat], locale: Language) -> int | None:
        forum = self.bot.get_channel(row.setup.forum)
        if not isinstance(forum, discord.ForumChannel) or cannot_post(forum, forum.guild.me):
            log.warning("tournament %d: cannot post in forum %d; its tables go to threads of its channel", row.id,
                        row.setup.forum)
            return None
        try:
            post = await forum.create_thread(name=thread_name(row, number, seats, locale),
                                             content=welcome(row, number, seats, locale),
                                             auto_archive_duration=ARCHIVE_MINUTES,
                                             allowed_mentions=seated_pings(seats))
        except discord.HTTPException as error:
            log.warning("tournament %d: forum %d refused a post (%s)", row.id, forum.id, error)
            return None
        return int(post.thread.id)

    async def _thread(self, row: TournamentRow, number: int, seats: Sequence[Seat], locale: Language) -> int | None:
        channel = self.bot.get_channel(row.channel_id)
        if not isinstance(channel, discord.TextChannel) or cannot_thread(channel, channel.guild.me):
            log.info("tournament %d: no thread for table %d in channel %d; the table stays in the channel", row.id,
                     number, row.channel_id)
            return None
        try:
            thread = await channel.create_thread(name=thread_name(row, number, seats, locale),
                                                 type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=ARCHIVE_MINUTES)
        except discord.HTTPException as error:
            log.info("tournament %d: channel %d refused a thread (%s)", row.id, row.channel_id, error)
            return None
        try:
            await thread.send(welcome(row, number, seats, locale), allowed_mentions=seated_pings(seats))
        except discord.HTTPException as error:  # a thread nobody can be told about is no place for a table
            log.info("tournament %d: cannot post in thread %d (%s)", row.id, thread.id, error)
            await self._delete(thread)
            return None
        return thread.id

    async def _delete(self, thread: discord.Thread) -> None:
        try:
            await thread.delete()
        except discord.HTTPException as error:
            log.info("thread %d could not be deleted (%s)", thread.id, error)

    def _locale(self, row: TournamentRow) -> Language:
        return server_language(self.bot.get_guild(row.guild_id))
