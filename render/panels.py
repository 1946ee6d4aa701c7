"""Building blocks of every table image: the header, the players' name plates, the footer, and stacking them.

Each block is drawn on its own strip of the image's full width, then :func:`stack` puts the strips together, so
any kind of game composes the same pieces around its own middle part.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from engine.views import CommonView
from render.canvas import (
    FACT_GAP,
    SHOWN_GAP,
    draw_text,
    facts_line,
    fit,
    pack,
    pill,
    seat_names,
    text_width,
    turn_marker,
    wrap,
)
from render.language import say, say_n
from render.theme import (
    ACCENT,
    BACKGROUND,
    BODY,
    GOOD,
    MARGIN,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    RGB,
    SMALL,
    TEXT,
    TITLE,
    TURN,
    TURN_TEXT,
    team_colour,
)
from render.words import Narrator, prompt_line

PLATE_HEIGHT = 58


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
    #: The size of the facts and tags: the body size, as they are what a player looks up on a plate (at the least
    #: size a phone shows 11 px, read as "Stiles" and "Opts"); the least size in a plate of a fixed height.
    facts_size: int = BODY


def new_strip(width: int, height: int, colour: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A blank strip of the image and a pen for it."""
    image = Image.new("RGB", (width, max(1, height)), colour)
    return image, ImageDraw.Draw(image)


def stack(strips: Sequence[Image.Image], width: int, gap: int = 6) -> Image.Image:
    """The strips one under another, with ``gap`` pixels between and a margin around."""
    height = sum(s.height for s in strips) + gap * (len(strips) - 1) + MARGIN * 2
    out = Image.new("RGB", (width, height), BACKGROUND)
    y = MARGIN
    for strip in strips:
        out.paste(strip, (0, y))
        y += strip.height + gap
    return out


def header(width: int, title: str, right: str) -> Image.Image:
    """The title bar: the game and round on the left, short facts (target, boneyard) on the right, or on lines of
    their own when both do not fit (a long title takes two lines, broken at its middle dot first)."""
    room = width - 2 * MARGIN - 28
    right = facts_line(right)
    one_line = text_width(title, TITLE, bold=True) + text_width(right, SMALL) + 24 <= room
    titles = [title] if text_width(title, TITLE, bold=True) <= room else pack(title.split(FACT_GAP), TITLE, room, True)
    facts = [] if one_line or not right else pack(right.split(SHOWN_GAP), SMALL, room)
    height = 46 + 32 * (len(titles) - 1) + (30 * len(facts) if facts else 0)
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)
    for index, line in enumerate(titles):
        draw_text(draw, (MARGIN + 14, 23 + 32 * index), fit(line, TITLE, room, bold=True), TITLE, TEXT, "lm",
                  bold=True)
    if one_line:
        draw_text(draw, (width - MARGIN - 14, 23), right, SMALL, MUTED, "rm")
    for index, line in enumerate(facts):
        draw_text(draw, (MARGIN + 14, 56 + 32 * (len(titles) - 1) + 30 * index), line, SMALL, MUTED, "lm")
    return image


def plate_columns(count: int) -> int:
    """Name plates a row holds at the phone-first width: up to three, two for four seats (two rows of two)."""
    return count if count <= 3 else 2 if count == 4 else 3


