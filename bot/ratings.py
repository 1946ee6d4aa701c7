"""Skill ratings per game and server (issue 14), with OpenSkill's Plackett-Luce model.

OpenSkill (the ``openskill`` package) rates free-for-all and teams alike: a partnership or a team of three is rated
as a team, each member's rating moving by their part in it. A match is an ordering of its sides: the winning side
(or sides) first, the others tied after it. The board ranks by a conservative rating, ``mu - 3 * sigma``: a member
who has played little is ranked low until the games show their skill.

Computer players are rated too, one rating per level in each server and game ("Computer (Strong)"), so members see
where they stand against Easy, Normal and Strong. Two computers of one level in a match share that rating: each
plays the match with it, and it moves by their mean. A computer a tournament seats in an empty seat is never rated:
the match rates the members among themselves.

Ratings are never stored. They are computed from the results table, match by match in the order the matches
finished, so a migration or a change of formula rebuilds them; :class:`RatingBook` keeps a server's ratings of one
game and, when matches have finished there since, rates only those (after all the others, as from scratch).
"""

from __future__ import annotations

import asyncio
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openskill.models import PlackettLuce

#: How many matches the trend of a rating looks back over.
TREND_MATCHES = 10
#: The conservative rating of someone who has not played yet (OpenSkill's mu 25, sigma 25/3).
START = 0.0


@dataclass(frozen=True)
class Entrant:
    """One seat of a finished match, as the ratings see it."""

    key: str  # "user:<id>" for a member, "computer:<level>" for a computer player
    name: str
    side: int
    won: bool
    user_id: int | None = None
    level: str | None = None


@dataclass
class Rated:
    """A member's (or a computer level's) rating in one game and server, with their record."""

    key: str
    name: str
    user_id: int | None
    level: str | None
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    history: list[float] = field(default_factory=list)  # the conservative rating after each match

    @property
    def conservative(self) -> float:
        """``mu - 3 * sigma``: the rating the board ranks by."""
        return self.mu - 3 * self.sigma

    @property
    def trend(self) -> float:
        """How much the conservative rating moved over the last :data:`TREND_MATCHES` matches."""
        before = self.history[-TREND_MATCHES - 1] if len(self.history) > TREND_MATCHES else START
        return self.conservative - before


def rate(matches: Iterable[Sequence[Entrant]], before: dict[str, Rated] | None = None) -> dict[str, Rated]:
    """Every entrant's rating after these matches, in the order given (matches with one side are not rated),
    starting from the ratings ``before`` them (left unchanged) or from scratch."""
    model = PlackettLuce()
    ratings = {key: replace(r, history=list(r.history)) for key, r in (before or {}).items()}
    for match in matches:
        rate_match(model, ratings, match)
    return ratings


def rate_match(model: PlackettLuce, ratings: dict[str, Rated], match: Sequence[Entrant]) -> None:
    """Rate one match, changing ``ratings`` in place (a newcomer starts at the model's rating); a match with one
    side is not rated."""
    sides: dict[int, list[Entrant]] = defaultdict(list)
    for entrant in match:
        sides[entrant.side].append(entrant)
    if len(sides) < 2:
        return  # solitaire (Bingo): nobody to be rated against
    order = sorted(sides)
    for entrant in match:
        if entrant.key not in ratings:
            start = model.rating()
            ratings[entrant.key] = Rated(entrant.key, entrant.name, entrant.user_id, entrant.level,
                                         start.mu, start.sigma)
        else:
            ratings[entrant.key].name = entrant.name  # the latest name a member played under
    teams = [[model.rating(mu=ratings[e.key].mu, sigma=ratings[e.key].sigma) for e in sides[s]] for s in order]
    ranks = [1.0 if any(e.won for e in sides[s]) else 2.0 for s in order]
    rated = model.rate(teams, ranks=ranks)
    moved: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for s, team in zip(order, rated, strict=True):
        for entrant, after in zip(sides[s], team, strict=True):
            moved[entrant.key].append((after.mu, after.sigma))
    for key, afters in moved.items():
        entry = ratings[key]
        entry.mu = sum(mu for mu, _ in afters) / len(afters)
        entry.sigma = sum(sigma for _, sigma in afters) / len(afters)
        entry.games += 1
        entry.wins += any(e.won for e in match if e.key == key)
        entry.history.append(entry.conservative)


