"""Words for players as data (issue 14): an English template and its values, so the edge can say them in another
language without the engine knowing any.

A game's :meth:`engine.game.Game.phrase` says an action this way: ``Phrase("{tile} on the {end}", tile="6-4",
end=Word("right"))``. ``str()`` of a phrase is its English; :meth:`Phrase.said` gives it in another language through
a translating function (``render.language.translate``), which translates the template, each :class:`Word` value and
each nested phrase. The templates are marked for the catalogues by being written as ``Phrase("...")`` literals
(``python -m bot.i18n check`` reads them).

>>> label = Phrase("{tile} on the {end}", tile="6-4", end=Word("right"))
>>> str(label)
'6-4 on the right'
>>> label.said({"{tile} on the {end}": "{tile} a la {end}", "right": "derecha"}.get)
'6-4 a la derecha'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Word(str):
    """A phrase's value that is itself an English word for players (a suit, an end of the line): it is translated
    with the phrase."""

    __slots__ = ()


class Phrase:
    """An English template (``str.format`` fields) and its values: numbers and tiles as they are, :class:`Word` and
    nested :class:`Phrase` values translated with it."""

    __slots__ = ("text", "values")

    def __init__(self, text: str, **values: Any) -> None:
        self.text = text
        self.values = values

    def __str__(self) -> str:
        return self._english()

    def _english(self) -> str:
        if not self.values:
            return self.text
        return self.text.format(**{name: value._english() if isinstance(value, Phrase) else str(value)
                                   for name, value in self.values.items()})

    def __repr__(self) -> str:
        return f"Phrase({self.text!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.text, self.values) == (other.text, other.values)

    def __hash__(self) -> int:
        return hash((self.text, tuple(sorted((k, str(v)) for k, v in self.values.items()))))

    def said(self, translate: Callable[[str], str | None]) -> str:
        """The phrase in another language: ``translate`` gives a text's translation (None or the text itself where
        it has none, which keeps the English)."""
        return self._said(translate)

    def _said(self, translate: Callable[[str], str | None]) -> str:
        def say(text: str) -> str:
            return translate(text) or text

        values = {name: value._said(translate) if isinstance(value, Phrase) else say(value) if isinstance(value, Word)
                  else value for name, value in self.values.items()}
        template = say(self.text)
        return template.format(**values) if values else template


def capital(text: str) -> str:
    """A label starts with a capital letter (``sixes are trumps`` -> ``Sixes are trumps``)."""
    return text[:1].upper() + text[1:]
