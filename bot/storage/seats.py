"""Who sits at a table: the typed seat record a table row holds, and the computer levels a seat may have."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.names import clean_name
from engine.ai import LEVELS

#: Computer player strengths a host may choose, and the engine's player for each (``engine.ai.computer_player``).
COMPUTER_LEVELS = LEVELS
DEFAULT_LEVEL = "normal"



@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a member (``user_id``) or a computer player (``user_id`` None) of some ``level``.

    A rematch lobby keeps each seat of the finished table for its member until ``reserved_until`` (a
    ``time.time()``); the member confirms it (Rematch or Join), or it opens up then (bot/lobby.py).

    A computer that a tournament seats in an empty seat is not ``ranked``: its level's rating does not count the
    match, and the members are rated among themselves (bot/ratings.py)."""

    name: str
    user_id: int | None = None
    level: str = DEFAULT_LEVEL
    reserved_until: float | None = None
    ranked: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", clean_name(self.name))  # whatever the member typed (bot/names.py)

    @property
    def computer(self) -> bool:
        """True for a computer player's seat."""
        return self.user_id is None

    @property
    def reserved(self) -> bool:
        """True for a member's seat kept for them in a rematch lobby, not yet confirmed."""
        return self.reserved_until is not None

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        data: dict[str, Any] = {"name": self.name, "user_id": self.user_id}
        if self.computer:
            data["level"] = self.level
        if self.reserved_until is not None:
            data["reserved_until"] = self.reserved_until
        if not self.ranked:
            data["unranked"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seat:
        """Read the stored form back (seats saved before levels existed are ``normal``); a ``data`` that is not a
        mapping raises :class:`TypeError`."""
        if not isinstance(data, dict):
            raise TypeError(f"a seat is stored as a mapping, not {type(data).__name__}")
        user_id = data.get("user_id")
        level = data.get("level")
        until = data.get("reserved_until")
        return cls(str(data.get("name", "?")), int(user_id) if user_id is not None else None,
                   level if level in COMPUTER_LEVELS else DEFAULT_LEVEL,
                   float(until) if isinstance(until, (int, float)) and user_id is not None else None,
                   not (user_id is None and data.get("unranked")))


def seats_from_json(text: str | None) -> tuple[Seat, ...]:
    """The stored seats column read back; a damaged one reads as no seats (start-up then abandons the table)."""
    try:
        data = json.loads(text) if text else []
        return tuple(Seat.from_dict(d) for d in data) if isinstance(data, list) else ()
    except (ValueError, TypeError):
        return ()


def seats_to_json(seats: Sequence[Seat]) -> str:
    """The seats column as stored."""
    return json.dumps([seat.to_dict() for seat in seats])
