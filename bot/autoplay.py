"""The driver of computer seats and turn timers: they act through the same path as people, after a pause.

It listens to the table store: every change of a table (re)arms that table's computer player and turn timers, and a
closed table's are stopped. It moves through the play service, as a member's click does."""

from __future__ import annotations

import asyncio
import random
from typing import Protocol

import engine
from bot import offload
from bot.storage import COMPUTER_LEVELS, DEFAULT_LEVEL
from bot.store import COMPUTER, TIMER, GuildSettings, PlayerFactory, TableStore, TableUpdate, UpdateKind, log, need_game
from bot.table import (
    NotAllowed,
    StaleClick,
    Table,
    TableStatus,
    computer_levels,
)
from engine import Action, Event
from engine.ai import Player, computer_player
from engine.hints import Advice, advise
from render.language import _

#: Back-off before a failed computer move is tried again: 0.5 s, doubling, at most RETRY_CAP seconds.
RETRY_BASE, RETRY_CAP = 0.5, 30.0
#: After this many failures in a row, a random legal move is made instead of the computer player's choice.
FALLBACK_AFTER = 3
#: How often the watchdog looks for a table waiting on nobody (a computer seat, a turn timer or a rematch's kept
#: seats with no task to move them on).
WATCH_SECONDS = 30.0


def retry_delay(failures: int) -> float:
    """Seconds to wait before the next try after ``failures`` failed ones."""
    return float(min(RETRY_CAP, RETRY_BASE * 2 ** max(0, failures - 1)))


class Mover(Protocol):
    """What the driver needs of the play service: apply one action, the table's lock held."""

    async def apply(self, table: Table, seat: int, action: Action, actor: str, user_id: int | None,
                    turn: bool = True) -> list[Event]: ...


class Scheduler(Protocol):
    """A service that keeps tasks for tables (computer moves, turn timers, a rematch's kept seats)."""

    def stalled(self) -> list[int]:
        """The open tables that await one of its tasks and have none running."""
        ...

    def schedule(self, table: Table) -> None:
        """With the table's lock held: (re)arm the tasks the table awaits now."""
        ...


