"""A hand-strength bettor for Domino Poker (RULES 3.8).

It knows only its own seat's view: its hand, the pot, what it must call, who is still in. Its strength is the
chance its hand beats one unknown hand dealt from the 15 tiles it cannot see, raised to the power of the number of
opponents still in. Strong hands bet and raise (more chips the stronger), middling hands call when the pot's odds
allow, weak hands check or fold; its own seeded generator adds a little noise and the odd bluff. With the draw
option it exchanges the up-to-3 tiles whose replacement gives the best average hand.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from functools import cache
from itertools import combinations
from math import comb

from engine.actions import Action, Bid, Call, Choose
from engine.ai.base import SeededPlayer
from engine.game import Game
from engine.games.poker import PokerGame
from engine.poker_betting import MAX_BET
from engine.poker_hands import HAND_SIZE, evaluate, poker_set
from engine.tiles import Tile, tiles_from
from engine.views import poker_view

BET_FROM = 0.62  # strength from which an unopened pot is bet
RAISE_FROM = 0.80  # strength from which a bet is raised
BLUFF = 0.06  # chance of a small bet on a weak hand when nobody has bet
LOOSE_CALL = 0.03  # chance of calling anyway when the odds say fold
NOISE = 0.05


@cache
def hand_order() -> dict[frozenset[Tile], int]:
    """Every five-tile hand of the 20-tile set, numbered from the worst (0) to the best (15503)."""
    hands = sorted(combinations(poker_set(), 5), key=evaluate)
    return {frozenset(hand): index for index, hand in enumerate(hands)}


def win_chance(hand: frozenset[Tile]) -> float:
    """The chance that ``hand`` beats one hand dealt from the 15 tiles it does not hold."""
    return win_chances()[hand]


@cache
def win_chances() -> dict[frozenset[Tile], float]:
    """:func:`win_chance` of every five-tile hand, worked out at once (about a second, once): the hands below a
    hand that share no tile with it are counted by inclusion and exclusion over the tiles they share, from the
    sorted positions of the hands holding each set of up to five tiles."""
    order = hand_order()
    holding: dict[frozenset[Tile], list[int]] = {}
    for hand, index in order.items():  # numbered from the worst, so each list is sorted
        tiles = sorted(hand)
        for size in range(HAND_SIZE + 1):
            for common in combinations(tiles, size):
                holding.setdefault(frozenset(common), []).append(index)
    others = comb(len(poker_set()) - HAND_SIZE, HAND_SIZE)
    chances: dict[frozenset[Tile], float] = {}
    for hand, index in order.items():
        tiles = sorted(hand)
        below = 0
        for size in range(HAND_SIZE + 1):
            sign = -1 if size % 2 else 1
            for common in combinations(tiles, size):
                below += sign * bisect_left(holding[frozenset(common)], index)
        chances[hand] = below / others
    return chances


@cache
def best_exchange(hand: frozenset[Tile]) -> frozenset[Tile]:
    """The up-to-3 tiles to give up whose replacements, drawn from the unseen tiles, make the best hand on
    average (fewer tiles on a tie: standing pat first)."""
    order = hand_order()
    unseen = [t for t in poker_set() if t not in hand]
    best: tuple[float, frozenset[Tile]] = (-1.0, frozenset())
    for size in range(4):
        for out in combinations(sorted(hand), size):
            keep = hand - frozenset(out)
            draws = list(combinations(unseen, size))
            average = sum(order[keep | frozenset(d)] for d in draws) / len(draws)
            if average > best[0]:
                best = (average, frozenset(out))
    return best[1]


def bet_choice(strength: float, to_call: int, pot: int, legal: list[Action], chance: Callable[[], float]) -> Action:
    """The bettor's choice at ``strength`` (noise already added), facing ``to_call`` chips into ``pot``: strong
    hands bet and raise, middling ones call when the pot's odds allow, weak ones check or fold; ``chance()`` (a
    number in [0, 1)) is drawn only where a weak hand may bluff or call anyway."""
    bids = [a for a in legal if isinstance(a, Bid)]
    if Call("check") in legal:
        if bids and strength >= BET_FROM:
            return sized(bids, strength, BET_FROM)
        if bids and chance() < BLUFF:
            return bids[0]
        return Call("check")
    if bids and strength >= RAISE_FROM:
        return sized(bids, strength, RAISE_FROM)
    odds = to_call / (pot + to_call)
    if strength >= odds + NOISE or chance() < LOOSE_CALL:
        return Call("call")
    return Call("fold")


def sized(bids: list[Bid], strength: float, floor: float) -> Bid:
    """More chips the further ``strength`` is above ``floor``, within what is allowed."""
    wanted = 1 + round((strength - floor) / (1.0 - floor) * (MAX_BET - 1))
    allowed = [b for b in bids if b.amount <= wanted]
    return allowed[-1] if allowed else bids[0]


class PokerBettor(SeededPlayer):
    """Bets by hand strength: see the module text. Uses only what its seat sees (``bet_facts``, ``view(seat)``) and
    ``legal_actions(seat)``."""

    name = "hand-strength"

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        if not isinstance(game, PokerGame):
            raise TypeError(f"the poker bettor plays Domino Poker, not {game.key}")
        phase, tiles, to_call, pot, opponents = game.bet_facts(seat)  # the view's facts, without building it
        if phase == "draw":
            view = poker_view(game.view(seat))
            return self._exchange(view["hand"] or [], view["marked"], legal)
        if phase != "bet":
            return legal[0]
        strength = win_chance(frozenset(tiles)) ** max(opponents, 1) + self.rng.uniform(-NOISE, NOISE)
        return self._bet(strength, int(to_call), int(pot), legal)

    def _bet(self, strength: float, to_call: int, pot: int, legal: list[Action]) -> Action:
        return bet_choice(strength, to_call, pot, legal, self.rng.random)

    @staticmethod
    def _exchange(hand_text: list[str], marked_text: list[str], legal: list[Action]) -> Action:
        target = best_exchange(frozenset(tiles_from(hand_text)))
        marked = set(tiles_from(marked_text))
        for tile in sorted(target ^ marked, reverse=True):
            if Choose((tile,)) in legal:
                return Choose((tile,))
        return Call("exchange")


PLAYER = PokerBettor
