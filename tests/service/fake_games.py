"""Two tiny games, registered only while a test runs, for the shapes the bot must handle with no per-game code:
several seats awaited at once (each passes two tiles, all choices locked before any is revealed) and a solo game.

Every game belongs to one of the four families and its view is that family's (engine.views): the passing game
shows as a trick table in its passing phase, like Black Tile's, and the solo game as a line game with no line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations

from engine import Action, Choose, Draw, GameSpec, OptionSpec, Tile, catalogue, double_set
from engine.game import Game
from engine.layout import LineOfPlay
from engine.views import CommonView, LineView, TrickView


class PassTwo(Game):
    """Each seat is dealt 4 tiles and passes 2 to the left, all at once; the heaviest hand then wins."""

    def _setup(self) -> None:
        self.round_no = 1
        self.hands, rest = self.deal_from(list(double_set(6)), [4] * self.seats)
        self.rest = rest
        self.chosen: dict[int, tuple[Tile, ...]] = {}

    def _to_act(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.seats) if s not in self.chosen)

    def _legal(self, seat: int) -> list[Action]:
        return [Choose(pair) for pair in combinations(self.hands[seat], 2)]

    def _apply(self, seat: int, action: Action) -> None:
        assert isinstance(action, Choose)
        self.chosen[seat] = action.tiles
        self.emit("pass", f"Seat {seat + 1} chose two tiles to pass.", seat)
        if len(self.chosen) < self.seats:
            return
        for giver, tiles in self.chosen.items():
            for tile in tiles:
                self.hands[giver].remove(tile)
            self.hands[(giver + 1) % self.seats].extend(tiles)
        pips = [sum(t.pips for t in hand) for hand in self.hands]
        best = max(range(self.seats), key=lambda s: (pips[s], -s))
        self.award(best, pips[best], f"Seat {best + 1} holds the heaviest hand.")
        self.finish([best], f"Seat {best + 1} won.")

    def _view(self, seat: int | None, common: CommonView) -> TrickView:
        nobody = [0] * len(self.sides)
        return {**common, "family": "trick", "target": 0, "phase": "pass", "dealer": None, "bids": [],
                "contract": None, "trick": None, "last_trick": None, "tricks_won": nobody, "points_taken": nobody,
                "sitting_out": [], "turnup": None, "passes_locked": sorted(self.chosen)}

    def hand_lists(self) -> list[list[Tile]]:
        return self.hands

    def zones(self) -> dict[str, list[Tile]]:
        zones = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        zones["dead"] = list(self.rest)
        return zones

    def full_set(self) -> list[Tile]:
        return list(double_set(6))

    def describe(self, action: Action) -> str:
        return "pass " + " and ".join(str(t) for t in action.tiles) if isinstance(action, Choose) else str(action)


class Countdown(Game):
    """A solo game: draw until the counter reaches the target."""

    def _setup(self) -> None:
        self.round_no = 1
        self.count = 0

    def _to_act(self) -> tuple[int, ...]:
        return (0,)

    def _legal(self, seat: int) -> list[Action]:
        return [Draw()]

    def _apply(self, seat: int, action: Action) -> None:
        self.count += 1
        self.emit("draw", f"Count {self.count}.", seat)
        if self.count >= int(self.options["steps"]):
            self.award(0, self.count, "Seat 1 counted to the end.")
            self.finish([0], "Seat 1 won.")

    def _view(self, seat: int | None, common: CommonView) -> LineView:
        return {**common, "family": "line", "line": LineOfPlay().to_view(), "boneyard": 0, "drawable": 0,
                "target": int(self.options["steps"]), "doubles_inline": False, "last_round": None}

    def hand_lists(self) -> list[list[Tile]]:
        return [[]]

    def zones(self) -> dict[str, list[Tile]]:
        return {}

    def full_set(self) -> list[Tile]:
        return []


PASS_TWO = GameSpec("test_pass_two", "Pass Two (test)", (3, 4), "double-six", "Pass two tiles left at once.", (),
                    PassTwo, family="trick", order=900, rig_keys=("deal",))
COUNTDOWN = GameSpec("test_countdown", "Countdown (test)", (1,), "none", "Draw until the count ends.",
                     (OptionSpec("steps", 5, (3, 5, 40), "How many draws"),), Countdown, family="line", order=901)


@contextmanager
def registered() -> Iterator[None]:
    """Add the test games to the catalogue for the duration of a test."""
    games = catalogue()
    games[PASS_TWO.key] = PASS_TWO
    games[COUNTDOWN.key] = COUNTDOWN
    try:
        yield
    finally:
        games.pop(PASS_TWO.key, None)
        games.pop(COUNTDOWN.key, None)
