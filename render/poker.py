"""Domino Poker: seats around the table with chips, bets, folds and (at showdown) the hands shown; the pot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.canvas import draw_text, fit, seat_names, with_names
from render.panels import Plate, draw_plate, footer, header, new_strip, stack
from render.ring import Ring
from render.theme import ACCENT, MARGIN, TEXT
from render.tiles import paste_tile, tile_back, tile_image

WIDTH = 800
PLATE_W, PLATE_H = 176, 54
TILE = 22
PHASES = {"bet": "Betting", "draw": "Drawing", "hand_over": "Hand over"}


def poker_table(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The table of Domino Poker (``kind`` "poker")."""
    seats = int(view.get("seats") or len(view.get("stacks") or []))
    everyone = seat_names(names, seats)
    ring = Ring(WIDTH - 2 * MARGIN, 460, seats)
    strip, draw = new_strip(WIDTH, int(ring.height))
    ring.draw_felt(draw, MARGIN, 0)
    for seat in range(seats):
        _seat(strip, draw, view, everyone, ring, seat)
    _centre(draw, view, everyone, ring)
    facts = [f"Dealer {everyone[view['dealer']]}" if isinstance(view.get("dealer"), int)
             and 0 <= view["dealer"] < seats else ""]
    if view.get("stock") is not None and view.get("draw"):
        facts.append(f"Stock {view['stock']}")
    number = view.get("round")
    title = str(view.get("title") or "Domino Poker")
    head = header(WIDTH, f"{title}  ·  Hand {number}" if number else title, "  ·  ".join(f for f in facts if f))
    return stack([head, strip, footer(WIDTH, view, everyone)], WIDTH)


def poker_plate(view: Mapping[str, Any], names: Sequence[str], seat: int) -> Plate:
    """A seat's plate: chips behind, this round's bet, dealer, folded or out of chips."""
    stacks, bets = chips(view), list(view.get("bets") or [])
    facts = [f"{stacks[seat]} chips"] if seat < len(stacks) else []
    if seat < len(bets) and bets[seat]:
        facts.append(f"bet {bets[seat]}")
    folded = seat in (view.get("folded") or [])
    out = seat in (view.get("out") or [])
    tags = [t for t, on in (("WINNER", seat in (view.get("winners") or [])), ("dealer", view.get("dealer") == seat),
                            ("folded", folded), ("out", out)) if on]
    turn = seat in (view.get("to_act") or []) and not view.get("over")
    return Plate(names[seat], "  ·  ".join(facts), tags, turn, None, dim=folded or out)


def chips(view: Mapping[str, Any]) -> list[Any]:
    """Each seat's chips: ``stacks`` (chips behind) while a hand is bet, the settled ``scores`` once it is over."""
    if view.get("phase") == "hand_over" or view.get("over"):
        return list(view.get("scores") or view.get("stacks") or [])
    return list(view.get("stacks") or [])


def _seat(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], names: Sequence[str], ring: Ring,
          seat: int) -> None:
    cx, cy = ring.plate_centre(seat, PLATE_W, PLATE_H)
    cx += MARGIN
    draw_plate(draw, poker_plate(view, names, seat), cx - PLATE_W / 2, cy - PLATE_H / 2, PLATE_W, PLATE_H)
    below = cy < ring.height * 0.7
    shown = (view.get("showdown") or {}).get(str(seat))
    count = (view.get("hand_counts") or [0] * (seat + 1))[seat] if seat < len(view.get("hand_counts") or []) else 0
    row_w = 5 * (TILE + 5) - 5
    top = cy + PLATE_H / 2 + 8 if below else cy - PLATE_H / 2 - 8 - TILE * 2
    left = cx - row_w / 2
    if shown:
        for index, text in enumerate(shown):
            high, _, low = str(text).partition("-")
            paste_tile(image, tile_image(int(high), int(low), TILE, True), left + index * (TILE + 5), top)
        words = str((view.get("showdown_hands") or {}).get(str(seat)) or "")
        if words:
            y = top + TILE * 2 + 12 if below else top - 12
            draw_text(draw, (cx, y), fit(words, 14, PLATE_W + 60), 14, ACCENT, "mm", True)
    elif seat not in (view.get("folded") or []) and seat not in (view.get("out") or []):
        for index in range(min(int(count), 5)):
            paste_tile(image, tile_back(TILE), left + index * (TILE + 5), top)


def _centre(draw: ImageDraw.ImageDraw, view: Mapping[str, Any], names: Sequence[str], ring: Ring) -> None:
    x, y = MARGIN + ring.width / 2, ring.height / 2
    lines: list[tuple[str, int, tuple[int, int, int]]] = []
    last = view.get("last_hand")
    if isinstance(last, Mapping) and isinstance(last.get("winner"), int) and 0 <= last["winner"] < len(names):
        lines.append((f"{names[last['winner']]} won {last.get('pot', '')}", 24, ACCENT))
        if last.get("hand"):
            lines.append((f"with {last['hand']}", 15, TEXT))
    else:
        phase = PHASES.get(str(view.get("phase")), str(view.get("phase") or "").capitalize())
        if view.get("phase") == "bet":
            phase += f"  ·  {view.get('raises', 0)} of 3 raises"
        lines += [(f"Pot {view.get('pot', 0)}", 26, ACCENT), (phase, 15, TEXT)]
    top = y - 18 * (len(lines) - 1)
    for text, size, colour in lines:
        draw_text(draw, (x, top), fit(with_names(text, names), size, ring.width * 0.5), size, colour, "mm", size > 15)
        top += size + 14
