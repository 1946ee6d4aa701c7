"""Each game's own words come from its words hook (render/game_words.py), never from a comparison of game names in
the words or the pictures: the hook's words for every game that says something its own way, in English and Spanish,
and a scan of render/ for game keys written as literals."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import get_args

import pytest

import render
from engine import catalogue
from engine.events import Event, EventKind, Outcome, Prompt, PromptKind, ScoreReason, Termination
from engine.views import Family
from render.game_words import FAMILIES, GAMES, GameWords, words_for
from render.recap import HandRecap, SideResult, ends_a_hand, hand_recap
from render.words import Narrator, your_prompt
from tests.engine.test_events import played

RENDER = Path(render.__file__).resolve().parent
GAME_KEYS = frozenset(catalogue())
FAMILY_NAMES = frozenset(get_args(Family))
NAMES = ["Ann", "Bo", "Cy", "Di"]


# ----- no game names in render/ ----------------------------------------------------------------------------------
def _strings(node: ast.AST) -> Iterator[str]:
    """Every string literal in ``node`` (a tuple or set of them too)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            yield inner.value


#: What a compared value may be besides a game, in words that games' keys also are: a view's family tag ("poker",
#: "bingo"; a picture picks its drawing by it, and mypy narrows the view's type on it), a poker phase or an event's
#: kind ("draw").
OTHER_VOCABULARIES = frozenset({"family", "phase", "kind"})


def _subject(node: ast.AST) -> str | None:
    """The name a compared value goes by: ``view["family"]`` -> family, ``e.kind`` -> kind, ``game`` -> game."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return node.slice.value
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def named(source: str, names: frozenset[str], others: frozenset[str] = OTHER_VOCABULARIES) -> list[tuple[int, str]]:
    """Where ``source`` compares with one of ``names`` written as a literal, keys a table by them (a dict whose keys
    are all in ``names``) or matches a ``case`` on one: (line, name), in order. A comparison of a value of one of the
    ``others`` vocabularies (``view["family"] == "poker"``) is not about a game."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if not any(_subject(operand) in others for operand in operands):
                found += [(node.lineno, text) for operand in operands for text in _strings(operand) if text in names]
        elif isinstance(node, ast.Dict):
            keys = [key.value if isinstance(key, ast.Constant) else None for key in node.keys]
            if keys and all(key in names for key in keys):
                found += [(node.lineno, str(key)) for key in keys]
        elif isinstance(node, ast.MatchValue):
            found += [(node.lineno, text) for text in _strings(node) if text in names]
    return sorted(found)


def render_modules() -> list[Path]:
    modules = sorted(RENDER.rglob("*.py"))
    assert RENDER / "words.py" in modules and RENDER / "game_words.py" in modules
    return modules


def test_the_scan_finds_game_names_written_in_comparisons_dict_keys_and_cases() -> None:
    source = '''
if n.game == "black_tile": pass
if "tiddle_a_wink" != game: pass
if key in ("bergen", "muggins"): pass
OUT_CALLS = {"bergen": "Bergen!"}
match game:
    case "euchre": pass
if self.spec.key == "poker": pass
PHASES = {"bet": "betting", "draw": "drawing"}
if view["family"] == "poker" or view["phase"] == "draw" or spec.family == "bingo": pass
'''
    assert named(source, GAME_KEYS) == [(2, "black_tile"), (3, "tiddle_a_wink"), (4, "bergen"), (4, "muggins"),
                                        (5, "bergen"), (7, "euchre"), (8, "poker")]
    assert named(source, GAME_KEYS, others=frozenset()) == [
        (2, "black_tile"), (3, "tiddle_a_wink"), (4, "bergen"), (4, "muggins"), (5, "bergen"), (7, "euchre"),
        (8, "poker"), (10, "bingo"), (10, "draw"), (10, "poker")]


@pytest.mark.parametrize("path", render_modules(), ids=lambda path: path.name)
def test_no_render_module_compares_with_a_game_key(path: Path) -> None:
    assert named(path.read_text(encoding="utf-8"), GAME_KEYS) == [], "ask render.game_words.words_for instead"


