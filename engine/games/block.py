"""Block: no drawing; pass when unable (RULES 3.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import BadOption
from engine.game import GameSpec, OptionSpec
from engine.games.draw import check_set_seats, hand_size_for
from engine.layout import LineOfPlay
from engine.linegame import BLOCK_TIE, PARTNERS, LineGame, check_partners, set_option, target_option
from engine.phrases import Phrase
from engine.scoring import FORMULAS
from engine.tiles import double_set


class BlockGame(LineGame):
    """The block game: undealt tiles are dead; the round winner scores every other hand's pips (BLK-2)."""

    DRAWS = False
    FORMULA = "sum"

    @classmethod
    def check_options(cls, seats: int, options: Mapping[str, Any]) -> None:
        top = int(options["set"])
        check_set_seats(top, seats)
        check_partners(seats, options)
        if hand_size_for(top, seats, block=True) * seats > len(double_set(top)):
            raise BadOption(Phrase("a double-{top} set is too small for {seats} players", top=top, seats=seats))

    def hand_size(self) -> int:
        return hand_size_for(int(self.options["set"]), self.seats, block=True)

    def formula(self) -> str:
        """BLK-2: SUM by default; ``block_scoring`` may pick any formula of RULES 2.10."""
        return str(self.options["block_scoring"])

    def make_line(self) -> LineOfPlay:
        return LineOfPlay(spinner=False)


SPEC = GameSpec(
    key="block",
    title="Block Dominoes",
    seats=tuple(range(2, 11)),
    tile_set="double-twelve (double-six or double-nine by option)",
    summary=(
        "7 tiles each and no drawing: the tiles not dealt stay out. The highest double opens and play goes left. "
        "Match an open end with one tile a turn, or pass if you cannot. Go out, or hold the lowest hand when "
        "nobody can play (a tie for lowest scores nobody), to score every other hand's pips. First to 100 wins."
    ),
    options=(
        target_option(100, (50, 100, 150, 200), "BLK-3"),
        set_option(12),
        OptionSpec("block_scoring", "sum", FORMULAS,
                   "Round score: every other hand's pips (sheet), less own pips, less own from each, or the Muggins "
                   "cascade", "BLK-2"),
        BLOCK_TIE,
        PARTNERS,
    ),
    factory=BlockGame,
    family="line",
    order=20,
)
