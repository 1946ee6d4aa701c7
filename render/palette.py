"""One fixed 256-colour palette for every image, learnt from sample drawings of each kind and kept as data.

The drawings use a fixed theme, so the same few hundred colours (theme, pips, their anti-aliased edges) recur in
every image. Mapping a picture onto a known palette costs about half of working a new palette out for each
picture, which is most of the time an image takes to encode.

The palette is kept as data (:data:`COLOURS`) rather than learnt at start-up, so an image's bytes depend only on
what it shows: a change to the sample drawings (or to the quantizer of another Pillow) no longer changes every
image. When the theme's colours change, learn it afresh from the samples below and paste the result in:
``python -m render.palette`` prints it (every image's bytes change then).
"""

from __future__ import annotations

import textwrap
import threading

from PIL import Image

from engine.views import BingoView, CommonView, LineFacts, LineOfPlayView, LineView, PokerView, TrickFacts, TrickView

_LOCK = threading.Lock()
_PALETTE: list[Image.Image] = []

# Learnt by learn() from the sample drawings as they were before the views were typed (commit ae89f48).
COLOURS = bytes.fromhex(
    "a39765659d97615e55e1d8cf9fd3a4a3ab9a5b6ea7569e70e5a7a92a8b635d5e30daa553dcacca6edd8ca89fcc32525d9d5cb39c6c5d384f"
    "9ea29d3c688533222222e3b23487592faacdd4de6ea51a8fe02d6e3e2a908658ace3178e2efdd04cd31212e9deb6cd3084e26960733b10b0"
    "7bc1db6d302c3d67d1107a5ac57b0f33b299c473efc03cad3f42912fb016643d0000002d323a21252a3c424bf9f5e9f9c33b104e30fdfdf5"
    "c3c2bdebedf0b8b4aaedeade47433d39342ee5571ba0a8b3344670e7e8ea444a53383836c4c5c357565577f096e1910277bd95363b43545b"
    "641b1b1b569cf0eb6e5af7e9d9d4ccbde55d22babab74c525a656b75b1a89a9da5b1d5d7da9aa1abc3a559949ba6e44c0cd72727e6622984"
    "8b951938a9757b85627a18de8800eb86575c626b8251298b919b454749f4ede2a7a8a934446bf4d8b55e7713e8b73ae08d004685657b828b"
    "6b727b77ed948738aac5c9d7516d028787852d4a37f9f2de1a684223221ef9c646327a77dbdde026953ae86a33a9a398d41818f3c4a89799"
    "9a577209dde1e3403c35b38736c39a34c90c748d95a1cbd6d5767778f5dbc8ce2480ed9971bac5c47d4920f2bea1203eaaf2c6b821553923"
    "41ab377859d6a9387a451bf2d9a8cc197b65676a236a47312d23f2d3d8017d737c26a46e7580f1bd3b445698db454383aa9a0a2ba4334636"
    "eab85b6b8124babdc1c6cca3aab4b4e49c1ad93736946946dc66a1558c737e859093a25b9aa865ec8d612996e17c634ca68531ebbb669894"
    "8ee5a126675528e1dcd0ae484ae39c21f0cc8ac1bdb580f19bc4d8c786984a579675078076f1d29900766cb99435efa07a574925dddaca2c"
    "735196b7a9195839e44e10e7aa3beef1e60f30a6f0b494a7c4ba4159b3e1e2c9e47b76478958689985cbb9a4716d66d3d7b678622ac5ddbd"
    "cc237e453b231c9132778c38a09f98abb2d2c2c89dd85799efd197866c2c987a2e26734c822ca78c712d4e6b007586c3934bb0909f57cba2"
    "36eba09ad3b6d4ed9065e05b587ba794006e643b54b248a457f0bbb3ecaba4bbd4ca2c9740385c49"
)


def palette() -> Image.Image:
    """The shared palette image (made on first use from :data:`COLOURS`)."""
    with _LOCK:
        if not _PALETTE:
            image = Image.new("P", (16, 16))
            image.putpalette(COLOURS)
            _PALETTE.append(image)
        return _PALETTE[0]


