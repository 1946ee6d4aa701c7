"""Strength of the general search player (engine/ai/search.py) against each game's own heuristic.

    .venv/bin/python benchmarks/search_ai_strength.py [--matches 8] [--samples 24] [--seconds 0.5]
        [--playout auto|heuristic|random] [--games block,draw,muggins,texas42] [--seed 1]

Each table seats search players with the game's own computer players (``computer_player(key)``), the search seats
rotating match by match, and plays whole matches at the game's default target. A line gives the search side's
match win rate beside its fair share (its seats over all seats), its average points per match against the
heuristic seats' average, and the search player's mean and worst time per searched decision.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import Player, computer_player
from engine.ai.search import SearchPlayer
from engine.game import Game
from engine.registry import new_game

# key, seats, options, how many seats the search player takes (partners in Texas 42: seats s and s + 2)
TABLES: list[tuple[str, int, dict[str, Any], int]] = [
    ("block", 4, {"set": 6}, 1),
    ("draw", 3, {}, 1),
    ("muggins", 2, {}, 1),
    ("texas42", 4, {}, 2),
]


class Timed:
    """A player wrapper that records the time of each searched decision."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.name = player.name
        self.times: list[float] = []

    def choose(self, game: Game, seat: int) -> Any:
        started = time.perf_counter()
        action = self.player.choose(game, seat)
        if self.player.last_samples:
            self.times.append(time.perf_counter() - started)
        self.player.last_samples = 0
        return action


def search_seats(seats: int, taken: int, match: int) -> list[int]:
    """The seats the search player takes in match number ``match`` (rotating; partners opposite)."""
    if taken == 2:
        return [match % 2, match % 2 + 2]
    return [match % seats]


def play(game: Game, players: list[Player]) -> None:
    """Play the match to its end."""
    while not game.is_over:
        for seat in game.to_act:
            if seat not in game.to_act:
                continue
            game.apply(seat, players[seat].choose(game, seat))
            if game.is_over:
                break


def measure(key: str, seats: int, options: dict[str, Any], taken: int, args: argparse.Namespace) -> str:
    """One table's figures as a printed line."""
    wins = 0
    own = rival = 0.0
    times: list[float] = []
    for match in range(args.matches):
        seed = args.seed * 1000 + match
        mine = search_seats(seats, taken, match)
        timed = [Timed(SearchPlayer(seed + s, args.samples, args.seconds, args.playout)) for s in mine]
        players: list[Player] = [computer_player(key, seed + s) for s in range(seats)]
        for s, player in zip(mine, timed, strict=True):
            players[s] = player
        game = new_game(key, seats, seed, options)
        play(game, players)
        wins += any(s in game.winner for s in mine)
        side = game.side_of(mine[0])
        others = [p for i, p in enumerate(game.score) if i != side]
        own += game.score[side]
        rival += sum(others) / len(others)
        times += [t for player in timed for t in player.times]
    fair = taken / seats if taken == 1 else 0.5
    mean = sum(times) / len(times) if times else 0.0
    worst = max(times, default=0.0)
    return (f"{key:9} {seats}p  search wins {wins / args.matches:5.1%} (fair {fair:4.0%})  points/match "
            f"{own / args.matches:6.1f} v heuristic {rival / args.matches:6.1f}  decision {mean:.3f} s mean, "
            f"{worst:.3f} s worst ({len(times)} searched)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--samples", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--playout", choices=("auto", "heuristic", "random"), default="auto")
    parser.add_argument("--games", default=",".join(sorted({t[0] for t in TABLES})))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = set(args.games.split(","))
    print(f"search player: {args.samples} samples, {args.seconds} s per decision, {args.playout} playouts, "
          f"{args.matches} matches per table")
    for key, seats, options, taken in TABLES:
        if key in chosen:
            print(measure(key, seats, options, taken, args), flush=True)


if __name__ == "__main__":
    main()
