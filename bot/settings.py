"""Settings of the bot process: read once from the environment (and a ``.env`` file), validated with clear errors.

Nothing here is ever logged with the token: :class:`Settings` hides it from ``repr``.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_DATABASE_URL = "sqlite:///data/domino_hall.db"
DEFAULT_COMPUTER_PAUSE = 1.5
DEFAULT_TURN_TIME_LIMIT = 300.0
DEFAULT_NUDGE_GRACE = 20.0
DEFAULT_CONNECT_TIMEOUT = 60.0
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
#: Images are drawn in one worker process where there is a core to spare (see bot/offload.py), else in a thread.
DEFAULT_RENDER_PROCESSES = 1 if (os.cpu_count() or 1) >= 2 else 0

#: Every setting the bot reads, with what it means (used by ``--help`` and ``.env.example``).
VARIABLES: dict[str, str] = {
    "DISCORD_TOKEN": "the bot token from the Discord developer portal (required to run)",
    "DATABASE_URL": f"where tables and results are kept (default {DEFAULT_DATABASE_URL}; a plain path works too, in a "
                    "folder that exists, ./data being made; postgresql://user:password@host/db for PostgreSQL)",
    "DEV_GUILD_ID": "sync slash commands to this one server only (instant, for development)",
    "DISCORD_API_BASE": "REST API base URL override, e.g. a proxy (default https://discord.com/api/v10)",
    "DISCORD_GATEWAY_URL": "gateway websocket URL override, e.g. a proxy (default wss://gateway.discord.gg/)",
    "DISCORD_CONNECT_TIMEOUT": (
        f"seconds to wait for Discord to answer the login before giving up with exit code 2 (default "
        f"{DEFAULT_CONNECT_TIMEOUT:g}; 0 waits for ever); the log says what it waits for every 5 seconds"
    ),
    "LOG_LEVEL": "DEBUG, INFO (default), WARNING or ERROR",
    "COMPUTER_PAUSE_SECONDS": (
        f"pause before a computer player moves, so people can follow (default {DEFAULT_COMPUTER_PAUSE})"
    ),
    "TURN_TIME_LIMIT_SECONDS": (
        f"a player who does not act within this many seconds has the move made by a computer player "
        f"(default {DEFAULT_TURN_TIME_LIMIT:g}; 0 turns it off; a server can change it with /hall-settings)"
    ),
    "NUDGE_GRACE_SECONDS": (
        f"how long a player's turn goes before the channel nudge mentions them (default {DEFAULT_NUDGE_GRACE:g}); "
        "members and servers can turn nudges off"
    ),
    "SHARD_COUNT": "how many shards the bot runs as in all (default: as many as Discord recommends, all in this "
                   "process); with several processes on one PostgreSQL database, the same number in each",
    "SHARD_IDS": "the shards this process runs, e.g. 0,1 (default: all of them); a process keeps only the tables of "
                 "the servers on its shards",
    "RENDER_PROCESSES": (
        f"worker processes drawing the images, 0 for a thread in the bot process (default {DEFAULT_RENDER_PROCESSES}"
        f" here: 1 with two or more cores)"
    ),
}


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


class StartError(Exception):
    """The bot cannot start (no database, no network); the message says why in one line, never with a secret."""


def error_line(error: BaseException, settings: Settings) -> str:
    """``error`` in one line for a person, with the token and the database URL taken out of it."""
    text = " ".join(str(error).split()) or type(error).__name__
    for secret in (settings.token, str(settings.database_path)):
        if secret:
            text = text.replace(secret, "***")
    return text[:300]


class MissingToken(SettingsError):
    """``DISCORD_TOKEN`` is not set."""


@dataclass(frozen=True)
class Settings:
    """The validated settings of one bot process."""

    token: str = field(repr=False)
    database_path: Path | str = field(repr=False)  # a SQLite file or a postgresql:// URL: log database_label
    dev_guild_id: int | None = None
    api_base: str | None = None
    gateway_url: str | None = None
    log_level: str = "INFO"
    computer_pause: float = DEFAULT_COMPUTER_PAUSE
    turn_time_limit: float = DEFAULT_TURN_TIME_LIMIT
    render_processes: int = 0
    nudge_grace: float = DEFAULT_NUDGE_GRACE
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    connect_timeout: float = DEFAULT_CONNECT_TIMEOUT

    def owns_guild(self, guild_id: int) -> bool:
        """True when this process runs the shard of server ``guild_id`` (Discord's ``(guild_id >> 22) % count``),
        so its tables are this process's to load, drive and time."""
        if self.shard_count is None or self.shard_ids is None:
            return True
        return (guild_id >> 22) % self.shard_count in self.shard_ids

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, require_token: bool = True) -> Settings:
        """Settings from ``environ`` (default: the process environment after loading ``.env``)."""
        env = dict(os.environ if environ is None else environ)
        token = env.get("DISCORD_TOKEN", "").strip()
        if require_token and not token:
            raise MissingToken(
                "DISCORD_TOKEN is not set. Put the bot token from the Discord developer portal in the "
                "environment or in a .env file (see .env.example)."
            )
        return cls(
            token=token,
            database_path=_database(env),
            dev_guild_id=_optional_int(env, "DEV_GUILD_ID"),
            api_base=_url(env, "DISCORD_API_BASE", ("http://", "https://")),
            gateway_url=_url(env, "DISCORD_GATEWAY_URL", ("ws://", "wss://")),
            log_level=_log_level(env.get("LOG_LEVEL", "INFO")),
            computer_pause=_seconds(env, "COMPUTER_PAUSE_SECONDS", DEFAULT_COMPUTER_PAUSE),
            turn_time_limit=_seconds(env, "TURN_TIME_LIMIT_SECONDS", DEFAULT_TURN_TIME_LIMIT),
            render_processes=_count(env, "RENDER_PROCESSES", DEFAULT_RENDER_PROCESSES, 8),
            nudge_grace=_seconds(env, "NUDGE_GRACE_SECONDS", DEFAULT_NUDGE_GRACE),
            connect_timeout=_seconds(env, "DISCORD_CONNECT_TIMEOUT", DEFAULT_CONNECT_TIMEOUT),
            **_shards(env),
        )

    @property
    def database_label(self) -> str:
        """The database as it may be shown in logs and messages (a PostgreSQL password masked)."""
        if isinstance(self.database_path, Path):
            return str(self.database_path)
        return safe_url(self.database_path)

    @property
    def log_level_number(self) -> int:
        """The log level as a :mod:`logging` number."""
        return int(logging.getLevelName(self.log_level))


