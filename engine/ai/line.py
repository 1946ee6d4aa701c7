"""A heuristic for the layout games: score now, shed heavy tiles, keep suits varied, block when ahead; with a
partner (BLK-4), leave ends the partner can answer and the next opponent cannot (:mod:`engine.ai.partners`)."""

from __future__ import annotations

from collections import Counter

from engine.actions import Action, Draw, Play
from engine.ai.base import SeededPlayer
from engine.ai.partners import Partnership
from engine.game import Game
from engine.linegame import LineGame
from engine.tiles import Tile


class LineHeuristic(SeededPlayer):
    """Rates each legal play by its immediate points (tried on a clone), the pips it sheds, how many of the
    player's remaining tiles still match the ends it leaves, and (when ahead) how few tiles could follow it."""

    name = "heuristic"

    def choose(self, game: Game, seat: int) -> Action:
        legal = game.legal_actions(seat)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0] if len(legal) == 1 else self.rng.choice(legal)
        view = game.view(seat)
        hand = [Tile.parse(t) for t in view["hand"] or []]
        side = game.side_of(seat)
        ahead = view["scores"][side] >= max(view["scores"])
        partners = Partnership.of(game, seat, game.line) if isinstance(game, LineGame) and len(plays) > 1 else None
        rated = [(self.rate(game, seat, side, play, hand, ahead, partners), i, play) for i, play in enumerate(plays)]
        best = max(rated, key=lambda r: (r[0], -r[1]))
        if Draw() in legal and best[0] < 1.0 and len(hand) <= 2:
            return Draw()
        return best[2]

    def rate(self, game: Game, seat: int, side: int, play: Play, hand: list[Tile], ahead: bool,
             partners: Partnership | None = None) -> float:
        rest = [t for t in hand if t != play.tile]
        gained = 0
        if game.SCORES_IN_PLAY:
            # Only games that score during play need the move tried on a copy.
            trial = game.clone()
            before = trial.score[side]
            trial.apply(seat, play)
            gained = trial.score[side] - before
            if trial.is_over and seat in trial.winner:
                return 10_000.0
        if not rest:
            return 5_000.0 + gained
        ends = _ends_after(game, play)
        numbers = Counter(n for t in rest for n in {t.high, t.low})
        keeps = sum(numbers[e] for e in ends)
        value = 10.0 * gained + play.tile.pips + 2.5 * keeps + (3.0 if play.tile.is_double else 0.0)
        if partners is not None:
            value += partners.rate_ends(ends)
        elif ahead:
            value -= 0.5 * len(set(ends))
        return value + self.rng.random() * 0.01


def _ends_after(game: Game, play: Play) -> list[int]:
    """The open values once ``play`` is made (the played arm now shows the tile's far end)."""
    if not isinstance(game, LineGame) or play.face is None:
        return []
    ends = {end.arm: end.value for end in game.line.open_ends()}
    ends[play.end] = play.tile.other(play.face)
    return list(ends.values())


PLAYER = LineHeuristic
