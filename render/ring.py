"""Seats around a round table: where each seat's plate and played tile go, seat 0 at the bottom, then clockwise
(the next seat, on seat 0's left, is drawn on the left, as players sit)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

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

    def draw_felt(self, draw: ImageDraw.ImageDraw, left: float, top: float) -> None:
        """The table top."""
        draw.rounded_rectangle((left, top, left + self.width, top + self.height), radius=int(self.height / 2.6),
                               fill=FELT, outline=FELT_DARK, width=6)
