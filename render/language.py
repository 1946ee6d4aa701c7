"""Languages (issue 14): one gettext catalogue per language, English the source.

``render/locales/<language>.po`` holds each English text (``msgid``) with its translation (``msgstr``). The catalogues
are read with Babel (pure Python, so nothing is compiled at install) when first needed. This module is the low layer
that the pictures (render), the messages (cogs) and the bot's commands (bot/i18n.py) all read; it imports neither
Discord nor Pillow.

Discord names a member's language (``interaction.locale``) and a server's (``guild.preferred_locale``) by locale:
:func:`language_of` maps them onto the catalogues (``es-ES`` and ``es-419`` both read ``es``). Anything without a
catalogue, or a text a catalogue lacks, stays English.

Texts are marked where they are written, so ``python -m bot.i18n check`` finds every one of them (Babel's extractor
reads the source): ``translate("English {value}", locale, value=...)`` where the language is known, and
``_("English")`` for a text kept in a table and translated later.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from engine.phrases import capital

LOCALES = Path(__file__).resolve().parent / "locales"
#: The languages with a catalogue, and the Discord locale codes that read each.
LANGUAGES: dict[str, tuple[str, ...]] = {"es": ("es-ES", "es-419")}


def language_of(locale: Any) -> str | None:
    """The catalogue for a Discord locale (a ``discord.Locale`` or its code: ``es-ES`` -> ``es``), or None for
    English and the languages we lack."""
    if locale is None:
        return None
    value = str(getattr(locale, "value", locale))
    if value in LANGUAGES:
        return value
    for language, codes in LANGUAGES.items():
        if value in codes or value.split("-")[0] == language:
            return language
    return None


@cache
def catalogue(language: str) -> dict[str, str]:
    """A language's translations by English text (only the translated ones)."""
    with (LOCALES / f"{language}.po").open("rb") as source:
        read = read_po(source, locale=language)
    return {str(m.id): str(m.string) for m in read if m.id and isinstance(m.id, str) and m.string}


def translate(text: str, locale: Any, **values: Any) -> str:
    """``text`` in the locale's language (English when it has no translation), then ``format``-ted with
    ``values``. ``locale`` may also be a language (``"es"``)."""
    language = language_of(locale)
    translated = catalogue(language).get(text, text) if language else text
    return translated.format(**values) if values else translated


def agree(people: int, one: str, many: str, locale: Any, **values: Any) -> str:
    """``one`` where a sentence's subject is one person, else ``many``, translated as :func:`translate` does. An
    English verb may read the same either way ("Ann won", "Ann & Cy won"), a Spanish one agrees ("Ana ganó", "Ana &
    Cy ganaron"), so the two are separate texts: by custom ``one`` names its subject ``{name}`` and ``many``
    ``{names}``, and both are given the same ``values``."""
    return translate(one if people == 1 else many, locale, **values)


#: The language a picture is being drawn in (set by the render functions' ``language`` argument).
LANGUAGE: ContextVar[str | None] = ContextVar("language", default=None)


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Draw (or say) everything inside in ``language``."""
    token = LANGUAGE.set(language)
    try:
        yield
    finally:
        LANGUAGE.reset(token)


def say(text: str, **values: Any) -> str:
    """``text`` in the language being drawn in (:func:`speaking`), filled in with ``values``."""
    return translate(text, LANGUAGE.get(), **values)


def phrase_in(phrase: Any, locale: Any) -> str:
    """Words the engine gives as data (an ``engine.phrases.Phrase``: a move's label, why a game cannot start) in the
    locale's language."""
    language = language_of(locale)
    return phrase.said(catalogue(language).get) if language else str(phrase)


def label_in(phrase: Any, locale: Any) -> str:
    """A move's label (a phrase) in the locale's language, with a capital first, as ``Game.describe`` gives it."""
    return capital(phrase_in(phrase, locale))


_COMPUTER = re.compile(r"Computer (\d{1,2})")


def display_name(name: str, locale: Any = None) -> str:
    """A seat's name as players read it: a computer seat, stored as ``Computer N`` (bot/lobby.py), in the locale's
    language (``Ordenador N``); any other name as it is. ``locale`` None: the language being drawn in.

    >>> display_name("Computer 2", "es"), display_name("Ann", "es"), display_name("Computer 2")
    ('Ordenador 2', 'Ann', 'Computer 2')
    """
    found = _COMPUTER.fullmatch(name)
    if found is None:
        return name
    return translate("Computer {number}", LANGUAGE.get() if locale is None else locale, number=int(found.group(1)))


def _(text: str) -> str:
    """Mark a text for the catalogues where it is written (a table of labels), to be translated where it is shown."""
    return text
