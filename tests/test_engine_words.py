"""No English in the engine (issue 29): the engine says what happened and why as data (kinds, values, and words as
``engine.phrases.Phrase`` message ids, short ones in their sense), and render says it in each language.

Read from the source with ``ast``: every error the engine raises for a player carries a phrase, and no sentence or
label for players sits in the engine outside one. Then at run time: the engine's tables of words are phrases with a
context, its views carry a poker hand's category and a contract's facts (no words), its errors are said in every
language, and a picture of a poker showdown or of a Texas 42 hand names the hands and suits in its language.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import engine.errors
import engine.poker_hands
from engine import BadOption, DominoError, new_game
from engine.actions import Call, Pass
from engine.errors import IllegalAction, NoSuchSeat, NotYourTurn
from engine.game import Game
from engine.layout import ARM_WORDS
from engine.phrases import ENGLISH, Phrase, counted, in_context
from engine.poker_hands import Category
from engine.tiles import Tile
from engine.tricks import SUIT_WORDS
from render.canvas import recording
from render.language import phrase_in, speaking, translations
from tests.languages import TRANSLATED

ENGINE = Path(__file__).resolve().parents[1] / "engine"
#: The engine's errors meant for a player (engine/errors.py): each is raised with a phrase.
PLAYER_ERRORS = {name for name, value in vars(engine.errors).items()
                 if isinstance(value, type) and issubclass(value, DominoError)}
#: The calls that hold words for players as message ids (engine/phrases.py), and the catalogue entries whose texts
#: (titles, summaries, options' help) the catalogues read from the game specs (bot.i18n game_texts).
WORD_CALLS = {"Phrase", "in_context", "counted", "Word", "GameSpec", "OptionSpec", "flag"}
#: Errors that only a programmer meets (a broken invariant, a wrong type passed in code).
PROGRAMMING_ERRORS = {"ValueError", "TypeError", "NotImplementedError", "ImportError", "KeyError"}
#: A sentence (two words or more) or a capitalised label: what a player would read.
PLAYER_TEXT = re.compile(r"[A-Za-z]{2,}[ ,:;]+[A-Za-z]{2,}|^[A-Z][a-z]+(?: [A-Z]?[a-z]+)*$")


def sources() -> Iterator[tuple[Path, ast.Module]]:
    """Every engine module but the computer players' (whose names and checks no player reads)."""
    for path in sorted(ENGINE.rglob("*.py")):
        if "ai" not in path.relative_to(ENGINE).parts:
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def _parents(tree: ast.AST) -> dict[ast.AST, ast.AST]:
    return {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}


def _quiet(tree: ast.Module) -> set[ast.AST]:
    """The strings no player reads: docstrings (a module's, a function's, an attribute's), ``__all__`` lists and
    assertions' messages."""
    quiet: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            quiet.add(node.value)
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            quiet.update(ast.walk(node.value))
        if isinstance(node, ast.Assert):
            quiet.update(ast.walk(node))
    return quiet


