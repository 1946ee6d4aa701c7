"""Views are their family's declared type (engine.views): every view random play produces, from every seat and the
spectator's, holds exactly the declared keys with values of the declared types."""

from __future__ import annotations

import random

import pytest

from engine import catalogue, new_game
from engine.views import FAMILIES, BingoView, LineView, arm_and_value, seat_and_hand, seat_and_tile, trick_view
from tests.view_types import Mismatch, check, family_type

CASES = [(key, seats) for key, spec in catalogue().items() for seats in spec.seats]


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_view_of_random_play_conforms_to_its_family_type(key: str, seats: int) -> None:
    spec = catalogue()[key]
    game = new_game(key, seats, seed=seats)
    rng = random.Random(seats)
    for _ in range(300):
        for seat in (None, *range(seats)):
            view = game.view(seat)
            assert view["family"] == spec.family
            check(view, family_type(view), f"{key} seat {seat}")
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_every_game_belongs_to_one_of_the_four_families() -> None:
    assert {spec.family for spec in catalogue().values()} == set(FAMILIES)


def test_the_checker_refuses_what_a_view_must_not_be() -> None:
    view = new_game("draw", 2, seed=1).view(0)
    check(view, LineView)
    for broken in ({k: v for k, v in view.items() if k != "boneyard"},  # a key missing
                   {**view, "kind": "line"},  # a key not declared
                   {**view, "boneyard": "7"},  # a value of the wrong type
                   {**view, "over": 0},  # an int is not a bool
                   {**view, "family": "trick"},  # another family
                   {**view, "line": {**view["line"], "open_ends": [("W", 6)]}}):  # a tuple is not a list
        with pytest.raises(Mismatch):
            check(broken, LineView)
    with pytest.raises(Mismatch):
        check(view, BingoView)


def test_typed_readers_refuse_malformed_entries() -> None:
    assert seat_and_tile([2, "6-4"]) == (2, "6-4")
    assert arm_and_value(["W", 6]) == ("W", 6)
    with pytest.raises(TypeError):
        seat_and_tile(["6-4", 2])
    with pytest.raises(TypeError):
        arm_and_value([6, "W"])
    game = new_game("draw", 2, seed=1)
    with pytest.raises(TypeError):
        seat_and_hand(game.view(None))
    with pytest.raises(TypeError, match="line view where a trick view"):
        trick_view(game.view(0))
