"""Domino Hall's images (re-exported by :mod:`render`): pure functions from a typed view of :mod:`engine.views`
to PNG bytes.

Nothing here imports discord or the engine's game classes: a view and the seats' display names are all a drawing
needs, so the table service can render off the event loop and tests can render any view they build.

- :func:`render_table` draws the shared table (``game.view(None)``), by the view's family.
- :func:`render_hand` draws one seat's hand (``game.view(seat)``), marking tiles listed in ``view["playable"]``.
- :func:`render_scores` draws the score table at a round's or match's end.

A view a drawing cannot read is a bug: it raises (a family with no drawing raises ``ValueError``).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.views import GameView
from render.canvas import to_png
from render.hand import hand_image
from render.language import Locale, speaking
from render.palette import palette
from render.scores import scores_image

__all__ = ["render_hand", "render_scores", "render_table", "table_image"]


def table_image(view: GameView, names: Sequence[str]) -> Image.Image:
    """The shared table of the view's family of games, as an image."""
    from render.bingo import bingo_table
    from render.poker import poker_table
    from render.table_line import line_table
    from render.trick import trick_table

    if view["family"] == "line":
        return line_table(view, names)
    if view["family"] == "trick":
        return trick_table(view, names)
    if view["family"] == "poker":
        return poker_table(view, names)
    if view["family"] == "bingo":
        return bingo_table(view, names)
    raise ValueError(f"no table drawing for the family {view['family']!r}")


def render_table(view: GameView, names: Sequence[str], language: Locale = None) -> bytes:
    """A PNG of the shared table: the layout or trick, every seat's name, tiles, score and whose turn it is (its
    words in ``language``: render/language.py)."""
    with speaking(language):
        return to_png(table_image(view, names), palette())


def render_hand(view: GameView, names: Sequence[str], language: Locale = None) -> bytes:
    """A PNG of one seat's hand (the seat in ``view["seat"]``), legal tiles framed when ``playable`` lists them."""
    with speaking(language):
        return to_png(hand_image(view, names), palette())


def render_scores(view: GameView, names: Sequence[str], language: Locale = None) -> bytes:
    """A PNG score table for the end of a round or of the match."""
    with speaking(language):
        return to_png(scores_image(view, names), palette())
