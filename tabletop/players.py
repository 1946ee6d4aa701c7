"""The computer players at the terminal table, and matches between them at scale.

The strengths are the bot's (Easy, Normal, Strong: :data:`engine.ai.LEVELS`), each the engine's player of that level
(:func:`engine.ai.computer_player`): a table in the terminal plays like a table in Discord.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai import LEVELS, Player, computer_player
from engine.errors import BadOption
from engine.game import Game
from engine.registry import new_game


def parse_levels(text: str, seats: int) -> list[str]:
    """``strong`` (every seat) or ``strong,normal,easy`` (one per seat) as one level per seat."""
    names = [name.strip().lower() for name in text.split(",")]
    unknown = [name for name in names if name not in LEVELS]
    if unknown:
        raise BadOption(f"--level takes {', '.join(LEVELS)}, not {unknown[0]!r}")
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise BadOption(f"--level names one level, or one for each of the {seats} seats (not {len(names)})")
    return names


def players(key: str, levels: Sequence[str], seed: int) -> list[Player]:
    """One computer player per seat at the given levels, each seeded from ``seed`` (so a match replays)."""
    return [computer_player(key, seed * 16 + seat, LEVELS[level]) for seat, level in enumerate(levels)]


def play_match(game: Game, seated: Sequence[Player]) -> int:
    """Play ``game`` to the end with one player per seat; returns the number of actions taken."""
    actions = 0
    while not game.is_over:
        for seat in game.to_act:
            if seat not in game.to_act:  # settled by an earlier seat's action (a Muggins claim)
                continue
            game.apply(seat, seated[seat].choose(game, seat))
            actions += 1
            if game.is_over:
                break
    return actions


@dataclass(frozen=True)
class Results:
    """What a run of computer matches gave: per seat, and per match on average."""

    matches: int
    wins: list[int]
    average_score: list[float]
    rounds: float
    actions: float
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Matches played a second."""
        return self.matches / self.seconds if self.seconds else 0.0


def simulate(key: str, seats: int, games: int, seed: int, options: dict[str, Any], levels: Sequence[str]) -> Results:
    """Play ``games`` matches between computer players (seeds ``seed``, ``seed + 1``...) and gather results."""
    wins = [0] * seats
    totals = [0] * seats
    rounds = actions = 0
    started = time.perf_counter()
    for number in range(games):
        game = new_game(key, seats, seed + number, options)
        actions += play_match(game, players(key, levels, seed * 1000 + number))
        rounds += game.round_no
        for seat in game.winner:
            wins[seat] += 1
        for seat in range(seats):
            totals[seat] += game.score[game.side_of(seat)]
    elapsed = time.perf_counter() - started
    return Results(games, wins, [total / games for total in totals], rounds / games, actions / games, elapsed)
