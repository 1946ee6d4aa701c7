"""``domino-hall backup FILE`` (issue 27): SQLite's online backup of a database that is being written to, restored
by opening the copy with the bot's own storage; PostgreSQL gets the pg_dump line, without the password."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.backup import BackupError, backup_sqlite
from bot.storage import ResultRow, Storage, TableRow

TABLES = 30


async def fill(storage: Storage, tables: int = TABLES) -> list[int]:
    """``tables`` finished tables with a result each, written through the bot's repositories."""
    ids = []
    for i in range(tables):
        row = await storage.tables.create(TableRow(guild_id=1, channel_id=2, game="block", host_id=3, seed=i,
                                                   status="finished", state=f'{{"saved": {i}}}'))
        async with storage.db.transaction() as tx:
            await storage.results.record(tx, [ResultRow(row.id, 0, 1, "block", 3, "ann", False, 0, i, True,
                                                        time.time())])
        ids.append(row.id)
    return ids


class Writer(threading.Thread):
    """Another connection committing one row after another into the live database until stopped (as the bot
    does while it plays); ``written`` counts its commits."""

    def __init__(self, path: Path) -> None:
        super().__init__(daemon=True)
        self.path, self.stop, self.written = path, threading.Event(), 0

    def run(self) -> None:
        with sqlite3.connect(self.path, timeout=30, isolation_level=None) as conn:
            while not self.stop.is_set():
                conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (f"w{self.written}", "x" * 200))
                self.written += 1
        conn.close()


async def test_a_backup_taken_while_another_connection_writes_is_whole_and_restores(tmp_path: Path) -> None:
    live_path, copy_path = tmp_path / "live.db", tmp_path / "copy.db"
    live = await Storage.open(live_path)  # the bot's storage stays open: WAL mode, as when it runs
    writer = Writer(live_path)
    try:
        ids = await fill(live)
        writer.start()
        while writer.written < 50:  # the writer is well under way
            time.sleep(0.01)
        before = writer.written
        done = backup_sqlite(live_path, copy_path)
        during = writer.written
    finally:
        writer.stop.set()
        writer.join()
        await live.close()
    assert during > before, "the writer kept writing while the backup ran"
    assert (done.tables, done.results, done.path) == (TABLES, TABLES, copy_path)
    assert not list(tmp_path.glob(".copy.db*")) and not Path(f"{copy_path}-wal").exists()

    restored = await Storage.open(copy_path)  # restore: the copy opened as the bot opens its database
    try:
        for i, tid in enumerate(ids):
            row = await restored.tables.get(tid)
            assert row is not None and row.state == f'{{"saved": {i}}}' and row.status == "finished"
            assert [r.score for r in await restored.results.for_table(tid)] == [i]
        copied = (await restored.db.fetchone("SELECT COUNT(*) AS n FROM meta WHERE key LIKE 'w%'"))["n"]
        assert before <= copied <= writer.written  # one instant of the writes, whole rows only
        assert (await restored.db.fetchone("PRAGMA integrity_check"))[0] == "ok"
    finally:
        await restored.close()


async def test_backup_command_on_a_stopped_bots_database_and_its_refusals(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)  # a backup needs no token
    monkeypatch.setenv("DATABASE_URL", "sqlite:///data/hall.db")
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "volume"))
    assert main(["backup", "nothing.db"]) == 1  # no database yet: none is created either
    assert "no database at" in capsys.readouterr().err and not (tmp_path / "volume").exists()

    storage = await Storage.open(tmp_path / "volume" / "hall.db")
    await fill(storage, 3)
    await storage.close()  # closed cleanly: no -wal or -shm beside it
    source_bytes = (tmp_path / "volume" / "hall.db").read_bytes()
    assert main(["backup", "b.db"]) == 0
    assert "backed up" in capsys.readouterr().out and (tmp_path / "b.db").is_file()
    assert (tmp_path / "volume" / "hall.db").read_bytes() == source_bytes, "a backup never writes the database"
    assert main(["backup", "b.db"]) == 1 and "exists already" in capsys.readouterr().err
    assert main(["backup", "no/such/folder.db"]) == 1 and "does not exist" in capsys.readouterr().err
    (tmp_path / "junk.db").write_bytes(b"not a database" * 100)
    with pytest.raises(BackupError, match="failed"):
        backup_sqlite(tmp_path / "junk.db", tmp_path / "junk-copy.db")
    assert not (tmp_path / "junk-copy.db").exists()


def test_postgres_gets_the_pg_dump_line_without_the_password(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", "postgresql://hall@db:5432/hall")
    monkeypatch.setenv("POSTGRES_PASSWORD", "s3cr@t/pw")
    assert main(["backup", "hall.dump"]) == 1
    err = capsys.readouterr().err
    assert "pg_dump --format=custom --file=hall.dump postgresql://hall@db:5432/hall" in err
    assert "s3cr" not in err and err.count("\n") == 1 and not (tmp_path / "hall.dump").exists()
