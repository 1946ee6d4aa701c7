"""Domino Euchre (RULES 4.6, [DP-EU]).

Two, three or four players (partners sit opposite at four), 5 tiles each from a double-six. The dealer turns up a
tile; its higher end would be trumps. From the dealer's left, the dealer last, each player accepts or passes; at
four players an acceptor may go Alone (the partner's hand is out of play). All passing kills the turn-up and a new
one is turned, at most three (EU-5: then the tiles are thrown in and the deal passes left). The dealer takes up the
accepted turn-up and discards one tile face down (EU-3; option ``euchre_turnup_stays``: it stays exposed).

Trumps rank Right Bower t-t, Left Bower (t-1)-(t-1) (6-6 when blanks are trump), then the other tiles bearing t by
their other end (EU-1). A non-trump tile leads the number its leader declares (EU-2; option
``euchre_higher_end_leads``). Makers taking 5 tricks score 2 (4 alone), 3-4 tricks 1; euchred, the opponents score 2
(each opponent at two or three players). First to 5.
"""

from __future__ import annotations

from collections import Counter

from engine.actions import Action, Call, Choose, Pass
from engine.events import EventKind, Prompt, PromptKind, ScoreReason, Termination
from engine.fortytwo import flag
from engine.game import GameSpec, OptionSpec
from engine.phrases import Phrase
from engine.tiles import Tile
from engine.trickgame import PLAY, TrickGame
from engine.tricks import NumberSuits, suit_words
from engine.views import CommonView, Contract, EuchreHand, TrickView

ACCEPT = "accept"
ALONE = "alone"
# How a seat accepts the turn-up (:meth:`EuchreGame.acceptance`); two or three players simply ACCEPT.
TAKE_UP = "take_up"
ASSIST = "assist"
ORDER_UP = "order_up"
ACCEPTING = "accept"
DISCARD = "discard"
MAX_TURNUPS = 3
TRICKS = 5


def trump_of(turnup: Tile) -> int:
    """RULES 4.6: the trump number a turn-up offers is its higher end (a double gives its own number)."""
    return turnup.high


def right_bower(trump: int) -> Tile:
    """The highest trump: the double of the trump number."""
    return Tile.of(trump, trump)


def left_bower(trump: int) -> Tile:
    """The second trump: the double one below the trump number; with blanks trump it is 6-6."""
    below = trump - 1 if trump > 0 else 6
    return Tile.of(below, below)


class EuchreSuits(NumberSuits):
    """Euchre's suits for a trump number: the trump suit holds every tile bearing it plus the Left Bower, which
    then belongs to no number suit (RULES 4.6). Non-trump suits rank per RULES 4.3.

    >>> fives = EuchreSuits(trump="5", declare=True)
    >>> fives.rank(Tile.of(5, 5), "5"), fives.rank(Tile.of(4, 4), "5"), fives.rank(Tile.of(6, 5), "5")
    (9, 8, 6)
    >>> fives.is_trump(Tile.of(4, 4)), fives.follows(Tile.of(4, 4), "4"), fives.lead_choices(Tile.of(6, 4))
    (True, False, ('6', '4'))
    """

    def number(self) -> int:
        """The trump number."""
        assert self.trump is not None
        return int(self.trump)

    def suits_of(self, tile: Tile) -> frozenset[str]:
        trump = self.number()
        if tile.has(trump) or tile == left_bower(trump):
            return frozenset((str(trump),))
        return frozenset((str(tile.high), str(tile.low)))

    def rank(self, tile: Tile, suit: str) -> int:
        """Right Bower 9, Left Bower 8, other trumps by their other end; number suits per RULES 4.3."""
        if suit == self.trump:
            trump = self.number()
            if tile == right_bower(trump):
                return 9
            if tile == left_bower(trump):
                return 8
            return tile.other(trump)
        return super().rank(tile, suit)