@pytest.mark.parametrize("name", ["words.py", "recap.py"])
def test_the_words_and_the_recaps_ask_no_family_either(name: str) -> None:
    """Not even a view's family tag: "Round" or "Hand", chips or points are the family's words."""
    source = (RENDER / name).read_text(encoding="utf-8")
    assert named(source, GAME_KEYS | FAMILY_NAMES, others=frozenset()) == []


# ----- the registry of words ---------------------------------------------------------------------------------------
def test_each_games_words_name_a_game_of_the_catalogue_in_its_own_family() -> None:
    keys = [words.key for words in GAMES]
    assert len(keys) == len(set(keys)) and set(keys) <= GAME_KEYS
    assert sorted(words.family for words in FAMILIES) == sorted(FAMILY_NAMES)
    for key, spec in catalogue().items():
        words = words_for(key)
        assert words is words_for(spec)
        assert words.family == spec.family and words.key in (key, ""), key
    assert words_for("no_such_game") == GameWords()


# ----- each game's words, in English and Spanish -------------------------------------------------------------------
def say(key: str, language: str | None, seats: int = 2, **options: object) -> Narrator:
    return Narrator(key, NAMES[:seats], None, options, language=language)


WENT_OUT = Event(EventKind.ROUND_OVER, 0, round=2, outcome=Outcome(Termination.DOMINO, (0,), (0,), (3, 0), round=2))


@pytest.mark.parametrize(("key", "call"), [("bergen", "Bergen!"), ("tiddle_a_wink", "Tiddle-a-Wink!"),
                                           ("draw", "Domino!"), ("muggins", "Domino!")])
def test_rule_2_8_the_call_when_going_out_is_the_games_own_and_a_name_in_every_language(key: str, call: str) -> None:
    assert say(key, None).event(WENT_OUT) == f"Ann went out and calls {call}"
    assert say(key, "es").event(WENT_OUT) == f"Ann se quedó sin fichas y canta {call}"
    assert say(key, "pt_BR").event(WENT_OUT) == f"Ann bateu e grita {call}"


@pytest.mark.parametrize(("language", "said", "prompt", "yours"), [
    (None, "Ann says Gee.", "Ann cannot play and must say Gee.", "You cannot play: say Gee."),
    ("es", "Ann dice «Gee».", "Ann no puede jugar y debe decir «Gee».", "No puedes jugar: di «Gee»."),
    ("pt_BR", "Ann diz «Gee».", "Ann não pode jogar e deve dizer «Gee».", "Você não pode jogar: diga «Gee»."),
])
def test_tiddle_a_wink_says_gee_where_other_games_pass(language: str | None, said: str, prompt: str,
                                                        yours: str) -> None:
    tiddle, draw = say("tiddle_a_wink", language), say("draw", language)
    must_pass = Prompt(PromptKind.MUST_PASS, 0)
    assert tiddle.event(Event(EventKind.PASS, 0)) == said
    assert tiddle.prompt(must_pass) == prompt and your_prompt(tiddle, must_pass, 0) == yours
    assert draw.event(Event(EventKind.PASS, 0)) != said and draw.prompt(must_pass) != prompt
    assert your_prompt(draw, must_pass, 0) == {None: "You cannot play: pass.", "es": "No puedes jugar: pasa.",
                                               "pt_BR": "Você não pode jogar: passe."}[language]


