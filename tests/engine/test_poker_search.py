"""Strong Domino Poker (engine/ai/poker_search.py, RULES 3.8 POK-2 betting): the bets it reads back from the public
log, how likely a bet makes a hand, the exact hand strengths it weighs them with, and its choices."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from engine import new_game
from engine.actions import Bid, Call
from engine.ai import computer_player
from engine.ai.poker import BLUFF, PokerBettor, hand_order, win_chance, win_chances
from engine.ai.poker_search import FLOOR, Read, chance_of, deal_weight, reads
from engine.ai.search import SearchPlayer
from engine.games.poker import PokerGame
from engine.observation import determinize
from engine.poker_hands import poker_set
from engine.views import poker_view
from tests.engine.test_poker import HIGH, LOW, ROYAL, SIX_STRAIGHT, rigged

CHECK, CALL, FOLD = Call("check"), Call("call"), Call("fold")


def test_every_hands_strength_is_counted_exactly() -> None:
    """win_chances() works every hand out at once by inclusion and exclusion; a hand's own count of the hands
    below it among the 15 tiles it does not hold agrees."""
    order = hand_order()
    chances = win_chances()
    assert len(chances) == len(order) == 15504
    for hand in random.Random(4).sample(sorted(order, key=order.__getitem__), 25):
        rest = [t for t in poker_set() if t not in hand]
        below = [order[frozenset(other)] < order[hand] for other in combinations(rest, 5)]
        assert chances[hand] == pytest.approx(sum(below) / len(below), abs=1e-12)
    assert win_chance(frozenset(rigged([ROYAL, LOW]).hands[0])) == 1.0


def played_with_contexts(seats: int, seed: int, options: dict[str, object]) -> None:
    """Poker played by Normal players; before every bet, what the bettor faced (from the real game), and at every
    decision, the bets ``reads`` rebuilds from the public log are those since the deal or the last exchange."""
    game = new_game("poker", seats, seed, options)
    assert isinstance(game, PokerGame)
    players = [PokerBettor(seed + s) for s in range(seats)]
    faced: list[Read] = []
    for _ in range(600):
        if game.is_over:
            return
        seat = game.to_act[0]
        view = poker_view(game.view(seat))
        if view["phase"] == "bet":
            for other in range(seats):
                assert reads(game, other) == [r for r in faced if r.seat != other]
            action = players[seat].choose(game, seat)
            opponents = view["seats"] - len(view["folded"]) - len(view["out"]) - 1
            faced.append(Read(seat, action, tuple(game.legal_actions(seat)), view["to_call"], view["pot"],
                              opponents))
        else:
            action = players[seat].choose(game, seat)
        events = game.apply(seat, action)
        if any(e.kind.value in ("deal", "draw") for e in events):
            faced = []


@pytest.mark.parametrize(("seats", "options"), [(2, {}), (3, {}), (4, {}), (2, {"poker_draw": True})])
def test_pok_2_the_bets_read_back_are_what_each_bettor_faced(seats: int, options: dict[str, object]) -> None:
    for seed in range(3):
        played_with_contexts(seats, seed, options)


def test_bet_facts_say_what_the_view_says() -> None:
    game = new_game("poker", 3, 5, {"poker_draw": True})
    assert isinstance(game, PokerGame)
    players = [PokerBettor(s) for s in range(3)]
    for _ in range(300):
        if game.is_over:
            break
        for seat in range(3):
            view = poker_view(game.view(seat))
            phase, hand, to_call, pot, opponents = game.bet_facts(seat)
            assert (phase, [str(t) for t in hand], to_call, pot) == (view["phase"], view["hand"], view["to_call"],
                                                                     view["pot"])
            assert opponents == view["seats"] - len(view["folded"]) - len(view["out"]) - 1
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))


def test_pok_2_a_bet_says_how_strong_the_hand_is() -> None:
    """Normal bets from strength 0.62 (more chips the stronger) and bluffs the minimum bet now and then; a check
    is a weak hand's, never a strong one's."""
    opening = Read(1, CHECK, (CHECK, *(Bid(n) for n in range(1, 11))), 0, 2, 1)
    assert chance_of(opening, 0.2) == pytest.approx(1 - BLUFF)
    assert chance_of(opening, 0.95) == 0.0
    big = Read(1, Bid(9), opening.legal, 0, 2, 1)
    small = Read(1, Bid(2), opening.legal, 0, 2, 1)
    assert chance_of(big, 0.95) > 0.3 and chance_of(big, 0.3) == 0.0 and chance_of(small, 0.95) == 0.0
    bluff = Read(1, Bid(1), opening.legal, 0, 2, 1)
    assert chance_of(bluff, 0.2) == pytest.approx(BLUFF)
    facing = Read(1, FOLD, (CALL, FOLD, *(Bid(n) for n in range(1, 11))), 8, 10, 1)
    assert chance_of(facing, 0.1) > 0.9 and chance_of(facing, 0.9) == 0.0


def test_deals_that_fit_the_bets_weigh_more() -> None:
    """After the opponent opened with a big bet, the deals that give it a strong hand weigh more: the weighted
    strength of its hand is higher than the plain average, and no deal weighs less than the floor."""
    game = rigged([HIGH, SIX_STRAIGHT])
    first = game.to_act[0]
    game.apply(first, Bid(9))
    seat = game.to_act[0]
    found = reads(game, seat)
    assert [(r.seat, r.action) for r in found] == [(first, Bid(9))]
    rng = random.Random(2)
    seen = game.observe(seat)
    worlds = [determinize(game, seat, rng, seen) for _ in range(300)]
    strengths = [win_chance(frozenset(w.hand_lists()[first])) for w in worlds]
    weights = [deal_weight(w, found) for w in worlds]
    assert min(weights) >= FLOOR
    weighted = sum(s * w for s, w in zip(strengths, weights, strict=True)) / sum(weights)
    assert weighted > sum(strengths) / len(strengths) + 0.1


def test_strong_folds_the_worst_hand_to_a_big_bet_and_raises_with_the_best() -> None:
    weak = rigged([LOW, ROYAL])  # seat 1, left of the dealer, bets first
    weak.apply(weak.to_act[0], Bid(10))
    holder = weak.to_act[0]
    assert sorted(str(t) for t in weak.hands[holder]) == sorted(LOW)
    assert SearchPlayer(1, samples=40, max_seconds=None).choose(weak, holder) == FOLD
    strong = rigged([ROYAL, LOW])
    strong.apply(strong.to_act[0], Bid(10))
    holder = strong.to_act[0]
    assert sorted(str(t) for t in strong.hands[holder]) == sorted(ROYAL)
    assert isinstance(SearchPlayer(1, samples=40, max_seconds=None).choose(strong, holder), Bid)


def test_strong_is_repeatable_with_a_fixed_sample_count_and_offers_only_legal_moves() -> None:
    for seed in range(2):
        game = new_game("poker", 3, seed)
        players = [SearchPlayer(seed * 3 + s, samples=8, max_seconds=None) for s in range(3)]
        for _ in range(25):
            if game.is_over:
                break
            seat = game.to_act[0]
            again = SearchPlayer(0, samples=8, max_seconds=None)
            twin = SearchPlayer(0, samples=8, max_seconds=None)
            assert again.choose(game, seat) == twin.choose(game, seat)
            action = players[seat].choose(game, seat)
            assert action in game.legal_actions(seat)
            game.apply(seat, action)


def test_the_strong_level_searches_poker_and_leaves_the_exchange_to_normal() -> None:
    game = rigged([HIGH, SIX_STRAIGHT], poker_draw=True)
    player = computer_player("poker", 1, "search")
    assert isinstance(player, SearchPlayer)
    seat = game.to_act[0]
    searched = SearchPlayer(1, samples=6, max_seconds=None)
    searched.choose(game, seat)
    assert searched.last_samples == 6
    game.apply(seat, CHECK)
    game.apply(game.to_act[0], CHECK)
    drawer = game.to_act[0]
    assert poker_view(game.view(drawer))["phase"] == "draw"
    assert SearchPlayer(3, samples=6, max_seconds=None).choose(game, drawer) == PokerBettor(3).choose(game, drawer)
