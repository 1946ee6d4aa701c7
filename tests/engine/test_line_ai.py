"""The layout games' computer players: each knows its game's main idea, and whole matches play through."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.actions import Call, Draw, Play
from engine.ai import computer_player
from engine.ai.bergen import BergenPlayer
from engine.ai.line import LineHeuristic
from engine.ai.matador import MatadorPlayer
from engine.ai.muggins import MugginsPlayer
from engine.ai.tiddle_a_wink import TiddleAWinkPlayer
from engine.game import Game
from tests.engine.line_support import play, rigged


@pytest.mark.parametrize(
    ("key", "kind"),
    [("bergen", BergenPlayer), ("muggins", MugginsPlayer), ("matador", MatadorPlayer),
     ("tiddle_a_wink", TiddleAWinkPlayer), ("sebastopol", LineHeuristic)],
)
def test_computer_player_is_the_games_own(key: str, kind: type) -> None:
    assert isinstance(computer_player(key, 1), kind)


def test_bergen_player_takes_the_triple_header() -> None:
    game = rigged("bergen", [["6-6", "4-2", "12-11"], ["6-2", "2-2", "9-2"], ["6-4", "11-10", "9-8"]],
                  boneyard=["0-0", "1-0", "3-0"])
    game.apply(1, play("6-2", "W", 6))
    game.apply(2, play("6-4", "E", 6))
    game.apply(0, play("4-2", "E", 4))  # ends 2 and 2
    choice = BergenPlayer(1).choose(game, 1)
    assert isinstance(choice, Play) and str(choice.tile) == "2-2"


def test_muggins_player_makes_a_multiple_of_five() -> None:
    game = rigged("muggins", [["5-5", "12-11"], ["5-0", "5-1", "12-10"]], boneyard=["0-0", "1-0"])
    choice = MugginsPlayer(1).choose(game, 1)
    assert isinstance(choice, Play) and str(choice.tile) == "5-0"  # 10 + 0 = 10 scores; 10 + 1 does not


def test_muggins_player_claims_and_calls_muggins() -> None:
    game = rigged("muggins", [["5-5", "12-11"], ["5-0", "12-10"], ["5-3", "11-10"]],
                  boneyard=["0-0", "1-0"], manual_muggins=True)
    game.apply(1, play("5-0", "E", 5))
    assert MugginsPlayer(1).choose(game, 1) == Call("claim")
    assert MugginsPlayer(2).choose(game, 2) == Call("muggins")
    assert MugginsPlayer(0).choose(game, 0) == Call("muggins")


def matador_example(extra: list[str], bone: list[str]) -> Game:
    """Seat 0 faces ends 9 and 4 (RULES 3.7 example) holding ``extra`` too."""
    game = rigged("matador", [["5-5", "7-1", "6-2", "1-0", *extra], ["9-5", "9-0", "9-1", "8-0", "7-0", "3-0"],
                              ["5-4", "8-7"]], boneyard=bone)
    game.apply(1, play("9-5", "W", 5))
    game.apply(2, play("5-4", "E", 5))
    return game


def test_matador_player_keeps_its_matador_while_an_ordinary_tile_plays() -> None:
    game = matador_example(["8-2"], ["2-2", "4-0", "6-3", "8-8", "3-3"])
    choice = MatadorPlayer(1).choose(game, 0)
    assert isinstance(choice, Play) and str(choice.tile) != "8-2"


def test_matador_player_draws_rather_than_spend_a_matador_early() -> None:
    game = matador_example([], ["2-2", "4-0", "6-3", "8-8", "3-3"])
    game.apply(0, play("1-0", "W", 1))  # a blank: seat 1 can play only its matador 9-1
    assert MatadorPlayer(1).choose(game, 1) == Draw()


def test_matador_player_plays_the_matador_when_the_boneyard_is_short() -> None:
    game = matador_example([], ["2-2"])
    game.apply(0, play("1-0", "W", 1))
    choice = MatadorPlayer(1).choose(game, 1)
    assert isinstance(choice, Play) and str(choice.tile) == "9-1"


def test_tiddle_player_plays_a_double_it_can_follow_up() -> None:
    game = rigged("tiddle_a_wink", [["12-12", "12-4", "10-9"], ["4-4", "4-2", "12-1"], ["10-8"], ["9-8"],
                                    ["10-7"], ["9-7"]])
    game.apply(0, play("12-4", "W", 12))
    choice = TiddleAWinkPlayer(1).choose(game, 1)
    assert isinstance(choice, Play) and str(choice.tile) == "4-4"


@pytest.mark.parametrize(
    ("key", "seats", "options"),
    [("bergen", 3, {"target": 10}), ("muggins", 3, {"target": 50, "manual_muggins": True}),
     ("matador", 4, {"target": 50}), ("tiddle_a_wink", 7, {"tiddle_extra_optional": True}),
     ("sebastopol", 4, {"target": 50})],
)
def test_computer_players_finish_a_match(key: str, seats: int, options: dict[str, object]) -> None:
    game = new_game(key, seats, seed=7, options=options)
    players = [computer_player(key, seat) for seat in range(seats)]
    race = random.Random(7)
    while not game.is_over:
        seat = race.choice(game.to_act)
        game.apply(seat, players[seat].choose(game, seat))
    assert game.winner
