"""Bingo (RULES 3.9): win rates of removal policies, on the engine, for the default game and ``bingo_pip_total``.

    .venv/bin/python benchmarks/bingo_policies.py [--games 1000] [--lookahead-games 200] [--seed 1]

Policies: **always remove** (the computer player, engine/ai/bingo.py; the same as ``bingo_auto_remove``),
**random choice** (each matching tile removed or left with even odds), and the **one-step look-ahead**
(engine/ai/bingo.py ``LookAhead``, the default computer player) that, at every match, plays both choices on to
the end with always-remove and keeps the one that clears the row (or removes more). The look-ahead winning clearly
more often shows that always removing is not the best policy.
Each line gives wins of games played with a 95% interval, tiles removed on average, and steps when won.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import new_game
from engine.actions import Action
from engine.ai.bingo import AlwaysRemove, LookAhead, rollout
from engine.game import Game
from engine.tiles import Tile

Policy = Callable[[Game, random.Random], Action]


def always(game: Game, rng: random.Random) -> Action:
    return AlwaysRemove().choose(game, 0)


def coin(game: Game, rng: random.Random) -> Action:
    return rng.choice(game.legal_actions(0))


def lookahead(game: Game, rng: random.Random) -> Action:
    return LookAhead().choose(game, 0)


def play(policy: Policy, options: dict[str, Any], seed: int) -> dict[str, Any]:
    game = new_game("bingo", 1, seed, options)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(0, policy(game, rng))
    result: dict[str, Any] = game.view(0)["result"]
    return result


def measure(policy: Policy, options: dict[str, Any], games: int, seed: int) -> str:
    results = [play(policy, options, seed + i) for i in range(games)]
    wins = sum(r["cleared"] for r in results)
    rate = wins / games
    half = 1.96 * (rate * (1 - rate) / games) ** 0.5
    removed = statistics.fmean(r["removed"] for r in results)
    steps = [r["steps"] for r in results if r["cleared"]]
    won_steps = f"{statistics.fmean(steps):7.0f}" if steps else "      -"
    return f"{wins:5} of {games:<5} {100 * rate:5.1f}% ± {100 * half:4.1f}   removed {removed:5.1f}   steps {won_steps}"


def check_rollout(games: int, seed: int) -> None:
    """The look-ahead's fast rollout must agree with the engine."""
    for i in range(games):
        for pips in (False, True):
            game = new_game("bingo", 1, seed + i, {"bingo_pip_total": pips})
            row = [Tile.parse(t) for t in game.view(0)["row"]]
            expected = play(always, {"bingo_pip_total": pips}, seed + i)
            assert rollout(row, 0, 0, 0, pips) == (expected["cleared"], expected["removed"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--lookahead-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    check_rollout(20, args.seed)
    for label, pips in (("either end (d12)", False), ("pip total (d6)", True)):
        auto = {"bingo_pip_total": pips}
        manual = {"bingo_pip_total": pips, "bingo_auto_remove": False}
        print(label)
        print(f"  always remove   {measure(always, auto, args.games, args.seed)}")
        print(f"  random choice   {measure(coin, manual, args.games, args.seed)}")
        print(f"  look-ahead      {measure(lookahead, manual, args.lookahead_games, args.seed)}")


if __name__ == "__main__":
    main()
