"""Strong Domino Poker: the bettor's choices searched over the hands the opponents' bets make likely.

At a betting decision the search player (:class:`engine.ai.search.SearchPlayer`, the Strong level) deals the tiles
it cannot see again many times, through the observation API, and weighs each deal by how likely the opponents' bets
this round were with the hands it gives them. That likelihood is read with the Normal player's own rule
(:func:`engine.ai.poker.bet_choice`: its noise, bluffs and loose calls included), softened by :data:`FLOOR` for
each bet so that a player who bets otherwise, a person, only shifts the weights. In each deal every legal action is
tried and the rest of the hand played out by the Normal bettor in every seat; the action with the most chips won on
the weighted average is chosen. A forced move is answered at once, and exchanges (the ``poker_draw`` option) are
the Normal player's.

Only the bets since the last exchange are read: an exchange changes the hand the earlier bets were made with.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.actions import Action, Call
from engine.ai.poker import BLUFF, LOOSE_CALL, NOISE, PokerBettor, bet_choice, win_chance
from engine.ai.sampling import sample_actions
from engine.events import EventKind
from engine.game import Game
from engine.observation import determinize
from engine.poker_betting import Betting
from engine.views import poker_view

if TYPE_CHECKING:  # the search player calls this module: at run time it imports nothing of it
    from engine.ai.search import SearchPlayer

#: The least weight one read bet leaves a deal: the chance that the opponent bets by another rule than Normal's.
FLOOR = 0.1
NOISE_POINTS = 11  # where the bettor's noise is sampled, evenly across [-NOISE, +NOISE]
MAX_PLAYOUT_ACTIONS = 200  # a hand has far fewer: a bound, not a rule


@dataclass(frozen=True)
class Read:
    """One opponent's bet this round and what it faced: its legal actions, the chips to call, the pot, and how
    many opponents it had."""

    seat: int
    action: Action
    legal: tuple[Action, ...]
    to_call: int
    pot: int
    opponents: int


def reads(game: Game, seat: int) -> list[Read]:
    """The other seats' bets since the deal or the last exchange, each with what it faced, rebuilt from the public
    log: the chips each seat had at the deal (the score), the ante, and the bets in turn."""
    log = game.log
    start = max((i for i, e in enumerate(log) if e.kind == EventKind.DEAL), default=None)
    if start is None:
        return []
    out = set(poker_view(game.view(seat))["out"])
    live = [s for s in range(game.seats) if s not in out]
    betting = Betting(game.seats, stacks=list(game.score), live=live)
    found: list[Read] = []
    for event in log[start + 1:]:
        if event.kind == EventKind.ANTE and event.amount is not None:
            for s in live:
                betting.ante(s, event.amount)
            betting.new_round()
        elif event.kind == EventKind.DRAW:
            betting.new_round()
            found = []  # the exchanges change the hands those bets were made with
        elif event.kind == EventKind.BET and event.seat is not None and event.action is not None:
            who = event.seat
            if who != seat:
                found.append(Read(who, event.action, tuple(betting.options(who)), betting.to_call(who), betting.pot,
                                  len(betting.standing()) - 1))
            betting.act(who, event.action)
    return found


def never() -> float:
    """A chance source that never bluffs or calls anyway (for :func:`engine.ai.poker.bet_choice`)."""
    return 1.0


def always() -> float:
    """A chance source that bluffs or calls anyway whenever the bettor may."""
    return 0.0


OFFSETS = tuple(-NOISE + 2 * NOISE * k / (NOISE_POINTS - 1) for k in range(NOISE_POINTS))


def chance_of(read: Read, strength: float) -> float:
    """The chance that the Normal bettor, holding a hand of ``strength`` (before its noise), made ``read``'s bet."""
    legal = list(read.legal)
    maybe = BLUFF if Call("check") in legal else LOOSE_CALL
    total = 0.0
    for offset in OFFSETS:
        noisy = strength + offset
        total += (1 - maybe) * (bet_choice(noisy, read.to_call, read.pot, legal, never) == read.action)
        total += maybe * (bet_choice(noisy, read.to_call, read.pot, legal, always) == read.action)
    return total / len(OFFSETS)


def deal_weight(world: Game, found: list[Read]) -> float:
    """How likely the read bets are with the hands ``world`` deals: the product of each bet's chance, each no
    less than :data:`FLOOR`."""
    weight = 1.0
    hands = world.hand_lists()
    for read in found:
        strength = win_chance(frozenset(hands[read.seat])) ** max(read.opponents, 1)
        weight *= FLOOR + (1 - FLOOR) * chance_of(read, strength)
    return weight


def choose_bet(player: SearchPlayer, game: Game, seat: int, legal: list[Action]) -> Action:
    """The search player's choice in Domino Poker (see the module text), within its samples and clock; it records
    the deals searched in ``player.last_samples``."""
    player.last_samples = 0
    if poker_view(game.view(seat)).get("phase") != "bet":
        return PokerBettor(player.rng.getrandbits(32)).choose(game, seat)
    deadline = None if player.max_seconds is None else time.perf_counter() + player.max_seconds
    found = reads(game, seat)
    seen = game.observe(seat)
    before = game.score[seat]

    def draw(number: int) -> tuple[Game, float]:
        world = determinize(game, seat, player.rng, seen)
        return world, deal_weight(world, found)

    def trial(world: Game, action: Action, seed: int) -> float:
        played = world.clone()
        if not any(e.kind == EventKind.POT for e in played.apply(seat, action)):
            play_hand(played, [PokerBettor(seed + s) for s in range(game.seats)])
        return float(played.score[seat] - before)

    totals, player.last_samples = sample_actions(legal, player.samples, deadline, player.rng, draw, trial)
    return legal[max(range(len(legal)), key=lambda i: (totals[i], -i))]


def play_hand(world: Game, players: list[PokerBettor]) -> None:
    """Play ``world`` on until its hand is settled (the pot is paid) or the session ends."""
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if world.is_over:
            return
        seat = world.to_act[0]
        if any(e.kind == EventKind.POT for e in world.apply(seat, players[seat].choose(world, seat))):
            return
