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
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any, Protocol

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from engine.phrases import Phrase, capital

LOCALES = Path(__file__).resolve().parent / "locales"
#: The languages with a catalogue, and the Discord locale codes that read each.
LANGUAGES: dict[str, tuple[str, ...]] = {"es": ("es-ES", "es-419"), "pt_BR": ("pt-BR",)}


class Coded(Protocol):
    """A Discord locale (``discord.Locale``: ``interaction.locale``, ``guild.preferred_locale``), known by its code."""

    @property
    def value(self) -> str: ...


@dataclass(frozen=True)
class Language:
    """The language one reader reads: its catalogue (``es``, ``pt_BR``), or None for English, the source.

    Resolved once at the edge (:meth:`of`: a member's Discord locale, a server's, a catalogue's name) and passed down
    to everything that says words for that reader; it says them through the catalogue's gettext translations.

    >>> spanish = Language.of("es-419")
    >>> spanish, spanish.t("Seat {number}", number=2), ENGLISH.t("Seat {number}", number=2)
    (Language(catalogue='es'), 'Asiento 2', 'Seat 2')
    """

    catalogue: str | None = None

    @classmethod
    def of(cls, locale: Locale) -> Language:
        """The language of a Discord locale or a catalogue's name (a language as it is; English for None and for
        the languages without a catalogue)."""
        return locale if isinstance(locale, Language) else cls(language_of(locale))

    @property
    def translations(self) -> gettext.NullTranslations:
        """The catalogue compiled into gettext translations (:func:`translations`)."""
        return translations(self.catalogue)

    def t(self, text: str, **values: Any) -> str:
        """``text`` in this language (English where the catalogue lacks it), filled in with ``values``."""
        return translate(text, self, **values)

    def said(self, phrase: Phrase) -> str:
        """Words given as data (an ``engine.phrases.Phrase``) in this language."""
        return phrase.said(self.translations)


#: English, the source language: every text is its own translation.
ENGLISH = Language()
#: What names a language where words are said: a :class:`Language`, a Discord locale or its code (``es-ES``), a
#: catalogue's name (``es``), or None for English.
Locale = Language | Coded | str | None


def language_of(locale: Locale) -> str | None:
    """The catalogue for a Discord locale (a ``discord.Locale`` or its code: ``es-ES`` -> ``es``) or a language, or
    None for English and the languages we lack."""
    if locale is None:
        return None
    if isinstance(locale, Language):
        return locale.catalogue
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


def translations(language: str | None) -> gettext.NullTranslations:
    """A language's catalogue compiled in memory into a :class:`gettext.GNUTranslations` (English, the source
    language, is a ``NullTranslations``: every text is its own translation, ``1`` is singular)."""
    return compiled(language)  # typed here: the cache's wrapper would let any argument through the type checker


@cache
def compiled(language: str | None) -> gettext.NullTranslations:
    """The compiled catalogue of :func:`translations`, cached (one compilation a language a process)."""
    if language is None:
        return gettext.NullTranslations()
    buffer = BytesIO()
    write_mo(buffer, read_catalogue(language))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def translate(text: str, locale: Locale, **values: Any) -> str:
    """``text`` in the locale's language (English when it has no translation), then ``format``-ted with
    ``values``. ``locale`` may also be a language (``"es"``)."""
    translated = translations(language_of(locale)).gettext(text)
    return translated.format(**values) if values else translated


def translate_p(context: str, text: str, locale: Locale, **values: Any) -> str:
    """``text`` in the sense ``context`` gives it (``gettext.pgettext``): a short English word that reads one way
    in English and must be told apart for a translator ("Run" the computer for me, not run away), then
    ``format``-ted with ``values``."""
    translated = translations(language_of(locale)).pgettext(context, text)
    return translated.format(**values) if values else translated


def translate_n(count: int, one: str, many: str, locale: Locale, **values: Any) -> str:
    """The form of ``one``/``many`` (English singular and plural, each marked with ``{count}``) that ``count``
    takes in the locale's language (``gettext.ngettext``: the catalogue's ``Plural-Forms`` picks among its forms),
    filled in with ``count`` and ``values``."""
    return translations(language_of(locale)).ngettext(one, many, count).format(count=count, **values)


def agree(people: int, one: str, many: str, locale: Locale, **values: Any) -> str:
    """``one`` where a sentence's subject is one person, else ``many``, translated as :func:`translate_n` does
    (the number of people picks the plural form). An English verb may read the same either way ("Ann won", "Ann &
    Cy won"), a Spanish one agrees ("Ana ganó", "Ana & Cy ganaron"), so the two are one plural text: by custom
    ``one`` names its subject ``{name}`` and ``many`` ``{names}``, and both are given the same ``values``."""
    return translations(language_of(locale)).ngettext(one, many, people).format(**values)


#: The language a picture is being drawn in: set only by render's drawing functions from their ``language`` argument
#: (:func:`speaking`), so the many small functions a picture is drawn with need not each be handed it.
LANGUAGE: ContextVar[Language] = ContextVar("language", default=ENGLISH)


@contextmanager
def speaking(language: Locale) -> Iterator[None]:
    """Draw (or say) everything inside in ``language``."""
    token = LANGUAGE.set(Language.of(language))
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


def phrase_in(phrase: Phrase, locale: Locale) -> str:
    """Words given as data (an ``engine.phrases.Phrase``: a move's label, a suit, why a game cannot start or a
    request was refused) in the locale's language."""
    return phrase.said(translations(language_of(locale)))


def said(phrase: Phrase) -> str:
    """Words given as data (an ``engine.phrases.Phrase``) in the language being drawn in (:func:`speaking`)."""
    return LANGUAGE.get().said(phrase)


def label_in(phrase: Phrase, locale: Locale) -> str:
    """A move's label (a phrase) in the locale's language, with a capital first, as ``Game.describe`` gives it."""
    return capital(phrase_in(phrase, locale))


_COMPUTER = re.compile(r"Computer (\d{1,2})")


def display_name(name: str, locale: Locale = None) -> str:
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
