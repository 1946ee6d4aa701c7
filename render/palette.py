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

# Learnt by learn() from the sample drawings of the phone-first layout (issue 11).
COLOURS = bytes.fromhex(
    "63969a5c62599e995c9ad6a7e3d5cf5e6c3355a76be5aca55f70a3a1a698248c5d23575de46a54a3a4ce3b51a02e5a2f6ddb8b649cd69d6a"
    "568f8a35d3a24fd7abccd03386eedbada263b48d6f2f262c28198fe072872fd85699822ca70f30a9178e2df0b129fcd04ed72f2e3b998f74"
    "3e13b07ac19ecce62c3d67d1107ad86a2e687ac099c473ad3f42e7c33d60cc7f1154342d323a21252a3c424b0c4028f9c33bfaf6eafdfdf4"
    "ebedf0c2c2bd48443dece8ddbec4d039342ee5571b344670a0e1b99399a3565655e7e8eac4c5c3569cf0eb6e5a77f0961c1c1c393837bbc2"
    "cce19102f7e9d9b4bbc5d4ccbdd6d8d9babab7a5abb5e65d225c6169555b64aab5b9b1a89a454a53757b84363b434c515ae7632ae44b0b19"
    "38a8d729289ba3aa656b74617a17835129848a94de88004647487c828a34446bf4d8b577ed948b929a5e7713eb86586c727bc6cad6b8b5ab"
    "f5ece265676a1b4b33979899f4c3a7e76a33e8b83a577209dbdde18839aa327a77d41818f9f2de26953b645327f9c74671ae8b403c35a7a8"
    "a8dde1e3244732e08c00f2bea19bdbb4a8a398dad7cc23221eb38736203eaae6a93a71767dcb197a89857daeb5c0cba6370b0b0d296347ee"
    "9971516d027d4920cbd4d3f6e7cc13452c82868cd6aa392240ab3b72570c2ca47a451b7bb995d4d7b6f2bd3bf5d8cac80a736b822484c29d"
    "8bcaa4a68531312c2393d3acedf2e6f2c5ba4456999aa866443b23528a6c487a63b5a239314033ecbd67e3dcd322563b98948e7c25a487a6"
    "9a574925599473c7cca332684df5dbd5b99534eab55741775d7c634cd9b23a7697892a96e1946946e26b67e5a126037d73ae484a80f19b4e"
    "6a004b8465778834807e79e05a5729594295782e366a52e44e10f1d199846b2c99b3a9c2c89db4c3bdeaa9c37a632a5a8773658a7a9ea5b0"
    "c5d9c54159b36aa684dc4745ec9267cc227ece26815369b9716d66a264b9efa17ac39a35488a58dae5d91c9133e8713ccbb9a4c5ddbe201f"
    "1e5ac279efca863656464d4124969338bb9842dd6ba475b38b8d94a2e29714a799370172689e7757"
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
            "hand_counts": [5] * seats, "log": [{"kind": "pass", "seat": 0}, {"kind": "pass", "seat": 1}],
            "prompt": {"kind": "to_play", "seat": 1}}


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
    return {**_base(4), **facts, "log": [{"kind": "play", "seat": 0, "tile": "6-5", "end": "W"}],
            "sides": [[0, 2], [1, 3]], "scores": [5, 10]}


def _trick() -> TrickView:
    plays: list[list[int | str]] = [[1, "6-4"], [2, "5-5"], [3, "3-2"]]
    facts: TrickFacts = {"family": "trick", "target": 250, "phase": "play", "dealer": 0, "bids": [[1, "30"]],
                         "contract": {"seat": 1, "bid": "30", "trumps": "5"},
                         "trick": {"leader": 1, "led_suit": "6", "plays": plays}, "last_trick": None,
                         "tricks_won": [1, 2], "points_taken": [5, 7], "sitting_out": [0], "turnup": None}
    return {**_base(4), **facts, "sides": [[0, 2], [1, 3]], "scores": [10, 20]}


def _hand() -> LineView:
    hand = [f"{v}-{max(0, v - 3)}" for v in range(12, -1, -2)]
    line: LineOfPlayView = {"center": None, "center_seat": None, "spinner": False, "arms": {},
                            "open_ends": [["W", 3]]}
    return {**_line(False), "seat": 1, "hand": hand, "playable": hand[:2], "line": line,
            "log": [{"kind": "pass", "seat": 0}, {"kind": "pass", "seat": 1}], "sides": [[s] for s in range(4)],
            "scores": [0, 1, 2, 3]}


def _poker() -> PokerView:
    return {**_base(3), "family": "poker", "phase": "bet", "dealer": 0, "stacks": [90, 95, 99], "pot": 12,
            "bets": [3, 0, 0], "folded": [2], "out": [], "showdown": {"0": ["6-6", "5-5", "4-4", "3-3", "2-2"]},
            "showdown_hands": {"0": "Royal"}, "to_call": 0, "raises": 0, "betting_round": 1, "draw": False,
            "marked": [], "stock": 0, "hand_rank": None, "last_hand": None, "stopping": None}


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
