"""Trick games: the current trick around the table, the contract and trumps, bids, teams, tricks and points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.canvas import draw_text, fit, seat_names, with_names, wrap
from render.info import InfoPanel
from render.panels import Plate, draw_plate, footer, has_teams, header, new_strip, side_of, side_score, stack
from render.ring import Ring
from render.theme import MARGIN, MUTED, RGB, TEXT, team_colour
from render.tiles import paste_tile, tile_image
from render.words import suit_words

WIDTH = 960
PLATE_W, PLATE_H = 168, 54
TILE = 30
CENTRE_W = 150  # the words in the middle of the table: trumps, the suit led, who took the last trick
PHASES = {"bid": "Bidding", "trump": "Naming trumps", "nel_o": "Nel-O", "accept": "Turn-up offered",
          "discard": "Dealer discards", "pass": "Passing tiles"}


def trick_table(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """The table of a trick game (``kind`` "trick")."""
    seats = int(view.get("seats") or len(view.get("hand_counts") or []))
    everyone = seat_names(names, seats)
    ring = Ring(560, 420 if seats <= 4 else 470, seats)
    info = trick_info(view, everyone, WIDTH - 2 * MARGIN - int(ring.width) - 16)
    height = int(max(ring.height, info.height))
    strip, draw = new_strip(WIDTH, height)
    ring.draw_felt(draw, MARGIN, (height - ring.height) / 2)
    _seats_and_trick(strip, draw, view, everyone, ring, (MARGIN, (height - ring.height) / 2))
    info.paste(strip, MARGIN + int(ring.width) + 16, 0)
    title = str(view.get("title") or view.get("game") or "Trick game")
    number = view.get("round")
    facts = [f"Target {view['target']}" if view.get("target") is not None else ""]
    if isinstance(view.get("dealer"), int) and 0 <= view["dealer"] < seats:
        facts.append(f"Dealer {everyone[view['dealer']]}")
    head = header(WIDTH, f"{title}  ·  Hand {number}" if number else title, "  ·  ".join(f for f in facts if f))
    return stack([head, strip, footer(WIDTH, view, everyone)], WIDTH)


def trick_plate(view: Mapping[str, Any], names: Sequence[str], seat: int) -> Plate:
    """A seat's plate at a trick table: tiles held, bid, dealer, leader, sitting out, winner."""
    counts = view.get("hand_counts") or []
    out = seat in (view.get("sitting_out") or [])
    facts = ["sits out"] if out else [f"{counts[seat]} tiles"] if seat < len(counts) else []
    bid = _bid_of(view, seat)
    if bid is not None:
        facts.append("passed" if bid == "pass" else f"bid {bid}")
    if not has_teams(view):
        score = side_score(view, seat)
        if score is not None:
            facts.append(f"{score} pts")
    if view.get("over"):
        tags = ["WINNER"] if seat in (view.get("winners") or []) else []
        return Plate(names[seat], "  ·  ".join(facts), tags, False, _colour(view, seat), dim=out)
    tags = []
    if view.get("dealer") == seat:
        tags.append("dealer")
    trick = view.get("trick") or {}
    if trick.get("leader") == seat and not out:
        tags.append("leads")
    if view.get("phase") == "pass" and seat in (view.get("passes_locked") or []):
        tags.append("ready")
    turn = seat in (view.get("to_act") or [])
    return Plate(names[seat], "  ·  ".join(facts), tags, turn, _colour(view, seat), dim=out)


def _colour(view: Mapping[str, Any], seat: int) -> RGB | None:
    return team_colour(side_of(view, seat)) if has_teams(view) else None


def _bid_of(view: Mapping[str, Any], seat: int) -> str | None:
    if view.get("phase") == "play":
        return None
    said = None
    for entry in view.get("bids") or []:
        if entry and entry[0] == seat:
            said = str(entry[1])
    return said


