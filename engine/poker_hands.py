"""Domino Poker hands (RULES 3.8): the 20-tile set, the ten categories and a comparable rank for any five tiles.
A hand is data here (its category and tiles); render says it in words (render/event_words.py poker_hand_words).

>>> from engine.tiles import tiles_from
>>> rank = evaluate(tiles_from(["6-6", "3-3", "2-2", "4-2", "2-1"]))     # the [HAS] full hand example
>>> rank.category.key, [str(t) for t in rank.tiles]
('full_hand', ['6-6', '3-3', '2-2', '4-2', '2-1'])
>>> evaluate(tiles_from(["3-1", "3-2", "3-3", "4-3", "5-3"])).category.key   # POK-3b: a flush, not a straight
'flush'
>>> pair_of_sixes = evaluate(tiles_from(["6-6", "5-5", "6-1", "4-2", "3-1"]))
>>> pair_of_sixes > evaluate(tiles_from(["5-5", "4-4", "6-5", "6-4", "6-3"]))   # the higher double decides
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum

from engine.tiles import Tile, double_set

HAND_SIZE = 5
STRAIGHT_SUITS = (4, 5, 6)


def poker_set() -> list[Tile]:
    """POK-1: the double-six tiles without any blank and without 1-1 (20 tiles; no tile above 6 on a d12 set)."""
    return [t for t in double_set(6) if t.low > 0 and t != Tile.of(1, 1)]


class Category(IntEnum):
    """The ten hand categories of RULES 3.8, valued so that a better category compares higher."""

    HIGH = 0
    PAIR = 1
    FLUSH = 2
    THREES = 3
    FOUR_STRAIGHT = 4
    FULL_HAND = 5
    FIVE_STRAIGHT = 6
    FOURS = 7
    SIX_STRAIGHT = 8
    ROYAL = 9

    @property
    def key(self) -> str:
        """The category as views name it (``six_straight``)."""
        return self.name.lower()

    @classmethod
    def of_key(cls, key: str) -> Category:
        """The category a view names (:attr:`key`); ValueError for anything else."""
        try:
            return cls[key.upper()]
        except KeyError:
            raise ValueError(f"no poker hand category {key!r}") from None

_STRAIGHT_OF_SUIT = {4: Category.FOUR_STRAIGHT, 5: Category.FIVE_STRAIGHT, 6: Category.SIX_STRAIGHT}


def tile_order(tile: Tile) -> int:
    """RULES 3.8 tile order as a number: doubles above every other tile (6-6 highest), then the other tiles by
    their higher end and then their lower end (6-5 > 6-4 > ... > 2-1)."""
    if tile.is_double:
        return 100 + tile.high
    return 10 * tile.high + tile.low


@dataclass(frozen=True, order=True)
class HandRank:
    """A hand's standing: compare two ranks with ``<``/``>``; the better hand's rank is greater.

    ``key`` starts with the category, then the category's tie-breaks (RULES 3.8), then every tile in descending
    tile order, so two different hands never compare equal. ``suit`` is the flush or straight number (else 0).
    """

    key: tuple[int, ...]
    category: Category
    tiles: tuple[Tile, ...]
    suit: int = 0


def _straight_suit(tiles: Sequence[Tile]) -> int:
    """The suit of a five-tile straight in the 4, 5 or 6 suit (RULES 3.8, POK-3b/c), else 0."""
    for suit in STRAIGHT_SUITS:
        if all(t.has(suit) for t in tiles):
            others = sorted(t.other(suit) for t in tiles)
            if others == list(range(others[0], others[0] + HAND_SIZE)):
                return suit
    return 0


def _flush_suit(tiles: Sequence[Tile]) -> int:
    """The number every tile shares, or 0 (five distinct tiles share at most one number)."""
    common = {tiles[0].high, tiles[0].low}
    for tile in tiles[1:]:
        common &= {tile.high, tile.low}
    return max(common) if common else 0


def classify(tiles: Sequence[Tile]) -> tuple[Category, int]:
    """The category of five tiles, checked in RULES 3.8 order, with its flush or straight suit (else 0)."""
    doubles = sum(1 for t in tiles if t.is_double)
    straight = _straight_suit(tiles)
    if doubles == 5:
        return Category.ROYAL, 0
    if straight == 6:
        return Category.SIX_STRAIGHT, 6
    if doubles == 4:
        return Category.FOURS, 0
    if straight == 5:
        return Category.FIVE_STRAIGHT, 5
    if doubles == 3:
        singles = [t for t in tiles if not t.is_double]
        shared = {singles[0].high, singles[0].low} & {singles[1].high, singles[1].low}
        if shared:
            return Category.FULL_HAND, 0
    if straight == 4:
        return Category.FOUR_STRAIGHT, 4
    if doubles == 3:
        return Category.THREES, 0
    flush = _flush_suit(tiles)
    if flush:
        return Category.FLUSH, flush
    if doubles == 2:
        return Category.PAIR, 0
    return Category.HIGH, 0


def evaluate(tiles: Iterable[Tile]) -> HandRank:
    """The rank of a five-tile Domino Poker hand (RULES 3.8). Raises ValueError unless five different tiles.

    Tie-breaks inside a category: a flush by its common number first; a pair by the higher double, the lower
    double, then the other tiles in tile order; every category then by all tiles in descending tile order (for
    High Tile that is the whole rule). Other categories cannot meet at one table (RULES 3.8).
    """
    hand = tuple(sorted(tiles, key=tile_order, reverse=True))
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE:
        raise ValueError(f"a poker hand is {HAND_SIZE} different tiles, not {len(hand)}")
    category, suit = classify(hand)
    orders = tuple(tile_order(t) for t in hand)
    # Pair: the tile order puts both doubles first, so "higher double, lower double, the rest" is that order.
    key = (int(category), suit, *orders) if category == Category.FLUSH else (int(category), *orders)
    return HandRank(key, category, hand, suit)
