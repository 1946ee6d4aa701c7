"""Muggins / All Fives (RULES 3.6): the count (MUG-1..MUG-4), voluntary draws, CASCADE (MUG-6), claims (MUG-7)."""

from __future__ import annotations

import pytest

from engine import BadOption, IllegalAction, NotYourTurn, new_game
from engine.actions import Call, Draw, Pass
from engine.games.muggins import MugginsGame, count_points
from tests.engine.line_support import checked_match, pass_around, play, plays_of, rigged, scores_from
from tests.engine.words_support import text

CLAIM, MUGGINS = Call("claim"), Call("muggins")

EXAMPLE = [["5-5", "12-11"], ["5-0", "12-10"], ["5-3", "11-10"], ["5-2", "9-8"]]
"""RULES 3.6 examples: 5-5 opens, 5-0 on the right, 5-3 on the left, 5-2 on top."""


def example(**options: object) -> MugginsGame:
    game = rigged("muggins", EXAMPLE, boneyard=["0-0", "1-0", "2-0"], **options)
    assert isinstance(game, MugginsGame)
    return game


def test_mug_4_worked_example_opening_double_scores_its_count() -> None:
    game = example()
    assert game.score == (10, 0, 0, 0)
    assert game.view(None)["count"] == 10


def test_mug_1_worked_example_counts_after_each_play() -> None:
    game = example()
    assert scores_from(game.apply(1, play("5-0", "E", 5))) == [(1, 10)]  # the spinner still counts: 10 + 0
    assert scores_from(game.apply(2, play("5-3", "W", 5))) == []  # the spinner no longer counts: 0 + 3
    assert game.view(None)["count"] == 3
    assert scores_from(game.apply(3, play("5-2", "N", 5))) == [(3, 5)]  # 0 + 3 + 2
    assert game.score == (10, 10, 0, 5)


def test_mug_2_spinner_sides_open_only_after_both_ends() -> None:
    game = example()
    assert {a.end for a in game.legal_actions(1) if hasattr(a, "end")} == {"W", "E"}
    game.apply(1, play("5-0", "E", 5))
    assert {e.arm for e in game.line.open_ends()} == {"W", "E"}
    game.apply(2, play("5-3", "W", 5))
    assert {e.arm for e in game.line.open_ends()} == {"W", "E", "N", "S"}
    assert plays_of(game, 3) == {"play:5-2@N/5", "play:5-2@S/5"}


def test_mug_2_later_doubles_do_not_branch() -> None:
    game = rigged("muggins", [["6-6", "3-3", "11-10"], ["6-3", "12-11"]], boneyard=["0-0"])
    game.apply(1, play("6-3", "W", 6))
    game.apply(0, play("3-3", "W", 3))
    assert {e.arm for e in game.line.open_ends()} == {"W", "E"}
    assert game.view(None)["count"] == 6 + 12  # the crosswise 3-3 counts 6, the open spinner 12


def test_mug_3_the_count_is_all_open_ends_together() -> None:
    """Neither end alone is a multiple of 5 (3 and 12), but together they make 15."""
    game = rigged("muggins", [["6-6", "12-11"], ["6-3", "10-9"], ["6-12", "11-10"]], boneyard=["0-0"])
    game.apply(1, play("6-3", "W", 6))
    assert scores_from(game.apply(2, play("12-6", "E", 6))) == [(2, 15)]


def cascade_game(deal: list[list[str]]) -> MugginsGame:
    """12-12 opens (count 24, no score); nobody can follow and the boneyard is empty, so the round blocks."""
    game = rigged("muggins", deal, boneyard=[])
    assert isinstance(game, MugginsGame)
    pass_around(game, 3)
    return game


def test_cascade_worked_example_a3_b9_c21() -> None:
    game = cascade_game([["12-12", "2-1"], ["5-4"], ["11-10"]])
    assert game.last_round is not None
    assert game.last_round["pips"] == [3, 9, 21]
    assert game.last_round["points"] == [27, 12, 0]


