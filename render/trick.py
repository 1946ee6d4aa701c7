"""Trick games: the key numbers (bid, trumps, the suit led, who is winning the trick) over the table, the current
trick around the table, and under the felt the contract, the teams' totals, tricks and points this hand."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.views import TrickView, seat_and_bid, seat_and_tile
from render.canvas import fit, seat_names, with_names
from render.context import contract_label
from render.geometry import Box
from render.info import InfoPanel
from render.language import _, said, say, say_n
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
from render.ring import Ring, seat_boxes
from render.table_line import CHIP_GAP, CHIP_H, Chip, chip_rows, draw_chips
from render.theme import ACCENT, KEY, MARGIN, RGB, WIDTH, team_colour
from render.tiles import paste_tile, tile_image
from render.words import suit_words

TILE = 36
PHASES = {"bid": _("bidding"), "trump": _("naming trumps"), "nel_o": "Nel-O", "accept": _("turn-up offered"),
          "discard": _("dealer discards"), "pass": _("passing tiles")}


def trick_table(view: TrickView, names: Sequence[str]) -> Image.Image:
    """The table of a trick game (family "trick")."""
    seats = view["seats"]
    everyone = seat_names(names, seats)
    room = WIDTH - 2 * MARGIN
    rows = chip_rows(trick_chips(view, everyone), room - 28)
    band = len(rows) * (CHIP_H + CHIP_GAP) + 14
    ring = trick_ring(seats)
    strip, draw = new_strip(WIDTH, band + int(ring.height))
    ring.draw_felt(draw, MARGIN, 0, band)
    draw_chips(draw, rows, MARGIN + 14, 14)
    _seats_and_trick(strip, draw, view, everyone, ring, (MARGIN, band))
    facts = [say("Target {target}", target=view["target"])]
    dealer = view["dealer"]
    if dealer is not None and 0 <= dealer < seats:
        facts.append(say("Dealer {name}", name=everyone[dealer]))
    head = header(WIDTH, title_line(view, _("Hand")), "  ·  ".join(facts))
    info = trick_info(view, everyone, room)
    panel, _unused = new_strip(WIDTH, info.height)
    info.paste(panel, MARGIN, 0)
    return stack([head, strip, panel, footer(WIDTH, view, everyone)], WIDTH)


def trick_chips(view: TrickView, names: Sequence[str]) -> list[Chip]:
    """The key numbers of a trick game: the high bid or the contract's bid and trumps, the suit led, who is winning
    the trick (or took the last one), and in Black Tile that the lowest total wins."""
    chips = []
    contract = view["contract"]
    phase = view["phase"]
    if contract is not None:
        if contract["bid"] and contract["bid"].isdigit():
            chips.append(Chip(say("{name} bid", name=_name(names, contract["seat"])), contract["bid"], ACCENT))
        if contract["trumps"] is not None:
            chips.append(Chip(say("trumps"), _trumps(contract["trumps"]), ACCENT))
    elif phase == "bid":
        bids = [(seat, bid) for seat, bid in map(seat_and_bid, view["bids"]) if bid != "pass"]
        chips.append(Chip(say("high bid, {name}", name=_name(names, bids[-1][0])) if bids else say("bidding"),
                          bids[-1][1] if bids else say("none yet"), ACCENT))
    elif phase != "play":
        chips.append(Chip(say("now"), say(PHASES.get(phase, phase))))
    trump = view.get("trump")
    if contract is None and trump is not None and phase != "bid":
        chips.append(Chip(say("on offer"), said(suit_words(trump)), ACCENT))
    trick = view["trick"]
    if trick is not None and trick["plays"] and trick["led_suit"] is not None:
        chips.append(Chip(say("led"), said(suit_words(trick["led_suit"]))))
        winning = trick.get("winning")
        if winning is not None:
            chips.append(Chip(say("winning"), fit(_name(names, winning), KEY, 230, bold=True)))
    last = view["last_trick"]
    if (trick is None or not trick["plays"]) and last is not None and last["plays"]:
        chips.append(Chip(say("last trick"), fit(_name(names, last["winner"]), KEY, 230, bold=True)))
    if view.get("lowest_wins"):
        chips.append(Chip(say("at {target}", target=view["target"]), say("lowest wins"), ACCENT))
    return chips


def _trumps(trumps: str) -> str:
    if trumps == "nel_o":  # the 42 family's Nel-O contract: no trumps, lose every trick
        return "Nel-O"
    return say("none") if trumps == "none" else said(suit_words(trumps))


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else say("someone")


def trick_plate(view: TrickView, names: Sequence[str], seat: int) -> Plate:
    """A seat's plate at a trick table: tiles held, bid, dealer, leader, sitting out, winner."""
    counts = view["hand_counts"]
    out = seat in view["sitting_out"]
    tiles = [say_n(counts[seat], "{count} tile", "{count} tiles")] if seat < len(counts) else []
    facts = [say("sits out")] if out else tiles
    bid = _bid_of(view, seat)
    if bid is not None:
        facts.append(say("passed") if bid == "pass" else say("bid {bid}", bid=bid))
    if not has_teams(view):
        score = side_score(view, seat)
        if score is not None:
            facts.append(say("{score} pts", score=score))
    if view["over"]:
        tags = [say("WINNER")] if seat in view["winners"] else []
        return Plate(names[seat], "  ·  ".join(facts), tags, False, _colour(view, seat), dim=out)
    tags = []
    if view["dealer"] == seat:
        tags.append(say("dealer"))
    trick = view["trick"]
    if trick is not None and trick["leader"] == seat and not out:
        tags.append(say("leads"))
    if view["phase"] == "pass" and seat in view.get("passes_locked", []):
        tags.append(say("ready"))
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


