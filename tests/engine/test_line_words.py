"""What players read in the seven layout games: button labels, prompts, event texts, the /rules summary and the
house-rule flags of RULES section 7 with their help texts."""

from __future__ import annotations

import random
import re

import pytest

from engine import Play, catalogue, new_game
from tests.engine.words_support import prompt, text

TILE = re.compile(r"(?<![\d-])(\d{1,2})-(\d{1,2})(?![\d-])")

FLAGS = {
    "draw": {"target", "set", "draw_scoring", "first_double_spinner", "reserve_two", "block_tie", "partners"},
    "block": {"target", "set", "block_scoring", "block_tie", "partners"},
    "sebastopol": {"target", "sebastopol_hasbro", "block_tie"},
    "bergen": {"target", "bergen_d6", "reserve_two", "block_tie"},
    "tiddle_a_wink": {"target", "tiddle_extra_optional", "tiddle_one_arm", "block_tie"},
    "muggins": {"target", "muggins_partners", "muggins_no_voluntary_draw", "manual_muggins", "reserve_two"},
    "matador": {"target", "matador_mode", "matador_scoring", "reserve_two", "block_tie"},
}
"""RULES section 7: the flags that apply to each layout game (``target`` in every game's own section)."""

SUMMARY_FACTS = {
    "draw": ("7 tiles", "highest double", "draw", "100", "50"),
    "block": ("7 tiles", "no drawing", "highest double", "pass", "100"),
    "sebastopol": ("4 players", "28 tiles", "6-6", "cross", "100"),
    "bergen": ("6 tiles", "scores 2", "3 when", "Bergen", "no double", "15"),
    "tiddle_a_wink": ("5 tiles", "double", "another turn", "Gee", "100"),
    "muggins": ("7 tiles", "5 for three", "spinner", "multiple of 5", "higher hands", "100"),
    "matador": ("7 tiles", "add up to 10", "9-1, 8-2, 7-3, 6-4, 5-5, 0-0", "blank", "heaviest", "100"),
}
"""Facts a player needs from each summary: the deal, the opening, the main rule and the target."""

DEFAULTS = {"draw": 100, "block": 100, "sebastopol": 100, "bergen": 15, "tiddle_a_wink": 100, "muggins": 100,
            "matador": 100}


@pytest.mark.parametrize("key", sorted(FLAGS))
def test_rule_7_house_rule_flags_are_offered_with_clear_help(key: str) -> None:
    spec = catalogue()[key]
    assert {o.name for o in spec.options} == FLAGS[key]
    assert spec.option("target").default == DEFAULTS[key]
    for option in spec.options:
        assert option.help and option.help[0].isupper() and not option.help.endswith(".")  # /rules adds ". Choices"
        assert option.rule, f"{key}.{option.name} names no RULES section"


@pytest.mark.parametrize("key", sorted(SUMMARY_FACTS))
def test_registry_summary_states_the_deal_the_main_rule_and_the_target(key: str) -> None:
    summary = catalogue()[key].summary
    for fact in SUMMARY_FACTS[key]:
        assert fact in summary, f"{key} summary does not say {fact!r}"


GAMES = [("draw", 3, {"first_double_spinner": True}), ("block", 4, {}), ("bergen", 3, {}),
         ("muggins", 3, {"manual_muggins": True}), ("matador", 4, {}),
         ("tiddle_a_wink", 6, {"tiddle_extra_optional": True}), ("sebastopol", 4, {})]


@pytest.mark.parametrize(("key", "seats", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_labels_prompts_and_event_texts_in_play(key: str, seats: int, options: dict[str, object]) -> None:
    """Labels are short and start with a capital or a tile; prompts name a seat; an event names no tile that was
    not on the table (a drawn or held tile is never told)."""
    game = new_game(key, seats, 4, options)
    rng = random.Random(4)
    for _ in range(300):
        if game.is_over:
            break
        assert re.match(r"^Seat \d+ ", prompt(game))
        seat = rng.choice(game.to_act)
        legal = game.legal_actions(seat)
        for action in legal:
            label = game.describe(action)
            assert 0 < len(label) < 80 and (label[0].isupper() or label[0].isdigit()), label
        line_before = {str(t) for t in game.line.tiles()}  # type: ignore[attr-defined]
        action = rng.choice(legal)
        events = game.apply(seat, action)
        public = line_before | {str(t) for t in game.line.tiles()}  # type: ignore[attr-defined]
        if isinstance(action, Play):
            public.add(str(action.tile))  # the tile just played, even when it ended the round
        for event in events:
            for match in TILE.finditer(text(game, event)):
                assert f"{match.group(1)}-{match.group(2)}" in public, text(game, event)
