"""Languages (issue 14): one gettext catalogue per language, English the source (render/language.py reads them).

``render/locales/<language>.po`` holds each English text (``msgid``) with its translation (``msgstr``). The catalogues
are read with Babel (pure Python, so nothing is compiled at install) when first needed. Discord tells the bot each
member's language (``interaction.locale``) and each server's (``guild.preferred_locale``); :func:`language_of`
maps Discord's locales onto the catalogues (``es-ES`` and ``es-419`` both read ``es``), and anything without a
catalogue, or a text a catalogue lacks, stays English.

:class:`HallTranslator` gives Discord the slash commands' names, descriptions and choices in every language with
a catalogue (discord.py's ``app_commands.Translator``).

    python -m bot.i18n check     # every text of the commands, the games and the code (marked) has a translation
    python -m bot.i18n update    # add the missing texts to each catalogue, untranslated, for a translator
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import Locale, app_commands

from bot.extensions import EXTENSIONS
from render.language import LOCALES, catalogue, language_of, translate

__all__ = ["LOCALES", "HallTranslator", "catalogue", "language_of", "translate"]

#: The languages with a catalogue, and the Discord locales that read each (render/language.py has their codes).
LANGUAGES: dict[str, tuple[Locale, ...]] = {"es": (Locale.spain_spanish, Locale.latin_american_spanish),
                                            "pt_BR": (Locale.brazil_portuguese,)}
#: Where the marked texts are written, and the functions that mark them (render/language.py; ``t``: a Narrator's).
SOURCES = ("bot", "cogs", "render")
KEYWORDS = {"translate": None, "_": None, "t": None, "say": None}
#: The engine says a move's label as data, ``Phrase("English {value}", ...)`` (engine/phrases.py).
ENGINE_KEYWORDS = {"Phrase": None}


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
        yield from (text for text in (spec.title, spec.summary, spec.tile_set, spec.teams, spec.record_name,
                                      spec.record_meaning) if text)
        yield from (option.help for option in spec.options)


#: The words of /rules and /games around the games' own texts.
RULES_WORDS = ("Players", "Tiles", "{name} (default {value})", "{help}. Choices: {choices}", "teams {teams}",
               "on", "off", "Domino Hall · games", "Start one with `/play game:<name>`; `/rules` explains a game.",
               "{count} games", "{players} players", "to", "or")


def marked_texts() -> list[str]:
    """Every text marked in the source (``translate("...", ...)`` and ``_("...")`` calls with a literal), read
    with Babel's Python extractor."""
    root = Path(__file__).resolve().parents[1]
    found: list[str] = []
    for folder, keywords in [*((folder, KEYWORDS) for folder in SOURCES), ("engine", ENGINE_KEYWORDS)]:
        for _file, _line, message, _comments, _context in extract_from_dir(
                root / folder, method_map=[("**.py", "python")], keywords=keywords, comment_tags=(),
                strip_comment_tags=True):
            if isinstance(message, str):
                found.append(message)
    return list(dict.fromkeys(found))


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

    class LoadOnly(commands.Bot):
        def __getattr__(self, name: str) -> Any:  # the bot's own services: a stand-in that accepts anything
            return _Anything()

    async def load() -> list[str]:
        bot = LoadOnly(command_prefix="!", intents=discord.Intents.none())
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        return [*command_texts(bot.tree), *game_texts(), *RULES_WORDS, *marked_texts()]

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
