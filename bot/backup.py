"""``domino-hall backup FILE``: a copy of the bot's database, safe to take while the bot runs.

SQLite: SQLite's online backup API (:meth:`sqlite3.Connection.backup`) copies the database in one read transaction,
so the copy is the database as it was at one instant, whatever the bot writes meanwhile (in WAL mode a reader never
blocks the writer, nor the writer the reader). The copy is written beside ``FILE`` and renamed into place once it is
complete and checked, so a half-written file never has the backup's name. PostgreSQL is backed up by its own tool,
``pg_dump``: the command prints the line to run, without the password.
"""

from __future__ import annotations

import os
import re
import shlex
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bot.settings import Settings


class BackupError(Exception):
    """Nothing was backed up; the message says why, in one line, without a secret."""


@dataclass(frozen=True)
class Backup:
    """What a finished SQLite backup holds."""

    path: Path
    schema_version: int
    tables: int
    results: int

    def describe(self, source: Path) -> str:
        return (f"backed up {source} to {self.path}: {self.tables} tables, {self.results} results, schema version "
                f"{self.schema_version}")


def backup(settings: Settings, target: Path) -> Backup:
    """Back the settings' SQLite database up to ``target``; :class:`BackupError` for PostgreSQL (with the
    ``pg_dump`` line to run instead), a missing database, or a ``target`` that exists already."""
    if isinstance(settings.database_path, str):
        line = pg_dump_line(settings.database_path, target)
        raise BackupError(f"the database is PostgreSQL, which pg_dump backs up; run: {line}")
    return backup_sqlite(settings.database_path, target)


def backup_sqlite(source: Path, target: Path) -> Backup:
    """Copy the SQLite database ``source`` to the new file ``target`` with the online backup API."""
    if not source.is_file():
        raise BackupError(f"there is no database at {source} (DATABASE_URL, DATA_DIR): nothing to back up")
    if target.exists():
        raise BackupError(f"{target} exists already: give the backup a new name (a backup never overwrites a file)")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial")
    try:
        # mode=ro: a backup never writes to the bot's database (nor creates one); the timeout covers a checkpoint
        with closing(_connect(f"{source.resolve().as_uri()}?mode=ro")) as live, closing(_connect(str(partial))) as copy:
            live.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
            done = _check(copy, partial)
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(f"the backup of {source} failed: {error}") from None
    finally:
        partial.unlink(missing_ok=True)
    return Backup(target, *done)


def _connect(where: str) -> sqlite3.Connection:
    return sqlite3.connect(where, uri=where.startswith("file:"), timeout=30, isolation_level=None)


def _check(copy: sqlite3.Connection, path: Path) -> tuple[int, int, int]:
    """The copy's schema version and counts, once SQLite finds it sound."""
    verdict = copy.execute("PRAGMA quick_check").fetchone()[0]
    if verdict != "ok":
        raise BackupError(f"the copy {path} is not sound ({verdict}); nothing was kept")
    version = int(copy.execute("PRAGMA user_version").fetchone()[0])
    if version == 0:
        raise BackupError("the source is not a Domino Hall database (it has no schema); nothing was kept")
    tables = int(copy.execute("SELECT COUNT(*) FROM tables").fetchone()[0])
    results = int(copy.execute("SELECT COUNT(DISTINCT table_id) FROM results").fetchone()[0])
    return version, tables, results


_QUERY_PASSWORD = re.compile(r"[?&](?:password|passwd|pass|sslpassword)=[^&#]*", re.IGNORECASE)


def pg_dump_line(url: str, target: Path) -> str:
    """The ``pg_dump`` command that backs the PostgreSQL database ``url`` up to ``target``, with the password taken
    out of the URL (pg_dump asks for it, or reads ``PGPASSWORD`` or ``~/.pgpass``).

    >>> pg_dump_line("postgresql://hall:s3cr%40t@db:5432/hall?sslmode=require&password=x", Path("hall.dump"))
    "pg_dump --format=custom --file=hall.dump 'postgresql://hall@db:5432/hall?sslmode=require'"
    """
    scheme, _, rest = url.partition("://")
    at = rest.rfind("@")  # the user information runs to the last @ (see bot.settings.safe_url)
    if at >= 0:
        rest = rest[:at].partition(":")[0] + rest[at:]
    rest = _QUERY_PASSWORD.sub("", rest)
    if "?" not in rest and "&" in rest:  # the first parameter was the password
        rest = rest.replace("&", "?", 1)
    return shlex.join(["pg_dump", "--format=custom", f"--file={target}", f"{scheme}://{rest}"])
