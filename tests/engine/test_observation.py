"""What each seat knows (engine/observation.py): the facts the rules reveal, and deals that respect them."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import catalogue, new_game
from engine.actions import Draw, Pass, Play
from engine.game import Game
from engine.observation import HiddenPlace, Observation, deal, determinize
from engine.tiles import Tile
from engine.trickgame import TrickGame
from tests.engine.line_support import play, rigged


def suit_tiles(game: Game, suit: str) -> frozenset[Tile]:
    """The tiles of a trick game's set that belong to ``suit`` under its hand's suits (trumps, doubles...)."""
    assert isinstance(game, TrickGame)
    rule = game.suit_rule()
    return frozenset(tile for tile in game.tile_set() if rule.follows(tile, suit))


def bearing(*pips: int) -> frozenset[Tile]:
    """The double-six tiles bearing any of ``pips``."""
    return frozenset(Tile.of(a, b) for a in range(7) for b in range(a + 1) if a in pips or b in pips)


def worlds(game: Game, seat: int, count: int = 20) -> list[Game]:
    rng = random.Random(7)
    return [determinize(game, seat, rng) for _ in range(count)]


def test_2_6_a_pass_facing_5_and_3_shows_the_hand_holds_no_5_or_3() -> None:
    game = rigged("block", [["6-6", "6-3", "0-0", "1-0", "2-0", "1-1", "2-1"],
                            ["6-5", "6-4", "4-4", "4-2", "4-1", "4-0", "2-2"]], set=6)
    game.apply(1, play("6-5", "E", 6))
    game.apply(0, play("6-3", "W", 6))
    assert game.legal_actions(1) == [Pass()]
    game.apply(1, Pass())
    seen = game.observe(0)
    assert seen.shown_out[1] == bearing(5, 3)
    assert not seen.may_hold(1, Tile.of(5, 0)) and seen.may_hold(1, Tile.of(4, 2))
    for world in worlds(game, 0):
        assert not bearing(5, 3) & set(world.hand_lists()[1])


def test_2_5_a_draw_shows_nothing_until_the_tile_drawn_last_is_played() -> None:
    """The drawer could not play on the 6s, nor could the tiles it drew before the last; the last one (6-2) plays,
    so once it is down the hand holds no 6 (until it draws again)."""
    game = rigged("draw", [["6-6", "5-5", "5-4", "5-3", "5-2", "5-1", "5-0"],
                           ["4-4", "4-3", "4-2", "4-1", "4-0", "3-3", "3-2"]],
                  boneyard=["1-0", "2-0", "6-2", "0-0", "1-1", "2-1", "2-2", "3-0", "3-1", "6-0", "6-1", "6-3",
                            "6-4", "6-5"], set=6)
    game.apply(1, Draw())
    assert len(game.hand_lists()[1]) == 10
    assert game.observe(0).shown_out[1] == frozenset()  # it holds the 6-2 now
    game.apply(1, play("6-2", "E", 6))
    assert game.observe(0).shown_out[1] == bearing(6)
    for world in worlds(game, 0):
        assert not bearing(6) & set(world.hand_lists()[1])


def test_2_7_the_opening_double_shows_nobody_held_a_higher_one() -> None:
    for seed in range(6):
        game = new_game("block", 4, seed, {"set": 12})
        opener = game.zones()["line"][0]
        higher = frozenset(t for t in game.full_set() if t.is_double and t.high > opener.high)
        seat = game.to_act[0]
        seen = game.observe(seat)
        for other in range(4):
            assert higher <= seen.shown_out[other]
        for world in worlds(game, seat, 5):
            for other in range(4):
                assert not higher & set(world.hand_lists()[other])


def test_4_1_a_seat_that_does_not_follow_suit_holds_none_of_it() -> None:
    found = 0
    for seed in range(12):
        game = new_game("texas42", 4, seed)
        rng = random.Random(seed)
        while not game.is_over and game.round_no == 1:
            seat = game.to_act[0]
            trick = game.view(seat)["trick"]
            action = rng.choice(game.legal_actions(seat))
            game.apply(seat, action)
            if game.round_no != 1 or not trick or trick["led_suit"] is None or not isinstance(action, Play):
                continue
            led = trick["led_suit"]
            observer = (seat + 1) % 4
            seen = game.observe(observer)
            suit = suit_tiles(game, led)
            if action.tile in suit:
                continue
            found += 1
            assert suit <= seen.shown_out[seat]
            for world in worlds(game, observer, 4):
                assert not suit & set(world.hand_lists()[seat])
    assert found


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_lowest_wins_only_where_points_are_penalties(key: str) -> None:
    """EPB-1: Black Tile's counters are penalties, so the lowest total wins; every other game is won high."""
    spec = catalogue()[key]
    game = new_game(key, spec.seats[0], 1)
    assert game.lowest_wins is spec.lowest_wins is (key == "black_tile")
    assert game.observe(0).lowest_wins is game.lowest_wins


