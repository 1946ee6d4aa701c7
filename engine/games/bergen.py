"""Bergen: make both ends of the line show the same number (RULES 3.4, [HAS] Bergen).

Double-twelve, 6 tiles each, a boneyard drawn from when unable to play. The opening double scores 2 (BER-2); after
every play, equal ends score 2 (a double-header) or 3 when one end tile is a double (a triple-header, BER-1).
Going out scores 1 ("Bergen"); a blocked round gives 1 point to the lowest hand as BER-3 decides. First to 15,
checked the moment a score is made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import BadOption
from engine.events import ScoreReason
from engine.game import GameSpec, OptionSpec
from engine.layout import LineOfPlay, Placed
from engine.linegame import BLOCK_TIE, RESERVE_TWO, LineGame, target_option
from engine.phrases import Phrase
from engine.tiles import Tile, double_set, pip_total
from engine.views import CommonView, LineView

OPENING_POINTS = 2
DOUBLE_HEADER = 2
TRIPLE_HEADER = 3
BERGEN_POINTS = 1
BLOCK_POINTS = 1


def header_points(line: LineOfPlay) -> int:
    """BER-1: 2 when the two open ends show the same number, 3 when one of those end tiles is a double, else 0.

    >>> line = LineOfPlay()
    >>> line.start(Tile.of(6, 6), seat=0)
    >>> _ = line.place(Tile.of(6, 2), "W", 6, seat=1)
    >>> _ = line.place(Tile.of(6, 4), "E", 6, seat=2)
    >>> header_points(line)
    0
    >>> _ = line.place(Tile.of(4, 2), "E", 4, seat=0)
    >>> header_points(line)
    2
    >>> _ = line.place(Tile.of(2, 2), "W", 2, seat=1)
    >>> header_points(line)
    3
    """
    ends = line.open_ends()
    if len(ends) != 2 or ends[0].value != ends[1].value:
        return 0
    return TRIPLE_HEADER if any(end.double for end in ends) else DOUBLE_HEADER


def blocked_winners(hands: list[list[Tile]]) -> list[int]:
    """BER-3: the seats tied for the win of a blocked round (one seat unless tied).

    Hands holding a double cannot win while some hand holds none; the lowest pip total among the double-free
    hands wins. When every hand holds a double, the totals are compared with the doubles left out.

    >>> T = Tile.of
    >>> blocked_winners([[T(1, 1)], [T(6, 5)], [T(9, 3)]])
    [1]
    >>> blocked_winners([[T(1, 1), T(5, 0)], [T(2, 2), T(3, 1)], [T(0, 0), T(9, 8)]])
    [1]
    """
    clean = [seat for seat, hand in enumerate(hands) if not any(t.is_double for t in hand)]
    if clean:
        totals = {seat: pip_total(hands[seat]) for seat in clean}
    else:
        totals = {seat: pip_total(t for t in hand if not t.is_double) for seat, hand in enumerate(hands)}
    low = min(totals.values())
    return [seat for seat, total in totals.items() if total == low]


class BergenGame(LineGame):
    """Bergen: in-play points for equal ends, 1 for going out, 1 for the best hand in a block; to 15."""

    DRAWS = True
    CHECK_TARGET_IN_PLAY = True
    SCORES_IN_PLAY = True

    @classmethod
    def check_options(cls, seats: int, options: Mapping[str, Any]) -> None:
        """BER-4: the double-six game seats at most 4."""
        if options["bergen_d6"] and seats > 4:
            raise BadOption(Phrase("Bergen with a double-six set is for 2 to 4 players, not {seats}", seats=seats))

    def tile_set(self) -> list[Tile]:
        """Double-twelve, or double-six with ``bergen_d6`` (BER-4)."""
        return list(double_set(6 if self.options["bergen_d6"] else 12))

    def hand_size(self) -> int:
        """6 tiles each; 5 each with 4 players on double-six (BER-4)."""
        return 5 if self.options["bergen_d6"] and self.seats == 4 else 6

    def make_line(self) -> LineOfPlay:
        """A plain line: doubles are crosswise and never spinners."""
        return LineOfPlay(spinner=False)

    def after_open(self, seat: int, tile: Tile) -> None:
        """BER-2: placing the opening double scores 2 (not 3)."""
        self.award_in_play(seat, OPENING_POINTS, ScoreReason.OPENING)

    def after_play(self, seat: int, placed: Placed, arm: str) -> None:
        """BER-1: a double-header scores 2, a triple-header 3."""
        points = header_points(self.line)
        if points:
            self.award_in_play(seat, points, ScoreReason.HEADER)

    def score_out(self, seat: int, pips: list[int]) -> dict[int, int]:
        """Going out ("Bergen") scores 1."""
        return {seat: BERGEN_POINTS}

    def score_blocked(self, pips: list[int]) -> dict[int, int]:
        """BER-3: 1 point to the lowest hand as :func:`blocked_winners` decides; a tie scores nobody (2.9)."""
        winners = blocked_winners(self.hands)
        if len(winners) > 1 and self.options["block_tie"] != "all_tied_score":
            return {}
        return dict.fromkeys(winners, BLOCK_POINTS)

    def _view(self, seat: int | None, common: CommonView) -> LineView:
        view = super()._view(seat, common)
        view["set"] = 6 if self.options["bergen_d6"] else 12
        if seat is not None and seat in self.to_act and self.line.started:
            view["play_points"] = self.play_points(seat, header_points)
        return view


SPEC = GameSpec(
    key="bergen",
    title="Bergen",
    seats=tuple(range(2, 9)),
    tile_set="double-twelve (double-six by option)",
    summary=(
        "6 tiles each; the highest double opens and scores 2, then play goes left. After each play, score 2 when "
        "both ends of the line show the same number, 3 when one of those end tiles is a double. Draw when you "
        "cannot play. Going out (\"Bergen\") scores 1. When nobody can play, 1 point goes to the lowest hand "
        "holding no double (if every hand holds one, the lowest counting without doubles); a tie scores nobody. "
        "First to 15 wins, even in the middle of a round."
    ),
    options=(
        target_option(15, (10, 15), "3.4"),
        OptionSpec("bergen_d6", False, (False, True),
                   "Play with a double-six set (6 tiles each; 5 each with 4 players)", "BER-4"),
        RESERVE_TWO,
        BLOCK_TIE,
    ),
    factory=BergenGame,
    family="line",
    order=30,
)
