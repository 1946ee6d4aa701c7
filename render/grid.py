"""A simple table of rows and columns (the score tables)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render.canvas import draw_text, pill, text_width, wrap
from render.panels import new_strip
from render.theme import ACCENT, BODY, MARGIN, MUTED, PANEL, PANEL_LIGHT, RGB, SMALL, TEXT, TURN_TEXT

ROW_HEIGHT = 40
NUMBER_COLUMN = 100
LINE = 22  # the step between two lines of one cell


@dataclass
class Row:
    """One row: its cells (the first is the name), a gold highlight (winners), and a team colour stripe."""

    cells: Sequence[str]
    highlight: bool = False
    colour: RGB | None = None


def grid(width: int, headings: Sequence[str], rows: Sequence[Row]) -> Image.Image:
    """Headings over rows; the first column takes the free width, the others are right-aligned numbers. Nothing
    is cut: a number column is as wide as its widest number, and a heading or a name too long for its column takes
    a second line (its row grows)."""
    numbers = max(0, len(headings) - 1)
    columns = [_column(headings[i], [row.cells[i] for row in rows if i < len(row.cells)])
               for i in range(1, numbers + 1)]
    room = width - 2 * MARGIN - 28
    needed = max((text_width(row.cells[0], BODY, True) for row in rows if row.cells), default=0.0) + 4
    spare = room - sum(columns) - min(needed, room - sum(columns))
    if spare > 0:  # room to give: columns up to their usual width, so a short table keeps its look
        columns = [c + min(max(0.0, NUMBER_COLUMN - c), spare / max(1, numbers)) for c in columns]
    ends = [width - MARGIN - 14 - sum(columns[i + 1:]) for i in range(numbers)]
    name_room = width - 2 * MARGIN - 28 - sum(columns)
    heads = [wrap(headings[0], SMALL, name_room, 2)]
    heads += [wrap(h, SMALL, c - 6, 3) for h, c in zip(headings[1:], columns, strict=True)]
    names = [wrap(row.cells[0], BODY, name_room, 2, True) if row.cells else [""] for row in rows]
    head_h = ROW_HEIGHT + LINE * (max(len(h) for h in heads) - 1)
    heights = [ROW_HEIGHT + LINE * (len(lines) - 1) for lines in names]
    height = head_h + sum(heights) + 8
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)

    def cells(y: float, lines: Sequence[Sequence[str]], size: int, ink: RGB, bold: bool) -> None:
        """Each cell's lines, centred on ``y`` (``lines[0]``: the name column)."""
        for index, cell in enumerate(lines):
            x = MARGIN + 16 if index == 0 else ends[index - 1]
            for number, line in enumerate(cell):
                at = y + (number - (len(cell) - 1) / 2) * LINE
                draw_text(draw, (x, at), line, size, ink, "lm" if index == 0 else "rm", bold)

    cells(head_h / 2 + 4, heads, SMALL, MUTED, False)
    top = head_h + 4
    for index, (row, tall) in enumerate(zip(rows, heights, strict=True)):
        fill = ACCENT if row.highlight else PANEL_LIGHT if index % 2 == 0 else PANEL
        pill(draw, (MARGIN + 6, top, width - MARGIN - 6, top + tall - 3), fill, radius=6)
        if row.colour is not None:
            pill(draw, (MARGIN + 8, top + 6, MARGIN + 12, top + tall - 9), row.colour, radius=2)
        lines = [names[index], *([value] for value in row.cells[1:])]
        cells(top + tall / 2 - 1, lines, BODY, TURN_TEXT if row.highlight else TEXT, True)
        top += tall
    return image


def _column(heading: str, values: Sequence[str]) -> float:
    """The least width of a number column: its widest number, and its heading's longest word (a heading may take
    two lines)."""
    words = max((text_width(word, SMALL) for word in heading.split()), default=0.0)
    return max([words, *(text_width(value, BODY, True) for value in values)]) + 14
