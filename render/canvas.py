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

from PIL import Image, ImageDraw, ImageFont

from render.language import display_name
from render.theme import FACES, LAYOUT, RGB, fake_bold, font

MAX_BYTES = 500_000
FONT_LOCK = threading.RLock()
#: Lines read left to right, a right-to-left name inside one in its own order (the "&" of "Ana & محمد" stays between
#: the names, even at the start of a line); Raqm takes a direction, the letter-by-letter layout none.
DIRECTION: str | None = "ltr" if LAYOUT == ImageFont.Layout.RAQM else None
_SEAT_WORD = re.compile(r"\b(?:[Ss]eat|[Aa]siento) (\d{1,2})\b")  # the engine's word, and the Spanish one


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """The width in pixels of ``text`` at ``size`` (in bold if ``bold``)."""
    with FONT_LOCK:
        parts = runs(printable(text))
        return float(sum(font(size, face, bold).getlength(run, direction=DIRECTION) for face, run in parts))


_SPELLED = {"’": "'", "‘": "'", "“": '"', "”": '"', "−": "-"}
#: Signs that only dress an emoji (variation selectors, skin tones, the joiner of emoji sequences): left out with it.
_DRESSING = re.compile("[\ufe0e\ufe0f\u200d\U0001f3fb-\U0001f3ff\U000e0020-\U000e007f]")


def _notdef_mask(face: int) -> tuple[tuple[int, int], bytes]:
    mask = font(16, face).getmask("\U0010FFFF")  # a private code point no face draws: its "missing" box
    return mask.size, bytes(mask)


_NOTDEF = tuple(_notdef_mask(face) for face in range(len(FACES)))


@lru_cache(maxsize=16384)
def _has_glyph(char: str, face: int) -> bool:
    """Whether bundled face ``face`` draws ``char`` (its shape is not the face's "missing" box)."""
    with FONT_LOCK:
        mask = font(16, face).getmask(char)
    return (mask.size, bytes(mask)) != _NOTDEF[face]


@lru_cache(maxsize=16384)
def face_of(char: str) -> int | None:
    """The first bundled face (of :data:`render.theme.FACES`) that draws ``char``, None if none does."""
    return next((face for face in range(len(FACES)) if _has_glyph(char, face)), None)


@lru_cache(maxsize=8192)
def printable(text: str) -> str:
    """``text`` as the bundled faces can draw it: every letter any face has (Latin with its accents, Greek,
    Cyrillic, Arabic, Hebrew, Chinese, Japanese, Korean) as it is, a sign none has spelled in plain letters where it
    can be (a ligature as its letters) or left out with the signs that dress it (an emoji and its skin tone), so a
    name never shows empty boxes; a name of emoji alone becomes empty (the caller shows its fallback).

    >>> printable("José Þór Ωμέγα Дмитрий 王小明 🎲")
    'José Þór Ωμέγα Дмитрий 王小明'
    """
    out = []
    dropped = False
    for char in _DRESSING.sub("", text) if _DRESSING.search(text) else text:
        if face_of(char) is not None:
            out.append(char)
            continue
        plain = _SPELLED.get(char) or unicodedata.normalize("NFKD", char)
        if plain != char and all(face_of(c) is not None for c in plain):
            out.append(plain)
        else:
            dropped = True
    shown = "".join(out)
    return " ".join(shown.split()) if dropped else shown


def runs(text: str) -> list[tuple[int, str]]:
    """``text`` split into runs each drawn with one face: a sign joins the run before it when that run's face
    draws it and it is a space, a digit or a mark shared by the faces, so a Chinese name keeps its spaces."""
    found: list[tuple[int, str]] = []
    for char in text:
        face = face_of(char)
        if face is None:
            continue
        if found:
            last, run = found[-1]
            if last == face or (not char.isalpha() and _has_glyph(char, last)):
                found[-1] = (last, run + char)
                continue
        found.append((face, char))
    return found


