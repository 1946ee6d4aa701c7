"""The shared trick core (RULES 4.1-4.3) and the TrickGame flow, on a plain no-bidding test game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.actions import Pass, Play
from engine.errors import IllegalAction
from engine.game import GameSpec, OptionSpec
from engine.tiles import Tile, double_set
from engine.trickgame import TrickGame
from engine.tricks import (
    BOTH,
    DOUBLES,
    OWN_SUIT,
    NumberSuits,
    Trick,
    count_value,
    legal_follows,
    trick_winner,
)

t = Tile.of
D6 = list(double_set(6))


# ----- 4.2 trump membership ---------------------------------------------------------------------------------------
def test_4_2_a_trump_belongs_only_to_the_trump_suit() -> None:
    rule = NumberSuits(trump="5")
    assert rule.is_trump(t(6, 5)) and rule.is_trump(t(5, 5)) and rule.is_trump(t(5, 0))
    assert not rule.follows(t(6, 5), "6")
    assert rule.follows(t(6, 5), "5")
    assert rule.suit_of_lead(t(5, 6)) == "5"


def test_4_2_every_tile_with_the_trump_number_is_a_trump() -> None:
    rule = NumberSuits(trump="3")
    assert {tile for tile in D6 if rule.is_trump(tile)} == {tile for tile in D6 if tile.has(3)}


def test_4_4_doubles_trump_makes_the_seven_doubles_the_trump_suit() -> None:
    rule = NumberSuits(trump=DOUBLES)
    assert [tile for tile in D6 if rule.is_trump(tile)] == [tile for tile in D6 if tile.is_double]
    assert rule.suit_of_lead(t(2, 2)) == DOUBLES
    assert not rule.follows(t(6, 6), "6")
    assert rule.rank(t(6, 6), DOUBLES) > rule.rank(t(1, 1), DOUBLES) > rule.rank(t(0, 0), DOUBLES)


# ----- 4.3 rank within a number suit ------------------------------------------------------------------------------
def test_4_3_double_first_then_other_end_six_down_to_blank() -> None:
    rule = NumberSuits(trump=None)
    fives = sorted((tile for tile in D6 if tile.has(5)), key=lambda tile: rule.rank(tile, "5"), reverse=True)
    assert [str(x) for x in fives] == ["5-5", "6-5", "5-4", "5-3", "5-2", "5-1", "5-0"]


def test_4_4_non_trump_tile_leads_its_higher_end_and_a_double_its_number() -> None:
    rule = NumberSuits(trump="2")
    assert rule.suit_of_lead(t(6, 3)) == "6"
    assert rule.suit_of_lead(t(4, 4)) == "4"
    assert rule.lead_choices(t(6, 3)) == ("6",)


# ----- 4.1 following and winning ----------------------------------------------------------------------------------
def test_4_1_must_follow_when_able() -> None:
    rule = NumberSuits(trump="0")
    hand = [t(6, 4), t(4, 2), t(3, 1), t(4, 0)]
    assert legal_follows(hand, "4", rule) == [t(6, 4), t(4, 2)]  # 4-0 is a trump, not a four


def test_4_1_may_play_anything_when_unable_to_follow() -> None:
    rule = NumberSuits(trump="0")
    hand = [t(6, 6), t(3, 1), t(2, 0)]
    assert legal_follows(hand, "5", rule) == hand


def test_4_1_highest_of_the_led_suit_wins_without_trumps() -> None:
    rule = NumberSuits(trump="1")
    assert trick_winner([t(6, 3), t(6, 6), t(5, 4), t(6, 5)], "6", rule) == 1


def test_4_1_any_trump_beats_the_led_suit_and_highest_trump_wins() -> None:
    rule = NumberSuits(trump="1")
    assert trick_winner([t(6, 6), t(1, 0), t(6, 5), t(3, 1)], "6", rule) == 3


def test_4_1_off_suit_tiles_never_win() -> None:
    rule = NumberSuits(trump=None)
    assert trick_winner([t(2, 0), t(6, 6), t(5, 5), t(2, 1)], "2", rule) == 3


def test_4_1_identical_duplicates_the_earlier_one_wins() -> None:
    """Seventy-Nine's two sets: two 6-5s tie, so the first played takes the trick."""
    rule = NumberSuits(trump="3")
    assert trick_winner([t(6, 2), t(6, 5), t(6, 1), t(6, 5)], "6", rule) == 1
    assert trick_winner([t(6, 2), t(3, 0), t(3, 0)], "6", rule) == 1


def test_4_4_no_trump_double_is_highest_in_its_suit() -> None:
    rule = NumberSuits(trump=None)
    assert rule.trump is None and not any(rule.is_trump(x) for x in D6)
    assert trick_winner([t(6, 4), t(6, 5), t(6, 6)], "6", rule) == 2


