"""One line of facts a player needs beside their hand: open ends, trumps and led suit, chips to call."""

from __future__ import annotations

from engine.views import GameView, LineView, PokerView, TrickView, arm_and_value, seat_and_bid

ARM_WORDS = {"W": "left", "E": "right", "N": "top", "S": "bottom"}
SUIT_WORDS = {"0": "blanks", "1": "ones", "2": "twos", "3": "threes", "4": "fours", "5": "fives", "6": "sixes",
              "7": "sevens", "8": "eights", "9": "nines", "10": "tens", "11": "elevens", "12": "twelves",
              "doubles": "doubles", "none": "no trumps", "notrump": "no trumps", "no-trump": "no trumps"}


def suit_words(suit: str | int) -> str:
    """A suit or trump named in words ("5" -> "fives")."""
    return SUIT_WORDS.get(str(suit), str(suit))


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


def _line(view: LineView) -> str:
    ends = [arm_and_value(end) for end in view["line"]["open_ends"]]
    if not ends:
        return ""
    return "Open ends: " + ",  ".join(f"{ARM_WORDS.get(a, a)} {v}" for a, v in ends)


def _trick(view: TrickView) -> str:
    parts = []
    bids = [(seat, bid) for seat, bid in map(seat_and_bid, view["bids"]) if bid != "pass"]
    if view["phase"] == "bid":
        parts.append(f"High bid: {bids[-1][1]} by Seat {bids[-1][0] + 1}" if bids else "No bid yet")
    contract = view["contract"]
    if contract is not None:
        if contract["label"]:
            parts.append(contract["label"])
        elif contract["trumps"] is not None:
            parts.append(f"Trumps: {suit_words(contract['trumps'])}")
    trick = view["trick"]
    if trick is not None and trick["led_suit"] is not None and trick["plays"]:
        parts.append(f"Led: {suit_words(trick['led_suit'])}")
    return "  ·  ".join(parts)


def _poker(view: PokerView) -> str:
    seat = view["seat"]
    stacks = view["stacks"]
    parts = []
    if view["hand_rank"]:
        parts.append(view["hand_rank"])
    if seat is not None and seat < len(stacks):
        parts.append(f"Your chips: {stacks[seat]}")
    parts.append(f"Pot: {view['pot']}")
    if view["to_call"]:
        parts.append(f"To call: {view['to_call']}")
    return "  ·  ".join(parts)
