"""The Domino Poker hand evaluator (RULES 3.8, POK-1..POK-3): every category, every tie-break, the [HAS] examples
as RULES reads them, and an exhaustive check over all C(20,5) = 15504 hands."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, pairwise
from math import comb

import pytest

from engine.poker_hands import Category, HandRank, classify, evaluate, poker_set, tile_order
from engine.tiles import Tile, tiles_from

ORDER_BEST_FIRST = [
    Category.ROYAL, Category.SIX_STRAIGHT, Category.FOURS, Category.FIVE_STRAIGHT, Category.FULL_HAND,
    Category.FOUR_STRAIGHT, Category.THREES, Category.FLUSH, Category.PAIR, Category.HIGH,
]


def rank(*tiles: str) -> HandRank:
    return evaluate(tiles_from(tiles))


# ----- POK-1: the tiles ------------------------------------------------------------------------------------------
def test_pok_1_twenty_tiles_without_blanks_or_one_one() -> None:
    tiles = poker_set()
    assert len(tiles) == 20 == len(set(tiles))
    assert all(t.low >= 1 and t.high <= 6 for t in tiles)
    assert Tile.of(1, 1) not in tiles and Tile.of(6, 6) in tiles and Tile.of(2, 1) in tiles
    assert [t for t in tiles if t.is_double] == tiles_from(["2-2", "3-3", "4-4", "5-5", "6-6"])


# ----- every category, as the [HAS] examples read under RULES 3.8 -----------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "category"),
    [
        (("2-2", "3-3", "4-4", "5-5", "6-6"), Category.ROYAL),
        (("6-1", "6-2", "6-3", "6-4", "6-5"), Category.SIX_STRAIGHT),
        (("6-2", "6-3", "6-4", "6-5", "6-6"), Category.SIX_STRAIGHT),
        (("2-2", "3-3", "4-4", "5-5", "2-1"), Category.FOURS),
        (("5-1", "5-2", "5-3", "5-4", "5-5"), Category.FIVE_STRAIGHT),
        (("5-2", "5-3", "5-4", "5-5", "6-5"), Category.FIVE_STRAIGHT),
        (("6-6", "3-3", "2-2", "4-2", "2-1"), Category.FULL_HAND),  # [HAS] full hand example
        (("4-2", "4-3", "4-4", "5-4", "6-4"), Category.FOUR_STRAIGHT),
        (("4-1", "4-2", "4-3", "4-4", "5-4"), Category.FOUR_STRAIGHT),
        (("6-6", "3-3", "2-2", "4-1", "5-2"), Category.THREES),
        (("6-1", "6-2", "6-3", "6-5", "6-6"), Category.FLUSH),  # [HAS] flush example
        (("6-6", "4-4", "5-1", "3-2", "6-3"), Category.PAIR),
        (("6-5", "4-3", "2-1", "5-2", "3-3"), Category.HIGH),
    ],
)
def test_pok_categories_each_recognised(hand: tuple[str, ...], category: Category) -> None:
    assert rank(*hand).category == category


def test_pok_3a_four_straight_needs_five_tiles_in_the_four_suit() -> None:
    """[HAS] lists only 4-6, 4-5, 4-4, 4-3: a fifth tile completing the sequence makes the Four Straight."""
    example = ["6-4", "5-4", "4-4", "4-3"]
    assert rank(*example, "4-2").category == Category.FOUR_STRAIGHT
    assert rank(*example, "4-1").category == Category.FLUSH  # 1, 3, 4, 5, 6: not in sequence
    with pytest.raises(ValueError):
        evaluate(tiles_from(example))


def test_pok_3b_sequence_in_the_three_suit_is_a_flush() -> None:
    """[HAS]'s "five straight" example 3-1 ... 3-5 is in the 3 suit: a misprint, and so a Flush in threes."""
    hand = rank("3-1", "3-2", "3-3", "4-3", "5-3")
    assert hand.category == Category.FLUSH and hand.suit == 3
    assert rank("2-1", "2-2", "3-2", "4-2", "5-2").category == Category.FLUSH
    assert rank("2-1", "3-1", "4-1", "5-1", "6-1").category == Category.FLUSH  # the only hand in the 1 suit


