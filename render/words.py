"""The words players read, made at the edge from the engine's data: events, prompts and outcomes.

The engine reports typed events and prompts with no English (``engine.events``); this module, and only this one,
turns them into sentences with the players' names. The bot's messages, the table pictures and the simulator all
use it. It imports no Pillow and no discord.

>>> from engine.events import Event, EventKind
>>> from engine.tiles import Tile
>>> narrator = Narrator("draw", ["Ann", "Bo"])
>>> narrator.event(Event(EventKind.PLAY, 1, tile=Tile.of(6, 4), end="E"))
'Bo played 6-4 on the right.'
>>> event_text({"kind": "draw", "seat": 0, "count": 2}, ["Ann", "Bo"], "draw")
'Ann drew 2 tiles.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.events import (
    Event,
    EventKind,
    Outcome,
    Prompt,
    PromptKind,
    ScoreReason,
    Termination,
    parse_event,
    parse_prompt,
)
from engine.fortytwo import contract_phrase
from engine.layout import ARM_WORDS
from engine.poker_hands import Category, evaluate
from engine.tricks import SUIT_WORDS
from engine.tricks import suit_words as _suit_words
from engine.views import CommonView
from render.language import LANGUAGE, _, agree, translate

if TYPE_CHECKING:
    from render.recap import HandRecap

__all__ = ["ARM_WORDS", "SUIT_WORDS", "Narrator", "event_text", "log_lines", "log_tiles", "option_label",
           "option_value_words", "outcome_text", "prompt_line", "prompt_text", "suit_words", "your_prompt"]

OUT_CALLS = {"bergen": "Bergen!", "tiddle_a_wink": "Tiddle-a-Wink!"}  # RULES 2.8: the call of who goes out
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
LIMIT_42 = 42


def suit_words(suit: str | int | None) -> str:
    """A suit or trumps in words: ``"5"`` (or 5) -> ``"fives"``, ``"doubles"``, ``"none"`` -> ``"no-trump"``."""
    return _suit_words(None if suit is None else str(suit))


def plural(n: int, word: str) -> str:
    """``1 tile``, ``2 tiles``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class Narrator:
    """The words of one table: its game, its seats' names, its sides and options.

    ``names``: each seat's display name (missing ones are ``Seat N``); ``sides``: the scoring sides (default one per
    seat); ``options``: the game's options (a few words depend on them: Texas marks, the Black Tile pass direction).
    """

    def __init__(self, game: str, names: Sequence[str] = (), sides: Sequence[Sequence[int]] | None = None,
                 options: Mapping[str, Any] | None = None, language: str | None = None) -> None:
        self.game = game
        self.names = list(names)
        self.sides = [list(side) for side in sides] if sides is not None else None
        self.options = dict(options or {})
        self.language = language  # the catalogue the recaps and standings are said in (render/language.py)

    def t(self, text: str, **values: Any) -> str:
        """``text`` in the narrator's language (else the language a picture is drawn in; English without one),
        filled in with ``values``."""
        return translate(text, self.language or LANGUAGE.get(), **values)

    def counted(self, count: int, one: str, many: str, **values: Any) -> str:
        """``one`` (for a count of 1) or ``many``, each an English text marked with ``_``, in the narrator's
        language with ``count`` and ``values`` filled in: ``n.counted(2, _("{count} tile"), _("{count} tiles"))``."""
        return self.t(one if count == 1 else many, count=count, **values)

    def joined(self, names: Sequence[str]) -> str:
        """Names joined with "and" (``Ann and Bo``), in the narrator's language."""
        return self.t(" and ").join(names)

    @classmethod
    def of_game(cls, game: Any, names: Sequence[str] = ()) -> Narrator:
        """The narrator of an engine game (its key, sides and options)."""
        return cls(game.key, names, game.sides, game.options)

    @classmethod
    def of_view(cls, view: CommonView, names: Sequence[str] = ()) -> Narrator:
        """The narrator of a view (what a picture knows: the view's game, sides and the few facts words need)."""
        facts: Mapping[str, Any] = cast("Mapping[str, Any]", view)  # a family's own keys, where it has them
        options = {"pass_direction": facts.get("pass_direction", "left"), "texas_marks": bool(facts.get("marks")),
                   "seventy_nine_marks": bool(facts.get("marks")), "bingo_pip_total": bool(facts.get("pip_total"))}
        return cls(view["game"], names, view["sides"], options)

    # ----- names -------------------------------------------------------------------------------------------------
    def seat(self, seat: int | None) -> str:
        """A seat's name."""
        if seat is None:
            return self.t("Nobody")
        if 0 <= seat < len(self.names) and self.names[seat]:
            return self.names[seat]
        return self.t("Seat {number}", number=seat + 1)

    def seat_list(self, seats: Sequence[int]) -> str:
        """Seats' names, comma separated (``nobody`` when there are none)."""
        return ", ".join(self.seat(s) for s in seats) or self.t("nobody")

    def side(self, side: int | None) -> str:
        """A side's names (``Ann & Cy``)."""
        if side is None:
            return self.t("Nobody")
        seats = self.sides[side] if self.sides is not None and 0 <= side < len(self.sides) else [side]
        return " & ".join(self.seat(s) for s in seats)

    def people(self, side: int | None) -> int:
        """How many players ``side`` names: one where each plays alone, none for no side."""
        if side is None:
            return 0
        return len(self.sides[side]) if self.sides is not None and 0 <= side < len(self.sides) else 1

    def agree(self, people: int, one: str, many: str, **values: Any) -> str:
        """``one`` (its subject ``{name}``) when it is said of one person, else ``many`` (``{names}``), in the
        narrator's language, where the verb agrees (:func:`render.language.agree`)."""
        return agree(people, one, many, self.language or LANGUAGE.get(), **values)

    def of_side(self, side: int | None, one: str, many: str, **values: Any) -> str:
        """``one`` or ``many`` said of ``side``: its names fill both ``{name}`` and ``{names}``."""
        names = self.side(side)
        return self.agree(self.people(side), one, many, name=names, names=names, **values)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for."""
        for index, side in enumerate(self.sides or []):
            if seat in side:
                return index
        return seat

    # ----- games' own words ----------------------------------------------------------------------------------------
    @property
    def family(self) -> str:
        """``line``, ``trick``, ``poker`` or ``bingo``: how the game is played."""
        from engine.registry import catalogue

        spec = catalogue().get(self.game)
        return spec.family if spec is not None else ""

    def marks(self) -> bool:
        """True when the 42 game is scored in marks."""
        return bool(self.options.get("texas_marks") if self.game == "texas42" else
                    self.options.get("seventy_nine_marks") if self.game == "seventy_nine" else False)

    def bid_words(self, amount: int | None) -> str:
        """A bid in words (Texas marks bidding says the marks: ``84 (2 marks)``)."""
        if amount is None:
            return "?"
        if self.game == "texas42" and self.marks() and amount >= LIMIT_42:
            return f"{amount} ({self.counted(amount // LIMIT_42, _('{count} mark'), _('{count} marks'))})"
        return str(amount)

    def dealer_role(self) -> str:
        """What the rotating dealer seat does: Black Tile has no dealer, the seat leads."""
        return self.t("leads") if self.game == "black_tile" else self.t("deals")

    def total_words(self, total: int) -> str:
        """A side's match total in words."""
        if self.game == "black_tile":
            return self.t("the lowest total, {count} penalty points", count=total)
        if self.marks():
            return self.counted(total, _("{count} mark"), _("{count} marks"))
        return self.t("{count} points", count=total)

    # ----- the sentences -------------------------------------------------------------------------------------------
    def event(self, event: Event | Mapping[str, Any]) -> str:
        """An event in words (a typed event, or its JSON form from a view's log)."""
        if not isinstance(event, Event):
            event = parse_event(event)
        say = _EVENT_WORDS.get(event.kind)
        return say(self, event) if say is not None else str(event.kind)

    def prompt(self, prompt: Prompt | Mapping[str, Any] | None) -> str:
        """What the game awaits, in words (a typed prompt or its JSON form from a view)."""
        if prompt is None:
            return ""
        if not isinstance(prompt, Prompt):
            prompt = parse_prompt(prompt)
        text = _prompt_words(self, prompt)
        if prompt.cross:
            text += " " + self.t("The cross comes first: a six on a free side of the 6-6.")
        return text

    def outcome(self, outcome: Outcome) -> str:
        """How a round or a match ended, in words."""
        return _outcome_words(self, outcome)

    def unit(self) -> str:
        """What the game's score counts: ``points``, ``marks``, ``chips`` or ``penalty points``."""
        if self.family == "poker":
            return self.t("chips")
        if self.game == "black_tile":
            return self.t("penalty points")
        return self.t("marks") if self.marks() else self.t("points")

    def recap(self, recap: HandRecap, tally: bool = True) -> str:
        """A hand's recap in a few sentences: how it ended (the bid made or set, the pot and the hand that took it,
        who went out), the tricks and the count taken, each side's points in the hand (in play and at the end,
        where points are scored during play) and the new totals; the match's end when the hand ended it.
        ``tally=False``: only how it ended (a picture shows the numbers in its own table)."""
        parts = [_recap_lead(self, recap)]
        parts.extend(self.event(e) for e in recap.settled if _tells(e))
        if not tally:
            if recap.match is not None:
                parts.append(_outcome_words(self, recap.match))
            return " ".join(p for p in parts if p)
        sides = recap.sides
        contract = next((e for e in recap.settled if e.kind == EventKind.CONTRACT and e.totals), None)
        if contract is not None:
            parts.append(self.t("Count taken: {list}.", list=", ".join(
                f"{self.side(side)} {points}" for side, points in enumerate(contract.totals))))
        if any(r.tricks for r in sides):
            parts.append(self.t("Tricks: {list}.", list=", ".join(f"{self.side(r.side)} {r.tricks}" for r in sides)))
        unit = self.unit()
        if recap.both:
            parts.append(self.t("In play: {in_play}; at the end: {at_end}.",
                                in_play=_tally(self, [(r.side, r.in_play) for r in sides]),
                                at_end=_tally(self, [(r.side, r.at_end) for r in sides])))
        else:
            scored = _tally(self, [(r.side, r.hand) for r in sides])
            parts.append(self.t("{unit} this round: {list}.", unit=unit.capitalize(), list=scored)
                         if self.family == "line" else
                         self.t("{unit} this hand: {list}.", unit=unit.capitalize(), list=scored))
        parts.append(self.t("Totals: {list}.", list=", ".join(f"{self.side(r.side)} {r.total}" for r in sides)))
        if recap.match is not None:
            parts.append(_outcome_words(self, recap.match))
        return " ".join(p for p in parts if p)

    def standings(self, outcome: Outcome) -> str:
        """The final standings in one line: the winner and every side's total, best first."""
        lowest = self.game == "black_tile"
        points = outcome.points
        order = sorted(range(len(points)), key=lambda s: (s not in outcome.sides, points[s] if lowest else -points[s]))
        winner = " & ".join(self.side(s) for s in outcome.sides)
        head = (self.agree(sum(self.people(s) for s in outcome.sides), _("{name} won the match."),
                           _("{names} won the match."), name=winner, names=winner) if winner
                else self.t("The match ended with no winner."))
        return head + " " + self.t("Final {unit}: {list}.", unit=self.unit(), list=", ".join(
            f"{self.side(s)} {points[s]}" for s in order))


