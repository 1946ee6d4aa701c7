"""Eleven Point Black Tile (RULES 4.7, EPB-1 to EPB-5, with 4.1 and 4.3): the deal, the simultaneous pass, the
opening lead option, declared suits and the doubles suit, counters, shooting the moon and the match."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Choose, Pass, Play
from engine.ai import computer_player
from engine.ai.black_tile import BlackTilePlayer, Seen, follow, pass_choice
from engine.errors import IllegalAction
from engine.game import Game
from engine.games.black_tile import BlackTileGame, black_tile_suits, counter_points, counters, hand_penalties
from engine.registry import new_game
from engine.tiles import Tile, double_set
from engine.tricks import DOUBLES, trick_winner
from tests.engine.trick_support import conserved, play, plays_of, rigged, tiles
from tests.engine.words_support import text as say

t = Tile.parse

# Three players, no pass, seat 0 leads first. Seat 0 holds every counter and 6-6; 1-0 is the dead tile.
MOON = [["0-0", "3-0", "3-1", "3-2", "3-3", "4-3", "5-3", "6-3", "6-6"],
        ["6-5", "6-4", "6-2", "6-1", "6-0", "5-5", "5-4", "5-2", "5-1"],
        ["5-0", "4-4", "4-2", "4-1", "4-0", "2-2", "2-1", "2-0", "1-1"]]
MOON_LEADS = [("6-6", "6"), ("3-3", "3"), ("6-3", "3"), ("5-3", "3"), ("4-3", "3"), ("3-2", "3"), ("3-1", "3"),
              ("3-0", "3"), ("0-0", "0")]
# The same, but the dead tile is 3-0 (a counter) and seat 0 holds 1-0 instead.
DEAD_COUNTER = [[("1-0" if x == "3-0" else x) for x in MOON[0]], MOON[1], MOON[2]]
DEAD_COUNTER_LEADS = [lead for lead in MOON_LEADS if lead[0] != "3-0"] + [("1-0", "1")]


def black_tile(seats: int = 4, seed: int = 0, **options: Any) -> BlackTileGame:
    game: BlackTileGame = new_game("black_tile", seats, seed, options)  # type: ignore[assignment]
    return game


def first_legal(game: Game, seat: int, plays: list[Play]) -> Play:
    return plays[0]


def lead_and_follow(game: BlackTileGame, leads: list[tuple[str, str]]) -> None:
    """Seat 0 leads each of ``leads`` in turn (it must win them); the others play their first legal tile."""
    for tile, suit in leads:
        assert game.to_act == (0,)
        play(game, 0, tile, suit)
        while game.trick is not None and game.trick.plays:
            seat = game.to_act[0]
            game.apply(seat, plays_of(game, seat)[0])


def moon_game(hands: list[list[str]] = MOON, dead: str = "1-0", **options: Any) -> BlackTileGame:
    game: BlackTileGame = rigged("black_tile", 3, 0, hands, [dead], pass_direction="none", **options)
    return game


# ----- tiles, deal, counters -------------------------------------------------------------------------------------
def test_4_7_counters_double_blank_four_each_three_one_eleven_in_all() -> None:
    assert counter_points(t("0-0")) == 4
    assert [counter_points(x) for x in tiles("3-0", "3-1", "3-2", "3-3", "4-3", "5-3", "6-3")] == [1] * 7
    assert counter_points(t("6-6")) == 0 and counter_points(t("4-0")) == 0
    assert counters(double_set(6)) == 11


def test_4_7_three_players_nine_tiles_one_dead_four_players_seven() -> None:
    three, four = black_tile(3, 1), black_tile(4, 1)
    assert [len(h) for h in three.hands] == [9, 9, 9] and len(three.dead) == 1
    assert [len(h) for h in four.hands] == [7, 7, 7, 7] and four.dead == []
    assert three.sides == ((0,), (1,), (2,))
    for seat in range(3):
        assert three.dead[0] not in three.hands[seat] and three.dead[0] not in three.visible_tiles(seat)


# ----- the pass ---------------------------------------------------------------------------------------------------
def test_4_7_pass_every_seat_chooses_at_once_from_every_choice_of_three() -> None:
    game = black_tile(4, 2)
    assert game.phase == "pass" and game.to_act == (0, 1, 2, 3)
    assert len(game.legal_actions(2)) == 35 and all(isinstance(a, Choose) for a in game.legal_actions(2))
    assert len(black_tile(3, 2).legal_actions(1)) == 84


def test_4_7_pass_selections_are_locked_before_anyone_receives_theirs() -> None:
    game = black_tile(4, 3)
    before = [list(h) for h in game.hands]
    chosen = {seat: Choose(tuple(game.hands[seat][:3])) for seat in range(4)}
    game.apply(2, chosen[2])
    assert game.hands == before and game.to_act == (0, 1, 3)
    assert game.legal_actions(2) == []
    assert game.view(2)["my_pass"] == [str(x) for x in chosen[2].tiles] and game.view(1)["my_pass"] == []
    assert game.view(0)["passes_locked"] == [2]
    for seat in (0, 3, 1):
        game.apply(seat, chosen[seat])
    for seat in range(4):
        giver = (seat - 1) % 4
        assert set(chosen[giver].tiles) <= set(game.hands[seat]) and len(game.hands[seat]) == 7
        assert not set(chosen[seat].tiles) & set(game.hands[seat])
        assert game.view(seat)["received"] == [str(x) for x in chosen[giver].tiles]
    assert game.phase == "play" and conserved(game)


def test_4_7_passed_tiles_are_seen_only_by_their_giver_and_receiver() -> None:
    """Event texts and views never show the three tiles a seat passed to anyone but the two seats concerned."""
    game = black_tile(4, 3)
    chosen = {seat: tuple(game.hands[seat][:3]) for seat in range(4)}
    for seat in range(4):
        game.apply(seat, Choose(chosen[seat]))
    assert all(not any(str(x) in say(game, e) for tiles in chosen.values() for x in tiles) for e in game.log)
    for seat in range(4):
        text = str(game.view(seat))
        for giver, passed in chosen.items():
            receiver = (giver + 1) % 4
            for tile in passed:
                if f"'{tile}'" in text:
                    assert seat in (giver, receiver), f"seat {seat} sees {tile} passed by {giver}"
            if seat == receiver:
                assert game.view(seat)["received"] == [str(x) for x in passed]


def test_4_7_pass_direction_right_option() -> None:
    game = black_tile(3, 4, pass_direction="right")
    chosen = {seat: Choose(tuple(game.hands[seat][-3:])) for seat in range(3)}
    for seat in range(3):
        game.apply(seat, chosen[seat])
    assert set(chosen[1].tiles) <= set(game.hands[0]) and set(chosen[0].tiles) <= set(game.hands[2])


def test_4_7_pass_direction_none_goes_straight_to_the_lead() -> None:
    game = black_tile(4, 4, pass_direction="none")
    assert game.phase == "play" and game.to_act == (game.first_leader,)


# ----- the opening lead (EPB-2, EPB-3) -------------------------------------------------------------------------------
def test_epb_2_first_leader_may_pass_the_lead_once_and_the_neighbour_must_lead() -> None:
    game = moon_game()
    assert Pass() in game.legal_actions(0)
    game.apply(0, Pass())
    assert game.to_act == (1,) and Pass() not in game.legal_actions(1)
    with pytest.raises(IllegalAction):
        game.apply(1, Pass())


def test_epb_2_lead_can_be_passed_only_before_the_first_trick() -> None:
    game = moon_game()
    lead_and_follow(game, MOON_LEADS[:1])
    assert game.to_act == (0,) and Pass() not in game.legal_actions(0)


def test_epb_3_first_leader_by_lots_then_rotates_left() -> None:
    game = moon_game()
    assert "drew the highest tile and leads first" in say(game, game.log[0])
    lead_and_follow(game, MOON_LEADS)
    assert game.round_no == 2 and game.first_leader == 1
    assert game.to_act == (1,) and Pass() in game.legal_actions(1)


# ----- leading, suits and following ----------------------------------------------------------------------------------
def test_4_7_leader_names_either_number_or_for_a_double_its_number_or_doubles() -> None:
    game = moon_game()
    leads = game.legal_actions(0)
    assert Play(t("6-3"), suit="6") in leads and Play(t("6-3"), suit="3") in leads
    assert Play(t("3-3"), suit="3") in leads and Play(t("3-3"), suit=DOUBLES) in leads
    assert Play(t("3-3")) not in leads and len(leads) == 1 + 2 * 9
    assert game.describe(Play(t("3-3"), suit=DOUBLES)) == "3-3 (lead doubles)"


def test_4_7_doubles_led_must_be_followed_by_any_double() -> None:
    game = moon_game()
    play(game, 0, "6-6", DOUBLES)
    assert plays_of(game, 1) == [Play(t("5-5"))]
    play(game, 1, "5-5")
    assert {p.tile for p in plays_of(game, 2)} == set(tiles("4-4", "2-2", "1-1"))
    play(game, 2, "1-1")
    assert game.last_trick is not None and game.last_trick["winner"] == 0


def test_4_7_number_led_followed_by_any_tile_bearing_it_double_included() -> None:
    game = moon_game()
    play(game, 0, "5-3", "5")
    assert {p.tile for p in plays_of(game, 1)} == set(tiles("6-5", "5-5", "5-4", "5-2", "5-1"))
    play(game, 1, "5-5")
    assert plays_of(game, 2) == [Play(t("5-0"))]
    play(game, 2, "5-0")
    assert game.last_trick is not None and game.last_trick["winner"] == 1


def test_4_3_seed_ranking_double_of_the_led_suit_high_then_other_end_blank_low() -> None:
    rule = black_tile_suits()
    fours = sorted((x for x in double_set(6) if rule.follows(x, "4")), key=lambda x: rule.rank(x, "4"), reverse=True)
    assert fours == tiles("4-4", "6-4", "5-4", "4-3", "4-2", "4-1", "4-0")
    doubles = sorted((x for x in double_set(6) if rule.follows(x, DOUBLES)), key=lambda x: rule.rank(x, DOUBLES),
                     reverse=True)
    assert doubles == tiles("6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0")
    assert rule.trump is None


def test_4_1_no_trumps_highest_of_the_led_suit_wins() -> None:
    rule = black_tile_suits()
    assert trick_winner(tiles("4-2", "6-6", "4-1", "6-4"), "4", rule) == 3
    assert trick_winner(tiles("2-2", "6-4", "0-0"), DOUBLES, rule) == 0


def test_epb_5_a_double_led_as_its_number_cannot_be_beaten() -> None:
    rule = black_tile_suits()
    for others in (tiles("6-4", "5-4"), tiles("6-6", "5-5"), tiles("4-0", "4-3")):
        assert trick_winner([t("4-4"), *others], "4", rule) == 0


# ----- scoring and the match ----------------------------------------------------------------------------------------
def test_epb_1_counters_taken_are_penalty_points() -> None:
    game = moon_game()
    lead_and_follow(game, MOON_LEADS[:3])                        # 6-6, 3-3, 6-3: seat 0 takes two counters
    assert game.view(None)["points_taken"] == [2, 0, 0]
    assert hand_penalties([7, 4, 0], 11) == ([7, 4, 0], None)


def test_4_7_shooting_the_moon_shooter_adds_nothing_the_others_22() -> None:
    game = moon_game()
    lead_and_follow(game, MOON_LEADS)
    assert game.score == (0, 22, 22)
    assert game.last_hand is not None and game.last_hand["moon"] == 0 and game.last_hand["taken"] == [11, 0, 0]
    assert any(e.kind == "moon" for e in game.log)


def test_epb_4_dead_counter_makes_the_moon_impossible_by_default() -> None:
    game = moon_game(DEAD_COUNTER, dead="3-0")
    lead_and_follow(game, DEAD_COUNTER_LEADS)
    assert game.last_hand is not None and game.last_hand["taken"][0] == 10
    assert game.score == (10, 0, 0)


def test_epb_4_option_moon_with_all_dealt_counters() -> None:
    game = moon_game(DEAD_COUNTER, dead="3-0", moon_all_dealt_counters=True)
    lead_and_follow(game, DEAD_COUNTER_LEADS)
    assert game.score == (0, 22, 22)


def test_4_7_game_ends_after_a_hand_reaching_61_lowest_total_wins() -> None:
    game = moon_game()
    game.award(0, 30, "earlier hands")
    game.award(1, 40, "earlier hands")
    game.award(2, 35, "earlier hands")
    lead_and_follow(game, MOON_LEADS)
    assert game.score == (30, 62, 57) and game.is_over and game.winner == (0,)
    assert say(game, game.log[-1]) == "Seat 1 won the match with the lowest total, 30 penalty points."


def test_4_7_no_end_below_61() -> None:
    game = moon_game()
    game.award(1, 38, "earlier hands")
    lead_and_follow(game, MOON_LEADS)
    assert game.score == (0, 60, 22) and not game.is_over


def test_4_7_tied_lowest_totals_share_the_win() -> None:
    game = black_tile(3, 6)
    for seat, total in enumerate((61, 20, 20)):
        game.award(seat, total, "earlier hands")
    assert game.match_result() == [1, 2]


def test_4_7_option_tie_break_round_plays_on_until_the_lowest_is_unique() -> None:
    game = black_tile(3, 6, epbt_tie_break_round=True)
    for seat, total in enumerate((61, 20, 20)):
        game.award(seat, total, "earlier hands")
    assert game.match_result() is None
    game.award(2, 1, "another hand")
    assert game.match_result() == [1]


def test_1_3_hands_are_dealt_afresh_each_round_and_tiles_conserved() -> None:
    game = moon_game()
    lead_and_follow(game, MOON_LEADS)
    assert conserved(game) and [len(h) for h in game.hands] == [9, 9, 9] and game.phase == "play"


# ----- properties ----------------------------------------------------------------------------------------------------
@given(seed=st.integers(0, 2**31), seats=st.sampled_from([3, 4]),
       direction=st.sampled_from(["left", "right", "none"]), all_dealt=st.booleans())
def test_property_counters_add_up_to_eleven_less_the_dead_tile_and_tiles_are_conserved(
        seed: int, seats: int, direction: str, all_dealt: bool) -> None:
    game = black_tile(seats, seed, pass_direction=direction, moon_all_dealt_counters=all_dealt)
    rng = random.Random(seed)
    hands = 0
    while not game.is_over and hands < 3:
        dead = counters(game.dead)
        before = game.score
        seat = rng.choice(game.to_act)
        events = game.apply(seat, rng.choice(game.legal_actions(seat)))
        assert conserved(game)
        if any(e.kind == "hand_over" for e in events):
            hands += 1
            assert game.last_hand is not None
            taken = game.last_hand["taken"]
            assert sum(taken) == 11 - dead and (seats == 3 or dead == 0)
            added = [after - was for after, was in zip(game.score, before, strict=True)]
            if game.last_hand["moon"] is None:
                assert added == taken
            else:
                assert sorted(added) == [0] + [22] * (seats - 1)


def test_4_1_every_active_player_plays_once_per_trick() -> None:
    game = black_tile(4, 11)
    rng = random.Random(11)
    starts = 0
    for _ in range(120):
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
        if game.phase == "play" and game.trick is not None and not game.trick.plays:
            starts += 1
            assert len({len(h) for h in game.hands}) == 1
    assert starts > 10


# ----- the computer player ------------------------------------------------------------------------------------------
def seen_at(hand: list[str], plays: list[tuple[int, str]], led: str, seats: int = 4) -> Seen:
    """A seat's knowledge in the middle of a trick, no counters taken yet."""
    return Seen(seat=len(plays), seats=seats, hand=tiles(*hand), taken=[0] * seats, led=led,
                plays=[(s, t(x)) for s, x in plays])


