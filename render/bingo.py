"""Bingo, the one-player game: the row of tiles wrapped in lines, the tile being touched, the count.

Under each tile that will match as the count runs on is a green bar, and under the tile being touched its count: a
player sees at a glance which tiles will go. The numbers the count reaches at the other tiles are not written: a row
of 91 small numbers side by side reads as one smudge on a phone, and even the dozen under the matching tiles were
lone digits a phone-sized picture loses (most of Bingo's words that OCR could not read back at 400 px,
``benchmarks/ocr_retention.py``), while the tile itself shows the number it matches.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.views import BingoView
from render.canvas import draw_text, pill, seat_names
from render.language import say
from render.panels import footer, header, new_strip, stack
from render.theme import ACCENT, BODY, FELT, MARGIN, PLAYABLE, WIDTH
from render.tiles import paste_tile, tile_image

GAP = 8
LABEL = 26
PAD = 14


def bingo_table(view: BingoView, names: Sequence[str]) -> Image.Image:
    """The Bingo row (family "bingo") with the counter and the current tile marked."""
    row = view["row"]
    short = 36 if len(row) <= 14 else 30 if len(row) <= 32 else 24
    width = WIDTH
    player = seat_names(names, 1)[0]
    count = view["count"]
    title = f"{view['title']}  ·  {player}"
    facts = say("Count {count}  ·  Left {left}  ·  Removed {removed}", count=count, left=len(row),
                removed=view["removed"])
    if view["passes_without_removal"]:
        facts += "  ·  " + say("Passes without removal {count}", count=view["passes_without_removal"])
    strips = [header(width, title, facts), _row(width, view, row, short, count), footer(width, view, names)]
    return stack(strips, width)


def touch_numbers(length: int, position: int, count: int, modulus: int = 13) -> list[int]:
    """The number each tile of the row is touched with next, counting on from ``count`` at ``position``.

    >>> touch_numbers(4, 2, 11)
    [0, 1, 11, 12]
    """
    if length == 0:
        return []
    return [(count + (index - position) % length) % modulus for index in range(length)]


def matches(tile: str, number: int, pip_total: bool) -> bool:
    """True when ``tile`` may be removed on ``number``: either end equals it (BIN-1), or its pip total does."""
    high, _, low = tile.partition("-")
    if pip_total:
        return int(high) + int(low) == number
    return number in (int(high), int(low))


def _row(width: int, view: BingoView, row: Sequence[str], short: int, count: int) -> Image.Image:
    per_line = max(1, int((width - 2 * MARGIN - 2 * PAD + GAP) // (short + GAP)))
    lines = max(1, (len(row) + per_line - 1) // per_line)
    line_h = short * 2 + LABEL + 18
    image, draw = new_strip(width, lines * line_h + 2 * PAD)
    pill(draw, (MARGIN, 0, width - MARGIN, image.height - 1), FELT, radius=14)
    if not row:
        draw_text(draw, (width / 2, image.height / 2), say("The row is empty: Bingo!"), BODY, ACCENT, "mm", True)
        return image
    position = view["position"] % len(row)
    numbers = touch_numbers(len(row), position, count)
    pip_total = view["pip_total"]
    left = MARGIN + PAD + (width - 2 * MARGIN - 2 * PAD - (min(per_line, len(row)) * (short + GAP) - GAP)) / 2
    for index, text in enumerate(row):
        line, col = divmod(index, per_line)
        x, y = left + col * (short + GAP), PAD + line * line_h + 10
        _tile(image, draw, text, (x, y), short, index == position, numbers[index], matches(text, numbers[index],
                                                                                        pip_total))
    return image


def _tile(image: Image.Image, draw: ImageDraw.ImageDraw, text: str, at: tuple[float, float], short: int,
          current: bool, number: int, match: bool) -> None:
    x, y = at
    high, _, low = text.partition("-")
    paste_tile(image, tile_image(int(high), int(low), short, True, ACCENT if current else None), x, y)
    if current:
        draw_text(draw, (x + short / 2, y + short * 2 + 5), str(number), BODY, ACCENT, "ma", True)
    elif match:
        draw.rounded_rectangle((x + 2, y + short * 2 + 7, x + short - 2, y + short * 2 + 13), 3, fill=PLAYABLE)
    if current:
        draw.polygon([(x + short / 2 - 6, y - 8), (x + short / 2 + 6, y - 8), (x + short / 2, y - 1)], fill=ACCENT)
