"""What a game reports: events, and the outcome of a round or a match.

An :class:`Event` is a small value in the spirit of pokerkit's operation records: its ``kind`` says what happened
(an :class:`EventKind`) and its other fields say who and what (seats, sides, tiles, points, bids, suits, arms). It
holds no English: the words are made at the edge, from the event and the players' names (``render/words.py``).

A round (a hand) and a match end with an :class:`Outcome`, as python-chess's ``Outcome``: who won, each side's
points and why it ended (a :class:`Termination`).

>>> from engine.tiles import Tile
>>> event = Event(EventKind.PLAY, seat=1, tile=Tile.of(6, 4), end="E")
>>> event.kind == "play", event.to_json()
(True, {'kind': 'play', 'seat': 1, 'tile': '6-4', 'end': 'E'})
>>> Outcome(Termination.BLOCKED, winners=(2,), sides=(2,), points=(0, 0, 11)).to_json()["termination"]
'blocked'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, cast

from engine.actions import Action, parse_action
from engine.tiles import Tile

if TYPE_CHECKING:
    from engine.views import EventJson, OutcomeJson, PromptJson


class EventKind(StrEnum):
    """What happened. The values are the stable names used in logs and saved views (``event.kind == "play"``)."""

    # shared
    DEAL = "deal"
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    SCORE = "score"
    ROUND_OVER = "round_over"
    MATCH_OVER = "match_over"
    # line games
    REDEAL = "redeal"
    EXTRA_TURN = "extra_turn"
    COUNT = "count"
    CALL = "call"
    CLAIM_LAPSED = "claim_lapsed"
    # trick games
    LOTS = "lots"
    TRICK = "trick"
    HAND_OVER = "hand_over"
    THROW_IN = "throw_in"
    BID = "bid"
    TRUMP = "trump"
    SIT_OUT = "sit_out"
    CONTRACT = "contract"
    TURNUP = "turnup"
    TURNUP_DEAD = "turnup_dead"
    TURNUP_STAYS = "turnup_stays"
    ACCEPT = "accept"
    DISCARD = "discard"
    PASS_PHASE = "pass_phase"
    CHOSE = "chose"
    PASSED = "passed"
    PASS_LEAD = "pass_lead"
    MOON = "moon"
    TIE = "tie"
    # poker
    ANTE = "ante"
    BET = "bet"
    MARK = "mark"
    EXCHANGE = "exchange"
    SHOW = "show"
    POT = "pot"
    OUT = "out"
    STOP = "stop"


class Termination(StrEnum):
    """Why a round, a hand or a match ended."""

    DOMINO = "out"  # a player went out, calling "Domino!" (line games, RULES 2.8)
    BLOCKED = "blocked"  # nobody could play (RULES 2.9)
    TRICKS = "tricks"  # the hand's tricks were played (trick games without a contract)
    BID_MADE = "bid_made"  # the bidders (makers) made their contract
    BID_SET = "bid_set"  # the bidders were set (euchred)
    THROWN_IN = "thrown_in"  # everyone passed: the hand is thrown in unscored
    SHOWDOWN = "showdown"  # poker: the best hand shown took the pot
    FOLDED = "folded"  # poker: everyone else folded
    TARGET_REACHED = "target_reached"  # the match: a side reached the target
    ALL_CHIPS = "all_chips"  # the poker session: one player holds every chip
    SESSION_ENDED = "session_ended"  # the poker session: the players stopped, the biggest stack wins
    CLEARED = "cleared"  # Bingo: the row is clear
    STUCK = "stuck"  # Bingo: no progress is possible


class ScoreReason(StrEnum):
    """Why a ``score`` event's points were scored (the words say it; the engine only names it)."""

    ROUND = "round"  # line games: the round's points (RULES 2.10)
    NOBODY = "nobody"  # nothing was scored this round or hand (points 0, no side)
    OPENING = "opening"  # Bergen's opening double
    HEADER = "header"  # Bergen's double- or triple-header (points 2 or 3)
    ENDS = "ends"  # Muggins: the ends total a multiple of five
    CLAIM = "claim"  # Muggins: a claimed count
    MUGGINS = "muggins"  # Muggins: an opponent takes an unclaimed count
    TRICKS = "tricks"  # a point per trick
    MARKS = "marks"  # 42: the hand's marks
    BID = "bid"  # 42: the bid scored (limit bids, Nel-O)
    TAKEN = "taken"  # 42: the points a side took
    SET = "set"  # 42: the setters' points plus the bid (``count``: what they took)
    MARCH = "march"  # Euchre: all five tricks
    POINT = "point"  # Euchre: three or four tricks (``count``: tricks)
    EUCHRED = "euchred"  # Euchre: the makers were euchred (``count``: their tricks; ``seat``: a maker)
    PENALTY = "penalty"  # Black Tile: penalty points added
    STACK = "stack"  # Poker: the starting stack
    CHIPS = "chips"  # Poker: chips won or lost in a hand
    REMOVED = "removed"  # Bingo: a tile removed (``tile``, ``count``: the count said; ``amount``: tiles passed)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a round (a hand) or a match ended: why, who won (seats and their sides) and each side's points.

    For a round, ``points`` are what each side scored in it; for a match, each side's final total. ``winners`` is
    empty when nobody won (a blocked round with a tie, a lost Bingo). ``record``: for a match, a figure beyond
    points that the winners keep as a personal best, fewer being better (the game's spec says what it counts, in
    ``record_name``); None when the game keeps none or nobody won.
    """

    termination: Termination
    winners: tuple[int, ...] = ()
    sides: tuple[int, ...] = ()
    points: tuple[int, ...] = ()
    round: int = 0
    record: int | None = None

    def to_json(self) -> OutcomeJson:
        """The outcome as JSON-safe data."""
        data: OutcomeJson = {"termination": str(self.termination), "winners": list(self.winners),
                             "sides": list(self.sides), "points": list(self.points), "round": self.round}
        if self.record is not None:
            data["record"] = self.record
        return data


_FIELDS = ("seat", "side", "points", "tile", "tiles", "end", "count", "amount", "suit", "seats", "totals", "reason",
           "action", "made", "alone", "declined", "round", "outcome")


class Event:
    """Something that happened, as data: ``kind`` and the fields that kind uses (the rest keep their defaults).

    ``seat``: who acted; ``side``: the side concerned (a ``score`` event's ``points`` go to ``side``: the sum of all
    score events per side is always the game's score); ``tile``/``tiles``: the tiles; ``end``: the arm of a line
    (``W``, ``E``, ``N``, ``S``); ``count``: how many (tiles drawn, a count said, tricks); ``amount``: a bid or a
    number of chips; ``suit``: a suit or trumps (``"5"``, ``"doubles"``, ``"none"``, ``"nel_o"``); ``seats``: several
    seats; ``totals``: a number per seat or side (pips left, points taken); ``reason``: why points were scored;
    ``action``: the action taken, where the kind alone does not say it (a poker bet);
    ``made``: a contract made; ``alone``: a loner; ``declined``: a pass that gives up an optional extra turn;
    ``round``: the round or hand number; ``outcome``: how a round or
    match ended. Events are values: never changed once made.

    Why one class and not one frozen type per kind (pokerkit's operations): the kinds (a few dozen across thirteen
    games) share a handful of fields, and everything that reads events does it by kind over the whole log: the
    narrator's table of sayings (render/words.py), the recap reader, the search player's reading of plays, the JSON
    form that views and saves carry. One type keeps that a dictionary lookup and the JSON round trip one function,
    with no per-kind class to keep in step with its serialiser; the price, that mypy cannot tell a ``play`` has a
    tile, is paid by :func:`parse_event` and the property tests (every event of random play round-trips).
    """

    __slots__ = (*_FIELDS, "kind")

    def __init__(
        self, kind: EventKind, seat: int | None = None, side: int | None = None, points: int = 0, *,
        tile: Tile | None = None, tiles: tuple[Tile, ...] = (), end: str = "", count: int | None = None,
        amount: int | None = None, suit: str | None = None, seats: tuple[int, ...] = (),
        totals: tuple[int, ...] = (), reason: ScoreReason | None = None, action: Action | None = None,
        made: bool | None = None,
        alone: bool = False, declined: bool = False, round: int = 0, outcome: Outcome | None = None,
    ) -> None:
        self.kind = kind
        self.seat = seat
        self.side = side
        self.points = points
        self.tile = tile
        self.tiles = tiles
        self.end = end
        self.count = count
        self.amount = amount
        self.suit = suit
        self.seats = seats
        self.totals = totals
        self.reason = reason
        self.action = action
        self.made = made
        self.alone = alone
        self.declined = declined
        self.round = round
        self.outcome = outcome

    def _values(self) -> tuple[Any, ...]:
        return (self.kind, *(getattr(self, name) for name in _FIELDS))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Event):
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self.side, self.points, self.tile))

    def __repr__(self) -> str:
        return f"Event({self.to_json()!r})"

    def __copy__(self) -> Event:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Event:
        return self

    def to_json(self) -> EventJson:
        """The event as JSON-safe data: its kind and every field that differs from its default."""
        out: dict[str, Any] = {"kind": str(self.kind)}
        for name in _FIELDS:
            value = getattr(self, name)
            if value is not _DEFAULTS[name] and value != _DEFAULTS[name]:
                out[name] = _json(value)
        return cast("EventJson", out)


_DEFAULTS: dict[str, Any] = {name: None for name in _FIELDS} | {
    "points": 0, "tiles": (), "end": "", "seats": (), "totals": (), "alone": False, "declined": False, "round": 0}

def _json(value: Any) -> Any:
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, Outcome):
        return value.to_json()
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if isinstance(value, (int, bool)):
        return value
    return str(value)  # enums and actions: their stable string forms


class PromptKind(StrEnum):
    """What a game awaits now (the view's ``prompt``), or that it is over."""

    WAITING = "waiting"  # seats: those awaited
    GAME_OVER = "game_over"  # seats: the winners (Bingo: count tiles removed, amount steps)
    TO_PLAY = "to_play"
    MUST_PASS = "must_pass"
    MUST_DRAW = "must_draw"
    EXTRA_TURN = "extra_turn"  # Tiddle-a-Wink: a double was played (flag: the extra turn may be declined)
    MATADOR_OR_DRAW = "matador_or_draw"
    CLAIM_OPEN = "claim_open"  # Muggins: seats[0] may claim amount until seat plays
    TO_ACT = "to_act"
    TO_LEAD = "to_lead"
    TO_FOLLOW = "to_follow"  # suit: the led suit (flag: it is trumps)
    ONLY_PASS = "only_pass"
    BID = "bid"  # low..high (flag: the seat may not pass)
    NAME_TRUMPS = "name_trumps"  # amount: the winning bid
    ACCEPT_TURNUP = "accept_turnup"  # suit: trumps on offer; count: the turn-up's number of high
    DISCARD = "discard"
    CHOOSE_PASS = "choose_pass"  # seats: still choosing; count: tiles to pass; direction
    LEAD_OR_PASS = "lead_or_pass"
    BET = "bet"  # amount: to call; count: the pot (flag: may bet or raise)
    EXCHANGE = "exchange"  # count: most tiles to exchange
    DEAL_NEXT = "deal_next"
    BINGO_STEP = "bingo_step"  # count: the count said now
    BINGO_MATCH = "bingo_match"  # count, tile: the matching tile


@dataclass(frozen=True, slots=True)
class Prompt:
    """What the game awaits now, as data (the words are made at the edge). ``seat`` is the seat awaited; the
    other fields are used as :class:`PromptKind` says. ``cross``: Sebastopol's cross must be finished first."""

    kind: PromptKind
    seat: int | None = None
    seats: tuple[int, ...] = ()
    count: int | None = None
    amount: int | None = None
    low: int | None = None
    high: int | None = None
    suit: str | None = None
    tile: Tile | None = None
    direction: str = ""
    flag: bool = False
    cross: bool = False

    def to_json(self) -> PromptJson:
        """The prompt as JSON-safe data: its kind and every field that is set."""
        out: dict[str, Any] = {"kind": str(self.kind)}
        for name in _PROMPT_FIELDS:
            value = getattr(self, name)
            if value is not None and value != () and value != "" and value is not False:
                out[name] = _json(value)
        return cast("PromptJson", out)


_PROMPT_FIELDS = ("seat", "seats", "count", "amount", "low", "high", "suit", "tile", "direction", "flag", "cross")


def parse_outcome(data: Mapping[str, Any]) -> Outcome:
    """An outcome back from its JSON form."""
    return Outcome(Termination(data["termination"]), tuple(data.get("winners", ())), tuple(data.get("sides", ())),
                   tuple(data.get("points", ())), int(data.get("round", 0)),
                   int(data["record"]) if data.get("record") is not None else None)


def _from_json(name: str, value: Any) -> Any:
    if name == "tile":
        return Tile.parse(value)
    if name == "tiles":
        return tuple(Tile.parse(t) for t in value)
    if name in ("seats", "totals"):
        return tuple(value)
    if name == "reason":
        return ScoreReason(value)
    if name == "outcome":
        return parse_outcome(value)
    if name == "action":
        return parse_action(value)
    return value


def parse_event(data: Mapping[str, Any]) -> Event:
    """An event back from its JSON form (:meth:`Event.to_json`), as a view's log holds it."""
    fields = {name: _from_json(name, value) for name, value in data.items() if name != "kind"}
    return Event(EventKind(data["kind"]), **fields)


def parse_prompt(data: Mapping[str, Any]) -> Prompt:
    """A prompt back from its JSON form (:meth:`Prompt.to_json`), as a view holds it."""
    fields = {name: _from_json(name, value) for name, value in data.items() if name != "kind"}
    return Prompt(PromptKind(data["kind"]), **fields)
