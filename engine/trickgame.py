"""The shared flow of the trick-taking games (RULES section 4).

:class:`TrickGame` plays hands to the end of a match: the dealer is drawn by lots (RULES 1.4) and the deal rotates
left; each hand is dealt from the game's seeded generator, then passes through the game's own phases (bidding,
naming trumps, passing tiles...) before the play of tricks, which this class runs: the leader leads, the others
follow (RULES 4.1), the winner takes the trick into their side's pile and leads the next, until the hands are
empty or the game ends the hand early. Each game overrides hooks, the way python-chess variants override a board:

- ``tile_set``, ``hand_sizes``, ``target``: what is dealt and played to;
- ``begin_hand``: start the hand's first phase (default: play at once, the dealer's left leading);
- ``phase_legal`` / ``phase_apply``: the legal actions and effects of the game's own phases;
- ``after_trick``: look at a finished trick (return True to end the hand now, as a lost limit bid does);
- ``score_hand``: award the hand's points; ``match_result``: who has won the match, if anyone.

The view follows the "trick" conventions of COMMON.md.
"""

from __future__ import annotations

from engine.actions import Action, Bid, Call, Pass, Play
from engine.events import EventKind, Prompt, PromptKind, ScoreReason, Termination
from engine.game import Game
from engine.phrases import Phrase, in_context
from engine.shuffling import shuffle
from engine.tiles import Tile, double_set
from engine.tricks import NumberSuits, SuitRule, Trick, legal_follows, suit_words
from engine.views import CommonView, Contract, LastTrick, TrickFacts, TrickInPlay, TrickView

PLAY = "play"
MAX_LOTS = 100


