"""The Draw game (RULES 3.1) and the shared layout rules of RULES section 2 it uses."""

from __future__ import annotations

import pytest

from engine import BadOption, Draw, IllegalAction, Pass, Play, Tile, new_game
from engine.games.draw import DrawGame
from engine.tiles import double_set
from tests.engine.words_support import prompt, text


def t(text: str) -> Tile:
    return Tile.parse(text)


def rigged(hands: list[list[str]], boneyard: list[str], **options: object) -> DrawGame:
    game = new_game("draw", len(hands), seed=1, options={"set": 6, "deal": hands, "boneyard": boneyard, **options})
    assert isinstance(game, DrawGame)
    return game


def pass_all(game: DrawGame, times: int) -> None:
    for _ in range(times):
        seat = game.to_act[0]
        assert game.legal_actions(seat) == [Pass()]
        game.apply(seat, Pass())


# ----- the seeds' worked examples -------------------------------------------------------------------------------
def test_has_basic_example_winner_scores_others_less_own_27() -> None:
    """[HAS] A (winner) 3, B 9, C 21: 9 + 21 − 3 = 27 (DRW-1 default SUM_MINUS_OWN)."""
    game = rigged([["6-6", "2-1"], ["5-4"], ["5-5", "4-3", "3-1"]], [])
    pass_all(game, 3)
    assert game.score == (27, 0, 0)
    assert game.last_round is not None and game.last_round["pips"] == [3, 9, 21]


def test_uc_example_default_scores_26() -> None:
    """[UC] A 5, B 19, C 12: the default formula gives 31 − 5 = 26 (DRW-1)."""
    game = rigged([["6-6", "3-2"], ["5-5", "5-4"], ["4-4", "4-0"]], [])
    pass_all(game, 3)
    assert game.score == (26, 0, 0)


def test_drw_1_each_diff_option_gives_the_manuals_21() -> None:
    """[UC] A 5, B 19, C 12 under draw_scoring=each_diff: (19 − 5) + (12 − 5) = 21 (DRW-1 option)."""
    game = rigged([["6-6", "3-2"], ["5-5", "5-4"], ["4-4", "4-0"]], [], draw_scoring="each_diff")
    pass_all(game, 3)
    assert game.score == (21, 0, 0)


# ----- RULES section 2 ------------------------------------------------------------------------------------------
def test_rule_2_7_highest_double_opens_and_counts_as_the_turn() -> None:
    game = rigged([["4-4", "6-1"], ["6-6", "5-2"], ["5-5", "0-0"]], [])
    assert game.line.center == t("6-6") and game.line.center_seat == 1
    assert game.to_act == (2,), "play continues to the opener's left"


def test_rule_2_7_no_double_anywhere_reshuffles_and_deals_again() -> None:
    for seed in range(200):
        game = new_game("draw", 2, seed=seed)
        if any(e.kind == "redeal" for e in game.log):
            assert game.line.center is not None and game.line.center.is_double
            return
    pytest.fail("no seed in 200 needed a redeal")


def test_drw_4_highest_double_opens_every_later_round() -> None:
    game = rigged([["6-6", "2-1"], ["5-4"], ["5-5", "4-3", "3-1"]], [])
    pass_all(game, 3)
    assert game.round_no == 2
    center = game.line.center
    assert center is not None and center.is_double
    assert all(not tile.is_double or tile < center for hand in game.hands for tile in hand)


def test_rule_2_1_double_first_gives_two_ends_showing_its_number() -> None:
    game = rigged([["6-6", "1-0"], ["6-2", "6-3"]], [])
    assert [(e.arm, e.value) for e in game.line.open_ends()] == [("W", 6), ("E", 6)]
    assert set(game.legal_actions(1)) == {Play(t("6-2"), "W", 6), Play(t("6-2"), "E", 6),
                                          Play(t("6-3"), "W", 6), Play(t("6-3"), "E", 6)}


def test_rule_2_1_other_end_becomes_the_new_open_value() -> None:
    game = rigged([["6-6", "1-0"], ["6-2", "5-0"]], [])
    game.apply(1, Play(t("6-2"), "W", 6))
    assert game.line.end_value("W") == 2 and game.line.end_value("E") == 6


def test_rule_2_4_must_play_no_draw_or_pass_while_able() -> None:
    game = rigged([["6-6", "1-0"], ["6-2", "5-0"]], ["3-3", "4-4"])
    legal = game.legal_actions(1)
    assert Draw() not in legal and Pass() not in legal
    with pytest.raises(IllegalAction):
        game.apply(1, Draw())


