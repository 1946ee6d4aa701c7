"""Colours, fonts and sizes shared by every drawing: one place to tune the look of the table."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont, features

RGB = tuple[int, int, int]

# Phone first: Discord shows an attachment about 400 px wide on a phone, so every image is at most WIDTH pixels wide
# and its text is sized for that: SMALL is the least size any text uses (11 px at 400 px wide), KEY the size of the
# numbers a player looks for first (open ends, the count, the bid, the pot: 16 px and more at 400 px).
MAX_WIDTH = 640
WIDTH = 640
MARGIN = 12
SMALL = 18
BODY = 20
TITLE = 24
KEY = 30
PHONE = 400

BACKGROUND: RGB = (33, 37, 43)
PANEL: RGB = (45, 50, 58)
PANEL_LIGHT: RGB = (60, 66, 76)
FELT: RGB = (17, 84, 52)
FELT_DARK: RGB = (12, 64, 40)
TEXT: RGB = (236, 238, 241)
MUTED: RGB = (190, 197, 208)
ACCENT: RGB = (250, 196, 60)
TURN: RGB = (250, 196, 60)
TURN_TEXT: RGB = (30, 30, 30)
GOOD: RGB = (90, 200, 120)
PLAYABLE: RGB = (120, 240, 150)
BAD: RGB = (255, 130, 115)
SLOT: RGB = (160, 225, 185)  # the empty place beyond an open end, and its value
TEAM_COLOURS: tuple[RGB, ...] = ((86, 156, 240), (235, 110, 90), (120, 200, 120), (190, 130, 230))

TILE_FACE: RGB = (250, 246, 234)
TILE_EDGE: RGB = (60, 56, 50)
TILE_BACK: RGB = (52, 70, 112)
TILE_DIVIDER: RGB = (150, 140, 125)

# Pip colours per value, as coloured double-twelve sets paint them: each number its own colour, so a 9 and an 8 are
# told apart at a glance (blank has none).
PIP_COLOURS: tuple[RGB, ...] = (
    (0, 0, 0),        # 0 (no pips)
    (40, 150, 225),   # 1 light blue
    (40, 150, 60),    # 2 green
    (215, 40, 40),    # 3 red
    (130, 80, 40),    # 4 brown
    (30, 60, 170),    # 5 dark blue
    (225, 145, 0),    # 6 amber
    (135, 55, 170),   # 7 purple
    (0, 125, 115),    # 8 teal
    (35, 35, 35),     # 9 black
    (205, 30, 125),   # 10 magenta
    (95, 120, 20),    # 11 olive
    (230, 90, 30),    # 12 orange
)


def pip_colour(value: int) -> RGB:
    """The colour of the pips showing ``value`` (values beyond 12 reuse the palette)."""
    return PIP_COLOURS[value % len(PIP_COLOURS)] if value else PIP_COLOURS[0]


FONTS = Path(__file__).parent / "fonts"
#: The bundled faces, in the order a character is looked for: DejaVu Sans (at its normal width: condensed letters
#: and their narrow word spaces run together on a phone) draws Latin with every accent, Greek, Cyrillic, Arabic,
#: Hebrew and many signs; Droid Sans Fallback draws Chinese and Japanese, Hall Hangul (a subset of NanumGothic)
#: Korean. Each entry is (regular, bold); a face without a bold file is thickened by writing it twice.
#: fonts/README.md says more.
FACES: tuple[tuple[str, str | None], ...] = (
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    ("DroidSansFallbackFull.ttf", None),
    ("HallHangul-Regular.ttf", None),
)
#: Text is laid out by Raqm (right-to-left runs, joined Arabic letters) where Pillow has it, else letter by letter.
LAYOUT = ImageFont.Layout.RAQM if features.check_feature("raqm") else ImageFont.Layout.BASIC


@cache
def font(size: int, face: int = 0, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Bundled face number ``face`` (of :data:`FACES`) at ``size`` pixels, its bold file if ``bold`` and it has
    one (no system font needed)."""
    regular, heavy = FACES[face]
    name = heavy if bold and heavy else regular
    return ImageFont.truetype(str(FONTS / name), size=size, layout_engine=LAYOUT)


def fake_bold(face: int) -> bool:
    """Whether bold text in ``face`` is written twice a pixel apart (the face has no bold file)."""
    return FACES[face][1] is None


def contrast(first: RGB, second: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; text wants at least 4.5).

    >>> round(contrast((255, 255, 255), (0, 0, 0)), 1)
    21.0
    """

    def luminance(colour: RGB) -> float:
        def channel(value: int) -> float:
            c = value / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(v) for v in colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def team_colour(side: int) -> RGB:
    """The colour that marks a side (team) on every image."""
    return TEAM_COLOURS[side % len(TEAM_COLOURS)]