def tight(sizes: list[int], unseen: list[str], shown: list[list[str]]) -> Observation:
    """An observation by seat 0 of hands 1.. of ``sizes`` with the given shown-out tiles, and nothing else hidden."""
    tiles = [Tile.parse(t) for t in unseen]
    places = tuple(HiddenPlace(f"hand{s + 1}", size, s + 1) for s, size in enumerate(sizes))
    out = (frozenset(), *(frozenset(Tile.parse(t) for t in tiles) for tiles in shown))
    return Observation(game="block", seat=0, seats=len(sizes) + 1, round=1, hand=(), history=(),
                       unseen=tuple(sorted(tiles, reverse=True)), places=places, shown_out=out)


def test_a_deal_that_the_constraints_leave_alone_is_always_found() -> None:
    """Only one deal agrees: hand 1 holds neither 5-5 nor 5-4 nor 5-3; hand 2 none of 1-0, 2-0 and 3-0."""
    seen = tight([3, 3], ["5-5", "5-4", "5-3", "1-0", "2-0", "3-0"],
                 [["5-5", "5-4", "5-3"], ["1-0", "2-0", "3-0"]])
    for seed in range(30):
        dealt = deal(seen, random.Random(seed))
        assert sorted(map(str, dealt["hand1"])) == ["1-0", "2-0", "3-0"]
        assert sorted(map(str, dealt["hand2"])) == ["5-3", "5-4", "5-5"]


def test_a_deal_where_greedy_placing_can_fail_still_respects_every_constraint() -> None:
    """Hand 3 may only hold 6-6 and 6-5, which hands 1 and 2 may hold too: a deal that gives them away first
    would leave hand 3 stranded; the checked deal never does."""
    unseen = ["6-6", "6-5", "1-0", "2-0", "3-0", "4-0"]
    seen = tight([2, 2, 2], unseen, [[], [], ["1-0", "2-0", "3-0", "4-0"]])
    for seed in range(40):
        dealt = deal(seen, random.Random(seed))
        assert sorted(map(str, dealt["hand3"])) == ["6-5", "6-6"]
        assert sorted(t for tiles in dealt.values() for t in map(str, tiles)) == sorted(unseen)


def test_no_deal_agrees_with_impossible_constraints() -> None:
    seen = tight([1, 1], ["6-6", "5-5"], [["6-6", "5-5"], []])
    with pytest.raises(ValueError):
        deal(seen, random.Random(0))


def test_the_search_player_reads_no_game_internals() -> None:
    """engine/ai/search.py learns what a seat knows only through the observation API, and engine/ai/reading.py
    (what the plays say) and engine/ai/poker_search.py (what the bets say) only from the public history, line and
    scores (and the hands of a determinized copy, through ``hand_lists``)."""
    for name in ("search.py", "reading.py", "poker_search.py"):
        source = (Path(__file__).resolve().parents[2] / "engine" / "ai" / name).read_text()
        for pry in ("getattr", "type: ignore", ".hands", ".boneyard", ".dead", ".discarded", ".received", ".chosen",
                    ".dealer", ".pass_step", "LOW_SCORE_WINS", "._"):
            assert pry not in source, (name, pry)


def test_2_5_a_determinization_draws_from_a_new_boneyard_order() -> None:
    """The copy's boneyard is dealt again among the unseen tiles, so a playout cannot learn the real next draws."""
    game = new_game("draw", 3, 4, {"set": 6})
    seat = game.to_act[0]
    real = game.zones()["boneyard"]
    orders = [tuple(world.zones()["boneyard"]) for world in worlds(game, seat, 12)]
    assert len(set(orders)) > 1
    assert all(len(order) == len(real) for order in orders)
    assert sum(order == tuple(real) for order in orders) <= 1
