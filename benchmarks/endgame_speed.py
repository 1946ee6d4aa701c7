"""What the exact endgame solver (engine/ai/endgame.py) costs: nodes and CPU time to value every legal move of a
determinized partnership Block position, by the tiles left in the hands, beside a random playout of each move (what
the search player does without it).

    nice -n 10 .venv/bin/python benchmarks/endgame_speed.py [--positions 60] [--tiles 8,12,16,20]

Positions come from randomly played first rounds (seeded, so a run repeats), each the first with a choice once at
most that many tiles are left; times are thread CPU time, so other work on a shared machine hardly counts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.endgame import _Solver
from engine.ai.search import SearchPlayer, play_round
from engine.game import Game
from engine.linegame import LineGame
from engine.observation import determinize
from engine.registry import new_game

OPTIONS = {"set": 6, "partners": True, "target": 200}


def positions(tiles: int, count: int) -> list[tuple[Game, int]]:
    """``count`` determinized positions with a choice and at most ``tiles`` tiles in the hands."""
    out: list[tuple[Game, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        rng = random.Random(seed)
        game = new_game("block", 4, seed, OPTIONS)
        while game.round_no == 1:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            if sum(len(hand) for hand in game.hand_lists()) <= tiles and len(legal) > 1:
                out.append((determinize(game, seat, rng), seat))
                break
            game.apply(seat, rng.choice(legal))
    return out


def measure(tiles: int, count: int) -> str:
    """One line: nodes and CPU ms a solve of all the legal moves, and a playout of each move, at ``tiles``."""
    nodes, times, playouts = [], [], []
    player = SearchPlayer(0, playout="random")
    for world, seat in positions(tiles, count):
        legal = world.legal_actions(seat)
        started = time.thread_time()
        assert isinstance(world, LineGame)
        solver = _Solver(world, seat, world.score, 100.0, 20.0, 10**9)
        for action in legal:
            solver.after(action)
        times.append(1000 * (time.thread_time() - started))
        nodes.append(10**9 - solver.budget)
        started = time.thread_time()
        for action in legal:
            played = world.clone()
            played.apply(seat, action)
            play_round(played, player.players(played, 1))
        playouts.append(1000 * (time.thread_time() - started))
    times.sort()
    return (f"{tiles:>2} tiles: nodes median {statistics.median(nodes):.0f} max {max(nodes)}; solve ms median "
            f"{statistics.median(times):.2f} p90 {times[int(0.9 * len(times)) - 1]:.2f} max {times[-1]:.2f}; "
            f"playouts of the same moves ms median {statistics.median(playouts):.2f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--tiles", default="8,12,16,20")
    args = parser.parse_args(argv)
    for tiles in (int(t) for t in args.tiles.split(",")):
        print(measure(tiles, args.positions), flush=True)


if __name__ == "__main__":
    main()