class EuchreGame(TrickGame):
    """A match of Domino Euchre to 5 points."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Partners opposite at four players (0+2 against 1+3); otherwise each player alone."""
        if self.seats == 4:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.seats))

    def hand_sizes(self) -> list[int]:
        return [TRICKS] * self.seats

    def target(self) -> int:
        return int(self.options["target"])

    @property
    def loner_allowed(self) -> bool:
        """'Alone' exists only in the four-player partnership game."""
        return self.seats == 4

    # ----- the hand: turn-ups and acceptance ---------------------------------------------------------------------
    def _setup(self) -> None:
        self.rejected: list[Tile] = []
        self.turnup: Tile | None = None
        self.taken_up: Tile | None = None
        self.discarded: list[Tile] = []
        self.maker: int | None = None
        self.alone = False
        self.passes = 0
        self.last_hand: EuchreHand | None = None
        super()._setup()

    def begin_hand(self) -> None:
        """Turn up the first trump tile; acceptance starts left of the dealer."""
        self.rejected, self.discarded = [], []
        self.turnup = self.taken_up = None
        self.maker, self.alone = None, False
        self.rule = NumberSuits()
        self.turn_up()

    def turn_up(self) -> None:
        """The dealer turns the next stock tile face up and the round of acceptance begins."""
        tile = self.dead.pop(0)
        self.turnup = tile
        self.passes = 0
        self.phase = ACCEPTING
        self.turn = self.next_seat(self.dealer)
        self.emit(EventKind.TURNUP, self.dealer, tile=tile, suit=str(trump_of(tile)), count=len(self.rejected) + 1)

    def offered_trump(self) -> int | None:
        """The trump number on offer or chosen this hand."""
        tile = self.turnup or self.taken_up
        return None if tile is None else trump_of(tile)

    def phase_legal(self, seat: int) -> list[Action]:
        if self.phase == ACCEPTING:
            calls: list[Action] = [Call(ACCEPT)]
            if self.loner_allowed:
                calls.append(Call(ALONE))
            return [*calls, Pass()]
        return [Choose((tile,)) for tile in self.hands[seat]]

    def phase_apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Pass):
            self.pass_turnup(seat)
        elif isinstance(action, Call):
            self.accept(seat, alone=action.name == ALONE)
        elif isinstance(action, Choose):
            self.discard(seat, action.tiles[0])

    def pass_turnup(self, seat: int) -> None:
        """A pass; when everyone has passed the turn-up is dead, and after the third the hand is thrown in."""
        self.emit(EventKind.PASS, seat)
        self.passes += 1
        if self.passes < self.seats:
            self.turn = self.next_seat(seat)
            return
        assert self.turnup is not None
        self.rejected.append(self.turnup)
        self.turnup = None
        if len(self.rejected) >= MAX_TURNUPS:
            self.throw_in()
            return
        self.emit(EventKind.TURNUP_DEAD)
        self.turn_up()

    def accept(self, seat: int, alone: bool) -> None:
        """``seat`` accepts the turn-up's trumps (and may go Alone); the dealer then takes it up."""
        assert self.turnup is not None
        trump = trump_of(self.turnup)
        self.maker, self.alone = seat, alone
        self.rule = EuchreSuits(trump=str(trump), declare=not self.options["euchre_higher_end_leads"])
        if alone:
            self.sitting_out = [s for s in self.sides[self.side_of(seat)] if s != seat]
        self.emit(EventKind.ACCEPT, seat, suit=str(trump), alone=alone, seats=(self.dealer,))
        if self.options["euchre_turnup_stays"] or self.dealer in self.sitting_out:
            self.emit(EventKind.TURNUP_STAYS)
            self.begin_tricks()
            return
        self.hands[self.dealer].append(self.turnup)
        self.hands[self.dealer].sort(reverse=True)
        self.taken_up, self.turnup = self.turnup, None
        self.phase = DISCARD
        self.turn = self.dealer

    def acceptance(self, seat: int) -> str:
        """How ``seat`` accepts the turn-up (Euchre's words for it differ): the dealer takes it up, the dealer's
        partner assists, an opponent orders it up; with two or three players a player accepts it."""
        if seat == self.dealer:
            return TAKE_UP
        if self.seats == 4 and self.side_of(seat) == self.side_of(self.dealer):
            return ASSIST
        return ORDER_UP if self.seats == 4 else ACCEPT

    def discard(self, seat: int, tile: Tile) -> None:
        """The dealer lays one tile face down out of play."""
        self.hands[seat].remove(tile)
        self.discarded.append(tile)
        self.emit(EventKind.DISCARD, seat)
        self.begin_tricks()

    def begin_tricks(self) -> None:
        """The dealer's left leads; when someone is Alone, the loner's left leads."""
        assert self.maker is not None
        self.start_play(self.next_seat(self.maker if self.alone else self.dealer))

    # ----- scoring ----------------------------------------------------------------------------------------------
    def score_hand(self) -> None:
        """5 tricks: 2 (4 Alone); 3-4 tricks: 1; fewer: euchred, every opposing side scores 2."""
        assert self.maker is not None
        side = self.side_of(self.maker)
        won = self.tricks_won[side]
        if won == TRICKS:
            points = 4 if self.alone else 2
            self.award(side, points, ScoreReason.MARCH, self.maker, alone=self.alone)
            result = "march"
        elif won >= 3:
            self.award(side, 1, ScoreReason.POINT, self.maker, count=won)
            result = "point"
        else:
            for other in range(len(self.sides)):
                if other != side:
                    self.award(other, 2, ScoreReason.EUCHRED, self.maker, count=won)
            result = "euchred"
        self.last_hand = {"round": self.round_no, "makers": side, "alone": self.alone, "tricks": won,
                          "result": result}

    def hand_result(self, points: list[int]) -> tuple[Termination, list[int]]:
        """The makers made it with three tricks or more; else they were euchred and every other side won."""
        assert self.maker is not None
        side = self.side_of(self.maker)
        if self.tricks_won[side] >= 3:
            return Termination.BID_MADE, [side]
        return Termination.BID_SET, [other for other in range(len(self.sides)) if other != side]

    def pile_points(self, side: int) -> int:
        """Euchre takes no points in play: the hand scores only once its five tricks are counted."""
        return 0

    # ----- words and views --------------------------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        trump = self.offered_trump()
        words = suit_words(None if trump is None else str(trump))
        if isinstance(action, Call) and action.name in (ACCEPT, ALONE):
            how = self.acceptance(self.turn)
            alone = action.name == ALONE
            if how == TAKE_UP:
                return (Phrase("Take up {suit}, alone", suit=words) if alone else Phrase("Take up {suit}", suit=words))
            if how == ASSIST:
                return (Phrase("Assist with {suit}, alone", suit=words) if alone else
                        Phrase("Assist with {suit}", suit=words))
            if how == ORDER_UP:
                return (Phrase("Order up {suit}, alone", suit=words) if alone else
                        Phrase("Order up {suit}", suit=words))
            return Phrase("Accept {suit}, alone", suit=words) if alone else Phrase("Accept {suit}", suit=words)
        if isinstance(action, Choose) and action.tiles:
            return Phrase("Discard {tile}", tile=action.tiles[0])
        return super().phrase(action)

    def prompt(self) -> Prompt:
        if self._over or self.phase == PLAY:
            return super().prompt()
        if self.phase == DISCARD:
            return Prompt(PromptKind.DISCARD, self.turn)
        return Prompt(PromptKind.ACCEPT_TURNUP, self.turn, suit=str(self.offered_trump()), count=len(self.rejected) + 1,
                      high=MAX_TURNUPS)

    def contract_view(self) -> Contract | None:
        if self.maker is None:
            return None
        return {"seat": self.maker, "bid": ALONE if self.alone else ACCEPT, "trumps": str(self.offered_trump())}

    def _view(self, seat: int | None, common: CommonView) -> TrickView:
        view = super()._view(seat, common)
        shown = self.turnup or self.taken_up
        view["turnup"] = None if shown is None else str(shown)
        view["turnup_taken"] = self.taken_up is not None
        view["turnup_stays"] = bool(self.options["euchre_turnup_stays"])
        view["turnups_rejected"] = [str(t) for t in self.rejected]
        view["trump"] = self.offered_trump()
        view["makers"] = None if self.maker is None else self.side_of(self.maker)
        view["alone"] = self.alone
        view["played"] = [str(t) for pile in self.piles for t in pile]
        view["discarded"] = [str(t) for t in self.discarded] if seat == self.dealer else []
        view["last_hand"] = self.last_hand
        return view

    def zones(self) -> dict[str, list[Tile]]:
        zones = super().zones()
        zones["turnup"] = [self.turnup] if self.turnup is not None else []
        zones["rejected"] = list(self.rejected)
        zones["discard"] = list(self.discarded)
        return zones

    def hides(self, action: Action) -> bool:
        """EU-3: the dealer's discard is face down."""
        return isinstance(action, Choose)

    def _hidden_places(self, seat: int) -> dict[str, list[Tile]]:
        places = super()._hidden_places(seat)
        if seat != self.dealer:
            places["discard"] = self.discarded
        return places

    def known_places(self, seat: int) -> dict[Tile, frozenset[str]]:
        """Everyone saw the turn-up the dealer took up: it is in the dealer's hand or the face-down discard."""
        taken = self.taken_up
        if seat == self.dealer or taken is None:
            return {}
        if taken in self.hands[self.dealer] or taken in self.discarded:
            return {taken: frozenset((f"hand{self.dealer}", "discard"))}
        return {}

    def visible_tiles(self, seat: int | None) -> Counter[Tile]:
        """Everyone saw the turn-ups (the dealer's taken-up tile too); only the dealer knows the discard."""
        seen = super().visible_tiles(seat)
        if seat != self.dealer:
            seen.subtract(self.discarded)
            seen = +seen
        if self.taken_up is not None:
            seen[self.taken_up] += 1
        return seen