def _recap_lead(n: Narrator, recap: HandRecap) -> str:
    """The first sentence of a recap: the event that ended the hand in words, or its outcome."""
    ending = recap.settled[0] if recap.settled else None
    if ending is not None and ending.kind == EventKind.MATCH_OVER:
        return ""  # the match's end is told last
    if recap.outcome.termination == Termination.BLOCKED:
        return _round_words(n, recap.outcome).split(" (")[0].rstrip(".") + "."
    if ending is not None and ending.kind in (EventKind.ROUND_OVER, EventKind.POT):
        return n.event(ending)
    if recap.outcome.termination == Termination.THROWN_IN:
        return n.t("Hand {number} was thrown in: nobody scores.", number=recap.round)
    if any(e.kind == EventKind.CONTRACT for e in recap.settled):
        return ""  # the contract says it
    if n.game == "black_tile":
        winners = n.seat_list(recap.outcome.winners)
        return (n.agree(len(recap.outcome.winners), _("{name} took no penalty points."),
                        _("{names} took no penalty points."), name=winners, names=winners)
                if recap.outcome.winners else "")
    return _round_words(n, recap.outcome).split(" (")[0].rstrip(".") + "."


#: Settling events told in a recap (score events are told as the tally, except those whose words explain it).
_TOLD_SCORES = frozenset({ScoreReason.SET, ScoreReason.MARCH, ScoreReason.POINT, ScoreReason.EUCHRED,
                          ScoreReason.BID})


