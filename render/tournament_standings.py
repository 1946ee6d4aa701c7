"""A tournament's standings as a picture (issue 28): the title, which round it is after, then one band per player
from first to last with their place, name, match points in large type, Buchholz and points difference, and what
the columns mean. Drawn 640 wide like the other pictures, so a phone showing it 400 wide still reads every text at
11 px or more (the smallest here, 18 px, shows at 11.25).

Long tournaments list at most :data:`MAX_ROWS` players: the picture stays short enough for a phone's screen, and
the text under it (cogs/tournament.py) lists everyone. A name is written in one line, shortened only where Discord's
longest names do not fit; a number is never shortened."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.canvas import draw_text, fit, text_width, to_png, wrap
from render.language import say, say_n, speaking
from render.theme import ACCENT, BACKGROUND, MUTED, PANEL, TEXT

WIDTH, PAD = 640, 20
TITLE, LINE, NAME, NUMBER, LABEL = 30, 20, 22, 32, 18
ROW = 60
MAX_ROWS = 16
FIRST_TEXT = (30, 30, 30)  # on the accent colour
#: Right edges of the number columns: points (large), Buchholz, difference.
POINTS_AT, BUCHHOLZ_AT, DIFFERENCE_AT = WIDTH - PAD - 16, WIDTH - PAD - 112, WIDTH - PAD - 196
NAME_AT = PAD + 64
NAME_ROOM = DIFFERENCE_AT - 70 - NAME_AT


@dataclass(frozen=True)
class StandingRow:
    """One player's line: ``points`` are match points (a win or a bye 1, a draw ½); ``dropped``: left the
    tournament."""

    name: str
    points: float
    buchholz: float
    difference: float  # whole at tables of two; a mean of the opponents' scores at tables of more
    dropped: bool = False


def number(value: float) -> str:
    """A standings figure: whole numbers bare, fractions to two places (⅔ is 0.67)."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def points_text(points: float) -> str:
    """Match points with a half as ½ (``2.5`` -> ``2½``, ``0.5`` -> ``½``); other fractions (a place at a table of
    three or more: ⅓, ⅔...) to two places (``1.67``)."""
    if points * 2 != int(points * 2):
        return number(points)
    whole, half = int(points), points - int(points) >= 0.5
    return ("" if whole == 0 and half else str(whole)) + ("½" if half else "")


def difference_text(difference: float) -> str:
    """A points difference with its sign (``+12``, ``-3.5``, ``±0``: :func:`render.canvas.signed`), fractions to one
    place."""
    shown = round(difference, 1)
    return f"{shown:+g}" if shown else "±0"


def standings_picture(title: str, subtitle: str, rows: Sequence[StandingRow], first_won: bool = False) -> Image.Image:
    """The standings picture (in the language :func:`render.language.speaking` set): ``first_won`` marks the first
    place as the winner's (the final standings)."""
    titles = wrap(title, TITLE, WIDTH - 2 * PAD, max_lines=2, bold=True)
    shown = list(rows[:MAX_ROWS])
    legend = wrap(say("Bh: the points of everyone one played · +/-: game points scored minus conceded · ✗: "
                      "dropped"), LABEL, WIDTH - 2 * PAD, max_lines=3)
    more = len(rows) - len(shown)
    height = (PAD + (TITLE + 8) * len(titles) + LINE + 18 + LABEL + 10 + ROW * len(shown)
              + (LINE + 10 if more else 0) + 6 + (LABEL + 6) * len(legend) + PAD)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = PAD
    for line in titles:
        draw_text(draw, (PAD, y), line, TITLE, TEXT, bold=True)
        y += TITLE + 8
    draw_text(draw, (PAD, y), fit(subtitle, LINE, WIDTH - 2 * PAD), LINE, MUTED)
    y += LINE + 18
    draw_text(draw, (NAME_AT, y), say("Player"), LABEL, MUTED)
    for label, right in ((say("Points"), POINTS_AT), ("Bh", BUCHHOLZ_AT), ("+/-", DIFFERENCE_AT)):
        draw_text(draw, (right, y), label, LABEL, MUTED, "ra")
    y += LABEL + 10
    for place, row in enumerate(shown, 1):
        _band(draw, y, place, row, first_won and place == 1)
        y += ROW
    if more:
        draw_text(draw, (PAD, y), say_n(more, "and {count} more player (in the text)",
                                        "and {count} more players (in the text)"), LINE, MUTED)
        y += LINE + 10
    y += 6
    for line in legend:
        draw_text(draw, (PAD, y), line, LABEL, MUTED)
        y += LABEL + 6
    return image


def _band(draw: ImageDraw.ImageDraw, y: int, place: int, row: StandingRow, won: bool) -> None:
    """One player's band: place, name (✗ when dropped), points large, Buchholz and difference."""
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + ROW - 8), radius=12, fill=ACCENT if won else PANEL)
    ink, middle = FIRST_TEXT if won else TEXT, y + (ROW - 8) / 2
    draw_text(draw, (PAD + 44, middle), f"{place}.", NAME, ink, "rm", bold=True)
    mark = " ✗" if row.dropped else ""
    room = NAME_ROOM - (text_width(mark, NAME, won) if mark else 0)
    draw_text(draw, (NAME_AT, middle), fit(row.name, NAME, room, bold=won) + mark, NAME, ink, "lm", bold=won)
    draw_text(draw, (POINTS_AT, middle), points_text(row.points), NUMBER, ink, "rm", bold=True)
    draw_text(draw, (BUCHHOLZ_AT, middle), points_text(row.buchholz), LINE, ink, "rm")
    draw_text(draw, (DIFFERENCE_AT, middle), difference_text(row.difference), LINE, ink, "rm")


def standings_png(title: str, subtitle: str, rows: Sequence[StandingRow], language: str | None = None,
                  first_won: bool = False) -> bytes:
    """:func:`standings_picture` in ``language``, as a PNG for Discord."""
    with speaking(language):
        return to_png(standings_picture(title, subtitle, rows, first_won))
