"""Matador: play a tile whose touching end and the open end add up to the target sum (RULES 3.7).

The default is the double-nine subset with sum 10 (MAT-1); ``matador_mode`` offers the two double-twelve readings.
Doubles lie in line and show their single face (MAT-3). Matadors (0-0 and the tiles whose ends make the sum without
a blank) play on any end in either orientation and are the only tiles a blank end takes. A player whose only plays
are matadors may draw instead (MAT-5); drawing goes on until a drawn tile can be played; when the boneyard is out, a
held matador must be played. Going out scores every other hand (doubles in full); a blocked round scores the lowest
hand the others' pips less its own (MAT-6). First to 100.
"""

from __future__ import annotations

from engine.actions import Action, Draw, Pass, Play
from engine.events import EventKind, Prompt, PromptKind
from engine.game import GameSpec, OptionSpec
from engine.layout import OpenEnd, arm_words
from engine.linegame import BLOCK_TIE, RESERVE_TWO, LineGame, target_option
from engine.phrases import Phrase
from engine.tiles import Tile, double_set, highest_double
from engine.views import CommonView, LineView

MODES: dict[str, tuple[int, int]] = {"d9": (9, 10), "d12sum13": (12, 13), "d12literal": (12, 10)}
"""``matador_mode`` -> (highest number of the set, the target sum) (MAT-1)."""


def matador_tiles(top: int, total: int) -> frozenset[Tile]:
    """The matadors: 0-0 and every blank-free tile whose ends add up to ``total`` (MAT-1, MAT-2).

    >>> sorted(str(t) for t in matador_tiles(9, 10))
    ['0-0', '5-5', '6-4', '7-3', '8-2', '9-1']
    >>> Tile.of(10, 0) in matador_tiles(12, 10), Tile.of(10, 3) in matador_tiles(12, 13)
    (False, True)
    """
    return frozenset({Tile.of(0, 0)} | {t for t in double_set(top) if t.pips == total and t.low >= 1})


def touching_faces(end_value: int, tile: Tile, total: int, matadors: frozenset[Tile]) -> list[int]:
    """The faces of ``tile`` that may touch an open end showing ``end_value`` (MAT-3 connection rule).

    A matador goes on any end either way round; any other tile needs a non-blank end and a touching face that
    makes ``total`` with it.

    >>> mats = matador_tiles(9, 10)
    >>> touching_faces(9, Tile.of(7, 1), 10, mats), touching_faces(9, Tile.of(3, 3), 10, mats)
    ([1], [])
    >>> touching_faces(0, Tile.of(9, 1), 10, mats), touching_faces(0, Tile.of(9, 0), 10, mats)
    ([9, 1], [])
    """
    if tile in matadors:
        return [tile.high] if tile.is_double else [tile.high, tile.low]
    need = total - end_value
    return [need] if end_value != 0 and tile.has(need) else []


