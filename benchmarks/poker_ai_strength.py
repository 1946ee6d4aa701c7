"""Domino Poker: one computer player against a field of others, in chips per deal and sessions won.

    .venv/bin/python benchmarks/poker_ai_strength.py [--deals 400] [--seed 1]                    # Normal v random
    nice -n 10 .venv/bin/python benchmarks/poker_ai_strength.py --hero strong --field normal --samples 32
    nice -n 10 .venv/bin/python benchmarks/poker_ai_strength.py --hero strong --field normal --samples 0  # its clock

``--hero``/``--field``: ``random``, ``normal`` (the hand-strength bettor, engine/ai/poker.py) or ``strong`` (the
search player's bets, engine/ai/poker_search.py, at ``--samples`` deals a decision and no clock, or as the bot runs
it with ``--samples 0``: ``computer_player("poker", seed, "search")``). For each table (heads-up, 3 and 4 players, and
heads-up with the ``poker_draw`` option) one seat is the hero and the others the field; sessions of the default
options (100-chip stacks, at most 80 deals, the ante doubling every 10) are played deal after deal (a new session
when one ends, the hero moving one seat on) until ``--deals`` deals are done. A deal's result is a seat's chips
after it less its chips before it. Printed: the hero's mean chips per deal with a 95% interval, the field's mean,
the sessions the hero won of those that finished (with a 95% interval), and the hero's time a decision it thought
about (thread CPU, and wall).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.partnership_strength import Timed
from engine import new_game
from engine.ai import Player, RandomPlayer, computer_player
from engine.ai.poker import PokerBettor
from engine.ai.search import SearchPlayer

Factory = Callable[[int], Player]


def factory(kind: str, samples: int) -> Factory:
    """Players of ``kind``, by seed."""
    if kind == "random":
        return RandomPlayer
    if kind == "normal":
        return PokerBettor
    if samples:
        return lambda seed: SearchPlayer(seed, samples=samples, max_seconds=None)
    return lambda seed: computer_player("poker", seed, "search")


def session_deals(seats: int, hero: int, seed: int, limit: int, options: dict[str, object], made: Factory,
                  field: Factory, times: tuple[list[float], list[float]]) -> tuple[list[list[int]], bool | None]:
    """Play one session (at most ``limit`` deals); each deal's chip change per seat, and whether the hero won
    the session (None if it did not finish)."""
    game = new_game("poker", seats, seed, options)
    timed = Timed(made(seed))
    players = [timed if s == hero else field(seed * 7 + s) for s in range(seats)]
    deals: list[list[int]] = []
    before = list(game.score)
    hand = game.round_no
    while not game.is_over and len(deals) < limit:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
        if game.is_over or game.round_no != hand:
            deals.append([a - b for a, b in zip(game.score, before, strict=True)])
            before, hand = list(game.score), game.round_no
    times[0].extend(timed.times)
    times[1].extend(timed.walls)
    return deals, (hero in game.winner) if game.is_over else None


def measure(seats: int, total: int, seed: int, options: dict[str, object], made: Factory = PokerBettor,
            field: Factory = RandomPlayer) -> dict[str, Any]:
    """The hero's and the field's chips per deal over ``total`` deals."""
    mine: list[int] = []
    theirs: list[float] = []
    won = finished = 0
    session = 0
    cpu: list[float] = []
    wall: list[float] = []
    while len(mine) < total:
        bettor = session % seats
        deals, result = session_deals(seats, bettor, seed + session, total - len(mine), options, made, field,
                                      (cpu, wall))
        for deal in deals:
            mine.append(deal[bettor])
            others = [c for s, c in enumerate(deal) if s != bettor]
            theirs.append(sum(others) / len(others))
        if result is not None:
            finished += 1
            won += result
        session += 1
    return {"deals": len(mine), "mean": statistics.fmean(mine), "ci": interval(mine),
            "random": statistics.fmean(theirs), "won": won, "finished": finished,
            "cpu": percentiles(cpu), "wall": percentiles(wall)}


def percentiles(values: list[float]) -> tuple[float, float]:
    """Median and p95, in ms (0 without values)."""
    if not values:
        return 0.0, 0.0
    ordered = sorted(values)
    return 1000 * ordered[len(ordered) // 2], 1000 * ordered[int(0.95 * (len(ordered) - 1))]


def share_interval(won: int, total: int) -> tuple[float, float]:
    """A 95% Wilson interval of a share."""
    if not total:
        return 0.0, 0.0
    z, p = 1.96, won / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * (p * (1 - p) / total + z * z / (4 * total * total)) ** 0.5 / (1 + z * z / total)
    return centre - half, centre + half


def interval(values: Sequence[int]) -> float:
    """Half-width of a 95% interval for the mean."""
    return 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hero", choices=("random", "normal", "strong"), default="normal")
    parser.add_argument("--field", choices=("random", "normal", "strong"), default="random")
    parser.add_argument("--samples", type=int, default=32, help="Strong's deals a decision (0: its clock)")
    parser.add_argument("--tables", default="heads-up,3 players,4 players,heads-up draw")
    args = parser.parse_args()
    tables: list[tuple[str, int, dict[str, object]]] = [
        ("heads-up", 2, {}), ("3 players", 3, {}), ("4 players", 4, {}), ("heads-up draw", 2, {"poker_draw": True}),
    ]
    wanted = args.tables.split(",")
    hero, field = factory(args.hero, args.samples), factory(args.field, args.samples)
    print(f"{args.hero} v {args.field}" + (f" ({args.samples} samples)" if "strong" in (args.hero, args.field)
                                           else ""))
    print(f"{'table':<15}{'deals':>6}  {'hero chips/deal':>18}  {'field':>7}  {'sessions won [95%]':<26}"
          "ms/decision cpu median/p95, wall p95")
    for label, seats, options in tables:
        if label not in wanted:
            continue
        r = measure(seats, args.deals, args.seed, options, hero, field)
        low, high = share_interval(int(r["won"]), int(r["finished"]))
        share = f"{r['won']:.0f} of {r['finished']:.0f} [{low:.0%}-{high:.0%}]"
        cpu, wall = r["cpu"], r["wall"]
        print(f"{label:<15}{r['deals']:>6}  {r['mean']:>+10.2f} ± {r['ci']:<5.2f}  {r['random']:>+7.2f}  "
              f"{share:<26}{cpu[0]:.0f}/{cpu[1]:.0f}, {wall[1]:.0f}", flush=True)


if __name__ == "__main__":
    main()