def fit(text: str, size: int, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it fits in ``width`` pixels (measured in bold if ``bold``)."""
    text = printable(text)
    if text_width(text, size, bold) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with its ellipsis, by bisection
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "…", size, bold) <= width:
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


FACT_GAP = "  ·  "
#: How facts are set apart where a picture writes them on one line: a dash between single spaces. A phone shows a
#: picture at about 400 px, and a middle dot between wide gaps there breaks a line into short pieces that are hard
#: to read (by people and by OCR alike: "7 tiles  ·  0 pts" is read "Ttiles" and "Opts", "7 tiles – 0 pts" whole).
SHOWN_GAP = " – "


def facts_line(text: str) -> str:
    """Facts joined with :data:`FACT_GAP` as a picture writes them on one line (with :data:`SHOWN_GAP`)."""
    return text.replace(FACT_GAP, SHOWN_GAP)


def pack(chunks: Sequence[str], size: int, room: float, bold: bool = False) -> list[str]:
    """``chunks`` joined by :data:`SHOWN_GAP` onto as few lines of ``room`` pixels as they fit, never cut inside
    a chunk (a chunk too long for a line is broken between its words)."""
    lines: list[str] = []
    for chunk in chunks:
        trial = f"{lines[-1]}{SHOWN_GAP}{chunk}" if lines else chunk
        if lines and text_width(trial, size, bold) <= room:
            lines[-1] = trial
        elif text_width(chunk, size, bold) <= room:
            lines.append(chunk)
        else:
            lines += wrap(chunk, size, room, 9, bold)
    return lines


def fit_side(text: str, size: int, width: float, bold: bool = False) -> str:
    """A side's name (``"Ñandú & Zoë"``) fitted in ``width`` pixels by shortening each partner's name on its own,
    the longest first, so no partner is ever cut off.

    >>> fit_side("Ñandú Fernández-Oyarzábal & Zoë", 18, 170)
    'Ñandú Fer… & Zoë'
    """
    text = printable(text)
    names = text.split(" & ")
    if len(names) == 1 or text_width(text, size, bold) <= width:
        return fit(text, size, width, bold)
    room = width - text_width(" & ", size, bold) * (len(names) - 1)
    shares = {index: room / len(names) for index in range(len(names))}
    for index in sorted(range(len(names)), key=lambda i: text_width(names[i], size, bold)):
        need = text_width(names[index], size, bold)
        if need < shares[index]:  # a short name keeps its whole self and leaves the rest to the longer ones
            left = [i for i in shares if i != index and text_width(names[i], size, bold) > need]
            for other in left:
                shares[other] += (shares[index] - need) / len(left)
            shares[index] = need
    return " & ".join(fit(name, size, shares[i] + 0.5, bold) for i, name in enumerate(names))


def wrap(text: str, size: int, width: float, max_lines: int = 3, bold: bool = False) -> list[str]:
    """``text`` broken into at most ``max_lines`` lines of ``width`` pixels (the last one cut with an ellipsis if
    it must be); a word too long for a line is broken after a hyphen, else where the line ends."""
    lines: list[str] = []
    current = ""
    for piece, spaced in _pieces(printable(text), size, width, bold):
        trial = f"{current} {piece}" if spaced and current else current + piece
        if text_width(trial, size, bold) <= width or not current:
            current = trial
            continue
        lines.append(current)
        current = piece
    if current:
        lines.append(current)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1:])]
    return [fit(line, size, width, bold) for line in lines]


def _pieces(text: str, size: int, width: float, bold: bool) -> Iterator[tuple[str, bool]]:
    """The words of ``text``, each with whether a space stands before it; a word wider than ``width`` comes in
    pieces that fit (split after its hyphens first), the pieces after the first with no space before them."""
    for word in text.split():
        spaced = True
        for part in re.findall(r"[^-]+-?|-", word) if text_width(word, size, bold) > width else [word]:
            while text_width(part, size, bold) > width and len(part) > 1:
                cut = max(1, next(i for i in range(len(part), 0, -1) if text_width(part[:i], size, bold) <= width)
                          if text_width(part[0], size, bold) <= width else 1)
                yield part[:cut], spaced
                part, spaced = part[cut:], False
            yield part, spaced
            spaced = False


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
    """Write ``text`` with the bundled faces (each letter in the first face that has it); ``bold`` uses the bold
    face; ``role`` says what it is for the tests of :func:`recording` (``"key"``: a key number, ``"badge"``: a
    mark on a tile).

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
    """The shape of ``text`` and its top-left corner relative to the anchor point."""
    parts = runs(text)
    if len(parts) == 1:
        face = parts[0][0]
        with FONT_LOCK:  # FreeType faces must not be used by two threads at once (the bot renders in threads)
            box = font(size, face, bold).getbbox(text, anchor=anchor, direction=DIRECTION)
        left, top, right, bottom = (int(v) for v in box)
        mask = Image.new("L", (max(1, right - left + 1), max(1, bottom - top)), 0)
        _write(mask, (-left, -top), parts, size, anchor, bold)
        return mask, left, top
    return _mixed_mask(parts, size, anchor, bold)


def _write(mask: Image.Image, at: tuple[float, float], parts: list[tuple[int, str]], size: int, anchor: str,
           bold: bool) -> None:
    """Write each run at its place along the line; a face without a bold file is written twice a pixel apart."""
    x, y = at
    with FONT_LOCK:
        pen = ImageDraw.Draw(mask)
        for face, run in parts:
            face_font = font(size, face, bold)
            for shift in (0, 1) if bold and fake_bold(face) else (0,):
                pen.text((x + shift, y), run, font=face_font, fill=255, anchor=anchor, direction=DIRECTION)
            x += face_font.getlength(run, direction=DIRECTION)


def _mixed_mask(parts: list[tuple[int, str]], size: int, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    """The shape of a text written in several faces (a Chinese name beside Latin words): the runs share the first
    face's baseline, and the anchor is placed by the whole line's width and that face's height."""
    with FONT_LOCK:
        boxes = []
        x = 0.0
        for face, run in parts:
            face_font = font(size, face, bold)
            left, top, right, bottom = face_font.getbbox(run, anchor="ls", direction=DIRECTION)
            boxes.append((x + left, top, x + right, bottom))
            x += face_font.getlength(run, direction=DIRECTION)
        lead = font(size, 0, bold)
        base = lead.getbbox("Hg", anchor="ls")
        placed = lead.getbbox("Hg", anchor="l" + anchor[1])
    left = min(b[0] for b in boxes)
    top, bottom = min(b[1] for b in boxes), max(b[3] for b in boxes)
    right = max(b[2] for b in boxes) + 1
    mask = Image.new("L", (max(1, int(right - left)), max(1, int(bottom - top))), 0)
    _write(mask, (-left, -top), parts, size, "ls", bold)
    shift_x = {"l": 0.0, "m": -x / 2, "r": -x}.get(anchor[0], 0.0)
    shift_y = placed[1] - base[1]  # where the baseline sits below the anchor point
    return mask, round(left + shift_x), round(top + shift_y)


def signed(points: int) -> str:
    """A change of score with its sign, as a column of changes shows it: ``+12``, ``-3``, and ``±0`` for none (a
    column of changes signs every entry, so a bare ``0`` there would read as a total; a lone ``0`` is also the glyph
    a phone's small picture loses most: ``benchmarks/ocr_retention.py``)."""
    return f"+{points}" if points > 0 else str(points) if points < 0 else "±0"


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
    """A display name for every seat: the given names (a computer's in the language being drawn in), ``Seat n``
    where a name is missing or blank (or drawable by no face: emoji alone)."""
    out = []
    for seat in range(seats):
        name = " ".join(printable(display_name(str(names[seat]))).split()) if seat < len(names) else ""
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
