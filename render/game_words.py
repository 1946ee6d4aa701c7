"""Each game's own words: who deals, what a player calls when going out, the game's special prompts and units.

Most words are the same in every game (render/words.py). What differs is said here, as python-chess's variants
override a few named hooks of the board: a :class:`GameWords` holds a family's words (a line game says "Round 3",
a trick game "Hand 3", poker counts chips), and a game whose words differ from its family's has its own
:class:`GameWords`, naming the game by its key as the game's ``SPEC`` does in ``engine/games/``.
:func:`words_for` finds a game's words the way the engine's registry finds its rules, so the words module never
asks which game it is narrating.

The texts are English, marked with ``_`` for the catalogues and said in the narrator's language where they are
used; a call when going out (``Bergen!``) is a name, said as it is in every language (RULES 2.8).

>>> words_for("bergen").out_call, words_for("draw").out_call
('Bergen!', 'Domino!')
>>> words_for("black_tile").dealer_role, words_for("euchre").dealer_role
('leads', 'deals')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from engine.events import Event, Outcome, Prompt
from engine.game import GameSpec
from engine.games.texas42 import LIMIT as MARK_BID
from engine.registry import catalogue
from render.language import LANGUAGE, N_, _, agree, say

if TYPE_CHECKING:
    from collections.abc import Mapping

    from render.words import Narrator

__all__ = ["NUMBER_WORDS", "BingoWords", "GameWords", "LineWords", "PokerWords", "TrickWords", "words_for"]

#: Small counts in words (poker deals five tiles each; the draw closes with up to three exchanged).
NUMBER_WORDS = {1: _("one"), 2: _("two"), 3: _("three"), 4: _("four"), 5: _("five")}


@dataclass(frozen=True)
class GameWords:
    """The words a game says its own way; the defaults are those of a game played in hands (a trick game's).

    ``key``: the game these words are for ("" for a family's words); ``family``: the family whose game it is.
    Each other field is an English text marked for the catalogues (``{name}`` a seat's name, ``{tile}`` a tile).
    """

    key: str = ""
    family: str = ""
    #: What a hand is called in a recap's title and outcome ("Hand 3"), and a recap's tally of it.
    round_word: str = _("Hand")
    #: The title of what is shown under a table once a hand ends (a whole text: the noun's gender varies by language).
    round_over: str = _("Hand over")
    scored: str = _("{unit} this hand: {list}.")
    #: A recap picture's column of the points of the hand, and the standings' column of the totals.
    hand_column: str = _("This hand")
    standings_column: str = _("Total")
    #: True where a recap counts each side's tricks.
    counts_tricks: bool = False
    #: What the rotating dealer seat does ("Hand 2: Ann deals."): a game without a dealer has that seat lead.
    dealer_role: str = _("deals")
    #: What a player calls when going out (RULES 2.8): a name, not translated.
    out_call: str = "Domino!"
    #: A play that names no end and no suit (a line game's first tile).
    opened: str = _("{name} played {tile}.")
    #: A seat that cannot play passes, in the third person (the event and the prompt) and the second.
    passed: str = _("{name} passed.")
    must_pass: str = _("{name} cannot play and must pass.")
    your_must_pass: str = _("You cannot play: pass.")
    #: A hand in which nobody scores, and one that everyone passed.
    nobody_scores: str = _("Nobody scores this round.")
    thrown_in: str = _("Everyone passed: the hand is thrown in and the deal passes left.")
    #: What the score counts and a winning total in words (the marks, where the game is scored in marks, aside).
    unit: str = _("points")
    total: tuple[str, str] = N_("{count} point", "{count} points")
    #: The house rule that scores the game in marks ("" where there is none), and the bid from which bids are
    #: said in marks too (None: never).
    marks_option: str = ""
    marks_bid: int | None = None
    #: A recap's first sentence said of the hand's winners (one, several), where the game's score says it best.
    winners_lead: tuple[str, str] | None = None
    #: True where the standings count the hands each side won (not where chips rank, nor in a solitaire).
    counts_hands_won: bool = True

    def winner_heading(self, people: int, winner: str, cleared: bool) -> str:
        """The standings' heading: who won (``winner``, ``people`` of them; ``cleared``: someone did)."""
        return agree(people, "Winner: {name}", "Winners: {names}", LANGUAGE.get(), name=winner, names=winner)

    def in_marks(self, options: Mapping[str, Any]) -> bool:
        """True when the game is scored in marks with these options."""
        return bool(self.marks_option and options.get(self.marks_option))

    def deal(self, n: Narrator, e: Event) -> str:
        """A deal in words: the hand and who deals it, or the round and the tiles each."""
        if e.seat is not None:
            return n.t("Hand {number}: {name} {role}.", number=e.round, name=n.seat(e.seat), role=n.t(self.dealer_role))
        return n.t("Round {number}: {count} tiles each.", number=e.round, count=e.count)

    def game_over(self, n: Narrator, p: Prompt) -> str:
        """The prompt of a finished game: who won."""
        names = n.seat_list(p.seats)
        return (n.agree(len(p.seats), "Game over: {name} won.", "Game over: {names} won.", name=names,
                        names=names) if p.seats else n.t("Game over: no winner."))

    def match_won(self, n: Narrator, outcome: Outcome, event: Event | None) -> str:
        """A match won by ``outcome.sides`` (at least one), with their totals in words."""
        people = sum(n.people(s) for s in outcome.sides)
        names = n.joined([n.side(s) for s in outcome.sides])
        totals = n.joined(sorted({n.total_words(outcome.points[s]) for s in outcome.sides}))
        return n.agree(people, "{name} won the match with {totals}.", "{names} won the match with {totals}.",
                       name=names, names=names, totals=totals)


@dataclass(frozen=True)
class LineWords(GameWords):
    """A line game's words: it is played in rounds, and a match is won on reaching the target."""

    family: str = "line"
    round_word: str = _("Round")
    round_over: str = _("Round over")
    scored: str = _("{unit} this round: {list}.")
    hand_column: str = _("This round")
    opened: str = _("{name} opened with {tile}.")

    def match_won(self, n: Narrator, outcome: Outcome, event: Event | None) -> str:
        """The first side to the target won: what it reached (the event says it) or its points."""
        side = outcome.sides[0]
        names, people = n.side(side), sum(n.people(s) for s in outcome.sides)
        if event is not None and event.amount is not None:
            return n.agree(people, "{name} reached {amount} and won the match.",
                           "{names} reached {amount} and won the match.", name=names, names=names,
                           amount=event.amount)
        count = outcome.points[side]
        if people == 1:
            return n.counted(count, "{name} won the match with {count} point.",
                             "{name} won the match with {count} points.", name=names)
        return n.counted(count, "{names} won the match with {count} point.",
                         "{names} won the match with {count} points.", names=names)


@dataclass(frozen=True)
class TrickWords(GameWords):
    """A trick game's words: a recap counts the tricks."""

    family: str = "trick"
    counts_tricks: bool = True


@dataclass(frozen=True)
class PokerWords(GameWords):
    """Domino Poker's words: the score is chips, and the dealer deals five tiles each."""

    family: str = "poker"
    hand_column: str = _("Chips")
    standings_column: str = _("Chips")
    unit: str = _("chips")
    counts_hands_won: bool = False

    def deal(self, n: Narrator, e: Event) -> str:
        """The hand, its dealer and how many tiles each player gets, in words."""
        return n.t("Hand {number}: {name} deals {count} tiles each.", number=e.round, name=n.seat(e.seat),
                   count=n.t(NUMBER_WORDS.get(e.count or 0, str(e.count))))


@dataclass(frozen=True)
class BingoWords(GameWords):
    """Bingo's words: a solitaire along a row of tiles, won by clearing it."""

    family: str = "bingo"
    counts_hands_won: bool = False

    def winner_heading(self, people: int, winner: str, cleared: bool) -> str:
        """A solitaire has no one to beat: the row was cleared, or not."""
        return say("Row cleared: {name} wins", name=winner) if cleared else say("The row was not cleared")

    def deal(self, n: Narrator, e: Event) -> str:
        """The row laid out, and how a tile matches the count (either end, or the pip total by the house rule)."""
        if n.options.get("bingo_pip_total"):
            return n.t("{count} tiles in a row. Count from 0; a tile matches on its pip total.", count=e.count)
        return n.t("{count} tiles in a row. Count from 0; a tile matches on either end.", count=e.count)

    def game_over(self, n: Narrator, p: Prompt) -> str:
        """The row cleared (in so many steps), or the game lost."""
        if p.seats:
            return n.t("Bingo! The row is clear: {count} tiles removed in {amount} steps.", count=p.count,
                       amount=p.amount)
        return n.t("Lost: no removal in 13 passes along the row ({count} tiles removed).", count=p.count)


#: Each family's words, for the games that say nothing their own way.
FAMILIES: tuple[GameWords, ...] = (LineWords(), TrickWords(), PokerWords(), BingoWords())

#: The games whose words differ from their family's, each naming itself by its key.
GAMES: tuple[GameWords, ...] = (
    LineWords(key="bergen", out_call="Bergen!"),
    LineWords(key="tiddle_a_wink", out_call="Tiddle-a-Wink!", passed=_("{name} says Gee."),
              must_pass=_("{name} cannot play and must say Gee."), your_must_pass=_("You cannot play: say Gee.")),
    TrickWords(key="texas42", marks_option="texas_marks", marks_bid=MARK_BID),
    TrickWords(key="seventy_nine", marks_option="seventy_nine_marks"),
    TrickWords(key="euchre", thrown_in=_("Everyone passed three turn-ups: the tiles are thrown in and the deal "
                                         "passes left.")),
    TrickWords(key="black_tile", dealer_role=_("leads"), standings_column=_("Penalty"), unit=_("penalty points"),
               total=N_("the lowest total, {count} penalty point", "the lowest total, {count} penalty points"),
               nobody_scores=_("Nobody adds penalty points this hand."),
               winners_lead=N_("{name} took no penalty points.", "{names} took no penalty points.")),
)


def words_for(game: str | GameSpec) -> GameWords:
    """A game's words (by its key or catalogue entry): its own, else its family's; the defaults for a game the
    catalogue does not know."""
    return _words(game.key if isinstance(game, GameSpec) else game)


@cache
def _words(key: str) -> GameWords:
    spec = catalogue().get(key)
    if spec is None:
        return GameWords()
    own = next((words for words in GAMES if words.key == key), None)
    return own or next((words for words in FAMILIES if words.family == spec.family), GameWords())