def test_no_trump_doubles_suit_separates_doubles() -> None:
    rule = NumberSuits(trump=None, doubles=OWN_SUIT)
    assert rule.suit_of_lead(t(3, 3)) == DOUBLES
    assert not rule.follows(t(3, 3), "3") and rule.follows(t(0, 0), DOUBLES)
    assert trick_winner([t(3, 3), t(6, 3), t(6, 6)], DOUBLES, rule) == 2
    assert trick_winner([t(5, 3), t(3, 3), t(6, 3)], "3", rule) == 2


def test_declared_lead_offers_both_numbers_and_doubles_both_suits() -> None:
    rule = NumberSuits(trump=None, doubles=BOTH, declare=True)
    assert rule.lead_choices(t(6, 3)) == ("6", "3")
    assert rule.lead_choices(t(4, 4)) == (DOUBLES, "4")
    assert rule.suit_of_lead(t(6, 3), "3") == "3"
    with pytest.raises(ValueError):
        rule.suit_of_lead(t(6, 3), "5")


def test_declared_lead_of_a_trump_leads_trumps() -> None:
    rule = NumberSuits(trump="6", declare=True)
    assert rule.lead_choices(t(6, 3)) == ("6",)


def test_unknown_trump_is_refused() -> None:
    with pytest.raises(ValueError):
        NumberSuits(trump="9")


def test_count_tiles_add_to_35() -> None:
    assert sum(count_value(x) for x in D6) == 35


@given(st.sampled_from([None, "0", "3", "6", DOUBLES]), st.permutations(D6))
def test_4_1_winner_is_a_trump_or_follows_the_led_suit(trump: str | None, tiles: list[Tile]) -> None:
    rule = NumberSuits(trump=trump)
    plays = tiles[:4]
    led = rule.suit_of_lead(plays[0])
    win = trick_winner(plays, led, rule)
    winning = plays[win]
    assert rule.is_trump(winning) or rule.follows(winning, led)
    for other in plays:
        if rule.is_trump(winning) and rule.is_trump(other) and trump is not None:
            assert rule.rank(other, trump) <= rule.rank(winning, trump)


def test_trick_records_plays_and_winner() -> None:
    trick = Trick(leader=2, led_suit="6", plays=[(2, t(6, 1)), (3, t(6, 4)), (0, t(2, 2))])
    assert trick.winner(NumberSuits(trump=None)) == 3
    assert trick.to_view() == {"leader": 2, "led_suit": "6", "plays": [[2, "6-1"], [3, "6-4"], [0, "2-2"]]}


# ----- the TrickGame flow on a plain game ---------------------------------------------------------------------------
class PlainTricks(TrickGame):
    """No bidding, no trumps, one point a trick, to a target: enough to drive the shared flow."""

    def target(self) -> int:
        return int(self.options["target"])


PLAIN = GameSpec(
    key="plain_tricks", title="Plain tricks", seats=(4,), tile_set="double-six", summary="test game",
    options=(OptionSpec("target", 7, (7, 14), "points to win"),), factory=PlainTricks, family="trick",
)


def plain(seed: int = 0, deal: list[list[str]] | None = None, target: int = 7) -> PlainTricks:
    options: dict[str, object] = {"target": target}
    if deal is not None:
        options["deal"] = deal
    return PlainTricks(4, seed, PLAIN.validate(4, options))


DEAL = [
    ["6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"],
    ["5-5", "5-4", "5-3", "5-2", "5-1", "5-0", "4-4"],
    ["4-3", "4-2", "4-1", "4-0", "3-3", "3-2", "3-1"],
    ["3-0", "2-2", "2-1", "2-0", "1-1", "1-0", "0-0"],
]


def test_trickgame_dealer_by_lots_and_left_of_dealer_leads() -> None:
    game = plain(seed=3, deal=DEAL)
    assert game.phase == "play"
    assert game.to_act == ((game.dealer + 1) % 4,)
    assert game.view(None)["trick"]["led_suit"] is None


def test_trickgame_follow_suit_is_enforced_and_illegal_changes_nothing() -> None:
    game = plain(seed=0, deal=DEAL)
    leader = game.turn
    first = game.hands[leader][0]
    game.apply(leader, Play(first))
    follower = game.turn
    legal = game.legal_actions(follower)
    led = game.trick.led_suit if game.trick else None
    assert led is not None
    hand = game.hands[follower]
    if any(game.rule.follows(x, led) for x in hand):
        bad = next((x for x in hand if not game.rule.follows(x, led)), None)
        if bad is not None:
            before = game.snapshot()
            with pytest.raises(IllegalAction):
                game.apply(follower, Play(bad))
            assert game.snapshot() == before
    assert all(isinstance(a, Play) for a in legal)
    assert game.legal_actions(follower)
    with pytest.raises(IllegalAction):
        game.apply(follower, Pass())


