"""A Tiddle-a-Wink player: doubles are worth an extra turn, so it plays them when it can follow them up.

Each play is rated by the pips it sheds and how many of its own remaining tiles still fit the ends it leaves. A
double earns another turn (TW-2), which sheds a second tile at once: it is rated highly, more so when a remaining
tile can be played straight after it. It never gives up an optional extra turn (TW-1 option) while it can play.
"""

from __future__ import annotations

from engine.actions import Play
from engine.ai.line_tools import GOING_OUT, RatedPlayer, Table, line_after, numbers_in

DOUBLE_BONUS = 8.0
FOLLOW_UP_BONUS = 10.0
KEEP_WEIGHT = 2.0
BLOCK_WEIGHT = 0.3


class TiddleAWinkPlayer(RatedPlayer):
    """Sheds heavy tiles, chains doubles into extra turns, keeps its hand playable."""

    name = "tiddle_a_wink"

    def rate(self, table: Table, play: Play) -> float:
        rest = [t for t in table.hand if t != play.tile]
        if not rest:
            return GOING_OUT
        after = line_after(table.line, play)
        ends = [e.value for e in after.open_ends()]
        mine = numbers_in(rest)
        value = float(play.tile.pips) + KEEP_WEIGHT * sum(mine[e] for e in set(ends))
        if play.tile.is_double:
            value += DOUBLE_BONUS + (FOLLOW_UP_BONUS if any(mine[e] for e in ends) else 0.0)
        theirs = numbers_in(table.hidden)
        return value - BLOCK_WEIGHT * sum(theirs[e] for e in set(ends))


PLAYER = TiddleAWinkPlayer
