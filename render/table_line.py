"""The table image of a line game: header, name plates, the line of play on the felt, last move and prompt."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.canvas import draw_text
from render.line import LineData, draw_line, fitted_layout, last_played
from render.panels import Plate, base_plate, footer, header, new_strip, plates, stack
from render.theme import FELT, MARGIN, MAX_WIDTH, MUTED
from render.words import log_tiles

FELT_PAD = 14
MIN_WIDTH = 720
MAX_LINE_HEIGHT = 600


def line_table(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The shared table of a line game (``kind`` "line"), as seen by everyone."""
    data = LineData.of(view.get("line"))
    room = MAX_WIDTH - 2 * MARGIN - 2 * FELT_PAD
    plan = fitted_layout(data, room, MAX_LINE_HEIGHT, bool(view.get("doubles_inline")))
    width = int(min(MAX_WIDTH, max(MIN_WIDTH, plan.bounds.w + 2 * MARGIN + 2 * FELT_PAD)))
    seats = int(view.get("seats") or len(view.get("hand_counts") or []))
    strips = [
        header(width, title_line(view), line_facts(view)),
        plates(width, [line_plate(view, names, s) for s in range(seats)]),
        _felt(width, view, data, plan),
        footer(width, view, names),
    ]
    return stack(strips, width)


def line_plate(view: Mapping[str, Any], names: Sequence[str], seat: int) -> Plate:
    """A seat's plate at a line game: the common facts, plus an extra turn (Tiddle-a-Wink) or an open Muggins
    claim (MUG-7) for that seat."""
    plate = base_plate(view, names, seat)
    if plate.turn and view.get("extra_turn"):
        plate.tags.append("extra turn")
    claim = view.get("claim")
    if isinstance(claim, Mapping) and claim.get("seat") == seat:
        plate.tags.append(f"may claim {claim.get('points')}")
    return plate


def title_line(view: Mapping[str, Any]) -> str:
    """The game's title and the round number."""
    title = str(view.get("title") or view.get("game") or "Dominoes")
    number = view.get("round")
    return f"{title}  ·  Round {number}" if number else title


def line_facts(view: Mapping[str, Any]) -> str:
    """Target and boneyard, as short facts for the header."""
    facts = []
    if view.get("cross_phase"):
        facts.append("Cross phase")
    if view.get("count") is not None:
        facts.append(f"Ends count {view['count']}")
    if view.get("sum") is not None:
        facts.append(f"Ends must make {view['sum']}")
    if view.get("target") is not None:
        facts.append(f"Target {view['target']}")
    if view.get("boneyard") is not None:
        bone = f"Boneyard {view['boneyard']}"
        drawable = view.get("drawable")
        if drawable is not None and drawable != view["boneyard"]:
            bone += f" ({drawable} may be drawn)"
        facts.append(bone)
    return "  ·  ".join(facts)


def _felt(width: int, view: Mapping[str, Any], data: LineData, plan: Any) -> Image.Image:
    height = int(plan.bounds.h) + 2 * FELT_PAD if data.center is not None else 90
    image, draw = new_strip(width, height)
    draw.rounded_rectangle((MARGIN, 0, width - MARGIN, height - 1), radius=14, fill=FELT)
    if data.center is None:
        draw_text(draw, (width / 2, height / 2), "No tile has been played yet.", 17, MUTED, "mm")
        return image
    left = (width - plan.bounds.w) / 2
    draw_line(image, plan, left, FELT_PAD, last_played(log_tiles(view), plan.tiles))
    _spinner_ring(draw, data, plan, left)
    return image


def _spinner_ring(draw: ImageDraw.ImageDraw, data: LineData, plan: Any, left: float) -> None:
    """A faint ring under the spinner's corners so the four-way tile stands out."""
    if not data.spinner:
        return
    centre = plan.tiles[0].box
    x = left - plan.bounds.x + centre.x
    y = FELT_PAD - plan.bounds.y + centre.y
    draw.rounded_rectangle((x - 3, y - 3, x + centre.w + 3, y + centre.h + 3), radius=6, outline=(250, 196, 60),
                           width=2)
