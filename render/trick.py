"""Trick games: the current trick around the table, the contract and trumps, bids, teams, tricks and points."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.views import TrickView, seat_and_bid, seat_and_tile
from render.canvas import draw_text, fit, seat_names, with_names, wrap
from render.context import suit_words
from render.info import InfoPanel
from render.panels import (
    Plate,
    draw_plate,
    footer,
    has_teams,
    header,
    new_strip,
    side_of,
    side_score,
    stack,
    title_line,
)
from render.ring import Ring
from render.theme import MARGIN, MUTED, RGB, TEXT, team_colour
from render.tiles import paste_tile, tile_image

WIDTH = 960
PLATE_W, PLATE_H = 168, 54
TILE = 30
CENTRE_W = 150  # the words in the middle of the table: trumps, the suit led, who took the last trick
PHASES = {"bid": "Bidding", "trump": "Naming trumps", "nel_o": "Nel-O", "accept": "Turn-up offered",
          "discard": "Dealer discards", "pass": "Passing tiles"}


def trick_table(view: TrickView, names: Sequence[str]) -> Image.Image:
    """The table of a trick game (family "trick")."""
    seats = view["seats"]
    everyone = seat_names(names, seats)
    ring = Ring(560, 420 if seats <= 4 else 470, seats)
    info = trick_info(view, everyone, WIDTH - 2 * MARGIN - int(ring.width) - 16)
    height = int(max(ring.height, info.height))
    strip, draw = new_strip(WIDTH, height)
    ring.draw_felt(draw, MARGIN, (height - ring.height) / 2)
    _seats_and_trick(strip, draw, view, everyone, ring, (MARGIN, (height - ring.height) / 2))
    info.paste(strip, MARGIN + int(ring.width) + 16, 0)
    facts = [f"Target {view['target']}"]
    dealer = view["dealer"]
    if dealer is not None and 0 <= dealer < seats:
        facts.append(f"Dealer {everyone[dealer]}")
    head = header(WIDTH, title_line(view, "Hand"), "  ·  ".join(facts))
    return stack([head, strip, footer(WIDTH, view, everyone)], WIDTH)


def trick_plate(view: TrickView, names: Sequence[str], seat: int) -> Plate:
    """A seat's plate at a trick table: tiles held, bid, dealer, leader, sitting out, winner."""
    counts = view["hand_counts"]
    out = seat in view["sitting_out"]
    facts = ["sits out"] if out else [f"{counts[seat]} tiles"] if seat < len(counts) else []
    bid = _bid_of(view, seat)
    if bid is not None:
        facts.append("passed" if bid == "pass" else f"bid {bid}")
    if not has_teams(view):
        score = side_score(view, seat)
        if score is not None:
            facts.append(f"{score} pts")
    if view["over"]:
        tags = ["WINNER"] if seat in view["winners"] else []
        return Plate(names[seat], "  ·  ".join(facts), tags, False, _colour(view, seat), dim=out)
    tags = []
    if view["dealer"] == seat:
        tags.append("dealer")
    trick = view["trick"]
    if trick is not None and trick["leader"] == seat and not out:
        tags.append("leads")
    if view["phase"] == "pass" and seat in view.get("passes_locked", []):
        tags.append("ready")
    turn = seat in view["to_act"]
    return Plate(names[seat], "  ·  ".join(facts), tags, turn, _colour(view, seat), dim=out)


def _colour(view: TrickView, seat: int) -> RGB | None:
    return team_colour(side_of(view, seat)) if has_teams(view) else None


def _bid_of(view: TrickView, seat: int) -> str | None:
    if view["phase"] == "play":
        return None
    said = None
    for bidder, bid in map(seat_and_bid, view["bids"]):
        if bidder == seat:
            said = bid
    return said


def _seats_and_trick(image: Image.Image, draw: ImageDraw.ImageDraw, view: TrickView, names: Sequence[str],
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
    turnup = view["turnup"]
    if not plays and turnup and view["phase"] != "play":
        high, _, low = turnup.partition("-")
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


def _shown_trick(view: TrickView, names: Sequence[str]) -> tuple[list[tuple[int, str]], bool, str]:
    """The trick on the table, or, between tricks, the last one greyed with who took it."""
    trick = view["trick"]
    plays = [seat_and_tile(play) for play in trick["plays"]] if trick is not None else []
    if plays:
        return plays, False, ""
    last = view["last_trick"]
    if last is not None and last["plays"]:
        winner = last["winner"]
        who = names[winner] if 0 <= winner < len(names) else "someone"
        return [seat_and_tile(play) for play in last["plays"]], True, f"Last trick won by {who}"
    return [], False, ""


def _centre_words(view: TrickView, caption: str) -> list[str]:
    words = []
    contract = view["contract"]
    phase = view["phase"]
    if contract is not None and contract["trumps"] is not None:
        trumps = suit_words(contract["trumps"])
        if contract["trumps"] == "nel_o":  # the 42 family's Nel-O contract: no trumps, lose every trick
            words.append("Nel-O, no trumps")
        else:
            words.append("No trumps" if trumps == "no trumps" else f"{trumps.capitalize()} are trumps")
    elif phase and phase != "play":
        words.append(PHASES.get(phase, phase.capitalize()))
        direction = view.get("pass_direction")
        if phase == "pass" and direction:
            words.append(f"3 tiles go {direction}")
    trick = view["trick"]
    if trick is not None and trick["led_suit"] is not None and trick["plays"]:
        words.append(f"{suit_words(trick['led_suit'])} led")
    if caption:
        words.append(caption)
    return words


def trick_info(view: TrickView, names: Sequence[str], width: int) -> InfoPanel:
    """The side panel: contract or bids, turn-up, the teams' scores, tricks and points this hand."""
    panel = InfoPanel(width)
    contract = view["contract"]
    if contract is not None and contract["label"]:
        panel.section("Contract")
        panel.text(with_names(contract["label"], names), bold=True)
    elif view["bids"] or view["phase"] == "bid":
        panel.section("Bidding")
        bids = [f"{names[s]}: {b}" for s, b in map(seat_and_bid, view["bids"]) if 0 <= s < len(names)]
        panel.text(",  ".join(bids) if bids else "No bids yet")
    turnup = view["turnup"]
    if turnup and view["phase"] == "play":
        panel.section("Turn-up")
        panel.tiles([turnup], caption=_turnup_caption(view))
    _sides(panel, view, names)
    return panel


def _turnup_caption(view: TrickView) -> str:
    trump = view.get("trump")
    return f"offers {suit_words(trump)}" if trump is not None else ""


def _sides(panel: InfoPanel, view: TrickView, names: Sequence[str]) -> None:
    sides, scores = view["sides"], view["scores"]
    tricks, points = view["tricks_won"], view["points_taken"]
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
