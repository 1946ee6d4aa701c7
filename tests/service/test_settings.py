"""Settings and the entry point: clear errors, exit code 2 without a token, --help without one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.settings import MissingToken, Settings, SettingsError, database_path

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_and_overrides() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": "abc.def", "DEV_GUILD_ID": "42", "LOG_LEVEL": "debug",
                                  "DISCORD_API_BASE": "http://127.0.0.1:9/api/v10/",
                                  "DISCORD_GATEWAY_URL": "ws://127.0.0.1:9/gw", "COMPUTER_PAUSE_SECONDS": "0.5",
                                  "TURN_TIME_LIMIT_SECONDS": "0"})
    assert settings.database_path == Path("data/domino_hall.db")
    assert (settings.dev_guild_id, settings.log_level, settings.computer_pause) == (42, "DEBUG", 0.5)
    assert settings.api_base == "http://127.0.0.1:9/api/v10" and settings.gateway_url == "ws://127.0.0.1:9/gw"
    assert settings.turn_time_limit == 0
    assert "abc.def" not in repr(settings)


def test_missing_token_is_a_clear_error() -> None:
    with pytest.raises(MissingToken, match="DISCORD_TOKEN is not set"):
        Settings.from_env({})


@pytest.mark.parametrize(("name", "value"), [
    ("DEV_GUILD_ID", "my-server"), ("LOG_LEVEL", "LOUD"), ("COMPUTER_PAUSE_SECONDS", "soon"),
    ("TURN_TIME_LIMIT_SECONDS", "-3"), ("DISCORD_API_BASE", "discord.com"), ("DISCORD_GATEWAY_URL", "http://x"),
    ("DATABASE_URL", "postgresql://"), ("DATABASE_URL", "sqlite:///:memory:"), ("DATABASE_URL", "mysql://x"),
])
def test_malformed_settings_name_the_variable(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=name.split("_")[0]):
        Settings.from_env({"DISCORD_TOKEN": "t", name: value})


def test_database_url_forms() -> None:
    assert database_path("sqlite:///rel/hall.db") == Path("rel/hall.db")
    assert database_path("sqlite:////abs/hall.db") == Path("/abs/hall.db")
    assert database_path("plain/path.db") == Path("plain/path.db")


def test_main_without_token_exits_2_and_never_prints_a_token(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    assert main([]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


def test_main_check_opens_the_database(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token-value")
    (tmp_path / "d").mkdir()
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/d/hall.db")
    assert main(["--check"]) == 0
    out = capsys.readouterr()
    assert (tmp_path / "d" / "hall.db").exists() and "secret-token-value" not in out.out + out.err


def test_python_m_bot_help_works_without_a_token(tmp_path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "bot", "--help"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "DISCORD_TOKEN" in done.stdout and "DATABASE_URL" in done.stdout
    missing = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                             timeout=60)
    assert missing.returncode == 2 and "DISCORD_TOKEN is not set" in missing.stderr


def test_a_refused_token_exits_2_with_a_clear_message(monkeypatch, capsys, tmp_path) -> None:
    import discord

    import bot.__main__ as entry

    async def refused(settings: object, *, force_sync: bool = False) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/hall.db")
    monkeypatch.setattr(entry, "run", refused)
    assert entry.main([]) == 2
    err = capsys.readouterr().err
    assert "refused DISCORD_TOKEN" in err and "not-a-real-token" not in err


@pytest.mark.parametrize("name", ["RENDER_PROCESSES", "COMPUTER_PROCESSES"])
def test_worker_process_settings_default_by_cores_and_are_validated(name: str) -> None:
    from bot.settings import DEFAULT_RENDER_PROCESSES, Settings, SettingsError

    def count(settings: Settings) -> int:
        return settings.render_processes if name == "RENDER_PROCESSES" else settings.computer_processes

    base = {"DISCORD_TOKEN": "x", "DATABASE_URL": "sqlite:///data/t.db"}
    assert count(Settings.from_env(base)) == DEFAULT_RENDER_PROCESSES
    assert count(Settings.from_env({**base, name: "0"})) == 0
    assert count(Settings.from_env({**base, name: "2"})) == 2
    for bad in ("-1", "many", "99"):
        with pytest.raises(SettingsError, match=name):
            Settings.from_env({**base, name: bad})


async def test_images_drawn_in_a_worker_process_are_the_same_as_in_a_thread() -> None:
    import render
    from bot import offload
    from engine import new_game

    view = new_game("draw", 2, seed=3).view(None)
    here = render.render_table(view, ["a", "b"])
    offload.configure(render_processes=1)
    try:
        assert await offload.run_in("render", render.render_table, view, ["a", "b"]) == here
    finally:
        offload.shutdown()
        offload.configure(render_processes=0)


# ----- issue 13: secrets in URLs, and one clear line for each error a newcomer meets ------------------------------
SECRET = "S3cr/t#?@pw"


@pytest.mark.parametrize("url", [
    f"postgresql://hall:{SECRET}@db.example:5433/hall",
    "postgresql://hall@db.example/hall?password=S3cr/t",
    "postgresql://hall@db.example/hall?sslmode=require&PASSWORD=S3cr/t",
    f"postgresql://hall:{SECRET}@h1:5432,h2:5433/hall",
    f"postgres://hall:{SECRET}@/hall?host=/run/postgresql",
])
def test_a_password_is_masked_in_every_url_form(url: str) -> None:
    from bot.settings import safe_url

    shown = safe_url(url)
    assert "S3cr" not in shown and "***" in shown and shown.startswith(url.split("://")[0] + "://")


def test_a_url_is_never_echoed_in_a_settings_error() -> None:
    with pytest.raises(SettingsError) as raised:
        Settings.from_env({"DISCORD_TOKEN": "x", "DATABASE_URL": f"postgresl://hall:{SECRET}@db/hall"})
    assert "S3cr" not in str(raised.value) and "postgresl" in str(raised.value)


@pytest.mark.parametrize("target", ["/proc/x.db", "not-a-database", "postgresql://hall:pw-here@127.0.0.1:1/hall"])
def test_check_with_a_database_it_cannot_open_is_one_line_and_exit_2(monkeypatch, capsys, tmp_path, target) -> None:
    monkeypatch.chdir(tmp_path)
    if target == "not-a-database":
        (tmp_path / "junk.db").write_bytes(b"this is not SQLite" * 100)
        target = str(tmp_path / "junk.db")
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token-value")
    monkeypatch.setenv("DATABASE_URL", target)
    assert main(["--check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("domino-hall: cannot open the database") and err.count("\n") == 1
    assert "Traceback" not in err and "pw-here" not in err and "secret-token-value" not in err


def test_a_missing_env_file_is_an_error(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    assert main(["--env-file", "missing.env", "--check"]) == 2
    assert "missing.env" in capsys.readouterr().err


def test_no_network_to_discord_is_one_line_and_exit_2(tmp_path) -> None:
    """A token with nowhere to log in (here: the REST base on a closed local port) is one line, not a traceback."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="dummy.token.value", DATABASE_URL=str(tmp_path / "hall.db"),
               DISCORD_API_BASE="http://127.0.0.1:9/api/v10", LOG_LEVEL="WARNING")
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2, done.stderr
    assert "cannot reach Discord" in done.stderr and "Traceback" not in done.stderr
    assert "dummy.token.value" not in done.stderr


