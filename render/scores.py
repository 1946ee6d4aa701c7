"""The score table at the end of a round or match: what each seat or side scored, totals, and the winners."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.views import FAMILIES, CommonView, GameView, LastRound, LineView, PokerView
from render.canvas import seat_names
from render.grid import Row, grid
from render.panels import events, has_teams, header, side_of, stack
from render.poker import chips
from render.theme import team_colour

WIDTH = 720


def scores_image(view: GameView, names: Sequence[str]) -> Image.Image:
    """Per-seat round results (line games) or per-side results (trick games), totals and the winners."""
    everyone = seat_names(names, view["seats"])
    over = view["over"]
    what = "Final scores" if over else _when(view)
    if view["family"] == "poker":
        headings, rows = _poker_rows(view, everyone)
    elif view["family"] == "line" and view["last_round"] is not None:
        headings, rows = _line_rows(view, view["last_round"], everyone)
    elif view["family"] in FAMILIES:
        headings, rows = _side_rows(view, everyone)
    else:
        raise ValueError(f"no score table for the family {view['family']!r}")
    target = view["target"] if view["family"] == "line" or view["family"] == "trick" else None
    strips = [header(WIDTH, f"{view['title']}  ·  {what}", f"Target {target}" if target is not None else ""),
              grid(WIDTH, headings, rows)]
    log = view["log"]
    if log:
        strips.append(events(WIDTH, log[-5:], everyone, "How it ended" if over else "This round"))
    return stack(strips, WIDTH)


def _when(view: GameView) -> str:
    """Which round the scores follow: the round or hand just finished when the view says, else the current one."""
    if view["family"] == "line" and view["last_round"] is not None:
        number = view["last_round"]["round"]
        return f"Scores after round {number}" if number else "Scores after the last round"
    if view["family"] == "trick" or view["family"] == "poker":
        done = view.get("last_hand")
        if done is not None:
            hand = done.get("round")
            return f"Scores after hand {hand}" if hand else "Scores after the last hand"
    number = view["round"]
    return f"Scores in round {number}" if number else "Scores"


def _winner(view: CommonView, seats: Sequence[int]) -> bool:
    winners = set(view["winners"])
    return bool(winners) and any(s in winners for s in seats)


def _line_rows(view: LineView, last: LastRound, names: Sequence[str]) -> tuple[list[str], list[Row]]:
    pips, points, scores = last["pips"], last["points"], view["scores"]
    teams = has_teams(view)
    rows = []
    for seat, name in enumerate(names):
        side = side_of(view, seat)
        cells = [name + ("  (winner)" if _winner(view, [seat]) else ""),
                 _at(pips, seat), _signed(_at(points, seat)), _at(scores, side)]
        rows.append(Row(cells, _winner(view, [seat]), team_colour(side) if teams else None))
    return ["Player", "Pips left", "Round", "Total"], rows


def _side_rows(view: GameView, names: Sequence[str]) -> tuple[list[str], list[Row]]:
    """One row per side: this hand's tricks and points (from ``last_hand`` once the hand is over), and totals."""
    columns = _hand_columns(view)
    headings = ["Team" if has_teams(view) else "Player", *columns, "Total"]
    rows = []
    for index, side in enumerate(view["sides"]):
        label = " & ".join(names[s] for s in side if 0 <= s < len(names))
        cells = [label, *(_at(values, index) for values in columns.values()), _at(view["scores"], index)]
        rows.append(Row(cells, _winner(view, side), team_colour(index) if len(side) > 1 else None))
    return headings, rows


def _hand_columns(view: GameView) -> dict[str, list[int]]:
    """Per-side figures of a trick game's hand just finished (``last_hand``) or, while it is played, this hand's."""
    if view["family"] != "trick":
        return {}
    last = view.get("last_hand")
    found = {}
    if last is not None and "points_taken" in last:
        found["Points"] = last["points_taken"]
    if last is not None and "taken" in last:
        found["Counters"], found["Penalty"] = last["taken"], last["penalties"]
    if found:
        return found
    columns = {}
    if view["tricks_won"]:
        columns["Tricks"] = view["tricks_won"]
    if view["points_taken"]:
        columns["Points"] = view["points_taken"]
    return columns


def _poker_rows(view: PokerView, names: Sequence[str]) -> tuple[list[str], list[Row]]:
    stacks = chips(view)
    rows = [Row([name, _at(stacks, seat)], _winner(view, [seat])) for seat, name in enumerate(names)]
    return ["Player", "Chips"], rows


def _at(values: Sequence[int], index: int) -> str:
    return str(values[index]) if 0 <= index < len(values) else "-"


def _signed(text: str) -> str:
    return f"+{text}" if text.isdigit() and text != "0" else text
