"""Writes under load: moves per second and the time to commit one move with many busy tables at once.

    .venv/bin/python benchmarks/write_load.py [--tables 50 200 1000] [--seconds 10] [--postgres URL]

Every table is a two-seat Block game of computer players with no pause, so every table moves as fast as the
process can: a burst far beyond what people make. A move's commit time is measured around the table service's
save (waiting for the database included). SQLite on a throw-away file always; PostgreSQL too with ``--postgres``
(a server you started; its ``public`` schema is emptied) or ``--postgres auto`` (a throw-away server, as the tests
start it, where PostgreSQL is installed). Reports moves/s and commit p50/p99 per table count.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import Storage
from bot.tables import StaleClick, TableService

GUILD, CHANNEL, HOST = 1, 10, 1


async def busy_tables(database: Path | str, tables: int, seconds: float) -> tuple[int, list[float]]:
    """Run ``tables`` computer-only tables for ``seconds``; (moves made, commit times in seconds)."""
    service = TableService(await Storage.open(database), computer_pause=0.0, turn_time_limit=0.0)
    await service.start()
    commits: list[float] = []
    save = service._save

    async def timed_save(table: Any, **kwargs: Any) -> None:
        started = time.perf_counter()
        await save(table, **kwargs)
        if "entry" in kwargs:
            commits.append(time.perf_counter() - started)

    service._save = timed_save  # type: ignore[method-assign]
    stop = time.perf_counter() + seconds

    async def keep_busy() -> None:
        while time.perf_counter() < stop:
            table = await service.lobbies.create_lobby(GUILD, CHANNEL, HOST, "host", "block")
            await service.lobbies.add_computer(table.id, HOST)
            await service.lobbies.start_game(table.id, table.version, HOST)
            await service.play.set_autopilot(table.id, HOST, True)
            while table.status == "playing" and time.perf_counter() < stop:
                await asyncio.sleep(0.05)
            if table.status == "playing":
                with contextlib.suppress(StaleClick):  # it may end just now
                    await service.lobbies.abandon(table.id, HOST, can_manage=True)

    await asyncio.gather(*(keep_busy() for _ in range(tables)))
    await service.close()
    await service.storage.close()
    return len(commits), commits


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


@contextlib.contextmanager
def postgres(choice: str | None) -> Iterator[str | None]:
    if choice != "auto":
        yield choice
        return
    from tests.service.pg_server import postgres_server

    with postgres_server() as (url, why):
        if url is None:
            print(f"PostgreSQL skipped: {why}")
        yield url


async def empty(url: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    await conn.close()


async def run(counts: list[int], seconds: float, pg: str | None) -> None:
    print(f"{'database':<10} {'tables':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7}")
    for count in counts:
        targets: list[tuple[str, Path | str]] = []
        with tempfile.TemporaryDirectory() as folder:
            targets.append(("sqlite", Path(folder) / "hall.db"))
            if pg:
                await empty(pg)
                targets.append(("postgres", pg))
            for name, target in targets:
                moves, commits = await busy_tables(target, count, seconds)
                print(f"{name:<10} {count:>6} {moves / seconds:>8.0f} {percentile(commits, 0.5) * 1000:>7.1f} "
                      f"{percentile(commits, 0.99) * 1000:>7.1f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--postgres", default=None, help="a PostgreSQL URL, or 'auto' for a throw-away server")
    args = parser.parse_args()
    if any(n < 1 for n in args.tables) or args.seconds <= 0:
        parser.error("--tables must be at least 1 and --seconds positive")
    with postgres(args.postgres) as url:
        asyncio.run(run(args.tables, args.seconds, url))


if __name__ == "__main__":
    main()
