"""Domino Poker: seats around the table with chips, bets, folds and (at showdown) the hands shown; the pot."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.views import PokerView
from render.canvas import draw_text, fit, seat_names, with_names
from render.panels import Plate, draw_plate, footer, header, new_strip, stack, title_line
from render.ring import Ring
from render.theme import ACCENT, MARGIN, TEXT
from render.tiles import paste_tile, tile_back, tile_image

WIDTH = 800
PLATE_W, PLATE_H = 176, 54
TILE = 22
PHASES = {"bet": "Betting", "draw": "Drawing", "hand_over": "Hand over"}


def poker_table(view: PokerView, names: Sequence[str]) -> Image.Image:
    """The table of Domino Poker (family "poker")."""
    seats = view["seats"]
    everyone = seat_names(names, seats)
    ring = Ring(WIDTH - 2 * MARGIN, 460, seats)
    strip, draw = new_strip(WIDTH, int(ring.height))
    ring.draw_felt(draw, MARGIN, 0)
    for seat in range(seats):
        _seat(strip, draw, view, everyone, ring, seat)
    _centre(draw, view, everyone, ring)
    facts = [f"Dealer {everyone[view['dealer']]}" if 0 <= view["dealer"] < seats else ""]
    if view["draw"]:
        facts.append(f"Stock {view['stock']}")
    head = header(WIDTH, title_line(view, "Hand"), "  ·  ".join(f for f in facts if f))
    return stack([head, strip, footer(WIDTH, view, everyone)], WIDTH)


def poker_plate(view: PokerView, names: Sequence[str], seat: int) -> Plate:
    """A seat's plate: chips behind, this round's bet, dealer, folded or out of chips."""
    stacks, bets = chips(view), view["bets"]
    facts = [f"{stacks[seat]} chips"] if seat < len(stacks) else []
    if seat < len(bets) and bets[seat]:
        facts.append(f"bet {bets[seat]}")
    folded = seat in view["folded"]
    out = seat in view["out"]
    tags = [t for t, on in (("WINNER", seat in view["winners"]), ("dealer", view["dealer"] == seat),
                            ("folded", folded), ("out", out)) if on]
    turn = seat in view["to_act"] and not view["over"]
    return Plate(names[seat], "  ·  ".join(facts), tags, turn, None, dim=folded or out)


def chips(view: PokerView) -> list[int]:
    """Each seat's chips: ``stacks`` (chips behind) while a hand is bet, the settled ``scores`` once it is over."""
    if view["phase"] == "hand_over" or view["over"]:
        return view["scores"]
    return view["stacks"]


def _seat(image: Image.Image, draw: ImageDraw.ImageDraw, view: PokerView, names: Sequence[str], ring: Ring,
          seat: int) -> None:
    cx, cy = ring.plate_centre(seat, PLATE_W, PLATE_H)
    cx += MARGIN
    draw_plate(draw, poker_plate(view, names, seat), cx - PLATE_W / 2, cy - PLATE_H / 2, PLATE_W, PLATE_H)
    below = cy < ring.height * 0.7
    shown = view["showdown"].get(str(seat))
    counts = view["hand_counts"]
    count = counts[seat] if seat < len(counts) else 0
    row_w = 5 * (TILE + 5) - 5
    top = cy + PLATE_H / 2 + 8 if below else cy - PLATE_H / 2 - 8 - TILE * 2
    left = cx - row_w / 2
    if shown:
        for index, text in enumerate(shown):
            high, _, low = text.partition("-")
            paste_tile(image, tile_image(int(high), int(low), TILE, True), left + index * (TILE + 5), top)
        words = view["showdown_hands"].get(str(seat), "")
        if words:
            y = top + TILE * 2 + 12 if below else top - 12
            draw_text(draw, (cx, y), fit(words, 14, PLATE_W + 60), 14, ACCENT, "mm", True)
    elif seat not in view["folded"] and seat not in view["out"]:
        for index in range(min(count, 5)):
            paste_tile(image, tile_back(TILE), left + index * (TILE + 5), top)


def _centre(draw: ImageDraw.ImageDraw, view: PokerView, names: Sequence[str], ring: Ring) -> None:
    x, y = MARGIN + ring.width / 2, ring.height / 2
    lines: list[tuple[str, int, tuple[int, int, int]]] = []
    last = view["last_hand"]
    if last is not None and 0 <= last["winner"] < len(names):
        lines.append((f"{names[last['winner']]} won {last['pot']}", 24, ACCENT))
        if last["hand"]:
            lines.append((f"with {last['hand']}", 15, TEXT))
    else:
        phase = PHASES.get(view["phase"], view["phase"].capitalize())
        if view["phase"] == "bet":
            phase += f"  ·  {view['raises']} of 3 raises"
        lines += [(f"Pot {view['pot']}", 26, ACCENT), (phase, 15, TEXT)]
    top = y - 18 * (len(lines) - 1)
    for text, size, colour in lines:
        draw_text(draw, (x, top), fit(with_names(text, names), size, ring.width * 0.5), size, colour, "mm", size > 15)
        top += size + 14
