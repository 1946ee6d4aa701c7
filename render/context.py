"""One line of facts a player needs beside their hand: open ends, trumps and led suit, chips to call."""

from __future__ import annotations

from engine.tiles import tiles_from
from engine.views import GameView, LineView, PokerView, TrickView, arm_and_value, seat_and_bid
from render.event_words import contract_said, poker_hand_words
from render.language import said, say
from render.words import ARM_WORDS, Narrator, arm_words, suit_words


def context_line(view: GameView) -> str:
    """The facts to show over a hand, by family of game ("" when there is nothing to add)."""
    if view["family"] == "line":
        return _line(view)
    if view["family"] == "trick":
        return _trick(view)
    if view["family"] == "poker":
        return _poker(view)
    if view["family"] == "bingo":
        return ""
    raise ValueError(f"no hand facts for the family {view['family']!r}")


__all__ = ["ARM_WORDS", "context_line", "contract_label"]


def _line(view: LineView) -> str:
    ends = [arm_and_value(end) for end in view["line"]["open_ends"]]
    if not ends:
        return ""
    return say("Open ends: {ends}", ends=",  ".join(f"{said(arm_words(a))} {v}" for a, v in ends))


def _trick(view: TrickView) -> str:
    parts = []
    bids = [(seat, bid) for seat, bid in map(seat_and_bid, view["bids"]) if bid != "pass"]
    if view["phase"] == "bid":
        parts.append(say("High bid: {bid} by Seat {seat}", bid=bids[-1][1], seat=bids[-1][0] + 1) if bids
                     else say("No bid yet"))
    if view["contract"] is not None:
        parts.append(contract_label(view))
    trick = view["trick"]
    if trick is not None and trick["led_suit"] is not None and trick["plays"]:
        parts.append(say("Led: {suit}", suit=said(suit_words(trick["led_suit"]))))
    return "  ·  ".join(parts)


def contract_label(view: TrickView) -> str:
    """The view's contract in words, said from its facts in the language being drawn in: ``Seat 2 bid 34, fives
    trump`` (marks where the game bids them: ``Seat 2 bid 84 (2 marks)``), ``Seat 3 chose fives, alone``; "" for
    none."""
    contract = view["contract"]
    if contract is None:
        return ""
    seat, trumps = contract["seat"] + 1, contract["trumps"]
    if not contract["bid"].isdigit():  # Euchre: the maker chose the trumps, perhaps to play alone
        words = say("Seat {seat} chose {suit}", seat=seat, suit=said(suit_words(trumps)))
        return words + (say(", alone") if contract["bid"] == "alone" else "")
    narrator = Narrator.of_view(view)
    words = say("Seat {seat} bid {bid}", seat=seat, bid=narrator.bid_words(int(contract["bid"])))
    return words if trumps is None else words + ", " + contract_said(narrator, trumps)


def _poker(view: PokerView) -> str:
    seat = view["seat"]
    stacks = view["stacks"]
    parts = []
    if view["hand_rank"] and len(view["hand"] or []) == 5:
        parts.append(poker_hand_words(Narrator("poker"), tiles_from(view["hand"] or [])))
    if seat is not None and seat < len(stacks):
        parts.append(say("Your chips: {chips}", chips=stacks[seat]))
    parts.append(say("Pot: {pot}", pot=view["pot"]))
    if view["to_call"]:
        parts.append(say("To call: {amount}", amount=view["to_call"]))
    return "  ·  ".join(parts)
