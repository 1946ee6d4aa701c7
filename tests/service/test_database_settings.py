"""Where the database is (issue 27): DATA_DIR and relative SQLite paths, so that .env.example cannot break the Docker
image; and POSTGRES_PASSWORD put into a PostgreSQL URL so that any password works."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from bot.__main__ import main
from bot.settings import Settings, SettingsError, error_line, with_password

ROOT = Path(__file__).resolve().parents[2]
TOKEN = {"DISCORD_TOKEN": "a.fake.token"}


def example_database_url() -> str:
    """The DATABASE_URL line of .env.example, as an operator copies it."""
    lines = (ROOT / ".env.example").read_text().splitlines()
    return next(line.split("=", 1)[1] for line in lines if line.startswith("DATABASE_URL="))


def test_the_example_database_is_in_the_data_folder_here_and_in_the_image() -> None:
    url = example_database_url()
    assert Settings.from_env({**TOKEN, "DATABASE_URL": url}).database_path == Path("data/domino_hall.db")
    in_image = Settings.from_env({**TOKEN, "DATABASE_URL": url, "DATA_DIR": "/data"})
    assert in_image.database_path == Path("/data/domino_hall.db") and in_image.data_dir == Path("/data")
    assert Settings.from_env({**TOKEN, "DATA_DIR": "/data"}).database_path == Path("/data/domino_hall.db")


@pytest.mark.parametrize(("url", "data_dir", "expected"), [
    ("sqlite:///hall.db", "/data", "/data/hall.db"),
    ("sqlite:///./data/hall.db", "/srv/dh", "/srv/dh/hall.db"),
    ("sqlite:////var/lib/hall.db", "/data", "/var/lib/hall.db"),
    ("/var/lib/hall.db", "/data", "/var/lib/hall.db"),
    ("hall.db", "", "data/hall.db"),
    ("sqlite:///data/hall.db", "", "data/hall.db"),
])
def test_a_relative_sqlite_path_is_inside_data_dir(url: str, data_dir: str, expected: str) -> None:
    settings = Settings.from_env({**TOKEN, "DATABASE_URL": url, "DATA_DIR": data_dir})
    assert settings.database_path == Path(expected)


def test_a_folder_inside_data_dir_is_named_there_but_must_exist(tmp_path: Path) -> None:
    """A path under data/ goes inside DATA_DIR; only DATA_DIR itself is made, so a mistyped subfolder (or a
    PostgreSQL URL with its colon missing, read as a path) never starts an empty database."""
    from bot.settings import database_target

    assert database_target("sqlite:///data/sub/hall.db", Path("/data")) == Path("/data/sub/hall.db")
    with pytest.raises(SettingsError, match="folder that does not exist"):
        Settings.from_env({**TOKEN, "DATABASE_URL": "sqlite:///data/sub/hall.db", "DATA_DIR": str(tmp_path)})
    (tmp_path / "sub").mkdir()
    settings = Settings.from_env({**TOKEN, "DATABASE_URL": "sqlite:///data/sub/hall.db", "DATA_DIR": str(tmp_path)})
    assert settings.database_path == tmp_path / "sub" / "hall.db"


def test_a_database_left_at_its_old_relative_place_is_not_silently_replaced(monkeypatch, tmp_path) -> None:
    """Before DATA_DIR, DATABASE_URL=hall.db meant ./hall.db: if that file is there and nothing is at the new place,
    the bot refuses to start on a new, empty database and says where to move it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hall.db").write_bytes(b"")
    with pytest.raises(SettingsError, match=r"inside DATA_DIR.*data/hall\.db.*move it"):
        Settings.from_env({**TOKEN, "DATABASE_URL": "hall.db"})
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "hall.db").write_bytes(b"")  # moved (copied) there: fine
    assert Settings.from_env({**TOKEN, "DATABASE_URL": "hall.db"}).database_path == Path("data/hall.db")


def test_check_creates_the_database_in_data_dir(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_URL", example_database_url())
    monkeypatch.setenv("DATA_DIR", str(tmp_path / "volume"))
    assert main(["--check"]) == 0
    assert (tmp_path / "volume" / "domino_hall.db").is_file() and not (tmp_path / "data").exists()


ODD_PASSWORDS = ["p@ss/w:rd#1", "a b%20c?d=e&f", "ünï©ødé'\"$`\\", "@", ":"]


@pytest.mark.parametrize("password", ODD_PASSWORDS)
def test_any_postgres_password_reaches_the_url_intact(password: str) -> None:
    settings = Settings.from_env({**TOKEN, "DATABASE_URL": "postgresql://hall@db:5432/hall",
                                  "POSTGRES_PASSWORD": password})
    url = str(settings.database_path)
    parts = urlsplit(url)  # as libpq and asyncpg read it: the password percent-decoded
    assert (parts.username, parts.hostname, parts.port, parts.path) == ("hall", "db", 5432, "/hall")
    assert parts.password is not None and unquote(parts.password) == password
    assert settings.database_label == "postgresql://hall:***@db:5432/hall"


def test_a_url_with_its_own_password_keeps_it_and_a_url_without_a_user_gets_one_password() -> None:
    own = Settings.from_env({**TOKEN, "DATABASE_URL": "postgresql://u:mine@db/h", "POSTGRES_PASSWORD": "other"})
    assert own.database_path == "postgresql://u:mine@db/h"
    assert with_password("postgresql://db/h", "p@") == "postgresql://:p%40@db/h"
    query = "postgresql://u@db/h?password=mine"
    assert with_password(query, "other") == query
    sqlite = Settings.from_env({**TOKEN, "DATABASE_URL": "sqlite:///x.db", "POSTGRES_PASSWORD": "unused"})
    assert sqlite.database_path == Path("data/x.db")


def test_the_password_can_come_from_a_file(tmp_path) -> None:
    secret = tmp_path / "pw"
    secret.write_text("from a file:@/\n")
    settings = Settings.from_env({**TOKEN, "DATABASE_URL": "postgresql://hall@db/hall",
                                  "POSTGRES_PASSWORD_FILE": str(secret)})
    assert unquote(urlsplit(str(settings.database_path)).password or "") == "from a file:@/"
    with pytest.raises(SettingsError, match=r"POSTGRES_PASSWORD_FILE .* cannot be read"):
        Settings.from_env({**TOKEN, "DATABASE_URL": "postgresql://hall@db/hall",
                           "POSTGRES_PASSWORD_FILE": str(tmp_path / "missing")})
    with pytest.raises(SettingsError, match="both set"):
        Settings.from_env({**TOKEN, "POSTGRES_PASSWORD": "a", "POSTGRES_PASSWORD_FILE": str(secret)})


def test_an_error_never_shows_the_password_decoded_or_encoded() -> None:
    password = "p@ss word/1"
    settings = Settings.from_env({**TOKEN, "DATABASE_URL": "postgresql://hall@db/hall",
                                  "POSTGRES_PASSWORD": password})
    error = OSError(f"auth failed for {password} at {settings.database_path}")
    shown = error_line(error, settings)
    assert password not in shown and "p%40ss" not in shown and "***" in shown