_QUERY_SECRET = re.compile(r"([?&](?:password|passwd|pass|sslpassword)=)[^&#]*", re.IGNORECASE)


def safe_url(url: str) -> str:
    """A database URL as it may be shown in logs and messages: every password replaced by ``***``.

    Read by hand, not by :func:`urllib.parse.urlsplit`: a password with an unencoded ``/``, ``#``, ``?`` or ``@``
    and a multi-host URL (``host1:5432,host2:5432``) must be masked too, never parsed wrongly or refused. The user
    information runs to the last ``@`` (a host never holds one), so an odd password is masked whole; a password
    given as a query parameter (``?password=...``) is masked as well.

    >>> safe_url("postgresql://hall:p/w#?@db:5432,db2/hall?password=x&sslmode=require")
    'postgresql://hall:***@db:5432,db2/hall?password=***&sslmode=require'
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        return "(a database URL)"
    at = rest.rfind("@")
    if at >= 0:
        user, colon, _ = rest[:at].partition(":")
        if colon:
            rest = f"{user}:***{rest[at:]}"
    return scheme + "://" + _QUERY_SECRET.sub(r"\1***", rest)


def load_dotenv_file(path: str | os.PathLike[str] | None = None) -> None:
    """Load ``.env`` (or ``path``) into the environment without overriding variables already set.

    A file named on the command line must exist: a mistyped name is an error, not silently nothing.
    """
    from dotenv import load_dotenv

    if path is not None and not Path(path).is_file():
        raise SettingsError(f"the settings file {str(path)!r} does not exist or is not a file")
    load_dotenv(dotenv_path=path, override=False)


#: The forms of ``DATABASE_URL``, as a refusal names them (a refusal never shows the value: it may hold a password).
DATABASE_FORMS = ("use sqlite:///path/to/file.db, a plain file path, or postgresql://user:password@host/database "
                  "(the value is not shown: it may hold a password)")
#: The spellings of a PostgreSQL URL, and what asyncpg is given for each (SQLAlchemy's ``+asyncpg`` is dropped).
POSTGRES_SPELLINGS = {"postgresql": "postgresql", "postgres": "postgres", "postgresql+asyncpg": "postgresql"}
#: Something that starts like a URL: a scheme and a colon before any slash (a drive letter like C: excepted).
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]+):")
#: The folder of the default database: made on first start; any other folder must exist.
DEFAULT_FOLDER = Path("data")


def database_target(url: str) -> Path | str:
    """What ``DATABASE_URL`` names: a SQLite file (:func:`database_path`) or a PostgreSQL URL (its scheme in lower
    case, ``postgresql+asyncpg`` as ``postgresql``). Anything else is a :class:`SettingsError` that never shows the
    value: a one-slash typo of a PostgreSQL URL is not a file path, and must not print its password."""
    found = _SCHEME.match(url)
    if found is None:
        return database_path(url)
    scheme, rest = found.group(1).lower(), url[found.end():]
    if scheme == "sqlite":
        return database_path(url)
    if scheme not in POSTGRES_SPELLINGS:
        named = f" {scheme!r}" if rest.startswith("//") and len(scheme) <= 20 else ""
        raise SettingsError(f"DATABASE_URL has a scheme{named} the bot does not know: {DATABASE_FORMS}")
    if not rest.startswith("//"):
        raise SettingsError(f"DATABASE_URL starts with {scheme}: but not {scheme}:// (a slash missing?): "
                            f"{DATABASE_FORMS}")
    if not rest[2:]:
        raise SettingsError("DATABASE_URL names PostgreSQL but no server: postgresql://user:password@host/db")
    return f"{POSTGRES_SPELLINGS[scheme]}:{rest}"


def database_path(url: str) -> Path:
    """The SQLite file a ``DATABASE_URL`` names: ``sqlite:///relative.db``, ``sqlite:////abs.db`` or a path."""
    if url.lower().startswith("sqlite:"):
        rest = url[len("sqlite:"):]
        if not rest.startswith("///"):
            raise SettingsError(f"DATABASE_URL starts with sqlite: but not sqlite:/// (three slashes): "
                                f"{DATABASE_FORMS}")
        rest = rest[3:]
        if not rest or rest == ":memory:":
            raise SettingsError("DATABASE_URL must name a file: an in-memory database would lose every game")
        return Path(rest)
    if _SCHEME.match(url) or "://" in url:
        raise SettingsError(f"DATABASE_URL is not a form the bot knows: {DATABASE_FORMS}")
    return Path(url)