def test_mug_6_cascade_tied_hands_score_only_against_higher_hands() -> None:
    game = cascade_game([["12-12", "4-1"], ["3-2"], ["11-9"]])
    assert game.last_round is not None and game.last_round["points"] == [15, 15, 0]


def test_going_out_scores_exact_pips_and_the_count_of_the_last_play() -> None:
    """12-1 on the 12-12 makes 1 + 24 = 25 (scored), then going out takes the 31 pips left (not rounded)."""
    game = rigged("muggins", [["12-12", "12-1"], ["7-3", "11-10"]], boneyard=[])
    game.apply(1, Pass())
    events = game.apply(0, play("12-1", "W", 12))
    assert scores_from(events)[:2] == [(0, 25), (0, 31)]
    assert game.last_round is not None and game.last_round["points"] == [31, 0]


def test_in_play_score_ends_the_match_immediately() -> None:
    game = example(target=50)
    game.award(1, 45, "earlier rounds")
    game.apply(1, play("5-0", "E", 5))
    assert game.is_over and game.winner == (1,) and game.score[1] == 55


def test_voluntary_draw_one_tile_while_able_to_play() -> None:
    game = example()
    assert Draw() in game.legal_actions(1)
    game.apply(1, Draw())
    assert game.to_act == (1,) and len(game.hand_lists()[1]) == 3
    game.apply(1, Draw())
    assert len(game.hand_lists()[1]) == 4 and game.view(None)["boneyard"] == 1


def test_no_voluntary_draw_option() -> None:
    game = example(muggins_no_voluntary_draw=True)
    assert Draw() not in game.legal_actions(1)
    with pytest.raises(IllegalAction):
        game.apply(1, Draw())


def test_hand_sizes_seven_for_two_five_for_three_or_four() -> None:
    for seats, size in ((2, 7), (3, 5), (4, 5)):
        game = new_game("muggins", seats, seed=2)
        assert sum(len(h) for h in game.hand_lists()) == seats * size - 1


def test_partners_pool_scores_of_seats_0_2_and_1_3() -> None:
    game = example(muggins_partners=True)
    assert game.sides == ((0, 2), (1, 3))
    game.apply(1, play("5-0", "E", 5))
    game.apply(2, play("5-3", "W", 5))
    game.apply(3, play("5-2", "N", 5))
    assert game.score == (10, 15)
    with pytest.raises(BadOption):
        new_game("muggins", 3, options={"muggins_partners": True})


# ----- MUG-7: manual claims --------------------------------------------------------------------------------------
def test_mug_7_opening_count_is_credited_by_the_bot() -> None:
    game = example(manual_muggins=True)
    assert game.score == (10, 0, 0, 0) and game.to_act == (1,)


def test_mug_7_scorer_claims_before_the_next_player_acts() -> None:
    game = example(manual_muggins=True)
    events = game.apply(1, play("5-0", "E", 5))
    assert scores_from(events) == []
    assert game.to_act == (1, 2, 0, 3)
    assert game.legal_actions(1) == [CLAIM]
    assert MUGGINS in game.legal_actions(2) and MUGGINS in game.legal_actions(0)
    assert game.view(None)["claim"] == {"seat": 1, "points": 10}
    assert scores_from(game.apply(1, CLAIM)) == [(1, 10)]
    assert game.to_act == (2,) and game.view(None)["claim"] is None


def test_mug_7_an_opponent_calls_muggins_and_takes_the_points() -> None:
    game = example(manual_muggins=True)
    game.apply(1, play("5-0", "E", 5))
    events = game.apply(3, MUGGINS)
    assert scores_from(events) == [(3, 10)]
    assert game.to_act == (2,)
    with pytest.raises(NotYourTurn):
        game.apply(1, CLAIM)


def test_mug_7_unclaimed_points_lapse_when_the_next_player_acts() -> None:
    game = example(manual_muggins=True)
    game.apply(1, play("5-0", "E", 5))
    events = game.apply(2, play("5-3", "W", 5))
    assert any(e.kind == "claim_lapsed" for e in events)
    assert game.score == (10, 0, 0, 0) and game.to_act == (3,)


