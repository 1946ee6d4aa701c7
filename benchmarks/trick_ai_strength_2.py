"""Strength of the Domino Euchre and Eleven Point Black Tile computer players against random play.

    .venv/bin/python benchmarks/trick_ai_strength_2.py [--hands 400] [--matches 60] [--seed 1] [--games ...]
    .venv/bin/python benchmarks/trick_ai_strength_2.py --calibrate --hands 2000

Euchre, four players: hands between a side of heuristic players and a side of random players (the heuristic side
at even seats for half the hands, odd seats for the other half), then one heuristic player with a random partner
(the "fair partner" check), then random against random as the baseline. For each: the side's points per hand
against the other side's, how often it made trumps and how often it made its contract. At two and three players,
one heuristic player against random players: its points per hand against a random player's. Then whole matches to 5.

Black Tile, three and four players: one heuristic player (in every seat in turn) against random players: its
penalty points per hand against a random player's (lower is better), its moons, and its share of whole matches.

``--calibrate`` prints the figures behind the Euchre player's acceptance thresholds (``engine/ai/euchre.py``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Call, Pass
from engine.ai import RandomPlayer, computer_player
from engine.ai.euchre import EuchrePlayer, Seen, accept_value
from engine.game import Game
from engine.registry import new_game

Lineup = Callable[[Game, int, int], bool]  # (game, number of the deal or match, seat) -> is it "ours"


def team(game: Game, number: int, seat: int) -> bool:
    """Four-player Euchre: the side at even seats in even deals, odd seats in odd deals."""
    return game.side_of(seat) == number % 2


def one_of_team(game: Game, number: int, seat: int) -> bool:
    """One player of that side (its partner is random)."""
    return seat == game.sides[number % 2][0]


def one_seat(game: Game, number: int, seat: int) -> bool:
    """One seat, moving round the table from deal to deal."""
    return seat == number % game.seats


def nobody(game: Game, number: int, seat: int) -> bool:
    return False


def players_for(key: str, game: Game, number: int, smart: Lineup, seed: int) -> list[Any]:
    return [computer_player(key, seed + s) if smart(game, number, s) else RandomPlayer(seed * 7 + s)
            for s in range(game.seats)]


def play_hand(game: Game, players: list[Any], stats: dict[str, float], ours: Callable[[int], bool]) -> None:
    """Play one hand, adding its score events to ``us`` or ``them`` and the makers' result to the figures."""
    hand = game.round_no
    while game.round_no == hand and not game.is_over:
        seat = game.to_act[0]
        for event in game.apply(seat, players[seat].choose(game, seat)):
            if event.kind == "score" and event.side is not None:
                stats["us" if ours(game.sides[event.side][0]) else "them"] += event.points
            elif event.kind == "accept" and event.seat is not None and ours(event.seat):
                stats["made_trumps"] += 1
            elif event.kind == "moon" and event.seat is not None and ours(event.seat):
                stats["moons"] += 1
    last = getattr(game, "last_hand", None)
    if last and last.get("round") == hand and "makers" in last and ours(game.sides[last["makers"]][0]):
        stats["made"] += last["result"] != "euchred"
    stats["hands"] += 1


def hands_run(key: str, seats: int, hands: int, seed: int, smart: Lineup, ours: Lineup) -> dict[str, float]:
    """The first hand of ``hands`` fresh games (each its own deal), heuristic seats chosen by ``smart``."""
    stats = dict.fromkeys(("hands", "us", "them", "made_trumps", "made", "moons"), 0.0)
    for number in range(hands):
        game = new_game(key, seats, seed + number)
        players = players_for(key, game, number, smart, seed + number)
        play_hand(game, players, stats, lambda s, n=number, g=game: ours(g, n, s))
    return stats


def matches_run(key: str, seats: int, matches: int, seed: int, smart: Lineup, ours: Lineup) -> float:
    """The share of whole matches won by the ``ours`` seats (a shared win counts as a share)."""
    won = 0.0
    for number in range(matches):
        game = new_game(key, seats, seed + 10_000 + number)
        players = players_for(key, game, number, smart, seed + number)
        while not game.is_over:
            seat = game.to_act[0]
            game.apply(seat, players[seat].choose(game, seat))
        won += sum(1 for s in game.winner if ours(game, number, s)) / len(game.winner)
    return won / max(matches, 1)


