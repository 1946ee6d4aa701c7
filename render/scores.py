"""The score table at the end of a round or match: what each seat or side scored, totals, and the winners."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from PIL import Image

from engine.views import FAMILIES, CommonView, EventJson, GameView, LastRound, LineView, PokerView
from render.canvas import seat_names, signed
from render.grid import Row, grid
from render.language import _, say
from render.panels import events, has_teams, header, side_of, stack
from render.poker import chips
from render.theme import WIDTH, team_colour
from render.words import log_lines

ROUND_ENDS = frozenset({"round_over", "hand_over", "pot", "throw_in"})
# what a round's end reports with it (before the next round's opening)
AFTER_END = frozenset({"score", "contract", "moon", "tie", "match_over", "out", "stop"})
#: The column headings (in English here, where the code compares them; said in the picture's language).
HEADINGS = (_("Player"), _("Team"), _("Pips"), _("In play"), _("At end"), _("Round"), _("Total"), _("Taken"),
            _("Counters"), _("Scored"), _("Tricks"), _("Points"), _("Last hand"), _("Chips"))


def scores_image(view: GameView, names: Sequence[str]) -> Image.Image:
    """Per-seat round results (line games) or per-side results (trick games), totals and the winners."""
    everyone = seat_names(names, view["seats"])
    over = view["over"]
    what = say("Final scores") if over else _when(view)
    if view["family"] == "poker":
        headings, rows = _poker_rows(view, everyone)
    elif view["family"] == "line" and view["last_round"] is not None:
        headings, rows = _line_rows(view, view["last_round"], everyone)
    elif view["family"] in FAMILIES:
        headings, rows = _side_rows(view, everyone)
    else:
        raise ValueError(f"no score table for the family {view['family']!r}")
    target = view["target"] if view["family"] == "line" or view["family"] == "trick" else None
    facts = say("Target {target}", target=target) if target is not None else ""
    if view["family"] == "trick" and view.get("lowest_wins"):
        facts += say(", lowest wins")
    game = view["title"]
    strips = [header(WIDTH, f"{say(game)}  ·  {what}", facts), grid(WIDTH, [say(h) for h in headings], rows)]
    log = log_lines(cast(CommonView, {**view, "log": hand_log(view["log"])}), everyone)
    if log:
        strips.append(events(WIDTH, log[-5:], everyone, say("How it ended") if over else say("How the hand ended")))
    return stack(strips, WIDTH)


def hand_log(log: Sequence[EventJson]) -> list[EventJson]:
    """The events of the round or hand just finished: up to its end and what was scored with it, never the next
    round's opening (the view's log runs on into it). Empty when the log no longer holds the end."""
    ends = [index for index, event in enumerate(log) if event["kind"] in ROUND_ENDS]
    if not ends:
        return [event for event in log if event["kind"] == "match_over"]
    last = ends[-1]
    stop = last + 1
    while stop < len(log) and log[stop]["kind"] in AFTER_END:
        stop += 1
    return list(log[:stop])


def settled_scores(view: CommonView) -> list[int]:
    """The totals as they stood when the last round or hand ended: the view's scores less what was scored since
    the next deal (Bergen's opening double, Muggins' first count belong to the next round). The view's scores when
    its log no longer holds that end."""
    scores = list(view["scores"])
    log = view["log"]
    ends = [index for index, event in enumerate(log) if event["kind"] in ROUND_ENDS]
    if not ends:
        return scores
    deal = next((i for i in range(ends[-1], len(log)) if log[i]["kind"] == "deal"), len(log))
    for event in log[deal:]:
        side = event.get("side")
        if event["kind"] == "score" and side is not None and 0 <= side < len(scores):
            scores[side] -= event.get("points", 0)
    return scores


def _when(view: GameView) -> str:
    """Which round the scores follow: the round or hand just finished when the view says, else the current one."""
    if view["family"] == "line" and view["last_round"] is not None:
        number = view["last_round"]["round"]
        return say("Scores after round {number}", number=number) if number else say("Scores after the last round")
    if view["family"] in ("trick", "poker") and "last_points" in view:
        # the next hand is dealt as the last one ends
        return say("Scores after hand {number}", number=max(1, view["round"] - 1))
    number = view["round"]
    return say("Scores in round {number}", number=number) if number else say("Scores")


def _winner(view: CommonView, seats: Sequence[int]) -> bool:
    winners = set(view["winners"])
    return bool(winners) and any(s in winners for s in seats)


def _line_rows(view: LineView, last: LastRound, names: Sequence[str]) -> tuple[list[str], list[Row]]:
    """One row per seat: pips left, the points its side scored in play (Bergen, Muggins) and at the round's end,
    the round's whole score and the total."""
    pips, at_end, scores = last["pips"], last["points"], settled_scores(view)
    scored = view.get("last_points")
    teams = has_teams(view)
    in_play = []
    for index, seats in enumerate(view["sides"]):
        ended = sum(at_end[s] for s in seats if 0 <= s < len(at_end))
        in_play.append(scored[index] - ended if scored is not None and index < len(scored) else 0)
    show_play = any(in_play)
    rows = []
    for seat, name in enumerate(names):
        side = side_of(view, seat)
        cells = [name + ("  " + say("(winner)") if _winner(view, [seat]) else ""), _at(pips, seat)]
        if show_play:
            cells += [_signed(_at(in_play, side)), _signed(_at(at_end, seat))]
        cells += [_signed(_at(scored, side) if scored is not None else _at(at_end, seat)), _at(scores, side)]
        rows.append(Row(cells, _winner(view, [seat]), team_colour(side) if teams else None))
    headings = ["Player", "Pips", *(["In play", "At end"] if show_play else []), "Round", "Total"]
    return headings, rows


