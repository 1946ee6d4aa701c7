"""Small drawing helpers: fitted text, labels, turn markers and PNG encoding."""

from __future__ import annotations

import re
from collections.abc import Sequence
from io import BytesIO

from PIL import Image, ImageDraw

from render.theme import RGB, font

MAX_BYTES = 500_000
_SEAT_WORD = re.compile(r"\b[Ss]eat (\d{1,2})\b")


def text_width(text: str, size: int) -> float:
    """The width in pixels of ``text`` at ``size``."""
    return float(font(size).getlength(text))


def fit(text: str, size: int, width: float) -> str:
    """``text`` cut with an ellipsis so that it fits in ``width`` pixels."""
    if text_width(text, size) <= width:
        return text
    cut = len(text)
    while cut > 0 and text_width(text[:cut] + "…", size) > width:
        cut -= 1
    return text[:cut].rstrip() + "…" if cut else ""


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


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB,
              anchor: str = "la", bold: bool = False) -> None:
    """Write ``text`` with the bundled font; ``bold`` thickens it by writing it twice a pixel apart."""
    draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)
    if bold:
        draw.text((xy[0] + 1, xy[1]), text, font=font(size), fill=fill, anchor=anchor)


def pill(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB,
         outline: RGB | None = None, width: int = 1, radius: int = 8) -> None:
    """A rounded rectangle (name plates, badges, panels)."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def turn_marker(draw: ImageDraw.ImageDraw, x: float, y: float, size: float, fill: RGB) -> None:
    """A small right-pointing triangle with its tip at (``x``, ``y``): "this seat is to act"."""
    draw.polygon([(x - size, y - size * 0.7), (x, y), (x - size, y + size * 0.7)], fill=fill)


def seat_names(names: Sequence[str], seats: int) -> list[str]:
    """A display name for every seat: the given names, ``Seat n`` where a name is missing or blank."""
    out = []
    for seat in range(seats):
        name = names[seat] if seat < len(names) else ""
        out.append(str(name).strip() or f"Seat {seat + 1}")
    return out


def with_names(text: str, names: Sequence[str]) -> str:
    """Engine text with ``Seat n`` replaced by that seat's display name (the engine does not know names)."""

    def swap(match: re.Match[str]) -> str:
        index = int(match.group(1)) - 1
        return names[index] if 0 <= index < len(names) else match.group(0)

    return _SEAT_WORD.sub(swap, text)


def to_png(image: Image.Image) -> bytes:
    """Encode as PNG; a palette image is tried when the full-colour one would exceed the 500 KB limit."""
    data = _encode(image, 6)
    if len(data) < MAX_BYTES:
        return data
    data = _encode(image.convert("RGB").quantize(colors=128, method=Image.Quantize.FASTOCTREE), 9)
    if len(data) < MAX_BYTES:
        return data
    scale = (MAX_BYTES / len(data)) ** 0.5 * 0.9
    smaller = image.resize((max(1, int(image.width * scale)), max(1, int(image.height * scale))))
    return _encode(smaller.convert("RGB").quantize(colors=64, method=Image.Quantize.FASTOCTREE), 9)


def _encode(image: Image.Image, level: int) -> bytes:
    out = BytesIO()
    image.save(out, format="PNG", compress_level=level)
    return out.getvalue()
