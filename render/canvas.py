"""Small drawing helpers: fitted text, labels, turn markers and PNG encoding."""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO

from PIL import Image, ImageDraw

from render.theme import RGB, font

MAX_BYTES = 500_000
FONT_LOCK = threading.RLock()
_SEAT_WORD = re.compile(r"\b[Ss]eat (\d{1,2})\b")


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    """The width in pixels of ``text`` at ``size``."""
    with FONT_LOCK:
        return float(font(size).getlength(printable(text)))


_SPELLED = {"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D",
            "ł": "l", "Ł": "L", "þ": "th", "ı": "i", "’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-",
            "−": "-", "×": "x"}


@lru_cache(maxsize=8192)
def _has_glyph(char: str) -> bool:
    with FONT_LOCK:
        mask = font(16).getmask(char)
    return not (mask.size == _NOTDEF.size and bytes(mask) == bytes(_NOTDEF))


_NOTDEF = font(16).getmask("\U0010FFFF")


@lru_cache(maxsize=8192)
def printable(text: str) -> str:
    """``text`` with what the bundled font cannot draw spelled in plain letters (José -> Jose, ß -> ss) or left
    out (emoji), so a player's name never shows empty boxes.

    >>> printable("José Müller ß 🎲")
    'Jose Muller ss '
    """
    out = []
    for char in text:
        if _has_glyph(char):
            out.append(char)
            continue
        plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        plain = plain if plain and all(_has_glyph(c) for c in plain) else _SPELLED.get(char, "")
        out.append(plain)
    return "".join(out)


def fit(text: str, size: int, width: float) -> str:
    """``text`` cut with an ellipsis so that it fits in ``width`` pixels."""
    if text_width(text, size) <= width:
        return text
    text = printable(text)
    low, high = 0, len(text)  # the longest prefix that fits with its ellipsis, by bisection
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "…", size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…" if low else ""


def wrap(text: str, size: int, width: float, max_lines: int = 3) -> list[str]:
    """``text`` broken into at most ``max_lines`` lines of ``width`` pixels (the last one cut with an ellipsis)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if text_width(trial, size) <= width or not current:
            current = trial
            continue
        lines.append(current)
        current = word
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1:])]
    return [fit(line, size, width) for line in lines]


@dataclass(frozen=True, slots=True)
class Written:
    """A text as a drawing wrote it (recorded by :func:`recording`): its size, colour, the colour most of the
    place it was written on had before, its role (``"text"``, ``"key"`` for a key number, ``"badge"`` for a mark on
    a tile), and the box it covers on the image it was written on (``canvas``: that image's id)."""

    text: str
    size: int
    fill: RGB
    ground: RGB
    role: str
    canvas: int
    box: tuple[int, int, int, int]


@dataclass
class Drawn:
    """Everything a drawing wrote and every tile it laid, while :func:`recording` runs."""

    texts: list[Written]
    tiles: list[tuple[int, tuple[int, int, int, int]]]  # (canvas id, box) of each tile pasted


_RECORD = threading.local()


@contextmanager
def recording() -> Iterator[Drawn]:
    """Collect every text this thread writes and every tile it lays while the block runs (render tests check text
    sizes, contrast and overlaps from what the drawings actually did)."""
    found = Drawn([], [])
    previous = getattr(_RECORD, "found", None)
    _RECORD.found = found
    try:
        yield found
    finally:
        _RECORD.found = previous


def recorder() -> Drawn | None:
    """The record being collected in this thread, if any."""
    found: Drawn | None = getattr(_RECORD, "found", None)
    return found


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB,
              anchor: str = "la", bold: bool = False, role: str = "text") -> None:
    """Write ``text`` with the bundled font; ``bold`` thickens it by writing it twice a pixel apart; ``role``
    says what it is for the tests of :func:`recording` (``"key"``: a key number, ``"badge"``: a mark on a tile).

    The anti-aliased shape of each text is rendered once and cached, so a table redrawn after a move mostly pastes
    names and labels it has drawn before."""
    text = printable(text)
    if not text:
        return
    mask, dx, dy = _text_mask(text, size, anchor, bold)
    at = (round(xy[0]) + dx, round(xy[1]) + dy)
    found = recorder()
    if found is not None:
        image: Image.Image = getattr(draw, "_image")  # noqa: B009 - ImageDraw keeps the image it draws on here
        box = (at[0], at[1], at[0] + mask.width, at[1] + mask.height)
        found.texts.append(Written(text, size, fill, _ground(image, box), role, id(image), box))
    draw.bitmap(at, mask, fill=fill)


