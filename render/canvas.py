"""Small drawing helpers: fitted text, labels, turn markers and PNG encoding."""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO

from PIL import Image, ImageChops, ImageDraw

from render.theme import RGB, font

MAX_BYTES = 500_000
FONT_LOCK = threading.RLock()
_SEAT_WORD = re.compile(r"\b(?:[Ss]eat|[Aa]siento) (\d{1,2})\b")  # the engine's word, and the Spanish one


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    """The width in pixels of ``text`` at ``size``."""
    with FONT_LOCK:
        return float(font(size).getlength(_plain(printable(text))))


_SPELLED = {"ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "œ": "oe", "Œ": "OE", "đ": "d", "Đ": "D",
            "ł": "l", "Ł": "L", "þ": "th", "ı": "i", "’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-",
            "−": "-", "×": "x"}


#: Accents the bundled font lacks, drawn over their letter by :func:`_text_mask` (Spanish needs the acute, the
#: tilde and the diaeresis; Portuguese the circumflex and the cedilla, hung below its c; French names the others).
_MARKS = {"\u0301": "acute", "\u0300": "grave", "\u0303": "tilde", "\u0308": "diaeresis", "\u0302": "circumflex",
          "\u0327": "cedilla"}
_BELOW = ("turned", "cedilla")  # the signs drawn below the baseline
_TURNED = {"¿": "?", "¡": "!"}  # drawn as their upright sign turned half round


@lru_cache(maxsize=1024)
def _composed(char: str) -> tuple[str, str] | None:
    """``(plain sign, mark)`` for a sign the font lacks that :func:`_text_mask` draws: an accented letter
    (``("e", "acute")`` for é) or an inverted sign (``("?", "turned")`` for ¿); None for any other."""
    if char in _TURNED:
        return (_TURNED[char], "turned") if not _has_glyph(char) else None
    parts = unicodedata.normalize("NFD", char)
    if len(parts) != 2 or parts[1] not in _MARKS or _has_glyph(char) or not _has_glyph(parts[0]):
        return None
    return parts[0], _MARKS[parts[1]]


def _plain(text: str) -> str:
    """``text`` with every composed sign replaced by its plain sign (the same advance: an accent takes no room)."""
    if text.isascii():
        return text
    return "".join(found[0] if (found := _composed(char)) else char for char in text)


@lru_cache(maxsize=8192)
def _has_glyph(char: str) -> bool:
    with FONT_LOCK:
        mask = font(16).getmask(char)
    return not (mask.size == _NOTDEF.size and bytes(mask) == bytes(_NOTDEF))


_NOTDEF = font(16).getmask("\U0010FFFF")


@lru_cache(maxsize=8192)
def printable(text: str) -> str:
    """``text`` with what the bundled font cannot draw composed from what it can (an accented letter is its letter
    with the accent drawn over it, ¿ and ¡ are ? and ! turned round: :func:`_text_mask`), spelled in plain letters
    (ß -> ss, ø -> o) or left out (emoji), so a player's name or a Spanish label never shows empty boxes.

    >>> printable("José Müller ß ¿sí? 🎲")
    'José Müller ss ¿sí? '
    """
    out = []
    for char in text:
        if _has_glyph(char) or _composed(char) is not None:
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


def fit_words(text: str, size: int, width: float) -> str:
    """``text`` cut after its last whole word that fits, with an ellipsis, so that no word is cut in half (a
    Portuguese or Spanish plate says "9 pedras…", not "9 pedras · lan…"); a first word too long alone is cut as
    :func:`fit` cuts it."""
    if text_width(text, size) <= width:
        return text
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        head = " ".join(words[:count]).rstrip(" ·,:;")
        if head and text_width(head + "…", size) <= width:
            return head + "…"
    return fit(text, size, width)


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
    if _plain(text) != text:
        return _composed_mask(text, size, anchor, bold)
    with FONT_LOCK:  # FreeType faces must not be used by two threads at once (the bot renders in threads)
        left, top, right, bottom = (int(v) for v in font(size).getbbox(text, anchor=anchor))
        extra = 1 if bold else 0
        mask = Image.new("L", (max(1, right - left + extra), max(1, bottom - top)), 0)
        pen = ImageDraw.Draw(mask)
        pen.text((-left, -top), text, font=font(size), fill=255, anchor=anchor)
        if bold:
            pen.text((1 - left, -top), text, font=font(size), fill=255, anchor=anchor)
    return mask, left, top