def test_drw_3_no_voluntary_draw() -> None:
    game = rigged([["6-6", "1-0"], ["6-2", "5-0"]], ["3-3"])
    assert all(isinstance(a, Play) for a in game.legal_actions(1))


def test_rule_2_5_draw_until_a_drawn_tile_is_playable_then_must_play() -> None:
    game = rigged([["6-6", "1-0"], ["5-0"]], ["1-1", "2-0", "6-3", "4-4"])
    assert game.legal_actions(1) == [Draw()]
    events = game.apply(1, Draw())
    assert events[-1].count == 3
    assert game.boneyard == [t("4-4")]
    assert game.to_act == (1,)
    assert game.legal_actions(1) == [Play(t("6-3"), "W", 6), Play(t("6-3"), "E", 6)]


def test_rule_2_5_empty_boneyard_and_no_play_means_pass() -> None:
    game = rigged([["6-6", "1-0"], ["5-0"]], ["1-1"])
    game.apply(1, Draw())
    assert game.boneyard == [] and game.legal_actions(1) == [Pass()]


def test_rule_2_5_reserve_two_keeps_the_last_two_tiles() -> None:
    game = rigged([["6-6", "1-0"], ["5-0"]], ["1-1", "6-3"], reserve_two=True)
    assert game.legal_actions(1) == [Pass()]
    plain = rigged([["6-6", "1-0"], ["5-0"]], ["1-1", "6-3"])
    assert plain.legal_actions(1) == [Draw()]


def test_rule_2_8_going_out_ends_the_round_at_once() -> None:
    game = rigged([["6-6", "6-1"], ["5-4", "3-3"], ["2-2", "0-0"]], [])
    pass_all(game, 2)
    game.apply(0, Play(t("6-1"), "W", 6))
    assert game.round_no == 2
    assert game.score == (9 + 6 + 4 + 0, 0, 0)  # W = 0: 5-4, 3-3, 2-2 and 0-0 left


def test_rule_2_8_blocked_after_n_consecutive_passes() -> None:
    game = rigged([["6-6", "2-1"], ["5-4"], ["5-5", "4-3", "3-1"]], [])
    pass_all(game, 2)
    assert game.round_no == 1
    pass_all(game, 1)
    assert game.round_no == 2


def test_rule_2_9_tied_lowest_blocked_hand_scores_nobody() -> None:
    game = rigged([["6-6", "2-1"], ["3-0"], ["5-4"]], [])
    pass_all(game, 3)
    assert game.score == (0, 0, 0)
    assert any(text(game, e) == "Nobody scores this round." for e in game.log)


def test_rule_2_9_block_tie_all_tied_score_option() -> None:
    game = rigged([["6-6", "2-1"], ["3-0"], ["5-4"]], [], block_tie="all_tied_score")
    pass_all(game, 3)
    assert game.score == (9, 9, 0)  # each: (3 + 9) − 3


def test_drw_2_no_spinner_by_default() -> None:
    game = rigged([["6-6", "1-0"], ["6-2", "6-3"], ["6-4", "6-5"]], [])
    game.apply(1, Play(t("6-2"), "W", 6))
    game.apply(2, Play(t("6-4"), "E", 6))
    assert [e.arm for e in game.line.open_ends()] == ["W", "E"]


def test_drw_2_first_double_spinner_opens_top_and_bottom_after_both_sides() -> None:
    game = rigged([["6-6", "1-0"], ["6-2", "6-3"], ["6-4", "6-5"]], [], first_double_spinner=True)
    assert {a.end for a in game.legal_actions(1) if isinstance(a, Play)} == {"W", "E"}
    game.apply(1, Play(t("6-2"), "W", 6))
    game.apply(2, Play(t("6-4"), "E", 6))
    game.apply(0, Pass())
    assert {a.end for a in game.legal_actions(1) if isinstance(a, Play)} == {"N", "S"}


@pytest.mark.parametrize(("top", "seats", "size"), [(12, 2, 7), (12, 6, 7), (9, 4, 7), (9, 5, 5), (9, 6, 5),
                                                    (6, 2, 7), (6, 3, 5), (6, 4, 5)])
def test_drw_5_hand_sizes_per_set(top: int, seats: int, size: int) -> None:
    game = new_game("draw", seats, seed=3, options={"set": top})
    dealt = sum(len(h) for h in game.hands) + 1  # the opening double left a hand
    assert dealt == size * seats
    assert len(game.full_set()) == len(double_set(top))


