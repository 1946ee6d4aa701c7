"""A game's state at one step of a long random play, cheap enough to take at every step.

``Game.snapshot()`` turns the whole state into plain data, the event log and the action history included; taken
after every step of a match it is quadratic in the match's length (two thirds of a long Bergen match's test time).
Those two lists only grow, one entry a step, so a step's state takes their length and newest entry; the tests that
use it still compare whole snapshots at the end, which covers every entry of both.
"""

from __future__ import annotations

from typing import Any

from engine.game import _UNCOPIED, Game, _plain, instance_state

#: State that only grows, one entry a step.
GROWING = ("log", "history")


def step_state(game: Game) -> dict[str, Any]:
    """The game's state as plain data, ``GROWING`` lists by their length and newest entry."""
    state = instance_state(game)
    plain = {name: _plain(value) for name, value in state.items() if name not in _UNCOPIED and name not in GROWING}
    for name in GROWING:
        grown = state.get(name, [])
        plain[name] = [len(grown), _plain(grown[-1]) if grown else None]
    return plain
