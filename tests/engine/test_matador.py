"""Matador (RULES 3.7): the sum rule, matadors, the turn procedure, opening, scoring, MAT-1..MAT-6."""

from __future__ import annotations

import pytest

from engine import new_game
from engine.actions import Draw, Pass
from engine.games.matador import MatadorGame
from tests.engine.line_support import checked_match, pass_around, play, plays_of, rigged, scores_from
from tests.engine.words_support import prompt

ALL_WAYS_9_1 = {"play:9-1@W/9", "play:9-1@W/1", "play:9-1@E/9", "play:9-1@E/1"}


def matador(deal: list[list[str]], boneyard: list[str] | None = None, **options: object) -> MatadorGame:
    game = rigged("matador", deal, boneyard=boneyard, **options)
    assert isinstance(game, MatadorGame)
    return game


def example(boneyard: list[str], **options: object) -> MatadorGame:
    """RULES 3.7 example: 5-5 opens, 9-5 and 5-4 make the open ends 9 and 4 for seat 0."""
    game = matador([["5-5", "7-1", "6-2", "3-3", "1-0"], ["9-5", "9-0", "9-1"], ["5-4", "8-7"]], boneyard,
                   **options)
    game.apply(1, play("9-5", "W", 5))
    game.apply(2, play("5-4", "E", 5))
    assert [e.value for e in game.line.open_ends()] == [9, 4]
    return game


def test_mat_3_worked_example_ends_9_and_4() -> None:
    """1-7 goes on the 9 leaving 7; 6-2 on the 4 leaving 2; 3-3 is illegal; 1-0 on the 9 leaves a blank."""
    game = example(["2-2", "4-0", "6-3"])
    assert plays_of(game, 0) == {"play:7-1@W/1", "play:6-2@E/6", "play:1-0@W/1"}
    assert game.describe(play("7-1", "W", 1)) == "7-1 on the left, leaving 7"
    assert game.describe(play("6-2", "E", 6)) == "6-2 on the right, leaving 2"
    game.apply(0, play("1-0", "W", 1))
    assert [e.value for e in game.line.open_ends()] == [0, 4]


def test_only_matadors_play_on_a_blank_in_either_orientation() -> None:
    game = example(["2-2", "4-0", "6-3"])
    game.apply(0, play("1-0", "W", 1))
    assert plays_of(game, 1) == ALL_WAYS_9_1  # 9-0 fits nowhere: the blank takes only matadors
    game.apply(1, play("9-1", "W", 1))
    assert [e.value for e in game.line.open_ends()] == [9, 4]


def test_mat_5_a_player_with_an_ordinary_play_may_not_draw() -> None:
    game = example(["2-2", "4-0", "6-3"])
    assert Draw() not in game.legal_actions(0)


def test_mat_5_draw_instead_of_a_matador_until_a_drawn_tile_plays() -> None:
    game = example(["2-2", "4-0", "6-3", "8-8"])
    game.apply(0, play("1-0", "W", 1))
    assert Draw() in game.legal_actions(1)  # only the matador 9-1 is playable
    assert game.describe(Draw()) == "Draw instead of playing a matador"
    game.apply(1, Draw())
    assert game.view(None)["boneyard"] == 1  # 2-2 and 4-0 do not play; 6-3 on the 4 does
    assert game.to_act == (1,) and Draw() not in game.legal_actions(1)
    assert plays_of(game, 1) == ALL_WAYS_9_1 | {"play:6-3@E/6"}


def test_mat_5_a_drawn_matador_counts_as_playable() -> None:
    game = example(["2-2", "8-2", "6-3"])
    game.apply(0, play("1-0", "W", 1))
    game.apply(1, Draw())
    assert game.view(None)["boneyard"] == 1
    assert Draw() not in game.legal_actions(1)


def test_mat_5_boneyard_out_a_held_matador_must_be_played() -> None:
    game = example(["2-2"])
    game.apply(0, play("1-0", "W", 1))
    game.apply(1, Draw())
    assert game.view(None)["boneyard"] == 0
    assert set(map(str, game.legal_actions(1))) == ALL_WAYS_9_1  # no pass while holding a matador


