"""Tournaments (issue 28): a service above the tables that owns its players, rounds, pairings and standings.

A tournament is opened in a channel (one at a time per channel) for a two-player game, in one of three formats
(bot/pairing.py): Swiss, round robin or knockout. Members join while it signs up; when it starts, each round's
tables are opened through the lobby service with the two players seated (``LobbyService.open_seated``) and the
service listens for their outcomes (``TableStore.add_listener``): a finished table's winner takes the game; when the
last table of a round is done, the next round is paired, or the tournament ends.

A round's clock (``round_minutes``, 0 for none) ends the tables still playing when it runs out, by the game's own
standing: the player ahead on the match score wins, and equal scores are a draw. A table ended early by a member
(End game) is scored the same way. Results of tables that finish normally are saved like any match and feed the
ratings and seasons.

Everything is stored (bot/storage/tournaments.py) and a restart picks it up: open tournaments are read back, tables
that closed while the process was down are scored from their saved state, and round clocks are armed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

import engine
from bot.lobby import LobbyService
from bot.pairing import Game, knockout, knockout_survivors, round_robin, round_robin_rounds, standings, swiss
from bot.pairing import Line as StandingLine
from bot.storage import Board, Entrant, Seat, Storage, TournamentRow
from bot.store import TableStore, TableUpdate, UpdateKind
from bot.table import NotAllowed, Table, TableStatus
from engine.errors import BadOption
from engine.phrases import Word
from render.language import _

log = logging.getLogger("domino_hall.tournaments")

FORMATS = ("swiss", "knockout", "round-robin")
SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
MAX_PLAYERS = 64


class TournamentEvent(StrEnum):
    """What a :class:`TournamentUpdate` tells."""

    ROUND = "round"  # a round was paired and its tables opened
    FINISHED = "finished"  # the last round is done: final standings
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class TournamentUpdate:
    """A change of a tournament that the channel should hear about (``tables``: a new round's tables)."""

    tournament: TournamentRow
    kind: TournamentEvent
    tables: list[Table] = field(default_factory=list)


def outcome(game: engine.Game | None) -> tuple[int, int, int | None]:
    """Seat 0's and seat 1's match scores and the winning seat (None: a draw): the winner of a finished match, else
    the game's own standing (the player ahead on the match score; equal scores draw)."""
    if game is None:
        return 0, 0, None
    first, second = game.score[game.side_of(0)], game.score[game.side_of(1)]
    if game.is_over and game.winner:
        winners = set(game.winner)
        return first, second, 0 if winners == {0} else 1 if winners == {1} else None
    return first, second, 0 if first > second else 1 if second > first else None


def planned_rounds(fmt: str, players: int, asked: int | None) -> int:
    """How many rounds: a round robin's own count, a knockout's log2, a Swiss event's choice (else log2)."""
    if fmt == "round-robin":
        return round_robin_rounds(players)
    log2 = max(1, math.ceil(math.log2(max(players, 2))))
    return log2 if fmt == "knockout" or not asked else asked


class TournamentService:
    """Every open tournament of this process's servers, their rounds and their clocks."""

    def __init__(self, storage: Storage, store: TableStore, lobbies: LobbyService,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage, self.store, self.lobbies, self.clock = storage, store, lobbies, clock
        self.open: dict[int, TournamentRow] = {}
        self.by_table: dict[int, int] = {}  # an open round table's id -> its tournament's id
        self.locks: dict[int, asyncio.Lock] = {}
        self.clocks: dict[int, asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.listeners: list[Callable[[TournamentUpdate], None]] = []
        store.add_listener(self.on_update)

    def add_listener(self, listener: Callable[[TournamentUpdate], None]) -> None:
        """Call ``listener`` after a round opens and when a tournament ends (it must not block)."""
        self.listeners.append(listener)

    def in_channel(self, guild_id: int, channel_id: int) -> TournamentRow | None:
        """The channel's open tournament, if any."""
        return next((t for t in self.open.values() if (t.guild_id, t.channel_id) == (guild_id, channel_id)), None)

    async def latest(self, guild_id: int, channel_id: int) -> TournamentRow | None:
        """The channel's open tournament, else its last one (its final standings), else None."""
        return self.in_channel(guild_id, channel_id) or await self.storage.tournaments.latest(guild_id, channel_id)

    def get(self, tournament_id: int) -> TournamentRow:
        """An open tournament; refused if it is over or unknown."""
        found = self.open.get(tournament_id)
        if found is None:
            raise NotAllowed(_("That tournament is over or was cancelled."))
        return found

    # ----- sign-up --------------------------------------------------------------------------------------------------
    async def create(self, guild_id: int, channel_id: int, host_id: int, game: str, fmt: str,
                     rounds: int | None = None, round_minutes: int = 0) -> TournamentRow:
        """Open a tournament for sign-up in this channel."""
        try:
            spec = engine.game_spec(game)
        except BadOption as error:
            raise NotAllowed(error.phrase) from None
        if 2 not in spec.seats:
            raise NotAllowed(_("Tournaments are for two-player games: {game} is not played by two."),
                             game=Word(spec.title))
        if fmt not in FORMATS:
            raise NotAllowed(_("There is no tournament format {format}."), format=fmt)
        if self.in_channel(guild_id, channel_id) is not None:
            raise NotAllowed(_("This channel already has a tournament: /tournament cancel ends it."))
        row = await self.storage.tournaments.create(TournamentRow(
            guild_id, channel_id, host_id, game, fmt, (rounds or 0) if fmt == "swiss" else 0, max(round_minutes, 0),
            created_at=self.clock()))  # the other formats' rounds follow from the players
        self.open[row.id] = row
        log.info("tournament %d: %s %s opened in channel %d", row.id, fmt, game, channel_id)
        return row

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up message."""
        async with self._lock(tournament_id):
            row = self.get(tournament_id)
            row.message_id = message_id
            await self.storage.tournaments.save(row)

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentRow:
        """A member signs up."""
        async with self._lock(tournament_id):
            row = self._signing_up(tournament_id)
            if any(p.user_id == user_id for p in row.players):
                raise NotAllowed(_("You have already joined this tournament."))
            if len(row.players) >= MAX_PLAYERS:
                raise NotAllowed(_("This tournament is full ({count} players)."), count=MAX_PLAYERS)
            row.players.append(Entrant(user_id, name, max((p.seed for p in row.players), default=0) + 1))
            await self.storage.tournaments.save(row)
            return row

    async def leave(self, tournament_id: int, user_id: int) -> TournamentRow:
        """A member takes back their sign-up."""
        async with self._lock(tournament_id):
            row = self._signing_up(tournament_id)
            if all(p.user_id != user_id for p in row.players):
                raise NotAllowed(_("You have not joined this tournament."))
            row.players = [p for p in row.players if p.user_id != user_id]
            await self.storage.tournaments.save(row)
            return row

    def _signing_up(self, tournament_id: int) -> TournamentRow:
        row = self.get(tournament_id)
        if row.status != SIGNUP:
            raise NotAllowed(_("This tournament has started: sign-up is closed."))
        return row

    # ----- running --------------------------------------------------------------------------------------------------
    async def begin(self, tournament_id: int) -> TournamentRow:
        """Close the sign-up and open the first round."""
        async with self._lock(tournament_id):
            row = self._signing_up(tournament_id)
            if len(row.players) < 2:
                raise NotAllowed(_("A tournament needs at least 2 players; {count} joined."), count=len(row.players))
            row.rounds = planned_rounds(row.format, len(row.players), row.rounds)
            row.status = RUNNING
            await self._next_round(row)
            return row

    async def cancel(self, tournament_id: int) -> TournamentRow:
        """End the tournament now; its open tables are ended too."""
        async with self._lock(tournament_id):
            row = self.get(tournament_id)
            row.status = CANCELLED
            await self.storage.tournaments.save(row)
            self._let_go(row)
        for board in row.boards:
            if board.table_id is not None and board.table_id in self.store.tables and not board.done:
                table = self.store.tables[board.table_id]
                async with table.lock:
                    if table.status.is_open:
                        await self.store.close(table, TableStatus.ABANDONED, "the tournament was cancelled")
        self._emit(TournamentUpdate(row, TournamentEvent.CANCELLED))
        return row

    async def drop(self, tournament_id: int, user_id: int) -> TournamentRow:
        """A player leaves: not paired again (a game they are playing goes on; its result counts)."""
        async with self._lock(tournament_id):
            row = self.get(tournament_id)
            me = next((p for p in row.players if p.user_id == user_id and not p.dropped), None)
            if me is None:
                raise NotAllowed(_("You are not playing in this tournament."))
            if row.status == SIGNUP:
                row.players.remove(me)
            else:
                me.dropped = True
            await self.storage.tournaments.save(row)
            return row

    def standings(self, row: TournamentRow, before: int | None = None) -> list[StandingLine]:
        """The standings now (or of the rounds ``before`` a round): match points (a bye is a win), Buchholz, points
        difference (bot/pairing.py)."""
        return standings([p.user_id for p in row.players],
                         [_game(b) for b in row.boards if before is None or b.round < before])

    def _pairs(self, row: TournamentRow) -> tuple[list[tuple[int, int]], list[int]]:
        active = [p.user_id for p in row.players if not p.dropped]
        games = [_game(b) for b in row.boards]
        if row.format == "round-robin":
            everyone = [p.user_id for p in row.players]
            pairs, bye = round_robin(everyone, row.round)
            byes = [bye] if bye is not None and bye in active else []
            kept = [(a, b) for a, b in pairs if a in active and b in active]
            byes += [a if a in active else b for a, b in pairs if (a in active) != (b in active)]
            return kept, byes
        if row.format == "knockout":
            pairs, bye = knockout(knockout_survivors(active, games))
        else:
            pairs, bye = swiss(active, games)
        return pairs, [bye] if bye is not None else []

    def _over(self, row: TournamentRow) -> bool:
        active = [p.user_id for p in row.players if not p.dropped]
        if row.format == "knockout":
            return len(knockout_survivors(active, [_game(b) for b in row.boards])) <= 1
        return row.round >= row.rounds or len(active) < 2

    async def _next_round(self, row: TournamentRow) -> None:
        """Pair and open the next round (under the tournament's lock), or finish the tournament."""
        if row.round > 0 and self._over(row):
            row.status, row.round_ends_at = FINISHED, None
            await self.storage.tournaments.save(row)
            self._let_go(row)
            log.info("tournament %d: finished after %d rounds", row.id, row.round)
            self._emit(TournamentUpdate(row, TournamentEvent.FINISHED))
            return
        row.round += 1
        pairs, byes = self._pairs(row)
        names = {p.user_id: p.name for p in row.players}
        row.boards += [Board(row.round, n, player, None, done=True) for n, player in enumerate(byes, len(pairs) + 1)]
        tables = []
        for number, (first, second) in enumerate(pairs, 1):
            table = await self.lobbies.open_seated(
                row.guild_id, row.channel_id, row.game, [Seat(names[first], first), Seat(names[second], second)],
                f"tournament {row.id} round {row.round}")
            self.by_table[table.id] = row.id
            row.boards.append(Board(row.round, number, first, second, table.id))
            tables.append(table)
        row.round_ends_at = self.clock() + 60 * row.round_minutes if row.round_minutes and tables else None
        await self.storage.tournaments.save(row)
        log.info("tournament %d: round %d paired: %d tables, byes %s", row.id, row.round, len(tables), byes)
        self._emit(TournamentUpdate(row, TournamentEvent.ROUND, tables))
        self._arm_clock(row)
        if not tables:  # only byes (everyone else dropped): the round is done already
            await self._next_round(row)

    # ----- outcomes -------------------------------------------------------------------------------------------------
    def on_update(self, update: TableUpdate) -> None:
        """A round's table finished or was ended: score it (in a task; listeners must not block)."""
        if update.kind in (UpdateKind.FINISHED, UpdateKind.ABANDONED) and update.table.id in self.by_table:
            tournament_id = self.by_table.pop(update.table.id)
            self._spawn(self._scored(tournament_id, update.table.id, update.table.game))

    async def _scored(self, tournament_id: int, table_id: int, game: engine.Game | None) -> None:
        async with self._lock(tournament_id):
            row = self.open.get(tournament_id)
            board = next((b for b in row.boards if b.table_id == table_id and not b.done), None) if row else None
            if row is None or board is None:
                return
            board.first_score, board.second_score, seat = outcome(game)
            board.winner_id = None if seat is None else (board.first_id, board.second_id)[seat]
            board.done = True
            log.info("tournament %d: table %d done (%d-%d)", row.id, table_id, board.first_score, board.second_score)
            if all(b.done for b in row.boards if b.round == row.round):
                await self._next_round(row)
            else:
                await self.storage.tournaments.save(row)

    async def time_up(self, tournament_id: int) -> None:
        """The round's clock ran out: end its tables still playing (scored by the game's standing)."""
        row = self.open.get(tournament_id)
        if row is None:
            return
        for board in [b for b in row.boards if b.round == row.round and not b.done and b.table_id is not None]:
            table = self.store.tables.get(board.table_id)  # type: ignore[arg-type]
            if table is not None:
                async with table.lock:
                    if table.status.is_open:
                        await self.store.close(table, TableStatus.ABANDONED, "the tournament round's time ran out")

    def _arm_clock(self, row: TournamentRow) -> None:
        old = self.clocks.pop(row.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if row.round_ends_at is not None and row.status == RUNNING:
            self.clocks[row.id] = asyncio.create_task(self._clock(row.id, row.round, row.round_ends_at),
                                                      name=f"tournament-{row.id}-clock")

    async def _clock(self, tournament_id: int, round_number: int, ends_at: float) -> None:
        await asyncio.sleep(max(0.0, ends_at - self.clock()))
        row = self.open.get(tournament_id)
        if row is not None and row.round == round_number:
            await self.time_up(tournament_id)

    # ----- life cycle -----------------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Read back the open tournaments of this process's servers; score tables that closed while it was down."""
        for row in await self.storage.tournaments.open_ones():
            if not self.store.owns(row.guild_id):
                continue
            self.open[row.id] = row
            for board in row.boards:
                if board.done or board.table_id is None:
                    continue
                if board.table_id in self.store.tables:
                    self.by_table[board.table_id] = row.id
                else:
                    saved = await self.storage.tables.get(board.table_id)
                    self._spawn(self._scored(row.id, board.table_id, _saved_game(saved.state if saved else None)))
            self._arm_clock(row)
        log.info("tournaments: %d open", len(self.open))

    async def close(self) -> None:
        """Stop the clocks; let the scoring under way be saved (a short write each)."""
        for task in self.clocks.values():
            task.cancel()
        for task in [*self.clocks.values(), *self.tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.clocks.clear()

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self.locks.setdefault(tournament_id, asyncio.Lock())

    def _let_go(self, row: TournamentRow) -> None:
        self.open.pop(row.id, None)
        self.by_table = {t: tid for t, tid in self.by_table.items() if tid != row.id}
        clock = self.clocks.pop(row.id, None)
        if clock is not None and clock is not asyncio.current_task():
            clock.cancel()

    def _spawn(self, work: object) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)  # type: ignore[arg-type]
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("tournaments: a task failed", exc_info=task.exception())

    def _emit(self, update: TournamentUpdate) -> None:
        for listener in list(self.listeners):
            try:
                listener(update)
            except Exception:
                log.exception("tournament %d: a listener failed on %s", update.tournament.id, update.kind)


def _game(board: Board) -> Game:
    return Game(board.round, board.first_id, board.second_id, board.first_score, board.second_score, board.winner_id,
                board.done)


def _saved_game(state: str | None) -> engine.Game | None:
    """A closed table's game from its saved state (None if it has none or it cannot be read: a draw at 0-0)."""
    try:
        return engine.load(json.loads(state)) if state else None
    except Exception:  # a damaged snapshot must not stop the tournament
        return None
