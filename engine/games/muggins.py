"""Muggins (All Fives): score the open ends whenever they total a multiple of 5 (RULES 3.6, [HAS] Muggins).

Double-twelve, 7 tiles each for 2 players and 5 for 3-4, a boneyard. The opening double is the only spinner and its
sides open once both its ends hold a tile (MUG-2). After every play the open ends are counted (MUG-1); a positive
multiple of 5 scores the count itself (MUG-4), and the match ends the moment a side reaches 100. Players may draw
even when able to play, one tile at a time. Going out scores every opponent's pips; a blocked round is scored by
the cascade. With ``manual_muggins`` (MUG-7) a count must be claimed before the next player acts, and an opponent
who calls "Muggins" first takes it. Two counts are never claimed, even then (decided by RULES 2.7, 2.8 and MUG-4; see
:meth:`MugginsGame.after_open` and :meth:`MugginsGame.after_play`): the opening double's, and that of a play that
goes out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.actions import Action, Call, Draw
from engine.errors import BadOption
from engine.events import EventKind, Prompt, PromptKind, ScoreReason
from engine.game import GameSpec, OptionSpec
from engine.layout import LineOfPlay, Placed
from engine.linegame import RESERVE_TWO, LineGame, target_option
from engine.phrases import Phrase
from engine.scoring import cascade
from engine.tiles import Tile
from engine.views import CommonView, LineView

CLAIM = Call("claim")
MUGGINS = Call("muggins")


def count_points(count: int) -> int:
    """MUG-4: a count scores itself when it is a positive multiple of 5, else nothing.

    >>> [count_points(c) for c in (0, 3, 5, 10, 15, 24)]
    [0, 0, 5, 10, 15, 0]
    """
    return count if count > 0 and count % 5 == 0 else 0


class MugginsGame(LineGame):
    """All Fives: in-play scoring of the count, voluntary draws, cascade scoring of blocked rounds; to 100."""

    DRAWS = True
    FORMULA = "cascade"
    CHECK_TARGET_IN_PLAY = True
    SCORES_IN_PLAY = True

    @classmethod
    def check_options(cls, seats: int, options: Mapping[str, Any]) -> None:
        """``muggins_partners`` needs exactly 4 players."""
        if options["muggins_partners"] and seats != 4:
            raise BadOption(Phrase("Muggins partners needs 4 players, not {seats}", seats=seats))

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Individual play; with ``muggins_partners`` seats 0+2 and 1+3 pool their scores."""
        if self.options.get("muggins_partners"):
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.seats))

    def _setup(self) -> None:
        self.claim: tuple[int, int] | None = None  # (scorer, points) awaiting a claim under manual_muggins
        super()._setup()

    def hand_size(self) -> int:
        """7 tiles each for 2 players, 5 each for 3 or 4."""
        return 7 if self.seats == 2 else 5

    def make_line(self) -> LineOfPlay:
        """The opening double is the one spinner; its sides open after both ends (MUG-2)."""
        return LineOfPlay(spinner=True)

    def may_draw_voluntarily(self, seat: int) -> bool:
        """[HAS]: a player may draw even when able to play, unless ``muggins_no_voluntary_draw``."""
        return not self.options["muggins_no_voluntary_draw"]

    # ----- the count ------------------------------------------------------------------------------------------
    def after_open(self, seat: int, tile: Tile) -> None:
        """MUG-4: the opening double scores its count too (5-5 makes 10, 10-10 makes 20, 0-0 nothing).

        Under ``manual_muggins`` this count is credited automatically, never claimed: RULES 2.7 has the holder's
        double placed as part of the deal (the bot places it; the opener takes no action), so there is no move to
        claim with and no turn for a "Muggins" call to beat. MUG-4 says plainly that the opening double scores.
        """
        self._score_count(seat, automatic=True)

    def after_play(self, seat: int, placed: Placed, arm: str) -> None:
        """MUG-1/MUG-4: a count that is a multiple of 5 scores; under MUG-7 it awaits a claim instead.

        A play that goes out is credited at once, even under ``manual_muggins``: RULES 2.8 ends the round the moment
        the last tile is down (the player calls "Domino!"), so no next player ever acts, and MUG-7's window
        ("claim before the next player acts") cannot open. Crediting at once also keeps RULES 1.5's order: the
        count is checked against the target before the going-out points are added.
        """
        self._score_count(seat, automatic=not self.hands[seat])

    def _score_count(self, seat: int, automatic: bool) -> None:
        count = self.line.end_total()
        points = count_points(count)
        if not points:
            return
        if self.options["manual_muggins"] and not automatic:
            self.claim = (seat, points)
            self.emit(EventKind.COUNT, seat, count=points)
            return
        self.award_in_play(seat, points, ScoreReason.ENDS)

    # ----- claims (MUG-7) -------------------------------------------------------------------------------------
    def _awaits(self, seat: int) -> bool:
        return seat in self._to_act()

    def _to_act(self) -> tuple[int, ...]:
        if self.claim is None:
            return (self.turn,)
        # The scorer first (the claim is due before the next player acts), then that player, then other opponents.
        scorer = self.claim[0]
        rivals = [s for s in self._opponents(scorer) if s != self.turn]
        return (scorer, self.turn, *rivals)

    def _opponents(self, seat: int) -> list[int]:
        mine = self.side_of(seat)
        return [s for s in range(self.seats) if self.side_of(s) != mine]

    def _legal(self, seat: int) -> list[Action]:
        if self.claim is None:
            return super()._legal(seat)
        scorer = self.claim[0]
        if seat == scorer:
            return [CLAIM]
        call: list[Action] = [MUGGINS] if seat in self._opponents(scorer) else []
        return super()._legal(seat) + call if seat == self.turn else call

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Call):
            assert self.claim is not None
            scorer, points = self.claim
            self.claim = None
            if action == CLAIM:
                self.award_in_play(scorer, points, ScoreReason.CLAIM)
            else:
                self.emit(EventKind.CALL, seat)
                self.award_in_play(seat, points, ScoreReason.MUGGINS)
            return
        if self.claim is not None:
            scorer, points = self.claim
            self.claim = None
            self.emit(EventKind.CLAIM_LAPSED, scorer, count=points)
        super()._apply(seat, action)

    # ----- round end ------------------------------------------------------------------------------------------
    def score_out(self, seat: int, pips: list[int]) -> dict[int, int]:
        """Going out scores the exact pips left in every opponent's hand (SUM)."""
        return {seat: sum(pips[s] for s in self._opponents(seat))}

    def score_blocked(self, pips: list[int]) -> dict[int, int]:
        """CASCADE (MUG-6): each hand scores the strictly higher hands less its own pips, at least 0.

        With partners each partnership's hands are added and the two sides are compared; the points go to the
        side's first seat (they are pooled anyway).
        """
        if not self.options["muggins_partners"]:
            return dict(enumerate(cascade(pips)))
        totals = [sum(pips[s] for s in side) for side in self.sides]
        return {side[0]: points for side, points in zip(self.sides, cascade(totals), strict=True)}

    # ----- words and views ------------------------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        points = self.claim[1] if self.claim is not None else 0
        if action == CLAIM:
            return Phrase("Claim {points} points", points=points)
        if action == MUGGINS:
            return Phrase("Muggins! Take the unclaimed {points}", points=points)
        if isinstance(action, Call):
            return Phrase("call {name}", name=action.name)
        if action == Draw() and self.plays(self.turn):
            return Phrase("Draw instead of playing")
        return super().phrase(action)

    def prompt(self) -> Prompt:
        if self._over or self.claim is None:
            return super().prompt()
        scorer, points = self.claim
        return Prompt(PromptKind.CLAIM_OPEN, self.turn, seats=(scorer,), amount=points)

    def _view(self, seat: int | None, common: CommonView) -> LineView:
        view = super()._view(seat, common)
        view["count"] = self.line.end_total()
        view["claim"] = None if self.claim is None else {"seat": self.claim[0], "points": self.claim[1]}
        view["manual_muggins"] = bool(self.options["manual_muggins"])
        if seat is not None and seat in self.to_act and self.claim is None:
            view["play_points"] = self.play_points(seat, lambda line: count_points(line.end_total()))
        return view


SPEC = GameSpec(
    key="muggins",
    title="Muggins (All Fives)",
    seats=(2, 3, 4),
    tile_set="double-twelve",
    summary=(
        "7 tiles each for two players, 5 for three or four. The highest double opens and is the only spinner: "
        "its top and bottom open once both its sides are played. Whenever the open ends add up to a multiple "
        "of 5 you score that total (the opening double counts too). Draw when you cannot play; you may also "
        "draw when you can. Going out scores the others' pips; a blocked round pays each hand the pips of the "
        "higher hands less its own. First to 100 wins at once."
    ),
    options=(
        target_option(100, (50, 100, 150, 200), "3.6"),
        OptionSpec("muggins_partners", False, (False, True),
                   "Four players: seats 1 and 3 against 2 and 4, pooling their scores", "3.6"),
        OptionSpec("muggins_no_voluntary_draw", False, (False, True),
                   "A player who can play must play (no drawing by choice)", "3.6"),
        OptionSpec("manual_muggins", False, (False, True),
                   "Scores must be claimed before the next player acts, or an opponent may call Muggins (the opening "
                   "double and a play that goes out still score by themselves)", "MUG-7"),
        RESERVE_TWO,
    ),
    factory=MugginsGame,
    family="line",
    order=40,
)
