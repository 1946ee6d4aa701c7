"""Colours, fonts and sizes shared by every drawing: one place to tune the look of the table."""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

RGB = tuple[int, int, int]

MAX_WIDTH = 1000
MARGIN = 16

BACKGROUND: RGB = (33, 37, 43)
PANEL: RGB = (45, 50, 58)
PANEL_LIGHT: RGB = (60, 66, 76)
FELT: RGB = (22, 101, 62)
FELT_DARK: RGB = (16, 78, 48)
TEXT: RGB = (236, 238, 241)
MUTED: RGB = (160, 168, 180)
ACCENT: RGB = (250, 196, 60)
TURN: RGB = (250, 196, 60)
TURN_TEXT: RGB = (30, 30, 30)
GOOD: RGB = (90, 200, 120)
PLAYABLE: RGB = (120, 240, 150)
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


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled scalable font at ``size`` pixels (no system font needed)."""
    return ImageFont.load_default(size=size)


def team_colour(side: int) -> RGB:
    """The colour that marks a side (team) on every image."""
    return TEAM_COLOURS[side % len(TEAM_COLOURS)]