def test_no_play_must_draw_then_pass_when_the_boneyard_is_out() -> None:
    game = matador([["9-9", "9-8"], ["7-5", "3-2"], ["6-6", "4-3"]], boneyard=["2-0"])
    assert game.legal_actions(1) == [Draw()]
    game.apply(1, Draw())
    assert game.legal_actions(1) == [Pass()]


def test_mat_3_uc_example_double_nine_needs_a_one_and_doubles_count_single() -> None:
    """[UC]: 9-9 opens and counts 9, so the next tile needs a 1; 6-6 goes against an open 4 and leaves a 6."""
    game = matador([["9-9", "9-8"], ["4-1", "8-2", "7-5"], ["6-6", "3-2"]], boneyard=["0-0"])
    assert plays_of(game, 1) == {"play:4-1@W/1", "play:4-1@E/1", "play:8-2@W/8", "play:8-2@W/2",
                                 "play:8-2@E/8", "play:8-2@E/2"}
    game.apply(1, play("4-1", "W", 1))
    assert plays_of(game, 2) == {"play:6-6@W/6"}
    game.apply(2, play("6-6", "W", 6))
    assert [(e.value, e.double) for e in game.line.open_ends()] == [(6, True), (9, True)]
    assert game.view(None)["doubles_inline"] is True


@pytest.mark.parametrize(
    ("deal", "opener", "center"),
    [([["3-3", "9-8"], ["7-7", "1-0"], ["8-6", "2-0"]], 1, "7-7"),
     ([["9-8", "1-0"], ["9-7", "2-0"], ["8-7", "3-0"]], 0, "9-8"),
     ([["8-5", "1-0"], ["9-4", "2-0"], ["7-6", "3-0"]], 1, "9-4")],
    ids=["highest-double", "heaviest-tile", "weight-tie-higher-end"],
)
def test_opening_highest_double_else_heaviest_tile(deal: list[list[str]], opener: int, center: str) -> None:
    game = matador(deal, boneyard=["5-0"])
    assert game.line.center_seat == opener and str(game.line.center) == center
    assert game.to_act == ((opener + 1) % 3,)


def test_opening_non_double_gives_its_two_values_as_ends() -> None:
    game = matador([["9-8", "1-0"], ["9-7", "2-0"], ["8-7", "3-0"]], boneyard=["5-0"])
    assert [e.value for e in game.line.open_ends()] == [9, 8]


def test_mat_1_default_set_double_nine_sum_ten() -> None:
    game = new_game("matador", 3, seed=1)
    view = game.view(None)
    assert len(game.full_set()) == 55 and view["sum"] == 10
    assert view["matadors"] == [[9, 1], [8, 2], [7, 3], [6, 4], [5, 5], [0, 0]]


def test_mat_1_d12sum13_sum_thirteen_and_its_matadors() -> None:
    game = matador([["12-12", "11-0"], ["12-1", "10-3", "1-1"], ["11-1", "2-0"]], boneyard=["5-0"],
                   matador_mode="d12sum13")
    assert len(game.full_set()) == 91 and game.view(None)["sum"] == 13
    assert game.view(None)["matadors"] == [[12, 1], [11, 2], [10, 3], [9, 4], [8, 5], [7, 6], [0, 0]]
    # a 12 end needs a 1: 12-1 (also a matador), 1-1; 10-3 (MAT-2: a matador here) goes anywhere
    assert plays_of(game, 1) >= {"play:1-1@W/1", "play:10-3@W/10", "play:10-3@W/3"}


def test_mat_1_mat_2_d12literal_ten_end_takes_blanks_and_ten_zero_is_no_matador() -> None:
    game = matador([["10-10", "10-0", "9-1"], ["4-0", "12-11"], ["6-0", "11-7"]], boneyard=["5-1"],
                   matador_mode="d12literal")
    assert plays_of(game, 1) == {"play:4-0@W/0", "play:4-0@E/0"}  # 10 + 0 = 10
    game.apply(1, play("4-0", "W", 0))
    game.apply(2, play("6-0", "W", 6))  # leaves a blank
    assert [e.value for e in game.line.open_ends()] == [0, 10]
    legal = plays_of(game, 0)
    assert "play:10-0@E/0" in legal and not any("10-0@W" in p for p in legal)
    assert {"play:9-1@W/9", "play:9-1@W/1"} <= legal


