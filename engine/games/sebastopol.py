"""Sebastopol: a four-hand block game on a cross (RULES 3.3).

Double-six, exactly 4 players, all 28 tiles dealt, no drawing. The holder of 6-6 sets it; it is a spinner whose
four faces (W, E, N, S, in any order, SEB-2) must all take a six before any arm is extended: the 5-tile cross.
Then the four arms are played with ordinary matching; later doubles do not branch. A player who cannot play
passes. Going out or winning a block scores every other hand (SUM, SEB-3). First to 100.

``sebastopol_hasbro`` plays the sheet's own reading (SEB-1): double-twelve, the 6-6 set out before the deal, 7 tiles
each from the other 90, and seat 0 (seated first by lots) begins.
"""

from __future__ import annotations

import dataclasses

from engine.errors import BadOption
from engine.events import EventKind, Prompt
from engine.game import GameSpec, OptionSpec
from engine.layout import LineOfPlay
from engine.linegame import BLOCK_TIE, LineGame, target_option
from engine.phrases import Phrase
from engine.tiles import Tile, double_set
from engine.views import CommonView, LineView

STARTER = Tile.of(6, 6)


class SebastopolGame(LineGame):
    """Sebastopol: the 6-6 cross first, then four arms; pass when unable; SUM scoring."""

    DRAWS = False
    FORMULA = "sum"

    @property
    def hasbro(self) -> bool:
        """True when playing the Hasbro sheet's reading (SEB-1 option)."""
        return bool(self.options["sebastopol_hasbro"])

    def full_set(self) -> list[Tile]:
        """Double-six; double-twelve under ``sebastopol_hasbro``."""
        return list(double_set(12 if self.hasbro else 6))

    def tile_set(self) -> list[Tile]:
        """The tiles dealt from: the whole set, less the 6-6 when it is set out before the deal (SEB-1)."""
        tiles = self.full_set()
        if self.hasbro:
            tiles.remove(STARTER)
        return tiles

    def hand_size(self) -> int:
        """7 tiles each."""
        return 7

    def make_line(self) -> LineOfPlay:
        """The 6-6 is a spinner whose four faces are all filled before any arm grows (SEB-2)."""
        return LineOfPlay(spinner=True, cross_first=True)

    def opening(self) -> tuple[int, Tile]:
        """The holder of the 6-6 sets it."""
        for seat, hand in enumerate(self.hands):
            if STARTER in hand:
                return seat, STARTER
        raise BadOption(Phrase("the rigged deal must give someone the 6-6"))

    def open_round(self) -> bool:
        """The 6-6 holder sets it and play passes left; under SEB-1 it is already out and seat 0 begins."""
        if not self.hasbro:
            return super().open_round()
        self.line.start(STARTER, 0)
        self.emit(EventKind.PLAY, None, tile=STARTER, seats=(0,))
        self.turn = 0
        return True

    def in_cross_phase(self) -> bool:
        """True while a face of the 6-6 is still free, so only sixes on the centre may be played."""
        return any(not self.line.arms[arm] for arm in ("W", "E", "N", "S"))

    def prompt(self) -> Prompt:
        prompt = super().prompt()
        if not self._over and self.in_cross_phase():
            return dataclasses.replace(prompt, cross=True)
        return prompt

    def _view(self, seat: int | None, common: CommonView) -> LineView:
        view = super()._view(seat, common)
        view["cross_phase"] = self.in_cross_phase()
        return view


SPEC = GameSpec(
    key="sebastopol",
    title="Sebastopol",
    seats=(4,),
    tile_set="double-six (double-twelve by option)",
    summary=(
        "4 players, all 28 tiles dealt, no drawing. The 6-6 holder sets it and play goes left. The next four "
        "tiles must be sixes on its four sides, in any order (the cross), before any arm is extended. Then play "
        "on the four arms, or pass if you cannot. Go out, or hold the lowest hand when nobody can play (a tie "
        "scores nobody), to score every other hand's pips. First to 100."
    ),
    options=(
        target_option(100, (50, 100, 150, 200), "3.3"),
        OptionSpec("sebastopol_hasbro", False, (False, True),
                   "The sheet's reading: double-twelve, the 6-6 set out first, seat 1 begins", "SEB-1"),
        BLOCK_TIE,
    ),
    factory=SebastopolGame,
    family="line",
    order=70,
)
