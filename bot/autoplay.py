"""Computer players and turn timers: they act through the same path as people, after a pause."""

from __future__ import annotations

import asyncio
import random

import engine
from bot import offload
from bot.service_core import COMPUTER, TIMER, ServiceCore, log
from bot.table import (
    COMPUTER_LEVELS,
    DEFAULT_LEVEL,
    PLAYING,
    Table,
)
from engine import Action

#: Back-off before a failed computer move is tried again: 0.5 s, doubling, at most RETRY_CAP seconds.
RETRY_BASE, RETRY_CAP = 0.5, 30.0
#: After this many failures in a row, a random legal move is made instead of the computer player's choice.
FALLBACK_AFTER = 3
#: How often the watchdog looks for tables waiting on nobody.
WATCH_SECONDS = 30.0


def retry_delay(failures: int) -> float:
    """Seconds to wait before the next try after ``failures`` failed ones."""
    return float(min(RETRY_CAP, RETRY_BASE * 2 ** max(0, failures - 1)))


class Autoplay(ServiceCore):
    """Drives computer seats (and seats set to Run), and moves for a player whose time ran out."""

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
        moves are applied to a copy), so members' clicks are never held up by a slow computer player. A failed
        move (a save the database refused, a computer player that raised) is tried again after a back-off, with a
        random legal move once the computer player has failed repeatedly: a table never waits on nobody.
        """
        failures = 0
        while True:
            pause = self._setting(table.row.guild_id, "computer_pause", self.computer_pause)
            if table.game is not None and not any(table.seats[s].computer for s in table.game.to_act):
                pause = min(pause, 0.3)  # a seat set to Run plays out briskly
            await asyncio.sleep(pause + (retry_delay(failures) if failures else 0.0))
            async with table.lock:
                seats = self._automatic_awaited(table)
                if not seats:
                    table.driver = None
                    return
            game, version = table.game, table.version
            assert game is not None
            try:
                action = await self._computer_choice(table, game, seats[0], fallback=failures >= FALLBACK_AFTER)
                async with table.lock:
                    if table.version == version and table.status == PLAYING:
                        await self._apply(table, seats[0], action, COMPUTER, None)
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table %d: the computer's move failed (%d in a row); trying again in %.1f s",
                              table.id, failures, retry_delay(failures))

    def stalled(self) -> list[int]:
        """Playing tables that wait on nobody: a computer seat is awaited first and no driver runs for it."""
        return [table.id for table in self.tables.values()
                if self._automatic_awaited(table) and (table.driver is None or table.driver.done())]

    async def _watch(self) -> None:
        """Every :data:`WATCH_SECONDS`, give a stalled table its computer driver back (should none ever be)."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            for table_id in self.stalled():
                table = self.tables.get(table_id)
                if table is not None:
                    log.warning("table %d: a computer seat had no driver; rescheduled", table_id)
                    async with table.lock:
                        self._schedule(table)

    def _automatic_awaited(self, table: Table) -> list[int]:
        """The computer seats that may move now: those awaited ahead of any person.

        When several seats are awaited, the engine lists first the seat whose decision comes first (a Muggins
        scorer's claim before the others' "Muggins" calls, MUG-7). Computer seats listed after a person wait for
        that person, so a computer never takes a person's window by being quicker than a human can click.
        """
        game = table.game
        if table.status != PLAYING or game is None:
            return []
        seats: list[int] = []
        for seat in game.to_act:
            if not table.is_automatic(seat):
                break
            seats.append(seat)
        return seats

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

    async def _computer_choice(self, table: Table, game: engine.Game, seat: int, fallback: bool = False) -> Action:
        if fallback:  # the table's computer player keeps failing: any legal move keeps the game going
            legal = game.legal_actions(seat)
            return random.Random(table.version * 16 + seat).choice(legal)
        player = table.players.get(seat)
        if player is None:
            seats = table.seats
            level = seats[seat].level if seat < len(seats) and seats[seat].computer else DEFAULT_LEVEL
            player = table.players[seat] = self.player_factory(game.key, table.row.seed * 16 + seat,
                                                               COMPUTER_LEVELS[level])
        return await offload.run_in("computer", player.choose, game, seat)