def _tells(event: Event) -> bool:
    if event.kind in (EventKind.CONTRACT, EventKind.MOON, EventKind.OUT):
        return True
    return event.kind == EventKind.SCORE and event.reason in _TOLD_SCORES


def _tally(n: Narrator, points: Sequence[tuple[int, int]]) -> str:
    return ", ".join(f"{n.side(side)} {value:+d}" if value else f"{n.side(side)} 0" for side, value in points)


def event_text(event: Event | Mapping[str, Any], names: Sequence[str], game: str,
               sides: Sequence[Sequence[int]] | None = None, options: Mapping[str, Any] | None = None) -> str:
    """``event`` in words, with ``names`` for the seats (see :class:`Narrator`)."""
    return Narrator(game, names, sides, options).event(event)


def prompt_text(prompt: Prompt | Mapping[str, Any] | None, names: Sequence[str], game: str,
                sides: Sequence[Sequence[int]] | None = None, options: Mapping[str, Any] | None = None) -> str:
    """``prompt`` in words, with ``names`` for the seats."""
    return Narrator(game, names, sides, options).prompt(prompt)


def outcome_text(outcome: Outcome, names: Sequence[str], game: str,
                 sides: Sequence[Sequence[int]] | None = None, options: Mapping[str, Any] | None = None) -> str:
    """``outcome`` in words, with ``names`` for the seats."""
    return Narrator(game, names, sides, options).outcome(outcome)


# ----- events ------------------------------------------------------------------------------------------------------
Say = Callable[[Narrator, Event], str]


def _deal(n: Narrator, e: Event) -> str:
    family = n.family
    if n.game == "bingo":
        if n.options.get("bingo_pip_total"):
            return n.t("{count} tiles in a row. Count from 0; a tile matches on its pip total.", count=e.count)
        return n.t("{count} tiles in a row. Count from 0; a tile matches on either end.", count=e.count)
    if family == "poker":
        return n.t("Hand {number}: {name} deals {count} tiles each.", number=e.round, name=n.seat(e.seat),
                   count=n.t(NUMBER_WORDS.get(e.count or 0, str(e.count))))
    if e.seat is not None:
        return n.t("Hand {number}: {name} {role}.", number=e.round, name=n.seat(e.seat), role=n.dealer_role())
    return n.t("Round {number}: {count} tiles each.", number=e.round, count=e.count)


def _play(n: Narrator, e: Event) -> str:
    if e.seat is None:
        return n.t("The {tile} starter is in the centre; {names} begins.", tile=e.tile, names=n.seat_list(e.seats))
    if e.end:
        return n.t("{name} played {tile} on the {end}.", name=n.seat(e.seat), tile=e.tile,
                   end=n.t(ARM_WORDS.get(e.end, e.end)))
    if e.suit is not None:
        return n.t("{name} led {tile} ({suit}).", name=n.seat(e.seat), tile=e.tile, suit=n.t(suit_words(e.suit)))
    if n.family == "line":
        return n.t("{name} opened with {tile}.", name=n.seat(e.seat), tile=e.tile)
    return n.t("{name} played {tile}.", name=n.seat(e.seat), tile=e.tile)


def _draw(n: Narrator, e: Event) -> str:
    if e.seat is None:
        most = n.t(NUMBER_WORDS.get(e.count or 0, str(e.count)))
        return n.t("Betting is closed: each player in turn may exchange up to {count} tiles.", count=most)
    count = e.count or 0
    return (n.t("{name} drew 1 tile.", name=n.seat(e.seat)) if count == 1 else
            n.t("{name} drew {count} tiles.", name=n.seat(e.seat), count=count))


def _pass(n: Narrator, e: Event) -> str:
    if e.tile is not None:  # Bingo: the touched tile stays in the row
        return (n.t("Count {count}: {tile} stays.", count=e.count, tile=e.tile) if e.declined else
                n.t("Count {count}: {tile} does not match.", count=e.count, tile=e.tile))
    if e.declined:
        return n.t("{name} ends the extra turn.", name=n.seat(e.seat))
    if n.game == "tiddle_a_wink":
        return n.t("{name} says Gee.", name=n.seat(e.seat))
    return n.t("{name} passed.", name=n.seat(e.seat))


_SCORE_WORDS: dict[ScoreReason, Say] = {
    ScoreReason.ROUND: lambda n, e: n.t("{name} scores {points} for the round.", name=n.seat(e.seat),
                                        points=e.points),
    ScoreReason.NOBODY: lambda n, e: (n.t("Nobody adds penalty points this hand.") if n.game == "black_tile"
                                      else n.t("Nobody scores this round.")),
    ScoreReason.OPENING: lambda n, e: n.t("{name} scores {points} for the opening.", name=n.seat(e.seat),
                                          points=e.points),
    ScoreReason.HEADER: lambda n, e: (n.t("{name} makes a triple-header: {points} points.", name=n.seat(e.seat),
                                          points=e.points) if e.points == 3 else
                                      n.t("{name} makes a double-header: {points} points.", name=n.seat(e.seat),
                                          points=e.points)),
    ScoreReason.ENDS: lambda n, e: n.t("{name} scores {points}: the ends total {points}.", name=n.seat(e.seat),
                                       points=e.points),
    ScoreReason.CLAIM: lambda n, e: n.t("{name} claims {points}.", name=n.seat(e.seat), points=e.points),
    ScoreReason.MUGGINS: lambda n, e: n.t("{name} takes the {points} left unclaimed.", name=n.seat(e.seat),
                                          points=e.points),
    ScoreReason.TRICKS: lambda n, e: n.of_side(e.side, _("{name} scores {points} for their tricks."),
                                               _("{names} score {points} for their tricks."), points=e.points),
    ScoreReason.MARKS: lambda n, e: n.counted(e.points, _("{name} score {count} mark."),
                                              _("{name} score {count} marks."), name=n.side(e.side)),
    ScoreReason.BID: lambda n, e: n.t("{name} score the bid, {points}.", name=n.side(e.side), points=e.points),
    ScoreReason.TAKEN: lambda n, e: n.counted(e.points, _("{name} score the {count} point they took."),
                                              _("{name} score the {count} points they took."), name=n.side(e.side)),
    ScoreReason.SET: lambda n, e: n.t("{name} score {count} + {amount} = {points}.", name=n.side(e.side),
                                      count=e.count, amount=e.amount, points=e.points),
    ScoreReason.MARCH: lambda n, e: (n.t("{name} took all five tricks alone: {points} points.", name=n.side(e.side),
                                         points=e.points) if e.alone else
                                     n.of_side(e.side, _("{name} took all five tricks: {points} points."),
                                               _("{names} took all five tricks: {points} points."),
                                               points=e.points)),
    ScoreReason.POINT: lambda n, e: n.of_side(e.side, _("{name} took {count} tricks: 1 point."),
                                              _("{names} took {count} tricks: 1 point."), count=e.count),
    ScoreReason.EUCHRED: lambda n, e: _euchred(n, e),
    ScoreReason.PENALTY: lambda n, e: n.counted(e.points, _("{name} adds {count} penalty point."),
                                                _("{name} adds {count} penalty points."), name=n.seat(e.seat)),
    ScoreReason.STACK: lambda n, e: n.counted(e.points, _("{name} takes a stack of {count} chip."),
                                              _("{name} takes a stack of {count} chips."), name=n.seat(e.seat)),
    ScoreReason.CHIPS: lambda n, e: (n.counted(e.points, _("{name} wins {count} chip."),
                                               _("{name} wins {count} chips."), name=n.seat(e.seat))
                                     if e.points > 0 else n.counted(abs(e.points), _("{name} loses {count} chip."),
                                               _("{name} loses {count} chips."), name=n.seat(e.seat))),
    ScoreReason.REMOVED: lambda n, e: ((n.counted(e.amount, _("Counted on past {count} tile."),
                                                  _("Counted on past {count} tiles.")) + " ") if e.amount else "")
    + n.t("Count {count}: {tile} removed.", count=e.count, tile=e.tile),
}