def _ground(image: Image.Image, box: tuple[int, int, int, int]) -> RGB:
    """The commonest colour of the place a text goes, before it is written."""
    box = (max(0, box[0]), max(0, box[1]), min(image.width, box[2]), min(image.height, box[3]))
    if box[2] <= box[0] or box[3] <= box[1]:
        return (0, 0, 0)
    colours = image.crop(box).convert("RGB").getcolors(1 << 16) or []
    if not colours:
        return (0, 0, 0)
    colour = max(colours, key=lambda c: c[0])[1]
    if not isinstance(colour, tuple):
        return (0, 0, 0)
    return (int(colour[0]), int(colour[1]), int(colour[2]))


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    with FONT_LOCK:  # FreeType faces must not be used by two threads at once (the bot renders in threads)
        left, top, right, bottom = (int(v) for v in font(size).getbbox(text, anchor=anchor))
        extra = 1 if bold else 0
        mask = Image.new("L", (max(1, right - left + extra), max(1, bottom - top)), 0)
        pen = ImageDraw.Draw(mask)
        pen.text((-left, -top), text, font=font(size), fill=255, anchor=anchor)
        if bold:
            pen.text((1 - left, -top), text, font=font(size), fill=255, anchor=anchor)
    return mask, left, top


def pill(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB | None,
         outline: RGB | None = None, width: int = 1, radius: int = 8) -> None:
    """A rounded rectangle (name plates, badges, panels, the felt): its shape is drawn once per size and cached,
    so a redrawn table pastes its plates and panels; ``outline`` is a band ``width`` pixels wide inside the edge."""
    left, top = round(box[0]), round(box[1])
    w, h = round(box[2]) - left + 1, round(box[3]) - top + 1
    if w <= 0 or h <= 0:
        return
    if fill is None or w * h > 60_000:  # an outline alone (the spinner's ring), or a felt: quicker drawn at once
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
        return
    if outline is not None:
        draw.bitmap((left, top), _rounded_mask(w, h, radius), fill=outline)
        left, top, w, h, radius = left + width, top + width, w - 2 * width, h - 2 * width, max(0, radius - width)
    if w > 0 and h > 0:
        draw.bitmap((left, top), _rounded_mask(w, h, radius), fill=fill)


@lru_cache(maxsize=1024)
def _rounded_mask(w: int, h: int, radius: int) -> Image.Image:
    mask = Image.new("1", (max(1, w), max(1, h)), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=max(0, radius), fill=1)
    return mask


def turn_marker(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    """A small right-pointing triangle with its tip at (``x``, ``y``): "this seat is to act"."""
    draw.polygon([(x - size, y - size * 0.7), (x, y), (x - size, y + size * 0.7)], fill=fill)


def seat_names(names: Sequence[str], seats: int) -> list[str]:
    """A display name for every seat: the given names, ``Seat n`` where a name is missing or blank."""
    out = []
    for seat in range(seats):
        name = " ".join(printable(str(names[seat])).split()) if seat < len(names) else ""
        out.append(name or f"Seat {seat + 1}")
    return out


def with_names(text: str, names: Sequence[str]) -> str:
    """Engine text with ``Seat n`` replaced by that seat's display name (the engine does not know names)."""

    def swap(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        name = " ".join(printable(str(names[index])).split()) if 0 <= index < len(names) else ""
        return name or match.group(0)

    return _SEAT_WORD.sub(swap, text)


def to_png(image: Image.Image, shared: Image.Image | None = None) -> bytes:
    """Encode as a 256-colour PNG: the drawings use few colours, so this is small and quick to encode. ``shared``
    is a palette image to map onto (quicker still than working a palette out); a picture that still exceeds the
    500 KB limit gets fewer colours, then fewer pixels."""
    if shared is not None:
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        data = _encode(rgb.quantize(palette=shared, dither=Image.Dither.NONE), 1)
    else:
        data = _encode(_palette(image, 256), 1)
    if len(data) < MAX_BYTES:
        return data
    data = _encode(_palette(image, 64), 9)
    if len(data) < MAX_BYTES:
        return data
    scale = (MAX_BYTES / len(data)) ** 0.5 * 0.9
    smaller = image.resize((max(1, int(image.width * scale)), max(1, int(image.height * scale))))
    return _encode(_palette(smaller, 64), 9)


def _palette(image: Image.Image, colours: int) -> Image.Image:
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _encode(image: Image.Image, level: int) -> bytes:
    out = BytesIO()
    image.save(out, format="PNG", compress_level=level)
    return out.getvalue()
