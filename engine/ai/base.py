"""What every computer player builds on: the :class:`Player` protocol, the seeded base classes, and the game's own
player (:func:`own_player`).

The players of :mod:`engine.ai` import these from here, not from the package, so that the package's
:func:`engine.ai.computer_player` can load any of them (the search player among them) without an import circle.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from engine.actions import Action
from engine.game import Game
from engine.registry import game_spec


class Player(Protocol):
    """Something that picks one of a seat's legal actions."""

    name: str

    def choose(self, game: Game, seat: int) -> Action:
        """One of ``game.legal_actions(seat)``."""
        ...


class SeededPlayer:
    """Base of the computer players: a seeded random generator of its own, so games with them replay."""

    name = "player"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)


class HeuristicPlayer(SeededPlayer):
    """A player that makes a forced move at once and otherwise rates the legal actions in :meth:`decide`."""

    name = "heuristic"

    def choose(self, game: Game, seat: int) -> Action:
        """One of ``game.legal_actions(seat)``."""
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        return self.decide(game, seat, legal)

    def decide(self, game: Game, seat: int, legal: list[Action]) -> Action:
        """The chosen action among two or more legal ones."""
        raise NotImplementedError


class RandomPlayer(SeededPlayer):
    """Plays a uniformly random legal action (seeded, so games replay)."""

    name = "random"

    def choose(self, game: Game, seat: int) -> Action:
        return self.rng.choice(game.legal_actions(seat))


def own_player(key: str, seed: int = 0, level: str = "best") -> Player:
    """The game's own player: ``best``, its heuristic (the one ``engine/ai/<key>.py`` defines as ``PLAYER``, else its
    family's, else the random player), or ``random``."""
    if level == "random":
        return RandomPlayer(seed)
    spec = game_spec(key)
    for module_name in (key, spec.family):
        try:
            module = importlib.import_module(f"engine.ai.{module_name}")
        except ModuleNotFoundError as error:
            if error.name != f"engine.ai.{module_name}":
                raise
            continue
        factory = getattr(module, "PLAYER", None)
        if factory is not None:
            player: Player = factory(seed)
            return player
    return RandomPlayer(seed)
