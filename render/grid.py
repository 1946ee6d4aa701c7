"""A simple table of rows and columns (the score tables)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render.canvas import draw_text, fit_words, pill
from render.panels import new_strip
from render.theme import ACCENT, BODY, MARGIN, MUTED, PANEL, PANEL_LIGHT, RGB, SMALL, TEXT, TURN_TEXT

ROW_HEIGHT = 40
NUMBER_COLUMN = 100


@dataclass
class Row:
    """One row: its cells (the first is the name), a gold highlight (winners), and a team colour stripe."""

    cells: Sequence[str]
    highlight: bool = False
    colour: RGB | None = None


def grid(width: int, headings: Sequence[str], rows: Sequence[Row]) -> Image.Image:
    """Headings over rows; the first column takes the free width, the others are right-aligned numbers."""
    numbers = max(0, len(headings) - 1)
    column = min(NUMBER_COLUMN, (width - 2 * MARGIN - 150) / max(1, numbers))
    height = ROW_HEIGHT * (len(rows) + 1) + 8
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)
    name_room = width - 2 * MARGIN - 28 - numbers * column

    def cells(y: float, values: Sequence[str], size: int, ink: RGB, bold: bool) -> None:
        draw_text(draw, (MARGIN + 16, y), fit_words(values[0], size, name_room), size, ink, "lm", bold)
        for index, value in enumerate(values[1:]):
            x = width - MARGIN - 14 - (numbers - 1 - index) * column
            draw_text(draw, (x, y), fit_words(value, size, column - 6), size, ink, "rm", bold)

    cells(ROW_HEIGHT / 2 + 4, headings, SMALL, MUTED, False)
    for index, row in enumerate(rows):
        top = ROW_HEIGHT * (index + 1) + 4
        fill = ACCENT if row.highlight else PANEL_LIGHT if index % 2 == 0 else PANEL
        pill(draw, (MARGIN + 6, top, width - MARGIN - 6, top + ROW_HEIGHT - 3), fill, radius=6)
        if row.colour is not None:
            pill(draw, (MARGIN + 8, top + 6, MARGIN + 12, top + ROW_HEIGHT - 9), row.colour, radius=2)
        cells(top + ROW_HEIGHT / 2 - 1, row.cells, BODY, TURN_TEXT if row.highlight else TEXT, True)
    return image
