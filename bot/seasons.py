"""Seasons per server (issue 28): the current season's standings and ratings, all computed from saved results.

A server's seasons are calendar periods in UTC, a month by default (``/hall-settings season_length``: a week, a
month, a quarter or a year). Nothing about a season is stored: its board rates every saved match of a game in the
order they finished, as :mod:`bot.ratings` does, with two changes that keep a season worth playing:

* **A soft reset at each season's start.** Ratings carry over, but every uncertainty (sigma) grows by
  :data:`SEASON_SIGMA` (added in quadrature), so the conservative rating ``mu - 3 sigma`` everyone is ranked by drops
  a little and is won back by playing this season.
* **Idle players grow uncertain.** Before each match, and up to the moment the board is drawn, a player's sigma grows
  by :data:`IDLE_SIGMA_PER_DAY` for each day since their last match (again in quadrature, as Glicko's rating
  deviation does), so a member who comes back after months is not frozen at an old rank.

Both growths stop at OpenSkill's starting sigma (25/3): nobody becomes less known than a newcomer. A season's board
lists those who played in that season, with that season's games and wins. The all-time board (:mod:`bot.ratings`)
is unchanged by any of this.

Times come from an injectable ``clock`` (``time.time`` by default) so tests can move the calendar.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from openskill.models import PlackettLuce

from bot.ratings import Rated, rate_match, timed_matches

#: How long a season lasts, per server (the first is the default).
SEASON_LENGTHS: tuple[str, ...] = ("month", "week", "quarter", "year")
DEFAULT_LENGTH = SEASON_LENGTHS[0]
#: The sigma added (in quadrature) to every rating when a new season starts: the soft reset.
SEASON_SIGMA = 2.0
#: The sigma added (in quadrature) per idle day: after 30 idle days about 1.9, after a year about 6.7 (capped).
IDLE_SIGMA_PER_DAY = 0.35
#: Nobody is less known than a newcomer: OpenSkill's starting sigma.
MAX_SIGMA = 25.0 / 3.0
DAY = 86400.0


@dataclass(frozen=True)
class Season:
    """One season of a server: ``start`` (included) to ``end`` (excluded), as time.time() values in UTC."""

    length: str
    start: float
    end: float
    label: str  # "2026-11", "2026-W48", "2026 Q4", "2026": the same in every language

    def contains(self, when: float) -> bool:
        """Whether ``when`` falls in this season."""
        return self.start <= when < self.end

    def previous(self) -> Season:
        """The season just before this one."""
        return season_at(self.start - 1.0, self.length)


def season_at(when: float, length: str = DEFAULT_LENGTH) -> Season:
    """The season of ``length`` (one of :data:`SEASON_LENGTHS`; anything else counts as a month) holding ``when``."""
    moment = datetime.fromtimestamp(when, UTC)
    if length == "week":  # ISO weeks, Monday to Monday
        monday = datetime(moment.year, moment.month, moment.day, tzinfo=UTC) - timedelta(days=moment.weekday())
        year, week, _ = monday.isocalendar()
        return Season(length, monday.timestamp(), (monday + timedelta(days=7)).timestamp(), f"{year}-W{week:02d}")
    if length == "year":
        return Season(length, datetime(moment.year, 1, 1, tzinfo=UTC).timestamp(),
                      datetime(moment.year + 1, 1, 1, tzinfo=UTC).timestamp(), f"{moment.year}")
    months = 3 if length == "quarter" else 1
    first = (moment.month - 1) // months * months + 1
    start = datetime(moment.year, first, 1, tzinfo=UTC)
    after = first + months
    end = datetime(moment.year + (after > 12), (after - 1) % 12 + 1, 1, tzinfo=UTC)
    label = f"{moment.year} Q{(first - 1) // 3 + 1}" if months == 3 else f"{moment.year}-{first:02d}"
    return Season("quarter" if months == 3 else "month", start.timestamp(), end.timestamp(), label)


def widened(sigma: float, extra: float) -> float:
    """``sigma`` with ``extra`` uncertainty added in quadrature, no more than :data:`MAX_SIGMA`."""
    return min(math.sqrt(sigma * sigma + extra * extra), max(sigma, MAX_SIGMA))


def idle_sigma(sigma: float, idle_seconds: float) -> float:
    """``sigma`` after ``idle_seconds`` without a match."""
    return widened(sigma, IDLE_SIGMA_PER_DAY * math.sqrt(max(idle_seconds, 0.0) / DAY))


def season_ratings(matches: Sequence[tuple[float, Sequence[Any]]], season: Season, now: float) -> list[Rated]:
    """The ratings of everyone who played in ``season``, as they stood at its end (or ``now``, if sooner), with
    that season's games and wins; ``matches`` are (finished at, entrants) in the order they finished."""
    model = PlackettLuce()
    ratings: dict[str, Rated] = {}
    last: dict[str, float] = {}
    record: dict[str, tuple[int, int]] = {}
    until = min(now, season.end)
    current: Season | None = None
    for at, match in matches:
        if at >= season.end or at > now:
            break
        here = season_at(at, season.length)
        if current is not None and here.start != current.start:
            _widen_all(ratings, SEASON_SIGMA)
        current = here
        for entrant in match:
            if entrant.key in ratings:
                ratings[entrant.key].sigma = idle_sigma(ratings[entrant.key].sigma, at - last[entrant.key])
        rate_match(model, ratings, match)
        for entrant in match:
            last[entrant.key] = at
        if season.contains(at) and len({e.side for e in match}) > 1:  # a solitaire match (Bingo) is not rated
            for key in {e.key for e in match}:  # two computers of one level play one match between them
                games, wins = record.get(key, (0, 0))
                record[key] = (games + 1, wins + any(e.won for e in match if e.key == key))
    if current is not None and current.start < season.start:
        _widen_all(ratings, SEASON_SIGMA)  # the season started after the last match
    for key, rated in ratings.items():
        rated.sigma = idle_sigma(rated.sigma, until - last[key])
    return [replace(ratings[key], games=games, wins=wins) for key, (games, wins) in record.items()]


