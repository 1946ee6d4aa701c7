"""Strong (the search player) against Normal (each game's own heuristic), hand by hand, in several games.

    nice -n 10 .venv/bin/python benchmarks/strong_v_normal.py [--hands 200] [--samples 48] [--games draw,muggins]
        [--matches 100] [--lobby 1] [--seats 2] [--playout heuristic] [--strong hand_bonus=20]
        [--hero normal --field random]

Each hand is a fresh deal (a new match's first hand) with Strong in one seat (its partners too, in a partnership
game) and Normal in the others; Strong's seat moves round the table hand by hand. A line gives the share of the
decided hands Strong's side won beside its fair share (its seats over all seats), with a 95% bootstrap interval over
hands, and Strong's thread CPU time per move it had to think about. Strong runs with a fixed sample count and no
clock, so a run repeats exactly; ``--lobby 1`` runs it as the bot does (on its clock) and adds the wall time per
move. ``--matches N`` plays N whole matches per table instead (the share of matches won, side against side).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.partnership_strength import Timed, _setting, bootstrap
from engine.ai import Player, computer_player
from engine.ai.search import STRONG_SAMPLES, STRONG_SECONDS, SearchPlayer
from engine.game import Game
from engine.registry import new_game

TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("draw", 2, {}),  # head to head: Strong against one Normal, 60% the target (issue 12)
    ("block", 2, {}),
    ("bergen", 2, {}),
    ("muggins", 2, {}),
    ("draw", 3, {}),
    ("draw", 4, {"partners": True}),
    ("block", 4, {"set": 6}),
    ("sebastopol", 4, {}),
    ("matador", 3, {}),
    ("texas42", 4, {}),
    ("seventy_nine", 6, {}),
    ("euchre", 4, {}),
    ("black_tile", 4, {}),
    ("tiddle_a_wink", 6, {}),
]


def play_hand(game: Game, players: list[Player]) -> None:
    """Play the current hand to its end (several seats may be awaited at once: Muggins claims)."""
    start = game.round_no
    while not game.is_over and game.round_no == start:
        for seat in game.to_act:
            if seat in game.to_act and not game.is_over and game.round_no == start:
                game.apply(seat, players[seat].choose(game, seat))


def play_match(game: Game, players: list[Player]) -> None:
    """Play the whole match."""
    while not game.is_over:
        play_hand(game, players)


def measure(key: str, seats: int, options: dict[str, Any], args: argparse.Namespace) -> str:
    """One game's line."""
    wins: list[tuple[int, int]] = []
    points: list[tuple[int, int]] = []  # per hand: the hero's side's gain, and the best other side's
    strong: list[Timed] = []
    fair = 0.0
    started = time.perf_counter()
    settings = dict(_setting(item) for item in filter(None, args.strong.split(",")))
    for number in range(args.matches or args.hands):
        seed = args.seed * 100_000 + number
        game = new_game(key, seats, seed, options)
        hero = number % seats
        side = game.sides[game.side_of(hero)]
        fair = len(side) / seats
        if args.hero == "normal":  # a yardstick: Normal in Strong's place (against --field)
            mine = [Timed(computer_player(key, seed * 8 + s)) for s in side]
        elif args.lobby:  # as the bot runs it: on its clock (the search level's player, with any --strong settings)
            mine = [Timed(SearchPlayer(seed * 8 + s, samples=STRONG_SAMPLES, max_seconds=STRONG_SECONDS, **settings))
                    for s in side]
        else:
            mine = [Timed(SearchPlayer(seed * 8 + s, samples=args.samples, max_seconds=None, playout=args.playout,
                                       **settings)) for s in side]
        field = "random" if args.field == "random" else "best"
        players: list[Player] = [computer_player(key, seed * 8 + s, field) for s in range(seats)]
        for seat, player in zip(side, mine, strict=True):
            players[seat] = player
        if args.matches:
            play_match(game, players)
            wins.append((int(hero in game.winner), 1))
        else:
            before = game.score
            play_hand(game, players)
            gains = [after - was for after, was in zip(game.score, before, strict=True)]
            mine_gain = gains[game.side_of(hero)]
            points.append((mine_gain, max(g for s, g in enumerate(gains) if s != game.side_of(hero))))
            outcome = game.round_outcome
            decided = outcome is not None and bool(outcome.sides)
            won = decided and outcome is not None and game.side_of(hero) in outcome.sides
            wins.append((int(won), int(decided)))
        strong += mine
    low, high = bootstrap([(won, counted, 0, 0) for won, counted in wins], args.seed)
    total = sum(d for _, d in wins)
    share = sum(w for w, _ in wins) / max(1, total)
    label = f"{key} {seats}p" + (" " + ",".join(options) if options else "")
    took = time.perf_counter() - started
    line = (f"{label:<20} {args.hero.capitalize()} {share:6.1%} [{low:.1%}-{high:.1%}] of {total} decided "
            f"{'matches' if args.matches else 'hands'} (fair {fair:.0%})")
    if points:
        line += (f"  points/hand {sum(p[0] for p in points) / len(points):.1f} v "
                 f"{sum(p[1] for p in points) / len(points):.1f}")
    cpu, wall = [t for p in strong for t in p.times], [t for p in strong for t in p.walls]
    for what, times in (("cpu", cpu), ("wall", wall)):
        if what == "cpu" or args.lobby:
            ms = sorted(1000 * t for t in times) or [0.0]
            line += (f"  {what} ms/move median {statistics.median(ms):.0f} p95 {ms[int(0.95 * len(ms)) - 1]:.0f}"
                     f" max {ms[-1]:.0f}")
    return line + f"  [{took:.0f} s]"


SETTINGS = (("--hands", 200, "hands per table"), ("--samples", 48, "Strong's samples per decision"),
            ("--seed", 1, "the first deal's seed"),
            ("--matches", 0, "whole matches per table instead of hands (side against side)"),
            ("--lobby", 0, "1: Strong as the bot runs it, on its clock (adds wall time per move)"),
            ("--seats", 0, "only the tables of this many players (0: every table)"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for flag, default, meaning in SETTINGS:
        parser.add_argument(flag, type=int, default=default, help=meaning)
    parser.add_argument("--games", default="", help="comma-separated game keys (default: every table)")
    parser.add_argument("--hero", choices=("strong", "normal"), default="strong",
                        help="normal: Normal in Strong's seats, a yardstick of how much skill a game rewards")
    parser.add_argument("--field", choices=("normal", "random"), default="normal", help="the other seats' level")
    parser.add_argument("--playout", default="auto", help="Strong's playout player (engine/ai/search.py)")
    parser.add_argument("--strong", default="", help="Strong player settings to try, e.g. hand_bonus=20")
    args = parser.parse_args()
    chosen = set(filter(None, args.games.split(",")))
    strong = "on its clock" if args.lobby else f"{args.samples} samples"
    unit = "matches" if args.matches else "hands"
    hero = "Normal" if args.hero == "normal" else f"Strong ({strong})"
    print(f"{hero} v {args.field.capitalize()}, {args.matches or args.hands} {unit} per table")
    for key, seats, options in TABLES:
        if (not chosen or key in chosen) and args.seats in (0, seats):
            print(measure(key, seats, options, args), flush=True)


if __name__ == "__main__":
    main()
