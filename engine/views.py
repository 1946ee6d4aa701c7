"""What ``game.view(seat)`` returns: one declared type per family of games, shared by the engine, render and the bot.

A view is a plain dict (JSON-safe, indexed by key), declared here as a :class:`~typing.TypedDict` so that mypy checks
every key the engine writes and every key render reads. The four families are told apart by ``view["family"]``:

- :class:`LineView` (``"line"``): Draw, Block, Bergen, Muggins, Matador, Tiddle-a-Wink, Sebastopol;
- :class:`TrickView` (``"trick"``): Texas 42, Seventy-Nine, Euchre, Black Tile;
- :class:`PokerView` (``"poker"``): Domino Poker;
- :class:`BingoView` (``"bingo"``): Bingo.

Every family's view holds the :class:`CommonView` keys and the family's own facts (:class:`LineFacts`, ...); a
``_view`` builds the facts, checked by mypy, and joins them to the common keys. A key only some games of a family
write is ``NotRequired`` and its comment names the games. Pairs the engine writes as two-element lists
(``[seat, "6-4"]``, ``["W", 6]``) are declared as such, and :func:`seat_and_tile`, :func:`seat_and_bid`,
:func:`arm_and_value` and :func:`placed` read them as typed tuples (a malformed entry raises).

This module deliberately has no ``from __future__ import annotations``: the runtime checks in the tests read
``__required_keys__`` and ``__optional_keys__``, which Python 3.11 only gets right from real annotations.
"""

from typing import Literal, NotRequired, Required, TypedDict, final

Family = Literal["line", "trick", "poker", "bingo"]
FAMILIES: tuple[Family, ...] = ("line", "trick", "poker", "bingo")

# Two-element lists, as the engine writes them (JSON arrays); read them with the functions at the end.
SeatTile = list[int | str]  # [seat, "6-4"]: a tile a seat played to a trick
SeatBid = list[int | str]  # [seat, "30"] or [seat, "pass"]: a bid in the auction
ArmValue = list[str | int]  # ["W", 6]: an open end of the line and the pips it shows
Placement = list[int]  # [inner, outer, seat]: a tile on an arm of the line, from the centre outwards


class OutcomeJson(TypedDict):
    """``Outcome.to_json()``: how a round or a match ended (see :class:`engine.events.Outcome`)."""

    termination: str  # a Termination: "out", "blocked", "bid_made", "target_reached", ...
    winners: list[int]
    sides: list[int]
    points: list[int]
    round: int
    record: NotRequired[int]  # a match's personal-best figure for its winners (Bingo: steps to clear the row)


class EventJson(TypedDict, total=False):
    """``Event.to_json()``: an event's kind and the fields it sets (see :class:`engine.events.Event`); no words."""

    kind: Required[str]  # an EventKind: "play", "draw", "score", "round_over", ...
    seat: int
    side: int
    points: int
    tile: str
    tiles: list[str]
    end: str
    count: int
    amount: int
    suit: str
    seats: list[int]
    totals: list[int]
    reason: str  # a ScoreReason
    action: str
    made: bool
    alone: bool
    declined: bool
    round: int
    outcome: OutcomeJson


class PromptJson(TypedDict, total=False):
    """``Prompt.to_json()``: what the table awaits, as data (see :class:`engine.events.Prompt`); no words."""

    kind: Required[str]  # a PromptKind: "to_play", "bid", "bet", "game_over", ...
    seat: int
    seats: list[int]
    count: int
    amount: int
    low: int
    high: int
    suit: str
    tile: str
    direction: str
    flag: bool
    cross: bool


class CommonView(TypedDict):
    """The keys every family's view holds (written by ``Game.view``)."""

    game: str  # the registry key ("draw", "texas42", ...)
    title: str
    seats: int
    seat: int | None  # whose view this is; None for a spectator
    sides: list[list[int]]  # the scoring sides (teams), as lists of seats
    scores: list[int]  # one total per side
    to_act: list[int]
    over: bool
    winners: list[int]
    round: int
    hand: list[str] | None  # the viewing seat's own tiles ("6-4"); None for a spectator
    hand_counts: list[int]
    # The recent events and what the table awaits, as data: render/words.py says them.
    log: list[EventJson]
    prompt: PromptJson
    playable: NotRequired[list[str]]  # the tiles the seat may play now (Game.hand_view)
    # Each side's points scored in the last finished round or hand: in play and at its end, sets, marches, the moon,
    # chips won or lost (the change in ``scores``); absent until a round ends.
    last_points: NotRequired[list[int]]


# ----- line games ----------------------------------------------------------------------------------------------------
class LineOfPlayView(TypedDict):
    """``LineOfPlay.to_view()``: the centre tile and what lies on each arm."""

    center: str | None
    center_seat: int | None
    spinner: bool
    arms: dict[str, list[Placement]]  # "W", "E", "N", "S"
    open_ends: list[ArmValue]


class LastRound(TypedDict):
    """How the last round of a line game ended: each seat's pips left and points scored."""

    round: int
    reason: str  # "out" or "blocked"
    pips: list[int]
    points: list[int]


