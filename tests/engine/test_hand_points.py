"""The view's per-hand facts for the score tables and the hints (issue 11): ``last_points`` (each side's points
scored in the last finished round or hand: in play and at its end, sets, marches, the moon, chips), the trick's
``winning`` seat, the count and penalty tiles, and the points a Muggins or Bergen play would score."""

from __future__ import annotations

import random

import pytest

from engine import catalogue, new_game
from engine.actions import Play
from engine.events import EventKind
from engine.games.black_tile import counter_points
from engine.tiles import Tile
from engine.tricks import Trick, count_value
from engine.views import line_view, trick_view
from tests.render.views import quick_options, seats_for

ROUND_ENDS = {EventKind.ROUND_OVER, EventKind.HAND_OVER, EventKind.POT, EventKind.THROW_IN}


@pytest.mark.parametrize("key", list(catalogue()))
def test_last_points_are_the_change_in_totals_over_the_hand(key: str) -> None:
    """RULES 1.5 / 2.10 / 4.x: after every hand the view says what each side scored in it, which is exactly how the
    totals moved from the end of the hand before (the starting stack of a poker session belongs to no hand)."""
    game = new_game(key, seats_for(key), seed=4, options=quick_options(key))
    rng = random.Random(4)
    before = list(game.score) if key == "poker" else [0] * len(game.score)  # the first round's opening counts
    hands = 0
    for _ in range(4000):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        ends = sum(1 for e in game.log if e.kind in ROUND_ENDS)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if sum(1 for e in game.log if e.kind in ROUND_ENDS) > ends or game.is_over:
            view = game.view(None)
            if "last_points" not in view:  # the match ended before any points (Bingo has no hands)
                continue
            # the totals as the hand closed: less what the next hand scored in the same step (Bergen's opening double)
            opened = game._hand_points
            after = [total - early for total, early in zip(game.score, opened, strict=True)]
            assert view["last_points"] == [a - b for a, b in zip(after, before, strict=True)]
            before = after
            hands += 1
    if key != "bingo":
        assert hands >= 1


def test_mug_points_scored_in_play_are_part_of_the_round() -> None:
    """MUG-4: the counts a player scores during the round are in its round's points, with the points for going
    out."""
    for seed in range(1, 40):
        game = new_game("muggins", 2, seed=seed, options={"target": 200})
        rng = random.Random(seed)
        while game.to_act and game.view(None)["last_round"] is None:
            seat = rng.choice(game.to_act)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        view = line_view(game.view(None))
        last = view["last_round"]
        if last is None:
            continue
        at_end = [sum(last["points"][s] for s in side) for side in view["sides"]]
        if view["last_points"] != at_end:
            assert sum(view["last_points"]) > sum(at_end)
            return
    raise AssertionError("no seed scored a count during its first round")


def test_the_trick_view_names_the_seat_winning_so_far() -> None:
    """RULES 4.1: the view's trick says who is winning it, as the engine's trick rule decides."""
    game = new_game("texas42", 4, seed=5)
    rng = random.Random(5)
    seen = 0
    for _ in range(400):
        if game.is_over:
            break
        view = trick_view(game.view(None))
        trick = view["trick"]
        if trick is not None and trick["plays"]:
            engine_trick = game.trick  # type: ignore[attr-defined]
            assert isinstance(engine_trick, Trick)
            assert trick.get("winning") == engine_trick.winner(game.suit_rule())  # type: ignore[attr-defined]
            seen += 1
        elif trick is not None:
            assert "winning" not in trick
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert seen > 10


def test_count_and_penalty_tiles_of_the_own_hand_are_in_the_view() -> None:
    """RULES 4.4 and 4.7: the 42 family's count tiles and Black Tile's counters in the seat's own hand, for the
    marks on it (a spectator's view names none)."""
    for key in ("texas42", "seventy_nine", "black_tile"):
        game = new_game(key, seats_for(key), seed=1)
        for seat in range(game.seats):
            view = trick_view(game.view(seat))
            hand = view["hand"] or []
            points = view.get("tile_points")
            assert points is not None and set(points) <= set(hand)
            for text, value in points.items():
                tile = Tile.of(*map(int, text.split("-")))
                assert value == (counter_points(tile) if key == "black_tile" else count_value(tile)) > 0
            assert view.get("lowest_wins", False) == (key == "black_tile")
        assert trick_view(game.view(None)).get("tile_points") == {}


@pytest.mark.parametrize("key", ["muggins", "bergen"])
def test_play_points_say_what_each_scoring_play_would_score(key: str) -> None:
    """MUG-4, BER-1: for the seat to act, its own view lists each legal play that scores at once and what it
    scores; applying that play scores exactly that."""
    checked = 0
    for seed in range(1, 30):
        game = new_game(key, 3, seed=seed, options=quick_options(key))
        rng = random.Random(seed)
        for _ in range(200):
            if game.is_over or checked >= 6:
                break
            seat = rng.choice(game.to_act)
            view = line_view(game.view(seat))
            other = line_view(game.view((seat + 1) % 3))
            assert "play_points" not in other or (seat + 1) % 3 in game.to_act
            for entry in view.get("play_points") or []:
                twin = game.clone()
                face = next(a.face for a in twin.legal_actions(seat)
                            if isinstance(a, Play) and str(a.tile) == entry["tile"] and a.end == entry["end"])
                score = list(twin.score)
                tile = Tile.of(*map(int, entry["tile"].split("-")))
                twin.apply(seat, Play(tile, entry["end"], face))
                side = twin.side_of(seat)
                assert twin.score[side] - score[side] >= entry["points"]
                checked += 1
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked >= 3
