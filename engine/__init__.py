"""Domino Hall's rules engine: pure Python, synchronous and deterministic (no discord, no Pillow, no asyncio, no I/O).
"""

import sys as _sys

from engine.actions import Action, Bid, Call, Choose, Draw, Pass, Play, parse_action
from engine.errors import (
    BadOption,
    CorruptState,
    DominoError,
    GameOver,
    IllegalAction,
    InvalidAction,
    NoSuchSeat,
    NotYourTurn,
)
from engine.events import Event
from engine.game import Game, GameSpec, OptionSpec
from engine.registry import catalogue, game_spec, load, new_game
from engine.tiles import Tile, double_set

# A checkout that once compiled the engine (an earlier install did) may still hold C extensions beside the sources,
# which Python imports before the .py files: old rules would run. Refuse loudly instead.
_compiled = sorted(name for name, module in _sys.modules.items()
                   if name.startswith("engine.") and not str(getattr(module, "__file__", "") or ".py").endswith(".py"))
if _compiled:
    raise ImportError(f"stale compiled engine modules ({', '.join(_compiled)}): delete them with "
                      "`find engine -name '*.so' -delete` and reinstall")

__all__ = [
    "Action", "BadOption", "Bid", "Call", "Choose", "CorruptState", "DominoError", "Draw", "Event", "Game",
    "GameOver", "GameSpec", "IllegalAction", "InvalidAction", "NoSuchSeat", "NotYourTurn", "OptionSpec", "Pass",
    "Play", "Tile", "catalogue", "double_set", "game_spec", "load", "new_game", "parse_action",
]
