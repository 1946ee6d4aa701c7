"""The line of play drawn as text (tabletop/line.py): every tile laid is drawn once, neighbours touch with equal
numbers, the open ends are labelled with their values, and a move "on the left" (right, top, bottom) lands where
the drawing says left (right, top, bottom)."""

from __future__ import annotations

import itertools
import re

import pytest

from engine import Game, new_game
from engine.actions import Play
from engine.layout import ARM_WORDS
from engine.views import LineOfPlayView, LineView, arm_and_value, line_view
from tabletop.line import draw_line
from tabletop.players import players

CELL = re.compile(r"\[(\d+)\|(\d+)\]")
UPRIGHT = re.compile(r"^\s*\|\s*(\d+)\|$")


def drawn(line: LineOfPlayView, width: int = 1000) -> tuple[list[tuple[int, int]], list[int], list[int], list[str]]:
    """The drawing read back: the tiles along the row, the numbers above it and below it (top to bottom)."""
    rows = draw_line(line, str, width)
    (at,) = [i for i, row in enumerate(rows) if CELL.search(row)]
    along = [(int(a), int(b)) for a, b in CELL.findall(rows[at])]
    above = [int(m.group(1)) for row in rows[:at] if (m := UPRIGHT.match(row))]
    below = [int(m.group(1)) for row in rows[at + 1:] if (m := UPRIGHT.match(row))]
    return along, above, below, rows


def touch(left: tuple[int, int], right: tuple[int, int], view: LineView) -> bool:
    """Two neighbours along the line touch as the game's rule says: equal numbers, or (Matador) numbers that make
    the sum, or one of them a matador, which goes anywhere."""
    total = view.get("sum")
    if total is None:
        return left[1] == right[0]
    matadors = {tuple(sorted(m)) for m in view.get("matadors", [])}
    return left[1] + right[0] == total or bool({tuple(sorted(left)), tuple(sorted(right))} & matadors)


def check(view: LineView) -> None:
    line = view["line"]
    along, above, below, rows = drawn(line)
    arms = line["arms"]
    assert len(along) == 1 + len(arms["W"]) + len(arms["E"])
    assert len(above) == 2 * len(arms["N"]) and len(below) == 2 * len(arms["S"])
    assert all(touch(left, right, view) for left, right in itertools.pairwise(along)), rows
    centre = str(line["center"]).split("-")
    assert along[len(arms["W"])] == (int(centre[0]), int(centre[1]))
    # upright tiles: the number touching the line (or the tile before) equals what it touches
    column = [*above, int(centre[0])] if above else []
    assert all(column[i] == column[i + 1] for i in range(1, len(column) - 1, 2)), rows
    column = [int(centre[0]), *below] if below else []
    assert all(column[i] == column[i + 1] for i in range(0, len(column) - 1, 2)), rows
    ends = dict(map(arm_and_value, line["open_ends"]))
    row = next(r for r in rows if CELL.search(r))
    if "W" in ends:
        assert row.split()[:2] == ["left", str(ends["W"])] and ends["W"] == along[0][0]
    if "E" in ends:
        assert row.split()[-2:] == ["right", str(ends["E"])] and ends["E"] == along[-1][1]
    for arm, shown in (("N", above[:1]), ("S", below[-1:])):
        if arm in ends:
            assert f"{ARM_WORDS[arm]} {ends[arm]}" in "\n".join(rows)
            assert not shown or shown[0] == ends[arm]


def landed(game: Game, action: Play, before: LineOfPlayView) -> None:
    """A move on an end lands at the end the drawing labels with the move's word."""
    along, above, below, rows = drawn(line_view(game.view(None))["line"])
    tile = {action.tile.high, action.tile.low}
    assert str(ARM_WORDS[action.end]) in game.describe(action)
    if action.end == "W":
        assert set(along[0]) == tile and along[0][1] == action.face, rows
    elif action.end == "E":
        assert set(along[-1]) == tile and along[-1][0] == action.face, rows
    elif action.end == "N":
        assert set(above[:2]) == tile and above[1] == action.face, rows
    else:
        assert set(below[-2:]) == tile and below[-2] == action.face, rows
    assert len(along) + (len(above) + len(below)) // 2 == 2 + sum(len(arm) for arm in before["arms"].values())