def trick_ring(seats: int) -> Ring:
    """The felt a trick table of ``seats`` sits around (taller for five and six, whose tiles stack two a side)."""
    return Ring(WIDTH - 2 * MARGIN, 390 if seats <= 4 else 500, seats)


def trick_boxes(ring: Ring) -> tuple[list[Box], list[Box]]:
    """Where each seat's plate and the tile it plays go on ``ring`` (never overlapping each other)."""
    return seat_boxes(ring, plate_size(ring.seats), (TILE, TILE * 2))


def plate_size(seats: int) -> tuple[float, float]:
    """A name plate's width and height at a table of ``seats``."""
    return (200 if seats <= 4 else 160), 84  # room for a long name on two lines over its facts


def _seats_and_trick(image: Image.Image, draw: ImageDraw.ImageDraw, view: TrickView, names: Sequence[str],
                     ring: Ring, origin: tuple[float, float]) -> None:
    ox, oy = origin
    plays, faded = _shown_trick(view)
    plates, spots = trick_boxes(ring)
    for seat, box in enumerate(plates):
        draw_plate(draw, trick_plate(view, names, seat), ox + box.x, oy + box.y, box.w, box.h)
    trick = view["trick"]
    winning = trick.get("winning") if trick is not None else None
    for seat, tile in plays:
        if not 0 <= seat < ring.seats:
            continue
        high, _, low = tile.partition("-")
        mark = ACCENT if seat == winning and not faded else None
        face = tile_image(int(high), int(low), TILE, True, mark, faded)
        paste_tile(image, face, ox + spots[seat].x, oy + spots[seat].y)
    turnup = view["turnup"]
    if not plays and turnup and view["phase"] != "play":
        high, _, low = turnup.partition("-")
        face = tile_image(int(high), int(low), 34, True)
        paste_tile(image, face, ox + ring.width / 2 - 17, oy + ring.height / 2 - 34)


def counted(count: int, one: str, many: str) -> str:
    """``1 trick``, ``2 tricks``: the form of ``one``/``many`` (each with ``{count}``) that ``count`` takes in the
    picture's language."""
    return say_n(count, one, many)


def _shown_trick(view: TrickView) -> tuple[list[tuple[int, str]], bool]:
    """The trick on the table, or, between tricks, the last one greyed (the chips say who took it)."""
    trick = view["trick"]
    plays = [seat_and_tile(play) for play in trick["plays"]] if trick is not None else []
    if plays:
        return plays, False
    last = view["last_trick"]
    if last is not None and last["plays"]:
        return [seat_and_tile(play) for play in last["plays"]], True
    return [], False


def trick_info(view: TrickView, names: Sequence[str], width: int) -> InfoPanel:
    """The panel under the felt: contract or bids, turn-up, the teams' scores, tricks and points this hand."""
    panel = InfoPanel(width)
    contract = view["contract"]
    if contract is not None:
        if not (contract["bid"].isdigit() and contract["trumps"] is not None):  # else the key numbers say it all
            panel.section(_("Contract"))
            panel.text(with_names(contract_label(view), names), bold=True)
    elif view["bids"] or view["phase"] == "bid":
        panel.section(_("Bidding"))
        passed = say("passed")
        bids = [f"{names[s]}: {passed if b == 'pass' else b}" for s, b in map(seat_and_bid, view["bids"])
                if 0 <= s < len(names)]
        panel.text(",  ".join(bids) if bids else say("No bids yet"))
    turnup = view["turnup"]
    if turnup and view["phase"] == "play":
        panel.section(_("Turn-up"))
        panel.tiles([turnup], caption=_turnup_caption(view))
    _sides(panel, view, names)
    return panel


def _turnup_caption(view: TrickView) -> str:
    trump = view.get("trump")
    return say("offers {suit}", suit=said(suit_words(trump))) if trump is not None else ""


def _sides(panel: InfoPanel, view: TrickView, names: Sequence[str]) -> None:
    """The sides' totals and this hand's tricks and points, two to a row (one a row for two teams)."""
    sides, scores = view["sides"], view["scores"]
    tricks, points = view["tricks_won"], view["points_taken"]
    teams = has_teams(view)
    items = []
    for index, side in enumerate(sides):
        label = " & ".join(names[s] for s in side if 0 <= s < len(names))
        score = scores[index] if index < len(scores) else "-"
        facts = []
        if index < len(tricks):
            facts.append(counted(tricks[index], "{count} trick", "{count} tricks"))
        if index < len(points):
            facts.append(counted(points[index], "{count} point taken", "{count} points taken") if teams else
                         counted(points[index], "{count} point", "{count} points"))  # one phrase: its words agree
        items.append((label, str(score), "  ·  ".join(facts), team_colour(index) if len(side) > 1 else None))
    per_row = 1 if teams else 2
    for start in range(0, len(items), per_row):
        panel.sides(items[start:start + per_row])
