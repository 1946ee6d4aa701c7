"""Pairings and standings for tournaments of two a table (issue 28): Swiss, round robin and knockout, for two
players or two teams (bot/tables_pairing.py seats tables of more, and any table with a computer).

Why not a library: the one well-kept pure-Python Swiss pairing package on PyPI (``pairing-core``, FIDE's Dutch
system) is built around chess. Its absolute criteria include colour balance (no three games with the same colour in
a row, no colour difference over two), which has no meaning at a domino table and can refuse or distort a pairing;
and it fails rather than repeat a pairing when no other exists, where a small server's tournament must go on. The
pairing here is small enough to read whole:

* **Swiss.** Players are ranked by match points (then their seed, the order they joined). With an odd count, the
  lowest-ranked player who has not had a bye gets it (each player at most one bye, while someone without one is
  left). The others are paired top down, each with the nearest-ranked player they have not met: so players meet
  others of their score group first, and float to the next group only when they must. A depth-first search finds
  such a pairing whenever one exists; only when none does are repeats allowed (as few as the search finds).
* **Round robin.** The circle (Berger) method: everyone meets everyone once; with an odd count one player sits out
  each round (a bye).
* **Knockout.** Pairs the players still in, top seed against bottom seed; an odd count gives the top seed a bye.

A bye is worth a win (one match point), and standings say so. Standings rank by match points (win 1, draw 1/2,
loss 0), then Buchholz (the sum of the match points of everyone one has played; a bye adds nothing to it), then the
points difference (game points scored minus conceded, over the games played), then seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: Nodes the Swiss search may visit before it settles for repeats (a 64-player round needs a few hundred at most).
SEARCH_BUDGET = 20000


@dataclass(frozen=True)
class Game:
    """One pairing of a round and, once played, its result: ``second`` is None for a bye (worth a win to ``first``);
    ``winner`` None with ``done`` means a draw."""

    round: int
    first: int
    second: int | None
    first_score: int = 0
    second_score: int = 0
    winner: int | None = None
    done: bool = False


@dataclass(frozen=True)
class Line:
    """A player's line of the standings."""

    user_id: int
    points: float  # match points: win (and bye) 1, draw 1/2, loss 0
    buchholz: float
    difference: float  # whole at tables of two; a mean of the opponents at tables of more (bot/tables_pairing.py)
    played: int
    wins: int
    byes: int


def match_points(games: Sequence[Game]) -> dict[int, float]:
    """Each player's match points from the finished games (a bye is a win)."""
    points: dict[int, float] = {}
    for game in games:
        if not game.done:
            continue
        for player in (game.first, game.second):
            if player is not None:
                points.setdefault(player, 0.0)
        if game.second is None or game.winner == game.first:
            points[game.first] += 1.0
        elif game.winner == game.second:
            points[game.second] += 1.0
        else:
            points[game.first] += 0.5
            points[game.second] += 0.5
    return points


def standings(players: Sequence[int], games: Sequence[Game]) -> list[Line]:
    """Everyone's line (``players`` in seed order), best first: match points, Buchholz, points difference, seed."""
    points = match_points(games)
    opponents: dict[int, list[int]] = {p: [] for p in players}
    difference = dict.fromkeys(players, 0)
    wins, byes, played = dict.fromkeys(players, 0), dict.fromkeys(players, 0), dict.fromkeys(players, 0)
    for game in (g for g in games if g.done):
        if game.second is None:
            byes[game.first] = byes.get(game.first, 0) + 1
            continue
        for me, other, mine, theirs in ((game.first, game.second, game.first_score, game.second_score),
                                        (game.second, game.first, game.second_score, game.first_score)):
            opponents.setdefault(me, []).append(other)
            difference[me] = difference.get(me, 0) + mine - theirs
            played[me] = played.get(me, 0) + 1
            wins[me] = wins.get(me, 0) + (game.winner == me)
    lines = [Line(p, points.get(p, 0.0), sum(points.get(o, 0.0) for o in opponents.get(p, [])),
                  difference.get(p, 0), played.get(p, 0), wins.get(p, 0), byes.get(p, 0)) for p in players]
    seed = {p: i for i, p in enumerate(players)}
    return sorted(lines, key=lambda line: (-line.points, -line.buchholz, -line.difference, seed[line.user_id]))


