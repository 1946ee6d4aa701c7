"""The shuffle every deal uses: ``random.Random.shuffle``'s permutation, without its method call per element.

CPython's ``Random.shuffle`` calls the Python method ``_randbelow`` once per element, and that call costs more than
the work it does (a ``getrandbits`` and a comparison). :func:`shuffle` is the same Fisher-Yates loop written out,
with each step's bit count worked out once per list length, so it draws the same numbers from the generator in the
same order: the same permutation and the same generator state after, for every seed (a seed deals as it always has;
``tests/engine/test_shuffling.py`` checks it against ``Random.shuffle``). A generator of another class (one that
draws otherwise) is left to its own ``shuffle``.

>>> import random
>>> mine, theirs = list(range(10)), list(range(10))
>>> one, two = random.Random(5), random.Random(5)
>>> shuffle(mine, one); two.shuffle(theirs)
>>> mine == theirs and one.getstate() == two.getstate()
True
"""

from __future__ import annotations

import random
from typing import Any

#: For each list length, the steps of the loop: (position, how many positions it may swap with, their bit count).
_STEPS: list[tuple[tuple[int, int, int], ...]] = []


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    while len(_STEPS) <= size:
        length = len(_STEPS)
        _STEPS.append(tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, length))))
    return _STEPS[size]


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place with ``rng``, exactly as ``rng.shuffle(items)`` would (see the module's note)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    size = len(items)
    steps = _STEPS[size] if size < len(_STEPS) else _steps(size)
    getrandbits = rng.getrandbits
    for i, n, k in steps:  # Random._randbelow_with_getrandbits(n), inline: draw k bits until below n
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
