"""A Bergen player: make double- and triple-headers, and do not leave the next player one.

Each play is rated by the header it makes at once (BER-1), less the header the next player could answer with: with
ends a and b the tile a-b makes equal ends, and with equal ends a and a the double a-a makes a triple-header; each
counts by the chance that player holds it. Doubles in hand lose a blocked round (BER-3), so they are shed early;
heavier tiles too, and tiles that keep its own hand playable are preferred.
"""

from __future__ import annotations

from engine.actions import Play
from engine.ai.line_tools import GOING_OUT, RatedPlayer, Table, line_after, numbers_in
from engine.games.bergen import BERGEN_POINTS, DOUBLE_HEADER, TRIPLE_HEADER, header_points
from engine.layout import LineOfPlay
from engine.tiles import Tile

POINT_WEIGHT = 10.0
DOUBLE_BONUS = 4.0
PIP_WEIGHT = 0.2
KEEP_WEIGHT = 1.5


def answer_points(line: LineOfPlay, hidden: set[Tile]) -> float:
    """The header the next player could make on ``line`` with a tile it may hold, or 0."""
    ends = line.open_ends()
    if len(ends) != 2:
        return 0.0
    (a, a_double), (b, b_double) = ((e.value, e.double) for e in ends)
    if a == b:
        return float(TRIPLE_HEADER) if Tile.of(a, a) in hidden else 0.0
    if Tile.of(a, b) in hidden:
        return float(TRIPLE_HEADER if a_double or b_double else DOUBLE_HEADER)
    return 0.0


class BergenPlayer(RatedPlayer):
    """Scores headers, denies them to the next player, sheds doubles before a block can catch them."""

    name = "bergen"

    def rate(self, table: Table, play: Play) -> float:
        after = line_after(table.line, play)
        points = header_points(after)
        rest = [t for t in table.hand if t != play.tile]
        if not rest:
            return GOING_OUT + POINT_WEIGHT * (points + BERGEN_POINTS)
        danger = answer_points(after, set(table.hidden)) * table.holds_chance()
        numbers = numbers_in(rest)
        keeps = sum(numbers[e.value] for e in after.open_ends())
        value = POINT_WEIGHT * (points - danger) + PIP_WEIGHT * play.tile.pips + KEEP_WEIGHT * keeps
        return value + (DOUBLE_BONUS if play.tile.is_double else 0.0)


PLAYER = BergenPlayer
