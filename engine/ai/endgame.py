"""Layout-game endgames solved exactly, for the search player (:mod:`engine.ai.search`).

Late in a round of Block (or of Draw once nothing more may be drawn) every hand is known in a determinized world and
the round is a short game of perfect information: who plays what, and whether it goes out or blocks, decides the
score. Instead of rating a move in such a world by one random playout, :func:`solve` finds the value of every legal
move when both sides play the rest of the round perfectly: alpha-beta over a compact copy of the world (the two open
ends, each hand as a bit mask of a few local tile numbers, the seat to move and the passes in a row), with a
transposition table, heavier tiles tried first, and a node budget after which it gives up (the caller then falls
back to a playout).

The value is exactly :func:`engine.ai.search.outcome` of the world once the round is played out that way: the
round's points come from the game's own scoring (``score_out``, ``score_blocked``), a side's gain less the other's,
plus or minus the match bonus when the round ends the match and the hand bonus for the side that wins the round.
Only worlds with exactly two sides are solved (a partnership game, or two players): there one side's gain is the
other's loss and minimax is exact; with three or more sides alone :func:`solvable` says no.

Why by hand: the alpha-beta is some sixty lines over small integers, and no library searches a domino endgame in
pure Python without a compile step; a general game-tree library would walk the engine's own objects, which is what
the compact copy avoids (a node here costs a few microseconds, a ``Game.clone`` far more).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Pass, Play
from engine.game import Game
from engine.linegame import LineGame

#: Nodes one :func:`solve` may visit before it gives up: about 15 ms of CPU at some 3 microseconds a node in CPython,
#: a tenth of the Strong player's clock. In partnership Block endgames of 16 tiles the median solve of all the legal
#: moves took about 220 nodes and the largest of 60 about 900; of 20 tiles, 2,500 and 9,000.
DEFAULT_NODES = 5_000
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfBudget(Exception):
    """The node budget is spent."""


def solvable(game: Game) -> bool:
    """True when :func:`solve` can value ``game`` exactly now: a :func:`solvable_game` with nothing left to draw and
    a line of two ends (no spinner)."""
    return (isinstance(game, LineGame) and solvable_game(game) and not game.is_over and game.drawable() == 0
            and not game.line.is_spinner and len(game.line.ends) == 2)


def solvable_game(game: Game) -> bool:
    """True for a game whose endgames :func:`solve` can value: a layout game scored only at the round's end, whose
    plays only place a tile on an end and pass the turn on (ordinary matching, no extra turns), with two sides and
    the highest total winning."""
    if not isinstance(game, LineGame) or game.SCORES_IN_PLAY or game.CHECK_TARGET_IN_PLAY:
        return False
    cls = type(game)
    rounds_as_line_game = all(getattr(cls, name) is getattr(LineGame, name)
                              for name in ("_pass", "_end_round_out", "_end_round_blocked", "_round_over",
                                           "_after_round", "_next", "legal_actions"))
    return cls._plain_plays and rounds_as_line_game and not game.lowest_wins and len(game.sides) == 2


def solve(world: Game, seat: int, actions: Sequence[Action], before: Sequence[int], bonus: float,
          hand_bonus: float = 0.0, nodes: int = DEFAULT_NODES) -> list[float] | None:
    """The value for ``seat`` (to move in ``world``) of each of ``actions`` (its legal actions there), both sides
    playing the rest of the round perfectly: what ``outcome(world, before, seat, bonus, hand_bonus)`` gives once the
    round is over. None when the world is not :func:`solvable` or the search needs more than ``nodes`` nodes.
    ``world`` is not changed."""
    if not solvable(world) or world.to_act != (seat,):
        return None
    assert isinstance(world, LineGame)
    solver = _Solver(world, seat, before, bonus, hand_bonus, nodes)
    try:
        return [solver.after(action) for action in actions]
    except _OutOfBudget:
        return None


def solve_position(world: Game, seat: int, before: Sequence[int], bonus: float, hand_bonus: float = 0.0,
                   nodes: int = DEFAULT_NODES) -> float | None:
    """The value for ``seat`` of ``world`` as it stands (whoever is to move), both sides playing the rest of the
    round perfectly (as :func:`solve`); None when not :func:`solvable` or past ``nodes`` nodes."""
    if not solvable(world):
        return None
    assert isinstance(world, LineGame)
    solver = _Solver(world, seat, before, bonus, hand_bonus, nodes)
    (_, west), (_, east) = world.line.ends
    try:
        return solver.value(min(west, east), max(west, east), solver.packed, world.turn, world.passes,
                            -float("inf"), float("inf"))
    except _OutOfBudget:
        return None


class _Solver:
    """One world's endgame: its tiles numbered heaviest first, the hands as one packed integer (seat ``s``'s mask at
    bits ``s * n`` and up), and the tables the search consults."""

    def __init__(self, world: LineGame, seat: int, before: Sequence[int], bonus: float, hand_bonus: float,
                 nodes: int) -> None:
        self.world = world
        self.seats = world.seats
        held = sorted((tile for hand in world.hands for tile in hand), key=lambda t: (-t.pips, t.rank))
        self.index = {tile: at for at, tile in enumerate(held)}
        self.width = len(held)
        self.full = (1 << self.width) - 1
        self.ends = [(tile.high, tile.low) for tile in held]
        self.pip = [tile.pips for tile in held]
        top = max([value for _, value in world.line.ends] + [tile.high for tile in held])
        self.bearing = [sum(1 << at for at, tile in enumerate(held) if tile.has(value)) for value in range(top + 1)]
        self.packed = 0
        for owner, hand in enumerate(world.hands):
            for tile in hand:
                self.packed |= 1 << (self.index[tile] + owner * self.width)
        self.side = world.side_of(seat)
        self.ours = [world.side_of(s) == self.side for s in range(self.seats)]
        self.score = list(world.score)
        self.before = list(before)
        self.bonus, self.hand_bonus = bonus, hand_bonus
        self.budget = nodes
        self.table: dict[tuple[int, int, int, int], tuple[int, float]] = {}
        self.terminal: dict[tuple[int, tuple[int, ...]], float] = {}
        self.hand_pips: dict[int, int] = {}

    # ----- the root ----------------------------------------------------------------------------------------------
    def after(self, action: Action) -> float:
        """The exact value of the seat to move taking ``action`` (a play onto one of the two ends, or a pass)."""
        world = self.world
        turn = world.turn
        (west_arm, west), (_, east) = world.line.ends
        if isinstance(action, Pass):
            return self.onward(west, east, self.packed, turn, world.passes + 1)
        if not isinstance(action, Play) or action.face is None:
            raise _OutOfBudget  # not an action this solver knows: the caller plays it out instead
        outer = action.tile.other(action.face)
        if action.end == west_arm:
            west = outer
        else:
            east = outer
        packed = self.packed & ~(1 << (self.index[action.tile] + turn * self.width))
        if not (packed >> (turn * self.width)) & self.full:
            return self.out(turn, packed)
        return self.value(min(west, east), max(west, east), packed, (turn + 1) % self.seats, 0,
                          -float("inf"), float("inf"))

    def onward(self, low: int, high: int, packed: int, turn: int, passes: int) -> float:
        """The value after a pass: blocked once every seat has passed in a row, else the next seat's turn."""
        if passes >= self.seats:
            return self.blocked(packed)
        return self.value(min(low, high), max(low, high), packed, (turn + 1) % self.seats, passes,
                          -float("inf"), float("inf"))

    # ----- the search ----------------------------------------------------------------------------------------------
    def value(self, low: int, high: int, packed: int, turn: int, passes: int, alpha: float, beta: float) -> float:
        """Alpha-beta value of the position (``low <= high``: the open ends), ``turn`` to move after ``passes``
        passes in a row; the searching side maximises, the other minimises."""
        width, seats = self.width, self.seats
        playable = (packed >> (turn * width)) & self.full & (self.bearing[low] | self.bearing[high])
        while not playable:  # passes are forced: no node for them
            passes += 1
            if passes >= seats:
                return self.blocked(packed)
            turn = (turn + 1) % seats
            playable = (packed >> (turn * width)) & self.full & (self.bearing[low] | self.bearing[high])
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        key = (packed, low * 64 + high, turn, passes)
        known = self.table.get(key)
        if known is not None:
            flag, stored = known
            if flag == _EXACT or (flag == _LOWER and stored >= beta) or (flag == _UPPER and stored <= alpha):
                return stored
        start_alpha, start_beta = alpha, beta
        best = self.children(low, high, packed, turn, playable, alpha, beta)
        if best <= start_alpha:
            self.table[key] = (_UPPER, best)
        elif best >= start_beta:
            self.table[key] = (_LOWER, best)
        else:
            self.table[key] = (_EXACT, best)
        return best

    def children(self, low: int, high: int, packed: int, turn: int, playable: int, alpha: float,
                 beta: float) -> float:
        """The best child value for the seat to move, which can play the tiles of ``playable`` (a mask), cutting
        off outside (alpha, beta)."""
        shift = turn * self.width
        maximise = self.ours[turn]
        best = -float("inf") if maximise else float("inf")
        following = (turn + 1) % self.seats
        while playable:
            bit = playable & -playable
            playable ^= bit
            at = bit.bit_length() - 1
            rest = packed & ~(bit << shift)
            a, b = self.ends[at]
            for new_low, new_high in _placements(low, high, a, b):
                if not (rest >> shift) & self.full:
                    found = self.out(turn, rest)
                else:
                    found = self.value(new_low, new_high, rest, following, 0, alpha, beta)
                if maximise:
                    if found > best:
                        best = found
                        alpha = max(alpha, found)
                elif found < best:
                    best = found
                    beta = min(beta, found)
                if alpha >= beta:
                    return best
        return best

    # ----- the round's end -------------------------------------------------------------------------------------
    def pips(self, packed: int) -> tuple[int, ...]:
        """Each seat's pip total."""
        out = []
        for owner in range(self.seats):
            mask = (packed >> (owner * self.width)) & self.full
            total = self.hand_pips.get(mask)
            if total is None:
                total = 0
                bits = mask
                while bits:
                    bit = bits & -bits
                    bits ^= bit
                    total += self.pip[bit.bit_length() - 1]
                self.hand_pips[mask] = total
            out.append(total)
        return tuple(out)

    def out(self, seat: int, packed: int) -> float:
        """The value when ``seat`` has just gone out."""
        return self.ended(seat, self.pips(packed))

    def blocked(self, packed: int) -> float:
        """The value when nobody can play."""
        return self.ended(-1, self.pips(packed))

    def ended(self, out: int, pips: tuple[int, ...]) -> float:
        """The value of the round ending with these pip totals, ``out`` having gone out (-1: blocked), scored by the
        game's own rules as :func:`engine.ai.search.outcome` would see it."""
        known = self.terminal.get((out, pips))
        if known is not None:
            return known
        world = self.world
        points = world.score_out(out, list(pips)) if out >= 0 else world.score_blocked(list(pips))
        per_side = [0] * len(world.sides)
        for scorer, gained in points.items():
            per_side[world.side_of(scorer)] += gained
        winners = [side for side, gained in enumerate(per_side) if gained > 0]
        if out >= 0 and not winners:
            winners = [world.side_of(out)]
        totals = [was + gained for was, gained in zip(self.score, per_side, strict=True)]
        gains = [now - was for now, was in zip(totals, self.before, strict=True)]
        other = max(g for s, g in enumerate(gains) if s != self.side)
        value = float(gains[self.side] - other)
        champion = _target_winner(totals, world.target())
        if champion is not None:
            value += self.bonus if champion == self.side else -self.bonus
        if self.hand_bonus and winners:
            value += self.hand_bonus if self.side in winners else -self.hand_bonus
        self.terminal[(out, pips)] = value
        return value


def _placements(low: int, high: int, a: int, b: int) -> tuple[tuple[int, int], ...]:
    """The open ends (lower first) after tile ``a-b`` is played on ends ``low``/``high``: onto each end it matches
    (one placement when both ends show the same number)."""
    out: list[tuple[int, int]] = []
    if a == low or b == low:
        outer = b if a == low else a
        out.append((outer, high) if outer <= high else (high, outer))
    if high != low and (a == high or b == high):
        outer = b if a == high else a
        out.append((low, outer) if low <= outer else (outer, low))
    return tuple(out)


def _target_winner(totals: Sequence[int], target: int) -> int | None:
    """The side that wins the match with these totals (RULES 1.5, as :meth:`engine.game.Game.target_winner`)."""
    best = max(totals)
    if best < target:
        return None
    leaders = [side for side, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None
