"""Domino Poker (RULES 3.8): five tiles each from the 20-tile set, one fixed-limit betting round, chips kept
across deals until one player holds them all.

Betting (POK-2): everyone still in antes 1 chip; the seat left of the dealer acts first. Before anyone bets a
player may check or bet (``Bid(n)``, 1-10 chips); after a bet a player calls, folds or raises (``Bid(n)``: n more
than the current bet, at most 3 raises a round). A fold is only offered when there is a bet to meet.
Table stakes without side pots (a decision where RULES is silent): nobody's total stake in a hand may exceed the
smallest stack still in the hand at the deal, so every call is affordable.
Option ``poker_draw``: after the first betting round each player in turn may exchange up to 3 tiles (mark tiles
with ``Choose((tile,))``, which toggles, then ``Call("exchange")``), then a second betting round.
After each hand the next dealer deals (``Call("deal")``), so the table can see the result; busted players are
out. The score of a seat is its chips at the start of the current hand.

Stopping (POK-2, "when the players stop"): any seat still in the session may ask to stop, on its turn or not, with
``Call("stop")`` (offered by :meth:`PokerGame.requests`; the bot gives the table's host a button). Asked during a
hand, the hand is played out and the session ends when it is settled; asked between hands, it ends at once. The
biggest stack(s) win. The request is an action like any other: it is in the saved action list and replays.

Session length (house rules a host picks in the lobby, so a table on a chat server ends; a decision where RULES
is silent, like the stop above): ``deals`` ends the session after that many deals (0: no limit), the biggest
stack(s) winning; ``ante_rise`` doubles the ante every that many deals (0: never), so stacks meet and the last
player with chips wins sooner. With both at 0 it is the session of POK-2: until one player holds every chip or the
players stop. Saves from before these options keep that old session (:func:`upgrade_save`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.actions import Action, Bid, Call, Choose
from engine.errors import BadOption
from engine.events import EventKind, Prompt, PromptKind, ScoreReason, Termination
from engine.game import Game, GameSpec, OptionSpec
from engine.phrases import Phrase, counted, in_context
from engine.poker_betting import Betting
from engine.poker_hands import HAND_SIZE, evaluate, poker_set
from engine.shuffling import shuffle
from engine.tiles import Tile
from engine.views import CommonView, PokerFacts, PokerHand, PokerView

STOP = Call("stop")
STARTING_STACK = 100
ANTE = 1
DEALS = 80  # the default session length in deals (house rule ``deals``)
ANTE_RISE = 10  # the default: the ante doubles every 10 deals (house rule ``ante_rise``)
MAX_EXCHANGE = 3


class PokerGame(Game):
    """A session of Domino Poker for 2-4 players; one hand is one round."""

    @classmethod
    def check_options(cls, seats: int, options: Mapping[str, Any]) -> None:
        if options.get("poker_draw") and seats * HAND_SIZE >= len(poker_set()):
            raise BadOption(Phrase("with {seats} players all 20 tiles are dealt, so there is nothing to draw from",
                                   seats=seats))

    # ----- set-up and the hand cycle -----------------------------------------------------------------------------
    def _setup(self) -> None:
        self.out: list[int] = []
        self.dealer = 0
        self.hands: list[list[Tile]] = [[] for _ in range(self.seats)]
        self.stock: list[Tile] = []
        self.discards: list[Tile] = []
        self.dead: list[Tile] = []
        self.betting = Betting(self.seats)
        self.phase = "bet"
        self.turn = 0
        self.marked: list[Tile] = []
        self.drawn: list[int] = []
        self.shown: dict[int, list[Tile]] = {}
        self.last_hand: PokerHand | None = None
        self.log_mark = 0
        self.stopping: int | None = None
        stack = int(self.options.get("stack", STARTING_STACK))
        for seat in range(self.seats):
            self.award(seat, stack, ScoreReason.STACK, seat)
        self._start_hand()

    def live(self) -> list[int]:
        """Seats still in the session (not busted)."""
        return [s for s in range(self.seats) if s not in self.out]

    def ante(self) -> int:
        """This deal's ante: 1 chip, doubled every ``ante_rise`` deals, and never more than the smallest stack still
        in (table stakes: nobody's stake may exceed it)."""
        every = int(self.options.get("ante_rise", 0))
        ante = ANTE * 2 ** ((self.round_no - 1) // every) if every else ANTE
        return min(ante, min(self._score[s] for s in self.live()))

    def last_deal(self) -> bool:
        """True when this deal is the last the session's length (``deals``) allows."""
        deals = int(self.options.get("deals", 0))
        return bool(deals) and self.round_no >= deals

    def _next_in_hand(self, seat: int) -> int:
        """The next seat after ``seat`` that is live and, during a hand, has not folded."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate not in self.out and candidate not in self.betting.folded:
                return candidate
        raise ValueError("nobody is left in the hand")  # pragma: no cover - the hand ends first

    def _start_hand(self) -> None:
        self.round_no += 1
        self.log_mark = len(self.log)
        live = self.live()
        tiles = poker_set()
        hands, rest = self.deal_from(tiles, [HAND_SIZE if s in live else 0 for s in range(self.seats)])
        self.hands, self.stock, self.discards = hands, rest, []
        self.dead = list((Counter(tiles) - Counter(t for h in hands for t in h) - Counter(rest)).elements())
        self.shown, self.marked, self.drawn = {}, [], []
        self.emit(EventKind.DEAL, self.dealer, count=HAND_SIZE, round=self.round_no)
        self.betting = Betting(self.seats, stacks=list(self._score), live=live)
        ante = self.ante()
        for seat in live:
            self.betting.ante(seat, ante)
        self.emit(EventKind.ANTE, amount=ante, count=self.betting.pot)
        self._start_betting_round()

    def _start_betting_round(self) -> None:
        self.phase = "bet"
        self.betting.new_round()
        self.turn = self._next_in_hand(self.dealer)

    # ----- the contract --------------------------------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        return (self.turn,)

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == "bet":
            return self.betting.options(seat)
        if self.phase == "draw":
            limit = min(MAX_EXCHANGE, len(self.stock) + len(self.discards))
            marks: list[Action] = [
                Choose((t,)) for t in self.hands[seat] if t in self.marked or len(self.marked) < limit
            ]
            return [*marks, Call("exchange")]
        return [Call("deal")]

    def requests(self, seat: int) -> list[Action]:
        """Any seat may ask to stop the session (once), on its turn or not: a busted host too."""
        if self._over or self.stopping is not None:
            return []
        return [STOP]

    def _apply(self, seat: int, action: Action) -> None:
        if action == STOP:
            self._request_stop(seat)
        elif self.phase == "bet":
            self._bet(seat, action)
        elif self.phase == "draw":
            self._draw(seat, action)
        else:
            self.dealer = seat
            self._start_hand()

    def _request_stop(self, seat: int) -> None:
        """POK-2: the session stops after this hand (at once between hands)."""
        self.stopping = seat
        self.emit(EventKind.STOP, seat)
        if self.phase == "hand_over":
            self._end_session()

    def _bet(self, seat: int, action: Action) -> None:
        level, owed = self.betting.current, self.betting.to_call(seat)
        self.betting.act(seat, action)
        if isinstance(action, Bid):
            self.emit(EventKind.BET, seat, action=action, amount=action.amount, count=level + action.amount if level
                      else None)
        else:
            self.emit(EventKind.BET, seat, action=action, amount=owed if action == Call("call") else None)
        standing = self.betting.standing()
        if len(standing) == 1:
            self._settle(standing[0], None)
        elif not self.betting.round_complete():
            self.turn = self.betting.next_to_act(seat)
        elif self.options.get("poker_draw") and self.betting.round_no == 1:
            self.phase = "draw"
            self.turn = self._next_in_hand(self.dealer)
            self.emit(EventKind.DRAW, count=MAX_EXCHANGE)
        else:
            self._showdown()

    def _draw(self, seat: int, action: Action) -> None:
        if isinstance(action, Choose):
            tile = action.tiles[0]
            if tile in self.marked:
                self.marked.remove(tile)
            else:
                self.marked.append(tile)
            self.emit(EventKind.MARK, seat)  # private: only the seat's own view shows its marks (not in the log)
            return
        count = len(self.marked)
        self._exchange(seat)
        self.emit(EventKind.EXCHANGE, seat, count=count)
        self.drawn.append(seat)
        following = self._next_in_hand(seat)
        if following in self.drawn:
            self._start_betting_round()
        else:
            self.turn = following

    def _exchange(self, seat: int) -> None:
        """The marked tiles go face down to the discards and as many come from the stock; when the stock runs
        short, the earlier players' discards are shuffled into it (never the seat's own)."""
        marked, self.marked = self.marked, []
        if len(self.stock) < len(marked):
            refill, self.discards = self.discards, []
            shuffle(refill, self.rng)
            self.stock.extend(refill)
        drawn, self.stock = self.stock[:len(marked)], self.stock[len(marked):]
        self.hands[seat] = sorted([t for t in self.hands[seat] if t not in marked] + drawn, reverse=True)
        self.discards.extend(marked)

    # ----- the end of a hand ---------------------------------------------------------------------------------------
    def _showdown(self) -> None:
        standing = self.betting.standing()
        ranks = {s: evaluate(self.hands[s]) for s in standing}
        self.shown = {s: list(self.hands[s]) for s in standing}
        for seat in standing:
            self.emit(EventKind.SHOW, seat, tiles=tuple(self.hands[seat]))
        winner = max(standing, key=lambda s: ranks[s])
        self._settle(winner, ranks[winner].category.key)

    def _settle(self, winner: int, words: str | None) -> None:
        """Pay the pot to ``winner`` (``words``: the winning hand's category at a showdown, None when all others
        folded)."""
        pot = self.betting.pot
        nets = [(pot if seat == winner else 0) - self.betting.committed[seat] if seat in self.live() else 0
                for seat in range(self.seats)]
        why = Termination.SHOWDOWN if words else Termination.FOLDED
        shown = tuple(self.shown.get(winner, ()))
        self.end_round(why, nets, [winner], kind=EventKind.POT, seat=winner, amount=pot, tiles=shown)
        for seat in self.live():
            self.award(seat, nets[seat], ScoreReason.CHIPS, seat)
        self.close_hand_points()
        self.betting.pot = 0
        self.last_hand = {"winner": winner, "pot": pot, "showdown": words is not None, "hand": words}
        self.phase = "hand_over"
        for seat in self.live():
            if self._score[seat] <= 0:
                self.out.append(seat)
                self.emit(EventKind.OUT, seat)
        live = self.live()
        if len(live) == 1:
            self.finish([live[0]], Termination.ALL_CHIPS)
        elif self.stopping is not None or self.last_deal():
            self._end_session()
        else:
            self.turn = self._next_live(self.dealer)

    def _next_live(self, seat: int) -> int:
        """The next seat after ``seat`` still in the session: the next dealer."""
        following = [(seat + step) % self.seats for step in range(1, self.seats + 1)]
        return next(s for s in following if s not in self.out)

    # ----- stopping a session ----------------------------------------------------------------------------------------
    def _end_session(self) -> None:
        """The players stopped (POK-2), or the session's deals are played, between hands: the biggest stack(s)
        win."""
        best = max(self._score[s] for s in self.live())
        self.finish([s for s in self.live() if self._score[s] == best], Termination.SESSION_ENDED)

    # ----- words, views and zones ----------------------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        if isinstance(action, Bid):
            if self.betting.current == 0:
                return Phrase("Bet {amount}", amount=action.amount)
            return Phrase("Raise {amount} (to {total})", amount=action.amount,
                          total=self.betting.current + action.amount)
        if isinstance(action, Choose) and action.tiles:
            tile = action.tiles[0]
            return Phrase("Keep {tile}", tile=tile) if tile in self.marked else Phrase("Exchange {tile}", tile=tile)
        if isinstance(action, Call):
            if action.name == "call":
                return Phrase("Call {amount}", amount=self.betting.to_call(self.turn))
            if action.name == "exchange":
                count = len(self.marked)
                if not count:
                    return Phrase("Stand pat")
                return counted(count, "Exchange {count} tile", "Exchange {count} tiles")
            if action.name == "deal":
                return Phrase("Deal the next hand")
            if action == STOP:
                return Phrase("Stop after this deal") if self.phase != "hand_over" else Phrase("Stop the session")
            if action.name == "check":
                return in_context("move", "Check")
            if action.name == "fold":
                return in_context("move", "Fold")
            return Phrase(action.name.capitalize())
        return Phrase(str(action))

    def prompt(self) -> Prompt:
        if self._over:
            return super().prompt()
        if self.phase == "bet":
            owed = self.betting.to_call(self.turn)
            can_bet = any(isinstance(a, Bid) for a in self.betting.options(self.turn))
            return Prompt(PromptKind.BET, self.turn, amount=owed, count=self.betting.pot, flag=can_bet)
        if self.phase == "draw":
            return Prompt(PromptKind.EXCHANGE, self.turn, count=MAX_EXCHANGE)
        return Prompt(PromptKind.DEAL_NEXT, self.turn)

    def _view(self, seat: int | None, common: CommonView) -> PokerView:
        chips = self.betting
        in_hand = self.phase in ("bet", "draw") and not self._over  # once a hand is settled, scores are the chips
        own = self.hands[seat] if seat is not None and seat < self.seats else []
        facts: PokerFacts = {
            "family": "poker",
            "phase": self.phase,
            "dealer": self.dealer,
            "stacks": [chips.behind(s) if s in chips.live and in_hand else self._score[s] for s in range(self.seats)],
            "pot": chips.pot if in_hand else 0,
            "bets": list(chips.bets) if self.phase == "bet" else [0] * self.seats,
            "folded": sorted(chips.folded),
            "out": list(self.out),
            "showdown": {str(s): [str(t) for t in hand] for s, hand in self.shown.items()},
            "showdown_hands": {str(s): evaluate(hand).category.key for s, hand in self.shown.items()},
            "to_call": chips.to_call(seat) if self.phase == "bet" and seat in chips.standing() else 0,
            "raises": chips.raises,
            "betting_round": chips.round_no,
            "draw": bool(self.options.get("poker_draw")),
            "marked": [str(t) for t in self.marked] if seat == self.turn and self.phase == "draw" else [],
            "stock": len(self.stock),
            "hand_rank": evaluate(own).category.key if len(own) == HAND_SIZE else None,
            "last_hand": self.last_hand if self.phase == "hand_over" or self._over else None,
            "stopping": self.stopping,
        }
        return {**common, **facts, "log": self.log_view(self.log_mark)}

    def bet_facts(self, seat: int) -> tuple[str, list[Tile], int, int, int]:
        """What ``seat``'s view says that a bettor needs, without building the whole view (a computer player's
        playouts ask it thousands of times a move): the phase, the seat's hand, the chips it must call, the pot,
        and how many opponents are still in the hand."""
        chips = self.betting
        in_hand = self.phase in ("bet", "draw") and not self._over
        to_call = chips.to_call(seat) if self.phase == "bet" and seat in chips.standing() else 0
        opponents = self.seats - len(chips.folded) - len(self.out) - 1
        return self.phase, list(self.hands[seat]), to_call, chips.pot if in_hand else 0, opponents

    def hand_lists(self) -> list[list[Tile]]:
        return self.hands

    def zones(self) -> dict[str, list[Tile]]:
        zones = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        zones["boneyard"] = list(self.stock)
        zones["dead"] = [*self.discards, *self.dead]
        return zones

    def full_set(self) -> list[Tile]:
        return poker_set()

    def hides(self, action: Action) -> bool:
        """Marking a tile to exchange is private: only the seat's own view shows its marks."""
        return isinstance(action, Choose)

    def _hidden_places(self, seat: int) -> dict[str, list[Tile]]:
        places = {f"hand{s}": hand for s, hand in enumerate(self.hands) if s != seat and s not in self.shown}
        places["boneyard"] = self.stock
        places["discard"] = self.discards
        places["dead"] = self.dead
        return places

    def _after_redeal(self, seat: int, rng: random.Random) -> None:
        """Another seat's private marks are drawn again from its new hand."""
        if self.marked and self.turn != seat:
            self.marked = rng.sample(self.hands[self.turn], len(self.marked))

    def visible_tiles(self, seat: int | None) -> Counter[Tile]:
        """A seat's own hand, and after a showdown every hand that was shown."""
        seen = super().visible_tiles(seat)
        for hand in self.shown.values():
            seen.update(t for t in hand if t not in seen)
        return seen


