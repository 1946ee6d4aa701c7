"""Every link and file path in README.md and docs/*.md resolves inside the repository (issue 27): the repository
stands alone, so a reader never meets a path to a file it does not hold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", ROOT / "TRANSLATING.md", *sorted((ROOT / "docs").glob("*.md"))]
#: A file path in backticks: relative, no spaces, a folder (trailing /) or a file of a kind the repository holds.
PATH_IN_CODE = re.compile(r"`((?:\.\.?/)?[\w.-]+(?:/[\w.-]+)*(?:/|\.(?:md|py|po|toml|yaml|txt|png|json)))`")


def targets(page: Path, text: str | None = None) -> list[tuple[str, Path]]:
    """(as written, where it points) for each relative Markdown link and each file path in backticks of ``page``
    (its ``text``, default: read from the file)."""
    text = page.read_text() if text is None else text
    found = []
    for link in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z][a-z0-9+.-]*:", link) or link.startswith("#"):
            continue  # a web address (discord.com, ...) or an anchor of the same page
        found.append((link, (page.parent / link.split("#", 1)[0]).resolve()))
    for path in PATH_IN_CODE.findall(text):
        if "/" not in path.rstrip("/"):
            continue  # a bare name (`README.md`, `bot/`) is a word, not a path
        base = page.parent if path.startswith(".") else ROOT  # the pages write repository paths from the top
        found.append((path, (base / path).resolve()))
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_and_path_exists_inside_the_repository(page: Path) -> None:
    found = targets(page)
    outside = [written for written, where in found if not where.is_relative_to(ROOT)]
    missing = [written for written, where in found if where.is_relative_to(ROOT) and not where.exists()]
    assert (outside, missing) == ([], [])


def test_the_check_sees_links_and_paths() -> None:
    """The patterns find what they must: a link, a path in backticks, and a path that leaves the repository."""
    page = ROOT / "docs" / "probe.md"
    text = "[setup](discord-setup.md) `engine/views.py` `../../shared/RULES.md` [web](https://x.org) `a b/c.py`"
    found = dict(targets(page, text))
    assert set(found) == {"discord-setup.md", "engine/views.py", "../../shared/RULES.md"}
    assert not found["../../shared/RULES.md"].is_relative_to(ROOT) and found["engine/views.py"].exists()


def test_the_readme_links_the_discord_guide() -> None:
    assert "](docs/discord-setup.md)" in (ROOT / "README.md").read_text()
