"""One match at the terminal: a person plays one seat, computer players the others.

On each of the person's turns the table is shown (:mod:`tabletop.screen`) with the legal moves numbered; a number
plays that move, ``q`` (or the end of the input) stops. Everything that happens is told in the bot's words, as the
person's seat may know it (another seat's private tile marks are not told).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from engine.events import Event, EventKind
from engine.game import Game
from engine.registry import new_game
from tabletop.players import players
from tabletop.screen import screen
from tabletop.voice import Voice

MANY_MOVES = 12  # more moves than this are listed in columns


class Stop(Exception):
    """The person at the terminal stopped the game (``q``, or the end of the input); the message says so."""


@dataclass(frozen=True)
class Terminal:
    """Where the person's answers come from and the table goes to."""

    read: Callable[[], str]  # one line, "" at the end of the input (``sys.stdin.readline``)
    out: TextIO
    width: int = 100


def tell(game: Game, events: Sequence[Event], voice: Voice, out: TextIO) -> None:
    """Write ``events`` in words, as the person's seat may know them."""
    words = voice.narrator(game)
    for event in events:
        if event.kind != EventKind.MARK or event.seat == voice.you:
            out.write(f"* {words.event(event)}\n")


def numbered(labels: Sequence[str], width: int) -> list[str]:
    """The moves numbered from 1, one a row, or in columns when there are many."""
    items = [f"{number:>3}. {label}" for number, label in enumerate(labels, 1)]
    if len(items) <= MANY_MOVES:
        return items
    cell = max(len(item) for item in items) + 2
    columns = max(1, width // cell)
    per_column = -(-len(items) // columns)
    return ["".join(f"{items[row + col * per_column]:<{cell}}" for col in range(columns)
                    if row + col * per_column < len(items)).rstrip() for row in range(per_column)]


def ask(term: Terminal, voice: Voice, count: int) -> int:
    """The number (from 1) of the move the person chooses; asks again after anything else."""
    while True:
        term.out.write(voice.t("Your choice (1 to {count}, q to quit): ", count=count))
        term.out.flush()
        line = term.read()
        if not line:  # the end of the input: nobody is there to choose
            term.out.write("\n")
            raise Stop(voice.t("Stopped: {why}. Bye.", why=voice.t("end of input")))
        answer = line.strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise Stop(voice.t("Stopped: {why}. Bye.", why=voice.t("you quit")))
        if answer.isdigit() and 1 <= int(answer) <= count:
            return int(answer)
        term.out.write(voice.t("{answer} is not a move: type a number from 1 to {count}, or q to quit.",
                               answer=repr(answer[:20]) if answer else voice.t("An empty line"), count=count) + "\n")


def human_turn(game: Game, seat: int, voice: Voice, term: Terminal) -> None:
    """Show the table, list the legal moves and play the one chosen."""
    legal = game.legal_actions(seat)
    term.out.write("\n".join(screen(game, seat, voice, term.width)) + "\n")
    term.out.write("\n".join(numbered([voice.move(game, action) for action in legal], term.width)) + "\n")
    choice = legal[ask(term, voice, len(legal)) - 1]
    tell(game, game.apply(seat, choice), voice, term.out)


def play_human(key: str, seats: int, seed: int, options: dict[str, Any], levels: Sequence[str], voice: Voice,
               term: Terminal) -> Game:
    """One match with the seat ``voice.you`` played at the terminal and computer players at ``levels`` elsewhere."""
    game = new_game(key, seats, seed, options)
    seated = players(key, levels, seed)
    tell(game, game.log, voice, term.out)
    while not game.is_over:
        for seat in game.to_act:
            if seat not in game.to_act:  # settled by an earlier seat's action (a Muggins claim)
                continue
            if seat == voice.you:
                human_turn(game, seat, voice, term)
            else:
                tell(game, game.apply(seat, seated[seat].choose(game, seat)), voice, term.out)
            if game.is_over:
                break
    term.out.write("\n" + result_line(game, voice) + "\n")
    return game


def result_line(game: Game, voice: Voice) -> str:
    """How the match ended, in one line: the winner and every side's final total (Bingo: cleared or lost)."""
    words = voice.narrator(game)
    if game.spec.family == "bingo":
        return words.prompt(game.prompt())
    ended = next((e.outcome for e in reversed(game.log) if e.kind == EventKind.MATCH_OVER and e.outcome), None)
    if ended is None:
        return words.prompt(game.prompt())
    return words.standings(ended)