class TrickGame(Game):
    """A match of a trick-taking game. Subclasses set the phases before play and the scoring.

    (A game without a dealer, like Eleven Point Black Tile, uses the rotating ``dealer`` seat as its first leader;
    its words, ``render/game_words.py``, say so in the lots and deal messages.)
    """

    # ----- what a game says about itself ------------------------------------------------------------------------
    def tile_set(self) -> list[Tile]:
        """Every tile the game is played with (default: one double-six set)."""
        return list(double_set(6))

    def hand_sizes(self) -> list[int]:
        """Tiles dealt to each seat (the rest are dead)."""
        return [7] * self.seats

    def target(self) -> int:
        """The score that wins the match."""
        return int(self.options.get("target", 250))

    def suit_rule(self) -> SuitRule:
        """The suits of the current hand (set by the game once trumps are known)."""
        return self.rule

    # ----- set-up and dealing -----------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.hands: list[list[Tile]] = [[] for _ in range(self.seats)]
        self.dead: list[Tile] = []
        self.piles: list[list[Tile]] = [[] for _ in self.sides]
        self.tricks_won = [0] * len(self.sides)
        self.trick: Trick | None = None
        self.last_trick: LastTrick | None = None
        self.sitting_out: list[int] = []
        self.rule: SuitRule = NumberSuits()
        self.phase = PLAY
        self.turn = 0
        self.log_mark = 0
        # Public facts for what each seat knows (engine/observation.py): the suits each seat has shown it holds no
        # tile of this hand, by not following them.
        self.void_suits: list[tuple[str, ...]] = [()] * self.seats
        self.dealer = self.draw_lots()
        self.emit(EventKind.LOTS, self.dealer)
        self.start_hand()

    def draw_lots(self) -> int:
        """RULES 1.4: each seat draws a tile, the highest pip value wins, tied seats draw again."""
        drawing = list(range(self.seats))
        for _ in range(MAX_LOTS):
            pool = list(double_set(6))
            shuffle(pool, self.rng)
            drawn = {seat: pool[i].pips for i, seat in enumerate(drawing)}
            best = max(drawn.values())
            drawing = [seat for seat in drawing if drawn[seat] == best]
            if len(drawing) == 1:
                return drawing[0]
        return drawing[0]  # pragma: no cover - ties a hundred times running

    def start_hand(self) -> None:
        """Deal a new hand with the current dealer and begin its first phase."""
        self.round_no += 1
        self.hands, self.dead = self.deal_from(self.tile_set(), self.hand_sizes())
        self.piles = [[] for _ in self.sides]
        self.tricks_won = [0] * len(self.sides)
        self.trick = None
        self.last_trick = None
        self.sitting_out = []
        self.void_suits = [()] * self.seats
        self.emit(EventKind.DEAL, self.dealer, round=self.round_no)
        self.begin_hand()

    def next_dealer(self) -> int:
        """The deal passes left (RULES 1.3)."""
        return (self.dealer + 1) % self.seats

    def throw_in(self) -> None:
        """Abandon the hand without scoring (all passed) and deal the next with the next dealer."""
        self.log_mark = len(self.log)
        self.end_round(Termination.THROWN_IN, [0] * len(self.sides), kind=EventKind.THROW_IN)
        self.close_hand_points()
        self.dealer = self.next_dealer()
        self.start_hand()

    # ----- hooks ------------------------------------------------------------------------------------------------
    def begin_hand(self) -> None:
        """Start the hand's first phase. Default: no bidding, the dealer's left leads the first trick."""
        self.start_play(self.next_seat(self.dealer))

    def phase_legal(self, seat: int) -> list[Action]:
        """Legal actions in the game's own phases (bidding, trumps...). Default: none."""
        raise NotImplementedError(f"phase {self.phase!r} has no actions")

    def phase_apply(self, seat: int, action: Action) -> None:
        """Carry out an action of the game's own phases."""
        raise NotImplementedError(f"phase {self.phase!r} has no actions")

    def after_trick(self, winner: int, trick: Trick) -> bool:
        """Called once a trick is taken; return True to end the hand now. Default: play on."""
        return False

    def score_hand(self) -> None:
        """Award the hand's points with :meth:`award`. Default: one point per trick."""
        for side, won in enumerate(self.tricks_won):
            self.award(side, won, ScoreReason.TRICKS)

    def hand_result(self, points: list[int]) -> tuple[Termination, list[int]]:
        """Why the hand ended and the sides that won it, given each side's points in it (default: the tricks were
        played; the sides that scored the most won, if any scored)."""
        best = max(points)
        return Termination.TRICKS, [side for side, gained in enumerate(points) if gained == best and best > 0]

    def match_result(self) -> list[int] | None:
        """The winning sides once the match is decided, else None (RULES 1.5 by default)."""
        winner = self.target_winner(self.target())
        return None if winner is None else [winner]

    def pile_points(self, side: int) -> int:
        """What ``side`` has taken this hand, for the view (default: its tricks)."""
        return self.tricks_won[side]

    # ----- the play of tricks -----------------------------------------------------------------------------------
    def active_seats(self) -> list[int]:
        """The seats taking part in this hand's tricks (not sitting out)."""
        return [s for s in range(self.seats) if s not in self.sitting_out]

    def next_seat(self, seat: int) -> int:
        """The next seat to the left that is not sitting out."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate not in self.sitting_out:
                return candidate
        return seat

    def start_play(self, leader: int) -> None:
        """Begin the play of tricks with ``leader`` to lead."""
        self.phase = PLAY
        self.turn = leader
        self.trick = Trick(leader)

    def play_legal(self, seat: int) -> list[Action]:
        """The leader's plays (with a suit where the leader declares one) or the follows allowed (RULES 4.1)."""
        assert self.trick is not None
        rule = self.suit_rule()
        hand = self.hands[seat]
        if self.trick.led_suit is None:
            out: list[Action] = []
            for tile in _unique(hand):
                choices = rule.lead_choices(tile)
                if len(choices) == 1:
                    out.append(Play(tile))
                else:
                    out.extend(Play(tile, suit=suit) for suit in choices)
            return out
        return [Play(tile) for tile in _unique(legal_follows(hand, self.trick.led_suit, rule))]

    def play_tile(self, seat: int, action: Play) -> None:
        """Put a tile on the trick; take the trick when everyone has played."""
        assert self.trick is not None
        tile = action.tile
        led = self.trick.led_suit
        if led is not None and not self.suit_rule().follows(tile, led):  # RULES 4.1: it holds no tile of the suit
            self.void_suits[seat] += (led,)
        self.hands[seat].remove(tile)
        if self.trick.led_suit is None:
            self.trick.led_suit = self.suit_rule().suit_of_lead(tile, action.suit)
            self.emit(EventKind.PLAY, seat, tile=tile, suit=self.trick.led_suit)
        else:
            self.emit(EventKind.PLAY, seat, tile=tile)
        self.trick.plays.append((seat, tile))
        if len(self.trick.plays) < len(self.active_seats()):
            self.turn = self.next_seat(seat)
            return
        self.take_trick(self.trick)

    def take_trick(self, trick: Trick) -> None:
        """The trick's winner takes it for their side and leads next (RULES 4.1); the hand may end."""
        winner = trick.winner(self.suit_rule())
        side = self.side_of(winner)
        self.piles[side].extend(trick.tiles())
        self.tricks_won[side] += 1
        self.last_trick = {"winner": winner, "plays": [[s, str(t)] for s, t in trick.plays]}
        self.emit(EventKind.TRICK, winner, side)
        self.trick = Trick(winner)
        self.turn = winner
        ended = self.after_trick(winner, trick)
        if self._over:
            return
        if ended or not any(self.hands[s] for s in self.active_seats()):
            self.end_hand()

    def end_hand(self) -> None:
        """Score the hand, then end the match or deal the next hand."""
        self.trick = None
        self.log_mark = at = len(self.log)
        before = list(self._score)
        self.score_hand()
        points = [after - earlier for after, earlier in zip(self._score, before, strict=True)]
        termination, winners = self.hand_result(points)
        # The hand_over event comes before the hand's score events in the log, and carries their sum.
        self.end_round(termination, points, winners, kind=EventKind.HAND_OVER, at=at)
        self.close_hand_points()
        result = self.match_result()
        if result is not None:
            self.finish(result)
            return
        self.dealer = self.next_dealer()
        self.start_hand()

    # ----- the contract -----------------------------------------------------------------------------------------
    def _to_act(self) -> tuple[int, ...]:
        return (self.turn,)

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == PLAY:
            return self.play_legal(seat)
        return self.phase_legal(seat)

    def _apply(self, seat: int, action: Action) -> None:
        if self.phase == PLAY and isinstance(action, Play):
            self.play_tile(seat, action)
        else:
            self.phase_apply(seat, action)

    # ----- words, views and zones -------------------------------------------------------------------------------
    def led_words(self, suit: str) -> Phrase:
        """A led suit in words: ``trumps`` for the trump suit, else the suit (``sixes``)."""
        return in_context("suit", "trumps") if suit == self.suit_rule().trump else suit_words(suit)

    def phrase(self, action: Action) -> Phrase:
        if isinstance(action, Play):
            leading = self.phase == PLAY and self.trick is not None and self.trick.led_suit is None
            if not leading:
                return Phrase("{tile}", tile=action.tile)
            try:
                suit = self.suit_rule().suit_of_lead(action.tile, action.suit)
            except ValueError:
                return Phrase("{tile}", tile=action.tile)
            return Phrase("{tile} (lead {suit})", tile=action.tile, suit=self.led_words(suit))
        if isinstance(action, Bid):
            return Phrase("Bid {bid}", bid=self.bid_phrase(action.amount))
        if isinstance(action, Pass):
            return in_context("move", "Pass")
        if isinstance(action, Call):
            return Phrase(action.name.replace("_", " ").capitalize())
        return Phrase(str(action))

    def bid_phrase(self, amount: int) -> Phrase:
        """A bid in words, as a phrase (Texas marks bidding says marks)."""
        return Phrase("{amount}", amount=amount)

    def prompt(self) -> Prompt:
        if self._over:
            return super().prompt()
        if self.phase != PLAY:
            return Prompt(PromptKind.TO_ACT, self.turn)
        assert self.trick is not None
        if self.trick.led_suit is None:
            return Prompt(PromptKind.TO_LEAD, self.turn)
        led = self.trick.led_suit
        return Prompt(PromptKind.TO_FOLLOW, self.turn, suit=led, flag=led == self.suit_rule().trump)

    def contract_view(self) -> Contract | None:
        """The view's ``contract`` entry (default: none)."""
        return None

    def _view(self, seat: int | None, common: CommonView) -> TrickView:
        facts: TrickFacts = {
            "family": "trick",
            "target": self.target(),
            "phase": self.phase,
            "dealer": self.dealer,
            "bids": [],
            "contract": self.contract_view(),
            "trick": self._trick_view(),
            "last_trick": self.last_trick,
            "tricks_won": list(self.tricks_won),
            "points_taken": [self.pile_points(side) for side in range(len(self.sides))],
            "sitting_out": list(self.sitting_out),
            "turnup": None,
        }
        return {**common, **facts, "log": self.log_view(self.log_mark)}

    def _trick_view(self) -> TrickInPlay | None:
        """The trick on the table and, once a tile is down, the seat winning it so far (RULES 4.1)."""
        if self.trick is None:
            return None
        view = self.trick.to_view()
        if self.trick.plays and self.trick.led_suit is not None:
            view["winning"] = self.trick.winner(self.suit_rule())
        return view

    def hand_lists(self) -> list[list[Tile]]:
        return self.hands

    def shown_out(self, seat: int) -> frozenset[Tile]:
        rule = self.suit_rule()
        suits = self.void_suits[seat]
        return frozenset(t for t in self.tile_set() if any(rule.follows(t, suit) for suit in suits))

    def _hidden_places(self, seat: int) -> dict[str, list[Tile]]:
        places = {f"hand{s}": hand for s, hand in enumerate(self.hands) if s != seat}
        places["dead"] = self.dead
        return places

    def zones(self) -> dict[str, list[Tile]]:
        zones = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        zones["trick"] = self.trick.tiles() if self.trick is not None else []
        for side, pile in enumerate(self.piles):
            zones[f"taken{side}"] = list(pile)
        zones["dead"] = list(self.dead)
        return zones

    def full_set(self) -> list[Tile]:
        return self.tile_set()


def _unique(tiles: list[Tile]) -> list[Tile]:
    """Each tile once (two identical tiles in one hand are one choice)."""
    seen: list[Tile] = []
    for tile in tiles:
        if tile not in seen:
            seen.append(tile)
    return seen
