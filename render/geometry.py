"""Where each tile of a line of play goes: a turtle that lays tiles along arms and turns them into rows.

The line is laid out around its first tile at (0, 0). ``W`` and ``E`` run along the middle row; the spinner's ``N``
and ``S`` run up and down. When an arm reaches the edge of the drawing it turns a corner and snakes back in rows,
so a long line stays within about 1000 pixels. The arms turn like a pinwheel (``W`` up, ``N`` right, ``E`` down,
``S`` left) and each keeps to its own quarter, so arms never cross. Doubles lie across the line unless the game
plays them in line (Matador).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

Vec = tuple[int, int]
RIGHT: Vec = (1, 0)
LEFT: Vec = (-1, 0)
UP: Vec = (0, -1)
DOWN: Vec = (0, 1)


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: left, top, width, height (pixels, floats before drawing)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The bottom edge."""
        return self.y + self.h

    def overlaps(self, other: Box) -> bool:
        """True when the two rectangles share more than an edge."""
        return (self.x < other.right - 0.01 and other.x < self.right - 0.01
                and self.y < other.bottom - 0.01 and other.y < self.bottom - 0.01)


@dataclass
class Turtle:
    """Lays tiles one after another from point (x, y) in ``direction``, ``short`` pixels per half tile."""

    x: float
    y: float
    direction: Vec
    short: float
    gap: float
    last_across: float = 0.0
    on_leg: int = 0

    def size(self, crosswise: bool) -> tuple[float, float]:
        """Length along the direction of travel and width across it."""
        return (self.short, self.short * 2) if crosswise else (self.short * 2, self.short)

    def would_pass(self, bound: float, along: float) -> bool:
        """True when a tile of length ``along`` would cross ``bound`` in the direction of travel."""
        dx, dy = self.direction
        step, start = (dx, self.x) if dx else (dy, self.y)
        far = start + step * along
        return far > bound if step > 0 else far < bound

    def box(self, along: float, across: float) -> Box:
        """The rectangle the next tile of this size covers."""
        dx, dy = self.direction
        if dx:
            return Box(self.x if dx > 0 else self.x - along, self.y - across / 2, along, across)
        return Box(self.x - across / 2, self.y if dy > 0 else self.y - along, across, along)

    def advance(self, along: float, across: float) -> None:
        """Move past a tile just laid."""
        dx, dy = self.direction
        self.x += dx * (along + self.gap)
        self.y += dy * (along + self.gap)
        self.last_across = across
        self.on_leg += 1

    def turn(self, new: Vec) -> None:
        """Turn a corner: the next tile leaves from the side of the last tile's outer end."""
        dx, dy = self.direction
        back = self.gap + self.short / 2
        out = self.last_across / 2 + self.gap
        self.x = self.x - dx * back + new[0] * out
        self.y = self.y - dy * back + new[1] * out
        self.direction = new
        self.on_leg = 0

    def row_line_after_turn(self) -> float:
        """The height a row would run at if the turtle turned off its vertical connector now."""
        return self.y - self.direction[1] * (self.gap + self.short / 2)


@dataclass(frozen=True, slots=True)
class ArmPlan:
    """How an arm snakes: its first row direction and the vertical direction its rows stack in.

    ``outer`` and ``inner`` are the x limits of rows running along ``row`` and back; ``first_bound``, when set,
    makes the arm start vertically (the spinner's N and S) up to that height before its first row.
    """

    row: Vec
    climb: Vec
    outer: float
    inner: float
    pitch: float
    first_bound: float | None = None


@dataclass
class ArmWalker:
    """Places the tiles of one arm, deciding at each tile whether to go on, turn into a connector, or into a row."""

    turtle: Turtle
    plan: ArmPlan
    mode: str = "row"
    bound: float = 0.0
    next_row: Vec = RIGHT
    row_line: float = 0.0

    @classmethod
    def start(cls, x: float, y: float, plan: ArmPlan, short: float, gap: float) -> ArmWalker:
        """A walker at the edge of the first tile, ready to lay the arm's first tile."""
        if plan.first_bound is not None:
            turtle = Turtle(x, y, plan.climb, short, gap)
            return cls(turtle, plan, "first", plan.first_bound, plan.row, 0.0)
        turtle = Turtle(x, y, plan.row, short, gap)
        return cls(turtle, plan, "row", plan.outer, (-plan.row[0], -plan.row[1]), y)

    def place(self, crosswise: bool) -> Box:
        """The box of the next tile (turning first if needed), and move past it."""
        along, across = self.turtle.size(crosswise)
        self._turn_if_needed(along)
        box = self.turtle.box(along, across)
        self.turtle.advance(along, across)
        return box

    def peek(self) -> Box:
        """Where a plain (not crosswise) tile would go next, without moving: the open end's empty slot."""
        twin = replace(self, turtle=replace(self.turtle))
        return twin.place(False)

    def _turn_if_needed(self, along: float) -> None:
        t = self.turtle
        for _ in range(3):
            if self.mode in ("row", "first") and t.on_leg and t.would_pass(self.bound, along):
                if self.mode == "first":
                    self._enter_row()
                else:
                    self.row_line = t.y
                    t.turn(self.plan.climb)
                    self.mode = "climb"
            elif self.mode == "climb" and t.on_leg and abs(t.row_line_after_turn() - self.row_line) >= self.plan.pitch:
                self._enter_row()
            else:
                return

    def _enter_row(self) -> None:
        direction = self.next_row
        self.turtle.turn(direction)
        self.bound = self.plan.outer if direction == self.plan.row else self.plan.inner
        self.next_row = (-direction[0], -direction[1])
        self.mode = "row"


@dataclass(frozen=True, slots=True)
class Laid:
    """A tile in the drawing: its two values in reading order (top then bottom, or left then right)."""

    first: int
    second: int
    box: Box
    upright: bool
    arm: str
    seat: int | None


@dataclass(frozen=True, slots=True)
class LineLayout:
    """Every tile of a line with its place, the empty slot beyond each open end, and the whole extent."""

    short: int
    tiles: tuple[Laid, ...]
    slots: tuple[tuple[str, Box], ...]
    bounds: Box


def bounds_of(boxes: list[Box]) -> Box:
    """The smallest rectangle around ``boxes`` (an empty line has a zero box)."""
    if not boxes:
        return Box(0, 0, 0, 0)
    left = min(b.x for b in boxes)
    top = min(b.y for b in boxes)
    return Box(left, top, max(b.right for b in boxes) - left, max(b.bottom for b in boxes) - top)
