"""Bergen (RULES 3.4): in-play double- and triple-headers, "Bergen" for going out, BER-1..BER-5."""

from __future__ import annotations

import pytest

from engine import BadOption, new_game
from engine.actions import Draw
from engine.games.bergen import BergenGame
from tests.engine.line_support import checked_match, pass_around, play, plays_of, rigged, scores_from
from tests.engine.words_support import text

FILLERS = ["12-11", "12-10", "11-10", "9-8"]


def example_game() -> BergenGame:
    """The domino-games.com illustration: 6-6 opens, 6-2 and 6-4 go either side."""
    game = rigged("bergen", [["6-6", "4-2", "12-11"], ["6-2", "2-2", "12-10"], ["6-4", "11-10", "9-8"]],
                  boneyard=["0-0", "1-0", "3-0"])
    assert isinstance(game, BergenGame)
    return game


def test_ber_2_opening_double_scores_two_not_three() -> None:
    game = example_game()
    assert game.score == (2, 0, 0)
    assert game.to_act == (1,)


def test_worked_example_double_header_then_triple_header() -> None:
    """6-6 (+2), 6-2 and 6-4 (ends 2 and 4), 4-2 on the 4 (+2), 2-2 on a 2 (+3)."""
    game = example_game()
    assert scores_from(game.apply(1, play("6-2", "W", 6))) == []
    assert scores_from(game.apply(2, play("6-4", "E", 6))) == []
    assert [e.value for e in game.line.open_ends()] == [2, 4]
    assert scores_from(game.apply(0, play("4-2", "E", 4))) == [(0, 2)]
    assert scores_from(game.apply(1, play("2-2", "W", 2))) == [(1, 3)]
    assert game.score == (4, 3, 0)


def test_ber_1_triple_header_made_by_the_single_against_the_centre_double() -> None:
    """5-5 opens; the left arm comes back to a 5 while the right end is still the 5-5: a triple-header."""
    game = rigged("bergen", [["5-5", "5-3", FILLERS[0]], ["5-1", FILLERS[1]], ["3-1", FILLERS[2]]],
                  boneyard=["0-0"])
    assert scores_from(game.apply(1, play("5-1", "W", 5))) == []
    assert scores_from(game.apply(2, play("3-1", "W", 1))) == []
    assert scores_from(game.apply(0, play("5-3", "W", 3))) == [(0, 3)]
    assert game.score == (5, 0, 0)


def test_ber_1_double_at_an_end_with_unequal_ends_scores_nothing() -> None:
    game = rigged("bergen", [["6-6", *FILLERS[:1]], ["6-3", FILLERS[1]], ["3-3", FILLERS[2]]], boneyard=["0-0"])
    assert scores_from(game.apply(1, play("6-3", "W", 6))) == []  # ends 3 and the 6-6
    assert scores_from(game.apply(2, play("3-3", "W", 3))) == []  # ends 3-3 and 6-6: two doubles, unequal
    assert game.score == (2, 0, 0)


def test_draw_until_a_playable_tile_comes() -> None:
    """RULES 2.5: a player with no match draws one tile at a time and stops at the first playable one."""
    game = rigged("bergen", [["6-6", "12-11"], ["10-0", "11-10"]], boneyard=["5-0", "4-0", "6-1", "9-0"])
    assert game.legal_actions(1) == [Draw()]
    game.apply(1, Draw())
    assert game.to_act == (1,)
    assert sorted(map(str, game.hand_lists()[1])) == ["10-0", "11-10", "4-0", "5-0", "6-1"]
    assert plays_of(game, 1) == {"play:6-1@W/6", "play:6-1@E/6"}
    assert game.view(None)["boneyard"] == 1


