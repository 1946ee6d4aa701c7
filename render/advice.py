"""A hint in words (issue 14): ``engine.hints.Advice`` as the one short line the Hint button shows.

English here, like the rest of the bot's words; the catalogues of ``bot/i18n.py`` translate the templates.
"""

from __future__ import annotations

from engine.hints import Advice, Reason
from engine.tricks import suit_words

#: One template per reason, filled with the advised move's label and the reason's facts.
TEMPLATES: dict[Reason, str] = {
    Reason.ONLY: "{label}: your only move",
    Reason.GOES_OUT: "{label} goes out",
    Reason.SCORES: "{label} scores {points}",
    Reason.NO_PLAY: "{label}: nothing you hold fits",
    Reason.DOUBLE: "{label}: play the double while it still fits",
    Reason.HEAVIEST: "{label}: your heaviest tile that fits ({pips} pips)",
    Reason.BID_SUIT: "{label}: you hold {held} {suit}",
    Reason.PASS_BID: "{label}: your longest suit is {held} {suit}",
    Reason.LEAD_TRUMPS: "{label}: leading trumps, you hold {held} of {of}",
    Reason.WINS_TRICK: "{label} takes the trick",
    Reason.PARTNER_WINNING: "{label}: your partner is winning, so play low",
    Reason.CANNOT_WIN: "{label}: this trick is not yours, so keep your better tiles",
    Reason.HAND_RANK: "{label}: you hold {rank}",
    Reason.CHOSEN: "{label}: the Strong player's pick",
}
WINNING_SO_FAR = "{label} is winning the trick so far"


def advice_line(advice: Advice) -> str:
    """The hint's line, e.g. "6-1 on the right scores 15" or "6-4 (lead trumps): leading trumps, you hold 4 of 7"."""
    facts = dict(advice.facts)
    if "suit" in facts:
        facts["suit"] = suit_words(str(facts["suit"]))
    template = TEMPLATES[advice.reason]
    if advice.reason == Reason.WINS_TRICK and not facts.get("done", True):
        template = WINNING_SO_FAR
    return template.format(label=advice.label, **facts)