def learn() -> Image.Image:
    """A palette learnt afresh from sample drawings of every kind of table, hand and score sheet."""
    from render.bingo import bingo_table
    from render.hand import hand_image
    from render.poker import poker_table
    from render.scores import scores_image
    from render.table_line import line_table
    from render.trick import trick_table

    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    drawn = [line_table(_line(True), names), line_table(_line(False), names), trick_table(_trick(), names),
             hand_image(_hand(), names), poker_table(_poker(), names), bingo_table(_bingo(), names),
             scores_image({**_trick(), "over": True, "winners": [0, 2]}, names)]
    width = max(d.width for d in drawn)
    sheet = Image.new("RGB", (width, sum(d.height for d in drawn)))
    top = 0
    for image in drawn:
        sheet.paste(image, (0, top))
        top += image.height
    return sheet.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def _base(seats: int) -> CommonView:
    return {"game": "sample", "title": "Sample", "seats": seats, "seat": None, "sides": [[s] for s in range(seats)],
            "scores": list(range(seats)), "to_act": [1], "over": False, "winners": [], "round": 1, "hand": None,
            "hand_counts": [5] * seats, "log": ["Seat 1 played.", "Seat 2 passed."], "prompt": "Seat 2 to play."}


def _line_of_play(spinner: bool) -> LineOfPlayView:
    values = list(range(13))
    arms = {"W": [[12, v, 0] if i == 0 else [values[i - 1], v, 0] for i, v in enumerate(values[:7])],
            "E": [[12, 12 - i, 1] for i in range(1)] + [[v, v, 1] for v in (11,)],
            "N": [[12, 6, 2], [6, 6, 2]] if spinner else [], "S": [[12, 9, 3]] if spinner else []}
    return {"center": "12-12", "center_seat": 0, "spinner": spinner, "arms": arms,
            "open_ends": [["W", 6], ["E", 11], ["N", 6], ["S", 9]] if spinner else [["W", 6], ["E", 11]]}


def _line(spinner: bool) -> LineView:
    facts: LineFacts = {"family": "line", "line": _line_of_play(spinner), "boneyard": 10, "drawable": 10,
                        "target": 100, "doubles_inline": False, "last_round": None}
    return {**_base(4), **facts, "log": ["Seat 1 played 6-5."], "sides": [[0, 2], [1, 3]], "scores": [5, 10]}


def _trick() -> TrickView:
    plays: list[list[int | str]] = [[1, "6-4"], [2, "5-5"], [3, "3-2"]]
    facts: TrickFacts = {"family": "trick", "target": 250, "phase": "play", "dealer": 0, "bids": [[1, "30"]],
                         "contract": {"seat": 1, "bid": "30", "trumps": "5", "label": "Seat 2 bid 30"},
                         "trick": {"leader": 1, "led_suit": "6", "plays": plays}, "last_trick": None,
                         "tricks_won": [1, 2], "points_taken": [5, 7], "sitting_out": [0], "turnup": None}
    return {**_base(4), **facts, "sides": [[0, 2], [1, 3]], "scores": [10, 20]}


def _hand() -> LineView:
    hand = [f"{v}-{max(0, v - 3)}" for v in range(12, -1, -2)]
    line: LineOfPlayView = {"center": None, "center_seat": None, "spinner": False, "arms": {},
                            "open_ends": [["W", 3]]}
    return {**_line(False), "seat": 1, "hand": hand, "playable": hand[:2], "line": line,
            "log": ["Seat 1 played.", "Seat 2 passed."], "sides": [[s] for s in range(4)], "scores": [0, 1, 2, 3]}


def _poker() -> PokerView:
    return {**_base(3), "family": "poker", "phase": "bet", "dealer": 0, "stacks": [90, 95, 99], "pot": 12,
            "bets": [3, 0, 0], "folded": [2], "out": [], "showdown": {"0": ["6-6", "5-5", "4-4", "3-3", "2-2"]},
            "showdown_hands": {"0": "Royal"}, "to_call": 0, "raises": 0, "betting_round": 1, "draw": False,
            "marked": [], "stock": 0, "hand_rank": None, "last_hand": None}


def _bingo() -> BingoView:
    row = [f"{a}-{b}" for a in range(13) for b in range(0, a + 1, 3)]
    return {**_base(1), "family": "bingo", "row": row, "position": 3, "count": 4, "removed": 5, "removed_tiles": [],
            "tiles": len(row) + 5, "steps": 0, "passes_without_removal": 1, "touches_without_removal": 0,
            "matches": False, "auto_remove": False, "pip_total": False, "result": None}


if __name__ == "__main__":
    print("COLOURS = bytes.fromhex(")
    for chunk in textwrap.wrap(bytes(learn().getpalette() or []).hex(), 112):
        print(f'    "{chunk}"')
    print(")")