def test_pok_3c_six_straight_is_a_five_tile_sequence_in_the_six_suit() -> None:
    assert rank("6-1", "6-2", "6-3", "6-4", "6-5").category == Category.SIX_STRAIGHT
    assert rank("6-1", "6-2", "6-3", "6-4", "6-6").category == Category.FLUSH  # 1, 2, 3, 4, 6 is no sequence


def test_pok_3d_flush_is_five_of_a_suit_not_in_sequence() -> None:
    assert rank("5-1", "5-2", "5-3", "6-5", "5-5").category == Category.FLUSH
    assert rank("5-1", "5-2", "5-3", "5-4", "5-5").category == Category.FIVE_STRAIGHT


def test_pok_full_hand_needs_the_two_singles_to_share_a_number() -> None:
    assert rank("6-6", "3-3", "2-2", "5-4", "4-1").category == Category.FULL_HAND  # 5-4 and 4-1 share a 4
    assert rank("6-6", "3-3", "2-2", "5-4", "3-1").category == Category.THREES


def test_pok_categories_ordered_royal_down_to_high() -> None:
    examples = {
        Category.ROYAL: rank("2-2", "3-3", "4-4", "5-5", "6-6"),
        Category.SIX_STRAIGHT: rank("6-1", "6-2", "6-3", "6-4", "6-5"),
        Category.FOURS: rank("2-2", "3-3", "4-4", "5-5", "2-1"),
        Category.FIVE_STRAIGHT: rank("5-1", "5-2", "5-3", "5-4", "5-5"),
        Category.FULL_HAND: rank("2-2", "3-3", "4-4", "2-1", "3-1"),
        Category.FOUR_STRAIGHT: rank("4-1", "4-2", "4-3", "4-4", "5-4"),
        Category.THREES: rank("2-2", "3-3", "4-4", "6-5", "2-1"),
        Category.FLUSH: rank("6-6", "6-5", "6-4", "6-2", "6-1"),
        Category.PAIR: rank("2-2", "3-3", "2-1", "4-1", "5-1"),
        Category.HIGH: rank("6-6", "5-4", "3-2", "6-1", "4-2"),
    }
    ranks = [examples[c] for c in ORDER_BEST_FIRST]
    assert all(better > worse for better, worse in pairwise(ranks))
    assert [c.key for c in ORDER_BEST_FIRST] == [
        "royal", "six_straight", "fours", "five_straight", "full_hand", "four_straight", "threes", "flush",
        "pair", "high",
    ]
    assert all(Category.of_key(c.key) is c for c in Category)
    with pytest.raises(ValueError):
        Category.of_key("straight flush")


# ----- tile order and tie-breaks -------------------------------------------------------------------------------------
def test_pok_tile_order_doubles_first_then_high_end_then_low_end() -> None:
    ordered = sorted(poker_set(), key=tile_order, reverse=True)
    assert [str(t) for t in ordered[:6]] == ["6-6", "5-5", "4-4", "3-3", "2-2", "6-5"]
    assert [str(t) for t in ordered[5:]] == [
        "6-5", "6-4", "6-3", "6-2", "6-1", "5-4", "5-3", "5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1", "2-1",
    ]
    assert tile_order(Tile.of(2, 2)) > tile_order(Tile.of(6, 5))


def test_pok_tie_flush_against_flush_higher_common_number_wins() -> None:
    sixes = rank("6-1", "6-2", "6-3", "6-5", "6-6")
    fives = rank("5-1", "5-2", "5-3", "6-5", "5-5")
    threes = rank("3-1", "3-2", "3-3", "4-3", "5-3")
    ones = rank("2-1", "3-1", "4-1", "5-1", "6-1")
    assert sixes > fives > threes > ones
    # the common number decides before the tiles do: threes with 6-3 still lose to fives
    assert rank("3-1", "3-2", "3-3", "4-3", "6-3") < rank("5-1", "5-2", "5-3", "5-4", "6-5")


