"""The strength ladder players read (issue 30): per game, each computer level against random play (Easy) and against
the level below, written to ``render/strength_ladder.json`` (kept in the repository; /rules shows it) and to
``docs/strength.md`` (made from the same data by :func:`render.ladder.docs_page`).

    nice -n 10 .venv/bin/python benchmarks/strength_ladder.py [--scale 1] [--games draw,block] [--seed 1]

A pairing plays deals twice, the two levels swapping seats (duplicate play: each level holds each hand once), with
one level in the even seats and the other in the odd ones (so in a four- or six-seat game without partners two or
three players of each level meet: the fair share is always half). A hand is won by a level when every seat that won
it is of that level (a hand won by both, or by nobody, decides nothing); in the games that score during play
(Muggins, Bergen) by the side that made more points in the hand; in Domino Poker a deal goes to the level ahead in
chips over its two seatings (a pot won says little: a fold loses an ante, a call may win much). The share is of the
decided hands (deals), with a 95% bootstrap interval over deals. Bingo is solitaire: each level plays the same
sheets with ``bingo_auto_remove`` off (with it on, the default, no level has a choice), compared by the tiles
removed; and the default is played too, to show the levels alike there.

Strong runs at a fixed number of samples a decision and no clock (``samples`` per game below: fewer than the bot's
up to 400 within 150 ms, so the ladder repeats exactly and costs about 10.5 CPU minutes); Strong in the bot is at
least as strong. On the shared 2-core machine at load 9-13 it took 27 and 36 minutes as two processes over halves of
the games (``--out`` to two files, then ``--merge``). ``--scale`` multiplies every count (0.1 for a quick try; only a
scale of 1 is the published ladder). ``--games`` measures some games only and keeps the others' figures from the
file; ``--merge`` takes the entries of other runs' files.
"""

from __future__ import annotations

import argparse
import datetime
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.partnership_strength import bootstrap
from benchmarks.strong_v_normal import play_hand
from engine.ai import LEVELS, Player, computer_player, search
from engine.ai.search import SearchPlayer
from engine.game import Game
from engine.registry import new_game
from render.ladder import DATA, docs_page, mostly_luck

DOCS = Path(__file__).resolve().parents[1] / "docs" / "strength.md"
COMMAND = "nice -n 10 .venv/bin/python benchmarks/strength_ladder.py"


@dataclass(frozen=True)
class Table:
    """How a game is measured: its seats and options, deals per pairing (each played twice), Strong's samples."""

    key: str
    seats: int
    deals: dict[str, int]  # by pairing "normal-easy", "strong-easy", "strong-normal"
    samples: int = 16
    options: dict[str, Any] = field(default_factory=dict)
    by_points: bool = False  # the hand goes to the side that scored more in it (games scoring during play)
    by_deal: bool = False  # the deal (both seatings) goes to the level ahead in points over the two: Poker's chips


TABLES = [
    Table("draw", 2, {"normal-easy": 200, "strong-easy": 30, "strong-normal": 60}, 16),
    # four players in partnership (BLK-4, the `dominoes` package's game): with two, the deal decides nearly every hand
    # (96 samples: at 24 Strong was barely ahead of Normal here, 51.9% [46.6-57.0] of 293 hands)
    Table("block", 4, {"normal-easy": 300, "strong-easy": 60, "strong-normal": 100}, 96,
          options={"set": 6, "partners": True}),
    Table("bergen", 2, {"normal-easy": 100, "strong-easy": 6, "strong-normal": 12}, 4, by_points=True),
    Table("muggins", 2, {"normal-easy": 60, "strong-easy": 4, "strong-normal": 8}, 4, by_points=True),
    Table("matador", 4, {"normal-easy": 200, "strong-easy": 20, "strong-normal": 40}, 12),
    Table("tiddle_a_wink", 6, {"normal-easy": 200, "strong-easy": 60, "strong-normal": 100}, 16),
    Table("sebastopol", 4, {"normal-easy": 200, "strong-easy": 40, "strong-normal": 60}, 16),
    Table("texas42", 4, {"normal-easy": 200, "strong-easy": 25, "strong-normal": 50}, 12),
    Table("seventy_nine", 6, {"normal-easy": 150, "strong-easy": 12, "strong-normal": 25}, 8),
    Table("euchre", 4, {"normal-easy": 200, "strong-easy": 20, "strong-normal": 40}, 8),
    Table("black_tile", 4, {"normal-easy": 150, "strong-easy": 12, "strong-normal": 25}, 8),
    # a pot won says little in Poker (a fold loses the ante, a call may win much): chips over both seatings decide
    Table("poker", 2, {"normal-easy": 200, "strong-easy": 60, "strong-normal": 120}, 24, by_points=True,
          by_deal=True),
    # with the default bingo_auto_remove every matching tile goes at once and no level has a choice to make
    Table("bingo", 1, {"normal-easy": 300}, options={"bingo_auto_remove": False}),
]