def test_drw_5_double_six_allows_at_most_four_players() -> None:
    with pytest.raises(BadOption, match="at most 4"):
        new_game("draw", 5, options={"set": 6})


def test_target_100_by_default_and_short_game_50() -> None:
    assert new_game("draw", 2).target() == 100
    assert new_game("draw", 2, options={"target": 50}).target() == 50


def test_rule_1_5_match_ends_when_a_side_reaches_the_target() -> None:
    game = rigged([["6-6", "2-1"], ["5-4"], ["5-5", "4-3", "3-1"]], [], target=50)
    game._score = [40, 0, 0]  # as if earlier rounds had been played
    pass_all(game, 3)
    assert game.is_over and game.winner == (0,)
    assert game.to_act == ()


def test_rule_1_5_tied_leaders_over_the_target_play_another_round() -> None:
    game = new_game("draw", 3, seed=2)
    game._score = [120, 120, 30]
    assert game.target_winner(100) is None
    game._score = [120, 110, 30]
    assert game.target_winner(100) == 0
    game._score = [99, 0, 0]
    assert game.target_winner(100) is None


def test_rule_1_1_doubles_count_in_full_in_hand_totals() -> None:
    game = rigged([["6-6", "5-5"], ["4-3"]], [])
    assert game.pips() == [10, 7]


# ----- audit additions (RULES 1.5, 2.3, 2.8, 3.1) ------------------------------------------------------------------
def test_rule_2_3_one_tile_per_turn_then_play_passes_left() -> None:
    game = rigged([["6-6", "6-1", "1-0"], ["6-2", "2-1"], ["6-3", "3-0"]], [])
    game.apply(1, Play(t("6-2"), "W", 6))
    assert game.to_act == (2,) and [str(x) for x in game.hands[1]] == ["2-1"]
    game.apply(2, Play(t("6-3"), "E", 6))
    assert game.to_act == (0,) and len(game.line) == 3


@pytest.mark.parametrize(("earlier", "after", "winner"), [((45, 48), (54, 57, 0), (1,)), ((45, 45), (54, 54, 0), ())],
                         ids=["highest-wins", "tie-plays-on"])
def test_rule_1_5_two_sides_over_the_target_at_one_check(earlier: tuple[int, int], after: tuple[int, ...],
                                                         winner: tuple[int, ...]) -> None:
    """A tied block (pips 3, 3, 9) under block_tie=all_tied_score pays seats 0 and 1 9 each, taking both over 50:
    the higher total wins; equal totals play another round."""
    game = rigged([["6-6", "2-1"], ["3-0"], ["5-4"]], [], block_tie="all_tied_score", target=50)
    for seat, points in enumerate(earlier):
        game.award(seat, points, "earlier rounds")
    pass_all(game, 3)
    assert game.score == after and game.winner == winner
    assert game.is_over == bool(winner) and game.round_no == (1 if winner else 2)


def test_rule_3_1_two_to_six_players() -> None:
    for seats in (1, 7):
        with pytest.raises(BadOption):
            new_game("draw", seats)


def test_rule_2_8_going_out_calls_domino_and_texts_hide_drawn_tiles() -> None:
    game = rigged([["6-6", "6-1"], ["5-0"], ["4-4", "4-0"]], ["1-1", "2-0", "6-3"])
    events = game.apply(1, Draw())
    assert [text(game, e) for e in events] == ["Seat 2 drew 3 tiles."]  # not which tiles
    game.apply(1, Play(t("6-3"), "W", 6))
    pass_all(game, 1)  # seat 3 holds no 3 or 6 and the boneyard is empty
    events = game.apply(0, Play(t("6-1"), "E", 6))
    assert [text(game, e) for e in events if e.kind == "round_over"] == ["Seat 1 went out and calls Domino!"]


def test_words_buttons_and_prompts_read_well() -> None:
    game = rigged([["6-6", "1-0"], ["5-0"]], ["1-1", "6-3"])
    assert prompt(game) == "Seat 2 cannot play and must draw."
    assert game.describe(Draw()) == "Draw"
    game.apply(1, Draw())
    assert prompt(game) == "Seat 2 to play."
    assert [game.describe(a) for a in game.legal_actions(1)] == ["6-3 on the left", "6-3 on the right"]
    blocked = rigged([["6-6", "1-0"], ["5-0"]], [])
    assert prompt(blocked) == "Seat 2 cannot play and must pass." and blocked.describe(Pass()) == "Pass"
