"""The recap of a hand (or round) as it ends, and the final standings card of a match.

Drawn from the engine's structured events only: the event that ends a hand carries its :class:`Outcome`, the
``score`` events say who scored what and why (during play or at the end), and the settling events (a contract made
or set, a moon shot, the hands shown, the pot) say how. :func:`hand_recap` reads them out of a game's event log;
:func:`recap_image` and :func:`standings_image` draw them, phone first: 640 pixels wide, so that at the 400 pixels
a phone shows, the smallest text is still 11 pixels and the numbers 16 or more. The words under the picture are the
narrator's (:meth:`render.words.Narrator.recap`).

>>> from engine.events import Event, EventKind, Outcome, ScoreReason, Termination
>>> log = [Event(EventKind.DEAL, 0, round=1), Event(EventKind.TRICK, 1, side=1),
...        Event(EventKind.HAND_OVER, round=1, outcome=Outcome(Termination.TRICKS, (1,), (1,), (0, 4))),
...        Event(EventKind.SCORE, 1, 1, 4, reason=ScoreReason.TRICKS), Event(EventKind.DEAL, 1, round=2)]
>>> recap = hand_recap("texas42", [[0], [1]], log, 2)
>>> [(s.side, s.hand, s.total, s.tricks) for s in recap.sides]
[(0, 0, 0, 0), (1, 4, 4, 1)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine.events import Event, EventKind, Outcome, Termination
from engine.registry import catalogue
from render.canvas import (
    FACT_GAP,
    draw_text,
    fit,
    fit_side,
    pack,
    printable,
    seat_names,
    signed,
    text_width,
    to_png,
    wrap,
)
from render.game_words import words_for
from render.language import Locale, say, speaking
from render.palette import palette
from render.theme import ACCENT, BACKGROUND, MUTED, PANEL, TEXT, team_colour

WIDTH = 640  # at most 720 (issue 11): a phone shows it about 400 wide, so sizes below are at least 11 / 0.625
PAD = 20
TITLE, LINE, NAME, NUMBER, LABEL = 30, 20, 22, 32, 18
ROW = 64
WIN_TEXT: tuple[int, int, int] = (30, 30, 30)  # on the accent colour

_Value = Callable[["SideResult"], str]  # a column's number for one side, as text

#: Kinds that begin a new hand: the end of one hand's settling events.
_NEXT_HAND = frozenset({EventKind.DEAL, EventKind.LOTS})


@dataclass(frozen=True)
class SideResult:
    """One side (a seat, or partners) in a hand's recap: its points during play and at the end, its new total."""

    side: int
    seats: tuple[int, ...]
    in_play: int
    at_end: int
    total: int
    tricks: int | None = None
    won: bool = False

    @property
    def hand(self) -> int:
        """What the side scored in the hand, in all."""
        return self.in_play + self.at_end


@dataclass(frozen=True)
class HandRecap:
    """A hand (or round) that has just ended: its outcome, each side's result, the events that settled it and,
    when it also ended the match, the match's outcome."""

    game: str
    round: int
    outcome: Outcome
    sides: tuple[SideResult, ...]
    settled: tuple[Event, ...]
    match: Outcome | None = None

    @property
    def in_play(self) -> bool:
        """True when points were scored during the play of the hand (Muggins, Bergen), not only at its end."""
        return any(s.in_play for s in self.sides)

    @property
    def both(self) -> bool:
        """True when points were scored both during play and at the end: a recap shows the two apart."""
        return self.in_play and any(s.at_end for s in self.sides)


def ends_a_hand(event: Event) -> bool:
    """True for the event that ends a hand or round: it carries the hand's outcome (``round_over`` in line games,
    ``hand_over`` or ``throw_in`` in trick games, ``pot`` in poker), whatever the game."""
    return event.outcome is not None and event.kind != EventKind.MATCH_OVER


