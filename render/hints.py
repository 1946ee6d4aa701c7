"""Hints on a player's own tiles: count tiles (Texas 42, Seventy-Nine), penalty tiles (Black Tile), matadors
(Matador), and what a scoring play would score (Muggins, Bergen), all as the seat's view states them."""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import ImageDraw

from engine.views import GameView
from render.canvas import draw_text, pill
from render.language import said, say
from render.theme import ACCENT, BAD, RGB, SMALL, TURN_TEXT
from render.words import arm_words

BADGE_ROOM = 14  # the pixels over a row of tiles that a badge on a raised tile reaches into


@dataclass(frozen=True, slots=True)
class Badge:
    """A small round mark on a tile's top right corner."""

    text: str
    fill: RGB


@dataclass
class Hints:
    """The marks for some tiles (by tile, ``"6-4"``) and the lines that say what they mean."""

    badges: dict[str, Badge] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @staticmethod
    def draw_badge(draw: ImageDraw.ImageDraw, badge: Badge, x: float, y: float) -> None:
        """The badge centred on (``x``, ``y``): a tile's top right corner."""
        from render.canvas import text_width

        half = max(14.0, text_width(badge.text, SMALL, bold=True) / 2 + 7)
        pill(draw, (x - half, y - 14, x + half, y + 14), badge.fill, TURN_TEXT, 2, radius=14)
        draw_text(draw, (x, y), badge.text, SMALL, TURN_TEXT, "mm", True, "badge")


def hints_of(view: GameView) -> Hints:
    """The hints for the tiles in the view's hand."""
    hints = Hints()
    hand = view["hand"] or []
    if view["family"] == "trick":
        points = view.get("tile_points") or {}
        lowest = bool(view.get("lowest_wins"))
        for tile in hand:
            if points.get(tile):
                hints.badges[tile] = Badge(str(points[tile]), BAD if lowest else ACCENT)
        if any(tile in hints.badges for tile in hand):
            hints.notes.append(say("Red marks: penalty points for whoever takes that tile (lowest total wins).")
                               if lowest else say("Gold marks: count tiles, worth that many points to the side "
                                                  "that takes them."))
    elif view["family"] == "line":
        matadors = {f"{high}-{low}" for high, low in view.get("matadors") or []}
        for tile in hand:
            if tile in matadors:
                hints.badges[tile] = Badge("M", ACCENT)
        if any(tile in matadors for tile in hand):
            hints.notes.append(say("M: a matador, played on any end (and the only play on a blank)."))
        plays = view.get("play_points") or []
        for play in sorted(plays, key=lambda p: (-p["points"], p["tile"], p["end"])):
            best = hints.badges.get(play["tile"])
            if best is None or best.text == "M":
                hints.badges[play["tile"]] = Badge(f"+{play['points']}", ACCENT)
        if plays:
            best_first = sorted(plays, key=lambda p: (-p["points"], p["tile"], p["end"]))
            words = [say("{tile} on the {end} -> {points}", tile=p["tile"], end=said(arm_words(p["end"])),
                         points=p["points"]) for p in best_first]
            hints.notes.append(say("Scores now: {plays}", plays=",  ".join(words)))
    return hints
