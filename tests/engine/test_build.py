"""The compiled engine (mypyc, ``setup.py``) and the pure Python engine are one engine.

The install compiles the engine's core; ``engine/_build.py`` uses it only when every compiled module is there and
built from the sources as they are. These tests check that choice, that the two builds play the same games, the
hand-written pieces that replace library calls for speed (the shuffle, the hand sort), and the hooks the fast
paths rely on.
"""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import engine
from engine import _build, catalogue, new_game
from engine.linegame import LineGame, play_action
from engine.tiles import TILE_ORDER, Tile, double_set, highest_double, shuffle, sort_hand

ROOT = Path(__file__).resolve().parents[2]
PARITY = ROOT / "tests" / "engine" / "build_parity.py"


def pure_env() -> dict[str, str]:
    return {**os.environ, _build.PURE_VARIABLE: "1"}


def test_shuffle_deals_exactly_as_random_shuffle() -> None:
    """Saved games replay from their seed, so the hand-written shuffle must match the library's draw for draw."""
    for seed in range(300):
        for size in (0, 1, 2, 7, 28, 55, 91, 112):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, library = list(range(size)), list(range(size))
            shuffle(mine, ours)
            theirs.shuffle(library)
            assert mine == library
            assert ours.getstate() == theirs.getstate()


def test_sort_hand_orders_as_the_tile_order() -> None:
    rng = random.Random(4)
    tiles = list(double_set(12))
    for size in range(0, 16):
        for _ in range(40):
            hand = rng.sample(tiles, size)
            assert sort_hand(hand) == sorted(hand, key=TILE_ORDER, reverse=True)
    duplicates = [Tile.of(6, 6), Tile.of(1, 0), Tile.of(6, 6), Tile.of(3, 2)]  # Seventy-Nine's two sets
    assert sort_hand(duplicates) == sorted(duplicates, key=TILE_ORDER, reverse=True)


def test_tile_comparisons_are_the_pair_order() -> None:
    tiles = list(double_set(9))
    for a in tiles:
        for b in tiles:
            pair_a, pair_b = (a.high, a.low), (b.high, b.low)
            assert (a == b) == (pair_a == pair_b)
            assert (a < b, a <= b, a > b, a >= b) == (pair_a < pair_b, pair_a <= pair_b, pair_a > pair_b,
                                                      pair_a >= pair_b)
            assert (hash(a) == hash(b)) == (a == b)
    assert Tile.of(4, 6) != (6, 4)
    assert highest_double([Tile.of(5, 1), Tile.of(2, 2), Tile.of(4, 4), Tile.of(6, 3)]) == Tile.of(4, 4)
    assert highest_double([Tile.of(5, 1)]) is None
    assert str(Tile.of(12, 11)) == "12-11" and str(Tile(18, 18)) == "18-18"


def test_play_actions_are_interned_and_exact() -> None:
    tile = Tile.of(6, 4)
    assert play_action(tile, "W", 6) is play_action(Tile.of(4, 6), "W", 6)
    assert play_action(tile, "W", 6) is not play_action(tile, "E", 6)
    assert (play_action(tile, "E", 4).end, play_action(tile, "E", 4).face) == ("E", 4)
    assert str(play_action(Tile.of(3, 3), "N", 3)) == "play:3-3@N/3"
    odd = play_action(tile, "X", 2)  # no such arm and no such face: made as asked, never offered
    assert (odd.end, odd.face) == ("X", 2)


def test_new_game_deals_once() -> None:
    """A compiled subclass could run ``__init__`` twice (see ``LineGame.__init__``): one generator per new game."""
    made = []

    class Counting(random.Random):
        def __init__(self, seed: object = None) -> None:
            made.append(seed)
            super().__init__(seed)

    original = random.Random
    random.Random = Counting  # type: ignore[misc]
    try:
        for key in catalogue():
            made.clear()
            spec = catalogue()[key]
            new_game(key, spec.seats[0], 7)
            assert made == [7], key
    finally:
        random.Random = original  # type: ignore[misc]


