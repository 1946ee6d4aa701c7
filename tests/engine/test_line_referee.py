"""Whole random matches of the seven layout games, each step checked by an independent referee written from RULES.md
(``line_referee.py``): the legal moves (2.1-2.6, MUG voluntary draws, MAT-5, TW-1), the turn order (2.3, 2.7, TW-2),
every score in play (BER-1/BER-2, MUG-1/MUG-4), every round's score (2.8-2.10, BER-3, MUG-6, the house-rule formulas)
and the match end (1.5, with the in-play checks of Bergen and Muggins)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.line_referee import referee_match

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("draw", 3, {"target": 50}),
    ("draw", 4, {"target": 50, "first_double_spinner": True, "draw_scoring": "each_diff",
                 "block_tie": "all_tied_score"}),
    ("draw", 2, {"target": 50, "set": 6, "reserve_two": True}),
    ("block", 4, {"target": 50}),
    ("block", 4, {"target": 50, "set": 6, "partners": True}),
    ("draw", 4, {"target": 50, "partners": True, "draw_scoring": "each_diff"}),
    ("block", 3, {"target": 50, "set": 6, "block_scoring": "cascade"}),
    ("block", 5, {"target": 50, "set": 9, "block_scoring": "each_diff", "block_tie": "all_tied_score"}),
    ("bergen", 3, {"target": 10}),
    ("bergen", 4, {"target": 10, "bergen_d6": True, "reserve_two": True, "block_tie": "all_tied_score"}),
    ("muggins", 2, {"target": 50}),
    ("muggins", 4, {"target": 50, "muggins_partners": True}),
    ("muggins", 3, {"target": 50, "muggins_no_voluntary_draw": True, "reserve_two": True}),
    ("matador", 3, {"target": 50}),
    ("matador", 6, {"target": 50, "matador_mode": "d12sum13"}),
    ("matador", 4, {"target": 50, "matador_mode": "d12literal", "matador_scoring": "each_diff", "reserve_two": True}),
    ("tiddle_a_wink", 6, {"target": 100}),
    ("tiddle_a_wink", 8, {"target": 100, "tiddle_extra_optional": True, "tiddle_one_arm": True}),
    ("sebastopol", 4, {"target": 50}),
    ("sebastopol", 4, {"target": 50, "sebastopol_hasbro": True, "block_tie": "all_tied_score"}),
]


@pytest.mark.parametrize(("key", "seats", "options"), CASES, ids=[f"{k}-{n}-{i}" for i, (k, n, _) in enumerate(CASES)])
def test_random_matches_follow_the_rules_step_by_step(key: str, seats: int, options: dict[str, Any]) -> None:
    for seed in range(6):
        referee = referee_match(key, seats, seed, options)
        assert referee.game.is_over and referee.checked > 0
