"""Helpers for the Euchre and Black Tile tests: a game with a chosen dealer, rigged deals, scripted play."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action, Play
from engine.game import Game
from engine.registry import new_game
from engine.tiles import Tile

Script = Callable[[Game, int, list[Play]], Play]


def seed_for_dealer(key: str, seats: int, dealer: int) -> int:
    """The first seed whose draw of lots gives ``dealer`` the rotating dealer seat (the lots come before the deal,
    so a rigged deal keeps the same dealer)."""
    for seed in range(500):
        game: Any = new_game(key, seats, seed)
        if game.dealer == dealer:
            return seed
    raise AssertionError(f"no seed gives seat {dealer} the deal")


def rigged(key: str, seats: int, dealer: int, hands: Sequence[Sequence[str]], stock: Sequence[str] = (),
           **options: Any) -> Any:
    """A game of ``key`` with seat ``dealer`` dealing, ``hands`` by seat and (optionally) the stock in draw order."""
    rig: dict[str, Any] = {"deal": [list(h) for h in hands]}
    if stock:
        rig["boneyard"] = list(stock)
    return new_game(key, seats, seed_for_dealer(key, seats, dealer), {**options, **rig})


def tiles(*texts: str) -> list[Tile]:
    """Tiles from their written form."""
    return [Tile.parse(t) for t in texts]


def conserved(game: Game) -> bool:
    """Every tile of the set is in exactly one zone."""
    placed: Counter[Tile] = Counter()
    for zone in game.zones().values():
        placed.update(zone)
    return placed == Counter(game.full_set())


def plays_of(game: Game, seat: int) -> list[Play]:
    """The seat's legal tile plays."""
    return [a for a in game.legal_actions(seat) if isinstance(a, Play)]


def play_out(game: Game, script: Script, hands: int = 1, limit: int = 500) -> list[Action]:
    """Play tiles by ``script`` until ``hands`` more hands are over (or the match ends); returns the actions."""
    done: list[Action] = []
    target = game.round_no + hands
    for _ in range(limit):
        if game.is_over or game.round_no >= target:
            return done
        seat = game.to_act[0]
        choice = script(game, seat, plays_of(game, seat))
        game.apply(seat, choice)
        done.append(choice)
    raise AssertionError("the hand did not end")


def play(game: Game, seat: int, text: str, suit: str = "") -> None:
    """Play the tile written ``text`` (declaring ``suit`` when leading, if given)."""
    game.apply(seat, Play(Tile.parse(text), suit=suit))
