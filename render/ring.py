"""Seats around a round table: where each seat's plate and played tile go, seat 0 at the bottom, then clockwise
(the next seat, on seat 0's left, is drawn on the left, as players sit)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from render.canvas import pill
from render.geometry import Box
from render.theme import FELT, FELT_DARK


@dataclass(frozen=True, slots=True)
class Ring:
    """A felt oval of ``width`` x ``height`` with seats around its edge and play spots nearer its centre."""

    width: float
    height: float
    seats: int

    def angle(self, seat: int) -> float:
        """The direction of ``seat`` from the centre (radians; screen y grows downward)."""
        return math.pi / 2 + 2 * math.pi * seat / max(1, self.seats)

    def plate_centre(self, seat: int, plate_w: float, plate_h: float) -> tuple[float, float]:
        """Where the seat's name plate is centred, just inside the felt's edge."""
        a = self.angle(seat)
        rx, ry = self.width / 2 - plate_w / 2 - 8, self.height / 2 - plate_h / 2 - 8
        return self.width / 2 + rx * math.cos(a), self.height / 2 + ry * math.sin(a)

    def spot(self, seat: int, inset_x: float, inset_y: float) -> tuple[float, float]:
        """Where the tile the seat plays goes: ``inset_x`` / ``inset_y`` in from the felt's edge."""
        a = self.angle(seat)
        rx, ry = self.width / 2 - inset_x, self.height / 2 - inset_y
        return self.width / 2 + rx * math.cos(a), self.height / 2 + ry * math.sin(a)

    def draw_felt(self, draw: ImageDraw.ImageDraw, left: float, top: float, band: float = 0) -> None:
        """The table top (``band``: pixels of key numbers over the ring, on the same felt)."""
        pill(draw, (left, top, left + self.width, top + band + self.height), FELT, FELT_DARK, 6,
             radius=28 if band else int(min(self.height / 2.6, 90)))


def seat_boxes(ring: Ring, plate: tuple[float, float], tile: tuple[float, float]) -> tuple[list[Box], list[Box]]:
    """Each seat's name plate around ``ring`` and, between it and the centre, the place for what it plays: all at
    the same share of the way out, as far out as they go without touching a plate or each other."""
    plate_w, plate_h = plate
    plates = []
    for seat in range(ring.seats):
        x, y = ring.plate_centre(seat, plate_w, plate_h)
        plates.append(Box(x - plate_w / 2, y - plate_h / 2, plate_w, plate_h))
    cx, cy = ring.width / 2, ring.height / 2
    spots: list[Box] = []
    for step in range(15, -1, -1):
        share = step / 20  # from 75% of the way to the plates down to the centre
        spots = [Box(cx + (b.x + b.w / 2 - cx) * share - tile[0] / 2, cy + (b.y + b.h / 2 - cy) * share - tile[1] / 2,
                     *tile) for b in plates]
        grown = [_grown(b, 6) for b in plates]
        if not any(spot.overlaps(other) for index, spot in enumerate(spots)
                   for other in [*grown, *(_grown(s, 3) for s in spots[index + 1:])]):
            break
    return plates, spots


def _grown(box: Box, by: float) -> Box:
    return Box(box.x - by, box.y - by, box.w + 2 * by, box.h + 2 * by)
