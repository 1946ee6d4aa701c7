"""The table service: lobbies and running games, with no Discord in it.

Every change to a table happens under that table's lock, bumps its version, and is committed to the database
(state snapshot, action log entry and, at the end, the results) before the caller is answered. Computer players
and turn timers act through the same path as people. Listeners hear about every change.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import engine
from bot import offload
from bot.storage import ActionRow, ResultRow, Storage, TableRow
from bot.table import (
    ABANDONED,
    FINISHED,
    LOBBY,
    PLAYING,
    NoSuchTable,
    NotAllowed,
    Seat,
    StaleClick,
    Table,
    TableError,
)
from engine import Action, CorruptState, Event, IllegalAction, parse_action
from engine.ai import Player, computer_player
from engine.errors import BadOption, DominoError
from engine.game import SAVE_FORMAT

log = logging.getLogger("domino_hall.tables")

PERSON, COMPUTER, TIMER = "person", "computer", "timer"
GUILD_DEFAULTS: dict[str, float] = {"turn_time_limit": -1.0, "computer_pause": -1.0}  # -1: the process setting

__all__ = ["NoSuchTable", "NotAllowed", "StaleClick", "TableError", "TableService", "TableUpdate"]


@dataclass(frozen=True)
class TableUpdate:
    """What changed at a table: ``kind`` is lobby, started, moved, finished, abandoned or autopilot (or reloaded:
    the table was read back from the database when the process started)."""

    table: Table
    kind: str
    version: int
    events: list[Event] = field(default_factory=list)


Listener = Callable[[TableUpdate], None]
PlayerFactory = Callable[[str, int], Player]


class TableService:
    """Owns every open table of the process: creates lobbies, starts games, applies moves, drives computers."""

    def __init__(
        self, storage: Storage, *, computer_pause: float = 1.5, turn_time_limit: float = 300.0,
        player_factory: PlayerFactory = computer_player,
    ) -> None:
        self.storage = storage
        self.computer_pause = computer_pause
        self.turn_time_limit = turn_time_limit
        self.player_factory = player_factory
        self.tables: dict[int, Table] = {}
        self.listeners: list[Listener] = []
        self._guild: dict[int, dict[str, Any]] = {}
        self._closed = False

    # ----- life cycle -------------------------------------------------------------------------------------------
    async def start(self) -> list[Table]:
        """Reload open lobbies and running games from the database and resume their computer players."""
        loaded = []
        for row in await self.storage.tables.with_status(LOBBY, PLAYING):
            table = Table(row)
            if row.status == PLAYING and not await self._restore_game(table):
                continue
            self.tables[row.id] = table
            await self._load_guild(row.guild_id)
            async with table.lock:
                self._schedule(table)
            loaded.append(table)
            self._emit(TableUpdate(table, "reloaded", table.version))  # redraw its message as saved
            self._emit(TableUpdate(table, "reloaded", table.version))  # its message may predate the last save
        log.info("table service started: %d open tables reloaded", len(loaded))
        return loaded

    async def close(self) -> None:
        """Stop every computer player and timer (the database keeps everything)."""
        self._closed = True
        tasks = [t for table in self.tables.values() for t in _tasks(table)]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def add_listener(self, listener: Listener) -> None:
        """Call ``listener`` after every change (it must not block; schedule work instead)."""
        self.listeners.append(listener)

    def get(self, table_id: int) -> Table:
        """An open table; :class:`NoSuchTable` otherwise."""
        table = self.tables.get(table_id)
        if table is None:
            raise NoSuchTable()
        return table

    async def find(self, table_id: int) -> Table | None:
        """Any table, open or closed (closed ones are read from the database, without a game)."""
        if table_id in self.tables:
            return self.tables[table_id]
        row = await self.storage.tables.get(table_id)
        return Table(row) if row else None

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

    # ----- lobby --------------------------------------------------------------------------------------------------
    async def create_lobby(self, guild_id: int, channel_id: int, host_id: int, host_name: str, game: str) -> Table:
        """Open a lobby for ``game`` with the host in the first seat."""
        try:
            engine.game_spec(game)
        except BadOption as error:
            raise NotAllowed(str(error)) from None
        row = TableRow(guild_id=guild_id, channel_id=channel_id, game=game, host_id=host_id,
                       seed=secrets.randbelow(2**31), seats=[Seat(host_name, host_id).to_dict()], version=1)
        row = await self.storage.tables.create(row)
        table = Table(row)
        self.tables[row.id] = table
        await self._load_guild(guild_id)
        log.info("table %d: lobby for %s opened by %s in channel %d", row.id, game, host_name, channel_id)
        self._emit(TableUpdate(table, "lobby", table.version))
        return table

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the Discord message that shows this table."""
        table = self.get(table_id)
        async with table.lock:
            await self._save(table, message_id=message_id)

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        """Seat a member in the next free seat."""
        table = self.get(table_id)
        async with table.lock:
            self._need_lobby(table)
            if table.seat_of(user_id) is not None:
                raise NotAllowed("You are already seated at this table.")
            if len(table.seats) >= table.max_seats:
                raise NotAllowed(f"The table is full ({table.max_seats} seats).")
            await self._lobby_change(table, f"{name} joined", seats=[*table.row.seats, Seat(name, user_id).to_dict()])
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Free a member's seat (the host closes the table with Cancel instead)."""
        table = self.get(table_id)
        async with table.lock:
            self._need_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed("You are not seated at this table.")
            if user_id == table.host_id:
                raise NotAllowed("The host cannot leave; use Cancel to close the table.")
            seats = [d for i, d in enumerate(table.row.seats) if i != seat]
            await self._lobby_change(table, f"{table.names[seat]} left", seats=seats)
        return table

    async def add_computer(self, table_id: int, user_id: int) -> Table:
        """The host adds a computer player in the next free seat."""
        table = self.get(table_id)
        async with table.lock:
            self._need_lobby(table)
            self._need_host(table, user_id, "add a computer player")
            if len(table.seats) >= table.max_seats:
                raise NotAllowed(f"The table is full ({table.max_seats} seats).")
            number = 1 + sum(1 for s in table.seats if s.computer)
            name = f"Computer {number}"
            await self._lobby_change(table, f"{name} added", seats=[*table.row.seats, Seat(name).to_dict()])
        return table

    async def remove_computer(self, table_id: int, user_id: int) -> Table:
        """The host removes the last computer player."""
        table = self.get(table_id)
        async with table.lock:
            self._need_lobby(table)
            self._need_host(table, user_id, "remove a computer player")
            computers = [i for i, s in enumerate(table.seats) if s.computer]
            if not computers:
                raise NotAllowed("There is no computer player to remove.")
            seats = [d for i, d in enumerate(table.row.seats) if i != computers[-1]]
            await self._lobby_change(table, f"{table.names[computers[-1]]} removed", seats=seats)
        return table

    async def set_option(self, table_id: int, user_id: int, name: str, raw: Any) -> Table:
        """The host sets a house rule (validated against the game's option list)."""
        table = self.get(table_id)
        async with table.lock:
            self._need_lobby(table)
            self._need_host(table, user_id, "set the house rules")
            try:
                value = table.spec.option(name).parse(raw)
            except BadOption as error:
                raise NotAllowed(str(error)) from None
            await self._lobby_change(table, f"option {name} set to {value}", options={**table.row.options, name: value})
        return table

    async def start_game(self, table_id: int, version: int, user_id: int) -> Table:
        """The host starts the game with the seats and options the lobby shows at ``version``."""
        table = self.get(table_id)
        async with table.lock:
            self._need_lobby(table)
            self._need_host(table, user_id, "start the game")
            if version != table.version:
                raise StaleClick("The lobby changed since this button was drawn; look again and press Start.")
            problem = table.start_problem()
            if problem:
                raise NotAllowed(f"The game cannot start: {problem}")
            game = engine.new_game(table.row.game, len(table.seats), table.row.seed, table.row.options)
            await self._save(table, status=PLAYING, state=_state_text(game), version=table.version + 1)
            table.game, table.started_version = game, table.version
            log.info("table %d v%d: %s started with %s", table.id, table.version, game.key, ", ".join(table.names))
            self._log_events(table, game.log)
            self._schedule(table)
            self._emit(TableUpdate(table, "started", table.version, list(game.log)))
        return table

    async def abandon(self, table_id: int, user_id: int, can_manage: bool) -> Table:
        """Cancel a lobby or end a game early (the host, or a member who may manage the server)."""
        table = self.get(table_id)
        async with table.lock:
            if table.status not in (LOBBY, PLAYING):
                raise StaleClick("This table is already closed.")
            if user_id != table.host_id and not can_manage:
                raise NotAllowed("Only the host (or someone who can manage the server) can do that.")
            await self._close(table, ABANDONED, "ended by a member")
        return table

    # ----- play ---------------------------------------------------------------------------------------------------
    async def act(self, table_id: int, version: int, user_id: int, action_text: str) -> list[Event]:
        """Apply a member's move, drawn on a button at ``version``; answers only after the move is committed."""
        table = self.get(table_id)
        async with table.lock:
            game = self._need_game(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed("You are not playing at this table; you can watch.")
            if seat not in game.to_act:
                waiting = ", ".join(table.names[s] for s in game.to_act) or "nobody"
                raise NotAllowed(f"It is not your turn: waiting for {waiting}.")
            if not self._is_current(table, seat, version):
                raise StaleClick()
            try:
                action = parse_action(action_text)
            except IllegalAction:
                raise StaleClick() from None
            if not game.is_legal(seat, action):
                raise StaleClick()
            return await self._apply(table, seat, action, PERSON, user_id)

    async def set_autopilot(self, table_id: int, user_id: int, on: bool | None = None) -> bool:
        """Let a computer player make a member's moves (Run), or take them back; returns whether it is on now."""
        table = self.get(table_id)
        async with table.lock:
            self._need_game(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed("You are not playing at this table.")
            current = seat in table.row.autopilot
            wanted = (not current) if on is None else on
            autopilot = sorted({*table.row.autopilot, seat} if wanted else set(table.row.autopilot) - {seat})
            await self._save(table, autopilot=autopilot, version=table.version + 1)
            log.info("table %d v%d: %s %s", table.id, table.version, table.names[seat],
                     "hands the play to the computer" if wanted else "takes the play back")
            self._schedule(table)
            self._emit(TableUpdate(table, "autopilot", table.version))
            return wanted

    def _is_current(self, table: Table, seat: int, version: int) -> bool:
        """A click is current when nothing changed since it was drawn, or when only other seats acted since (and
        this seat is still awaited): several seats choosing at once must not spoil each other's buttons."""
        if version == table.version:
            return True
        if version > table.version or version < table.started_version:
            return False
        later = [(s, awaited) for v, s, awaited in table.acted if v > version]
        return bool(later) and seat in later[0][1] and all(s != seat for s, _ in later)

    async def _apply(self, table: Table, seat: int, action: Action, actor: str, user_id: int | None) -> list[Event]:
        """Apply to a copy, persist, then adopt the copy and tell everyone.

        Readers never see a game ahead of its version, and a database failure leaves the table as it was saved.
        """
        assert table.game is not None
        awaited = table.game.to_act
        game = table.game.clone()
        events = game.apply(seat, action)
        version = table.version + 1
        changes: dict[str, Any] = {"state": _state_text(game), "version": version}
        results: list[ResultRow] = []
        if game.is_over:
            changes["status"] = FINISHED
            results = self._results(table, game)
        entry = ActionRow(table.id, version, seat, str(action), actor, user_id, time.time())
        try:
            await self._save(table, entry=entry, results=results, **changes)
        except Exception:
            log.exception("table %d: could not save v%d; the move is not made", table.id, version)
            raise
        table.game = game
        timer = table.timers.pop(seat, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        table.acted.append((version, seat, awaited))
        self._log_events(table, events, f"{table.names[seat]} ({actor}) {action}")
        if game.is_over:
            self._stop_tasks(table)
            self.tables.pop(table.id, None)
        else:
            self._schedule(table)
        self._emit(TableUpdate(table, FINISHED if game.is_over else "moved", version, events))
        return events

    def _results(self, table: Table, game: engine.Game) -> list[ResultRow]:
        now = time.time()
        rows = []
        for index, seat in enumerate(table.seats):
            side = game.side_of(index)
            rows.append(ResultRow(table.id, index, table.row.guild_id, game.key, seat.user_id, seat.name,
                                  seat.computer, side, game.score[side], index in game.winner, now))
        return rows

    # ----- computer players and turn timers ---------------------------------------------------------------------
    def _schedule(self, table: Table) -> None:
        """With the lock held: start the computer driver if a computer seat is awaited, and (re)arm turn timers."""
        if self._closed or table.status != PLAYING or table.game is None:
            self._stop_tasks(table)
            return
        awaited = table.game.to_act
        if any(table.is_automatic(s) for s in awaited) and (table.driver is None or table.driver.done()):
            table.driver = asyncio.create_task(self._drive(table), name=f"table-{table.id}-computer")
        limit = self._setting(table.row.guild_id, "turn_time_limit", self.turn_time_limit)
        for seat, task in list(table.timers.items()):
            if seat not in awaited or table.is_automatic(seat) or limit <= 0:
                task.cancel()
                del table.timers[seat]
        if limit > 0:
            for seat in awaited:
                if not table.is_automatic(seat) and (seat not in table.timers or table.timers[seat].done()):
                    table.timers[seat] = asyncio.create_task(
                        self._turn_timer(table, seat, limit), name=f"table-{table.id}-timer-{seat}")

    async def _drive(self, table: Table) -> None:
        """Make the computer seats' moves one at a time, pausing before each so people can follow.

        The choice is made without the lock (on the game object of that moment, which is never changed in place:
        moves are applied to a copy), so members' clicks are never held up by a slow computer player.
        """
        try:
            while True:
                pause = self._setting(table.row.guild_id, "computer_pause", self.computer_pause)
                if table.game is not None and not any(table.seats[s].computer for s in table.game.to_act):
                    pause = min(pause, 0.3)  # a seat set to Run plays out briskly
                await asyncio.sleep(pause)
                async with table.lock:
                    seats = self._automatic_awaited(table)
                    if not seats:
                        table.driver = None
                        return
                game, version = table.game, table.version
                assert game is not None
                action = await self._computer_choice(table, game, seats[0])
                async with table.lock:
                    if table.version == version and table.status == PLAYING:
                        await self._apply(table, seats[0], action, COMPUTER, None)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %d: the computer player failed; the table waits for its members", table.id)
            table.driver = None

    def _automatic_awaited(self, table: Table) -> list[int]:
        game = table.game
        if table.status != PLAYING or game is None:
            return []
        return [s for s in game.to_act if table.is_automatic(s)]

    async def _turn_timer(self, table: Table, seat: int, limit: float) -> None:
        """After ``limit`` seconds without a move from ``seat``, a computer player makes that one move."""
        await asyncio.sleep(limit)
        try:
            while True:
                game, version = table.game, table.version
                if game is None or table.status != PLAYING or seat not in game.to_act:
                    return
                action = await self._computer_choice(table, game, seat)
                async with table.lock:
                    if table.timers.get(seat) is not asyncio.current_task():
                        return
                    if table.version != version:
                        continue  # another seat moved meanwhile: choose again on the new state
                    del table.timers[seat]
                    log.info("table %d: %s ran out of time; the computer moves", table.id, table.names[seat])
                    await self._apply(table, seat, action, TIMER, None)
                    return
        except Exception:
            log.exception("table %d: the timed-out move for seat %d failed", table.id, seat)

    async def _computer_choice(self, table: Table, game: engine.Game, seat: int) -> Action:
        player = table.players.get(seat)
        if player is None:
            player = table.players[seat] = self.player_factory(game.key, table.row.seed * 16 + seat)
        return await offload.run_in("computer", player.choose, game, seat)

    def _stop_tasks(self, table: Table) -> None:
        current = asyncio.current_task()
        for task in _tasks(table):
            if task is not current:
                task.cancel()
        table.timers.clear()
        if table.driver is not current:
            table.driver = None

    # ----- restart --------------------------------------------------------------------------------------------------
    async def _restore_game(self, table: Table) -> bool:
        """Load a running game: from its snapshot, else by replaying the action log; abandon it if both fail."""
        actions = await self.storage.actions.for_table(table.id)
        try:
            table.game = engine.load(json.loads(table.row.state or ""))
        except (CorruptState, ValueError, TypeError) as error:
            log.error("table %d: saved state unreadable (%s); replaying the action log", table.id, error)
            try:
                table.game = engine.load({"format": SAVE_FORMAT, "game": table.row.game, "seats": len(table.seats),
                                          "seed": table.row.seed, "options": table.row.options,
                                          "actions": [[a.seat, a.action] for a in actions]})
            except (DominoError, ValueError, TypeError) as second:
                log.error("table %d: cannot be restored (%s); it is abandoned", table.id, second)
                await self._close(table, ABANDONED, f"could not be restored after a restart: {second}")
                return False
            await self._save(table, state=_state_text(table.game))
        table.started_version = table.version  # buttons drawn before the restart must match the version exactly
        log.info("table %d v%d: %s reloaded after a restart", table.id, table.version, table.row.game)
        return True

    # ----- helpers ----------------------------------------------------------------------------------------------------
    async def _save(self, table: Table, *, entry: ActionRow | None = None, results: list[ResultRow] | None = None,
                    **changes: Any) -> None:
        """Commit the changed columns (and the action log entry and results) in one transaction, then adopt them."""
        row = dataclasses.replace(table.row, **changes)
        async with self.storage.db.transaction() as tx:
            await self.storage.tables.save(tx, row)
            if entry is not None:
                await self.storage.actions.append(tx, entry)
            if results:
                await self.storage.results.record(tx, results)
        table.row = row

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
            log.info("table %d v%d: %s: %s", table.id, table.version, event.kind, table.words(event.text))

    def _emit(self, update: TableUpdate) -> None:
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("table %d: a listener failed on %s", update.table.id, update.kind)


def _state_text(game: engine.Game) -> str:
    return json.dumps(game.to_dict(), separators=(",", ":"))


def _tasks(table: Table) -> list[asyncio.Task[None]]:
    tasks = list(table.timers.values())
    if table.driver is not None:
        tasks.append(table.driver)
    return tasks