def _euchred(n: Narrator, e: Event) -> str:
    """The makers euchred, and the points one other side scores for it: in two- and three-handed Euchre each
    player is a side of one, and the verbs agree."""
    makers = n.side_of(e.seat or 0)
    values = {"name": n.side(makers), "others": n.side(e.side), "points": e.points}
    if n.people(makers) == 1:
        return n.counted(e.count or 0, _("{name} was euchred with {count} trick: {others} scores {points}."),
                         _("{name} was euchred with {count} tricks: {others} scores {points}."), **values)
    return n.counted(e.count or 0, _("{name} were euchred with {count} trick: {others} score {points}."),
                     _("{name} were euchred with {count} tricks: {others} score {points}."), **values)


def _score(n: Narrator, e: Event) -> str:
    say = _SCORE_WORDS.get(e.reason) if e.reason is not None else None
    return say(n, e) if say is not None else n.of_side(e.side, _("{name} scores {points}."),
                                                        _("{names} score {points}."), points=e.points)


def _round_over(n: Narrator, e: Event) -> str:
    if e.outcome is not None and e.outcome.termination == Termination.BLOCKED:
        return n.t("The round is blocked: nobody can play.")
    return n.t("{name} went out and calls {call}", name=n.seat(e.seat), call=OUT_CALLS.get(n.game, "Domino!"))


def _match_over(n: Narrator, e: Event) -> str:
    if e.outcome is None:
        return n.t("The match is over.")
    return _outcome_words(n, e.outcome, e)


def _bet(n: Narrator, e: Event) -> str:
    action, name = str(e.action), n.seat(e.seat)
    if action.startswith("bid:"):
        return (n.t("{name} bets {amount}.", name=name, amount=e.amount) if e.count is None else
                n.t("{name} raises by {amount} to {count}.", name=name, amount=e.amount, count=e.count))
    if action == "call:call":
        return n.t("{name} calls {amount}.", name=name, amount=e.amount)
    if action == "call:fold":
        return n.t("{name} folds.", name=name)
    return n.t("{name} checks.", name=name)


def _pot(n: Narrator, e: Event) -> str:
    folded = e.outcome is not None and e.outcome.termination == Termination.FOLDED
    if folded or not e.tiles:
        return n.t("{name} wins the pot of {amount}: everyone else folded.", name=n.seat(e.seat), amount=e.amount)
    return n.t("{name} wins the pot of {amount} with {hand}.", name=n.seat(e.seat), amount=e.amount,
               hand=poker_hand_words(n, list(e.tiles)))


def _accept(n: Narrator, e: Event) -> str:
    said = n.t(_accept_word(n, e.seat or 0, e.seats[0] if e.seats else 0), name=n.seat(e.seat),
               suit=n.t(suit_words(e.suit)))
    return said + (n.t(", alone") if e.alone else "") + "."


def _accept_word(n: Narrator, seat: int, dealer: int) -> str:
    """Euchre's words: the dealer takes up, the dealer's partner assists, an opponent orders up."""
    if seat == dealer:
        return _("{name} took up {suit} as trumps")
    # Partners (four players) assist and order up; otherwise a player accepts.
    four = any(len(side) > 1 for side in n.sides) if n.sides is not None else len(n.names) == 4
    if four and (seat - dealer) % 2 == 0:
        return _("{name} assisted with {suit} as trumps")
    return _("{name} ordered up {suit} as trumps") if four else _("{name} accepted {suit} as trumps")


def _count(n: Narrator, e: Event) -> str:
    if e.seat is None:  # Bingo: the count runs on by itself
        return n.counted(e.count or 0, _("Counted on past {count} tile."), _("Counted on past {count} tiles."))
    return n.t("The ends total {count}: {name} may claim them.", count=e.count, name=n.seat(e.seat))


def _sit_out(n: Narrator, e: Event) -> str:
    names = n.joined([n.seat(s) for s in e.seats])
    return (n.t("{names} lays their tiles face down for this hand.", names=names) if len(e.seats) == 1 else
            n.t("{names} lay their tiles face down for this hand.", names=names))


def _throw_in(n: Narrator, e: Event) -> str:
    if n.game == "euchre":
        return n.t("Everyone passed three turn-ups: the tiles are thrown in and the deal passes left.")
    return n.t("Everyone passed: the hand is thrown in and the deal passes left.")


def _exchange(n: Narrator, e: Event) -> str:
    count = e.count or 0
    if not count:
        return n.t("{name} stands pat.", name=n.seat(e.seat))
    return n.counted(count, _("{name} exchanges {count} tile."), _("{name} exchanges {count} tiles."),
                     name=n.seat(e.seat))