def upgrade_save(options: dict[str, Any], actions: list[Any]) -> tuple[dict[str, Any], list[Any]]:
    """Saves from before the stop was an action kept it in the options (``session_end``: the actions taken before
    it): it becomes a stop request at that place in the action list. Saves from before the session length
    options (they hold every option, so a missing one is older) keep the session they were started with: no limit
    on deals and a fixed ante of 1."""
    options.setdefault("deals", 0)
    options.setdefault("ante_rise", 0)
    at = options.pop("session_end", None)
    if isinstance(at, int) and not isinstance(at, bool) and 0 <= at <= len(actions):
        actions.insert(at, [0, str(STOP)])
    return options, actions


SPEC = GameSpec(
    key="poker",
    title="Domino Poker",
    seats=(2, 3, 4),
    tile_set="20 tiles: double-six without blanks and without 1-1",
    summary=(
        "Five tiles each from 20. Everyone antes 1 chip; one betting round from the dealer's left: check or bet "
        "1 to 10, then call, raise (at most 3 raises) or fold. The best hand at the showdown takes the pot: "
        "Royal, Six Straight, Fours, Five Straight, Full Hand, Four Straight, Threes, Flush, Pair, High Tile "
        "(doubles rank above all other tiles). Stacks of 100 chips; the ante doubles every 10 deals, at most 80 "
        "deals: the last player with chips wins (or the biggest stack when the players stop or the deals end)."
    ),
    options=(
        OptionSpec("stack", STARTING_STACK, (10, 20, 50, 100, 200), "Chips each player starts the session with",
                   "POK-2"),
        OptionSpec("poker_draw", False, (False, True),
                   "A draw: exchange up to 3 tiles between two betting rounds (2 or 3 players)", "POK-2"),
        OptionSpec("deals", DEALS, (0, 20, 30, 40, 50, 60, 80, 100, 150),
                   "Session length: at most this many deals, then the biggest stack wins (0: no limit)", "POK-2"),
        OptionSpec("ante_rise", ANTE_RISE, (0, 5, 10, 15, 20, 30),
                   "Rising ante: the ante doubles every this many deals (0: it stays 1 chip)", "POK-2"),
    ),
    factory=PokerGame,
    family="poker",
    order=150,
    upgrade=upgrade_save,
)