def test_pok_tie_pair_compares_higher_double_first() -> None:
    """POK-3d (Foster's Hoyle): the highest double decides first, whatever the lower double."""
    assert rank("6-6", "2-2", "2-1", "3-1", "4-1") > rank("5-5", "4-4", "6-5", "6-4", "6-3")


def test_pok_tie_pair_then_lower_double() -> None:
    assert rank("6-6", "4-4", "2-1", "3-1", "4-1") > rank("6-6", "3-3", "6-5", "6-4", "5-4")


def test_pok_tie_pair_then_remaining_tiles_in_tile_order() -> None:
    better = rank("6-6", "4-4", "6-5", "2-1", "3-1")
    worse = rank("6-6", "4-4", "6-4", "5-3", "5-2")
    assert better > worse  # 6-5 beats 6-4 at the first remaining tile
    assert rank("6-6", "4-4", "6-5", "3-1", "2-1") == better  # the order the tiles come in does not matter
    assert rank("6-6", "4-4", "6-5", "5-1", "2-1") > rank("6-6", "4-4", "6-5", "4-3", "3-2")


def test_pok_tie_high_tile_compares_tiles_one_by_one() -> None:
    assert rank("6-6", "2-1", "3-1", "4-1", "5-2") > rank("5-5", "6-5", "6-4", "6-3", "5-4")  # a double tops 6-5
    assert rank("6-5", "4-3", "3-2", "2-1", "5-1") > rank("6-4", "5-4", "5-3", "3-1", "4-2")
    assert rank("6-5", "6-4", "2-1", "3-1", "4-3") > rank("6-5", "6-3", "5-4", "5-3", "4-2")
    assert rank("6-5", "6-4", "5-3", "4-1", "2-1") > rank("6-5", "6-4", "5-3", "3-2", "3-1")  # fourth tile


def test_pok_no_exact_tie_between_two_hands_at_one_table() -> None:
    """RULES 3.8: hands at one table are disjoint, and disjoint hands never rank equal."""
    hands = [h for h in combinations(poker_set(), 5) if Tile.of(6, 6) in h or Tile.of(2, 1) in h][:400]
    for one, two in combinations(hands, 2):
        if not set(one) & set(two):
            assert evaluate(one) != evaluate(two)


def test_pok_words_use_no_tile_notation() -> None:
    """The engine ranks hands; render says them (issue 29: no English in the engine), in English without tile
    notation."""
    from render.event_words import poker_hand_words, poker_tile_words
    from render.words import Narrator

    english = Narrator("poker")

    def said(*tiles: str) -> str:
        return poker_hand_words(english, list(tiles_from(list(tiles))))

    assert poker_tile_words(english, Tile.of(6, 4)) == "six four"
    assert poker_tile_words(english, Tile.of(3, 3)) == "double three"
    assert said("6-1", "6-2", "6-3", "6-5", "6-6") == "Flush in sixes"
    assert said("6-6", "4-4", "6-5", "2-1", "3-1") == "Pair: double six and double four"
    assert said("6-5", "4-3", "3-2", "2-1", "5-1") == "High Tile: six five"
    assert said("6-2", "6-3", "6-4", "6-5", "6-6") == "Six Straight, double six high"
    assert said("2-2", "3-3", "4-4", "5-5", "6-6") == "Royal: all five doubles"
    assert said("6-6", "3-3", "2-2", "4-2", "2-1") == "Full Hand: double six, double three and double two"


def test_pok_evaluate_rejects_anything_but_five_different_tiles() -> None:
    with pytest.raises(ValueError):
        evaluate(tiles_from(["6-6", "6-6", "5-5", "4-4", "3-3"]))
    with pytest.raises(ValueError):
        evaluate(tiles_from(["6-6", "5-5", "4-4", "3-3", "2-2", "6-5"]))


