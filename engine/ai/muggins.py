"""A Muggins (All Fives) player: make the ends total a multiple of 5, deny the next player one, and claim.

Each play is rated by the count it scores at once, less the score the next player can be expected to answer with
(the best multiple of 5 any unseen tile would make, weighted by the chance that player holds it), plus a little for
shedding heavy tiles and keeping its own tiles playable. It always claims its own count and calls "Muggins" on an
unclaimed one (MUG-7). It never draws by choice.
"""

from __future__ import annotations

from engine.actions import Action, Call, Draw, Play
from engine.ai.line_tools import GOING_OUT, RatedPlayer, Table, expected_best, line_after, numbers_in
from engine.game import Game
from engine.games.muggins import CLAIM, MUGGINS, count_points
from engine.layout import LineOfPlay
from engine.tiles import Tile

SCORE_WEIGHT = 1.0
DANGER_WEIGHT = 0.7
PIP_WEIGHT = 0.15
KEEP_WEIGHT = 0.6


def best_reply(line: LineOfPlay, hidden: list[Tile]) -> list[float]:
    """For each unseen tile, the most the next player could score by playing it on ``line``."""
    ends = line.open_ends()
    out: list[float] = []
    for tile in hidden:
        best = 0
        for end in ends:
            if tile.has(end.value):
                after = line_after(line, Play(tile, end.arm, end.value))
                best = max(best, count_points(after.end_total()))
        out.append(float(best))
    return out


class MugginsPlayer(RatedPlayer):
    """Scores multiples of 5, plays safe against the next player's reply, and never misses a claim."""

    name = "muggins"

    def other_action(self, game: Game, seat: int, legal: list[Action], plays: list[Play]) -> Action | None:
        for call in (CLAIM, MUGGINS):
            if call in legal:
                return call
        if not plays:
            return next((a for a in legal if not isinstance(a, Call)), legal[0])
        if Draw() in legal and len(legal) == 1:
            return Draw()
        return None

    def rate(self, table: Table, play: Play) -> float:
        after = line_after(table.line, play)
        points = count_points(after.end_total())
        rest = [t for t in table.hand if t != play.tile]
        if not rest:
            return GOING_OUT + points
        danger = expected_best(best_reply(after, table.hidden), table.holds_chance())
        numbers = numbers_in(rest)
        keeps = sum(numbers[e.value] for e in after.open_ends())
        return (SCORE_WEIGHT * points - DANGER_WEIGHT * danger + PIP_WEIGHT * play.tile.pips
                + KEEP_WEIGHT * keeps)


PLAYER = MugginsPlayer
