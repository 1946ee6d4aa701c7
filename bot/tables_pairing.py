"""Pairings and standings for tournaments at tables of more than two (issue 28): games of 3 to 10 seats played by
individuals, partnership games played by individuals, and any table with computer players in empty seats.

The unit of play is a *competitor*: a member, or a team in a tournament with fixed partners (bot/tournament_teams.py).
A table holds ``size`` competitors; a computer player's seat is ``None`` and is never ranked.

Why not the Swiss pairing library: ``pairing-core`` (FIDE's Dutch system, the one well-kept Swiss package on PyPI)
pairs *two* players a board. Its whole model is the pair: its absolute criteria are that two players meet at most
once and that colours alternate, its score groups are split in halves to pair top against bottom, and its floaters
move one pair at a time. A table of three to ten has no colours, no halves, and a repeat is not a yes or no but how
many of the table's pairs of table-mates have sat together before; none of that can be fed to the library, so the
seating here is our own (bot/pairing.py says why two-player Swiss does not use it either):

* **Swiss.** Competitors are ranked by match points, then seed. When the count does not fill whole tables, the
  lowest-ranked who have not yet sat out take a bye (each at most one, while someone without one is left; among the
  few lowest, those whose byes leave a seating with no repeated table-mates); or, when the organiser allowed
  computers, they sit at the last tables with computer players in the empty seats (each
  competitor at such a table at most once while others have not been). The rest are seated top down: the best free
  competitor with the nearest-ranked others who have not sat with any of them before, by a bounded depth-first
  search; when it finds no such seating it allows one repeated pair of table-mates, then two, and so on, and past
  its budget it seats by rank.
* **Knockout.** Tables are filled by snake seeding (seeds 1, 2T, 2T+1... at table 1), and the top ``advance(size)``
  finishers of each table go on: half the table, rounded down, and at least one (a table of three or four sends
  one or two); level places at the cut go to the better seed. When the competitors still in fit at one table, that
  table is the final and only its winner goes on. A count that does not fill whole tables gives byes to the top
  seeds (a bye goes on) or, with computers allowed, computer players in the empty seats (a computer never goes on:
  the top human finishers do). Knockout standings follow the bracket: how far one went, then one's place at the
  last table, then the points.
* **Round robin** is refused at tables of more than two: a schedule where everyone sits with everyone exactly once
  exists only for some counts (it is a Steiner system), so Swiss is the format for these games.

Scoring a table: the sides are placed (the winners of a finished match first, then by match score; equal scores
share a place), and each side's seats score ``(sides placed below + ½ × sides placed equal) / (sides - 1)`` match
points: a win 1 and a loss 0 at two sides, first 1, second ⅔, third ⅓ and last 0 at four. A bye is worth a win at
tables of two and ½ (an average result) at tables of more, since a bye there must not beat playing. Standings rank
by match points, then Buchholz (for each table played, the mean match points of the ranked opponents at it, summed;
a partner is not an opponent), then points difference (one's match score minus the opponents' mean, summed), then
seed. At tables of two without computers these are exactly bot/pairing.py's standings.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from bot.pairing import Line
from bot.storage.tournaments import Sitter

#: Candidate table-mates the Swiss search may weigh before it seats by rank.
SEARCH_BUDGET = 20000
#: Repeated pairs of table-mates the search tries to do without before seating by rank.
MAX_REPEATS = 4
#: How many more of the lowest-ranked may take a bye instead, to leave a seating with no repeated table-mates.
BYE_CHOICE = 2


@dataclass(frozen=True)
class Result:
    """A table of a round: who sat there and, once ``done``, how they placed; ``bye`` is a competitor's bye."""

    round: int
    sitters: tuple[Sitter, ...] = ()
    done: bool = False
    bye: int | None = None


def bye_worth(size: int) -> float:
    """A bye's match points at tables of ``size`` competitors: a win at two, an average result (½) at more."""
    return 1.0 if size <= 2 else 0.5


