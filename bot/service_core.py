"""The table service's foundation: open tables in memory, listeners, per-server settings, and the one way a
table's stored row changes (one transaction, then adopted in memory)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine
from bot.storage import ActionRow, Batch, ResultRow, Storage, VersionConflict
from bot.table import (
    FINISHED,
    LOBBY,
    PLAYING,
    NoSuchTable,
    NotAllowed,
    StaleClick,
    Table,
)
from engine import Action, Event
from engine.ai import Player, computer_player

log = logging.getLogger("domino_hall.tables")

PERSON, COMPUTER, TIMER = "person", "computer", "timer"
GUILD_DEFAULTS: dict[str, float] = {"turn_time_limit": -1.0, "computer_pause": -1.0}  # -1: the process setting


@dataclass(frozen=True)
class TableUpdate:
    """What changed at a table: ``kind`` is lobby, started, moved, finished, abandoned or autopilot (or reloaded:
    the table was read back from the database when the process started)."""

    table: Table
    kind: str
    version: int
    events: list[Event] = field(default_factory=list)


Listener = Callable[[TableUpdate], None]
PlayerFactory = Callable[[str, int, str], Player]  # (game key, seed, engine level) -> a computer player




class ServiceCore:
    """What the lobby, play and computer-player parts of :class:`bot.tables.TableService` share."""

    def __init__(
        self, storage: Storage, *, computer_pause: float = 1.5, turn_time_limit: float = 300.0,
        player_factory: PlayerFactory = computer_player, owns: Callable[[int], bool] | None = None,
    ) -> None:
        self.storage = storage
        #: Whether this process keeps the tables of a server (its shard's servers; every server when unsharded).
        self.owns: Callable[[int], bool] = owns or (lambda guild_id: True)
        self.computer_pause = computer_pause
        self.turn_time_limit = turn_time_limit
        self.player_factory = player_factory
        self.tables: dict[int, Table] = {}
        self.listeners: list[Listener] = []
        self._guild: dict[int, dict[str, Any]] = {}
        self._closed = False
        self._watchdog: asyncio.Task[None] | None = None


    def add_listener(self, listener: Listener) -> None:
        """Call ``listener`` after every change (it must not block; schedule work instead)."""
        self.listeners.append(listener)

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
            raise NoSuchTable("That control belongs to a table in another channel; nothing was changed.")

    # ----- per-server settings ------------------------------------------------------------------------------------
    async def _load_guild(self, guild_id: int) -> dict[str, Any]:
        if guild_id not in self._guild:
            self._guild[guild_id] = {**GUILD_DEFAULTS, **await self.storage.guild_settings.get_all(guild_id)}
        return self._guild[guild_id]

    async def guild_settings(self, guild_id: int) -> dict[str, float]:
        """This server's turn limit and computer pause in seconds (the process settings unless changed)."""
        stored = await self._load_guild(guild_id)
        return {"turn_time_limit": self._setting(guild_id, "turn_time_limit", self.turn_time_limit, stored),
                "computer_pause": self._setting(guild_id, "computer_pause", self.computer_pause, stored)}

    async def set_guild_setting(self, guild_id: int, key: str, seconds: float) -> None:
        """Change this server's ``turn_time_limit`` or ``computer_pause`` (seconds; -1 restores the default)."""
        if key not in GUILD_DEFAULTS:
            raise NotAllowed(f"there is no server setting {key!r}")
        await self._load_guild(guild_id)
        await self.storage.guild_settings.set(guild_id, key, float(seconds))
        self._guild[guild_id][key] = float(seconds)
        log.info("guild %s: %s set to %s", guild_id, key, seconds)

    def _setting(self, guild_id: int, key: str, default: float, stored: dict[str, Any] | None = None) -> float:
        value = (stored or self._guild.get(guild_id, {})).get(key, -1.0)
        return default if not isinstance(value, (int, float)) or value < 0 else float(value)

    # ----- turn nudges (a server default, and each member's own choice) --------------------------------------------
    async def nudges_on(self, guild_id: int, user_id: int) -> bool:
        """Whether member ``user_id`` is nudged when it is their turn: their own choice, else the server's."""
        stored = await self._load_guild(guild_id)
        own = stored.get(f"nudges:{user_id}")
        if isinstance(own, bool):
            return own
        server = stored.get("nudges", True)
        return server if isinstance(server, bool) else True

    async def set_nudges(self, guild_id: int, on: bool, user_id: int | None = None) -> None:
        """Turn nudges on or off for this server (``user_id`` None) or for one member of it."""
        key = "nudges" if user_id is None else f"nudges:{user_id}"
        await self._load_guild(guild_id)
        await self.storage.guild_settings.set(guild_id, key, bool(on))
        self._guild[guild_id][key] = bool(on)
        log.info("guild %s: %s set to %s", guild_id, key, on)

    # ----- helpers ----------------------------------------------------------------------------------------------------
    async def _save(self, table: Table, *, entry: ActionRow | None = None, results: list[ResultRow] | None = None,
                    **changes: Any) -> None:
        """Commit the changed columns (and the action log entry and results) in one transaction, then adopt them."""
        row = dataclasses.replace(table.row, **changes)
        write = Batch()
        # Conditional on the version this process last read or wrote: if another process changed the table
        # meanwhile, nothing is written, and the table is read again instead of going on stale.
        await self.storage.tables.save(write, row, read_version=table.row.version)
        if entry is not None:
            await self.storage.actions.append(write, entry)
        if results:
            await self.storage.results.record(write, results)
        try:
            await self.storage.db.write(write.statements)  # one transaction (grouped with others' on SQLite)
        except VersionConflict:
            log.warning("table %d: changed elsewhere since v%d; reading it again", table.id, table.version)
            await self._reload(table)
            raise StaleClick("This table was just changed elsewhere; nothing was done. Look again and retry.") from None
        table.row = row

    async def _reload(self, table: Table) -> None:
        """Adopt the table as the database has it now (after a lost race), or let it go if it has closed."""
        row = await self.storage.tables.get(table.id)
        if row is None or row.status not in (LOBBY, PLAYING):
            self._stop_tasks(table)
            self.tables.pop(table.id, None)
            if row is not None:
                table.row = row
        else:
            table.row = row
            table.game = engine.load(json.loads(row.state)) if row.status == PLAYING and row.state else None
            table.started_version = table.version
            table.players.clear()
            self._schedule(table)
        self._emit(TableUpdate(table, "reloaded", table.version))

    async def _lobby_change(self, table: Table, what: str, **changes: Any) -> None:
        await self._save(table, version=table.version + 1, **changes)
        log.info("table %d v%d: %s", table.id, table.version, what)
        self._emit(TableUpdate(table, "lobby", table.version))

    async def _close(self, table: Table, status: str, note: str) -> None:
        await self._save(table, status=status, note=note, version=table.version + 1)
        self._stop_tasks(table)
        self.tables.pop(table.id, None)
        log.info("table %d v%d: %s (%s)", table.id, table.version, status, note)
        self._emit(TableUpdate(table, status, table.version))

    def _need_lobby(self, table: Table) -> None:
        if table.status != LOBBY:
            raise StaleClick("This lobby is closed: the game has started or the table was cancelled.")

    def _need_game(self, table: Table) -> engine.Game:
        if table.status != PLAYING or table.game is None:
            raise StaleClick("This game is over." if table.status == FINISHED else "That move is no longer current.")
        return table.game

    def _need_host(self, table: Table, user_id: int, what: str) -> None:
        if user_id != table.host_id:
            raise NotAllowed(f"Only the host can {what}.")

    def _log_events(self, table: Table, events: list[Event], cause: str = "") -> None:
        if cause:
            log.info("table %d v%d: %s", table.id, table.version, cause)
        for event in events:
            log.info("table %d v%d: %s: %s", table.id, table.version, event.kind, table.narrator().event(event))

    def _emit(self, update: TableUpdate) -> None:
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("table %d: a listener failed on %s", update.table.id, update.kind)


    def _stop_tasks(self, table: Table) -> None:
        current = asyncio.current_task()
        for task in table_tasks(table):
            if task is not current:
                task.cancel()
        table.timers.clear()
        if table.driver is not current:
            table.driver = None


    # ----- provided by the other parts --------------------------------------------------------------------------
    def _schedule(self, table: Table) -> None:
        """Start or stop the table's computer player and turn timers (see :class:`bot.autoplay.Autoplay`)."""
        raise NotImplementedError

    async def _apply(self, table: Table, seat: int, action: Action, actor: str, user_id: int | None,
                     turn: bool = True) -> list[Event]:
        """Apply and persist one action (see :class:`bot.tables.TableService`)."""
        raise NotImplementedError


def state_text(game: engine.Game) -> str:
    return json.dumps(game.to_dict(), separators=(",", ":"))


def table_tasks(table: Table) -> list[asyncio.Task[None]]:
    tasks = list(table.timers.values())
    if table.driver is not None:
        tasks.append(table.driver)
    return tasks

