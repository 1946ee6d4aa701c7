"""What the database keeps about one member, read out for an export and anonymised for a deletion (PRIVACY.md).

A member appears in five places: their results (id and name), the seats of the tables they sat at (id and name, in
the ``seats`` JSON), the tables they opened (``host_id``), the moves they chose (``actions.user_id``), and their own
settings (``guild_settings`` keys ending in ``:<their id>``, such as ``nudges:<id>``). The SQL is the same on SQLite
and PostgreSQL (``?`` placeholders, numbered for PostgreSQL by ``pg.py``).

Deletion anonymises rather than deletes the shared records: the member's id becomes one anonymous number and their
name "Deleted member" everywhere at once, so every other member's results, leaderboards and ratings stay what they
were (a rating depends on who one played; the anonymous player keeps the same place in every match). Their own
settings are removed.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, replace
from typing import Any

from bot.storage.db import Store
from bot.storage.seats import seats_from_json, seats_to_json

#: The name a deleted member's seats and results carry.
DELETED_NAME = "Deleted member"
#: Anonymous ids are below this: Discord ids count milliseconds since 2015 in their upper bits, so every real
#: account's id is far above 2**52 (about 4.5e15); an anonymous id can never be a real member's.
ANONYMOUS_BELOW = 2**52
OPEN_STATUSES = ("lobby", "playing")


def anonymous_id() -> int:
    """A new anonymous member id: random, positive (a valid id for every column), and no real account's."""
    return secrets.randbelow(ANONYMOUS_BELOW - 1) + 1


@dataclass(frozen=True)
class Forgotten:
    """What a deletion changed: rows anonymised per kind, and settings removed."""

    anonymous_id: int
    results: int
    seats: int
    hosted: int
    moves: int
    settings: int


class MemberSeated(Exception):
    """The member sits at open tables (their ids): nothing is deleted while a game needs their seat."""

    def __init__(self, tables: list[int]) -> None:
        super().__init__(f"seated at open tables {tables}")
        self.tables = tables


def _seated(seats_text: str | None, user_id: int) -> int | None:
    """The member's seat index in a table's stored seats, or None."""
    return next((index for index, seat in enumerate(seats_from_json(seats_text)) if seat.user_id == user_id), None)


class MemberDataRepo:
    """One member's records: export and anonymise."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def _tables_with(self, user_id: int, open_only: bool = False) -> list[tuple[Any, int | None]]:
        """The tables the member sat at or opened, each with their seat (None: opened only). The LIKE narrows the
        rows to those whose seats mention the digits; the JSON is then read to be exact."""
        where = "(host_id=? OR seats LIKE ?)"
        if open_only:
            where += " AND status IN ('lobby', 'playing')"
        rows = await self.db.fetchall(
            "SELECT id, guild_id, channel_id, game, host_id, seats, status, created_at, updated_at FROM tables "
            f"WHERE {where} ORDER BY id", (user_id, f"%{user_id}%"))
        found = [(row, _seated(row["seats"], user_id)) for row in rows]
        return [(row, seat) for row, seat in found if seat is not None or row["host_id"] == user_id]

    async def open_tables(self, user_id: int) -> list[int]:
        """The open tables (lobbies and games, in any server) where the member has a seat."""
        return [row["id"] for row, seat in await self._tables_with(user_id, open_only=True) if seat is not None]

    async def _settings(self, user_id: int) -> list[Any]:
        rows = await self.db.fetchall("SELECT guild_id, key, value FROM guild_settings WHERE key LIKE ? "
                                      "ORDER BY guild_id, key", (f"%:{user_id}",))
        return [r for r in rows if r["key"].rsplit(":", 1)[-1] == str(user_id)]

    async def export(self, user_id: int) -> dict[str, Any]:
        """Everything stored about the member, JSON-ready (ids as strings: they exceed JavaScript's numbers)."""
        results = await self.db.fetchall(
            "SELECT table_id, seat, guild_id, game, name, side, score, won, record, finished_at FROM results "
            "WHERE user_id=? ORDER BY finished_at, table_id", (user_id,))
        moves = await self.db.fetchall("SELECT table_id, version, seat, action, actor, at FROM actions "
                                       "WHERE user_id=? ORDER BY table_id, version", (user_id,))
        tables = [{"table": row["id"], "server": str(row["guild_id"]), "channel": str(row["channel_id"]),
                   "game": row["game"], "status": row["status"], "host": row["host_id"] == user_id, "seat": seat,
                   "name": seats_from_json(row["seats"])[seat].name if seat is not None else None,
                   "opened_at": row["created_at"], "last_change_at": row["updated_at"]}
                  for row, seat in await self._tables_with(user_id)]
        settings = []
        for row in await self._settings(user_id):
            try:
                value = json.loads(row["value"])
            except ValueError:
                value = row["value"]
            settings.append({"server": str(row["guild_id"]), "setting": row["key"].rsplit(":", 1)[0],
                             "value": value})
        names = sorted({r["name"] for r in results} | {row["name"] for row in tables if row["name"] is not None})
        return {"member": str(user_id), "names": names,
                "results": [{**dict(r), "guild_id": str(r["guild_id"]), "won": bool(r["won"])} for r in results],
                "tables": tables, "moves": [dict(m) for m in moves], "settings": settings}

    async def forget(self, user_id: int, anonymous: int | None = None) -> Forgotten:
        """Anonymise the member everywhere (one anonymous id and "Deleted member" for all their records) and remove
        their settings, in one transaction; :class:`MemberSeated` (and nothing changed) while they sit at an
        open table."""
        seated = await self.open_tables(user_id)
        if seated:
            raise MemberSeated(seated)
        anonymous = anonymous_id() if anonymous is None else anonymous
        rewritten = []
        for row, seat in await self._tables_with(user_id):
            if seat is None:
                continue
            kept = list(seats_from_json(row["seats"]))
            kept[seat] = replace(kept[seat], name=DELETED_NAME, user_id=anonymous)
            rewritten.append((seats_to_json(kept), row["id"]))
        settings = await self._settings(user_id)
        async with self.db.transaction() as tx:
            results = await tx.update("UPDATE results SET user_id=?, name=? WHERE user_id=?",
                                      (anonymous, DELETED_NAME, user_id))
            moves = await tx.update("UPDATE actions SET user_id=? WHERE user_id=?", (anonymous, user_id))
            hosted = await tx.update("UPDATE tables SET host_id=? WHERE host_id=? AND status NOT IN (?, ?)",
                                     (anonymous, user_id, *OPEN_STATUSES))
            seats = 0
            for text, table_id in rewritten:  # (only closed tables: an open one was refused above)
                seats += await tx.update("UPDATE tables SET seats=? WHERE id=? AND status NOT IN (?, ?)",
                                         (text, table_id, *OPEN_STATUSES))
            removed = 0
            for row in settings:
                removed += await tx.update("DELETE FROM guild_settings WHERE guild_id=? AND key=?",
                                           (row["guild_id"], row["key"]))
        return Forgotten(anonymous, results, seats, hosted, moves, removed)