def advance(size: int) -> int:
    """How many finishers of a knockout table of ``size`` go on: half the table, at least one."""
    return max(1, size // 2)


def places(scores: Sequence[int], winners: Sequence[int], lowest_wins: bool = False) -> list[int]:
    """Each side's place (1 first): the ``winners`` first, then by score (lower first if ``lowest_wins``); equal
    standing shares a place."""
    def key(side: int) -> tuple[bool, int]:
        return side not in winners, scores[side] if lowest_wins else -scores[side]
    return [1 + sum(key(other) < key(side) for other in range(len(scores))) for side in range(len(scores))]


def table_points(result: Result, worth: float) -> dict[int, float]:
    """The match points each ranked competitor took from one finished table (or bye)."""
    if result.bye is not None:
        return {result.bye: worth} if result.done else {}
    if not result.done:
        return {}
    side_place = {s.side: s.place for s in result.sitters}
    others = len(side_place) - 1
    points: dict[int, float] = {}
    for sitter in result.sitters:
        if sitter.competitor is None or sitter.competitor in points:
            continue
        below = sum(p > sitter.place for p in side_place.values())
        equal = sum(p == sitter.place for p in side_place.values()) - 1
        points[sitter.competitor] = (below + 0.5 * equal) / others if others else 0.0
    return points


def match_points(results: Sequence[Result], worth: float) -> dict[int, float]:
    """Each competitor's match points over the finished tables and byes."""
    total: dict[int, float] = {}
    for result in results:
        for competitor, points in table_points(result, worth).items():
            total[competitor] = total.get(competitor, 0.0) + points
    return total


def standings(competitors: Sequence[int], results: Sequence[Result], worth: float) -> list[Line]:
    """Everyone's line (``competitors`` in seed order), best first: match points, Buchholz, points difference,
    seed. Computers have no line."""
    points = match_points(results, worth)
    buchholz, difference = dict.fromkeys(competitors, 0.0), dict.fromkeys(competitors, 0.0)
    played, wins, byes = dict.fromkeys(competitors, 0), dict.fromkeys(competitors, 0), dict.fromkeys(competitors, 0)
    for result in (r for r in results if r.done):
        if result.bye is not None:
            byes[result.bye] = byes.get(result.bye, 0) + 1
            continue
        for sitter in _one_per_competitor(result.sitters):
            me = sitter.competitor
            assert me is not None
            opponents = [s for s in result.sitters if s.side != sitter.side]
            ranked = {s.competitor for s in opponents if s.competitor is not None}
            side_scores = {s.side: s.score for s in opponents}
            if ranked:
                buchholz[me] = buchholz.get(me, 0.0) + sum(points.get(o, 0.0) for o in ranked) / len(ranked)
            if side_scores:
                difference[me] = difference.get(me, 0.0) + sitter.score - sum(side_scores.values()) / len(side_scores)
            played[me] = played.get(me, 0) + 1
            wins[me] = wins.get(me, 0) + (sitter.place == 1 and all(s.place > 1 for s in opponents))  # outright
    lines = [Line(c, points.get(c, 0.0), buchholz.get(c, 0.0), difference.get(c, 0.0), played.get(c, 0),
                  wins.get(c, 0), byes.get(c, 0)) for c in competitors]
    seed = {c: i for i, c in enumerate(competitors)}
    return sorted(lines, key=lambda line: (-line.points, -line.buchholz, -line.difference, seed[line.user_id]))


def bracket(lines: Sequence[Line], results: Sequence[Result]) -> list[Line]:
    """A knockout's standings: by how far one went (the last round one sat at a table or had a bye), then one's place
    at that round's table, then the lines' own order (match points and the tie-breaks)."""
    reached: dict[int, tuple[int, int]] = {}
    for result in results:
        if result.bye is not None:
            reached[result.bye] = max(reached.get(result.bye, (0, 0)), (result.round, 0))
        for sitter in _one_per_competitor(result.sitters):
            assert sitter.competitor is not None
            reached[sitter.competitor] = max(reached.get(sitter.competitor, (0, 0)), (result.round, -sitter.place))
    order = {line.user_id: index for index, line in enumerate(lines)}
    return sorted(lines, key=lambda line: (-reached.get(line.user_id, (0, 0))[0],
                                           -reached.get(line.user_id, (0, 0))[1], order[line.user_id]))


def _one_per_competitor(sitters: Sequence[Sitter]) -> list[Sitter]:
    seen: set[int] = set()
    kept = []
    for sitter in sitters:
        if sitter.competitor is not None and sitter.competitor not in seen:
            seen.add(sitter.competitor)
            kept.append(sitter)
    return kept


def sat_together(results: Sequence[Result]) -> set[frozenset[int]]:
    """The pairs of competitors who have sat at one table (partners and opponents alike)."""
    pairs: set[frozenset[int]] = set()
    for result in results:
        ranked = {s.competitor for s in result.sitters if s.competitor is not None}
        pairs.update(frozenset(pair) for pair in itertools.combinations(sorted(ranked), 2))
    return pairs


def sat_out(results: Sequence[Result]) -> set[int]:
    """The competitors who have had a bye or sat at a table with a computer."""
    out = {r.bye for r in results if r.bye is not None}
    for result in results:
        if any(s.competitor is None for s in result.sitters):
            out.update(s.competitor for s in result.sitters if s.competitor is not None)
    return out


Seating = list[list[int | None]]


def swiss_tables(competitors: Sequence[int], results: Sequence[Result], size: int, worth: float,
                 computers: bool) -> tuple[Seating, list[int]]:
    """The next Swiss round for ``competitors`` (those still in, in seed order): its tables (None: a computer's
    seat) and its byes."""
    points = match_points(results, worth)
    seed = {c: i for i, c in enumerate(competitors)}
    ranked = sorted(competitors, key=lambda c: (-points.get(c, 0.0), seed[c]))
    before = sat_together(results)
    short = len(ranked) % size
    if not short:
        return _seat(ranked, [size] * (len(ranked) // size), before), []
    tables = -(-len(ranked) // size)
    if not computers:
        out = _byes(ranked, sat_out(results), short, size, before)
        kept = [c for c in ranked if c not in out]
        return _seat(kept, [size] * (len(kept) // size), before), out
    humans = [len(ranked) // tables + (i < len(ranked) % tables) for i in range(tables)]
    full = [h for h in humans if h == size]
    shorted = [h for h in humans if h < size]
    lower = _lowest_not_out(ranked, sat_out(results), sum(shorted))
    upper = [c for c in ranked if c not in lower]
    lower = [c for c in ranked if c in lower]
    seated = _seat(upper, full, before) + _seat(lower, shorted, before)
    return [table + [None] * (size - len(table)) for table in seated], []


def _byes(ranked: Sequence[int], out_before: set[int], count: int, size: int,
          before: set[frozenset[int]]) -> list[int]:
    """The round's byes: the lowest-ranked who have not sat out and leave a seating with no repeated table-mates
    (tried among the few lowest, lowest first), else simply the lowest-ranked who have not sat out."""
    lowest = _lowest_not_out(ranked, out_before, count + BYE_CHOICE)
    fresh = [c for c in lowest if c not in out_before] if len(ranked) - len(out_before) >= count else lowest
    budget = [SEARCH_BUDGET]
    for out in itertools.combinations(fresh, count):
        kept = [c for c in ranked if c not in out]
        if _search(kept, [size] * (len(kept) // size), before, 0, budget) is not None:
            return list(out)
        if budget[0] <= 0:
            break
    return _lowest_not_out(ranked, out_before, count)


def _lowest_not_out(ranked: Sequence[int], out_before: set[int], count: int) -> list[int]:
    """The ``count`` lowest-ranked competitors who have not sat out yet (then those who have, lowest first)."""
    order = [c for c in reversed(ranked) if c not in out_before] + [c for c in reversed(ranked) if c in out_before]
    return order[:count]


def _seat(ranked: Sequence[int], sizes: Sequence[int], before: set[frozenset[int]]) -> Seating:
    """Seat ``ranked`` top down at tables of these sizes with as few repeated table-mates as the search finds."""
    budget = [SEARCH_BUDGET]
    for repeats in range(MAX_REPEATS + 1):
        found = _search(list(ranked), list(sizes), before, repeats, budget)
        if found is not None:
            return found
        if budget[0] <= 0:
            break
    seated: Seating = []
    start = 0
    for size in sizes:  # by rank: the search ran out of budget
        seated.append(list(ranked[start:start + size]))
        start += size
    return seated


def _search(free: list[int], sizes: list[int], before: set[frozenset[int]], left: int,
            budget: list[int]) -> Seating | None:
    if not sizes:
        return []
    top, rest = free[0], free[1:]
    for chosen in itertools.combinations(range(len(rest)), sizes[0] - 1):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        table = [top, *(rest[i] for i in chosen)]
        repeats = sum(frozenset(pair) in before for pair in itertools.combinations(table, 2))
        if repeats > left:
            continue
        remaining = [c for i, c in enumerate(rest) if i not in chosen]
        found = _search(remaining, sizes[1:], before, left - repeats, budget)
        if found is not None:
            return [list[int | None](table), *found]
    return None


def knockout_alive(competitors: Sequence[int], results: Sequence[Result], size: int) -> list[int]:
    """The competitors still in (in seed order): at each finished table the top ``advance(size)`` ranked finishers go
    on, computers skipped, level places settled by seed (at the final, a round of one table and no bye, only its
    winner); a bye goes on."""
    seed = {c: i for i, c in enumerate(competitors)}
    out: set[int] = set()
    for round_number in sorted({r.round for r in results}):
        played = [r for r in results if r.round == round_number]
        final = len(played) == 1 and played[0].bye is None
        for result in (r for r in played if r.done and r.bye is None):
            ranked = sorted(_one_per_competitor(result.sitters),
                            key=lambda s: (s.place, seed.get(s.competitor, len(seed))))  # type: ignore[arg-type]
            out.update(s.competitor for s in ranked[1 if final else advance(size):] if s.competitor is not None)
    return [c for c in competitors if c not in out]


def knockout_tables(alive: Sequence[int], size: int, computers: bool,
                    smallest: int) -> tuple[Seating, list[int]]:
    """The next knockout round of the competitors still in (seed order): snake-seeded tables and the byes (top
    seeds). When everyone fits at one table it is the final: filled by computers if allowed, else as small as the
    game allows (``smallest`` seats)."""
    if len(alive) <= size:
        if len(alive) == size or (not computers and len(alive) >= smallest):
            return [list[int | None](alive)], []
        if not computers:
            raise ValueError(f"a final of {len(alive)} needs computers or a table of {smallest}")
        return [[*alive, *[None] * (size - len(alive))]], []
    tables = len(alive) // size if not computers else -(-len(alive) // size)
    byes = [] if computers else list(alive[:len(alive) - tables * size])
    seeded = [c for c in alive if c not in byes]
    seating: Seating = [[] for _ in range(tables)]
    for index, competitor in enumerate(seeded):
        lap, at = divmod(index, tables)
        seating[at if lap % 2 == 0 else tables - 1 - at].append(competitor)
    return [table + [None] * (size - len(table)) for table in seating], byes
