"""Bingo, the one-player game (RULES 3.9, BIN-1 and BIN-2)."""

from __future__ import annotations

import json

import pytest

from engine import BadOption, IllegalAction, load, new_game
from engine.actions import Call, Pass
from engine.ai import computer_player
from engine.ai.bingo import AlwaysRemove, LookAhead, rollout
from engine.games.bingo import BingoGame
from engine.tiles import Tile, double_set, tiles_from
from tests.property.test_random_play import check_scores, check_tiles_conserved, check_views

STEP, RUN, REMOVE = Call("step"), Call("run"), Call("remove")
STUCK = [f"{n}-{n}" for n in range(1, 13)] + ["0-0"]  # tile i never shows i: 13 tiles, the count never fits


def rigged(row: list[str], **options: object) -> BingoGame:
    game = new_game("bingo", 1, seed=1, options={"row": row, **options})
    assert isinstance(game, BingoGame)
    return game


def steps(game: BingoGame, times: int) -> None:
    for _ in range(times):
        game.apply(0, STEP)


def test_bingo_one_player_all_ninety_one_tiles_in_a_row() -> None:
    game = new_game("bingo", 1, seed=4)
    assert isinstance(game, BingoGame)
    assert sorted(game.row) == sorted(double_set(12)) and game.row != sorted(game.row)
    view = game.view(0)
    assert view["family"] == "bingo" and len(view["row"]) == 91 and view["count"] == 0 and view["position"] == 0
    with pytest.raises(BadOption):
        new_game("bingo", 2)


def test_bin_1_a_tile_matches_when_either_end_equals_the_count() -> None:
    game = rigged(["5-3"])
    assert game.view(0)["matches"] is False
    steps(game, 3)  # counts 0, 1, 2: no match
    assert game.count == 3 and game.view(0)["matches"]
    steps(game, 1)
    assert game.removed == [Tile.of(5, 3)] and game.score == (1,)
    assert game.log[-2].text == "Count 3: 5-3 removed." and game.winner == (0,)
    game = rigged(["5-3"], bingo_auto_remove=False)
    assert game.count == 3 and game.legal_actions(0) == [REMOVE, Pass()]  # the low end
    game.apply(0, Pass())
    assert game.count == 5 and game.legal_actions(0) == [REMOVE, Pass()]  # the high end
    game.apply(0, REMOVE)
    assert game.winner == (0,)


def test_bin_1_option_pip_total_on_the_double_six_set() -> None:
    game = new_game("bingo", 1, seed=2, options={"bingo_pip_total": True})
    assert isinstance(game, BingoGame)
    assert sorted(game.row) == sorted(double_set(6))
    game = rigged(["2-1"], bingo_pip_total=True)
    steps(game, 1)  # count 0
    steps(game, 2)  # counts 1 and 2 show an end of 2-1, but not its total
    assert game.row == [Tile.of(2, 1)] and game.count == 3
    steps(game, 1)
    assert game.is_over and game.winner == (0,)
    with pytest.raises(BadOption):
        rigged(["7-7"], bingo_pip_total=True)


def test_bin_2_count_goes_on_from_the_left_without_resetting() -> None:
    game = rigged(["1-1", "5-5"])
    steps(game, 2)  # 1-1 at 0, 5-5 at 1
    assert game.position == 0 and game.count == 2  # a reset would say 0
    steps(game, 3)  # 1-1 at 2, 5-5 at 3, 1-1 at 4
    assert game.position == 1 and game.count == 5
    steps(game, 1)
    assert game.row == [Tile.of(1, 1)]


def test_bin_count_runs_zero_to_twelve_then_zero_again() -> None:
    game = rigged(["12-12"])
    steps(game, 12)
    assert game.count == 12 and game.view(0)["matches"]
    game = rigged(STUCK)
    steps(game, 13)
    assert game.count == 0 and game.position == 0


def test_bin_gaps_close_and_the_next_tile_takes_the_next_count() -> None:
    game = rigged(["0-0", "1-1", "7-7"])
    steps(game, 2)
    assert game.row == [Tile.of(7, 7)] and game.count == 2 and game.position == 0
    game.apply(0, RUN)
    assert game.is_over and game.winner == (0,) and game.steps == 8


def test_bin_win_when_the_row_is_empty() -> None:
    game = rigged(["0-0", "1-0"])
    game.apply(0, RUN)
    game.apply(0, RUN)
    assert game.is_over and game.winner == (0,) and game.score == (2,)
    assert game.view(0)["result"] == {"cleared": True, "removed": 2, "steps": 2, "steps_to_clear": 2}
    assert game.prompt().startswith("Bingo!")


def test_bin_loss_after_thirteen_passes_along_the_row_without_a_removal() -> None:
    game = rigged(STUCK)
    steps(game, 13 * 13 - 1)
    assert not game.is_over and game.view(0)["passes_without_removal"] == 12
    steps(game, 1)
    assert game.is_over and game.winner == () and game.score == (0,)
    assert game.view(0)["result"] == {"cleared": False, "removed": 0, "steps": 169, "steps_to_clear": None}
    assert game.prompt().startswith("Lost")


