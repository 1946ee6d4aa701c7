"""What a game awaits, in words: the narrator's (``Bo to play.``) and, for the seat it awaits, the second person
(``Play a tile.``). A game's own prompts come from its hook (:mod:`render.game_words`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.events import Prompt, PromptKind
from engine.tricks import suit_words
from render.event_words import direction_words

if TYPE_CHECKING:
    from render.words import Narrator

__all__ = ["PROMPT_WORDS", "YOUR_PROMPTS", "prompt_sentence", "your_prompt_sentence"]


def prompt_sentence(n: Narrator, p: Prompt) -> str:
    """What the game awaits, in the narrator's words."""
    say = PROMPT_WORDS.get(p.kind)
    return say(n, p, n.seat(p.seat)) if say is not None else str(p.kind)


def _bid_range(n: Narrator, p: Prompt) -> str:
    """The bids a prompt allows: ``30 to 42``, or the one bid."""
    low, high = n.bid_words(p.low), n.bid_words(p.high)
    return n.t("{low} to {high}", low=low, high=high) if low != high else low


def _led_words(n: Narrator, p: Prompt) -> str:
    """The suit led: ``fives``, or ``trumps (fives)``."""
    led = n.said(suit_words(p.suit))
    return n.t("trumps ({suit})", suit=led) if p.flag else led


def _bet_choice(n: Narrator, p: Prompt) -> str:
    """What a poker player may do: ``call 3, raise or fold``, ``check or bet``..."""
    owed = p.amount or 0
    if owed:
        return (n.t("call {amount}, raise or fold", amount=owed) if p.flag else
                n.t("call {amount} or fold", amount=owed))
    return n.t("check or bet") if p.flag else n.t("check")


#: Each prompt in the narrator's words, given the name of the seat it awaits.
PROMPT_WORDS: dict[PromptKind, Callable[[Narrator, Prompt, str], str]] = {
    PromptKind.GAME_OVER: lambda n, p, name: n.words.game_over(n, p),
    PromptKind.BID: lambda n, p, name: (n.t("Everyone else passed: {name} must bid {bids}.", name=name,
                                            bids=_bid_range(n, p)) if p.flag else
                                        n.t("{name} to bid {bids} or pass.", name=name, bids=_bid_range(n, p))),
    PromptKind.BET: lambda n, p, name: n.t("{name} to {choice} (pot {count}).", name=name, choice=_bet_choice(n, p),
                                           count=p.count),
    PromptKind.TO_FOLLOW: lambda n, p, name: n.t("{name} to play: {suit} were led.", name=name,
                                                 suit=_led_words(n, p)),
    PromptKind.EXTRA_TURN: lambda n, p, name: (n.t("{name} played a double and may take another turn, or end it with "
                                                   "Gee.", name=name) if p.flag else
                                               n.t("{name} played a double and takes another turn.", name=name)),
    PromptKind.MUST_PASS: lambda n, p, name: n.t(n.words.must_pass, name=name),
    PromptKind.WAITING: lambda n, p, name: n.t("Waiting for {names}.", names=n.seat_list(p.seats)),
    PromptKind.TO_PLAY: lambda n, p, name: n.t("{name} to play.", name=name),
    PromptKind.MUST_DRAW: lambda n, p, name: n.t("{name} cannot play and must draw.", name=name),
    PromptKind.MATADOR_OR_DRAW: lambda n, p, name: n.t("{name} may play a matador or draw.", name=name),
    PromptKind.CLAIM_OPEN: lambda n, p, name: n.agree(len(p.seats), "{name} to play. {claimer} may claim {amount} "
                                                                      "until then; an opponent may call Muggins.",
                                                      "{name} to play. {names} may claim {amount} until then; an "
                                                        "opponent may call Muggins.", name=name, claimer=n.seat_list(
                                                          p.seats), names=n.seat_list(p.seats), amount=p.amount),
    PromptKind.TO_ACT: lambda n, p, name: n.t("{name} to act.", name=name),
    PromptKind.TO_LEAD: lambda n, p, name: n.t("{name} to lead.", name=name),
    PromptKind.ONLY_PASS: lambda n, p, name: n.t("{name} may only pass.", name=name),
    PromptKind.NAME_TRUMPS: lambda n, p, name: n.t("{name} won the bidding at {bid} and names trumps.", name=name,
                                                   bid=n.bid_words(p.amount)),
    PromptKind.ACCEPT_TURNUP: lambda n, p, name: n.t("{name}: accept {suit} as trumps or pass (turn-up {count} of "
                                                     "{high}).", name=name, suit=n.said(suit_words(p.suit)),
                                                     count=p.count, high=p.high),
    PromptKind.DISCARD: lambda n, p, name: n.t("{name} took up the turn-up and must discard a tile.", name=name),
    PromptKind.CHOOSE_PASS: lambda n, p, name: n.t("Choose {count} tiles to pass to the {direction} (waiting for "
                                                   "{names}).", count=p.count, names=n.seat_list(p.seats),
                                                   direction=direction_words(n, p.direction)),
    PromptKind.LEAD_OR_PASS: lambda n, p, name: n.t("{name} to lead, or pass the lead to the left.", name=name),
    PromptKind.EXCHANGE: lambda n, p, name: n.t("{name} may exchange up to {count} tiles.", name=name, count=p.count),
    PromptKind.DEAL_NEXT: lambda n, p, name: n.t("{name} deals the next hand.", name=name),
    PromptKind.BINGO_STEP: lambda n, p, name: n.t("Count {count}: step to the next tile, or run to the next removal.",
                                                  count=p.count),
    PromptKind.BINGO_MATCH: lambda n, p, name: n.t("Count {count}: {tile} matches. Remove it or leave it?",
                                                   count=p.count, tile=p.tile),
}


