"""A Matador player: save the matadors, leave ends the others cannot make up, and draw only when it pays.

Each play is rated by the pips it sheds, how many of its own remaining tiles can still be played on the ends it
leaves, and how few unseen tiles can (an end needing a number the others lack, or a blank, blocks them). Matadors
are kept for when nothing else plays: using one costs a penalty unless it goes out or the hand is nearly empty. When
only matadors are playable (RULES 3.7 step 2), it draws instead while the boneyard is deep and its hand is not short,
so the matador stays in hand as a sure play for later.
"""

from __future__ import annotations

from engine.actions import Action, Draw, Play
from engine.ai.line_tools import GOING_OUT, RatedPlayer, Table, line_after
from engine.game import Game
from engine.games.matador import MatadorGame, touching_faces
from engine.layout import LineOfPlay
from engine.tiles import Tile
from engine.views import line_view

MATADOR_COST = 9.0  # what spending a matador while other tiles remain is worth giving up
KEEP_WEIGHT = 2.5
OPEN_WEIGHT = 0.5
BLANK_BONUS = 3.0
DRAW_FROM_HAND = 4  # draw instead of playing a matador only with at least this many tiles in hand
DRAW_FROM_BONEYARD = 4  # ...and at least this many tiles left to draw


def fits(game: MatadorGame, line: LineOfPlay, tiles: list[Tile]) -> int:
    """How many of ``tiles`` could be played somewhere on ``line`` (matadors always can)."""
    ends = line.open_ends()
    return sum(1 for t in tiles if any(touching_faces(e.value, t, game.total, game.matadors) for e in ends))


class MatadorPlayer(RatedPlayer):
    """Plays ordinary tiles first, keeps matadors as the last resort, blocks with blanks when it can follow them."""

    name = "matador"

    def other_action(self, game: Game, seat: int, legal: list[Action], plays: list[Play]) -> Action | None:
        if Draw() not in legal or not plays or not isinstance(game, MatadorGame):
            return None
        view = line_view(game.view(seat))
        short_hand = len(view["hand"] or []) < DRAW_FROM_HAND
        if short_hand or view["drawable"] < DRAW_FROM_BONEYARD:
            return None
        return Draw()

    def rate(self, table: Table, play: Play) -> float:
        game = table.game
        assert isinstance(game, MatadorGame), "the Matador player plays Matador"
        rest = [t for t in table.hand if t != play.tile]
        if not rest:
            return GOING_OUT
        after = line_after(table.line, play)
        value = float(play.tile.pips)
        if play.tile in game.matadors and len(rest) > 1:
            value -= MATADOR_COST
        ordinary = [t for t in rest if t not in game.matadors]
        value += KEEP_WEIGHT * fits(game, after, ordinary)
        value -= OPEN_WEIGHT * fits(game, after, [t for t in table.hidden if t not in game.matadors])
        holds_matador = any(t in game.matadors for t in rest)
        if holds_matador and any(e.value == 0 for e in after.open_ends()):
            value += BLANK_BONUS
        return value


PLAYER = MatadorPlayer
