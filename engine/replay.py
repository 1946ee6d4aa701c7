"""A saved game step by step, from its action log: what ``/replay`` shows and ``python -m tabletop --replay``
prints.

A saved game (``Game.to_dict()``, the JSON a finished table can be downloaded as) holds its game, seats, seed,
house rules and every action; :class:`Replay` reads it once, keeping what each step did, and rebuilds the game as it
was after any step. Step 0 is the game as dealt; step ``n`` is after the ``n``-th action.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.events import Event, EventKind
from engine.game import Game
from engine.registry import replay

#: Events that end a hand (or a round, a deal, the match): "next hand" goes to the step after one.
HAND_ENDS = frozenset({EventKind.ROUND_OVER, EventKind.HAND_OVER, EventKind.POT, EventKind.MATCH_OVER})


@dataclass(frozen=True)
class Step:
    """One action of the log and what it did."""

    number: int  # 1 for the first action
    seat: int
    action: str
    events: tuple[Event, ...]


class Replay:
    """A saved game, step by step (:class:`engine.CorruptState` if it is not one this engine can replay)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        steps: list[Step] = []
        for entry in replay(data):
            final, seat, action, events = entry
            if seat >= 0:
                steps.append(Step(len(steps) + 1, seat, action, tuple(events)))
        self.steps: Sequence[Step] = tuple(steps)
        self.final: Game = final
        #: the steps at which a new hand starts: 0, and each step just after a hand ended
        self.hand_starts: tuple[int, ...] = (0, *(s.number for s in steps
                                                  if any(e.kind in HAND_ENDS for e in s.events)
                                                  and s.number < len(steps)))

    @property
    def last(self) -> int:
        """The number of the last step (the game's end, for a finished game)."""
        return len(self.steps)

    def clamp(self, step: int) -> int:
        """``step`` brought within 0 and :attr:`last`."""
        return max(0, min(step, self.last))

    def game_at(self, step: int) -> Game:
        """The game as it was after ``step`` actions (a new game object)."""
        actions = list(self.data["actions"])[:self.clamp(step)]
        return deque(replay({**self.data, "actions": actions}), maxlen=1)[0][0]

    def step(self, number: int) -> Step | None:
        """The action made at step ``number`` (None for step 0, the deal)."""
        return self.steps[number - 1] if 1 <= number <= self.last else None

    def hand_of(self, step: int) -> int:
        """Which hand (counting from 1) the step is in."""
        return bisect_right(self.hand_starts, self.clamp(step) - 1) if step > 0 else 1

    def next_hand(self, step: int) -> int:
        """The first step of the hand after the one ``step`` is in (the last step if it is the last hand)."""
        return next((start for start in self.hand_starts if start > step), self.last)
