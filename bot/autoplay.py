"""Computer players and turn timers: they act through the same path as people, after a pause."""

from __future__ import annotations

import asyncio

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

    async def _computer_choice(self, table: Table, game: engine.Game, seat: int) -> Action:
        player = table.players.get(seat)
        if player is None:
            seats = table.seats
            level = seats[seat].level if seat < len(seats) and seats[seat].computer else DEFAULT_LEVEL
            player = table.players[seat] = self.player_factory(game.key, table.row.seed * 16 + seat,
                                                               COMPUTER_LEVELS[level])
        return await offload.run_in("computer", player.choose, game, seat)

