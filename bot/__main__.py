"""Entry point: ``python -m bot`` (or the ``domino-hall`` console script); ``domino-hall backup FILE`` backs the
database up (bot/backup.py); ``domino-hall export|forget USER_ID`` answers a member's data request (bot/admin.py).

Exit codes: 0 after a clean shutdown, 2 when the settings are missing or wrong (the message says which), 1 when a
backup could not be made or a member to forget sits at an open table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
import time
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from bot.settings import VARIABLES, Settings, SettingsError, StartError, error_line, load_dotenv_file

log = logging.getLogger("domino_hall")


def build_parser() -> argparse.ArgumentParser:
    """The command line: everything else comes from the environment (or a .env file)."""
    settings_help = "\n".join(f"  {name:<24} {meaning}" for name, meaning in VARIABLES.items())
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Domino Hall: a Discord bot that hosts domino games.",
        epilog=f"settings (environment variables, or lines in a .env file):\n{settings_help}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"domino-hall {version()}")
    parser.add_argument("--env-file", default=None, help="read settings from this file (default: ./.env)")
    parser.add_argument("--check", action="store_true", help="check the settings and the database, then exit")
    parser.add_argument("--sync", action="store_true", help="sync slash commands even if they look unchanged")
    commands = parser.add_subparsers(dest="command", metavar="{backup,export,forget}")
    backup = commands.add_parser(
        "backup", help="copy the SQLite database to FILE, safely while the bot runs (PostgreSQL: says the pg_dump "
                       "line to run)",
        description="Copy the database to FILE with SQLite's online backup API: safe while the bot runs. Restore: "
                    "stop the bot, remove the database and its -wal and -shm files, put FILE where DATABASE_URL "
                    "points.")
    backup.add_argument("file", type=Path, metavar="FILE", help="the new backup file (never overwritten)")
    for name, what in (("export", "print everything stored about a member as JSON (PRIVACY.md)"),
                       ("forget", "anonymise a member's data as /privacy delete does (PRIVACY.md); refused while "
                                  "they sit at an open table")):
        request = commands.add_parser(name, help=what, description=what)
        request.add_argument("user_id", type=int, metavar="USER_ID", help="the member's Discord user id")
    return parser


def version() -> str:
    """The installed version of Domino Hall (from the package metadata)."""
    try:
        return metadata.version("domino-hall")
    except metadata.PackageNotFoundError:  # run from a checkout that pip never installed
        return "(not installed: pip install -e .)"


class _NoVoiceNotice(logging.Filter):
    """Drops discord.py's notices that voice is not installed: the bot never joins a voice channel, so an operator
    has nothing to do about them, and a start with warnings in its log looks like trouble."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().endswith("is not installed, voice will NOT be supported")


def quiet_voice_notices() -> None:
    """Install :class:`_NoVoiceNotice` on discord.py's client logger (once)."""
    client_log = logging.getLogger("discord.client")
    if not any(isinstance(f, _NoVoiceNotice) for f in client_log.filters):
        client_log.addFilter(_NoVoiceNotice())


def configure_logging(level: int, log_format: str = "text") -> None:
    """One line per record on stderr, with time, level and logger (``json``: one JSON object a line, bot/logjson.py)."""
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s", stream=sys.stderr)
    if log_format == "json":
        from bot.logjson import JsonFormatter

        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
    logging.getLogger("discord").setLevel(max(level, logging.INFO))
    quiet_voice_notices()


async def check(settings: Settings) -> None:
    """Open the database (applying migrations) and close it again; :class:`StartError` if that fails."""
    from bot.storage import Storage

    storage = await Storage.open_or_explain(settings)
    await storage.close()


async def run(settings: Settings, *, force_sync: bool = False) -> None:
    """Run the bot until it is stopped (Ctrl+C or SIGTERM: a clean return) or cannot go on (its error is raised,
    once everything is closed)."""
    from bot.client import DominoHall
    from bot.lifecycle import StopRequest, shut_down, watch_login
    from bot.wire import apply_endpoint_overrides

    apply_endpoint_overrides(settings.api_base, settings.gateway_url)
    bot = DominoHall(settings, force_sync=force_sync)
    stop = StopRequest()
    stop.install()
    session = asyncio.create_task(bot.start(settings.token), name="discord-session")
    login = asyncio.create_task(watch_login(bot, settings), name="login-watch")
    asked = asyncio.create_task(stop.asked.wait(), name="stop-request")
    try:
        pending: set[asyncio.Task[Any]] = {session, login, asked}
        while session in pending and not stop.asked.is_set():
            done, pending = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            for task in done - {asked}:
                if not stop.asked.is_set():
                    task.result()  # the login time-out, or the session's own end (an error, or Discord closing)
    finally:
        login.cancel()
        asked.cancel()
        await shut_down(bot, session)
        if stop.asked.is_set():  # whatever the session was doing (even failing on its closed connection): asked for
            log.info("stopped after %s in %.1f s", stop.signal_name, time.monotonic() - stop.at)


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the command line, read the settings and run; returns the process exit code."""
    args = build_parser().parse_args(argv)
    try:
        load_dotenv_file(args.env_file)
        settings = Settings.from_env(require_token=args.command is None)
    except SettingsError as error:
        print(f"domino-hall: {error}", file=sys.stderr)
        return 2
    if args.command == "backup":
        return run_backup(settings, args.file)
    if args.command in ("export", "forget"):
        from bot.admin import member_request

        return member_request(settings, args.command, args.user_id)
    configure_logging(settings.log_level_number, settings.log_format)
    if args.check:
        try:
            asyncio.run(check(settings))
        except StartError as error:
            print(f"domino-hall: {error}", file=sys.stderr)
            return 2
        print(f"domino-hall: settings are fine; database {settings.database_label} is ready")
        return 0
    log.info("starting: database %s, log level %s", settings.database_label, settings.log_level)
    return _run_until_stopped(settings, force_sync=args.sync)


def run_backup(settings: Settings, target: Path) -> int:
    """``backup FILE``: 0 and one line saying what was copied, or 1 and why nothing was."""
    from bot.backup import BackupError, backup

    try:
        done = backup(settings, target)
    except BackupError as error:
        print(f"domino-hall: {error}", file=sys.stderr)
        return 1
    print(f"domino-hall: {done.describe(Path(settings.database_label))}")
    return 0


def _run_until_stopped(settings: Settings, *, force_sync: bool) -> int:
    """Run the bot; the failures a newcomer meets (a refused token, no network, no database) are one line, exit 2."""
    import aiohttp
    import discord

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(settings, force_sync=force_sync))
    except discord.LoginFailure:
        print("domino-hall: Discord refused DISCORD_TOKEN; reset the token in the developer portal and set it "
              "again.", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, OSError, TimeoutError) as error:
        print(f"domino-hall: cannot reach Discord or the database: {error_line(error, settings)}", file=sys.stderr)
        return 2
    except StartError as error:
        print(f"domino-hall: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
