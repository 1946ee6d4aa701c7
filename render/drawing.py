"""Domino Hall's images (re-exported by :mod:`render`): pure functions from an engine view to PNG bytes.

Nothing here imports discord or the engine's game classes: a view dict and the seats' display names are all a
drawing needs, so the table service can render off the event loop and tests can render any view they build.

- :func:`render_table` draws the shared table (``game.view(None)``).
- :func:`render_hand` draws one seat's hand (``game.view(seat)``), marking tiles listed in ``view["playable"]``.
- :func:`render_scores` draws the score table at a round's or match's end.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image

from render.canvas import to_png
from render.generic import generic_table
from render.hand import hand_image
from render.palette import palette
from render.scores import scores_image
from render.table_line import line_table

__all__ = ["render_hand", "render_scores", "render_table", "table_drawer"]

_log = logging.getLogger(__name__)
Drawer = Callable[[Mapping[str, Any], Sequence[str]], Image.Image]


def _tables() -> dict[str, Drawer]:
    from render.bingo import bingo_table
    from render.poker import poker_table
    from render.trick import trick_table

    return {"line": line_table, "trick": trick_table, "poker": poker_table, "bingo": bingo_table}


def table_drawer(view: Mapping[str, Any]) -> Drawer:
    """The drawing for the view's kind of game; the generic panel for a kind it does not know."""
    return _tables().get(str(view.get("kind")), generic_table)


def _draw(drawer: Drawer, view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """Draw with ``drawer``; a view it cannot read falls back to the generic panel instead of failing the table."""
    try:
        return drawer(view, names)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        _log.exception("could not draw a %s view; using the generic panel", view.get("kind"))
        return generic_table(view, names)


def render_table(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """A PNG of the shared table: the layout or trick, every seat's name, tiles, score and whose turn it is."""
    return to_png(_draw(table_drawer(view), view, names), palette())


def render_hand(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """A PNG of one seat's hand (the seat in ``view["seat"]``), legal tiles framed when ``playable`` lists them."""
    return to_png(_draw(hand_image, view, names), palette())


def render_scores(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """A PNG score table for the end of a round or of the match."""
    return to_png(_draw(scores_image, view, names), palette())
