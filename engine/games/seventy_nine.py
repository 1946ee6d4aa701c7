"""Seventy-Nine: six-hand, two-set 42 (RULES 4.5, [DP-79]).

Two double-six sets; six players in two teams seated alternately (0, 2, 4 against 1, 3, 5; SEV-1), 9 tiles each
and 2 dead. One round of bidding from 50 to 79; the winner names a trump number and leads. The doubled count tiles
(70) and nine tricks make 79. A made bid scores both sides what they took; a set gives the opponents the bid +
their points. First to 250, the bidders winning a shared finish (SEV-3). Options: ``seventy_nine_marks`` (9 marks),
``seventy_nine_42_contracts`` (doubles and no-trump), and Nel-O's ``nel_o_any_bid`` (SEV-4),
``nel_o_one_partner_out`` (SEV-5) and ``nel_o_doubles_suit`` (SEV-6).
"""

from __future__ import annotations

from engine.fortytwo import FortyTwoGame, flag
from engine.game import GameSpec, OptionSpec
from engine.tiles import Tile, double_set
from engine.tricks import DOUBLES, NO_TRUMP


class SeventyNine(FortyTwoGame):
    """Seventy-Nine: teams of three, bids 50 to 79, trumps, every tile twice."""

    MIN_BID = 50
    TOTAL = 79
    MARKS_TARGET = 9

    def tile_set(self) -> list[Tile]:
        """Two double-six sets: every tile twice (RULES 1.2)."""
        return [*double_set(6), *double_set(6)]

    def hand_sizes(self) -> list[int]:
        """9 tiles each; the 2 left over are dead."""
        return [9] * self.seats

    def marks(self) -> bool:
        """Option ``seventy_nine_marks``: one mark to the side that wins each hand, game 9 marks."""
        return bool(self.options["seventy_nine_marks"])

    def trump_options(self) -> list[str]:
        """A number 6 down to 0; doubles and no-trump too under ``seventy_nine_42_contracts``."""
        numbers = [str(n) for n in range(6, -1, -1)]
        return [*numbers, DOUBLES, NO_TRUMP] if self.options["seventy_nine_42_contracts"] else numbers

    def nel_o_allowed(self) -> bool:
        """SEV-4: Nel-O only on a winning bid of 79; ``nel_o_any_bid``: on any winning bid."""
        return bool(self.options["nel_o_any_bid"]) or self.bid == self.TOTAL

    def nel_o_out(self, bidder: int) -> list[int]:
        """SEV-5: both teammates sit out; ``nel_o_one_partner_out``: only one does, the teammate to the bidder's
        left (seat + 2). RULES names "the teammate opposite (seat+3)", but with teams seated alternately (SEV-1) the
        seat opposite is an opponent, so the option is read as "one teammate", and seat + 2 is the one chosen."""
        if self.options["nel_o_one_partner_out"]:
            return [(bidder + 2) % self.seats]
        return super().nel_o_out(bidder)


SPEC = GameSpec(
    key="seventy_nine",
    title="Seventy-Nine",
    seats=(6,),
    tile_set="two double-six sets",
    summary=(
        "Two teams of three seated alternately; two double-six sets, 9 tiles each, 2 unused. One round of bidding "
        "from the shuffler's left: pass or bid 50 to 79 over the last bid (all pass: new deal). The winner names "
        "a trump number and leads; follow the suit led (a trump calls trumps, else its higher end); the first of "
        "two identical tiles wins. Nine tricks at 1 point and the doubled count tiles make 79. Made: both teams "
        "score what they took; set: the opponents score the bid plus theirs. A 79 bid may play Nel-O: the "
        "teammates sit out, the bidder must lose every trick. First to 250 (bidders win a tie)."
    ),
    options=(
        OptionSpec("target", 250, (100, 150, 250),
                   "Points needed to win the match (250 by the rules; seventy_nine_marks plays to 9 marks instead)",
                   "4.5"),
        flag("seventy_nine_marks", "Score one mark per hand won, game 9 marks", "4.5"),
        flag("seventy_nine_42_contracts", "Doubles and no-trump may be named as in Texas 42", "4.5"),
        flag("no_trump_doubles_suit", "With seventy_nine_42_contracts: in no-trump the doubles form their own suit, "
             "a led double calls for doubles", "4.4"),
        flag("nel_o_any_bid", "Nel-O may be declared on any winning bid, not only 79", "SEV-4"),
        flag("nel_o_one_partner_out", "In Nel-O only one teammate (the one two seats to the bidder's left) sits "
             "out; the other plays along", "SEV-5"),
        flag("nel_o_doubles_suit", "In Nel-O the doubles form their own suit: a led double calls for doubles",
             "SEV-6"),
    ),
    factory=SeventyNine,
    family="trick",
    teams="Seats 1, 3 and 5 against seats 2, 4 and 6",
    order=120,
)
