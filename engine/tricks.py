"""The trick-taking core shared by the trick games (RULES section 4).

A *suit* is named by text: a number ``"0"`` to ``"6"`` or ``"doubles"``. A :class:`SuitRule` says, for one hand's
contract, which suits a tile belongs to, which suit it calls for when led, whether it is a trump and how it ranks.
:class:`NumberSuits` is the usual rule (RULES 4.2-4.3), configurable for doubles as trumps, doubles as their own
suit, no-trump and suits declared by the leader; a game with stranger suits (Euchre's left bower) subclasses it
and overrides :meth:`NumberSuits.suits_of` and :meth:`NumberSuits.rank`.

>>> fives = NumberSuits(trump="5")
>>> t = Tile.of
>>> fives.is_trump(t(5, 2)), fives.suit_of_lead(t(6, 5)), fives.suit_of_lead(t(6, 2))
(True, '5', '6')
>>> fives.follows(t(6, 5), "6")      # RULES 4.2: a trump never belongs to its other number's suit
False
>>> trick_winner([t(6, 2), t(6, 6), t(2, 0)], "6", fives)
1
>>> trick_winner([t(6, 2), t(6, 6), t(5, 0)], "6", fives)   # any trump beats the led suit
2
>>> legal_follows([t(6, 5), t(4, 1), t(3, 2)], "6", fives)    # cannot follow: any tile
[Tile(6, 5), Tile(4, 1), Tile(3, 2)]
>>> count_value(t(5, 5)), count_value(t(4, 1)), count_value(t(6, 6))
(10, 5, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from engine.errors import IllegalAction
from engine.phrases import Phrase, in_context
from engine.tiles import Tile
from engine.views import TrickInPlay

DOUBLES = "doubles"
NO_TRUMP = "none"
NUMBER_SUITS = tuple(str(n) for n in range(7))
#: Each suit in words, for players (said by render; a move's label names its suit with them).
SUIT_WORDS = {"0": in_context("suit", "blanks"), "1": in_context("suit", "ones"), "2": in_context("suit", "twos"),
              "3": in_context("suit", "threes"), "4": in_context("suit", "fours"), "5": in_context("suit", "fives"),
              "6": in_context("suit", "sixes"), DOUBLES: in_context("suit", "doubles"),
              NO_TRUMP: in_context("suit", "no-trump")}
NO_SUIT = in_context("suit", "no suit")

# How doubles belong to suits: in their number suit only (RULES 4.3), in a doubles suit only (42's no-trump variant,
# Nel-O doubles suit), or in both (Eleven Point Black Tile, where the leader says which).
IN_NUMBERS = "in_numbers"
OWN_SUIT = "own_suit"
BOTH = "both"


def suit_words(suit: str | None) -> Phrase:
    """A suit in words for players, as a phrase: ``"5"`` -> ``fives``, ``None`` -> ``no suit``; an unknown suit as
    it is."""
    if suit is None:
        return NO_SUIT
    return SUIT_WORDS.get(suit) or Phrase(suit)


class SuitRule(Protocol):
    """What a trick game must say about its suits for one hand."""

    @property
    def trump(self) -> str | None:
        """The trump suit (``"5"``, ``"doubles"``), or None when there are no trumps."""
        ...

    def is_trump(self, tile: Tile) -> bool:
        """True when ``tile`` is a trump (and so belongs to the trump suit only)."""
        ...

    def follows(self, tile: Tile, led_suit: str) -> bool:
        """True when ``tile`` belongs to ``led_suit``, so it follows it (RULES 4.1)."""
        ...

    def lead_choices(self, tile: Tile) -> tuple[str, ...]:
        """The suits the leader may call for with ``tile``: one when the game fixes it, several when declared."""
        ...

    def suit_of_lead(self, tile: Tile, declared: str = "") -> str:
        """The led suit when ``tile`` leads a trick (``declared``: the leader's choice, where the game allows)."""
        ...

    def rank(self, tile: Tile, suit: str) -> int:
        """How high ``tile`` stands within ``suit`` (bigger wins); only asked of tiles that belong to it."""
        ...


@dataclass(frozen=True)
class NumberSuits:
    """The usual number suits, with ``trump`` a number suit, ``"doubles"``, or None (no-trump).

    ``doubles`` says where doubles belong when they are not trumps: ``in_numbers`` (highest of their number,
    RULES 4.3), ``own_suit`` (a separate doubles suit, 6-6 high, the number suits holding no doubles) or ``both``.
    ``declare`` lets the leader of a non-trump tile call either of its suits (Euchre EU-2, Black Tile); otherwise a
    non-trump tile leads its higher end (RULES 4.4) and, with a doubles suit, a double leads doubles.
    """

    trump: str | None = None
    doubles: str = IN_NUMBERS
    declare: bool = False

    def __post_init__(self) -> None:
        if self.trump is not None and self.trump not in NUMBER_SUITS and self.trump != DOUBLES:
            raise ValueError(f"unknown trump suit {self.trump!r}")
        if self.doubles not in (IN_NUMBERS, OWN_SUIT, BOTH):
            raise ValueError(f"unknown doubles rule {self.doubles!r}")

    def suits_of(self, tile: Tile) -> frozenset[str]:
        """Every suit ``tile`` belongs to: the trump suit alone for a trump (RULES 4.2), else its numbers and/or
        the doubles suit."""
        if self.trump == DOUBLES:
            if tile.is_double:
                return frozenset((DOUBLES,))
            return frozenset((str(tile.high), str(tile.low)))
        if self.trump is not None and tile.has(int(self.trump)):
            return frozenset((self.trump,))
        if not tile.is_double:
            return frozenset((str(tile.high), str(tile.low)))
        if self.doubles == OWN_SUIT:
            return frozenset((DOUBLES,))
        if self.doubles == BOTH:
            return frozenset((DOUBLES, str(tile.high)))
        return frozenset((str(tile.high),))

    def is_trump(self, tile: Tile) -> bool:
        return self.trump is not None and self.trump in self.suits_of(tile)

    def follows(self, tile: Tile, led_suit: str) -> bool:
        return led_suit in self.suits_of(tile)

    def lead_choices(self, tile: Tile) -> tuple[str, ...]:
        suits = self.suits_of(tile)
        if self.trump is not None and self.trump in suits:
            return (self.trump,)
        if self.declare:
            return tuple(sorted(suits, key=_suit_order, reverse=True))
        return (self._default_lead(tile, suits),)

    def suit_of_lead(self, tile: Tile, declared: str = "") -> str:
        choices = self.lead_choices(tile)
        if declared in choices:
            return declared
        if declared:
            raise IllegalAction(Phrase("{tile} cannot lead {suit}", tile=tile, suit=suit_words(declared)))
        return choices[0]

    def rank(self, tile: Tile, suit: str) -> int:
        """RULES 4.3: in number suit s, s-s is top, then the other end 6 down to 0; doubles rank by their number."""
        if suit == DOUBLES:
            return tile.high
        number = int(suit)
        return 7 if tile.is_double else tile.other(number)

    @staticmethod
    def _default_lead(tile: Tile, suits: frozenset[str]) -> str:
        if str(tile.high) in suits:
            return str(tile.high)
        return max(suits, key=_suit_order)


def _suit_order(suit: str) -> int:
    return 99 if suit == DOUBLES else int(suit)


def legal_follows(hand: Iterable[Tile], led_suit: str, rule: SuitRule) -> list[Tile]:
    """RULES 4.1: the tiles of ``hand`` that follow ``led_suit``; every tile when none does."""
    tiles = list(hand)
    following = [tile for tile in tiles if rule.follows(tile, led_suit)]
    return following or tiles


def trick_winner(plays: Sequence[Tile], led_suit: str, rule: SuitRule) -> int:
    """RULES 4.1: the index in ``plays`` of the winning tile: the highest trump if any trump was played, else the
    highest tile of the led suit. Between identical tiles (Seventy-Nine's two sets) the earlier one wins."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    trumps = [i for i, tile in enumerate(plays) if rule.is_trump(tile)]
    if trumps and rule.trump is not None:
        suit, candidates = rule.trump, trumps
    else:
        suit = led_suit
        candidates = [i for i, tile in enumerate(plays) if rule.follows(tile, led_suit)]
    if not candidates:
        raise ValueError("no tile in the trick belongs to the led suit")
    best = candidates[0]
    for index in candidates[1:]:
        if rule.rank(plays[index], suit) > rule.rank(plays[best], suit):
            best = index
    return best


COUNT_TILES = {Tile.of(5, 5): 10, Tile.of(6, 4): 10, Tile.of(5, 0): 5, Tile.of(4, 1): 5, Tile.of(3, 2): 5}


def count_value(tile: Tile) -> int:
    """The count of a tile in Texas 42 and Seventy-Nine (RULES 4.4): 5-5 and 6-4 are 10, 5-0, 4-1, 3-2 are 5."""
    return COUNT_TILES.get(tile, 0)


@dataclass
class Trick:
    """One trick in progress: who led, the suit led and the tiles played, in order."""

    leader: int
    led_suit: str | None = None
    plays: list[tuple[int, Tile]] = field(default_factory=list)

    def tiles(self) -> list[Tile]:
        """The tiles played so far, in order."""
        return [tile for _, tile in self.plays]

    def seats(self) -> list[int]:
        """The seats that have played, in order."""
        return [seat for seat, _ in self.plays]

    def winner(self, rule: SuitRule) -> int:
        """The seat whose tile wins the trick so far (RULES 4.1)."""
        if self.led_suit is None:
            raise ValueError("nothing has been led")
        return self.plays[trick_winner(self.tiles(), self.led_suit, rule)][0]

    def to_view(self) -> TrickInPlay:
        """The trick as the view's ``trick`` entry (COMMON view conventions)."""
        return {"leader": self.leader, "led_suit": self.led_suit,
                "plays": [[seat, str(tile)] for seat, tile in self.plays]}
