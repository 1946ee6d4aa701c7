"""``engine.load`` answers every malformed save with ``CorruptState``, whatever the JSON holds.

A save comes back from a database or a bug report, so nothing in it is trusted: arbitrary JSON, a real save with
any part replaced by arbitrary JSON, and saves built from the right keys with values of the wrong kind all either
load as a game or raise ``CorruptState`` (never ``TypeError``, ``KeyError``, ``AttributeError``...).
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import CorruptState, catalogue, load, new_game
from engine.game import Game

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=20,
)
#: Values that look almost right: seat numbers, action and tile text, option values.
NEAR = (st.integers(min_value=-2, max_value=12) | st.sampled_from(
    ["pass", "draw", "play:6-6@W/6", "play:6-4", "bid:30", "call:trump:5", "choose:6-6,1-0", "6-6", "0-0", "9-9",
     "block", "draw", "poker", "on", "off", "nobody"]) | st.lists(st.integers(min_value=-1, max_value=13), max_size=3))


def played_save(key: str, steps: int, seed: int) -> dict[str, Any]:
    """A real save: ``key`` played ``steps`` random legal actions from ``seed``."""
    spec = catalogue()[key]
    game = new_game(key, spec.seats[0], seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    saved: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return saved


SAVES = [played_save(key, steps, 3) for key in catalogue() for steps in (0, 9)]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value that a mutation may replace."""
    found = [prefix]
    if isinstance(value, dict):
        for name, item in value.items():
            found += paths(item, (*prefix, name))
    elif isinstance(value, list):
        for index, item in enumerate(value[:6]):
            found += paths(item, (*prefix, index))
    return found


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copied = copy.deepcopy(value)
    holder = copied
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return copied


def loads_or_is_corrupt(data: Any) -> None:
    try:
        game = load(data)
    except CorruptState:
        return
    assert isinstance(game, Game)


@settings(max_examples=300)
@given(data=JSON)
def test_arbitrary_json_is_a_corrupt_state(data: Any) -> None:
    loads_or_is_corrupt(data)


@settings(max_examples=300)
@given(game=st.sampled_from(sorted(catalogue())), game_value=JSON | NEAR, seats=JSON | NEAR, seed=JSON | NEAR,
       options=JSON, actions=st.lists(JSON | NEAR | st.lists(NEAR, max_size=3), max_size=4))
def test_the_right_keys_with_wrong_values_are_a_corrupt_state(
    game: str, game_value: Any, seats: Any, seed: Any, options: Any, actions: Any,
) -> None:
    for key_value in (game, game_value):
        loads_or_is_corrupt({"format": 1, "game": key_value, "seats": seats, "seed": seed, "options": options,
                             "actions": actions})
    loads_or_is_corrupt({"format": 1, "game": game, "seats": catalogue()[game].seats[0], "seed": 1,
                         "options": options if isinstance(options, dict) else {}, "actions": actions})


@settings(max_examples=500)
@given(base=st.sampled_from(SAVES), data=st.data())
def test_a_real_save_with_any_part_replaced_is_a_corrupt_state_or_a_game(base: dict[str, Any],
                                                                         data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(paths(base)), label="path")
    new = data.draw(JSON | NEAR, label="new value")
    loads_or_is_corrupt(replaced(base, path, new))


@settings(max_examples=200)
@given(base=st.sampled_from(SAVES), data=st.data())
def test_a_real_save_with_an_added_option_or_step_is_a_corrupt_state_or_a_game(base: dict[str, Any],
                                                                               data: st.DataObject) -> None:
    save = copy.deepcopy(base)
    name = data.draw(st.sampled_from(["deal", "boneyard", "row", "turnups", "target", "set", "session_end", "x"])
                     | st.text(max_size=6), label="option")
    save["options"][name] = data.draw(JSON | NEAR | st.lists(st.lists(NEAR, max_size=8), max_size=5), label="value")
    at = data.draw(st.integers(min_value=0, max_value=len(save["actions"])), label="at")
    save["actions"].insert(at, data.draw(JSON | st.lists(NEAR, min_size=2, max_size=2), label="step"))
    loads_or_is_corrupt(save)
