"""Domino Euchre (RULES 4.6, EU-1 to EU-5, with 4.1-4.3): turn-ups, acceptance, Alone, the dealer's discard,
bowers, the leader's declared suit, following, scoring, euchres and the match to 5."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Call, Choose, Pass, Play
from engine.ai import computer_player
from engine.ai.euchre import EuchrePlayer, Seen, discard_choice, follow
from engine.errors import IllegalAction
from engine.games.euchre import EuchreGame, EuchreSuits, left_bower, trump_of
from engine.registry import new_game
from engine.tiles import Tile, double_set
from engine.tricks import trick_winner
from tests.engine.fortytwo_support import highest
from tests.engine.trick_support import conserved, play, play_out, plays_of, rigged, tiles
from tests.engine.words_support import text

t = Tile.parse

# Dealer seat 0 in every rigged four-player hand: seat 1 accepts first, seat 0 last, seat 1 leads.
STRONG = ["6-6", "5-5", "6-5", "6-4", "6-3"]          # the five best trumps when sixes are trump
DOUBLES = ["4-4", "3-3", "2-2", "1-1", "0-0"]
FOURS = ["4-3", "4-2", "4-1", "4-0", "3-2"]
LOW = ["3-1", "3-0", "2-1", "2-0", "1-0"]
STOCK = ["6-2", "6-1", "6-0", "5-4", "5-3", "5-2", "5-1", "5-0"]   # 6-2 turns up first: sixes would be trumps


def four(hands: list[list[str]], stock: list[str] = STOCK, **options: Any) -> EuchreGame:
    game: EuchreGame = rigged("euchre", 4, 0, hands, stock, **options)
    return game


def accept_by(game: EuchreGame, seat: int, alone: bool = False) -> None:
    """Everyone before ``seat`` (in acceptance order) passes, then ``seat`` accepts."""
    while game.to_act != (seat,):
        game.apply(game.to_act[0], Pass())
    game.apply(seat, Call("alone" if alone else "accept"))


# ----- ranking: EU-1, bowers, RULES 4.2-4.3 -----------------------------------------------------------------------
def test_4_6_trump_is_the_turnups_higher_end() -> None:
    assert trump_of(t("6-4")) == 6
    assert trump_of(t("3-3")) == 3
    assert trump_of(t("2-0")) == 2


def trump_order(trump: int) -> list[Tile]:
    """The eight trumps for ``trump``, highest first, as the suits rank them."""
    rule = EuchreSuits(trump=str(trump))
    trumps = [Tile.of(trump, n) for n in range(7)] + [left_bower(trump)]
    return sorted(trumps, key=lambda tile: rule.rank(tile, str(trump)), reverse=True)


def test_eu_1_trump_five_ranking_follows_the_stated_rule() -> None:
    """The seed example as RULES corrects it: 5-5, 4-4, 5-6, 5-4, 5-3, 5-2, 5-1, 5-0."""
    assert trump_order(5) == tiles("5-5", "4-4", "6-5", "5-4", "5-3", "5-2", "5-1", "5-0")
    fives = EuchreSuits(trump="5")
    # The seed's wrong example ranked 4-6, 3-4 ... as trumps: under the stated rule they are plain fours.
    assert not fives.is_trump(t("6-4")) and not fives.is_trump(t("4-3"))
    assert fives.follows(t("6-4"), "4") and fives.follows(t("4-3"), "4")


def test_4_6_left_bower_is_six_six_when_blanks_are_trump() -> None:
    assert left_bower(0) == t("6-6")
    assert trump_order(0) == tiles("0-0", "6-6", "6-0", "5-0", "4-0", "3-0", "2-0", "1-0")
    blanks = EuchreSuits(trump="0")
    assert blanks.is_trump(t("6-6")) and not blanks.follows(t("6-6"), "6")


def test_4_6_left_bower_is_trump_only_and_its_number_suit_has_no_double() -> None:
    """gambiter/pagat: with fours trump the trump suit has 8 tiles and the threes only five."""
    fours = EuchreSuits(trump="4")
    deck = double_set(6)
    assert sum(fours.is_trump(tile) for tile in deck) == 8
    threes = [tile for tile in deck if fours.follows(tile, "3")]
    assert sorted(threes) == sorted(tiles("6-3", "5-3", "3-2", "3-1", "3-0"))
    assert t("3-3") not in threes and t("4-3") not in threes


def test_4_3_non_trump_suit_ranks_double_then_other_end() -> None:
    fives = EuchreSuits(trump="5")
    order = sorted((tile for tile in double_set(6) if fives.follows(tile, "6")),
                   key=lambda tile: fives.rank(tile, "6"), reverse=True)
    assert order == tiles("6-6", "6-4", "6-3", "6-2", "6-1", "6-0")


def test_4_1_trump_beats_led_suit_and_off_suit_never_wins() -> None:
    fives = EuchreSuits(trump="5")
    assert trick_winner(tiles("6-4", "6-6", "2-1", "5-0"), "6", fives) == 3     # lowest trump beats 6-6
    assert trick_winner(tiles("6-4", "6-6", "2-1", "4-3"), "6", fives) == 1     # led suit, double top
    assert trick_winner(tiles("6-4", "2-1", "3-3", "4-1"), "6", fives) == 0     # nobody followed: the leader
    assert trick_winner(tiles("6-5", "4-4", "5-5", "5-0"), "5", fives) == 2     # right over left bower
    assert trick_winner(tiles("6-5", "4-4", "5-4", "5-0"), "5", fives) == 1     # left bower over 5-6


# ----- turn-ups and acceptance -------------------------------------------------------------------------------------
def test_4_6_five_tiles_each_and_acceptance_starts_left_of_dealer_dealer_last() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    assert [len(h) for h in game.hands] == [5, 5, 5, 5]
    assert game.view(None)["turnup"] == "6-2" and game.view(None)["trump"] == 6
    order = []
    for _ in range(3):
        order.append(game.to_act[0])
        game.apply(game.to_act[0], Pass())
    assert order == [1, 2, 3] and game.to_act == (0,)


def test_4_6_all_pass_kills_the_turnup_and_turns_another() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    for _ in range(4):
        game.apply(game.to_act[0], Pass())
    view = game.view(2)
    assert view["turnups_rejected"] == ["6-2"] and view["turnup"] == "6-1"
    assert game.to_act == (1,) and game.phase == "accept"


def test_eu_5_third_turnup_passed_throws_in_and_deal_passes_left() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    for _ in range(12):
        game.apply(game.to_act[0], Pass())
    assert game.round_no == 2 and game.dealer == 1 and game.score == (0, 0)
    assert game.to_act == (2,) and any(e.kind == "throw_in" for e in game.log)
    assert conserved(game)


def test_4_6_dealer_takes_up_the_turnup_and_discards_face_down() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 1)
    assert game.phase == "discard" and game.to_act == (0,)
    assert t("6-2") in game.hands[0] and len(game.hands[0]) == 6
    assert game.legal_actions(0) == [Choose((tile,)) for tile in game.hands[0]]
    game.apply(0, Choose((t("0-0"),)))
    assert len(game.hands[0]) == 5 and game.discarded == [t("0-0")]
    assert game.view(0)["discarded"] == ["0-0"]
    for seat in (1, 2, 3, None):
        assert "0-0" not in str(game.view(seat))
    assert game.phase == "play" and game.to_act == (1,)


def test_eu_3_option_turnup_stays_exposed_and_nobody_discards() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW], euchre_turnup_stays=True)
    accept_by(game, 2)
    assert game.phase == "play" and game.to_act == (1,)
    assert len(game.hands[0]) == 5 and game.zones()["turnup"] == [t("6-2")]
    assert game.view(3)["turnup"] == "6-2"


def test_4_6_accept_words_order_up_assist_take_up() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    assert game.describe(Call("accept")) == "Order up sixes"
    game.apply(1, Pass())
    assert game.describe(Call("accept")) == "Assist with sixes"
    game.apply(2, Pass())
    game.apply(3, Pass())
    assert game.describe(Call("alone")) == "Take up sixes, alone"


def test_4_6_alone_is_only_offered_at_four_players() -> None:
    assert Call("alone") in four([DOUBLES, STRONG, FOURS, LOW]).legal_actions(1)
    for seats in (2, 3):
        game: Any = new_game("euchre", seats, 3)
        assert game.legal_actions(game.to_act[0]) == [Call("accept"), Pass()]


def test_4_6_alone_partner_sits_out_and_the_loners_left_leads() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 1, alone=True)
    game.apply(0, Choose((t("0-0"),)))
    assert game.sitting_out == [3] and game.to_act == (2,)
    play(game, 2, "4-3", "4")
    assert game.to_act == (0,)
    play(game, 0, "4-4")
    assert game.to_act == (1,)
    play(game, 1, "6-3")                       # void in fours: trumps it
    assert game.last_trick is not None and game.last_trick["winner"] == 1
    assert len(game.last_trick["plays"]) == 3 and sorted(game.hands[3]) == sorted(tiles(*LOW))


def test_4_6_dealer_sitting_out_leaves_the_turnup_face_up() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 2, alone=True)                   # the dealer's partner goes Alone: the dealer sits out
    assert game.sitting_out == [0] and game.phase == "play"
    assert game.zones()["turnup"] == [t("6-2")] and len(game.hands[0]) == 5
    assert game.to_act == (3,)                       # the loner's left leads


def test_4_2_a_trump_never_follows_its_other_number() -> None:
    fives = EuchreSuits(trump="5")
    assert not fives.follows(t("6-5"), "6") and fives.follows(t("6-5"), "5")
    assert fives.lead_choices(t("6-5")) == ("5",)


# ----- leading and following ----------------------------------------------------------------------------------------
def test_eu_2_leader_declares_either_number_of_a_plain_tile() -> None:
    game = four([DOUBLES, LOW, FOURS, STRONG])
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    leads = plays_of(game, 1)
    assert Play(t("3-1"), suit="3") in leads and Play(t("3-1"), suit="1") in leads
    play(game, 1, "3-1", "1")
    assert game.trick is not None and game.trick.led_suit == "1"
    assert plays_of(game, 2) == [Play(t("4-1"))]           # must follow ones with its only one


def test_eu_2_option_higher_end_leads() -> None:
    game = four([DOUBLES, LOW, FOURS, STRONG], euchre_higher_end_leads=True)
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    assert Play(t("3-1")) in plays_of(game, 1) and all(not p.suit for p in plays_of(game, 1))
    play(game, 1, "3-1")
    assert game.trick is not None and game.trick.led_suit == "3"


def test_4_6_left_bower_leads_trumps_and_plain_double_its_number() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    assert Play(t("5-5")) in plays_of(game, 1)        # no declaration: a trump leads trumps
    assert game.describe(Play(t("5-5"))) == "5-5 (lead trumps)"
    play(game, 1, "5-5")
    assert game.trick is not None and game.trick.led_suit == "6"


def test_4_6_plain_double_leads_its_own_number_and_must_follow_its_number() -> None:
    hands = [["6-6", "5-5", "2-2", "1-1", "1-0"], ["3-3", "3-1", "2-1", "2-0", "0-0"], FOURS,
             ["6-5", "6-4", "6-3", "4-4", "3-0"]]
    game = four(hands)
    accept_by(game, 1)
    game.apply(0, Choose((t("1-0"),)))
    assert Play(t("3-3")) in plays_of(game, 1) and Play(t("3-3"), suit="3") not in plays_of(game, 1)
    assert game.describe(Play(t("3-3"))) == "3-3 (lead threes)"
    play(game, 1, "2-1", "2")
    assert {p.tile for p in plays_of(game, 2)} == {t("4-2"), t("3-2")}
    play(game, 2, "4-2")
    assert len(plays_of(game, 3)) == 5                  # void in twos: any tile, a trump included
    play(game, 3, "6-4")
    assert plays_of(game, 0) == [Play(t("2-2"))]        # 2-2 is a plain two; 6-2 is a trump and does not follow
    play(game, 0, "2-2")
    assert game.last_trick is not None and game.last_trick["winner"] == 3


def test_4_1_follow_trumps_with_the_left_bower() -> None:
    hands = [DOUBLES, ["6-6", "3-2", "6-5", "6-4", "6-3"], ["5-5", "4-3", "4-2", "4-1", "4-0"], LOW]
    game = four(hands)
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    play(game, 1, "6-6")
    assert plays_of(game, 2) == [Play(t("5-5"))]      # the left bower is a trump: it must follow trumps


def test_4_1_illegal_follow_is_refused_and_changes_nothing() -> None:
    game = four([DOUBLES, LOW, FOURS, STRONG])
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    play(game, 1, "3-1", "1")
    before = game.snapshot()
    with pytest.raises(IllegalAction):
        play(game, 2, "4-3")
    assert game.snapshot() == before


# ----- scoring and the match ---------------------------------------------------------------------------------------
def test_4_6_makers_taking_five_tricks_score_two() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    play_out(game, highest)
    assert game.score == (0, 2) and game.last_hand == {"round": 1, "makers": 1, "alone": False, "tricks": 5,
                                                       "result": "march"}


def test_4_6_alone_march_scores_four() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 1, alone=True)
    game.apply(0, Choose((t("0-0"),)))
    play_out(game, highest)
    assert game.score == (0, 4)


def test_4_6_euchred_makers_give_the_opponents_two() -> None:
    game = four([DOUBLES, LOW, STRONG, FOURS])
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    play_out(game, highest)
    assert game.last_hand is not None and game.last_hand["result"] == "euchred"
    assert game.score == (2, 0)


def settle(game: EuchreGame, maker: int, tricks: dict[int, int], alone: bool = False) -> None:
    """End a hand in play with ``maker`` having accepted and each side having taken ``tricks``."""
    game.maker, game.alone = maker, alone
    game.hands = [[] for _ in range(game.seats)]
    game.tricks_won = [tricks.get(side, 0) for side in range(len(game.sides))]
    game.end_hand()


@pytest.mark.parametrize(("taken", "alone", "expected"), [(3, False, 1), (4, False, 1), (4, True, 1), (5, True, 4)])
def test_4_6_makers_point_for_three_or_four_tricks_alone_or_not(taken: int, alone: bool, expected: int) -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    settle(game, 1, {1: taken, 0: 5 - taken}, alone)
    assert game.score == (0, expected)


def test_4_6_two_or_three_players_each_opponent_scores_two_on_a_euchre() -> None:
    game: EuchreGame = new_game("euchre", 3, 5)  # type: ignore[assignment]
    assert game.sides == ((0,), (1,), (2,))
    settle(game, 2, {2: 2, 0: 2, 1: 1})
    assert game.score == (2, 2, 0)


def test_4_6_three_players_fifteen_tiles_dealt_and_makers_need_three() -> None:
    game: EuchreGame = new_game("euchre", 3, 8)  # type: ignore[assignment]
    assert [len(h) for h in game.hands] == [5, 5, 5] and len(game.dead) == 12
    settle(game, 0, {0: 3, 1: 1, 2: 1})
    assert game.score == (1, 0, 0)


def test_4_6_first_side_to_five_wins_the_match() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    game.award(1, 3, "earlier hands")
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    play_out(game, highest)
    assert game.is_over and game.winner == (1, 3) and game.score == (0, 5)


def test_1_5_tied_at_target_with_three_players_plays_on() -> None:
    game: EuchreGame = new_game("euchre", 3, 5)  # type: ignore[assignment]
    game.award(0, 3, "earlier")
    game.award(1, 3, "earlier")
    settle(game, 2, {2: 1, 0: 2, 1: 2})
    assert game.score == (5, 5, 0) and not game.is_over


def test_1_5_two_players_reach_five_at_once_the_highest_total_wins() -> None:
    """Three players: seat 3 is euchred, seats 1 and 2 (at 4 and 3) each score 2: both reach 5 at one check, and
    the highest total (6) wins outright."""
    game: EuchreGame = new_game("euchre", 3, 5)  # type: ignore[assignment]
    game.award(0, 4, "earlier")
    game.award(1, 3, "earlier")
    settle(game, 2, {2: 2, 0: 2, 1: 1})
    assert game.score == (6, 5, 0) and game.is_over and game.winner == (0,)
    assert text(game, game.log[-1]) == "Seat 1 won the match with 6 points."


def test_1_4_dealer_drawn_by_lots_and_the_deal_rotates_left() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    assert "drew the highest tile and deals first" in text(game, game.log[0])
    settle(game, 1, {1: 3, 0: 2})
    assert game.dealer == 1 and game.to_act == (2,)


# ----- properties ----------------------------------------------------------------------------------------------------
@given(seed=st.integers(0, 2**31), seats=st.sampled_from([2, 3, 4]), stays=st.booleans(), higher=st.booleans())
def test_property_tricks_add_up_to_five_per_hand_and_tiles_are_conserved(seed: int, seats: int, stays: bool,
                                                                            higher: bool) -> None:
    game = new_game("euchre", seats, seed, {"euchre_turnup_stays": stays, "euchre_higher_end_leads": higher})
    rng = random.Random(seed)
    tricks: Counter[int] = Counter()
    hands = 0
    while not game.is_over and hands < 6:
        seat = game.to_act[0]
        for event in game.apply(seat, rng.choice(game.legal_actions(seat))):
            if event.kind == "trick":
                tricks[event.side] += 1
            elif event.kind == "hand_over":
                assert sum(tricks.values()) == 5
                hands += 1
            elif event.kind in ("deal",):
                tricks.clear()
            elif event.kind == "score" and event.side is not None:
                assert event.points in (1, 2, 4)
        assert conserved(game)
        assert all(len(h) <= 6 for h in game.hands)


# ----- the computer player ------------------------------------------------------------------------------------------
def seen_at(seat: int, hand: list[str], plays: list[tuple[int, str]], led: str, maker: int = 1) -> Seen:
    """A four-player seat's knowledge in the middle of a trick with sixes trump."""
    return Seen(seat=seat, seats=4, hand=tiles(*hand), sides=[[0, 2], [1, 3]], dealer=0, trump=6, turnup=t("6-2"),
                turnup_taken=True, turnup_stays=False, maker=maker, led=led,
                plays=[(s, t(x)) for s, x in plays])


