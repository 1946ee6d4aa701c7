"""The score table at the end of a round or match: what each seat or side scored, totals, and the winners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from render.canvas import seat_names
from render.generic import events
from render.grid import Row, grid
from render.panels import has_teams, header, side_of, stack
from render.poker import chips
from render.theme import team_colour
from render.words import log_lines

WIDTH = 720


def scores_image(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """Per-seat round results (line games) or per-side results (trick games), totals and the winners."""
    seats = int(view.get("seats") or len(view.get("hand_counts") or []) or 1)
    everyone = seat_names(names, seats)
    title = str(view.get("title") or view.get("game") or "Dominoes")
    over = bool(view.get("over"))
    kind = view.get("kind")
    what = "Final scores" if over else _when(view)
    if kind == "poker":
        headings, rows = _poker_rows(view, everyone)
    elif kind == "line" and isinstance(view.get("last_round"), Mapping):
        headings, rows = _line_rows(view, everyone)
    else:
        headings, rows = _side_rows(view, everyone)
    target = view.get("target")
    strips = [header(WIDTH, f"{title}  ·  {what}", f"Target {target}" if target is not None else ""),
              grid(WIDTH, headings, rows)]
    log = log_lines(view, everyone)
    if log:
        strips.append(events(WIDTH, log[-5:], everyone, "How it ended" if over else "This round"))
    return stack(strips, WIDTH)


def _when(view: Mapping[str, Any]) -> str:
    """Which round the scores follow: the round or hand just finished when the view says, else the current one."""
    for key, word in (("last_round", "round"), ("last_hand", "hand")):
        done = view.get(key)
        if isinstance(done, Mapping):
            return f"Scores after {word} {done['round']}" if done.get("round") else f"Scores after the last {word}"
    number = view.get("round")
    return f"Scores in round {number}" if number else "Scores"


def _winner(view: Mapping[str, Any], seats: Sequence[int]) -> bool:
    winners = set(view.get("winners") or [])
    return bool(winners) and any(s in winners for s in seats)


def _line_rows(view: Mapping[str, Any], names: Sequence[str]) -> tuple[list[str], list[Row]]:
    last = view["last_round"]
    pips, points = list(last.get("pips") or []), list(last.get("points") or [])
    scores = list(view.get("scores") or [])
    teams = has_teams(view)
    rows = []
    for seat, name in enumerate(names):
        side = side_of(view, seat)
        cells = [name + ("  (winner)" if _winner(view, [seat]) else ""),
                 _at(pips, seat), _signed(_at(points, seat)), _at(scores, side)]
        rows.append(Row(cells, _winner(view, [seat]), team_colour(side) if teams else None))
    return ["Player", "Pips left", "Round", "Total"], rows


def _side_rows(view: Mapping[str, Any], names: Sequence[str]) -> tuple[list[str], list[Row]]:
    """One row per side: this hand's tricks and points (from ``last_hand`` once the hand is over), and totals."""
    sides = [list(s) for s in view.get("sides") or [[s] for s in range(len(names))]]
    columns = _hand_columns(view)
    headings = ["Team" if has_teams(view) else "Player", *columns, "Total"]
    scores = list(view.get("scores") or [])
    rows = []
    for index, side in enumerate(sides):
        label = " & ".join(names[s] for s in side if 0 <= s < len(names))
        cells = [label, *(_at(values, index) for values in columns.values()), _at(scores, index)]
        rows.append(Row(cells, _winner(view, side), team_colour(index) if len(side) > 1 else None))
    return headings, rows


def _hand_columns(view: Mapping[str, Any]) -> dict[str, list[Any]]:
    """Per-side figures of the hand just finished (``last_hand``) or, while it is played, of this hand."""
    last = view.get("last_hand")
    if isinstance(last, Mapping):
        found = {title: list(last[key]) for key, title in (("points_taken", "Points"), ("taken", "Counters"),
                                                           ("penalties", "Penalty")) if isinstance(last.get(key), list)}
        if found:
            return found
    columns = {}
    if view.get("tricks_won"):
        columns["Tricks"] = list(view["tricks_won"])
    if view.get("points_taken"):
        columns["Points"] = list(view["points_taken"])
    return columns


def _poker_rows(view: Mapping[str, Any], names: Sequence[str]) -> tuple[list[str], list[Row]]:
    stacks = chips(view)
    rows = [Row([name, _at(stacks, seat)], _winner(view, [seat])) for seat, name in enumerate(names)]
    return ["Player", "Chips"], rows


def _at(values: Sequence[Any], index: int) -> str:
    return str(values[index]) if 0 <= index < len(values) and values[index] is not None else "-"


def _signed(text: str) -> str:
    return f"+{text}" if text.isdigit() and text != "0" else text
