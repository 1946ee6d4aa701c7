"""Eleven Point Black Tile (RULES 4.7, [DP-EPBT]): a Hearts adaptation for three or four players.

Three players take 9 tiles each (the 28th tile is dead and unseen); four take 7. Each player chooses three tiles and,
once every choice is locked, they pass to the left (option ``pass_direction``: right or none). The first leader
(by lots, then rotating left, EPB-3) may pass the lead once to the left neighbour, who must lead (EPB-2). The leader
names the suit: either number of a tile, or for a double its number or the doubles suit. There are no trumps;
follow suit if able; the highest tile of the led suit wins (a double led as its number cannot be beaten, EPB-5).

The counters are penalties (EPB-1): 0-0 is 4 and each tile bearing a 3 is 1, 11 in all. Taking all 11 shoots the
moon: the shooter adds 0 and everyone else 22 (EPB-4 and option ``moon_all_dealt_counters`` at three players). After
a hand in which someone reaches 61, the lowest total wins; ties share the win (option ``epbt_tie_break_round``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

from engine.actions import Action, Choose, Pass, Play
from engine.events import EventKind, Prompt, PromptKind, ScoreReason, Termination
from engine.fortytwo import flag
from engine.game import GameSpec, OptionSpec
from engine.phrases import Phrase
from engine.tiles import Tile
from engine.trickgame import TrickGame
from engine.tricks import BOTH, NumberSuits
from engine.views import BlackTileHand, CommonView, TrickView

PASSING = "pass"
PASS_SIZE = 3
COUNTER_TOTAL = 11
MOON_PENALTY = 22
DIRECTIONS = {"left": 1, "right": -1, "none": 0}


def counter_points(tile: Tile) -> int:
    """RULES 4.7: 0-0 is worth 4, each tile bearing a 3 (3-0 to 6-3, and 3-3) is worth 1, anything else 0.

    >>> counter_points(Tile.of(0, 0)), counter_points(Tile.of(3, 3)), counter_points(Tile.of(6, 3))
    (4, 1, 1)
    >>> counters(Tile.of(a, b) for a in range(7) for b in range(a + 1))
    11
    """
    if tile == Tile.of(0, 0):
        return 4
    return 1 if tile.has(3) else 0


def counters(tiles: Iterable[Tile]) -> int:
    """The counter points among ``tiles``."""
    return sum(counter_points(t) for t in tiles)


def black_tile_suits() -> NumberSuits:
    """No trumps; a double belongs both to its number and to the doubles suit; the leader names the suit."""
    return NumberSuits(trump=None, doubles=BOTH, declare=True)


def hand_penalties(taken: list[int], moon_needs: int) -> tuple[list[int], int | None]:
    """Each player's penalty for the counters ``taken``, and the moon shooter if one took ``moon_needs`` points.

    >>> hand_penalties([7, 4, 0], 11)
    ([7, 4, 0], None)
    >>> hand_penalties([11, 0, 0, 0], 11)
    ([0, 22, 22, 22], 0)
    """
    for seat, points in enumerate(taken):
        if moon_needs > 0 and points >= moon_needs:
            return [0 if s == seat else MOON_PENALTY for s in range(len(taken))], seat
    return list(taken), None


class BlackTileGame(TrickGame):
    """A match of Eleven Point Black Tile: every player for themself, the lowest total wins."""

    def hand_sizes(self) -> list[int]:
        return [9 if self.seats == 3 else 7] * self.seats

    def target(self) -> int:
        return int(self.options["target"])

    def pass_step(self) -> int:
        """+1 to pass left, -1 right, 0 when nobody passes."""
        return DIRECTIONS[str(self.options["pass_direction"])]

    # ----- the hand: the first leader and the pass -----------------------------------------------------------------
    def _setup(self) -> None:
        self.chosen: dict[int, tuple[Tile, ...]] = {}
        self.received: dict[int, list[Tile]] = {}
        self.may_pass_lead = False
        self.last_hand: BlackTileHand | None = None
        super()._setup()

    @property
    def first_leader(self) -> int:
        """EPB-3: drawn by lots for the first hand, then the seat left of the last hand's first leader (the base
        class's rotating ``dealer`` seat plays this role; Black Tile has no dealer)."""
        return self.dealer

    def begin_hand(self) -> None:
        """Start with the pass (unless ``pass_direction`` is none), then the opening lead."""
        self.rule = black_tile_suits()
        self.chosen, self.received = {}, {}
        if self.pass_step() == 0:
            self.start_opening()
            return
        self.phase = PASSING
        self.emit(EventKind.PASS_PHASE, count=PASS_SIZE)

    def start_opening(self) -> None:
        """EPB-2: the first leader leads the first trick or passes the lead once to the left."""
        self.start_play(self.first_leader)
        self.may_pass_lead = True

    def _to_act(self) -> tuple[int, ...]:
        if self.phase == PASSING:
            return tuple(s for s in range(self.seats) if s not in self.chosen)
        return super()._to_act()

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == PASSING:
            return [Choose(tiles) for tiles in combinations(self.hands[seat], PASS_SIZE)]
        legal = super()._legal(seat)
        return [Pass(), *legal] if self.may_pass_lead else legal

    def phase_apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Choose):
            self.choose_pass(seat, action.tiles)
        elif isinstance(action, Pass):
            self.pass_lead(seat)

    def choose_pass(self, seat: int, tiles: tuple[Tile, ...]) -> None:
        """Lock ``seat``'s three tiles; once every choice is locked, all pass at the same moment."""
        self.chosen[seat] = tiles
        self.emit(EventKind.CHOSE, seat, count=PASS_SIZE)
        if len(self.chosen) == self.seats:
            self.exchange()

    def exchange(self) -> None:
        """Every locked choice goes to the neighbour in the pass direction at once."""
        step = self.pass_step()
        for seat, tiles in self.chosen.items():
            for tile in tiles:
                self.hands[seat].remove(tile)
        for seat, tiles in self.chosen.items():
            receiver = (seat + step) % self.seats
            self.hands[receiver].extend(tiles)
            self.hands[receiver].sort(reverse=True)
            self.received[receiver] = list(tiles)
        self.emit(EventKind.PASSED, count=PASS_SIZE)
        self.chosen = {}
        self.start_opening()

    # ----- what each seat knows -------------------------------------------------------------------------------------
    def hides(self, action: Action) -> bool:
        """The three tiles chosen to pass are face down."""
        return isinstance(action, Choose)

    def known_places(self, seat: int) -> dict[Tile, frozenset[str]]:
        """The passer knows its three tiles are in the receiving neighbour's hand until they are played."""
        step = self.pass_step()
        if not step:
            return {}
        receiver = (seat + step) % self.seats
        hand = self.hands[receiver]
        place = frozenset((f"hand{receiver}",))
        return {tile: place for tile in self.received.get(receiver, []) if tile in hand}

    def _after_redeal(self, seat: int, rng: random.Random) -> None:
        """Another seat's locked (hidden) choice is drawn again from its new hand."""
        for other, tiles in list(self.chosen.items()):
            if other != seat:
                self.chosen[other] = tuple(sorted(rng.sample(self.hands[other], len(tiles)), reverse=True))

    def pass_lead(self, seat: int) -> None:
        """EPB-2: the lead passes once to the left neighbour, who must lead."""
        self.may_pass_lead = False
        leader = self.next_seat(seat)
        self.emit(EventKind.PASS_LEAD, seat, seats=(leader,))
        self.start_play(leader)

    def play_tile(self, seat: int, action: Play) -> None:
        self.may_pass_lead = False
        super().play_tile(seat, action)

    # ----- scoring and the end of the match ------------------------------------------------------------------------
    def moon_needs(self) -> int:
        """EPB-4: all 11 points (the literal seed), or with ``moon_all_dealt_counters`` all the counters dealt."""
        if self.options["moon_all_dealt_counters"]:
            return COUNTER_TOTAL - counters(self.dead)
        return COUNTER_TOTAL

    def score_hand(self) -> None:
        """EPB-1: each player adds the counters taken as penalties; a moon shooter adds 0 and the others 22."""
        taken = [counters(pile) for pile in self.piles]
        penalties, shooter = hand_penalties(taken, self.moon_needs())
        if shooter is not None:
            self.emit(EventKind.MOON, shooter)
        for seat, points in enumerate(penalties):
            self.award(seat, points, ScoreReason.PENALTY, seat)
        if not any(penalties):
            self.emit(EventKind.SCORE, reason=ScoreReason.NOBODY)
        self.last_hand = {"round": self.round_no, "taken": taken, "penalties": penalties, "moon": shooter}

    def match_result(self) -> list[int] | None:
        """After a hand in which someone reaches the target (61), the lowest total wins; tied lowest totals share
        the win, or with ``epbt_tie_break_round`` more hands are played until the lowest total is unique."""
        if max(self._score) < self.target():
            return None
        low = min(self._score)
        lowest = [s for s, total in enumerate(self._score) if total == low]
        if len(lowest) > 1 and self.options["epbt_tie_break_round"]:
            self.emit(EventKind.TIE)
            return None
        return lowest

    def hand_result(self, points: list[int]) -> tuple[Termination, list[int]]:
        """Penalties: the players who added the fewest points won the hand."""
        low = min(points)
        return Termination.TRICKS, [seat for seat, added in enumerate(points) if added == low]

    def pile_points(self, side: int) -> int:
        return counters(self.piles[side])

    # ----- words and views -----------------------------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        if isinstance(action, Choose):
            return Phrase("Pass {tiles}", tiles=", ".join(str(t) for t in action.tiles))
        if isinstance(action, Pass):
            return Phrase("Pass the lead")
        return super().phrase(action)

    def prompt(self) -> Prompt:
        if self._over:
            return super().prompt()
        if self.phase == PASSING:
            return Prompt(PromptKind.CHOOSE_PASS, seats=self._to_act(), count=PASS_SIZE,
                          direction=str(self.options["pass_direction"]))
        if self.may_pass_lead:
            return Prompt(PromptKind.LEAD_OR_PASS, self.turn)
        return super().prompt()

    def _view(self, seat: int | None, common: CommonView) -> TrickView:
        view = super()._view(seat, common)
        view["dealer"] = None
        view["first_leader"] = self.first_leader
        view["pass_direction"] = self.options["pass_direction"]
        view["passes_locked"] = sorted(self.chosen)
        view["my_pass"] = [str(t) for t in self.chosen.get(seat, ())] if seat is not None else []
        view["received"] = [str(t) for t in self.received.get(seat, [])] if seat is not None else []
        view["may_pass_lead"] = self.may_pass_lead
        view["played"] = [str(t) for pile in self.piles for t in pile]
        view["dead_count"] = len(self.dead)
        view["last_hand"] = self.last_hand
        own = self.hands[seat] if seat is not None else []
        view["tile_points"] = {str(t): counter_points(t) for t in own if counter_points(t)}
        view["lowest_wins"] = True
        return view


