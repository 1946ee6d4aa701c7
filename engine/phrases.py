"""Words for players as data (issues 14 and 29): a message id (an English template) and its values, so the edge says
them in any language without the engine knowing one. The engine, the bot and the adapters all carry deferred words
this way: a move's label, why a game cannot start, why a move or a request was refused.

A game's :meth:`engine.game.Game.phrase` says an action this way: ``Phrase("{tile} on the {end}", tile="6-4",
end=ARM_WORDS["E"])``. A short word that reads one way in English and must be told apart for a translator carries a
context (gettext's ``msgctxt``: :func:`in_context`), a text with a count its plural (``msgid_plural``:
:func:`counted`). :meth:`Phrase.said` gives a phrase through a set of gettext translations (the standard library's
``gettext.GNUTranslations``, which render/language.py compiles from each catalogue), translating the template and
each nested phrase; ``str()`` is the English (``gettext.NullTranslations``). The texts are marked for the catalogues
by being written as ``Phrase("...")``, ``in_context("...", "...")`` and ``counted(n, "...", "...")`` literals
(``python -m bot.i18n check`` reads them).

>>> right = in_context("end of the line", "right")
>>> label = Phrase("{tile} on the {end}", tile="6-4", end=right)
>>> str(label)
'6-4 on the right'
>>> str(counted(2, "Exchange {count} tile", "Exchange {count} tiles"))
'Exchange 2 tiles'
"""

from __future__ import annotations

import gettext
from typing import Any, Protocol


class Translations(Protocol):
    """What :meth:`Phrase.said` needs of a language: gettext's four lookups (``gettext.NullTranslations`` has them)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str: ...

    def pgettext(self, context: str, message: str, /) -> str: ...

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int, /) -> str: ...


#: The source language: every text is its own translation, 1 is singular.
ENGLISH: Translations = gettext.NullTranslations()


class Phrase:
    """A message id (``str.format`` fields) and its values: numbers and tiles as they are, nested :class:`Phrase`
    values said with it. ``context``: the sense of a short text (``msgctxt``); ``plural`` and ``count``: the English
    plural and the number that picks the form (``msgid_plural``; ``{count}`` is filled in)."""

    __slots__ = ("context", "count", "plural", "text", "values")

    def __init__(self, text: str, /, **values: Any) -> None:
        self.text = text
        self.values = values
        self.context: str | None = None
        self.plural: str | None = None
        self.count = 0

    def __str__(self) -> str:
        return self.said(ENGLISH)

    def __repr__(self) -> str:
        context = f", context={self.context!r}" if self.context is not None else ""
        plural = f", plural={self.plural!r}, count={self.count}" if self.plural is not None else ""
        return f"Phrase({self.text!r}, {self.values!r}{context}{plural})"

    def _key(self) -> tuple[Any, ...]:
        return self.text, self.context, self.plural, self.count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self._key(), self.values) == (other._key(), other.values)

    def __hash__(self) -> int:
        return hash((self._key(), tuple(sorted((k, str(v)) for k, v in self.values.items()))))

    def said(self, translations: Translations) -> str:
        """The phrase in a language (``translations``: its gettext translations; a text it lacks stays English)."""
        values = {name: value.said(translations) if isinstance(value, Phrase) else value
                  for name, value in self.values.items()}
        if self.plural is not None:
            values["count"] = self.count
            template = (translations.ngettext(self.text, self.plural, self.count) if self.context is None else
                        translations.npgettext(self.context, self.text, self.plural, self.count))
        else:
            template = (translations.gettext(self.text) if self.context is None else
                        translations.pgettext(self.context, self.text))
        return template.format(**values) if values else template


def in_context(context: str, text: str, /, **values: Any) -> Phrase:
    """A phrase whose text is told apart by its sense (``msgctxt``): ``in_context("move", "Pass")``."""
    phrase = Phrase(text, **values)
    phrase.context = context
    return phrase


def counted(count: int, one: str, many: str, /, **values: Any) -> Phrase:
    """A phrase with a count: ``one`` and ``many`` are the English singular and plural (each with ``{count}``), and
    each language picks its own form for ``count`` (``msgid_plural``)."""
    phrase = Phrase(one, **values)
    phrase.plural, phrase.count = many, count
    return phrase


def Word(text: str, /) -> Phrase:  # named as the type it once was: a word said in the players' language
    """A word for players that is a message id as it stands (a game's title): no fields to fill in."""
    return Phrase(text)


def capital(text: str) -> str:
    """A label starts with a capital letter (``sixes are trumps`` -> ``Sixes are trumps``)."""
    return text[:1].upper() + text[1:]
