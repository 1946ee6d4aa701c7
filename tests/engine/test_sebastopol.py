"""Sebastopol (RULES 3.3): the 6-6 cross first (SEB-2), four arms, pass when unable, SUM scoring (SEB-3), and the
Hasbro sheet's reading as an option (SEB-1)."""

from __future__ import annotations

import pytest

from engine import BadOption, new_game
from engine.actions import Pass
from engine.games.sebastopol import SebastopolGame
from tests.engine.line_support import checked_match, play, plays_of, rigged, scores_from
from tests.engine.words_support import prompt

FULL_DEAL = [
    ["6-6", "6-5", "1-0", "2-1", "3-3", "4-2", "5-0"],
    ["6-4", "6-3", "0-0", "1-1", "2-0", "3-0", "4-0"],
    ["5-5", "4-4", "5-4", "5-3", "5-2", "5-1", "4-3"],
    ["6-2", "6-1", "6-0", "2-2", "3-1", "3-2", "4-1"],
]


def sebastopol(deal: list[list[str]], **options: object) -> SebastopolGame:
    game = rigged("sebastopol", deal, **options)
    assert isinstance(game, SebastopolGame)
    return game


def test_all_28_dealt_and_the_6_6_holder_sets_it() -> None:
    game = new_game("sebastopol", 4, seed=11)
    assert isinstance(game, SebastopolGame)
    assert len(game.full_set()) == 28 and game.view(None)["boneyard"] == 0 and game.zones()["dead"] == []
    opener = game.line.center_seat
    assert opener is not None and str(game.line.center) == "6-6"
    assert game.to_act == ((opener + 1) % 4,)
    assert sum(len(h) for h in game.hand_lists()) == 27


def test_cross_phase_only_sixes_on_the_free_faces_of_the_6_6() -> None:
    game = sebastopol(FULL_DEAL)
    assert game.view(None)["cross_phase"] is True
    assert plays_of(game, 1) == {f"play:{t}@{arm}/6" for t in ("6-4", "6-3") for arm in "WENS"}


def test_seb_2_the_cross_may_be_filled_in_any_order() -> None:
    game = sebastopol(FULL_DEAL)
    game.apply(1, play("6-4", "N", 6))  # the top before either end
    assert game.legal_actions(2) == [Pass()]  # no six; the 4 on the top arm may not be extended yet
    game.apply(2, Pass())
    game.apply(3, play("6-2", "S", 6))
    assert plays_of(game, 0) == {"play:6-5@W/6", "play:6-5@E/6"}
    game.apply(0, play("6-5", "W", 6))
    game.apply(1, play("6-3", "E", 6))
    assert game.view(None)["cross_phase"] is False
    assert sorted((e.arm, e.value) for e in game.line.open_ends()) == [("E", 3), ("N", 4), ("S", 2), ("W", 5)]


def test_after_the_cross_later_doubles_do_not_branch() -> None:
    game = sebastopol(FULL_DEAL)
    for seat, action in ((1, play("6-4", "N", 6)), (2, Pass()), (3, play("6-2", "S", 6)),
                         (0, play("6-5", "W", 6)), (1, play("6-3", "E", 6))):
        game.apply(seat, action)
    assert "play:5-5@W/5" in plays_of(game, 2)
    game.apply(2, play("5-5", "W", 5))
    ends = game.line.open_ends()
    assert len(ends) == 4 and [(e.value, e.double) for e in ends if e.arm == "W"] == [(5, True)]


def test_seb_3_blocked_round_lowest_hand_scores_sum() -> None:
    """Nobody can follow the 6-6: a block after 4 passes; the lowest hand takes all the others' pips (no
    subtraction of its own)."""
    game = sebastopol([["6-6", "1-0"], ["2-0"], ["3-0"], ["4-1"]])
    for seat in (1, 2, 3, 0):
        game.apply(seat, Pass())
    assert game.last_round is not None
    assert game.last_round["pips"] == [1, 2, 3, 5] and game.last_round["points"] == [10, 0, 0, 0]


def test_going_out_scores_sum() -> None:
    game = sebastopol([["6-6", "6-1"], ["6-5", "2-0"], ["6-4", "3-0"], ["6-3", "4-0"]])
    game.apply(1, play("6-5", "W", 6))
    game.apply(2, play("6-4", "E", 6))
    game.apply(3, play("6-3", "N", 6))
    events = game.apply(0, play("6-1", "S", 6))
    assert scores_from(events) == [(0, 2 + 3 + 4)]


def test_exactly_four_players() -> None:
    for seats in (3, 5):
        with pytest.raises(BadOption):
            new_game("sebastopol", seats)


def test_seb_1_hasbro_option_double_twelve_starter_set_out_and_seat_0_begins() -> None:
    game = new_game("sebastopol", 4, seed=3, options={"sebastopol_hasbro": True})
    assert isinstance(game, SebastopolGame)
    assert len(game.full_set()) == 91 and str(game.line.center) == "6-6"
    assert [len(h) for h in game.hand_lists()] == [7, 7, 7, 7]
    assert len(game.zones()["dead"]) == 62
    assert game.to_act == (0,)


def test_seb_1_hasbro_round_blocks_when_everyone_passes_in_the_cross_phase() -> None:
    game = sebastopol([["1-0"], ["2-0"], ["3-0"], ["12-12"]], sebastopol_hasbro=True)
    for seat in range(4):
        assert game.legal_actions(seat) == [Pass()]
        game.apply(seat, Pass())
    assert game.last_round is not None and game.last_round["points"] == [2 + 3 + 24, 0, 0, 0]


def test_seb_1_rigged_deal_without_the_6_6_is_refused_in_the_default_game() -> None:
    with pytest.raises(BadOption):
        sebastopol([["5-5"], ["2-0"], ["3-0"], ["4-1"]])


def test_random_play_hasbro_reading() -> None:
    for seed in (1, 2):
        game = checked_match("sebastopol", 4, seed, {"target": 50, "sebastopol_hasbro": True})
        assert max(game.score) >= 50


# ----- audit additions -----------------------------------------------------------------------------------------------
def test_rule_3_3_target_100() -> None:
    assert new_game("sebastopol", 4, seed=1).view(None)["target"] == 100


def test_rule_3_3_no_arm_grows_before_the_cross_even_when_a_tile_matches_it() -> None:
    """After 6-5 on the left, 5-5 matches the 5 but the cross is not complete: seat 2 has no six and passes."""
    game = sebastopol(FULL_DEAL)
    game.apply(1, play("6-4", "W", 6))
    assert game.legal_actions(2) == [Pass()]  # 5-4 and 4-4 match the open 4, but only free faces of 6-6 take tiles
    game.apply(2, Pass())
    assert prompt(game).endswith("The cross comes first: a six on a free side of the 6-6.")


def test_seb_3_blocked_tie_scores_nobody_or_all_tied_with_the_option() -> None:
    """Pips 5, 2, 2, 6: seats 1 and 2 tie lowest. RULES 2.9: nobody scores; with all_tied_score each scores SUM as
    if it had won, the other tied hand included: 5 + 2 + 6 = 13."""
    for block_tie, points in (("nobody", [0, 0, 0, 0]), ("all_tied_score", [0, 13, 13, 0])):
        game = sebastopol([["6-6", "5-0"], ["2-0"], ["1-1"], ["4-2"]], block_tie=block_tie)
        for seat in (1, 2, 3, 0):
            game.apply(seat, Pass())
        assert game.last_round is not None and game.last_round["points"] == points