def _composed_mask(text: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    """The mask of a text with signs the font lacks (:func:`_composed`): its plain text written as usual, then each
    accent drawn over its letter (an i loses its dot to its accent) and each ¿ or ¡ turned round in place. Returns
    the mask and its top-left corner relative to the anchor point, as :func:`_text_mask` does."""
    plain = _plain(text)
    face = font(size)
    with FONT_LOCK:
        base = face.getbbox(plain, anchor="ls")  # boxes relative to the left end of the baseline
        at_anchor = face.getbbox(plain, anchor=anchor)
        x_top = face.getbbox("x", anchor="ls")[1]
        glyphs = [(face.getlength(plain[:i]), face.getbbox(plain[i], anchor="ls"), found)
                  for i, char in enumerate(text) if (found := _composed(char))]
    stroke = max(1.0, size / 11)
    rise, gap = max(3.0, size * 0.2), max(1.5, size * 0.09)
    top = min([base[1]] + [int((x_top if sign == "i" else box[1]) - gap - rise - stroke - 1)
                           for _, box, (sign, mark) in glyphs if mark not in _BELOW])
    bottom = max([base[3]] + [x_top + box[3] - box[1] for _, box, (_, mark) in glyphs if mark == "turned"]
                 + [int(box[3] + rise + stroke + 1) for _, box, (_, mark) in glyphs if mark == "cedilla"])
    left, right = base[0], base[2] + (1 if bold else 0)
    mask = Image.new("L", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
    ox, oy = -left, -top  # the left end of the baseline in the mask
    with FONT_LOCK:
        for shift in (0, 1) if bold else (0,):
            ImageDraw.Draw(mask).text((ox + shift, oy), plain, font=face, fill=255, anchor="ls")
    scale = 4  # the accents are drawn four times larger and shrunk, so their edges are smooth like the letters'
    marks = Image.new("L", (mask.width * scale, mask.height * scale), 0)
    pen = ImageDraw.Draw(marks)
    width = max(1, round(stroke * scale * (1.3 if bold else 1.0)))
    for offset, (gl, gt, gr, gb), (sign, mark) in glyphs:
        x0, x1 = ox + offset + gl, ox + offset + gr + (1 if bold else 0)
        if mark == "turned":  # ¿ and ¡ hang from the x-height: the upright sign turned about its centre, lowered
            box = (int(x0), int(oy + gt), int(x1), int(oy + gb))
            turned = mask.crop(box).rotate(180)
            mask.paste(0, box)
            mask.paste(turned, (box[0], int(oy + x_top)))
            continue
        if mark == "cedilla":  # a hook hung from the bottom of the c: down, then curling back to the left
            foot, half = oy + gb, max(1.5, (x1 - x0) * 0.3)
            hook = [(x0 + (x1 - x0) * 0.5, foot - stroke / 2), (x0 + (x1 - x0) * 0.55, foot + rise * 0.4),
                    (x0 + (x1 - x0) * 0.5 + half, foot + rise * 0.7), (x0 + (x1 - x0) * 0.5, foot + rise),
                    (x0 + (x1 - x0) * 0.5 - half, foot + rise * 0.9)]
            pen.line([(scale * x, scale * y) for x, y in hook], fill=255, width=width, joint="curve")
            continue
        if sign == "i":  # the accent takes the dot's place
            mask.paste(0, (int(x0), 0, int(x1), int(oy + x_top)))
            gt = x_top
        middle, low = (x0 + x1) / 2, oy + gt - gap - stroke / 2
        high, half = low - rise, max(1.5, (x1 - x0) * 0.3)
        if mark == "acute":
            line = [(middle - half * 0.5, low), (middle + half * 0.7, high)]
        elif mark == "grave":
            line = [(middle + half * 0.5, low), (middle - half * 0.7, high)]
        elif mark == "circumflex":
            line = [(middle - half, low), (middle, high), (middle + half, low)]
        elif mark == "diaeresis":
            line = []
            dot = stroke * 0.75
            for x in (middle - half * 0.8, middle + half * 0.8):
                pen.ellipse([scale * v for v in (x - dot, low - 2 * dot, x + dot, low)], fill=255)
        else:  # tilde: one wave across the letter
            line = [(middle + half * 1.1 * (t / 4 - 1), low - rise / 2 - rise / 3 * math.sin(math.pi * t / 4))
                    for t in range(9)]
        if line:
            pen.line([(scale * x, scale * y) for x, y in line], fill=255, width=width, joint="curve")
    mask = ImageChops.lighter(mask, marks.resize(mask.size, Image.Resampling.BOX))
    ink = mask.getbbox()
    if ink is not None:  # the box of a text is its ink, as the font's own boxes are
        mask, top = mask.crop((0, ink[1], mask.width, ink[3])), top + ink[1]
    return mask, int(left - base[0] + at_anchor[0]), int(top - base[1] + at_anchor[1])


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
