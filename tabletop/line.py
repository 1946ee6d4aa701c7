"""The line of play drawn as text: every tile, from the left end to the right, with a spinner's top and bottom arms.

A tile lying along the line is ``[3|5]``, its ends in the order they lie, so neighbours touch with equal numbers.
A tile on the top or bottom arm stands upright, one number a row, between ``+-+`` rules. The open ends are named
with the words the moves use (``engine.layout.ARM_WORDS``: left, right, top, bottom), so "6-4 on the left" goes
where the drawing says "left".

>>> view = {"center": "6-6", "center_seat": 0, "spinner": True, "open_ends": [["W", 3], ["E", 4], ["N", 2], ["S", 6]],
...         "arms": {"W": [[6, 3, 1]], "E": [[6, 4, 0]], "N": [[6, 2, 1]], "S": []}}
>>> print("\\n".join(draw_line(view, str, 80)))
               top 2
               +-+
               |2|
               |6|
 left 3  [3|6][6|6][6|4]  right 4
               bottom 6
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.layout import ARM_WORDS
from engine.phrases import Phrase
from engine.views import LineOfPlayView, arm_and_value, placed

Say = Callable[[str | Phrase], str]  # a word (a message id, or a phrase: left, right...) in the table's language
MARGIN = 7  # room at the left for the "left 12" label


def _row_cells(line: LineOfPlayView) -> tuple[list[str], int]:
    """The tiles along the line, left to right, and the index of the centre tile among them."""
    west = [f"[{outer}|{inner}]" for inner, outer, _seat in map(placed, reversed(line["arms"]["W"]))]
    high, _, low = (line["center"] or "").partition("-")
    east = [f"[{inner}|{outer}]" for inner, outer, _seat in map(placed, line["arms"]["E"])]
    return [*west, f"[{high}|{low}]", *east], len(west)


def _upright(tiles: Sequence[tuple[int, int]], top: bool, width: int) -> list[str]:
    """A top (``top``) or bottom arm's tiles, one number a row, the centre side nearest the line."""
    rule = "+" + "-" * width + "+"
    rows: list[str] = []
    for inner, outer in tiles:  # from the centre out
        rows.extend([f"|{inner:>{width}}|", f"|{outer:>{width}}|", rule])
    return list(reversed(rows)) if top else rows


def draw_line(line: LineOfPlayView, say: Say, width: int) -> list[str]:
    """The line of play in rows of text no wider than ``width`` where they fit (a long line wraps, and then its
    top and bottom arms are listed under it); no rows before the first tile."""
    if line["center"] is None:
        return []
    ends = dict(map(arm_and_value, line["open_ends"]))
    cells, centre = _row_cells(line)
    left = f"{say(ARM_WORDS['W'])} {ends['W']}" if "W" in ends else ""
    right = f"{say(ARM_WORDS['E'])} {ends['E']}" if "E" in ends else ""
    margin = max(MARGIN, len(left))
    row = f"{left:>{margin}}  " + "".join(cells) + (f"  {right}" if right else "")
    upright = {arm: [placed(p)[:2] for p in line["arms"][arm]] for arm in ("N", "S")}
    if len(row) > width:
        return _wrapped(cells, left, right, upright, ends, say, width)
    digits = max(len(str(v)) for pair in (*upright["N"], *upright["S"]) for v in pair) if any(upright.values()) else 1
    column = margin + 2 + sum(len(c) for c in cells[:centre]) + (len(cells[centre]) - digits - 2) // 2
    pad = " " * column
    above = [pad + r for r in _upright(upright["N"], True, digits)]
    below = [pad + r for r in _upright(upright["S"], False, digits)]
    if "N" in ends:
        above.insert(0, f"{pad}{say(ARM_WORDS['N'])} {ends['N']}")
    if "S" in ends:
        below.append(f"{pad}{say(ARM_WORDS['S'])} {ends['S']}")
    return [*above, row, *below]


def _wrapped(cells: Sequence[str], left: str, right: str, upright: dict[str, list[tuple[int, int]]],
             ends: dict[str, int], say: Say, width: int) -> list[str]:
    """A line too long for one row: the tiles along it in rows (each row goes on where the last one stopped), then
    the top and bottom arms from the centre out, flowing the same way."""
    rows = _flow(f"{left}  " if left else "", cells, f"  {right}" if right else "", width)
    for arm in ("N", "S"):
        if upright[arm] or arm in ends:
            tiles = [f"[{inner}|{outer}]" for inner, outer in upright[arm]]
            end = f"  {say(ARM_WORDS[arm])} {ends[arm]}" if arm in ends else ""
            rows.extend(_flow(f"{say(ARM_WORDS[arm])} ({say('from the centre out')}): ", tiles, end, width))
    return rows


def _flow(head: str, cells: Sequence[str], tail: str, width: int) -> list[str]:
    """``head``, the cells and ``tail`` in rows of at most ``width``, a row that goes on ending in `` >`` and the
    next starting with ``> ``."""
    rows: list[str] = []
    current = head
    for cell in cells:
        if current.strip() and len(current) + len(cell) + 2 > width:
            rows.append(current.rstrip() + " >")
            current = "> "
        current += cell
    if current.strip() and len(current) + len(tail) > width:
        rows.append(current.rstrip() + " >")
        current = ">"
    rows.append(current + tail)
    return rows
