"""The general search player (engine/ai/search.py): determinized Monte Carlo over layout and trick games.

The determinization may only reshuffle what the deciding seat cannot see: tiles are conserved, the seat's own hand
and the public tiles stay put, every place keeps its size, and the hidden tiles really vary between samples.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from engine import new_game
from engine.actions import Pass, Play
from engine.ai import RandomPlayer, computer_player
from engine.ai.fortytwo import FastPlayout
from engine.ai.search import SearchPlayer, outcome, play_round
from engine.game import Game
from engine.observation import determinize
from engine.registry import catalogue
from engine.tiles import Tile
from tests.engine.line_support import rigged

SEARCHED = [("draw", 3), ("block", 4), ("bergen", 2), ("muggins", 3), ("matador", 3), ("tiddle_a_wink", 6),
            ("sebastopol", 4), ("texas42", 4), ("seventy_nine", 6), ("euchre", 3), ("euchre", 4),
            ("black_tile", 3), ("black_tile", 4)]


def positions(key: str, seats: int, seed: int, every: int = 5, limit: int = 60) -> Iterator[tuple[Game, int]]:
    """Positions met in one randomly played match (every ``every`` actions) with the seat to decide."""
    game = new_game(key, seats, seed)
    rng = random.Random(seed)
    for step in range(limit):
        if game.is_over:
            return
        seat = game.to_act[0]
        if step % every == 0:
            yield game, seat
        game.apply(seat, rng.choice(game.legal_actions(seat)))


def hidden_zone(name: str, seat: int) -> bool:
    return (name.startswith("hand") and name != f"hand{seat}") or name in ("boneyard", "dead", "discard")


@pytest.mark.parametrize(("key", "seats"), SEARCHED)
def test_determinization_conserves_tiles_and_keeps_what_the_seat_knows(key: str, seats: int) -> None:
    rng = random.Random(5)
    for game, seat in positions(key, seats, seed=11):
        world = determinize(game, seat, rng)
        zones, real = world.zones(), game.zones()
        assert Counter(t for tiles in zones.values() for t in tiles) == Counter(world.full_set())
        assert world.hand_lists()[seat] == game.hand_lists()[seat]
        assert world.visible_tiles(seat) == game.visible_tiles(seat)
        for name, tiles in real.items():
            assert len(zones[name]) == len(tiles), name
            if not hidden_zone(name, seat):
                assert zones[name] == tiles, name
        assert world.score == game.score and world.to_act == game.to_act


@pytest.mark.parametrize(("key", "seats"), SEARCHED)
def test_determinization_places_hold_every_unseen_tile(key: str, seats: int) -> None:
    """The hidden places cover everything the seat cannot see (tiles whose place it knows aside: the turn-up
    Euchre's dealer took up is with the dealer or in the discard; the tiles passed in Black Tile are with the
    receiver)."""
    for game, seat in positions(key, seats, seed=12):
        seen = game.observe(seat)
        known = Counter(list(seen.known))
        assert Counter(seen.unseen) - known == Counter(game.full_set()) - game.visible_tiles(seat) - known
        assert sum(place.size for place in seen.places) == len(seen.unseen)


@pytest.mark.parametrize(("key", "seats"), SEARCHED)
def test_determinization_varies_the_hidden_tiles(key: str, seats: int) -> None:
    game = new_game(key, seats, 3)
    seat = game.to_act[0]
    rng = random.Random(1)
    deals = {tuple(tuple(str(t) for t in h) for h in determinize(game, seat, rng).hand_lists()) for _ in range(8)}
    assert len(deals) > 1
    real = tuple(tuple(str(t) for t in h) for h in game.hand_lists())
    assert deals != {real}


def test_determinization_does_not_depend_on_the_real_hidden_hands() -> None:
    """Two Block deals that look the same to seat 0 (only seat 1's hand and the dead tiles differ) give the same
    samples and the same choice: the search cannot peek."""
    mine = ["5-3", "4-4", "6-1", "2-0", "3-1", "5-5", "6-3"]
    first = rigged("block", [mine, ["6-6", "0-0", "1-0", "2-1", "2-2", "3-0", "3-2"]])
    second = rigged("block", [mine, ["6-6", "4-0", "4-1", "4-2", "4-3", "5-0", "5-1"]])
    assert first.view(0) == second.view(0)
    samples_a = [determinize(first, 0, random.Random(seed)).zones() for seed in range(3)]
    samples_b = [determinize(second, 0, random.Random(seed)).zones() for seed in range(3)]
    assert samples_a == samples_b
    one, two = SearchPlayer(4, samples=6, max_seconds=None), SearchPlayer(4, samples=6, max_seconds=None)
    assert one.choose(first, 0) == two.choose(second, 0)


def test_4_7_black_tile_passed_tiles_stay_with_the_receiving_neighbour() -> None:
    """The passer knows where its three tiles went: the determinization pins them in the neighbour's hand."""
    game = new_game("black_tile", 4, 2)
    for seat in list(game.to_act):
        game.apply(seat, game.legal_actions(seat)[0])
    neighbour = 1  # seat 0 passes to the left
    passed = game.view(neighbour)["received"]
    assert set(game.observe(0).known) == {Tile.parse(t) for t in passed}
    rng = random.Random(0)
    for _ in range(6):
        world = determinize(game, 0, rng)
        assert {Tile.parse(t) for t in passed} <= set(world.hand_lists()[neighbour])


def test_4_7_black_tile_locked_choices_follow_the_new_hands() -> None:
    """Others' locked (hidden) pass choices are redrawn from their new hands, so the exchange still works."""
    game = new_game("black_tile", 3, 2)
    for seat in (1, 2):
        game.apply(seat, game.legal_actions(seat)[-1])
    world = determinize(game, 0, random.Random(3))
    for seat, tiles in world.chosen.items():  # type: ignore[attr-defined]
        assert Counter(tiles) <= Counter(world.hand_lists()[seat])
    world.apply(0, world.legal_actions(0)[0])
    assert Counter(t for tiles in world.zones().values() for t in tiles) == Counter(world.full_set())


def test_eu_3_euchre_discard_is_hidden_from_all_but_the_dealer() -> None:
    game = new_game("euchre", 3, 1)
    for _ in range(20):  # everyone accepts the first turn-up: the dealer takes it up and discards
        if game.discarded:  # type: ignore[attr-defined]
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        game.apply(seat, next(a for a in legal if not isinstance(a, Pass)))
    assert game.discarded  # type: ignore[attr-defined]
    dealer = game.dealer  # type: ignore[attr-defined]
    other = (dealer + 1) % 3
    dealer_places = [place.name for place in game.observe(dealer).places if place.seat is None]
    other_places = [place.name for place in game.observe(other).places if place.seat is None]
    assert (dealer_places, other_places) == (["dead"], ["dead", "discard"])
    taken = game.taken_up  # type: ignore[attr-defined]
    assert game.observe(other).known == {taken: frozenset({f"hand{dealer}", "discard"})}
    assert game.observe(dealer).known == {}
    for seed in range(5):  # the taken-up turn-up is with the dealer or in the discard, never anywhere else
        world = determinize(game, other, random.Random(seed))
        assert taken in world.hand_lists()[dealer] or taken in world.zones()["discard"]


def test_outcome_is_own_gain_less_best_rival_and_lowest_wins_in_black_tile() -> None:
    game = new_game("draw", 3, 1)
    before = game.score
    world = game.clone()
    world._score = [before[0] + 10, before[1] + 25, before[2]]
    assert outcome(world, before, 0, 100.0) == -15.0
    assert outcome(world, before, 1, 100.0) == 15.0
    tile_game = new_game("black_tile", 3, 1)
    world = tile_game.clone()
    world._score = [4, 7, 0]
    assert outcome(world, (0, 0, 0), 0, 61.0) == -4.0  # took 4 penalty points, a rival took none


def test_play_round_stops_at_the_end_of_the_round() -> None:
    game = new_game("texas42", 4, 2)
    start = game.round_no
    play_round(game, [RandomPlayer(s) for s in range(4)])
    assert game.is_over or game.round_no == start + 1


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_search_player_always_plays_legally(key: str) -> None:
    """A few seeded matches of every registered game with the search player at seat 0 (tiny budget)."""
    spec = catalogue()[key]
    seats = spec.seats[len(spec.seats) // 2]
    for seed in range(2):
        game = new_game(key, seats, seed)
        search = SearchPlayer(seed, samples=2, max_seconds=0.05)
        others = [computer_player(key, s) for s in range(seats)]
        for _ in range(80):
            if game.is_over:
                break
            for seat in game.to_act:
                if seat not in game.to_act:
                    continue
                player = search if seat == 0 else others[seat]
                action = player.choose(game, seat)
                assert action in game.legal_actions(seat)
                game.apply(seat, action)
                if game.is_over:
                    break


@pytest.mark.parametrize(("key", "seats"), [("muggins", 2), ("euchre", 4), ("black_tile", 3)])
def test_search_player_is_deterministic_for_a_seed(key: str, seats: int) -> None:
    def choices(seed: int) -> list[str]:
        game = new_game(key, seats, 9)
        player = SearchPlayer(seed, samples=3, max_seconds=None)
        out = []
        for _ in range(14):
            if game.is_over:
                break
            seat = game.to_act[0]
            action = player.choose(game, seat)
            out.append(str(action))
            game.apply(seat, action)
        return out

    assert choices(7) == choices(7)


def to_the_play(key: str, seats: int, seed: int) -> Game:
    """A new match of a 42-family game after its bidding and trumps (the game's own players bid), in the play."""
    game = new_game(key, seats, seed)
    while game.phase != "play" or len(game.legal_actions(game.to_act[0])) < 2:  # type: ignore[attr-defined]
        seat = game.to_act[0]
        game.apply(seat, computer_player(key, seat).choose(game, seat))
    return game


def test_search_player_respects_its_time_budget() -> None:
    """(In the play of tricks: the bidding is the heuristic's, see the next test.)"""
    game = to_the_play("seventy_nine", 6, 1)
    player = SearchPlayer(0, samples=1000, max_seconds=0.05)
    seat = game.to_act[0]
    player.choose(game, seat)
    assert 1 <= player.last_samples < 1000


@pytest.mark.parametrize(("key", "seats"), [("texas42", 4), ("seventy_nine", 6)])
def test_search_player_bids_and_names_trumps_as_the_heuristic_does(key: str, seats: int) -> None:
    """The search plays the tricks; a bid or a trump choice (one playout each over every option) is the game's
    own player's, so it costs no search."""
    for seed in range(4):
        game = new_game(key, seats, seed)
        while game.phase != "play":  # type: ignore[attr-defined]
            seat = game.to_act[0]
            search = SearchPlayer(seed, samples=4, max_seconds=None)
            action = search.choose(game, seat)
            assert action == computer_player(key, seat).choose(game, seat)
            assert search.last_samples == 0
            game.apply(seat, action)


def test_search_player_takes_the_only_legal_action_without_searching() -> None:
    game = rigged("block", [["6-6", "0-0"], ["5-4", "3-2"]])
    player = SearchPlayer(0, samples=5, max_seconds=None)
    assert player.choose(game, 1) == game.legal_actions(1)[0]
    assert player.last_samples == 0


def test_search_player_wins_the_points_a_muggins_play_offers() -> None:
    """MUG-1: with 5-5 down, 5-0 makes 10 (a multiple of five) and scores at once; the search finds it."""
    game = rigged("muggins", [["5-5", "12-11"], ["5-0", "5-1", "12-10"]], boneyard=["0-0", "1-0"])
    choice = SearchPlayer(2, samples=8, max_seconds=None).choose(game, 1)
    assert isinstance(choice, Play) and choice.tile == Tile.parse("5-0")


def test_level_search_is_offered_and_best_is_unchanged() -> None:
    assert isinstance(computer_player("block", 1, level="search"), SearchPlayer)
    assert not isinstance(computer_player("block", 1), SearchPlayer)
    assert isinstance(computer_player("poker", 1, level="search"), SearchPlayer)


@pytest.mark.parametrize(("key", "seats"), [("bingo", 1), ("black_tile", 3)])
def test_search_player_falls_back_to_the_own_heuristic_outside_layout_and_trick_games(key: str, seats: int) -> None:
    """Bingo is not searched, nor Black Tile's 84 ways to pass three tiles (4.7)."""
    game = new_game(key, seats, 4)
    seat = game.to_act[0]
    player = SearchPlayer(1, samples=4, max_seconds=None)
    action = player.choose(game, seat)
    assert action in game.legal_actions(seat)
    assert player.last_samples == 0


def test_the_search_player_bets_poker_with_the_poker_search() -> None:
    """Domino Poker's bets are searched by engine/ai/poker_search.py, with the search player's samples."""
    game = new_game("poker", 2, 4)
    seat = game.to_act[0]
    player = SearchPlayer(1, samples=5, max_seconds=None)
    assert player.choose(game, seat) in game.legal_actions(seat)
    assert player.last_samples == 5


def test_auto_playouts_are_random_only_where_scoring_waits_for_the_round_end() -> None:
    """Block and Draw score at the round end (RULES 2.10): fast random playouts; Muggins scores in play (MUG-1)
    and 42 bids: the game's own heuristic plays the playouts."""
    player = SearchPlayer(0)
    for key, seats, fast in [("block", 2, True), ("draw", 3, True), ("muggins", 2, False), ("texas42", 4, False)]:
        playouts = player.players(new_game(key, seats, 1), 5)
        assert all(isinstance(p, RandomPlayer) for p in playouts) == fast
        assert len(playouts) == seats
    assert all(isinstance(p, FastPlayout) for p in player.players(new_game("texas42", 4, 1), 5))
    assert not any(isinstance(p, FastPlayout) for p in player.players(new_game("euchre", 4, 1), 5))


def test_the_doubles_first_playout_puts_a_double_down_whenever_one_plays() -> None:
    """``playout="doubles"`` (issue 30, an option): a double when one is legal, else any legal move."""
    from engine.ai.search import DoublesFirstPlayout

    game = new_game("block", 4, 5, {"set": 6, "partners": True})
    search = SearchPlayer(1, samples=2, max_seconds=None, playout="doubles")
    players = search.players(game, 7)
    assert all(isinstance(p, DoublesFirstPlayout) for p in players)
    doubled = 0
    while not game.is_over and game.round_no == 1:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        action = players[seat].choose(game, seat)
        assert action in legal
        if any(isinstance(a, Play) and a.tile.is_double for a in legal):
            assert isinstance(action, Play) and action.tile.is_double
            doubled += 1
        game.apply(seat, action)
    assert doubled