SPEC = GameSpec(
    key="black_tile",
    title="Eleven Point Black Tile",
    seats=(3, 4),
    tile_set="double-six",
    summary=(
        "Hearts with dominoes, each for themself. 9 tiles each at three players (one dead), 7 at four. Pass 3 "
        "tiles to the left. The first leader may pass the lead once. Lead a tile and name its suit (a double: its "
        "number or the doubles); follow suit if you can; no trumps; the highest tile of the suit wins. Counters "
        "are penalties: 0-0 is 4 and every tile with a 3 is 1. Take all 11 to shoot the moon: you add 0, everyone "
        "else 22. When someone reaches 61, the lowest total wins (tied lowest totals share the win)."
    ),
    options=(
        OptionSpec("target", 61, (21, 31, 61, 101), "The total that ends the match (61 by the rules)", "4.7"),
        OptionSpec("pass_direction", "left", ("left", "right", "none"),
                   "Where the three tiles go before play (or no pass)", "4.7"),
        flag("epbt_tie_break_round", "A tie for the lowest total plays more hands instead of sharing the win", "4.7"),
        flag("moon_all_dealt_counters", "At three players, taking every counter dealt shoots the moon even if one is "
             "dead", "EPB-4"),
    ),
    factory=BlackTileGame,
    family="trick",
    order=140,
    lowest_wins=True,
)