class MugginsClaim(TypedDict):
    """A Muggins score the seat may still claim (MUG-7)."""

    seat: int
    points: int


class PlayScore(TypedDict):
    """What one legal play of the viewing seat would score at once (Muggins' count, Bergen's header)."""

    tile: str
    end: str
    points: int


class LineFacts(TypedDict):
    """The line family's own keys (a view holds them and the :class:`CommonView` keys)."""

    family: Literal["line"]
    line: LineOfPlayView
    boneyard: int
    drawable: int
    target: int
    doubles_inline: bool
    last_round: LastRound | None
    set: NotRequired[int]  # Bergen: 6 or 12, the double set in use
    extra_turn: NotRequired[bool]  # Tiddle-a-Wink: the seat to act played a double and goes again
    count: NotRequired[int]  # Muggins: the total of the open ends
    claim: NotRequired[MugginsClaim | None]  # Muggins
    manual_muggins: NotRequired[bool]  # Muggins
    sum: NotRequired[int]  # Matador: what a tile and an open end must add up to
    matadors: NotRequired[list[list[int]]]  # Matador: the matadors as [high, low]
    mode: NotRequired[str]  # Matador: the matador_mode option
    cross_phase: NotRequired[bool]  # Sebastopol: the four arms of the 6-6 are still being opened
    play_points: NotRequired[list[PlayScore]]  # Muggins, Bergen: the seat's own scoring plays, in its own view


class LineView(CommonView, LineFacts):
    """A line game's view."""


# ----- trick games ---------------------------------------------------------------------------------------------------
class Contract(TypedDict):
    """The bid that won the auction (42 family) or the trump accepted (Euchre; ``bid`` is ``accept`` or ``alone``):
    render says it in words."""

    seat: int
    bid: str
    trumps: str | None
    doubles: NotRequired[str]  # 42 family: how doubles play ("in_numbers" or "own_suit")


class TrickInPlay(TypedDict):
    """``Trick.to_view()``: the trick on the table."""

    leader: int
    led_suit: str | None
    plays: list[SeatTile]
    winning: NotRequired[int]  # the seat whose tile wins the trick so far, once a tile is down


class LastTrick(TypedDict):
    """The trick just taken and who took it."""

    winner: int
    plays: list[SeatTile]


@final  # final, so that ``"taken" in last_hand`` tells mypy which hand it is
class FortyTwoHand(TypedDict):
    """Texas 42 and Seventy-Nine: how the last hand's contract went."""

    bidder: int | None
    bid: int
    trumps: str | None
    made: bool
    points_taken: list[int]
    dead_count: int


@final  # final, so that ``"taken" in last_hand`` tells mypy which hand it is
class EuchreHand(TypedDict):
    """Euchre: how the last hand went for the makers."""

    round: int
    makers: int
    alone: bool
    tricks: int
    result: str  # "march", "point" or "euchred"


@final  # final, so that ``"taken" in last_hand`` tells mypy which hand it is
class BlackTileHand(TypedDict):
    """Black Tile: the counters each seat took last hand and the penalties they scored."""

    round: int
    taken: list[int]
    penalties: list[int]
    moon: int | None  # the seat that shot the moon


class TrickFacts(TypedDict):
    """The trick family's own keys (a view holds them and the :class:`CommonView` keys)."""

    family: Literal["trick"]
    target: int
    phase: str  # "bid", "trump", "nel_o", "accept", "discard", "pass", "play"
    dealer: int | None  # None in Black Tile, which has no dealer
    bids: list[SeatBid]
    contract: Contract | None
    trick: TrickInPlay | None
    last_trick: LastTrick | None
    tricks_won: list[int]
    points_taken: list[int]
    sitting_out: list[int]
    turnup: str | None  # Euchre's turned-up tile; None elsewhere
    last_hand: NotRequired[FortyTwoHand | EuchreHand | BlackTileHand | None]  # 42 family, Euchre, Black Tile
    played: NotRequired[list[str]]  # 42 family, Euchre, Black Tile: the tiles taken in tricks this hand
    high_bid: NotRequired[list[int] | None]  # 42 family: [seat, amount]
    hand_points: NotRequired[int]  # 42 family: the points in the hand (42 or 79)
    marks: NotRequired[bool]  # 42 family: scored in marks
    turnup_taken: NotRequired[bool]  # Euchre
    turnup_stays: NotRequired[bool]  # Euchre
    turnups_rejected: NotRequired[list[str]]  # Euchre
    trump: NotRequired[int | None]  # Euchre: the trump number on offer or chosen
    makers: NotRequired[int | None]  # Euchre: the makers' side
    alone: NotRequired[bool]  # Euchre
    discarded: NotRequired[list[str]]  # Euchre: the dealer's discard, in the dealer's own view only
    first_leader: NotRequired[int | None]  # Black Tile
    pass_direction: NotRequired[str]  # Black Tile
    passes_locked: NotRequired[list[int]]  # Black Tile: seats whose pass is chosen
    my_pass: NotRequired[list[str]]  # Black Tile: the tiles this seat chose to pass
    received: NotRequired[list[str]]  # Black Tile: the tiles this seat received
    may_pass_lead: NotRequired[bool]  # Black Tile
    dead_count: NotRequired[int]  # Black Tile: tiles out of play
    # 42 family: the count tiles in the seat's own hand; Black Tile: the penalty counters in it (a spectator: none)
    tile_points: NotRequired[dict[str, int]]
    lowest_wins: NotRequired[bool]  # Black Tile: the lowest total wins the match


