"""Languages (issue 14): one gettext catalogue per language, English the source (render/language.py reads them).

``render/locales/<language>.po`` holds each English text (``msgid``) with its translation (``msgstr``). The catalogues
are read with Babel (pure Python, so nothing is compiled at install) when first needed. Discord tells the bot each
member's language (``interaction.locale``) and each server's (``guild.preferred_locale``); :func:`language_of`
maps Discord's locales onto the catalogues (``es-ES`` and ``es-419`` both read ``es``), and anything without a
catalogue, or a text a catalogue lacks, stays English.

:class:`HallTranslator` gives Discord the slash commands' names, descriptions and choices in every language with
a catalogue (discord.py's ``app_commands.Translator``).

    python -m bot.i18n check     # every text has a translation in every language, with the same placeholders
    python -m bot.i18n update    # add the missing texts to each catalogue, untranslated, for a translator
    python -m bot.i18n pot       # write the template of every text (render/locales/messages.pot)
    python -m bot.i18n pictures pt_BR previews   # every game's pictures in a language, to look at

TRANSLATING.md says how to add a language.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from string import Formatter
from typing import Any, NamedTuple

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po
from discord import Locale, app_commands

from bot.extensions import EXTENSIONS
from render.language import LOCALES, catalogue, language_of, read_catalogue, translate

__all__ = ["LOCALES", "HallTranslator", "catalogue", "language_of", "translate"]

class InContext(NamedTuple):
    """A short text told apart by its sense (``msgctxt``: ``translate_p("autopilot", "Run", locale)``)."""

    context: str
    text: str


#: A text to translate: an English text, a text with a count as its singular and plural (``msgid_plural``), or a
#: text in a context.
Text = str | tuple[str, str] | InContext

#: The languages with a catalogue, and the Discord locales that read each (render/language.py has their codes).
LANGUAGES: dict[str, tuple[Locale, ...]] = {"es": (Locale.spain_spanish, Locale.latin_american_spanish),
                                            "pt_BR": (Locale.brazil_portuguese,)}
#: Where the marked texts are written, and the functions that mark them (render/language.py; ``t``: a Narrator's).
SOURCES = ("bot", "cogs", "render", "tabletop")
KEYWORDS: dict[str, Any] = {"translate": None, "_": None, "t": None, "say": None,
                            # a count's singular and plural (render/language.py translate_n, say_n, agree;
                            # a Narrator's counted, agree and of_side; render/trick.py counted)
                            "translate_n": (2, 3), "say_n": (2, 3), "counted": (2, 3), "agree": (2, 3),
                            "of_side": (2, 3), "N_": (1, 2),
                            "translate_p": ((1, "c"), 2),  # a short text in its sense (render/language.py)
                            # words as data (engine/phrases.py): a refusal's reason, a suit, a poker hand's name
                            "Phrase": None, "in_context": ((1, "c"), 2)}
#: The engine says what happened and why as data: ``Phrase("English {value}", ...)``, a short text in its sense
#: ``in_context("suit", "fives")`` and a text with a count ``counted(n, "{count} tile", "{count} tiles")``
#: (engine/phrases.py).
ENGINE_KEYWORDS: dict[str, Any] = {"Phrase": None, "in_context": ((1, "c"), 2), "counted": (2, 3)}


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
               "{players} players", "to", "or")


def marked_texts() -> list[Text]:
    """Every text marked in the source (``translate("...", ...)`` and ``_("...")`` calls with a literal, and the
    singular and plural of a count), read with Babel's Python extractor."""
    root = Path(__file__).resolve().parents[1]
    found: list[Text] = []
    for folder, keywords in [*((folder, KEYWORDS) for folder in SOURCES), ("engine", ENGINE_KEYWORDS)]:
        for _file, _line, message, _comments, _context in extract_from_dir(
                root / folder, method_map=[("**.py", "python")], keywords=keywords, comment_tags=(),
                strip_comment_tags=True):
            if isinstance(message, str) and _context:
                found.append(InContext(_context, message))
            elif isinstance(message, str):
                found.append(message)
            elif isinstance(message, tuple) and len(message) == 2 and all(message):
                found.append((str(message[0]), str(message[1])))
    return list(dict.fromkeys(found))


def missing(language: str, texts: Iterable[Text]) -> list[Text]:
    """The texts a language's catalogue does not translate (a plural text: every one of its forms), in order,
    once each."""
    known = read_catalogue(language)
    forms = known.num_plurals

    def translated(text: Text) -> bool:
        if isinstance(text, InContext):
            message = known.get(text.text, context=text.context)
            return message is not None and isinstance(message.string, str) and bool(message.string)
        message = known.get(text if isinstance(text, str) else text[0])
        if message is None:
            return False
        if isinstance(text, str):
            return isinstance(message.string, str) and bool(message.string)
        return (isinstance(message.id, tuple) and message.id[1] == text[1] and isinstance(message.string, tuple)
                and len(message.string) == forms and all(message.string))

    return list(dict.fromkeys(t for t in texts if t and not translated(t)))


def fields(text: str) -> set[str]:
    """The placeholders of a text (``{name}``, ``{count}``)."""
    return {name for _literal, name, _spec, _conversion in Formatter().parse(text) if name}


