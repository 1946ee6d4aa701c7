"""The tournaments repository (issue 28): a tournament's row, its players and its games, as the service keeps them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.storage.db import Store


@dataclass
class Entrant:
    """A tournament's player: seeded in the order they joined; ``dropped`` players are not paired again."""

    user_id: int
    name: str
    seed: int
    dropped: bool = False
    team: int = 0  # the team they play for in a tournament with partners (0: none yet)


@dataclass
class Board:
    """One game of a round: ``second_id`` None is a bye (done at once, worth a win); ``winner_id`` None once done is a
    draw; ``table_id`` is the table it is played at."""

    round: int
    board: int
    first_id: int
    second_id: int | None
    table_id: int | None = None
    first_score: int = 0
    second_score: int = 0
    winner_id: int | None = None
    done: bool = False
    lineup: list[Sitter] = field(default_factory=list)  # a game of more than two (first_id is its first member)


@dataclass
class Sitter:
    """One seat's competitor at a game of more than two (``competitor`` None: a computer player); its side's match
    score and place once scored (1: first; 0: not yet)."""

    competitor: int | None
    side: int
    score: int = 0
    place: int = 0


@dataclass
class Setup:
    """How a tournament seats its tables: ``seats`` a table, ``partners`` ("": each alone; "fixed": teams formed at
    sign-up; "random": teams drawn at the start), whether ``computers`` may fill empty seats, and the ``forum`` whose
    posts hold its tables (0: a thread a table in the tournament's channel)."""

    seats: int = 2
    partners: str = ""
    computers: bool = False
    forum: int = 0


@dataclass
class TournamentRow:
    """A tournament as stored. ``status``: signup, running, finished or cancelled."""

    guild_id: int
    channel_id: int
    host_id: int
    game: str
    format: str
    rounds: int
    round_minutes: int
    status: str = "signup"
    round: int = 0
    round_ends_at: float | None = None
    message_id: int | None = None
    created_at: float = 0.0
    id: int = 0
    players: list[Entrant] = field(default_factory=list)
    boards: list[Board] = field(default_factory=list)
    setup: Setup = field(default_factory=Setup)


_COLUMNS = ("guild_id, channel_id, message_id, host_id, game, format, rounds, round_minutes, status, round, "
            "round_ends_at, created_at")


