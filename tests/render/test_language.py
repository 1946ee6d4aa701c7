"""One way for the language to travel (issue 29): a :class:`render.language.Language`, resolved once at the edge from
a member's or a server's Discord locale (cogs.base member_language and server_language) and passed down; the
adapters' and render's helpers take a Language, never an untyped locale."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from discord import Locale

from cogs.base import member_language, server_language
from engine.phrases import in_context
from render.language import ENGLISH, LANGUAGE, Language, language_of, phrase_in, speaking, translate
from render.words import Narrator
from tests.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("locale", "catalogue"), [
    (Locale.spain_spanish, "es"), (Locale.latin_american_spanish, "es"), (Locale.brazil_portuguese, "pt_BR"),
    ("es-ES", "es"), ("pt-BR", "pt_BR"), ("es", "es"), ("pt_BR", "pt_BR"), (Locale.american_english, None),
    (Locale.french, None), ("xx-YY", None), (None, None), (Language("es"), "es"),
])
def test_a_language_is_resolved_from_any_locale(locale: Any, catalogue: str | None) -> None:
    language = Language.of(locale)
    assert language == Language(catalogue) and language_of(language) == catalogue
    assert Language.of(language) is language


def test_a_language_says_texts_phrases_and_travels_to_other_processes() -> None:
    spanish = Language.of(Locale.spain_spanish)
    assert spanish.t("Seat {number}", number=3) == "Asiento 3" == translate("Seat {number}", spanish, number=3)
    assert spanish.said(in_context("suit", "fives")) == "cincos" == phrase_in(in_context("suit", "fives"), spanish)
    assert ENGLISH.said(in_context("suit", "fives")) == "fives"
    assert pickle.loads(pickle.dumps(spanish)) == spanish  # render work is offloaded with it


def test_the_edge_resolves_the_members_and_the_servers_language() -> None:
    member: Any = SimpleNamespace(locale=Locale.brazil_portuguese)
    assert member_language(member) == Language("pt_BR")
    server: Any = SimpleNamespace(preferred_locale=Locale.latin_american_spanish)
    assert server_language(server) == Language("es") and server_language(None) is not None
    assert server_language(None) == ENGLISH


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_narrator_speaks_its_own_language_else_the_pictures(language: str) -> None:
    assert Narrator("block", language=language).speaks() == Language(language)
    with speaking(TRANSLATED[language]):
        assert LANGUAGE.get() == Language(language)
        assert Narrator("block").speaks() == Language(language)
        assert Narrator("block", language=ENGLISH).t("Nobody") == "Nobody"
    assert LANGUAGE.get() == ENGLISH


def test_no_adapter_or_renderer_takes_an_untyped_locale() -> None:
    """The locale: Any arguments are gone: a helper says what it takes (a Language, resolved at the edge)."""
    untyped = []
    for folder in ("bot", "cogs", "render"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.arg) and node.arg in ("locale", "language") and (
                        node.annotation is None or ast.unparse(node.annotation) == "Any"):
                    untyped.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not untyped, ", ".join(untyped)
