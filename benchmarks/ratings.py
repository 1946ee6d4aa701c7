"""Rating a server's results (issue 14): the cost of computing ratings from the saved results.

    .venv/bin/python benchmarks/ratings.py [--results 10000] [--trials 5]

A SQLite file with one server's results of one game: four-seat partnership matches (two sides of two: people and
computer players of the three levels), 10,000 result rows by default. Measured, each as the best of ``--trials``:
the leaderboard by wins (one SQL query, the baseline), the ratings computed from scratch (the query with the tables'
seats plus OpenSkill over every match, as after a restart or a new result), and the ratings again with nothing new
(the cache's check). Reports milliseconds and the ratio to the baseline.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.ratings import RatingBook
from bot.storage import ResultRow, Storage

GUILD, PEOPLE = 1, 60
LEVELS = ("easy", "normal", "strong")


async def fill(storage: Storage, results: int, rng: random.Random) -> None:
    for first in range(1, results // 4 + 1, 500):
        async with storage.db.transaction() as tx:
            for tid in range(first, min(first + 500, results // 4 + 1)):
                users: list[int | None] = [u + 1 for u in rng.sample(range(PEOPLE), 4)]
                seats: list[dict[str, Any]] = []
                for seat in range(4):
                    if rng.random() < 0.25:
                        users[seat] = None
                        seats.append({"name": f"Computer {seat}", "user_id": None, "level": rng.choice(LEVELS)})
                    else:
                        seats.append({"name": f"user{users[seat]}", "user_id": users[seat]})
                await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, status, "
                                 "created_at, updated_at) VALUES (?, ?, 1, 'block', 1, ?, 0, 'finished', 0, 0)",
                                 (tid, GUILD, json.dumps(seats)))
                winner = rng.randrange(2)
                await storage.results.record(tx, [
                    ResultRow(tid, seat, GUILD, "block", users[seat], seats[seat]["name"], users[seat] is None,
                              seat % 2, 0, seat % 2 == winner, float(tid)) for seat in range(4)])


async def add_match(storage: Storage, tid: int) -> None:
    seats = [{"name": f"user{u}", "user_id": u} for u in (1, 2, 3, 4)]
    async with storage.db.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, status, "
                         "created_at, updated_at) VALUES (?, ?, 1, 'block', 1, ?, 0, 'finished', 0, 0)",
                         (tid, GUILD, json.dumps(seats)))
        await storage.results.record(tx, [ResultRow(tid, seat, GUILD, "block", seat + 1, f"user{seat + 1}", False,
                                                    seat % 2, 0, seat % 2 == 0, float(tid)) for seat in range(4)])


async def best(trials: int, work: Callable[[], Awaitable[Any]]) -> float:
    times = []
    for _ in range(trials):
        started = time.perf_counter()
        await work()
        times.append(time.perf_counter() - started)
    return min(times)


async def main(results: int, trials: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(Path(folder) / "hall.db")
        try:
            await fill(storage, results, random.Random(1))

            async def from_scratch() -> None:
                await RatingBook(storage.results).of_game(GUILD, "block")

            book = RatingBook(storage.results)
            await book.of_game(GUILD, "block")
            baseline = await best(trials, lambda: storage.results.leaderboard(GUILD, "block", limit=15))
            scratch = await best(trials, from_scratch)
            cached = await best(trials, lambda: book.of_game(GUILD, "block"))
            rated = len(await book.of_game(GUILD, "block"))
            after_one = []
            for trial in range(trials):  # one more match each time, rated after the others
                await add_match(storage, results // 4 + 1 + trial)
                started = time.perf_counter()
                await book.of_game(GUILD, "block")
                after_one.append(time.perf_counter() - started)
            one = min(after_one)
        finally:
            await storage.close()
    print(f"{results} results ({results // 4} matches), {rated} rated (people and computer levels), best of {trials}")
    print(f"leaderboard by wins (baseline): {baseline * 1000:.1f} ms")
    print(f"ratings from scratch: {scratch * 1000:.1f} ms ({scratch / baseline:.1f}x the baseline)")
    print(f"ratings after one more match: {one * 1000:.2f} ms ({one / baseline:.2f}x)")
    print(f"ratings, nothing new (cached): {cached * 1000:.2f} ms ({cached / baseline:.2f}x)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=int, default=10_000)
    parser.add_argument("--trials", type=int, default=5)
    options = parser.parse_args()
    if options.results < 4 or options.trials < 1:
        parser.error("--results must be at least 4 and --trials at least 1")
    asyncio.run(main(options.results, options.trials))
