"""The table services, with no Discord in them, and the one object the bot holds: :class:`TableService`.

Small services passed to each other, each owning its state: the store (open tables, saving, telling listeners;
bot/store.py), per-server settings (bot/store.py), lobbies (bot/lobby.py), play (:class:`PlayService` here: a move
applied under the table's lock, versions, persistence, events out) and the computer driver (bot/autoplay.py: computer
seats and turn timers). Every change to a table happens under that table's lock, bumps its version, and is
committed to the database before the caller is answered. :class:`TableService` builds them and starts and stops
them; callers reach each service by its name (``tables.lobbies.join``, ``tables.play.act``, ``tables.store.get``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import engine
from bot import metrics
from bot.autoplay import ComputerDriver, Watchdog
from bot.lobby import LobbyService
from bot.names import in_text
from bot.outbox import RECAP, Outbox
from bot.pacing import RequestBudget
from bot.ratings import RatingBook
from bot.seasons import SeasonBook
from bot.storage import ActionRow, Delivery, ResultRow, Standing, Storage, StorageUnavailable, TableRow
from bot.store import (
    PERSON,
    GuildSettings,
    Listener,
    PlayerFactory,
    TableStore,
    TableUpdate,
    UpdateKind,
    log,
    log_events,
    need_game,
    need_host,
    state_text,
)
from bot.table import (
    NoSuchTable,
    NotAllowed,
    StaleClick,
    Table,
    TableError,
    TableStatus,
)
from bot.tournament_schedule import TournamentSchedule
from bot.tournaments import TournamentService
from engine import Action, CorruptState, Event, IllegalAction, parse_action
from engine.ai import computer_player
from engine.game import SAVE_FORMAT
from render.language import _

RECENTLY_CLOSED_SECONDS = 3600.0  # closed tables whose final message is drawn again after a restart

__all__ = ["Listener", "NoSuchTable", "NotAllowed", "PlayService", "PlayerFactory", "ResultRow", "StaleClick",
           "Standing", "StorageUnavailable", "TableError", "TableRow", "TableService", "TableUpdate"]


class TableService:
    """Every open table of the process: builds the services (each owning its part), starts and stops them."""

    def __init__(
        self, storage: Storage, *, computer_pause: float = 1.5, turn_time_limit: float = 300.0,
        player_factory: PlayerFactory = computer_player, owns: Callable[[int], bool] | None = None,
        budget: RequestBudget | None = None,
    ) -> None:
        self.storage = storage
        self.store = TableStore(storage, owns)
        # What the tables owe their channels, sent by the adapters' senders (register them before start).
        self.outbox = self.store.outbox = Outbox(storage, budget=budget, resolve=self.table_for, owns=owns)
        self.settings = GuildSettings(storage, computer_pause=computer_pause, turn_time_limit=turn_time_limit)
        self.play = PlayService(self.store)
        self.lobbies = LobbyService(self.store, self.settings)
        self.driver = ComputerDriver(self.store, self.play, self.settings, player_factory)
        self.watchdog = Watchdog(self.store, [self.driver, self.lobbies])  # every seat and every timer
        self.ratings = RatingBook(storage.results)  # per-game ratings from the stored results (bot/ratings.py)
        self.seasons = SeasonBook(storage.results, self.settings.season_length, meta=storage.meta)  # per season
        self.tournaments = TournamentService(storage, self.store, self.lobbies)  # rounds of tables (issue 28)
        self.schedule = TournamentSchedule(storage, self.tournaments)  # their start times and house rules

    @property
    def player_factory(self) -> PlayerFactory:
        """How computer players are made (the driver's)."""
        return self.driver.player_factory

    @player_factory.setter
    def player_factory(self, factory: PlayerFactory) -> None:
        self.driver.player_factory = factory

    async def standings(self, guild_id: int, game: str | None = None, limit: int = 10,
                        between: tuple[float, float] | None = None) -> list[Standing]:
        """The server's leaderboard (all games, or one; all time, or the matches finished ``between`` two times)."""
        return await self.storage.results.leaderboard(guild_id, game, limit=limit, between=between)

    async def member_stats(self, guild_id: int, user_id: int) -> list[Standing]:
        """One member's record in this server, per game."""
        return await self.storage.results.member_stats(guild_id, user_id)

    async def recent_results(self, guild_id: int, user_id: int | None, limit: int) -> list[list[ResultRow]]:
        """The server's latest finished matches (those ``user_id`` played in, when given), newest first."""
        return await self.storage.results.recent(guild_id, user_id, limit)

    async def saved_table(self, table_id: int) -> TableRow | None:
        """A table as stored, open or closed (a finished one for its replay)."""
        return await self.storage.tables.get(table_id)

    # ----- life cycle -------------------------------------------------------------------------------------------
    async def start(self) -> list[Table]:
        """Reload open lobbies and running games from the database, resume their computer players, and send what
        was still owed (once the tables it is for are held again)."""
        loaded, handled = [], set()
        for row in await self.storage.tables.with_status(TableStatus.LOBBY, TableStatus.PLAYING):
            table = Table(row)
            try:  # everything read from the row is read in here, the shard filter included
                if "guild_id" not in row.damaged and not self.store.owns(row.guild_id):
                    continue  # another process's table (a row with no readable server is nobody's: abandoned)
                handled.add(row.id)
                _check_row(table)
                if row.status == TableStatus.PLAYING and not await self.play.restore_game(table):
                    continue
            except Exception as error:  # one damaged row must never keep the others (or the bot) from starting
                log.error("table %d: its stored row cannot be read (%s); it is abandoned", row.id, error)
                await self._abandon_unreadable(table, f"could not be read after a restart: {error}")
                continue
            self.store.tables[row.id] = table
            await self.settings.load(row.guild_id)
            loaded.append(table)
            async with table.lock:  # its computer player resumes, and its message may predate the last save
                self.store.emit(TableUpdate(table, UpdateKind.RELOADED, table.version))
        redrawn = await self._redraw_recently_closed(skip=handled)
        await self.outbox.start()
        self.watchdog.start()
        await self.schedule.load()  # house rules first: a round paired as the tournaments start needs them
        await self.tournaments.start()
        self.schedule.resume()
        log.info("table service started: %d open tables reloaded, %d closed tables redrawn", len(loaded), redrawn)
        return loaded

    async def _abandon_unreadable(self, table: Table, note: str) -> None:
        """Close a table whose row cannot be run. A row damaged in its columns is closed touching nothing else, and
        its message is left as it is (it may not be drawable); the others are closed and told as usual."""
        try:
            if table.row.damaged:
                await self.storage.tables.abandon_damaged(table.id, note[:300])
            else:
                await self.store.close(table, TableStatus.ABANDONED, note[:300])
        except Exception:
            log.exception("table %d: could not even be marked abandoned", table.id)

    async def _redraw_recently_closed(self, skip: set[int]) -> int:
        """Ask once more for the final picture of tables closed in the last hour: a restart may have come between
        saving the end of a game and editing its message (a redraw of a message already final changes nothing).
        ``skip``: tables the restart itself just dealt with (one it had to abandon is drawn as that happens)."""
        count = 0
        for row in await self.storage.tables.closed_since(time.time() - RECENTLY_CLOSED_SECONDS):
            if row.id in skip or row.damaged or not self.store.owns(row.guild_id):
                continue  # a damaged closed row stays as it is: its message cannot be drawn from it
            table = closed_table(row)
            self.store.emit(TableUpdate(table, UpdateKind.RELOADED, table.version))
            count += 1
        return count

    async def table_for(self, table_id: int) -> Table | None:
        """A table to show: the open one this process holds, else a closed one as stored (with its final game);
        None if unknown (or open but not held here: another process shows it)."""
        table = self.store.tables.get(table_id)
        if table is not None:
            return table
        row = await self.storage.tables.get(table_id)
        if row is None or row.status in (TableStatus.LOBBY, TableStatus.PLAYING):
            return None
        return closed_table(row)

    async def close(self) -> None:
        """Stop every computer player, timer, delivery and tournament clock (the database keeps everything)."""
        await self.schedule.close()
        await self.tournaments.close()
        await self.outbox.close()
        await self.watchdog.close()
        await self.lobbies.close()
        await self.driver.close()


class PlayService:
    """Running games: a member's move or request, Run, and every action applied (by people, computer players and
    timers alike) under the table's lock, saved, then told."""

    def __init__(self, store: TableStore) -> None:
        self.store = store

    async def act(self, table_id: int, version: int, user_id: int, action_text: str) -> list[Event]:
        """Apply a member's move, drawn on a button at ``version``; answers only after the move is committed."""
        table = self.store.get(table_id)
        async with table.lock:
            game = need_game(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed(_("You are not playing at this table; you can watch."))
            if seat not in game.to_act:
                waiting = ", ".join(in_text(table.names[s]) for s in game.to_act) or "nobody"
                raise NotAllowed(_("It is not your turn: waiting for {names}."), names=waiting)
            if not table.is_current(seat, version):
                raise StaleClick()
            try:
                action = parse_action(action_text)
            except IllegalAction:
                raise StaleClick() from None
            if not game.is_legal(seat, action):
                raise StaleClick()
            return await self.apply(table, seat, action, PERSON, user_id)

    async def request(self, table_id: int, user_id: int, action_text: str) -> list[Event]:
        """The host's request outside the turn order (a poker session's stop after this deal), applied and saved
        like any move: the engine offers it to the host's seat in ``requests``."""
        table = self.store.get(table_id)
        async with table.lock:
            game = need_game(table)
            need_host(table, user_id, _("do that"))
            seat = table.seat_of(user_id)
            try:
                action = parse_action(action_text)
            except IllegalAction:
                raise StaleClick() from None
            if seat is None or action not in game.requests(seat):
                raise StaleClick(_("That is no longer possible."))
            return await self.apply(table, seat, action, PERSON, user_id, turn=False)

    async def set_autopilot(self, table_id: int, user_id: int, on: bool | None = None) -> bool:
        """Let a computer player make a member's moves (Run), or take them back; returns whether it is on now."""
        table = self.store.get(table_id)
        async with table.lock:
            need_game(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed(_("You are not playing at this table."))
            current = seat in table.row.autopilot
            wanted = (not current) if on is None else on
            autopilot = sorted({*table.row.autopilot, seat} if wanted else set(table.row.autopilot) - {seat})
            await self.store.save(table, autopilot=autopilot, version=table.version + 1)
            log.info("table %d v%d: %s %s", table.id, table.version, table.names[seat],
                     "hands the play to the computer" if wanted else "takes the play back")
            self.store.emit(TableUpdate(table, UpdateKind.AUTOPILOT, table.version))
            return wanted

    async def apply(self, table: Table, seat: int, action: Action, actor: str, user_id: int | None,
                    turn: bool = True) -> list[Event]:
        """Apply to a copy, persist, then adopt the copy and tell everyone.

        Readers never see a game ahead of its version, and a database failure leaves the table as it was saved.
        A request outside the turn order (``turn`` False) leaves the seat's turn timer and move buttons as they are.
        """
        assert table.game is not None
        awaited = table.game.to_act
        game = table.game.clone()
        events = game.apply(seat, action)
        version = table.version + 1
        changes: dict[str, Any] = {"state": state_text(game), "version": version}
        results: list[ResultRow] = []
        if game.is_over:
            changes["status"] = TableStatus.FINISHED
            results = self._results(table, game)
        entry = ActionRow(table.id, version, seat, str(action), actor, user_id, time.time())
        try:
            await self.store.save(table, entry=entry, results=results, owed=self._recaps(table, game, events),
                                  **changes)
        except StorageUnavailable as error:  # the database is away: one line, the caller says "try again"
            log.warning("table %d: could not save v%d: %s", table.id, version, error)
            raise
        except Exception:
            log.exception("table %d: could not save v%d; the move is not made", table.id, version)
            raise
        metrics.MOVES.labels(actor).inc()
        table.game = game
        table.acted.append((version, seat if turn else -1, awaited))
        log_events(table, events, f"{table.names[seat]} ({actor}) {action}")
        if game.is_over:
            self.store.tables.pop(table.id, None)
        self.store.emit(TableUpdate(table, UpdateKind.FINISHED if game.is_over else UpdateKind.MOVED, version, events,
                                    seat if turn else None))
        return events

    def _recaps(self, table: Table, game: engine.Game, events: list[Event]) -> list[Delivery]:
        """The recap a move owes its channel: the events that ended a hand or the match (their places in the game's
        log, which a reloaded game has the same), when someone sends recaps."""
        outbox = self.store.outbox
        ends = [len(game.log) - len(events) + i for i, event in enumerate(events) if event.outcome is not None]
        if not ends or outbox is None or not outbox.wants(RECAP):
            return []
        return [outbox.new(table.id, table.row.guild_id, RECAP, "", {"version": table.version + 1, "events": ends},
                           table)]

    def _results(self, table: Table, game: engine.Game) -> list[ResultRow]:
        now = time.time()
        rows = []
        record = match_record(game)
        for index, seat in enumerate(table.seats):
            side = game.side_of(index)
            won = index in game.winner
            rows.append(ResultRow(table.id, index, table.row.guild_id, game.key, seat.user_id, seat.name,
                                  seat.computer, side, game.score[side], won, now, record if won else None))
        return rows

    # ----- restart --------------------------------------------------------------------------------------------------
    async def restore_game(self, table: Table) -> bool:
        """Load a running game: from its snapshot, else by replaying the action log; abandon it if both fail."""
        actions = await self.store.storage.actions.for_table(table.id)
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
                await self.store.close(table, TableStatus.ABANDONED, f"could not be restored after a restart: {second}")
                return False
            await self.store.save(table, state=state_text(table.game))
        if table.game.seats != len(table.seats) or table.game.key != table.row.game:
            raise ValueError(f"the saved game is {table.game.key} for {table.game.seats}, not this table's")
        table.started_version = table.version  # buttons drawn before the restart must match the version exactly
        log.info("table %d v%d: %s reloaded after a restart", table.id, table.version, table.row.game)
        return True


def closed_table(row: TableRow) -> Table:
    """A table no longer open, as stored: a finished one with its final game (when that can be read)."""
    table = Table(row)
    if row.status == TableStatus.FINISHED:
        try:
            table.game = engine.load(json.loads(row.state or ""))
        except (CorruptState, ValueError, TypeError) as error:
            log.warning("table %d: final state unreadable (%s); shown as closed", table.id, error)
    return table


def _check_row(table: Table) -> None:
    """Read every stored column a table needs, so a damaged row fails here (and is abandoned), not later."""
    if table.row.damaged:
        raise ValueError(f"damaged column{'s' if len(table.row.damaged) > 1 else ''} {', '.join(table.row.damaged)}")
    seats = table.seats  # each seat read back (a seat that is not a mapping raises here)
    if not seats or len(seats) > table.max_seats:
        raise ValueError(f"{len(seats)} seats stored")
    if not all(isinstance(s, int) and 0 <= s < len(seats) for s in table.row.autopilot):
        raise ValueError("autopilot seats out of range")


def match_record(game: engine.Game) -> int | None:
    """The finished match's personal-best figure for its winners, as the game reports it in its outcome's
    ``record``; None where the game keeps none."""
    return game.outcome.record if game.outcome is not None else None