# ----- all 15504 hands ---------------------------------------------------------------------------------------------
def brute_force_category(hand: tuple[Tile, ...]) -> Category:
    """An independent reading of RULES 3.8: straights listed outright, doubles and shared numbers counted."""
    tiles = set(hand)
    straights = {
        suit: [{Tile.of(suit, v) for v in range(lo, lo + 5)} for lo in (1, 2)] for suit in (4, 5, 6)
    }
    doubles = sum(1 for t in hand if t.high == t.low)
    singles = [t for t in hand if t.high != t.low]
    suits = [n for n in range(1, 7) if all(n in (t.high, t.low) for t in hand)]
    checks = [
        (Category.ROYAL, doubles == 5),
        (Category.SIX_STRAIGHT, tiles in straights[6]),
        (Category.FOURS, doubles == 4),
        (Category.FIVE_STRAIGHT, tiles in straights[5]),
        (Category.FULL_HAND, doubles == 3 and singles_share_a_number(singles)),
        (Category.FOUR_STRAIGHT, tiles in straights[4]),
        (Category.THREES, doubles == 3),
        (Category.FLUSH, bool(suits)),
        (Category.PAIR, doubles == 2),
    ]
    for category, holds in checks:
        if holds:
            return category
    return Category.HIGH


def singles_share_a_number(singles: list[Tile]) -> bool:
    numbers = Counter(n for t in singles for n in (t.high, t.low))
    return any(count == len(singles) for count in numbers.values())


ALL_HANDS = list(combinations(poker_set(), 5))
ALL_RANKS = [evaluate(h) for h in ALL_HANDS]


def test_pok_all_hands_counted() -> None:
    assert len(ALL_HANDS) == comb(20, 5) == 15504


def test_pok_all_hands_categories_match_brute_force() -> None:
    assert [r.category for r in ALL_RANKS] == [brute_force_category(h) for h in ALL_HANDS]


def test_pok_all_hands_category_counts_match_combinatorics() -> None:
    """Counted by hand: 5 doubles and 15 other tiles; 60 pairs of other tiles share a number; 2 straights a suit;
    flushes: 1 in ones, 6 each in twos and threes, 4 each in fours, fives and sixes."""
    expected = {
        Category.ROYAL: 1,
        Category.SIX_STRAIGHT: 2,
        Category.FOURS: comb(5, 4) * 15,
        Category.FIVE_STRAIGHT: 2,
        Category.FULL_HAND: comb(5, 3) * 60,
        Category.FOUR_STRAIGHT: 2,
        Category.THREES: comb(5, 3) * (comb(15, 2) - 60),
        Category.FLUSH: 1 + 6 + 6 + 4 + 4 + 4,
        Category.PAIR: comb(5, 2) * comb(15, 3),
        Category.HIGH: comb(15, 5) + 5 * comb(15, 4) - 25 - 6,
    }
    assert Counter(r.category for r in ALL_RANKS) == expected
    assert sum(expected.values()) == 15504


def test_pok_all_hands_totally_ordered_with_no_exact_ties() -> None:
    keys = [r.key for r in ALL_RANKS]
    assert len(set(keys)) == len(keys)
    by_key = sorted(ALL_RANKS)
    assert all(a < b for a, b in pairwise(by_key))


def test_pok_all_hands_every_category_beats_every_lower_one() -> None:
    lowest = {c: min(r for r in ALL_RANKS if r.category == c) for c in Category}
    highest = {c: max(r for r in ALL_RANKS if r.category == c) for c in Category}
    for better, worse in pairwise(ORDER_BEST_FIRST):
        assert lowest[better] > highest[worse], f"{better.label} must beat every {worse.label}"


def test_pok_classify_is_independent_of_tile_order() -> None:
    for hand in ALL_HANDS[::97]:
        assert classify(hand) == classify(tuple(reversed(hand)))
        assert evaluate(hand) == evaluate(reversed(hand))