def hand_recap(game: str, sides: Sequence[Sequence[int]], log: Sequence[Event], end: int) -> HandRecap:
    """The recap of the hand whose ending event is ``log[end]`` (see :func:`ends_a_hand`), or of the hand the
    match ended in when ``log[end]`` is a ``match_over`` reached during play (Muggins: a count reaches the target).

    The hand runs from its deal to the next one: score events before the end are points in play, those after it
    (up to the next deal) the points at the end; each side's total is the sum of every score event so far.
    """
    ending = log[end]
    assert ending.outcome is not None
    start = max((i for i in range(end) if log[i].kind in _NEXT_HAND), default=0)
    stop = next((i for i in range(end + 1, len(log)) if log[i].kind in _NEXT_HAND), len(log))
    settled = tuple(log[end:stop])
    count = len(sides)
    totals, in_play, at_end, tricks = [0] * count, [0] * count, [0] * count, [0] * count
    for index, event in enumerate(log[:stop]):
        if event.kind == EventKind.SCORE and event.side is not None and 0 <= event.side < count:
            totals[event.side] += event.points
            if index >= start:
                (in_play if index < end else at_end)[event.side] += event.points
        elif event.kind == EventKind.TRICK and index >= start and event.side is not None and 0 <= event.side < count:
            tricks[event.side] += 1
    counts_tricks = words_for(game).counts_tricks
    results = tuple(SideResult(side, tuple(sides[side]), in_play[side], at_end[side], totals[side],
                               tricks[side] if counts_tricks else None, side in ending.outcome.sides)
                    for side in range(count))
    match = next((e.outcome for e in settled if e.kind == EventKind.MATCH_OVER), None)
    number = ending.round or ending.outcome.round or sum(1 for e in log[:end] if e.kind in _NEXT_HAND)
    return HandRecap(game, number, ending.outcome, results, settled, match)


def unfinished_hand(log: Sequence[Event], match_end: int) -> bool:
    """True when the match ended (``log[match_end]``) during a hand, not at a hand's end: the hand that ended it
    still gets its recap."""
    previous = max((i for i in range(match_end) if ends_a_hand(log[i]) or log[i].kind in _NEXT_HAND), default=-1)
    return previous >= 0 and log[previous].kind in _NEXT_HAND


def last_hand_end(log: Sequence[Event]) -> int | None:
    """The index of the last event in ``log`` that ended a hand, if any."""
    return next((i for i in range(len(log) - 1, -1, -1) if ends_a_hand(log[i])), None)


# ----- drawing ---------------------------------------------------------------------------------------------------
def _canvas(height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def _side_name(names: Sequence[str], seats: Sequence[int]) -> str:
    return " & ".join(names[s] for s in seats if 0 <= s < len(names))


def _title(game: str) -> str:
    spec = catalogue().get(game)
    return say(spec.title) if spec is not None else game


def _lines(text: str, size: int, max_lines: int) -> list[str]:
    return wrap(printable(text), size, WIDTH - 2 * PAD, max_lines)


def _titles(title: str) -> list[str]:
    """The title on one line, else broken at its middle dot (a long game name and "Final standings")."""
    if text_width(title, TITLE, True) <= WIDTH - 2 * PAD:
        return [title]
    return [fit(line, TITLE, WIDTH - 2 * PAD, bold=True) for line in pack(title.split(FACT_GAP), TITLE,
                                                                         WIDTH - 2 * PAD, True)]


def _write_title(draw: ImageDraw.ImageDraw, title: str) -> int:
    """Write the title (on as many lines as :func:`_titles` gives); returns the extra height its lines took."""
    lines = _titles(title)
    for index, line in enumerate(lines):
        draw_text(draw, (PAD, PAD + (TITLE + 6) * index), line, TITLE, TEXT, bold=True)
    return (TITLE + 6) * (len(lines) - 1)


def _header(draw: ImageDraw.ImageDraw, title: str, lines: Sequence[str]) -> int:
    """The title and up to a few lines of words under it; returns the height used."""
    y = PAD + TITLE + 12 + _write_title(draw, title)
    for line in lines:
        draw_text(draw, (PAD, y), line, LINE, TEXT)
        y += LINE + 8
    return y + 6


def _headings(draw: ImageDraw.ImageDraw, y: int, columns: Sequence[tuple[str, int]], teams: bool) -> int:
    draw_text(draw, (PAD + 12, y), say("Team") if teams else say("Player"), LABEL, MUTED)
    for label, right in columns:
        draw_text(draw, (right, y), label, LABEL, MUTED, "ra")
    return y + LABEL + 10


def _row(draw: ImageDraw.ImageDraw, y: int, name: str, colour: tuple[int, int, int] | None, won: bool,
         values: Sequence[tuple[str, int]], name_room: float) -> None:
    """One side's row: a band (accent when it won), its colour mark, its name and its numbers in large type."""
    fill = ACCENT if won else PANEL
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + ROW - 8), radius=12, fill=fill)
    ink = WIN_TEXT if won else TEXT
    if colour is not None:
        draw.rounded_rectangle((PAD + 8, y + 12, PAD + 16, y + ROW - 20), radius=3, fill=colour)
    lines, size = _name_lines(name, name_room, won)
    for index, line in enumerate(lines):
        middle = y + (ROW - 8) / 2 + (index - (len(lines) - 1) / 2) * (size + 2)
        draw_text(draw, (PAD + 26, middle), line, size, ink, "lm", bold=won)
    for text, right in values:
        draw_text(draw, (right, y + (ROW - 8) / 2), text, NUMBER, ink, "rm", bold=True)


