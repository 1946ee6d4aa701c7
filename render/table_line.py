"""The table image of a line game: header, name plates, the felt with its key numbers (each open end's value, the
Muggins count, what each Matador end needs) over the line of play, then the last move and the prompt."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.views import LineView, arm_and_value
from render.canvas import draw_text, pill, text_width
from render.geometry import Box, LineLayout
from render.language import said, say
from render.line import LineData, draw_line, fitted_layout, last_played
from render.panels import Plate, base_plate, footer, header, new_strip, plates, stack, title_line
from render.theme import ACCENT, BODY, FELT, FELT_DARK, KEY, MARGIN, MUTED, SLOT, SMALL, TEXT, WIDTH
from render.words import arm_words, log_tiles

FELT_PAD = 12
MAX_LINE_HEIGHT = 760
LARGEST_TILE = 36  # half a tile, in pixels: 22 px on a phone, and a short line stays on a row or two
CHIP_GAP = 8
CHIP_H = 56


@dataclass(frozen=True, slots=True)
class Chip:
    """A key number on the felt: a small label over a big value."""

    label: str
    value: str
    colour: tuple[int, int, int] = TEXT

    @property
    def width(self) -> float:
        """Its width: the wider of the label and the value, padded."""
        return max(text_width(self.label, SMALL), text_width(self.value, KEY, bold=True)) + 22


def line_table(view: LineView, names: Sequence[str]) -> Image.Image:
    """The shared table of a line game (family "line"), as seen by everyone."""
    data = LineData.of(view["line"])
    room = WIDTH - 2 * MARGIN - 2 * FELT_PAD
    plan = fitted_layout(data, room, MAX_LINE_HEIGHT, view["doubles_inline"], LARGEST_TILE)
    strips = [
        header(WIDTH, title_line(view), line_facts(view)),
        plates(WIDTH, [line_plate(view, names, s) for s in range(view["seats"])]),
        _felt(WIDTH, view, data, plan),
        footer(WIDTH, view, names),
    ]
    return stack(strips, WIDTH)


def line_plate(view: LineView, names: Sequence[str], seat: int) -> Plate:
    """A seat's plate at a line game: the common facts, plus an extra turn (Tiddle-a-Wink) or an open Muggins
    claim (MUG-7) for that seat."""
    plate = base_plate(view, names, seat)
    if plate.turn and view.get("extra_turn"):
        plate.tags.append(say("extra turn"))
    claim = view.get("claim")
    if claim is not None and claim["seat"] == seat:
        plate.tags.append(say("may claim {points}", points=claim["points"]))
    return plate


def line_facts(view: LineView) -> str:
    """The target and the boneyard (and Sebastopol's cross phase), as short facts for the header."""
    facts = []
    if view.get("cross_phase"):
        facts.append(say("Cross phase"))
    total = view.get("sum")
    if total is not None:
        facts.append(say("Ends make {total}", total=total))
    facts.append(say("Target {target}", target=view["target"]))
    bone = say("Boneyard {count}", count=view["boneyard"])
    if view["drawable"] != view["boneyard"]:
        bone += " " + say("({count} drawable)", count=view["drawable"])
    facts.append(bone)
    return "  ·  ".join(facts)


def key_chips(view: LineView) -> list[Chip]:
    """The key numbers of a line game: each open end's value (Matador: what a tile must show there), then the
    Muggins count (gold when it scores)."""
    chips = []
    total = view.get("sum")
    for arm, value in map(arm_and_value, view["line"]["open_ends"]):
        word = said(arm_words(arm))
        if total is None:
            chips.append(Chip(word, str(value)))
        elif value == 0:
            chips.append(Chip(say("{end} blank: needs", end=word), say("matador"), ACCENT))
        else:
            chips.append(Chip(say("{end} {value}: needs", end=word, value=value), str(total - value), ACCENT))
    count = view.get("count")
    if count is not None:
        chips.append(Chip(say("count"), str(count), ACCENT if count and count % 5 == 0 else TEXT))
    return chips


def chip_rows(chips: Sequence[Chip], room: float) -> list[list[Chip]]:
    """The chips in rows of at most ``room`` pixels."""
    rows: list[list[Chip]] = []
    used = room + 1
    for chip in chips:
        if used + CHIP_GAP + chip.width > room:
            rows.append([])
            used = -CHIP_GAP
        rows[-1].append(chip)
        used += CHIP_GAP + chip.width
    return rows


def draw_chips(draw: ImageDraw.ImageDraw, rows: Sequence[Sequence[Chip]], left: float, top: float) -> list[Box]:
    """Draw the rows of chips from (``left``, ``top``); the boxes they cover."""
    boxes = []
    for index, row in enumerate(rows):
        x, y = left, top + index * (CHIP_H + CHIP_GAP)
        for chip in row:
            pill(draw, (x, y, x + chip.width, y + CHIP_H), FELT_DARK, radius=10)
            draw_text(draw, (x + chip.width / 2, y + 13), chip.label, SMALL, SLOT, "mm")
            draw_text(draw, (x + chip.width / 2, y + 38), chip.value, KEY, chip.colour, "mm", True, "key")
            boxes.append(Box(x, y, chip.width, CHIP_H))
            x += chip.width + CHIP_GAP
    return boxes


def _felt(width: int, view: LineView, data: LineData, plan: LineLayout) -> Image.Image:
    rows = chip_rows(key_chips(view), width - 2 * MARGIN - 2 * FELT_PAD)
    band = len(rows) * (CHIP_H + CHIP_GAP) + (FELT_PAD if rows else 0)
    height = band + (int(plan.bounds.h) + 2 * FELT_PAD if data.center is not None else 80)
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), FELT, radius=14)
    draw_chips(draw, rows, MARGIN + FELT_PAD, FELT_PAD)
    if data.center is None:
        draw_text(draw, (width / 2, band + 40), "No tile has been played yet.", BODY, MUTED, "mm")
        return image
    left = (width - plan.bounds.w) / 2
    values = dict(map(arm_and_value, view["line"]["open_ends"]))
    draw_line(image, plan, left, band + FELT_PAD, last_played(log_tiles(view), plan.tiles), values)
    _spinner_ring(draw, data, plan, left, band + FELT_PAD)
    return image


def _spinner_ring(draw: ImageDraw.ImageDraw, data: LineData, plan: LineLayout, left: float, top: float) -> None:
    """A faint ring under the spinner's corners so the four-way tile stands out."""
    if not data.spinner:
        return
    centre = plan.tiles[0].box
    x = left - plan.bounds.x + centre.x
    y = top - plan.bounds.y + centre.y
    pill(draw, (x - 3, y - 3, x + centre.w + 3, y + centre.h + 3), None, ACCENT, 2, radius=6)
