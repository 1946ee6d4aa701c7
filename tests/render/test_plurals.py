"""Plural forms done the gettext way (issue 29): a count's text has as many forms as its language (the catalogue's
``Plural-Forms``), read into a real ``gettext.GNUTranslations`` with no compile step. A toy language with three forms,
made only here, shows that counts pick the right one, which ``one if count == 1 else many`` could not."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from render import language
from render.language import speaking, translate_n, translations
from render.trick import counted
from render.words import Narrator

#: Three forms, as Russian and Polish have: 1, 21, 31... / 2-4, 22-24... / 0, 5-20, 25-30...
TOY = r'''msgid ""
msgstr ""
"Language: xx\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"
"Content-Type: text/plain; charset=utf-8\n"

msgid "{count} trick"
msgid_plural "{count} tricks"
msgstr[0] "{count} vzyatka"
msgstr[1] "{count} vzyatki"
msgstr[2] "{count} vzyatok"

msgid "{name} drew {count} tile."
msgid_plural "{name} drew {count} tiles."
msgstr[0] "{name} vzyal {count} kost."
msgstr[1] "{name} vzyal {count} kosti."
msgstr[2] "{name} vzyal {count} kostey."

msgid "{count} point"
msgid_plural "{count} points"
msgstr[0] "{count} ochko"
msgstr[1] "{count} ochka"
msgstr[2] ""

msgid "Players"
msgstr "Igroki {who}"
'''


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The toy language ``xx`` (Discord locale ``xx-XX``), its catalogue in a temporary folder."""
    (tmp_path / "xx.po").write_text(TOY, encoding="utf-8")
    monkeypatch.setattr(language, "LOCALES", tmp_path)
    monkeypatch.setitem(language.LANGUAGES, "xx", ("xx-XX",))
    for cached in (language.read_catalogue, language.catalogue, language.compiled):
        cached.cache_clear()
    yield "xx"
    for cached in (language.read_catalogue, language.catalogue, language.compiled):
        cached.cache_clear()


@pytest.mark.parametrize(("count", "form"), [(1, "1 vzyatka"), (21, "21 vzyatka"), (2, "2 vzyatki"), (4, "4 vzyatki"),
                                             (22, "22 vzyatki"), (0, "0 vzyatok"), (5, "5 vzyatok"),
                                             (11, "11 vzyatok"), (12, "12 vzyatok"), (25, "25 vzyatok")])
def test_a_count_picks_its_form_among_three(toy: str, count: int, form: str) -> None:
    assert translate_n(count, "{count} trick", "{count} tricks", "xx-XX") == form
    with speaking(toy):  # the pictures' words (render/trick.py)
        assert counted(count, "{count} trick", "{count} tricks") == form
    assert translate_n(count, "{count} trick", "{count} tricks", "en-US") == \
        f"{count} trick" + ("" if count == 1 else "s")  # English: singular for 1 only


def test_the_narrator_says_counts_in_their_form(toy: str) -> None:
    from engine.events import Event, EventKind

    narrator = Narrator("draw", ["Ann", "Bo"], language=toy)
    said = [narrator.event(Event(EventKind.DRAW, 0, count=count)) for count in (1, 3, 7, 21)]
    assert said == ["Ann vzyal 1 kost.", "Ann vzyal 3 kosti.", "Ann vzyal 7 kostey.", "Ann vzyal 21 kost."]


def test_the_catalogue_is_a_real_gettext_translation(toy: str) -> None:
    import gettext

    compiled = translations(toy)
    assert isinstance(compiled, gettext.GNUTranslations)
    assert compiled.ngettext("{count} trick", "{count} tricks", 3) == "{count} vzyatki"
    assert compiled.gettext("Something new") == "Something new"


def test_the_check_finds_an_untranslated_form_and_a_placeholder_mismatch(toy: str) -> None:
    from bot.i18n import mismatched, missing

    texts = [("{count} trick", "{count} tricks"), ("{count} point", "{count} points"), "Players", "Unknown"]
    assert missing(toy, texts) == [("{count} point", "{count} points"), "Unknown"]  # one of three forms is empty
    assert mismatched(toy) == ["'Players' -> 'Igroki {who}'"]  # {who} is no placeholder of the English text
