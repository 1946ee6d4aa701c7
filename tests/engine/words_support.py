"""The words players read for a game's events and prompt, as the bot and the pictures make them (render/words.py),
with the default seat names (``Seat 1``...)."""

from __future__ import annotations

from engine import Game
from engine.events import Event
from render.words import Narrator


def text(game: Game, event: Event) -> str:
    """``event`` of ``game`` in words."""
    return Narrator.of_game(game).event(event)


def prompt(game: Game) -> str:
    """What ``game`` awaits, in words."""
    return Narrator.of_game(game).prompt(game.prompt())