def _name_lines(name: str, room: float, bold: bool) -> tuple[list[str], int]:
    """A side's name in a row: one line in large type where it fits, else in smaller type a long name on up to two
    lines, or its partners on up to three (each shortened on its own only if one line cannot hold it), never cutting
    a partner off."""
    if text_width(name, NAME, bold) <= room:
        return [name], NAME
    if " & " not in name:  # one long name: on two lines rather than cut
        return wrap(name, LABEL, room, 2, bold), LABEL
    lines: list[str] = []
    for part in name.split(" & "):
        joined = f"{lines[-1]} & {part}" if lines else part
        if lines and text_width(joined, LABEL, bold) <= room:
            lines[-1] = joined
        else:
            lines.append(part if not lines else f"& {part}")
    if len(lines) > 3:
        return [fit_side(name, LABEL, room, bold)], LABEL
    return [fit_side(line, LABEL, room, bold) for line in lines], LABEL


def recap_image(recap: HandRecap, names: Sequence[str], words: str, marks: bool = False) -> Image.Image:
    """A hand's recap: the game and hand, the narrator's ``words`` for it, and a row per side with its points in
    this hand (in play and at the end when points were scored during play), its tricks, and its new total
    (``marks``: the game is scored in marks, and the columns say so)."""
    everyone = seat_names(names, max((s for r in recap.sides for s in r.seats), default=-1) + 1)
    lines = _lines(words, LINE, 6)
    columns = _recap_columns(recap, marks)
    hand = say(words_for(recap.game).round_word)
    title = f"{_title(recap.game)}  ·  {hand} {recap.round}"
    height = PAD + TITLE + 12 + len(lines) * (LINE + 8) + 6 + LABEL + 10 + ROW * len(recap.sides) + PAD
    image, draw = _canvas(height + (TITLE + 6) * (len(_titles(title)) - 1))
    y = _header(draw, title, lines)
    teams = any(len(r.seats) > 1 for r in recap.sides)
    y = _headings(draw, y, [(label, right) for label, right, _ in columns], teams)
    numbers = [right - max(text_width(value(r), NUMBER, True) for r in recap.sides) - 16
               for _, right, value in columns] if recap.sides else []  # where the widest number of a column starts
    room = (min([right - 90 for _, right, _ in columns] + numbers) if columns else WIDTH - 2 * PAD) - PAD - 26
    for result in recap.sides:
        values = [(value(result), right) for _, right, value in columns]
        _row(draw, y, _side_name(everyone, result.seats), team_colour(result.side) if teams else None, result.won,
             values, room)
        y += ROW
    return image


def _recap_columns(recap: HandRecap, marks: bool = False) -> list[tuple[str, int, _Value]]:
    """The number columns of a recap, right-aligned from the right edge: Total last (in marks where the game
    counts marks)."""
    words = words_for(recap.game)
    wanted: list[tuple[str, _Value]] = []
    if words.counts_tricks:
        wanted.append((say("Tricks"), lambda r: str(r.tricks or 0)))
    if recap.both:
        wanted.append((say("In play"), lambda r: signed(r.in_play)))
        wanted.append((say("At end"), lambda r: signed(r.at_end)))
    else:
        wanted.append((say("Marks") if marks else say(words.hand_column), lambda r: signed(r.hand)))
    wanted.append((say("Total"), lambda r: str(r.total)))
    step = 116
    right = WIDTH - PAD - 16
    return [(label, right - step * (len(wanted) - 1 - i), value) for i, (label, value) in enumerate(wanted)]


