"""The bot's database as the wire tests read it, behind their backs: a SQLite file or a PostgreSQL database.

The tests read what the bot committed (never through the bot's own storage code), with SQL written once with ``?``
placeholders, as the bot's repositories are. Rows come back as plain dicts.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from dataclasses import dataclass
from typing import Any

import asyncpg

import engine
from bot.settings import database_target
from bot.storage.pg import numbered
from engine import parse_action

Row = dict[str, Any]
Saved = list[tuple[int, int, str, str]]  # (version, seat, action, actor) of each saved action


class SavedDatabase:
    """Reads of the database at ``url`` (``DATABASE_URL`` as the bot is given it)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.target = database_target(url)
        self._pg: asyncpg.Connection | None = None

    @property
    def kind(self) -> str:
        return "sqlite" if not isinstance(self.target, str) else "postgres"

    async def snapshot(self, *queries: tuple[str, tuple[Any, ...]]) -> list[list[Row]]:
        """The rows of each query, all read in one transaction: they see one committed state of the database."""
        if isinstance(self.target, str):
            if self._pg is None or self._pg.is_closed():
                self._pg = await asyncpg.connect(self.target)
            async with self._pg.transaction(isolation="repeatable_read", readonly=True):
                return [[dict(r) for r in await self._pg.fetch(numbered(sql), *params)] for sql, params in queries]
        with contextlib.closing(sqlite3.connect(self.target, timeout=5, isolation_level=None)) as conn:
            conn.row_factory = sqlite3.Row
            conn.execute("BEGIN")
            rows = [[dict(r) for r in conn.execute(sql, params).fetchall()] for sql, params in queries]
            conn.execute("COMMIT")
        return rows

    async def query(self, sql: str, *params: Any) -> list[Row]:
        return (await self.snapshot((sql, params)))[0]

    async def table_row(self, tid: int) -> Row:
        rows = await self.query("SELECT * FROM tables WHERE id=?", tid)
        assert rows, f"table #{tid} is not in the database"
        return rows[0]

    async def saved_actions(self, tid: int) -> Saved:
        """(version, seat, action, actor) of every action the table saved, in order."""
        rows = await self.query("SELECT version, seat, action, actor FROM actions WHERE table_id=? ORDER BY version",
                                tid)
        return [(r["version"], r["seat"], r["action"], r["actor"]) for r in rows]

    async def close(self) -> None:
        if self._pg is not None:
            await self._pg.close()
            self._pg = None


def people(saved: Saved) -> list[str]:
    """The actions people clicked, in order."""
    return [action for _, _, action, actor in saved if actor == "person"]


def new_game_of(row: Row) -> engine.Game:
    """The table's game as it was dealt, before any action."""
    return engine.new_game(row["game"], len(json.loads(row["seats"])), row["seed"], json.loads(row["options"]))


@dataclass
class SavedTable:
    """The game as the database holds it, followed action by action (one consistent read per look, no replay)."""

    db: SavedDatabase
    tid: int
    game: engine.Game
    status: str
    version: int = 0

    @classmethod
    async def read(cls, db: SavedDatabase, tid: int) -> SavedTable:
        row = await db.table_row(tid)
        return cls(db, tid, new_game_of(row), str(row["status"]))

    async def look(self) -> SavedTable:
        """Catch up with the database: its status, and the actions committed since the last look."""
        status, new = await self.db.snapshot(
            ("SELECT status FROM tables WHERE id=?", (self.tid,)),
            ("SELECT version, seat, action FROM actions WHERE table_id=? AND version>? ORDER BY version",
             (self.tid, self.version)))
        self.status = str(status[0]["status"])
        for row in new:
            self.game.apply(row["seat"], parse_action(row["action"]))
            self.version = row["version"]
        return self

    async def my_turn_or_over(self) -> str | None:
        """"turn" when seat 0 is awaited, the status once the game is not playing, else None."""
        await self.look()
        if self.status != "playing":
            return self.status
        return "turn" if 0 in self.game.to_act else None
