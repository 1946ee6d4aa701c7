"""Build script: compiles the engine's core with mypyc when it can; the pure Python engine is always there too.

``pip install -e .`` (the README's commands) compiles the modules in :data:`COMPILED` into C extensions beside their
sources, and records each source's digest in ``engine/_native_build.py``. At import, ``engine/__init__.py`` uses the
compiled modules only when every one is present and built from the sources as they are now; otherwise (a source
edited since the build, ``DOMINO_HALL_PURE=1``, or no C compiler) the Python sources run, with the same results.

Set ``DOMINO_HALL_PURE=1`` at install time to skip compiling.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent

#: The engine modules compiled together (one group): the game contract, the tile and line primitives and every game.
COMPILED = [
    "engine/errors.py",
    "engine/tiles.py",
    "engine/actions.py",
    "engine/layout.py",
    "engine/scoring.py",
    "engine/game.py",
    "engine/linegame.py",
    "engine/games/block.py",
    "engine/games/draw.py",
    "engine/games/bergen.py",
    "engine/games/muggins.py",
    "engine/games/matador.py",
    "engine/games/tiddle_a_wink.py",
    "engine/games/sebastopol.py",
    "engine/tricks.py",
    "engine/trickgame.py",
    "engine/fortytwo.py",
    "engine/games/texas42.py",
    "engine/games/seventy_nine.py",
    "engine/games/euchre.py",
    "engine/games/black_tile.py",
    "engine/poker_hands.py",
    "engine/poker_betting.py",
    "engine/games/poker.py",
    "engine/games/bingo.py",
]
RECORD = HERE / "engine" / "_native_build.py"


def digest(path: str) -> str:
    """The SHA-256 of a source file, as recorded at build time and checked at import."""
    return hashlib.sha256((HERE / path).read_bytes()).hexdigest()


def record(modules: list[str]) -> None:
    lines = [
        '"""Written by setup.py: the sources the compiled engine was built from (checked at import)."""',
        "",
        "SOURCES = {",
        *(f"    {path!r}: {digest(path)!r}," for path in modules),
        "}",
        "",
    ]
    RECORD.write_text("\n".join(lines))


def ext_modules() -> list[object]:
    if RECORD.exists():
        RECORD.unlink()  # a failed or skipped build leaves no record, so the pure engine runs
    if os.environ.get("DOMINO_HALL_PURE"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # pragma: no cover - the build requirements include mypy
        print("setup.py: mypyc is not available; the engine runs as pure Python", file=sys.stderr)
        return []
    os.chdir(HERE)
    extensions = mypycify(COMPILED, group_name="engine_native", opt_level="3", debug_level="0")  # engine/_build.py
    for extension in extensions:
        extension.optional = True  # no compiler: the install still succeeds, and the import check picks pure Python
    record(COMPILED)
    return list(extensions)


setup(ext_modules=ext_modules())
