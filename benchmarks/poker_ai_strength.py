"""Domino Poker: the hand-strength bettor (engine/ai/poker.py) against the random player, in chips per deal.

    .venv/bin/python benchmarks/poker_ai_strength.py [--deals 400] [--seed 1]

For each table (heads-up, 3 and 4 players, and heads-up with the ``poker_draw`` option) one seat is the bettor and
the others are random players; sessions of 100-chip stacks are played deal after deal (a new session when one
ends, the bettor moving one seat on) until ``--deals`` deals are done. A deal's result is a seat's chips after it
less its chips before it. Printed: the bettor's mean chips per deal with a 95% interval, the random seats' mean,
and the sessions the bettor won of those that finished.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import new_game
from engine.ai import Player, RandomPlayer
from engine.ai.poker import PokerBettor


def session_deals(seats: int, bettor: int, seed: int, limit: int, options: dict[str, object],
                  ) -> tuple[list[list[int]], bool | None]:
    """Play one session (at most ``limit`` deals); each deal's chip change per seat, and whether the bettor won
    the session (None if it did not finish)."""
    game = new_game("poker", seats, seed, options)
    players: list[Player] = [PokerBettor(seed) if s == bettor else RandomPlayer(seed * 7 + s) for s in range(seats)]
    deals: list[list[int]] = []
    before = list(game.score)
    hand = game.round_no
    while not game.is_over and len(deals) < limit:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
        if game.is_over or game.round_no != hand:
            deals.append([a - b for a, b in zip(game.score, before, strict=True)])
            before, hand = list(game.score), game.round_no
    return deals, (bettor in game.winner) if game.is_over else None


def measure(seats: int, total: int, seed: int, options: dict[str, object]) -> dict[str, float]:
    """The bettor's and the random seats' chips per deal over ``total`` deals."""
    mine: list[int] = []
    theirs: list[float] = []
    won = finished = 0
    session = 0
    while len(mine) < total:
        bettor = session % seats
        deals, result = session_deals(seats, bettor, seed + session, total - len(mine), options)
        for deal in deals:
            mine.append(deal[bettor])
            others = [c for s, c in enumerate(deal) if s != bettor]
            theirs.append(sum(others) / len(others))
        if result is not None:
            finished += 1
            won += result
        session += 1
    return {"deals": len(mine), "mean": statistics.fmean(mine), "ci": interval(mine),
            "random": statistics.fmean(theirs), "won": won, "finished": finished}


def interval(values: Sequence[int]) -> float:
    """Half-width of a 95% interval for the mean."""
    return 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables: list[tuple[str, int, dict[str, object]]] = [
        ("heads-up", 2, {}), ("3 players", 3, {}), ("4 players", 4, {}), ("heads-up, draw", 2, {"poker_draw": True}),
    ]
    print(f"{'table':<16}{'deals':>6}  {'bettor chips/deal':>20}  {'random chips/deal':>18}  sessions won")
    for label, seats, options in tables:
        r = measure(seats, args.deals, args.seed, options)
        print(f"{label:<16}{r['deals']:>6}  {r['mean']:>+12.2f} ± {r['ci']:<5.2f}  {r['random']:>+18.2f}  "
              f"{r['won']:.0f} of {r['finished']:.0f}")


if __name__ == "__main__":
    main()
