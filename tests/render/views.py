"""Views for render tests and sample images: seeded random play of registered games, and hand-built lines."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engine import Tile, catalogue, new_game
from engine.game import Game
from engine.layout import LineOfPlay
from engine.views import GameView, LineView

NAMES = ["Alice", "Bob the Builder", "Carol", "Dmitri Ivanovich Mendeleev", "Eve", "Frank", "Grace", "Heidi",
         "Ivan", "Judy"]


def quick_options(key: str) -> dict[str, Any]:
    """The smallest target a game offers, so a random match stays short."""
    for option in catalogue()[key].options:
        if option.name == "target" and all(isinstance(c, int) for c in option.choices):
            return {"target": min(option.choices)}
    return {}


def seats_for(key: str) -> int:
    """A typical seat count: four where allowed, else the largest below four, else the smallest."""
    allowed = catalogue()[key].seats
    return 4 if 4 in allowed else max((s for s in allowed if s < 4), default=min(allowed))


def random_states(key: str, seats: int, seed: int, steps: int = 400) -> Iterator[Game]:
    """The game after each of up to ``steps`` seeded random legal moves (the same game object, moving on)."""
    game = new_game(key, seats, seed, quick_options(key))
    rng = random.Random(seed)
    yield game
    for _ in range(steps):
        if game.is_over:
            return
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        yield game


def first_state(key: str, seats: int, seed: int, wanted: Callable[[GameView], bool],
                steps: int = 2000) -> Game:
    """The first position of a seeded random game whose spectator view satisfies ``wanted`` (else the last)."""
    game = None
    for game in random_states(key, seats, seed, steps):
        if wanted(game.view(None)):
            return game
    assert game is not None
    return game


def playable(game: Game, seat: int) -> list[str]:
    """The tiles ``seat`` may play now, as the bot passes them to the hand image (``Game.hand_view``)."""
    return game.hand_view(seat)["playable"]


def chain_line(length: int, seed: int, spinner: bool = False, arms: tuple[str, ...] = ("W", "E"),
               top: int = 12) -> LineOfPlay:
    """A legal line of about ``length`` tiles from a double-``top`` set, grown on ``arms`` in turn."""
    rng = random.Random(seed)
    pool = {Tile.of(a, b) for a in range(top + 1) for b in range(a + 1)}
    line = LineOfPlay(spinner=spinner)
    first = Tile.of(top, top)
    pool.discard(first)
    line.start(first, seat=0)
    stuck = 0
    while len(line) < length and stuck < 40:
        arm = rng.choice([a for a in arms if a in line.open_arms()] or line.open_arms())
        value = line.end_value(arm)
        fits = sorted(t for t in pool if t.has(value))
        if not fits:
            stuck += 1
            continue
        tile = rng.choice(fits)
        pool.discard(tile)
        line.place(tile, arm, value, seat=len(line) % 4)
    return line


def line_view(line: LineOfPlay, seats: int = 4, inline: bool = False, **extra: Any) -> LineView:
    """A line-game view built by hand around ``line`` (as LineGame._view writes it)."""
    view: LineView = {
        "game": "draw", "title": "Draw Dominoes", "family": "line", "seats": seats, "seat": None,
        "sides": [[s] for s in range(seats)], "scores": [10 * s for s in range(seats)], "to_act": [1],
        "over": False, "winners": [], "round": 2, "hand": None, "hand_counts": [5] * seats,
        "log": [{"kind": "pass", "seat": 0}], "prompt": {"kind": "to_play", "seat": 1}, "line": line.to_view(),
        "boneyard": 12, "drawable": 12, "target": 100, "doubles_inline": inline, "last_round": None,
    }
    view.update(extra)
    return view
