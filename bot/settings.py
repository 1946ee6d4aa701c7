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
from urllib.parse import quote, unquote

#: The bot's folder for its files: ``./data`` by default, ``/data`` in the Docker image (its volume).
DEFAULT_DATA_DIR = "data"
DEFAULT_DATABASE_URL = "sqlite:///data/domino_hall.db"
POSTGRES_SCHEMES = ("postgres://", "postgresql://")
DEFAULT_COMPUTER_PAUSE = 1.5
DEFAULT_TURN_TIME_LIMIT = 300.0
DEFAULT_NUDGE_GRACE = 20.0
DEFAULT_CONNECT_TIMEOUT = 60.0
LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
LOG_FORMATS = ("text", "json")
DEFAULT_HEALTH_HOST = "127.0.0.1"
#: Images are drawn, and computer players think, in one worker process each where there is a core to spare (see
#: bot/offload.py), else in a thread.
DEFAULT_RENDER_PROCESSES = 1 if (os.cpu_count() or 1) >= 2 else 0

#: Every setting the bot reads, with what it means (used by ``--help`` and ``.env.example``).
VARIABLES: dict[str, str] = {
    "DISCORD_TOKEN": "the bot token from the Discord developer portal (required to run)",
    "DATABASE_URL": f"where tables and results are kept (default {DEFAULT_DATABASE_URL}; a plain path works too; "
                    "a relative SQLite path is inside DATA_DIR, a leading data/ naming DATA_DIR itself, and another "
                    "folder must exist; postgresql://user:password@host/db for PostgreSQL)",
    "DATA_DIR": f"the bot's folder for its SQLite database, made on first start (default ./{DEFAULT_DATA_DIR}; "
                "/data in the Docker image)",
    "POSTGRES_PASSWORD": "the password of a postgresql:// DATABASE_URL that has none, put in percent-encoded, so "
                         "any character works (compose.yaml uses it)",
    "POSTGRES_PASSWORD_FILE": "the same password read from a file (a Docker secret), instead of POSTGRES_PASSWORD",
    "DEV_GUILD_ID": "sync slash commands to this one server only (instant, for development)",
    "DISCORD_API_BASE": "REST API base URL override, e.g. a proxy (default https://discord.com/api/v10)",
    "DISCORD_GATEWAY_URL": "gateway websocket URL override, e.g. a proxy (default wss://gateway.discord.gg/)",
    "DISCORD_CONNECT_TIMEOUT": (
        f"seconds to wait for Discord to answer the login before giving up with exit code 2 (default "
        f"{DEFAULT_CONNECT_TIMEOUT:g}; 0 waits for ever); the log says what it waits for every 5 seconds"
    ),
    "LOG_LEVEL": "DEBUG, INFO (default), WARNING or ERROR",
    "LOG_FORMAT": "text (default: one readable line per record) or json (one JSON object per line, for a log "
                  "collector)",
    "HEALTH_PORT": "serve /healthz and /metrics (Prometheus) on this port (default: not served)",
    "HEALTH_HOST": f"the address /healthz and /metrics listen on (default {DEFAULT_HEALTH_HOST}: this machine or "
                   "container only; 0.0.0.0 for every interface)",
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
    "COMPUTER_PROCESSES": (
        f"worker processes in which computer players think, 0 for a thread in the bot process (default "
        f"{DEFAULT_RENDER_PROCESSES} here: 1 with two or more cores)"
    ),
}


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and how to fix it."""


class StartError(Exception):
    """The bot cannot start (no database, no network); the message says why in one line, never with a secret."""


def error_line(error: BaseException, settings: Settings) -> str:
    """``error`` in one line for a person, with the token and the database URL taken out of it."""
    text = " ".join(str(error).split()) or type(error).__name__
    secrets = (settings.token, str(settings.database_path), url_password(str(settings.database_path)))
    for secret in sorted(filter(None, secrets), key=len, reverse=True):  # the longest first: one may hold another
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
    computer_processes: int = 0
    nudge_grace: float = DEFAULT_NUDGE_GRACE
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    data_dir: Path = Path(DEFAULT_DATA_DIR)
    log_format: str = "text"
    health_port: int | None = None  # None: no health and metrics server
    health_host: str = DEFAULT_HEALTH_HOST
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
        data_dir = Path(env.get("DATA_DIR", "").strip() or DEFAULT_DATA_DIR)
        return cls(
            token=token,
            data_dir=data_dir,
            database_path=_database(env, data_dir),
            dev_guild_id=_optional_int(env, "DEV_GUILD_ID"),
            api_base=_url(env, "DISCORD_API_BASE", ("http://", "https://")),
            gateway_url=_url(env, "DISCORD_GATEWAY_URL", ("ws://", "wss://")),
            log_level=_log_level(env.get("LOG_LEVEL", "INFO")),
            computer_pause=_seconds(env, "COMPUTER_PAUSE_SECONDS", DEFAULT_COMPUTER_PAUSE),
            turn_time_limit=_seconds(env, "TURN_TIME_LIMIT_SECONDS", DEFAULT_TURN_TIME_LIMIT),
            render_processes=_count(env, "RENDER_PROCESSES", DEFAULT_RENDER_PROCESSES, 8),
            computer_processes=_count(env, "COMPUTER_PROCESSES", DEFAULT_RENDER_PROCESSES, 8),
            nudge_grace=_seconds(env, "NUDGE_GRACE_SECONDS", DEFAULT_NUDGE_GRACE),
            connect_timeout=_seconds(env, "DISCORD_CONNECT_TIMEOUT", DEFAULT_CONNECT_TIMEOUT),
            **_shards(env),
            **_observability(env),
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


def database_target(url: str, data_dir: Path | None = None) -> Path | str:
    """What ``DATABASE_URL`` names: a SQLite file (:func:`database_path`, inside ``data_dir`` when relative: see
    :func:`in_data_dir`) or a PostgreSQL URL (its scheme in lower case, ``postgresql+asyncpg`` as ``postgresql``).
    Anything else is a :class:`SettingsError` that never shows the value: a one-slash typo of a PostgreSQL URL is
    not a file path, and must not print its password."""
    found = _SCHEME.match(url)
    if found is None or found.group(1).lower() == "sqlite":
        path = database_path(url)
        return path if data_dir is None else in_data_dir(path, data_dir)
    scheme, rest = found.group(1).lower(), url[found.end():]
    if scheme not in POSTGRES_SPELLINGS:
        named = f" {scheme!r}" if rest.startswith("//") and len(scheme) <= 20 else ""
        raise SettingsError(f"DATABASE_URL has a scheme{named} the bot does not know: {DATABASE_FORMS}")
    if not rest.startswith("//"):
        raise SettingsError(f"DATABASE_URL starts with {scheme}: but not {scheme}:// (a slash missing?): "
                            f"{DATABASE_FORMS}")
    if not rest[2:]:
        raise SettingsError("DATABASE_URL names PostgreSQL but no server: postgresql://user:password@host/db")
    return f"{POSTGRES_SPELLINGS[scheme]}:{rest}"


def in_data_dir(path: Path, data_dir: Path) -> Path:
    """Where a SQLite ``path`` from ``DATABASE_URL`` is: as given when absolute, else inside ``data_dir``.

    A leading ``data/`` names the data folder itself, so ``sqlite:///data/domino_hall.db`` (the example's and the
    default) is ``./data/domino_hall.db`` on a workstation and ``/data/domino_hall.db`` in the Docker image, whose
    ``DATA_DIR`` is its volume; a relative path can never point into the image's read-only ``/app``.

    >>> str(in_data_dir(Path("data/hall.db"), Path("/data"))), str(in_data_dir(Path("hall.db"), Path("/data")))
    ('/data/hall.db', '/data/hall.db')
    >>> str(in_data_dir(Path("data/hall.db"), Path("data"))), str(in_data_dir(Path("/srv/hall.db"), Path("/data")))
    ('data/hall.db', '/srv/hall.db')
    """
    if path.is_absolute():
        return path
    parts = path.parts
    if len(parts) > 1 and parts[0] == DEFAULT_DATA_DIR:
        parts = parts[1:]
    return data_dir.joinpath(*parts)


def _database(env: Mapping[str, str], data_dir: Path) -> Path | str:
    """The database the settings name; a relative SQLite path that used to mean a file in the working folder (before
    DATA_DIR) and still finds one there, while nothing is at its new place, is refused rather than started empty."""
    url = _database_url(env)
    target = database_target(url, data_dir)
    if isinstance(target, Path):
        given = database_path(url)
        if given != target and given.is_file() and not target.exists():
            raise SettingsError(f"DATABASE_URL: a relative SQLite path is inside DATA_DIR, so it is now {target}, "
                                f"but the database is at {given}: move it there, or give an absolute path")
    check_folder(target, data_dir)
    return target


def _database_url(env: Mapping[str, str]) -> str:
    """``DATABASE_URL`` (or the default), with ``POSTGRES_PASSWORD`` or ``POSTGRES_PASSWORD_FILE`` put in."""
    url = env.get("DATABASE_URL", "").strip() or DEFAULT_DATABASE_URL
    password = env.get("POSTGRES_PASSWORD", "")
    password_file = env.get("POSTGRES_PASSWORD_FILE", "").strip()
    if password and password_file:
        raise SettingsError("POSTGRES_PASSWORD and POSTGRES_PASSWORD_FILE are both set: keep one")
    if password_file:
        try:
            password = Path(password_file).read_text().rstrip("\r\n")
        except OSError as error:
            raise SettingsError(f"POSTGRES_PASSWORD_FILE {password_file!r} cannot be read: {error.strerror}") from None
    if not password or not url.startswith(POSTGRES_SCHEMES):
        return url
    return with_password(url, password)


def with_password(url: str, password: str) -> str:
    """A PostgreSQL ``url`` with ``password`` put in, percent-encoded, so that any character works (``@ / : #``
    and spaces included); a URL that already has a password keeps its own.

    >>> with_password("postgresql://hall@db:5432/hall", "p@ss/w:rd#1 %")
    'postgresql://hall:p%40ss%2Fw%3Ard%231%20%25@db:5432/hall'
    >>> with_password("postgresql://db/hall", "pw"), with_password("postgresql://u:own@db/hall", "pw")
    ('postgresql://:pw@db/hall', 'postgresql://u:own@db/hall')
    """
    scheme, _, rest = url.partition("://")
    at = rest.rfind("@")  # as in safe_url: the user information runs to the last @
    user = rest[:at] if at >= 0 else ""
    if ":" in user or _QUERY_SECRET.search(rest):
        return url
    return f"{scheme}://{user}:{quote(password, safe='')}@{rest[at + 1:]}"


def url_password(url: str) -> str:
    """The password written in a database URL, decoded (empty if none): a secret to keep out of messages.

    >>> url_password("postgresql://hall:p%40ss@db/hall"), url_password("sqlite:///data/x.db")
    ('p@ss', '')
    """
    _, sep, rest = url.partition("://")
    at = rest.rfind("@")
    if not sep or at < 0:
        return ""
    return unquote(rest[:at].partition(":")[2])


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


def check_folder(target: Path | str, data_dir: Path) -> None:
    """Refuse an SQLite file whose folder does not exist (a mistyped path would start an empty database there);
    the data folder (``DATA_DIR``) is the one made on first start. The folder is named unless it looks like part
    of a URL (a ``:`` or an ``@``: a password could be in it)."""
    if isinstance(target, str) or target.parent == data_dir or target.parent.is_dir():
        return  # (the data folder is the bot's own: made on first start)
    folder = str(target.parent)
    shown = f" {folder}" if not {":", "@"} & set(folder) else ""
    raise SettingsError(f"DATABASE_URL names an SQLite file in a folder that does not exist{shown}: create the folder "
                        f"first or correct the path (only DATA_DIR, {data_dir}, is made by the bot); "
                        f"{DATABASE_FORMS}")


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


def _observability(env: Mapping[str, str]) -> dict[str, Any]:
    """LOG_FORMAT, HEALTH_PORT and HEALTH_HOST."""
    log_format = env.get("LOG_FORMAT", "").strip().lower() or "text"
    if log_format not in LOG_FORMATS:
        raise SettingsError(f"LOG_FORMAT must be text or json, not {env.get('LOG_FORMAT')!r}")
    raw_port = env.get("HEALTH_PORT", "").strip()
    if raw_port and (not raw_port.isdigit() or not 1 <= int(raw_port) <= 65535):
        raise SettingsError(f"HEALTH_PORT must be a port number from 1 to 65535, not {raw_port!r}")
    host = env.get("HEALTH_HOST", "").strip() or DEFAULT_HEALTH_HOST
    return {"log_format": log_format, "health_port": int(raw_port) if raw_port else None, "health_host": host}


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
