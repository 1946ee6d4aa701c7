"""Strength of the Block computer players in the four-hand partnership game (RULES BLK-4), against the `dominoes`
package's ``double`` and ``bota_gorda`` players, and Strong against Normal.

    nice -n 10 .venv/bin/python benchmarks/partnership_strength.py [--deals 200] [--samples 48] [--seed 1]
        [--pairs strong-double,normal-double,strong-bota_gorda,normal-bota_gorda,strong-normal] [--check 300]
        [--strong endgame=16,...] [--save run.json] [--against earlier.json] [--sees all|partner|next]

The game is the `dominoes` package's own: double-six, seats 0+2 against 1+3, 7 tiles each, 6-6 opens, and the side
that goes out (or holds fewer pips when blocked) wins the hand. Each deal is played twice, the two sides swapping
seats (so each side holds each pair of hands once); a line gives the first player's share of the decided hands (a
tied block decides nothing) with a 95% bootstrap interval over deals, its points per hand against the other side's,
and for the Strong player the thinking time per move it had to think about (thread CPU time, so the other work on
a shared machine does not count; a move with one legal action is answered at once and not counted). ``lobby`` is
Strong as the bot runs it (``computer_player(key, seed, "search")``: on its clock, so its play depends on the
machine's load); its line adds the wall time per move. ``--strong`` settings (``endgame=0``...) apply to both.
``--save`` keeps each deal's result, and ``--against`` a saved run on the same deals (the same seed) prints the
paired difference in the share won, with a deal bootstrap interval (tighter than comparing two intervals).

``--sees all`` (or ``partner``, ``next``) is a yardstick of what the hidden tiles are worth: the Strong players deal
every sample with the real hands (or with the real hand of the partner, or of the next seat).

``double`` and ``bota_gorda`` are re-implemented on our engine (:class:`PackagePlayer`); ``--check N`` first plays N
deals both in the package (with its own players) and in our engine (with the re-implementations, given the order
the package dealt each hand in) and requires the same tiles played in the same order and the same result.
The Strong player runs with a fixed sample count (``--samples``) and no time limit, so a run is repeatable.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.actions import Action, Pass, Play
from engine.ai import Player, computer_player
from engine.game import Game
from engine.registry import new_game
from engine.tiles import Tile, double_set

OPTIONS = {"set": 6, "partners": True, "target": 200}  # no first hand reaches 200: every hand is played out
KINDS = ("double", "bota_gorda")


# ----- the dominoes package's players, on our engine ----------------------------------------------------------------
class PackagePlayer:
    """``dominoes.players.double`` or ``bota_gorda`` on our engine. The package sorts the valid moves by its key
    (doubles first; heaviest first), stably, so ties go in the order of the hand as dealt and, for one tile, the
    left end before the right; it then makes the first move. ``order`` gives the tiles' dealt order for the check
    against the package; otherwise each hand gets a random dealt order, as the package's shuffled deal does."""

    def __init__(self, kind: str, seed: int = 0, order: Sequence[Tile] = ()) -> None:
        self.name = kind
        self.kind = kind
        self.rng = random.Random(seed)
        self.fixed = {tile: at for at, tile in enumerate(order)}
        self.rank: dict[Tile, int] = {}
        self.round = -1

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if legal == [Pass()]:
            return legal[0]
        if self.fixed:
            self.rank = self.fixed
        elif game.round_no != self.round:  # a new deal: a new dealt order
            tiles = list(double_set(6))
            self.rng.shuffle(tiles)
            self.rank, self.round = {tile: at for at, tile in enumerate(tiles)}, game.round_no
        plays = [a for a in legal if isinstance(a, Play)]
        return min(plays, key=self.key)

    def key(self, play: Play) -> tuple[int, int, int]:
        tile = play.tile
        first = int(not tile.is_double) if self.kind == "double" else -tile.pips
        return first, self.rank[tile], 0 if play.end == "W" else 1


def check_against_package(deals: int, seed: int) -> None:
    """Play ``deals`` deals in the package and in our engine, with the package's players and the re-implementation
    on alternate sides (double for 0+2 in even deals), and require the same play and the same result."""
    import dominoes

    for number in range(deals):
        random.seed(seed * 7919 + number)
        game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
        opener = game.starting_player
        hands = [[Tile.of(d.first, d.second) for d in hand] for hand in game.hands]
        hands[opener].insert(0, Tile.of(6, 6))
        kinds = [KINDS[(seat + number) % 2] for seat in range(4)]
        package = [getattr(dominoes.players, kind) for kind in kinds]
        while game.result is None:
            package[game.turn](game)
            game.make_move(*game.valid_moves[0])
        theirs = [(m[0].first + m[0].second, {m[0].first, m[0].second}) for m in game.moves[1:] if m is not None]
        ours = new_game("block", 4, 1, {**OPTIONS, "deal": [[str(t) for t in h] for h in hands]})
        players = [PackagePlayer(kinds[seat], 0, hands[seat]) for seat in range(4)]
        played = play_hand(ours, players)
        mine = [(t.pips, {t.high, t.low}) for t in played]
        outcome = ours.round_outcome
        assert outcome is not None
        points = outcome.points[0] or -outcome.points[1]
        if mine != theirs or points != game.result.points:
            raise SystemExit(f"deal {number}: the re-implementation differs from the package "
                             f"({points} v {game.result.points} points)")
    print(f"check: {deals} deals played alike by the package and the re-implementation (moves and results)")


