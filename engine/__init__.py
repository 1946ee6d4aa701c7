"""Domino Hall's rules engine: pure, synchronous and deterministic (no discord, no Pillow, no asyncio, no I/O).

The core may run compiled by mypyc (``engine.NATIVE``; see ``engine/_build.py``): the same sources, the same
results, faster.
"""

from engine._build import install as _install_build

NATIVE, BUILD = _install_build()

from engine.actions import Action, Bid, Call, Choose, Draw, Event, Pass, Play, parse_action
from engine.errors import BadOption, CorruptState, DominoError, GameOver, IllegalAction, NotYourTurn
from engine.game import Game, GameSpec, OptionSpec
from engine.registry import catalogue, game_spec, load, new_game
from engine.tiles import Tile, double_set

__all__ = [
    "BUILD", "NATIVE",
    "Action", "BadOption", "Bid", "Call", "Choose", "CorruptState", "DominoError", "Draw", "Event", "Game",
    "GameOver", "GameSpec", "IllegalAction", "NotYourTurn", "OptionSpec", "Pass", "Play", "Tile", "catalogue",
    "double_set", "game_spec", "load", "new_game", "parse_action",
]
