"""The fallback table: names, scores, turn, recent events and the prompt, for any view a drawing does not know."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.canvas import draw_text, pill, seat_names, with_names, wrap
from render.panels import base_plate, footer, header, new_strip, plates, stack
from render.theme import MARGIN, MUTED, PANEL, TEXT
from render.words import log_lines

WIDTH = 760


def generic_table(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """A clean panel for any game: title, name plates, the last few events, and what the table waits for."""
    seats = int(view.get("seats") or len(view.get("hand_counts") or []) or len(view.get("scores") or []))
    title = str(view.get("title") or view.get("game") or "Dominoes")
    number = view.get("round")
    strips = [header(WIDTH, f"{title}  ·  Round {number}" if number else title, _facts(view))]
    if seats:
        strips.append(plates(WIDTH, [base_plate(view, names, s) for s in range(seats)]))
    shown = seat_names(names, max(len(names), seats))
    strips.append(events(WIDTH, log_lines(view, shown)[-6:], names))
    strips.append(footer(WIDTH, view, names, last_move=False))
    return stack(strips, WIDTH)


def _facts(view: Mapping[str, Any]) -> str:
    return f"Target {view['target']}" if view.get("target") is not None else ""


def events(width: int, log: Sequence[str], names: Sequence[str], title: str = "Recent events") -> Image.Image:
    """The recent events, oldest first, newest brightest."""
    room = width - 2 * MARGIN - 30
    lines: list[tuple[str, bool]] = []
    for index, text in enumerate(log):
        for line in wrap(with_names(text, names), 15, room, 2):
            lines.append((line, index == len(log) - 1))
    height = 40 + 21 * max(1, len(lines))
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)
    draw_text(draw, (MARGIN + 14, 10), title, 14, MUTED)
    if not lines:
        draw_text(draw, (MARGIN + 14, 34), "Nothing has happened yet.", 15, MUTED)
    for index, (line, newest) in enumerate(lines):
        draw_text(draw, (MARGIN + 14, 32 + 21 * index), line, 15, TEXT if newest else MUTED)
    return image
