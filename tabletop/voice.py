"""The words at the terminal table: the bot's own (``render.words``, ``render.language``), in one language.

Events, prompts, outcomes and moves are said by the bot's narrator and the engine's phrases; the few words of the
terminal's own frame ("Your choice") are English texts looked up in the same catalogues, so ``--lang es`` says
everything in Spanish.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.game import Game
from engine.phrases import Phrase
from render.language import label_in, phrase_in, translate, translate_n
from render.words import Narrator


class Voice:
    """Says things in one language (None: English), with ``you`` marking the seat played at the terminal."""

    def __init__(self, language: str | None = None, you: int | None = None) -> None:
        self.language = language
        self.you = you

    def t(self, text: str, **values: Any) -> str:
        """``text`` in the table's language, filled in with ``values``."""
        return translate(text, self.language, **values)

    def said(self, phrase: Phrase) -> str:
        """Words given as data (an ``engine.phrases.Phrase``: a suit, an end, a move) in the table's language."""
        return phrase_in(phrase, self.language)

    def word(self, text: str | Phrase) -> str:
        """A word in the table's language, given as text (a message id) or as a phrase (an end of the line)."""
        return self.said(text) if isinstance(text, Phrase) else self.t(text)

    def counted(self, count: int, one: str, many: str, **values: Any) -> str:
        """The form of ``one``/``many`` that ``count`` takes in the table's language (its plural forms)."""
        return translate_n(count, one, many, self.language, **values)

    def seat(self, seat: int) -> str:
        """A seat's name: ``Seat 2``, and ``Seat 1 (you)`` for the seat played here."""
        name = self.t("Seat {number}", number=seat + 1)
        return f"{name} ({self.t('you')})" if seat == self.you else name

    def names(self, seats: int) -> list[str]:
        """Every seat's name."""
        return [self.seat(seat) for seat in range(seats)]

    def narrator(self, game: Game) -> Narrator:
        """The bot's narrator for ``game``, with these seats' names and this language."""
        return Narrator(game.key, self.names(game.seats), game.sides, game.options, self.language)

    def move(self, game: Game, action: Action) -> str:
        """A legal move in words, as the bot's buttons label it."""
        return label_in(game.phrase(action), self.language)
