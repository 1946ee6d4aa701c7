"""Issue 26's words outside the pictures: replay lines never cut, house-rule notes cut after a whole word,
computers named in the table's language, and a Spanish lobby with no English."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from cogs.replay import step_text
from cogs.text import clip, seat_range
from engine import catalogue, new_game
from engine.replay import Replay
from render.canvas import seat_names
from render.language import display_name, speaking


def test_replay_lines_are_whole_however_long() -> None:
    game, rng = new_game("block", 2, 5), random.Random(5)
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    replay = Replay(game.to_dict())
    names = ["Ñandú Fernández-Oyarzábal Peña", "Computer 1"]
    row: Any = SimpleNamespace(seats=[SimpleNamespace(name=name) for name in names])
    _, hands = step_text(row, replay, replay.final, replay.last)
    lines = [line for step in range(1, replay.last + 1)
             for line in step_text(row, replay, replay.final, step)[0].splitlines() if line.startswith("• ")]
    assert any(len(line) > 34 for line in lines)  # the old cut left every line at 32 characters
    assert not any(line.endswith("…") for line in lines)
    assert any("Ñandú Fernández\\-Oyarzábal Peña" in line for line in lines)  # whole, its hyphen escaped
    assert [name for name, _ in hands] == names
    _, spanish = step_text(row, replay, replay.final, replay.last, "es-ES")
    assert [name for name, _ in spanish] == [names[0], "Ordenador 1"]


def test_house_rule_notes_are_cut_after_a_whole_word() -> None:
    note = "Count the open ends after every play and score multiples of five, or the Muggins cascade of the others"
    shown = clip(note, 100)
    assert len(shown) <= 100 and shown.endswith("…")
    assert note.startswith(shown[:-1]) and note[len(shown) - 1] == " "
    assert clip("short", 100) == "short"
    for spec in catalogue().values():
        for option in spec.options:
            assert len(clip(option.help, 100)) <= 100


def test_computers_are_named_in_the_language_being_spoken() -> None:
    assert display_name("Computer 3", "es-ES") == "Ordenador 3"
    assert display_name("Computer 3") == "Computer 3"
    assert display_name("Computer fan", "es") == "Computer fan"  # a member's own name stays as it is
    with speaking("es"):
        assert seat_names(["Ana", "Computer 1"], 2) == ["Ana", "Ordenador 1"]
    assert seat_names(["Ana", "Computer 1"], 2) == ["Ana", "Computer 1"]


def test_seat_ranges_in_spanish() -> None:
    specs = catalogue()
    assert seat_range(specs["draw"], "es-ES") == "2 a 6"
    assert " to " not in " ".join(seat_range(spec, "es-ES") for spec in specs.values())
    assert " or " not in " ".join(seat_range(spec, "es-ES") for spec in specs.values())
    assert seat_range(specs["draw"]) == f"{min(specs['draw'].seats)} to {max(specs['draw'].seats)}"
