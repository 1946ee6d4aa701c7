"""The 42-family computer player: bids from hand strength, names its best trump, partners sensibly."""

from __future__ import annotations

import pytest

from engine.actions import Bid, Call, Pass, Play
from engine.ai.fortytwo import (
    UNLIKELY_BID,
    FastPlayout,
    FortyTwoPlayer,
    bid_weight,
    estimate,
    features,
    nel_o_hand,
    sure_tricks,
)
from engine.fortytwo import FortyTwoGame
from engine.games.seventy_nine import SPEC as SEVENTY_NINE
from engine.games.texas42 import SPEC
from engine.tiles import Tile, double_set
from tests.engine.fortytwo_support import bid_round, bidding_order, deal_around, fill_deal, make, win_bid

t = Tile.parse


def rigged(seed: int, hands: list[list[str]], **options: object) -> tuple[FortyTwoGame, int]:
    first = (make(SPEC, seed).dealer + 1) % 4
    game = make(SPEC, seed, deal=deal_around(4, first, hands), **options)
    return game, first


STRONG = ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-4"]
WEAK = ["5-1", "4-0", "3-1", "2-0", "6-2", "5-3", "4-2"]


def others(*taken: list[str]) -> list[list[str]]:
    used = {x for hand in taken for x in hand}
    rest = [str(x) for x in double_set(6) if str(x) not in used]
    hands = [list(h) for h in taken]
    while len(hands) < 4:
        hands.append(rest[:7])
        rest = rest[7:]
    return hands


def test_ai_bids_a_strong_hand_and_names_its_long_trump() -> None:
    game, first = rigged(1, others(STRONG))
    player = FortyTwoPlayer(0)
    assert player.choose(game, first) == Bid(30)
    game.apply(first, Bid(30))
    for seat in bidding_order(game)[1:]:
        game.apply(seat, Pass())
    assert player.choose(game, first) == Call("trump:6")


def test_ai_passes_a_weak_hand() -> None:
    game, first = rigged(2, others(WEAK))
    assert FortyTwoPlayer(0).choose(game, first) == Pass()


def test_ai_bid_estimate_grows_with_trumps_doubles_and_count() -> None:
    assert estimate([t(x) for x in STRONG], "6", 1, "texas42") > estimate([t(x) for x in WEAK], "2", 1, "texas42")
    assert features([t(x) for x in STRONG], "6", 1) == (1.0, 5.0, 5.0, 2.0, 4.0)


def test_ai_limit_bid_only_with_every_trick() -> None:
    """Seven trumps, or five top trumps with the rest doubles (trumps drawn, each double tops its suit), bid 42."""
    assert sure_tricks([t(x) for x in STRONG], "6", 1) == 7
    sure = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]
    fives = ["5-4", "5-3", "5-2", "5-1", "5-0", "4-3", "4-2"]
    game, first = rigged(3, others(fives, sure))
    game.apply(first, Bid(41))
    assert FortyTwoPlayer(0).choose(game, (first + 1) % 4) == Bid(42)
    # Five top trumps and 5-5 are strong, but 4-1 can be lost: no limit bid.
    game2, first2 = rigged(3, others(fives, ["6-6", "6-5", "6-4", "6-3", "6-2", "5-5", "4-1"]))
    game2.apply(first2, Bid(41))
    assert FortyTwoPlayer(0).choose(game2, (first2 + 1) % 4) == Pass()