def met(games: Sequence[Game]) -> set[frozenset[int]]:
    """The pairs of players who have played each other."""
    return {frozenset((g.first, g.second)) for g in games if g.second is not None}


def swiss(players: Sequence[int], games: Sequence[Game]) -> tuple[list[tuple[int, int]], int | None]:
    """The next Swiss round for ``players`` (those still in, in seed order): its pairs and its bye (or None)."""
    points = match_points(games)
    seed = {p: i for i, p in enumerate(players)}
    ranked = sorted(players, key=lambda p: (-points.get(p, 0.0), seed[p]))
    had_bye = {g.first for g in games if g.second is None}
    before = met(games)
    bye: int | None = None
    if len(ranked) % 2:
        candidates = [p for p in reversed(ranked) if p not in had_bye] or list(reversed(ranked))
        for candidate in candidates:  # the lowest-ranked who can take it and leave a pairing without repeats
            if _pair([p for p in ranked if p != candidate], before, 0) is not None:
                bye = candidate
                break
        else:
            bye = candidates[0]
        ranked.remove(bye)
    for repeats in range(len(ranked) // 2 + 1):
        pairs = _pair(ranked, before, repeats)
        if pairs is not None:
            return pairs, bye
    raise AssertionError("an even number of players can always be paired")  # repeats allowed for every pair


def _pair(ranked: list[int], before: set[frozenset[int]], repeats: int) -> list[tuple[int, int]] | None:
    """Pair ``ranked`` top down, each with the nearest-ranked free player, allowing at most ``repeats`` pairs who
    have met; None if there is no such pairing (or the search ran out of budget)."""
    budget = [SEARCH_BUDGET]

    def search(free: list[int], left: int) -> list[tuple[int, int]] | None:
        if not free:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        top, rest = free[0], free[1:]
        for index, other in enumerate(rest):
            repeat = frozenset((top, other)) in before
            if repeat and left == 0:
                continue
            found = search(rest[:index] + rest[index + 1:], left - repeat)
            if found is not None:
                return [(top, other), *found]
        return None

    return search(list(ranked), repeats)


def round_robin(players: Sequence[int], round_number: int) -> tuple[list[tuple[int, int]], int | None]:
    """Round ``round_number`` (from 1) of a round robin by the circle method: its pairs and its bye (or None)."""
    circle: list[int | None] = list(players)
    if len(circle) % 2:
        circle.append(None)
    count = len(circle)
    turn = (round_number - 1) % (count - 1)
    rotating = circle[1:]
    rotating = rotating[-turn:] + rotating[:-turn] if turn else rotating
    order = [circle[0], *rotating]
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    for i in range(count // 2):
        a, b = order[i], order[count - 1 - i]
        if a is None or b is None:
            bye = b if a is None else a
        else:
            pairs.append((a, b))
    return pairs, bye


def round_robin_rounds(count: int) -> int:
    """How many rounds a round robin of ``count`` players takes."""
    return count - 1 if count % 2 == 0 else count


def knockout(alive: Sequence[int]) -> tuple[list[tuple[int, int]], int | None]:
    """The next knockout round of the players still in (in seed order): top against bottom; an odd count gives
    the top seed a bye."""
    order = list(alive)
    bye = order.pop(0) if len(order) % 2 else None
    half = len(order) // 2
    return [(order[i], order[-1 - i]) for i in range(half)], bye


def knockout_survivors(players: Sequence[int], games: Sequence[Game]) -> list[int]:
    """The players not yet knocked out (in seed order): a finished game's loser is out (a draw puts out the
    second player, who was the lower seed)."""
    out = {(g.second if g.winner != g.second else g.first) for g in games if g.done and g.second is not None}
    return [p for p in players if p not in out]