@pytest.mark.parametrize(("language", "expected"), [
    (None, ["Hand 2: Ann leads.", "Bo drew the highest tile and leads first.",
            "Nobody adds penalty points this hand.", "Ann took no penalty points.", "penalty points",
            "the lowest total, 12 penalty points"]),
    ("es", ["Mano 2: Ann sale.", "Bo sacó la ficha más alta y sale primero.",
            "Nadie suma puntos de castigo en esta mano.", "Ann no se llevó puntos de castigo.", "puntos de castigo",
            "el total más bajo, 12 puntos de castigo"]),
    ("pt_BR", ["Mão 2: Ann sai.", "Bo tirou a pedra mais alta e sai primeiro.",
               "Ninguém soma pontos de castigo nesta mão.", "Ann não levou pontos de castigo.", "pontos de castigo",
               "o total mais baixo, 12 pontos de castigo"]),
])
def test_black_tile_has_no_dealer_and_counts_penalty_points(language: str | None, expected: list[str]) -> None:
    black = say("black_tile", language, 3)
    outcome = Outcome(Termination.TRICKS, (0,), (0,), (0, 5, 6), round=2)
    recap = HandRecap("black_tile", 2, outcome, tuple(SideResult(s, (s,), 0, p, p) for s, p in enumerate((0, 5, 6))),
                      ())
    assert [black.event(Event(EventKind.DEAL, 0, round=2)), black.event(Event(EventKind.LOTS, 1)),
            black.event(Event(EventKind.SCORE, reason=ScoreReason.NOBODY)), black.recap(recap, tally=False),
            black.unit(), black.total_words(12)] == expected
    euchre = say("euchre", language, 3)
    assert euchre.event(Event(EventKind.DEAL, 0, round=2)) == {
        None: "Hand 2: Ann deals.", "es": "Mano 2: Ann reparte.", "pt_BR": "Mão 2: Ann embaralha."}[language]
    assert euchre.recap(recap, tally=False) == {
        None: "Hand 2: Ann won the hand.", "es": "Mano 2: Ann ganó la mano.", "pt_BR": "Mão 2: Ann ganhou a mão."}[
        language]


def test_black_tile_standings_put_the_lowest_total_first() -> None:
    match = Outcome(Termination.TARGET_REACHED, (0,), (0,), (10, 61, 30))
    assert say("black_tile", None, 3).standings(match) == \
        "Ann won the match. Final penalty points: Ann 10, Cy 30, Bo 61."
    assert say("euchre", None, 3).standings(match) == "Ann won the match. Final points: Ann 10, Bo 61, Cy 30."


@pytest.mark.parametrize(("language", "euchre", "others"), [
    (None, "Everyone passed three turn-ups: the tiles are thrown in and the deal passes left.",
     "Everyone passed: the hand is thrown in and the deal passes left."),
    ("es", "Todos pasaron tres muestras: se anulan las fichas y el reparto pasa a la izquierda.",
     "Todos pasaron: se anula la mano y el reparto pasa a la izquierda."),
    ("pt_BR", "Todos passaram três pedras viradas: as pedras são anuladas e a distribuição passa para a esquerda.",
     "Todos passaram: a mão é anulada e a distribuição passa para a esquerda."),
])
def test_euchre_throws_in_after_three_turn_ups(language: str | None, euchre: str, others: str) -> None:
    assert say("euchre", language).event(Event(EventKind.THROW_IN)) == euchre
    assert say("texas42", language).event(Event(EventKind.THROW_IN)) == others


@pytest.mark.parametrize(("language", "expected"), [
    (None, ["28 tiles in a row. Count from 0; a tile matches on either end.",
            "28 tiles in a row. Count from 0; a tile matches on its pip total.",
            "Bingo! The row is clear: 28 tiles removed in 90 steps.",
            "Lost: no removal in 13 passes along the row (12 tiles removed).", "Game over: Ann won."]),
    ("es", ["28 fichas en fila. Se cuenta desde 0; una ficha coincide por cualquiera de sus extremos.",
            "28 fichas en fila. Se cuenta desde 0; una ficha coincide por la suma de sus puntos.",
            "¡Bingo! La fila queda vacía: 28 fichas retiradas en 90 pasos.",
            "Perdida: ninguna ficha retirada en 13 vueltas a la fila (12 fichas retiradas).",
            "Partida terminada: ganó Ann."]),
    ("pt_BR", ["28 pedras em fila. Conte a partir de 0; uma pedra combina por qualquer uma das pontas.",
               "28 pedras em fila. Conte a partir de 0; uma pedra combina pela soma dos seus pontos.",
               "Bingo! A fila ficou vazia: 28 pedras tiradas em 90 passos.",
               "Perdida: nenhuma pedra tirada em 13 passadas pela fila (12 pedras tiradas).",
               "Partida encerrada: Ann ganhou."]),
])
def test_bingo_lays_out_a_row_and_is_cleared_or_lost(language: str | None, expected: list[str]) -> None:
    deal = Event(EventKind.DEAL, count=28)
    assert [say("bingo", language, 1).event(deal), say("bingo", language, 1, bingo_pip_total=True).event(deal),
            say("bingo", language, 1).prompt(Prompt(PromptKind.GAME_OVER, None, (0,), count=28, amount=90)),
            say("bingo", language, 1).prompt(Prompt(PromptKind.GAME_OVER, count=12)),
            say("draw", language).prompt(Prompt(PromptKind.GAME_OVER, None, (0,)))] == expected