# ----- matches ------------------------------------------------------------------------------------------------------
class Timed:
    """A player wrapper recording the thread CPU time of every decision with more than one legal action."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self.times: list[float] = []
        self.walls: list[float] = []
        self.samples: list[int] = []  # a search player's samples completed, per decision it searched

    def choose(self, game: Game, seat: int) -> Action:
        if len(game.legal_actions(seat)) == 1:
            return self.player.choose(game, seat)
        started, wall = time.thread_time(), time.perf_counter()
        action = self.player.choose(game, seat)
        self.times.append(time.thread_time() - started)
        self.walls.append(time.perf_counter() - wall)
        searched = getattr(self.player, "last_samples", 0)
        if searched:
            self.samples.append(searched)
            self.player.last_samples = 0  # an obvious move next time leaves it unchanged
        return action


def play_hand(game: Game, players: Sequence[Player]) -> list[Tile]:
    """Play ``game``'s current hand to its end; the tiles played after the opening, in order."""
    start = game.round_no
    played = []
    while not game.is_over and game.round_no == start:
        seat = game.to_act[0]
        action = players[seat].choose(game, seat)
        if isinstance(action, Play):
            played.append(action.tile)
        game.apply(seat, action)
    return played


Factory = Callable[[int], Player]


def factories(samples: int, strong: dict[str, Any] | None = None) -> dict[str, Factory]:
    """The players by name (each made from a seed); ``strong``: settings of the Strong player to try (for ``lobby``
    too, over the bot's own)."""
    from engine.ai.search import SearchPlayer

    def lobby(seed: int) -> Player:  # Strong as the bot runs it: on its clock
        player = computer_player("block", seed, "search")
        for name, value in (strong or {}).items():
            setattr(player, name, value)
        return player

    return {
        "strong": lambda seed: SearchPlayer(seed, samples=samples, max_seconds=None, **(strong or {})),
        "lobby": lobby,
        "normal": lambda seed: computer_player("block", seed),
        "double": lambda seed: PackagePlayer("double", seed),
        "bota_gorda": lambda seed: PackagePlayer("bota_gorda", seed),
    }


Row = tuple[int, int, int, int]


def deal_result(deal_seed: int, first: Factory, second: Factory, timed: list[Timed]) -> Row:
    """(hands won, hands decided, points won, points lost) for ``first`` over one deal played twice, first at
    seats 0+2 and then at 1+3, on the same hands."""
    won = decided = gained = lost = 0
    for at in (0, 1):
        players: list[Player] = []
        for seat in range(4):
            make = first if seat % 2 == at else second
            player = Timed(make(deal_seed * 8 + at * 4 + seat))
            timed.append(player)
            players.append(player)
        game = new_game("block", 4, deal_seed, OPTIONS)
        play_hand(game, players)
        outcome = game.round_outcome
        assert outcome is not None
        if outcome.sides:
            decided += 1
            won += outcome.sides == (at,)
        gained += outcome.points[at]
        lost += outcome.points[1 - at]
    return won, decided, gained, lost


def bootstrap(rows: list[Row], seed: int, rounds: int = 2000) -> tuple[float, float]:
    """A 95% bootstrap interval of the share of decided hands won, resampling deals."""
    rng = random.Random(seed)
    shares = []
    for _ in range(rounds):
        pick = [rows[rng.randrange(len(rows))] for _ in rows]
        decided = sum(r[1] for r in pick)
        shares.append(sum(r[0] for r in pick) / decided if decided else 0.5)
    shares.sort()
    return shares[int(0.025 * rounds)], shares[int(0.975 * rounds) - 1]


def paired_difference(rows: list[Row], base: list[Row], seed: int, rounds: int = 2000) -> tuple[float, float, float]:
    """How much higher the share of decided hands won is in ``rows`` than in ``base`` (a run on the same deals),
    and a 95% bootstrap interval resampling deals together (most deals play alike, so it is tighter than the two
    runs' own intervals)."""
    rng = random.Random(seed)
    count = min(len(rows), len(base))

    def share(picked: list[Row]) -> float:
        decided = sum(r[1] for r in picked)
        return sum(r[0] for r in picked) / decided if decided else 0.5

    differences = []
    for _ in range(rounds):
        pick = [rng.randrange(count) for _ in range(count)]
        differences.append(share([rows[i] for i in pick]) - share([base[i] for i in pick]))
    differences.sort()
    return (share(rows[:count]) - share(base[:count]), differences[int(0.025 * rounds)],
            differences[int(0.975 * rounds) - 1])