def test_ordinary_matching_flag_agrees_with_connects() -> None:
    """``LineGame.plays`` skips the ``connects`` hook when ``ORDINARY_MATCHING`` says the game keeps it."""
    for key, spec in catalogue().items():
        game = new_game(key, spec.seats[0], 1)
        if isinstance(game, LineGame):
            keeps_hook = type(game).connects is LineGame.connects
            assert keeps_hook == game.ORDINARY_MATCHING, key


def test_awaits_agrees_with_to_act_in_random_play() -> None:
    """``_awaits`` (the quick test apply uses) answers as ``to_act`` does, for every seat, in every game."""
    for key, spec in catalogue().items():
        for seed in range(3):
            seats = spec.seats[seed % len(spec.seats)]
            game = new_game(key, seats, seed, {"target": min(spec.option("target").choices)}
                            if any(o.name == "target" for o in spec.options) else None)
            rng = random.Random(seed)
            for _ in range(400):
                if game.is_over:
                    break
                awaited = game.to_act
                assert [s for s in range(seats) if game._awaits(s)] == sorted(awaited), key
                seat = rng.choice(awaited)
                game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_a_changed_source_turns_the_compiled_build_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Compiled modules built from older sources are never mixed with newer ones: the pure engine runs instead."""
    monkeypatch.delenv(_build.PURE_VARIABLE, raising=False)
    monkeypatch.setattr(_build, "_recorded_sources", lambda: {"engine/tiles.py": "0" * 64})
    monkeypatch.setattr(_build, "_group_library", lambda: True)
    monkeypatch.setattr(_build, "_compiled_file", lambda rel: ROOT / rel)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compiled, why, sources = _build.decide()
    assert not compiled and "engine/tiles.py changed" in why
    assert list(sources) == ["engine.tiles"]
    assert any("changed since the engine was compiled" in str(w.message) for w in caught)


def test_the_pure_variable_and_a_missing_module_turn_it_off(monkeypatch: pytest.MonkeyPatch) -> None:
    sources = {"engine/tiles.py": "x"}
    monkeypatch.setattr(_build, "_recorded_sources", lambda: sources)
    monkeypatch.setenv(_build.PURE_VARIABLE, "1")
    assert _build.decide()[:2] == (False, f"pure Python ({_build.PURE_VARIABLE} is set)")
    monkeypatch.delenv(_build.PURE_VARIABLE)
    monkeypatch.setattr(_build, "_group_library", lambda: True)
    monkeypatch.setattr(_build, "_compiled_file", lambda rel: None)
    assert _build.decide()[:2] == (False, "pure Python (engine/tiles.py was not compiled)")
    monkeypatch.setattr(_build, "_group_library", lambda: False)
    assert _build.decide()[:2] == (False, "pure Python (the compiled engine's shared library is missing)")
    monkeypatch.setattr(_build, "_recorded_sources", dict)
    assert _build.decide()[:2] == (False, "not compiled (pure Python)")


def test_the_install_compiled_the_engine() -> None:
    """After ``pip install -e .`` on a machine with a C compiler (CI), the compiled engine is the one in use."""
    if os.environ.get(_build.PURE_VARIABLE):
        pytest.skip(f"{_build.PURE_VARIABLE} is set")
    if not _build._recorded_sources():
        pytest.skip("this install did not compile the engine (DOMINO_HALL_PURE=1 at install time)")
    if "changed since the build" in engine.BUILD:
        pytest.skip("a source changed since the build: pip install -e . compiles it again")
    assert engine.NATIVE, engine.BUILD
    compiled = importlib.import_module("engine.linegame").__file__
    assert str(compiled).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


@pytest.mark.skipif(not engine.NATIVE, reason="the engine is not compiled here: there is one build only")
def test_the_compiled_and_pure_builds_play_the_same_games() -> None:
    here = subprocess.run([sys.executable, str(PARITY), "2"], capture_output=True, text=True, check=True, cwd=ROOT)
    pure = subprocess.run([sys.executable, str(PARITY), "2"], capture_output=True, text=True, check=True, cwd=ROOT,
                          env=pure_env())
    native, native_digest = here.stdout.split()
    plain, plain_digest = pure.stdout.split()
    assert (native, plain) == ("True", "False")
    assert native_digest == plain_digest


@pytest.mark.skipif(not engine.NATIVE, reason="pytest collects these doctests itself when the engine is not compiled")
def test_the_compiled_modules_doctests_pass_in_the_pure_build() -> None:
    """Compiled functions carry no docstrings, so their doctests are run against the sources."""
    modules = [ROOT / rel for rel in _build._recorded_sources()]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--doctest-modules", *map(str, modules)],
        capture_output=True, text=True, cwd=ROOT, env=pure_env(),
    )
    assert result.returncode == 0, result.stdout[-2000:]
    expected = sum(_docstrings_with_examples(path) for path in modules)
    assert expected >= 5
    assert re.search(rf"\b{expected} passed\b", result.stdout), result.stdout[-500:]


def _docstrings_with_examples(path: Path) -> int:
    """How many docstrings in a source hold ``>>>`` examples: one doctest item each."""
    tree = ast.parse(path.read_text())
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return sum(1 for node in ast.walk(tree) if isinstance(node, kinds) and ">>>" in (ast.get_docstring(node) or ""))


def test_clone_is_the_same_game_and_independent() -> None:
    """``clone`` (computer players try moves on it) copies every piece of state, and shares nothing that changes."""
    for key, spec in catalogue().items():
        for seed in range(2):
            seats = spec.seats[seed % len(spec.seats)]
            game = new_game(key, seats, seed)
            rng = random.Random(seed)
            for step in range(160):
                if game.is_over:
                    break
                if step % 9 == 0:
                    twin = game.clone()
                    before = game.snapshot()
                    assert twin.snapshot() == before, key
                    # The copy plays on alone: the original does not change.
                    for _ in range(6):
                        if twin.is_over:
                            break
                        actor = rng.choice(twin.to_act)
                        twin.apply(actor, rng.choice(twin.legal_actions(actor)))
                    assert game.snapshot() == before, key
                    # And the same move on both keeps them the same game.
                    twin = game.clone()
                    actor = rng.choice(game.to_act)
                    action = rng.choice(game.legal_actions(actor))
                    assert twin.apply(actor, action) == game.apply(actor, action)
                    assert twin.snapshot() == game.snapshot(), key
                    continue
                actor = rng.choice(game.to_act)
                game.apply(actor, rng.choice(game.legal_actions(actor)))


def test_isinstance_answers_by_the_class_tree_whatever_was_asked_before() -> None:
    """Compiled subclasses of an ``abc.ABC`` share one isinstance cache, so a "no" for one class poisoned the
    answer for another (a Texas 42 game was then not a Game). ``Game`` is therefore a plain class."""
    from engine.fortytwo import FortyTwoGame
    from engine.game import Game
    from engine.trickgame import TrickGame

    bases = (LineGame, TrickGame, FortyTwoGame, Game)
    games = [new_game(key, spec.seats[0], 1) for key, spec in catalogue().items()]
    for _ in range(2):
        for game in games:
            for base in bases:  # "no" answers first for most games, then the "yes" ones
                assert isinstance(game, base) == (base in type(game).__mro__), (type(game), base)


def test_bad_input_of_the_wrong_type_gets_the_engines_errors() -> None:
    """The compiled engine checks argument types itself; the contract's entry points still answer bad input with
    the engine's own errors (a seat that is not a number, an action that is not an action) and change nothing."""
    from engine import IllegalAction, NotYourTurn, Pass

    for key, spec in catalogue().items():
        game = new_game(key, spec.seats[0], 3)
        before = game.snapshot()
        seat = game.to_act[0]
        for bad_seat in ("0", None, 1.0, True, -1, 99):
            with pytest.raises(NotYourTurn):
                game.apply(bad_seat, Pass())
            assert game.legal_actions(bad_seat) == []
        for bad_action in ("pass", None, 3, ("play", "6-6")):
            with pytest.raises(IllegalAction):
                game.apply(seat, bad_action)
        assert game.snapshot() == before, key
