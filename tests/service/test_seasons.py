"""Seasons (issue 28, bot/seasons.py): calendar seasons per server, a soft reset of every rating's uncertainty at a
season's start, uncertainty that grows with idle time, and season boards and end cards computed from saved results
(on SQLite and PostgreSQL) with a controllable clock."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest
from openskill.models import PlackettLuce

from bot.ratings import Entrant, rate
from bot.seasons import (
    DAY,
    IDLE_SIGMA_PER_DAY,
    MAX_SIGMA,
    SEASON_SIGMA,
    SeasonBook,
    season_at,
    season_ratings,
)
from bot.storage import Storage
from tests.service.test_ratings import ALICE, BOB, CAROL, GUILD, finished_table

ALICE_KEY, BOB_KEY, CAROL_KEY = f"user:{ALICE}", f"user:{BOB}", f"user:{CAROL}"


def at(year: int, month: int, day: int, hour: int = 12) -> float:
    return datetime(year, month, day, hour, tzinfo=UTC).timestamp()


def duel(winner: int, loser: int) -> list[Entrant]:
    return [Entrant(f"user:{winner}", f"user{winner}", 0, True, winner),
            Entrant(f"user:{loser}", f"user{loser}", 1, False, loser)]


def test_seasons_are_calendar_periods_in_utc() -> None:
    november = season_at(at(2026, 11, 27))
    assert (november.label, november.start, november.end) == ("2026-11", at(2026, 11, 1, 0), at(2026, 12, 1, 0))
    december = season_at(at(2026, 12, 31, 23))
    assert december.end == at(2027, 1, 1, 0) and december.previous() == november
    assert season_at(at(2027, 1, 1, 0)).previous() == december
    quarter = season_at(at(2026, 11, 27), "quarter")
    assert (quarter.label, quarter.start, quarter.end) == ("2026 Q4", at(2026, 10, 1, 0), at(2027, 1, 1, 0))
    assert quarter.previous().label == "2026 Q3"
    week = season_at(at(2026, 11, 27), "week")  # a Friday: the ISO week began on Monday the 23rd
    assert (week.label, week.start, week.end) == ("2026-W48", at(2026, 11, 23, 0), at(2026, 11, 30, 0))
    assert season_at(at(2026, 11, 27), "year").label == "2026"
    assert season_at(at(2026, 11, 27), "fortnight") == november  # an unknown length counts as a month


def test_within_one_season_the_ratings_are_the_all_time_ones_but_for_idle_time() -> None:
    matches = [(at(2026, 11, 2), duel(ALICE, BOB)), (at(2026, 11, 2), duel(ALICE, CAROL))]  # one after the other
    season = season_at(at(2026, 11, 3))
    board = {r.key: r for r in season_ratings(matches, season, now=at(2026, 11, 3))}
    plain = rate([m for _, m in matches])
    assert board[ALICE_KEY].mu == pytest.approx(plain[ALICE_KEY].mu)
    # everyone has been idle a day when the board is drawn
    assert board[ALICE_KEY].sigma == pytest.approx(math.hypot(plain[ALICE_KEY].sigma, IDLE_SIGMA_PER_DAY))
    assert board[BOB_KEY].sigma == pytest.approx(math.hypot(plain[BOB_KEY].sigma, IDLE_SIGMA_PER_DAY))
    assert (board[ALICE_KEY].games, board[ALICE_KEY].wins, board[BOB_KEY].games, board[BOB_KEY].wins) == (2, 2, 1, 0)


def test_a_new_season_widens_every_uncertainty_and_idle_time_adds_more() -> None:
    """Checked against OpenSkill directly: the October match, then sigma grown by the idle days and the soft reset
    (both in quadrature) before the November match."""
    october, november = at(2026, 10, 30), at(2026, 11, 4)
    matches = [(october, duel(ALICE, BOB)), (november, duel(BOB, ALICE))]
    board = {r.key: r for r in season_ratings(matches, season_at(november), now=november)}

    model = PlackettLuce()
    [[a], [b]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    idle_days = (november - october) / DAY
    grown = [min(math.sqrt(r.sigma ** 2 + SEASON_SIGMA ** 2 + IDLE_SIGMA_PER_DAY ** 2 * idle_days), 25 / 3)
             for r in (a, b)]  # never less known than a newcomer
    [[b2], [a2]] = model.rate([[model.rating(mu=b.mu, sigma=grown[1])], [model.rating(mu=a.mu, sigma=grown[0])]],
                              ranks=[1.0, 2.0])
    assert (board[ALICE_KEY].mu, board[ALICE_KEY].sigma) == (pytest.approx(a2.mu), pytest.approx(a2.sigma))
    assert (board[BOB_KEY].mu, board[BOB_KEY].sigma) == (pytest.approx(b2.mu), pytest.approx(b2.sigma))
    # the season's record counts November only
    assert (board[ALICE_KEY].games, board[ALICE_KEY].wins, board[BOB_KEY].wins) == (1, 0, 1)


def test_a_solitaire_match_in_the_season_is_not_on_its_board() -> None:
    solo = [Entrant(ALICE_KEY, "alice", 0, True, ALICE)]
    matches = [(at(2026, 11, 2), solo), (at(2026, 11, 3), duel(BOB, CAROL))]
    board = season_ratings(matches, season_at(at(2026, 11, 3)), now=at(2026, 11, 4))
    assert sorted(r.key for r in board) == [BOB_KEY, CAROL_KEY]


def test_nobody_who_did_not_play_this_season_is_on_its_board_and_idle_uncertainty_stops_at_a_newcomers() -> None:
    matches = [(at(2025, 1, 10), duel(ALICE, BOB)), (at(2026, 11, 2), duel(CAROL, BOB))]
    board = {r.key: r for r in season_ratings(matches, season_at(at(2026, 11, 2)), now=at(2026, 11, 20))}
    assert set(board) == {BOB_KEY, CAROL_KEY}  # alice last played in January 2025
    # bob was idle almost two years: his uncertainty went back to a newcomer's before his November match
    model = PlackettLuce()
    [[_alice], [bob]] = model.rate([[model.rating()], [model.rating()]], ranks=[1.0, 2.0])
    [[carol], [bob]] = model.rate([[model.rating()], [model.rating(mu=bob.mu, sigma=MAX_SIGMA)]], ranks=[1.0, 2.0])
    idle = IDLE_SIGMA_PER_DAY * math.sqrt(18)  # then 18 idle days to the board
    assert board[BOB_KEY].mu == pytest.approx(bob.mu) and board[CAROL_KEY].mu == pytest.approx(carol.mu)
    assert board[BOB_KEY].sigma == pytest.approx(math.hypot(bob.sigma, idle))
    everyone = season_ratings(matches, season_at(at(2025, 1, 10)), now=at(2026, 11, 20))  # that season, at its end
    assert {r.key for r in everyone} == {ALICE_KEY, BOB_KEY} and all(r.sigma < MAX_SIGMA for r in everyone)


async def test_the_season_book_follows_the_clock_and_the_server_setting(storage: Storage) -> None:
    lengths = {GUILD: "month"}

    async def length_of(guild_id: int) -> str:
        return lengths[guild_id]

    now = [at(2026, 11, 20)]
    book = SeasonBook(storage.results, length_of, clock=lambda: now[0])
    seats = [{"name": "alice", "user_id": ALICE}, {"name": "bob", "user_id": BOB}]
    await finished_table(storage, 1, seats, [(ALICE, 0, True), (BOB, 1, False)], at=at(2026, 10, 5))
    await finished_table(storage, 2, seats, [(ALICE, 0, False), (BOB, 1, True)], at=at(2026, 11, 5))
    await finished_table(storage, 3, seats, [(ALICE, 0, False), (BOB, 1, True)], at=at(2026, 11, 6))

    current = await book.season(GUILD)
    assert current.label == "2026-11"
    board = await book.board(GUILD, "block", current)
    assert [(r.key, r.games, r.wins) for r in board] == [(f"user:{BOB}", 2, 2), (f"user:{ALICE}", 2, 0)]
    previous = await book.season(GUILD, "previous")
    card = await book.card(GUILD, previous)
    assert list(card) == ["block"] and [(r.key, r.games, r.wins) for r in card["block"]] == [
        (f"user:{ALICE}", 1, 1), (f"user:{BOB}", 1, 0)]
    assert await book.card(GUILD, previous.previous()) == {}  # September: nothing played

    now[0] = at(2026, 12, 1, 9)  # December: a new season with no match yet, and November's card
    assert await book.board(GUILD, "block", await book.season(GUILD)) == []
    assert [r.key for r in (await book.card(GUILD, await book.season(GUILD, "previous")))["block"]] == [
        f"user:{BOB}", f"user:{ALICE}"]

    lengths[GUILD] = "year"  # the whole of 2026 in one season: all three matches
    board = await book.board(GUILD, "block", await book.season(GUILD))
    assert sorted((r.key, r.games) for r in board) == [(f"user:{ALICE}", 3), (f"user:{BOB}", 3)]
    assert (await storage.results.leaderboard(GUILD, None, between=(at(2026, 11, 1, 0), at(2026, 12, 1, 0))))[0].wins \
        == 2