def _seats_and_trick(image: Image.Image, draw: ImageDraw.ImageDraw, view: Mapping[str, Any], names: Sequence[str],
                     ring: Ring, origin: tuple[float, float]) -> None:
    ox, oy = origin
    plays, faded, caption = _shown_trick(view, names)
    for seat in range(ring.seats):
        px, py = ring.plate_centre(seat, PLATE_W, PLATE_H)
        draw_plate(draw, trick_plate(view, names, seat), ox + px - PLATE_W / 2, oy + py - PLATE_H / 2,
                   PLATE_W, PLATE_H)
    for seat, tile in plays:
        if not 0 <= seat < ring.seats:
            continue
        sx, sy = ring.spot(seat, PLATE_W + 30, PLATE_H + TILE + 34)
        high, _, low = tile.partition("-")
        face = tile_image(int(high), int(low), TILE, True, None, faded)
        paste_tile(image, face, ox + sx - TILE / 2, oy + sy - TILE)
    centre = _centre_words(view, caption)
    mid_y = oy + ring.height / 2
    if not plays and view.get("turnup") and view.get("phase") != "play":
        high, _, low = str(view["turnup"]).partition("-")
        paste_tile(image, tile_image(int(high), int(low), 34, True), ox + ring.width / 2 - 17, mid_y - 78)
        mid_y += 30
    lines = [(fit(centre[0], 16, CENTRE_W), 16)] if centre else []
    lines += [(part, 14) for words in centre[1:] for part in wrap(words, 14, CENTRE_W, 2)]
    for index, (line, size) in enumerate(lines):
        draw_text(draw, (ox + ring.width / 2, mid_y - 10 * (len(lines) - 1) + 20 * index), line,
                  size, TEXT if index == 0 else MUTED, "mm", index == 0)


def plural(count: object, word: str) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _shown_trick(view: Mapping[str, Any], names: Sequence[str]) -> tuple[list[tuple[int, str]], bool, str]:
    """The trick on the table, or, between tricks, the last one greyed with who took it."""
    trick = view.get("trick") or {}
    plays = [(int(s), str(t)) for s, t in trick.get("plays") or []]
    if plays:
        return plays, False, ""
    last = view.get("last_trick")
    if isinstance(last, Mapping) and last.get("plays"):
        winner = last.get("winner")
        who = names[winner] if isinstance(winner, int) and 0 <= winner < len(names) else "someone"
        return [(int(s), str(t)) for s, t in last["plays"]], True, f"Last trick won by {who}"
    return [], False, ""


def _centre_words(view: Mapping[str, Any], caption: str) -> list[str]:
    words = []
    contract = view.get("contract")
    phase = str(view.get("phase") or "")
    if isinstance(contract, Mapping) and contract.get("trumps") is not None:
        trumps = suit_words(contract["trumps"])
        if contract["trumps"] == "nel_o":  # the 42 family's Nel-O contract: no trumps, lose every trick
            words.append("Nel-O, no trumps")
        else:
            words.append("No trumps" if trumps == "no trumps" else f"{trumps.capitalize()} are trumps")
    elif phase and phase != "play":
        words.append(PHASES.get(phase, phase.capitalize()))
        if phase == "pass" and view.get("pass_direction"):
            words.append(f"3 tiles go {view['pass_direction']}")
    trick = view.get("trick") or {}
    if trick.get("led_suit") is not None and trick.get("plays"):
        words.append(f"{suit_words(trick['led_suit'])} led")
    if caption:
        words.append(caption)
    return words


def trick_info(view: Mapping[str, Any], names: Sequence[str], width: int) -> InfoPanel:
    """The side panel: contract or bids, turn-up, the teams' scores, tricks and points this hand."""
    panel = InfoPanel(width)
    contract = view.get("contract")
    if isinstance(contract, Mapping) and contract.get("label"):
        panel.section("Contract")
        panel.text(with_names(str(contract["label"]), names), bold=True)
    elif view.get("bids") or view.get("phase") == "bid":
        panel.section("Bidding")
        bids = [f"{names[s]}: {b}" for s, b in view.get("bids") or [] if 0 <= s < len(names)]
        panel.text(",  ".join(bids) if bids else "No bids yet")
    if view.get("turnup") and view.get("phase") == "play":
        panel.section("Turn-up")
        panel.tiles([str(view["turnup"])], caption=_turnup_caption(view))
    _sides(panel, view, names)
    return panel


def _turnup_caption(view: Mapping[str, Any]) -> str:
    trump = view.get("trump")
    return f"offers {suit_words(trump)}" if trump is not None else ""


def _sides(panel: InfoPanel, view: Mapping[str, Any], names: Sequence[str]) -> None:
    sides = [list(s) for s in view.get("sides") or []]
    scores = list(view.get("scores") or [])
    tricks, points = list(view.get("tricks_won") or []), list(view.get("points_taken") or [])
    panel.section("Teams" if has_teams(view) else "Players")
    for index, side in enumerate(sides):
        label = " & ".join(names[s] for s in side if 0 <= s < len(names))
        score = scores[index] if index < len(scores) else "-"
        facts = []
        if index < len(tricks):
            facts.append(plural(tricks[index], "trick"))
        if index < len(points):
            facts.append(plural(points[index], "point") + " this hand")
        panel.side(label, str(score), "  ·  ".join(facts), team_colour(index) if len(side) > 1 else None)
