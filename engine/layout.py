"""The line of play shared by every layout game: the first tile, its arms, open ends and spinners.

The first tile sits in the centre. Tiles grow outward along arms: ``W`` and ``E`` along the line and, when the
centre is a spinner, ``N`` and ``S`` too (RULES 2.1-2.2). Each placed tile remembers which of its ends touches the
arm (``inner``) and which is exposed (``outer``). The line knows geometry only; whether a tile *may* go on an end is
the game's connection rule.

>>> from engine.tiles import Tile
>>> line = LineOfPlay()
>>> line.start(Tile.of(6, 6), seat=0)
>>> [(e.arm, e.value, e.double) for e in line.open_ends()]
[('W', 6, True), ('E', 6, True)]
>>> _ = line.place(Tile.of(6, 2), "W", face=6, seat=1)
>>> [(e.arm, e.value) for e in line.open_ends()]
[('W', 2), ('E', 6)]
>>> line.ends
(('W', 2), ('E', 6))
"""

from __future__ import annotations

import copy

from engine.errors import IllegalAction
from engine.phrases import Phrase, in_context
from engine.tiles import Tile
from engine.views import LineOfPlayView

ARMS = ("W", "E", "N", "S")
_PLAIN_ARMS = ("W", "E")
#: Each arm's end in words, for players (said by render; a move's label names its end with them).
ARM_WORDS = {"W": in_context("end of the line", "left"), "E": in_context("end of the line", "right"),
             "N": in_context("end of the line", "top"), "S": in_context("end of the line", "bottom")}


def arm_words(arm: str) -> Phrase:
    """An arm's end in words (``E`` -> ``right``); an unknown arm as it is."""
    return ARM_WORDS.get(arm) or Phrase(arm)


class Placed:
    """A tile on an arm: ``inner`` touches the line, ``outer`` is the end it exposes."""

    __slots__ = ("inner", "outer", "seat", "tile")

    def __init__(self, tile: Tile, inner: int, outer: int, seat: int) -> None:
        self.tile = tile
        self.inner = inner
        self.outer = outer
        self.seat = seat

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Placed):
            return (self.tile, self.inner, self.outer, self.seat) == (other.tile, other.inner, other.outer, other.seat)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.tile, self.inner, self.outer, self.seat))

    def __repr__(self) -> str:
        return f"Placed({self.tile!r}, inner={self.inner}, outer={self.outer}, seat={self.seat})"

    def __copy__(self) -> Placed:
        return self  # never changed once made

    def __deepcopy__(self, memo: dict[int, object]) -> Placed:
        return self


class OpenEnd:
    """An end a tile may be played on: its arm, the value it shows, and whether its end tile is a double."""

    __slots__ = ("arm", "double", "value")

    def __init__(self, arm: str, value: int, double: bool) -> None:
        self.arm = arm
        self.value = value
        self.double = double

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OpenEnd):
            return (self.arm, self.value, self.double) == (other.arm, other.value, other.double)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.arm, self.value, self.double))

    def __repr__(self) -> str:
        return f"OpenEnd({self.arm!r}, {self.value}, {self.double})"


