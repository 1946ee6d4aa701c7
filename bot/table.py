"""A table as the service holds it in memory: its stored row, the running game, and its lock and tasks."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.storage import COMPUTER_LEVELS, DEFAULT_LEVEL, Seat, TableRow
from engine import Game, GameSpec, catalogue
from engine.ai import Player
from engine.ai.search import SEARCHED_FAMILIES
from engine.errors import BadOption
from engine.phrases import Phrase
from render.language import Language, Locale, _, phrase_in
from render.words import Narrator


class TableStatus(StrEnum):
    """Where a table is in its life: a lobby, a game being played, or closed (finished, or abandoned early)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def is_open(self) -> bool:
        """True for a lobby or a game being played (the tables a process keeps in memory)."""
        return self in (TableStatus.LOBBY, TableStatus.PLAYING)


class TableError(Exception):
    """A request the table refuses; the reason is shown to the member who asked (ephemerally), in their language.

    The reason is words given as data, the type the engine's errors and move labels use (``engine.phrases.Phrase``):
    ``TableError(_("English {value}"), value=...)`` makes one of a message id (marked for the catalogues) and its
    values, each value that is words itself (a Phrase: why a game cannot start, a game's title) said with it;
    ``TableError(phrase)`` carries one made elsewhere (an engine error's :attr:`~engine.errors.DominoError.phrase`).
    """

    def __init__(self, message: str | Phrase = "", **values: Any) -> None:
        self.phrase = message if isinstance(message, Phrase) else Phrase(message, **values)
        super().__init__(str(self.phrase))

    def said(self, locale: Language) -> str:
        """The refusal in ``locale``'s language (render/language.py)."""
        return phrase_in(self.phrase, locale)


class StaleClick(TableError):
    """The button was drawn for a state that has moved on (or was pressed twice)."""

    def __init__(self, message: str = _("That move is no longer current."), **values: Any) -> None:
        super().__init__(message, **values)


class NotAllowed(TableError):
    """The member may not do this here (not seated, not their turn, not the host...)."""


class NoSuchTable(TableError):
    """The table id is unknown or the table is closed."""

    def __init__(self, message: str = _("This table is closed."), **values: Any) -> None:
        super().__init__(message, **values)


def computer_levels(spec: GameSpec) -> list[str]:
    """The levels offered for a game: ``strong`` only where the search player searches (elsewhere it would play
    exactly as ``normal``)."""
    return [level for level in COMPUTER_LEVELS if level != "strong" or spec.family in SEARCHED_FAMILIES]


#: The families where Strong thinks within the 200 ms a move a chat game affords (benchmarks/README.md: wall time
#: p95 152 ms in partnership Block, 159-168 ms in Texas 42, Seventy-Nine, Euchre and Black Tile, which search only
#: the play of tricks, 151 ms in Domino Poker's bets).
STRONG_BY_DEFAULT = frozenset({"line", "trick", "poker"})


def default_level(spec: GameSpec) -> str:
    """The level of the first computer added to a table: Strong where it offers it within the time budget."""
    return "strong" if "strong" in computer_levels(spec) and spec.family in STRONG_BY_DEFAULT else DEFAULT_LEVEL


@dataclass
class Table:
    """One lobby or game: the stored row (always what the database holds) plus what lives only in memory."""

    row: TableRow
    game: Game | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # (version made, seat, seats awaited before) of each action applied since the game started or was reloaded
    acted: list[tuple[int, int, tuple[int, ...]]] = field(default_factory=list)
    started_version: int = 0
    driver: asyncio.Task[None] | None = None
    timers: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    players: dict[int, Player] = field(default_factory=dict)
    invited: list[int] = field(default_factory=list)  # members /play invited: mentioned once, in the lobby message
    # When its saves began failing, once they have failed for UNSAVED_AFTER seconds (bot/store.py): its message says
    # that the table cannot be saved right now; None once a save succeeds again.
    unsaved_since: float | None = None

    # ----- stored facts -----------------------------------------------------------------------------------------
    @property
    def id(self) -> int:
        """The table id (in button custom ids and logs)."""
        return self.row.id

    @property
    def status(self) -> TableStatus:
        """Lobby, playing, finished or abandoned."""
        return TableStatus(self.row.status)

    @property
    def version(self) -> int:
        """Incremented by every change; buttons carry the version they were drawn for."""
        return self.row.version

    @property
    def spec(self) -> GameSpec:
        """The catalogue entry of the game played here."""
        return catalogue()[self.row.game]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats in order (seat 0 first)."""
        return self.row.seats

    @property
    def names(self) -> list[str]:
        """Each seat's display name."""
        return [seat.name for seat in self.seats]

    @property
    def host_id(self) -> int:
        """The member who opened the table."""
        return self.row.host_id

    def seat_of(self, user_id: int) -> int | None:
        """The seat of member ``user_id``, or None for a spectator."""
        for index, seat in enumerate(self.seats):
            if seat.user_id == user_id:
                return index
        return None

    def reserved(self) -> list[int]:
        """The seats of a rematch lobby still kept for members who have not confirmed them."""
        return [index for index, seat in enumerate(self.seats) if seat.reserved]

    def is_current(self, seat: int, version: int) -> bool:
        """A click drawn at ``version`` is current for ``seat`` when nothing changed since, or when only other seats
        acted since (and this seat is still awaited): several seats choosing at once must not spoil each other's
        buttons."""
        if version == self.version:
            return True
        if version > self.version or version < self.started_version:
            return False
        later = [(s, awaited) for v, s, awaited in self.acted if v > version]
        return bool(later) and seat in later[0][1] and all(s != seat for s, _ in later)

    def is_automatic(self, seat: int) -> bool:
        """True when a computer player makes this seat's moves (a computer seat, or a seat set to Run)."""
        seats = self.seats
        return seat >= len(seats) or seats[seat].computer or seat in self.row.autopilot

    @property
    def max_seats(self) -> int:
        """The most players this game allows."""
        return max(self.spec.seats)

    def start_problem(self) -> Phrase | None:
        """Why the game cannot start with these seats and options, in words (a phrase the engine gave, to be said in
        any language: render.language.phrase_in); None when it can."""
        spec, count = self.spec, len(self.row.seats)
        try:
            values = spec.validate(count, self.row.options)
            factory: Any = spec.factory
            factory.check_options(count, values)
        except BadOption as error:
            return error.phrase
        return None

    def sides(self) -> list[list[int]] | None:
        """The partnerships (seat lists) when the game is played in teams with these seats, else None."""
        if self.game is not None:
            sides = [list(s) for s in self.game.sides]
        elif self.start_problem() is None:
            from engine import new_game

            sides = [list(s) for s in new_game(self.row.game, len(self.row.seats), 0, self.row.options).sides]
        else:
            return None
        return sides if any(len(side) > 1 for side in sides) else None

    def narrator(self, names: list[str] | None = None, language: Locale = None) -> Narrator:
        """The table's words: its game's events and prompts with ``names`` (default the seats' names) for seats;
        recaps and standings in ``language`` (render/language.py; None: English)."""
        sides = self.game.sides if self.game is not None else None
        return Narrator(self.row.game, self.names if names is None else names, sides, self.row.options, language)
