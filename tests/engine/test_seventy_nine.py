"""Seventy-Nine (RULES 4.5, SEV-0 to SEV-6): two sets, teams of three, bids 50 to 79, Nel-O and marks."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Bid, Call, Pass, Play
from engine.errors import IllegalAction
from engine.fortytwo import FortyTwoGame
from engine.games.seventy_nine import SPEC
from engine.tiles import Tile, double_set
from engine.tricks import count_value
from tests.engine.fortytwo_support import (
    bid_round,
    bidding_order,
    counted,
    fill_deal,
    highest,
    lowest,
    make,
    play_hand,
    play_trick,
    random_hands,
    settle,
    win_bid,
)
from tests.engine.words_support import text

t = Tile.parse
TWO_SETS = [*double_set(6), *double_set(6)]


def sev(seed: int = 0, **options: object) -> FortyTwoGame:
    return make(SPEC, seed, **options)


def rigged(seed: int, fixed: dict[int, list[str]], **options: object) -> tuple[FortyTwoGame, int]:
    """A game whose first hand gives ``fixed[k]`` to the seat k places after the first bidder (the rest of the
    tiles shared out in set order); returns the game and the first bidder's seat."""
    first = (sev(seed).dealer + 1) % 6
    deal = fill_deal(TWO_SETS, 6, 9, {(first + k) % 6: hand for k, hand in fixed.items()})
    game = sev(seed, deal=deal, **options)
    assert bidding_order(game)[0] == first
    return game, first


# ----- tiles, seats, teams ------------------------------------------------------------------------------------------
def test_sev_1_teams_of_three_seated_alternately() -> None:
    assert sev(1).sides == ((0, 2, 4), (1, 3, 5))


def test_4_5_two_sets_nine_tiles_each_two_dead() -> None:
    game = sev(2)
    assert [len(h) for h in game.hands] == [9] * 6 and len(game.dead) == 2
    every = Counter(x for zone in game.zones().values() for x in zone)
    assert every == Counter(TWO_SETS) and all(n == 2 for n in every.values())
    assert game.view(0)["hand_counts"] == [9] * 6


def test_4_5_dead_tiles_are_not_shown_to_anyone() -> None:
    game = sev(3)
    dead = {str(x) for x in game.dead} - {str(x) for h in game.hands for x in h}
    for seat in (None, 0, 3):
        text = str(game.view(seat))
        assert not any(f"'{d}'" in text for d in dead)


# ----- bidding ------------------------------------------------------------------------------------------------------
def test_4_5_single_round_bids_50_to_79_dealer_last() -> None:
    game = sev(4)
    order = bidding_order(game)
    assert order[-1] == game.dealer
    first = order[0]
    assert [a.amount for a in game.legal_actions(first) if isinstance(a, Bid)] == list(range(50, 80))
    for bad in (Bid(49), Bid(80)):
        with pytest.raises(IllegalAction):
            game.apply(first, bad)
    game.apply(first, Bid(61))
    assert [a.amount for a in game.legal_actions(order[1]) if isinstance(a, Bid)] == list(range(62, 80))
    for seat in order[1:]:
        game.apply(seat, Pass())
    assert game.phase == "trump" and game.to_act == (first,)


def test_4_5_all_six_pass_the_hand_is_thrown_in_and_next_shuffles() -> None:
    game = sev(5)
    dealer = game.dealer
    bid_round(game, [None] * 6)
    assert game.dealer == (dealer + 1) % 6 and game.round_no == 2 and game.score == (0, 0)


def test_4_5_trumps_are_a_number_by_default() -> None:
    game = sev(6)
    bid_round(game, [55, None, None, None, None, None])
    names = {a.name for a in game.legal_actions(game.to_act[0]) if isinstance(a, Call)}
    assert names == {f"trump:{n}" for n in range(7)}


def test_4_5_seventy_nine_42_contracts_adds_doubles_and_no_trump() -> None:
    game = sev(6, seventy_nine_42_contracts=True)
    bid_round(game, [55, None, None, None, None, None])
    names = {a.name for a in game.legal_actions(game.to_act[0]) if isinstance(a, Call)}
    assert {"trump:doubles", "trump:none"} <= names


