"""One line of facts a player needs beside their hand: open ends, trumps and led suit, chips to call."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.words import ARM_WORDS, suit_words


def context_line(view: Mapping[str, Any]) -> str:
    """The facts to show over a hand, by kind of game ("" when there is nothing to add)."""
    kind = view.get("kind")
    if kind == "line":
        return _line(view)
    if kind == "trick":
        return _trick(view)
    if kind == "poker":
        return _poker(view)
    return ""


def _line(view: Mapping[str, Any]) -> str:
    ends = (view.get("line") or {}).get("open_ends") or []
    if not ends:
        return ""
    return "Open ends: " + ",  ".join(f"{ARM_WORDS.get(str(a), str(a))} {v}" for a, v in ends)


def _trick(view: Mapping[str, Any]) -> str:
    parts = []
    bids = [entry for entry in view.get("bids") or [] if str(entry[1]) != "pass"]
    if view.get("phase") == "bid":
        parts.append(f"High bid: {bids[-1][1]} by Seat {int(bids[-1][0]) + 1}" if bids else "No bid yet")
    contract = view.get("contract")
    if isinstance(contract, Mapping):
        if contract.get("label"):
            parts.append(str(contract["label"]))
        elif contract.get("trumps") is not None:
            parts.append(f"Trumps: {suit_words(contract['trumps'])}")
    trick = view.get("trick")
    if isinstance(trick, Mapping) and trick.get("led_suit") is not None and trick.get("plays"):
        parts.append(f"Led: {suit_words(trick['led_suit'])}")
    return "  ·  ".join(parts)


def _poker(view: Mapping[str, Any]) -> str:
    seat = view.get("seat")
    stacks = view.get("stacks") or []
    parts = []
    if view.get("hand_rank"):
        parts.append(str(view["hand_rank"]))
    if isinstance(seat, int) and seat < len(stacks):
        parts.append(f"Your chips: {stacks[seat]}")
    if view.get("pot") is not None:
        parts.append(f"Pot: {view['pot']}")
    owe = view.get("to_call")
    if owe is None:
        bets = [int(b) for b in view.get("bets") or []]
        owe = max(bets) - bets[seat] if isinstance(seat, int) and seat < len(bets) else 0
    if owe:
        parts.append(f"To call: {owe}")
    return "  ·  ".join(parts)
