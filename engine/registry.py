"""The catalogue of games, and the two ways to get a game: :func:`new_game` and :func:`load`.

Each module in ``engine/games/`` declares ``SPEC: GameSpec``; the registry finds them, so adding a game touches
no other file.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.actions import parse_action
from engine.errors import BadOption, CorruptState, DominoError
from engine.game import SAVE_FORMAT, Game, GameSpec


@cache
def catalogue() -> dict[str, GameSpec]:
    """Every registered game by key, in catalogue order."""
    import engine.games as package

    specs: list[GameSpec] = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        spec = getattr(module, "SPEC", None)
        if isinstance(spec, GameSpec):
            specs.append(spec)
    specs.sort(key=lambda s: (s.order, s.title))
    return {spec.key: spec for spec in specs}


def game_spec(key: str) -> GameSpec:
    """The catalogue entry for ``key``; :class:`BadOption` naming the known games otherwise."""
    games = catalogue()
    if key not in games:
        raise BadOption(f"there is no game {key!r}; the games are: {', '.join(games)}")
    return games[key]


def new_game(key: str, seats: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
    """Start a match of ``key`` for ``seats`` players with a seeded shuffle; options are validated first."""
    spec = game_spec(key)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadOption(f"seed must be a whole number, not {seed!r}")
    values = spec.validate(seats, options)
    factory: Any = spec.factory
    factory.check_options(seats, values)
    game: Game = factory(seats, seed, values)
    return game


def load(data: Mapping[str, Any]) -> Game:
    """Rebuild a saved game by replaying its actions; :class:`CorruptState` if it cannot be read or replayed."""
    if not isinstance(data, Mapping):
        raise CorruptState("a saved game must be a mapping")
    if data.get("format") != SAVE_FORMAT:
        raise CorruptState(f"unknown saved-game format {data.get('format')!r}")
    try:
        key, seats, seed = data["game"], data["seats"], data["seed"]
        options, actions = data["options"], data["actions"]
    except KeyError as missing:
        raise CorruptState(f"saved game lacks {missing}") from None
    if not isinstance(options, Mapping) or not isinstance(actions, list):
        raise CorruptState("saved game has malformed options or actions")
    upgrade = catalogue()[key].upgrade if isinstance(key, str) and key in catalogue() else None
    if upgrade is not None:
        options, actions = upgrade(dict(options), list(actions))
    try:
        game = new_game(key, seats, seed, options)
    except DominoError as error:
        raise CorruptState(f"saved game cannot be set up: {error}") from None
    for step, entry in enumerate(actions):
        try:
            seat, text = entry
            game.apply(seat, parse_action(text))
        except (DominoError, TypeError, ValueError) as error:
            raise CorruptState(f"saved game does not replay at step {step + 1}: {error}") from None
    return game
