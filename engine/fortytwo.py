"""The 42 family: one round of bidding, the winner names trumps, count tiles and tricks are taken (RULES 4.4-4.5).

:class:`FortyTwoGame` is shared by Four Hand Texas and Seventy-Nine. It runs the single round of bidding (the
dealer's left first, the dealer last), the all-pass throw-in (or the dealer's forced bid), the naming of trumps (a
number, doubles, no-trump or Nel-O where the game allows them), the bidder's lead, the early end of a hand (a
limit bid's first lost trick, a Nel-O bidder's first trick won, a marks hand once decided), the scoring in points
or marks, and the match end with the bidders' tie-break. The two games say what differs through a few hooks:
``bid_options``, ``trump_options``, ``nel_o_allowed``, ``nel_o_out``, ``is_limit``, ``marks_for``.
"""

from __future__ import annotations

from engine.actions import Action, Bid, Call, Pass
from engine.events import EventKind, Prompt, PromptKind, ScoreReason, Termination
from engine.game import OptionSpec
from engine.phrases import Phrase
from engine.trickgame import PLAY, TrickGame
from engine.tricks import (
    COUNT_TILES,
    DOUBLES,
    IN_NUMBERS,
    NO_TRUMP,
    OWN_SUIT,
    NumberSuits,
    Trick,
    count_value,
    suit_words,
)
from engine.views import CommonView, Contract, FortyTwoHand, TrickView

BID = "bid"
TRUMP = "trump"
NEL_O = "nel_o"


def flag(name: str, text: str, rule: str) -> OptionSpec:
    """An on/off house rule (off unless chosen, RULES 7)."""
    return OptionSpec(name, False, (False, True), text, rule)


def trump_call(trumps: str) -> Call:
    """The action naming ``trumps``: a number as text, ``doubles``, ``none`` (no-trump) or ``nel_o``."""
    return Call(NEL_O) if trumps == NEL_O else Call(f"{TRUMP}:{trumps}")


def contract_phrase(trumps: str) -> Phrase:
    """A contract's trumps in words, as a phrase (engine/phrases.py): ``fives trump``, ``no-trump``, ``Nel-O``."""
    if trumps == NEL_O:
        return Phrase("Nel-O")
    if trumps == NO_TRUMP:
        return Phrase("no-trump")
    return Phrase("{suit} trump", suit=suit_words(trumps))


