"""One seat's hand: its tiles upright in a rack, the legal ones raised and framed, with what the table waits for."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.views import CommonView, GameView
from render.canvas import draw_text, pill, seat_names, with_names, wrap
from render.context import context_line
from render.hints import BADGE_ROOM, Hints, hints_of
from render.language import say
from render.panels import footer, header, new_strip, stack
from render.theme import ACCENT, BODY, FELT, MARGIN, MUTED, PLAYABLE, SMALL, TEXT, WIDTH
from render.tiles import paste_tile, tile_image

PAD = 16
GAP = 12
RAISE = 10
LABEL = 26
HAND_WIDTH = 500  # the least width of a hand: a short hand is drawn narrower, so it shows larger on a phone


def hand_image(view: GameView, names: Sequence[str]) -> Image.Image:
    """The hand of the seat the view belongs to; ``view["playable"]`` (tiles like "6-4") are framed in green."""
    if view["family"] == "bingo":
        from render.bingo import bingo_table

        return bingo_table(view, names)  # the one player's tiles are the row itself
    seat = view["seat"]
    tiles = view["hand"] or []
    short = 44 if len(tiles) <= 10 else 36 if len(tiles) <= 24 else 28
    per_row = max(1, int((WIDTH - 2 * MARGIN - 2 * PAD + GAP) // (short + GAP)))
    across = min(max(1, len(tiles)), per_row)
    width = int(min(WIDTH, max(HAND_WIDTH, across * (short + GAP) - GAP + 2 * MARGIN + 2 * PAD)))
    everyone = seat_names(names, max(view["seats"], (seat or 0) + 1))
    strips = [header(width, say("Your hand") if seat is not None else say("Spectator"),
                     _turn_words(view, everyone))]
    context = with_names(context_line(view), everyone)
    if context:
        strips.append(_note(width, context))
    playable = view.get("playable")
    if not playable and not _must_play_tiles(view):
        playable = None  # not a turn to lay tiles (someone else's, or bidding): show the hand plainly
    hints = hints_of(view)
    strips.append(_rack(width, tiles, playable, short, per_row, _chosen(view), hints))
    if hints.notes:
        strips.append(_notes(width, hints.notes))
    strips.append(footer(width, view, everyone))
    return stack(strips, width)


def _chosen(view: GameView) -> list[str]:
    """The tiles the seat has marked to exchange (poker) or chosen to pass (Black Tile)."""
    if view["family"] == "poker":
        return view["marked"]
    if view["family"] == "trick":
        return view.get("my_pass", [])
    return []


def _turn_words(view: CommonView, names: Sequence[str]) -> str:
    if view["over"]:
        return say("Game over")
    awaited = view["to_act"]
    if view["seat"] in awaited:
        return say("Your turn")
    waiting = ", ".join(names[s] for s in awaited if 0 <= s < len(names))
    return say("Waiting for {names}", names=waiting) if waiting else ""


def _must_play_tiles(view: GameView) -> bool:
    """True when the seat is awaited to lay a tile, so an empty ``playable`` means none fits (grey them all)."""
    if view["seat"] not in view["to_act"]:
        return False
    return view["family"] == "line" or (view["family"] == "trick" and view["phase"] == "play")


def _note(width: int, text: str) -> Image.Image:
    lines = wrap(text, BODY, width - 2 * MARGIN - 28, 4)
    image, draw = new_strip(width, 28 * len(lines))
    for index, line in enumerate(lines):
        draw_text(draw, (MARGIN + 14, 14 + 28 * index), line, BODY, TEXT, "lm")
    return image


def _notes(width: int, notes: Sequence[str]) -> Image.Image:
    """What the marks on the tiles mean, and what each scoring play would score, one short line each."""
    lines = [part for note in notes for part in wrap(note, SMALL, width - 2 * MARGIN - 28, 4)]
    image, draw = new_strip(width, 25 * len(lines) + 4)
    for index, line in enumerate(lines):
        draw_text(draw, (MARGIN + 14, 2 + 25 * index), line, SMALL, TEXT)
    return image


def _rack(width: int, tiles: Sequence[str], playable: Sequence[str] | None, short: int, per_row: int,
          chosen: Sequence[str], hints: Hints) -> Image.Image:
    """The tiles in rows on the felt; with a ``playable`` list the others are greyed; ``chosen`` tiles (to pass or
    exchange) are framed in gold."""
    rows = max(1, (len(tiles) + per_row - 1) // per_row)
    row_height = short * 2 + RAISE + LABEL + 6
    room = BADGE_ROOM if hints.badges else 0
    image, draw = new_strip(width, rows * row_height + PAD + room)
    pill(draw, (MARGIN, 0, width - MARGIN, image.height - 1), FELT, radius=14)
    if not tiles:
        draw_text(draw, (width / 2, image.height / 2), say("No tiles in hand."), BODY, MUTED, "mm")
        return image
    # ``playable`` names kinds of tile: when one copy of a tile may be played, so may its twin (Seventy-Nine deals
    # two of some tiles), however many times the list names it.
    marks = frozenset(playable) if playable is not None else None
    for index, text in enumerate(tiles):
        row, col = divmod(index, per_row)
        in_row = min(per_row, len(tiles) - row * per_row)
        left = (width - (in_row * (short + GAP) - GAP)) / 2
        x, y = left + col * (short + GAP), PAD / 2 + room + row * row_height + RAISE
        legal = marks is not None and text in marks
        high, _, low = text.partition("-")
        frame = PLAYABLE if legal else ACCENT if text in chosen else None
        face = tile_image(int(high), int(low), short, True, frame, marks is not None and not legal)
        paste_tile(image, face, x, y - (RAISE if legal else 0))
        draw_text(draw, (x + short / 2, y + short * 2 + 4), text, SMALL, PLAYABLE if legal else TEXT, "ma", legal)
        badge = hints.badges.get(text)
        if badge is not None:
            hints.draw_badge(draw, badge, x + short, y - (RAISE if legal else 0))
    return image