def run(key: str, seats: int, name: str, smart: Lineup, ours: Lineup, hands: int, matches: int, seed: int) -> None:
    """One lineup: figures per hand (per random player when ``ours`` is a single seat) and the match share."""
    started = time.perf_counter()
    stats = hands_run(key, seats, hands, seed, smart, ours)
    if ours is one_seat:
        stats["them"] /= seats - 1
    wins = matches_run(key, seats, matches, seed, smart, ours)
    report(f"{key} {seats}p", name, stats, wins, time.perf_counter() - started, lower_is_better=key == "black_tile")


def euchre(hands: int, matches: int, seed: int) -> None:
    for name, smart in (("two heuristic v two random", team), ("heuristic + random partner v random", one_of_team),
                        ("random v random (baseline)", nobody)):
        run("euchre", 4, name, smart, team, hands, matches, seed)
    for seats in (2, 3):
        for name, smart in (("one heuristic v random", one_seat), ("random v random (baseline)", nobody)):
            run("euchre", seats, name, smart, one_seat, hands, matches, seed)


def black_tile(hands: int, matches: int, seed: int) -> None:
    for seats in (3, 4):
        for name, smart in (("one heuristic v random", one_seat), ("random v random (baseline)", nobody)):
            run("black_tile", seats, name, smart, one_seat, hands, matches, seed)


def forced_hand(seats: int, number: int, call: str, least: float | None = None) -> tuple[float, int] | None:
    """Deal ``number``: the seat ``number`` places after the dealer makes ``call`` on the first turn-up (when its
    hand value is at least ``least``) and heuristic players play the hand out; (hand value, makers' tricks)."""
    game = new_game("euchre", seats, number)
    for _ in range(number % seats):
        game.apply(game.to_act[0], Pass())
    seat = game.to_act[0]
    value = accept_value(Seen.read(game.view(seat)))
    if least is not None and value < least:
        return None
    game.apply(seat, Call(call))
    players = [EuchrePlayer(s) for s in range(seats)]
    while game.round_no == 1:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    last: Any = getattr(game, "last_hand", None)
    return value, int(last["tricks"])


def calibrate(deals: int) -> None:
    """Euchre acceptance: the hand values of forced acceptances in tenths, with how often the makers made it (the
    accept thresholds sit near 62%, the break-even of +1 against the opponents' +2); then strong hands Alone."""
    for seats in (2, 3, 4):
        rows = sorted(row for number in range(deals) if (row := forced_hand(seats, number, "accept")))
        tenth = len(rows) // 10
        print(f"euchre {seats}p: hand value -> made, marched ({len(rows)} forced acceptances)")
        for part in range(10):
            chunk = rows[part * tenth:(part + 1) * tenth]
            made = sum(t >= 3 for _, t in chunk) / len(chunk)
            march = sum(t == 5 for _, t in chunk) / len(chunk)
            print(f"  {chunk[0][0]:5.2f} to {chunk[-1][0]:5.2f}: made {made:4.0%}  marched {march:4.0%}")
    alone = [row for number in range(deals * 10) if (row := forced_hand(4, number, "alone", 2.8))]
    for low in (2.8, 3.2, 3.4, 3.6, 4.0):
        tricks = [t for v, t in alone if v >= low]
        if tricks:
            marched = sum(t == 5 for t in tricks) / len(tricks)
            euchred = sum(t < 3 for t in tricks) / len(tricks)
            print(f"euchre 4p Alone from {low}: {len(tricks)} hands, marched {marched:4.0%}, euchred {euchred:4.0%}")


def report(game: str, name: str, stats: dict[str, float], wins: float, seconds: float,
           lower_is_better: bool = False) -> None:
    hands = max(stats["hands"], 1)
    made = stats["made"] / max(stats["made_trumps"], 1)
    extra = (f"moons {int(stats['moons'])}" if lower_is_better else
             f"made trumps {stats['made_trumps'] / hands:5.1%}  made {made:5.1%}")
    word = "penalty" if lower_is_better else "points"
    print(f"{game:13} {name:36} hands {int(hands):4}  {word}/hand {stats['us'] / hands:5.2f} v "
          f"{stats['them'] / hands:5.2f}  {extra}  match share {wins:5.1%}  ({seconds:.0f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=["euchre", "black_tile"])
    parser.add_argument("--calibrate", action="store_true", help="Euchre acceptance figures instead")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.hands)
        return
    if "euchre" in args.games:
        euchre(args.hands, args.matches, args.seed)
    if "black_tile" in args.games:
        black_tile(args.hands, args.matches, args.seed)


if __name__ == "__main__":
    main()
