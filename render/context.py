"""One line of facts a player needs beside their hand: open ends, trumps and led suit, chips to call."""

from __future__ import annotations

from engine.tiles import tiles_from
from engine.views import Contract, GameView, LineView, PokerView, TrickView, arm_and_value, seat_and_bid
from render.event_words import contract_said, poker_hand_words
from render.language import LANGUAGE, _, say
from render.words import ARM_WORDS, Narrator, suit_words


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


#: The engine's words for the ends and the suits, said in the picture's language.
ENGINE_WORDS = (_("left"), _("right"), _("top"), _("bottom"), _("blanks"), _("ones"), _("twos"), _("threes"),
                _("fours"), _("fives"), _("sixes"), _("doubles"), _("no-trump"))

def _line(view: LineView) -> str:
    ends = [arm_and_value(end) for end in view["line"]["open_ends"]]
    if not ends:
        return ""
    return say("Open ends: {ends}", ends=",  ".join(f"{say(ARM_WORDS.get(a, a))} {v}" for a, v in ends))


def _trick(view: TrickView) -> str:
    parts = []
    bids = [(seat, bid) for seat, bid in map(seat_and_bid, view["bids"]) if bid != "pass"]
    if view["phase"] == "bid":
        parts.append(say("High bid: {bid} by Seat {seat}", bid=bids[-1][1], seat=bids[-1][0] + 1) if bids
                     else say("No bid yet"))
    contract = view["contract"]
    if contract is not None:
        if contract["label"]:
            parts.append(contract_label(contract))
        elif contract["trumps"] is not None:
            parts.append(say("Trumps: {suit}", suit=say(suit_words(contract["trumps"]))))
    trick = view["trick"]
    if trick is not None and trick["led_suit"] is not None and trick["plays"]:
        parts.append(say("Led: {suit}", suit=say(suit_words(trick["led_suit"]))))
    return "  ·  ".join(parts)


def contract_label(contract: Contract) -> str:
    """The contract in words (``Seat 2 bid 34, fives trump``): the engine's English, or the same said again from
    its facts in the language being drawn in."""
    if LANGUAGE.get() is None:
        return contract["label"]
    seat = contract["seat"] + 1
    trumps = contract["trumps"]
    if not contract["bid"].isdigit():  # Euchre: the maker chose the trumps, perhaps to play alone
        said = say("Seat {seat} chose {suit}", seat=seat, suit=say(suit_words(trumps)))
        return said + (say(", alone") if contract["bid"] == "alone" else "")
    said = say("Seat {seat} bid {bid}", seat=seat, bid=contract["bid"])
    if trumps is None:
        return said
    narrator = Narrator("texas42", language=LANGUAGE.get())
    return said + ", " + contract_said(narrator, trumps)


def _poker(view: PokerView) -> str:
    seat = view["seat"]
    stacks = view["stacks"]
    parts = []
    if view["hand_rank"]:
        parts.append(view["hand_rank"] if LANGUAGE.get() is None else
                     poker_hand_words(Narrator("poker", language=LANGUAGE.get()), tiles_from(view["hand"] or [])))
    if seat is not None and seat < len(stacks):
        parts.append(say("Your chips: {chips}", chips=stacks[seat]))
    parts.append(say("Pot: {pot}", pot=view["pot"]))
    if view["to_call"]:
        parts.append(say("To call: {amount}", amount=view["to_call"]))
    return "  ·  ".join(parts)
