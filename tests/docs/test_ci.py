""".ci/run (issue 27): it runs the README's test command, with ruff and mypy between its set-up and its tests, and
fails when any of them fails. Tried on a scratch copy whose README's commands and tools are stand-ins that record
their calls."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def scratch(tmp_path: Path, failing: str = "") -> Path:
    """A copy of .ci/run beside a README whose test line sets up stand-in tools (``failing`` exits 1)."""
    (tmp_path / ".ci").mkdir()
    shutil.copy(ROOT / ".ci" / "run", tmp_path / ".ci" / "run")
    tools = tmp_path / "tools"
    tools.mkdir()
    for tool in ("ruff", "mypy", "python"):
        (tools / tool).write_text(f'#!/bin/sh\necho "{tool} $*" >> calls\nexit {int(tool == failing)}\n')
        (tools / tool).chmod(0o755)
    (tmp_path / "README.md").write_text(
        "Run the bot:\n\n    $ .venv/bin/domino-hall\n\nRun the tests:\n\n"
        "    $ rm -f calls && mkdir -p .venv && cp -r tools .venv/bin && .venv/bin/python -m pytest -n auto\n")
    return tmp_path


def run_ci(folder: Path) -> tuple[int, list[str]]:
    done = subprocess.run(["bash", ".ci/run"], cwd=folder, capture_output=True, text=True, timeout=60)
    calls = folder / "calls"
    return done.returncode, calls.read_text().splitlines() if calls.exists() else []


def test_ci_runs_set_up_then_ruff_and_mypy_then_the_tests(tmp_path: Path) -> None:
    assert run_ci(scratch(tmp_path)) == (0, ["ruff check .", "mypy ", "python -m pytest -n auto"])


@pytest.mark.parametrize(("failing", "called"), [("ruff", ["ruff check ."]), ("mypy", ["ruff check .", "mypy "]),
                                                 ("python", ["ruff check .", "mypy ", "python -m pytest -n auto"])])
def test_ci_fails_when_any_step_fails(tmp_path: Path, failing: str, called: list[str]) -> None:
    assert run_ci(scratch(tmp_path, failing)) == (1, called)


def test_ci_refuses_a_readme_whose_test_line_it_cannot_split(tmp_path: Path) -> None:
    folder = scratch(tmp_path)
    (folder / "README.md").write_text("    $ run the bot\n\n    $ pytest\n")
    code, calls = run_ci(folder)
    assert code == 1 and calls == []


def test_the_readme_test_command_runs_in_parallel_with_the_pinned_versions() -> None:
    commands = [line.strip()[2:] for line in README.splitlines() if line.startswith("    $ ")]
    assert "-c constraints.txt" in commands[0] and "-c constraints.txt" in commands[1]
    assert commands[1].endswith(".venv/bin/python -m pytest -n 4 --dist worksteal")
