"""Events and outcomes as data (engine contract 2): every event of every game is a typed value with no English,
the view's log and prompt hold no English either, and every round or match end carries an Outcome whose numbers
agree with the score events (RULES 1.5 and each family's scoring)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine import Game, catalogue, new_game
from engine.actions import Action
from engine.events import (
    Event,
    EventKind,
    Outcome,
    Prompt,
    PromptKind,
    ScoreReason,
    Termination,
    parse_event,
    parse_prompt,
)
from engine.tiles import Tile
from tests.property.test_random_play import quick_options

# A code is not English: identifiers ("bid:34", "nel_o", "doubles"), arm letters, tile and suit numbers.
CODE = re.compile(r"^([a-z0-9_\-:@/#,]*|[WENS])$")
ROUND_ENDS = (EventKind.ROUND_OVER, EventKind.HAND_OVER, EventKind.POT, EventKind.THROW_IN)
CASES = [(key, seats) for key, spec in catalogue().items() for seats in spec.seats]


def played(key: str, seats: int, seed: int, steps: int = 4000) -> Game:
    """A match of ``key`` played at random (to its end, or ``steps`` actions)."""
    game = new_game(key, seats, seed, quick_options(key))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        seat = rng.choice(game.to_act)
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


def plain(value: Any) -> bool:
    """True for the values an event may hold: numbers, flags, tiles, actions, outcomes, enums and codes."""
    if value is None or isinstance(value, (bool, int, Tile, Action, Outcome)):
        return True
    if isinstance(value, tuple):
        return all(plain(v) for v in value)
    return isinstance(value, str) and bool(CODE.match(value))


def no_english(data: Any) -> bool:
    """True when no string in the JSON ``data`` reads as words."""
    if isinstance(data, str):
        return bool(CODE.match(data))
    if isinstance(data, dict):
        return all(no_english(v) for v in data.values())
    if isinstance(data, list):
        return all(no_english(v) for v in data)
    return True


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_events_and_the_views_log_and_prompt_hold_no_english(key: str, seats: int) -> None:
    game = played(key, seats, seed=seats)
    for event in game.log:
        assert isinstance(event, Event) and isinstance(event.kind, EventKind)
        assert not hasattr(event, "text")
        for name in event.__slots__:
            assert plain(getattr(event, name)), (event, name)
        assert parse_event(json.loads(json.dumps(event.to_json()))) == event
    for seat in [None, *range(game.seats)]:
        view = game.view(seat)
        assert no_english(view["log"]) and no_english(view["prompt"]), (view["log"], view["prompt"])
        assert isinstance(parse_prompt(view["prompt"]), Prompt)
        assert all(EventKind(entry["kind"]) != EventKind.MARK for entry in view["log"])


def test_event_kinds_are_todays_strings() -> None:
    """``event.kind == "round_over"`` keeps working: the kinds are a StrEnum of the names used so far."""
    assert EventKind.ROUND_OVER == "round_over" and EventKind("play") is EventKind.PLAY
    assert {"play", "draw", "pass", "score", "round_over", "match_over", "hand_over", "pot", "trick",
            "bid"} <= {kind.value for kind in EventKind}


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_rule_1_5_the_match_outcome_names_the_winners_their_totals_and_why(key: str, seats: int) -> None:
    game = played(key, seats, seed=11, steps=20_000)
    assert game.is_over
    outcome = game.outcome
    assert outcome is not None and outcome.winners == game.winner and outcome.points == game.score
    assert game.log[-1].kind == "match_over" and game.log[-1].outcome == outcome
    assert outcome.termination in (Termination.TARGET_REACHED, Termination.ALL_CHIPS, Termination.SESSION_ENDED,
                                   Termination.CLEARED, Termination.STUCK)
    assert all(side in range(len(game.sides)) for side in outcome.sides)
    assert sorted(s for side in outcome.sides for s in game.sides[side]) == list(outcome.winners)


@pytest.mark.parametrize(("key", "seats"), CASES)
def test_every_round_end_carries_its_outcome_and_the_points_agree_with_the_scores(key: str, seats: int) -> None:
    game = played(key, seats, seed=5, steps=20_000)
    ends = [e for e in game.log if e.outcome is not None and e.kind in ROUND_ENDS]
    if key == "bingo" or (not ends and key in ("bergen", "muggins")):  # no rounds, or won in play (RULES 1.5)
        assert not ends and game.round_outcome is None
        return
    assert ends and game.round_outcome == ends[-1].outcome
    for event in ends:
        outcome = event.outcome
        assert outcome is not None and len(outcome.points) == len(game.sides)
        assert sorted(s for side in outcome.sides for s in game.sides[side]) == list(outcome.winners)
    if game.spec.family == "trick" or key in ("draw", "block", "matador", "tiddle_a_wink", "sebastopol"):
        # Points come only at round ends: the outcomes add up to the final score.
        totals = [sum(e.outcome.points[side] for e in ends if e.outcome) for side in range(len(game.sides))]
        assert tuple(totals) == game.score
    if key == "poker":
        stack = int(game.options["stack"])
        totals = [stack + sum(e.outcome.points[s] for e in ends if e.outcome) for s in range(seats)]
        assert tuple(totals) == game.score


def test_rule_2_8_and_2_9_line_rounds_end_out_or_blocked() -> None:
    """A round goes out (Domino!) or blocks; the view's last round says which with the same codes."""
    game = played("block", 4, seed=3, steps=20_000)
    terminations = {e.outcome.termination for e in game.log if e.kind == "round_over" and e.outcome}
    assert terminations <= {Termination.DOMINO, Termination.BLOCKED} and terminations
    assert Termination.DOMINO == "out" and Termination.BLOCKED == "blocked"


def test_score_events_say_why_points_were_scored() -> None:
    for key, seats in CASES:
        game = played(key, seats, seed=2, steps=300)
        for event in game.log:
            if event.kind == "score":
                assert isinstance(event.reason, ScoreReason), (key, event)


def test_prompts_are_typed() -> None:
    for key, seats in CASES:
        game = played(key, seats, seed=4, steps=50)
        prompt = game.prompt()
        assert isinstance(prompt, Prompt) and isinstance(prompt.kind, PromptKind)
        assert parse_prompt(json.loads(json.dumps(prompt.to_json()))) == prompt
