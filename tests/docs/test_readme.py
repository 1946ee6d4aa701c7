"""The README stays true: its commands, its games table and its images."""

from __future__ import annotations

import re
from pathlib import Path

from engine import catalogue

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def test_readme_lists_every_registered_game_with_its_key() -> None:
    for key, spec in catalogue().items():
        assert f"| {spec.title} | `{key}` |" in README


def test_readme_images_exist() -> None:
    for path in re.findall(r"\]\((docs/images/[^)]+)\)", README):
        assert (ROOT / path).is_file(), path


def test_ci_runs_the_readme_test_command() -> None:
    commands = [line.strip()[2:] for line in README.splitlines() if line.startswith("    $ ")]
    assert len(commands) == 2, "two set-up commands: run the bot, run the tests"
    assert "domino-hall" in commands[0] and "pytest" in commands[1]
    assert "pytest" in (ROOT / ".ci" / "run").read_text()
