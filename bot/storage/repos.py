"""Repositories: the only code that knows the SQL. Rows go in and come out as small dataclasses.

Methods that write take the open transaction (``tx``) so that the table service can write a state snapshot, the
action log entry and any results in one commit.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.storage.db import Store, Transaction, VersionConflict
from bot.storage.seats import Seat, seats_to_json


@dataclass
class TableRow:
    """A table as stored: where it is, what is played, who sits, and the saved game (``state``, JSON text)."""

    guild_id: int
    channel_id: int
    game: str
    host_id: int
    seed: int
    status: str = "lobby"
    options: dict[str, Any] = field(default_factory=dict)
    seats: tuple[Seat, ...] = ()
    state: str | None = None
    version: int = 0
    message_id: int | None = None
    note: str = ""
    autopilot: list[int] = field(default_factory=list)
    id: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    #: The stored columns whose value could not be read (wrong type, out of range, not the JSON they hold): each
    #: reads as its default here, and start-up abandons the table rather than run it on guesses.
    damaged: tuple[str, ...] = field(default=(), compare=False)


#: The largest id a row holds: Discord's snowflakes and table ids are signed 64-bit numbers (PostgreSQL BIGINT).
MAX_ID = 2**63 - 1
#: The largest table version (PostgreSQL INTEGER).
MAX_VERSION = 2**31 - 1


def is_id(value: object) -> bool:
    """Whether ``value`` can be a Discord or table id: a whole number from 1 to :data:`MAX_ID` (never a bool)."""
    return type(value) is int and 0 < value <= MAX_ID


_TABLE_COLUMNS = (
    "guild_id, channel_id, message_id, game, options, host_id, seats, seed, state, version, status, note, "
    "autopilot, created_at, updated_at"
)


class TableRepo:
    """Lobbies and games."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def create(self, row: TableRow) -> TableRow:
        """Insert a new table; fills in its id and times."""
        row.created_at = row.updated_at = time.time()
        async with self.db.transaction() as tx:
            row.id = await tx.insert(
                f"INSERT INTO tables ({_TABLE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                _table_values(row),
            )
        return row

    async def create_rematch(self, row: TableRow, of: int) -> TableRow | None:
        """Insert the rematch lobby of finished table ``of``: None when that table has one already (one rematch per
        finished table is the database's rule, whichever process asks)."""
        row.created_at = row.updated_at = time.time()
        try:
            async with self.db.transaction() as tx:
                row.id = await tx.insert(
                    f"INSERT INTO tables ({_TABLE_COLUMNS}, rematch_of) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (*_table_values(row), of))
        except Exception as error:
            if unique_violation(error):
                return None
            raise
        return row

    async def rematch_of(self, finished_id: int) -> int | None:
        """The id of the rematch lobby opened for finished table ``finished_id``, or None."""
        row = await self.db.fetchone("SELECT id FROM tables WHERE rematch_of=?", (finished_id,))
        return int(row["id"]) if row else None

    async def save(self, tx: Transaction, row: TableRow, *, read_version: int | None = None) -> None:
        """Write every changeable column of ``row`` inside the transaction ``tx``.

        With ``read_version``, only if the stored row is still at that version (the version its writer read):
        otherwise another process changed it first, and :class:`VersionConflict` is raised (the transaction rolls
        back)."""
        row.updated_at = time.time()
        values = (row.message_id, json.dumps(row.options), seats_to_json(row.seats), row.state, row.version, row.status,
                  row.note, json.dumps(row.autopilot), row.updated_at, row.id)
        sql = ("UPDATE tables SET message_id=?, options=?, seats=?, state=?, version=?, status=?, note=?, autopilot=?, "
               "updated_at=? WHERE id=?")
        if read_version is None:
            await tx.execute(sql, values)
        elif not await tx.update(sql + " AND version=?", (*values, read_version)):
            raise VersionConflict(f"table {row.id} is no longer at version {read_version}")

    async def abandon_damaged(self, table_id: int, note: str) -> bool:
        """Close an open table whose row is damaged, writing only its status, note, version (one more: text reads as
        0 in SQLite's arithmetic) and time, so every other column stays as it was found; True if it was open."""
        async with self.db.transaction() as tx:
            changed = await tx.update(
                "UPDATE tables SET status='abandoned', note=?, version=version+1, updated_at=? "
                "WHERE id=? AND status IN ('lobby', 'playing')", (note, time.time(), table_id))
        return changed > 0

    async def get(self, table_id: int) -> TableRow | None:
        """The table with this id, or None (for an id no table can have, e.g. a forged click's, at once: past
        64 bits the database would raise instead of answering)."""
        if not is_id(table_id):
            return None
        row = await self.db.fetchone(f"SELECT id, {_TABLE_COLUMNS} FROM tables WHERE id=?", (table_id,))
        return _table_row(row) if row else None

    async def with_status(self, *statuses: str) -> list[TableRow]:
        """Every table in one of ``statuses``, oldest first."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetchall(
            f"SELECT id, {_TABLE_COLUMNS} FROM tables WHERE status IN ({marks}) ORDER BY id", statuses
        )
        return [_table_row(r) for r in rows]


    async def closed_since(self, when: float) -> list[TableRow]:
        """Finished and abandoned tables last changed at or after ``when`` (a time.time()), oldest first."""
        rows = await self.db.fetchall(
            f"SELECT id, {_TABLE_COLUMNS} FROM tables WHERE status IN ('finished', 'abandoned') AND updated_at >= ? "
            "ORDER BY id", (when,)
        )
        return [_table_row(r) for r in rows]


def unique_violation(error: BaseException) -> bool:
    """Whether a write failed on a unique constraint (SQLite's IntegrityError, PostgreSQL's SQLSTATE 23505)."""
    return getattr(error, "sqlstate", None) == "23505" or (
        isinstance(error, sqlite3.IntegrityError) and "UNIQUE" in str(error))


def _table_values(row: TableRow) -> tuple[Any, ...]:
    return (row.guild_id, row.channel_id, row.message_id, row.game, json.dumps(row.options), row.host_id,
            seats_to_json(row.seats), row.seed, row.state, row.version, row.status, row.note,
            json.dumps(row.autopilot), row.created_at, row.updated_at)


def _table_row(r: Any) -> TableRow:
    """A stored row, each column checked for the type and range it must have (SQLite keeps whatever it is given);
    the damaged ones are named in ``damaged`` and read as their defaults. Never raises: one damaged row must not
    keep the others from loading."""
    damaged: list[str] = []

    def read(name: str, sound: Callable[[Any], bool], default: Any) -> Any:
        value = r[name]
        if sound(value):
            return value
        damaged.append(name)
        return default

    def loaded(name: str, sound: Callable[[Any], bool], default: Any) -> Any:
        try:
            value = json.loads(r[name]) if isinstance(r[name], str) else _NOT_JSON
        except ValueError:
            value = _NOT_JSON
        if value is not _NOT_JSON and sound(value):
            return value
        damaged.append(name)
        return default

    row = TableRow(
        id=read("id", is_id, 0), guild_id=read("guild_id", is_id, 0), channel_id=read("channel_id", is_id, 0),
        message_id=read("message_id", lambda v: v is None or is_id(v), None), game=read("game", _is_str, ""),
        options=loaded("options", lambda v: isinstance(v, dict), {}), host_id=read("host_id", is_id, 0),
        seats=_seat_records(loaded("seats", _are_seats, []), damaged),
        seed=read("seed", lambda v: type(v) is int and abs(v) <= MAX_ID, 0),
        # a state of the wrong type is no damage to the row: the game is rebuilt from its action log
        state=r["state"] if r["state"] is None or isinstance(r["state"], str) else None,
        version=read("version", lambda v: type(v) is int and 0 <= v <= MAX_VERSION, 0),
        status=read("status", _is_str, "abandoned"), note=read("note", _is_str, ""),
        autopilot=loaded("autopilot", lambda v: isinstance(v, list) and all(type(s) is int for s in v), []),
        created_at=read("created_at", _is_time, 0.0), updated_at=read("updated_at", _is_time, 0.0),
    )
    row.damaged = tuple(damaged)
    return row


_NOT_JSON = object()


def _seat_records(stored: list[dict[str, Any]], damaged: list[str]) -> tuple[Seat, ...]:
    """The typed seats of a seats column already checked for its shape; one that still cannot be read is damage."""
    try:
        return tuple(Seat.from_dict(seat) for seat in stored)
    except (TypeError, ValueError):
        damaged.append("seats")
        return ()


def _is_str(value: object) -> bool:
    return isinstance(value, str)


def _is_time(value: object) -> bool:
    return type(value) in (int, float)


def _are_seats(value: object) -> bool:
    """A list of seats, each a JSON object with a member's id or none (a computer player)."""
    return isinstance(value, list) and all(
        isinstance(seat, dict) and (seat.get("user_id") is None or is_id(seat.get("user_id"))) for seat in value)


@dataclass(frozen=True)
class ActionRow:
    """One applied action: which version it made, which seat, the action's string form, and who chose it."""

    table_id: int
    version: int
    seat: int
    action: str
    actor: str
    user_id: int | None
    at: float


class ActionRepo:
    """The action log: every applied action of every table, kept after the game for stats and bug reports."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def append(self, tx: Transaction, row: ActionRow) -> None:
        """Record ``row`` inside ``tx``."""
        await tx.execute(
            "INSERT INTO actions (table_id, version, seat, action, actor, user_id, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (row.table_id, row.version, row.seat, row.action, row.actor, row.user_id, row.at),
        )

    async def for_table(self, table_id: int) -> list[ActionRow]:
        """A table's actions in the order they were applied (none for an id no table can have)."""
        if not is_id(table_id):
            return []
        rows = await self.db.fetchall(
            "SELECT table_id, version, seat, action, actor, user_id, at FROM actions WHERE table_id=? ORDER BY version",
            (table_id,),
        )
        return [ActionRow(*tuple(r)) for r in rows]


@dataclass(frozen=True)
class ResultRow:
    """One seat's result in a finished match."""

    table_id: int
    seat: int
    guild_id: int
    game: str
    user_id: int | None
    name: str
    computer: bool
    side: int
    score: int
    won: bool
    finished_at: float
    record: int | None = None  # the match outcome's personal-best figure for a winner (fewer is better)


@dataclass(frozen=True)
class Standing:
    """A line of a leaderboard or of a member's stats."""

    user_id: int
    name: str
    game: str
    games: int
    wins: int
    best: int
    best_record: int | None = None  # the best (fewest) personal-best figure of a win, in games that keep one

    @property
    def win_rate(self) -> float:
        """Wins per game played, 0 to 1."""
        return self.wins / self.games if self.games else 0.0


class ResultRepo:
    """Finished matches, per seat, for leaderboards and stats."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def record(self, tx: Transaction, rows: list[ResultRow]) -> None:
        """Record a finished match inside ``tx``."""
        await tx.executemany(
            "INSERT INTO results (table_id, seat, guild_id, game, user_id, name, computer, side, score, won, "
            "finished_at, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(r.table_id, r.seat, r.guild_id, r.game, r.user_id, r.name, int(r.computer), r.side, r.score,
              int(r.won), r.finished_at, r.record) for r in rows],
        )

    async def for_table(self, table_id: int) -> list[ResultRow]:
        """The results of one match, by seat (none for an id no table can have)."""
        if not is_id(table_id):
            return []
        rows = await self.db.fetchall("SELECT * FROM results WHERE table_id=? ORDER BY seat", (table_id,))
        return [ResultRow(r["table_id"], r["seat"], r["guild_id"], r["game"], r["user_id"], r["name"],
                          bool(r["computer"]), r["side"], r["score"], bool(r["won"]), r["finished_at"], r["record"])
                for r in rows]

    async def leaderboard(self, guild_id: int, game: str | None = None, limit: int = 10,
                          between: tuple[float, float] | None = None) -> list[Standing]:
        """The server's people by wins, then win rate, then the best (fewest) personal-best figure of a win, then
        best score (all games, or one game; all time, or the matches finished ``between`` two times)."""
        where, params = "guild_id=? AND computer=0", list[Any]([guild_id])
        if game is not None:
            where += " AND game=?"
            params.append(game)
        if between is not None:
            where += " AND finished_at >= ? AND finished_at < ?"
            params.extend(between)
        rows = await self.db.fetchall(
            f"SELECT user_id, MAX(name) AS name, {_FIGURES} FROM results WHERE {where} GROUP BY user_id "
            f"ORDER BY wins DESC, CAST(SUM(won) AS REAL) / COUNT(*) DESC, "
            f"MIN(CASE WHEN won=1 THEN record END) IS NULL, MIN(CASE WHEN won=1 THEN record END), best DESC, user_id "
            f"LIMIT ?",
            [*params, limit],
        )
        return [Standing(r["user_id"], r["name"], game or "", r["games"], r["wins"], r["best"], r["best_record"])
                for r in rows]

    async def member_stats(self, guild_id: int, user_id: int) -> list[Standing]:
        """One member's record in this server, per game."""
        rows = await self.db.fetchall(
            f"SELECT game, MAX(name) AS name, {_FIGURES} FROM results "
            "WHERE guild_id=? AND user_id=? GROUP BY game ORDER BY games DESC, game",
            (guild_id, user_id),
        )
        return [Standing(user_id, r["name"], r["game"], r["games"], r["wins"], r["best"], r["best_record"])
                for r in rows]


    async def recent(self, guild_id: int, user_id: int | None = None, limit: int = 10) -> list[list[ResultRow]]:
        """The server's latest finished matches (only those ``user_id`` played in, when given), newest first, each
        as its results by seat."""
        mine, params = ("", [guild_id]) if user_id is None else (
            " AND table_id IN (SELECT table_id FROM results WHERE guild_id=? AND user_id=?)",
            [guild_id, guild_id, user_id])
        tables = await self.db.fetchall(
            f"SELECT table_id FROM results WHERE guild_id=?{mine} GROUP BY table_id "
            "ORDER BY MAX(finished_at) DESC, table_id DESC LIMIT ?", [*params, limit])
        return [await self.for_table(r["table_id"]) for r in tables]

    async def games_between(self, guild_id: int, start: float, end: float) -> list[str]:
        """The games with a match finished in this server from ``start`` (included) to ``end`` (excluded)."""
        rows = await self.db.fetchall("SELECT DISTINCT game FROM results WHERE guild_id=? AND finished_at >= ? "
                                      "AND finished_at < ? ORDER BY game", (guild_id, start, end))
        return [str(r["game"]) for r in rows]

    async def stamp(self, guild_id: int, game: str) -> tuple[int, float]:
        """How many results one game has in a server, and when the last one finished: what ratings depend on."""
        row = await self.db.fetchone("SELECT COUNT(*) AS n, MAX(finished_at) AS last FROM results "
                                     "WHERE guild_id=? AND game=?", (guild_id, game))
        return (int(row["n"]), float(row["last"] or 0.0)) if row is not None else (0, 0.0)

    async def for_ratings(self, guild_id: int, game: str, after: float | None = None) -> list[Any]:
        """One game's results in a server (those that finished after ``after``, when given) with their table's
        seats (computer levels), in the order the matches finished (bot/ratings.py)."""
        since, params = ("", (guild_id, game)) if after is None else (" AND r.finished_at > ?", (guild_id, game, after))
        return list(await self.db.fetchall(
            "SELECT r.table_id, r.seat, r.user_id, r.name, r.computer, r.side, r.won, r.finished_at, t.seats "
            "FROM results r "
            f"JOIN tables t ON t.id = r.table_id WHERE r.guild_id=? AND r.game=?{since} "
            "ORDER BY r.finished_at, r.table_id, r.seat", params))


# A standing's figures; personal-best figures count only for wins (they are NULL otherwise).
_FIGURES = ("COUNT(*) AS games, SUM(won) AS wins, MAX(score) AS best, "
            "MIN(CASE WHEN won=1 THEN record END) AS best_record")


class GuildSettingsRepo:
    """Per-server settings, stored as JSON values; defaults are declared by the caller."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def get_all(self, guild_id: int) -> dict[str, Any]:
        """Every setting this server has changed."""
        rows = await self.db.fetchall("SELECT key, value FROM guild_settings WHERE guild_id=?", (guild_id,))
        out: dict[str, Any] = {}
        for r in rows:
            try:
                out[r["key"]] = json.loads(r["value"])
            except ValueError:
                continue
        return out

    async def set(self, guild_id: int, key: str, value: Any) -> None:
        """Change one setting of one server."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value=excluded.value",
                (guild_id, key, json.dumps(value)),
            )


class MetaRepo:
    """Small facts about the process's own past (e.g. the hash of the last slash-command sync)."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def get(self, key: str) -> str | None:
        """The stored value, or None."""
        row = await self.db.fetchone("SELECT value FROM meta WHERE key=?", (key,))
        return str(row["value"]) if row else None

    async def set(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value=excluded.value",
                (key, value),
            )
