"""Block (RULES 3.2)."""

from __future__ import annotations

import pytest

from engine import BadOption, Draw, Pass, Play, Tile, new_game
from engine.games.block import BlockGame


def rigged(hands: list[list[str]], **options: object) -> BlockGame:
    game = new_game("block", len(hands), seed=1, options={"set": 6, "deal": hands, **options})
    assert isinstance(game, BlockGame)
    return game


def pass_all(game: BlockGame, times: int) -> None:
    for _ in range(times):
        seat = game.to_act[0]
        assert game.legal_actions(seat) == [Pass()]
        game.apply(seat, Pass())


def test_rule_2_6_no_drawing_undealt_tiles_are_dead() -> None:
    game = rigged([["6-6", "1-0"], ["5-4"]])
    assert game.boneyard == [] and len(game.dead) == 28 - 3
    assert game.legal_actions(1) == [Pass()]
    assert Draw() not in game.legal_actions(1)


def test_blk_1_highest_double_opens() -> None:
    game = rigged([["3-3", "1-0"], ["5-5", "4-0"], ["2-2"]])
    assert game.line.center == Tile.of(5, 5) and game.to_act == (2,)


def test_blk_2_blocked_winner_scores_every_other_hand_without_subtraction() -> None:
    game = rigged([["6-6", "2-1"], ["5-4"], ["5-5", "4-3", "3-1"]])
    pass_all(game, 3)
    assert game.score == (30, 0, 0)  # 9 + 21, own 3 not subtracted


def test_blk_2_block_scoring_option_picks_another_formula() -> None:
    game = rigged([["6-6", "2-1"], ["5-4"], ["5-5", "4-3", "3-1"]], block_scoring="sum_minus_own")
    pass_all(game, 3)
    assert game.score == (27, 0, 0)
    cascade = rigged([["6-6", "2-1"], ["5-4"], ["5-5", "4-3", "3-1"]], block_scoring="cascade")
    pass_all(cascade, 3)
    assert cascade.score == (27, 12, 0)


def test_blk_2_going_out_scores_the_sum() -> None:
    game = rigged([["6-6", "6-1"], ["5-4"], ["3-3"]])
    pass_all(game, 2)
    game.apply(0, game.legal_actions(0)[0])
    assert game.score == (9 + 6, 0, 0)


def test_blk_3_the_match_goes_to_100() -> None:
    game = new_game("block", 4, seed=5)
    assert game.target() == 100
    assert game.round_no == 1


def test_drw_5_block_double_six_four_players_deals_seven_each() -> None:
    game = new_game("block", 4, seed=9, options={"set": 6})
    assert sum(len(h) for h in game.hands) + 1 == 28 and game.dead == []


@pytest.mark.parametrize("seats", [2, 5, 10])
def test_block_allows_two_to_ten_players(seats: int) -> None:
    game = new_game("block", seats, seed=seats)
    assert sum(len(h) for h in game.hands) + 1 == 7 * seats


def test_blk_2_cascade_going_out_scores_only_the_winners_share() -> None:
    """Under block_scoring=cascade a player going out (W = 0) scores every other hand's pips, nothing more."""
    game = rigged([["6-6", "6-1"], ["5-4"], ["3-3"]], block_scoring="cascade")
    pass_all(game, 2)
    game.apply(0, game.legal_actions(0)[0])
    assert game.score == (9 + 6, 0, 0)


# ----- audit additions -----------------------------------------------------------------------------------------------
def test_rule_2_4_a_player_able_to_play_may_not_pass() -> None:
    game = rigged([["6-6", "1-0"], ["6-2", "5-4"]])
    legal = game.legal_actions(1)
    assert Pass() not in legal and {str(a) for a in legal} == {"play:6-2@W/6", "play:6-2@E/6"}


def test_rule_3_2_layout_has_no_spinner() -> None:
    """The opening 6-6 takes a tile on each side and still offers only the two ends of the line."""
    game = rigged([["6-6", "6-1", "1-0"], ["6-2", "2-0"], ["6-3", "3-0"]])
    game.apply(1, Play(Tile.of(6, 2), "W", 6))
    game.apply(2, Play(Tile.of(6, 3), "E", 6))
    assert [(e.arm, e.value) for e in game.line.open_ends()] == [("W", 2), ("E", 3)]
    assert game.legal_actions(0) == [Pass()]  # 6-1 has nowhere to go: the 6-6 does not branch


def test_rule_2_6_a_rigged_boneyard_is_dead_in_a_block_game() -> None:
    game = rigged([["6-6", "1-0"], ["5-4"]], boneyard=["4-4", "3-3"])
    assert game.boneyard == [] and game.view(None)["boneyard"] == 0
    assert {"4-4", "3-3"} <= {str(x) for x in game.dead} and len(game.dead) == 25


def test_rule_2_9_tied_lowest_blocked_hand_scores_nobody_in_block() -> None:
    game = rigged([["6-6", "2-1"], ["3-0"], ["5-4"]])
    pass_all(game, 3)
    assert game.score == (0, 0, 0) and game.last_round is not None and game.last_round["points"] == [0, 0, 0]


@pytest.mark.parametrize("seats", [1, 11])
def test_rule_3_2_two_to_ten_players(seats: int) -> None:
    with pytest.raises(BadOption):
        new_game("block", seats)
