"""The shared core of the layout ("matching") games (RULES section 2).

:class:`LineGame` plays rounds of a line game to a target: the deal, the opening (RULES 2.7), one tile per turn,
must-play, drawing (2.5) or passing (2.6), going out and blocked rounds (2.8-2.9) and the round-scoring formulas
(2.10). Each game overrides a few hooks (``connects``, ``after_play``, ``extra_turn``, ``score_round`` ...) in the
way python-chess variants override a board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.actions import Action, Draw, Pass, Play
from engine.errors import BadOption, IllegalAction
from engine.events import Event, EventKind, Prompt, PromptKind, ScoreReason, Termination
from engine.game import EACH_ALONE, Game, OptionSpec
from engine.layout import ARMS, LineOfPlay, OpenEnd, Placed, arm_words
from engine.phrases import Phrase, in_context
from engine.scoring import cascade, lowest_unique, round_points
from engine.tiles import PIP_VALUES, Tile, double_set, sort_hand
from engine.views import CommonView, LastRound, LineFacts, LineView, PlayScore

MAX_REDEALS = 1000
NOTHING: frozenset[Tile] = frozenset()


def set_option(default: int = 12) -> OptionSpec:
    """The ``set`` option (DRW-5): double-six, double-nine or double-twelve."""
    return OptionSpec("set", default, (6, 9, 12), "Domino set: double-six, double-nine or double-twelve", "DRW-5")


def target_option(default: int, choices: tuple[int, ...], rule: str = "") -> OptionSpec:
    """The ``target`` option: the score that wins the match."""
    return OptionSpec("target", default, choices, "Points needed to win the match", rule)


BLOCK_TIE = OptionSpec(
    "block_tie", "nobody", ("nobody", "all_tied_score"),
    "Blocked round with the lowest total tied: nobody scores, or every tied player scores", "2.9",
)
RESERVE_TWO = OptionSpec("reserve_two", False, (False, True), "The last 2 boneyard tiles can never be drawn", "2.5")
PARTNERS = OptionSpec(
    "partners", False, (False, True),
    "Four players in two partnerships, seats 1 and 3 against 2 and 4; the winning side scores all four hands",
    "BLK-4",
)
PARTNER_SIDES = ((0, 2), (1, 3))


def check_partners(seats: int, options: Mapping[str, Any]) -> None:
    """BLK-4: the partnership game is for exactly four players."""
    if options.get("partners") and seats != 4:
        raise BadOption(Phrase("partners needs 4 players, not {seats}", seats=seats))


class _Awaited:
    """:attr:`LineGame.to_act` where it is not kept as a value: worked out when asked (a game that awaits several seats
    at times, as Muggins awaits a claim). A plain value set on the game hides it."""

    def __get__(self, game: LineGame | None, owner: type | None = None) -> Any:
        if game is None:
            return self
        return () if game._over else game._to_act()


class LineGame(Game):
    """A layout game played in rounds to a target score.

    Class settings a game may change: ``DRAWS`` (draw game or block game), ``FORMULA`` (default round formula),
    ``CHECK_TARGET_IN_PLAY`` (Bergen and Muggins end the match the moment a side reaches the target),
    ``SCORES_IN_PLAY`` (points are scored by plays, not only at round end: computer players then try moves out),
    (How a pass is told and the cosmetic call of the player who goes out, RULES 2.8, "Domino!", "Bergen!",
    "Tiddle-a-Wink!", are words: ``render/words.py`` says them per game.)
    """

    DRAWS = True
    FORMULA = "sum_minus_own"
    CHECK_TARGET_IN_PLAY = False
    DOUBLES_INLINE = False
    SCORES_IN_PLAY = False
    # Whether a game overrides the hooks asked on every play, derived from the class (see __init_subclass__): a hook
    # that only answers the default is not called.
    _matches_equal_ends = True
    _hooks_after_play = False
    _hooks_after_open = False
    _own_sides = False
    _hooks_extra_turn = False
    _one_turn = True  # one seat is awaited, ``turn`` (Muggins also awaits a claim)
    _turns_round = True  # the next seat is the one after, round the table
    _plain_plays = True
    _plain_legal = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._matches_equal_ends = cls.connects is LineGame.connects
        cls._hooks_after_play = cls.after_play is not LineGame.after_play
        cls._hooks_after_open = cls.after_open is not LineGame.after_open
        cls._own_sides = cls.sides is not LineGame.sides
        cls._hooks_extra_turn = cls.extra_turn is not LineGame.extra_turn
        cls._one_turn = cls._to_act is LineGame._to_act and cls._awaits is LineGame._awaits
        cls._turns_round = cls._next is LineGame._next
        # A play is only placed and logged, then the turn passes (apply's short way for an offered play).
        cls._plain_plays = (cls._one_turn and cls._turns_round and cls._matches_equal_ends
                            and not cls._hooks_after_play and not cls._hooks_extra_turn
                            and all(getattr(cls, name) is getattr(LineGame, name)
                                    for name in ("_apply", "_play", "_pass", "_legal", "plays")))
        # The legal moves are the plays, when there are any (no voluntary draw): legal_actions lists them itself.
        cls._plain_legal = cls._plain_plays and cls.may_draw_voluntarily is LineGame.may_draw_voluntarily

    #: The seats whose decision is awaited now; ``()`` once the match is over. Asked before every move, so in a game
    #: awaiting one seat (``_one_turn``) it is a plain value, set at the deal and by ``apply`` (the only way a game
    #: changes), not a property (a Python call from C on every read); other games work it out when asked.
    to_act: tuple[int, ...] = _Awaited()  # type: ignore[assignment]

    def __init__(self, seats: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> None:
        # _plain_legal, read on every move: kept on the game too, under a name the class does not have, as Python
        # 3.11 reads such an attribute quicker than a class's (a snapshot leaves it out). The short ways take their
        # made plays and events by seat, so they are for tables of up to _SEATS_INTERNED seats.
        self._quick = self._plain_legal and seats <= _SEATS_INTERNED
        super().__init__(seats, seed, options)
        self._note_awaited()

    # ----- options and set ---------------------------------------------------------------------------------------
    @property
    def matches_equal_ends(self) -> bool:
        """True when a tile plays on an end showing one of its numbers (not on a sum, as in Matador)."""
        return self._matches_equal_ends

    @property
    def partnership(self) -> bool:
        """True in the four-hand partnership game (BLK-4, option ``partners`` of Block and Draw)."""
        return bool(self.options.get("partners"))

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Each player alone; with ``partners`` (BLK-4) seats 0+2 against 1+3."""
        if self.options.get("partners"):
            return PARTNER_SIDES
        # Game.sides, inline (a property asked at every score, and super()'s is a second call)
        return EACH_ALONE[self.seats] if self.seats < len(EACH_ALONE) else super().sides

    def side_of(self, seat: int) -> int:
        """The index of the side ``seat`` scores for (asked at every score: each seat alone answers at once)."""
        if self._own_sides or self.options.get("partners") or type(seat) is not int or not 0 <= seat < self.seats:
            return super().side_of(seat)
        return seat

    def tile_set(self) -> list[Tile]:
        """The tiles this game is played with."""
        return list(double_set(int(self.options.get("set", 12))))

    def hand_size(self) -> int:
        """Tiles dealt to each player."""
        return 7

    def formula(self) -> str:
        """The round-scoring formula in force."""
        return self.FORMULA

    def target(self) -> int:
        """The score that wins the match."""
        return int(self.options["target"])

    def make_line(self) -> LineOfPlay:
        """A new, empty line of play for a round."""
        return LineOfPlay(spinner=bool(self.options.get("first_double_spinner", False)))

    # ----- round set-up ----------------------------------------------------------------------------------------
    def _setup(self) -> None:
        self.hands: list[list[Tile]] = []
        self.boneyard: list[Tile] = []
        self.dead: list[Tile] = []
        self.turn = 0
        self.passes = 0
        self.log_mark = 0
        self.last_round: LastRound | None = None
        # Public facts for what each seat knows (engine/observation.py): the tiles each seat has shown it does not
        # hold; the pips it has shown it holds none of (as bits: cheap to note at every pass); and the pips it will
        # have shown once it plays the tile its draw ended on.
        self.showed_out: list[frozenset[Tile]] = []
        self.void_pips: list[int] = []
        self.pending_pips: list[int] = []
        self._start_round()

    def _start_round(self) -> None:
        self.round_no += 1
        size = self.hand_size()
        rigged = self.round_no <= 1 and self.options.get("deal") is not None  # as self.rigged("deal"), inline
        for _ in range(MAX_REDEALS):
            self.line = self.make_line()
            self.passes = 0
            tiles = self.tile_set()
            hands, rest = self.deal_from(tiles, [size] * self.seats)
            if rigged and self.rigged("boneyard") is not None:
                # A rigged boneyard is drawn from in order; a block game has none, so it is dead like the rest.
                self.boneyard = rest if self.DRAWS else []
                self.dead = _minus(tiles, [t for h in hands for t in h] + self.boneyard)
            elif self.DRAWS:
                self.boneyard, self.dead = rest, []
            else:
                self.boneyard, self.dead = [], rest
            self.hands = hands
            self.showed_out = [NOTHING] * self.seats
            self.void_pips = [0] * self.seats
            self.pending_pips = [0] * self.seats
            self.log.append(_deal_event(size, self.round_no))
            if self.open_round():
                return
            self.emit(EventKind.REDEAL)
            if rigged:
                raise BadOption(Phrase("the rigged deal gives nobody a double, so the round cannot open"))
        raise IllegalAction(Phrase("could not deal an opening double"))  # pragma: no cover - vanishingly unlikely

    def opening(self) -> tuple[int, Tile] | None:
        """RULES 2.7: the seat holding the highest double, and that double; None when nobody holds one."""
        # Done at every deal, so without a call per hand: hands are dealt sorted highest first (sort_hand), so a
        # hand's first double is its highest, and once a tile's high end is no higher than the best double so far,
        # nothing after it in that hand is higher either.
        best: tuple[int, Tile] | None = None
        top = -1
        for seat, hand in enumerate(self.hands):
            for tile in hand:
                high = tile.high
                if high <= top:
                    break
                if high == tile.low:
                    top, best = high, (seat, tile)
                    break
        return best

    def open_round(self) -> bool:
        """The :meth:`opening` tile is played by its holder; False asks for a redeal (nobody has a double)."""
        first = self.opening()
        if first is None:
            return False
        seat, tile = first
        self.showed_out = [self.opening_shows(tile)] * self.seats
        _remove(self.hands[seat], tile)
        self.line.start(tile, seat)
        self.log.append(_opening_event(seat, tile))
        if self._hooks_after_open:
            self.after_open(seat, tile)
        if self._over:  # the opening's own points won the match (RULES 1.5, in-play games)
            return True
        if not self.hands[seat]:  # the opening double was the holder's last tile: the round ends (2.8)
            self._end_round_out(seat)
            return True
        if self._hooks_extra_turn and self.extra_turn(seat, tile):
            self.turn = seat
        else:
            self.turn = (seat + 1) % self.seats if self._turns_round else self._next(seat)
        return True

    def opening_shows(self, tile: Tile) -> frozenset[Tile]:
        """The tiles no hand held at the deal, as the opening ``tile`` shows (RULES 2.7: no double above it; told
        for the largest set, as tiles outside this game's set are never unseen)."""
        if not tile.is_double:
            return NOTHING
        return _HIGHER_DOUBLES[tile.high]

    # ----- hooks ---------------------------------------------------------------------------------------------
    def connects(self, end: OpenEnd, tile: Tile) -> list[int]:
        """The faces of ``tile`` that may touch ``end`` (ordinary matching: the equal end)."""
        return [end.value] if tile.has(end.value) else []

    def after_open(self, seat: int, tile: Tile) -> None:
        """Called after the opening tile is down (Bergen and Muggins score it)."""

    def after_play(self, seat: int, placed: Placed, arm: str) -> None:
        """Called after each play onto an arm (in-play scoring)."""

    def extra_turn(self, seat: int, tile: Tile) -> bool:
        """True when the player who just played ``tile`` goes again (Tiddle-a-Wink's doubles)."""
        return False

    def may_draw_voluntarily(self, seat: int) -> bool:
        """True when the player may draw while able to play (Muggins)."""
        return False

    def drawable(self) -> int:
        """How many boneyard tiles may still be drawn (RULES 2.5, option reserve_two)."""
        if not self.DRAWS:
            return 0
        reserve = 2 if self.options.get("reserve_two") else 0
        return max(len(self.boneyard) - reserve, 0)

    # ----- turns --------------------------------------------------------------------------------------------
    def _next(self, seat: int) -> int:
        return (seat + 1) % self.seats

    def _to_act(self) -> tuple[int, ...]:
        return (self.turn,)

    def _awaits(self, seat: int) -> bool:
        return seat == self.turn

    def _note_awaited(self) -> None:
        """Keep :attr:`to_act` as a value in a game that awaits one seat (after the deal and after every action)."""
        if self._one_turn:
            self.to_act = () if self._over else (self.turn,)

    def legal_actions(self, seat: Any) -> list[Action]:
        """Every legal action for ``seat`` now (empty when it is not that seat's decision)."""
        # The contract's answer, asked on every turn. The seat asked is the turn's (a true int is the turn's own small
        # int) or takes the general way, which checks it; the cache holds only awaited seats' answers. A game whose
        # legal moves are its plain plays (_quick) lists them here when two ends are open, from the table of plays
        # onto that pair of ends (found by the ends themselves, one look-up), without the calls of _legal and plays.
        if seat is not self.turn or self._over:
            return self._legal_generally(seat)
        legal = self._legal_cache.get(seat)
        if legal is None:
            if not self._quick:
                if not self._one_turn:  # other seats may be awaited too (Muggins' claims): Game's way
                    return super().legal_actions(seat)
                legal = self._legal_cache[seat] = self._legal(seat)
                return [*legal]  # a copy: the cache's own list is never handed out
            ends = self.line.ends
            pairs = _PAIR_TABLES.get(ends)
            if pairs is None and len(ends) == 2:
                pairs = _pair_table(ends)
            if pairs is not None:
                legal = []
                for tile in self.hands[seat]:
                    legal += pairs[tile.rank]
                if not legal:  # no play: as _legal says then
                    legal = [_DRAW] if self.drawable() else [_PASS]
            else:  # a spinner's four or three ends, or one end
                legal = self._legal(seat)
            self._legal_cache[seat] = legal
        return [*legal]  # a copy: the cache's own list is never handed out

    def _legal_generally(self, seat: Any) -> list[Action]:
        """:meth:`legal_actions` for a seat that is not the turn's true int, or once the match is over."""
        if type(seat) is not int or not self._one_turn:
            return super().legal_actions(seat)
        if seat != self.turn or self._over:
            return []
        return self.legal_actions(self.turn)  # the turn's seat, given as another int object

    def plays(self, seat: int) -> list[Action]:
        """Every legal tile play for ``seat`` now: tile by tile (as the hand is sorted), each open end in arm order."""
        out: list[Action] = []
        if not self._matches_equal_ends:
            open_ends = self.line.open_ends()
            for tile in self.hands[seat]:
                for end in open_ends:
                    for face in self.connects(end, tile):
                        out.append(play_action(tile, end.arm, face))
            return out
        # Ordinary matching, the common case: each open end's table gives a tile's play onto it by the tile's rank.
        ends = self.line.ends
        if len(ends) == 2:  # most line games, most of the time: a tile's plays onto both ends are one look-up
            (arm, value), (other_arm, other) = ends
            pairs = (_LINE_TABLES[value * PIP_VALUES + other] or _line_table(value, other)
                     if arm == "W" and other_arm == "E" else _PAIR_TABLES.get(ends) or _pair_table(ends))
            for tile in self.hands[seat]:
                out += pairs[tile.rank]
            return out
        tables = [_PLAYS_ONTO[end] for end in ends]
        for tile in self.hands[seat]:
            index = tile.rank
            for table in tables:
                play = table[index]
                if play is not None:
                    out.append(play)
        return out

    def apply(self, seat: Any, action: Any) -> list[Event]:
        """Take ``action`` for ``seat`` and return what happened; an illegal action raises and changes nothing."""
        # The commonest move of all, the short way: one of the plays made here, by the seat awaited, onto a line with
        # two open ends, in a game whose plays only place and log a tile and pass the turn (_quick: _plain_plays, and
        # legal_actions lists the plays itself). The play is legal when the end it goes on is open and the tile is in
        # the hand; what it places and logs was worked out beforehand (_Made). A pass has a short way of its own;
        # anything else, illegal moves included, takes Game.apply's way. (``seat is self.turn``: only a true int is
        # the same object as the turn's small int; anything else that equals it takes the general way, which checks
        # it.)
        made = _MADE.get(id(action))
        if not self._quick or (made is None and action is not _PASS):  # Game.apply's way, as _apply_generally
            events = Game.apply(self, seat, action)
            if self._one_turn:
                self.to_act = () if self._over else (self.turn,)
            return events
        if made is None:
            return self._pass_offered(seat)
        line = self.line
        ends = line.ends
        side = made.side
        # (A play onto N or S, side -1, never matches ends[-1] of a line that is no spinner: its east end.)
        if (seat is not self.turn or self._over or line.is_spinner or len(ends) != 2 or ends[side] != made.onto
                or self.pending_pips[seat]):
            return self._apply_generally(seat, action)
        hand = self.hands[seat]
        tile = action.tile
        at = 0
        for held in hand:
            if held is tile:
                break
            at += 1
        else:
            return self._apply_generally(seat, action)
        del hand[at]
        placed, event, entry = made.by_seat[seat] or made.make(seat)
        line.arms[made.arm].append(placed)
        line.ends = (made.end, ends[1]) if side == 0 else (ends[0], made.end)
        self.passes = 0
        self.history.append(entry)
        self._legal_cache = {}
        if hand:
            self.log.append(event)
            self.turn = turn = (seat + 1) % self.seats
            self.to_act = (turn,)
            return [event]
        return self._round_ends(event, seat)

    def _pass_offered(self, seat: Any) -> list[Event]:
        """The short way for a pass, the one action offered (a game with _plain_plays): the pass is legal when it is
        the seat's listed action now (the legal list is a pass alone or has none); otherwise Game.apply's way."""
        legal = self._legal_cache.get(seat) if seat is self.turn and not self._over else None
        if legal is None or legal[0] is not _PASS:
            return self._apply_generally(seat, _PASS)
        # _pass, inline for such a game (its ends match equal values; the turn goes round the table)
        pips = 0
        for _, value in self.line.ends:
            pips |= 1 << value
        self.void_pips[seat] |= pips
        self.passes = passes = self.passes + 1
        event = _PASS_EVENTS[seat]
        self.history.append(_PASS_ENTRIES[seat])
        self._legal_cache = {}
        if passes < self.seats:
            self.log.append(event)
            self.turn = turn = (seat + 1) % self.seats
            self.to_act = (turn,)
            return [event]
        return self._round_ends(event, None)

    def _round_ends(self, event: Event, out: int | None) -> list[Event]:
        """The short ways' last action of a round: ``event`` is logged, and the round ends with ``out`` gone out (or
        blocked: None); what is returned runs on to the next round's deal and opening, as Game.apply's way does."""
        start = len(self.log)
        self.log.append(event)
        if out is None:
            self._end_round_blocked()
        else:
            self._end_round_out(out)
        self._note_awaited()
        return self.log[start:]

    def _apply_generally(self, seat: Any, action: Any) -> list[Event]:
        """Game.apply's way (every check, then the game's ``_apply``), keeping :attr:`to_act`."""
        events = Game.apply(self, seat, action)
        self._note_awaited()
        return events

    def _legal(self, seat: int) -> list[Action]:
        plays = self.plays(seat)
        if plays:
            if self.DRAWS and self.drawable() and self.may_draw_voluntarily(seat):
                plays.append(_DRAW)
            return plays
        if self.drawable():
            return [_DRAW]
        return [_PASS]

    def _apply(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            if self.pending_pips[seat]:  # the tile its draw ended on is played: the rest of the hand matched nothing
                self.void_pips[seat], self.pending_pips[seat] = self.pending_pips[seat], 0
            self._play(seat, action)
        elif isinstance(action, Draw):
            self._draw_noted(seat)
        else:
            self._pass(seat)

    def _play(self, seat: int, action: Play) -> None:
        assert action.face is not None
        hand = self.hands[seat]
        tile = action.tile
        for at, held in enumerate(hand):  # _remove, inline: a play is the commonest action
            if held is tile:
                del hand[at]
                break
        else:
            hand.remove(tile)
        made = _MADE.get(id(action))  # an offered play (apply checked it): its Placed and event, made once a seat
        if made is not None and seat < _SEATS_INTERNED:
            placed, event, _ = made.by_seat[seat] or made.make(seat)
            self.line.add(placed, action.end)
            self.log.append(event)
        else:
            placed = self.line.place(action.tile, action.end, action.face, seat)
            self.log.append(_play_event(seat, action))
        self.passes = 0
        if self._hooks_after_play:
            self.after_play(seat, placed, action.end)
            if self._over:
                return
        if not hand:
            self._end_round_out(seat)
        elif self._hooks_extra_turn and self.extra_turn(seat, tile):
            self.turn = seat
        else:
            self.turn = (seat + 1) % self.seats if self._turns_round else self._next(seat)

    def _draw(self, seat: int) -> None:
        """Draw one tile at a time until one can be played or no more may be drawn (RULES 2.5)."""
        voluntary = bool(self.plays(seat))
        drawn = 0
        while self.drawable():
            self.hands[seat].append(self.boneyard.pop(0))
            drawn += 1
            if voluntary or self.plays(seat):
                break
        self.hands[seat][:] = sort_hand(self.hands[seat])
        self.emit(EventKind.DRAW, seat, count=drawn)

    def _draw_noted(self, seat: int) -> None:
        """:meth:`_draw`, noting what it shows. Unseen tiles come in, so what was known of the hand is void; but a
        draw made because the hand could not play shows it held nothing playable, and so were the tiles drawn
        before the last one, which is played next."""
        voluntary = bool(self.plays(seat)) or not self._matches_equal_ends
        faced = 0 if voluntary else self.open_pips()
        self._draw(seat)
        # Drawing stops at a playable tile or when nothing more may be drawn: only then must the hand be looked at.
        able = not voluntary and (self.drawable() > 0 or bool(self.plays(seat)))
        self.showed_out[seat] = NOTHING
        self.void_pips[seat] = 0 if able else faced
        self.pending_pips[seat] = faced if able else 0

    def _pass(self, seat: int) -> None:
        if self._matches_equal_ends:
            self.void_pips[seat] |= self.open_pips()
        else:
            self.showed_out[seat] = self.showed_out[seat] | self.playable_tiles()
        self.passes += 1
        self.log.append(_PASS_EVENTS[seat] if seat < _SEATS_INTERNED else Event(EventKind.PASS, seat))
        if self.passes >= self.seats:
            self._end_round_blocked()
        else:
            self.turn = (seat + 1) % self.seats if self._turns_round else self._next(seat)

    def playable_tiles(self) -> frozenset[Tile]:
        """The tiles that could be played on the line now: a seat that cannot play shows it holds none of them.
        (Ordinary matching answers for the largest set; tiles outside this game's set are never unseen.)"""
        if self._matches_equal_ends:
            return tiles_bearing(self.open_pips(), self.tile_set())
        ends = self.line.open_ends()
        return frozenset(t for t in self.tile_set() if any(self.connects(end, t) for end in ends))

    def open_pips(self) -> int:
        """The pips showing on the open ends, as bits (``1 << pip``)."""
        pips = 0
        for _, value in self.line.ends:
            pips |= 1 << value
        return pips

    # ----- round end ----------------------------------------------------------------------------------------
    def pips(self) -> list[int]:
        """Each seat's pip total now (doubles in full, RULES 1.1)."""
        totals = []
        for hand in self.hands:  # pip_total, inline: asked at every round's end
            total = 0
            for tile in hand:
                total += tile.high + tile.low
            totals.append(total)
        return totals

    def _end_round_out(self, seat: int) -> None:
        pips = self.pips()
        self.log_mark = len(self.log)
        points = self.score_out(seat, pips)
        self._round_over(Termination.DOMINO, seat, pips, points)
        self._record_round(Termination.DOMINO, pips, points)
        self._after_round()

    def _end_round_blocked(self) -> None:
        pips = self.pips()
        self.log_mark = len(self.log)
        points = self.score_blocked(pips)
        self._round_over(Termination.BLOCKED, None, pips, points)
        self._record_round(Termination.BLOCKED, pips, points)
        self._after_round()

    def _round_over(self, why: Termination, seat: int | None, pips: list[int], points: Mapping[int, int]) -> None:
        """The ``round_over`` event and :attr:`round_outcome`: each side's points and the sides that scored (the
        side going out wins a round that scores nothing, as in Bergen's and Muggins' in-play games)."""
        per_side = [0] * len(self.sides)
        for scorer, gained in points.items():
            per_side[self.side_of(scorer)] += gained
        winners = [side for side, gained in enumerate(per_side) if gained > 0]
        if seat is not None and not winners:
            winners = [self.side_of(seat)]
        self.end_round(why, per_side, winners, seat=seat, totals=tuple(pips))

    def score_out(self, seat: int, pips: list[int]) -> dict[int, int]:
        """Points per seat when ``seat`` goes out: the formula with W = 0 (RULES 2.10); with partners (BLK-4) the pips
        left in all four hands."""
        if self.options.get("partners"):  # self.partnership
            return {seat: sum(pips)}
        return {seat: self._formula_points(0, pips[:seat] + pips[seat + 1:])}

    def score_blocked(self, pips: list[int]) -> dict[int, int]:
        """Points per seat in a blocked round: the unique lowest hand scores; a tie scores nobody (RULES 2.9)."""
        if self.partnership:
            return self.score_blocked_partners(pips)
        if self.formula() == "cascade":
            return dict(enumerate(cascade(pips)))
        winner = lowest_unique(pips)
        if winner is not None:
            winners = [winner]
        elif self.options.get("block_tie") == "all_tied_score":
            winners = [s for s, p in enumerate(pips) if p == min(pips)]
        else:
            return {}
        return {w: self._formula_points(pips[w], [p for s, p in enumerate(pips) if s != w]) for w in winners}

    def score_blocked_partners(self, pips: list[int]) -> dict[int, int]:
        """BLK-4: the side whose two hands hold fewer pips scores the pips of all four hands (equal totals score
        nobody); the points are credited to that side's lighter hand (they are pooled anyway)."""
        totals = [sum(pips[s] for s in side) for side in self.sides]
        if totals[0] == totals[1]:
            return {}
        side = self.sides[totals.index(min(totals))]
        return {min(side, key=lambda s: (pips[s], s)): sum(pips)}

    def _formula_points(self, own: int, others: list[int]) -> int:
        formula = self.formula()
        if formula == "cascade":
            return cascade([own, *others])[0]  # the winner's own cascade share: every higher hand less own pips
        return round_points(formula, own, others)

    def _record_round(self, reason: Termination, pips: list[int], points: Mapping[int, int]) -> None:
        for seat, gained in sorted(points.items()):
            self.award(self.side_of(seat), gained, ScoreReason.ROUND, seat)
        if not any(points.values()):
            self.emit(EventKind.SCORE, reason=ScoreReason.NOBODY)
        self.last_round = {"round": self.round_no, "reason": reason.value, "pips": pips,
                           "points": [points.get(s, 0) for s in range(self.seats)]}

    def _after_round(self) -> None:
        self.close_hand_points()
        winner = self.target_winner(self.target())
        if winner is not None:
            self.finish([winner])
            return
        self._start_round()

    def award_in_play(self, seat: int, points: int, reason: ScoreReason, **fields: Any) -> None:
        """Score during play and, where the game says so, end the match at once (RULES 1.5)."""
        self.award(self.side_of(seat), points, reason, seat, **fields)
        if self.CHECK_TARGET_IN_PLAY:
            winner = self.target_winner(self.target())
            if winner is not None:
                self.finish([winner], amount=self.target())

    # ----- actions, prompts, views and zones ------------------------------------------------------------------
    def phrase(self, action: Action) -> Phrase:
        if isinstance(action, Play):
            return Phrase("{tile} on the {end}", tile=action.tile, end=arm_words(action.end))
        if isinstance(action, Draw):
            return in_context("move", "Draw")
        return in_context("move", "Pass")

    def prompt(self) -> Prompt:
        if self._over:
            return super().prompt()
        legal = self._legal(self.turn)
        if isinstance(legal[0], Pass):
            return Prompt(PromptKind.MUST_PASS, self.turn)
        if isinstance(legal[0], Draw) and len(legal) == 1:
            return Prompt(PromptKind.MUST_DRAW, self.turn)
        return Prompt(PromptKind.TO_PLAY, self.turn)

    def play_points(self, seat: int, score: Callable[[LineOfPlay], int]) -> list[PlayScore]:
        """The seat's legal plays that score at once, with what each scores (``score``: the points a line earns
        for the player who just played on it), for the hints on the seat's own hand."""
        out: list[PlayScore] = []
        for action in self.plays(seat):
            if isinstance(action, Play) and action.face is not None and action.end:
                points = score(self.line.trial(action.tile, action.end, action.face))
                if points:
                    out.append({"tile": str(action.tile), "end": action.end, "points": points})
        return out

    def _view(self, seat: int | None, common: CommonView) -> LineView:
        facts: LineFacts = {
            "family": "line",
            "line": self.line.to_view(),
            "boneyard": len(self.boneyard),
            "drawable": self.drawable(),
            "target": self.target(),
            "doubles_inline": self.DOUBLES_INLINE,
            "last_round": self.last_round,
        }
        return {**common, **facts, "log": self.log_view(self.log_mark)}

    def hand_lists(self) -> list[list[Tile]]:
        return self.hands

    def shown_out(self, seat: int) -> frozenset[Tile]:
        pips = self.void_pips[seat]
        return self.showed_out[seat] | tiles_bearing(pips, self.tile_set()) if pips else self.showed_out[seat]

    def _hidden_places(self, seat: int) -> dict[str, list[Tile]]:
        places = {f"hand{s}": hand for s, hand in enumerate(self.hands) if s != seat}
        places["boneyard"] = self.boneyard
        places["dead"] = self.dead
        return places

    def zones(self) -> dict[str, list[Tile]]:
        zones = {f"hand{s}": list(h) for s, h in enumerate(self.hands)}
        zones["line"] = self.line.tiles()
        zones["boneyard"] = list(self.boneyard)
        zones["dead"] = list(self.dead)
        return zones

    def full_set(self) -> list[Tile]:
        return self.tile_set()


_DRAW, _PASS = Draw(), Pass()  # offered as the same objects every time, so apply finds them by identity
_LARGEST_SET = double_set(PIP_VALUES - 1)
_HIGHER_DOUBLES = [frozenset(t for t in _LARGEST_SET if t.is_double and t.high > top) for top in range(PIP_VALUES)]



def tiles_bearing(pips: int, tiles: Iterable[Tile]) -> frozenset[Tile]:
    """The ``tiles`` bearing any of ``pips`` (as bits, ``1 << pip``).

    >>> sorted(str(t) for t in tiles_bearing(1 << 5 | 1 << 3, double_set(3)))
    ['3-0', '3-1', '3-2', '3-3']
    """
    return frozenset(t for t in tiles if (1 << t.high | 1 << t.low) & pips)



def _plays_onto(arm: str, value: int) -> list[Play | None]:
    """Every tile's play onto an open end on ``arm`` showing ``value``, by the tile's rank; None for a tile without
    that value."""
    table: list[Play | None] = [None] * (PIP_VALUES * PIP_VALUES)
    for other in range(PIP_VALUES):
        tile = Tile.of(value, other)
        play = table[tile.rank] = Play(tile, arm, value)
        _MADE[id(play)] = _Made(play)
    return table


def _pair_table(ends: tuple[tuple[str, int], ...]) -> list[tuple[Play, ...]]:
    """Every tile's plays onto the two open ``ends`` (``(arm, value)`` each), by the tile's rank: in arm order, and
    empty for a tile that shows neither value. Made on first need and kept (at most one per pair of ends)."""
    first, second = _PLAYS_ONTO[ends[0]], _PLAYS_ONTO[ends[1]]
    table: list[tuple[Play, ...]] = [()] * (PIP_VALUES * PIP_VALUES)
    for rank, (one, two) in enumerate(zip(first, second, strict=True)):
        if one is not None or two is not None:
            table[rank] = tuple(play for play in (one, two) if play is not None)
    _PAIR_TABLES[ends] = table
    return table


def _line_table(west: int, east: int) -> list[tuple[Play, ...]]:
    """:func:`_pair_table` for the commonest pair of ends, west and east, kept in a list by their values."""
    table = _LINE_TABLES[west * PIP_VALUES + east] = _pair_table((("W", west), ("E", east)))
    return table


_LINE_TABLES: list[list[tuple[Play, ...]] | None] = [None] * (PIP_VALUES * PIP_VALUES)
#: The plays onto each pair of open ends seen so far (a few hundred pairs at most: arms and values are few).
_PAIR_TABLES: dict[tuple[tuple[str, int], ...], list[tuple[Play, ...]]] = {}
_SEATS_INTERNED = 12


class _Made:
    """What playing one of the plays made here does, worked out once: the open end it needs (``onto``: its arm and
    value) and which of a plain line's two ends that is (``side``: 0 west, 1 east, -1 another arm), the end it leaves
    (``end``: the arm and the tile's outer value) and, per seat, the ``Placed`` it puts on the line, the event it logs
    and its history entry (values, made at that seat's first such play)."""

    __slots__ = ("arm", "by_seat", "end", "onto", "play", "side")

    def __init__(self, play: Play) -> None:
        assert play.face is not None
        self.play = play
        self.arm = play.end
        self.onto = (play.end, play.face)
        self.side = {"W": 0, "E": 1}.get(play.end, -1)
        self.end = (play.end, play.tile.other(play.face))
        self.by_seat: list[tuple[Placed, Event, tuple[int, Action]] | None] = [None] * _SEATS_INTERNED

    def make(self, seat: int) -> tuple[Placed, Event, tuple[int, Action]]:
        """The Placed, the event and the history entry of ``seat`` making this play (seat < _SEATS_INTERNED)."""
        play = self.play
        assert play.face is not None
        made = self.by_seat[seat] = (Placed(play.tile, play.face, self.end[1], seat), _play_event(seat, play),
                                     (seat, play))
        return made


#: The plays made here, by id (they live as long as the program, so an id stays theirs).
_MADE: dict[int, _Made] = {}


# Each possible play is made once, here: offered actions are then the same objects turn after turn, so apply finds
# the one chosen by identity, and listing a turn's plays is a look-up per tile and end.
_PLAYS_ONTO = {(arm, value): _plays_onto(arm, value) for arm in ARMS for value in range(PIP_VALUES)}

# Play events are made once per seat, tile, arm and face (a play event is logged every turn).
_ARMS_BY_CODE = ("W", "E", "N", "S")
_ARM_CODES = {arm: code for code, arm in enumerate(_ARMS_BY_CODE)}
_EVENTS: list[Event | None] = [None] * (PIP_VALUES * PIP_VALUES * 4 * 2 * _SEATS_INTERNED)
_PASS_EVENTS = [Event(EventKind.PASS, seat) for seat in range(_SEATS_INTERNED)]
_PASS_ENTRIES: list[tuple[int, Action]] = [(seat, _PASS) for seat in range(_SEATS_INTERNED)]  # history entries


def _slot(tile: Tile, code: int, face: int) -> int:
    """The table slot of ``tile`` on the arm with ``code`` (0-3 for W, E, N, S), ``face`` (one of its ends) inward."""
    return ((tile.high * PIP_VALUES + tile.low) * 4 + code) * 2 + (face != tile.high)


def play_action(tile: Tile, arm: str, face: int) -> Play:
    """The action of playing ``tile`` on ``arm`` with ``face`` touching (the one object made for it)."""
    table = _PLAYS_ONTO.get((arm, face))
    play = table[tile.rank] if table is not None and 0 <= tile.low <= tile.high < PIP_VALUES else None
    if play is None or play.tile != tile:
        return Play(tile, arm, face)  # not a play any line game offers; made as asked, and refused as illegal
    return play


def _play_event(seat: int, action: Play) -> Event:
    """The event of ``seat`` playing ``action``, made once per seat and play (a play event is logged every turn)."""
    tile, face = action.tile, action.face
    code = _ARM_CODES.get(action.end, -1)
    known = code >= 0 and face is not None and tile.has(face) and tile.high < PIP_VALUES and seat < _SEATS_INTERNED
    if not known or face is None:
        return Event(EventKind.PLAY, seat, tile=tile, end=action.end)
    slot = _slot(tile, code, face) * _SEATS_INTERNED + seat
    event = _EVENTS[slot]
    if event is None:
        event = _EVENTS[slot] = Event(EventKind.PLAY, seat, tile=tile, end=action.end)
    return event


def _opening_event(seat: int, tile: Tile) -> Event:
    """The event of ``seat`` opening with ``tile``, made once per seat and tile (one is logged at every deal)."""
    event = _OPENING_EVENTS.get((seat, tile.rank))
    if event is None or event.tile is not tile:
        event = _OPENING_EVENTS[(seat, tile.rank)] = Event(EventKind.PLAY, seat, tile=tile)
    return event


def _deal_event(count: int, round_no: int) -> Event:
    """The event of dealing ``count`` tiles each for round ``round_no``, made once per count and round."""
    event = _DEAL_EVENTS.get((count, round_no))
    if event is None:
        event = _DEAL_EVENTS[(count, round_no)] = Event(EventKind.DEAL, count=count, round=round_no)
    return event


# Events are values, so the ones logged at every deal are shared (a few hundred at most: seats, tiles, rounds).
_OPENING_EVENTS: dict[tuple[int, int], Event] = {}
_DEAL_EVENTS: dict[tuple[int, int], Event] = {}


def _remove(hand: list[Tile], tile: Tile) -> None:
    """Take ``tile`` out of ``hand`` (by identity first: tiles are interned)."""
    for at, held in enumerate(hand):
        if held is tile:
            del hand[at]
            return
    hand.remove(tile)


def _minus(tiles: list[Tile], used: list[Tile]) -> list[Tile]:
    left = list(tiles)
    for tile in used:
        left.remove(tile)
    return left
