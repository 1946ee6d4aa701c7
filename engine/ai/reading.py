"""What a seat's choices say of its hand, in the layout games scored at the round's end: a soft constraint on the
deals the search player draws (:mod:`engine.ai.search`), beside the hard ones of :mod:`engine.observation`.

In Block and Draw the tiles left in a hand count against its side when another player goes out, so players shed
heavy tiles first (the Normal player does, and so do most people). An opponent that played a light tile where a
much heavier tile of its hand would also have played is unlikely to have held that heavier tile: a deal that gives
it one is kept only now and then. Only the plays made since the seat last drew are read: a draw brings in tiles it did
not hold when it chose.

Everything here reads the public play (the history and the line of play), never a hidden tile.

It is an option of the search player (``SearchPlayer(read_plays=True)``, ``--strong read_plays=1`` in the
benchmarks), off by default: against Normal in four-hand partnership Draw and Block it measured no stronger over 1200
hands each, and against the ``dominoes`` package's ``double`` player no weaker (benchmarks/README.md, fourth round).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.actions import Draw, Play
from engine.game import Game
from engine.linegame import LineGame
from engine.tiles import Tile

#: A tile at least this many pips heavier than the one played, which would also have played, is unlikely.
MARGIN = 4
#: A deal's weight is this, raised to the number of unlikely tiles it puts in the other seats' hands.
UNLIKELY = 0.35
#: The same for a double an opponent would have put down instead of a tile it played (:func:`doubles_first_weight`).
UNLIKELY_DOUBLE = 0.2


@dataclass(frozen=True)
class Choice:
    """A tile a seat played, and the pips showing on the open ends when it chose it (as bits, ``1 << pip``)."""

    tile: Tile
    faced: int


def reads_choices(game: Game) -> bool:
    """True for the games where a play says something of the hand: layout games scored only at the round's end,
    where a tile plays on an end showing one of its numbers (Block, Draw, Tiddle-a-Wink, Sebastopol)."""
    return isinstance(game, LineGame) and not game.SCORES_IN_PLAY and game.matches_equal_ends


def round_choices(game: LineGame) -> list[list[list[Choice]]]:
    """For each seat, the tiles it has played this round, each with the ends it faced, in order: split where it
    drew (a seat holds every tile of a part from the part's first play on).

    The round's plays are the history's last ones, one for each tile on the line but its first (which the round
    opens with); the line is laid again from that first tile to know the ends each play faced."""
    parts: list[list[list[Choice]]] = [[[]] for _ in range(game.seats)]
    if game.line.center is None or game.line.center_seat is None:
        return parts
    plays = len(game.line.tiles()) - 1
    actions = []
    for seat, action in reversed(game.history):
        if not plays:
            break
        if isinstance(action, Play):
            plays -= 1
        actions.append((seat, action))
    line = game.make_line()
    line.start(game.line.center, game.line.center_seat)
    for seat, action in reversed(actions):
        if isinstance(action, Draw):
            parts[seat].append([])
        elif isinstance(action, Play) and action.face is not None:
            faced = 0
            for _, value in line.ends:
                faced |= 1 << value
            parts[seat][-1].append(Choice(action.tile, faced))
            line.place(action.tile, action.end, action.face, seat)
    return parts


def sheds_heavy_first(parts: list[list[Choice]]) -> bool:
    """False once a seat has shown it does not play heavy tiles first: it later played a tile it held at an earlier
    choice, which would have played then and was at least :data:`MARGIN` pips heavier."""
    for part in parts:
        for at, choice in enumerate(part):
            if unlikely_tiles([later.tile for later in part[at + 1:]], [choice]):
                return False
    return True


def unlikely_tiles(hand: list[Tile], choices: list[Choice]) -> int:
    """How many tiles of ``hand`` the seat would have played instead of one of its ``choices``: tiles that would
    also have played then and are at least :data:`MARGIN` pips heavier. A double played says nothing: players put
    doubles down early for their own sake (they fit only one number)."""
    count = 0
    for choice in choices:
        if choice.tile.is_double:
            continue
        floor = choice.tile.pips + MARGIN
        faced = choice.faced
        for tile in hand:
            if tile.pips >= floor and (faced >> tile.high & 1 or faced >> tile.low & 1):
                count += 1
    return count


def heavy_first_weight(game: Game) -> Callable[[Game, int], float] | None:
    """A deal weight for :func:`engine.ai.search.deal_weight`: how well a determinized copy of ``game`` agrees
    with the opponents having shed heavy tiles first (:data:`UNLIKELY` for each tile that disagrees). A partner's
    plays are not read: it plays for the side (to block, to keep its partner's numbers open), and reading it too
    measured weaker (benchmarks/README.md). None when the game does not read choices or no seat has played since it
    last drew."""
    if not reads_choices(game):
        return None
    assert isinstance(game, LineGame)
    chosen = [seat_parts[-1] if sheds_heavy_first(seat_parts) else [] for seat_parts in round_choices(game)]
    return _opponents_weight(chosen, unlikely_tiles, UNLIKELY)


ChoiceCount = Callable[[list[Tile], list[Choice]], int]


def _opponents_weight(chosen: list[list[Choice]], count: ChoiceCount, base: float,
                      ) -> Callable[[Game, int], float] | None:
    """A deal weight: ``base`` raised to what ``count`` finds against the opponents' ``chosen`` plays in the hands
    a deal gives them (a partner's plays are not read); None when no seat has a choice to read."""
    if not any(chosen):
        return None

    def weigh(world: Game, seat: int) -> float:
        hands = world.hand_lists()
        side = world.side_of(seat)
        found = sum(count(hands[other], chosen[other]) for other in range(world.seats)
                    if chosen[other] and world.side_of(other) != side)
        return base ** found

    return weigh


def plays_doubles_first(parts: list[list[Choice]]) -> bool:
    """False once a seat has shown it does not put a double down when it can: it later played a double it held at
    an earlier choice of another tile, which would have played then."""
    for part in parts:
        for at, choice in enumerate(part):
            if not choice.tile.is_double and skipped_doubles([later.tile for later in part[at + 1:]], [choice]):
                return False
    return True


def skipped_doubles(hand: list[Tile], choices: list[Choice]) -> int:
    """How many doubles of ``hand`` would have played at one of ``choices`` where the seat played another tile."""
    count = 0
    for tile in hand:
        if tile.is_double and any(not c.tile.is_double and c.faced >> tile.high & 1 for c in choices):
            count += 1
    return count


def doubles_first_weight(game: Game) -> Callable[[Game, int], float] | None:
    """A deal weight for :func:`engine.ai.search.deal_weight`: most players put a double down as soon as it plays (a
    double fits one number only, so it is the tile most likely to be stranded); an opponent that has so far always
    done so, and played another tile where a double would have played, is unlikely to hold that double
    (:data:`UNLIKELY_DOUBLE` for each). Only the plays since the seat last drew are read, and only opponents'
    (a partner plays for the side). None when the game does not read choices or no opponent tells anything."""
    if not reads_choices(game):
        return None
    assert isinstance(game, LineGame)
    return _opponents_weight(doubles_first_choices(game), skipped_doubles, UNLIKELY_DOUBLE)


def doubles_first_choices(game: LineGame) -> list[list[Choice]]:
    """For each seat, its choices of a tile other than a double since it last drew this round, where it has so far
    always put a double down when it could (:func:`plays_doubles_first`); none for another seat."""
    return [[c for c in parts[-1] if not c.tile.is_double] if plays_doubles_first(parts) else []
            for parts in round_choices(game)]


def skipped_doubles_out(game: Game, seat: int) -> tuple[frozenset[Tile], ...] | None:
    """The doubles each of ``seat``'s opponents is read not to hold: those that would have played at one of its
    choices of another tile this round (since it last drew), for an opponent that has so far always put a double
    down when it could (:func:`plays_doubles_first`). A partner's plays are not read. Given as extra shown-out tiles
    for :meth:`engine.observation.Observation.narrowed`, so every deal drawn honours the reading (where
    :func:`doubles_first_weight` only draws an unlikely deal again a few times); None when nothing is read."""
    if not reads_choices(game):
        return None
    assert isinstance(game, LineGame)
    side = game.side_of(seat)
    doubles = [tile for tile in game.full_set() if tile.is_double]
    out = tuple(frozenset() if game.side_of(other) == side
                else frozenset(tile for tile in doubles if skipped_doubles([tile], chosen))
                for other, chosen in enumerate(doubles_first_choices(game)))
    return out if any(out) else None
