"""Strength of the 42-family computer player (Four Hand Texas, Seventy-Nine) against random play.

    .venv/bin/python benchmarks/trick_ai_strength.py [--matches 40] [--seed 1]
    .venv/bin/python benchmarks/trick_ai_strength.py --calibrate texas42 --hands 3000

The strength run plays whole matches (to 250 points) between a side of heuristic players and a side of random
players, the heuristic side sitting at even seats in half the matches and odd seats in the other half, and reports
the heuristic side's match wins, its points per hand against the random side's, how often it won the bidding and
made its bids. A second line pairs one heuristic player with a random partner (a "fair partner" check). A random
against random line gives the baseline.

``--calibrate`` refits the bidding weights of ``engine/ai/fortytwo.py``: on random deals the first bidder takes
the contract at the minimum, names its best trump, everyone plays the heuristic, and a least-squares fit relates the
hand's features to the points its side took.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Bid, Call, Pass
from engine.ai import RandomPlayer
from engine.ai.fortytwo import FortyTwoPlayer, Table, estimate, features
from engine.fortytwo import FortyTwoGame
from engine.game import GameSpec
from engine.games.seventy_nine import SPEC as SEVENTY_NINE
from engine.games.texas42 import SPEC as TEXAS

SPECS: dict[str, GameSpec] = {"texas42": TEXAS, "seventy_nine": SEVENTY_NINE}


def new(spec: GameSpec, seed: int, **options: Any) -> FortyTwoGame:
    seats = spec.seats[0]
    game = spec.factory(seats, seed, spec.validate(seats, options))
    assert isinstance(game, FortyTwoGame)
    return game


def play_match(game: FortyTwoGame, players: list[Any], stats: dict[str, float], heuristic_side: int) -> None:
    """Play to the end, gathering per-hand figures for the side of interest."""
    while not game.is_over:
        seat = game.to_act[0]
        for event in game.apply(seat, players[seat].choose(game, seat)):
            if event.kind == "score" and event.side is not None:
                stats["points_us" if event.side == heuristic_side else "points_them"] += event.points
            if event.kind == "contract" and game.last_hand is not None:
                stats["hands"] += 1
                if game.side_of(game.last_hand["bidder"]) == heuristic_side:
                    stats["bids"] += 1
                    stats["made"] += bool(event.made)
    stats["matches"] += 1
    stats["wins"] += game.side_of(game.winner[0]) == heuristic_side


def strength(key: str, matches: int, seed: int, lineup: str) -> dict[str, float]:
    """Matches between a side built by ``lineup`` and the other side: ``all`` heuristic v random, ``one`` heuristic
    with random partners v random, ``none`` random v random, ``self`` heuristic v heuristic."""
    stats = dict.fromkeys(("matches", "wins", "hands", "bids", "made", "points_us", "points_them"), 0.0)
    spec = SPECS[key]
    for number in range(matches):
        game = new(spec, seed + number)
        side = number % 2
        players: list[Any] = []
        for seat in range(game.seats):
            ours = game.side_of(seat) == side
            lead_seat = seat == game.sides[side][0]
            smart = lineup == "self" or (ours and (lineup == "all" or (lineup == "one" and lead_seat)))
            players.append(FortyTwoPlayer(seed * 100 + seat) if smart else RandomPlayer(seed * 100 + number + seat))
        play_match(game, players, stats, side)
    return stats


def report(key: str, lineup: str, stats: dict[str, float], seconds: float) -> None:
    hands = max(stats["hands"], 1)
    bids = max(stats["bids"], 1)
    print(f"{key:13} {lineup:5} matches {int(stats['matches']):4}  won {stats['wins'] / stats['matches']:6.1%}  "
          f"hands {int(stats['hands']):5}  points/hand {stats['points_us'] / hands:5.1f} v "
          f"{stats['points_them'] / hands:5.1f}  won bidding {stats['bids'] / hands:5.1%}  "
          f"made {stats['made'] / bids:5.1%}  ({seconds:.1f} s)")


def fixed_contract(game: FortyTwoGame, key: str) -> tuple[int, tuple[float, ...]]:
    """The first bidder takes the contract at the minimum bid and names the heuristic's best trump."""
    order = [(game.dealer + 1 + i) % game.seats for i in range(game.seats)]
    bidder = order[0]
    game.apply(bidder, Bid(game.MIN_BID))
    for seat in order[1:]:
        game.apply(seat, Pass())
    table = Table.read(game.view(bidder))
    options = [str(n) for n in range(7)] + (["doubles"] if key == "texas42" else [])
    trumps = max(options, key=lambda t: estimate(table.hand, t, table.copies, key))
    game.apply(bidder, Call(f"trump:{trumps}"))
    return bidder, features(table.hand, trumps, table.copies)


