"""The operators' files (issues 13 and 27): the image runs the bot as a non-root user with its data in a volume,
compose starts it with PostgreSQL and passes it every setting of .env, any password works, the healthcheck probes
the bot, and every setting the bot reads is in .env.example."""

from __future__ import annotations

import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
import yaml

from bot.settings import VARIABLES, Settings

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
EXAMPLE = (ROOT / ".env.example").read_text()
COMPOSE: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
#: What compose.yaml sets differently for the container, on purpose (the rest comes from .env as it is; HEALTH_PORT
#: only gets a default when .env leaves it empty).
CONTAINER_VALUES = {"DATABASE_URL", "DATA_DIR"}
ODD_PASSWORD = "p@ss/w:rd#1 ?&%="


def test_the_image_runs_the_bot_as_a_non_root_user() -> None:
    assert re.search(r"^FROM python:3\.\d+-slim$", DOCKERFILE, re.M)
    assert re.search(r"^USER (?!root)\w+$", DOCKERFILE, re.M)
    assert 'ENTRYPOINT ["domino-hall"]' in DOCKERFILE
    for package in ("bot", "cogs", "engine", "render"):  # everything the installed bot imports is copied in
        assert f"COPY {package} ./{package}" in DOCKERFILE


def image_env() -> dict[str, str]:
    """The Dockerfile's ENV settings."""
    block = re.search(r"^ENV ((?:.*\\\n)*.*)$", DOCKERFILE, re.M)
    assert block is not None
    return dict(re.findall(r"(\w+)=(\S+)", block.group(1)))


def test_the_image_keeps_its_data_in_the_volume_and_installs_the_pinned_versions() -> None:
    env = image_env()
    assert env["DATA_DIR"] == "/data" and 'VOLUME ["/data"]' in DOCKERFILE and "chown hall /data" in DOCKERFILE
    assert "DATABASE_URL" not in env, "the default database is in DATA_DIR; an ENV here only hides .env's"
    assert "constraints.txt" in re.search(r"^COPY .*$", DOCKERFILE, re.M).group(0)  # type: ignore[union-attr]
    assert re.search(r"pip install .*--constraint constraints\.txt \.", DOCKERFILE)


def example_lines(*, commented: bool) -> dict[str, str]:
    """.env.example's settings; with ``commented``, also the ``# NAME=value`` lines an operator may uncomment."""
    prefix = r"(?:# ?)?" if commented else ""
    return dict(re.findall(rf"^{prefix}([A-Z][A-Z0-9_]*)=(.*)$", EXAMPLE, re.M))


def test_every_setting_is_in_the_env_example() -> None:
    assert [name for name in VARIABLES if name not in example_lines(commented=True)] == []


def test_the_example_cannot_replace_the_images_own_values() -> None:
    """``docker run --env-file .env`` sets every line of .env, empty ones too: a line for a setting the image sets
    (DATA_DIR, HEALTH_PORT) would replace the image's value, so the example has it commented out."""
    assert sorted(set(image_env()) & set(example_lines(commented=False))) == []


def interpolate(value: str, env: Mapping[str, str]) -> str:
    """Compose's ``${NAME}``, ``${NAME:-default}`` and ``${NAME:?error}`` in a value of compose.yaml."""
    def one(match: re.Match[str]) -> str:
        name, how, rest = match.group(1), match.group(2), match.group(3)
        given = env.get(name, "")
        if how == ":?" and not given:
            raise AssertionError(f"compose would stop: {rest}")
        return given or (rest if how == ":-" else "")
    return re.sub(r"\$\{(\w+)(?:(:[-?])([^}]*))?\}", one, value)


def bot_environment(dotenv: Mapping[str, str]) -> dict[str, str]:
    """The bot container's environment as compose builds it: .env through env_file, then ``environment:``."""
    bot = COMPOSE["services"]["bot"]
    files = bot["env_file"] if isinstance(bot["env_file"], list) else [bot["env_file"]]
    assert ".env" in files
    return {**dotenv, **{name: interpolate(str(value), dotenv) for name, value in bot["environment"].items()}}


def test_the_bot_service_receives_every_setting_of_the_env_file() -> None:
    dotenv = {**example_lines(commented=True), "DISCORD_TOKEN": "a.token", "POSTGRES_PASSWORD": "pw"}
    dotenv = {name: value or f"value-of-{name}" for name, value in dotenv.items()}  # every line filled in
    received = bot_environment(dotenv)
    assert [name for name in dotenv if name not in received] == []
    assert {name for name in dotenv if received[name] != dotenv[name]} == CONTAINER_VALUES
    assert COMPOSE["services"]["bot"]["depends_on"]["db"]["condition"] == "service_healthy"


