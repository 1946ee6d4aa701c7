"""Score tables (issue 11): the points each side scored in the hand just finished (the change in totals, sets and
marches and the moon included, points made during play included), and that hand's events only."""

from __future__ import annotations

from typing import Any

import pytest

from engine.views import GameView
from render.canvas import recording
from render.scores import hand_log, scores_image
from render.words import log_lines
from tests.render.views import NAMES, first_state


def written(view: GameView) -> list[str]:
    with recording() as drawn:
        scores_image(view, NAMES)
    return [t.text for t in drawn.texts]


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def after_first_hand(key: str, seats: int, seed: int, wanted: Any = None) -> GameView:
    """The first view of a seeded random match (the first seed from ``seed`` on that has one) after a hand ended
    that ``wanted`` accepts."""
    def fits(view: GameView) -> bool:
        return "last_points" in view and (wanted is None or wanted(view))

    for tried in range(seed, seed + 20):
        view = first_state(key, seats, tried, fits, steps=20_000).view(None)
        if fits(view):
            return view
    raise AssertionError(f"{key}: no such hand")


@pytest.mark.parametrize(("key", "seats"), [("texas42", 4), ("seventy_nine", 6), ("euchre", 4), ("black_tile", 4),
                                            ("poker", 3)])
def test_the_hand_column_shows_points_scored_not_points_taken(key: str, seats: int) -> None:
    """RULES 4.4-4.7: after a set the setters score the bid and their count, the bidders nothing; a march scores 2;
    shooting the moon adds 22 to the others; poker's chips won or lost. The table shows that change."""
    view = after_first_hand(key, seats, seed=7)
    texts = written(view)
    scored = view["last_points"]
    for points in scored:
        assert signed(points) in texts, f"{key}: {signed(points)} missing from {texts}"
    if view["family"] == "trick":
        assert "Scored" in texts


def test_42_set_shows_the_setters_points_and_nothing_for_the_bidders() -> None:
    """TX-set: the example of the issue: a set moves the totals +0 and +bid (or +taken+bid)."""
    view = after_first_hand("texas42", 4, seed=7, wanted=lambda v: v["last_hand"] is not None
                            and not v["last_hand"]["made"])
    assert view["family"] == "trick" and view["last_hand"] is not None
    bidder_side = 0 if view["last_hand"]["bidder"] in view["sides"][0] else 1
    assert view["last_points"][bidder_side] == 0
    assert view["last_points"][1 - bidder_side] >= view["last_hand"]["bid"]
    texts = written(view)
    assert signed(view["last_points"][1 - bidder_side]) in texts


@pytest.mark.parametrize("key", ["bergen", "muggins"])
def test_ber_mug_round_column_includes_points_made_during_play(key: str) -> None:
    """BER-1, MUG-4: the Round column is the whole round's score: what was scored in play plus the end."""
    view = after_first_hand(key, 3, seed=3, wanted=lambda v: v["last_round"] is not None)
    assert view["family"] == "line" and view["last_round"] is not None
    texts = written(view)
    for points in view["last_points"]:
        assert signed(points) in texts
    at_end = view["last_round"]["points"]
    if view["last_points"] != at_end:
        assert "In play" in " ".join(texts)  # the heading may take two lines when the names need the room


def test_the_hand_shown_is_that_hand_only() -> None:
    """The view's log runs on into the next round's opening; the score table stops at the round's end."""
    view = after_first_hand("bergen", 3, seed=3, wanted=lambda v: v["last_round"] is not None)
    kinds = [event["kind"] for event in view["log"]]
    assert "deal" in kinds, "the next round has begun in this view"
    ended = hand_log(view["log"])
    assert [e["kind"] for e in ended] == kinds[:len(ended)]
    assert "deal" not in [e["kind"] for e in ended] and ended[0]["kind"] == "round_over"
    texts = " ".join(written(view))
    for line in log_lines({**view, "log": view["log"][len(ended):]}, NAMES):  # type: ignore[typeddict-item]
        assert line not in texts


def test_scores_after_a_round_leave_out_the_next_rounds_opening_double() -> None:
    """Issue 26: Bergen's "Scores after round N", posted as the next round opens with a double (which scores), is
    the score when round N ended: the same totals as that round's recap, in the table's Total column."""
    from render.recap import ends_a_hand, hand_recap
    from render.scores import settled_scores
    from tests.render.views import random_states

    opened = 0
    for seed in range(1, 7):
        for game in random_states("bergen", 3, seed=seed, steps=2000):
            view = game.view(None)
            kinds = [event["kind"] for event in view["log"]]
            if view["last_round"] is None or "round_over" not in kinds:
                continue
            end = max(i for i, event in enumerate(game.log) if ends_a_hand(event))
            totals = [side.total for side in hand_recap("bergen", game.sides, game.log, end).sides]
            assert settled_scores(view) == totals
            with recording() as drawn:
                scores_image(view, NAMES)
            right = max(t.box[2] for t in drawn.texts if t.size == 20)  # the Total column is the rightmost
            shown = [t.text for t in drawn.texts if t.size == 20 and t.box[2] == right]
            assert shown == [str(total) for total in totals]
            opened += list(view["scores"]) != totals
    assert opened, "no round opened with a scoring double in these matches"