def measure(pair: str, args: argparse.Namespace, saved: dict[str, list[Row]]) -> str:
    """One pairing's line (its per-deal rows go into ``saved``)."""
    name_a, name_b = pair.split("-")
    made = factories(args.samples, dict(_setting(item) for item in filter(None, args.strong.split(","))))
    timed: list[Timed] = []
    started = time.perf_counter()
    rows = [deal_result(args.seed * 100_000 + deal, made[name_a], made[name_b], timed) for deal in range(args.deals)]
    took = time.perf_counter() - started
    saved[pair] = rows
    won, decided = sum(r[0] for r in rows), sum(r[1] for r in rows)
    low, high = bootstrap(rows, args.seed)
    hands = 2 * len(rows)
    mine, theirs = sum(r[2] for r in rows) / hands, sum(r[3] for r in rows) / hands
    line = (f"{name_a:>6} v {name_b:<10} {won / decided:6.1%} [{low:.1%}-{high:.1%}] of {decided} decided "
            f"({hands} hands)  points/hand {mine:5.1f} v {theirs:5.1f}")
    thinker = [p for p in timed if p.name == "search" and name_a in ("strong", "lobby")]
    cpu, wall = [t for p in thinker for t in p.times], [t for p in thinker for t in p.walls]
    for what, times in (("cpu", cpu), ("wall", wall)):
        if times and (what == "cpu" or name_a == "lobby"):
            ms = sorted(1000 * t for t in times)
            line += (f"  {what} ms/move median {statistics.median(ms):.0f} p95 {ms[int(0.95 * len(ms)) - 1]:.0f}"
                     f" max {ms[-1]:.0f}")
    samples = sorted(n for p in thinker for n in p.samples)
    if samples:  # on a clock, the samples a searched move completed (fewer on a busy machine)
        line += (f"  samples/searched move median {statistics.median(samples):.0f} p5 {samples[len(samples) // 20]}"
                 f" mean {statistics.fmean(samples):.0f}")
    if args.against:  # the same pairing on the same deals, saved by an earlier run
        base = json.loads(Path(args.against).read_text()).get(f"{args.seed}:{pair}")
        if base:
            difference, low, high = paired_difference(rows, [tuple(r) for r in base], args.seed)
            line += f"  v {args.against}: {difference:+.1%} [{low:+.1%} {high:+.1%}] paired over {len(base)} deals"
    return line + f"  [{took:.0f} s]"


def let_strong_see(what: str) -> None:
    """What the hidden tiles are worth (a yardstick, not a fair player): every Strong player's deals give it
    ``all`` the real hands, or the real hand of its ``partner`` or of the ``next`` seat (an opponent) and the rest
    at random, consistently with what it knows. The search module's dealing is replaced for the whole run."""
    from engine.ai import search

    fair = search.determinize

    def seeing(game: Game, seat: int, rng: random.Random, seen: Any = None, dealt: Any = None) -> Game:
        if what == "all":
            return game.clone()
        seen = game.observe(seat) if seen is None else seen
        shown = (seat + 2) % 4 if what == "partner" else (seat + 1) % 4
        hands, unseen = game.hand_lists(), frozenset(seen.unseen)
        out = tuple(frozenset() if other == seat else unseen - set(hands[shown]) if other == shown
                    else frozenset(hands[shown]) for other in range(game.seats))
        return fair(game, seat, rng, seen.narrowed(out), None)

    search.determinize = seeing
    search.all_deals = lambda seen, limit: None


def _setting(item: str) -> tuple[str, Any]:
    name, _, raw = item.partition("=")
    value: Any = raw
    for kind in (int, float):
        try:
            value = kind(raw)
            break
        except ValueError:
            continue
    return name, value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=200, help="deals per pairing (each played twice)")
    parser.add_argument("--samples", type=int, default=48, help="the Strong player's samples per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", default="strong-double,normal-double,strong-bota_gorda,normal-bota_gorda,"
                                            "strong-normal")
    parser.add_argument("--strong", default="", help="Strong player settings to try, e.g. hand_bonus=10,exact=0")
    parser.add_argument("--check", type=int, default=300, help="deals checked against the package (0: none)")
    parser.add_argument("--save", default="", help="write each pairing's per-deal results to this JSON file")
    parser.add_argument("--against", default="",
                        help="a --save file of a run on the same deals: print the paired difference from it")
    parser.add_argument("--sees", choices=("all", "partner", "next"), default="",
                        help="a yardstick: Strong deals with the real hands (all), its partner's or the next seat's")
    args = parser.parse_args(argv)
    if args.sees:
        let_strong_see(args.sees)
    if args.check:
        check_against_package(args.check, args.seed)
    print(f"partnership double-six Block, {args.deals} deals x 2 seatings per pairing, Strong {args.samples} samples")
    saved: dict[str, list[Row]] = {}
    for pair in args.pairs.split(","):
        print(measure(pair, args, saved), flush=True)
    if args.save:
        Path(args.save).write_text(json.dumps({f"{args.seed}:{pair}": rows for pair, rows in saved.items()}))


if __name__ == "__main__":
    main()