def test_ai_passes_the_double_blank_and_the_high_threes() -> None:
    hand = tiles("6-6", "6-3", "5-1", "3-3", "2-1", "1-0", "0-0")
    assert set(pass_choice(hand)) == set(tiles("0-0", "3-3", "6-3"))
    game = black_tile(4, 2)
    choice = computer_player("black_tile", 1).choose(game, 0)
    assert isinstance(choice, Choose) and choice == Choose(pass_choice(game.hands[0]))


def test_ai_ducks_under_the_winner_dumping_a_counter() -> None:
    seen = seen_at(["4-4", "4-3", "4-1", "6-6"], [(0, "6-4")], "4")
    assert follow(seen, tiles("4-4", "4-3", "4-1")) == t("4-3")


def test_ai_void_discards_the_double_blank_first() -> None:
    seen = seen_at(["0-0", "3-3", "2-1"], [(0, "6-4"), (1, "5-4")], "4")
    assert follow(seen, seen.hand) == t("0-0")


def test_ai_forced_to_win_last_sheds_its_highest_non_counter() -> None:
    seen = seen_at(["5-5", "6-5", "5-3"], [(0, "5-1"), (1, "5-0"), (2, "5-2")], "5")
    assert follow(seen, seen.hand) == t("5-5")


def test_ai_does_not_lead_a_sure_winner_when_a_low_lead_exists() -> None:
    game = moon_game()
    game.apply(0, Pass())
    ai = computer_player("black_tile", 0)
    assert isinstance(ai, BlackTilePlayer)
    choice = ai.choose(game, 1)                     # 5-5 and 6-5 would top the fives for certain
    assert isinstance(choice, Play) and choice not in (Play(t("5-5"), suit="5"), Play(t("6-5"), suit="5"))
