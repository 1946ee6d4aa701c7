"""What the table services share, each owning its part: the open tables and the one way a table's stored row changes
(:class:`TableStore`), and per-server settings (:class:`GuildSettings`)."""

from __future__ import annotations

import dataclasses
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import engine
from bot import metrics
from bot.listeners import Listeners
from bot.outbox import TABLE_MESSAGE, Outbox
from bot.seasons import DEFAULT_LENGTH, SEASON_LENGTHS
from bot.storage import (
    ActionRow,
    Batch,
    CommitUnknown,
    Delivery,
    ResultRow,
    Storage,
    StorageUnavailable,
    TableRow,
    VersionConflict,
)
from bot.table import (
    NoSuchTable,
    NotAllowed,
    StaleClick,
    Table,
    TableStatus,
)
from engine import Event
from engine.ai import Player
from engine.phrases import Word
from render.language import _

log = logging.getLogger("domino_hall.tables")

PERSON, COMPUTER, TIMER = "person", "computer", "timer"
#: On/off server switches and their defaults (GuildSettings.switch).
#: threads: each table's chat (recaps, reminders) in a thread of its message, where the bot may start one;
#: channel_recaps: with no thread, every hand's recap posted in the channel too (else the table message shows it).
SWITCHES: dict[str, bool] = {"hints": True, "threads": True, "channel_recaps": False}
GUILD_DEFAULTS: dict[str, float] = {"turn_time_limit": -1.0, "computer_pause": -1.0}  # -1: the process setting


class UpdateKind(StrEnum):
    """What kind of change a :class:`TableUpdate` tells."""

    LOBBY = "lobby"  # a lobby opened or changed (seats, house rules, computer levels)
    STARTED = "started"  # the game started from the lobby
    MOVED = "moved"  # an action was applied (a move, a request, a computer's or a timer's move)
    FINISHED = "finished"  # the match is over
    ABANDONED = "abandoned"  # closed early, or could not be restored
    AUTOPILOT = "autopilot"  # a member handed their moves to the computer (Run), or took them back
    RELOADED = "reloaded"  # read back from the database (a restart, or a race lost to another process)
    UNSAVED = "unsaved"  # its saves have failed for UNSAVED_AFTER seconds (``table.unsaved_since``: since when); the
    # next update after a save that succeeds has ``unsaved_since`` None again


#: After this many seconds of failed saves, a table says it cannot be saved (an ``unsaved`` update, once).
UNSAVED_AFTER = 60.0


@dataclass(frozen=True)
class TableUpdate:
    """What changed at a table, of which ``kind``, at which ``version``."""

    table: Table
    kind: UpdateKind
    version: int
    events: list[Event] = field(default_factory=list)
    seat: int | None = None  # the seat whose turn this move was (its turn timer ends); None for anything else


Listener = Callable[[TableUpdate], None]
PlayerFactory = Callable[[str, int, str], Player]  # (game key, seed, engine level) -> a computer player