# ----- play ---------------------------------------------------------------------------------------------------------
def test_4_1_identical_duplicates_the_earlier_played_wins() -> None:
    game, b = rigged(7, {0: ["6-6", "2-1", "2-0", "1-1", "1-0", "0-0", "5-5", "5-4", "4-4"],
                         1: ["6-6", "2-2", "5-3", "5-2", "5-1", "5-0", "4-3", "4-2", "4-1"]})
    win_bid(game, 50, "3")
    plays = play_trick(game, lambda seat: highest if seat == (b + 1) % 6 else lowest, lead="6-6")
    assert plays[1] == ((b + 1) % 6, t("6-6"))
    assert all(not game.rule.is_trump(x) for _, x in plays), "nobody trumped in"
    assert game.last_trick is not None and game.last_trick["winner"] == b


def test_4_5_a_trump_never_counts_for_its_other_number() -> None:
    game, b = rigged(8, {0: ["6-1", "2-1", "2-0", "1-1", "1-0", "0-0", "5-5", "5-4", "4-4"],
                         1: ["6-3", "6-3", "2-2", "5-2", "5-1", "5-0", "4-2", "4-1", "3-3"]})
    win_bid(game, 50, "3")
    game.apply(b, Play(t("6-1")))
    # The next seat's only sixes are 6-3s, which are trumps: it cannot follow and may play anything.
    legal = {str(a.tile) for a in game.legal_actions((b + 1) % 6) if isinstance(a, Play)}
    assert legal == {"6-3", "2-2", "5-2", "5-1", "5-0", "4-2", "4-1", "3-3"}


# ----- scoring: the worked examples --------------------------------------------------------------------------------
def test_4_5_example_bid_60_set_opponents_28_plus_60_is_88() -> None:
    """Bid 60: the bidders take 6 tricks and 45 in counts (51), the opponents 3 tricks and 25 (28): 88 to 0."""
    game = sev(9)
    side = game.side_of(win_bid(game, 60, "5"))
    bidders = (6, ["5-5", "6-4", "6-4", "5-0", "4-1", "3-2"])
    others = (3, ["5-5", "5-0", "4-1", "3-2"])
    assert 6 + counted(bidders[1]) == 51 and 3 + counted(others[1]) == 28
    settle(game, {side: bidders, 1 - side: others})
    assert game.score[side] == 0 and game.score[1 - side] == 88


def test_4_5_example_bid_55_made_57_and_22() -> None:
    game = sev(10)
    side = game.side_of(win_bid(game, 55, "2"))
    settle(game, {side: (7, ["5-5", "5-5", "6-4", "6-4", "5-0", "5-0"]), 1 - side: (2, ["4-1", "4-1", "3-2", "3-2"])})
    assert game.score[side] == 57 and game.score[1 - side] == 22


def test_4_5_all_nine_tricks_make_79_with_any_count_among_the_dead_tiles() -> None:
    """Nine tricks and 70 in counts make 79; a count tile among the 2 dead tiles is won by nobody."""
    game = sev(11)
    dead = sum(count_value(x) for x in game.dead)
    win_bid(game, 50, "6")
    for _ in range(9):
        play_trick(game, lambda seat: highest)
    assert game.last_hand is not None and sum(game.last_hand["points_taken"]) + dead == 79
    assert game.round_no == 2


# ----- SEV-3 game end -------------------------------------------------------------------------------------------------
def test_sev_3_both_teams_reach_250_the_bidding_team_wins() -> None:
    game = sev(12)
    side = game.side_of(win_bid(game, 55, "2"))
    score = [0, 0]
    score[side], score[1 - side] = 193, 240
    game._score = score
    settle(game, {side: (7, ["5-5", "5-5", "6-4", "6-4", "5-0", "5-0"]), 1 - side: (2, ["4-1", "4-1", "3-2", "3-2"])})
    assert game.score[side] == 250 < game.score[1 - side] == 262
    assert game.is_over and set(game.winner) == set(game.sides[side])


