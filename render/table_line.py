"""The table image of a line game: header, name plates, the line of play on the felt, last move and prompt."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.views import LineView
from render.canvas import draw_text
from render.geometry import LineLayout
from render.line import LineData, draw_line, fitted_layout, last_played
from render.panels import Plate, base_plate, footer, header, new_strip, plates, stack, title_line
from render.theme import FELT, MARGIN, MAX_WIDTH, MUTED

FELT_PAD = 14
MIN_WIDTH = 720
MAX_LINE_HEIGHT = 600


def line_table(view: LineView, names: Sequence[str]) -> Image.Image:
    """The shared table of a line game (family "line"), as seen by everyone."""
    data = LineData.of(view["line"])
    room = MAX_WIDTH - 2 * MARGIN - 2 * FELT_PAD
    plan = fitted_layout(data, room, MAX_LINE_HEIGHT, view["doubles_inline"])
    width = int(min(MAX_WIDTH, max(MIN_WIDTH, plan.bounds.w + 2 * MARGIN + 2 * FELT_PAD)))
    strips = [
        header(width, title_line(view), line_facts(view)),
        plates(width, [line_plate(view, names, s) for s in range(view["seats"])]),
        _felt(width, view, data, plan),
        footer(width, view, names),
    ]
    return stack(strips, width)


def line_plate(view: LineView, names: Sequence[str], seat: int) -> Plate:
    """A seat's plate at a line game: the common facts, plus an extra turn (Tiddle-a-Wink) or an open Muggins
    claim (MUG-7) for that seat."""
    plate = base_plate(view, names, seat)
    if plate.turn and view.get("extra_turn"):
        plate.tags.append("extra turn")
    claim = view.get("claim")
    if claim is not None and claim["seat"] == seat:
        plate.tags.append(f"may claim {claim['points']}")
    return plate


def line_facts(view: LineView) -> str:
    """The count or sum the ends make (Muggins, Matador), the target and the boneyard, as short facts."""
    facts = []
    if view.get("cross_phase"):
        facts.append("Cross phase")
    count = view.get("count")
    if count is not None:
        facts.append(f"Ends count {count}")
    total = view.get("sum")
    if total is not None:
        facts.append(f"Ends must make {total}")
    facts.append(f"Target {view['target']}")
    bone = f"Boneyard {view['boneyard']}"
    if view["drawable"] != view["boneyard"]:
        bone += f" ({view['drawable']} may be drawn)"
    facts.append(bone)
    return "  ·  ".join(facts)


def _felt(width: int, view: LineView, data: LineData, plan: LineLayout) -> Image.Image:
    height = int(plan.bounds.h) + 2 * FELT_PAD if data.center is not None else 90
    image, draw = new_strip(width, height)
    draw.rounded_rectangle((MARGIN, 0, width - MARGIN, height - 1), radius=14, fill=FELT)
    if data.center is None:
        draw_text(draw, (width / 2, height / 2), "No tile has been played yet.", 17, MUTED, "mm")
        return image
    left = (width - plan.bounds.w) / 2
    draw_line(image, plan, left, FELT_PAD, last_played(view["log"], plan.tiles))
    _spinner_ring(draw, data, plan, left)
    return image


def _spinner_ring(draw: ImageDraw.ImageDraw, data: LineData, plan: LineLayout, left: float) -> None:
    """A faint ring under the spinner's corners so the four-way tile stands out."""
    if not data.spinner:
        return
    centre = plan.tiles[0].box
    x = left - plan.bounds.x + centre.x
    y = FELT_PAD - plan.bounds.y + centre.y
    draw.rounded_rectangle((x - 3, y - 3, x + centre.w + 3, y + centre.h + 3), radius=6, outline=(250, 196, 60),
                           width=2)