def test_bin_loss_needs_thirteen_passes_not_thirteen_tiles() -> None:
    """Thirteen tiles passed in a row is no loss: with 14 tiles each pass meets every tile with a new count."""
    game = rigged([*STUCK, "12-11"])
    steps(game, 14)
    assert not game.is_over and not game.removed
    game.apply(0, RUN)
    assert game.removed == [Tile.of(1, 1)]
    while not game.is_over:
        game.apply(0, RUN)
    assert game.winner == (0,)


def test_bin_auto_remove_default_step_or_run() -> None:
    game = new_game("bingo", 1, seed=3)
    assert game.options["bingo_auto_remove"] is True
    assert game.legal_actions(0) == [STEP, RUN]
    game = rigged(["4-4", "9-9", "2-1"])
    game.apply(0, RUN)  # 4-4 at 0, 9-9 at 1, 2-1 at 2: removed
    assert game.removed == [Tile.of(2, 1)] and game.log[-1].text == "Counted on past 2 tiles. Count 2: 2-1 removed."
    assert game.describe(RUN) == "Run to the next removal"
    assert game.describe(STEP) == "Pass 4-4 (count 3)"


def test_bin_without_auto_remove_remove_or_leave_each_match() -> None:
    game = rigged(["4-4", "9-9", "2-1", "3-3"], bingo_auto_remove=False)
    assert game.legal_actions(0) == [REMOVE, Pass()]  # the count ran on by itself to 2-1 at 2
    assert game.current == Tile.of(2, 1) and game.count == 2
    assert game.describe(Pass()) == "Leave 2-1 (count 2)" and game.describe(REMOVE) == "Remove 2-1 (count 2)"
    game.apply(0, Pass())
    assert game.current == Tile.of(3, 3) and game.count == 3 and Tile.of(2, 1) in game.row
    game.apply(0, REMOVE)
    assert game.removed == [Tile.of(3, 3)]
    with pytest.raises(IllegalAction):
        game.apply(0, STEP)


def test_bin_without_auto_remove_a_stuck_row_is_lost_at_once() -> None:
    game = rigged(STUCK, bingo_auto_remove=False)
    assert game.is_over and game.winner == () and game.steps == 169


def test_bin_score_is_tiles_removed() -> None:
    game = new_game("bingo", 1, seed=12)
    while not game.is_over:
        game.apply(0, RUN)
    assert game.score == (len(game.removed),) and 0 < len(game.removed) <= 91
    check_scores(game)
    check_tiles_conserved(game)
    check_views(game)


def test_bin_rigged_row_is_checked() -> None:
    for row in (["6-4", "4-6"], ["13-0"], []):
        with pytest.raises(BadOption):
            rigged(row)
    game = rigged(["6-4", "3-2"])
    assert len(game.dead) == 89 and game.view(0)["tiles"] == 2
    assert "5-5" not in json.dumps(game.view(0))


def test_bin_saved_game_replays() -> None:
    game = new_game("bingo", 1, seed=7, options={"bingo_auto_remove": False})
    for _ in range(30):
        if game.is_over:
            break
        game.apply(0, REMOVE if len(game.history) % 3 else Pass())
    assert load(json.loads(json.dumps(game.to_dict()))).snapshot() == game.snapshot()


def test_bin_auto_remove_clears_about_84_percent() -> None:
    """RULES 3.9: about 84% with auto-remove (and about 64% with the pip total on double-six)."""
    wins = sum(_clears(seed, {}) for seed in range(150))
    assert 0.74 <= wins / 150 <= 0.93
    wins = sum(_clears(seed, {"bingo_pip_total": True}) for seed in range(150))
    assert 0.52 <= wins / 150 <= 0.76


def _clears(seed: int, options: dict[str, object]) -> bool:
    game = new_game("bingo", 1, seed, options)
    while not game.is_over:
        game.apply(0, RUN)
    return bool(game.winner)


# ----- the computer players -----------------------------------------------------------------------------------
def test_bingo_computer_player_is_the_look_ahead() -> None:
    assert isinstance(computer_player("bingo", 1), LookAhead)


def test_bingo_rollout_agrees_with_the_engine() -> None:
    for seed in range(12):
        for pips in (False, True):
            game = new_game("bingo", 1, seed, {"bingo_pip_total": pips})
            row = tiles_from(game.view(0)["row"])
            while not game.is_over:
                game.apply(0, RUN)
            assert rollout(row, 0, 0, 0, pips) == (bool(game.winner), len(game.removed))


def test_bingo_always_remove_removes_every_match() -> None:
    game = rigged(["4-4", "9-9", "2-1", "3-3"], bingo_auto_remove=False)
    while not game.is_over:
        assert AlwaysRemove().choose(game, 0) == REMOVE
        game.apply(0, REMOVE)
    assert game.winner == (0,)


def test_bingo_look_ahead_leaves_a_tile_when_that_clears_the_row() -> None:
    """Seeds where always-remove loses: the look-ahead clears them by leaving some matches."""
    lost = [seed for seed in range(40) if not _clears(seed, {})][:3]
    assert lost
    for seed in lost:
        game = new_game("bingo", 1, seed, {"bingo_auto_remove": False})
        player = LookAhead(seed)
        left = 0
        while not game.is_over:
            action = player.choose(game, 0)
            left += action == Pass()
            game.apply(0, action)
        assert game.winner == (0,) and left > 0
