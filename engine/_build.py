"""Which build of the engine runs: the mypyc-compiled modules, or the Python sources (same rules, same results).

``setup.py`` compiles the engine's core and records the digest of each source it compiled. The compiled modules are
used only when all of them are present and every source is unchanged since the build; otherwise, or when
``DOMINO_HALL_PURE=1`` is set, a finder makes every one of them load from its ``.py`` source. It is all or nothing:
compiled modules refer to each other's classes directly, so the two builds must never be mixed.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PURE_VARIABLE = "DOMINO_HALL_PURE"
GROUP = "engine_native"  # setup.py's mypycify(group_name=...)


def _module_name(relative: str) -> str:
    return relative.removesuffix(".py").replace("/", ".")


def _compiled_file(relative: str) -> Path | None:
    source = ROOT / relative
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = source.with_suffix(suffix)
        if candidate.exists():
            return candidate
    return None


def _group_library() -> bool:
    """True when the library the compiled modules share (``setup.py``'s group ``engine_native``) was built."""
    return any((ROOT / f"{GROUP}__mypyc{suffix}").exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _recorded_sources() -> dict[str, str]:
    try:
        record = importlib.import_module("engine._native_build")  # written by setup.py, never committed
    except ImportError:
        return {}
    return dict(record.SOURCES)


def decide() -> tuple[bool, str, dict[str, Path]]:
    """(compiled?, why, {module name: source path}) for the modules the build compiled."""
    recorded = _recorded_sources()
    sources = {_module_name(rel): ROOT / rel for rel in recorded}
    if not recorded:
        return False, "not compiled (pure Python)", sources
    if os.environ.get(PURE_VARIABLE):
        return False, f"pure Python ({PURE_VARIABLE} is set)", sources
    if not _group_library():
        return False, "pure Python (the compiled engine's shared library is missing)", sources
    for rel, digest in recorded.items():
        if _compiled_file(rel) is None:
            return False, f"pure Python ({rel} was not compiled)", sources
        if hashlib.sha256((ROOT / rel).read_bytes()).hexdigest() != digest:
            warnings.warn(
                f"{rel} has changed since the engine was compiled: running the pure Python engine "
                "(pip install -e . compiles it again)",
                stacklevel=3,
            )
            return False, f"pure Python ({rel} changed since the build)", sources
    return True, "compiled with mypyc", sources


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Loads the listed modules from their Python sources, ahead of any compiled extension beside them."""

    def __init__(self, sources: dict[str, Path]) -> None:
        self.sources = sources

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        source = self.sources.get(fullname)
        if source is None:
            return None
        return importlib.util.spec_from_file_location(fullname, source)


def install() -> tuple[bool, str]:
    """Choose the build before any engine module is imported; returns (compiled?, a line saying which)."""
    compiled, why, sources = decide()
    if not compiled and sources and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder(sources))
    return compiled, why
