"""Typed engine errors, each with a message a player can read."""

from __future__ import annotations


class DominoError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalAction(DominoError, ValueError):
    """The action is not one of the legal actions now; the game is unchanged."""


class NotYourTurn(IllegalAction):
    """A seat tried to act while the game awaits someone else."""


class GameOver(IllegalAction):
    """An action arrived after the match had ended."""


class BadOption(DominoError, ValueError):
    """An unknown game, an unsupported seat count, or an unknown or out-of-range option."""


class CorruptState(DominoError, ValueError):
    """A saved game could not be read back: malformed, unknown version, or its actions do not replay."""
