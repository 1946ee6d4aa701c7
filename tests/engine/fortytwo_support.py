"""Helpers for the Texas 42 and Seventy-Nine tests: start a game, bid, name trumps, play by a script, settle a hand."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.actions import Action, Bid, Call, Pass, Play
from engine.fortytwo import FortyTwoGame
from engine.game import GameSpec
from engine.registry import new_game
from engine.tiles import Tile
from engine.tricks import count_value

Policy = Callable[[FortyTwoGame, int, list[Play]], Play]


def make(spec: GameSpec, seed: int = 0, **options: Any) -> FortyTwoGame:
    """A new match of ``spec`` (validated as the registry would)."""
    game = new_game(spec.key, spec.seats[0], seed, options)
    assert isinstance(game, FortyTwoGame)
    return game


def bidding_order(game: FortyTwoGame) -> list[int]:
    """The seats in bidding order: the dealer's left first, the dealer last."""
    return [(game.dealer + 1 + i) % game.seats for i in range(game.seats)]


def bid_round(game: FortyTwoGame, amounts: Sequence[int | None]) -> None:
    """Apply one bid (or a pass for None) per seat in bidding order."""
    for seat, amount in zip(bidding_order(game), amounts, strict=True):
        game.apply(seat, Pass() if amount is None else Bid(amount))


def win_bid(game: FortyTwoGame, amount: int, trumps: str, position: int = 0) -> int:
    """The seat ``position`` places after the dealer bids ``amount``, the rest pass; it names ``trumps``."""
    bids: list[int | None] = [None] * game.seats
    bids[position] = amount
    bid_round(game, bids)
    bidder = bidding_order(game)[position]
    game.apply(bidder, Call("nel_o") if trumps == "nel_o" else Call(f"trump:{trumps}"))
    return bidder


def deal_around(seats: int, first: int, hands: Sequence[Sequence[str]]) -> list[list[str]]:
    """A rigged deal given from seat ``first`` round the table (``hands[0]`` goes to ``first``)."""
    deal: list[list[str]] = [[] for _ in range(seats)]
    for offset, hand in enumerate(hands):
        deal[(first + offset) % seats] = list(hand)
    return deal


def fill_deal(full: Sequence[Tile], seats: int, size: int, fixed: Mapping[int, Sequence[str]]) -> list[list[str]]:
    """A rigged deal with some seats' tiles fixed and the rest shared out in set order (the leftovers are dead)."""
    rest = Counter(full)
    for hand in fixed.values():
        for text in hand:
            rest[Tile.parse(text)] -= 1
    pool: list[Tile] = []
    for tile in full:
        if rest[tile] > 0:
            pool.append(tile)
            rest[tile] -= 1
    deal: list[list[str]] = []
    for seat in range(seats):
        hand = list(fixed.get(seat, ()))
        while len(hand) < size:
            hand.append(str(pool.pop(0)))
        deal.append(hand)
    return deal


def strength(game: FortyTwoGame, tile: Tile) -> tuple[int, int]:
    """How strongly ``tile`` plays to the current trick (trumps first, then the led suit, then pips)."""
    rule = game.rule
    led = game.trick.led_suit if game.trick is not None else None
    if rule.trump is not None and rule.is_trump(tile):
        return (2, rule.rank(tile, rule.trump))
    if led is not None and rule.follows(tile, led):
        return (1, rule.rank(tile, led))
    return (0, tile.pips)


def highest(game: FortyTwoGame, seat: int, plays: list[Play]) -> Play:
    """Script: play the strongest tile."""
    return max(plays, key=lambda p: strength(game, p.tile))


def lowest(game: FortyTwoGame, seat: int, plays: list[Play]) -> Play:
    """Script: play the weakest tile."""
    return min(plays, key=lambda p: strength(game, p.tile))


def play_trick(game: FortyTwoGame, policy: Callable[[int], Policy], lead: str | None = None) -> list[tuple[int, Tile]]:
    """Play one trick, each seat choosing by ``policy(seat)`` (the leader plays ``lead`` if given)."""
    hand_no = game.round_no
    plays: list[tuple[int, Tile]] = []
    while True:
        seat = game.to_act[0]
        legal = [a for a in game.legal_actions(seat) if isinstance(a, Play)]
        if lead is not None and not plays:
            choice = next(a for a in legal if str(a.tile) == lead)
        else:
            choice = policy(seat)(game, seat, legal)
        plays.append((seat, choice.tile))
        game.apply(seat, choice)
        if game.round_no != hand_no or game.is_over or (game.trick is not None and not game.trick.plays):
            return plays


def play_hand(game: FortyTwoGame, policy: Callable[[int], Policy]) -> int:
    """Play the current hand to its end by ``policy``; returns how many tricks it lasted."""
    hand_no, tricks = game.round_no, 0
    while game.round_no == hand_no and not game.is_over:
        play_trick(game, policy)
        tricks += 1
    return tricks


def settle(game: FortyTwoGame, taken: dict[int, tuple[int, Sequence[str]]]) -> None:
    """End the hand in play with each side having taken (tricks, count tiles): the rule examples' figures."""
    game.hands = [[] for _ in range(game.seats)]
    game.piles = [[Tile.parse(t) for t in taken[side][1]] for side in (0, 1)]
    game.tricks_won = [taken[side][0] for side in (0, 1)]
    game.end_hand()


def counted(tiles: Sequence[str]) -> int:
    """The count in ``tiles``."""
    return sum(count_value(Tile.parse(t)) for t in tiles)


def random_hands(game: FortyTwoGame, rng: random.Random, hands: int, check: Callable[[FortyTwoGame], None]) -> list[
        dict[str, Any]]:
    """Play random legal actions until ``hands`` hands are scored (or the match ends), calling ``check`` after
    every action; returns the ``contract`` events' data of the scored hands."""
    results: list[dict[str, Any]] = []
    for _ in range(5000):
        if game.is_over or len(results) >= hands:
            break
        seat = game.to_act[0]
        action: Action = rng.choice(game.legal_actions(seat))
        for event in game.apply(seat, action):
            if event.kind == "contract":
                results.append(dict(made=event.made, points_taken=list(event.totals), dead_count=event.count,
                                    bid=game.last_hand and game.last_hand["bid"],
                                    trumps=game.last_hand and game.last_hand["trumps"]))
        check(game)
    return results