_EVENT_WORDS: dict[EventKind, Say] = {
    EventKind.DEAL: _deal,
    EventKind.PLAY: _play,
    EventKind.DRAW: _draw,
    EventKind.PASS: _pass,
    EventKind.SCORE: _score,
    EventKind.ROUND_OVER: _round_over,
    EventKind.MATCH_OVER: _match_over,
    EventKind.REDEAL: lambda n, e: n.t("Nobody holds a double: the tiles are reshuffled and dealt again."),
    EventKind.EXTRA_TURN: lambda n, e: n.t("{name} played a double and takes another turn.", name=n.seat(e.seat)),
    EventKind.COUNT: _count,
    EventKind.CALL: lambda n, e: n.t("{name} calls Muggins!", name=n.seat(e.seat)),
    EventKind.CLAIM_LAPSED: lambda n, e: n.t("Nobody claimed the {count} of {name}: they are lost.", count=e.count,
                                             name=n.seat(e.seat)),
    EventKind.LOTS: lambda n, e: n.t("{name} drew the highest tile and {role} first.", name=n.seat(e.seat),
                                     role=n.dealer_role()),
    EventKind.TRICK: lambda n, e: n.t("{name} took the trick.", name=n.seat(e.seat)),
    EventKind.HAND_OVER: lambda n, e: n.t("Hand {number} is over.", number=e.round),
    EventKind.THROW_IN: _throw_in,
    EventKind.BID: lambda n, e: n.t("{name} bid {bid}.", name=n.seat(e.seat), bid=n.bid_words(e.amount)),
    EventKind.TRUMP: lambda n, e: n.t("{name} named {contract}.", name=n.seat(e.seat),
                                      contract=contract_said(n, e.suit or "")),
    EventKind.SIT_OUT: _sit_out,
    EventKind.CONTRACT: lambda n, e: (n.t("{name} made their bid of {bid}.", name=n.side(e.side),
                                          bid=n.bid_words(e.amount)) if e.made else
                                      n.t("{name} were set on their bid of {bid}.", name=n.side(e.side),
                                          bid=n.bid_words(e.amount))),
    EventKind.TURNUP: lambda n, e: n.t("{name} turned up {tile} (turn-up {count} of 3): {suit} would be trumps.",
                                       name=n.seat(e.seat), tile=e.tile, count=e.count, suit=n.t(suit_words(e.suit))),
    EventKind.TURNUP_DEAD: lambda n, e: n.t("Everyone passed: the turn-up is dead."),
    EventKind.TURNUP_STAYS: lambda n, e: n.t("The turn-up stays face up on the table."),
    EventKind.ACCEPT: _accept,
    EventKind.DISCARD: lambda n, e: n.t("{name} took up the turn-up and discarded a tile face down.",
                                        name=n.seat(e.seat)),
    EventKind.PASS_PHASE: lambda n, e: n.t("Each player chooses {count} tiles to pass to the {direction}.",
                                           count=e.count, direction=_direction(n)),
    EventKind.CHOSE: lambda n, e: n.t("{name} has chosen {count} tiles to pass.", name=n.seat(e.seat), count=e.count),
    EventKind.PASSED: lambda n, e: n.t("Everyone passed {count} tiles to the {direction}.", count=e.count,
                                       direction=_direction(n)),
    EventKind.PASS_LEAD: lambda n, e: n.t("{name} passed the lead to {names}.", name=n.seat(e.seat),
                                          names=n.seat_list(e.seats)),
    EventKind.MOON: lambda n, e: n.t("{name} shot the moon!", name=n.seat(e.seat)),
    EventKind.TIE: lambda n, e: n.t("The lowest totals are tied: another hand is played."),
    EventKind.ANTE: lambda n, e: n.t("Everyone antes {amount}: the pot is {count}.", amount=e.amount, count=e.count),
    EventKind.BET: _bet,
    EventKind.MARK: lambda n, e: n.t("{name} marks a tile to exchange.", name=n.seat(e.seat)),
    EventKind.EXCHANGE: _exchange,
    EventKind.SHOW: lambda n, e: n.t("{name} shows {hand}.", name=n.seat(e.seat),
                                     hand=poker_hand_words(n, list(e.tiles))),
    EventKind.POT: _pot,
    EventKind.OUT: lambda n, e: n.t("{name} has no chips left and is out.", name=n.seat(e.seat)),
    EventKind.STOP: lambda n, e: n.t("{name} stops the session: it ends after this deal.", name=n.seat(e.seat)),
}


def _direction(n: Narrator) -> str:
    """Black Tile's pass direction in words (``left``, ``right``, ``across``)."""
    return n.t(str(n.options.get("pass_direction", "left")))


def contract_said(n: Narrator, trumps: str) -> str:
    """A contract's trumps in the narrator's language: ``fives trump``, ``no-trump``, ``Nel-O``."""
    return contract_phrase(trumps).said(n.t)


#: The poker categories' names (engine.poker_hands), marked for the catalogues.
POKER_LABELS = (_("High Tile"), _("Pair"), _("Flush"), _("Threes"), _("Four Straight"), _("Full Hand"),
                _("Five Straight"), _("Fours"), _("Six Straight"), _("Royal"))
#: The numbers in words, for poker's tile names and the deal's count (marked for the catalogues).
NUMBER_NAMES = (_("blank"), _("one"), _("two"), _("three"), _("four"), _("five"), _("six"))


def poker_tile_words(n: Narrator, tile: Any) -> str:
    """A tile in words, in the narrator's language: ``double six``, ``six four``."""
    if tile.is_double:
        return n.t("double {number}", number=n.t(NUMBER_NAMES[tile.high]))
    return n.t("{high} {low}", high=n.t(NUMBER_NAMES[tile.high]), low=n.t(NUMBER_NAMES[tile.low]))


def poker_hand_words(n: Narrator, tiles: list[Any]) -> str:
    """A poker hand in words (:meth:`engine.poker_hands.HandRank.words`) in the narrator's language:
    ``Flush in fives``, ``Pair: double six and double three``."""
    hand = evaluate(tiles)
    category, label = hand.category, n.t(hand.category.label)
    if category == Category.FLUSH:
        return n.t("Flush in {suit}", suit=n.t(suit_words(hand.suit)))
    if category in (Category.FOUR_STRAIGHT, Category.FIVE_STRAIGHT, Category.SIX_STRAIGHT):
        return n.t("{label}, {tile} high", label=label, tile=poker_tile_words(n, hand.tiles[0]))
    if category in (Category.PAIR, Category.THREES, Category.FULL_HAND, Category.FOURS):
        names = [poker_tile_words(n, t) for t in hand.tiles if t.is_double]
        return n.t("{label}: {list}", label=label, list=n.joined([", ".join(names[:-1]), names[-1]]) if
                   len(names) > 1 else names[0])
    if category == Category.ROYAL:
        return n.t("Royal: all five doubles")
    return n.t("High Tile: {tile}", tile=poker_tile_words(n, hand.tiles[0]))


