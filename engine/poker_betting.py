"""The chips of one Domino Poker hand (RULES 3.8, POK-2): the pot, each seat's stake and fixed-limit betting.

>>> from engine.actions import Bid, Call
>>> chips = Betting(3, stacks=[100, 100, 20], live=[0, 1, 2])
>>> for seat in (0, 1, 2):
...     chips.ante(seat, 1)
>>> chips.new_round()
>>> [str(a) for a in chips.options(1)][:3], len(chips.options(1))
(['call:check', 'bid:1', 'bid:2'], 11)
>>> chips.act(1, Bid(5)); chips.act(2, Bid(10))   # a bet of 5, a raise of 10 to 15
>>> chips.to_call(0), chips.raises
(15, 1)
>>> [str(a) for a in chips.options(0)]        # the short stack caps the raise at 4 (20 chips in all)
['call:call', 'call:fold', 'bid:1', 'bid:2', 'bid:3', 'bid:4']
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Bid, Call

MAX_BET = 10
MAX_RAISES = 3


class Betting:
    """One hand's betting state.

    ``stacks`` are the chips each seat had at the deal; ``committed`` what each has put in this hand (ante and
    bets); ``bets`` what each has put in during the current betting round. Check and bet are possible only before
    anyone bets; bets and raises are 1-10 chips with at most 3 raises a round. Table stakes without side pots:
    nobody's total stake may exceed the smallest stack among the players still in, so every call is affordable.
    """

    def __init__(self, seats: int, stacks: Sequence[int] = (), live: Sequence[int] = ()) -> None:
        self.seats = seats
        self.stacks = list(stacks) or [0] * seats
        self.live = list(live)
        self.committed = [0] * seats
        self.bets = [0] * seats
        self.acted = [False] * seats
        self.folded: list[int] = []
        self.pot = 0
        self.raises = 0
        self.round_no = 0

    def __deepcopy__(self, memo: dict[int, object]) -> Betting:
        twin = Betting(self.seats, self.stacks, self.live)
        twin.committed = list(self.committed)
        twin.bets = list(self.bets)
        twin.acted = list(self.acted)
        twin.folded = list(self.folded)
        twin.pot = self.pot
        twin.raises = self.raises
        twin.round_no = self.round_no
        memo[id(self)] = twin
        return twin

    # ----- state in numbers --------------------------------------------------------------------------------------
    def standing(self) -> list[int]:
        """Seats in the hand that have not folded."""
        return [s for s in self.live if s not in self.folded]

    @property
    def current(self) -> int:
        """The bet to meet in this betting round (0: nobody has bet)."""
        return max(self.bets)

    def to_call(self, seat: int) -> int:
        """Chips ``seat`` must add to stay in."""
        return self.current - self.bets[seat]

    def room(self) -> int:
        """The largest bet or raise the table stakes allow now (before the 10-chip limit)."""
        cap = min(self.stacks[s] for s in self.standing())
        return max(cap - max(self.committed), 0)

    def behind(self, seat: int) -> int:
        """Chips ``seat`` has not yet put in this hand."""
        return self.stacks[seat] - self.committed[seat]

    # ----- actions -------------------------------------------------------------------------------------------------
    def ante(self, seat: int, chips: int) -> None:
        """``seat`` puts its ante in the pot."""
        self._pay(seat, chips)

    def new_round(self) -> None:
        """Start a betting round: no bets, no raises, nobody has acted."""
        self.round_no += 1
        self.bets = [0] * self.seats
        self.acted = [False] * self.seats
        self.raises = 0

    def options(self, seat: int) -> list[Action]:
        """The legal actions for ``seat``: check or bet before any bet; else call, fold or (while allowed) raise."""
        amounts = [Bid(n) for n in range(1, min(MAX_BET, self.room()) + 1)]
        if self.current == 0:
            return [Call("check"), *amounts]
        return [Call("call"), Call("fold"), *(amounts if self.raises < MAX_RAISES else [])]

    def act(self, seat: int, action: Action) -> None:
        """Carry out a legal betting action (the game reports it as an event, which render says in words)."""
        if isinstance(action, Bid):
            opening = self.current == 0
            level = self.current + action.amount
            self._pay(seat, level - self.bets[seat])
            self.acted = [False] * self.seats
            self.acted[seat] = True
            if not opening:
                self.raises += 1
            return
        self.acted[seat] = True
        if isinstance(action, Call) and action.name == "call":
            owed = self.to_call(seat)
            self._pay(seat, owed)
            return
        if isinstance(action, Call) and action.name == "fold":
            self.folded.append(seat)

    def _pay(self, seat: int, chips: int) -> None:
        self.committed[seat] += chips
        self.pot += chips
        if self.round_no:
            self.bets[seat] += chips

    def round_complete(self) -> bool:
        """True when every player still in has acted and met the bet."""
        return all(self.acted[s] and self.bets[s] == self.current for s in self.standing())

    def next_to_act(self, seat: int) -> int:
        """The next player still in, after ``seat``, who has yet to act or to meet the bet."""
        standing = self.standing()
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if candidate in standing and (not self.acted[candidate] or self.bets[candidate] < self.current):
                return candidate
        raise ValueError("the betting round is complete")