def test_mug_7_partner_cannot_call_muggins_on_partner() -> None:
    game = example(manual_muggins=True, muggins_partners=True)
    game.apply(1, play("5-0", "E", 5))
    assert game.to_act == (1, 2, 0)  # seat 3 is seat 1's partner
    assert game.legal_actions(3) == []
    assert MUGGINS in game.legal_actions(0)


def test_mug_7_going_out_play_is_credited_at_once() -> None:
    game = rigged("muggins", [["12-12", "12-1"], ["7-3", "11-10"]], boneyard=[], manual_muggins=True)
    game.apply(1, Pass())
    assert scores_from(game.apply(0, play("12-1", "W", 12)))[0] == (0, 25)


@pytest.mark.parametrize(
    ("seats", "options"),
    [(3, {"manual_muggins": True}), (4, {"manual_muggins": True, "muggins_partners": True}),
     (2, {"muggins_no_voluntary_draw": True, "reserve_two": True})],
)
def test_random_play_under_house_rules(seats: int, options: dict[str, object]) -> None:
    for seed in (1, 2):
        game = checked_match("muggins", seats, seed, {"target": 50, **options})
        assert max(game.score) >= 50


def test_mug_7_simulator_drives_several_awaited_seats() -> None:
    """The terminal table's match loop skips a seat whose decision an earlier seat's claim has settled."""
    from engine.ai import computer_player
    from tabletop.players import play_match

    for seed in (1, 2, 3):
        game = new_game("muggins", 3, seed, {"manual_muggins": True, "target": 50})
        assert play_match(game, [computer_player("muggins", s) for s in range(3)]) > 0
        assert game.is_over and game.winner


# ----- audit additions -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("deal", "score"), [([["10-10", "1-0"], ["9-8", "2-0"]], (20, 0)),
                                             ([["0-0", "2-1"], ["3-1", "4-2"]], (0, 0))], ids=["10-10", "0-0"])
def test_mug_4_opening_double_scores_its_count_10_10_makes_20_0_0_nothing(deal: list[list[str]],
                                                                        score: tuple[int, int]) -> None:
    game = rigged("muggins", deal, boneyard=[])
    assert game.score == score


def test_mug_2_the_spinner_is_the_only_one_a_later_double_counts_twice_at_an_arm_end() -> None:
    """MUG-1: 6-6 opens (12), 6-3 on the left (3 + 12 = 15), 3-3 on the 3 (2 x 3 + 12 = 18, no score)."""
    game = rigged("muggins", [["6-6", "3-3", "11-10"], ["6-3", "12-11"]], boneyard=["0-0"])
    assert scores_from(game.apply(1, play("6-3", "W", 6))) == [(1, 15)]
    assert scores_from(game.apply(0, play("3-3", "W", 3))) == []
    assert game.view(None)["count"] == 18


def test_rule_3_6_voluntary_draw_turn_still_ends_with_a_play() -> None:
    game = example()
    game.apply(1, Draw())
    legal = game.legal_actions(1)
    assert Pass() not in legal and "play:5-0@E/5" in {str(a) for a in legal}
    assert game.describe(Draw()) == "Draw instead of playing"


def test_rule_2_5_reserve_two_limits_voluntary_draws_too() -> None:
    game = example(reserve_two=True)  # 3 tiles in the boneyard, 1 drawable
    game.apply(1, Draw())
    assert Draw() not in game.legal_actions(1) and game.view(None)["drawable"] == 0


def test_muggins_partners_going_out_scores_the_opponents_pips_only() -> None:
    """SUM counts the opponents' hands: seat 0 goes out with 12-1 (ends 1 + 24 = 25, scored) and takes seats 1 and
    3's 10 + 8 = 18; partner seat 2's 9 pips are not an opponent's. Side 0+2 has 25 + 18 = 43."""
    game = rigged("muggins", [["12-12", "12-1"], ["7-3"], ["9-0"], ["8-0"]], boneyard=[], muggins_partners=True)
    pass_around(game, 3)
    events = game.apply(0, play("12-1", "W", 12))
    assert scores_from(events)[:2] == [(0, 25), (0, 18)]
    assert game.last_round is not None and game.last_round["points"] == [18, 0, 0, 0]