# ----- outcomes ----------------------------------------------------------------------------------------------------
def _outcome_words(n: Narrator, outcome: Outcome, event: Event | None = None) -> str:
    why = outcome.termination
    winners = outcome.winners
    if why == Termination.CLEARED:
        steps = event.count if event is not None else None
        return (n.t("Bingo! The row is clear after {count} steps.", count=steps) if steps is not None
                else n.t("Bingo! The row is clear."))
    if why == Termination.STUCK:
        removed = outcome.points[0] if outcome.points else 0
        return n.t("13 passes along the row without a removal: no progress is possible. "
                   "The game is lost with {count} tiles removed.", count=removed)
    if why == Termination.ALL_CHIPS:
        return n.t("{names} holds every chip and wins the session.", names=n.seat_list(winners))
    if why == Termination.SESSION_ENDED:
        best = max((outcome.points[s] for s in winners), default=0) if outcome.points else 0
        names = n.joined([n.seat(s) for s in winners])
        return (n.t("The session ends: {names} holds the most chips ({count}).", names=names, count=best)
                if len(winners) == 1 else
                n.t("The session ends: {names} hold the most chips ({count}).", names=names, count=best))
    if why == Termination.TARGET_REACHED:
        return _match_won(n, outcome, event)
    return _round_words(n, outcome)


def _match_won(n: Narrator, outcome: Outcome, event: Event | None) -> str:
    if not outcome.sides:
        return n.t("The match is over: nobody won.")
    people = sum(n.people(s) for s in outcome.sides)
    if n.family == "line":
        side = outcome.sides[0]
        names = n.side(side)
        if event is not None and event.amount is not None:
            return n.agree(people, _("{name} reached {amount} and won the match."),
                           _("{names} reached {amount} and won the match."), name=names, names=names,
                           amount=event.amount)
        count = outcome.points[side]
        if people == 1:
            return n.counted(count, _("{name} won the match with {count} point."),
                             _("{name} won the match with {count} points."), name=names)
        return n.counted(count, _("{names} won the match with {count} point."),
                         _("{names} won the match with {count} points."), names=names)
    names = n.joined([n.side(s) for s in outcome.sides])
    totals = n.joined(sorted({n.total_words(outcome.points[s]) for s in outcome.sides}))
    return n.agree(people, _("{name} won the match with {totals}."), _("{names} won the match with {totals}."),
                   name=names, names=names, totals=totals)


#: Why a round or hand was won, said of one winner (``{name}``) and of several (``{names}``): the verb agrees.
_ROUND_WHY: dict[Termination, tuple[str, str]] = {
    Termination.DOMINO: (_("{name} went out"), _("{names} went out")),
    Termination.BLOCKED: (_("{name} won the blocked round"), _("{names} won the blocked round")),
    Termination.TRICKS: (_("{name} won the hand"), _("{names} won the hand")),
    Termination.BID_MADE: (_("{name} made the bid"), _("{names} made the bid")),
    Termination.BID_SET: (_("{name} set the bidders"), _("{names} set the bidders")),
    Termination.SHOWDOWN: (_("{name} won the showdown"), _("{names} won the showdown")),
    Termination.FOLDED: (_("{name} won: everyone else folded"), _("{names} won: everyone else folded")),
}
_WON = (_("{name} won"), _("{names} won"))


def _round_words(n: Narrator, outcome: Outcome) -> str:
    if outcome.termination == Termination.THROWN_IN:
        return n.t("Hand {number} was thrown in.", number=outcome.round)
    if not outcome.sides:
        return n.t("Round {number}: the round is blocked and nobody scores.", number=outcome.round)
    names = n.t(" and ").join(n.side(s) for s in outcome.sides)
    gained = ", ".join(f"{n.side(s)} {p:+d}" for s, p in enumerate(outcome.points) if p)
    which = n.t("Round") if n.family == "line" else n.t("Hand")
    one, many = _ROUND_WHY.get(outcome.termination, _WON)
    won = n.agree(sum(n.people(s) for s in outcome.sides), one, many, name=names, names=names)
    text = f"{which} {outcome.round}: {won}"
    return f"{text} ({gained})." if gained else f"{text}."


# ----- prompts -----------------------------------------------------------------------------------------------------
def _prompt_words(n: Narrator, p: Prompt) -> str:
    name = n.seat(p.seat)
    kind = p.kind
    if kind == PromptKind.GAME_OVER:
        if n.game == "bingo":
            if p.seats:
                return n.t("Bingo! The row is clear: {count} tiles removed in {amount} steps.", count=p.count,
                           amount=p.amount)
            return n.t("Lost: no removal in 13 passes along the row ({count} tiles removed).", count=p.count)
        names = n.seat_list(p.seats)
        return (n.agree(len(p.seats), _("Game over: {name} won."), _("Game over: {names} won."), name=names,
                        names=names) if p.seats else n.t("Game over: no winner."))
    if kind == PromptKind.BID:
        bids = _bid_range(n, p)
        return (n.t("Everyone else passed: {name} must bid {bids}.", name=name, bids=bids) if p.flag
                else n.t("{name} to bid {bids} or pass.", name=name, bids=bids))
    if kind == PromptKind.BET:
        return n.t("{name} to {choice} (pot {count}).", name=name, choice=_bet_choice(n, p), count=p.count)
    if kind == PromptKind.TO_FOLLOW:
        return n.t("{name} to play: {suit} were led.", name=name, suit=_led_words(n, p))
    if kind == PromptKind.EXTRA_TURN:
        if p.flag:
            return n.t("{name} played a double and may take another turn, or end it with Gee.", name=name)
        return n.t("{name} played a double and takes another turn.", name=name)
    if kind == PromptKind.MUST_PASS:
        if n.game == "tiddle_a_wink":
            return n.t("{name} cannot play and must say Gee.", name=name)
        return n.t("{name} cannot play and must pass.", name=name)
    say = _PROMPT_WORDS.get(kind)
    return say(n, p, name) if say is not None else str(kind)


