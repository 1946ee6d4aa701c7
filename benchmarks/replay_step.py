"""Drawing one replay step (issue 14): what a click on a /replay control costs, from the saved game.

    .venv/bin/python benchmarks/replay_step.py [--game texas42] [--seats 4] [--trials 20]

A finished match between computer players, saved (``to_dict``) and read back as the bot does on each click: the
saved JSON parsed and replayed once to know its steps (``Replay``), the game rebuilt after a step from the middle,
and its table picture drawn. The baseline, in the same run, is drawing the table picture alone (what every move of
a live table costs). Reports the median of ``--trials`` in milliseconds and the ratio to the baseline.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render
from engine import new_game
from engine.ai import computer_player
from engine.replay import Replay


def median_ms(trials: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(trials):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main(key: str, seats: int, trials: int) -> None:
    game = new_game(key, seats, 1)
    players = [computer_player(key, s) for s in range(seats)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    saved = json.dumps(game.to_dict())
    names = [f"player{s}" for s in range(seats)]
    middle = len(game.to_dict()["actions"]) // 2
    view = Replay(json.loads(saved)).game_at(middle).view(None)

    def one_step() -> None:
        replay = Replay(json.loads(saved))
        render.render_table(replay.game_at(middle).view(None), names)

    baseline = median_ms(trials, lambda: render.render_table(view, names))
    parse = median_ms(trials, lambda: Replay(json.loads(saved)))
    step = median_ms(trials, one_step)
    print(f"{game.spec.title}, {seats} seats: {middle * 2} steps, step {middle} drawn; median of {trials}")
    print(f"table picture alone (baseline): {baseline:.1f} ms")
    print(f"reading the saved game's steps: {parse:.1f} ms ({parse / baseline:.2f}x)")
    print(f"one replay step, all of it: {step:.1f} ms ({step / baseline:.2f}x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="texas42")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--trials", type=int, default=20)
    options = parser.parse_args()
    if options.trials < 1:
        parser.error("--trials must be at least 1")
    main(options.game, options.seats, options.trials)
