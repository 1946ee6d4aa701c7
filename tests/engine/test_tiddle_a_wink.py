"""Tiddle-a-Wink (RULES 3.5): extra turns after doubles (TW-1, TW-2), "Gee", one arm (TW-3), targets (TW-4)."""

from __future__ import annotations

import pytest

from engine import BadOption, new_game
from engine.actions import Pass, Play
from engine.games.tiddle_a_wink import TiddleAWinkGame
from tests.engine.line_support import checked_match, play, plays_of, rigged, scores_from
from tests.engine.words_support import prompt, text

FILL = ["10-9", "10-8", "9-8", "10-7", "9-7", "8-7"]


def tiddle(deal: list[list[str]], **options: object) -> TiddleAWinkGame:
    game = rigged("tiddle_a_wink", deal, **options)
    assert isinstance(game, TiddleAWinkGame)
    return game


def chain_game(**options: object) -> TiddleAWinkGame:
    """12-12 opens; 12-3 and 12-4 make the ends 3 and 4; seat 2 holds 3-3, 4-4 and 4-1."""
    return tiddle([["12-12", "12-3", FILL[0]], ["12-4", FILL[1]], ["3-3", "4-4", "4-1", FILL[2]],
                   [FILL[3]], [FILL[4]], [FILL[5]]], **options)


def test_tw_2_the_opening_double_gives_its_player_another_turn() -> None:
    game = chain_game()
    assert game.to_act == (0,) and game.view(0)["extra_turn"] is True
    game.apply(0, play("12-3", "W", 12))
    assert game.to_act == (1,) and game.view(None)["extra_turn"] is False


def test_tw_2_doubles_chain_extra_turns() -> None:
    game = chain_game()
    game.apply(0, play("12-3", "W", 12))
    game.apply(1, play("12-4", "E", 12))
    game.apply(2, play("3-3", "W", 3))
    assert game.to_act == (2,)
    game.apply(2, play("4-4", "E", 4))
    assert game.to_act == (2,)
    game.apply(2, play("4-1", "E", 4))
    assert game.to_act == (3,)


def test_tw_1_the_extra_turn_is_an_ordinary_must_play_turn() -> None:
    game = chain_game()
    game.apply(0, play("12-3", "W", 12))
    game.apply(1, play("12-4", "E", 12))
    game.apply(2, play("3-3", "W", 3))
    assert Pass() not in game.legal_actions(2)
    assert plays_of(game, 2) == {"play:4-4@E/4", "play:4-1@E/4"}


def test_tw_1_extra_turn_unable_to_play_says_gee_and_play_passes_on() -> None:
    game = tiddle([["12-12", FILL[0]], [FILL[1]], [FILL[2]], [FILL[3]], [FILL[4]], ["12-1", FILL[5]]])
    assert game.legal_actions(0) == [Pass()]
    assert game.describe(Pass()) == "Gee (pass)"
    events = game.apply(0, Pass())
    assert text(game, events[0]) == "Seat 1 says Gee."
    assert game.to_act == (1,)


def test_tw_1_optional_extra_turn_may_be_declined() -> None:
    game = chain_game(tiddle_extra_optional=True)
    assert Pass() in game.legal_actions(0)
    assert game.describe(Pass()) == "Gee: end the extra turn"
    events = game.apply(0, Pass())
    assert text(game, events[0]) == "Seat 1 ends the extra turn."
    assert game.to_act == (1,) and Pass() not in game.legal_actions(1)


def test_tw_1_declined_extra_turn_does_not_count_towards_a_block() -> None:
    game = tiddle([["12-12", "12-1", FILL[0]], [FILL[1]], [FILL[2]], [FILL[3]], [FILL[4]], [FILL[5]]],
                  tiddle_extra_optional=True)
    game.apply(0, Pass())  # declines the extra turn while holding 12-1
    for seat in (1, 2, 3, 4, 5):
        assert game.legal_actions(seat) == [Pass()]
        game.apply(seat, Pass())
    assert game.round_no == 1 and game.to_act == (0,)
    assert plays_of(game, 0) == {"play:12-1@W/12", "play:12-1@E/12"}
    assert Pass() not in game.legal_actions(0)  # an ordinary turn: must play


def test_going_out_scores_every_other_hand() -> None:
    """The opener plays 12-12 and, on the extra turn, its last tile: "Tiddle-a-Wink" takes all the pips."""
    game = tiddle([["12-12", "12-5"], ["1-0"], ["2-0"], ["3-0"], ["4-0"], ["6-6"]])
    events = game.apply(0, play("12-5", "W", 12))
    assert scores_from(events) == [(0, 1 + 2 + 3 + 4 + 12)]
    assert game.last_round is not None and game.last_round["reason"] == "out"


def test_a_double_as_the_last_tile_ends_the_round_at_once() -> None:
    game = tiddle([["12-12", "12-5", FILL[0]], ["5-5"], ["2-0"], ["3-0"], ["4-0"], ["6-0"]])
    game.apply(0, play("12-5", "W", 12))
    events = game.apply(1, play("5-5", "W", 5))
    assert game.last_round is not None and game.last_round["reason"] == "out"
    assert scores_from(events)[0] == (1, 19 + 2 + 3 + 4 + 6)


