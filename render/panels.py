"""Building blocks of every table image: the header, the players' name plates, the footer, and stacking them.

Each block is drawn on its own strip of the image's full width, then :func:`stack` puts the strips together, so
any kind of game composes the same pieces around its own middle part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from engine.views import CommonView
from render.canvas import draw_text, fit, pill, seat_names, text_width, turn_marker, with_names, wrap
from render.theme import (
    ACCENT,
    BACKGROUND,
    GOOD,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    RGB,
    TEXT,
    TURN,
    TURN_TEXT,
    team_colour,
)

PLATE_HEIGHT = 54


@dataclass
class Plate:
    """One seat's name plate: name, a line of facts (tiles, score), small tags, whether it is that seat's turn,
    a team colour, and ``dim`` for a seat out of the hand."""

    name: str
    facts: str
    tags: list[str] = field(default_factory=list)
    turn: bool = False
    colour: RGB | None = None
    dim: bool = False


def new_strip(width: int, height: int, colour: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank strip of the image and a pen for it."""
    image = Image.new("RGB", (width, max(1, height)), colour)
    return image, ImageDraw.Draw(image)


def stack(strips: Sequence[Image.Image], width: int, gap: int = 8) -> Image.Image:
    """The strips one under another, with ``gap`` pixels between and a margin around."""
    height = sum(s.height for s in strips) + gap * (len(strips) - 1) + MARGIN * 2
    out = Image.new("RGB", (width, height), BACKGROUND)
    y = MARGIN
    for strip in strips:
        out.paste(strip, (0, y))
        y += strip.height + gap
    return out


def header(width: int, title: str, right: str) -> Image.Image:
    """The title bar: the game and round on the left, short facts (target, boneyard) on the right."""
    image, draw = new_strip(width, 40)
    pill(draw, (MARGIN, 0, width - MARGIN, 39), PANEL, radius=10)
    right = fit(right, 16, width * 0.55)
    draw_text(draw, (width - MARGIN - 14, 20), right, 16, MUTED, "rm")
    left_room = width - 2 * MARGIN - 40 - text_width(right, 16)
    draw_text(draw, (MARGIN + 14, 20), fit(title, 20, max(80.0, left_room)), 20, TEXT, "lm", bold=True)
    return image


def plates(width: int, items: Sequence[Plate], columns: int | None = None) -> Image.Image:
    """Name plates in a grid (up to five a row); the seat to act is gold with a marker."""
    count = max(1, len(items))
    cols = columns or (count if count <= 4 else 3 if count <= 6 else 5)
    rows = (count + cols - 1) // cols
    gap = 8
    plate_w = (width - 2 * MARGIN - gap * (cols - 1)) / cols
    image, draw = new_strip(width, rows * PLATE_HEIGHT + (rows - 1) * gap)
    for index, item in enumerate(items):
        x = MARGIN + (index % cols) * (plate_w + gap)
        y = (index // cols) * (PLATE_HEIGHT + gap)
        draw_plate(draw, item, x, y, plate_w, PLATE_HEIGHT)
    return image


def draw_plate(draw: ImageDraw.ImageDraw, item: Plate, x: float, y: float, w: float, h: float) -> None:
    """One name plate at (``x``, ``y``): the name on top, facts below with tags on the right."""
    fill = TURN if item.turn else PANEL_LIGHT
    ink = TURN_TEXT if item.turn else (MUTED if item.dim else TEXT)
    pill(draw, (x, y, x + w, y + h), fill, radius=9)
    left = x + 12
    if item.colour is not None:
        draw.rounded_rectangle((x + 4, y + 6, x + 9, y + h - 6), radius=2, fill=item.colour)
        left += 4
    name_left = left
    if item.turn:
        turn_marker(draw, left + 9, y + 17, 7, TURN_TEXT)
        name_left += 14
    draw_text(draw, (name_left, y + 17), fit(item.name, 17, x + w - name_left - 8), 17, ink, "lm", bold=True)
    tags = "  ".join(item.tags)
    tag_room = min(w * 0.5, text_width(tags, 13) + 4) if tags else 0
    if tags:
        draw_text(draw, (x + w - 9, y + 39), fit(tags, 13, tag_room), 13, TURN_TEXT if item.turn else ACCENT, "rm",
                  bold=True)
    facts_ink = TURN_TEXT if item.turn else MUTED
    draw_text(draw, (left, y + 39), fit(item.facts, 14, x + w - left - tag_room - 14), 14, facts_ink, "lm")


def footer(width: int, view: CommonView, names: Sequence[str]) -> Image.Image:
    """The last move in words and the prompt (what the table waits for)."""
    log = view["log"]
    last = with_names(log[-1], names) if log else ""
    prompt = with_names(view["prompt"], names)
    room = width - 2 * MARGIN - 28
    last_lines = wrap(last, 15, room, 2) if last else []
    prompt_lines = wrap(prompt, 17, room, 2) if prompt else []
    height = 16 + 20 * len(last_lines) + 24 * len(prompt_lines)
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)
    y = 10.0
    for line in last_lines:
        draw_text(draw, (MARGIN + 14, y), line, 15, MUTED)
        y += 20
    over = view["over"]
    for line in prompt_lines:
        draw_text(draw, (MARGIN + 14, y + 1), line, 17, GOOD if over else TEXT, bold=True)
        y += 24
    return image


