"""The words players read, made at the edge from the engine's data: events, prompts and outcomes.

The engine reports typed events and prompts with no English (``engine.events``); the :class:`Narrator` of a table
turns them into sentences with the players' names: each event's sentence is in ``render/event_words.py``, each
prompt's in ``render/prompt_words.py``, and what a game says its own way in ``render/game_words.py``. The bot's
messages, the table pictures and the simulator all use it. It imports no Pillow and no discord.

>>> from engine.events import Event, EventKind
>>> from engine.tiles import Tile
>>> narrator = Narrator("draw", ["Ann", "Bo"])
>>> narrator.event(Event(EventKind.PLAY, 1, tile=Tile.of(6, 4), end="E"))
'Bo played 6-4 on the right.'
>>> event_text({"kind": "draw", "seat": 0, "count": 2}, ["Ann", "Bo"], "draw")
'Ann drew 2 tiles.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.events import (
    Event,
    EventKind,
    Outcome,
    Prompt,
    ScoreReason,
    Termination,
    parse_event,
    parse_prompt,
)
from engine.layout import ARM_WORDS, arm_words
from engine.phrases import Phrase
from engine.registry import catalogue
from engine.tricks import SUIT_WORDS
from engine.tricks import suit_words as _suit_words
from engine.views import CommonView
from render.event_words import PASS_DIRECTIONS, event_sentence
from render.game_words import GameWords, words_for
from render.language import LANGUAGE, N_, Language, Locale, _, agree, phrase_in, translate, translate_n
from render.prompt_words import prompt_sentence, your_prompt_sentence

if TYPE_CHECKING:
    from render.recap import HandRecap

__all__ = ["ARM_WORDS", "SUIT_WORDS", "Narrator", "arm_words", "event_text", "log_lines", "log_tiles", "option_label",
           "option_value_words", "outcome_text", "prompt_line", "prompt_text", "suit_words", "your_prompt"]


def suit_words(suit: str | int | None) -> Phrase:
    """A suit or trumps in words, to be said in a language: ``"5"`` (or 5) -> ``fives``, ``"doubles"``, ``"none"``
    -> ``no-trump``."""
    return _suit_words(None if suit is None else str(suit))


class Narrator:
    """The words of one table: its game, its seats' names, its sides and options.

    ``names``: each seat's display name (missing ones are ``Seat N``); ``sides``: the scoring sides (default one per
    seat); ``options``: the game's options (a few words depend on them: Texas marks, the Black Tile pass direction).
    ``words``: what the game says its own way (:func:`render.game_words.words_for`).
    """

    def __init__(self, game: str, names: Sequence[str] = (), sides: Sequence[Sequence[int]] | None = None,
                 options: Mapping[str, Any] | None = None, language: Locale = None) -> None:
        self.game = game
        self.words: GameWords = words_for(game)
        self.names = list(names)
        self.sides = [list(side) for side in sides] if sides is not None else None
        self.options = dict(options or {})
        # the language the recaps and standings are said in; None: the language a picture is drawn in
        self.language = None if language is None else Language.of(language)

    def speaks(self) -> Language:
        """The narrator's language, else the language a picture is being drawn in (English without one)."""
        return self.language if self.language is not None else LANGUAGE.get()

    def t(self, text: str, **values: Any) -> str:
        """``text`` in the narrator's language (else the language a picture is drawn in; English without one),
        filled in with ``values``."""
        return translate(text, self.speaks(), **values)

    def said(self, phrase: Phrase) -> str:
        """Words given as data (an ``engine.phrases.Phrase``: a suit, an end, a contract) in the narrator's
        language."""
        return self.speaks().said(phrase)

    def counted(self, count: int, one: str, many: str, **values: Any) -> str:
        """The form of ``one``/``many`` (English singular and plural) that ``count`` takes in the narrator's
        language, with ``count`` and ``values`` filled in: ``n.counted(2, "{count} tile", "{count} tiles")``
        (``python -m bot.i18n`` reads the two as one text with plural forms)."""
        return translate_n(count, one, many, self.speaks(), **values)

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
        return agree(people, one, many, self.speaks(), **values)

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
    def marks(self) -> bool:
        """True when the game is scored in marks (Texas 42 and Seventy-Nine by a house rule)."""
        return self.words.in_marks(self.options)

    def bid_words(self, amount: int | None) -> str:
        """A bid in words (Texas marks bidding says the marks: ``84 (2 marks)``)."""
        if amount is None:
            return "?"
        mark = self.words.marks_bid
        if mark is not None and self.marks() and amount >= mark:
            return f"{amount} ({self.counted(amount // mark, '{count} mark', '{count} marks')})"
        return str(amount)

    def dealer_role(self) -> str:
        """What the rotating dealer seat does: deals, or leads in a game without a dealer (Black Tile)."""
        return self.t(self.words.dealer_role)

    def total_words(self, total: int) -> str:
        """A side's match total in words."""
        if self.marks():
            return self.counted(total, "{count} mark", "{count} marks")
        return self.counted(total, *self.words.total)

    # ----- the sentences -------------------------------------------------------------------------------------------
    def event(self, event: Event | Mapping[str, Any]) -> str:
        """An event in words (a typed event, or its JSON form from a view's log)."""
        return event_sentence(self, event if isinstance(event, Event) else parse_event(event))

    def prompt(self, prompt: Prompt | Mapping[str, Any] | None) -> str:
        """What the game awaits, in words (a typed prompt or its JSON form from a view)."""
        if prompt is None:
            return ""
        if not isinstance(prompt, Prompt):
            prompt = parse_prompt(prompt)
        text = prompt_sentence(self, prompt)
        if prompt.cross:
            text += " " + self.t("The cross comes first: a six on a free side of the 6-6.")
        return text

    def outcome(self, outcome: Outcome, event: Event | None = None) -> str:
        """How a round or a match ended, in words (``event``: the event that told it, where it says more)."""
        return _outcome_words(self, outcome, event)

    def unit(self) -> str:
        """What the game's score counts: ``points``, ``marks``, ``chips`` or ``penalty points``."""
        return self.t("marks") if self.marks() else self.t(self.words.unit)

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
            parts.append(self.t(self.words.scored, unit=unit.capitalize(), list=scored))
        parts.append(self.t("Totals: {list}.", list=", ".join(f"{self.side(r.side)} {r.total}" for r in sides)))
        if recap.match is not None:
            parts.append(_outcome_words(self, recap.match))
        return " ".join(p for p in parts if p)

    def standings(self, outcome: Outcome) -> str:
        """The final standings in one line: the winner and every side's total, best first."""
        spec = catalogue().get(self.game)
        lowest = spec is not None and spec.lowest_wins
        points = outcome.points
        order = sorted(range(len(points)), key=lambda s: (s not in outcome.sides, points[s] if lowest else -points[s]))
        winner = " & ".join(self.side(s) for s in outcome.sides)
        head = (self.agree(sum(self.people(s) for s in outcome.sides), "{name} won the match.",
                           "{names} won the match.", name=winner, names=winner) if winner
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
    if n.words.winners_lead is not None:
        one, many = n.words.winners_lead
        winners = n.seat_list(recap.outcome.winners)
        return (n.agree(len(recap.outcome.winners), one, many, name=winners, names=winners)
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
        return n.agree(len(winners), "The session ends: {names} holds the most chips ({count}).",
                       "The session ends: {names} hold the most chips ({count}).", names=names, count=best)
    if why == Termination.TARGET_REACHED:
        return _match_won(n, outcome, event)
    return _round_words(n, outcome)


def _match_won(n: Narrator, outcome: Outcome, event: Event | None) -> str:
    if not outcome.sides:
        return n.t("The match is over: nobody won.")
    return n.words.match_won(n, outcome, event)


#: Why a round or hand was won, said of one winner (``{name}``) and of several (``{names}``): the verb agrees.
_ROUND_WHY: dict[Termination, tuple[str, str]] = {
    Termination.DOMINO: N_("{name} went out", "{names} went out"),
    Termination.BLOCKED: N_("{name} won the blocked round", "{names} won the blocked round"),
    Termination.TRICKS: N_("{name} won the hand", "{names} won the hand"),
    Termination.BID_MADE: N_("{name} made the bid", "{names} made the bid"),
    Termination.BID_SET: N_("{name} set the bidders", "{names} set the bidders"),
    Termination.SHOWDOWN: N_("{name} won the showdown", "{names} won the showdown"),
    Termination.FOLDED: N_("{name} won: everyone else folded", "{names} won: everyone else folded"),
}
_WON = N_("{name} won", "{names} won")


def _round_words(n: Narrator, outcome: Outcome) -> str:
    if outcome.termination == Termination.THROWN_IN:
        return n.t("Hand {number} was thrown in.", number=outcome.round)
    if not outcome.sides:
        return n.t("Round {number}: the round is blocked and nobody scores.", number=outcome.round)
    names = n.t(" and ").join(n.side(s) for s in outcome.sides)
    gained = ", ".join(f"{n.side(s)} {p:+d}" for s, p in enumerate(outcome.points) if p)
    which = n.t(n.words.round_word)
    one, many = _ROUND_WHY.get(outcome.termination, _WON)
    won = n.agree(sum(n.people(s) for s in outcome.sides), one, many, name=names, names=names)
    text = f"{which} {outcome.round}: {won}"
    return f"{text} ({gained})." if gained else f"{text}."


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


def option_label(name: str, locale: Locale = None) -> str:
    """A house rule's name for players (``muggins_no_voluntary_draw`` -> ``No drawing by choice``), in the locale's
    language."""
    label = OPTION_LABELS.get(name)
    return translate(label, locale) if label else name.replace("_", " ").capitalize()


def option_value_words(name: str, value: Any, locale: Locale = None) -> str:
    """An option's value for players: ``on``/``off`` for flags, words for codes (``d12sum13``), in the locale's
    language."""
    text = ("on" if value else "off") if isinstance(value, bool) else str(value)
    words = VALUE_WORDS.get((name, text.lower()))
    if words is not None:
        return translate(words, locale)
    if name == "pass_direction" and text in PASS_DIRECTIONS:
        return phrase_in(PASS_DIRECTIONS[text], locale)
    return translate(text, locale) if isinstance(value, bool) else text


def your_prompt(narrator: Narrator, prompt: Prompt | Mapping[str, Any] | None, seat: int) -> str:
    """What the game awaits, in words for ``seat`` reading its own hand: the second person when it is that seat's
    decision ("Bid 30 to 42, or pass."), the narrator's words otherwise."""
    if prompt is None:
        return ""
    if not isinstance(prompt, Prompt):
        prompt = parse_prompt(prompt)
    mine = prompt.seat == seat or (prompt.seat is None and prompt.seats == (seat,))
    text = your_prompt_sentence(narrator, prompt) if mine else None
    if text is None:
        return narrator.prompt(prompt)
    return text + (" " + narrator.t("The cross comes first: a six on a free side of the 6-6.") if prompt.cross
                   else "")