class TrickView(CommonView, TrickFacts):
    """A trick game's view."""


# ----- poker ---------------------------------------------------------------------------------------------------------
@final  # final, so that ``"taken" in last_hand`` tells mypy which hand it is
class PokerHand(TypedDict):
    """The last poker hand: who took the pot, and the winning hand's category at a showdown (``hand``:
    ``engine.poker_hands.Category.key``, None when everyone else folded)."""

    winner: int
    pot: int
    showdown: bool
    hand: str | None


class PokerFacts(TypedDict):
    """The poker family's own keys (a view holds them and the :class:`CommonView` keys)."""

    family: Literal["poker"]
    phase: str  # "bet", "draw", "hand_over"
    dealer: int
    stacks: list[int]  # chips behind, per seat
    pot: int
    bets: list[int]
    folded: list[int]
    out: list[int]
    showdown: dict[str, list[str]]  # seat (as a string) -> the tiles it showed
    showdown_hands: dict[str, str]  # seat (as a string) -> its hand's category (Category.key); render says it
    to_call: int
    raises: int
    betting_round: int
    draw: bool
    marked: list[str]
    stock: int
    hand_rank: str | None  # the seat's own hand's category (Category.key), once it holds five tiles
    last_hand: PokerHand | None
    stopping: int | None  # the seat that asked to stop the session after this deal (POK-2), if one did


class PokerView(CommonView, PokerFacts):
    """Domino Poker's view."""


# ----- bingo ---------------------------------------------------------------------------------------------------------
class BingoResult(TypedDict):
    """Bingo's personal-best figures at the end."""

    cleared: bool
    removed: int
    steps: int
    steps_to_clear: int | None


class BingoFacts(TypedDict):
    """The bingo family's own keys (a view holds them and the :class:`CommonView` keys)."""

    family: Literal["bingo"]
    row: list[str]
    position: int
    count: int
    removed: int
    removed_tiles: list[str]
    tiles: int
    steps: int
    passes_without_removal: int
    touches_without_removal: int
    matches: bool
    auto_remove: bool
    pip_total: bool
    result: BingoResult | None


class BingoView(CommonView, BingoFacts):
    """Bingo's view."""


GameView = LineView | TrickView | PokerView | BingoView


# ----- reading the pairs ---------------------------------------------------------------------------------------------
def seat_and_tile(entry: SeatTile) -> tuple[int, str]:
    """A ``[seat, "6-4"]`` entry as a typed pair."""
    seat, tile = entry
    if not isinstance(seat, int) or not isinstance(tile, str):
        raise TypeError(f"not a [seat, tile] pair: {entry!r}")
    return seat, tile


def seat_and_bid(entry: SeatBid) -> tuple[int, str]:
    """A ``[seat, "30"]`` (or ``[seat, "pass"]``) entry as a typed pair."""
    return seat_and_tile(entry)


def arm_and_value(entry: ArmValue) -> tuple[str, int]:
    """An ``["W", 6]`` open end as a typed pair."""
    arm, value = entry
    if not isinstance(arm, str) or not isinstance(value, int):
        raise TypeError(f"not an [arm, value] pair: {entry!r}")
    return arm, value


def placed(entry: Placement) -> tuple[int, int, int]:
    """An ``[inner, outer, seat]`` placement as a typed triple."""
    inner, outer, seat = entry
    return inner, outer, seat


# ----- one family's view ---------------------------------------------------------------------------------------------
def _wrong(view: GameView, wanted: str) -> TypeError:
    return TypeError(f"a {view['family']} view where a {wanted} view is needed ({view['game']})")


def line_view(view: GameView) -> LineView:
    """``view`` as a line game's view (a TypeError for another family's)."""
    if view["family"] != "line":
        raise _wrong(view, "line")
    return view


def trick_view(view: GameView) -> TrickView:
    """``view`` as a trick game's view (a TypeError for another family's)."""
    if view["family"] != "trick":
        raise _wrong(view, "trick")
    return view


def poker_view(view: GameView) -> PokerView:
    """``view`` as Domino Poker's view (a TypeError for another family's)."""
    if view["family"] != "poker":
        raise _wrong(view, "poker")
    return view


def bingo_view(view: GameView) -> BingoView:
    """``view`` as Bingo's view (a TypeError for another family's)."""
    if view["family"] != "bingo":
        raise _wrong(view, "bingo")
    return view


def seat_and_hand(view: GameView) -> tuple[int, list[str]]:
    """The seat whose view this is and its tiles (a TypeError for a spectator's view)."""
    seat, hand = view["seat"], view["hand"]
    if seat is None or hand is None:
        raise TypeError(f"a seat's own view is needed, not a spectator's ({view['game']})")
    return seat, hand