def entrants(rows: Sequence[Any]) -> list[list[Entrant]]:
    """The matches of result rows joined with their table's seats (``ResultRepo.for_ratings``), in order."""
    return [match for _at, match in timed_matches(rows)]


def timed_matches(rows: Sequence[Any]) -> list[tuple[float, list[Entrant]]]:
    """:func:`entrants` with when each match finished (its rows' ``finished_at``)."""
    matches: dict[int, tuple[float, list[Entrant]]] = {}
    seats_of: dict[int, list[Any]] = {}
    for row in rows:
        tid = row["table_id"]
        if tid not in seats_of:
            try:
                seats_of[tid] = json.loads(row["seats"] or "[]")
            except ValueError:
                seats_of[tid] = []
        if row["computer"]:
            seats = seats_of[tid]
            seat = seats[row["seat"]] if row["seat"] < len(seats) and isinstance(seats[row["seat"]], dict) else {}
            if seat.get("unranked"):  # a computer a tournament seated: never rated (the members are, among them)
                continue
            level = str(seat.get("level") or "normal")
            entrant = Entrant(f"computer:{level}", f"Computer ({level.title()})", row["side"], bool(row["won"]),
                              None, level)
        else:
            entrant = Entrant(f"user:{row['user_id']}", row["name"], row["side"], bool(row["won"]), row["user_id"])
        at = float(row["finished_at"])
        matches.setdefault(tid, (at, []))[1].append(entrant)
    return list(matches.values())


class RatingBook:
    """Ratings per server and game, computed from the saved results when a match has finished since last time."""

    def __init__(self, results: Any) -> None:
        self.results = results  # bot.storage.ResultRepo
        self.cache: dict[tuple[int, str], tuple[tuple[int, float], dict[str, Rated]]] = {}

    async def of_game(self, guild_id: int, game: str) -> dict[str, Rated]:
        """Everyone's rating in one game of one server, by key."""
        stamp = await self.results.stamp(guild_id, game)
        cached = self.cache.get((guild_id, game))
        if cached is not None and cached[0] == stamp:
            return cached[1]
        if cached is not None and stamp[0] > cached[0][0]:  # only newer matches: rate those after the others
            rows = await self.results.for_ratings(guild_id, game, after=cached[0][1])
            if cached[0][0] + len(rows) == stamp[0]:
                before = cached[1]
                ratings = await asyncio.to_thread(lambda: rate(entrants(rows), before))
                self.cache[(guild_id, game)] = (stamp, ratings)
                return ratings
        rows = await self.results.for_ratings(guild_id, game)
        ratings = await asyncio.to_thread(lambda: rate(entrants(rows)))
        self.cache[(guild_id, game)] = (stamp, ratings)
        return ratings

    async def board(self, guild_id: int, game: str, limit: int | None = 15) -> list[Rated]:
        """The best ratings first (members and computer levels), by the conservative rating."""
        ratings = await self.of_game(guild_id, game)
        return sorted(ratings.values(), key=lambda r: (-r.conservative, -r.wins, r.key))[:limit]

    async def member(self, guild_id: int, user_id: int, games: Iterable[str]) -> dict[str, Rated]:
        """A member's rating in each of these games where they have one."""
        found: dict[str, Rated] = {}
        for game in games:
            rated = (await self.of_game(guild_id, game)).get(f"user:{user_id}")
            if rated is not None:
                found[game] = rated
        return found