YOUR_PROMPTS: dict[PromptKind, Callable[[Narrator, Prompt], str]] = {
    PromptKind.TO_PLAY: lambda n, p: n.t("Play a tile."),
    PromptKind.MUST_DRAW: lambda n, p: n.t("You cannot play: draw."),
    PromptKind.MATADOR_OR_DRAW: lambda n, p: n.t("Play a matador, or draw."),
    PromptKind.TO_ACT: lambda n, p: n.t("Make your move."),
    PromptKind.TO_LEAD: lambda n, p: n.t("Lead a tile."),
    PromptKind.ONLY_PASS: lambda n, p: n.t("You may only pass."),
    PromptKind.NAME_TRUMPS: lambda n, p: n.t("You won the bidding at {bid}: name trumps.", bid=n.bid_words(p.amount)),
    PromptKind.ACCEPT_TURNUP: lambda n, p: n.t("Accept {suit} as trumps, or pass (turn-up {count} of {high}).",
                                               suit=n.said(suit_words(p.suit)), count=p.count, high=p.high),
    PromptKind.DISCARD: lambda n, p: n.t("You took up the turn-up: discard a tile."),
    PromptKind.LEAD_OR_PASS: lambda n, p: n.t("Lead a tile, or pass the lead to the left."),
    PromptKind.EXCHANGE: lambda n, p: n.counted(p.count or 0, "Mark up to {count} tile to exchange, then exchange.",
                                                "Mark up to {count} tiles to exchange, then exchange."),
    PromptKind.DEAL_NEXT: lambda n, p: n.t("Deal the next hand."),
    PromptKind.BID: lambda n, p: (n.t("Everyone else passed: you must bid {bids}.", bids=_bid_range(n, p)) if p.flag
                                  else n.t("Bid {bids}, or pass.", bids=_bid_range(n, p))),
    PromptKind.BET: lambda n, p: n.t("{choice} (pot {count}).", choice=_bet_choice(n, p).capitalize(), count=p.count),
    PromptKind.TO_FOLLOW: lambda n, p: n.t("Play a tile: {suit} were led.", suit=_led_words(n, p)),
    PromptKind.EXTRA_TURN: lambda n, p: (n.t("You played a double: take another turn, or end it with Gee.") if p.flag
                                         else n.t("You played a double: take another turn.")),
    PromptKind.MUST_PASS: lambda n, p: n.t(n.words.your_must_pass),
    PromptKind.CLAIM_OPEN: lambda n, p: n.agree(len(p.seats), "Play a tile. {name} may claim {amount} until then; "
                                                                "an opponent may call Muggins.",
                                                "Play a tile. {names} may claim {amount} until then; an opponent "
                                                  "may call Muggins.", name=n.seat_list(p.seats),
                                                names=n.seat_list(p.seats), amount=p.amount),
}


def your_prompt_sentence(n: Narrator, p: Prompt) -> str | None:
    """What the game awaits from the seat reading its own hand, in the second person (None: no such words)."""
    say = YOUR_PROMPTS.get(p.kind)
    return say(n, p) if say is not None else None
