"""A recap after every hand or round, in the table's thread, and the final standings card in the channel.

Generic over the games: any event that carries an outcome ends a hand (``round_over``, ``hand_over``, ``throw_in``,
``pot``) or the match (``match_over``). The recap is read from the game's event log as the hand ends
(:mod:`render.recap`), said by the table's narrator and drawn off the event loop; the messages of one table are
posted in order (through the table service's outbox) and stay in the channel, while the table message goes on with
the next deal.

A quiet channel: a match adds two messages to the channel itself, the table message and the final standings. Each
hand's recap goes to the table's thread (cogs/threads.py); a table with no thread shows the last hand's result on
its table message instead (cogs/table_message.py), unless the server asked for recaps in the channel too
(``/hall-settings channel_recaps:on``, the old way). A hand thrown in (everyone passed) is told with the next
hand's recap, in the same message.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot import offload
from bot.storage import Delivery
from bot.table import Table, TableStatus
from cogs import text
from cogs.base import server_language
from cogs.table_message import recap_view
from cogs.threads import TableThreads
from engine.events import Event, EventKind, Outcome, Termination
from render.game_words import words_for
from render.language import ENGLISH, Language, translate
from render.recap import (
    HandRecap,
    ends_a_hand,
    hand_recap,
    hands_won,
    render_recap,
    render_standings,
    tie_breaks,
    unfinished_hand,
)

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.recaps")
MAX_EMBEDS = 10  # Discord's limit for one message


@dataclass
class Post:
    """What one update of a table has to post: the recaps of the hands it ended and, at the match's end, the
    standings (all read from the game when the update came, drawn later)."""

    table: Table
    recaps: list[tuple[HandRecap, str, str]] = field(default_factory=list)  # the recap, its line, the image's words
    final: tuple[Outcome, str, list[int]] | None = None  # the match outcome, its words, hands won per side


def post_of(table: Table, events: Sequence[Event], language: Language = ENGLISH) -> Post | None:
    """The recaps and standings that ``events`` (one update of ``table``) call for, or None."""
    game = table.game
    if game is None or not any(e.outcome is not None for e in events):
        return None
    post = Post(table)
    for event in events:
        index = _index_of(game.log, event) if event.outcome is not None else None
        if index is None:
            continue
        if ends_a_hand(event) or (event.kind == EventKind.MATCH_OVER and table.spec.family != "bingo"
                                  and unfinished_hand(game.log, index)):
            post.recaps.append(_recap(table, hand_recap(game.key, game.sides, game.log, index), language))
        if event.kind == EventKind.MATCH_OVER and event.outcome is not None:
            words = table.narrator(text.shown(table, language), language).standings(event.outcome)
            post.final = (event.outcome, words, hands_won(game.log, len(game.sides)))
    return post if post.recaps or post.final else None


def _index_of(log: Sequence[Event], event: Event) -> int | None:
    """Where ``event`` (this very record) is in the game's log, searching from the newest."""
    return next((i for i in range(len(log) - 1, -1, -1) if log[i] is event), None)


def _recap(table: Table, recap: HandRecap, language: Language = ENGLISH) -> tuple[HandRecap, str, str]:
    """A recap with its line for the message (names as message text) and its words for the picture."""
    return (recap, table.narrator(text.shown(table, language), language).recap(recap),
            table.narrator(None, language).recap(recap, tally=False))


def thrown_in(recap: HandRecap) -> bool:
    """A hand everyone passed: thrown in unscored, told with the next hand's recap."""
    return recap.outcome.termination == Termination.THROWN_IN


def waits(post: Post) -> bool:
    """A post of hands thrown in only: it waits to go with the next hand's recap or the standings."""
    return post.final is None and all(thrown_in(recap) for recap, _, _ in post.recaps)


def hand_word(table: Table) -> str:
    """``Round`` in line games, ``Hand`` elsewhere."""
    return words_for(table.spec).round_word