class MatadorGame(LineGame):
    """Matador: sum-to-target connection, matadors anywhere, the draw-or-matador choice; to 100."""

    DRAWS = True
    DOUBLES_INLINE = True

    def _setup(self) -> None:
        top, total = MODES[str(self.options["matador_mode"])]
        self.top = top
        self.total = total
        self.matadors = matador_tiles(top, total)
        self.drew = False  # the player to act has drawn this turn, so must now play (or pass)
        super()._setup()

    def tile_set(self) -> list[Tile]:
        """Double-nine by default, double-twelve in either ``matador_mode`` reading (MAT-1)."""
        return list(double_set(self.top))

    def hand_size(self) -> int:
        """MAT-4: 7 tiles each for 3 to 5 players, 5 each for 6 to 8."""
        return 7 if self.seats <= 5 else 5

    def formula(self) -> str:
        """MAT-6: the blocked round scores others' pips less own ([HAS]), or each difference ([UC])."""
        return str(self.options["matador_scoring"])

    def connects(self, end: OpenEnd, tile: Tile) -> list[int]:
        """The sum rule: touching face + open end = the target, the end not blank; matadors anywhere."""
        return touching_faces(end.value, tile, self.total, self.matadors)

    def opening(self) -> tuple[int, Tile]:
        """The highest double opens; with no double, the heaviest tile (higher end, then lower seat, on ties)."""
        doubles = [(d, -s) for s, hand in enumerate(self.hands) if (d := highest_double(hand)) is not None]
        if doubles:
            tile, minus_seat = max(doubles)
            return -minus_seat, tile
        weights = [((t.pips, t.high, -s), s, t) for s, hand in enumerate(self.hands) for t in hand]
        _, seat, tile = max(weights, key=lambda w: w[0])
        return seat, tile

    def opening_shows(self, tile: Tile) -> frozenset[Tile]:
        """A double opening shows no hand held a higher double; a heaviest-tile opening, that no hand held a
        double or a heavier tile."""
        if tile.is_double:
            return super().opening_shows(tile)
        weight = (tile.pips, tile.high)
        return frozenset(t for t in self.tile_set() if t.is_double or (t.pips, t.high) > weight)

    # ----- the turn (RULES 3.7 steps 1-5) ----------------------------------------------------------------------
    def _legal(self, seat: int) -> list[Action]:
        plays = self.plays(seat)
        only_matadors = all(isinstance(p, Play) and p.tile in self.matadors for p in plays)
        if plays and (not only_matadors or self.drew or not self.drawable()):
            return plays
        if self.drawable():
            return [*plays, Draw()]
        return [Pass()]

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Draw):
            self._draw(seat)
            # Unseen tiles came in, and the player may still play a matador it held rather than the tile drawn last:
            # nothing is known of its hand now.
            self.showed_out[seat] = frozenset()
            self.void_pips[seat] = self.pending_pips[seat] = 0
            return
        self.drew = False
        super()._apply(seat, action)

    def _draw(self, seat: int) -> None:
        """MAT-5: draw one tile at a time until a drawn tile can be played or none may be drawn."""
        ends = self.line.open_ends()
        drawn = 0
        while self.drawable():
            tile = self.boneyard.pop(0)
            self.hands[seat].append(tile)
            drawn += 1
            if any(self.connects(end, tile) for end in ends):
                break
        self.hands[seat].sort(reverse=True)
        self.drew = True
        self.emit(EventKind.DRAW, seat, count=drawn)

    # ----- words and views ------------------------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        if isinstance(action, Play) and action.face is not None:
            where = arm_words(action.end)
            leaving = action.tile.other(action.face)
            if action.tile in self.matadors:
                return Phrase("{tile} (matador) on the {end}, leaving {value}", tile=action.tile, end=where,
                              value=leaving)
            return Phrase("{tile} on the {end}, leaving {value}", tile=action.tile, end=where, value=leaving)
        if isinstance(action, Draw) and self.plays(self.turn):
            return Phrase("Draw instead of playing a matador")
        return super().phrase(action)

    def prompt(self) -> Prompt:
        if not self._over and not self.drew and Draw() in self._legal(self.turn) and self.plays(self.turn):
            return Prompt(PromptKind.MATADOR_OR_DRAW, self.turn)
        return super().prompt()

    def _view(self, seat: int | None, common: CommonView) -> LineView:
        view = super()._view(seat, common)
        view["sum"] = self.total
        view["matadors"] = [[t.high, t.low] for t in sorted(self.matadors, reverse=True)]
        view["mode"] = self.options["matador_mode"]
        return view


SPEC = GameSpec(
    key="matador",
    title="Matador",
    seats=tuple(range(3, 9)),
    tile_set="double-nine subset (double-twelve by option)",
    summary=(
        "7 tiles each (5 with six or more players) from the double-nine tiles. The highest double opens (with no "
        "double, the heaviest tile). Instead of matching, a tile's touching end and the open end must add up to "
        "10; a double shows one face. Matadors (9-1, 8-2, 7-3, 6-4, 5-5, 0-0) play on any end either way round, "
        "and only they go on a blank. Draw when you cannot play; when only a matador plays you may draw instead. "
        "Going out scores every other hand's pips (doubles in full); in a block the lowest hand scores the "
        "others' pips less its own. First to 100."
    ),
    options=(
        target_option(100, (50, 100, 150, 200), "3.7"),
        OptionSpec("matador_mode", "d9", tuple(MODES),
                   "Set and sum: double-nine to 10, double-twelve to 13, or double-twelve to 10 as written",
                   "MAT-1"),
        OptionSpec("matador_scoring", "sum_minus_own", ("sum_minus_own", "each_diff"),
                   "Blocked round: others' total less own (sheet), or less own from each (manual)", "MAT-6"),
        RESERVE_TWO,
        BLOCK_TIE,
    ),
    factory=MatadorGame,
    family="line",
    order=50,
)
