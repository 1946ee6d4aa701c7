"""The line games' short ways (LineGame.apply for an offered play, legal_actions and to_act with one seat awaited)
must do exactly what the contract's general way does, and refuse what it refuses."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.actions import Play, parse_action
from engine.errors import IllegalAction, NotYourTurn
from engine.linegame import LineGame, play_action
from tests.fingerprints import step_state


def _random_steps(key: str, seats: int, seed: int, parsed: bool) -> list[object]:
    """Snapshots after each step of random play; ``parsed``: every action goes in as a fresh object read from its
    text (never the offered one, so never the short way)."""
    game = new_game(key, seats, seed)
    rng = random.Random(seed)
    snapshots: list[object] = []
    while not game.is_over and len(snapshots) < 300:
        seat = game.to_act[0]
        action = rng.choice(game.legal_actions(seat))
        events = game.apply(seat, parse_action(str(action)) if parsed else action)
        snapshots.append(([e.to_json() for e in events], step_state(game)))
    snapshots.append(game.snapshot())  # the whole state once, at the end (step_state is cheap, but partial)
    return snapshots


@pytest.mark.parametrize("key", ["block", "draw", "sebastopol"])
def test_the_short_way_ends_where_the_general_way_does(key: str) -> None:
    for seed in range(6):
        assert _random_steps(key, 4, seed, parsed=False) == _random_steps(key, 4, seed, parsed=True), (key, seed)


def test_an_illegal_play_made_here_is_refused_and_changes_nothing() -> None:
    game = new_game("block", 4, 5, {"set": 6})
    seat = game.to_act[0]
    other = (seat + 1) % 4
    legal = game.legal_actions(seat)
    before = game.snapshot()
    held = game.hands[seat][0]
    arm, value = game.line.ends[0]
    for unheld in [t for t in game.hands[other] if t.has(value)]:  # tiles matching the end, in another hand
        with pytest.raises(IllegalAction):
            game.apply(seat, play_action(unheld, arm, value))
    with pytest.raises(NotYourTurn):  # the right tile, the wrong seat
        game.apply(other, legal[0])
    for face in (held.high, held.low):  # the seat's own tile on an end that does not show its face
        for end_arm, end_value in game.line.ends:
            if end_value != face:
                with pytest.raises(IllegalAction):
                    game.apply(seat, play_action(held, end_arm, face))
    assert game.snapshot() == before
    assert game.legal_actions(seat) == legal


def test_only_games_whose_plays_are_plain_take_the_short_way() -> None:
    from engine import catalogue

    plain = {key for key, spec in catalogue().items()
             if issubclass(spec.factory, LineGame) and spec.factory._plain_plays}
    assert plain == {"block", "draw", "sebastopol"}  # the others score, claim, or take extra turns on a play


def test_legal_actions_and_to_act_answer_odd_seats_as_the_contract_does() -> None:
    game = new_game("block", 4, 2)
    seat = game.to_act[0]
    assert game.to_act == (seat,)
    for odd in (True, 1.0, "0", None, -1, 99, [0]):
        assert game.legal_actions(odd) == []
    assert all(isinstance(a, Play) for a in game.legal_actions(seat))
    assert game.legal_actions((seat + 1) % 4) == []


@pytest.mark.parametrize(("key", "options"), [("block", {"set": 6}), ("draw", {}), ("sebastopol", {})])
def test_plays_are_each_tile_in_hand_order_on_each_open_end_it_matches(key: str, options: dict[str, object]) -> None:
    """The tables of plays onto a pair of open ends (made on first need) give what matching tile by tile and end by
    end gives, in that order, whichever two ends are open (west and east, or a spinner's)."""
    pairs = 0
    for seed in range(8):
        game = new_game(key, 4, seed, options)
        rng = random.Random(seed)
        while not game.is_over and game.round_no <= 2:
            seat = game.to_act[0]
            assert isinstance(game, LineGame)
            expected = [play_action(tile, arm, value) for tile in game.hands[seat]
                        for arm, value in game.line.ends if tile.has(value)]
            assert game.plays(seat) == expected, (key, seed, game.line.ends)
            pairs += len(game.line.ends) == 2
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert pairs > 10  # the two-end tables were asked, not only the general way


def _line_games() -> list[tuple[str, int]]:
    from engine import catalogue

    return [(key, seats) for key, spec in catalogue().items() if issubclass(spec.factory, LineGame)
            for seats in sorted({spec.seats[0], 4 if 4 in spec.seats else spec.seats[-1]})]


@pytest.mark.parametrize(("key", "seats"), _line_games())
def test_to_act_kept_as_a_value_is_what_the_game_works_out(key: str, seats: int) -> None:
    """A line game awaiting one seat keeps ``to_act`` as a value (set at the deal and by apply): after every action,
    refused ones included, and in a clone, it is what ``_to_act`` works out (``()`` once over), and the legal actions
    the fused listing gives are the ones ``_legal`` gives."""
    for seed in range(3):
        game = new_game(key, seats, seed)
        assert isinstance(game, LineGame)
        rng = random.Random(seed)
        steps = 0
        while steps < 400:
            assert game.to_act == (() if game.is_over else game._to_act()), (key, seed, steps)
            if game.is_over:
                break
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            assert legal == game._legal(seat), (key, seed, steps)
            if len(game.to_act) == 1:
                with pytest.raises((IllegalAction, NotYourTurn)):
                    game.apply((seat + 1) % seats, legal[0])  # the wrong seat: refused, nothing changes
                assert game.to_act == game._to_act()
            twin = game.clone()
            before = game.to_act
            assert twin.to_act == before
            game.apply(seat, rng.choice(legal))
            assert twin.to_act == before  # the clone keeps its own
            steps += 1
        assert game.is_over or steps == 400