def side_of(view: CommonView, seat: int) -> int:
    """The scoring side (team) ``seat`` belongs to (its own seat when no side lists it)."""
    for index, side in enumerate(view["sides"]):
        if seat in side:
            return index
    return seat


def has_teams(view: CommonView) -> bool:
    """True when some side holds more than one seat (partnership games)."""
    return any(len(side) > 1 for side in view["sides"])


def side_score(view: CommonView, seat: int) -> int | None:
    """The score of ``seat``'s side, if the view has one."""
    scores = view["scores"]
    side = side_of(view, seat)
    return scores[side] if 0 <= side < len(scores) else None


def base_plate(view: CommonView, names: Sequence[str], seat: int) -> Plate:
    """The name plate every game starts from: name, tiles in hand, score, turn, team colour, winner tag."""
    counts = view["hand_counts"]
    facts = []
    if seat < len(counts):
        facts.append(f"{counts[seat]} tile" + ("" if counts[seat] == 1 else "s"))
    score = side_score(view, seat)
    if score is not None:
        facts.append(f"{score} pts" + (" (team)" if has_teams(view) else ""))
    tags = ["WINNER"] if seat in view["winners"] else []
    colour = team_colour(side_of(view, seat)) if has_teams(view) else None
    turn = seat in view["to_act"] and not view["over"]
    return Plate(seat_names(names, view["seats"])[seat], "  ·  ".join(facts), tags, turn, colour)


def title_line(view: CommonView, hand: str = "Round") -> str:
    """The game's title and the round (or ``hand``) number."""
    number = view["round"]
    return f"{view['title']}  ·  {hand} {number}" if number else view["title"]


def events(width: int, log: Sequence[str], names: Sequence[str], title: str) -> Image.Image:
    """The recent events, oldest first, newest brightest."""
    room = width - 2 * MARGIN - 30
    lines: list[tuple[str, bool]] = []
    for index, text in enumerate(log):
        for line in wrap(with_names(text, names), 15, room, 2):
            lines.append((line, index == len(log) - 1))
    height = 40 + 21 * max(1, len(lines))
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)
    draw_text(draw, (MARGIN + 14, 10), title, 14, MUTED)
    if not lines:
        draw_text(draw, (MARGIN + 14, 34), "Nothing has happened yet.", 15, MUTED)
    for index, (line, newest) in enumerate(lines):
        draw_text(draw, (MARGIN + 14, 32 + 21 * index), line, 15, TEXT if newest else MUTED)
    return image
