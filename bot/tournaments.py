"""Tournaments (issue 28): a service above the tables that owns its players, rounds, pairings and standings.

A tournament is opened in a channel (one at a time per channel) for a game of 2 to 10 seats, in one of three formats:
Swiss, round robin or knockout (bot/pairing.py for two a table, bot/tables_pairing.py for more, bot/tournament_rounds.py
choosing). Its tables have the game's size (bot/tournament_teams.py); with ``partners`` members play as teams, and
with ``computers`` computer players fill empty seats (never ranked). Members join while it signs up; when it starts,
each round's tables are opened through the lobby service with the players seated (``LobbyService.open_seated``) and
the service listens for their outcomes (``TableStore.add_listener``): a finished table places its sides; when the
last table of a round is done, the next round is paired, or the tournament ends.

A round's clock (``round_minutes``, 0 for none) ends the tables still playing when it runs out, by the game's own
standing: the side ahead on the match score places higher, and equal scores share a place (a draw at two). A table
ended early by a member (End game) is scored the same way. Results of tables that finish normally are saved like any
match and feed the ratings and seasons (a computer seated by a tournament is left out of them: bot/ratings.py).

Everything is stored (bot/storage/tournaments.py) and a restart picks it up: open tournaments are read back, tables
that closed while the process was down are scored from their saved state, and round clocks are armed again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import engine
from bot import tournament_rounds as rounds
from bot.listeners import Listeners
from bot.lobby import LobbyService
from bot.pairing import Line as StandingLine
from bot.storage import Board, Entrant, Seat, Storage, TournamentRow
from bot.storage.tournaments import Setup
from bot.store import TableStore, TableUpdate, UpdateKind
from bot.table import NotAllowed, Table, TableStatus
from bot.tournament_teams import PARTNERS, form_teams, join_team, shape, shape_of
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
    """Seat 0's and seat 1's sides' match scores and the winning one (0 or 1; None: a draw): the winners of a
    finished match, else the game's own standing (ahead on the match score; equal scores draw)."""
    board = Board(0, 0, 0, 1)
    rounds.score(board, game)
    return board.first_score, board.second_score, board.winner_id


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
        self.listeners: Listeners[TournamentUpdate] = Listeners()
        #: The house rules a tournament's tables are opened with (bot/tournament_schedule.py sets it).
        self.house_rules: Callable[[TournamentRow], Mapping[str, Any]] = lambda row: {}
        #: Where a round's table opens: a channel of its own (a thread or forum post) the cogs make for (tournament,
        #: table number, seats) and return the id of, or the tournament's channel (cogs/tournament_tables.py sets it).
        self.place: Callable[[TournamentRow, int, Sequence[Seat]], Awaitable[int]] | None = None
        store.add_listener(self.on_update)

    def add_listener(self, listener: Callable[[TournamentUpdate], None]) -> None:
        """Call ``listener`` after a round opens and when a tournament ends (it must not block)."""
        self.listeners.add(listener)

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
                     rounds: int | None = None, round_minutes: int = 0, *, seats: int | None = None,
                     partners: str = "", computers: bool = False, forum: int = 0) -> TournamentRow:
        """Open a tournament for sign-up in this channel: ``seats`` a table (default: the game's size), ``partners``
        ("fixed" or "random" teams; "" each alone), ``computers`` to fill empty seats, ``forum`` the forum whose
        posts hold its tables (0: threads of this channel)."""
        try:
            spec = engine.game_spec(game)
        except BadOption as error:
            raise NotAllowed(error.phrase) from None
        if fmt not in FORMATS:
            raise NotAllowed(_("There is no tournament format {format}."), format=fmt)
        if partners and partners not in PARTNERS:
            raise NotAllowed(_("Partners are fixed (teams formed at sign-up) or random (drawn at the start)."))
        table = shape(game, seats, partners)
        if fmt == "round-robin" and table.per_table > 2:
            raise NotAllowed(_("A round robin needs tables of two players or two teams: at tables of {count}, "
                               "everyone can sit with everyone exactly once only for a few player counts. Choose "
                               "Swiss or knockout."), count=table.per_table)
        if fmt == "knockout" and table.smallest > 2 and not computers:
            raise NotAllowed(_("A knockout of {game} ends at a final of fewer than {seats} players, which {game} "
                               "cannot seat: allow computers to fill its empty seats, or choose Swiss."),
                             game=Word(spec.title), seats=table.seats)
        if self.in_channel(guild_id, channel_id) is not None:
            raise NotAllowed(_("This channel already has a tournament: /tournament cancel ends it."))
        row = await self.storage.tournaments.create(TournamentRow(  # other formats' rounds: later
            guild_id, channel_id, host_id, game, fmt, (rounds or 0) if fmt == "swiss" else 0, max(round_minutes, 0),
            created_at=self.clock(), setup=Setup(table.seats, partners, computers, forum)))
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

    async def join_team(self, tournament_id: int, members: list[tuple[int, str]]) -> TournamentRow:
        """A member signs up with their partners as a fixed team (``members``: (user id, name), the member first)."""
        async with self._lock(tournament_id):
            row = self._signing_up(tournament_id)
            if row.setup.partners != "fixed":
                raise NotAllowed(_("This tournament has no fixed teams: press Join."))
            if len({p.user_id for p in row.players} | {m[0] for m in members}) > MAX_PLAYERS:
                raise NotAllowed(_("This tournament is full ({count} players)."), count=MAX_PLAYERS)
            join_team(row, members, shape_of(row).team_size)
            await self.storage.tournaments.save(row)
            return row

    async def leave(self, tournament_id: int, user_id: int) -> TournamentRow:
        """A member takes back their sign-up (their partners stay, without a team)."""
        async with self._lock(tournament_id):
            row = self._signing_up(tournament_id)
            me = next((p for p in row.players if p.user_id == user_id), None)
            if me is None:
                raise NotAllowed(_("You have not joined this tournament."))
            for partner in (p for p in row.players if me.team and p.team == me.team):
                partner.team = 0
            row.players.remove(me)
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
            table = shape_of(row)
            if table.teams:
                before = [p.team for p in row.players]
                form_teams(row, table.team_size, random.Random())
                if len(rounds.competitors(row, table)) < 2:
                    for player, team in zip(row.players, before, strict=True):
                        player.team = team  # refused: the teams formed at sign-up stay as they were
                    raise NotAllowed(_("A tournament with partners needs at least 2 teams."))
            row.rounds = rounds.planned_rounds(row.format, len(rounds.competitors(row, table)), row.rounds, table,
                                               row.setup.computers)
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
        """The standings now (or of the rounds ``before`` a round): match points, Buchholz, points difference
        (bot/tables_pairing.py); a line is a player's, or a team's (its number) with partners. Computers have none."""
        return rounds.table_standings(row, shape_of(row), before)

    async def _next_round(self, row: TournamentRow) -> None:
        """Pair and open the next round (under the tournament's lock), or finish the tournament."""
        table_shape = shape_of(row)
        if row.round > 0 and rounds.over(row, table_shape):
            row.status, row.round_ends_at = FINISHED, None
            await self.storage.tournaments.save(row)
            self._let_go(row)
            log.info("tournament %d: finished after %d rounds", row.id, row.round)
            self._emit(TournamentUpdate(row, TournamentEvent.FINISHED))
            return
        row.round += 1
        seating, byes = rounds.next_round(row, table_shape)
        row.boards += [Board(row.round, n, c, None, done=True) for n, c in enumerate(byes, len(seating) + 1)]
        tables = []
        for number, competitors in enumerate(seating, 1):
            seats, lineup = rounds.table_seats(row, table_shape, competitors)
            place = await self._place(row, number, seats)
            table = await self.lobbies.open_seated(row.guild_id, place, row.game, seats,
                                                   f"tournament {row.id} round {row.round}",
                                                   {**self.house_rules(row), **table_shape.options})
            self.by_table[table.id] = row.id  # (before the table's STARTED listeners run their tasks: in_own_place)
            first = next(c for c in competitors if c is not None)
            if rounds.seated(row, table_shape):
                row.boards.append(Board(row.round, number, first, None, table.id, lineup=lineup))
            else:
                row.boards.append(Board(row.round, number, first, competitors[1], table.id))
            tables.append(table)
        row.round_ends_at = self.clock() + 60 * row.round_minutes if row.round_minutes and tables else None
        await self.storage.tournaments.save(row)
        log.info("tournament %d: round %d paired: %d tables, byes %s", row.id, row.round, len(tables), byes)
        self._emit(TournamentUpdate(row, TournamentEvent.ROUND, tables))
        self._arm_clock(row)
        if not tables:  # only byes (everyone else dropped): the round is done already
            await self._next_round(row)

    async def _place(self, row: TournamentRow, number: int, seats: Sequence[Seat]) -> int:
        """The channel a round's table opens in: its own thread or forum post where the cogs could make one, else
        the tournament's channel (a failure there must not stop the round)."""
        if self.place is None:
            return row.channel_id
        try:
            return await self.place(row, number, seats)
        except Exception:
            log.exception("tournament %d: no place of its own for table %d of round %d", row.id, number, row.round)
            return row.channel_id

    def in_own_place(self, table: Table) -> bool:
        """Whether ``table`` is an open round's table that lives in a thread or forum post of its own (not in its
        tournament's channel): that place is its chat too (cogs/threads.py)."""
        row = self.open.get(self.by_table.get(table.id, 0))
        return row is not None and table.row.channel_id != row.channel_id

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
            rounds.score(board, game)
            log.info("tournament %d: table %d done (%s)", row.id, table_id,
                     [(s.competitor, s.score, s.place) for s in board.lineup] or (board.first_score,
                                                                                  board.second_score))
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
        self.listeners.tell(update, f"tournament {update.tournament.id} ({update.kind})")


def _saved_game(state: str | None) -> engine.Game | None:
    """A closed table's game from its saved state (None if it has none or it cannot be read: a draw at 0-0)."""
    try:
        return engine.load(json.loads(state)) if state else None
    except Exception:  # a damaged snapshot must not stop the tournament
        return None
