"""The game contract shared by every game, and the option and catalogue types.

Every game is a state machine with one public surface (ARCHITECTURE.md, "The engine contract"):
``to_act``, ``legal_actions(seat)``, ``apply(seat, action)``, ``view(seat)``, ``score``, ``is_over``, ``winner``,
``to_dict()``. Subclasses implement the rules in a handful of hooks; nothing outside a game mutates it.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, Play
from engine.errors import BadOption, GameOver, IllegalAction, InvalidAction, NoSuchSeat, NotYourTurn
from engine.events import Event, EventKind, Outcome, Prompt, PromptKind, ScoreReason, Termination
from engine.phrases import Phrase, Word, capital
from engine.shuffling import shuffle
from engine.tiles import TILE_ORDER, Tile, sort_hand, tiles_from
from engine.views import CommonView, EventJson, Family, GameView

if TYPE_CHECKING:
    from engine.observation import Observation

SAVE_FORMAT = 1
LOG_IN_VIEW = 8


@dataclass(frozen=True)
class OptionSpec:
    """A house-rule flag or setting: its name (RULES.md section 7), default, allowed values and meaning."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    rule: str = ""

    def parse(self, raw: Any) -> Any:
        """The allowed value ``raw`` stands for (native or as text, as from a select menu); else :class:`BadOption`."""
        for choice in self.choices:
            if raw == choice and type(raw) is type(choice):
                return choice
            if isinstance(raw, str) and raw.strip().lower() == _text(choice):
                return choice
        allowed = ", ".join(_text(c) for c in self.choices)
        raise BadOption(Phrase("option {name} cannot be {value}; allowed: {allowed}", name=self.name, value=repr(raw),
                               allowed=allowed))


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value).lower()


def option_text(value: Any) -> str:
    """How an option value is shown to players (``on``/``off`` for flags)."""
    return _text(value)