def test_trickgame_winner_takes_the_trick_and_leads_next() -> None:
    game = plain(seed=0, deal=DEAL)
    plays = []
    for _ in range(4):
        seat = game.turn
        action = game.legal_actions(seat)[0]
        assert isinstance(action, Play)
        plays.append((seat, action.tile))
        game.apply(seat, action)
    expected = Trick(plays[0][0], game.rule.suit_of_lead(plays[0][1]), plays).winner(game.rule)
    assert game.last_trick is not None and game.last_trick["winner"] == expected
    assert game.turn == expected
    assert sum(game.tricks_won) == 1
    assert game.view(1)["tricks_won"] == game.tricks_won


def test_trickgame_hands_score_and_the_match_ends_at_the_target() -> None:
    game = plain(seed=5, target=14)
    steps = 0
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, game.legal_actions(seat)[0])
        steps += 1
        assert steps < 2000
    assert max(game.score) >= 14
    assert game.winner == (game.score.index(max(game.score)),)
    assert game.round_no >= 2  # at most 7 tricks a hand: 14 needs two hands or more


def test_trickgame_view_follows_the_trick_conventions() -> None:
    game = plain(seed=2)
    view = game.view(0)
    for key in ("family", "target", "phase", "dealer", "bids", "contract", "trick", "last_trick", "tricks_won",
                "points_taken", "sitting_out", "turnup"):
        assert key in view
    assert view["family"] == "trick"
    assert len(view["hand"]) == 7


# ----- 1.3 and 1.4 on the shared flow -------------------------------------------------------------------------------
class ScriptedShuffles:
    """A stand-in generator whose successive shuffles put the given tiles first (the lots test)."""

    def __init__(self, *fronts: list[Tile]) -> None:
        self.fronts = list(fronts)

    def shuffle(self, pool: list[Tile]) -> None:
        front = self.fronts.pop(0)
        rest = [tile for tile in pool if tile not in front]
        pool[:] = [*front, *rest]


def test_1_4_lots_highest_pip_value_wins_and_only_tied_seats_draw_again() -> None:
    """Seats draw 3-1 (4), 5-5 (10), 2-0 (2), 6-4 (10): seats 2 and 4 tie at 10 and draw again, alone: 2-1 (3)
    and 6-6 (12) give the deal to seat 4 (index 3). Had everyone drawn again, index 1 would have won with 6-6."""
    game = plain(seed=0, deal=DEAL)
    game.rng = ScriptedShuffles([t(3, 1), t(5, 5), t(2, 0), t(6, 4)], [t(2, 1), t(6, 6)])  # type: ignore[assignment]
    assert game.draw_lots() == 3
    game.rng = ScriptedShuffles([t(6, 5), t(5, 5), t(2, 0), t(6, 4)])  # type: ignore[assignment]
    assert game.draw_lots() == 0  # 6-5 (11) is the unique highest: no second draw is needed


def seed_for_plain_dealer(dealer: int) -> int:
    return next(seed for seed in range(200) if plain(seed=seed, deal=DEAL).dealer == dealer)


def test_1_3_4_1_play_goes_left_followers_must_follow_and_the_winner_leads() -> None:
    """Dealer seat 1 (index 0): index 1 leads 5-4 (fives, its higher end). Index 2 and 3 hold no five and may play
    anything; index 0's only five is 6-5, which it must play, and 6-5 (other end 6) beats 5-4 (other end 4)."""
    game = plain(seed=seed_for_plain_dealer(0), deal=DEAL)
    assert game.to_act == (1,)
    game.apply(1, Play(t(5, 4)))
    assert game.trick is not None and game.trick.led_suit == "5"
    assert game.to_act == (2,) and len(game.legal_actions(2)) == 7
    game.apply(2, Play(t(3, 3)))
    assert game.to_act == (3,) and len(game.legal_actions(3)) == 7
    game.apply(3, Play(t(0, 0)))
    assert game.to_act == (0,) and game.legal_actions(0) == [Play(t(6, 5))]
    with pytest.raises(IllegalAction):
        game.apply(0, Play(t(6, 6)))
    game.apply(0, Play(t(6, 5)))
    assert game.last_trick == {"winner": 0, "plays": [[1, "5-4"], [2, "3-3"], [3, "0-0"], [0, "6-5"]]}
    assert game.to_act == (0,) and game.tricks_won == [1, 0, 0, 0]