class LineOfPlay:
    """A line of play with an optional spinner centre.

    ``spinner``: the centre double opens four ways; ``N`` and ``S`` open once ``W`` and ``E`` both hold a tile
    (MUG-2, DRW-2). ``cross_first``: the four faces of the spinner must all be filled before any arm is extended,
    and may be filled in any order (Sebastopol, SEB-2). ``arms``: the arms along the line that may grow; ``("E",)``
    plays on one end only (TW-3 option).

    ``ends`` is ``(arm, value)`` for each open end, in arm order, kept up to date by :meth:`start` and :meth:`place`
    (a game asks for it on every turn); ``is_spinner`` is True once a double centre branches four ways.
    """

    def __init__(self, spinner: bool = False, cross_first: bool = False, arms: tuple[str, ...] = ("W", "E")) -> None:
        self.spinner = spinner
        self.cross_first = cross_first
        self.line_arms = arms
        self.center: Tile | None = None
        self.center_seat: int | None = None
        self.is_spinner = False
        self.arms: dict[str, list[Placed]] = {"W": [], "E": [], "N": [], "S": []}  # ARMS
        self.ends: tuple[tuple[str, int], ...] = ()

    def __deepcopy__(self, memo: dict[int, object]) -> LineOfPlay:
        twin = LineOfPlay.__new__(LineOfPlay)
        twin.__dict__.update(self.__dict__)  # the rest is values: flags, tiles, the ends tuple
        twin.arms = {arm: list(placed) for arm, placed in self.arms.items()}  # placed tiles never change
        memo[id(self)] = twin
        return twin

    @property
    def started(self) -> bool:
        """True once the first tile is down."""
        return self.center is not None

    def start(self, tile: Tile, seat: int) -> None:
        """Set the first tile (the set, the opening double or the heaviest tile)."""
        if self.center is not None:
            raise IllegalAction(Phrase("the line has already started"))
        self.center = tile
        self.center_seat = seat
        self.is_spinner = self.spinner and tile.is_double
        # Every open arm shows the centre's high end, but a plain line's east arm its low end (the same for a double).
        if not self.is_spinner and self.line_arms == _PLAIN_ARMS:  # the usual line, made at every deal
            self.ends = (("W", tile.high), ("E", tile.low))
            return
        arms = self.open_arms() if self.is_spinner else self.line_arms
        self.ends = tuple([(arm, tile.low if arm == "E" else tile.high) for arm in arms])

    def open_arms(self) -> list[str]:
        """The arms a tile may be added to now."""
        if self.center is None:
            return []
        if not self.is_spinner:
            return list(self.line_arms)
        if self.cross_first:
            empty = [arm for arm in ARMS if not self.arms[arm]]
            return empty or list(ARMS)
        if self.arms["W"] and self.arms["E"]:
            return list(ARMS)
        return ["W", "E"]

    def end_value(self, arm: str) -> int:
        """The value an arm shows: its outermost tile's exposed end, or the centre's end while it is empty."""
        placed = self.arms[arm]
        if placed:
            return placed[-1].outer
        assert self.center is not None
        if arm == "E" and not self.center.is_double:
            return self.center.low
        return self.center.high

    def end_is_double(self, arm: str) -> bool:
        """True when the tile at the end of ``arm`` (the centre, if the arm is empty) is a double."""
        placed = self.arms[arm]
        tile = placed[-1].tile if placed else self.center
        return tile is not None and tile.is_double

    def open_ends(self) -> list[OpenEnd]:
        """The ends open for play, in arm order."""
        return [OpenEnd(arm, self.end_value(arm), self.end_is_double(arm)) for arm in self.open_arms()]

    def end_values(self) -> list[tuple[str, int]]:
        """``(arm, value)`` for each open end: the part of :meth:`open_ends` that ordinary matching needs."""
        return [(arm, self.end_value(arm)) for arm in self.open_arms()]

    def place(self, tile: Tile, arm: str, face: int, seat: int) -> Placed:
        """Add ``tile`` to ``arm`` with its ``face`` end touching; the game has already checked the connection."""
        ends = self.ends
        for open_arm, _ in ends:
            if open_arm == arm:
                break
        else:
            raise IllegalAction(Phrase("the {end} end is not open", end=arm_words(arm)))
        if face == tile.high:
            outer = tile.low
        elif face == tile.low:
            outer = tile.high
        else:
            raise IllegalAction(Phrase("{tile} has no {face} end", tile=tile, face=face))
        placed = Placed(tile, face, outer, seat)
        self.add(placed, arm)
        return placed

    def add(self, placed: Placed, arm: str) -> None:
        """Put ``placed`` at the end of ``arm``, which is open and takes it: checked by :meth:`place`, or known (an
        offered play, whose ``Placed`` engine/linegame.py makes once per seat)."""
        self.arms[arm].append(placed)
        ends = self.ends
        outer = placed.outer
        if self.is_spinner:
            self.ends = tuple(self.end_values())  # a spinner opens more arms as its faces fill
        elif len(ends) == 2:  # the usual line: the arm played on now shows the tile's outer end
            self.ends = ((arm, outer), ends[1]) if ends[0][0] == arm else (ends[0], (arm, outer))
        else:
            self.ends = tuple([(arm, outer) if end[0] == arm else end for end in ends])

    def tiles(self) -> list[Tile]:
        """Every tile in the line."""
        out = [] if self.center is None else [self.center]
        for arm in ARMS:
            out.extend(p.tile for p in self.arms[arm])
        return out

    def __len__(self) -> int:
        return len(self.tiles())

    def trial(self, tile: Tile, arm: str, face: int) -> LineOfPlay:
        """A copy of the line with ``tile`` placed (this line is unchanged): what a play would leave."""
        twin = copy.deepcopy(self)
        twin.place(tile, arm, face, seat=-1)
        return twin

    def end_total(self) -> int:
        """The sum of the open ends counted the All Fives way (MUG-1).

        Each arm holding a tile adds its exposed end, twice for a crosswise double. A spinner centre adds twice its
        value while ``W`` or ``E`` is empty; a plain centre adds its end value (twice for a double) per empty line arm.
        """
        if self.center is None:
            return 0
        total = 0
        for arm in ARMS:
            placed = self.arms[arm]
            if placed:
                last = placed[-1]
                total += last.outer * 2 if last.tile.is_double else last.outer
        if self.is_spinner:
            if not (self.arms["W"] and self.arms["E"]):
                total += self.center.high * 2
            return total
        for arm in self.line_arms:
            if not self.arms[arm]:
                total += self.end_value(arm) * (2 if self.center.is_double else 1)
        if len(self.line_arms) == 2 and not self.arms["W"] and not self.arms["E"] and self.center.is_double:
            total -= self.center.high * 2  # a lone double counts once, as 2 x d
        return total

    def to_view(self) -> LineOfPlayView:
        """The line as plain data for views and rendering."""
        return {
            "center": None if self.center is None else str(self.center),
            "center_seat": self.center_seat,
            "spinner": self.is_spinner,
            "arms": {arm: [[p.inner, p.outer, p.seat] for p in self.arms[arm]] for arm in ARMS},
            "open_ends": [[e.arm, e.value] for e in self.open_ends()],
        }