def _widen_all(ratings: dict[str, Rated], extra: float) -> None:
    for rated in ratings.values():
        rated.sigma = widened(rated.sigma, extra)


def ranked(ratings: Sequence[Rated]) -> list[Rated]:
    """Best first, by the conservative rating, then wins, then key (as the all-time board)."""
    return sorted(ratings, key=lambda r: (-r.conservative, -r.wins, r.key))


class SeasonBook:
    """A server's seasons: which one it is, its standings, its ratings per game, and its end-of-season card."""

    def __init__(self, results: Any, length_of: Callable[[int], Any],
                 clock: Callable[[], float] = time.time, meta: Any = None) -> None:
        self.results = results  # bot.storage.ResultRepo
        self.length_of = length_of  # async (guild id) -> the server's season length
        self.clock = clock
        self.meta = meta  # bot.storage.MetaRepo: the last season each server was seen in
        self.cache: dict[tuple[Any, ...], list[Rated]] = {}
        self.turning = asyncio.Lock()

    async def turned(self, guild_id: int) -> Season | None:
        """The season that just ended, the first time this is asked since the server's season changed (then None
        until it changes again); None the very first time a server is seen, when there is no season change to tell.
        What was seen is stored, so a restart neither repeats nor misses the change."""
        async with self.turning:
            current = await self.season(guild_id)
            key = f"season:{guild_id}"
            seen = await self.meta.get(key)
            if seen == current.label:
                return None
            await self.meta.set(key, current.label)
            return current.previous() if seen is not None else None

    async def season(self, guild_id: int, which: str = "current") -> Season:
        """The server's ``current`` season, or the ``previous`` one."""
        season = season_at(self.clock(), await self.length_of(guild_id))
        return season.previous() if which == "previous" else season

    async def board(self, guild_id: int, game: str, season: Season) -> list[Rated]:
        """Everyone who played ``game`` in ``season`` (members and computer levels), best first."""
        stamp = await self.results.stamp(guild_id, game)
        until = min(self.clock(), season.end)
        key = (guild_id, game, season, stamp, int(until // 60))  # idle time counts by the minute
        if key not in self.cache:
            rows = await self.results.for_ratings(guild_id, game)
            self.cache[key] = await asyncio.to_thread(lambda: ranked(season_ratings(timed_matches(rows), season,
                                                                                    until)))
            if len(self.cache) > 256:  # a small bound; boards are cheap to compute again
                self.cache.pop(next(iter(self.cache)))
        return self.cache[key]

    async def card(self, guild_id: int, season: Season, places: int = 3) -> dict[str, list[Rated]]:
        """The season's end card: the top ``places`` members of each game played in ``season``, by game."""
        found: dict[str, list[Rated]] = {}
        for game in await self.results.games_between(guild_id, season.start, season.end):
            people = [r for r in await self.board(guild_id, game, season) if r.user_id is not None][:places]
            if people:
                found[game] = people
        return found
