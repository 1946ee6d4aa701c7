"""The layers hold (issue 24), read from the source with ``ast``: the engine imports nothing outside itself but the
standard library, render never imports the bot or its Discord adapters, the bot never imports the adapters, and no
two modules of the project import each other, however indirectly.

Every import counts, at module level and inside functions (an import moved into a function to dodge a circle is
still a circle); only those under ``if TYPE_CHECKING:`` are left out, since they never run. An import names the
module it loads: ``from engine.ai import search`` is ``engine.ai.search`` when that is a module, ``engine.ai``
otherwise.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "render", "bot", "cogs", "tabletop")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import under ``node``, the bodies of ``if TYPE_CHECKING:`` left out (their ``else`` kept)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child.test):
            for other in child.orelse:
                yield from _imports(ast.Module(body=[other], type_ignores=[]))
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        yield from _imports(child)


def imported(path: Path, modules: set[str], name: str) -> set[str]:
    """The modules the file at ``path`` (module ``name``) imports: absolute names, the project's resolved to the
    module loaded."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
            base = ".".join([*anchor, *([base] if base else [])])
        for alias in node.names:
            full = f"{base}.{alias.name}"
            found.add(full if full in modules else base)
    return found


def graph() -> dict[str, set[str]]:
    """Each project module and the project modules it imports."""
    files = {module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")}
    modules = set(files)
    return {name: {m for m in imported(path, modules, name) if m in modules and m != name}
            for name, path in files.items()}


def everything_imported() -> dict[str, set[str]]:
    """Each project module and everything it imports, the standard library and other packages included."""
    files = {module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")}
    return {name: imported(path, set(files), name) for name, path in files.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def outside(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(f"{module} imports {target}" for module, targets in everything_imported().items()
                  if module.split(".")[0] == package for target in targets if target.split(".")[0] in forbidden)


def test_the_engine_imports_only_itself_and_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"engine", "__future__"}
    stray = sorted(f"{module} imports {target}" for module, targets in everything_imported().items()
                   if module.split(".")[0] == "engine" for target in targets if target.split(".")[0] not in allowed)
    assert stray == []


def test_render_never_imports_the_bot_or_its_adapters() -> None:
    assert outside("render", ("bot", "cogs", "tabletop")) == []


def test_the_bot_never_imports_its_adapters() -> None:
    assert outside("bot", ("cogs", "tabletop")) == []


def test_the_terminal_table_stays_beside_the_bot() -> None:
    assert outside("tabletop", ("bot", "cogs")) == []


def circles_in(package: str) -> list[list[str]]:
    return [c for c in cycles(graph()) if any(m.split(".")[0] == package for m in c)]


@pytest.mark.parametrize("package", ["engine", "render", "tabletop", "bot", "cogs"])
def test_no_import_circle(package: str) -> None:
    assert circles_in(package) == []


def test_the_circle_finder_finds_circles_and_reads_imports_as_python_does(tmp_path: Path) -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert cycles({"a": {"a"}}) == []
    source = tmp_path / "sample.py"
    source.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import hidden\nelse:\n"
                      "    import shown\ndef later():\n    from engine import tiles\n    import render.words\n")
    assert imported(source, {"engine.tiles", "render.words"}, "sample") == {"typing", "shown", "engine.tiles",
                                                                           "render.words"}
    relative = tmp_path / "relative.py"
    relative.write_text("from . import tiles\nfrom .ai import search\nfrom .ai.search import outcome\n")
    assert imported(relative, {"engine.tiles", "engine.ai.search"}, "engine.relative") == {"engine.tiles",
                                                                                          "engine.ai.search"}
    big = {f"m{i}": {f"m{i + 1}"} for i in range(5000)} | {"m5000": {"m0"}}  # deeper than Python's recursion
    assert len(cycles(big)[0]) == 5001
