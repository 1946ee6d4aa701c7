"""Every game's views render without error, for every seat count the game allows, from the spectator's seat and
from each player's: at the start, in the middle of a hand, just after a hand ends, and once the match is over."""

from __future__ import annotations

import random
from io import BytesIO

import pytest
from PIL import Image

from engine import catalogue, new_game
from engine.game import Game
from engine.views import GameView
from render import render_hand, render_scores, render_table
from render.canvas import MAX_BYTES
from render.palette import COLOURS, learn
from tests.render.views import NAMES, playable, quick_options
from tests.view_types import check, family_type

CASES = [(key, seats) for key, spec in catalogue().items() for seats in spec.seats]
MAX_STEPS = 30_000


def hand_ended(view: GameView) -> bool:
    """True once the view reports a finished round or hand (its scores, or poker's settled pot)."""
    if view["family"] == "line":
        return view["last_round"] is not None
    if view["family"] == "trick":
        return view.get("last_hand") is not None
    if view["family"] == "poker":
        return view["phase"] == "hand_over"
    return view["over"]


def moments(key: str, seats: int, seed: int) -> dict[str, Game]:
    """Copies of a seeded random match at its start, mid-hand, just after its first hand ends, and at its end."""
    game = new_game(key, seats, seed, quick_options(key))
    rng = random.Random(seed)
    found = {"start": game.clone()}
    for step in range(1, MAX_STEPS):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if step == 5 and not game.is_over:
            found["mid-hand"] = game.clone()
        if "hand end" not in found and hand_ended(game.view(None)):
            found["hand end"] = game.clone()
    assert game.is_over, f"{key} at {seats} seats did not finish in {MAX_STEPS} random moves"
    found["match end"] = game
    return found


def png(data: bytes) -> None:
    assert len(data) < MAX_BYTES
    image = Image.open(BytesIO(data))
    assert image.format == "PNG"
    image.load()


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_view_of_every_game_renders(key: str, seats: int) -> None:
    for moment, game in moments(key, seats, seed=seats).items():
        spectator = game.view(None)
        png(render_table(spectator, NAMES))
        png(render_scores(spectator, NAMES))
        png(render_hand(spectator, NAMES))
        for seat in range(seats):
            own = game.view(seat)
            check(own, family_type(own), f"{key} {moment} seat {seat}")
            if seat in game.to_act:
                own["playable"] = playable(game, seat)
            png(render_hand(own, NAMES))


def test_the_palette_can_be_learnt_afresh_from_the_sample_drawings() -> None:
    """The samples behind ``python -m render.palette`` are well-formed views of every family and draw."""
    learnt = learn().getpalette()
    assert learnt is not None and len(learnt) == len(COLOURS) == 768
