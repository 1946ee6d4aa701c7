"""A hint in words (issue 14): ``engine.hints.Advice`` as the one short line the Hint button shows, in the member's
language (the templates are marked for the catalogues; the move's label is the engine's phrase, said in the same
language)."""

from __future__ import annotations

from typing import Any

from engine.hints import Advice, Reason
from engine.tiles import tiles_from
from engine.tricks import suit_words
from render.event_words import poker_category_words, poker_hand_words
from render.language import ENGLISH, Language, _, label_in, language_of, phrase_in, translate
from render.words import Narrator

#: One template per reason, filled with the advised move's label and the reason's facts.
TEMPLATES: dict[Reason, str] = {
    Reason.ONLY: _("{label}: your only move"),
    Reason.GOES_OUT: _("{label} goes out"),
    Reason.SCORES: _("{label} scores {points}"),
    Reason.NO_PLAY: _("{label}: nothing you hold fits"),
    Reason.DOUBLE: _("{label}: play the double while it still fits"),
    Reason.HEAVIEST: _("{label}: your heaviest tile that fits ({pips} pips)"),
    Reason.BID_SUIT: _("{label}: you hold {held} {suit}"),
    Reason.PASS_BID: _("{label}: your longest suit is {held} {suit}"),
    Reason.LEAD_TRUMPS: _("{label}: leading trumps, you hold {held} of {of}"),
    Reason.WINS_TRICK: _("{label} takes the trick"),
    Reason.PARTNER_WINNING: _("{label}: your partner is winning, so play low"),
    Reason.CANNOT_WIN: _("{label}: this trick is not yours, so keep your better tiles"),
    Reason.HAND_RANK: _("{label}: you hold {rank}"),
    Reason.KEEPS_PLAYS: _("{label}: {fits} of your other tiles still fit the line, so you keep your options"),
    Reason.LEAD_DOUBLE: _("{label}: a double is the highest tile of its suit ({suit})"),
    Reason.LEAD_SUIT: _("{label}: lead your long suit, you hold {held} {suit}"),
    Reason.MUGGINS_CLAIM: _("{label}: points left unclaimed are lost"),
    Reason.BINGO_MATCH: _("{label}: it matches the count of {count}"),
    Reason.BINGO_LEAVE: _("{label}: leaving it keeps a match for a later pass along the row"),
    Reason.BINGO_PACE: _("{label}: matches are removed for you, so this only sets the pace"),
}
WINNING_SO_FAR = _("{label} is winning the trick so far")


def advice_line(advice: Advice, locale: Language = ENGLISH) -> str:
    """The hint's line, e.g. "6-1 on the right scores 15" or "6-4 (lead trumps): leading trumps, you hold 4 of 7",
    in the locale's language."""
    facts = dict(advice.facts)
    if "suit" in facts:
        facts["suit"] = phrase_in(suit_words(str(facts["suit"])), locale)
    if "rank" in facts:  # poker: the hand held, said from its tiles (render.event_words)
        facts["rank"] = _poker_hand(facts, locale)
    template = TEMPLATES[advice.reason]
    if advice.reason == Reason.WINS_TRICK and not facts.get("done", True):
        template = WINNING_SO_FAR
    label = label_in(advice.phrase, locale) if advice.phrase is not None else advice.label
    return translate(template, locale, label=label, **facts)


def _poker_hand(facts: dict[str, Any], locale: Language) -> str:
    """The poker hand a hint names, in the locale's language: said from its five tiles, else its category."""
    narrator = Narrator("poker", language=language_of(locale))
    tiles = list(facts.get("hand") or [])
    if len(tiles) == 5:
        return poker_hand_words(narrator, tiles_from(tiles))
    return poker_category_words(narrator, str(facts.get("rank") or ""))
