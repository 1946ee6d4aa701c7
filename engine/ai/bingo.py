"""Bingo's computer players (RULES 3.9). The whole row is public, so a player may look ahead.

- :class:`AlwaysRemove` removes every match (what ``bingo_auto_remove`` does): about 84% of deals cleared.
- :class:`LookAhead` (the default ``PLAYER``): at each match it plays both choices on to the end with
  always-remove and leaves the tile when only leaving it clears the row (or leaves more tiles removed). In
  simulation (``benchmarks/bingo_policies.py``) it clears nearly every deal, so always removing is not the best
  policy: sometimes leaving a tile puts the rest of the row in step with the count.
With ``bingo_auto_remove`` on there is no choice to make, and both players simply run to the next removal.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Call, Pass
from engine.game import Game
from engine.tiles import Tile
from engine.views import bingo_view

COUNT_TO = 13
PASSES_TO_LOSE = 13


def rollout(row: Sequence[Tile], position: int, count: int, touches: int, pip_total: bool) -> tuple[bool, int]:
    """Always-remove from a state to the end, in a tight loop: (row cleared, tiles removed on the way).

    ``touches`` are the touches since the last removal; the game is lost after 13 passes along the row without a
    removal, as in the engine (tests check that both agree).
    """
    tiles = list(row)
    removed = 0
    while tiles:
        tile = tiles[position]
        if (tile.high + tile.low == count) if pip_total else (count in (tile.high, tile.low)):
            tiles.pop(position)
            removed += 1
            touches = 0
        else:
            position += 1
            touches += 1
            if touches >= PASSES_TO_LOSE * len(tiles):
                return False, removed
        count = (count + 1) % COUNT_TO
        if position >= len(tiles):
            position = 0
    return True, removed


class AlwaysRemove:
    """Removes every match: with auto-remove it runs on to the next removal; without, it always removes."""

    name = "always remove"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        for wanted in (Call("run"), Call("remove")):
            if wanted in legal:
                return wanted
        return legal[0]


class LookAhead(AlwaysRemove):
    """Removes a match unless leaving it does better when both are played out with always-remove."""

    name = "look-ahead"

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if Pass() not in legal:
            return super().choose(game, seat)
        view = bingo_view(game.view(seat))
        row = [Tile.parse(t) for t in view["row"]]
        at, count, touches = int(view["position"]), int(view["count"]), int(view["touches_without_removal"])
        following = (count + 1) % COUNT_TO
        if touches + 1 >= PASSES_TO_LOSE * len(row):
            return Call("remove")  # leaving it would lose at once
        rest = row[:at] + row[at + 1:]
        cleared, removed = rollout(rest, at if at < len(rest) else 0, following, 0, bool(view["pip_total"]))
        taken = (cleared, removed + 1)
        left = rollout(row, (at + 1) % len(row), following, touches + 1, bool(view["pip_total"]))
        return Pass() if left > taken else Call("remove")


PLAYER = LookAhead
