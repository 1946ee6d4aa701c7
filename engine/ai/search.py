"""A general search player: determinized Monte Carlo ("perfect-information Monte Carlo").

To choose for ``seat`` the player deals out many possible worlds consistent with what the seat may know: the tiles
it cannot see (:meth:`Game.visible_tiles` counted against :meth:`Game.full_set`) are shuffled among the hidden
places (the other hands, the boneyard, dead or face-down tiles), each place keeping its size and every tile the seat
knows the whereabouts of staying put. In each world every legal action is tried and the rest of the round (hand) is
played out by fast playout players; an action is rated by the seat's side's points gained minus the best other
side's (turned round where the lowest total wins), plus a bonus or penalty if the match ends. The best average wins.

Layout games (:class:`engine.linegame.LineGame`) and trick games (:class:`engine.trickgame.TrickGame`) are searched;
other games (Poker, Bingo) get the game's own heuristic player.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable

from engine.actions import Action
from engine.game import Game
from engine.tiles import TILE_ORDER, Tile

SEARCHED_FAMILIES = ("line", "trick")
LOW_SCORE_WINS = frozenset({"black_tile"})  # penalty-point games: the lowest total wins
MAX_PLAYOUT_ACTIONS = 4000
MAX_SEARCHED_ACTIONS = 32  # more choices than this (Black Tile's 35 or 84 ways to pass three) go to the heuristic

PlayerFactory = Callable[[int], "PlayoutPlayer"]


class PlayoutPlayer:
    """The protocol of a playout player (any :class:`engine.ai.Player`)."""

    def choose(self, game: Game, seat: int) -> Action:  # pragma: no cover - protocol only
        """One of ``game.legal_actions(seat)``."""
        raise NotImplementedError


# ----- determinization --------------------------------------------------------------------------------------------
def line_places(game: Game, seat: int) -> tuple[list[list[Tile]], list[Counter[Tile]]]:
    """The hidden places of a layout game for ``seat``: the other hands, the boneyard and the dead tiles.

    Nothing is pinned: everything in those places that the seat cannot see may be anywhere among them.
    """
    hands: list[list[Tile]] = game.hands  # type: ignore[attr-defined]
    places = [hand for s, hand in enumerate(hands) if s != seat]
    places += [game.boneyard, game.dead]  # type: ignore[attr-defined]
    return places, [Counter() for _ in places]


def trick_places(game: Game, seat: int) -> tuple[list[list[Tile]], list[Counter[Tile]]]:
    """The hidden places of a trick game for ``seat``: the other hands, the dead tiles (Euchre's stock of turn-ups
    among them) and, for anyone but the dealer, Euchre's face-down discard.

    Pinned (known to stay where they are): in Black Tile, the tiles ``seat`` passed and that have not been played
    yet are in the receiving neighbour's hand.
    """
    hands: list[list[Tile]] = game.hands  # type: ignore[attr-defined]
    others = [s for s in range(len(hands)) if s != seat]
    places = [hands[s] for s in others] + [game.dead]  # type: ignore[attr-defined]
    pins: list[Counter[Tile]] = [Counter() for _ in places]
    discarded = getattr(game, "discarded", None)
    if isinstance(discarded, list) and seat != getattr(game, "dealer", None):
        places.append(discarded)
        pins.append(Counter())
    received = getattr(game, "received", None)
    step = getattr(game, "pass_step", None)
    if isinstance(received, dict) and callable(step) and step():
        neighbour = (seat + step()) % game.seats
        public = game.visible_tiles(seat) - Counter(hands[seat])
        if neighbour != seat and neighbour in others:
            passed: Counter[Tile] = Counter(received.get(neighbour, []))
            pins[others.index(neighbour)] = passed - public
    return places, pins


PLACES: dict[str, Callable[[Game, int], tuple[list[list[Tile]], list[Counter[Tile]]]]] = {
    "line": line_places,
    "trick": trick_places,
}


def unseen_tiles(game: Game, seat: int) -> Counter[Tile]:
    """Every tile ``seat`` cannot see: the full set less its own hand and the public tiles."""
    return Counter(game.full_set()) - game.visible_tiles(seat)


def reshuffle(places: list[list[Tile]], unknown: Counter[Tile], pins: list[Counter[Tile]],
              rng: random.Random) -> int:
    """Shuffle the ``unknown`` tiles found in ``places`` among the slots they occupy, in place; pinned and known
    tiles stay where they are and every place keeps its size. Returns how many unknown tiles were not found in
    any place (0 when the places cover every hidden tile)."""
    left = Counter(unknown)
    for pin in pins:
        left -= pin
    slots: list[tuple[int, int]] = []
    for number, place in enumerate(places):
        pinned = Counter(pins[number])
        for index, tile in enumerate(place):
            if pinned[tile] > 0:
                pinned[tile] -= 1
            elif left[tile] > 0:
                left[tile] -= 1
                slots.append((number, index))
    # Sorted first, so the new deal depends only on what the seat knows, not on where the tiles really are.
    pool = sorted((places[n][i] for n, i in slots), key=TILE_ORDER)
    rng.shuffle(pool)
    for (n, i), tile in zip(slots, pool, strict=True):
        places[n][i] = tile
    return sum(left.values())


def determinize(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` in which the tiles ``seat`` cannot see are dealt again at random among the hidden places.

    The seat's own hand, the public tiles and the size of every place are unchanged; the copy's generator is
    reseeded, so nothing the real game will draw later leaks into the search.
    """
    world = game.clone()
    places, pins = PLACES[game.spec.family](world, seat)
    reshuffle(places, unseen_tiles(game, seat), pins, rng)
    hands: list[list[Tile]] = world.hands  # type: ignore[attr-defined]
    for s, hand in enumerate(hands):
        if s != seat:
            hand.sort(key=TILE_ORDER, reverse=True)
    _rechoose(world, seat, rng)
    world.rng = random.Random(rng.getrandbits(64))
    return world


def _rechoose(world: Game, seat: int, rng: random.Random) -> None:
    """Black Tile's pass phase: another seat's locked (hidden) choice is redrawn from its new hand."""
    chosen = getattr(world, "chosen", None)
    if not isinstance(chosen, dict):
        return
    hands: list[list[Tile]] = world.hands  # type: ignore[attr-defined]
    for other, tiles in list(chosen.items()):
        if other != seat:
            chosen[other] = tuple(rng.sample(hands[other], len(tiles)))


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
    value = float(min(others) - gains[side] if world.key in LOW_SCORE_WINS else gains[side] - max(others))
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
        totals = self.search(game, seat, legal)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]

    def search(self, game: Game, seat: int, legal: list[Action]) -> list[float]:
        """The summed results of each legal action over the samples completed within the budget."""
        deadline = None if self.max_seconds is None else time.perf_counter() + self.max_seconds
        bonus = float(getattr(game, "target", lambda: 100)())
        totals = [0.0] * len(legal)
        done = 0
        for _ in range(self.samples):
            world = determinize(game, seat, self.rng)
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
    return game.spec.family == "line" and not getattr(game, "SCORES_IN_PLAY", True)


def _own_player(key: str, seed: int, level: str = "best") -> PlayoutPlayer:
    from engine.ai import computer_player  # engine.ai imports this module for level "search"

    player: PlayoutPlayer = computer_player(key, seed, level)  # type: ignore[assignment]
    return player