def test_sigterm_stops_the_bot_within_5_seconds_whatever_discord_does(tmp_path) -> None:
    """Discord unreachable in the worst way (a server that accepts the connection and never answers): SIGTERM still
    ends the process within STOP_SECONDS, not after discord.py's time-outs and back-off."""
    import signal
    import socket
    import time

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)
    port = silent.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("DISCORD_")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="dummy.token.value", DATABASE_URL=str(tmp_path / "hall.db"),
               DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10", LOG_LEVEL="WARNING")
    process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        conn, _ = silent.accept()  # the bot is logging in: it now waits on a server that never answers
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        started = time.monotonic()
        _out, err = process.communicate(timeout=30)
        assert time.monotonic() - started < 5.0, err
        assert process.returncode == 0, err  # a requested stop, not a failure to reach Discord
        assert "Traceback" not in err and "cannot reach Discord" not in err
        conn.close()
    finally:
        process.kill()
        silent.close()


# ----- issue 25: a mistyped DATABASE_URL is refused without showing it; a missing folder is not made up -----------
PASSWORD = "Pw-never-shown-9f3"


@pytest.mark.parametrize("url", [
    f"postgresql:/hall:{PASSWORD}@127.0.0.1:5432/hall",  # one slash
    f"postgresql:hall:{PASSWORD}@127.0.0.1:5432/hall",  # no slash
    f"postgres:/hall:{PASSWORD}@db/hall",
    f"postgresql//hall:{PASSWORD}@db/hall",  # no colon: a path in a folder that does not exist
    f"mysql://hall:{PASSWORD}@db/hall",
    f"postgresql+psycopg://hall:{PASSWORD}@db/hall",
    f"hall:{PASSWORD}@db:5432/hall",  # no scheme at all
    f"sqlite:/hall:{PASSWORD}.db",
    f"sqlite://hall:{PASSWORD}@db.db",
])
def test_a_mistyped_database_url_is_refused_with_exit_2_and_never_shown(tmp_path: Path, url: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="dummy.token.value", DATABASE_URL=url, LOG_LEVEL="DEBUG")
    for command in (["--check"], []):
        done = subprocess.run([sys.executable, "-m", "bot", *command], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        assert PASSWORD not in done.stdout + done.stderr, done.stderr
        assert done.stderr.startswith("domino-hall: DATABASE_URL") and done.stderr.count("\n") == 1, done.stderr
        assert "postgresql://user:password@host/database" in done.stderr and "sqlite:///" in done.stderr
    assert list(tmp_path.iterdir()) == [], "a folder or file was made from the mistyped URL"


@pytest.mark.parametrize("url, expected", [
    ("sqlite:///rel/hall.db", Path("rel/hall.db")), ("rel/hall.db", Path("rel/hall.db")),
    ("postgresql://hall:pw@db/hall", "postgresql://hall:pw@db/hall"),
    ("postgres://hall:pw@db/hall", "postgres://hall:pw@db/hall"),
    ("postgresql+asyncpg://hall:pw@db/hall", "postgresql://hall:pw@db/hall"),  # SQLAlchemy's spelling, for asyncpg
    ("POSTGRESQL://hall:pw@db/hall", "postgresql://hall:pw@db/hall"),
])
def test_the_database_url_forms_the_bot_knows(url: str, expected: Path | str) -> None:
    from bot.settings import database_target

    assert database_target(url) == expected


def test_an_sqlite_file_in_a_folder_that_does_not_exist_is_refused(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    for url in (f"sqlite:///{tmp_path}/nonexistent/dir/x.db", f"{tmp_path}/nonexistent/x.db", "missing/x.db"):
        monkeypatch.setenv("DATABASE_URL", url)
        assert main(["--check"]) == 2
        err = capsys.readouterr().err
        assert "folder" in err and "does not exist" in err, err
    assert list(tmp_path.iterdir()) == []
    monkeypatch.delenv("DATABASE_URL")  # the default, ./data/domino_hall.db: its folder is made
    assert main(["--check"]) == 0
    assert (tmp_path / "data" / "domino_hall.db").is_file()
    monkeypatch.setenv("DATABASE_URL", "sqlite:///data/other.db")  # the default folder, another file
    assert main(["--check"]) == 0


def test_a_valid_url_with_a_password_never_shows_it_in_any_output(tmp_path: Path) -> None:
    """Run (not only --check) at DEBUG, against a PostgreSQL server that is not there: exit 2, no password."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="dummy.token.value", LOG_LEVEL="DEBUG",
               DATABASE_URL=f"postgresql://hall:{PASSWORD}@127.0.0.1:1/hall", DISCORD_API_BASE="http://127.0.0.1:9/api")
    for command in (["--check"], []):
        done = subprocess.run([sys.executable, "-m", "bot", *command], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 2 and "hall:***@127.0.0.1:1/hall" in done.stderr, done.stderr
        assert PASSWORD not in done.stdout + done.stderr and "Traceback" not in done.stderr, done.stderr
