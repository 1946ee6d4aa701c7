"""Four Hand Texas, or Texas 42 (RULES 4.4, [HAS] Four Hand Texas).

Four players in partnerships (seats 0+2 against 1+3), 7 tiles each from a double-six. One round of bidding from
30; 42 is the limit bid and later bidders may only double it (84, 168, 336; TEX-1). The winner names trumps: a
number, doubles (TEX-6) or no-trump (TEX-5), and leads. Count tiles (5-5, 6-4 = 10; 5-0, 4-1, 3-2 = 5) and a point a
trick (TEX-4) make 42. Set bids give the opponents their points + the bid; limit bids end at the first lost trick
(TEX-7). First to 250; on a shared finish the bidders win. Options: ``forced_dealer_bid`` (TEX-3),
``no_trump_doubles_suit``, ``texas_marks`` (TEX-1) and ``texas_nello`` (TEX-8).
"""

from __future__ import annotations

from engine.fortytwo import FortyTwoGame, flag
from engine.game import GameSpec, OptionSpec
from engine.phrases import Phrase, counted
from engine.tricks import DOUBLES, NO_TRUMP

LIMIT = 42
TOP_DOUBLE = 336


class TexasFortyTwo(FortyTwoGame):
    """Four Hand Texas: partners opposite, bids 30 to 42 and doubling, trumps named after the bidding."""

    MIN_BID = 30
    TOTAL = 42
    MARKS_TARGET = 7

    def marks(self) -> bool:
        """TEX-1 option ``texas_marks``: standard 42 marks bidding and scoring, game 7 marks."""
        return bool(self.options["texas_marks"])

    def bid_options(self, high: int | None) -> list[int]:
        """TEX-2: 30 to 42 over the high bid, then only doubling (84, 168, 336). Under ``texas_marks``: 30 to 41,
        1 mark (42) or 2 marks (84) to open, then one mark at a time (126, 168...)."""
        if self.marks():
            if high is None or high < LIMIT:
                return [*range(self.MIN_BID if high is None else high + 1, LIMIT), LIMIT, 2 * LIMIT]
            return [2 * LIMIT] if high == LIMIT else [high + LIMIT]
        if high is None or high < LIMIT:
            return list(range(self.MIN_BID if high is None else high + 1, LIMIT + 1))
        return [2 * high] if 2 * high <= TOP_DOUBLE else []

    def trump_options(self) -> list[str]:
        """A number 6 down to 0, doubles (TEX-6) or no-trump (TEX-5)."""
        return [*(str(n) for n in range(6, -1, -1)), DOUBLES, NO_TRUMP]

    def is_limit(self) -> bool:
        """Bids of 42 and over (marks bids under ``texas_marks``) need every trick (TEX-7)."""
        return self.bid >= LIMIT

    def marks_for(self, bid: int) -> int:
        """TEX-1 marks: a bid under 42 is worth 1 mark, a mark bid the marks bid (42 a mark)."""
        return 1 if bid < LIMIT else bid // LIMIT

    def bid_phrase(self, amount: int) -> Phrase:
        if self.marks() and amount >= LIMIT:
            marks = amount // LIMIT
            return counted(marks, "{amount} ({count} mark)", "{amount} ({count} marks)", amount=amount)
        return Phrase("{amount}", amount=amount)

    def forced_dealer_bid(self) -> bool:
        """TEX-3 option: when the others all pass the dealer must bid."""
        return bool(self.options["forced_dealer_bid"])

    def nel_o_allowed(self) -> bool:
        """TEX-8 option ``texas_nello``: a winning bid of 42 or more may be played as Nel-O."""
        return bool(self.options["texas_nello"]) and self.bid >= LIMIT


SPEC = GameSpec(
    key="texas42",
    title="Four Hand Texas (42)",
    seats=(4,),
    tile_set="double-six",
    summary=(
        "Partners sit opposite; 7 tiles each. One round of bidding from the dealer's left: pass or bid 30 to 42 "
        "over the last bid (all pass: new deal); after a 42, later bidders may only double (84, 168, 336). The "
        "winner names trumps (a number, doubles or no-trump) and leads; follow the suit led (a trump calls "
        "trumps, else its higher end). A trick is 1 point; 5-5 and 6-4 count 10, 5-0, 4-1, 3-2 count 5: 42 in "
        "all. Made: each side scores what it took; set: the opponents score theirs plus the bid. 42 or more needs "
        "every trick and scores the bid. First to 250; if both reach it at once, the bidders win."
    ),
    options=(
        OptionSpec("target", 250, (100, 150, 250),
                   "Points needed to win the match (250 by the rules; texas_marks plays to 7 marks instead)", "4.4"),
        flag("forced_dealer_bid", "When everyone else passes, the dealer must bid (instead of a throw-in)", "TEX-3"),
        flag("no_trump_doubles_suit", "In no-trump the doubles form their own suit: 6-6 high, a led double calls "
             "for doubles", "4.4"),
        flag("texas_marks", "Standard 42: bid and score in marks, game 7 marks", "TEX-1"),
        flag("texas_nello", "Nel-O: a bid of 42 or more may be played to lose every trick", "TEX-8"),
        flag("nel_o_doubles_suit", "With texas_nello: in Nel-O the doubles form their own suit, a led double calls "
             "for doubles", "SEV-6"),
    ),
    factory=TexasFortyTwo,
    family="trick",
    teams="Seats 1 and 3 against seats 2 and 4",
    order=110,
)
