"""Strength of the layout-game computer players against random play.

    .venv/bin/python benchmarks/line_ai_strength.py [--matches 200] [--seed 1] [--games bergen,muggins]

For each game one computer player sits with random players, its seat rotating match by match, and whole matches
are played to the game's default target. Each line gives match win rates beside the fair share (one over the
number of players): a random player in the same seats (the baseline: seat order is not quite fair), the game's own
player (``computer_player(key)``) against random players; as a reference, the
generic layout heuristic of ``engine/ai/line.py`` against random players; and the game's own player against
generic heuristic players ("own v generic").
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import Player, RandomPlayer, computer_player
from engine.ai.line import LineHeuristic
from engine.registry import new_game

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("bergen", 3, {}),
    ("muggins", 2, {}),
    ("muggins", 3, {"manual_muggins": True}),
    ("matador", 3, {}),
    ("tiddle_a_wink", 6, {}),
    ("sebastopol", 4, {}),
]


def win_rate(key: str, seats: int, options: dict[str, Any], make: Any, matches: int, seed: int,
             rival: Any = RandomPlayer) -> float:
    """The share of ``matches`` won by the player ``make(seed)`` against ``seats - 1`` players ``rival(seed)``."""
    wins = 0
    for number in range(matches):
        hero = number % seats
        game = new_game(key, seats, seed + number, options)
        players: list[Player] = [rival(seed * 7919 + number * 13 + s) for s in range(seats)]
        players[hero] = make(seed + number)
        race = random.Random(seed + number)  # several seats may be awaited at once (Muggins claims): a race
        while not game.is_over:
            seat = race.choice(game.to_act)
            game.apply(seat, players[seat].choose(game, seat))
        wins += hero in game.winner
    return wins / matches


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default="", help="comma-separated game keys (default: all five)")
    args = parser.parse_args(argv)
    chosen = set(filter(None, args.games.split(",")))
    print(f"{'game':<38} {'fair':>6} {'random':>7} {'own AI':>8} {'generic':>8} {'own v generic':>14} {'seconds':>8}")
    for key, seats, options in TABLES:
        if chosen and key not in chosen:
            continue
        started = time.perf_counter()
        mine = partial(computer_player, key)
        baseline = win_rate(key, seats, options, RandomPlayer, args.matches, args.seed)
        own = win_rate(key, seats, options, mine, args.matches, args.seed)
        generic = win_rate(key, seats, options, LineHeuristic, args.matches, args.seed)
        duel = win_rate(key, seats, options, mine, args.matches, args.seed, rival=LineHeuristic)
        label = f"{key} ({seats} players{', ' + ', '.join(options) if options else ''})"
        took = time.perf_counter() - started
        rates = f"{1 / seats:>6.1%} {baseline:>7.1%} {own:>8.1%} {generic:>8.1%} {duel:>14.1%}"
        print(f"{label:<38} {rates} {took:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