def check_folder(target: Path | str) -> None:
    """Refuse an SQLite file whose folder does not exist (a mistyped path would start an empty database there);
    the default folder ``data`` is the one made on first start. The folder is named unless it looks like part of
    a URL (a ``:`` or an ``@``: a password could be in it)."""
    if isinstance(target, str) or target.parent == DEFAULT_FOLDER or target.parent.is_dir():
        return
    folder = str(target.parent)
    shown = f" {folder}" if not {":", "@"} & set(folder) else ""
    raise SettingsError(f"DATABASE_URL names an SQLite file in a folder that does not exist{shown}: create the folder "
                        f"first or correct the path (only ./{DEFAULT_FOLDER} is made by the bot); {DATABASE_FORMS}")


def _database(env: Mapping[str, str]) -> Path | str:
    target = database_target(env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL)
    check_folder(target)
    return target


def _optional_int(env: Mapping[str, str], name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise SettingsError(f"{name} must be a server (guild) id: digits only, not {raw!r}")
    return int(raw)


def _url(env: Mapping[str, str], name: str, schemes: tuple[str, ...]) -> str | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.startswith(schemes):
        raise SettingsError(f"{name} must start with {' or '.join(schemes)}, not {raw!r}")
    return raw.rstrip("/")


def _log_level(raw: str) -> str:
    level = raw.strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {raw!r}")
    return level


def _count(env: Mapping[str, str], name: str, default: int, most: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) > most:
        raise SettingsError(f"{name} must be a whole number from 0 to {most}, not {raw!r}")
    return int(raw)


def _shards(env: Mapping[str, str]) -> dict[str, Any]:
    raw_count, raw_ids = env.get("SHARD_COUNT", "").strip(), env.get("SHARD_IDS", "").strip()
    if not raw_count:
        if raw_ids:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: the number of shards in all")
        return {}
    if not raw_count.isdigit() or not 1 <= int(raw_count) <= 100_000:
        raise SettingsError(f"SHARD_COUNT must be a whole number of shards, at least 1, not {raw_count!r}")
    count = int(raw_count)
    if not raw_ids:
        return {"shard_count": count, "shard_ids": tuple(range(count))}
    parts = [p.strip() for p in raw_ids.split(",")]
    if not all(p.isdigit() and int(p) < count for p in parts) or len(set(parts)) != len(parts):
        raise SettingsError(f"SHARD_IDS must be distinct shard numbers from 0 to {count - 1}, separated by commas, "
                            f"not {raw_ids!r}")
    return {"shard_count": count, "shard_ids": tuple(sorted(int(p) for p in parts))}


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{name} must be a number of seconds, not {raw!r}") from None
    if not 0 <= value <= 86_400:
        raise SettingsError(f"{name} must be between 0 and 86400 seconds, not {raw!r}")
    return value