def test_mat_1_d12literal_eleven_and_twelve_ends_take_only_matadors() -> None:
    game = matador([["12-12", "11-0"], ["9-1", "2-0", "12-10"], ["11-11", "3-0"]], boneyard=["5-1"],
                   matador_mode="d12literal")
    assert plays_of(game, 1) == ALL_WAYS_9_1


@pytest.mark.parametrize(("seats", "size"), [(3, 7), (5, 7), (6, 5), (8, 5)])
def test_mat_4_hand_sizes(seats: int, size: int) -> None:
    game = new_game("matador", seats, seed=4)
    assert sum(len(h) for h in game.hand_lists()) == seats * size - 1


def blocked(deal: list[list[str]], **options: object) -> MatadorGame:
    """The open ends need a 1 or a 2, which nobody holds, and there is no boneyard: the round blocks."""
    game = matador(deal, boneyard=[], **options)
    pass_around(game, 3)
    return game


def test_mat_6_blocked_has_example_a3_b9_c21_scores_27() -> None:
    game = blocked([["9-8", "3-0"], ["9-0"], ["9-7", "5-0"]])
    assert game.last_round is not None
    assert game.last_round["pips"] == [3, 9, 21] and game.last_round["points"] == [27, 0, 0]


def test_mat_6_blocked_uc_example_default_26() -> None:
    game = blocked([["9-8", "5-0"], ["9-4", "6-0"], ["7-5"]])
    assert game.last_round is not None
    assert game.last_round["pips"] == [5, 19, 12] and game.last_round["points"] == [26, 0, 0]


def test_mat_6_blocked_uc_example_each_diff_option_21() -> None:
    game = blocked([["9-8", "5-0"], ["9-4", "6-0"], ["7-5"]], matador_scoring="each_diff")
    assert game.last_round is not None and game.last_round["points"] == [21, 0, 0]


def test_going_out_scores_every_hand_with_doubles_in_full() -> None:
    game = matador([["9-9", "1-0"], ["8-8", "7-7"], ["6-6", "3-2"]], boneyard=[])
    game.apply(1, Pass())
    game.apply(2, Pass())
    events = game.apply(0, play("1-0", "W", 1))
    assert scores_from(events) == [(0, 16 + 14 + 12 + 5)]


def test_reserve_two_the_matador_must_be_played_when_only_two_remain() -> None:
    game = example(["2-2", "4-0", "3-1"], reserve_two=True)
    game.apply(0, play("1-0", "W", 1))
    game.apply(1, Draw())
    assert game.view(None)["boneyard"] == 2 and game.view(None)["drawable"] == 0
    assert set(map(str, game.legal_actions(1))) == ALL_WAYS_9_1


@pytest.mark.parametrize(
    ("seats", "options"),
    [(3, {"matador_mode": "d12sum13"}), (5, {"matador_mode": "d12literal", "matador_scoring": "each_diff"}),
     (8, {"reserve_two": True, "block_tie": "all_tied_score"})],
)
def test_random_play_under_house_rules(seats: int, options: dict[str, object]) -> None:
    for seed in (1, 2):
        game = checked_match("matador", seats, seed, {"target": 50, **options})
        assert max(game.score) >= 50


# ----- audit additions -----------------------------------------------------------------------------------------------
def test_mat_5_words_for_the_matador_choice() -> None:
    game = example(["2-2", "4-0", "6-3", "8-8"])
    game.apply(0, play("1-0", "W", 1))
    assert prompt(game) == "Seat 2 may play a matador or draw."
    assert game.describe(play("9-1", "W", 9)) == "9-1 (matador) on the left, leaving 1"
    game.apply(1, Draw())
    assert prompt(game) == "Seat 2 to play."


def test_mat_5_after_drawing_the_drawn_tile_or_the_matador_may_be_played_but_no_second_draw() -> None:
    """Step 4: the draw stopped at 6-3; the player must now play, and may still choose the matador."""
    game = example(["6-3", "2-2"])
    game.apply(0, play("1-0", "W", 1))
    game.apply(1, Draw())
    legal = set(map(str, game.legal_actions(1)))
    assert legal == ALL_WAYS_9_1 | {"play:6-3@E/6"} and game.view(None)["boneyard"] == 1
    game.apply(1, play("9-1", "W", 1))
    assert game.to_act == (2,)