class FortyTwoGame(TrickGame):
    """A bid-and-trumps trick game in partnerships, scored by count tiles and tricks."""

    MIN_BID = 30
    TOTAL = 42
    MARKS_TARGET = 7

    # ----- what a game says about itself ------------------------------------------------------------------------
    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit alternately: even seats against odd seats."""
        return (tuple(range(0, self.seats, 2)), tuple(range(1, self.seats, 2)))

    def marks(self) -> bool:
        """True when hands are scored in marks rather than points."""
        return False

    def target(self) -> int:
        return self.MARKS_TARGET if self.marks() else int(self.options["target"])

    def bid_options(self, high: int | None) -> list[int]:
        """The bids allowed over the current high bid (``None``: nobody has bid yet)."""
        low = self.MIN_BID if high is None else high + 1
        return list(range(low, self.TOTAL + 1))

    def trump_options(self) -> list[str]:
        """The trumps the bidder may name (numbers, ``doubles``, ``none``)."""
        return [str(n) for n in range(6, -1, -1)]

    def nel_o_allowed(self) -> bool:
        """True when the winning bid may be played as Nel-O."""
        return False

    def nel_o_out(self, bidder: int) -> list[int]:
        """The bidder's partners who lay their hands down in Nel-O."""
        return [s for s in self.sides[self.side_of(bidder)] if s != bidder]

    def is_limit(self) -> bool:
        """True when the bidders must take every trick (the hand ends at the first one lost)."""
        return False

    def marks_for(self, bid: int) -> int:
        """The marks a hand bid at ``bid`` is worth (marks scoring)."""
        return 1

    def forced_dealer_bid(self) -> bool:
        """True when the dealer may not pass if everyone else has (TEX-3 option)."""
        return False

    def nel_o_doubles_suit(self) -> bool:
        """True when Nel-O plays the doubles as their own suit (SEV-6 option)."""
        return bool(self.options.get("nel_o_doubles_suit", False))

    def no_trump_doubles_suit(self) -> bool:
        """True when no-trump plays the doubles as their own suit (RULES 4.4 option)."""
        return bool(self.options.get("no_trump_doubles_suit", False))

    # ----- the hand -------------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.last_hand: FortyTwoHand | None = None
        super()._setup()

    def begin_hand(self) -> None:
        """Bidding starts left of the dealer (TEX-2; RULES 4.5)."""
        self.bids: list[tuple[int, int | None]] = []
        self.high: tuple[int, int] | None = None
        self.trumps: str | None = None
        self.doubles = IN_NUMBERS
        self.rule = NumberSuits()
        self.bidder_tricks = 0
        self.phase = BID
        self.turn = self.next_seat(self.dealer)

    @property
    def bidder(self) -> int | None:
        """The seat that won the bidding this hand, once the bidding is over."""
        return self.high[0] if self.high is not None and self.phase != BID else None

    def high_amount(self) -> int | None:
        """The current high bid, or None before anyone has bid."""
        return None if self.high is None else self.high[1]

    @property
    def bid(self) -> int:
        """The winning (or current high) bid."""
        return self.high[1] if self.high is not None else 0

    def phase_legal(self, seat: int) -> list[Action]:
        if self.phase == BID:
            bids: list[Action] = [Bid(amount) for amount in self.bid_options(self.high_amount())]
            forced = seat == self.dealer and self.high is None and self.forced_dealer_bid()
            return bids if forced else [Pass(), *bids]
        calls: list[Action] = [trump_call(trumps) for trumps in self.trump_options()]
        if self.nel_o_allowed():
            calls.append(Call(NEL_O))
        return calls

    def phase_apply(self, seat: int, action: Action) -> None:
        if self.phase == BID:
            self._bid(seat, action)
        elif isinstance(action, Call):
            self._name_trumps(seat, NEL_O if action.name == NEL_O else action.name.split(":", 1)[1])

    def _bid(self, seat: int, action: Action) -> None:
        if isinstance(action, Bid):
            self.high = (seat, action.amount)
            self.bids.append((seat, action.amount))
            self.emit(EventKind.BID, seat, amount=action.amount)
        else:
            self.bids.append((seat, None))
            self.emit(EventKind.PASS, seat)
        if seat != self.dealer:
            self.turn = self.next_seat(seat)
        elif self.high is None:
            self.throw_in()
        else:
            self.phase = TRUMP
            self.turn = self.high[0]

    def _name_trumps(self, seat: int, trumps: str) -> None:
        self.trumps = trumps
        own = (trumps == NEL_O and self.nel_o_doubles_suit()) or (trumps == NO_TRUMP and self.no_trump_doubles_suit())
        self.doubles = OWN_SUIT if own else IN_NUMBERS
        self.rule = NumberSuits(None if trumps in (NEL_O, NO_TRUMP) else trumps, self.doubles)
        self.emit(EventKind.TRUMP, seat, suit=trumps)
        if trumps == NEL_O:
            self.sitting_out = self.nel_o_out(seat)
            self.emit(EventKind.SIT_OUT, seats=tuple(self.sitting_out))
        self.start_play(seat)

    # ----- taking points and ending the hand ------------------------------------------------------------------
    def pile_points(self, side: int) -> int:
        """Count tiles taken plus one point a trick (RULES 4.4, 4.5)."""
        return sum(count_value(tile) for tile in self.piles[side]) + self.tricks_won[side]

    def bidding_side(self) -> int:
        """The side of the bidder this hand."""
        assert self.high is not None
        return self.side_of(self.high[0])

    def decided(self) -> bool | None:
        """True once the contract is surely made, False once surely lost, None while open."""
        side = self.bidding_side()
        if self.trumps == NEL_O:
            return False if self.bidder_tricks else None
        if self.is_limit():
            return False if self.tricks_won[1 - side] else None
        if self.pile_points(side) >= self.bid:
            return True
        if self.pile_points(1 - side) > self.TOTAL - self.bid:
            return False
        return None

    def after_trick(self, winner: int, trick: Trick) -> bool:
        """Limit bids end at the first lost trick, Nel-O at the bidder's first trick, marks hands once decided."""
        if self.trumps == NEL_O and self.high is not None and winner == self.high[0]:
            self.bidder_tricks += 1
        result = self.decided()
        if self.trumps == NEL_O or self.is_limit():
            return result is False
        return self.marks() and result is not None

    def made(self) -> bool:
        """True when the finished hand's contract was made."""
        side = self.bidding_side()
        if self.trumps == NEL_O:
            return self.bidder_tricks == 0
        if self.is_limit():
            return self.tricks_won[1 - side] == 0
        return self.pile_points(side) >= self.bid

    def score_hand(self) -> None:
        """Points: a made bid scores what each side took, a set gives the opponents their points + the bid; limit
        bids and Nel-O score the bid to the winner. Marks: the hand's marks go to whoever won it."""
        side, other = self.bidding_side(), 1 - self.bidding_side()
        made = self.made()
        taken = [self.pile_points(0), self.pile_points(1)]
        dead = sum(count_value(tile) for tile in self.dead)
        self.last_hand = {"bidder": self.high[0] if self.high else None, "bid": self.bid, "trumps": self.trumps,
                          "made": made, "points_taken": taken, "dead_count": dead}
        self.emit(EventKind.CONTRACT, self.high[0] if self.high else None, side, amount=self.bid, suit=self.trumps,
                  made=made, totals=tuple(taken), count=dead)
        winner = side if made else other
        if self.marks():
            marks = self.marks_for(self.bid)
            self.award(winner, marks, ScoreReason.MARKS)
        elif self.trumps == NEL_O or self.is_limit():
            self.award(winner, self.bid, ScoreReason.BID)
        elif made:
            for s in (side, other):
                self.award(s, taken[s], ScoreReason.TAKEN)
        else:
            self.award(other, taken[other] + self.bid, ScoreReason.SET, count=taken[other], amount=self.bid)

    def hand_result(self, points: list[int]) -> tuple[Termination, list[int]]:
        """The contract decides the hand: made, the bidders won it; set, their opponents did."""
        side = self.bidding_side()
        return (Termination.BID_MADE, [side]) if self.made() else (Termination.BID_SET, [1 - side])

    def match_result(self) -> list[int] | None:
        """First to the target; when both sides reach it on one hand, the bidding side wins (TEX, SEV-3)."""
        reached = [side for side in (0, 1) if self._score[side] >= self.target()]
        if not reached:
            return None
        if len(reached) == 2:
            return [self.bidding_side()]
        return reached

    # ----- words and view -------------------------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        if isinstance(action, Call) and action.name == NEL_O:
            return Phrase("Nel-O (lose every trick)")
        if isinstance(action, Call) and action.name.startswith(f"{TRUMP}:"):
            trumps = action.name.split(":", 1)[1]
            if trumps == NO_TRUMP:
                return Phrase("No-trump (doubles as a suit)") if self.no_trump_doubles_suit() else Phrase("No-trump")
            return Phrase("{suit} are trumps", suit=suit_words(trumps))
        return super().phrase(action)

    def prompt(self) -> Prompt:
        if self._over or self.phase == PLAY:
            return super().prompt()
        if self.phase == BID:
            options = self.bid_options(self.high_amount())
            if not options:
                return Prompt(PromptKind.ONLY_PASS, self.turn)
            forced = Pass() not in self.phase_legal(self.turn)
            return Prompt(PromptKind.BID, self.turn, low=options[0], high=options[-1], flag=forced)
        return Prompt(PromptKind.NAME_TRUMPS, self.turn, amount=self.bid)

    def contract_view(self) -> Contract | None:
        if self.high is None or self.phase == BID:
            return None
        seat, amount = self.high
        return {"seat": seat, "bid": str(amount), "trumps": self.trumps, "doubles": self.doubles}

    def _view(self, seat: int | None, common: CommonView) -> TrickView:
        view = super()._view(seat, common)
        view["bids"] = [[s, "pass" if amount is None else str(amount)] for s, amount in self.bids]
        view["high_bid"] = None if self.high is None else [self.high[0], self.high[1]]
        view["hand_points"] = self.TOTAL
        view["marks"] = self.marks()
        view["played"] = [str(tile) for pile in self.piles for tile in pile]
        view["last_hand"] = self.last_hand
        own = self.hands[seat] if seat is not None else []
        view["tile_points"] = {str(tile): COUNT_TILES[tile] for tile in own if tile in COUNT_TILES}
        return view


__all__ = ["BID", "DOUBLES", "NEL_O", "NO_TRUMP", "TRUMP", "FortyTwoGame", "contract_phrase", "flag",
           "trump_call"]
