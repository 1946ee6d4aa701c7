"""Closing the database when the stop that asked for it runs out of time (issue 25): the close goes on to the end
however its caller is cancelled, so no worker thread of the connection keeps the process alive."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from bot.storage import Storage


def database_threads() -> list[threading.Thread]:
    """The threads an SQLite database runs: aiosqlite's worker and the group-commit writer."""
    return [t for t in threading.enumerate() if t.is_alive() and t is not threading.main_thread()
            and not t.daemon and (t.name.startswith("sqlite-writer") or "_connection_worker_thread" in t.name)]


async def test_a_cancelled_close_still_closes_the_database_and_its_threads(db_path: Path) -> None:
    before = set(database_threads())
    storage = await Storage.open(db_path)
    await storage.meta.set("a", "1")  # the writer thread and the connection's worker both in use
    await storage.db.write([("INSERT INTO meta (key, value) VALUES (?, ?)", ("b", "2"), False)])
    assert set(database_threads()) - before, "the database should run worker threads while open"

    closing = asyncio.create_task(storage.close())
    await asyncio.sleep(0)  # the close has started...
    closing.cancel()  # ...and the stop that asked for it gives up waiting
    await asyncio.gather(closing, return_exceptions=True)
    for _ in range(200):  # the close goes on by itself, to the end
        if not set(database_threads()) - before:
            break
        await asyncio.sleep(0.01)
    assert not set(database_threads()) - before, "a worker thread of the half-closed database is still running"
    await asyncio.wait_for(storage.close(), 1.0)  # closing again is waiting for the same close: done already

    again = await Storage.open(db_path)  # and everything written is there
    try:
        assert (await again.meta.get("a"), await again.meta.get("b")) == ("1", "2")
    finally:
        await again.close()