def bare_errors(tree: ast.Module) -> list[int]:
    """The lines that raise one of the engine's errors for a player without a phrase."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and _name(node.exc) in PLAYER_ERRORS:
            reason = node.exc.args[0] if node.exc.args else None
            if not (isinstance(reason, ast.Call) and _name(reason) in {"Phrase", "in_context", "counted"}):
                lines.append(node.lineno)
    return lines


def loose_words(tree: ast.Module) -> list[tuple[int, str]]:
    """The sentences and labels for players outside a phrase (or a game spec, or a programmer's error or repr)."""
    parents, quiet = _parents(tree), _quiet(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
        else:
            continue
        if node in quiet or not PLAYER_TEXT.search(text):
            continue
        outer: ast.AST | None = node
        while outer is not None and not (
                (isinstance(outer, ast.Call) and _name(outer) in WORD_CALLS | PROGRAMMING_ERRORS)
                or (isinstance(outer, ast.FunctionDef) and outer.name == "__repr__")):
            outer = parents.get(outer)
        if outer is None:
            found.append((node.lineno, text))
    return found


def test_every_error_for_a_player_is_raised_with_a_phrase() -> None:
    wrong = [f"{path.relative_to(ENGINE.parent)}:{line}" for path, tree in sources() for line in bare_errors(tree)]
    assert not wrong, "raise the engine's errors with a Phrase: " + ", ".join(wrong)


def test_no_words_for_players_sit_in_the_engine_outside_a_phrase() -> None:
    """A sentence or a label a player reads is a message id in a phrase (or a game spec's catalogue text); other
    strings are codes (``call:stop``, ``doubles``) or a programmer's messages."""
    found = [f"{path.relative_to(ENGINE.parent)}:{line}: {text[:70]!r}" for path, tree in sources()
             for line, text in loose_words(tree)]
    assert not found, "words for players belong in a Phrase (render says them):\n" + "\n".join(found)


def test_the_scans_find_english_where_it_is() -> None:
    """The two scans are not blind: English in an error or a table of labels is found, a phrase is not."""
    tree = ast.parse('def f(x):\n    raise IllegalAction(f"{x} is not legal")\n\n\nLABELS = {1: "Full Hand"}\n'
                     'SUITS = {"5": "fives"}\n\n\ndef g(x):\n    """Say it."""\n'
                     '    raise BadOption(Phrase("fine {x}", x=in_context("suit", "fives")))\n'
                     'def h(x):\n    raise ValueError(f"{x} is not a tile")\n')
    assert bare_errors(tree) == [2]
    assert sorted(set(loose_words(tree))) == [(2, " is not legal"), (5, "Full Hand")]


def test_the_engine_keeps_no_english_labels() -> None:
    """Poker hands are a category and tiles, suits and ends are phrases in their sense, a contract is its facts."""
    for name in ("NUMBER_WORDS", "PLURAL_WORDS", "tile_words", "_LABELS"):
        assert not hasattr(engine.poker_hands, name)
    assert not hasattr(Category.PAIR, "label") and not hasattr(engine.poker_hands.HandRank, "words")
    for words, context in ((ARM_WORDS, "end of the line"), (SUIT_WORDS, "suit")):
        assert all(isinstance(p, Phrase) and p.context == context for p in words.values())
    texas = _contracted("texas42", 4)
    assert texas["contract"] is not None and set(texas["contract"]) == {"seat", "bid", "trumps", "doubles"}
    euchre = _contracted("euchre", 4)
    assert euchre["contract"] is not None and set(euchre["contract"]) == {"seat", "bid", "trumps"}
    game = new_game("poker", 2, seed=3, options={"deal": [ROYAL, SIX_STRAIGHT]})
    assert game.view(0)["hand_rank"] == "royal"  # type: ignore[typeddict-item]
    _check_down(game)
    view = game.view(None)
    assert view["showdown_hands"] == {"0": "royal", "1": "six_straight"}  # type: ignore[typeddict-item]
    assert view["last_hand"]["hand"] == "royal"  # type: ignore[typeddict-item]


ROYAL = ["2-2", "3-3", "4-4", "5-5", "6-6"]
SIX_STRAIGHT = ["6-5", "6-4", "6-3", "6-2", "6-1"]


def _check_down(game: Game) -> None:
    """Both players check: the hands are shown."""
    for _ in range(2):
        game.apply(game.to_act[0], Call("check"))


def _contracted(key: str, seats: int) -> dict[str, object]:
    """A spectator's view of a random hand of ``key`` once trumps are named (a contract with trumps)."""
    game = new_game(key, seats, seed=11)
    rng = random.Random(11)
    while not game.is_over:
        view = game.view(None)
        contract = view.get("contract")  # type: ignore[union-attr]
        if isinstance(contract, dict) and contract.get("trumps") not in (None, "none", "nel_o") and \
                view["phase"] == "play":  # type: ignore[typeddict-item]
            return dict(view)
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    raise AssertionError(f"no {key} hand named trumps")


def _errors() -> Iterator[DominoError]:
    """An error of each kind a player can provoke, as the engine raises it."""
    game = new_game("block", 2, seed=1)
    waiting = 1 - game.to_act[0]
    for seat, action in ((waiting, Pass()), (game.to_act[0], Call("nonsense")), (7, Pass())):
        with pytest.raises(DominoError) as caught:
            game.apply(seat, action)
        yield caught.value
    with pytest.raises(NoSuchSeat) as seat:
        game.view(9)
    yield seat.value
    for bad in (lambda: new_game("chess", 2), lambda: new_game("block", 11), lambda: Tile.parse("six-four"),
                lambda: new_game("draw", 2, options={"target": 77}), lambda: new_game("draw", 2, options={"x": 3})):
        with pytest.raises(BadOption) as option:
            bad()
        yield option.value


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_engines_errors_are_said_in_every_language(language: str) -> None:
    errors = list(_errors())
    assert {type(e) for e in errors} >= {NotYourTurn, IllegalAction, NoSuchSeat, BadOption}
    for error in errors:
        english, said = str(error), phrase_in(error.phrase, TRANSLATED[language])
        assert english == str(error.phrase) and "{" not in said
        assert said != english, f"{english!r} is not translated into {language}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_contexts_and_plurals_are_said_through_gettext(language: str) -> None:
    """A short word in its sense (msgctxt) and a count's form (msgid_plural) come from the language's catalogue."""
    spoken = translations(language)
    assert in_context("end of the line", "right").said(spoken) != "right"
    assert in_context("suit", "fives").said(spoken) != "fives"
    one, two = (counted(n, "Exchange {count} tile", "Exchange {count} tiles").said(spoken) for n in (1, 2))
    assert "1" in one and "2" in two and one.replace("1", "") != two.replace("2", "")
    assert str(counted(1, "Exchange {count} tile", "Exchange {count} tiles")) == "Exchange 1 tile"
    assert counted(3, "Exchange {count} tile", "Exchange {count} tiles").said(ENGLISH) == "Exchange 3 tiles"


#: Each language's words for the Royal, the Six Straight and the fives suit (render/locales/*.po).
PICTURE_WORDS = {"es": ("Real", "Escalera de seis", "cincos"), "pt_BR": ("Real", "Sequência de seis", "quinas")}


def _texts(view: object, language: str | None, hand: bool = False) -> str:
    from render.drawing import table_image
    from render.hand import hand_image

    with speaking(language), recording() as drawn:
        (hand_image if hand else table_image)(view, ["Ann", "Bo", "Cy", "Di"])  # type: ignore[operator]
    return " | ".join(t.text for t in drawn.texts)


def _fives(seed: int = 0) -> Game:
    """A Texas 42 hand being played with fives as trumps."""
    for attempt in range(seed, seed + 200):
        game = new_game("texas42", 4, seed=attempt)
        rng = random.Random(attempt)
        while not game.is_over and game.view(None)["phase"] != "play":  # type: ignore[typeddict-item]
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            fives = [a for a in legal if str(a) == "call:trump:5"]
            game.apply(seat, fives[0] if fives else rng.choice(legal))
        contract = game.view(None)["contract"]  # type: ignore[typeddict-item]
        if contract is not None and contract["trumps"] == "5":
            return game
    raise AssertionError("no hand named fives trumps")


@pytest.mark.parametrize("language", PICTURE_WORDS)
def test_poker_hands_and_suits_are_in_the_pictures_language(language: str) -> None:
    royal, straight, fives = PICTURE_WORDS[language]
    game = new_game("poker", 2, seed=3, options={"deal": [ROYAL, SIX_STRAIGHT]})
    own = _texts(game.view(0), language, hand=True)
    assert royal in own and "Royal" not in own.replace("Real", "")
    _check_down(game)
    table = _texts(game.view(None), language)
    assert straight in table and "Six Straight" not in table and "double six" not in table
    english = _texts(game.view(None), None)
    assert "Six Straight, six five high" in english and "Royal: all five doubles" in english
    texas = _fives()
    said = _texts(texas.view(None), language)
    assert fives in said and "fives" not in said
    assert "fives" in _texts(texas.view(None), None)
