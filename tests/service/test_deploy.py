"""The operators' files (issue 13): the image runs the bot as a non-root user, compose starts it with PostgreSQL,
and every setting the bot reads is in .env.example."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import VARIABLES

ROOT = Path(__file__).resolve().parents[2]


def test_the_image_runs_the_bot_as_a_non_root_user() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert re.search(r"^FROM python:3\.\d+-slim$", text, re.M)
    assert re.search(r"^USER (?!root)\w+$", text, re.M)
    assert 'ENTRYPOINT ["domino-hall"]' in text
    for package in ("bot", "cogs", "engine", "render"):  # everything the installed bot imports is copied in
        assert f"COPY {package} ./{package}" in text


def test_compose_starts_the_bot_with_postgresql_and_a_volume() -> None:
    text = (ROOT / "compose.yaml").read_text()
    assert re.search(r"^  db:\n    image: postgres:", text, re.M) and re.search(r"^  bot:\n    build: \.", text, re.M)
    assert "DATABASE_URL: postgresql://" in text and "condition: service_healthy" in text
    assert re.search(r"^volumes:\n  db-data:", text, re.M)


def test_every_setting_is_in_the_env_example() -> None:
    example = (ROOT / ".env.example").read_text()
    assert [name for name in VARIABLES if not re.search(rf"^{name}=", example, re.M)] == []
