"""Four Hand Texas (RULES 4.4, TEX-1 to TEX-8): bidding, trumps, following, scoring and the match."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Bid, Call, Pass, Play
from engine.errors import IllegalAction
from engine.fortytwo import FortyTwoGame
from engine.games.texas42 import SPEC
from engine.tiles import Tile, double_set
from tests.engine.fortytwo_support import (
    bid_round,
    bidding_order,
    counted,
    deal_around,
    highest,
    lowest,
    make,
    play_hand,
    play_trick,
    random_hands,
    settle,
    win_bid,
)
from tests.engine.words_support import prompt, text

t = Tile.parse


def texas(seed: int = 0, **options: object) -> FortyTwoGame:
    return make(SPEC, seed, **options)


def rigged(seed: int, hands: list[list[str]], **options: object) -> tuple[FortyTwoGame, int]:
    """A game whose first hand gives ``hands[0]`` to the first bidder (the dealer's left), and so on round the
    table; returns the game and that seat."""
    first = (texas(seed).dealer + 1) % 4
    game = texas(seed, deal=deal_around(4, first, hands), **options)
    assert bidding_order(game)[0] == first
    return game, first


def bids_of(game: FortyTwoGame, seat: int) -> list[int]:
    return [a.amount for a in game.legal_actions(seat) if isinstance(a, Bid)]


# ----- deal and partnerships -------------------------------------------------------------------------------------
def test_4_4_partners_sit_opposite_and_seven_tiles_each_no_boneyard() -> None:
    game = texas(1)
    assert game.sides == ((0, 2), (1, 3))
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]
    assert game.dead == []
    assert Counter(t for h in game.hands for t in h) == Counter(double_set(6))


def test_4_4_deal_rotates_left_each_hand() -> None:
    game = texas(2)
    first = game.dealer
    bid_round(game, [None, None, None, None])
    assert game.dealer == (first + 1) % 4


# ----- TEX-2 bidding -----------------------------------------------------------------------------------------------
def test_tex_2_single_round_from_dealers_left_dealer_last() -> None:
    game = texas(3)
    order = bidding_order(game)
    assert order[-1] == game.dealer
    seen = []
    for seat in order:
        assert game.to_act == (seat,)
        seen.append(seat)
        game.apply(seat, Bid(30 + len(seen)))
    assert game.phase == "trump" and game.to_act == (game.dealer,)


def test_tex_2_minimum_bid_30_limit_42_no_opening_above_42() -> None:
    game = texas(4)
    first = bidding_order(game)[0]
    assert bids_of(game, first) == list(range(30, 43))
    assert Pass() in game.legal_actions(first)
    for bad in (Bid(29), Bid(43), Bid(84)):
        with pytest.raises(IllegalAction):
            game.apply(first, bad)


def test_tex_2_each_bid_must_be_higher() -> None:
    game = texas(5)
    order = bidding_order(game)
    game.apply(order[0], Bid(35))
    assert bids_of(game, order[1]) == list(range(36, 43))
    with pytest.raises(IllegalAction):
        game.apply(order[1], Bid(35))


def test_tex_1_after_42_later_bidders_may_only_double_84_168_336() -> None:
    game = texas(6)
    order = bidding_order(game)
    game.apply(order[0], Bid(42))
    assert game.legal_actions(order[1]) == [Pass(), Bid(84)]
    game.apply(order[1], Bid(84))
    assert game.legal_actions(order[2]) == [Pass(), Bid(168)]
    game.apply(order[2], Bid(168))
    assert game.legal_actions(order[3]) == [Pass(), Bid(336)]
    game.apply(order[3], Bid(336))
    assert game.phase == "trump" and game.bid == 336 and game.to_act == (order[3],)


# ----- TEX-3 all pass ------------------------------------------------------------------------------------------------
def test_tex_3_all_pass_throws_the_hand_in_and_the_next_dealer_deals() -> None:
    game = texas(7)
    dealer, hand = game.dealer, game.round_no
    bid_round(game, [None] * 4)
    assert game.round_no == hand + 1 and game.dealer == (dealer + 1) % 4
    assert game.score == (0, 0) and game.phase == "bid"


def test_tex_3_forced_dealer_bid_option_dealer_cannot_pass() -> None:
    """RULES: "the dealer must bid 30", read as 42-online.com has it: "forced to bid at least 30" (a higher bid
    only adds risk in points; in marks it may be worth 2 marks)."""
    game = texas(8, forced_dealer_bid=True)
    order = bidding_order(game)
    for seat in order[:3]:
        game.apply(seat, Pass())
    legal = game.legal_actions(game.dealer)
    assert Pass() not in legal and legal == [Bid(n) for n in range(30, 43)]
    game.apply(game.dealer, Bid(30))
    assert game.phase == "trump" and game.to_act == (game.dealer,)


def test_tex_3_forced_dealer_bid_dealer_may_pass_after_a_bid() -> None:
    game = texas(8, forced_dealer_bid=True)
    bid_round(game, [31, None, None, None])
    assert game.phase == "trump"


# ----- contract and led suit --------------------------------------------------------------------------------------
def test_tex_6_tex_5_trumps_named_after_bidding_number_doubles_or_no_trump() -> None:
    game = texas(9)
    bid_round(game, [30, None, None, None])
    calls = {a.name for a in game.legal_actions(game.to_act[0]) if isinstance(a, Call)}
    assert calls == {f"trump:{n}" for n in range(7)} | {"trump:doubles", "trump:none"}
    assert "nel_o" not in calls


def test_4_4_bidder_leads_and_a_trump_lead_calls_for_trumps() -> None:
    game, b = rigged(10, DEAL_A)
    win_bid(game, 30, "6")
    assert game.phase == "play" and game.to_act == (b,)
    game.apply(b, Play(t("6-0")))
    assert game.trick is not None and game.trick.led_suit == "6"
    follows = [str(a.tile) for a in game.legal_actions((b + 1) % 4) if isinstance(a, Play)]
    assert follows == ["6-6", "6-4", "6-3", "6-2", "6-1"]  # trumps led: only trumps, not 5-4 or 4-2


DEAL_A = [
    ["6-0", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3"],
    ["6-6", "6-4", "4-2", "5-4", "6-3", "6-2", "6-1"],
    ["4-1", "4-0", "3-3", "3-2", "3-1", "3-0", "2-2"],
    ["5-5", "2-1", "2-0", "1-1", "1-0", "0-0", "6-5"],
]


def test_4_2_trump_tile_does_not_follow_its_other_number() -> None:
    game, b = rigged(11, DEAL_A)
    win_bid(game, 30, "6")
    game.apply(b, Play(t("4-3")))
    # The next seat holds 6-4, 5-4 and 4-2: 6-4 is a trump, so only 5-4 and 4-2 follow fours.
    assert game.legal_actions((b + 1) % 4) == [Play(t("5-4")), Play(t("4-2"))]


DEAL_B = [
    ["2-2", "6-5", "6-4", "6-3", "5-4", "5-3", "4-3"],
    ["6-6", "6-2", "5-2", "4-2", "3-2", "2-1", "2-0"],
    ["5-5", "6-1", "6-0", "5-1", "5-0", "4-1", "4-0"],
    ["4-4", "3-3", "1-1", "0-0", "3-1", "3-0", "1-0"],
]


def test_tex_6_doubles_trump_a_led_double_calls_for_trumps() -> None:
    game, b = rigged(12, DEAL_B)
    win_bid(game, 30, "doubles")
    game.apply(b, Play(t("2-2")))
    assert game.trick is not None and game.trick.led_suit == "doubles"
    assert game.legal_actions((b + 1) % 4) == [Play(t("6-6"))]  # its only double; its twos do not follow


def test_tex_5_no_trump_double_is_highest_and_led_tile_calls_its_higher_end() -> None:
    game, b = rigged(13, DEAL_B)
    win_bid(game, 30, "none")
    game.apply(b, Play(t("5-3")))
    assert game.trick is not None and game.trick.led_suit == "5"
    game.apply((b + 1) % 4, Play(t("5-2")))
    game.apply((b + 2) % 4, Play(t("5-5")))
    game.apply((b + 3) % 4, Play(t("3-3")))
    assert game.last_trick is not None and game.last_trick["winner"] == (b + 2) % 4


def test_no_trump_doubles_suit_option_a_led_double_calls_doubles() -> None:
    game, b = rigged(14, DEAL_B, no_trump_doubles_suit=True)
    win_bid(game, 30, "none")
    game.apply(b, Play(t("2-2")))
    assert game.trick is not None and game.trick.led_suit == "doubles"
    assert game.legal_actions((b + 1) % 4) == [Play(t("6-6"))]


def test_4_4_without_the_option_a_no_trump_double_leads_its_number() -> None:
    game, b = rigged(14, DEAL_B)
    win_bid(game, 30, "none")
    game.apply(b, Play(t("2-2")))
    assert game.trick is not None and game.trick.led_suit == "2"
    assert Play(t("6-6")) not in game.legal_actions((b + 1) % 4)


# ----- scoring: the worked examples ----------------------------------------------------------------------------------
def test_4_4_example_bid_34_set_bidders_0_opponents_11_plus_34() -> None:
    """Bid 34; the bidders take 31 and the opponents 11: bidders 0, opponents 11 + 34 = 45."""
    game = texas(15)
    bidder = win_bid(game, 34, "3")
    side = game.side_of(bidder)
    bidders, others = (6, ["5-5", "6-4", "5-0"]), (1, ["4-1", "3-2"])
    assert 6 + counted(bidders[1]) == 31 and 1 + counted(others[1]) == 11
    settle(game, {side: bidders, 1 - side: others})
    assert game.score[side] == 0 and game.score[1 - side] == 45


def test_4_4_example_bid_30_made_bidders_35_opponents_7() -> None:
    """Bid 30; the bidders take 35: bidders 35, opponents 7."""
    game = texas(16)
    bidder = win_bid(game, 30, "1")
    side = game.side_of(bidder)
    settle(game, {side: (5, ["5-5", "6-4", "5-0", "4-1"]), 1 - side: (2, ["3-2"])})
    assert game.score[side] == 35 and game.score[1 - side] == 7


def test_tex_4_each_trick_is_a_point_and_the_count_is_35_for_42_in_all() -> None:
    game = texas(17)
    win_bid(game, 30, "6")
    for _ in range(7):
        play_trick(game, lambda seat: highest)
    last = game.last_hand
    assert last is not None and sum(last["points_taken"]) == 42


# ----- TEX-7 limit bids ---------------------------------------------------------------------------------------------
SIX_TRUMPS = ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"]


def limit_deal(first: list[str], second: list[str]) -> list[list[str]]:
    rest = [str(x) for x in double_set(6) if str(x) not in first + second]
    return [first, second, rest[:7], rest[7:]]


FIVES = ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"]


def test_tex_7_limit_bid_made_with_every_trick_scores_the_bid() -> None:
    game, b = rigged(18, limit_deal(SIX_TRUMPS, FIVES))
    win_bid(game, 42, "6")
    for _ in range(7):
        play_trick(game, lambda seat: highest)
    assert game.score[game.side_of(b)] == 42 and game.score[1 - game.side_of(b)] == 0


def test_tex_7_limit_bid_ends_at_first_lost_trick_opponents_score_only_the_bid() -> None:
    bidder = ["6-0", "5-5", "5-4", "5-3", "5-2", "5-1", "5-0"]
    game, b = rigged(19, limit_deal(bidder, ["6-6", "4-4", "4-3", "4-2", "4-1", "4-0", "3-3"]))
    win_bid(game, 42, "6")
    hand = game.round_no
    plays = play_trick(game, lambda seat: highest, lead="6-0")
    assert len(plays) == 4 and plays[1] == ((b + 1) % 4, t("6-6"))
    assert game.round_no == hand + 1, "the hand ends at the first trick the bidders lose"
    assert game.score[game.side_of(b)] == 0 and game.score[1 - game.side_of(b)] == 42


def test_tex_1_doubled_limit_bid_scores_the_doubled_amount() -> None:
    game, b = rigged(20, limit_deal(FIVES, SIX_TRUMPS))
    bid_round(game, [42, 84, None, None])
    doubler = (b + 1) % 4
    assert game.to_act == (doubler,)
    game.apply(doubler, Call("trump:6"))
    for _ in range(7):
        play_trick(game, lambda seat: highest)
    assert game.score[game.side_of(doubler)] == 84 and game.score[game.side_of(b)] == 0


# ----- game end ------------------------------------------------------------------------------------------------------
def test_4_4_first_side_to_250_wins() -> None:
    game = texas(21)
    bidder = win_bid(game, 30, "2")
    side = game.side_of(bidder)
    game._score = [240, 200] if side == 0 else [200, 240]
    settle(game, {side: (5, ["5-5", "6-4", "5-0", "4-1"]), 1 - side: (2, ["3-2"])})
    assert game.is_over and set(game.winner) == set(game.sides[side])


def test_4_4_both_reach_250_on_one_hand_the_bidders_win() -> None:
    game = texas(22)
    bidder = win_bid(game, 30, "2")
    side = game.side_of(bidder)
    score = [0, 0]
    score[side], score[1 - side] = 216, 245
    game._score = score
    settle(game, {side: (5, ["5-5", "6-4", "5-0", "4-1"]), 1 - side: (2, ["3-2"])})
    assert game.score[side] == 251 < game.score[1 - side] == 252
    assert game.is_over and set(game.winner) == set(game.sides[side])


def test_4_4_target_option_short_match() -> None:
    game = texas(23, target=100)
    assert game.target() == 100 and game.view(0)["target"] == 100


# ----- TEX-1 marks ----------------------------------------------------------------------------------------------------
def test_tex_1_marks_bidding_opens_at_one_or_two_marks_then_one_mark_at_a_time() -> None:
    game = texas(24, texas_marks=True)
    order = bidding_order(game)
    assert bids_of(game, order[0]) == [*range(30, 42), 42, 84]
    game.apply(order[0], Bid(84))
    assert bids_of(game, order[1]) == [126]
    game.apply(order[1], Bid(126))
    assert bids_of(game, order[2]) == [168]


def test_tex_1_marks_made_bid_under_42_earns_one_mark() -> None:
    game = texas(25, texas_marks=True)
    bidder = win_bid(game, 30, "4")
    side = game.side_of(bidder)
    settle(game, {side: (5, ["5-5", "6-4", "5-0", "4-1"]), 1 - side: (2, ["3-2"])})
    assert game.score[side] == 1 and game.score[1 - side] == 0


def test_tex_1_marks_set_gives_the_same_marks_to_the_opponents() -> None:
    game = texas(25, texas_marks=True)
    bidder = win_bid(game, 84, "4")
    side = game.side_of(bidder)
    settle(game, {side: (6, ["5-5", "6-4", "5-0", "4-1", "3-2"]), 1 - side: (1, [])})
    assert game.score[side] == 0 and game.score[1 - side] == 2


def test_tex_1_marks_game_is_seven_marks_and_play_stops_once_the_hand_is_decided() -> None:
    game, b = rigged(26, limit_deal(SIX_TRUMPS, FIVES), texas_marks=True)
    assert game.target() == 7
    win_bid(game, 30, "6")
    tricks = 0
    hand = game.round_no
    while game.round_no == hand:
        play_trick(game, lambda seat: highest)
        tricks += 1
    side = game.side_of(b)
    assert tricks < 7 and game.score[side] == 1 and game.score[1 - side] == 0
    assert game.last_hand is not None and game.last_hand["points_taken"][side] >= 30


# ----- TEX-8 Nel-O ----------------------------------------------------------------------------------------------------
NELLO_DEAL = [
    ["6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "2-1"],
    ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "5-5"],
    ["0-0", "4-1", "3-3", "3-2", "3-1", "2-2", "1-1"],
    ["5-4", "5-3", "5-2", "5-1", "4-4", "4-3", "4-2"],
]


def test_tex_8_nello_needs_the_option_and_a_bid_of_42() -> None:
    plain = texas(27)
    win = bidding_order(plain)[0]
    bid_round(plain, [42, None, None, None])
    assert Call("nel_o") not in plain.legal_actions(win)
    low = texas(27, texas_nello=True)
    bid_round(low, [41, None, None, None])
    assert Call("nel_o") not in low.legal_actions(win)
    high = texas(27, texas_nello=True)
    bid_round(high, [42, None, None, None])
    assert Call("nel_o") in high.legal_actions(win)


def test_tex_8_nello_partner_sits_out_and_bidder_losing_every_trick_scores_the_bid() -> None:
    game, b = rigged(28, NELLO_DEAL, texas_nello=True)
    win_bid(game, 42, "nel_o")
    partner = (b + 2) % 4
    assert game.sitting_out == [partner] and game.rule.trump is None
    for _ in range(7):
        plays = play_trick(game, lambda seat: lowest if seat == b else highest)
        assert len(plays) == 3 and all(seat != partner for seat, _ in plays)
    assert game.score[game.side_of(b)] == 42 and game.score[1 - game.side_of(b)] == 0


def test_tex_8_nello_ends_when_the_bidder_wins_a_trick_opponents_score_the_bid() -> None:
    deal = [list(h) for h in NELLO_DEAL]
    deal[0][0], deal[1][0] = "6-6", "6-0"
    game, b = rigged(29, deal, texas_nello=True)
    win_bid(game, 42, "nel_o")
    hand = game.round_no
    play_trick(game, lambda seat: lowest, lead="6-6")
    assert game.round_no == hand + 1
    assert game.score[game.side_of(b)] == 0 and game.score[1 - game.side_of(b)] == 42


# ----- view ----------------------------------------------------------------------------------------------------------
def test_view_shows_bids_contract_and_describes_actions() -> None:
    game = texas(30)
    bidder = win_bid(game, 33, "5")
    view = game.view(bidder)
    assert view["family"] == "trick" and view["phase"] == "play"
    assert [s for s, b in view["bids"] if b == "33"] == [bidder]
    assert view["contract"]["trumps"] == "5" and "label" not in view["contract"]  # render says it
    assert game.describe(Call("trump:5")) == "Fives are trumps" and game.describe(Bid(34)) == "Bid 34"
    assert all(len(game.describe(a)) < 80 for a in game.legal_actions(bidder))


# ----- properties: 42 points a hand, tiles conserved ------------------------------------------------------------------
def conserved(game: FortyTwoGame) -> None:
    tiles: Counter[Tile] = Counter()
    for zone in game.zones().values():
        tiles.update(zone)
    assert tiles == Counter(double_set(6))


@given(seed=st.integers(0, 2**31), forced=st.booleans(), nt=st.booleans())
def test_tex_4_points_per_hand_add_up_to_42_and_tiles_are_conserved(seed: int, forced: bool, nt: bool) -> None:
    game = texas(seed, forced_dealer_bid=forced, no_trump_doubles_suit=nt)
    results = random_hands(game, random.Random(seed), 3, conserved)
    assert results
    for result in results:
        if result["bid"] < 42:
            assert sum(result["points_taken"]) == 42


def test_prompts_say_what_is_awaited() -> None:
    game = texas(31, forced_dealer_bid=True)
    first = bidding_order(game)[0]
    assert prompt(game) == f"Seat {first + 1} to bid 30 to 42 or pass."
    for seat in bidding_order(game)[:3]:
        game.apply(seat, Pass())
    assert prompt(game) == f"Everyone else passed: Seat {game.dealer + 1} must bid 30 to 42."
    game.apply(game.dealer, Bid(30))
    assert prompt(game) == f"Seat {game.dealer + 1} won the bidding at 30 and names trumps."
    game.apply(game.dealer, Call("trump:6"))
    assert prompt(game) == f"Seat {game.dealer + 1} to lead."


def test_labels_a_lead_says_the_suit_it_calls_for_and_prompts_name_trumps() -> None:
    """Button labels for the leader say what each tile leads (RULES 4.4: a trump leads trumps, else the higher end,
    a double its number); followers see plain tiles; the prompt names trumps when trumps were led."""
    game, b = rigged(10, DEAL_A)
    win_bid(game, 30, "5")
    labels = {game.describe(a) for a in game.legal_actions(b)}
    assert labels == {"6-0 (lead sixes)", "5-3 (lead trumps)", "5-2 (lead trumps)", "5-1 (lead trumps)",
                      "5-0 (lead trumps)", "4-4 (lead fours)", "4-3 (lead fours)"}
    game.apply(b, Play(t("5-3")))
    assert prompt(game) == f"Seat {(b + 1) % 4 + 1} to play: trumps (fives) were led."
    follower = (b + 1) % 4
    assert [game.describe(a) for a in game.legal_actions(follower)] == ["5-4"]  # its only trump
    assert all(len(game.describe(a)) < 80 for a in game.legal_actions(follower))


def test_tex_1_marks_match_end_says_marks() -> None:
    game = texas(25, texas_marks=True)
    bidder = win_bid(game, 30, "4")
    side = game.side_of(bidder)
    game._score = [6, 0] if side == 0 else [0, 6]
    settle(game, {side: (5, ["5-5", "6-4", "5-0", "4-1"]), 1 - side: (2, ["3-2"])})
    assert game.is_over and text(game, game.log[-1]).endswith("won the match with 7 marks.")


# ----- more of RULES 1.3 and 4.4, checked hand by hand --------------------------------------------------------------
def test_1_3_play_goes_left_from_the_bidder() -> None:
    game, b = rigged(10, DEAL_A)
    win_bid(game, 30, "6", position=2)
    bidder = (b + 2) % 4
    assert game.to_act == (bidder,)
    seen = []
    for _ in range(4):
        seat = game.to_act[0]
        seen.append(seat)
        game.apply(seat, next(a for a in game.legal_actions(seat) if isinstance(a, Play)))
    assert seen == [bidder, (bidder + 1) % 4, (bidder + 2) % 4, (bidder + 3) % 4]


def test_4_4_bids_under_42_play_all_seven_tricks_even_once_decided() -> None:
    """Bid 30 with all seven sixes as trumps: the bid is made by the fourth trick, but RULES 4.4 plays all 7
    tricks for bids of 30-41 (in points); the bidders take 7 tricks + 35 count = 42, the opponents 0."""
    game, b = rigged(30, limit_deal(SIX_TRUMPS, FIVES))
    win_bid(game, 30, "6")
    tricks = play_hand(game, lambda seat: highest)
    side = game.side_of(b)
    assert tricks == 7
    assert game.score[side] == 42 and game.score[1 - side] == 0


def test_tex_1_marks_a_set_ends_the_hand_as_soon_as_it_is_sure() -> None:
    """Marks: the bidder names sixes holding none; the next seat holds all seven. Trick 1: 5-4 led, 6-6 trumps it
    and the 5-5 falls (opponents 1 + 10 = 11); trick 2: 6-5 led (12); trick 3: 6-4 led (12 + 1 + 10 = 23). Past
    42 - 30 = 12 the bid cannot be made: the hand stops after 3 tricks and the opponents take the 1 mark."""
    weak = ["5-4", "5-3", "5-2", "5-1", "5-0", "4-4", "4-3"]
    game, b = rigged(31, limit_deal(weak, SIX_TRUMPS), texas_marks=True)
    win_bid(game, 30, "6")
    tricks = play_hand(game, lambda seat: highest)
    side = game.side_of(b)
    assert game.last_hand is not None and game.last_hand["made"] is False
    taken = game.last_hand["points_taken"]
    assert tricks == 3 and taken[side] == 0 and taken[1 - side] == 23
    assert game.score[side] == 0 and game.score[1 - side] == 1
