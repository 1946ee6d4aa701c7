"""Round-scoring formulas of the layout games (RULES 2.9-2.10).

W is the winner's pips, O the opponents' pips:

>>> round_points("sum_minus_own", 3, [9, 21])     # [HAS] Basic example
27
>>> round_points("each_diff", 5, [19, 12])         # [UC] example
21
>>> round_points("sum", 5, [19, 12])
31
>>> cascade([3, 9, 21])                           # Muggins blocked example
[27, 12, 0]
"""

from __future__ import annotations

from collections.abc import Sequence

FORMULAS = ("sum", "sum_minus_own", "each_diff", "cascade")


def round_points(formula: str, own: int, others: Sequence[int]) -> int:
    """Points a round winner with ``own`` pips scores from opponents holding ``others`` (never below 0)."""
    if formula == "sum":
        points = sum(others)
    elif formula == "sum_minus_own":
        points = sum(others) - own
    elif formula == "each_diff":
        points = sum(o - own for o in others)
    else:
        raise ValueError(f"unknown scoring formula {formula!r}")
    return max(points, 0)


def cascade(pips: Sequence[int]) -> list[int]:
    """CASCADE (Muggins blocked rounds, MUG-6): each player scores the pips of every strictly higher hand less
    their own, at least 0."""
    return [max(sum(p for p in pips if p > own) - own, 0) for own in pips]


def lowest_unique(pips: Sequence[int]) -> int | None:
    """The seat with the unique lowest total, or None when the lowest is tied (RULES 2.9)."""
    low = min(pips)
    seats = [seat for seat, p in enumerate(pips) if p == low]
    return seats[0] if len(seats) == 1 else None
