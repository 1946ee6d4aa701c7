"""Languages (issue 14): one gettext catalogue per language, English the source.

``bot/locales/<language>.po`` holds each English text (``msgid``) with its translation (``msgstr``). The catalogues
are read with Babel (pure Python, so nothing is compiled at install) when first needed. Discord tells the bot each
member's language (``interaction.locale``) and each server's (``guild.preferred_locale``); :func:`language_of`
maps Discord's locales onto the catalogues (``es-ES`` and ``es-419`` both read ``es``), and anything without a
catalogue, or a text a catalogue lacks, stays English.

:class:`HallTranslator` gives Discord the slash commands' names, descriptions and choices in every language with
a catalogue (discord.py's ``app_commands.Translator``).

    python -m bot.i18n check     # every English text of the commands and games has a translation
    python -m bot.i18n update    # add the missing texts to each catalogue, untranslated, for a translator
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po
from discord import Locale, app_commands

LOCALES = Path(__file__).resolve().parent / "locales"
#: The languages with a catalogue, and the Discord locales that read each.
LANGUAGES: dict[str, tuple[Locale, ...]] = {"es": (Locale.spain_spanish, Locale.latin_american_spanish)}


def language_of(locale: Locale | str | None) -> str | None:
    """The catalogue for a Discord locale (``es-ES`` -> ``es``), or None for English and languages we lack."""
    if locale is None:
        return None
    value = locale.value if isinstance(locale, Locale) else str(locale)
    for language, locales in LANGUAGES.items():
        if value in {code.value for code in locales} or value.split("-")[0] == language:
            return language
    return None


@cache
def catalogue(language: str) -> dict[str, str]:
    """A language's translations by English text (only the translated ones)."""
    with (LOCALES / f"{language}.po").open("rb") as source:
        read = read_po(source, locale=language)
    return {str(m.id): str(m.string) for m in read if m.id and isinstance(m.id, str) and m.string}


def translate(text: str, locale: Locale | str | None, **values: Any) -> str:
    """``text`` in the locale's language (English when it has no translation), then ``format``-ted with
    ``values``."""
    language = language_of(locale)
    translated = catalogue(language).get(text, text) if language else text
    return translated.format(**values) if values else translated


class HallTranslator(app_commands.Translator):
    """Slash commands in every language with a catalogue."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = language_of(locale)
        if language is None:
            return None
        return catalogue(language).get(string.message)


# ----- what must be translated ----------------------------------------------------------------------------------------
def command_texts(tree: app_commands.CommandTree[Any]) -> Iterator[str]:
    """Every name, description and choice of the slash commands."""
    for command in tree.walk_commands():
        yield command.name
        yield command.description
        if isinstance(command, app_commands.Command):
            for parameter in command.parameters:
                yield parameter.name
                yield parameter.description
                yield from (choice.name for choice in parameter.choices)


def game_texts(keys: Iterable[str] | None = None) -> Iterator[str]:
    """Every game's title, summary, tile set and teams, and its house rules' descriptions (the /rules texts)."""
    from engine import catalogue as games

    for key, spec in games().items():
        if keys is not None and key not in keys:
            continue
        yield from (text for text in (spec.title, spec.summary, spec.tile_set, spec.teams) if text)
        yield from (option.help for option in spec.options)


#: The words of /rules and /games around the games' own texts.
RULES_WORDS = ("Players", "Tiles", "{name} (default {value})", "{help}. Choices: {choices}", "teams {teams}",
               "on", "off", "Domino Hall · games", "Start one with `/play game:<name>`; `/rules` explains a game.",
               "{count} games", "{players} players", "to", "or")


def missing(language: str, texts: Iterable[str]) -> list[str]:
    """The texts a language's catalogue does not translate, in order, once each."""
    known = catalogue(language)
    return list(dict.fromkeys(t for t in texts if t and t not in known))


def update(language: str, texts: Iterable[str]) -> int:
    """Add the missing texts to a language's catalogue, untranslated; how many were added."""
    path = LOCALES / f"{language}.po"
    with path.open("rb") as source:
        kept: Catalog = read_po(source, locale=language)
    added = 0
    for text in dict.fromkeys(texts):
        if text and text not in kept:
            kept.add(text, "")
            added += 1
    with path.open("wb") as sink:
        write_po(sink, kept, width=120, omit_header=False)
    catalogue.cache_clear()
    return added


def _all_texts() -> list[str]:
    """The commands' and games' texts, from the bot's cogs as they load (with no storage, service or Discord)."""
    import asyncio

    import discord
    from discord.ext import commands

    from bot.client import EXTENSIONS

    class LoadOnly(commands.Bot):
        def __getattr__(self, name: str) -> Any:  # the bot's own services: a stand-in that accepts anything
            return _Anything()

    async def load() -> list[str]:
        bot = LoadOnly(command_prefix="!", intents=discord.Intents.none())
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        return [*command_texts(bot.tree), *game_texts(), *RULES_WORDS]

    return asyncio.run(load())


class _Anything:
    """Whatever a cog touches of the bot's services while it is only being loaded."""

    def __getattr__(self, name: str) -> Any:
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self


def main(argv: list[str]) -> int:
    texts = _all_texts()
    if argv[:1] == ["update"]:
        for language in LANGUAGES:
            print(f"{language}: {update(language, texts)} texts added")
        return 0
    gaps = {language: missing(language, texts) for language in LANGUAGES}
    for language, lacking in gaps.items():
        print(f"{language}: {len(lacking)} texts without a translation", *lacking[:20], sep="\n  ")
    return 1 if any(gaps.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