def _bid_range(n: Narrator, p: Prompt) -> str:
    """The bids a prompt allows: ``30 to 42``, or the one bid."""
    low, high = n.bid_words(p.low), n.bid_words(p.high)
    return n.t("{low} to {high}", low=low, high=high) if low != high else low


def _led_words(n: Narrator, p: Prompt) -> str:
    """The suit led: ``fives``, or ``trumps (fives)``."""
    led = n.t(suit_words(p.suit))
    return n.t("trumps ({suit})", suit=led) if p.flag else led


def _bet_choice(n: Narrator, p: Prompt) -> str:
    """What a poker player may do: ``call 3, raise or fold``, ``check or bet``..."""
    owed = p.amount or 0
    if owed:
        return (n.t("call {amount}, raise or fold", amount=owed) if p.flag else
                n.t("call {amount} or fold", amount=owed))
    return n.t("check or bet") if p.flag else n.t("check")


_PROMPT_WORDS: dict[PromptKind, Callable[[Narrator, Prompt, str], str]] = {
    PromptKind.WAITING: lambda n, p, name: n.t("Waiting for {names}.", names=n.seat_list(p.seats)),
    PromptKind.TO_PLAY: lambda n, p, name: n.t("{name} to play.", name=name),
    PromptKind.MUST_DRAW: lambda n, p, name: n.t("{name} cannot play and must draw.", name=name),
    PromptKind.MATADOR_OR_DRAW: lambda n, p, name: n.t("{name} may play a matador or draw.", name=name),
    PromptKind.CLAIM_OPEN: lambda n, p, name: n.agree(len(p.seats), _("{name} to play. {claimer} may claim {amount} "
                                                                      "until then; an opponent may call Muggins."),
                                                      _("{name} to play. {names} may claim {amount} until then; an "
                                                        "opponent may call Muggins."), name=name, claimer=n.seat_list(
                                                          p.seats), names=n.seat_list(p.seats), amount=p.amount),
    PromptKind.TO_ACT: lambda n, p, name: n.t("{name} to act.", name=name),
    PromptKind.TO_LEAD: lambda n, p, name: n.t("{name} to lead.", name=name),
    PromptKind.ONLY_PASS: lambda n, p, name: n.t("{name} may only pass.", name=name),
    PromptKind.NAME_TRUMPS: lambda n, p, name: n.t("{name} won the bidding at {bid} and names trumps.", name=name,
                                                   bid=n.bid_words(p.amount)),
    PromptKind.ACCEPT_TURNUP: lambda n, p, name: n.t("{name}: accept {suit} as trumps or pass (turn-up {count} of "
                                                     "{high}).", name=name, suit=n.t(suit_words(p.suit)),
                                                     count=p.count, high=p.high),
    PromptKind.DISCARD: lambda n, p, name: n.t("{name} took up the turn-up and must discard a tile.", name=name),
    PromptKind.CHOOSE_PASS: lambda n, p, name: n.t("Choose {count} tiles to pass to the {direction} (waiting for "
                                                   "{names}).", count=p.count, direction=n.t(str(p.direction)),
                                                   names=n.seat_list(p.seats)),
    PromptKind.LEAD_OR_PASS: lambda n, p, name: n.t("{name} to lead, or pass the lead to the left.", name=name),
    PromptKind.EXCHANGE: lambda n, p, name: n.t("{name} may exchange up to {count} tiles.", name=name, count=p.count),
    PromptKind.DEAL_NEXT: lambda n, p, name: n.t("{name} deals the next hand.", name=name),
    PromptKind.BINGO_STEP: lambda n, p, name: n.t("Count {count}: step to the next tile, or run to the next removal.",
                                                  count=p.count),
    PromptKind.BINGO_MATCH: lambda n, p, name: n.t("Count {count}: {tile} matches. Remove it or leave it?",
                                                   count=p.count, tile=p.tile),
}


# ----- views -------------------------------------------------------------------------------------------------------
def log_lines(view: CommonView, names: Sequence[str]) -> list[str]:
    """The view's recent events (its ``log``) in words, oldest first."""
    narrator = Narrator.of_view(view, names)
    return [narrator.event(entry) for entry in view["log"]]


def prompt_line(view: CommonView, names: Sequence[str]) -> str:
    """The view's ``prompt`` in words."""
    return Narrator.of_view(view, names).prompt(view["prompt"])


def log_tiles(view: CommonView) -> list[str]:
    """The tiles named by the view's recent events, oldest first (a picture marks the last one played)."""
    return [entry["tile"] for entry in view["log"] if "tile" in entry]


# ----- house rules -------------------------------------------------------------------------------------------------
#: Each house rule's name as players read it in the lobby (the flag names stay in ``/rules``).
OPTION_LABELS = {
    "target": _("Points to win"), "set": _("Domino set"), "draw_scoring": _("Round score"), "first_double_spinner":
    _("Opening double branches four ways"), "reserve_two": _("Last 2 tiles stay in the boneyard"), "block_tie":
    _("Tied blocked round"), "block_scoring": _("Round score"), "bergen_d6": _("Double-six set"),
    "muggins_partners": _("Partners"), "muggins_no_voluntary_draw": _("No drawing by choice"),
    "manual_muggins": _("Claim your points (call Muggins)"), "matador_mode": _("Set and sum"), "matador_scoring":
    _("Blocked round score"), "tiddle_extra_optional": _("Extra turn may be declined"), "tiddle_one_arm":
    _("One end only"), "sebastopol_hasbro": _("The sheet's reading"), "forced_dealer_bid": _("Dealer must bid"),
    "no_trump_doubles_suit": _("Doubles a suit in no-trump"), "texas_marks": _("Marks (standard 42)"),
    "texas_nello": _("Nel-O"), "nel_o_doubles_suit": _("Doubles a suit in Nel-O"), "seventy_nine_marks": _("Marks"),
    "seventy_nine_42_contracts": _("Texas 42 contracts"), "nel_o_any_bid": _("Nel-O on any bid"),
    "nel_o_one_partner_out": _("Nel-O: one partner sits out"), "euchre_higher_end_leads": _("Higher end leads"),
    "euchre_turnup_stays": _("Turn-up stays face up"), "pass_direction": _("Pass three tiles"),
    "epbt_tie_break_round": _("Tie plays on"), "moon_all_dealt_counters": _("Moon with every counter dealt"),
    "stack": _("Starting chips"), "poker_draw": _("Draw poker"), "deals": _("Session length (deals)"),
    "ante_rise": _("Ante doubles every (deals)"), "bingo_auto_remove": _("Remove matches at once"),
    "bingo_pip_total": _("Match on the pip total"),
    "partners": _("Partners"),
}

