"""Bingo, the one-player game of the Double Twelve sheet (RULES 3.9).

All 91 tiles lie face up in a row. Touch them from left to right counting 0, 1, ..., 12, 0, 1, ...; a tile whose
either end equals the count may be removed (BIN-1). At the end of the row the gaps close and counting goes on
from the leftmost tile without starting again at 0 (BIN-2). The row cleared is a win. RULES' loss, "13
consecutive passes with no removal, after which the state repeats", is read as 13 passes along the row: 13 × (tiles
in the row) touches in a row with no removal bring the row, the place and the count back exactly where they were.

Options: ``bingo_auto_remove`` (on by default): every match is removed, and the player only steps
(``Call("step")``: one tile) or runs (``Call("run")``: on to the next removal or the end). Off: the game counts on by
itself to the next matching tile, and the player removes it (``Call("remove")``) or leaves it (``Pass()``).
``bingo_pip_total``: a tile matches on its pip total, played with the double-six set (BIN-1 option).
Rig key ``row``: the row to play, left to right (tests and puzzles; tiles left out are set aside).
The score is the number of tiles removed; ``view["result"]`` gives the personal-best figures at the end.
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Action, Call, Pass
from engine.errors import BadOption
from engine.events import EventKind, Prompt, PromptKind, ScoreReason, Termination
from engine.game import Game, GameSpec, OptionSpec
from engine.phrases import Phrase
from engine.shuffling import shuffle
from engine.tiles import Tile, double_set
from engine.views import BingoFacts, BingoResult, BingoView, CommonView

COUNT_TO = 13  # the count runs 0..12
PASSES_TO_LOSE = 13


class BingoGame(Game):
    """One player clearing a row of tiles by counting along it."""

    # ----- set-up ------------------------------------------------------------------------------------------------
    def _setup(self) -> None:
        tiles = self.full_set()
        rigged = self.rigged_tiles("row")
        if rigged is None:
            self.row = list(tiles)
            shuffle(self.row, self.rng)
        else:
            self._check_row(rigged, tiles)
            self.row = rigged
        self.dead = list((Counter(tiles) - Counter(self.row)).elements())
        self.removed: list[Tile] = []
        self.position = 0
        self.count = 0
        self.steps = 0
        self.touches = 0  # touches since the last removal
        self.round_no = 1
        self.emit(EventKind.DEAL, count=len(self.row))
        if not self.auto_remove:
            self._run_on(remove=False)

    @staticmethod
    def _check_row(row: list[Tile], tiles: list[Tile]) -> None:
        if not row:
            raise BadOption(Phrase("row must hold at least one tile"))
        if len(set(row)) != len(row) or not set(row) <= set(tiles):
            raise BadOption(Phrase("row: every tile must be in the set, and only once"))

    @property
    def auto_remove(self) -> bool:
        """``bingo_auto_remove``: every match is removed without asking."""
        return bool(self.options.get("bingo_auto_remove", True))

    @property
    def pip_total(self) -> bool:
        """``bingo_pip_total`` (BIN-1 option): match on the pip total, double-six set."""
        return bool(self.options.get("bingo_pip_total", False))

    def matches(self, tile: Tile, count: int) -> bool:
        """BIN-1: either end equals the count (or, by option, the pip total does)."""
        return tile.pips == count if self.pip_total else tile.has(count)

    @property
    def current(self) -> Tile:
        """The tile being touched now."""
        return self.row[self.position]

    # ----- the contract --------------------------------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        return (0,)

    def _legal(self, seat: int) -> list[Action]:
        if self.auto_remove:
            return [Call("step"), Call("run")]
        return [Call("remove"), Pass()]

    def _apply(self, seat: int, action: Action) -> None:
        if action == Call("run"):
            self._run_on(remove=True)
            return
        tile, count = self.current, self.count
        keep = action == Pass() or (action == Call("step") and not self.matches(tile, count))
        if keep:
            self._touch(False)
            self.emit(EventKind.PASS, 0, tile=tile, count=count, declined=self.matches(tile, count))
        else:
            self._touch(True)
        if not self.auto_remove:
            self._run_on(remove=False)

    def _run_on(self, remove: bool) -> None:
        """Touch tile after tile, leaving each, until one matches (then remove it if ``remove``) or the game
        ends. Run mode stops after a removal; without auto-remove the count runs on by itself past
        tiles that cannot be removed, to the next decision."""
        passed = 0
        while not self._over and not self.matches(self.current, self.count):
            self._touch(False)
            passed += 1
        if remove and not self._over:
            self._touch(True, passed)
        elif passed:
            self.emit(EventKind.COUNT, count=passed)

    def _touch(self, remove: bool, passed: int = 0) -> None:
        """Touch the current tile, removing it or not; the count moves on either way (BIN-2)."""
        tile, count = self.current, self.count
        self.steps += 1
        if remove:
            self.row.pop(self.position)
            self.removed.append(tile)
            self.touches = 0
            self.award(0, 1, ScoreReason.REMOVED, 0, tile=tile, count=count, amount=passed)
        else:
            self.position += 1
            self.touches += 1
        self.count = (self.count + 1) % COUNT_TO
        if self.position >= len(self.row):
            self.position = 0
        self._check_end()

    def _check_end(self) -> None:
        if not self.row:
            self.finish([0], Termination.CLEARED, record=self.steps, count=self.steps)
        elif self.touches >= PASSES_TO_LOSE * len(self.row):
            self.finish([], Termination.STUCK, count=self.steps)

    # ----- words, views and zones ----------------------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        if action == Call("run"):
            return Phrase("Run to the next removal")
        tile = self.current
        if action == Call("remove") or (action == Call("step") and self.matches(tile, self.count)):
            return Phrase("Remove {tile} (count {count})", tile=tile, count=self.count)
        if action == Pass():
            return Phrase("Leave {tile} (count {count})", tile=tile, count=self.count)
        if action == Call("step"):
            return Phrase("Pass {tile} (count {count})", tile=tile, count=self.count)
        return Phrase(str(action))

    def prompt(self) -> Prompt:
        if self._over:
            return Prompt(PromptKind.GAME_OVER, seats=self._winners, count=len(self.removed), amount=self.steps)
        if self.auto_remove:
            return Prompt(PromptKind.BINGO_STEP, count=self.count)
        return Prompt(PromptKind.BINGO_MATCH, count=self.count, tile=self.current)

    def _view(self, seat: int | None, common: CommonView) -> BingoView:
        facts: BingoFacts = {
            "family": "bingo",
            "row": [str(t) for t in self.row],
            "position": self.position,
            "count": self.count,
            "removed": len(self.removed),
            "removed_tiles": [str(t) for t in self.removed],
            "tiles": len(self.row) + len(self.removed),
            "steps": self.steps,
            "passes_without_removal": self.touches // len(self.row) if self.row else 0,
            "touches_without_removal": self.touches,
            "matches": bool(self.row) and self.matches(self.current, self.count),
            "auto_remove": self.auto_remove,
            "pip_total": self.pip_total,
            "result": self.result() if self._over else None,
        }
        return {**common, **facts}

    def result(self) -> BingoResult:
        """Personal-best figures: whether the row was cleared, tiles removed, and steps taken (fewest to clear)."""
        cleared = not self.row
        return {"cleared": cleared, "removed": len(self.removed), "steps": self.steps,
                "steps_to_clear": self.steps if cleared else None}

    def hand_lists(self) -> list[list[Tile]]:
        return [[]]

    def _hidden_places(self, seat: int) -> dict[str, list[Tile]]:
        return {"dead": self.dead}

    def zones(self) -> dict[str, list[Tile]]:
        return {"row": list(self.row), "removed": list(self.removed), "dead": list(self.dead)}

    def full_set(self) -> list[Tile]:
        return list(double_set(6 if self.pip_total else 12))


SPEC = GameSpec(
    key="bingo",
    title="Bingo (solitaire)",
    seats=(1,),
    record_name="steps",
    record_meaning="the fewest steps to clear a Bingo row",
    tile_set="double-twelve (double-six with the pip-total option)",
    summary=(
        "All 91 tiles face up in a row (28 with the pip-total option). Count 0 to 12 along it, again and again "
        "without starting over; a tile with either end equal to the count may be removed. At the end of the row "
        "the gaps close and the count goes on from the left. Clear the row to win; 13 passes along the row with "
        "no removal lose."
    ),
    options=(
        OptionSpec("bingo_auto_remove", True, (True, False),
                   "Every matching tile is removed at once (off: you choose to remove or leave each one)", "3.9"),
        OptionSpec("bingo_pip_total", False, (False, True),
                   "A tile matches on its pip total, played with the double-six set", "BIN-1"),
    ),
    factory=BingoGame,
    family="bingo",
    order=160,
    rig_keys=("row",),
)