def player(table: Table, level: str, seed: int) -> Player:
    """A level's player for one seat (Strong at the table's fixed samples, no clock, otherwise as the bot sets it)."""
    if level == "strong":
        return SearchPlayer(seed, samples=table.samples, max_seconds=None, endgame=search.STRONG_ENDGAME,
                            skip_doubles=search.STRONG_SKIP_DOUBLES)
    return computer_player(table.key, seed, LEVELS[level])


def hand_result(table: Table, game: Game, before: tuple[int, ...], mine: set[int]) -> tuple[int, int, int, int]:
    """(won, decided, points made, points the other level made) for the level in seats ``mine`` over the hand just
    played (points: each side's gain in the hand, summed over the sides of each level)."""
    gains = [after - was for after, was in zip(game.score, before, strict=True)]
    ours_sides = {game.side_of(seat) for seat in mine}
    ours = sum(gains[side] for side in ours_sides)
    theirs = sum(gains) - ours
    if table.by_points:
        return int(ours > theirs), int(ours != theirs), ours, theirs
    outcome = game.round_outcome
    winners = set(outcome.winners) if outcome is not None else set()
    if not winners or (winners & mine and winners - mine):
        return 0, 0, ours, theirs
    return int(winners <= mine), 1, ours, theirs


def deal_rows(table: Table, pairing: str, deal: int) -> tuple[int, int, int, int]:
    """(won, decided, points made, points the other level made) for the first level of ``pairing`` over one deal
    played with each seating."""
    first, second = pairing.split("-")
    totals = [0, 0, 0, 0]
    for at in (0, 1):
        mine = {seat for seat in range(table.seats) if seat % 2 == at}
        players = [player(table, first if seat in mine else second, deal * 16 + at * 8 + seat)
                   for seat in range(table.seats)]
        game = new_game(table.key, table.seats, deal, table.options)
        before = game.score
        play_hand(game, players)
        totals = [a + b for a, b in zip(totals, hand_result(table, game, before, mine), strict=True)]
    if table.by_deal:
        return int(totals[2] > totals[3]), int(totals[2] != totals[3]), totals[2], totals[3]
    return totals[0], totals[1], totals[2], totals[3]


def bingo_scores(options: dict[str, Any], level: str, seeds: range) -> list[int]:
    """Tiles removed from each sheet by ``level``'s player."""
    removed = []
    for seed in seeds:
        game = new_game("bingo", 1, seed, options)
        chooser = computer_player("bingo", seed, LEVELS[level])
        while not game.is_over:
            game.apply(0, chooser.choose(game, 0))
        removed.append(game.score[0])
    return removed


def mean_interval(values: list[int], seed: int, rounds: int = 2000) -> tuple[float, float]:
    """A 95% bootstrap interval of the mean of ``values``."""
    import random

    rng = random.Random(seed)
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(rounds))
    return means[int(0.025 * rounds)], means[int(0.975 * rounds) - 1]


