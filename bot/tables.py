"""The table service: lobbies and running games, with no Discord in it.

Every change to a table happens under that table's lock, bumps its version, and is committed to the database
(state snapshot, action log entry and, at the end, the results) before the caller is answered. Computer players
and turn timers act through the same path as people. Listeners hear about every change.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import engine
from bot.autoplay import Autoplay
from bot.lobby import Lobbies
from bot.names import in_text
from bot.service_core import PERSON, Listener, PlayerFactory, TableUpdate, log, state_text, table_tasks
from bot.storage import ActionRow, ResultRow
from bot.table import (
    ABANDONED,
    FINISHED,
    LOBBY,
    PLAYING,
    NoSuchTable,
    NotAllowed,
    StaleClick,
    Table,
    TableError,
)
from engine import Action, CorruptState, Event, IllegalAction, parse_action
from engine.game import SAVE_FORMAT

RECENTLY_CLOSED_SECONDS = 3600.0  # closed tables whose final message is drawn again after a restart

__all__ = ["Listener", "NoSuchTable", "NotAllowed", "PlayerFactory", "StaleClick", "TableError", "TableService",
           "TableUpdate"]


class TableService(Lobbies, Autoplay):
    """Owns every open table of the process: creates lobbies, starts games, applies moves, drives computers."""

    # ----- life cycle -------------------------------------------------------------------------------------------
    async def start(self) -> list[Table]:
        """Reload open lobbies and running games from the database and resume their computer players."""
        loaded = []
        open_rows = [row for row in await self.storage.tables.with_status(LOBBY, PLAYING) if self.owns(row.guild_id)]
        for row in open_rows:
            table = Table(row)
            try:
                _check_row(table)
                if row.status == PLAYING and not await self._restore_game(table):
                    continue
            except Exception as error:  # one damaged row must never keep the others (or the bot) from starting
                log.error("table %d: its stored row cannot be read (%s); it is abandoned", row.id, error)
                await self._abandon_unreadable(table, f"could not be read after a restart: {error}")
                continue
            self.tables[row.id] = table
            await self._load_guild(row.guild_id)
            async with table.lock:
                self._schedule(table)
            loaded.append(table)
            self._emit(TableUpdate(table, "reloaded", table.version))  # its message may predate the last save
        redrawn = await self._redraw_recently_closed(skip={row.id for row in open_rows})
        self._watchdog = asyncio.create_task(self._watch(), name="table-watchdog")
        log.info("table service started: %d open tables reloaded, %d closed tables redrawn", len(loaded), redrawn)
        return loaded

    async def _abandon_unreadable(self, table: Table, note: str) -> None:
        try:
            await self._close(table, ABANDONED, note[:300])
        except Exception:
            log.exception("table %d: could not even be marked abandoned", table.id)

    async def _redraw_recently_closed(self, skip: set[int]) -> int:
        """Ask once more for the final picture of tables closed in the last hour: a restart may have come between
        saving the end of a game and editing its message (a redraw of a message already final changes nothing).
        ``skip``: tables the restart itself just dealt with (one it had to abandon is drawn as that happens)."""
        count = 0
        for row in await self.storage.tables.closed_since(time.time() - RECENTLY_CLOSED_SECONDS):
            if row.id in skip or not self.owns(row.guild_id):
                continue
            table = Table(row)
            if row.status == FINISHED:
                try:
                    table.game = engine.load(json.loads(row.state or ""))
                except (CorruptState, ValueError, TypeError) as error:
                    log.warning("table %d: final state unreadable (%s); shown as closed", table.id, error)
            self._emit(TableUpdate(table, "reloaded", table.version))
            count += 1
        return count

    async def close(self) -> None:
        """Stop every computer player and timer (the database keeps everything)."""
        self._closed = True
        tasks = [t for table in self.tables.values() for t in table_tasks(table)]
        if self._watchdog is not None:
            tasks.append(self._watchdog)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
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
                waiting = ", ".join(in_text(table.names[s]) for s in game.to_act) or "nobody"
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
        changes: dict[str, Any] = {"state": state_text(game), "version": version}
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
        steps = _steps_to_win(game)
        for index, seat in enumerate(table.seats):
            side = game.side_of(index)
            won = index in game.winner
            rows.append(ResultRow(table.id, index, table.row.guild_id, game.key, seat.user_id, seat.name,
                                  seat.computer, side, game.score[side], won, now, steps if won else None))
        return rows

    # ----- restart --------------------------------------------------------------------------------------------------
    async def _restore_game(self, table: Table) -> bool:
        """Load a running game: from its snapshot, else by replaying the action log; abandon it if both fail."""
        actions = await self.storage.actions.for_table(table.id)
        try:
            table.game = engine.load(json.loads(table.row.state or ""))
        except Exception as error:  # CorruptState, or anything a damaged save could raise
            log.error("table %d: saved state unreadable (%s); replaying the action log", table.id, error)
            try:
                table.game = engine.load({"format": SAVE_FORMAT, "game": table.row.game, "seats": len(table.seats),
                                          "seed": table.row.seed, "options": table.row.options,
                                          "actions": [[a.seat, a.action] for a in actions]})
            except Exception as second:
                log.error("table %d: cannot be restored (%s); it is abandoned", table.id, second)
                await self._close(table, ABANDONED, f"could not be restored after a restart: {second}")
                return False
            await self._save(table, state=state_text(table.game))
        if table.game.seats != len(table.seats) or table.game.key != table.row.game:
            raise ValueError(f"the saved game is {table.game.key} for {table.game.seats}, not this table's")
        table.started_version = table.version  # buttons drawn before the restart must match the version exactly
        log.info("table %d v%d: %s reloaded after a restart", table.id, table.version, table.row.game)
        return True


def _check_row(table: Table) -> None:
    """Read every stored column a table needs, so a damaged row fails here (and is abandoned), not later."""
    seats = table.seats  # each seat read back (a seat that is not a mapping raises here)
    if not seats or len(seats) > table.max_seats:
        raise ValueError(f"{len(seats)} seats stored")
    if not all(isinstance(s, int) and 0 <= s < len(seats) for s in table.row.autopilot):
        raise ValueError("autopilot seats out of range")


def _steps_to_win(game: engine.Game) -> int | None:
    """Steps taken to win, for a game whose personal best is the fewest steps (Bingo's ``result()``); else None."""
    result = getattr(game, "result", None)
    figures = result() if callable(result) else None
    steps = figures.get("steps_to_clear") if isinstance(figures, dict) else None
    return steps if isinstance(steps, int) else None
