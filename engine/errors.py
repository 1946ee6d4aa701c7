"""Typed engine errors, each with a message a player can read in any language: the engine raises them with a
:class:`~engine.phrases.Phrase` (``str()`` of the error is its English; :attr:`DominoError.phrase` is the phrase, for
the edge to say in the player's language)."""

from __future__ import annotations

from engine.phrases import Phrase


class DominoError(Exception):
    """Base class of every error the engine raises on purpose."""

    @property
    def phrase(self) -> Phrase:
        """What went wrong, as words to say in any language (a message given as plain text stays as it is)."""
        reason = self.args[0] if self.args else ""
        return reason if isinstance(reason, Phrase) else Phrase(str(reason))


class IllegalAction(DominoError, ValueError):
    """The action is not one of the legal actions now; the game is unchanged."""


class InvalidAction(IllegalAction):
    """Not an action at all: text that does not read as one (``parse_action``), or an object that is not an
    :class:`~engine.actions.Action`. python-chess tells its ``InvalidMoveError`` from ``IllegalMoveError`` the same
    way; here the invalid kind is also an :class:`IllegalAction`, so one ``except IllegalAction`` refuses every bad
    move."""


class NotYourTurn(IllegalAction):
    """A seat tried to act while the game awaits someone else."""


class GameOver(IllegalAction):
    """An action arrived after the match had ended."""


class BadOption(DominoError, ValueError):
    """An unknown game, an unsupported seat count, or an unknown or out-of-range option."""


class NoSuchSeat(DominoError, ValueError):
    """A seat that does not exist at this table (a negative number, one past the last seat, not a whole number)."""


class CorruptState(DominoError, ValueError):
    """A saved game could not be read back: malformed, unknown version, or its actions do not replay."""
