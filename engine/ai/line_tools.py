"""What the layout-game computer players share: the tiles a seat cannot see, a line with one more tile on it, and
a chooser that rates each legal play.

Everything here reads only public information (the line of play, the set) and the seat's own hand.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from engine.actions import Action, Play
from engine.ai.base import SeededPlayer
from engine.game import Game
from engine.layout import LineOfPlay
from engine.linegame import LineGame
from engine.tiles import Tile
from engine.views import GameView

GOING_OUT = 10_000.0


def line_of(game: Game) -> LineOfPlay:
    """The game's line of play (public: every seat sees it)."""
    assert isinstance(game, LineGame), "a layout-game player needs a game with a line of play"
    return game.line


@dataclass
class Table:
    """What a seat knows when it decides: its view, its hand, the line and the tiles it cannot see."""

    game: Game
    seat: int
    view: GameView
    hand: list[Tile]
    line: LineOfPlay
    hidden: list[Tile]

    @staticmethod
    def of(game: Game, seat: int) -> Table:
        """Read the table from ``seat``'s view and the public line."""
        view = game.view(seat)
        hand = [Tile.parse(t) for t in view["hand"] or []]
        line = line_of(game)
        left = Counter(game.full_set())
        left.subtract(hand)
        left.subtract(line.tiles())
        hidden = [tile for tile, n in left.items() for _ in range(max(n, 0))]
        return Table(game, seat, view, hand, line, hidden)

    def next_hand(self) -> int:
        """How many tiles the next player holds (the one who answers a play)."""
        counts = self.view["hand_counts"]
        return int(counts[(self.seat + 1) % len(counts)])

    def holds_chance(self) -> float:
        """The chance that the next player holds a given unseen tile."""
        return min(1.0, self.next_hand() / max(len(self.hidden), 1))


def line_after(line: LineOfPlay, play: Play) -> LineOfPlay:
    """A copy of ``line`` with ``play`` made on it (the original is untouched)."""
    assert play.face is not None
    twin = copy.copy(line)
    twin.arms = {arm: list(placed) for arm, placed in line.arms.items()}
    twin.place(play.tile, play.end, play.face, -1)
    return twin


def numbers_in(tiles: Iterable[Tile]) -> Counter[int]:
    """How many of ``tiles`` show each number (a double counts once)."""
    return Counter(n for t in tiles for n in {t.high, t.low})


def expected_best(points: list[float], chance: float) -> float:
    """The expected best of ``points`` when each is available independently with probability ``chance``.

    >>> expected_best([10, 5], 0.5)
    6.25
    """
    total, missing = 0.0, 1.0
    for value in sorted(points, reverse=True):
        if value <= 0:
            break
        total += value * chance * missing
        missing *= 1.0 - chance
    return total


class RatedPlayer(SeededPlayer):
    """A computer player that rates each legal tile play and takes the best (ties broken by a seeded jitter).

    Subclasses implement :meth:`rate`; :meth:`other_action` picks among non-play actions (claims, draws, passes)
    and may also prefer one of them to the best play.
    """

    name = "heuristic"

    def choose(self, game: Game, seat: int) -> Action:
        """The best-rated legal action for ``seat``."""
        legal = game.legal_actions(seat)
        plays = [a for a in legal if isinstance(a, Play)]
        special = self.other_action(game, seat, legal, plays)
        if special is not None:
            return special
        if not plays:
            return legal[0]
        table = Table.of(game, seat)
        rated = [(self.rate(table, play) + self.rng.random() * 0.01, play) for play in plays]
        return max(rated, key=lambda r: r[0])[1]

    def other_action(self, game: Game, seat: int, legal: list[Action], plays: list[Play]) -> Action | None:
        """A non-play action to take now instead of rating plays, or None."""
        return None

    def rate(self, table: Table, play: Play) -> float:
        """How good ``play`` is for the seat at ``table`` (higher is better)."""
        raise NotImplementedError
