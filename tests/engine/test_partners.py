"""The four-hand partnership game of Block and Draw (RULES BLK-4, option ``partners``)."""

from __future__ import annotations

import random

import pytest

from engine import BadOption, Play, Tile, load, new_game
from engine.events import Termination
from engine.linegame import LineGame
from tests.engine.line_support import pass_around, rigged


def partnership(key: str, hands: list[list[str]], **options: object) -> LineGame:
    """A partnership game of ``key`` (double-six) with the first round's hands fixed (Draw: nothing to draw)."""
    game = rigged(key, hands, [] if key == "draw" else None, set=6, partners=True, **options)
    assert isinstance(game, LineGame)
    return game


@pytest.mark.parametrize("key", ["block", "draw"])
def test_blk_4_seats_0_and_2_play_against_1_and_3_with_one_score_per_side(key: str) -> None:
    game = new_game(key, 4, seed=3, options={"set": 6, "partners": True})
    assert game.sides == ((0, 2), (1, 3))
    assert game.score == (0, 0)
    assert game.view(1)["sides"] == [[0, 2], [1, 3]]
    assert [game.side_of(s) for s in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize("key", ["block", "draw"])
def test_blk_4_without_the_option_each_player_plays_alone(key: str) -> None:
    game = new_game(key, 4, seed=3, options={"set": 6})
    assert game.sides == ((0,), (1,), (2,), (3,)) and len(game.score) == 4


@pytest.mark.parametrize("key", ["block", "draw"])
@pytest.mark.parametrize("seats", [2, 3, 5])
def test_blk_4_partners_needs_four_players(key: str, seats: int) -> None:
    with pytest.raises(BadOption, match="4 players"):
        new_game(key, seats, options={"set": 9, "partners": True})


@pytest.mark.parametrize("key", ["block", "draw"])
def test_blk_4_double_six_deals_seven_each_and_leaves_no_boneyard(key: str) -> None:
    game = new_game(key, 4, seed=11, options={"set": 6, "partners": True})
    assert isinstance(game, LineGame)
    assert sum(len(h) for h in game.hands) + 1 == 28
    assert game.boneyard == [] and game.dead == []


@pytest.mark.parametrize("key", ["block", "draw"])
def test_blk_4_a_partner_going_out_scores_the_pips_of_all_four_hands_for_the_side(key: str) -> None:
    game = partnership(key, [["6-6", "1-0"], ["5-4"], ["6-2"], ["3-3"]])
    pass_around(game, 1)
    game.apply(2, Play(Tile.of(6, 2), "W", 6))
    assert game.score == (1 + 9 + 6, 0)
    outcome = game.round_outcome
    assert outcome is not None and outcome.termination is Termination.DOMINO
    assert outcome.sides == (0,) and outcome.winners == (0, 2)


@pytest.mark.parametrize("key", ["block", "draw"])
def test_blk_4_blocked_the_side_with_fewer_pips_together_scores_all_four_hands(key: str) -> None:
    """Seat 0 holds the lightest hand (1), but its side holds 1 + 10 = 11 against 5 + 5 = 10: seats 1 and 3 win
    and score 11 + 10 (no subtraction of their own pips, whatever the individual game's formula)."""
    game = partnership(key, [["6-6", "1-0"], ["3-2"], ["5-5"], ["4-1"]])
    pass_around(game, 4)
    assert game.score == (0, 21)
    outcome = game.round_outcome
    assert outcome is not None and outcome.termination is Termination.BLOCKED and outcome.winners == (1, 3)


@pytest.mark.parametrize("key", ["block", "draw"])
def test_blk_4_blocked_with_equal_side_totals_scores_nobody(key: str) -> None:
    game = partnership(key, [["6-6", "2-0"], ["3-0"], ["4-1"], ["4-0"]], block_tie="all_tied_score")
    pass_around(game, 4)
    assert game.score == (0, 0)
    outcome = game.round_outcome
    assert outcome is not None and outcome.sides == ()


@pytest.mark.parametrize("key", ["block", "draw"])
def test_blk_4_the_match_is_won_by_a_side_and_replays_from_its_save(key: str) -> None:
    game = new_game(key, 4, seed=5, options={"set": 6, "partners": True, "target": 50})
    chooser = random.Random(5)
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, chooser.choice(game.legal_actions(seat)))
    assert game.winner in ((0, 2), (1, 3))
    assert max(game.score) >= 50
    assert load(game.to_dict()).snapshot() == game.snapshot()
