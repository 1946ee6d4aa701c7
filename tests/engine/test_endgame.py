"""The exact endgame solver (engine/ai/endgame.py) and the search player's use of it (engine/ai/search.py).

The solver's value of every legal action must be exactly what a brute-force minimax finds by playing every line
through the real engine (``Game.clone``/``apply``) and scoring the end with :func:`engine.ai.search.outcome`: the
same rules of play, the same scoring (out, blocked, ties, partnerships, every Block formula), the same match and
hand bonuses.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import new_game
from engine.actions import Action
from engine.ai import computer_player, endgame, search
from engine.ai.endgame import solvable, solve, solve_position
from engine.ai.search import SearchPlayer, outcome
from engine.game import Game
from engine.registry import catalogue

BONUS, HAND_BONUS = 100.0, 20.0
#: Small targets, so that random rounds bring the match near its end and the match bonus is exercised too.
CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("block", 4, {"set": 6, "partners": True, "target": 50}),
    ("block", 2, {"set": 6, "target": 50}),
    ("block", 2, {"set": 6, "target": 50, "block_scoring": "cascade", "block_tie": "all_tied_score"}),
    ("block", 2, {"set": 6, "target": 50, "block_scoring": "each_diff"}),
    ("block", 2, {"set": 9, "target": 50, "block_scoring": "sum_minus_own"}),
    ("draw", 2, {"set": 6, "target": 50}),
    ("draw", 2, {"set": 6, "target": 50, "draw_scoring": "each_diff", "reserve_two": True}),
    ("draw", 4, {"set": 6, "target": 50, "partners": True}),
]


def brute_force(world: Game, seat: int, before: tuple[int, ...], start: int) -> float:
    """Minimax through the real engine: the seat's side maximises ``outcome``, the other side minimises it."""
    if world.is_over or world.round_no != start:
        return outcome(world, before, seat, BONUS, HAND_BONUS)
    mover = world.to_act[0]
    values = [brute_force(_after(world, mover, action), seat, before, start) for action in world.legal_actions(mover)]
    return max(values) if world.side_of(mover) == world.side_of(seat) else min(values)


def _after(world: Game, seat: int, action: Action) -> Game:
    played = world.clone()
    played.apply(seat, action)
    return played


def endgames(key: str, seats: int, options: dict[str, Any], seed: int, tiles: int) -> Iterator[tuple[Game, int]]:
    """Solvable positions with at most ``tiles`` tiles in the hands, met in one randomly played match."""
    rng = random.Random(seed)
    game = new_game(key, seats, seed, options)
    for _ in range(5000):
        if game.is_over:
            return
        seat = game.to_act[0]
        if solvable(game) and sum(len(h) for h in game.hand_lists()) <= tiles and rng.random() < 0.4:
            yield game, seat
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def check_against_brute_force(game: Game, seat: int) -> list[float]:
    legal = game.legal_actions(seat)
    hands = [list(hand) for hand in game.hand_lists()]
    got = solve(game, seat, legal, game.score, BONUS, HAND_BONUS)
    want = [brute_force(_after(game, seat, action), seat, game.score, game.round_no) for action in legal]
    assert got == want, (game.key, game.options, hands, game.line.ends, got, want)  # type: ignore[attr-defined]
    assert [list(hand) for hand in game.hand_lists()] == hands, "the solver leaves the world as it was"
    return want


def test_the_solver_equals_brute_force_on_many_random_endgames() -> None:
    """Every kind of ending is met: going out, blocking, a round that ends the match (the bonus), a lost round."""
    values: list[float] = []
    checked = 0
    for key, seats, options in CASES:
        for seed in range(4):
            for game, seat in endgames(key, seats, options, seed, tiles=9):
                values += check_against_brute_force(game, seat)
                checked += 1
    assert checked > 200
    assert any(abs(v) >= BONUS for v in values), "some rounds end the match"
    assert any(0 < abs(v) < BONUS for v in values) and any(v < 0 for v in values) and any(v > 0 for v in values)


