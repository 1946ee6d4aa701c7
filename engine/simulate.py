"""Play any game from the command line: computer players at scale, or one seat played by you.

    python -m engine.simulate draw --seats 4 --games 1000 --seed 1
    python -m engine.simulate muggins --seats 2 --human 0
    python -m engine.simulate texas42 --option texas_marks=on --players random
    python -m engine.simulate --replay table-12.json

It prints each seat's wins, average final score, rounds and actions per match, and games per second. A human
seat reads the game in the words the bot uses (``render.words``, which needs no Pillow). ``--replay`` prints a
saved game (a finished table's download from ``/replay``) step by step in those words, every hand shown.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from engine.ai import Player, computer_player
from engine.errors import BadOption, DominoError
from engine.events import Event, EventKind
from engine.game import Game, option_text
from engine.registry import catalogue, game_spec, new_game, replay

if TYPE_CHECKING:
    from render.words import Narrator


class Stop(Exception):
    """The person at the terminal stopped the game (``q``, or the end of the input)."""


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``name=value`` pairs from the command line (values are parsed by the game's option specs)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise BadOption(f"--option takes name=value, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def play_match(game: Game, players: Sequence[Player]) -> int:
    """Play ``game`` to the end with one player per seat; returns the number of actions taken."""
    actions = 0
    while not game.is_over:
        for seat in game.to_act:
            if seat not in game.to_act:  # settled by an earlier seat's action (a Muggins claim)
                continue
            game.apply(seat, players[seat].choose(game, seat))
            actions += 1
            if game.is_over:
                break
    return actions


def simulate(key: str, seats: int, games: int, seed: int, options: dict[str, Any], level: str) -> dict[str, Any]:
    """Play ``games`` matches between computer players and gather results."""
    wins = [0] * seats
    totals = [0] * seats
    rounds = actions = 0
    started = time.perf_counter()
    for number in range(games):
        game = new_game(key, seats, seed + number, options)
        players = [computer_player(key, seed * 1000 + number * 10 + s, level) for s in range(seats)]
        actions += play_match(game, players)
        rounds += game.round_no
        for s in game.winner:
            wins[s] += 1
        for s in range(seats):
            totals[s] += game.score[game.side_of(s)]
    elapsed = time.perf_counter() - started
    return {"wins": wins, "avg_score": [t / games for t in totals], "rounds": rounds / games,
            "actions": actions / games, "seconds": elapsed, "games_per_second": games / elapsed if elapsed else 0.0}


def narrator(game: Game) -> Narrator:
    """The words of ``game`` (the same words as the bot's, with the seats as ``Seat N``)."""
    from render.words import Narrator  # the edge's words: loaded only for a human seat

    return Narrator.of_game(game)


def tell(game: Game, events: Sequence[Event], seat: int, out: TextIO) -> None:
    """Write ``events`` in words, as ``seat`` may know them (another seat's tile marks are private)."""
    words = narrator(game)
    for event in events:
        if event.kind != EventKind.MARK or event.seat == seat:
            out.write(f"* {words.event(event)}\n")


def show_view(game: Game, seat: int, out: TextIO) -> None:
    """The human seat's picture of the table, in text."""
    view = game.view(seat)
    out.write("\n" + "-" * 60 + "\n")
    scores = ", ".join(f"{'/'.join(str(s + 1) for s in side)}: {pts}"
                       for side, pts in zip(view["sides"], view["scores"], strict=True))
    out.write(f"{view['title']} - round {view['round']} - scores {scores}\n")
    if view["family"] == "line" and view["line"]["center"]:
        ends = ", ".join(f"{arm} shows {value}" for arm, value in view["line"]["open_ends"])
        laid = len(game.zones().get("line", []))
        out.write(f"Line: {laid} tile{'' if laid == 1 else 's'}; open ends: {ends}\n")
    facts: Mapping[str, object] = view  # whichever of these keys the game's family has, shown as they are
    for key in ("contract", "trick", "pot", "stacks", "row", "count", "boneyard"):
        if facts.get(key) not in (None, [], {}):
            out.write(f"{key}: {facts[key]}\n")
    out.write("Tiles in hands: " + ", ".join(f"seat {s + 1}: {n}" for s, n in enumerate(view["hand_counts"])) + "\n")
    out.write(f"Your hand (seat {seat + 1}): {' '.join(view['hand'] or [])}\n")
    out.write(narrator(game).prompt(view["prompt"]) + "\n")


def human_turn(game: Game, seat: int, read: Callable[[], str], out: TextIO) -> None:
    """List the legal actions and apply the one chosen by number."""
    legal = game.legal_actions(seat)
    show_view(game, seat, out)
    for number, action in enumerate(legal, 1):
        out.write(f"  {number:>2}. {game.describe(action)}\n")
    while True:
        out.write("Your choice: ")
        out.flush()
        line = read()
        if not line:  # end of input: nobody is there to choose
            out.write("\n")
            raise Stop("end of input")
        answer = line.strip()
        if answer.lower() in ("q", "quit"):
            raise Stop("you quit")
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            break
        out.write(f"Type a number from 1 to {len(legal)} (or q to quit).\n")
    tell(game, game.apply(seat, legal[int(answer) - 1]), seat, out)


def play_human(key: str, seats: int, human: int, seed: int, options: dict[str, Any], level: str,
               read: Callable[[], str], out: TextIO) -> Game:
    """One match with ``human`` played from the terminal and computer players elsewhere."""
    game = new_game(key, seats, seed, options)
    players = [computer_player(key, seed * 10 + s, level) for s in range(seats)]
    tell(game, game.log, human, out)
    while not game.is_over:
        for seat in game.to_act:
            if seat == human:
                human_turn(game, seat, read, out)
            else:
                tell(game, game.apply(seat, players[seat].choose(game, seat)), human, out)
            if game.is_over:
                break
    out.write(f"\n{narrator(game).prompt(game.prompt())} Final scores: {list(game.score)}\n")
    return game


def print_replay(data: Any, out: TextIO) -> None:
    """A saved game, step by step, in words: each action's events, the hands as dealt, and the result."""
    from engine.replay import Replay

    shown = Replay(data)  # CorruptState for anything that is not a saved game
    for number, (game, _seat, _action, events) in enumerate(replay(data)):
        words = narrator(game)
        if number == 0:
            out.write(f"{game.spec.title}, {game.seats} seats, seed {data['seed']}: {shown.last} steps\n")
        for event in game.log if number == 0 else events:
            out.write(f"{number:>5} {words.event(event)}\n")
        if number in shown.hand_starts and not game.is_over:
            hands = (" ".join(game.view(s)["hand"] or []) or "-" for s in range(game.seats))
            out.write("      hands: " + "; ".join(f"seat {s + 1}: {h}" for s, h in enumerate(hands)) + "\n")
    final = shown.final
    out.write(f"{narrator(final).prompt(final.prompt())} Final scores: {list(final.score)}\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="?", help="game key (omit to list the games)")
    parser.add_argument("--seats", type=int, help="players (default: the game's smallest table)")
    parser.add_argument("--games", type=int, default=100, help="matches to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a house rule")
    parser.add_argument("--players", choices=("best", "random"), default="best", help="computer player level")
    parser.add_argument("--human", type=int, metavar="SEAT", help="play this seat (numbered from 0) yourself")
    parser.add_argument("--replay", metavar="FILE", help="print a saved game (JSON) step by step")
    args = parser.parse_args(argv)
    if args.replay:
        try:
            print_replay(json.loads(Path(args.replay).read_text(encoding="utf-8")), sys.stdout)
        except (OSError, ValueError) as error:  # (CorruptState is a ValueError)
            print(f"error: cannot replay {args.replay}: {error}", file=sys.stderr)
            return 2
        return 0
    if not args.game:
        for spec in catalogue().values():
            flags = ", ".join(f"{o.name}={option_text(o.default)}" for o in spec.options)
            print(f"{spec.key:14} {spec.title:28} seats {list(spec.seats)}  {flags}")
        return 0
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    try:
        spec = game_spec(args.game)
        seats = spec.seats[0] if args.seats is None else args.seats
        spec.validate(seats, {})  # a seat count the game allows, before anything is played
        if args.human is not None and not 0 <= args.human < seats:
            parser.error(f"--human names a seat from 0 to {seats - 1}, not {args.human}")
        options = parse_options(args.option)
        if args.human is not None:
            play_human(spec.key, seats, args.human, args.seed, options, args.players, sys.stdin.readline, sys.stdout)
            return 0
        result = simulate(spec.key, seats, args.games, args.seed, options, args.players)
    except DominoError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except Stop as stopped:
        print(f"Stopped: {stopped}. Bye.")
        return 0
    except KeyboardInterrupt:
        print("\nStopped. Bye.", file=sys.stderr)
        return 130
    print(f"{spec.title}: {args.games} matches, {seats} seats, seed {args.seed}, {args.players} players")
    for seat in range(seats):
        print(f"  seat {seat + 1}: {result['wins'][seat]:>5} wins, average final score {result['avg_score'][seat]:.1f}")
    print(f"  {result['rounds']:.2f} rounds and {result['actions']:.1f} actions per match")
    print(f"  {result['games_per_second']:.1f} games/s ({result['seconds']:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