@pytest.mark.parametrize(("key", "seats", "options"), [
    ("draw", 2, {}), ("block", 4, {}), ("muggins", 2, {}), ("muggins", 4, {"muggins_partners": True}),
    ("sebastopol", 4, {}), ("tiddle_a_wink", 6, {"tiddle_one_arm": True}), ("matador", 3, {}),
    ("bergen", 3, {}), ("draw", 4, {"first_double_spinner": True}),
])
def test_every_tile_is_drawn_where_its_move_said(key: str, seats: int, options: dict[str, object]) -> None:
    game = new_game(key, seats, 3, options)
    seated = players(key, ["normal"] * seats, 3)
    plays = 0
    used: set[str] = set()
    while not game.is_over and plays < 400:
        seat = game.to_act[0]
        action = seated[seat].choose(game, seat)
        before = line_view(game.view(None))["line"]
        round_no = game.round_no
        game.apply(seat, action)
        view = line_view(game.view(None))
        if view["line"]["center"] is not None:
            check(view)
        if isinstance(action, Play) and action.end and game.round_no == round_no and not game.is_over:
            landed(game, action, before)
            used.add(action.end)
        plays += 1
    assert used == {"E"} if options.get("tiddle_one_arm") else used >= {"W", "E"}
    if key in ("muggins", "sebastopol"):
        assert used & {"N", "S"}  # a spinner's arms were played, and drawn where the moves said


def test_a_long_line_wraps_to_the_width_and_keeps_every_tile_in_order() -> None:
    game = new_game("muggins", 2, 4)  # double-twelve: long lines
    seated = players("muggins", ["normal", "normal"], 4)
    longest: LineOfPlayView | None = None
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, seated[seat].choose(game, seat))
        line = line_view(game.view(None))["line"]
        if line["center"] is not None and (longest is None or len(line["arms"]["W"]) + len(line["arms"]["E"])
                                           > len(longest["arms"]["W"]) + len(longest["arms"]["E"])):
            longest = line
    assert longest is not None
    along, above, below, _rows = drawn(longest)
    narrow = draw_line(longest, str, 40)
    assert all(len(row) <= 40 for row in narrow), narrow
    arm_rows = [i for i, row in enumerate(narrow) if row.startswith(("top", "bottom"))]
    flowed = [(int(a), int(b)) for row in narrow[:arm_rows[0]] for a, b in CELL.findall(row)]
    assert flowed == along and len(narrow[:arm_rows[0]]) > 1
    top = [int(n) for row in narrow[arm_rows[0]:arm_rows[-1]] for pair in CELL.findall(row) for n in pair]
    assert top == above[::-1]  # the same tiles as drawn upright, read from the centre out
    bottom = [int(n) for row in narrow[arm_rows[-1]:] for pair in CELL.findall(row) for n in pair]
    assert bottom == below
    assert narrow[0].startswith("left ") and narrow[0].endswith(" >") and narrow[1].startswith("> ")


def test_no_tile_yet_draws_nothing_and_a_plain_line_has_no_arms() -> None:
    empty: LineOfPlayView = {"center": None, "center_seat": None, "spinner": False, "open_ends": [],
                             "arms": {"W": [], "E": [], "N": [], "S": []}}
    assert draw_line(empty, str, 80) == []
    plain: LineOfPlayView = {"center": "6-4", "center_seat": 0, "spinner": False, "open_ends": [["W", 6], ["E", 1]],
                             "arms": {"W": [], "E": [[4, 1, 1]], "N": [], "S": []}}
    assert draw_line(plain, str, 80) == [" left 6  [6|4][4|1]  right 1"]