class TableStore:
    """The open tables of this process and the one way a table's stored row changes: one transaction (state,
    action log entry, results), then adopted in memory, then told to every listener (the computer driver, the
    message publisher). Every service that changes a table does it through here."""

    def __init__(self, storage: Storage, owns: Callable[[int], bool] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.storage = storage
        self.clock = clock
        self._failing: dict[int, float] = {}  # table id -> when its saves began failing
        #: What the tables owe their channels (bot/outbox.py); recorded with each change that owes something.
        self.outbox: Outbox | None = None
        #: Whether this process keeps the tables of a server (its shard's servers; every server when unsharded).
        self.owns: Callable[[int], bool] = owns or (lambda guild_id: True)
        self.tables: dict[int, Table] = {}
        self.listeners: Listeners[TableUpdate] = Listeners()

    def add_listener(self, listener: Listener) -> None:
        """Call ``listener`` after every change (it must not block; schedule work instead)."""
        self.listeners.add(listener)

    def get(self, table_id: int) -> Table:
        """An open table; :class:`NoSuchTable` otherwise."""
        table = self.tables.get(table_id)
        if table is None:
            raise NoSuchTable()
        return table

    def check_place(self, table_id: int, guild_id: int | None, channel_id: int | None) -> None:
        """Refuse a control that names an open table of another server or channel (a click carries its table id;
        whoever sent it, only the table's own channel may act on it)."""
        table = self.tables.get(table_id)
        if table is not None and (guild_id, channel_id) != (table.row.guild_id, table.row.channel_id):
            raise NoSuchTable(_("That control belongs to a table in another channel; nothing was changed."))

    async def save(self, table: Table, *, entry: ActionRow | None = None, results: list[ResultRow] | None = None,
                   owed: Sequence[Delivery] = (), picture: bool | None = None, **changes: Any) -> None:
        """Commit the changed columns (and the action log entry, results and what the change owes the channel) in
        one transaction, then adopt them and hand the deliveries to the outbox. The table message's newest state is
        owed by every change of version or status (``picture``: owed or not, whatever changed)."""
        row = dataclasses.replace(table.row, **changes)
        deliveries = [*self._picture(table, row, picture), *owed]
        write = Batch()
        try:
            # Conditional on the version this process last read or wrote: if another process changed the table
            # meanwhile, nothing is written, and the table is read again instead of going on stale.
            await self.storage.tables.save(write, row, read_version=table.row.version)
            if entry is not None:
                await self.storage.actions.append(write, entry)
            if results:
                await self.storage.results.record(write, results)
            for delivery in deliveries:  # (none without an outbox)
                await self.storage.deliveries.record(write, delivery)
            with metrics.timed(metrics.DATABASE_WRITE):
                await self.storage.db.write(write.statements)  # one transaction (grouped with others' on SQLite)
        except VersionConflict:
            log.warning("table %d: changed elsewhere since v%d; reading it again", table.id, table.version)
            await self._reload(table)
            raise StaleClick(_("This table was just changed elsewhere; nothing was done. Look again and retry.")
                             ) from None
        except CommitUnknown:
            try:
                await self._check_committed(row)  # returns only if it was committed after all
            except Exception:
                self._save_failed(table)
                raise
        except Exception:
            self._save_failed(table)
            raise
        self._failing.pop(table.id, None)
        table.unsaved_since = None
        table.row = row
        if self.outbox is not None:
            for delivery in deliveries:
                self.outbox.enqueue(delivery)

    def _picture(self, table: Table, row: Any, picture: bool | None) -> list[Delivery]:
        """The table message's newest state, when a change owes it and someone sends it."""
        if picture is None:
            picture = row.version != table.row.version or row.status != table.row.status
        if not picture or row.message_id is None or self.outbox is None or not self.outbox.wants(TABLE_MESSAGE):
            return []
        return [self.outbox.new(table.id, row.guild_id, TABLE_MESSAGE, "message",
                                {"version": row.version, "status": row.status}, table)]

    def _save_failed(self, table: Table) -> None:
        """Count a failed save; once they have failed for :data:`UNSAVED_AFTER` seconds, say so (once)."""
        now = self.clock()
        since = self._failing.setdefault(table.id, now)
        if table.unsaved_since is None and now - since >= UNSAVED_AFTER:
            table.unsaved_since = since
            log.error("table %d: it could not be saved for %.0f s; its moves wait for the database", table.id,
                      now - since)
            self.emit(TableUpdate(table, UpdateKind.UNSAVED, table.version))

    async def _check_committed(self, row: TableRow) -> None:
        """After a COMMIT whose answer was lost: read the row back. Ours (the version and the time this write gave
        it) means the write was made, and the caller goes on as if the commit had answered; another means it was
        not (:class:`StorageUnavailable`: nothing was changed); no answer leaves it unknown (:class:`CommitUnknown`)."""
        try:
            stored = await self.storage.tables.get(row.id)
        except StorageUnavailable:
            log.warning("table %d: whether v%d was saved is unknown (the database does not answer)", row.id,
                        row.version)
            raise CommitUnknown() from None
        if stored is None or (stored.version, stored.updated_at) != (row.version, row.updated_at):
            log.warning("table %d: v%d was not saved (its commit was lost with the connection)", row.id, row.version)
            raise StorageUnavailable()
        log.warning("table %d: v%d was saved; its commit's answer was lost with the connection", row.id, row.version)

    async def _reload(self, table: Table) -> None:
        """Adopt the table as the database has it now (after a lost race), or let it go if it has closed."""
        row = await self.storage.tables.get(table.id)
        if row is None or row.status not in (TableStatus.LOBBY, TableStatus.PLAYING):
            self.tables.pop(table.id, None)
            if row is not None:
                table.row = row
        else:
            table.row = row
            table.game = engine.load(json.loads(row.state)) if row.status == TableStatus.PLAYING and row.state else None
            table.started_version = table.version
        self.emit(TableUpdate(table, UpdateKind.RELOADED, table.version))

    async def close(self, table: Table, status: TableStatus, note: str) -> None:
        """Close a table for good (abandoned, or finished elsewhere): saved, let go, told."""
        await self.save(table, status=status, note=note, version=table.version + 1)
        self.tables.pop(table.id, None)
        log.info("table %d v%d: %s (%s)", table.id, table.version, status, note)
        self.emit(TableUpdate(table, UpdateKind(status.value), table.version))

    def emit(self, update: TableUpdate) -> None:
        """Tell every listener about ``update``; a failing listener is logged and the others still hear it."""
        self.listeners.tell(update, f"table {update.table.id} ({update.kind})")


class GuildSettings:
    """Per-server settings (turn time limit, computer pause, nudges), with the process settings as defaults."""

    def __init__(self, storage: Storage, *, computer_pause: float, turn_time_limit: float) -> None:
        self.storage = storage
        self.computer_pause = computer_pause
        self.turn_time_limit = turn_time_limit
        self._guild: dict[int, dict[str, Any]] = {}

    async def load(self, guild_id: int) -> dict[str, Any]:
        """Read a server's settings once (before its tables need them)."""
        if guild_id not in self._guild:
            self._guild[guild_id] = {**GUILD_DEFAULTS, **await self.storage.guild_settings.get_all(guild_id)}
        return self._guild[guild_id]

    async def guild_settings(self, guild_id: int) -> dict[str, float]:
        """This server's turn limit and computer pause in seconds (the process settings unless changed)."""
        stored = await self.load(guild_id)
        return {"turn_time_limit": self.seconds(guild_id, "turn_time_limit", stored),
                "computer_pause": self.seconds(guild_id, "computer_pause", stored)}

    async def set_guild_setting(self, guild_id: int, key: str, seconds: float) -> None:
        """Change this server's ``turn_time_limit`` or ``computer_pause`` (seconds; -1 restores the default)."""
        if key not in GUILD_DEFAULTS:
            raise NotAllowed(f"there is no server setting {key!r}")
        await self.load(guild_id)
        await self.storage.guild_settings.set(guild_id, key, float(seconds))
        self._guild[guild_id][key] = float(seconds)
        log.info("guild %s: %s set to %s", guild_id, key, seconds)

    def seconds(self, guild_id: int, key: str, stored: dict[str, Any] | None = None) -> float:
        """``turn_time_limit`` or ``computer_pause`` for this server now (its own value, else the process's)."""
        default = self.turn_time_limit if key == "turn_time_limit" else self.computer_pause
        value = (stored or self._guild.get(guild_id, {})).get(key, -1.0)
        return default if not isinstance(value, (int, float)) or value < 0 else float(value)

    # ----- turn nudges (a server default, and each member's own choice) --------------------------------------------
    async def nudges_on(self, guild_id: int, user_id: int) -> bool:
        """Whether member ``user_id`` is nudged when it is their turn: their own choice, else the server's."""
        stored = await self.load(guild_id)
        own = stored.get(f"nudges:{user_id}")
        if isinstance(own, bool):
            return own
        server = stored.get("nudges", True)
        return server if isinstance(server, bool) else True

    async def set_nudges(self, guild_id: int, on: bool, user_id: int | None = None) -> None:
        """Turn nudges on or off for this server (``user_id`` None) or for one member of it."""
        key = "nudges" if user_id is None else f"nudges:{user_id}"
        await self.load(guild_id)
        await self.storage.guild_settings.set(guild_id, key, bool(on))
        self._guild[guild_id][key] = bool(on)
        log.info("guild %s: %s set to %s", guild_id, key, on)

    # ----- seasons (bot/seasons.py) --------------------------------------------------------------------------------
    async def season_length(self, guild_id: int) -> str:
        """How long this server's seasons last: one of bot.seasons.SEASON_LENGTHS (a month unless changed)."""
        value = (await self.load(guild_id)).get("season_length", DEFAULT_LENGTH)
        return value if value in SEASON_LENGTHS else DEFAULT_LENGTH

    async def set_season_length(self, guild_id: int, length: str) -> None:
        """Change how long this server's seasons last (the standings follow at once: nothing is stored per season)."""
        if length not in SEASON_LENGTHS:
            raise NotAllowed(f"there is no season length {length!r}")
        await self.load(guild_id)
        await self.storage.guild_settings.set(guild_id, "season_length", length)
        self._guild[guild_id]["season_length"] = length
        log.info("guild %s: season_length set to %s", guild_id, length)

    # ----- on/off server switches: hints and table threads (on by default), recaps in the channel (off) -------------
    async def switch(self, guild_id: int, key: str) -> bool:
        """Whether this server's switch ``key`` (one of :data:`SWITCHES`) is on: its own choice, else the default."""
        value = (await self.load(guild_id)).get(key, SWITCHES[key])
        return value if isinstance(value, bool) else SWITCHES[key]

    async def set_switch(self, guild_id: int, key: str, on: bool) -> None:
        """Turn this server's switch ``key`` on or off (tables already playing keep their thread or channel)."""
        if key not in SWITCHES:
            raise ValueError(f"no server switch {key!r}")
        await self.load(guild_id)
        await self.storage.guild_settings.set(guild_id, key, bool(on))
        self._guild[guild_id][key] = bool(on)
        log.info("guild %s: %s set to %s", guild_id, key, on)

    async def hints_on(self, guild_id: int) -> bool:
        """Whether players here get a Hint button on their turn."""
        return await self.switch(guild_id, "hints")

    async def set_hints(self, guild_id: int, on: bool) -> None:
        await self.set_switch(guild_id, "hints", on)

    async def threads_on(self, guild_id: int) -> bool:
        """Whether this server's tables chat in a thread started from the table message."""
        return await self.switch(guild_id, "threads")

    async def set_threads(self, guild_id: int, on: bool) -> None:
        await self.set_switch(guild_id, "threads", on)

    async def channel_recaps_on(self, guild_id: int) -> bool:
        """Whether a table with no thread posts every hand's recap in its channel (the old way; off by default: the
        table message shows the last hand's result, and the channel gets only the final standings)."""
        return await self.switch(guild_id, "channel_recaps")

    async def set_channel_recaps(self, guild_id: int, on: bool) -> None:
        await self.set_switch(guild_id, "channel_recaps", on)


def log_events(table: Table, events: list[Event], cause: str = "") -> None:
    """One log line for the cause, then one per event, in words."""
    if cause:
        log.info("table %d v%d: %s", table.id, table.version, cause)
    for event in events:
        log.info("table %d v%d: %s: %s", table.id, table.version, event.kind, table.narrator().event(event))


def need_lobby(table: Table) -> None:
    """Refuse unless ``table`` is a lobby."""
    if table.status != TableStatus.LOBBY:
        raise StaleClick(_("This lobby is closed: the game has started or the table was cancelled."))


def need_game(table: Table) -> engine.Game:
    """The running game; refuse once it is over."""
    if table.status != TableStatus.PLAYING or table.game is None:
        over = table.status == TableStatus.FINISHED
        raise StaleClick(_("This game is over.") if over else _("That move is no longer current."))
    return table.game


def need_host(table: Table, user_id: int, what: str) -> None:
    """Refuse unless ``user_id`` is the host (``what``: what they were doing, for the refusal: an English text marked
    with ``_``)."""
    if user_id != table.host_id:
        raise NotAllowed(_("Only the host can {what}."), what=Word(what))


def state_text(game: engine.Game) -> str:
    return json.dumps(game.to_dict(), separators=(",", ":"))
