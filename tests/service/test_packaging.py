"""Reproducible installs (issue 27): the floors in pyproject.toml cover what the code uses, constraints.txt pins a
set that pyproject allows, the dev tools are bounded, the licence is shipped, and package-data names real files."""

from __future__ import annotations

import inspect
import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
RUNTIME = [Requirement(r) for r in PROJECT["project"]["dependencies"]]
TEST = [Requirement(r) for r in PROJECT["project"]["optional-dependencies"]["test"]]

#: The oldest release of a dependency that the code needs, and the use that needs it. A floor below one of these
#: installs a release on which the bot fails (Pillow 10.0: every picture, "load_default() got an unexpected keyword
#: argument 'size'").
KNOWN_NEEDS = {
    "pillow": ("10.1", "render/theme.py: ImageFont.truetype(..., layout_engine=ImageFont.Layout.RAQM) for the bundled "
                       "fonts (the Layout enum since 9.1); 10.1 is the oldest release the tests ran on (.ci/floors)"),
    "discord-py": ("2.7.1", "simcord, the bot tests' fake Discord, needs it"),
    "pytest-asyncio": ("0.24", "pyproject: asyncio_default_fixture_loop_scope"),
}


def floor(requirement: Requirement) -> Version | None:
    """The lowest version a requirement allows (its ``>=`` or ``==`` bound), None if it has none."""
    bounds = [Version(s.version) for s in requirement.specifier if s.operator in (">=", "==")]
    return min(bounds) if bounds else None


def test_every_dependency_has_a_floor_that_covers_the_codes_known_needs() -> None:
    floors = {canonicalize_name(r.name): floor(r) for r in RUNTIME + TEST}
    assert [name for name, low in floors.items() if low is None] == []
    for name, (needed, why) in KNOWN_NEEDS.items():
        assert floors[name] is not None and floors[name] >= Version(needed), f"{name} >= {needed}: {why}"


def test_the_pillow_need_is_real_in_the_code() -> None:
    """The use that sets Pillow's floor is still there, and the installed Pillow has it."""
    from PIL import ImageFont

    assert "ImageFont.Layout.RAQM" in (ROOT / "render" / "theme.py").read_text()
    assert "layout_engine" in inspect.signature(ImageFont.truetype).parameters and hasattr(ImageFont, "Layout")


def test_lint_and_type_tools_are_bounded() -> None:
    for requirement in TEST:
        if canonicalize_name(requirement.name) in ("ruff", "mypy"):
            assert any(s.operator == "<" for s in requirement.specifier), requirement
    pins = {canonicalize_name(r.name): r for r in TEST}
    assert str(pins["pytest-xdist"].specifier).startswith("==")


def constraints() -> dict[str, Version]:
    lines = (ROOT / "constraints.txt").read_text().splitlines()
    pins = [re.fullmatch(r"([A-Za-z0-9_.\-]+)==(\S+)", line) for line in lines if line and not line.startswith("#")]
    assert all(pins), "constraints.txt holds exact pins only"
    return {canonicalize_name(m.group(1)): Version(m.group(2)) for m in pins if m}


def test_constraints_pin_every_dependency_within_what_pyproject_allows() -> None:
    pinned = constraints()
    for requirement in RUNTIME + TEST:
        name = canonicalize_name(requirement.name)
        assert name in pinned, f"constraints.txt does not pin {name}"
        assert pinned[name] in requirement.specifier, f"{name}=={pinned[name]} is outside {requirement}"
    assert "domino-hall" not in pinned


def test_the_licence_is_shipped_and_package_data_names_real_files() -> None:
    licence = (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License") and "Copyright (c) 2026 The Domino Hall contributors" in licence
    assert PROJECT["project"]["license"] == "MIT" and PROJECT["project"]["license-files"] == ["LICENSE"]
    for package, patterns in PROJECT["tool"]["setuptools"]["package-data"].items():
        for pattern in patterns:
            assert list((ROOT / package).glob(pattern)), f"package-data {package}/{pattern} matches no file"