SPEC = GameSpec(
    key="euchre",
    title="Domino Euchre",
    seats=(2, 3, 4),
    tile_set="double-six",
    summary=(
        "5 tiles each; at four, partners sit opposite (two or three play alone). The dealer turns up a tile: its "
        "higher end would be trumps. From the dealer's left each player accepts or passes (at four you may go "
        "Alone: your partner sits out); up to three turn-ups, then a new deal. The dealer takes up the turn-up and "
        "discards. Trumps: t-t, then the double below (6-6 when blanks are trumps), then the tiles bearing t. Lead "
        "any tile and name its suit; follow suit. Makers: 5 tricks 2 points (4 alone), 3-4 tricks 1; fewer and "
        "each opponent scores 2. First to 5."
    ),
    options=(
        OptionSpec("target", 5, (5, 7, 10), "Points needed to win the match (5 by the rules)", "4.6"),
        flag("euchre_higher_end_leads", "A non-trump tile leads its higher end (instead of the leader's choice)",
              "EU-2"),
        flag("euchre_turnup_stays", "The accepted turn-up stays face up; the dealer does not take it up", "EU-3"),
    ),
    factory=EuchreGame,
    family="trick",
    teams="At four players, seats 1 and 3 against seats 2 and 4; otherwise each player alone",
    order=130,
)
