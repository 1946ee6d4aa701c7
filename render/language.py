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
``_("English")`` for a text kept in a table and translated later. A text with a count has a form per plural form of
each language (``msgid_plural``, the catalogue's ``Plural-Forms``): ``translate_n(count, "{count} tile",
"{count} tiles", locale)`` picks the one the count needs, as ``gettext.ngettext`` does.

Each catalogue is compiled in memory into a real :class:`gettext.GNUTranslations` the first time it is needed
(Babel writes the compiled form into a buffer), so there is no compile step at install.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine.phrases import Phrase, capital

LOCALES = Path(__file__).resolve().parent / "locales"
#: The languages with a catalogue, and the Discord locale codes that read each.
LANGUAGES: dict[str, tuple[str, ...]] = {"es": ("es-ES", "es-419"), "pt_BR": ("pt-BR",)}


def language_of(locale: Any) -> str | None:
    """The catalogue for a Discord locale (a ``discord.Locale`` or its code: ``es-ES`` -> ``es``), or None for
    English and the languages we lack."""
    if locale is None:
        return None
    value = str(getattr(locale, "value", locale))
    if value in LANGUAGES:
        return value
    for language, codes in LANGUAGES.items():
        if value in codes or value.split("-")[0] == language.split("_")[0]:
            return language
    return None


@cache
def read_catalogue(language: str) -> Catalog:
    """A language's catalogue as Babel reads it (``render/locales/<language>.po``)."""
    with (LOCALES / f"{language}.po").open("rb") as source:
        return read_po(source, locale=language)


@cache
def catalogue(language: str) -> dict[str, str]:
    """A language's translations by English text (only the translated ones); a text with plural forms is found
    by its singular and its plural, each giving its first and last form."""
    found: dict[str, str] = {}
    for message in read_catalogue(language):
        if isinstance(message.id, str) and message.id and isinstance(message.string, str) and message.string:
            found[message.id] = message.string
        elif isinstance(message.id, tuple) and isinstance(message.string, tuple) and all(message.string):
            found[message.id[0]], found[message.id[1]] = message.string[0], message.string[-1]
    return found


@cache
def translations(language: str | None) -> gettext.NullTranslations:
    """A language's catalogue compiled in memory into a :class:`gettext.GNUTranslations` (English, the source
    language, is a ``NullTranslations``: every text is its own translation, ``1`` is singular)."""
    if language is None:
        return gettext.NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, read_catalogue(language))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def translate(text: str, locale: Any, **values: Any) -> str:
    """``text`` in the locale's language (English when it has no translation), then ``format``-ted with
    ``values``. ``locale`` may also be a language (``"es"``)."""
    translated = translations(language_of(locale)).gettext(text)
    return translated.format(**values) if values else translated


def translate_p(context: str, text: str, locale: Any, **values: Any) -> str:
    """``text`` in the sense ``context`` gives it (``gettext.pgettext``): a short English word that reads one way
    in English and must be told apart for a translator ("Run" the computer for me, not run away), then
    ``format``-ted with ``values``."""
    translated = translations(language_of(locale)).pgettext(context, text)
    return translated.format(**values) if values else translated


def translate_n(count: int, one: str, many: str, locale: Any, **values: Any) -> str:
    """The form of ``one``/``many`` (English singular and plural, each marked with ``{count}``) that ``count``
    takes in the locale's language (``gettext.ngettext``: the catalogue's ``Plural-Forms`` picks among its forms),
    filled in with ``count`` and ``values``."""
    return translations(language_of(locale)).ngettext(one, many, count).format(count=count, **values)


def agree(people: int, one: str, many: str, locale: Any, **values: Any) -> str:
    """``one`` where a sentence's subject is one person, else ``many``, translated as :func:`translate_n` does
    (the number of people picks the plural form). An English verb may read the same either way ("Ann won", "Ann &
    Cy won"), a Spanish one agrees ("Ana ganó", "Ana & Cy ganaron"), so the two are one plural text: by custom
    ``one`` names its subject ``{name}`` and ``many`` ``{names}``, and both are given the same ``values``."""
    return translations(language_of(locale)).ngettext(one, many, people).format(**values)


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


def say_n(count: int, one: str, many: str, **values: Any) -> str:
    """The form of ``one``/``many`` that ``count`` takes in the language being drawn in (:func:`translate_n`)."""
    return translate_n(count, one, many, LANGUAGE.get(), **values)


def phrase_in(phrase: Phrase, locale: Any) -> str:
    """Words given as data (an ``engine.phrases.Phrase``: a move's label, a suit, why a game cannot start or a
    request was refused) in the locale's language."""
    return phrase.said(translations(language_of(locale)))


def said(phrase: Phrase) -> str:
    """Words given as data (an ``engine.phrases.Phrase``) in the language being drawn in (:func:`speaking`)."""
    return phrase.said(translations(LANGUAGE.get()))


def label_in(phrase: Phrase, locale: Any) -> str:
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


def N_(one: str, many: str) -> tuple[str, str]:  # gettext's customary name for a deferred plural
    """Mark a text with a count (its English singular and plural) where it is written, to be said with
    :func:`translate_n` where the count is known."""
    return one, many