class Watchdog:
    """One watchdog for every seat and every timer: every :data:`WATCH_SECONDS`, each service's tables that wait on
    a task that is not running (it died, or was never armed) are scheduled again (should there ever be one)."""

    def __init__(self, store: TableStore, schedulers: list[Scheduler]) -> None:
        self.store = store
        self.schedulers = schedulers
        self._task: asyncio.Task[None] | None = None

    def stalled(self) -> list[int]:
        """Every open table some service has left without the task it awaits."""
        return sorted({tid for scheduler in self.schedulers for tid in scheduler.stalled()})

    def start(self) -> None:
        """Start watching."""
        self._task = asyncio.create_task(self._watch(), name="table-watchdog")

    async def close(self) -> None:
        """Stop watching."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            for scheduler in self.schedulers:
                for table_id in scheduler.stalled():
                    table = self.store.tables.get(table_id)
                    if table is not None:
                        log.warning("table %d: it awaited a task that was not running; rescheduled", table_id)
                        async with table.lock:
                            scheduler.schedule(table)


class ComputerDriver:
    """Drives computer seats (and seats set to Run), and moves for a player whose time ran out."""

    def __init__(self, store: TableStore, mover: Mover, settings: GuildSettings,
                 player_factory: PlayerFactory = computer_player) -> None:
        self.store = store
        self.mover = mover
        self.settings = settings
        self.player_factory = player_factory
        self._closed = False
        store.add_listener(self.on_update)

    def on_update(self, update: TableUpdate) -> None:
        """After every change (the table's lock held): the seat that moved has no timer any more; then arm what the
        table awaits now (nothing, once it is closed)."""
        table = update.table
        if update.kind == UpdateKind.RELOADED:
            table.players.clear()
        timer = table.timers.pop(update.seat, None) if update.seat is not None else None
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()
        self.schedule(table)

    async def close(self) -> None:
        """Stop every computer player and timer (the database keeps everything)."""
        self._closed = True
        tasks = [t for table in self.store.tables.values() for t in table_tasks(table)]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def stop(self, table: Table) -> None:
        """Stop a table's computer player and timers (not the task that asks, which is finishing its move)."""
        current = asyncio.current_task()
        for task in table_tasks(table):
            if task is not current:
                task.cancel()
        table.timers.clear()
        if table.driver is not current:
            table.driver = None

    def schedule(self, table: Table) -> None:
        """With the lock held: start the computer driver if a computer seat is awaited, and (re)arm turn timers."""
        if self._closed or table.status != TableStatus.PLAYING or table.game is None:
            self.stop(table)
            return
        awaited = table.game.to_act
        if any(table.is_automatic(s) for s in awaited) and (table.driver is None or table.driver.done()):
            table.driver = asyncio.create_task(self._drive(table), name=f"table-{table.id}-computer")
        limit = self.settings.seconds(table.row.guild_id, "turn_time_limit")
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
            pause = self.settings.seconds(table.row.guild_id, "computer_pause")
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
                    if table.version == version and table.status == TableStatus.PLAYING:
                        await self.mover.apply(table, seats[0], action, COMPUTER, None)
                failures = 0
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table %d: the computer's move failed (%d in a row); trying again in %.1f s",
                              table.id, failures, retry_delay(failures))

    def stalled(self) -> list[int]:
        """Playing tables that wait on nobody: a computer seat is awaited first and no driver runs for it, or a
        member is awaited under a turn limit and no timer runs for their seat."""
        return [table.id for table in self.store.tables.values() if self._needs_driver(table)
                or self._untimed(table)]

    def _needs_driver(self, table: Table) -> bool:
        return bool(self._automatic_awaited(table)) and (table.driver is None or table.driver.done())

    def _untimed(self, table: Table) -> list[int]:
        """The awaited members of a playing table under a turn limit whose seat has no live timer."""
        if self._closed or table.status != TableStatus.PLAYING or table.game is None:
            return []
        if self.settings.seconds(table.row.guild_id, "turn_time_limit") <= 0:
            return []
        return [seat for seat in table.game.to_act if not table.is_automatic(seat)
                and (seat not in table.timers or table.timers[seat].done())]

    def _automatic_awaited(self, table: Table) -> list[int]:
        """The computer seats that may move now: those awaited ahead of any person.

        When several seats are awaited, the engine lists first the seat whose decision comes first (a Muggins
        scorer's claim before the others' "Muggins" calls, MUG-7). Computer seats listed after a person wait for
        that person, so a computer never takes a person's window by being quicker than a human can click.
        """
        game = table.game
        if table.status != TableStatus.PLAYING or game is None:
            return []
        seats: list[int] = []
        for seat in game.to_act:
            if not table.is_automatic(seat):
                break
            seats.append(seat)
        return seats

    async def _turn_timer(self, table: Table, seat: int, limit: float) -> None:
        """After ``limit`` seconds without a move from ``seat``, a computer player makes that one move.

        The timer stays the seat's until the move is saved: a failed save (the database restarting) or a failed
        choice is tried again after a back-off, with a random legal move once the computer player has failed
        repeatedly, until the move is made or no longer awaited (issue 25: a dropped timer left a table waiting on
        nobody for good)."""
        await asyncio.sleep(limit)
        failures = 0
        while True:
            game, version = table.game, table.version
            if (game is None or table.status != TableStatus.PLAYING or seat not in game.to_act
                    or table.is_automatic(seat)):
                return
            try:
                action = await self._computer_choice(table, game, seat, fallback=failures >= FALLBACK_AFTER)
                async with table.lock:
                    if table.timers.get(seat) is not asyncio.current_task():
                        return
                    if table.version != version:
                        continue  # another seat moved meanwhile: choose again on the new state
                    log.info("table %d: %s ran out of time; the computer moves", table.id, table.names[seat])
                    await self.mover.apply(table, seat, action, TIMER, None)
                    return
            except asyncio.CancelledError:
                raise
            except Exception:
                failures += 1
                log.exception("table %d: the timed-out move for seat %d failed (%d in a row); trying again in %.1f s",
                              table.id, seat, failures, retry_delay(failures))
                await asyncio.sleep(retry_delay(failures))

    async def hint(self, table_id: int, version: int, user_id: int) -> Advice:
        """What the strongest computer player the game offers would do for a member on their turn, and why
        (engine/hints.py; issue 14). It thinks off the event loop, on the game of that moment, like a computer's move;
        it only looks at what the member's seat can see, and changes nothing."""
        table = self.store.get(table_id)
        async with table.lock:
            game = need_game(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed(_("Only the players at this table get hints."))
            if not await self.settings.hints_on(table.row.guild_id):
                raise NotAllowed(_("Hints are turned off on this server."))
            if seat not in game.to_act or table.is_automatic(seat):
                raise NotAllowed(_("Hints are for your turn: wait until it is your move."))
            if not table.is_current(seat, version):
                raise StaleClick(_("That hint was for an earlier turn: open My hand for this one."))
            level = "strong" if "strong" in computer_levels(table.spec) else DEFAULT_LEVEL
            player = self.player_factory(game.key, table.row.seed * 16 + seat + 1, COMPUTER_LEVELS[level])
        return await offload.run_in("computer", advise, game, seat, player)

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
        if not offload.in_process("computer"):
            return await offload.run_in("computer", player.choose, game, seat)
        # In a worker process the player thinks on copies: its own state (its seeded generator) comes back with the
        # action, so the table's player goes on from where it was, as in a thread.
        action, table.players[seat] = await offload.run_in("computer", choose_keeping, player, game, seat)
        return action


def choose_keeping(player: Player, game: engine.Game, seat: int) -> tuple[Action, Player]:
    """``player``'s choice for ``seat`` and the player as it is after choosing (run in a worker process)."""
    return player.choose(game, seat), player



def table_tasks(table: Table) -> list[asyncio.Task[None]]:
    """A table's computer player and turn timers."""
    tasks = list(table.timers.values())
    if table.driver is not None:
        tasks.append(table.driver)
    return tasks
