"""One fixed 256-colour palette for every image, learnt once from sample drawings of each kind.

The drawings use a fixed theme, so the same few hundred colours (theme, pips, their anti-aliased edges) recur in
every image. Mapping a picture onto a known palette costs about half of working a new palette out for each
picture, which is most of the time an image takes to encode.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

_LOCK = threading.Lock()
_PALETTE: list[Image.Image] = []
Drawer = Callable[[Mapping[str, Any], Sequence[str]], Image.Image]


def palette() -> Image.Image:
    """The shared palette image (built on first use from sample drawings)."""
    with _LOCK:
        if not _PALETTE:
            _PALETTE.append(_learn())
        return _PALETTE[0]


def _learn() -> Image.Image:
    from render.bingo import bingo_table
    from render.generic import generic_table
    from render.hand import hand_image
    from render.poker import poker_table
    from render.scores import scores_image
    from render.table_line import line_table
    from render.trick import trick_table

    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    drawn = [line_table(_line(True), names), line_table(_line(False), names), trick_table(_trick(), names),
             hand_image(_hand(), names), poker_table(_poker(), names), bingo_table(_bingo(), names),
             scores_image({**_trick(), "over": True, "winners": [0, 2]}, names), generic_table(_base(3), names)]
    width = max(d.width for d in drawn)
    sheet = Image.new("RGB", (width, sum(d.height for d in drawn)))
    top = 0
    for image in drawn:
        sheet.paste(image, (0, top))
        top += image.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _base(seats: int, **extra: Any) -> dict[str, Any]:
    view: dict[str, Any] = {"title": "Sample", "seats": seats, "sides": [[s] for s in range(seats)],
                            "scores": list(range(seats)), "to_act": [1], "round": 1, "hand_counts": [5] * seats,
                            "log": [{"kind": "pass", "seat": 0}, {"kind": "pass", "seat": 1}],
                            "prompt": {"kind": "to_play", "seat": 1}, "winners": []}
    view.update(extra)
    return view


def _line(spinner: bool) -> dict[str, Any]:
    values = list(range(13))
    arms = {"W": [[12, v, 0] if i == 0 else [values[i - 1], v, 0] for i, v in enumerate(values[:7])],
            "E": [[12, 12 - i, 1] for i in range(1)] + [[v, v, 1] for v in (11,)],
            "N": [[12, 6, 2], [6, 6, 2]] if spinner else [], "S": [[12, 9, 3]] if spinner else []}
    line = {"center": "12-12", "center_seat": 0, "spinner": spinner, "arms": arms,
            "open_ends": [["W", 6], ["E", 11], ["N", 6], ["S", 9]] if spinner else [["W", 6], ["E", 11]]}
    return _base(4, kind="line", line=line, boneyard=10, drawable=10, target=100, doubles_inline=False,
                 log=[{"kind": "play", "seat": 0, "tile": "6-5", "end": "W"}], sides=[[0, 2], [1, 3]], scores=[5, 10])


def _trick() -> dict[str, Any]:
    plays = [[1, "6-4"], [2, "5-5"], [3, "3-2"]]
    return _base(4, kind="trick", phase="play", dealer=0, bids=[[1, "30"]], sides=[[0, 2], [1, 3]],
                 scores=[10, 20], contract={"seat": 1, "bid": "30", "trumps": "5", "label": "Seat 2 bid 30"},
                 trick={"leader": 1, "led_suit": "6", "plays": plays}, tricks_won=[1, 2], points_taken=[5, 7],
                 sitting_out=[0], turnup=None)


def _hand() -> dict[str, Any]:
    hand = [f"{v}-{max(0, v - 3)}" for v in range(12, -1, -2)]
    return _base(4, kind="line", seat=1, hand=hand, playable=hand[:2], my_pass=hand[2:3],
                 line={"open_ends": [["W", 3]]})


def _poker() -> dict[str, Any]:
    return _base(3, kind="poker", phase="bet", dealer=0, pot=12, stacks=[90, 95, 99], bets=[3, 0, 0], folded=[2],
                 showdown={"0": ["6-6", "5-5", "4-4", "3-3", "2-2"]}, showdown_hands={"0": "Royal"})


def _bingo() -> dict[str, Any]:
    row = [f"{a}-{b}" for a in range(13) for b in range(0, a + 1, 3)]
    return _base(1, kind="bingo", row=row, position=3, count=4, removed=5, passes_without_removal=1)
