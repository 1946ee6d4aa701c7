"""Skill ratings (issue 14, bot/ratings.py): OpenSkill Plackett-Luce per game and server, teams rated as teams,
computer players rated per level, recomputed from the saved results (on SQLite and PostgreSQL)."""

from __future__ import annotations

import json

import pytest

from bot.ratings import START, TREND_MATCHES, Entrant, RatingBook, rate
from bot.storage import ResultRow, Storage

ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
GUILD = 1


def person(user: int, side: int, won: bool) -> Entrant:
    return Entrant(f"user:{user}", f"user{user}", side, won, user)


def computer(level: str, side: int, won: bool) -> Entrant:
    return Entrant(f"computer:{level}", f"Computer ({level.title()})", side, won, None, level)


def test_the_winner_rises_and_the_loser_falls() -> None:
    ratings = rate([[person(ALICE, 0, True), person(BOB, 1, False)]])
    alice, bob = ratings["user:11"], ratings["user:12"]
    assert alice.mu > 25 > bob.mu and alice.sigma < 25 / 3
    assert alice.conservative > START and alice.games == bob.games == 1 and (alice.wins, bob.wins) == (1, 0)


def test_a_partnership_is_rated_as_a_team() -> None:
    """Texas 42 or partnership Block: both partners of the winning side move up alike, both losers down alike."""
    match = [person(ALICE, 0, True), person(BOB, 1, False), person(CAROL, 0, True), person(DAVE, 1, False)]
    ratings = rate([match])
    assert ratings["user:11"].mu == pytest.approx(ratings["user:13"].mu)
    assert ratings["user:12"].mu == pytest.approx(ratings["user:14"].mu)
    assert ratings["user:11"].mu > 25 > ratings["user:12"].mu


def test_beating_a_strong_player_is_worth_more_than_beating_a_beginner() -> None:
    history = [[person(BOB, 0, True), person(DAVE, 1, False)] for _ in range(8)]  # bob is strong, dave weak
    after = rate([*history, [person(ALICE, 0, True), person(BOB, 1, False)]])
    after_weak = rate([*history, [person(ALICE, 0, True), person(DAVE, 1, False)]])
    assert after["user:11"].mu > after_weak["user:11"].mu


def test_computer_players_are_rated_per_level_and_two_of_a_level_share_one_rating() -> None:
    match = [person(ALICE, 0, False), computer("strong", 1, True), computer("strong", 2, False)]
    ratings = rate([match, [person(ALICE, 0, False), computer("easy", 1, True)]])
    assert set(ratings) == {"user:11", "computer:strong", "computer:easy"}
    assert ratings["computer:strong"].games == 1 and ratings["computer:strong"].wins == 1
    assert ratings["user:11"].games == 2 and ratings["user:11"].mu < 25


def test_a_solitaire_match_is_not_rated() -> None:
    assert rate([[person(ALICE, 0, True)]]) == {}


def test_the_trend_is_the_move_over_the_last_matches() -> None:
    wins = [[person(ALICE, 0, True), person(BOB, 1, False)] for _ in range(TREND_MATCHES + 5)]
    alice = rate(wins)["user:11"]
    assert len(alice.history) == TREND_MATCHES + 5
    assert alice.trend == pytest.approx(alice.conservative - alice.history[-TREND_MATCHES - 1])
    assert alice.trend > 0
    losses = rate([[person(ALICE, 0, False), person(BOB, 1, True)] for _ in range(3)])["user:11"]
    assert losses.trend == pytest.approx(losses.conservative - START)
    assert losses.trend < 0


def test_ratings_depend_on_the_order_the_matches_finished() -> None:
    first = [person(ALICE, 0, True), person(BOB, 1, False)]
    second = [person(ALICE, 0, False), person(CAROL, 1, True)]
    assert rate([first, second])["user:11"].mu != rate([second, first])["user:11"].mu
    assert rate([first, second])["user:11"] == rate([first, second])["user:11"]  # and on nothing else


async def finished_table(storage: Storage, tid: int, seats: list[dict[str, object]],
                         results: list[tuple[int | None, int, bool]], at: float) -> None:
    """A finished table of Block with its seats and one result per seat: (user id or None, side, won)."""
    async with storage.db.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, status, "
                         "created_at, updated_at) VALUES (?, ?, 1, 'block', 1, ?, 0, 'finished', 0, 0)",
                         (tid, GUILD, json.dumps(seats)))
        await storage.results.record(tx, [
            ResultRow(tid, seat, GUILD, "block", user, f"user{user}" if user else f"Computer {seat}", user is None,
                      side, 10 if won else 0, won, at) for seat, (user, side, won) in enumerate(results)])


async def test_ratings_come_from_the_saved_results_and_follow_new_matches(storage: Storage) -> None:
    book = RatingBook(storage.results)
    assert await book.of_game(GUILD, "block") == {}
    seats = [{"name": "alice", "user_id": ALICE}, {"name": "Computer 1", "user_id": None, "level": "strong"}]
    await finished_table(storage, 1, seats, [(ALICE, 0, True), (None, 1, False)], at=1.0)
    board = await book.board(GUILD, "block")
    assert [r.key for r in board] == ["user:11", "computer:strong"]
    assert board[1].name == "Computer (Strong)" and board[1].level == "strong"

    # a second match: the book sees it (the results changed), rates it alone after the first, and gets what
    # rate() gives from scratch
    await finished_table(storage, 2, seats, [(ALICE, 0, False), (None, 1, True)], at=2.0)
    asked: list[float | None] = []
    for_ratings = storage.results.for_ratings

    async def spy(guild_id: int, game: str, after: float | None = None) -> list[object]:
        asked.append(after)
        return await for_ratings(guild_id, game, after)

    storage.results.for_ratings = spy  # type: ignore[method-assign]
    again = await book.of_game(GUILD, "block")
    assert asked == [1.0]  # only the matches after the last one rated
    assert await book.of_game(GUILD, "block") is again and asked == [1.0]  # nothing new: not read again
    expected = rate([[person(ALICE, 0, True), computer("strong", 1, False)],
                     [person(ALICE, 0, False), computer("strong", 1, True)]])
    assert {k: (r.mu, r.sigma, r.games, r.wins) for k, r in again.items()} == {
        k: (r.mu, r.sigma, r.games, r.wins) for k, r in expected.items()}
    mine = await book.member(GUILD, ALICE, ["block", "draw"])
    assert list(mine) == ["block"] and mine["block"].games == 2
    assert await book.of_game(GUILD + 1, "block") == {}  # another server has its own ratings