@dataclass(frozen=True)
class GameSpec:
    """A catalogue entry: what the registry, ``/games``, ``/rules`` and the lobby know about a game."""

    key: str
    title: str
    seats: tuple[int, ...]
    tile_set: str
    summary: str
    options: tuple[OptionSpec, ...]
    factory: Callable[..., Game]
    family: Family = "line"  # the family of games, as the view's "family" says it
    teams: str = ""
    order: int = 100
    rig_keys: tuple[str, ...] = ("deal", "boneyard")
    # Reads a save written before a change of format: (options, actions) -> (options, actions).
    upgrade: Callable[[dict[str, Any], list[Any]], tuple[dict[str, Any], list[Any]]] | None = None
    lowest_wins: bool = False  # penalty points: the lowest total wins the match (Black Tile)
    # A personal best beyond points, in the match Outcome's ``record`` (fewer is better): its short name for a
    # column of the stats, and what it means there. Empty for games that keep none.
    record_name: str = ""
    record_meaning: str = ""

    def __post_init__(self) -> None:
        # The game class learns its catalogue entry, so a game object can name itself and its options.
        self.factory.spec = self  # type: ignore[attr-defined]

    def option(self, name: str) -> OptionSpec:
        """The option called ``name``; :class:`BadOption` if this game has none."""
        for spec in self.options:
            if spec.name == name:
                return spec
        raise BadOption(Phrase("{game} has no option {name}", game=Word(self.title), name=repr(name)))

    def defaults(self) -> dict[str, Any]:
        """Every option at its default value."""
        return {spec.name: spec.default for spec in self.options}

    def validate(self, seats: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Checked, complete options for ``seats`` players: defaults filled in, values parsed; else BadOption."""
        if not isinstance(seats, int) or isinstance(seats, bool) or seats not in self.seats:
            allowed = _ranges(self.seats)
            raise BadOption(Phrase("{game} is for {allowed} players, not {seats}", game=Word(self.title),
                                   allowed=allowed, seats=repr(seats) if not isinstance(seats, int) else seats))
        values = self.defaults()
        rig: dict[str, Any] = {}
        for name, raw in dict(options or {}).items():
            if name in self.rig_keys:
                rig[name] = raw
            else:
                values[name] = self.option(name).parse(raw)
        values.update(_normalise_rig(rig))
        return values


def _ranges(seats: Sequence[int]) -> Phrase:
    lo, hi = min(seats), max(seats)
    if list(seats) == list(range(lo, hi + 1)):
        return Phrase("{count}", count=lo) if lo == hi else Phrase("{low} to {high}", low=lo, high=hi)
    return Phrase("{list} or {last}", list=", ".join(str(s) for s in seats[:-1]), last=seats[-1])


def _normalise_rig(rig: Mapping[str, Any]) -> dict[str, Any]:
    """Rigged deals as JSON-safe tile strings, so a rigged game saves and replays like any other."""
    out: dict[str, Any] = {}
    for name, raw in rig.items():
        if name == "deal":
            if not isinstance(raw, (list, tuple)) or not all(isinstance(h, (list, tuple)) for h in raw):
                raise BadOption(Phrase("deal must be a list of hands, each a list of tiles"))
            out[name] = [[str(t) for t in tiles_from(hand, "deal")] for hand in raw]
        elif name in ("boneyard", "row", "turnups"):
            if not isinstance(raw, (list, tuple)):
                raise BadOption(Phrase("{name} must be a list of tiles", name=name))
            out[name] = [str(t) for t in tiles_from(raw, name)]
        elif isinstance(raw, (bool, int, str)) or raw is None:
            out[name] = raw
        else:
            raise BadOption(Phrase("{name} has a value of the wrong kind: {value}", name=name, value=repr(raw)))
    return out


class Game(ABC):
    """One match of one game: rounds until a side reaches the target (or the game's own end).

    Subclasses implement :meth:`_setup`, :meth:`_to_act`, :meth:`_legal`, :meth:`_apply`, :meth:`_view`,
    :meth:`hand_lists`, :meth:`zones` and :meth:`full_set`. Randomness comes only from ``self.rng``, seeded at
    creation.
    """

    spec: ClassVar[GameSpec]
    #: True once the match has a result. A plain attribute, not a property: it is asked before every move, and
    #: ``finish`` is the only way a match ends (it sets it with ``_over``).
    is_over: bool
    #: Points are scored by plays during a round, not only at its end (computer players then try moves out).
    SCORES_IN_PLAY: ClassVar[bool] = True

    def __init__(self, seats: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> None:
        self.seats = seats
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self.rng = random.Random(seed)
        self.history: list[tuple[int, Action]] = []
        self.log: list[Event] = []
        self.round_no = 0
        sides = len(self.sides)  # a property (the partnerships come from the options): asked once
        self._score = [0] * sides
        self._winners: tuple[int, ...] = ()
        self._over = self.is_over = False
        self._outcome: Outcome | None = None
        self._round_outcome: Outcome | None = None
        self._legal_cache: dict[int, list[Action]] = {}
        self._hand_points = [0] * sides
        self._last_points: list[int] | None = None
        self._setup()

    # ----- the contract ---------------------------------------------------------------------------------------
    @property
    def key(self) -> str:
        """The registry key of this game."""
        return self.spec.key

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The scoring sides: one per seat, or the partnerships in team games."""
        if self.seats < len(EACH_ALONE):
            return EACH_ALONE[self.seats]
        return tuple((s,) for s in range(self.seats))

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` scores for."""
        for index, side in enumerate(self.sides):
            if seat in side:
                return index
        raise ValueError(f"seat {seat} is on no side")

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats whose decision is awaited now; ``()`` once the match is over."""
        return () if self._over else self._to_act()

    def legal_actions(self, seat: Any) -> list[Action]:
        """Every legal action for ``seat`` now (empty when it is not that seat's decision)."""
        if self._over or (type(seat) is not int and not _is_seat_number(seat)):
            return []
        legal = self._legal_cache.get(seat)
        if legal is None:
            if not self._awaits(seat):
                return []
            legal = self._legal_cache[seat] = self._legal(seat)  # as _legal_now does
        return list(legal)

    def _awaits(self, seat: int) -> bool:
        """True when ``seat`` is among the seats awaited now (games with one seat to act answer quicker)."""
        return seat in self._to_act()

    def _legal_now(self, seat: int) -> list[Action]:
        # Legal actions depend only on the state, which changes only through apply (which forgets them), so they
        # are computed once per state and awaited seat: a chooser and apply's check then share the work. (The cache
        # holds only seats that were awaited when they were asked for.)
        legal = self._legal_cache.get(seat)
        if legal is None:
            legal = self._legal_cache[seat] = self._legal(seat)
        return legal

    def _forget_legal(self) -> None:
        """Forget the legal actions worked out for this state (after a change made outside apply: a clone's
        redeal for a computer player's search)."""
        self._legal_cache = {}

    def requests(self, seat: int) -> list[Action]:
        """Actions ``seat`` may take now outside the turn order, on its turn or not (Domino Poker's stop); they are
        not among :meth:`legal_actions`, so computer players and move buttons never choose them. Default: none."""
        return []

    def is_legal(self, seat: int, action: Action) -> bool:
        """True when ``seat`` may take ``action`` now (a turn action or a request)."""
        return action in self.legal_actions(seat) or (self._is_seat(seat) and action in self.requests(seat))

    def _is_seat(self, seat: object) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.seats

    def check(self, seat: Any, action: Any) -> None:
        """Raise the error that ``apply`` would raise for this action, or return if it is legal."""
        if self._over:
            raise GameOver(Phrase("the game is over"))
        if not self._is_seat(seat):
            raise NotYourTurn(Phrase("there is no seat {seat} at this table", seat=repr(seat)))
        if _offered(self.requests(seat), action):
            return
        if not self._awaits(seat):
            raise NotYourTurn(Phrase("it is not your turn: waiting for {names}", names=self.seat_list(self._to_act())))
        if not _offered(self._legal_now(seat), action):
            if not isinstance(action, Action):
                raise InvalidAction(Phrase("{action} is not an action", action=repr(action)))
            raise IllegalAction(Phrase("{action} is not a legal move now", action=self.phrase(action)))

    def apply(self, seat: Any, action: Any) -> list[Event]:
        """Take ``action`` for ``seat`` and return what happened; an illegal action raises and changes nothing."""
        # The common case first: the seat's legal actions were just listed (by the chooser), and the action is one
        # of those very objects. Anything else takes the full check, which raises the right error.
        legal = None if self._over or type(seat) is not int else self._legal_cache.get(seat)
        if legal is None:
            self.check(seat, action)
        else:
            for offered in legal:
                if offered is action:
                    break
            else:
                self.check(seat, action)
        start = len(self.log)
        self._apply(seat, action)
        self.history.append((seat, action))
        self._legal_cache = {}
        return self.log[start:]

    @property
    def score(self) -> tuple[int, ...]:
        """Each side's total so far."""
        return tuple(self._score)

    @property
    def winner(self) -> tuple[int, ...]:
        """The seats that won the match (a whole partnership; several on a shared win); ``()`` while playing."""
        return self._winners

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended (who won, each side's total, why), once it is over; None while playing."""
        return self._outcome

    @property
    def round_outcome(self) -> Outcome | None:
        """How the last finished round (hand) ended; None before the first one ends."""
        return self._round_outcome

    def view(self, seat: int | None) -> GameView:
        """What ``seat`` may know now (``None``: a spectator). JSON-safe; holds no other seat's hidden tiles.

        The view's type is its family's, declared in :mod:`engine.views`; ``view["family"]`` tells which. A seat
        that does not exist at this table raises :class:`NoSuchSeat`.
        """
        if seat is not None and not (_is_seat_number(seat) and 0 <= seat < self.seats):
            raise NoSuchSeat(Phrase("there is no seat {seat} at this table (seats 0 to {last}, or None)",
                                    seat=repr(seat), last=self.seats - 1))
        hands = self.hand_lists()
        common: CommonView = {
            "game": self.key,
            "title": self.spec.title,
            "seats": self.seats,
            "seat": seat,
            "sides": [list(s) for s in self.sides],
            "scores": list(self._score),
            "to_act": list(self.to_act),
            "over": self._over,
            "winners": list(self._winners),
            "round": self.round_no,
            "hand": [str(t) for t in hands[seat]] if seat is not None and seat < len(hands) else None,
            "hand_counts": [len(h) for h in hands],
            "log": self.log_view(0),
            "prompt": self.prompt().to_json(),
        }
        if self._last_points is not None:
            common["last_points"] = list(self._last_points)
        return self._view(seat, common)

    def hand_view(self, seat: int, *, moving: bool = True) -> GameView:
        """``seat``'s view as its hand is shown: with ``playable``, its tiles (every copy) that a legal play lays
        now; empty when the seat is not awaited, or when it does not make its own move (``moving`` False: a
        computer plays it)."""
        view = self.view(seat)
        laid = ({str(a.tile) for a in self.legal_actions(seat) if isinstance(a, Play)}
                if moving and seat in self.to_act else set())
        view["playable"] = [tile for tile in view["hand"] or [] if tile in laid]
        return view

    def to_dict(self) -> dict[str, Any]:
        """The saved form: format, game, seats, seed, options and the action list (JSON-safe)."""
        return {
            "format": SAVE_FORMAT,
            "game": self.key,
            "seats": self.seats,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [[seat, str(action)] for seat, action in self.history],
        }

    def clone(self) -> Game:
        """An independent copy (computer players try moves on it).

        The action history and event log only ever grow by appending immutable records, so the copy shares
        those records and deep-copies the rest of the state.
        """
        cls = type(self)
        twin = cls.__new__(cls)
        shared = {"history": list(self.history), "log": list(self.log)}
        memo: dict[int, Any] = {id(self.history): shared["history"], id(self.log): shared["log"]}
        for name, value in instance_state(self).items():
            if name in _UNCOPIED:
                continue
            setattr(twin, name, shared[name] if name in shared else deep_copy(value, memo))
        twin._legal_cache = {}
        return twin

    def snapshot(self) -> dict[str, Any]:
        """The full internal state as plain data: two games with equal snapshots are the same game."""
        state = instance_state(self)
        return {name: _plain(state[name]) for name in sorted(state) if name not in _UNSAVED}

    # ----- shared helpers for subclasses ---------------------------------------------------------------------
    def seat_list(self, seats: Sequence[int]) -> Phrase:
        """Seats in words for error messages (``Seat 1, Seat 3``), as a phrase."""
        if not seats:
            return Phrase("nobody")
        # one field per seat, each a phrase of its own, so each is said in the language of the whole
        fields = ", ".join(f"{{seat{index}}}" for index in range(len(seats)))
        joined = Phrase(fields)
        joined.values = {f"seat{index}": Phrase("Seat {number}", number=seat + 1) for index, seat in enumerate(seats)}
        return joined

    def describe(self, action: Action) -> str:
        """An action in words for players (English): :meth:`phrase` as text, as a label (a capital first)."""
        return capital(str(self.phrase(action)))

    def phrase(self, action: Action) -> Phrase:
        """An action in words for players, as data the edge can say in any language (:mod:`engine.phrases`).
        Games override it with their own phrasing."""
        return Phrase(str(action))

    def prompt(self) -> Prompt:
        """What the game awaits (or that it is over), as data; ``render.words.prompt_text`` says it."""
        if self._over:
            return Prompt(PromptKind.GAME_OVER, seats=self._winners)
        return Prompt(PromptKind.WAITING, seats=self._to_act())

    def log_view(self, start: int) -> list[EventJson]:
        """The view's ``log``: the last few public events from ``start`` on, as JSON (private ones are left out)."""
        recent = [e for e in self.log[start:] if e.kind not in _PRIVATE][-LOG_IN_VIEW:]
        return [e.to_json() for e in recent]

    def emit(self, kind: EventKind, seat: int | None = None, side: int | None = None, points: int = 0,
             **fields: Any) -> Event:
        """Record an event in the log."""
        event = Event(kind, seat, side, points, **fields)
        self.log.append(event)
        return event

    def award(self, side: int, points: int, reason: ScoreReason, seat: int | None = None, **fields: Any) -> None:
        """Add ``points`` to ``side`` and record a ``score`` event (the only way scores change); ``seat``: the
        seat that scored, where one did."""
        if points == 0:
            return
        self._score[side] += points
        if reason is not ScoreReason.STACK:  # a poker session's starting stack is scored in no hand
            self._hand_points[side] += points
        self.log.append(Event(EventKind.SCORE, seat, side, points, reason=reason, **fields))

    def close_hand_points(self) -> None:
        """The round or hand is scored: what each side scored in it (in play and at its end) becomes the view's
        ``last_points``, and the next round's count starts at zero."""
        self._last_points = self._hand_points
        self._hand_points = [0] * len(self.sides)

    def end_round(self, termination: Termination, points: Sequence[int], winning_sides: Sequence[int] = (),
                  kind: EventKind = EventKind.ROUND_OVER, seat: int | None = None, at: int | None = None,
                  **fields: Any) -> Outcome:
        """Record how a round (hand) ended: its :class:`Outcome` (``points``: each side's points in it) becomes
        :attr:`round_outcome` and a ``round_over`` (or ``kind``) event carries it, logged now or at index ``at``."""
        sides = tuple(sorted(set(winning_sides)))
        every_side = self.sides
        seats: list[int] = []
        for side in sides:
            seats += sorted(every_side[side])
        outcome = Outcome(termination, tuple(seats), sides, tuple(points), self.round_no)
        self._round_outcome = outcome
        event = Event(kind, seat, outcome=outcome, round=self.round_no, **fields)
        self.log.insert(len(self.log) if at is None else at, event)
        return outcome

    def finish(self, winning_sides: Sequence[int], termination: Termination = Termination.TARGET_REACHED,
               record: int | None = None, **fields: Any) -> None:
        """End the match with the given sides as winners, for the reason given (``record``: the winners' personal-best
        figure, where the game keeps one (``GameSpec.record_name``); ``fields``: more for the event)."""
        self._over = self.is_over = True
        if any(self._hand_points):  # the match ended during a round (a count reached the target)
            self.close_hand_points()
        sides = tuple(sorted(set(winning_sides)))
        self._winners = tuple(sorted(s for side in sides for s in self.sides[side]))
        self._outcome = Outcome(termination, self._winners, sides, tuple(self._score), self.round_no,
                                record if self._winners else None)
        self.emit(EventKind.MATCH_OVER, seats=self._winners, outcome=self._outcome, **fields)

    def target_winner(self, target: int) -> int | None:
        """RULES 1.5: the side at or over ``target`` with the unique highest total, or None (play on)."""
        best = max(self._score)
        if best < target:
            return None
        leaders = [i for i, s in enumerate(self._score) if s == best]
        return leaders[0] if len(leaders) == 1 else None

    def rigged(self, name: str) -> Any:
        """A rigged value from the options, used for the first deal only (tests and puzzles)."""
        return self.options.get(name) if self.round_no <= 1 else None

    def rigged_tiles(self, name: str) -> list[Tile] | None:
        """A rigged tile list (``boneyard``, ``row``...) as tiles, for the first deal only."""
        raw = self.rigged(name)
        return None if raw is None else tiles_from(raw)

    def rigged_deal(self) -> list[list[Tile]] | None:
        """The rigged hands as tiles, for the first deal only; checked against the seat count."""
        raw = self.rigged("deal")
        if raw is None:
            return None
        if len(raw) != self.seats:
            raise BadOption(Phrase("deal has {count} hands for {seats} seats", count=len(raw), seats=self.seats))
        return [tiles_from(hand) for hand in raw]

    def deal_from(self, tiles: Sequence[Tile], sizes: Sequence[int]) -> tuple[list[list[Tile]], list[Tile]]:
        """Shuffle ``tiles`` and deal hands of ``sizes``; the rest is returned in draw order (first = next drawn).

        With a rigged ``deal`` (first round only) the hands are as given; a rigged ``boneyard`` is used as is and
        any tile in neither is set aside (returned hands, boneyard; the caller keeps the rest as dead).
        """
        rig = self.rigged_deal() if self.round_no <= 1 else None  # rigged deals are for the first round only
        if rig is None:
            pool = list(tiles)
            shuffle(pool, self.rng)
            hands = []
            at = 0
            for size in sizes:  # sort_hand, inline (every round deals)
                hands.append(sorted(pool[at:at + size], key=TILE_ORDER, reverse=True))
                at += size
            return hands, pool[at:]
        rest = Counter(tiles)
        for hand in rig:
            for tile in hand:
                if rest[tile] <= 0:
                    raise BadOption(Phrase("deal: {tile} is not in the set or is dealt twice", tile=tile))
                rest[tile] -= 1
        bone = self.rigged_tiles("boneyard")
        if bone is None:
            pool = list(rest.elements())
            shuffle(pool, self.rng)
            return [sort_hand(h) for h in rig], pool
        for tile in bone:
            if rest[tile] <= 0:
                raise BadOption(Phrase("boneyard: {tile} is not in the set or is dealt twice", tile=tile))
            rest[tile] -= 1
        return [sort_hand(h) for h in rig], bone

    # ----- what a game implements ------------------------------------------------------------------------------
    @classmethod
    def check_options(cls, seats: int, options: Mapping[str, Any]) -> None:
        """Reject option combinations this game cannot play (BadOption). Default: all are fine."""
        return None

    @abstractmethod
    def _setup(self) -> None:
        """Deal the first round."""

    @abstractmethod
    def _to_act(self) -> tuple[int, ...]:
        """Seats awaited now (the match is not over)."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]:
        """Legal actions for an awaited seat."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action, emitting events."""

    @abstractmethod
    def _view(self, seat: int | None, common: CommonView) -> GameView:
        """The family's view: the ``common`` keys and the game's own public state (never another seat's hidden
        tiles)."""

    @abstractmethod
    def hand_lists(self) -> list[list[Tile]]:
        """Each seat's hand."""

    @abstractmethod
    def zones(self) -> dict[str, list[Tile]]:
        """Where every tile of :meth:`full_set` is now (hands, line, boneyard, tricks, dead...)."""

    @abstractmethod
    def full_set(self) -> list[Tile]:
        """Every tile this game is played with (two of each for Seventy-Nine)."""

    def target(self) -> int:
        """The score that wins the match; 0 when the match has none (Poker's chips, Bingo's solo rows)."""
        return 0

    # ----- what a seat knows (engine/observation.py) ---------------------------------------------------------------
    @property
    def lowest_wins(self) -> bool:
        """True when the lowest total wins the match (penalty points, as in Black Tile)."""
        return self.spec.lowest_wins

    def observe(self, seat: int) -> Observation:
        """What ``seat`` knows now: its tiles, the public history, the unseen tiles and the constraints on them."""
        from engine.observation import observe

        return observe(self, seat)

    def hides(self, action: Action) -> bool:
        """True when the other seats do not see what ``action`` is (a face-down choice): the public history then
        shows only that the seat acted. Default: every action is public."""
        return False

    def shown_out(self, seat: int) -> frozenset[Tile]:
        """Tiles the public play has shown ``seat`` does not hold now (facing open ends it could not play on, a
        suit it did not follow). Default: nothing is shown."""
        return frozenset()

    def known_places(self, seat: int) -> dict[Tile, frozenset[str]]:
        """Tiles ``seat`` cannot see but knows to be in one of the named hidden places (the tiles it passed in
        Black Tile, Euchre's taken-up turn-up). Default: none."""
        return {}

    def _hidden_places(self, seat: int) -> dict[str, list[Tile]]:
        """The game's own lists of the tiles ``seat`` cannot see, by place: ``hand<s>`` for another seat's hand,
        ``boneyard`` (in draw order), ``dead``, ``discard``. Read by engine/observation.py; changed only in a
        determinized copy, through :meth:`_redeal_hidden`."""
        raise NotImplementedError(f"{type(self).__name__} does not define _hidden_places")

    def _redeal_hidden(self, seat: int, places: Mapping[str, Sequence[Tile]], rng: random.Random) -> None:
        """Put ``places`` (a determinization of what ``seat`` cannot see) in the hidden places of this copy: hands
        sorted highest first, other places in the order given; then :meth:`_after_redeal`, a fresh legal-action
        cache and a generator of its own seeded from ``rng``, so the copy cannot replay the real game's future."""
        live = self._hidden_places(seat)
        for name, tiles in places.items():
            live[name][:] = sorted(tiles, reverse=True) if name.startswith("hand") else tiles
        self._after_redeal(seat, rng)
        self._forget_legal()
        self.rng = random.Random(rng.getrandbits(64))

    def _after_redeal(self, seat: int, rng: random.Random) -> None:
        """Make other seats' hidden choices agree with their redealt hands (a locked Black Tile pass)."""
        return None

    def visible_tiles(self, seat: int | None) -> Counter[Tile]:
        """Tiles ``seat`` may see: its own hand and every public zone. Default: all zones but hands/boneyard/dead."""
        hidden = {"boneyard", "dead"}
        seen: Counter[Tile] = Counter()
        for name, tiles in self.zones().items():
            if name.startswith("hand") or name in hidden:
                continue
            seen.update(tiles)
        if seat is not None and seat < len(self.hand_lists()):
            seen.update(self.hand_lists()[seat])
        return seen


#: Every seat its own side, by seat count (the default :attr:`Game.sides`, asked for at every score).
EACH_ALONE = tuple(tuple((s,) for s in range(seats)) for seats in range(17))
_ATOMS = (int, str, float, type(None))
_PRIVATE = frozenset({EventKind.MARK})  # events only their own seat may know of: never in the view's log
_UNCOPIED = frozenset({"_legal_cache"})
#: Left out of snapshots: the legal-action cache, ``is_over`` (a copy of ``_over``, which the snapshot holds) and the
#: line games' ``to_act`` (kept from ``turn`` and ``_over``, which it holds too) and ``_quick`` (a class setting).
_UNSAVED = _UNCOPIED | {"is_over", "to_act", "_quick"}


_VALUES = (int, str, float, type(None), Tile, Action, Event, Outcome, frozenset)
#: The exact types :func:`deep_copy` has found to be values: copying a list of tiles is then a look-up per tile.
_VALUE_TYPES: set[type] = set()


def deep_copy(value: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(value, memo)``, quicker on what game state is made of.

    Values (tiles, actions, events, numbers, text, frozen dataclasses) are shared; lists, dicts, tuples and other
    dataclasses are copied here, a ``random.Random`` by its state; anything else goes to ``copy.deepcopy``. Shared
    references stay shared, through ``memo``, as with ``deepcopy``.
    """
    kind = type(value)
    if kind in _VALUE_TYPES:
        return value
    if isinstance(value, _VALUES):
        _VALUE_TYPES.add(kind)
        return value
    key = id(value)
    if key in memo:
        return memo[key]
    values = _VALUE_TYPES
    if kind is list:
        items: list[Any] = []
        memo[key] = items
        for item in value:
            items.append(item if type(item) in values else deep_copy(item, memo))
        return items
    if kind is dict:
        mapping: dict[Any, Any] = {}
        memo[key] = mapping
        for name, item in value.items():
            mapping[name if type(name) in values else deep_copy(name, memo)] = (
                item if type(item) in values else deep_copy(item, memo))
        return mapping
    if kind is tuple:
        parts = [deep_copy(item, memo) for item in value]
        same = all(a is b for a, b in zip(parts, value, strict=True))
        copied = value if same else tuple(parts)
        memo[key] = copied
        return copied
    if kind is random.Random:
        twin = random.Random.__new__(random.Random)
        twin.setstate(value.getstate())
        memo[key] = twin
        return twin
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None:
        if params.frozen:
            return value  # a frozen dataclass is a value (the engine's hold only values)
        # Made through its __init__, quicker than copy.deepcopy's generic path.
        fields = dataclasses.fields(value)
        made = kind(**{f.name: deep_copy(getattr(value, f.name), memo) for f in fields if f.init})
        for f in fields:
            if not f.init:
                setattr(made, f.name, deep_copy(getattr(value, f.name), memo))
        memo[key] = made
        return made
    return copy.deepcopy(value, memo)


def _offered(legal: list[Action], action: object) -> bool:
    """True when ``action`` is in ``legal``: by identity first (offered actions are interned), then by value."""
    for offered in legal:
        if offered is action:
            return True
    return action in legal


def _is_seat_number(seat: object) -> bool:
    """True when ``seat`` is a whole number (``True`` and ``1.0`` are not seats)."""
    return type(seat) is int or (isinstance(seat, int) and not isinstance(seat, bool))


def instance_state(obj: object) -> dict[str, Any]:
    """Every instance attribute of ``obj`` that is set, by name."""
    return dict(vars(obj))


def _plain(value: Any) -> Any:
    """``value`` as plain data (tiles and actions as text), for snapshots; the common cases are tested first."""
    if isinstance(value, _ATOMS):
        return value
    if isinstance(value, (Tile, Action)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (dict, MappingProxyType)):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, random.Random):
        return list(value.getstate()[1])
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if hasattr(value, "__dict__") and not callable(value):
        return {k: _plain(v) for k, v in sorted(instance_state(value).items())}
    if hasattr(value, "__slots__") and not callable(value):
        return {k: _plain(getattr(value, k)) for k in value.__slots__ if hasattr(value, k)}
    return value