def standings_image(game: str, sides: Sequence[Sequence[int]], outcome: Outcome, names: Sequence[str],
                    words: str, hands_won: Sequence[int] = (), ties: Sequence[int] = ()) -> Image.Image:
    """The final standings: the winner named at the top, then every side from first to last with its total
    (lowest first where the lowest total wins; equal totals by ``ties``, lower first: :func:`tie_breaks`) and the
    hands it won (not in poker, where chips rank, nor in solitaire Bingo, which speaks of its row)."""
    everyone = seat_names(names, max((s for side in sides for s in side), default=-1) + 1)
    spec = catalogue().get(game)
    lowest = bool(spec and spec.lowest_wins)
    points = list(outcome.points) + [0] * (len(sides) - len(outcome.points))
    tie = list(ties) + [0] * (len(sides) - len(ties))
    order = sorted(range(len(sides)),
                   key=lambda s: (s not in outcome.sides, points[s] if lowest else -points[s], tie[s], s))
    winner = " & ".join(_side_name(everyone, sides[s]) for s in outcome.sides) or say("Nobody")
    hands_won = hands_won if words_for(game).counts_hands_won else ()
    lines = _lines(words, LINE, 5)
    people = sum(len(sides[s]) for s in outcome.sides) or 1  # "Nobody" is one
    heading = words_for(game).winner_heading(people, winner, bool(outcome.sides))
    headings = wrap(heading, NAME, WIDTH - 2 * PAD, 2, bold=True)  # all the winners, on two lines if need be
    height = (PAD + TITLE + 12 + (NAME + 14) * len(headings) + len(lines) * (LINE + 8) + 6 + LABEL + 10
              + ROW * len(sides) + PAD)
    standings = say("Final standings")
    title = f"{_title(game)}  ·  {standings}"
    image, draw = _canvas(height + (TITLE + 6) * (len(_titles(title)) - 1))
    y = PAD + TITLE + 12 + _write_title(draw, title)
    for line in headings:
        draw_text(draw, (PAD, y), line, NAME, ACCENT, bold=True)
        y += NAME + 14
    for line in lines:
        draw_text(draw, (PAD, y), line, LINE, TEXT)
        y += LINE + 8
    y += 6
    columns: list[tuple[str, int]] = [(say(words_for(game).standings_column), WIDTH - PAD - 16)]
    if hands_won:
        columns.insert(0, (say("Hands won"), WIDTH - PAD - 16 - 150))
    teams = any(len(side) > 1 for side in sides)
    y = _headings(draw, y, columns, teams)
    for place, side in enumerate(order, 1):
        values = [(str(points[side]), WIDTH - PAD - 16)]
        if hands_won:
            values.insert(0, (str(hands_won[side] if side < len(hands_won) else 0), WIDTH - PAD - 16 - 150))
        name = f"{place}. {_side_name(everyone, sides[side])}"
        _row(draw, y, name, team_colour(side) if teams else None, side in outcome.sides, values,
             WIDTH - 2 * PAD - 26 - (320 if hands_won else 170))
        y += ROW
    return image


def tie_breaks(game: str, log: Sequence[Event], sides: Sequence[Sequence[int]]) -> list[int]:
    """How sides with equal totals place in the standings, lower first: where players went out (poker's busted
    stacks), who went out later (and who never did) ahead; else, where the last round counted each seat's pips (a
    line game), fewer pips ahead (a match of one round ranks places two and on by them); elsewhere nothing (then by
    seat). Read from the log's events, whatever the game."""
    count = len(sides)
    seat_side = {seat: index for index, side in enumerate(sides) for seat in side}
    found = [0] * count
    outs = [(index, seat_side[e.seat]) for index, e in enumerate(log)
            if e.kind == EventKind.OUT and e.seat is not None and e.seat in seat_side]
    if outs:
        for index, side in outs:
            found[side] = -index  # out later: a lower key, a better place
        return [key if key else -len(log) - 1 for key in found]
    last = next((e for e in reversed(log) if e.kind == EventKind.ROUND_OVER and e.totals), None)
    if last is not None:
        for seat, pips in enumerate(last.totals):
            if seat in seat_side:
                found[seat_side[seat]] += pips
    return found


def hands_won(log: Sequence[Event], sides: int) -> list[int]:
    """How many hands (rounds) each side won in the match so far (thrown-in hands count for nobody)."""
    won = [0] * sides
    for event in log:
        if ends_a_hand(event) and event.outcome is not None and event.outcome.termination != Termination.THROWN_IN:
            for side in event.outcome.sides:
                if 0 <= side < sides:
                    won[side] += 1
    return won


def render_recap(recap: HandRecap, names: Sequence[str], words: str, language: Locale = None,
                 marks: bool = False) -> bytes:
    """A PNG of a hand's recap (:func:`recap_image`), its words in ``language``; ``marks``: scored in marks."""
    with speaking(language):
        return to_png(recap_image(recap, names, words, marks), palette())


def render_standings(game: str, sides: Sequence[Sequence[int]], outcome: Outcome, names: Sequence[str], words: str,
                     won: Sequence[int] = (), language: Locale = None, ties: Sequence[int] = ()) -> bytes:
    """A PNG of the final standings card (:func:`standings_image`), its words in ``language``; ``ties``: how sides
    with equal totals place (:func:`tie_breaks`)."""
    with speaking(language):
        return to_png(standings_image(game, sides, outcome, names, words, won, ties), palette())


__all__ = [
    "HandRecap",
    "SideResult",
    "ends_a_hand",
    "hand_recap",
    "hands_won",
    "last_hand_end",
    "recap_image",
    "render_recap",
    "render_standings",
    "standings_image",
    "tie_breaks",
    "unfinished_hand",
]
