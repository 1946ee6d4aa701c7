"""Computer players in the partnership game (RULES BLK-4) and the search's exact deals (issue 12)."""

from __future__ import annotations

import random

from engine import Pass, Play, Tile, new_game
from engine.ai import computer_player
from engine.ai.line import LineHeuristic
from engine.ai.partners import Partnership
from engine.ai.search import LAYOUT_HAND_BONUS, STRONG_SECONDS, SearchPlayer, obvious_play, outcome, play_round
from engine.linegame import LineGame
from engine.observation import all_deals, observe


def partnership(hands: list[list[str]]) -> LineGame:
    game = new_game("block", 4, seed=1, options={"set": 6, "partners": True, "deal": hands})
    assert isinstance(game, LineGame)
    return game


def test_blk_4_a_partners_pass_shows_which_numbers_it_lacks() -> None:
    """Seat 1 passes on the 6-6 opening: its partner (seat 3) reads that it holds no six."""
    game = partnership([["6-6", "2-0"], ["5-4", "3-1"], ["6-2", "1-0"], ["6-5", "4-4"]])
    game.apply(1, Pass())
    reading = Partnership.of(game, 3, game.line)
    assert reading is not None and reading.partner == 1
    assert 6 not in reading.holds[1] and 6 in reading.holds[2]


def test_blk_4_the_heuristic_rates_shutting_out_the_next_opponent_up_and_the_partner_down() -> None:
    everything = frozenset(range(7))
    reading = Partnership(seat=0, partner=2, holds={1: frozenset({1, 2}), 2: frozenset({3}), 3: everything},
                          partner_suits=frozenset({3}))
    assert reading.rate_ends([5, 3]) > reading.rate_ends([5, 5]) > reading.rate_ends([1, 2])


def test_blk_4_playing_alone_there_is_no_partner_to_read() -> None:
    game = new_game("block", 4, seed=2, options={"set": 6})
    assert isinstance(game, LineGame)
    assert Partnership.of(game, game.to_act[0], game.line) is None


def test_blk_4_the_search_counts_a_partner_going_out_as_its_own_win() -> None:
    game = partnership([["6-6", "2-0"], ["5-4", "3-1"], ["6-2"], ["5-5", "4-4"]])
    game.apply(1, Pass())
    before = game.score
    game.apply(2, Play(Tile.of(6, 2), "W", 6))
    assert game.round_outcome is not None and game.round_outcome.winners == (0, 2)
    assert outcome(game, before, 0, 100.0) > 0 and outcome(game, before, 1, 100.0) < 0
    assert outcome(game, before, 0, 100.0, hand_bonus=10) == outcome(game, before, 0, 100.0) + 10


def test_blk_4_the_search_values_winning_the_hand_where_the_round_end_scores() -> None:
    """Where the side that goes out takes every pip left (Block and Draw, BLK-4), winning the hand is worth
    LAYOUT_HAND_BONUS beside the points; where points come during play (Muggins) or in tricks (42), only points
    count; a hand_bonus given is used everywhere."""
    assert SearchPlayer().round_bonus(partnership([["6-6"], ["5-4"], ["6-2"], ["5-5"]])) == LAYOUT_HAND_BONUS > 0
    assert SearchPlayer().round_bonus(new_game("draw", 4, 1, {"partners": True})) == LAYOUT_HAND_BONUS
    assert SearchPlayer().round_bonus(new_game("muggins", 2, 1)) == 0.0
    assert SearchPlayer().round_bonus(new_game("texas42", 4, 1)) == 0.0
    assert SearchPlayer(hand_bonus=0).round_bonus(new_game("draw", 2, 1)) == 0.0
    assert SearchPlayer(hand_bonus=5).round_bonus(new_game("texas42", 4, 1)) == 5


def test_exact_deals_are_every_deal_that_agrees_with_what_the_seat_knows() -> None:
    """Late in a hand few deals remain: all_deals lists each once, every one keeping the passes' voids."""
    game = new_game("block", 4, seed=4, options={"set": 6, "partners": True})
    chooser = random.Random(4)
    while sum(len(h) for h in game.hand_lists()) > 8:
        seat = game.to_act[0]
        game.apply(seat, chooser.choice(game.legal_actions(seat)))
    seat = game.to_act[0]
    seen = observe(game, seat)
    deals = all_deals(seen, 10_000)
    assert deals is not None and len(deals) > 0
    assert len({tuple(tuple(sorted(tiles)) for _, tiles in sorted(d.items())) for d in deals}) == len(deals)
    for dealt in deals:
        for place in seen.places:
            assert len(dealt[place.name]) == place.size
            for tile in dealt[place.name]:
                assert place.seat is None or seen.may_hold(place.seat, tile)


def test_exact_deals_give_up_when_there_are_too_many() -> None:
    game = new_game("block", 4, seed=4, options={"set": 6, "partners": True})
    assert all_deals(observe(game, game.to_act[0]), 400) is None


def test_the_strong_player_answers_at_once_when_the_choice_is_obvious() -> None:
    """The last tile goes out whichever end it takes: no search."""
    game = partnership([["6-6", "2-0"], ["6-4"], ["5-5", "3-1"], ["4-4", "1-0"]])
    player = SearchPlayer(0, samples=20, max_seconds=None)
    legal = game.legal_actions(1)
    assert obvious_play(game, observe(game, 1), legal) == legal[0]
    assert player.choose(game, 1) == legal[0] and player.last_samples == 0


def test_the_strong_player_is_repeatable_with_a_fixed_sample_count() -> None:
    def hand(seed: int) -> list[str]:
        game = new_game("block", 4, seed=8, options={"set": 6, "partners": True})
        players = [SearchPlayer(seed + s, samples=6, max_seconds=None) for s in range(4)]
        moves: list[str] = []
        start = game.round_no
        while game.round_no == start and not game.is_over:
            seat = game.to_act[0]
            action = players[seat].choose(game, seat)
            moves.append(str(action))
            game.apply(seat, action)
        return moves

    assert hand(3) == hand(3)


def test_the_lobbys_strong_level_thinks_within_its_budget_and_normal_knows_its_partner() -> None:
    strong = computer_player("block", 1, level="search")
    assert isinstance(strong, SearchPlayer) and strong.max_seconds == STRONG_SECONDS <= 0.2
    assert isinstance(computer_player("block", 1), LineHeuristic)
    game = new_game("block", 4, seed=6, options={"set": 6, "partners": True})
    play_round(game, [computer_player("block", s) for s in range(4)])
    assert game.is_over or game.round_no == 2  # the partnership hand was played out with legal moves
