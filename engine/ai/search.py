"""A general search player: determinized Monte Carlo ("perfect-information Monte Carlo").

To choose for ``seat`` the player deals out many possible worlds consistent with what the seat may know, through the
observation API (:mod:`engine.observation`): the tiles it cannot see are dealt again among the hidden places (the
other hands, the boneyard, dead or face-down tiles), each place keeping its size, every tile the seat knows the
whereabouts of staying put, and no seat given a tile the public play has shown it does not hold. In each world
every legal action is tried and the rest of the round (hand) is played out by fast playout players; an action is
rated by the seat's side's points gained minus the best other side's (turned round where the lowest total wins,
:attr:`Game.lowest_wins`), plus a bonus or penalty if the match ends. The best average wins.

Layout games (:class:`engine.linegame.LineGame`) and trick games (:class:`engine.trickgame.TrickGame`) are searched;
other games (Poker, Bingo) get the game's own heuristic player.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Protocol

from engine.actions import Action
from engine.game import Game
from engine.observation import Observation, determinize

SEARCHED_FAMILIES = ("line", "trick")
MAX_PLAYOUT_ACTIONS = 4000
MAX_SEARCHED_ACTIONS = 32  # more choices than this (Black Tile's 35 or 84 ways to pass three) go to the heuristic

PlayerFactory = Callable[[int], "PlayoutPlayer"]


class PlayoutPlayer(Protocol):
    """The protocol of a playout player (any :class:`engine.ai.Player`)."""

    def choose(self, game: Game, seat: int) -> Action:
        """One of ``game.legal_actions(seat)``."""
        ...


# ----- playouts ---------------------------------------------------------------------------------------------------
def play_round(world: Game, players: list[PlayoutPlayer]) -> None:
    """Play ``world`` on until the current round (hand) is over or the match ends."""
    start = world.round_no
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if world.is_over or world.round_no != start:
            return
        for seat in world.to_act:
            if seat not in world.to_act:  # settled by an earlier seat's action (a Muggins claim)
                continue
            world.apply(seat, players[seat].choose(world, seat))
            if world.is_over or world.round_no != start:
                return


def outcome(world: Game, before: tuple[int, ...], seat: int, bonus: float) -> float:
    """How good the world's result is for ``seat``: its side's gain minus the best other side's (the lowest gain
    counts where the lowest total wins), plus ``bonus`` for winning the match (minus it for losing)."""
    gains = [after - was for after, was in zip(world.score, before, strict=True)]
    side = world.side_of(seat)
    others = [g for s, g in enumerate(gains) if s != side] or [0]
    value = float(min(others) - gains[side] if world.lowest_wins else gains[side] - max(others))
    if world.is_over:
        value += bonus if seat in world.winner else -bonus
    return value


# ----- the player -------------------------------------------------------------------------------------------------
class SearchPlayer:
    """Determinized Monte Carlo: ``samples`` possible deals of the unseen tiles, every legal action played out to
    the end of the round in each, the best average result chosen. At most ``max_seconds`` per decision (once one
    sample is complete); ``max_seconds=None`` makes the choice depend only on the seed. ``playout`` is ``heuristic``
    (the game's own computer player), ``random``, or ``auto``: random for layout games scored only at the end of a
    round (four to six times the samples, and stronger in Block and Draw), the heuristic elsewhere (random bidding
    and in-play scoring make random playouts misleading: benchmarks/search_ai_strength.py). Other families, and
    choices among more than ``MAX_SEARCHED_ACTIONS`` actions, are left to the game's own heuristic player."""

    name = "search"

    def __init__(self, seed: int = 0, samples: int = 24, max_seconds: float | None = 0.5,
                 playout: str = "auto") -> None:
        self.rng = random.Random(seed)
        self.samples = samples
        self.max_seconds = max_seconds
        self.playout = playout
        self.last_samples = 0

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        if game.spec.family not in SEARCHED_FAMILIES or len(legal) > MAX_SEARCHED_ACTIONS:
            return _own_player(game.key, self.rng.getrandbits(32)).choose(game, seat)
        totals = self.search(game, seat, legal, game.observe(seat))
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]

    def search(self, game: Game, seat: int, legal: list[Action], seen: Observation) -> list[float]:
        """The summed results of each legal action over the samples completed within the budget, each sample a
        deal of the unseen tiles that agrees with ``seen`` (what ``seat`` knows)."""
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        bonus = float(seen.target or 100)
        totals = [0.0] * len(legal)
        done = 0
        for _ in range(self.samples):
            world = determinize(game, seat, self.rng, seen)
            seed = self.rng.getrandbits(32)
            results: list[float] = []
            for action in legal:
                if done and deadline is not None and time.perf_counter() > deadline:
                    break
                trial = world.clone()
                trial.apply(seat, action)
                play_round(trial, self.players(game, seed))
                results.append(outcome(trial, game.score, seat, bonus))
            if len(results) < len(legal):
                break
            totals = [t + r for t, r in zip(totals, results, strict=True)]
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_samples = done
        return totals

    def players(self, game: Game, seed: int) -> list[PlayoutPlayer]:
        """Fresh playout players for every seat (the same seeds for every action tried in one sample)."""
        fast = self.playout == "random" or (self.playout == "auto" and _round_end_scoring(game))
        level = "random" if fast else "best"
        return [_own_player(game.key, seed + s, level) for s in range(game.seats)]


def _round_end_scoring(game: Game) -> bool:
    """True for a layout game that scores only at the end of a round (Block, Draw, Matador...)."""
    return game.spec.family == "line" and not game.SCORES_IN_PLAY


def _own_player(key: str, seed: int, level: str = "best") -> PlayoutPlayer:
    from engine.ai import computer_player  # engine.ai imports this module for level "search"

    return computer_player(key, seed, level)