def _side_rows(view: GameView, names: Sequence[str]) -> tuple[list[str], list[Row]]:
    """One row per side: the last hand's points taken and points scored (once a hand is over), and totals."""
    columns = _hand_columns(view)
    headings = ["Team" if has_teams(view) else "Player", *columns, "Total"]
    rows = []
    for index, side in enumerate(view["sides"]):
        label = " & ".join(names[s] for s in side if 0 <= s < len(names))
        cells = [label, *(_cell(values, index, heading) for heading, values in columns.items()),
                 _at(view["scores"], index)]
        rows.append(Row(cells, _winner(view, side), team_colour(index) if len(side) > 1 else None))
    return headings, rows


def _cell(values: Sequence[int], index: int, heading: str) -> str:
    return _signed(_at(values, index)) if heading in ("Scored", "Round") else _at(values, index)


def _hand_columns(view: GameView) -> dict[str, Sequence[int]]:
    """Per-side figures of the hand just finished: what each side took in tricks and what it scored for it (the
    change in totals: a set, a march, shooting the moon); while the first hand is played, its tricks and points."""
    scored = view.get("last_points")
    if view["family"] != "trick":
        return {"Round": scored} if scored is not None and view["family"] == "line" else {}
    last = view.get("last_hand")
    if scored is not None:
        found: dict[str, Sequence[int]] = {}
        if last is not None and "points_taken" in last:
            found["Taken"] = last["points_taken"]
        if last is not None and "taken" in last:
            found["Counters"] = last["taken"]
        found["Scored"] = scored
        return found
    columns: dict[str, Sequence[int]] = {}
    if view["tricks_won"]:
        columns["Tricks"] = view["tricks_won"]
    if view["points_taken"]:
        columns["Points"] = view["points_taken"]
    return columns


def _poker_rows(view: PokerView, names: Sequence[str]) -> tuple[list[str], list[Row]]:
    stacks = chips(view)
    won = view.get("last_points")
    rows = []
    for seat, name in enumerate(names):
        cells = [name, *([_signed(_at(won, seat))] if won is not None else []), _at(stacks, seat)]
        rows.append(Row(cells, _winner(view, [seat])))
    return ["Player", *(["Last hand"] if won is not None else []), "Chips"], rows


def _at(values: Sequence[int] | None, index: int) -> str:
    return str(values[index]) if values is not None and 0 <= index < len(values) else "-"


def _signed(text: str) -> str:
    return signed(int(text)) if text.lstrip("-").isdigit() else text
