"""Tile faces: pip layouts for 0 to 12, coloured per value, drawn upright or sideways, cached per size.

Pip positions are given for one square half of an upright tile, in units of that half (0 to 1). Values up to 9
use the usual 3 x 3 grid; 10, 11 and 12 use three columns of up to four, as double-twelve sets print them.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render.canvas import recorder
from render.theme import RGB, TILE_BACK, TILE_DIVIDER, TILE_EDGE, TILE_FACE, pip_colour

SUPERSAMPLE = 3
Point = tuple[float, float]

_L, _C, _R = 0.23, 0.5, 0.77
_T, _M, _B = 0.23, 0.5, 0.77
_ROWS4 = (0.17, 0.39, 0.61, 0.83)

_GRID: dict[int, tuple[Point, ...]] = {
    0: (),
    1: ((_C, _M),),
    2: ((_L, _T), (_R, _B)),
    3: ((_L, _T), (_C, _M), (_R, _B)),
    4: ((_L, _T), (_R, _T), (_L, _B), (_R, _B)),
    5: ((_L, _T), (_R, _T), (_C, _M), (_L, _B), (_R, _B)),
    6: ((_L, _T), (_L, _M), (_L, _B), (_R, _T), (_R, _M), (_R, _B)),
    7: ((_L, _T), (_L, _M), (_L, _B), (_C, _M), (_R, _T), (_R, _M), (_R, _B)),
    8: ((_L, _T), (_L, _M), (_L, _B), (_C, _T), (_C, _B), (_R, _T), (_R, _M), (_R, _B)),
    9: tuple((x, y) for x in (_L, _C, _R) for y in (_T, _M, _B)),
}


def _columns(middle: tuple[float, ...]) -> tuple[Point, ...]:
    outer = tuple((x, y) for x in (0.2, 0.8) for y in _ROWS4)
    return outer + tuple((0.5, y) for y in middle)


_GRID[10] = _columns((0.3, 0.7))
_GRID[11] = _columns((0.25, 0.5, 0.75))
_GRID[12] = _columns(_ROWS4)


def pip_positions(value: int) -> tuple[Point, ...]:
    """Where the pips of ``value`` sit on an upright half tile (0 to 1 each way).

    >>> len(pip_positions(12)), len(pip_positions(7)), pip_positions(1)
    (12, 7, ((0.5, 0.5),))
    """
    if value in _GRID:
        return _GRID[value]
    return _GRID[12]  # beyond a double-twelve set: not used by any game, drawn as the fullest face


def pip_radius(value: int) -> float:
    """The pip radius for ``value``, in units of the half tile (busier faces get smaller pips)."""
    return 0.085 if value >= 10 else 0.1


@cache
def tile_image(first: int, second: int, short: int, upright: bool, marked: RGB | None = None,
               faded: bool = False) -> Image.Image:
    """A tile face ``short`` pixels across: ``first`` on top (upright) or on the left (sideways).

    ``marked`` draws a coloured frame around the tile (a playable tile, the current Bingo tile); ``faded`` greys it
    (a tile that cannot be played now). Cached: images are only ever pasted, never changed.
    """
    if faded:
        return _faded(tile_image(first, second, short, upright, marked))
    big = short * SUPERSAMPLE
    width, height = (big, big * 2) if upright else (big * 2, big)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = max(SUPERSAMPLE, big // 22)
    radius = big // 7
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=marked or TILE_EDGE)
    inset = edge * 3 if marked else edge
    draw.rounded_rectangle((inset, inset, width - 1 - inset, height - 1 - inset), radius=max(1, radius - inset // 2),
                           fill=TILE_FACE)
    _divider(draw, width, height, upright, inset)
    for index, value in enumerate((first, second)):
        ox, oy = (0, index * big) if upright else (index * big, 0)
        _pips(draw, value, ox, oy, big, upright)
    return image.resize((width // SUPERSAMPLE, height // SUPERSAMPLE), Image.Resampling.LANCZOS)


def _faded(image: Image.Image) -> Image.Image:
    grey = Image.new("RGBA", image.size, (120, 124, 130, 255))
    out = Image.blend(image, grey, 0.42)
    out.putalpha(image.getchannel("A"))
    return out


def _divider(draw: ImageDraw.ImageDraw, width: int, height: int, upright: bool, inset: int) -> None:
    line = max(SUPERSAMPLE, width // 40 if upright else height // 40)
    pad = inset + max(width, height) // 16
    if upright:
        draw.rectangle((pad, height // 2 - line // 2, width - pad, height // 2 + line // 2), fill=TILE_DIVIDER)
    else:
        draw.rectangle((width // 2 - line // 2, pad, width // 2 + line // 2, height - pad), fill=TILE_DIVIDER)


def _pips(draw: ImageDraw.ImageDraw, value: int, ox: int, oy: int, big: int, upright: bool) -> None:
    radius = pip_radius(value) * big
    colour = pip_colour(value)
    for x, y in pip_positions(value):
        px, py = (x, y) if upright else (1 - y, x)  # sideways tiles show the upright pattern turned a quarter
        cx, cy = ox + px * big, oy + py * big
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)


@cache
def tile_back(short: int, upright: bool = True) -> Image.Image:
    """The back of a tile (another player's hidden tile, a tile laid face down)."""
    big = short * SUPERSAMPLE
    width, height = (big, big * 2) if upright else (big * 2, big)
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    edge = max(SUPERSAMPLE, big // 22)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=big // 7, fill=TILE_EDGE)
    draw.rounded_rectangle((edge, edge, width - 1 - edge, height - 1 - edge), radius=big // 8, fill=TILE_BACK)
    cx, cy, r = width / 2, height / 2, big / 6
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=(120, 140, 190), width=edge)
    return image.resize((width // SUPERSAMPLE, height // SUPERSAMPLE), Image.Resampling.LANCZOS)


def paste_tile(canvas: Image.Image, tile: Image.Image, x: float, y: float) -> None:
    """Paste a tile image with its top-left corner at (``x``, ``y``), keeping its rounded corners."""
    at = (round(x), round(y))
    canvas.paste(tile, at, tile)
    found = recorder()
    if found is not None:
        found.tiles.append((id(canvas), (at[0], at[1], at[0] + tile.width, at[1] + tile.height)))
