"""Helpers for the layout-game rule tests: rigged deals, plays by name, and random play under chosen options."""

from __future__ import annotations

import random
from typing import Any

from engine import new_game
from engine.actions import Action, Pass, Play
from engine.game import Game
from engine.tiles import Tile
from tests.property import test_random_play as prop

ScoreLog = list[tuple[int, int]]


def rigged(key: str, deal: list[list[str]], boneyard: list[str] | None = None, **options: Any) -> Game:
    """A game of ``key`` with the first round's hands (and boneyard, if given) fixed."""
    opts: dict[str, Any] = {"deal": deal, **options}
    if boneyard is not None:
        opts["boneyard"] = boneyard
    return new_game(key, len(deal), seed=1, options=opts)


def play(tile: str, end: str, face: int) -> Play:
    """The action of playing ``tile`` on arm ``end`` with its ``face`` end touching."""
    return Play(Tile.parse(tile), end, face)


def plays_of(game: Game, seat: int) -> set[str]:
    """The seat's legal tile plays, as action strings."""
    return {str(a) for a in game.legal_actions(seat) if isinstance(a, Play)}


def pass_around(game: Game, count: int) -> None:
    """The next ``count`` players, each unable to play, pass (a round blocks after one pass per seat)."""
    for _ in range(count):
        seat = game.to_act[0]
        assert game.legal_actions(seat) == [Pass()]
        game.apply(seat, Pass())


def scores_from(events: list[Any]) -> ScoreLog:
    """(side, points) of each score event among ``events``."""
    return [(e.side, e.points) for e in events if e.kind == "score" and e.points]


def random_match(key: str, seats: int, seed: int, options: dict[str, Any], pick: Any = None) -> Game:
    """Play a whole match with random legal actions (random awaited seat too) and return it."""
    game = new_game(key, seats, seed, options)
    rng = random.Random(seed)
    steps = 0
    while not game.is_over:
        seat = rng.choice(game.to_act)
        legal: list[Action] = game.legal_actions(seat)
        game.apply(seat, pick(game, seat, legal, rng) if pick else rng.choice(legal))
        steps += 1
        assert steps < 20_000
    return game


def checked_match(key: str, seats: int, seed: int, options: dict[str, Any]) -> Game:
    """The property test's fully checked random match, played under ``options`` (house rules) instead of the
    quick defaults."""
    saved = prop.quick_options
    prop.quick_options = lambda key: dict(options)
    try:
        return prop.play_checked(key, seats, seed)
    finally:
        prop.quick_options = saved
