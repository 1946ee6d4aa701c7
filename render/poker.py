"""Domino Poker: seats around the table with chips, bets, folds and (at showdown) the hands shown; the pot."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.tiles import tiles_from
from engine.views import PokerView
from render.canvas import draw_text, facts_line, fit, seat_names, with_names, wrap
from render.event_words import poker_category_words, poker_hand_words
from render.geometry import Box
from render.language import _, say, say_n
from render.panels import Plate, draw_plate, footer, header, new_strip, stack, title_line
from render.ring import Ring
from render.table_line import CHIP_GAP, CHIP_H, Chip, chip_rows, draw_chips
from render.theme import ACCENT, MARGIN, SMALL, WIDTH
from render.tiles import paste_tile, tile_back, tile_image
from render.words import Narrator

PLATE_W, PLATE_H = 210, 106  # room for a long name and the facts on two lines each
RING_H = 590  # the felt: tall enough for two-line plates, tile rows and their hands in words around the pot
TILE = 22
ROW_W = 5 * (TILE + 5) - 5
PHASES = {"bet": _("betting"), "draw": _("drawing"), "hand_over": _("hand over")}


def poker_table(view: PokerView, names: Sequence[str]) -> Image.Image:
    """The table of Domino Poker (family "poker")."""
    seats = view["seats"]
    everyone = seat_names(names, seats)
    ring = Ring(WIDTH - 2 * MARGIN, RING_H, seats)
    strip, draw = new_strip(WIDTH, int(ring.height))
    ring.draw_felt(draw, MARGIN, 0)
    for seat in range(seats):
        _seat(strip, draw, view, everyone, ring, seat)
    _centre(draw, view, everyone, ring)
    facts = [say("Dealer {name}", name=everyone[view["dealer"]]) if 0 <= view["dealer"] < seats else ""]
    if view["draw"]:
        facts.append(say("Stock {count}", count=view["stock"]))
    head = header(WIDTH, title_line(view, _("Hand")), "  ·  ".join(f for f in facts if f))
    return stack([head, strip, footer(WIDTH, view, everyone)], WIDTH)


def poker_boxes(ring: Ring) -> list[tuple[Box, Box]]:
    """Each seat's name plate and its row of five tiles: under the plate in the upper part of the table, over it
    in the lower part."""
    out = []
    for seat in range(ring.seats):
        cx, cy = ring.plate_centre(seat, PLATE_W, PLATE_H)
        below = cy < ring.height * 0.7
        top = cy + PLATE_H / 2 + 8 if below else cy - PLATE_H / 2 - 8 - TILE * 2
        out.append((Box(cx - PLATE_W / 2, cy - PLATE_H / 2, PLATE_W, PLATE_H), Box(cx - ROW_W / 2, top, ROW_W,
                                                                                      TILE * 2)))
    return out


def poker_plate(view: PokerView, names: Sequence[str], seat: int) -> Plate:
    """A seat's plate: chips behind, this round's bet, dealer, folded or out of chips."""
    stacks, bets = chips(view), view["bets"]
    facts = [say("{count} chips", count=stacks[seat])] if seat < len(stacks) else []
    if seat < len(bets) and bets[seat]:
        facts.append(say("bet {amount}", amount=bets[seat]))
    folded = seat in view["folded"]
    out = seat in view["out"]
    tags = [say(t) for t, on in ((_("WINNER"), seat in view["winners"]), (_("folded"), folded), (_("out"), out)) if on]
    turn = seat in view["to_act"] and not view["over"]
    return Plate(names[seat], "  ·  ".join(facts), tags, turn, None, dim=folded or out, facts_size=SMALL)


def chips(view: PokerView) -> list[int]:
    """Each seat's chips: ``stacks`` (chips behind) while a hand is bet, the settled ``scores`` once it is over."""
    if view["phase"] == "hand_over" or view["over"]:
        return view["scores"]
    return view["stacks"]


