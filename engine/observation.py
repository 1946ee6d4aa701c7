"""What one seat knows, and deals of the unseen tiles that agree with it (for computer players).

In the spirit of OpenSpiel's observers and chance nodes: :func:`observe` gives a seat's information set as an
:class:`Observation` (its own tiles, the public history, the unseen tiles, the hidden places they may be in and the
constraints the public play puts on them), and :func:`determinize` deals the unseen tiles again, consistently with
those constraints, into a copy of the game that a search can play on without learning anything the seat may not.

What the rules reveal is recorded by the games as they apply actions (:meth:`Game.shown_out`):

- a seat that passes or must draw in a layout game holds none of the tiles that would play on the open ends (until
  it draws unseen tiles again); the opening double shows that no hand held a higher double at the deal;
- a seat that does not follow the led suit in a trick game holds no tile of that suit for the rest of the hand;
- a seat knows where the tiles it passed went (Black Tile) and everyone knows the dealer holds, or discarded, the
  turn-up taken up (Euchre) (:meth:`Game.known_places`).

>>> from engine.registry import new_game
>>> game = new_game("block", 4, 7, {"set": 6})
>>> seat = game.to_act[0]
>>> seen = game.observe(seat)
>>> len(seen.unseen) == sum(place.size for place in seen.places) == 28 - 7 - 1  # less my hand and the opening
True
>>> world = determinize(game, seat, random.Random(1))
>>> world.hand_lists()[seat] == game.hand_lists()[seat] and world.to_dict() == game.to_dict()
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from engine.actions import Action
from engine.shuffling import shuffle
from engine.tiles import Tile

if TYPE_CHECKING:
    from engine.game import Game

#: :func:`all_deals` looks through the deals only when, constraints aside, there are at most this many times as many
#: as it may return (so its work stays small however the constraints prune).
EXACT_WORK = 8


@dataclass(frozen=True)
class HiddenPlace:
    """A place holding tiles the seat cannot see: another seat's hand (``hand2``, with ``seat``), the ``boneyard``,
    the ``dead`` tiles or a face-down ``discard``; its size is public."""

    name: str
    size: int
    seat: int | None = None


@dataclass(frozen=True)
class Observation:
    """One seat's information set: everything it may know now, and nothing else.

    ``history`` is the public record of the match (every seat's actions, with ``None`` for another seat's face-down
    choice). ``unseen`` lists the tiles the seat cannot see (highest first), which lie in ``places``. A tile may be
    in a place unless the public play rules it out: ``shown_out[s]`` are tiles seat ``s`` has shown it does not hold,
    and ``known`` names the only places some tiles can be in (see :meth:`places_for`).
    """

    game: str
    seat: int
    seats: int
    round: int
    hand: tuple[Tile, ...]
    history: tuple[tuple[int, Action | None], ...]
    unseen: tuple[Tile, ...]
    places: tuple[HiddenPlace, ...]
    shown_out: tuple[frozenset[Tile], ...]
    known: Mapping[Tile, frozenset[str]] = field(default_factory=dict)
    hand_counts: tuple[int, ...] = ()
    score: tuple[int, ...] = ()
    target: int = 0
    lowest_wins: bool = False
    #: The unseen tiles the constraints keep out of some hidden place, each with the places it may be in (as bits
    #: over :attr:`places`); every other unseen tile may be anywhere.
    constrained: Mapping[Tile, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        masks: dict[Tile, int] = {}
        every = (1 << len(self.places)) - 1
        for tile in set(self.unseen):
            allowed = self.known.get(tile)
            mask = 0
            for index, place in enumerate(self.places):
                if (allowed is None or place.name in allowed) and (
                        place.seat is None or tile not in self.shown_out[place.seat]):
                    mask |= 1 << index
            if mask != every:
                masks[tile] = mask
        object.__setattr__(self, "constrained", masks)  # derived once, so that each deal is quick

    def narrowed(self, out: tuple[frozenset[Tile], ...]) -> Observation:
        """This observation with ``out[s]`` added to what seat ``s`` is taken not to hold (a reading of the play,
        not a rule: :func:`engine.ai.reading.skipped_doubles_out`); the deals drawn from it honour both."""
        shown = tuple(rule | extra for rule, extra in zip(self.shown_out, out, strict=True))
        return replace(self, shown_out=shown)

    def places_for(self, tile: Tile) -> tuple[str, ...]:
        """The hidden places that may hold ``tile`` (an unseen tile), in the order of :attr:`places`."""
        mask = self.constrained.get(tile, -1)
        return tuple(place.name for index, place in enumerate(self.places) if mask >> index & 1)

    def may_hold(self, seat: int, tile: Tile) -> bool:
        """True when ``seat``'s hand may hold ``tile`` as far as this seat knows."""
        if seat == self.seat:
            return tile in self.hand
        return tile in self.unseen and f"hand{seat}" in self.places_for(tile)