def test_sev_3_first_team_to_250_wins() -> None:
    game = sev(13)
    side = game.side_of(win_bid(game, 60, "5"))
    game._score = [200, 200]
    settle(game, {side: (6, ["5-5", "6-4", "6-4", "5-0", "4-1", "3-2"]), 1 - side: (3, ["5-5", "5-0", "4-1", "3-2"])})
    assert game.is_over and set(game.winner) == set(game.sides[1 - side])


# ----- marks ----------------------------------------------------------------------------------------------------------
def test_4_5_marks_one_mark_to_the_hand_winner_game_nine_marks() -> None:
    game = sev(14, seventy_nine_marks=True)
    assert game.target() == 9 and game.view(0)["target"] == 9
    side = game.side_of(win_bid(game, 60, "5"))
    settle(game, {side: (6, ["5-5", "6-4", "6-4", "5-0", "4-1", "3-2"]), 1 - side: (3, ["5-5", "5-0", "4-1", "3-2"])})
    assert game.score[side] == 0 and game.score[1 - side] == 1


def test_4_5_marks_play_stops_once_the_hand_is_decided() -> None:
    sixes = ["6-6", "6-6", "6-5", "6-5", "6-4", "6-4", "6-3", "6-3", "6-2"]
    game, b = rigged(15, {0: sixes}, seventy_nine_marks=True)
    win_bid(game, 50, "6")
    hand, tricks = game.round_no, 0
    while game.round_no == hand:
        play_trick(game, lambda seat: highest)
        tricks += 1
    side = game.side_of(b)
    assert tricks < 9 and game.score[side] == 1
    assert game.last_hand is not None and game.last_hand["points_taken"][side] >= 50


# ----- Nel-O: SEV-4, SEV-5, SEV-6 -------------------------------------------------------------------------------------
def test_sev_4_nel_o_only_on_a_winning_bid_of_79() -> None:
    low = sev(16)
    bid_round(low, [78, None, None, None, None, None])
    assert Call("nel_o") not in low.legal_actions(low.to_act[0])
    top = sev(16)
    bid_round(top, [79, None, None, None, None, None])
    assert Call("nel_o") in top.legal_actions(top.to_act[0])


def test_sev_4_nel_o_any_bid_option() -> None:
    game = sev(16, nel_o_any_bid=True)
    bid_round(game, [50, None, None, None, None, None])
    assert Call("nel_o") in game.legal_actions(game.to_act[0])


def test_sev_5_both_teammates_sit_out_and_four_tiles_make_a_trick() -> None:
    game = sev(17)
    b = win_bid(game, 79, "nel_o")
    assert sorted(game.sitting_out) == sorted([(b + 2) % 6, (b + 4) % 6])
    assert game.rule.trump is None and game.to_act == (b,)
    plays = play_trick(game, lambda seat: lowest)
    assert len(plays) == 4 and not set(game.sitting_out) & {s for s, _ in plays}


def test_sev_5_nel_o_one_partner_out_option_only_one_teammate_sits_out() -> None:
    """RULES SEV-5 says "the teammate opposite (seat+3)", but seat + 3 is an opponent when teams sit alternately
    (SEV-1): the option is read as one teammate out, the one at seat + 2. (The code used to seat out seat + 3, an
    opponent, leaving the bidder two teammates against two opponents.)"""
    game = sev(18, nel_o_one_partner_out=True)
    b = win_bid(game, 79, "nel_o")
    team = game.sides[game.side_of(b)]
    assert game.sitting_out == [(b + 2) % 6] and game.sitting_out[0] in team
    assert "Seat" in text(game, game.log[-1]) and "lays their tiles face down" in text(game, game.log[-1])
    plays = play_trick(game, lambda seat: lowest)
    assert [seat for seat, _ in plays] == [b, (b + 1) % 6, (b + 3) % 6, (b + 4) % 6, (b + 5) % 6]
    assert sum(1 for seat, _ in plays if seat in team) == 2  # the bidder and one teammate against three


