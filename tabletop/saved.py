"""A downloaded game (a finished table's JSON from ``/replay``), read with care and told step by step.

A file is refused, with one line, before it can cost much: over :data:`MAX_BYTES` (the size is checked before
anything is read), not UTF-8 JSON, nested deeper than :data:`MAX_DEPTH` (counted over the brackets before
``json.loads`` sees it, so a file of ten thousand ``[`` is refused and not a ``RecursionError``), or anything
``engine.load`` would refuse (:class:`engine.CorruptState`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, TextIO

from engine.errors import CorruptState
from engine.registry import replay
from engine.replay import Replay
from tabletop.match import result_line
from tabletop.voice import Voice

MAX_BYTES = 2 * 1024 * 1024  # a real download is a few kilobytes; a long poker session well under 1 MB
MAX_DEPTH = 64  # a saved game nests four deep
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class Unreadable(ValueError):
    """The file is not a saved game this program will read (the message says why, in one line)."""


def depth(text: str) -> int:
    """How deep the JSON ``text`` nests (strings skipped), without recursion.

    >>> depth('{"a": [1, [2]], "b": "[[["}')
    3
    """
    deepest = level = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        level += 1 if bracket.group() in "[{" else -1
        deepest = max(deepest, level)
    return deepest


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


def print_replay(data: Any, voice: Voice, out: TextIO) -> None:
    """A saved game, step by step, in words: the deal, each action's events, every hand as dealt, the result."""
    try:
        shown = Replay(data)
    except RecursionError as error:  # a guard: read_saved keeps the nesting far below this
        raise CorruptState("nested too deeply") from error
    final = shown.final
    for number, (game, _seat, _action, events) in enumerate(replay(data)):
        words = voice.narrator(game)
        if number == 0:
            out.write(voice.t("{title}, {count} seats, seed {seed}: {steps} steps", title=voice.t(game.spec.title),
                              count=game.seats, seed=data["seed"], steps=shown.last) + "\n")
        for event in game.log if number == 0 else events:
            out.write(f"{number:>5} {words.event(event)}\n")
        if number in shown.hand_starts and not game.is_over:
            hands = (("  ".join(game.view(s)["hand"] or []) or "-") for s in range(game.seats))
            out.write("      " + voice.t("Hands") + ": " + ";  ".join(
                f"{voice.seat(s)}: {h}" for s, h in enumerate(hands)) + "\n")
    out.write(result_line(final, voice) + "\n")
