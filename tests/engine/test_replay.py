"""A saved game step by step (engine/replay.py, issue 14): every step rebuilds the game as it was, "next hand"
jumps to the deal after a hand ends (tests/tabletop tell a saved game in words)."""

from __future__ import annotations

import random

import pytest

from engine import CorruptState, Game, load, new_game
from engine.events import EventKind
from engine.replay import HAND_ENDS, Replay


def played(key: str, seats: int, seed: int) -> Game:
    game, rng = new_game(key, seats, seed), random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


@pytest.mark.parametrize(("key", "seats"), [("texas42", 4), ("block", 2), ("poker", 3), ("bingo", 1)])
def test_every_step_rebuilds_the_game_as_it_was(key: str, seats: int) -> None:
    game = played(key, seats, 5)
    data = game.to_dict()
    replay = Replay(data)
    assert replay.last == len(data["actions"]) and replay.final.to_dict() == data
    assert replay.game_at(replay.last).to_dict() == data
    for step in (0, 1, replay.last // 2, replay.last - 1):
        assert replay.game_at(step).to_dict() == load({**data, "actions": data["actions"][:step]}).to_dict()
        done = replay.step(step)
        assert (done is None) == (step == 0)
        if done is not None:
            assert [done.seat, done.action] == data["actions"][step - 1]
    assert replay.clamp(-3) == 0 and replay.clamp(replay.last + 9) == replay.last


def test_next_hand_goes_to_the_deal_after_each_hand_ends() -> None:
    replay = Replay(played("texas42", 4, 3).to_dict())
    ends = [s.number for s in replay.steps if any(e.kind == EventKind.HAND_OVER for e in s.events)]
    assert len(ends) >= 2  # a match of 42 has several hands
    assert replay.hand_starts == (0, *[n for n in ends if n < replay.last])
    assert replay.next_hand(0) == ends[0] and replay.next_hand(ends[0]) == ends[1]
    assert replay.next_hand(replay.last) == replay.last
    assert replay.hand_of(0) == replay.hand_of(ends[0]) == 1 and replay.hand_of(ends[0] + 1) == 2
    first_of_second = replay.game_at(ends[0])  # after the hand's last trick: the next hand is dealt
    assert not first_of_second.is_over and all(len(first_of_second.view(s)["hand"] or []) == 7 for s in range(4))
    assert all(any(e.kind in HAND_ENDS for e in replay.steps[n - 1].events) for n in replay.hand_starts[1:])


def test_a_corrupt_save_is_refused() -> None:
    data = played("block", 2, 1).to_dict()
    with pytest.raises(CorruptState):
        Replay({**data, "actions": [[0, "nonsense"]]})
    with pytest.raises(CorruptState):
        Replay({"format": data["format"]})