def test_sev_5_nel_o_one_partner_out_a_teammate_taking_tricks_does_not_break_nel_o() -> None:
    """RULES 4.5 Nel-O: the hand ends when *the bidder* wins a trick, and the bidding team scores the bid if the
    bidder loses all 9. With one teammate still playing, that teammate may take tricks: here it holds every double
    and takes all nine, the bidder none, so the bidding team scores 79 (the code used to count the team's tricks
    and end the hand after the first one, giving the opponents 79)."""
    low = ["6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "6-0", "5-0", "4-0"]
    high = ["6-6", "6-6", "5-5", "5-5", "4-4", "4-4", "3-3", "3-3", "2-2"]
    game, b = rigged(23, {0: low, 4: high}, nel_o_one_partner_out=True)
    win_bid(game, 79, "nel_o")
    mate = (b + 4) % 6
    assert game.sitting_out == [(b + 2) % 6]
    hand = game.round_no
    tricks = 0
    while game.round_no == hand:
        plays = play_trick(game, lambda seat: highest if seat == mate else lowest, lead="6-0" if not tricks else None)
        tricks += 1
        assert len(plays) == 5
    assert tricks == 9 and game.last_hand is not None and game.last_hand["made"] is True
    assert game.score[game.side_of(b)] == 79 and game.score[1 - game.side_of(b)] == 0


def test_sev_5_nel_o_bidder_wins_a_trick_the_hand_ends_and_opponents_score_the_bid() -> None:
    game, b = rigged(19, {0: ["6-6", "6-6", "2-1", "2-0", "1-1", "1-0", "0-0", "4-0", "3-0"]})
    win_bid(game, 79, "nel_o")
    hand = game.round_no
    play_trick(game, lambda seat: lowest, lead="6-6")
    assert game.round_no == hand + 1
    assert game.score[game.side_of(b)] == 0 and game.score[1 - game.side_of(b)] == 79


def test_sev_5_nel_o_bidder_loses_all_nine_tricks_the_team_scores_the_bid() -> None:
    low = ["6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "6-0", "5-0", "4-0"]
    high = ["6-6", "6-6", "5-5", "5-5", "4-4", "4-4", "3-3", "3-3", "2-2"]
    game, b = rigged(20, {0: low, 1: high})
    win_bid(game, 79, "nel_o")
    for _ in range(9):
        play_trick(game, lambda seat: lowest if seat == b else highest)
    assert game.score[game.side_of(b)] == 79 and game.score[1 - game.side_of(b)] == 0


def test_sev_6_nel_o_doubles_suit_a_led_double_calls_for_doubles() -> None:
    game, b = rigged(21, {0: ["1-1", "6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "2-1", "3-1"],
                          1: ["6-6", "6-5", "6-4", "5-4", "5-3", "4-3", "4-2", "3-2", "5-2"]},
                     nel_o_doubles_suit=True)
    win_bid(game, 79, "nel_o")
    game.apply(b, Play(t("1-1")))
    assert game.trick is not None and game.trick.led_suit == "doubles"
    assert game.legal_actions((b + 1) % 6) == [Play(t("6-6"))]


def test_sev_6_without_the_option_a_led_double_calls_its_number() -> None:
    game, b = rigged(21, {0: ["1-1", "6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "2-1", "3-1"],
                          1: ["6-6", "6-5", "6-4", "5-4", "5-3", "4-3", "4-2", "3-2", "5-2"]})
    win_bid(game, 79, "nel_o")
    game.apply(b, Play(t("1-1")))
    assert game.trick is not None and game.trick.led_suit == "1"
    assert len(game.legal_actions((b + 1) % 6)) == 9  # no ones: anything may be played


# ----- view and words ------------------------------------------------------------------------------------------------
def test_view_and_descriptions() -> None:
    game = sev(22)
    b = win_bid(game, 79, "nel_o")
    view = game.view(b)
    assert view["contract"]["trumps"] == "nel_o" and "label" not in view["contract"]  # render says it
    assert sorted(view["sitting_out"]) == sorted(game.sitting_out)
    assert game.describe(Call("nel_o")).startswith("Nel-O") and game.describe(Bid(79)) == "Bid 79"


# ----- properties: 79 points a hand, two of each tile ----------------------------------------------------------------
def conserved(game: FortyTwoGame) -> None:
    tiles: Counter[Tile] = Counter()
    for zone in game.zones().values():
        tiles.update(zone)
    assert tiles == Counter(TWO_SETS)


@given(seed=st.integers(0, 2**31), contracts=st.booleans(), any_bid=st.booleans())
def test_4_5_points_per_hand_add_up_to_79_and_tiles_are_conserved(seed: int, contracts: bool, any_bid: bool) -> None:
    game = sev(seed, seventy_nine_42_contracts=contracts, nel_o_any_bid=any_bid)
    results = random_hands(game, random.Random(seed), 2, conserved)
    assert results
    for result in results:
        if result["trumps"] != "nel_o":
            assert sum(result["points_taken"]) + result["dead_count"] == 79


# ----- more of RULES 4.5, hand by hand --------------------------------------------------------------------------------
SIXES = ["6-6", "6-6", "6-5", "6-5", "6-4", "6-4", "6-3", "6-3", "6-2"]


def test_4_5_all_nine_tricks_are_played_even_once_the_bid_is_made() -> None:
    """Points scoring: the bid of 50 is made early with nine top trumps, but all 9 tricks are played."""
    game, b = rigged(15, {0: SIXES})
    win_bid(game, 50, "6")
    tricks = play_hand(game, lambda seat: highest)
    assert tricks == 9
    assert game.last_hand is not None and game.last_hand["made"] is True
    side = game.side_of(b)
    assert game.score[side] == sum(game.last_hand["points_taken"]) == 79 - game.last_hand["dead_count"]


def test_4_5_the_shuffle_passes_left_after_a_played_hand() -> None:
    game = sev(24)
    dealer = game.dealer
    side = game.side_of(win_bid(game, 55, "2"))
    settle(game, {side: (7, ["5-5", "5-5", "6-4", "6-4", "5-0", "5-0"]), 1 - side: (2, ["4-1", "4-1", "3-2", "3-2"])})
    assert game.round_no == 2 and game.dealer == (dealer + 1) % 6
    assert game.phase == "bid" and game.to_act == ((dealer + 2) % 6,)


def test_sev_4_nel_o_in_marks_mode_is_worth_one_mark() -> None:
    """RULES 4.5 Nel-O result: in marks mode the bidding team scores 1 mark (not 79) when the bidder loses all 9."""
    low = ["6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "6-0", "5-0", "4-0"]
    high = ["6-6", "6-6", "5-5", "5-5", "4-4", "4-4", "3-3", "3-3", "2-2"]
    game, b = rigged(20, {0: low, 1: high}, seventy_nine_marks=True)
    win_bid(game, 79, "nel_o")
    while game.round_no == 1:
        play_trick(game, lambda seat: lowest if seat == b else highest)
    assert game.score[game.side_of(b)] == 1 and game.score[1 - game.side_of(b)] == 0


def test_sev_4_nel_o_in_marks_mode_lost_gives_the_opponents_one_mark() -> None:
    game, b = rigged(19, {0: ["6-6", "6-6", "2-1", "2-0", "1-1", "1-0", "0-0", "4-0", "3-0"]},
                     seventy_nine_marks=True)
    win_bid(game, 79, "nel_o")
    play_trick(game, lambda seat: lowest, lead="6-6")
    assert game.round_no == 2
    assert game.score[game.side_of(b)] == 0 and game.score[1 - game.side_of(b)] == 1


def test_4_5_42_contracts_with_no_trump_doubles_suit_a_led_double_calls_doubles() -> None:
    fixed = {0: ["1-1", "6-0", "5-0", "4-0", "3-0", "2-0", "1-0", "2-1", "3-1"],
             1: ["6-6", "6-5", "6-4", "5-4", "5-3", "4-3", "4-2", "3-2", "5-2"]}
    game, b = rigged(21, fixed, seventy_nine_42_contracts=True, no_trump_doubles_suit=True)
    win_bid(game, 50, "none")
    assert game.describe(Play(t("1-1"))) == "1-1 (lead doubles)"
    game.apply(b, Play(t("1-1")))
    assert game.trick is not None and game.trick.led_suit == "doubles"
    assert game.legal_actions((b + 1) % 6) == [Play(t("6-6"))]
    plain, b2 = rigged(21, fixed, seventy_nine_42_contracts=True)
    win_bid(plain, 50, "none")
    plain.apply(b2, Play(t("1-1")))
    assert plain.trick is not None and plain.trick.led_suit == "1"