def observe(game: Game, seat: int) -> Observation:
    """What ``seat`` knows of ``game`` now (:class:`Observation`)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.seats:
        raise ValueError(f"there is no seat {seat!r} at this table")
    hidden = game._hidden_places(seat)
    unseen = sorted((t for tiles in hidden.values() for t in tiles), reverse=True)
    places = tuple(HiddenPlace(name, len(tiles), _owner(name)) for name, tiles in hidden.items())
    hands = game.hand_lists()
    history = tuple((s, None if s != seat and game.hides(a) else a) for s, a in game.history)
    everything = frozenset(game.full_set())
    return Observation(
        game=game.key, seat=seat, seats=game.seats, round=game.round_no,
        hand=tuple(hands[seat]) if seat < len(hands) else (), history=history, unseen=tuple(unseen),
        places=places, shown_out=tuple(game.shown_out(s) & everything for s in range(game.seats)),
        known=game.known_places(seat), hand_counts=tuple(len(h) for h in hands), score=game.score,
        target=game.target(), lowest_wins=game.lowest_wins,
    )


def _owner(name: str) -> int | None:
    return int(name[4:]) if name.startswith("hand") else None


def determinize(game: Game, seat: int, rng: random.Random, seen: Observation | None = None,
                dealt: Mapping[str, list[Tile]] | None = None) -> Game:
    """A copy of ``game`` in which the tiles ``seat`` cannot see are dealt again at random, consistently with what
    it knows (``seen``: its observation, when already at hand). The seat's own hand, the public tiles, the size of
    every hidden place and every constraint are kept; the boneyard is in a new order and the copy has a generator of
    its own, so playing on it reveals nothing of the real game's future draws. ``game`` itself is not changed.
    ``dealt``: the deal to use (one of :func:`all_deals`) instead of a random one."""
    seen = observe(game, seat) if seen is None else seen
    world = game.clone()
    world._redeal_hidden(seat, deal(seen, rng) if dealt is None else dealt, rng)
    return world


def all_deals(seen: Observation, limit: int) -> list[dict[str, list[Tile]]] | None:
    """Every deal of ``seen.unseen`` into ``seen.places`` that agrees with the constraints, when there are at most
    ``limit`` of them (a search can then take each once instead of sampling); None when there are more.

    >>> from engine.registry import new_game
    >>> game = new_game("block", 2, 3, {"set": 6})
    >>> all_deals(game.observe(0), 100) is None  # 7 of 20 unseen tiles in the other hand: 77520 deals
    True
    """
    names = [place.name for place in seen.places]
    sizes = [place.size for place in seen.places]
    if _unconstrained_deals(sizes) > EXACT_WORK * limit:  # too many to look through, constrained or not
        return None
    masks = seen.constrained
    tiles = list(seen.unseen)
    out: list[dict[str, list[Tile]]] = []

    def fill(index: int, left: list[Tile], chosen: dict[str, list[Tile]]) -> bool:
        if index == len(names):
            out.append(dict(chosen))
            return len(out) <= limit
        allowed = [t for t in left if masks.get(t, -1) >> index & 1]
        for group in itertools.combinations(allowed, sizes[index]):
            rest = [t for t in left if t not in group]
            # every tile left must still have a later place that may hold it
            if all(masks.get(t, -1) >> (index + 1) for t in rest):
                chosen[names[index]] = list(group)
                if not fill(index + 1, rest, chosen):
                    return False
        return True

    if not fill(0, tiles, {}):
        return None
    return out


# ----- dealing the unseen tiles -------------------------------------------------------------------------------------
def deal(seen: Observation, rng: random.Random) -> dict[str, list[Tile]]:
    """A random deal of ``seen.unseen`` into ``seen.places`` that fills every place to its size and puts each tile in
    a place allowed for it. The most constrained tiles are placed first, each in an allowed place with room, chosen
    in proportion to the room left; should that ever leave a tile without a place, the deal is made again with each
    constrained tile's place checked first (a flow check), so a deal is always found when one exists."""
    names = [place.name for place in seen.places]
    room = [place.size for place in seen.places]
    if sum(room) != len(seen.unseen):
        raise ValueError("the hidden places do not hold exactly the unseen tiles")
    masks = seen.constrained
    items = [tile for tile in seen.unseen if tile in masks]
    free = [tile for tile in seen.unseen if tile not in masks]
    shuffle(items, rng)
    items.sort(key=lambda tile: bin(masks[tile]).count("1"))  # stable: random among equally constrained tiles
    chosen = _greedy(items, masks, room, rng)
    if chosen is None:
        chosen = _checked(items, masks, room, rng)
    out: dict[str, list[Tile]] = {name: [] for name in names}
    left = list(room)
    for tile, where in zip(items, chosen, strict=True):
        out[names[where]].append(tile)
        left[where] -= 1
    shuffle(free, rng)  # the tiles that may be anywhere fill the room left
    at = 0
    for name, size in zip(names, left, strict=True):
        out[name] += free[at:at + size]
        at += size
    for tiles in out.values():
        shuffle(tiles, rng)
    return out


