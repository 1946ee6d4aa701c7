"""A downloaded game (a finished table's JSON from ``/replay``, read by :mod:`tabletop.careful`) told step by step
in words; anything ``engine.load`` would refuse raises :class:`engine.CorruptState`.
"""

from __future__ import annotations

from typing import Any, TextIO

from engine.errors import CorruptState
from engine.registry import replay
from engine.replay import Replay
from tabletop.match import result_line
from tabletop.voice import Voice


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