def test_ai_accepts_alone_with_the_top_trumps_and_passes_a_hand_without_trumps() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    ai = computer_player("euchre", 1)
    assert isinstance(ai, EuchrePlayer)
    assert ai.choose(game, 1) == Call("alone")
    game.apply(1, Pass())
    assert ai.choose(game, 2) == Pass()


def test_ai_dealer_keeps_trumps_and_discards_a_low_plain_tile() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 1)
    choice = computer_player("euchre", 0).choose(game, 0)
    assert choice == Choose((t("0-0"),))
    assert discard_choice(tiles("5-5", "6-1", "4-4", "2-1", "3-0", "6-0"), 6, 4) in tiles("2-1", "3-0")


def test_ai_leaves_a_partner_winning_safely_and_keeps_the_bowers() -> None:
    seen = seen_at(3, ["5-5", "2-1", "1-0"], [(0, "4-1"), (1, "4-4"), (2, "4-2")], "4")
    assert follow(seen, seen.hand) == t("1-0")


def test_ai_trumps_an_opponents_winner_when_last_to_play() -> None:
    seen = seen_at(3, ["5-5", "2-1", "1-0"], [(0, "4-4"), (1, "4-0"), (2, "4-2")], "4")
    assert follow(seen, seen.hand) == t("5-5")


def test_ai_maker_leads_its_top_trump_to_draw_trumps() -> None:
    game = four([DOUBLES, STRONG, FOURS, LOW])
    accept_by(game, 1)
    game.apply(0, Choose((t("0-0"),)))
    assert computer_player("euchre", 1).choose(game, 1) == Play(t("6-6"))
