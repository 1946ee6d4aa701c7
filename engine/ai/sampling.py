"""Every legal action tried in sampled worlds, within a budget: the loop the search players share
(:class:`engine.ai.search.SearchPlayer` and Domino Poker's bets, :mod:`engine.ai.poker_search`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from engine.actions import Action
from engine.game import Game


def sample_actions(legal: list[Action], samples: int, deadline: float | None, rng: random.Random,
                   draw: Callable[[int], tuple[Game, float]], trial: Callable[[Game, Action, int], float],
                   ) -> tuple[list[float], int]:
    """Every action of ``legal`` tried in up to ``samples`` worlds: ``draw(number)`` gives a world and its weight,
    ``trial(world, action, seed)`` the result of ``action`` there, the same seed for every action in one world. No
    new trial after ``deadline`` (a ``time.perf_counter()``) once one world is complete; a world cut short does not
    count. The weighted sums of each action's results, and how many worlds they are over."""
    totals = [0.0] * len(legal)
    done = 0
    for number in range(samples):
        world, weight = draw(number)
        seed = rng.getrandbits(32)
        results: list[float] = []
        for action in legal:
            if done and deadline is not None and time.perf_counter() > deadline:
                break
            results.append(trial(world, action, seed))
        if len(results) < len(legal):
            break
        totals = [t + weight * r for t, r in zip(totals, results, strict=True)]
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return totals, done
