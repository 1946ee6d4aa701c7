"""A file that claims to be a downloaded game (a finished table's JSON from ``/replay``), read with care.

A file is refused, with one line, before it can cost much: over :data:`MAX_BYTES` (the size is checked before
anything is read), not UTF-8 JSON, or nested deeper than :data:`MAX_DEPTH` (counted over the brackets before
``json.loads`` sees it, so a file of a million ``[`` is refused and not a ``RecursionError``). This module needs
only the standard library, so a refusal comes before the engine and the words are even loaded.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

MAX_BYTES = 2 * 1024 * 1024  # a real download is a few kilobytes; a long poker session well under 1 MB
MAX_DEPTH = 64  # a saved game nests four deep
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class Unreadable(ValueError):
    """The file is not a saved game this program will read (the message says why, in one line)."""


def depth(text: str, limit: int = MAX_DEPTH) -> int:
    r"""How deep the JSON ``text`` nests (strings skipped), up to ``limit + 1`` (anything deeper counts as that),
    counted without recursion and without a Python loop over its characters. Unbalanced brackets count as nesting.

    Once only the brackets are left, each ``[]`` is an innermost pair: one ``str.replace`` takes off one level.
    A run of ``k`` opening brackets left after ``n`` levels are off means a depth of at least ``n + k``.

    >>> depth('{"a": [1, [2]], "b": "[[[\\\\"}')
    3
    """
    brackets = _NOT_BRACKET.sub("", _outside_strings(text)).replace("{", "[").replace("}", "]")
    for level in range(limit + 1):
        if not brackets:
            return level
        if "[" * (limit + 1 - level) in brackets:
            return limit + 1
        shallower = brackets.replace("[]", "")
        if shallower == brackets:  # unbalanced: what is left opens (or closes) that much deeper
            return min(limit + 1, level + len(brackets))
        brackets = shallower
    return limit + 1


def _outside_strings(text: str) -> str:
    """``text`` without its JSON strings: escaped backslashes and quotes go first, then every other quote opens or
    closes a string."""
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    return "".join(unescaped.split('"')[0::2])


def read_saved(path: Path) -> Any:
    """The JSON in ``path``, once it is known to be small and shallow enough (:class:`Unreadable` otherwise)."""
    try:
        size = path.stat().st_size
        if not path.is_file():
            raise Unreadable("not a file")
        if size > MAX_BYTES:
            raise Unreadable(f"{size} bytes is over the {MAX_BYTES // (1024 * 1024)} MB a saved game may take")
        text = path.read_bytes().decode("utf-8")
    except OSError as error:
        raise Unreadable(error.strerror or type(error).__name__) from error
    except UnicodeDecodeError as error:
        raise Unreadable("not UTF-8 text") from error
    if depth(text) > MAX_DEPTH:
        raise Unreadable(f"nested deeper than {MAX_DEPTH} levels: not a saved game")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # (RecursionError cannot happen below MAX_DEPTH; kept as a guard)
        raise Unreadable(f"not JSON ({str(error).splitlines()[0][:80]})") from error