def mismatched(language: str) -> list[str]:
    """The translations whose placeholders are not their English text's: a ``{name}`` dropped, misspelt or added.
    A form of a plural text uses only its English forms' placeholders and keeps those both share, but may leave out
    ``{count}`` (a "one" form may say it in words)."""
    found = []
    for message in read_catalogue(language):
        if not message.id or not message.string:
            continue
        if isinstance(message.id, str) and isinstance(message.string, str):
            if fields(message.string) != fields(message.id):
                found.append(f"{message.id!r} -> {message.string!r}")
            continue
        english, common = fields(message.id[0]) | fields(message.id[1]), fields(message.id[0]) & fields(message.id[1])
        for form in message.string:
            if form and not (common - {"count"} <= fields(form) <= english):
                found.append(f"{message.id[1]!r} -> {form!r}")
    return found


def _entry(catalogue: Catalog, text: Text) -> None:
    """Add ``text`` to ``catalogue`` untranslated (a plural text with as many empty forms as the language has)."""
    if isinstance(text, InContext):
        catalogue.add(text.text, "", context=text.context, flags=("python-brace-format",) if fields(text.text) else ())
    elif isinstance(text, str):
        catalogue.add(text, "", flags=("python-brace-format",) if fields(text) else ())
    else:
        catalogue.add(text, ("",) * catalogue.num_plurals, flags=("python-brace-format",))


def update(language: str, texts: Iterable[Text]) -> int:
    """Add the missing texts to a language's catalogue, untranslated; how many were added."""
    path = LOCALES / f"{language}.po"
    kept = read_catalogue(language)
    added = 0
    for text in dict.fromkeys(texts):
        if isinstance(text, InContext):
            absent = kept.get(text.text, context=text.context) is None
        else:
            absent = (text if isinstance(text, str) else text[0]) not in kept
        if text and absent:
            _entry(kept, text)
            added += 1
    with path.open("wb") as sink:
        write_po(sink, kept, width=120, omit_header=False)
    read_catalogue.cache_clear()
    catalogue.cache_clear()
    return added


#: The template every catalogue starts from (``python -m bot.i18n pot``).
TEMPLATE = LOCALES / "messages.pot"


def template(texts: Iterable[Text]) -> Catalog:
    """Every text, untranslated: what a translator copies to start a language."""
    pot = Catalog(project="Domino Hall", fuzzy=False)
    for text in dict.fromkeys(texts):
        if text:
            _entry(pot, text)
    return pot


def write_template(texts: Iterable[Text]) -> int:
    """Write :data:`TEMPLATE`; how many texts it holds."""
    pot = template(texts)
    with TEMPLATE.open("wb") as sink:
        write_po(sink, pot, width=120, omit_header=False)
    return len(pot)


def _all_texts() -> list[Text]:
    """The commands' and games' texts, from the bot's cogs as they load (with no storage, service or Discord)."""
    import asyncio

    import discord
    from discord.ext import commands

    class LoadOnly(commands.Bot):
        def __getattr__(self, name: str) -> Any:  # the bot's own services: a stand-in that accepts anything
            return _Anything()

    async def load() -> list[Text]:
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


def pictures(language: str, folder: Path, steps: int = 60) -> list[Path]:
    """Write a table, a hand and a score picture of every game, a few random moves in, with their words in
    ``language``, into ``folder``: what a translator looks at to see their words in place (at 400 px on a phone)."""
    import random

    from engine import catalogue as games
    from engine import new_game
    from render import render_hand, render_scores, render_table

    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(language)
    written = []
    for key, spec in games().items():
        seats = max(spec.seats)
        game = new_game(key, seats, 1)
        for _step in range(steps):
            if game.is_over:
                break
            seat = game.to_act[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        names = [translate("Seat {number}", language, number=number + 1) for number in range(seats)]
        seat = game.to_act[0] if game.to_act else 0
        for name, picture in (("table", render_table(game.view(None), names, language)),
                              ("hand", render_hand(game.hand_view(seat), names, language)),
                              ("scores", render_scores(game.view(None), names, language))):
            path = folder / f"{key}_{name}_{language}.png"
            path.write_bytes(picture)
            written.append(path)
    return written


USAGE = """usage: python -m bot.i18n [check | update | pot | pictures LANGUAGE FOLDER]

  check     every text has a translation in every language, with the same placeholders (the default)
  update    add the missing texts to each catalogue, untranslated, for a translator
  pot       write render/locales/messages.pot, the template of every text
  pictures  draw a table, a hand and the scores of every game in LANGUAGE (es, pt_BR...) into FOLDER"""


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "pictures" and len(argv) == 3 and argv[1] in LANGUAGES:
        print(f"{len(pictures(argv[1], Path(argv[2])))} pictures in {argv[2]}")
        return 0
    if command not in ("check", "update", "pot"):
        print(USAGE)
        return 0 if command in ("-h", "--help", "help") else 2
    texts = _all_texts()
    if command == "update":
        for language in LANGUAGES:
            print(f"{language}: {update(language, texts)} texts added")
        return 0
    if command == "pot":
        print(f"{TEMPLATE.name}: {write_template(texts)} texts")
        return 0
    failed = False
    for language in LANGUAGES:
        lacking, wrong = missing(language, texts), mismatched(language)
        print(f"{language}: {len(lacking)} texts without a translation", *map(str, lacking[:20]), sep="\n  ")
        if wrong:
            print(f"{language}: {len(wrong)} translations whose placeholders differ", *wrong[:20], sep="\n  ")
        failed = failed or bool(lacking or wrong)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