def play_hand(game: FortyTwoGame, players: list[Any]) -> None:
    """Play the current hand out."""
    hand = game.round_no
    while game.round_no == hand and not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))


def play_strength(key: str, hands: int, seed: int) -> None:
    """Card play alone: the same deals and contracts, heuristic or random players on each side."""
    spec = SPECS[key]
    for bidders, defenders in (("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic"),
                               ("random", "random")):
        taken = made = 0.0
        for number in range(hands):
            game = new(spec, seed + number)
            bidder, _ = fixed_contract(game, key)
            side = game.side_of(bidder)
            players: list[Any] = []
            for seat in range(game.seats):
                kind = bidders if game.side_of(seat) == side else defenders
                players.append(FortyTwoPlayer(seed + seat) if kind == "heuristic" else RandomPlayer(seed + seat))
            play_hand(game, players)
            assert game.last_hand is not None
            taken += game.last_hand["points_taken"][side]
            made += game.last_hand["made"]
        print(f"{key:13} play  bidders {bidders:9} v defenders {defenders:9}: bidders take "
              f"{taken / hands:5.1f} of {game.TOTAL} a hand, make {game.MIN_BID}: {made / hands:5.1%}  ({hands} hands)")


def calibrate(key: str, hands: int, seed: int) -> None:
    """Fit the bidding weights by least squares on self-play hands."""
    spec = SPECS[key]
    rows: list[tuple[tuple[float, ...], float]] = []
    for number in range(hands):
        game = new(spec, seed + number)
        bidder, row = fixed_contract(game, key)
        play_hand(game, [FortyTwoPlayer(seed + s) for s in range(game.seats)])
        assert game.last_hand is not None
        rows.append((row, float(game.last_hand["points_taken"][game.side_of(bidder)])))
    weights = least_squares(rows)
    print(f"{key}: weights (1, trumps, top run, other doubles, count/5) = "
          f"({', '.join(f'{w:.1f}' for w in weights)})  from {len(rows)} hands")


def least_squares(rows: list[tuple[tuple[float, ...], float]]) -> list[float]:
    """Solve the normal equations by Gaussian elimination (no numpy here)."""
    n = len(rows[0][0])
    a = [[sum(r[i] * r[j] for r, _ in rows) for j in range(n)] + [sum(r[i] * y for r, y in rows)] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for row in range(n):
            if row != col and a[col][col]:
                factor = a[row][col] / a[col][col]
                a[row] = [x - factor * y for x, y in zip(a[row], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--calibrate", choices=sorted(SPECS))
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--games", nargs="*", default=sorted(SPECS, reverse=True))
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.calibrate, args.hands, args.seed)
        return
    random.seed(args.seed)
    for key in args.games:
        play_strength(key, args.hands // 4, args.seed)
        for lineup in ("all", "one", "none", "self"):
            started = time.perf_counter()
            stats = strength(key, args.matches, args.seed, lineup)
            report(key, lineup, stats, time.perf_counter() - started)


if __name__ == "__main__":
    main()