async def message_parts(post: Post, language: Language = ENGLISH) -> tuple[list[discord.Embed], list[discord.File]]:
    """The embeds and images of a post: the standings first (it names the winner), then each hand's recap."""
    table = post.table
    embeds: list[discord.Embed] = []
    files: list[discord.File] = []
    names = table.names
    if post.final is not None and table.game is not None:
        outcome, words, won = post.final
        ties = tie_breaks(table.game.key, table.game.log, table.game.sides)  # poker: who went out later ahead
        png = await offload.run_in("render", render_standings, table.row.game, table.game.sides, outcome, names,
                                   table.narrator(None, language).standings(outcome), won, language, ties)
        head = text.winners_line([text.shown(table, language)[s] for s in outcome.winners], language)
        embed = discord.Embed(title=translate("Match over · {game} · table #{table}", language,
                                              game=translate(table.spec.title, language), table=table.id),
                              colour=discord.Colour.gold(), description=f"{head}\n{words}"[:4000])
        embed.set_image(url="attachment://standings.png")
        embeds.append(embed)
        files.append(discord.File(io.BytesIO(png), "standings.png"))
    for recap, line, image_words in post.recaps[-(MAX_EMBEDS - len(embeds)):]:
        png = await offload.run_in("render", render_recap, recap, names, image_words, language,
                                   table.narrator().marks())
        name = f"recap-{recap.round}.png"
        title = translate("{game} · table #{table}", language, game=translate(table.spec.title, language),
                          table=table.id)
        embed = discord.Embed(title=f"{title} · {translate(hand_word(table), language)} {recap.round}",
                              colour=text.COLOUR, description=line[:4000])
        embed.set_image(url=f"attachment://{name}")
        embeds.append(embed)
        files.append(discord.File(io.BytesIO(png), name))
    return embeds, files


class Recaps:
    """Posts each table's recaps, in the order its hands ended: each is a delivery of the table service's outbox
    (bot/outbox.py), recorded with the move that ended the hand and sent in its table's order, retried through
    Discord's refusals and resumed after a restart (naming the events by their places in the game's log)."""

    def __init__(self, bot: DominoHall, threads: TableThreads) -> None:
        self.bot = bot
        self.threads = threads  # where each table's chat goes (cogs/threads.py)
        self.held: dict[int, list[Post]] = {}  # hands thrown in, told with the next recap (in memory only)

    async def send(self, delivery: Delivery, table: Table | None) -> None:
        """The outbox's sender of a recap: the hands (and the match) the events at ``delivery.payload["events"]``
        ended, read from the table's game; an error reaches the outbox, which retries or gives up."""
        if table is None or table.game is None or table.row.channel_id is None:
            return
        log_ = table.game.log
        places = delivery.payload.get("events")
        events = [log_[i] for i in places if isinstance(i, int) and 0 <= i < len(log_)] if isinstance(places,
                                                                                                       list) else []
        post = post_of(table, events, self.language(table))
        if post is None:
            return
        held = self.held.pop(table.id, [])
        if waits(post):  # a hand thrown in is told with the next hand's recap (or the standings), in its message
            self.held[table.id] = [*held, post]
            return
        if held:
            post = Post(table, [r for p in held for r in p.recaps] + post.recaps, post.final)
        while post.recaps and len(post.recaps) + (post.final is not None) > MAX_EMBEDS:
            first, post.recaps = post.recaps[:MAX_EMBEDS], post.recaps[MAX_EMBEDS:]
            await self._post(Post(table, first))
        await self._post(post)

    async def _post(self, post: Post) -> None:
        table = post.table
        channel = await self._where(post)
        if channel is None:
            return  # no thread: the table message shows the hand's result (a quiet channel)
        embeds, files = await message_parts(post, self.language(table))
        extra: dict[str, Any] = {}
        if post.final is None and table.status == TableStatus.PLAYING:
            extra["view"] = recap_view(table, self.language(table))
        await channel.send(embeds=embeds, files=files, allowed_mentions=text.NO_PINGS, **extra)
        if post.final is not None:  # the match is over: its thread (if any) is archived after the standings
            await self.threads.archive(table)

    async def _where(self, post: Post) -> discord.PartialMessageable | None:
        """Where a post goes: the final standings to the channel; a hand's recap to the table's thread, else to the
        channel only where the server asked for recaps there; None: not posted."""
        table = post.table
        if post.final is not None:
            return self.bot.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id)
        if await self.threads.thread_of(table) is not None:
            return await self.threads.place(table)
        if await self.bot.tables.settings.channel_recaps_on(table.row.guild_id):
            return await self.threads.place(table)
        return None

    def language(self, table: Table) -> Language:
        """The language of the table's server: its recaps are for everyone there."""
        return server_language(self.bot.get_guild(table.row.guild_id))

    def forget(self, table_id: int) -> None:
        """The table is closed: a hand thrown in that still waited for the next one is not posted."""
        self.held.pop(table_id, None)