def test_going_out_scores_one_point() -> None:
    game = rigged("bergen", [["6-6", "2-0"], ["6-2", "12-11"], ["6-5", "11-10"]], boneyard=["10-9"])
    game.apply(1, play("6-2", "W", 6))  # ends 2 and 6-6
    game.apply(2, play("6-5", "E", 6))  # ends 2 and 5
    events = game.apply(0, play("2-0", "W", 2))
    # RULES 2.8: the call of who goes out
    assert [text(game, e) for e in events if e.kind == "round_over"] == ["Seat 1 went out and calls Bergen!"]
    assert scores_from(events)[0] == (0, 1)
    assert game.last_round is not None
    assert game.last_round["reason"] == "out" and game.last_round["points"] == [1, 0, 0]
    assert game.score == after_next_opening(game, [3, 0, 0])


def after_next_opening(game: BergenGame | object, totals: list[int]) -> tuple[int, ...]:
    """``totals`` plus the 2 points the next round's opener has already scored."""
    assert isinstance(game, BergenGame) and game.round_no == 2
    opener = game.line.center_seat
    assert opener is not None
    return tuple(t + (2 if seat == opener else 0) for seat, t in enumerate(totals))


def blocked(deal: list[list[str]], **options: object) -> BergenGame:
    """Open with 12-12 that nobody can follow and no boneyard: everyone passes and the round blocks."""
    game = rigged("bergen", deal, boneyard=[], **options)
    assert isinstance(game, BergenGame)
    pass_around(game, 3)
    return game


def test_ber_3_blocked_lowest_double_free_hand_wins() -> None:
    """Seat 1 holds the fewest pips, but a hand with a double cannot win while a double-free hand exists."""
    game = blocked([["12-12", "1-1"], ["6-5"], ["9-0"]])
    assert game.last_round == {"round": 1, "reason": "blocked", "pips": [2, 11, 9], "points": [0, 0, 1]}
    assert game.score == after_next_opening(game, [2, 0, 1])


def test_ber_3_blocked_every_hand_with_a_double_counts_without_doubles() -> None:
    game = blocked([["12-12", "1-1", "9-8"], ["2-2", "6-5"], ["3-3", "4-0"]])
    assert game.last_round is not None
    assert game.last_round["points"] == [0, 0, 1]


def test_ber_3_blocked_tie_scores_nobody() -> None:
    game = blocked([["12-12", "1-1"], ["6-5"], ["9-2"]])
    assert game.last_round is not None and game.last_round["points"] == [0, 0, 0]
    assert game.score == after_next_opening(game, [2, 0, 0])


def test_block_tie_option_all_tied_score_one_each() -> None:
    game = blocked([["12-12", "1-1"], ["6-5"], ["9-2"]], block_tie="all_tied_score")
    assert game.last_round is not None and game.last_round["points"] == [0, 1, 1]


def test_first_to_target_is_checked_immediately_mid_round() -> None:
    """RULES 1.5 for Bergen: the match ends the moment a side reaches 15, with tiles still in hand."""
    game = example_game()
    game.award(0, 11, "earlier rounds")
    game.apply(1, play("6-2", "W", 6))
    game.apply(2, play("6-4", "E", 6))
    game.apply(0, play("4-2", "E", 4))  # a double-header: 13 + 2 = 15
    assert game.is_over and game.winner == (0,)
    assert [str(t) for t in game.hand_lists()[0]] == ["12-11"]
    assert game.to_act == ()


def test_ber_5_no_cap_near_the_target() -> None:
    """Celko's near-target reduction is not adopted: a triple-header at 13 takes the score to 16 and wins."""
    game = example_game()
    game.award(1, 13, "earlier rounds")
    game.apply(1, play("6-2", "W", 6))
    game.apply(2, play("6-4", "E", 6))
    game.apply(0, play("4-2", "E", 4))
    game.apply(1, play("2-2", "W", 2))
    assert game.score[1] == 16 and game.winner == (1,)


@pytest.mark.parametrize(("seats", "size"), [(2, 6), (3, 6), (4, 5)])
def test_ber_4_double_six_option_hand_sizes(seats: int, size: int) -> None:
    game = new_game("bergen", seats, seed=5, options={"bergen_d6": True})
    assert len(game.full_set()) == 28
    opener = game.line.center_seat
    for seat, hand in enumerate(game.hand_lists()):
        assert len(hand) == (size - 1 if seat == opener else size)