def plates(width: int, items: Sequence[Plate], columns: int | None = None) -> Image.Image:
    """Name plates in a grid; the seat to act is gold with a marker. Every plate of a row is as tall as the one
    that needs most lines (a long name on two lines, facts on two)."""
    count = max(1, len(items))
    cols = columns or plate_columns(count)
    rows = (count + cols - 1) // cols
    gap = 8
    plate_w = (width - 2 * MARGIN - gap * (cols - 1)) / cols
    heights = [max(plate_height(item, plate_w) for item in items[row * cols:(row + 1) * cols]) for row in range(rows)]
    image, draw = new_strip(width, sum(heights) + (rows - 1) * gap)
    for index, item in enumerate(items):
        x = MARGIN + (index % cols) * (plate_w + gap)
        y = sum(heights[: index // cols]) + (index // cols) * gap
        draw_plate(draw, item, x, y, plate_w, heights[index // cols])
    return image


@dataclass(frozen=True)
class PlateLines:
    """How a plate's words are laid out in its width: the name's lines and size, the facts' lines, and where the
    tags go (``"facts"``: right of the last facts line, ``"name"``: right of the name, ``"own"``: a line of their
    own)."""

    name: list[str]
    name_size: int
    facts: list[str]
    tags: str
    tags_at: str
    facts_size: int = BODY

    @property
    def facts_step(self) -> int:
        """The step between two lines of facts."""
        return self.facts_size + 4

    @property
    def height(self) -> int:
        """The plate height these lines need."""
        own = 1 if self.tags and self.tags_at == "own" else 0
        return 14 + (self.name_size + 6) * len(self.name) + self.facts_step * (len(self.facts) + own)


def plate_lines(item: Plate, w: float, most: float | None = None) -> PlateLines:
    """Lay out a plate's words by measuring them: the name at the body size, else smaller, else on two lines; the
    facts on one line, else packed onto more at their separators; a number or fact is never cut. In a plate at
    most ``most`` pixels tall (a seat around a felt), a name that would not leave room for the facts is shortened
    instead."""
    room = w - 18 - (5 if item.colour is not None else 0)
    name_room = room - (14 if item.turn else 0)
    name, size = [item.name], BODY
    if text_width(item.name, BODY, bold=True) > name_room:
        size = SMALL
        if text_width(item.name, SMALL, bold=True) > name_room:
            name = wrap(item.name, SMALL, name_room, 3, bold=True)
    facts = pack(item.facts.split(FACT_GAP), item.facts_size, room) if item.facts else []
    found = _place_tags(item, name, size, facts, room)
    if most is not None and found.height > most and len(name) > 1:
        found = _place_tags(item, [fit(item.name, SMALL, name_room, bold=True)], SMALL, facts, room)
    return found


def _place_tags(item: Plate, name: list[str], size: int, facts: list[str], room: float) -> PlateLines:
    """Where a plate's tags go: after the facts, else after the name, else on a line of their own."""
    name_room = room - (14 if item.turn else 0)
    tags = "  ".join(item.tags)
    small = item.facts_size
    tag_w = text_width(tags, small, bold=True) + 10 if tags else 0.0
    if not tags:
        return PlateLines(name, size, facts, "", "", small)
    if not facts or text_width(facts[-1], small) + tag_w <= room:
        return PlateLines(name, size, facts or [""], tags, "facts", small)
    if len(name) == 1 and text_width(name[0], size, bold=True) + tag_w <= name_room:
        return PlateLines(name, size, facts, tags, "name", small)
    return PlateLines(name, size, facts, tags, "own", small)


def plate_height(item: Plate, w: float) -> int:
    """The height a plate ``w`` pixels wide needs for its words (at least the usual :data:`PLATE_HEIGHT`)."""
    return max(PLATE_HEIGHT, plate_lines(item, w).height)


def draw_plate(draw: ImageDraw.ImageDraw, item: Plate, x: float, y: float, w: float, h: float) -> None:
    """One name plate at (``x``, ``y``): the name on top, facts below with tags on the right (see
    :func:`plate_lines`); the lines are centred in the plate's height."""
    fill = TURN if item.turn else PANEL_LIGHT
    ink = TURN_TEXT if item.turn else (MUTED if item.dim else TEXT)
    pill(draw, (x, y, x + w, y + h), fill, radius=9)
    left = x + 10
    if item.colour is not None:
        pill(draw, (x + 4, y + 6, x + 9, y + h - 6), item.colour, radius=2)
        left += 5
    lines = plate_lines(item, w, h)
    top = y + (h - lines.height) / 2 + 7
    name_left = left
    step = lines.name_size + 6
    if item.turn:
        turn_marker(draw, left + 9, top + step / 2, 7, TURN_TEXT)
        name_left += 14
    tag_ink = TURN_TEXT if item.turn else ACCENT
    for index, line in enumerate(lines.name):
        draw_text(draw, (name_left, top + step * (index + 0.5)), line, lines.name_size, ink, "lm", bold=True)
    if lines.tags_at == "name":
        draw_text(draw, (x + w - 8, top + step / 2), lines.tags, lines.facts_size, tag_ink, "rm", bold=True)
    top += step * len(lines.name)
    facts_ink = TURN_TEXT if item.turn else MUTED
    size, line_step = lines.facts_size, lines.facts_step
    for index, line in enumerate(lines.facts):
        draw_text(draw, (left, top + line_step * (index + 0.5)), line, size, facts_ink, "lm")
    if lines.tags_at in ("facts", "own"):
        below = len(lines.facts) - (0.5 if lines.tags_at == "facts" else -0.5)
        draw_text(draw, (x + w - 8, top + line_step * below), lines.tags, size, tag_ink, "rm", bold=True)


def footer(width: int, view: CommonView, names: Sequence[str]) -> Image.Image:
    """The last move in words and the prompt (what the table waits for)."""
    shown = seat_names(names, max(len(names), view["seats"]))  # the names the font can draw
    last = Narrator.of_view(view, shown).event(view["log"][-1]) if view["log"] else ""  # the last move only
    prompt = prompt_line(view, shown)
    room = width - 2 * MARGIN - 28
    last_lines = wrap(last, SMALL, room, 3) if last else []
    prompt_lines = wrap(prompt, BODY, room, 4, bold=True) if prompt else []
    height = 16 + 24 * len(last_lines) + 27 * len(prompt_lines)
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)
    y = 9.0
    for line in last_lines:
        draw_text(draw, (MARGIN + 14, y), line, SMALL, MUTED)
        y += 24
    over = view["over"]
    for line in prompt_lines:
        draw_text(draw, (MARGIN + 14, y + 1), line, BODY, GOOD if over else TEXT, bold=True)
        y += 27
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
        facts.append(say_n(counts[seat], "{count} tile", "{count} tiles"))
    score = side_score(view, seat)
    if score is not None:
        facts.append(say("{score} pts (team)", score=score) if has_teams(view) else say("{score} pts", score=score))
    tags = [say("WINNER")] if seat in view["winners"] else []
    colour = team_colour(side_of(view, seat)) if has_teams(view) else None
    turn = seat in view["to_act"] and not view["over"]
    return Plate(seat_names(names, view["seats"])[seat], "  ·  ".join(facts), tags, turn, colour)


def title_line(view: CommonView, hand: str = "Round") -> str:
    """The game's title and the round (or ``hand``) number."""
    number = view["round"]
    game = view["title"]
    title = say(game)
    return f"{title}  ·  {say(hand)} {number}" if number else title


def events(width: int, log: Sequence[str], names: Sequence[str], title: str) -> Image.Image:
    """The recent events (in words, see render.words), oldest first, newest brightest."""
    room = width - 2 * MARGIN - 28
    lines: list[tuple[str, bool]] = []
    for index, text in enumerate(log):
        for line in wrap(text, SMALL, room, 3):
            lines.append((line, index == len(log) - 1))
    height = 44 + 25 * max(1, len(lines))
    image, draw = new_strip(width, height)
    pill(draw, (MARGIN, 0, width - MARGIN, height - 1), PANEL, radius=10)
    draw_text(draw, (MARGIN + 14, 10), title.upper(), SMALL, MUTED)
    if not lines:
        draw_text(draw, (MARGIN + 14, 38), say("Nothing has happened yet."), SMALL, MUTED)
    for index, (line, newest) in enumerate(lines):
        draw_text(draw, (MARGIN + 14, 36 + 25 * index), line, SMALL, TEXT if newest else MUTED)
    return image
