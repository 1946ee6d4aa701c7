"""The catalogue of games, and the two ways to get a game: :func:`new_game` and :func:`load`.

Each module in ``engine/games/`` declares ``SPEC: GameSpec``; the registry finds them, so adding a game touches
no other file.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections import deque
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

from engine.actions import parse_action
from engine.errors import BadOption, CorruptState, DominoError
from engine.events import Event
from engine.game import SAVE_FORMAT, Game, GameSpec
from engine.phrases import Phrase


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
        raise BadOption(Phrase("there is no game {game}; the games are: {games}", game=repr(key),
                               games=", ".join(games)))
    return games[key]


def new_game(key: str, seats: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> Game:
    """Start a match of ``key`` for ``seats`` players with a seeded shuffle; options are validated first."""
    spec = game_spec(key)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadOption(Phrase("seed must be a whole number, not {seed}", seed=repr(seed)))
    values = spec.validate(seats, options)
    factory: Any = spec.factory
    factory.check_options(seats, values)
    game: Game = factory(seats, seed, values)
    return game


def load(data: Mapping[str, Any]) -> Game:
    """Rebuild a saved game by replaying its actions; :class:`CorruptState` for anything that is not a saved game
    this engine can replay (whatever the JSON holds: wrong types, wrong nesting, unknown games, illegal actions)."""
    return deque(replay(data), maxlen=1)[0][0]  # the game after its last step


def replay(data: Mapping[str, Any]) -> Iterator[tuple[Game, int, str, list[Event]]]:
    """A saved game step by step: first (the game as dealt, -1, "", []), then after each action (the game, the
    seat, the action's text, what happened). The same game object throughout; :class:`CorruptState` as for
    :func:`load`, raised at the step that fails."""
    if not isinstance(data, Mapping):
        raise CorruptState(Phrase("a saved game must be a mapping"))
    version = data.get("format")
    if not _whole(version) or version != SAVE_FORMAT:
        raise CorruptState(Phrase("unknown saved-game format {format}", format=repr(version)))
    try:
        key, seats, seed = data["game"], data["seats"], data["seed"]
        options, actions = data["options"], data["actions"]
    except KeyError as missing:
        raise CorruptState(Phrase("saved game lacks {key}", key=str(missing))) from None
    if not isinstance(key, str):
        raise CorruptState(Phrase("saved game names no game: {game}", game=repr(key)))
    if not _whole(seats) or not _whole(seed):
        raise CorruptState(Phrase("saved game's seats and seed must be whole numbers, not {seats} and {seed}",
                                  seats=repr(seats), seed=repr(seed)))
    if not isinstance(options, Mapping) or not all(isinstance(name, str) for name in options):
        raise CorruptState(Phrase("saved game's options must map names to values, not {options}",
                                  options=repr(options)))
    if not isinstance(actions, list):
        raise CorruptState(Phrase("saved game's actions must be a list, not {actions}", actions=repr(actions)))
    upgrade = catalogue()[key].upgrade if key in catalogue() else None
    if upgrade is not None:  # an older save's form of a rule, brought to today's (GameSpec.upgrade)
        with _corrupt(Phrase("saved game cannot be upgraded")):
            options, actions = upgrade(dict(options), list(actions))
    steps = []
    for step, entry in enumerate(actions, 1):
        if not (isinstance(entry, list | tuple) and len(entry) == 2 and _whole(entry[0]) and isinstance(entry[1], str)):
            raise CorruptState(Phrase("saved game's step {step} is not [seat, action]: {entry}", step=step,
                                      entry=repr(entry)))
        steps.append((entry[0], entry[1]))
    with _corrupt(Phrase("saved game cannot be set up")):
        game = new_game(key, seats, seed, options)
    yield game, -1, "", []
    for step, (seat, text) in enumerate(steps, 1):
        with _corrupt(Phrase("saved game does not replay at step {step}", step=step)):
            events = game.apply(seat, parse_action(text))
        yield game, seat, text, events


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@contextmanager
def _corrupt(what: Phrase) -> Iterator[None]:
    """Turn any error in setting up or replaying a saved game into :class:`CorruptState`: the engine's own errors
    (an unknown option, an illegal action) and the ones odd values in a save could still provoke deeper down."""
    try:
        yield
    except DominoError as error:
        raise CorruptState(Phrase("{what}: {error}", what=what, error=error.phrase)) from None
    except (TypeError, ValueError, LookupError, AttributeError, ArithmeticError) as error:
        raise CorruptState(Phrase("{what}: {kind}: {error}", what=what, kind=type(error).__name__,
                                  error=str(error))) from error