def measure_bingo(table: Table, deals: int, seed: int) -> dict[str, Any]:
    """Bingo's entry: each level's average tiles removed on the same sheets with the table's house rules, Normal's
    share of the sheets; and whether the levels play alike with the default rules (then it is all luck)."""
    seeds = range(seed * 100_000, seed * 100_000 + deals)
    removed = {level: bingo_scores(table.options, level, seeds) for level in ("easy", "normal")}
    default = {level: bingo_scores({}, level, seeds) for level in ("easy", "normal")}
    scores = []
    for level, values in removed.items():
        low, high = mean_interval(values, seed)
        scores.append({"level": level, "mean": round(statistics.fmean(values), 1), "low": round(low, 1),
                       "high": round(high, 1), "cleared": round(sum(v == 91 for v in values) / len(values), 3)})
    rows = [(int(n > e), int(n != e), n, e) for n, e in zip(removed["normal"], removed["easy"], strict=True)]
    pairing = summary("normal-easy", rows, seed, "games")
    alike = default["easy"] == default["normal"]
    return {"seats": 1, "options": table.options, "unit": "games", "scores": scores, "pairings": [pairing],
            "luck": alike, "default_alike": alike,
            "default_cleared": round(sum(v == 91 for v in default["normal"]) / deals, 3)}


def summary(pairing: str, rows: list[tuple[int, int, int, int]], seed: int, unit: str) -> dict[str, Any]:
    """A pairing's line of the data file."""
    level, opponent = pairing.split("-")
    won, decided = sum(r[0] for r in rows), sum(r[1] for r in rows)
    low, high = bootstrap(rows, seed)
    hands = len(rows) * (1 if unit == "games" else 2)  # points are per hand (per sheet in Bingo)
    return {"level": level, "opponent": opponent, "won": won, "decided": decided,
            "played": len(rows) if unit == "deals" else hands, "share": round(won / max(decided, 1), 3),
            "low": round(low, 3), "high": round(high, 3),
            "points": [round(sum(r[2] for r in rows) / hands, 2), round(sum(r[3] for r in rows) / hands, 2)]}


def measure(table: Table, scale: float, seed: int) -> dict[str, Any]:
    """A game's entry of the data file."""
    if table.key == "bingo":
        return measure_bingo(table, max(4, round(table.deals["normal-easy"] * scale)), seed)
    pairings = []
    unit = "deals" if table.by_deal else "hands"
    for pairing, deals in table.deals.items():
        started = time.process_time()
        count = max(2, round(deals * scale))
        rows = [deal_rows(table, pairing, seed * 100_000 + deal) for deal in range(count)]
        line = summary(pairing, rows, seed, unit)
        pairings.append(line)
        print(f"  {table.key} {pairing}: {line['share']:.1%} [{line['low']:.1%}-{line['high']:.1%}] of "
              f"{line['decided']} decided ({line['played']} {unit}; points a hand {line['points']}) "
              f"[{time.process_time() - started:.0f} CPU s]", flush=True)
    return {"seats": table.seats, "options": table.options, "unit": unit, "samples": table.samples,
            "pairings": pairings, "luck": mostly_luck(pairings)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every count (1: the published ladder)")
    parser.add_argument("--games", default="", help="comma-separated game keys (default: all 13)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DATA, help="the data file (kept: other games' entries stay)")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs page made from the data file")
    parser.add_argument("--merge", default="", help="comma-separated data files of runs over other games: their "
                        "entries are taken into --out (nothing is measured but --games)")
    args = parser.parse_args()
    chosen = set(filter(None, args.games.split(",")))
    unknown = chosen - {t.key for t in TABLES}
    if unknown or args.scale <= 0:
        parser.error(f"unknown games {sorted(unknown)}" if unknown else "--scale must be above 0")
    data: dict[str, Any] = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    games = data.get("games", {})
    for other in filter(None, args.merge.split(",")):
        games.update(json.loads(Path(other).read_text(encoding="utf-8"))["games"])
    for table in TABLES:
        if (chosen or args.merge) and table.key not in chosen:
            continue
        started = time.perf_counter()
        games[table.key] = {**measure(table, args.scale, args.seed), "scale": args.scale,
                            "measured": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")}
        print(f"{table.key}: done in {time.perf_counter() - started:.0f} s wall", flush=True)
    for entry in games.values():  # derived from the figures, with the rule of this version
        if entry["unit"] != "games":
            entry["luck"] = mostly_luck(entry["pairings"])
    data = {"command": COMMAND, "seed": args.seed, "games": {t.key: games[t.key] for t in TABLES if t.key in games}}
    args.out.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    args.docs.write_text(docs_page(data), encoding="utf-8")
    print(f"wrote {args.out} and {args.docs}")


if __name__ == "__main__":
    main()
