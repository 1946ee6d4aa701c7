"""Engine speed: random-play games per second for every registered game, and a comparison with the PyPI
``dominoes`` package (a benchmark-only dependency: ``pip install -e '.[bench]'``) on its own game, the four-player
double-six Block game, measured in the same run.

    .venv/bin/python benchmarks/engine_throughput.py [--seconds 1.5] [--trials 5] [--block-only]

The unit of comparison is one hand (round): a fresh deal played with random legal moves until it ends, in both
engines, each seeding one generator per hand for its deal (the moves are chosen with the ``random`` module's). Our
figure includes building the game through ``new_game`` (options validated, seeded deal), checking every action
against the legal list, as the bot does, and dealing the next round when the hand ends. Rates are per CPU second
of the benchmark's process, and the two engines' trials alternate, so both see the same machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import catalogue, new_game


def rate(work: Callable[[int], None], seconds: float) -> float:
    """Calls of ``work`` per CPU second of this process, over about ``seconds`` of it (CPU time, not wall time: on a
    shared machine the time spent waiting for a core is not the engine's)."""
    count = 0
    started = time.process_time()
    while True:
        work(count)
        count += 1
        elapsed = time.process_time() - started
        if elapsed >= seconds:
            return count / elapsed


def our_match(key: str, seats: int) -> Callable[[int], None]:
    def play(seed: int) -> None:
        game = new_game(key, seats, seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = rng.choice(game.to_act)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    return play


def our_block_hand(seed: int) -> None:
    game = new_game("block", 4, seed, {"set": 6})  # the deal's generator, seeded once per hand
    while game.round_no == 1 and not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, random.choice(game.legal_actions(seat)))


def their_block_hand(seed: int) -> None:
    import dominoes

    random.seed(seed)  # dominoes deals from the module's generator, which then also chooses the moves
    game = dominoes.Game.new()
    while game.result is None:
        game.make_move(*random.choice(game.valid_moves))


def block_comparison(seconds: float, trials: int) -> tuple[float, float]:
    """(our hands/s, dominoes hands/s): medians of interleaved trials, so both see the same machine load."""
    ours, theirs = [], []
    for _ in range(trials):
        ours.append(rate(our_block_hand, seconds))
        theirs.append(rate(their_block_hand, seconds))
    return statistics.median(ours), statistics.median(theirs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="time per measurement")
    parser.add_argument("--trials", type=int, default=3, help="measurements per figure (median reported)")
    parser.add_argument("--block-only", action="store_true", help="only the Block comparison with dominoes")
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}; median of {args.trials} trials of "
          f"{args.seconds} s each")
    if not args.block_only:
        print(f"{'game':16}{'seats':>6}{'matches/s':>12}")
        for key, spec in catalogue().items():
            seats = 4 if 4 in spec.seats else spec.seats[0]
            figure = statistics.median(rate(our_match(key, seats), args.seconds) for _ in range(args.trials))
            print(f"{key:16}{seats:>6}{figure:>12.1f}")

    try:
        import dominoes  # noqa: F401
    except ImportError:
        print("\n(the dominoes package is not installed: pip install -e '.[bench]' for the comparison)")
        return 0
    our_rate, their_rate = block_comparison(args.seconds, args.trials)
    print("\nFour-player double-six Block, one hand, random legal moves:")
    print(f"  domino-hall {our_rate:10.1f} hands/s")
    print(f"  dominoes    {their_rate:10.1f} hands/s")
    print(f"  ratio       {our_rate / their_rate:10.2f}x (target: at least 1.5x, issue 30)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
