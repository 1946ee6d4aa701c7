"""A side panel of facts built top to bottom: headings, wrapped text, small tiles, team rows."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from render.canvas import FACT_GAP, draw_text, fit, fit_side, pack, pill, text_width, wrap
from render.language import say
from render.theme import ACCENT, BODY, MUTED, PANEL, RGB, SMALL, TEXT, TITLE
from render.tiles import paste_tile, tile_image

PAD = 14
Painter = Callable[[Image.Image, ImageDraw.ImageDraw, float, float], None]


def _writer(line: str, size: int, colour: RGB, bold: bool) -> Painter:
    def paint(_image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
        draw_text(draw, (x, y), line, size, colour, bold=bold)

    return paint


class InfoPanel:
    """Collects rows of facts, measures them, and paints them at a given place on an image."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.rows: list[tuple[float, Painter]] = []

    @property
    def height(self) -> int:
        """The panel's height with its padding."""
        return int(sum(h for h, _ in self.rows) + 2 * PAD)

    def add(self, height: float, painter: Painter) -> None:
        """A row of ``height`` pixels drawn by ``painter(image, draw, left, top)``."""
        self.rows.append((height, painter))

    def section(self, title: str) -> None:
        """A small muted heading (an English text marked with ``_``, said in the picture's language)."""
        top_gap = 6 if self.rows else 0
        heading = say(title).upper()
        self.add(26 + top_gap, lambda _i, d, x, y: draw_text(d, (x, y + top_gap), heading, SMALL, MUTED))

    def text(self, words: str, bold: bool = False, colour: RGB = TEXT, size: int = BODY) -> None:
        """Wrapped text."""
        for line in wrap(words, size, self.width - 2 * PAD, 4, bold):
            self.add(size + 6, _writer(line, size, colour, bold))

    def tiles(self, tiles: Sequence[str], short: int = 22, caption: str = "") -> None:
        """A row of small upright tiles with an optional caption after them."""

        def paint(image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
            for index, text in enumerate(tiles):
                high, _, low = text.partition("-")
                paste_tile(image, tile_image(int(high), int(low), short, True), x + index * (short + 6), y + 2)
            if caption:
                left = x + len(tiles) * (short + 6) + 6
                room = self.width - 2 * PAD - (left - x)
                draw_text(draw, (left, y + short + 2), fit(caption, BODY, room), BODY, TEXT, "lm")

        self.add(short * 2 + 8, paint)

    def side(self, label: str, score: str, facts: str, colour: RGB | None) -> None:
        """A team or player: colour stripe, names, total score on the right, this hand's facts below."""
        self.sides([(label, score, facts, colour)])

    def sides(self, items: Sequence[tuple[str, str, str, RGB | None]]) -> None:
        """Teams or players side by side in one row (label, total score, this hand's facts, colour)."""
        column = (self.width - 2 * PAD - 16 * (len(items) - 1)) / max(1, len(items))
        room = column - (10 if any(item[3] is not None for item in items) else 0)
        facts_lines = [pack(facts.split(FACT_GAP), SMALL, room) if facts else [] for _, _, facts, _ in items]
        label_lines = [_partners(label, room - text_width(score, TITLE, bold=True) - 10)
                       for label, score, _, _ in items]
        names_extra = 27 * max(0, max(len(lines) for lines in label_lines) - 1)
        extra = 22 * max(0, max((len(lines) for lines in facts_lines), default=0) - 1) + names_extra

        def paint(_image: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
            for index, (_label, score, _facts, colour) in enumerate(items):
                left = x + index * (column + 16)
                if colour is not None:
                    pill(draw, (left, y + 3, left + 4, y + 46 + extra), colour, radius=2)
                    left += 10
                right = x + index * (column + 16) + column
                for number, line in enumerate(label_lines[index]):
                    draw_text(draw, (left, y + 2 + 27 * number), line, BODY, TEXT, bold=True)
                draw_text(draw, (right, y), score, TITLE, ACCENT, "ra", True)
                for number, line in enumerate(facts_lines[index]):
                    draw_text(draw, (left, y + 27 + names_extra + 22 * number), line, SMALL, MUTED)

        self.add(54 + extra, paint)

    def paste(self, image: Image.Image, left: float, top: float, height: float | None = None) -> None:
        """Paint the panel with its top-left corner at (``left``, ``top``)."""
        draw = ImageDraw.Draw(image)
        bottom = top + (height if height is not None else self.height) - 1
        pill(draw, (left, top, left + self.width, bottom), PANEL, radius=12)
        y = top + PAD
        for row_height, painter in self.rows:
            painter(image, draw, left + PAD, y)
            y += row_height


def _partners(label: str, room: float) -> list[str]:
    """A side's name in ``room`` pixels: on one line where it fits, else its partners on a line each (each
    shortened on its own only if its line cannot hold it), never cutting a partner off."""
    if text_width(label, BODY, bold=True) <= room:
        return [label]
    parts = label.split(" & ")
    return [fit_side(part if index == 0 else f"& {part}", BODY, room, bold=True) for index, part in enumerate(parts)]
