"""How long the renderer takes per image, per kind of game: mean and p95 milliseconds.

Views come from seeded random play of every registered game (plus a long line and a full spinner); each image is
rendered to PNG bytes exactly as the bot does. Run: .venv/bin/python benchmarks/render_speed.py [views per game]

``--baseline DIR`` first measures the same images with the renderer of another copy of the project in DIR (for
example ``mkdir /tmp/base && git archive main | tar -x -C /tmp/base``), in the same run, and prints each row's
mean and CPU time as a ratio to it (below 1: faster now).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import catalogue
from engine.views import GameView
from render import render_hand, render_scores, render_table
from tests.render.views import NAMES, chain_line, line_view, playable, random_states, seats_for

Render = Callable[[GameView, Sequence[str]], bytes]


def views_of(key: str, count: int) -> tuple[list[GameView], list[GameView]]:
    """Up to ``count`` spectator views and as many own-hand views from seeded random games of ``key``."""
    tables: list[GameView] = []
    hands: list[GameView] = []
    seed = 1
    while len(tables) < count and seed < 50:
        for step, game in enumerate(random_states(key, seats_for(key), seed, steps=600)):
            if step % 3 == 0 and game.to_act:
                tables.append(game.view(None))
                own = game.view(game.to_act[0])
                own["playable"] = playable(game, game.to_act[0])
                hands.append(own)
            if len(tables) >= count:
                break
        seed += 1
    return tables, hands


def timed(render: Render, views: Sequence[GameView]) -> tuple[float, float, float, int]:
    """Mean and p95 wall-clock milliseconds per image, mean CPU milliseconds (what the image costs even on a
    machine shared with other work), and the largest PNG in bytes."""
    times, cpu, largest = [], [], 0
    for view in views:
        start, start_cpu = time.perf_counter(), time.process_time()
        data = render(view, NAMES)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        largest = max(largest, len(data))
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return statistics.fmean(times), p95, statistics.fmean(cpu), largest


def measure(count: int) -> list[tuple[str, str, int, float, float, float, int]]:
    """Each game and image kind: views, mean and p95 wall-clock ms, mean CPU ms and the largest PNG in bytes."""
    render_table(line_view(chain_line(10, seed=1)), NAMES)  # warm the tile cache once, as a running bot has
    rows: list[tuple[str, str, list[dict[str, Any]], Render]] = []
    for key in catalogue():
        tables, hands = views_of(key, count)
        rows += [(key, "table", tables, render_table), (key, "hand", hands, render_hand),
                 (key, "scores", tables[-5:], render_scores)]
    rows.append(("long line", "table", [line_view(chain_line(80, seed=s)) for s in range(10)], render_table))
    spinners = [line_view(chain_line(40, seed=s, spinner=True, arms=("W", "E", "N", "S"))) for s in range(10)]
    rows.append(("full spinner", "table", spinners, render_table))
    return [(name, image, len(views), *timed(render, views)) for name, image, views, render in rows]


def baseline(directory: str, count: int) -> dict[tuple[str, str], tuple[float, float]]:
    """Mean and CPU ms per (game, image) from this benchmark run in another copy of the project."""
    done = subprocess.run([sys.executable, "benchmarks/render_speed.py", str(count)], cwd=directory, check=True,
                          capture_output=True, text=True)
    found = {}
    for line in done.stdout.splitlines()[1:]:
        parts = line.split()
        if len(parts) >= 7:
            name, image = " ".join(parts[:-6]), parts[-6]
            found[(name, image)] = (float(parts[-4]), float(parts[-2]))
    return found


def main() -> None:
    """Print one row per game and image kind (with ratios to a baseline when one is given), then the totals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=40, help="views per game")
    parser.add_argument("--baseline", help="another copy of the project to measure first, for ratios")
    args = parser.parse_args()
    base = baseline(args.baseline, args.count) if args.baseline else {}
    head = f"{'game':<16}{'image':<8}{'views':>6}{'mean ms':>10}{'p95 ms':>9}{'cpu ms':>9}{'max KB':>9}"
    print(head + (f"{'base ms':>9}{'ratio':>7}{'cpu ratio':>10}" if base else ""))
    totals = [0.0, 0.0, 0.0, 0.0]
    for name, image, views, mean, p95, cpu, largest in measure(args.count):
        row = f"{name:<16}{image:<8}{views:>6}{mean:>10.1f}{p95:>9.1f}{cpu:>9.1f}{largest / 1024:>9.0f}"
        was = base.get((name, image))
        if was is not None:
            row += f"{was[0]:>9.1f}{mean / was[0]:>7.2f}{cpu / was[1]:>10.2f}"
            totals = [totals[0] + mean * views, totals[1] + was[0] * views, totals[2] + cpu * views,
                      totals[3] + was[1] * views]
        print(row)
    if totals[1]:
        print(f"all images: time ratio {totals[0] / totals[1]:.2f}, CPU ratio {totals[2] / totals[3]:.2f} "
              "(weighted by views; below 1 is faster than the baseline)")


if __name__ == "__main__":
    main()