def test_ber_4_double_six_seats_at_most_four() -> None:
    with pytest.raises(BadOption):
        new_game("bergen", 5, options={"bergen_d6": True})


def test_default_deal_is_six_from_double_twelve() -> None:
    game = new_game("bergen", 8, seed=3)
    assert len(game.full_set()) == 91
    assert sorted(len(h) for h in game.hand_lists()) == [5] + [6] * 7


def test_reserve_two_keeps_two_tiles_undrawable() -> None:
    game = new_game("bergen", 2, seed=3, options={"reserve_two": True})
    view = game.view(0)
    assert view["drawable"] == view["boneyard"] - 2


@pytest.mark.parametrize("options", [{"bergen_d6": True}, {"reserve_two": True, "block_tie": "all_tied_score"}])
def test_random_play_under_house_rules(options: dict[str, object]) -> None:
    for seats, seed in ((2, 1), (4, 2)):
        game = checked_match("bergen", seats, seed, {"target": 10, **options})
        assert max(game.score) >= 10


# ----- audit additions -----------------------------------------------------------------------------------------------
def out_on_a_header() -> BergenGame:
    """The worked example, but 4-2 is seat 0's last tile: it makes ends 2 and 2 and goes out."""
    game = rigged("bergen", [["6-6", "4-2"], ["6-2", "2-2", "12-10"], ["6-4", "11-10", "9-8"]],
                  boneyard=["0-0", "1-0", "3-0"])
    assert isinstance(game, BergenGame)
    game.apply(1, play("6-2", "W", 6))
    game.apply(2, play("6-4", "E", 6))
    return game


def test_rule_3_4_going_out_on_a_double_header_scores_both() -> None:
    game = out_on_a_header()
    events = game.apply(0, play("4-2", "E", 4))
    assert scores_from(events)[:2] == [(0, 2), (0, 1)]  # the header, then "Bergen"
    assert game.last_round is not None and game.last_round["points"] == [1, 0, 0]
    assert game.score == after_next_opening(game, [2 + 2 + 1, 0, 0])


def test_rule_1_5_a_header_that_reaches_15_wins_before_the_going_out_point() -> None:
    """The in-play check comes first: 13 + 2 = 15 ends the match, so the round is never scored."""
    game = out_on_a_header()
    game.award(0, 11, "earlier rounds")
    events = game.apply(0, play("4-2", "E", 4))
    assert game.is_over and game.winner == (0,) and game.score == (15, 0, 0)
    assert not any(e.kind == "round_over" for e in events)


@pytest.mark.parametrize("seats", [1, 9])
def test_rule_3_4_two_to_eight_players(seats: int) -> None:
    with pytest.raises(BadOption):
        new_game("bergen", seats)


def test_ber_1_a_double_played_to_match_the_far_end_makes_a_triple_header() -> None:
    """The tile just played may be the double: with ends 2 and 2, 2-2 on either 2 makes a triple-header (3)."""
    for arm in ("W", "E"):
        game = example_game()
        game.apply(1, play("6-2", "W", 6))
        game.apply(2, play("6-4", "E", 6))
        game.apply(0, play("4-2", "E", 4))
        assert scores_from(game.apply(1, play("2-2", arm, 2))) == [(1, 3)]


def test_rule_1_5_the_next_openings_2_points_can_win_the_match_at_once() -> None:
    """Everyone at 8 (target 10) and a tied block scores nobody; round 2's opener scores 2 and wins then and there."""
    game = rigged("bergen", [["12-12", "1-1"], ["6-5"], ["9-2"]], boneyard=[], target=10)
    assert isinstance(game, BergenGame)
    for seat, points in enumerate((6, 8, 8)):
        game.award(seat, points, "earlier rounds")
    pass_around(game, 3)
    opener = game.line.center_seat
    assert game.round_no == 2 and opener is not None
    assert game.is_over and game.winner == (opener,) and game.score[opener] == 10
    assert text(game, game.log[-1]) == f"Seat {opener + 1} reached 10 and won the match." and game.to_act == ()