#: Option values in words, where the value is a code (``d12sum13``) or a number that means "none" (``0``).
VALUE_WORDS: dict[tuple[str, str], str] = {
    ("draw_scoring", "sum_minus_own"): _("others' total less own"),
    ("draw_scoring", "each_diff"): _("less own from each"),
    ("matador_scoring", "sum_minus_own"): _("others' total less own"),
    ("matador_scoring", "each_diff"): _("less own from each"),
    ("block_scoring", "sum"): _("every other hand's pips"), ("block_scoring", "sum_minus_own"): _("less own pips"),
    ("block_scoring", "each_diff"): _("less own from each"), ("block_scoring", "cascade"): _("the Muggins cascade"),
    ("block_tie", "nobody"): _("nobody scores"), ("block_tie", "all_tied_score"): _("every tied player scores"),
    ("matador_mode", "d9"): _("double-nine to 10"), ("matador_mode", "d12sum13"): _("double-twelve to 13"),
    ("matador_mode", "d12literal"): _("double-twelve to 10"), ("pass_direction", "none"): _("no pass"),
    ("deals", "0"): _("no limit"), ("ante_rise", "0"): _("never"), ("set", "6"): _("double-six"),
    ("set", "9"): _("double-nine"),
    ("set", "12"): _("double-twelve"),
}


def option_label(name: str, locale: Any = None) -> str:
    """A house rule's name for players (``muggins_no_voluntary_draw`` -> ``No drawing by choice``), in the locale's
    language."""
    label = OPTION_LABELS.get(name)
    return translate(label, locale) if label else name.replace("_", " ").capitalize()


def option_value_words(name: str, value: Any, locale: Any = None) -> str:
    """An option's value for players: ``on``/``off`` for flags, words for codes (``d12sum13``), in the locale's
    language."""
    text = ("on" if value else "off") if isinstance(value, bool) else str(value)
    words = VALUE_WORDS.get((name, text.lower()))
    if words is not None:
        return translate(words, locale)
    return translate(text, locale) if isinstance(value, bool) or text in ("left", "right", "across") else text


# ----- the hand's own words: second person -------------------------------------------------------------------------
_YOUR_PROMPTS: dict[PromptKind, Callable[[Narrator, Prompt], str]] = {
    PromptKind.TO_PLAY: lambda n, p: n.t("Play a tile."),
    PromptKind.MUST_DRAW: lambda n, p: n.t("You cannot play: draw."),
    PromptKind.MATADOR_OR_DRAW: lambda n, p: n.t("Play a matador, or draw."),
    PromptKind.TO_ACT: lambda n, p: n.t("Make your move."),
    PromptKind.TO_LEAD: lambda n, p: n.t("Lead a tile."),
    PromptKind.ONLY_PASS: lambda n, p: n.t("You may only pass."),
    PromptKind.NAME_TRUMPS: lambda n, p: n.t("You won the bidding at {bid}: name trumps.", bid=n.bid_words(p.amount)),
    PromptKind.ACCEPT_TURNUP: lambda n, p: n.t("Accept {suit} as trumps, or pass (turn-up {count} of {high}).",
                                               suit=n.t(suit_words(p.suit)), count=p.count, high=p.high),
    PromptKind.DISCARD: lambda n, p: n.t("You took up the turn-up: discard a tile."),
    PromptKind.LEAD_OR_PASS: lambda n, p: n.t("Lead a tile, or pass the lead to the left."),
    PromptKind.EXCHANGE: lambda n, p: n.counted(p.count or 0, _("Mark up to {count} tile to exchange, then exchange."),
                                                _("Mark up to {count} tiles to exchange, then exchange.")),
    PromptKind.DEAL_NEXT: lambda n, p: n.t("Deal the next hand."),
    PromptKind.BID: lambda n, p: (n.t("Everyone else passed: you must bid {bids}.", bids=_bid_range(n, p)) if p.flag
                                  else n.t("Bid {bids}, or pass.", bids=_bid_range(n, p))),
    PromptKind.BET: lambda n, p: n.t("{choice} (pot {count}).", choice=_bet_choice(n, p).capitalize(), count=p.count),
    PromptKind.TO_FOLLOW: lambda n, p: n.t("Play a tile: {suit} were led.", suit=_led_words(n, p)),
    PromptKind.EXTRA_TURN: lambda n, p: (n.t("You played a double: take another turn, or end it with Gee.") if p.flag
                                         else n.t("You played a double: take another turn.")),
    PromptKind.MUST_PASS: lambda n, p: (n.t("You cannot play: say Gee.") if n.game == "tiddle_a_wink"
                                        else n.t("You cannot play: pass.")),
    PromptKind.CLAIM_OPEN: lambda n, p: n.agree(len(p.seats), _("Play a tile. {name} may claim {amount} until then; "
                                                                "an opponent may call Muggins."),
                                                _("Play a tile. {names} may claim {amount} until then; an opponent "
                                                  "may call Muggins."), name=n.seat_list(p.seats),
                                                names=n.seat_list(p.seats), amount=p.amount),
}


def _your_prompt(n: Narrator, p: Prompt) -> str | None:
    """What the game awaits from the seat reading its own hand, in the second person (None: no such words)."""
    say = _YOUR_PROMPTS.get(p.kind)
    return say(n, p) if say is not None else None


def your_prompt(narrator: Narrator, prompt: Prompt | Mapping[str, Any] | None, seat: int) -> str:
    """What the game awaits, in words for ``seat`` reading its own hand: the second person when it is that seat's
    decision ("Bid 30 to 42, or pass."), the narrator's words otherwise."""
    if prompt is None:
        return ""
    if not isinstance(prompt, Prompt):
        prompt = parse_prompt(prompt)
    mine = prompt.seat == seat or (prompt.seat is None and prompt.seats == (seat,))
    text = _your_prompt(narrator, prompt) if mine else None
    if text is None:
        return narrator.prompt(prompt)
    return text + (" " + narrator.t("The cross comes first: a six on a free side of the 6-6.") if prompt.cross
                   else "")
