"""Tiddle-a-Wink: a block game for a crowd where every double earns another turn (RULES 3.5).

Double-twelve, 6 to 10 players, 5 tiles each, no drawing. The highest double opens, and it too earns its player
another turn; any double played gives one more, so doubles chain (TW-2). The extra turn is an ordinary turn: play if
able (TW-1), else say "Gee" (a pass). Going out scores every other hand; a block scores the lowest hand the others'
pips less its own. First to 100 (200 by option, TW-4).
"""

from __future__ import annotations

from engine.actions import Action, Pass
from engine.events import EventKind, Prompt, PromptKind
from engine.game import GameSpec, OptionSpec
from engine.layout import LineOfPlay
from engine.linegame import BLOCK_TIE, LineGame, target_option
from engine.phrases import Phrase
from engine.tiles import Tile, double_set
from engine.views import CommonView, LineView


class TiddleAWinkGame(LineGame):
    """Tiddle-a-Wink: no drawing, "Gee" to pass, an extra turn after every double."""

    DRAWS = False
    FORMULA = "sum_minus_own"  # going out: the winner holds nothing, so this is the sheet's SUM

    def _setup(self) -> None:
        self.bonus = False  # the player to act is taking the extra turn a double earned
        super()._setup()

    def tile_set(self) -> list[Tile]:
        """Double-twelve."""
        return list(double_set(12))

    def hand_size(self) -> int:
        """5 tiles each."""
        return 5

    def make_line(self) -> LineOfPlay:
        """Both ends of a plain line; one end only with ``tiddle_one_arm`` (TW-3)."""
        arms = ("E",) if self.options["tiddle_one_arm"] else ("W", "E")
        return LineOfPlay(spinner=False, arms=arms)

    def extra_turn(self, seat: int, tile: Tile) -> bool:
        """TW-2: any double, the opening one included, gives its player another turn."""
        self.bonus = tile.is_double
        if self.bonus:
            self.emit(EventKind.EXTRA_TURN, seat)
        return self.bonus

    def _declining(self, seat: int) -> bool:
        """True when a pass now would give up an optional extra turn the player could use (TW-1 option)."""
        return self.bonus and bool(self.options["tiddle_extra_optional"]) and bool(self.plays(seat))

    def _legal(self, seat: int) -> list[Action]:
        legal = super()._legal(seat)
        if self._declining(seat):
            legal.append(Pass())
        return legal

    def _pass(self, seat: int) -> None:
        """Say "Gee"; giving up an optional extra turn is no Gee, so it does not count towards a block."""
        declined = self._declining(seat)
        self.bonus = False
        if not declined:
            super()._pass(seat)
            return
        self.passes = 0
        self.emit(EventKind.PASS, seat, declined=True)
        self.turn = self._next(seat)

    def phrase(self, action: Action) -> Phrase:
        if isinstance(action, Pass):
            return Phrase("Gee: end the extra turn") if self._declining(self.turn) else Phrase("Gee (pass)")
        return super().phrase(action)

    def prompt(self) -> Prompt:
        if self._over:
            return super().prompt()
        if not self.plays(self.turn):
            return Prompt(PromptKind.MUST_PASS, self.turn)
        if self.bonus:
            return Prompt(PromptKind.EXTRA_TURN, self.turn, flag=bool(self.options["tiddle_extra_optional"]))
        return Prompt(PromptKind.TO_PLAY, self.turn)

    def _view(self, seat: int | None, common: CommonView) -> LineView:
        view = super()._view(seat, common)
        view["extra_turn"] = self.bonus
        return view


SPEC = GameSpec(
    key="tiddle_a_wink",
    title="Tiddle-a-Wink",
    seats=tuple(range(6, 11)),
    tile_set="double-twelve",
    summary=(
        "6 to 10 players, 5 tiles each, no drawing. The highest double opens and play goes left. Whenever you "
        "play a double, the opening one included, you take another turn (play again if you can). If you cannot "
        "play, say \"Gee\". Going out scores every other hand's pips; in a block the lowest hand scores the "
        "others' pips less its own. First to 100."
    ),
    options=(
        target_option(100, (100, 200), "TW-4"),
        OptionSpec("tiddle_extra_optional", False, (False, True),
                   "The extra turn after a double may be declined", "TW-1"),
        OptionSpec("tiddle_one_arm", False, (False, True), "Play on one end of the line only", "TW-3"),
        BLOCK_TIE,
    ),
    factory=TiddleAWinkGame,
    family="line",
    order=60,
)
