"""Tiles and domino sets.

A tile is an unordered pair of pip values, stored high end first:

>>> Tile.of(4, 6)
Tile(6, 4)
>>> str(Tile.of(4, 6)), Tile.of(4, 6).pips, Tile.of(3, 3).is_double
('6-4', 10, True)
>>> Tile.parse("0-5") == Tile.of(5, 0)
True
>>> len(double_set(6)), len(double_set(9)), len(double_set(12))
(28, 55, 91)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter

from engine.errors import BadOption
from engine.phrases import Phrase

_TILE_RE = re.compile(r"^\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*$")


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One domino: ``high`` >= ``low``. Build with :meth:`Tile.of`, which normalises and interns.

    Tiles compare as ``(high, low)`` pairs. ``rank`` is ``high * PIP_VALUES + low``: for the tiles of a set, a
    whole number in that same order, which sorts hands and indexes per-tile tables without building pairs.
    """

    high: int
    low: int
    rank: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank", self.high * PIP_VALUES + self.low)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self.high == other.high and self.low == other.low
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.high, self.low))

    def __lt__(self, other: Tile) -> bool:
        return (self.high, self.low) < (other.high, other.low)

    def __le__(self, other: Tile) -> bool:
        return (self.high, self.low) <= (other.high, other.low)

    def __gt__(self, other: Tile) -> bool:
        return (self.high, self.low) > (other.high, other.low)

    def __ge__(self, other: Tile) -> bool:
        return (self.high, self.low) >= (other.high, other.low)

    @staticmethod
    def of(a: int, b: int) -> Tile:
        """The tile with ends ``a`` and ``b`` in either order."""
        key = (a, b) if a >= b else (b, a)
        tile = _INTERNED.get(key)
        if tile is None:
            if key[1] < 0 or key[0] >= PIP_VALUES:
                raise BadOption(Phrase("{high}-{low} is not a domino", high=a, low=b))
            tile = Tile(*key)
            _INTERNED[key] = tile
        return tile

    @staticmethod
    def parse(text: str) -> Tile:
        """Read a tile written like ``"6-4"``; raises :class:`BadOption` on anything else."""
        match = _TILE_RE.match(str(text))
        if not match:
            raise BadOption(Phrase("{text} is not a tile (write it like 6-4)", text=repr(text)))
        return Tile.of(int(match.group(1)), int(match.group(2)))

    @property
    def pips(self) -> int:
        """The tile's pip value: both ends added, a double counting in full (RULES 1.1)."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        """True when both ends show the same number."""
        return self.high == self.low

    def has(self, value: int) -> bool:
        """True when either end shows ``value``."""
        return self.high == value or self.low == value

    def other(self, value: int) -> int:
        """The end opposite the end showing ``value`` (the same value for a double)."""
        if self.high == value:
            return self.low
        if self.low == value:
            return self.high
        raise ValueError(f"{self} has no {value}")

    def __str__(self) -> str:
        if 0 <= self.low <= self.high < PIP_VALUES:
            index = self.high * PIP_VALUES + self.low
            name = _NAMES[index]
            if name is None:
                name = _NAMES[index] = f"{self.high}-{self.low}"
            return name
        return f"{self.high}-{self.low}"

    def __copy__(self) -> Tile:
        return self  # immutable and interned: a copy is the tile itself

    def __deepcopy__(self, memo: dict[int, object]) -> Tile:
        return self

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"


_INTERNED: dict[tuple[int, int], Tile] = {}
#: How many pip values a tile end may show: 0 to 18 (Tile.of allows up to double-eighteen).
PIP_VALUES = 19
_NAMES: list[str | None] = [None] * (PIP_VALUES * PIP_VALUES)


@cache
def double_set(top: int) -> tuple[Tile, ...]:
    """Every tile from 0-0 to ``top``-``top``: double-six (28), double-nine (55), double-twelve (91)."""
    return tuple(Tile.of(a, b) for a in range(top + 1) for b in range(a + 1))


#: Sort key for the tiles of a set, highest end then lowest (``sorted(hand, key=TILE_ORDER, reverse=True)``).
TILE_ORDER = attrgetter("rank")


def sort_hand(tiles: Iterable[Tile]) -> list[Tile]:
    """``tiles`` as a hand is shown and dealt: highest first."""
    return sorted(tiles, key=TILE_ORDER, reverse=True)


def pip_total(tiles: Iterable[Tile]) -> int:
    """The pips in a hand, doubles counting in full."""
    total = 0
    for tile in tiles:  # a loop, not sum() over a generator: a generator's frame costs more than a hand's sum
        total += tile.high + tile.low
    return total


def highest_double(tiles: Iterable[Tile]) -> Tile | None:
    """The highest double among ``tiles``, or None."""
    best: Tile | None = None
    for tile in tiles:
        if tile.high == tile.low and (best is None or tile.high > best.high):
            best = tile
    return best


def tiles_from(items: Iterable[object], what: str = "tiles") -> list[Tile]:
    """Parse a list of tiles given as strings (``"6-4"``) or pairs; raises :class:`BadOption`."""
    out: list[Tile] = []
    for item in items:
        if isinstance(item, Tile):
            out.append(item)
        elif isinstance(item, str):
            out.append(Tile.parse(item))
        elif isinstance(item, (list, tuple)) and len(item) == 2 and all(isinstance(x, int) for x in item):
            out.append(Tile.of(item[0], item[1]))
        else:
            raise BadOption(Phrase("{what}: {item} is not a tile", what=what, item=repr(item)))
    return out