def test_compose_builds_the_database_url_so_that_any_password_works() -> None:
    dotenv = {**example_lines(commented=False), "DISCORD_TOKEN": "a.token", "POSTGRES_PASSWORD": ODD_PASSWORD}
    received = bot_environment(dotenv)
    assert ODD_PASSWORD not in received["DATABASE_URL"]  # the password never goes into compose's URL by hand
    settings = Settings.from_env(received)
    url = urlsplit(str(settings.database_path))
    assert (url.scheme, url.username, url.hostname, url.path) == ("postgresql", "hall", "db", "/hall")
    assert unquote(url.password or "") == ODD_PASSWORD
    db = COMPOSE["services"]["db"]["environment"]
    assert interpolate(db["POSTGRES_PASSWORD"], dotenv) == ODD_PASSWORD
    assert (db["POSTGRES_USER"], db["POSTGRES_DB"]) == ("hall", "hall")
    assert settings.data_dir == Path("/data") and received["HEALTH_PORT"] == "8080"


def test_compose_keeps_the_database_and_its_backups_in_volumes() -> None:
    assert {"db-data", "backups"} <= set(COMPOSE["volumes"])
    assert {"db-data:/var/lib/postgresql/data", "backups:/backups"} <= set(COMPOSE["services"]["db"]["volumes"])
    assert COMPOSE["services"]["db"]["image"].startswith("postgres:")
    assert COMPOSE["services"]["bot"]["build"] == "."


class Health(http.server.BaseHTTPRequestHandler):
    """A stand-in for the bot's /healthz: answers with the status the test sets."""

    status = 200

    def do_GET(self) -> None:
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def health_server() -> Iterator[http.server.HTTPServer]:
    server = http.server.HTTPServer(("127.0.0.1", 0), Health)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def probe(command: list[str], port: int | None) -> int:
    env = {k: v for k, v in os.environ.items() if k != "HEALTH_PORT"}
    if port is not None:
        env["HEALTH_PORT"] = str(port)
    return subprocess.run([sys.executable, *command[2:]], env=env, capture_output=True, timeout=30).returncode


def test_the_healthchecks_ask_the_bots_healthz_on_health_port(health_server: http.server.HTTPServer) -> None:
    """The compose healthcheck and the image's HEALTHCHECK run the same probe: healthy on a 200 from /healthz on
    HEALTH_PORT, unhealthy on an error status, on nothing listening or without HEALTH_PORT."""
    command = COMPOSE["services"]["bot"]["healthcheck"]["test"]
    assert command[:2] == ["CMD", "python"]
    in_image = re.search(r"^HEALTHCHECK .*\\\n\s+CMD (\[.*\])$", DOCKERFILE, re.M)
    assert in_image is not None and yaml.safe_load(in_image.group(1)) == command[1:]
    assert image_env()["HEALTH_PORT"] == "8080" and "EXPOSE 8080" in DOCKERFILE
    port = health_server.server_address[1]
    assert probe(command, port) == 0
    Health.status = 503
    try:
        assert probe(command, port) != 0
    finally:
        Health.status = 200
    health_server.shutdown()
    health_server.server_close()
    assert probe(command, port) != 0 and probe(command, None) != 0


def compose_command() -> list[str] | None:
    """Docker Compose, where it is installed: ``docker compose`` (v2) or ``docker-compose``; None elsewhere."""
    if shutil.which("docker") and subprocess.run(["docker", "compose", "version"], capture_output=True,
                                                 timeout=30).returncode == 0:
        return ["docker", "compose"]
    found = shutil.which("docker-compose")
    return [found] if found else None


def test_docker_compose_itself_accepts_the_file_and_gives_the_bot_what_this_test_expects(tmp_path: Path) -> None:
    """``docker compose config`` (no Docker daemon needed) with .env.example filled in: valid, and the bot's
    environment is the one the tests above work out."""
    command = compose_command()
    if command is None:
        pytest.skip("Docker Compose is not installed here (docker compose or docker-compose)")
    for name in ("compose.yaml", "Dockerfile"):
        (tmp_path / name).write_text((ROOT / name).read_text())
    dotenv = {**example_lines(commented=False), "DISCORD_TOKEN": "a.token", "POSTGRES_PASSWORD": "p@ss/w:rd#1 ?&%="}
    (tmp_path / ".env").write_text("".join(f"{name}='{value}'\n" for name, value in dotenv.items()))
    done = subprocess.run([*command, "config"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    rendered = yaml.safe_load(done.stdout)["services"]["bot"]["environment"]
    assert {name: str(value) for name, value in rendered.items()} == bot_environment(dotenv)