class TournamentRepo:
    """Tournaments, their players and their games."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def create(self, row: TournamentRow) -> TournamentRow:
        """Insert a new tournament (no players yet); fills in its id."""
        async with self.db.transaction() as tx:
            marks = ", ".join("?" * 12)
            row.id = await tx.insert(f"INSERT INTO tournaments ({_COLUMNS}) VALUES ({marks})", _values(row))
            await tx.execute("UPDATE tournaments SET setup=? WHERE id=?", (_setup_text(row.setup), row.id))
        return row

    async def save(self, row: TournamentRow) -> None:
        """Write the tournament, its players and its games in one transaction."""
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE tournaments SET message_id=?, rounds=?, status=?, round=?, round_ends_at=? "
                             "WHERE id=?", (row.message_id, row.rounds, row.status, row.round, row.round_ends_at,
                                            row.id))
            await tx.execute("DELETE FROM tournament_players WHERE tournament_id=?", (row.id,))
            await tx.executemany(
                "INSERT INTO tournament_players (tournament_id, user_id, name, seed, dropped, team) "
                "VALUES (?, ?, ?, ?, ?, ?)", [(row.id, p.user_id, p.name, p.seed, int(p.dropped), p.team)
                                              for p in row.players])
            await tx.execute("DELETE FROM tournament_games WHERE tournament_id=?", (row.id,))
            await tx.executemany(
                "INSERT INTO tournament_games (tournament_id, round, board, first_id, second_id, table_id, "
                "first_score, second_score, winner_id, done, lineup) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(row.id, b.round, b.board, b.first_id, b.second_id, b.table_id, b.first_score, b.second_score,
                  b.winner_id, int(b.done), _lineup_text(b.lineup)) for b in row.boards])

    async def open_ones(self) -> list[TournamentRow]:
        """Every tournament still signing up or running, with its players and games, oldest first."""
        rows = await self.db.fetchall(f"SELECT id, {_COLUMNS} FROM tournaments WHERE status IN ('signup', 'running') "
                                      "ORDER BY id")
        return [await self._whole(r) for r in rows]

    async def get(self, tournament_id: int) -> TournamentRow | None:
        """A tournament with its players and games, or None."""
        row = await self.db.fetchone(f"SELECT id, {_COLUMNS} FROM tournaments WHERE id=?", (tournament_id,))
        return await self._whole(row) if row is not None else None

    async def latest(self, guild_id: int, channel_id: int) -> TournamentRow | None:
        """A channel's most recent tournament (open or over), or None."""
        row = await self.db.fetchone(f"SELECT id, {_COLUMNS} FROM tournaments WHERE guild_id=? AND channel_id=? "
                                     "ORDER BY id DESC LIMIT 1", (guild_id, channel_id))
        return await self._whole(row) if row is not None else None

    async def _whole(self, r: Any) -> TournamentRow:
        row = TournamentRow(guild_id=r["guild_id"], channel_id=r["channel_id"], host_id=r["host_id"], game=r["game"],
                            format=r["format"], rounds=r["rounds"], round_minutes=r["round_minutes"],
                            status=r["status"], round=r["round"], round_ends_at=r["round_ends_at"],
                            message_id=r["message_id"], created_at=r["created_at"], id=r["id"])
        setup = await self.db.fetchone("SELECT setup FROM tournaments WHERE id=?", (row.id,))
        row.setup = _read_setup(setup["setup"] if setup is not None else None)
        players = await self.db.fetchall("SELECT user_id, name, seed, dropped, team FROM tournament_players "
                                         "WHERE tournament_id=? ORDER BY seed", (row.id,))
        row.players = [Entrant(p["user_id"], p["name"], p["seed"], bool(p["dropped"]), p["team"]) for p in players]
        games = await self.db.fetchall("SELECT round, board, first_id, second_id, table_id, first_score, second_score, "
                                       "winner_id, done, lineup FROM tournament_games WHERE tournament_id=? "
                                       "ORDER BY round, board", (row.id,))
        row.boards = [Board(g["round"], g["board"], g["first_id"], g["second_id"], g["table_id"], g["first_score"],
                            g["second_score"], g["winner_id"], bool(g["done"]), _read_lineup(g["lineup"]))
                      for g in games]
        return row


def _values(row: TournamentRow) -> tuple[Any, ...]:
    return (row.guild_id, row.channel_id, row.message_id, row.host_id, row.game, row.format, row.rounds,
            row.round_minutes, row.status, row.round, row.round_ends_at, row.created_at)


def _setup_text(setup: Setup) -> str:
    return json.dumps({"seats": setup.seats, "partners": setup.partners, "computers": setup.computers,
                       "forum": setup.forum})


def _read_setup(text: str | None) -> Setup:
    """The stored setup; a missing or damaged one reads as the two-player default."""
    try:
        data = json.loads(text or "{}")
        return Setup(int(data.get("seats", 2)), str(data.get("partners", "")), bool(data.get("computers", False)),
                     int(data.get("forum", 0)))
    except (ValueError, TypeError, AttributeError):
        return Setup()


def _lineup_text(lineup: list[Sitter]) -> str:
    return json.dumps([[s.competitor, s.side, s.score, s.place] for s in lineup])


def _read_lineup(text: str | None) -> list[Sitter]:
    """The stored lineup; a damaged one reads as empty (the game then counts as a two-player one)."""
    try:
        return [Sitter(None if c is None else int(c), int(side), int(score), int(place))
                for c, side, score, place in json.loads(text or "[]")]
    except (ValueError, TypeError):
        return []
