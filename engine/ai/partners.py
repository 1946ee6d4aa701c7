"""What a layout-game computer player reads of its partner and its opponents (RULES BLK-4 and other partnership
layout games), from the observation API only (:mod:`engine.observation`).

A pass (or a draw) shows a seat holds none of the numbers it faced; a number still possible for a seat is one that
some unseen tile it may hold bears. A good partner leaves ends its partner can answer and the next opponent cannot,
and keeps the numbers its partner has put out (a player leads from its strength).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.game import Game
from engine.layout import LineOfPlay

#: How much an end the next opponent cannot answer (they pass) is worth, how much one the partner cannot answer
#: costs, and how much each end showing a number the partner put out is worth (in the heuristic's pips).
OPPONENT_BLOCKED = 12.0
PARTNER_BLOCKED = 1.0
PARTNER_SUIT = 0.5


@dataclass(frozen=True)
class Partnership:
    """One seat's reading of a partnership table: the numbers each other seat may still hold, and the numbers the
    partner has put out on the line this round."""

    seat: int
    partner: int
    holds: dict[int, frozenset[int]]
    partner_suits: frozenset[int]

    @staticmethod
    def of(game: Game, seat: int, line: LineOfPlay) -> Partnership | None:
        """The reading for ``seat``, or None when it plays alone."""
        side = game.sides[game.side_of(seat)]
        if len(side) != 2 or game.seats != 4:
            return None
        partner = side[0] if side[1] == seat else side[1]
        seen = game.observe(seat)
        holds = {}
        for other in range(game.seats):
            if other != seat:
                holds[other] = frozenset(n for tile in seen.unseen if seen.may_hold(other, tile)
                                         for n in (tile.high, tile.low))
        suits = frozenset(p.outer for placed in line.arms.values() for p in placed if p.seat == partner)
        return Partnership(seat, partner, holds, suits)

    def can_answer(self, other: int, ends: Iterable[int]) -> bool:
        """True when seat ``other`` may hold a tile for one of ``ends``."""
        held = self.holds[other]
        return any(end in held for end in ends)

    def rate_ends(self, ends: list[int]) -> float:
        """How good leaving ``ends`` is for the side: the next opponent shut out, the partner not, the partner's
        numbers kept open."""
        after = (self.seat + 1) % 4
        value = 0.0
        if ends and not self.can_answer(after, ends):
            value += OPPONENT_BLOCKED
        if ends and not self.can_answer(self.partner, ends):
            value -= PARTNER_BLOCKED
        value += PARTNER_SUIT * sum(1 for end in set(ends) if end in self.partner_suits)
        return value