@pytest.mark.parametrize(("language", "texas", "marks"), [(None, "84 (2 marks)", "marks"),
                                                          ("es", "84 (2 marcas)", "marcas"),
                                                          ("pt_BR", "84 (2 marcas)", "marcas")])
def test_marks_are_a_house_rule_and_texas_says_its_bids_in_marks(language: str | None, texas: str,
                                                                  marks: str) -> None:
    assert say("texas42", language, texas_marks=True).bid_words(84) == texas
    assert say("texas42", language, texas_marks=True).bid_words(41) == "41"
    assert say("texas42", language).bid_words(84) == "84"
    seventy_nine = say("seventy_nine", language, seventy_nine_marks=True)
    assert seventy_nine.bid_words(84) == "84" and seventy_nine.unit() == marks
    assert say("seventy_nine", language, texas_marks=True).unit() != marks  # another game's rule says nothing


@pytest.mark.parametrize(("language", "deal", "chips"), [
    (None, "Hand 1: Bo deals five tiles each.", "chips"),
    ("es", "Mano 1: Bo reparte cinco fichas a cada uno.", "fichas de apuesta"),
    ("pt_BR", "Mão 1: Bo dá cinco pedras para cada um.", "fichas"),
])
def test_poker_deals_five_tiles_and_counts_chips(language: str | None, deal: str, chips: str) -> None:
    poker = say("poker", language)
    assert poker.event(Event(EventKind.DEAL, 1, round=1, count=5)) == deal and poker.unit() == chips


@pytest.mark.parametrize(("language", "line", "trick"), [
    (None, "Round 2: Ann went out (Ann +3).", "Hand 2: Ann went out (Ann +3)."),
    ("es", "Ronda 2: Ann se quedó sin fichas (Ann +3).", "Mano 2: Ann se quedó sin fichas (Ann +3)."),
    ("pt_BR", "Rodada 2: Ann bateu (Ann +3).", "Mão 2: Ann bateu (Ann +3)."),
])
def test_line_games_play_rounds_and_the_others_hands(language: str | None, line: str, trick: str) -> None:
    assert WENT_OUT.outcome is not None
    assert say("sebastopol", language).outcome(WENT_OUT.outcome) == line
    assert say("seventy_nine", language).outcome(WENT_OUT.outcome) == trick


@pytest.mark.parametrize(("key", "seats"), [("texas42", 4), ("black_tile", 3), ("draw", 2), ("poker", 2)])
def test_a_recap_counts_tricks_in_the_trick_games_only(key: str, seats: int) -> None:
    game = played(key, seats, seed=3, steps=20_000)
    recaps = [hand_recap(key, game.sides, game.log, index) for index, event in enumerate(game.log)
              if ends_a_hand(event)]
    tricks = [side.tricks for recap in recaps for side in recap.sides]
    assert recaps
    if catalogue()[key].family == "trick":
        assert all(isinstance(count, int) for count in tricks) and sum(count or 0 for count in tricks) > 0
    else:
        assert set(tricks) == {None}
