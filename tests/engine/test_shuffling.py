"""The hand-written shuffle every deal uses must be ``random.Random.shuffle`` exactly: the same permutation and the
same generator state after, or a seed would deal differently from one version to the next."""

from __future__ import annotations

import random

from engine.shuffling import shuffle

SIZES = (0, 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 28, 32, 33, 55, 64, 65, 91, 190)


def test_the_shuffle_is_random_shuffle_for_many_seeds_and_sizes() -> None:
    for seed in range(1500):
        for size in SIZES:
            mine, theirs = list(range(size)), list(range(size))
            one, two = random.Random(seed), random.Random(seed)
            shuffle(mine, one)
            two.shuffle(theirs)
            assert mine == theirs, (seed, size)
            assert one.getstate() == two.getstate(), (seed, size)


def test_the_shuffle_matches_along_a_generator_already_in_use() -> None:
    """Deals follow one another on one generator (the next round's deal): the two stay in step throughout."""
    one, two = random.Random(42), random.Random(42)
    for size in [28, 55, 91, 7, 1, 0, 300] * 40:
        mine, theirs = list(range(size)), list(range(size))
        shuffle(mine, one)
        two.shuffle(theirs)
        assert mine == theirs and one.getstate() == two.getstate()
    assert one.random() == two.random()


def test_another_generator_class_shuffles_its_own_way() -> None:
    """A generator of another class may draw otherwise (here: from ``random()`` only), so its own shuffle is used."""

    class Drawn(random.Random):
        def random(self) -> float:
            return 0.0

    items = list(range(6))
    shuffle(items, Drawn(1))
    assert items == [1, 2, 3, 4, 5, 0]
    expected = list(range(6))
    Drawn(1).shuffle(expected)
    assert items == expected
