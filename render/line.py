"""The line of play: read the engine's ``line`` view, lay it out at the largest tile size that fits, draw it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.views import LineOfPlayView, arm_and_value, placed
from render.canvas import draw_text, pill
from render.geometry import DOWN, LEFT, RIGHT, UP, ArmPlan, ArmWalker, Box, Laid, LineLayout, bounds_of
from render.theme import ACCENT, FELT_DARK, KEY, SLOT, SMALL
from render.tiles import paste_tile, tile_image

SIZES = (46, 41, 36, 32, 28, 25, 22, 20, 18, 16, 14)
_TILE_TOKEN = re.compile(r"(?<![\d.\-])(\d{1,2})-(\d{1,2})(?![\d\-])")


@dataclass(frozen=True, slots=True)
class LineData:
    """The parts of a ``line`` view the drawing needs, checked and typed."""

    center: tuple[int, int] | None
    center_seat: int | None
    spinner: bool
    arms: Mapping[str, Sequence[tuple[int, int, int]]]
    open_arms: tuple[str, ...]

    @classmethod
    def of(cls, line: LineOfPlayView) -> LineData:
        """Read the engine's ``LineOfPlay.to_view()``."""
        center = line["center"]
        pair = None
        if center:
            high, _, low = center.partition("-")
            pair = (int(high), int(low))
        arms = {arm: [placed(p) for p in tiles] for arm, tiles in line["arms"].items()}
        opened = tuple(arm_and_value(end)[0] for end in line["open_ends"])
        return cls(pair, line["center_seat"], line["spinner"], arms, opened)

    def count(self) -> int:
        """Tiles in the line."""
        return (1 if self.center else 0) + sum(len(p) for p in self.arms.values())


def _plans(short: int, gap: float, half: float, cross: bool) -> dict[str, ArmPlan]:
    pitch = short * 2 + gap
    if not cross:
        return {"W": ArmPlan(LEFT, UP, -half, half, pitch), "E": ArmPlan(RIGHT, DOWN, half, -half, pitch)}
    inner = short * 2 + gap * 2
    reach = short + gap + 3 * (short * 2 + gap)
    return {
        "W": ArmPlan(LEFT, UP, -half, -inner, pitch),
        "E": ArmPlan(RIGHT, DOWN, half, inner, pitch),
        "N": ArmPlan(RIGHT, UP, half, -short, pitch, first_bound=-reach),
        "S": ArmPlan(LEFT, DOWN, -half, short, pitch, first_bound=reach),
    }


def layout(data: LineData, short: int, width: float, inline: bool) -> LineLayout:
    """Lay the whole line out with half tiles of ``short`` pixels, rows at most ``width`` wide."""
    if data.center is None:
        return LineLayout(short, (), (), Box(0, 0, 0, 0))
    gap = max(2.0, short / 12)
    high, low = data.center
    crosswise = high == low and not inline
    cross = data.spinner or any(data.arms.get(a) for a in ("N", "S"))
    if crosswise:
        centre = Laid(high, low, Box(-short / 2, -short, short, short * 2), True, "C", data.center_seat)
        starts = {"W": (-short / 2 - gap, 0.0), "E": (short / 2 + gap, 0.0),
                  "N": (0.0, -short - gap), "S": (0.0, short + gap)}
    else:
        centre = Laid(high, low, Box(-short, -short / 2, short * 2, short), False, "C", data.center_seat)
        starts = {"W": (-short - gap, 0.0), "E": (short + gap, 0.0)}
    tiles = [centre]
    slots: list[tuple[str, Box]] = []
    for arm, plan in _plans(short, gap, width / 2, cross).items():
        if arm not in starts:
            continue
        walker = ArmWalker.start(*starts[arm], plan, short, gap)
        for inner, outer, seat in data.arms.get(arm, ()):
            tiles.append(_lay(walker, arm, inner, outer, seat, inline))
        if arm in data.open_arms:
            slots.append((arm, walker.peek()))
    boxes = [t.box for t in tiles] + [b for _, b in slots]
    return LineLayout(short, tuple(tiles), tuple(slots), bounds_of(boxes))


def _lay(walker: ArmWalker, arm: str, inner: int, outer: int, seat: int | None, inline: bool) -> Laid:
    crosswise = inner == outer and not inline
    box = walker.place(crosswise)
    dx, dy = walker.turtle.direction
    if crosswise:
        return Laid(inner, outer, box, dx != 0, arm, seat)
    forward = dx > 0 or dy > 0
    first, second = (inner, outer) if forward else (outer, inner)
    return Laid(first, second, box, dy != 0, arm, seat)


def fitted_layout(data: LineData, width: float, max_height: float, inline: bool,
                  largest: int = SIZES[0]) -> LineLayout:
    """The layout with the largest tiles (up to ``largest``) whose rows fit ``width`` and whose height stays within
    ``max_height``."""
    chosen = layout(data, SIZES[-1], width, inline)
    for short in (s for s in SIZES if s <= largest):
        trial = layout(data, short, width, inline)
        if trial.bounds.h <= max_height and trial.bounds.w <= width + short * 2:
            return trial
    return chosen


def last_played(log: Sequence[str], tiles: Sequence[Laid]) -> tuple[int, int] | None:
    """The most recent tile the log mentions that lies in the line (marked so players see the last move)."""
    present = {(max(t.first, t.second), min(t.first, t.second)) for t in tiles}
    for text in reversed(log):
        for match in reversed(list(_TILE_TOKEN.finditer(str(text)))):
            a, b = int(match.group(1)), int(match.group(2))
            pair = (max(a, b), min(a, b))
            if pair in present:
                return pair
    return None


def draw_line(canvas: Image.Image, plan: LineLayout, left: float, top: float, recent: tuple[int, int] | None,
              values: Mapping[str, int] | None = None) -> None:
    """Draw ``plan`` with its bounds' top-left corner at (``left``, ``top``); ``recent`` is framed in gold;
    ``values``: each open arm's value, written in its empty slot when the slot is big enough to read."""
    ox, oy = left - plan.bounds.x, top - plan.bounds.y
    draw = ImageDraw.Draw(canvas)
    for arm, box in plan.slots:
        value = (values or {}).get(arm)
        _slot(draw, None if value is None else str(value), Box(box.x + ox, box.y + oy, box.w, box.h), plan.short)
    for laid in plan.tiles:
        pair = (max(laid.first, laid.second), min(laid.first, laid.second))
        mark = ACCENT if pair == recent else None
        image = tile_image(laid.first, laid.second, plan.short, laid.upright, mark)
        paste_tile(canvas, image, laid.box.x + ox, laid.box.y + oy)


def _slot(draw: ImageDraw.ImageDraw, value: str | None, box: Box, short: int) -> None:
    """The empty place beyond an open end, with the end's value in it when it fits at a readable size (the key
    numbers over the line always say it)."""
    pill(draw, (box.x, box.y, box.right, box.bottom), FELT_DARK, SLOT, radius=max(3, short // 6))
    size = min(KEY, int(min(box.w, box.h) * 0.85))
    if value is not None and size >= SMALL:
        role = "key" if size >= KEY else "text"
        draw_text(draw, (box.x + box.w / 2, box.y + box.h / 2), value, size, SLOT, "mm", True, role)
