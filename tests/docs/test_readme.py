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


def test_readme_games_table_is_the_registry_table(capsys: object) -> None:
    """The table in the README is exactly what docs/catalogue.py prints from the registry today."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("catalogue_doc", ROOT / "docs" / "catalogue.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()
    printed = capsys.readouterr().out.strip().splitlines()  # type: ignore[attr-defined]
    assert len(printed) == len(catalogue()) + 2
    for line in printed:
        assert line in README, f"README's games table is out of date: {line}"
