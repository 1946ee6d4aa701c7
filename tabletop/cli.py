"""The command line of ``python -m tabletop``: list the games, play a seat, replay a download, or run computer
matches at scale.

    python -m tabletop                                         # the games and their house rules
    python -m tabletop muggins --human 1 --level strong        # play seat 1 against Strong computers
    python -m tabletop --replay table-12.json                  # a downloaded game, step by step
    python -m tabletop draw --seats 4 --games 1000 --seed 1    # computer matches: results and games per second

The engine and the words are loaded only once the arguments (and a replay's file) have passed their checks, so a
refusal costs a few milliseconds.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tabletop.careful import Unreadable, read_saved

if TYPE_CHECKING:
    from engine.game import GameSpec
    from tabletop.players import Results
    from tabletop.voice import Voice


class Refused(Exception):
    """Something the person asked for cannot be done; the message says why, in one line."""


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``name=value`` pairs from the command line (values are parsed by the game's option specs)."""
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise Refused(f"--option takes name=value, not {pair!r}")
        options[name.strip()] = value.strip()
    return options


def parser() -> argparse.ArgumentParser:
    """The arguments."""
    ask = argparse.ArgumentParser(prog="python -m tabletop", description=(__doc__ or "").split("\n")[0])
    ask.add_argument("game", nargs="?", help="game key (omit to list the games)")
    ask.add_argument("--seats", type=int, help="players (default: the game's smallest table)")
    ask.add_argument("--human", type=int, metavar="SEAT", help="play this seat (numbered from 1) yourself")
    ask.add_argument("--level", default="normal", metavar="LEVEL[,LEVEL...]",
                     help="computer strength, easy, normal or strong: one for all, or one per seat (default normal)")
    ask.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a house rule")
    ask.add_argument("--seed", type=int, default=1, help="the deal (and the first match's) seed (default 1)")
    ask.add_argument("--games", type=int, default=100, help="computer matches to play (default 100)")
    ask.add_argument("--replay", metavar="FILE", help="tell a downloaded game (JSON) step by step")
    ask.add_argument("--lang", default="en", metavar="LANG",
                     help="the language of the table: en (default), es or pt_BR")
    return ask


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Command-line entry point; the exit code (2 for anything refused, with one line on standard error)."""
    out = stdout or sys.stdout
    try:
        args = parser().parse_args(argv)
    except SystemExit as exited:  # argparse has said what was wrong (or printed the help)
        return exited.code if isinstance(exited.code, int) else 2
    try:
        if args.replay:
            return replay_file(Path(args.replay), args.lang, out)
        return run_game(args, stdin or sys.stdin, out)
    except Refused as refused:
        print(f"error: {' '.join(str(refused).split())[:300]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nStopped. Bye.", file=sys.stderr)
        return 130


def voice(lang: str) -> Voice:
    """The words at the table, in ``lang``."""
    from render.language import LANGUAGES
    from tabletop.voice import Voice

    if lang != "en" and lang not in LANGUAGES:
        raise Refused(f"--lang takes en, {', '.join(LANGUAGES)}, not {lang!r}")
    return Voice(None if lang == "en" else lang)


def replay_file(path: Path, lang: str, out: TextIO) -> int:
    """Tell a downloaded game; a file that is not one is refused in one line."""
    try:
        data = read_saved(path)
    except Unreadable as error:
        raise Refused(f"cannot replay {path}: {error}") from error
    from engine.errors import DominoError
    from tabletop.saved import print_replay

    try:
        print_replay(data, voice(lang), out)
    except DominoError as error:  # engine.load's CorruptState for anything it cannot replay
        raise Refused(f"cannot replay {path}: {error}") from error
    except (Refused, BrokenPipeError):  # (a reader that stopped reading: python -m tabletop ends quietly)
        raise
    except Exception as error:  # a file from anywhere: whatever it does, the person gets one line, not a traceback
        raise Refused(f"cannot replay {path}: not a saved game this engine can replay ({type(error).__name__})") \
            from error
    return 0


def run_game(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """The list of games, a match with a person at one seat, or computer matches at scale."""
    from engine.errors import DominoError
    from tabletop.match import Stop

    try:
        if not args.game:
            list_games(out)
            return 0
        return play_or_simulate(args, stdin, out)
    except DominoError as error:
        raise Refused(str(error)) from error
    except Stop as stopped:
        out.write(f"{stopped}\n")
        return 0


def list_games(out: TextIO) -> None:
    """Each game's key, title, seat counts and house rules with their defaults."""
    from engine.game import option_text
    from engine.registry import catalogue

    for spec in catalogue().values():
        flags = ", ".join(f"{o.name}={option_text(o.default)}" for o in spec.options)
        seats = ", ".join(str(s) for s in spec.seats)
        out.write(f"{spec.key:14} {spec.title:28} seats {seats:14} {flags}\n")


def play_or_simulate(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    """A match with a person at one seat, or computer matches at scale."""
    from engine.registry import game_spec
    from tabletop.match import Terminal, play_human
    from tabletop.players import parse_levels, simulate

    spoken = voice(args.lang)
    spec = game_spec(args.game)
    seats = spec.seats[0] if args.seats is None else args.seats
    spec.validate(seats, {})  # a seat count the game allows, before anything is played
    levels = parse_levels(args.level, seats)
    options = parse_options(args.option)
    if args.human is not None:
        if not 1 <= args.human <= seats:
            raise Refused(f"--human names a seat from 1 to {seats}, not {args.human}")
        spoken.you = args.human - 1
        width = min(160, max(60, shutil.get_terminal_size((100, 24)).columns))
        play_human(spec.key, seats, args.seed, options, levels, spoken, Terminal(stdin.readline, out, width))
        return 0
    if args.games < 1:
        raise Refused(f"--games must be at least 1, not {args.games}")
    report(spec, seats, args, simulate(spec.key, seats, args.games, args.seed, options, levels), out)
    return 0


def report(spec: GameSpec, seats: int, args: argparse.Namespace, results: Results, out: TextIO) -> None:
    """The computer matches' results: wins and average final score per seat, rounds, actions, speed."""
    out.write(f"{spec.title}: {results.matches} matches, {seats} seats, seed {args.seed}, level {args.level}\n")
    for seat in range(seats):
        out.write(f"  seat {seat + 1}: {results.wins[seat]:>5} wins, average final score "
                  f"{results.average_score[seat]:.1f}\n")
    out.write(f"  {results.rounds:.2f} rounds and {results.actions:.1f} actions per match\n")
    out.write(f"  {results.games_per_second:.1f} games/s ({results.seconds:.2f} s)\n")