def test_block_scores_the_lowest_hand_others_less_own() -> None:
    """Nobody holds a 12: everyone says Gee (the opener on the extra turn too) and the round blocks."""
    game = tiddle([["12-12", "1-0"], ["2-0"], ["3-0"], ["4-0"], ["5-0"], ["6-0"]])
    for seat in range(6):
        game.apply(seat, Pass())
    assert game.last_round is not None
    assert game.last_round["pips"] == [1, 2, 3, 4, 5, 6]
    assert game.last_round["points"] == [2 + 3 + 4 + 5 + 6 - 1, 0, 0, 0, 0, 0]


@pytest.mark.parametrize(("block_tie", "points"), [("nobody", [0] * 6), ("all_tied_score", [18, 18, 0, 0, 0, 0])])
def test_block_tie_lowest_tied(block_tie: str, points: list[int]) -> None:
    """Seats 0 and 1 tie on 2 pips: nobody scores (RULES 2.9), or each scores 3 + 4 + 5 + 6 + 2 − 2 = 18."""
    game = tiddle([["12-12", "2-0"], ["1-1"], ["3-0"], ["4-0"], ["5-0"], ["6-0"]], block_tie=block_tie)
    for seat in range(6):
        game.apply(seat, Pass())
    assert game.last_round is not None and game.last_round["points"] == points


def test_tw_3_one_arm_option_plays_on_one_end_only() -> None:
    game = tiddle([["12-12", FILL[0]], [FILL[1]], [FILL[2]], [FILL[3]], [FILL[4]], ["12-1", FILL[5]]],
                  tiddle_one_arm=True)
    game.apply(0, Pass())
    for seat in (1, 2, 3, 4):
        game.apply(seat, Pass())
    assert plays_of(game, 5) == {"play:12-1@E/12"}


def test_tw_4_target_100_or_200() -> None:
    assert new_game("tiddle_a_wink", 6, seed=1).view(None)["target"] == 100
    assert new_game("tiddle_a_wink", 6, seed=1, options={"target": 200}).view(None)["target"] == 200
    with pytest.raises(BadOption):
        new_game("tiddle_a_wink", 6, options={"target": 150})


@pytest.mark.parametrize("seats", [5, 11])
def test_six_to_ten_players(seats: int) -> None:
    with pytest.raises(BadOption):
        new_game("tiddle_a_wink", seats)


def test_five_tiles_each_no_drawing() -> None:
    game = new_game("tiddle_a_wink", 10, seed=9)
    assert sum(len(h) for h in game.hand_lists()) == 49
    assert game.view(None)["boneyard"] == 0 and game.view(None)["drawable"] == 0


@pytest.mark.parametrize("options", [{"tiddle_extra_optional": True}, {"tiddle_one_arm": True, "target": 200}])
def test_random_play_under_house_rules(options: dict[str, object]) -> None:
    for seats, seed in ((6, 1), (10, 2)):
        game = checked_match("tiddle_a_wink", seats, seed, {"target": 100, **options})
        assert max(game.score) >= game.view(None)["target"]


# ----- audit additions -----------------------------------------------------------------------------------------------
def test_rule_2_8_going_out_calls_tiddle_a_wink() -> None:
    game = tiddle([["12-12", "12-5"], ["1-0"], ["2-0"], ["3-0"], ["4-0"], ["6-6"]])
    events = game.apply(0, play("12-5", "W", 12))
    assert [text(game, e) for e in events if e.kind == "round_over"] == ["Seat 1 went out and calls Tiddle-a-Wink!"]


def test_tw_1_words_for_the_extra_turn() -> None:
    game = chain_game()
    assert prompt(game) == "Seat 1 played a double and takes another turn."
    optional = chain_game(tiddle_extra_optional=True)
    assert prompt(optional) == "Seat 1 played a double and may take another turn, or end it with Gee."


def test_tw_2_the_extra_turn_after_a_double_is_a_full_turn_on_either_end() -> None:
    """After 3-3 on the left the ends are 3-3 and 4: the extra turn may use either end (TW-3 default, both ends)."""
    game = chain_game()
    game.apply(0, play("12-3", "W", 12))
    game.apply(1, play("12-4", "E", 12))
    game.apply(2, play("3-3", "W", 3))
    assert [(e.arm, e.value) for e in game.line.open_ends()] == [("W", 3), ("E", 4)]
    assert {a.end for a in game.legal_actions(2) if isinstance(a, Play)} == {"E"}  # 4-4 and 4-1 on the 4


def test_rule_2_8_a_block_after_a_gee_on_an_extra_turn_scores_sum_minus_own() -> None:
    """12-12 opens; its holder says Gee on the extra turn, so do the other five: pips 5, 2, 3, 4, 6, 7 →
    seat 1 (2 pips) scores 5 + 3 + 4 + 6 + 7 − 2 = 23."""
    game = tiddle([["12-12", "5-0"], ["2-0"], ["3-0"], ["4-0"], ["6-0"], ["7-0"]])
    for seat in range(6):
        game.apply(seat, Pass())
    assert game.last_round is not None and game.last_round["points"] == [0, 23, 0, 0, 0, 0]


def test_rule_3_5_an_opening_double_that_is_the_last_tile_ends_the_round_without_an_extra_turn() -> None:
    game = tiddle([["12-12"], ["1-0"], ["2-0"], ["3-0"], ["4-0"], ["5-0"]])
    first_round = game.log[:game.log_mark + 2]
    assert [e.kind for e in first_round] == ["deal", "play", "round_over", "score"]
    assert game.last_round is not None and game.last_round["points"] == [1 + 2 + 3 + 4 + 5, 0, 0, 0, 0, 0]
