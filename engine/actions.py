"""Actions a seat can take (events, what a game reports, are in :mod:`engine.events`).

Every action is a small frozen value with a stable string form, used in button custom ids, logs and saved games:

>>> from engine.tiles import Tile
>>> str(Play(Tile.of(6, 4), end="E", face=4))
'play:6-4@E/4'
>>> parse_action('play:6-4@E/4') == Play(Tile.of(6, 4), end="E", face=4)
True
>>> str(Play(Tile.of(5, 5), suit="doubles")), str(Draw()), str(Pass()), str(Bid(34)), str(Call("trump:5"))
('play:5-5#doubles', 'draw', 'pass', 'bid:34', 'call:trump:5')
>>> str(Choose((Tile.of(6, 6), Tile.of(3, 2))))
'choose:6-6,3-2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import InvalidAction
from engine.phrases import Phrase
from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action."""

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def __copy__(self) -> Action:
        return self  # immutable: a copy is the action itself

    def __deepcopy__(self, memo: dict[int, object]) -> Action:
        return self


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``tile``.

    Line games: ``end`` names the arm it goes on (``W``, ``E``, ``N``, ``S``; empty for the first tile) and ``face``
    is the tile's end that touches the open end. Trick games: ``suit`` is the suit the leader declares
    (a number as text, or ``"doubles"``) when the game lets the leader choose; otherwise empty.
    """

    tile: Tile
    end: str = ""
    face: int | None = None
    suit: str = ""

    def __str__(self) -> str:
        text = f"play:{self.tile}"
        if self.end:
            text += f"@{self.end}"
        if self.face is not None:
            text += f"/{self.face}"
        if self.suit:
            text += f"#{self.suit}"
        return text


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw from the boneyard."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass: no play this turn ("Gee" in Tiddle-a-Wink), or no bid."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid ``amount`` (points, marks or chips, as the game says)."""

    amount: int

    def __str__(self) -> str:
        return f"bid:{self.amount}"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """A named declaration: trumps (``trump:5``, ``trump:doubles``), ``accept``, ``alone``, ``fold``, ``check``..."""

    name: str

    def __str__(self) -> str:
        return f"call:{self.name}"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Choose several tiles at once: the three to pass, the dealer's discard, tiles to exchange."""

    tiles: tuple[Tile, ...]

    def __post_init__(self) -> None:
        # One choice, one form: the tiles are kept highest first, whatever order they were picked in.
        object.__setattr__(self, "tiles", tuple(sorted(self.tiles, reverse=True)))

    def __str__(self) -> str:
        return "choose:" + ",".join(str(t) for t in self.tiles)


_PLAY_RE = re.compile(r"^play:(\d{1,2}-\d{1,2})(?:@([A-Z]))?(?:/(\d{1,2}))?(?:#([a-z0-9]+))?$")


def parse_action(text: str) -> Action:
    """Read an action back from its string form; raises :class:`InvalidAction` if it is not one.

    Whether the action is legal now is the game's question (``apply`` raises :class:`IllegalAction`).
    """
    if not isinstance(text, str):
        raise InvalidAction(Phrase("{text} is not an action (actions are written as text, like 'play:6-4@E/4')",
                                   text=repr(text)))
    try:
        if text == "draw":
            return Draw()
        if text == "pass":
            return Pass()
        if text.startswith("bid:"):
            return Bid(int(text[4:]))
        if text.startswith("call:") and len(text) > 5:
            return Call(text[5:])
        if text.startswith("choose:"):
            body = text[7:]
            return Choose(tuple(Tile.parse(t) for t in body.split(",")) if body else ())
        match = _PLAY_RE.match(text)
        if match:
            tile, end, face, suit = match.groups()
            return Play(Tile.parse(tile), end or "", int(face) if face is not None else None, suit or "")
    except ValueError:
        pass
    raise InvalidAction(Phrase("{action} is not an action", action=repr(text)))


__all__ = ["Action", "Bid", "Call", "Choose", "Draw", "Pass", "Play", "parse_action"]