def _unconstrained_deals(sizes: list[int]) -> int:
    """How many ways there are to deal ``sum(sizes)`` tiles into places of these sizes (a multinomial)."""
    count, dealt = 1, 0
    for size in sizes:
        dealt += size
        count *= math.comb(dealt, size)
    return count


def _bits(mask: int) -> list[int]:
    out = []
    index = 0
    while mask:
        if mask & 1:
            out.append(index)
        mask >>= 1
        index += 1
    return out


def _pick(places: list[int], room: list[int], rng: random.Random) -> int:
    """One of ``places``, in proportion to the room each has left."""
    weights = [room[p] for p in places]
    spot = rng.random() * sum(weights)
    for place, weight in zip(places, weights, strict=True):
        spot -= weight
        if spot < 0:
            return place
    return places[-1]


def _greedy(items: list[Tile], masks: Mapping[Tile, int], room: list[int], rng: random.Random) -> list[int] | None:
    left = list(room)
    chosen = []
    for tile in items:
        open_places = [p for p in _bits(masks[tile]) if left[p] > 0]
        if not open_places:
            return None
        where = _pick(open_places, left, rng)
        left[where] -= 1
        chosen.append(where)
    return chosen


def _checked(items: list[Tile], masks: Mapping[Tile, int], room: list[int], rng: random.Random) -> list[int]:
    """Place tile by tile, keeping the rest placeable (checked by a flow of tile kinds into places); the tiles that
    may be anywhere then always fit the room left."""
    left = list(room)
    waiting = Counter(masks[tile] for tile in items)
    chosen = []
    for tile in items:
        mask = masks[tile]
        waiting[mask] -= 1
        open_places = [p for p in _bits(mask) if left[p] > 0]
        while True:
            if not open_places:
                raise ValueError("no deal of the unseen tiles agrees with what the seat knows")
            where = _pick(open_places, left, rng)
            left[where] -= 1
            if _placeable(waiting, left):
                break
            left[where] += 1
            open_places.remove(where)
        chosen.append(where)
    return chosen


def _placeable(waiting: Counter[int], room: list[int]) -> bool:
    """True when the tiles ``waiting`` (counted by the mask of places allowed) fit the ``room`` left: a maximum flow
    from kinds of tile to places saturates every kind."""
    kinds = [(mask, count) for mask, count in waiting.items() if count > 0]
    need = sum(count for _, count in kinds)
    if need > sum(room):
        return False
    # Residual capacities: source -> kind (count), kind -> place (unbounded), place -> sink (room).
    supply = [count for _, count in kinds]
    spare = list(room)
    flow: dict[tuple[int, int], int] = {}
    total = 0
    while True:
        path = _augmenting_path(kinds, supply, spare, flow)
        if path is None:
            return total == need
        amount, steps = path
        for kind, place, forward in steps:
            flow[kind, place] = flow.get((kind, place), 0) + (amount if forward else -amount)
        supply[steps[0][0]] -= amount
        spare[steps[-1][1]] -= amount
        total += amount


def _augmenting_path(kinds: list[tuple[int, int]], supply: list[int], spare: list[int],
                     flow: dict[tuple[int, int], int]) -> tuple[int, list[tuple[int, int, bool]]] | None:
    """A shortest path source -> kind -> place (-> kind -> place ...) -> sink with room, by breadth-first search."""
    came: dict[tuple[str, int], tuple[tuple[str, int], bool] | None] = {}
    frontier = []
    for kind, available in enumerate(supply):
        if available > 0:
            came["k", kind] = None
            frontier.append(("k", kind))
    while frontier:
        following: list[tuple[str, int]] = []
        for node in frontier:
            side, index = node
            if side == "k":
                for place in _bits(kinds[index][0]):
                    if ("p", place) not in came:
                        came["p", place] = (node, True)
                        if spare[place] > 0:
                            return _trace(came, ("p", place), supply, spare, flow)
                        following.append(("p", place))
            else:
                for kind in range(len(kinds)):
                    if ("k", kind) not in came and flow.get((kind, index), 0) > 0:
                        came["k", kind] = (node, False)
                        following.append(("k", kind))
        frontier = following
    return None


def _trace(came: dict[tuple[str, int], tuple[tuple[str, int], bool] | None], end: tuple[str, int],
           supply: list[int], spare: list[int],
           flow: dict[tuple[int, int], int]) -> tuple[int, list[tuple[int, int, bool]]]:
    steps: list[tuple[int, int, bool]] = []
    node = end
    while True:
        back = came[node]
        if back is None:
            break
        previous, forward = back
        kind, place = (previous[1], node[1]) if forward else (node[1], previous[1])
        steps.append((kind, place, forward))
        node = previous
    steps.reverse()
    amount = min(supply[steps[0][0]], spare[steps[-1][1]])
    for kind, place, forward in steps:
        if not forward:
            amount = min(amount, flow[kind, place])
    return amount, steps
