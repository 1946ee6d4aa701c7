"""Random play of every registered game, checking what each seat knows (engine/observation.py) at every few steps.

- the public constraints hold in the real game: every unseen tile is in a place the observation allows for it;
- a determinization never changes the real game, keeps the seat's own hand, every public tile and every place's
  size, conserves the tiles, respects every constraint, and looks to the seat exactly like the real game (same
  observation, same view): nothing the seat may not know is in its observation, and nothing it knows is lost;
- the determinized game's generator is its own (its future draws are not the real ones).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import catalogue, new_game
from engine.game import Game
from engine.observation import Observation, determinize
from tests.property.test_random_play import quick_options

MAX_STEPS = 400
EVERY = 4


def real_places(game: Game, seat: int) -> dict[str, list[str]]:
    """Where the tiles ``seat`` cannot see really are (the test may look)."""
    return {name: sorted(str(t) for t in tiles) for name, tiles in game._hidden_places(seat).items()}


def public_view(game: Game, seat: int) -> dict[str, object]:
    """The view, less the prompt: a line game's prompt says whether the seat to act can play ("cannot play and must
    draw"), which its next action shows anyway."""
    view = game.view(seat)
    view.pop("prompt")
    return view


def check_constraints_hold(game: Game, seen: Observation) -> None:
    """Every hidden tile is in a place the observation allows for it; places have the sizes it says."""
    places = game._hidden_places(seen.seat)
    assert [(p.name, p.size) for p in seen.places] == [(name, len(tiles)) for name, tiles in places.items()]
    assert Counter(seen.unseen) == Counter(t for tiles in places.values() for t in tiles)
    for name, tiles in places.items():
        for tile in tiles:
            assert name in seen.places_for(tile), f"{tile} is in {name}, which {seen.seat} rules out"
    for seat, shown in enumerate(seen.shown_out):
        assert not shown & set(game.hand_lists()[seat]), f"seat {seat} holds a tile it has shown out of"


def check_determinization(game: Game, seat: int, rng: random.Random) -> None:
    seen = game.observe(seat)
    check_constraints_hold(game, seen)
    before, saved, state = game.snapshot(), game.to_dict(), game.rng.getstate()
    world = determinize(game, seat, rng, seen)
    assert game.snapshot() == before and game.to_dict() == saved and game.rng.getstate() == state
    assert world.hand_lists()[seat] == game.hand_lists()[seat]
    assert world.observe(seat) == seen, "the seat cannot tell the determinization from the real game"
    assert public_view(world, seat) == public_view(game, seat)
    check_constraints_hold(world, seen)
    zones, real = world.zones(), game.zones()
    assert Counter(t for tiles in zones.values() for t in tiles) == Counter(world.full_set())
    assert {name: len(tiles) for name, tiles in zones.items()} == {name: len(tiles) for name, tiles in real.items()}
    assert world.rng.getstate() != game.rng.getstate()
    assert world.to_act == game.to_act and world.score == game.score
    for acting in world.to_act:
        assert world.legal_actions(acting), "the determinized game can be played on"


def play_observed(key: str, seats: int, seed: int) -> None:
    game = new_game(key, seats, seed, quick_options(key))
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if game.is_over:
            return
        if step % EVERY == 0:
            check_determinization(game, rng.randrange(seats), rng)
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))


@pytest.mark.parametrize("key", list(catalogue()))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**31))
def test_observations_are_true_and_determinizations_agree_with_them(key: str, data: st.DataObject,
                                                                     seed: int) -> None:
    seats = data.draw(st.sampled_from(catalogue()[key].seats), label="seats")
    play_observed(key, seats, seed)


@pytest.mark.parametrize("key", list(catalogue()))
def test_an_observation_hides_other_seats_face_down_choices(key: str) -> None:
    """The public history shows another seat's face-down choice (a Black Tile pass, Euchre's discard, a Poker mark)
    only as ``None``; the seat's own choices and every public action are shown as they were."""
    spec = catalogue()[key]
    seats = spec.seats[-1]
    game = new_game(key, seats, 5, quick_options(key))
    rng = random.Random(5)
    for _ in range(120):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    for seat in range(seats):
        seen = game.observe(seat)
        assert len(seen.history) == len(game.history)
        for (who, shown), (real_who, action) in zip(seen.history, game.history, strict=True):
            assert who == real_who
            assert shown == (None if who != seat and game.hides(action) else action)