def test_ai_does_not_overtake_a_partner_winning_the_trick() -> None:
    hands = [["6-2", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1"],
             ["6-4", "5-5", "5-4", "4-4", "4-2", "4-1", "4-0"],
             ["6-0", "5-2", "5-1", "5-0", "2-0", "1-1", "1-0"],
             ["6-6", "6-5", "6-1", "0-0", "4-3", "5-3", "6-3"]]
    game, first = rigged(4, hands)
    win_bid(game, 30, "3")
    for offset, tile in enumerate(["6-2", "6-4", "6-0"]):
        game.apply((first + offset) % 4, Play(t(tile)))
    me = (first + 3) % 4
    assert FortyTwoPlayer(0).choose(game, me) == Play(t("6-1"))


def partner_winning_with_count_to_feed() -> tuple[FortyTwoGame, int]:
    """Fives led, the partner of the last seat winning with 5-5; the last seat holds 5-0 (count) and 5-3."""
    hands = [["5-2", "3-3", "3-2", "3-1", "3-0", "2-2", "2-1"],
             ["5-5", "6-4", "5-4", "4-4", "4-2", "4-1", "4-0"],
             ["5-1", "6-0", "6-2", "2-0", "1-1", "1-0", "6-1"],
             ["5-0", "5-3", "6-6", "6-5", "6-3", "4-3", "0-0"]]
    game, first = rigged(5, hands)
    win_bid(game, 30, "6")
    for offset, tile in enumerate(["5-2", "5-5", "5-1"]):
        game.apply((first + offset) % 4, Play(t(tile)))
    return game, (first + 3) % 4


def test_ai_feeds_count_to_a_partner_winning_the_trick() -> None:
    game, seat = partner_winning_with_count_to_feed()
    assert FortyTwoPlayer(0).choose(game, seat) == Play(t("5-0"))


def test_ai_bidder_pulls_trumps_with_its_top_trump() -> None:
    game, first = rigged(6, others(STRONG))
    win_bid(game, 30, "6")
    assert FortyTwoPlayer(0).choose(game, first) == Play(t("6-6"))


def test_ai_keeps_trumps_when_it_cannot_follow_and_cannot_win_usefully() -> None:
    hands = [["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
             ["6-1", "6-0", "1-1", "1-0", "2-1", "3-1", "2-0"],
             ["6-6", "6-5", "6-4", "6-3", "6-2", "3-3", "4-3"],
             ["4-2", "4-1", "4-0", "3-2", "3-0", "2-2", "0-0"]]
    game, first = rigged(7, hands)
    win_bid(game, 30, "6")
    game.apply(first, Play(t("5-4")))
    # The next seat has no five and nothing is at stake: it throws a low tile rather than ruff with a trump.
    choice = FortyTwoPlayer(0).choose(game, (first + 1) % 4)
    assert isinstance(choice, Play) and not choice.tile.has(6)
    assert choice.tile in {t("1-0"), t("2-0"), t("2-1")}


def test_ai_plays_a_whole_seventy_nine_match_with_options() -> None:
    game = make(SEVENTY_NINE, 8, target=100, nel_o_any_bid=True, seventy_nine_42_contracts=True)
    players = [FortyTwoPlayer(s) for s in range(6)]
    steps = 0
    while not game.is_over and steps < 5000:
        seat = game.to_act[0]
        action = players[seat].choose(game, seat)
        assert action in game.legal_actions(seat)
        game.apply(seat, action)
        steps += 1
    assert game.is_over


def test_ai_nel_o_bidder_ducks_every_trick_it_can() -> None:
    hands = [["6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "2-1"],
             ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"],
             ["0-0", "4-1", "3-3", "3-2", "3-1", "2-2", "1-1"],
             ["5-4", "5-3", "5-2", "5-1", "4-4", "4-3", "4-2"]]
    game, first = rigged(9, hands, texas_nello=True)
    bid_round(game, [42, None, None, None])
    game.apply(first, Call("nel_o"))
    players = [FortyTwoPlayer(s) for s in range(4)]
    while game.round_no == 1:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    assert game.last_hand is not None and game.last_hand["made"]
    assert nel_o_hand([t(x) for x in hands[0]]) and not nel_o_hand([t(x) for x in STRONG])


def test_ai_nel_o_teammate_still_playing_takes_the_trick_off_the_bidder() -> None:
    """SEV-5 option ``nel_o_one_partner_out``: the teammate who plays overtakes the bidder, with its cheapest
    winning tile, rather than ducking like an opponent."""
    low = ["6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "6-0", "5-0", "4-0"]
    no_sixes = ["5-5", "5-4", "5-3", "5-2", "5-1", "4-4", "4-3", "4-2", "3-3"]
    mate_hand = ["6-1", "6-6", "2-2", "2-1", "1-1", "1-0", "3-1", "3-2", "4-1"]
    first = (make(SEVENTY_NINE, 4).dealer + 1) % 6
    fixed = {first: low, (first + 1) % 6: no_sixes, (first + 3) % 6: no_sixes, (first + 4) % 6: mate_hand}
    game = make(SEVENTY_NINE, 4, deal=fill_deal([*double_set(6), *double_set(6)], 6, 9, fixed),
                nel_o_one_partner_out=True)
    win_bid(game, 79, "nel_o")
    game.apply(first, Play(t("6-0")))
    for seat in ((first + 1) % 6, (first + 3) % 6):   # void in sixes: they discard, the bidder's 6-0 is winning
        game.apply(seat, Play(t("5-1")))
    mate = (first + 4) % 6
    assert game.to_act == (mate,)
    assert FortyTwoPlayer(mate).choose(game, mate) == Play(t("6-1"))


# ----- what the search player (Strong) uses: a quick playout player and the bid as a soft constraint ---------------
def test_fast_playout_feeds_count_to_a_partner_winning_the_trick() -> None:
    """The last seat follows fives under its partner's 5-5 with the 5-0's count."""
    game, seat = partner_winning_with_count_to_feed()
    assert all(FastPlayout(seed).choose(game, seat) == Play(t("5-0")) for seed in range(10))


def test_fast_playout_bidder_leads_its_top_trump_mostly() -> None:
    game, first = rigged(6, others(STRONG))
    win_bid(game, 30, "6")
    leads = [FastPlayout(seed).choose(game, first) for seed in range(40)]
    assert leads.count(Play(t("6-6"))) >= 28 and all(lead in game.legal_actions(first) for lead in leads)


@pytest.mark.parametrize("options", [{}, {"texas_nello": True}, {"forced_dealer_bid": True}])
def test_fast_playout_plays_legal_hands_to_the_end(options: dict[str, bool]) -> None:
    """Whole matches of quick playouts (bidding and Nel-O go to the heuristic) end legally."""
    for seed in range(3):
        game = make(SPEC, seed, **options)
        players = [FastPlayout(seed * 4 + s) for s in range(4)]
        for _ in range(2000):
            if game.is_over:
                break
            seat = game.to_act[0]
            action = players[seat].choose(game, seat)
            assert action in game.legal_actions(seat)
            game.apply(seat, action)
        assert game.is_over


def test_a_bid_says_trumps_a_deal_without_them_is_unlikely() -> None:
    """Issue 12 inference: a seat that bid 34 and named sixes holds sixes; a deal that gives it a weak hand is kept
    with weight UNLIKELY_BID, one that gives it the trumps with weight 1 (from another seat's point of view)."""
    for hand, weight in [(STRONG, 1.0), (WEAK, UNLIKELY_BID)]:
        game, first = rigged(1, others(hand))
        win_bid(game, 34, "6")
        watcher = (first + 1) % 4
        assert bid_weight(game, watcher) == weight
        assert bid_weight(game, first) == 1.0  # the bidder knows its own hand
        game.apply(first, game.legal_actions(first)[0])  # a tile played this hand still counts as held
        assert bid_weight(game, watcher) == weight


def test_bid_weight_is_one_before_the_play() -> None:
    game, first = rigged(1, others(WEAK))
    assert bid_weight(game, (first + 1) % 4) == 1.0