def test_mug_6_partners_blocked_round_cascades_the_two_sides_totals() -> None:
    """Pips 3, 9, 3, 21: side 0+2 holds 6, side 1+3 holds 30; the lower side scores 30 − 6 = 24, the other 0."""
    game = rigged("muggins", [["12-12", "2-1"], ["5-4"], ["3-0"], ["11-10"]], boneyard=[], muggins_partners=True)
    pass_around(game, 4)
    assert game.last_round is not None
    assert game.last_round["pips"] == [3, 9, 3, 21] and game.last_round["points"] == [24, 0, 0, 0]


def test_rule_1_5_cascade_takes_two_players_over_the_target_highest_wins() -> None:
    """A 3 / B 9 / C 21 block pays 27 and 12: A from 40 to 67 and B from 45 to 57 both pass 50; A wins."""
    game = cascade_game_at([["12-12", "2-1"], ["5-4"], ["11-10"]], {0: 40, 1: 45})
    assert game.score[:2] == (67, 57) and game.is_over and game.winner == (0,)


def test_rule_1_5_cascade_ties_two_players_over_the_target_play_on() -> None:
    """The same block from 30 and 45: both reach 57, a tie, so the match goes on into round 2."""
    game = cascade_game_at([["12-12", "2-1"], ["5-4"], ["11-10"]], {0: 30, 1: 45})
    assert game.last_round is not None and game.last_round["points"] == [27, 12, 0]
    assert game.round_no == 2
    opener = game.line.center_seat
    assert opener is not None
    # round 2's opening double may score (MUG-4); only that in-play check can end the match now
    assert not game.is_over or game.winner == (opener,)


def cascade_game_at(deal: list[list[str]], earlier: dict[int, int]) -> MugginsGame:
    game = rigged("muggins", deal, boneyard=[], target=50)
    assert isinstance(game, MugginsGame)
    for seat, points in earlier.items():
        game.award(seat, points, "earlier rounds")
    pass_around(game, len(deal))
    return game


def test_mug_7_a_claim_that_reaches_the_target_ends_the_match_at_once() -> None:
    game = example(manual_muggins=True, target=50)
    game.award(1, 45, "earlier rounds")
    game.apply(1, play("5-0", "E", 5))
    assert not game.is_over and game.describe(CLAIM) == "Claim 10 points"
    assert game.describe(MUGGINS) == "Muggins! Take the unclaimed 10"
    game.apply(1, CLAIM)
    assert game.is_over and game.winner == (1,) and game.score[1] == 55


def test_mug_7_a_muggins_call_that_reaches_the_target_wins_for_the_caller() -> None:
    game = example(manual_muggins=True, target=50)
    game.award(0, 45, "earlier rounds")
    game.apply(1, play("5-0", "E", 5))
    events = game.apply(0, MUGGINS)
    assert [text(game, e) for e in events][:2] == ["Seat 1 calls Muggins!", "Seat 1 takes the 10 left unclaimed."]
    assert game.is_over and game.winner == (0,)


def test_mug_7_opening_count_is_automatic_from_round_two_on_too() -> None:
    """Settled question: under manual_muggins the opening double's count is credited without a claim, in every round
    (RULES 2.7 places it for its holder, who takes no action to claim with; MUG-4 says it scores)."""
    game = rigged("muggins", [["5-5", "2-1"], ["4-3"]], boneyard=[], manual_muggins=True)
    assert isinstance(game, MugginsGame) and game.score == (10, 0)
    pass_around(game, 2)  # blocked: pips 3 and 7; the cascade pays seat 0 7 − 3 = 4
    assert game.round_no == 2 and game.view(None)["claim"] is None
    opener = game.line.center_seat
    center = game.line.center
    assert opener is not None and center is not None
    expected = [10 + 4, 0]
    expected[opener] += count_points(center.pips)
    assert list(game.score) == expected and game.to_act == ((opener + 1) % 2,)