def _seat(image: Image.Image, draw: ImageDraw.ImageDraw, view: PokerView, names: Sequence[str], ring: Ring,
          seat: int) -> None:
    plate, row = poker_boxes(ring)[seat]
    draw_plate(draw, poker_plate(view, names, seat), plate.x + MARGIN, plate.y, PLATE_W, PLATE_H)
    shown = view["showdown"].get(str(seat))
    counts = view["hand_counts"]
    count = counts[seat] if seat < len(counts) else 0
    left, top = row.x + MARGIN, row.y
    if shown:
        for index, text in enumerate(shown):
            high, _, low = text.partition("-")
            paste_tile(image, tile_image(int(high), int(low), TILE, True), left + index * (TILE + 5), top)
        words = _hand_words(view["showdown_hands"].get(str(seat), ""), shown)
        if words:
            below = row.y > plate.y
            centred = ring.width * 0.25 < plate.x + plate.w / 2 < ring.width * 0.75  # at the top or the bottom
            room = ring.width - 2 * MARGIN - 40 if centred else PLATE_W + 40
            lines = wrap(words, SMALL, room, 3, bold=True)  # one line where it fits, more away from the tiles
            for index, line in enumerate(lines):
                y = top + TILE * 2 + 14 + 20 * index if below else top - 14 - 20 * (len(lines) - 1 - index)
                draw_text(draw, (left + ROW_W / 2, y), line, SMALL, ACCENT, "mm", True)
    elif seat not in view["folded"] and seat not in view["out"]:
        for index in range(min(count, 5)):
            paste_tile(image, tile_back(TILE), left + index * (TILE + 5), top)


def to_call(view: PokerView) -> int:
    """The chips the seat to act must add to call: the highest bet less its own, at most what it has behind."""
    if view["phase"] != "bet" or not view["to_act"] or view["over"]:
        return 0
    seat = view["to_act"][0]
    bets, stacks = view["bets"], view["stacks"]
    if not 0 <= seat < min(len(bets), len(stacks)):
        return 0
    return max(0, min(max(bets) - bets[seat], stacks[seat]))


def _centre(draw: ImageDraw.ImageDraw, view: PokerView, names: Sequence[str], ring: Ring) -> None:
    """The key numbers in the middle of the table: the pot and the amount to call (or who won the last pot)."""
    x, y = MARGIN + ring.width / 2, ring.height / 2
    last = view["last_hand"]
    if last is not None and 0 <= last["winner"] < len(names):
        winner = fit(names[last["winner"]], SMALL, 200)
        chips = [Chip(say_n(1, "{name} won", "{names} won", name=winner, names=winner), str(last["pot"]), ACCENT)]
        winning = view["showdown"].get(str(last["winner"])) or []
        words = say("with {hand}", hand=_hand_words(last["hand"], winning)) if last["hand"] else ""
    else:
        chips = [Chip(say("pot"), str(view["pot"]), ACCENT)]
        owed = to_call(view)
        if owed:
            chips.append(Chip(say("to call"), str(owed)))
        words = say(PHASES.get(view["phase"], view["phase"]))
        if view["phase"] == "bet":
            words += "  ·  " + say("{count} of 3 raises", count=view["raises"])
    room = ring.width - 2 * (PLATE_W + 24)  # between the plates at the left and right
    rows = chip_rows(chips, room)
    width = sum(c.width for c in rows[0]) + 8 * (len(rows[0]) - 1)
    draw_chips(draw, rows, x - width / 2, y - 56)
    below = y - 56 + len(rows) * (CHIP_H + CHIP_GAP) + 16  # under the last row of chips
    for index, line in enumerate(wrap(facts_line(with_names(words, names)), SMALL, room, 4, bold=True)):
        draw_text(draw, (x, below + 24 * index), line, SMALL, ACCENT, "mm", True)


def _hand_words(category: str, tiles: list[str]) -> str:
    """A poker hand in words, in the language being drawn in: said from its five tiles
    (render.event_words.poker_hand_words), else its ``category`` (a view's ``Category.key``)."""
    if len(tiles) != 5:
        return poker_category_words(Narrator("poker"), category)
    return poker_hand_words(Narrator("poker"), tiles_from(tiles))
