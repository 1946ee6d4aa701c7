"""The strength ladder (issue 30): the data file kept in the repository covers every game and every level's pairings,
the docs page is made from it, /rules' lines and the lobby's level descriptions read it (within Discord's limits in
every language), and a missing or damaged file shows no ladder instead of failing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.table import computer_levels
from engine import catalogue
from engine.ai import LEVELS
from render import ladder
from tests.languages import TRANSLATED

ROOT = Path(__file__).resolve().parents[2]
LOCALES = [None, *TRANSLATED.values()]
BELOW = {"normal": "easy", "strong": "normal"}


def expected_pairings(key: str) -> set[tuple[str, str]]:
    """Each level offered for ``key`` against random play (Easy) and against the level below."""
    levels = [level for level in computer_levels(catalogue()[key]) if level != "easy"]
    return {(level, opponent) for level in levels for opponent in ("easy", BELOW[level])}


def test_the_levels_are_the_ones_the_ladder_names() -> None:
    assert set(LEVELS) == set(ladder.LEVEL_WORDS) and LEVELS["easy"] == "random"  # Easy is random play


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_the_data_file_has_every_game_and_every_level_pair(key: str) -> None:
    entry = ladder.ladder()["games"][key]
    found = {(p["level"], p["opponent"]) for p in entry["pairings"]}
    assert found == expected_pairings(key)
    for pairing in entry["pairings"]:
        assert 0 < pairing["decided"] <= pairing["played"] and 0 <= pairing["won"] <= pairing["decided"]
        assert pairing["share"] == round(pairing["won"] / pairing["decided"], 3)
        assert 0 <= pairing["low"] <= pairing["share"] <= pairing["high"] <= 1
    if entry["unit"] == "games":  # Bingo, solitaire: compared by average score
        assert {s["level"] for s in entry["scores"]} == {"easy", "normal"}
    else:
        assert entry["samples"] > 0 and entry["scale"] == 1  # the published ladder, not a quick try


def test_the_luck_flag_follows_the_figures() -> None:
    for key, entry in ladder.ladder()["games"].items():
        if entry["unit"] == "games":  # Bingo: by default the removal is automatic, and every level plays alike
            assert entry["luck"] == entry["default_alike"], key
            continue
        clear = [p for p in entry["pairings"] if p["opponent"] == "easy" and p["share"] >= 0.6 and p["low"] > 0.5]
        assert entry["luck"] == (not clear) == ladder.mostly_luck(entry["pairings"]), key
        shown = ladder.ladder_lines(key)
        assert ("Mostly luck: the deal decides more than the level." in shown) == entry["luck"]


def test_the_docs_page_is_made_from_the_data_file() -> None:
    page = (ROOT / "docs" / "strength.md").read_text(encoding="utf-8")
    assert page == ladder.docs_page(ladder.ladder())  # regenerate with benchmarks/strength_ladder.py
    assert "](docs/strength.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    for key in catalogue():
        assert f"| {catalogue()[key].title} | " in page


@pytest.mark.parametrize("locale", LOCALES)
def test_rules_lines_give_each_pairing_with_its_interval(locale: str | None) -> None:
    for key, entry in ladder.ladder()["games"].items():
        lines = ladder.ladder_lines(key, locale)
        assert len(lines) >= len(entry["pairings"])
        first = entry["pairings"][0]
        assert f"{round(100 * first['share'])}% [{round(100 * first['low'])}-{round(100 * first['high'])}]" \
            in lines[0] and str(first["decided"]) in lines[0]
        assert len("\n".join([*lines, ladder.ladder_note(key, locale)])) < 1000  # an embed field holds 1024


@pytest.mark.parametrize("locale", LOCALES)
def test_level_menu_descriptions_fit_discord_in_every_language(locale: str | None) -> None:
    for key, spec in catalogue().items():
        for level in computer_levels(spec):
            words = ladder.level_description(key, level, locale)
            assert 0 < len(words) <= 100, (key, level, words)
            assert words.startswith(ladder.translate(ladder.LEVEL_WORDS[level][1], locale))


def test_a_level_description_gives_the_measured_share_against_the_level_below() -> None:
    entry = ladder.ladder()["games"]["draw"]
    strong = next(p for p in entry["pairings"] if (p["level"], p["opponent"]) == ("strong", "normal"))
    assert ladder.level_description("draw", "strong") == (
        f"Thinks ahead over possible deals; takes a little longer · wins {round(100 * strong['share'])}% v Normal")
    assert ladder.level_description("draw", "easy") == "Random legal moves: for learning the game"
    assert ladder.level_description("bingo", "normal") == "Plays sensibly: the game's own strategy"


@pytest.mark.parametrize("content", [None, "{not json", "[1, 2]", '{"games": 3}'])
def test_a_missing_or_damaged_file_shows_no_ladder(content: str | None, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "strength_ladder.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    monkeypatch.setattr(ladder, "DATA", path)
    ladder.ladder.cache_clear()
    try:
        assert ladder.ladder() == {} and ladder.ladder_lines("draw") == []
        assert ladder.level_description("draw", "strong") == "Thinks ahead over possible deals; takes a little longer"
    finally:
        ladder.ladder.cache_clear()


def test_a_damaged_game_entry_is_left_out_and_the_others_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = ladder.ladder()["games"]["draw"]
    broken = [{**good, "unit": "laps"}, {**good, "pairings": [{"level": "grandmaster"}]}, {**good, "luck": "maybe"},
              {**good, "pairings": [{**good["pairings"][0], "share": "64%"}]}, [], {**good, "pairings": []}]
    path = tmp_path / "strength_ladder.json"
    games = {"draw": good, **{f"broken{i}": entry for i, entry in enumerate(broken)}}
    path.write_text(json.dumps({"games": games}), encoding="utf-8")
    monkeypatch.setattr(ladder, "DATA", path)
    ladder.ladder.cache_clear()
    try:
        assert list(ladder.ladder()["games"]) == ["draw"]
        assert ladder.ladder_lines("broken0") == [] and ladder.ladder_lines("draw")
    finally:
        ladder.ladder.cache_clear()


def test_the_data_file_is_shipped_with_the_package() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"strength_ladder.json"' in pyproject and ladder.DATA.parent == ROOT / "render"
    assert json.loads(ladder.DATA.read_text(encoding="utf-8"))["command"].endswith("strength_ladder.py")
