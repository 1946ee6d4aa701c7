"""The Draw game: the Double Twelve sheet's basic rules (RULES 3.1)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import BadOption
from engine.game import GameSpec, OptionSpec
from engine.layout import LineOfPlay
from engine.linegame import BLOCK_TIE, PARTNERS, RESERVE_TWO, LineGame, check_partners, set_option, target_option
from engine.phrases import Phrase


def hand_size_for(top: int, seats: int, block: bool = False) -> int:
    """DRW-5 hand sizes: d12 7; d9 7 (5 with 5 or more players); d6 7 for 2 players, 5 for 3-4 (Block: 7 for 4)."""
    if top == 6:
        if seats == 2 or (block and seats == 4):
            return 7
        return 5
    if top == 9 and seats >= 5:
        return 5
    return 7


def check_set_seats(top: int, seats: int) -> None:
    """DRW-5: double-six allows at most 4 players."""
    if top == 6 and seats > 4:
        raise BadOption(Phrase("a double-six set allows at most 4 players, not {seats}", seats=seats))


class DrawGame(LineGame):
    """Draw from the boneyard when unable to play; the round winner scores the others' pips less their own."""

    DRAWS = True

    @classmethod
    def check_options(cls, seats: int, options: Mapping[str, Any]) -> None:
        check_set_seats(int(options["set"]), seats)
        check_partners(seats, options)

    def hand_size(self) -> int:
        """DRW-5; the partnership game (BLK-4) deals 7 each from double-six too, leaving no boneyard."""
        return hand_size_for(int(self.options["set"]), self.seats, block=self.partnership)

    def formula(self) -> str:
        """DRW-1: total minus own by default; the [UC] manual's each-difference as an option."""
        return str(self.options["draw_scoring"])

    def make_line(self) -> LineOfPlay:
        """DRW-2: no spinners unless the first double is made one by option."""
        return LineOfPlay(spinner=bool(self.options["first_double_spinner"]))


SPEC = GameSpec(
    key="draw",
    title="Draw Dominoes",
    seats=(2, 3, 4, 5, 6),
    tile_set="double-twelve (double-six or double-nine by option)",
    summary=(
        "7 tiles each; the rest is the boneyard. The highest double opens (if nobody has one, the tiles are "
        "dealt again) and play goes left. Match an open end with one tile a turn; if you cannot, draw until you "
        "can, and pass once the boneyard is empty. Go out to win the round, or hold the lowest hand when nobody "
        "can play (a tie for lowest scores nobody). The winner scores the others' pips less their own. First to "
        "100 wins (50 for a short game)."
    ),
    options=(
        target_option(100, (50, 100, 150, 200), "3.1"),
        set_option(12),
        OptionSpec("draw_scoring", "sum_minus_own", ("sum_minus_own", "each_diff"),
                   "Round score: others' total less own (sheet), or less own from each (manual)", "DRW-1"),
        OptionSpec("first_double_spinner", False, (False, True),
                   "The opening double branches four ways (top and bottom after both sides)", "DRW-2"),
        RESERVE_TWO,
        BLOCK_TIE,
        PARTNERS,
    ),
    factory=DrawGame,
    family="line",
    order=10,
)
