"""Domino Hall's images and words, made at the edge from the engine's views and events.

- :func:`render_table`, :func:`render_hand`, :func:`render_scores`, :func:`table_image`: views to images
  (:mod:`render.drawing`, which uses Pillow);
- :mod:`render.words`: events, prompts and outcomes in words (no Pillow).

The drawing functions are loaded on first use (PEP 562), so ``import render.words`` (the bot's words, the
simulator's output) does not import Pillow.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from render.drawing import render_hand, render_scores, render_table, table_image

__all__ = ["render_hand", "render_scores", "render_table", "table_image"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from render import drawing

        return getattr(drawing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