@pytest.mark.parametrize(("key", "seats", "options"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_the_solver_equals_brute_force_property(key: str, seats: int, options: dict[str, Any], seed: int) -> None:
    for game, seat in endgames(key, seats, options, seed, tiles=8):
        check_against_brute_force(game, seat)


def test_a_position_is_valued_for_either_side_whoever_is_to_move() -> None:
    checked = 0
    for key, seats, options in CASES:
        for game, _ in endgames(key, seats, options, seed=21, tiles=9):
            for seat in range(seats):
                want = brute_force(game.clone(), seat, game.score, game.round_no)
                assert solve_position(game, seat, game.score, BONUS, HAND_BONUS) == want
                checked += 1
    assert checked > 100


def test_only_two_sided_layout_games_with_nothing_to_draw_are_solvable() -> None:
    assert not solvable(new_game("block", 3, 1, {"set": 6}))  # three sides: minimax would not be exact
    assert not solvable(new_game("block", 4, 1, {"set": 6}))  # four seats alone
    assert solvable(new_game("block", 4, 1, {"set": 6, "partners": True}))
    assert solvable(new_game("block", 2, 1, {"set": 6}))
    assert not solvable(new_game("draw", 2, 1, {"set": 6}))  # a boneyard to draw from
    assert solvable(new_game("draw", 4, 1, {"set": 6, "partners": True}))  # nothing to draw: all 28 tiles dealt
    assert not solvable(new_game("draw", 4, 1, {"set": 6, "partners": True, "first_double_spinner": True}))
    for key in ("muggins", "bergen"):  # two players, but points scored in play
        assert not solvable(new_game(key, 2, 1))
    for key in ("matador", "tiddle_a_wink", "sebastopol", "texas42"):
        assert not solvable(new_game(key, catalogue()[key].seats[0], 1))


def test_the_solver_gives_up_past_its_node_budget() -> None:
    game, seat = next(endgames("block", 4, {"set": 6, "partners": True, "target": 200}, 3, tiles=16))
    legal = game.legal_actions(seat)
    assert solve(game, seat, legal, game.score, BONUS, nodes=10_000_000) is not None
    assert solve(game, seat, legal, game.score, BONUS, nodes=2) is None


def searched_positions(seed: int, tiles: int) -> Iterator[tuple[Game, int]]:
    """Partnership Block positions with a real choice and at most ``tiles`` tiles left in the hands."""
    for game, seat in endgames("block", 4, {"set": 6, "partners": True, "target": 200}, seed, tiles):
        if len(game.legal_actions(seat)) > 1:
            yield game, seat


def test_a_failed_solve_falls_back_to_the_very_playouts_of_the_player_without_endgames(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "solve", lambda *args, **kwargs: None)
    chosen = 0
    for seed in range(6):
        for game, seat in searched_positions(seed, tiles=14):
            with_endgame = SearchPlayer(seed, samples=12, max_seconds=None, endgame=14)
            without = SearchPlayer(seed, samples=12, max_seconds=None)
            assert with_endgame.choose(game, seat) == without.choose(game, seat)
            chosen += 1
    assert chosen > 10


def test_the_endgame_changes_what_the_search_sees() -> None:
    """With the solver on, the summed results differ from the playouts' (the solver is really consulted)."""
    differs = 0
    for seed in range(6):
        for game, seat in searched_positions(seed, tiles=12):
            legal = game.legal_actions(seat)
            exact = SearchPlayer(seed, samples=8, max_seconds=None, endgame=12)
            played = SearchPlayer(seed, samples=8, max_seconds=None)
            totals = exact.search(game, seat, legal, game.observe(seat))
            differs += totals != played.search(game, seat, legal, game.observe(seat))
    assert differs > 5


def test_playouts_can_stop_at_the_endgame_and_solve_the_rest() -> None:
    """``endgame_playouts``: before the endgame, a playout stops once few enough tiles are left and the rest is
    solved (so the results differ from whole playouts); with it off, the endgame setting changes nothing there."""
    differs = same = checked = 0
    for seed in range(4):
        for game, seat in searched_positions(seed, tiles=24):
            if sum(len(hand) for hand in game.hand_lists()) <= 12:
                continue
            legal, seen = game.legal_actions(seat), game.observe(seat)
            played = SearchPlayer(seed, samples=6, max_seconds=None).search(game, seat, legal, seen)
            later = SearchPlayer(seed, samples=6, max_seconds=None, endgame=12).search(game, seat, legal, seen)
            hybrid = SearchPlayer(seed, samples=6, max_seconds=None, endgame=12, endgame_playouts=True)
            same += later == played
            differs += hybrid.search(game, seat, legal, seen) != played
            checked += 1
    assert checked > 5 and same == checked and differs > checked // 2


@pytest.mark.parametrize(("key", "seats", "options"), [
    ("block", 4, {"set": 6, "partners": True}), ("block", 2, {"set": 6}), ("draw", 2, {"set": 6}),
    ("draw", 4, {"set": 6}), ("block", 3, {"set": 9})])
def test_a_player_with_endgames_only_plays_legal_actions_and_replays_alike(key: str, seats: int,
                                                                          options: dict[str, Any]) -> None:
    for playouts in (False, True):
        first, second = (_whole_round(key, seats, options, nodes, playouts) for nodes in (endgame.DEFAULT_NODES,) * 2)
        assert first == second, "with max_seconds=None the play depends only on the seeds"
        tiny = _whole_round(key, seats, options, 1, playouts)  # most solves give up: the playouts play those
        assert tiny


def _whole_round(key: str, seats: int, options: dict[str, Any], nodes: int, playouts: bool) -> list[Action]:
    """One round played by endgame-solving search players (each action checked legal); the actions taken."""
    game = new_game(key, seats, 7, {**options, "target": 200})
    players = [SearchPlayer(seat, samples=6, max_seconds=None, endgame=16, endgame_nodes=nodes,
                            endgame_playouts=playouts) for seat in range(seats)]
    taken = []
    while not game.is_over and game.round_no == 1:
        seat = game.to_act[0]
        action = players[seat].choose(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
        taken.append(action)
    return taken


def test_the_bots_strong_player_solves_endgames() -> None:
    """The Strong level (``computer_player(..., "search")``) has the endgame setting the benchmarks chose."""
    strong = computer_player("block", 1, "search")
    assert isinstance(strong, SearchPlayer)
    assert strong.endgame == search.STRONG_ENDGAME > 0
