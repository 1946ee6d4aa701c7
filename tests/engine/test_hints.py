"""Hints (issue 14, engine/hints.py and render/advice.py): the advised move is the given player's own choice, and
the reason named holds for the position, from what the seat can see."""

from __future__ import annotations

import random

import pytest

from engine import Game, catalogue, new_game
from engine.actions import Action, Pass, Play
from engine.ai import computer_player
from engine.hints import Reason, advise
from render.advice import TEMPLATES, advice_line
from render.language import label_in
from tests.languages import TRANSLATED


class Scripted:
    """A player that plays a given move (to test each reason on a chosen move)."""

    def __init__(self, pick: Action) -> None:
        self.pick = pick

    def choose(self, game: Game, seat: int) -> Action:
        return self.pick


def positions(key: str, seats: int, seed: int, count: int) -> list[Game]:
    """Copies of a game after random moves, at the turn of its first seat to act."""
    game, rng, out = new_game(key, seats, seed), random.Random(seed), []
    while not game.is_over and len(out) < count:
        out.append(game.clone())
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return out


@pytest.mark.parametrize(("key", "seats"), [("muggins", 2), ("texas42", 4), ("black_tile", 4), ("poker", 3),
                                            ("seventy_nine", 6), ("bingo", 1), ("matador", 3)])
def test_the_hint_is_the_players_own_legal_choice_and_is_said_in_one_line(key: str, seats: int) -> None:
    for game in positions(key, seats, 3, 40):
        seat = game.to_act[0]
        before = game.to_dict()
        advice = advise(game, seat, computer_player(key, 7, "best"))
        assert advice.action in game.legal_actions(seat)
        if len(game.legal_actions(seat)) > 1:
            assert advice.action == computer_player(key, 7, "best").choose(game, seat)
        assert game.to_dict() == before, "a hint must not change the game"
        line = advice_line(advice)
        assert line.startswith(advice.label) and "{" not in line and len(line) <= 100
        for locale in TRANSLATED.values():  # a Spanish or a Portuguese member reads it in their language
            said = advice_line(advice, locale)
            assert said != line and "{" not in said and said.startswith(label_in(advice.phrase, locale))


def test_a_muggins_play_that_scores_says_its_points() -> None:
    for game in positions("muggins", 2, 5, 60):
        seat = game.to_act[0]
        scoring = [p for p in game.view(seat).get("play_points", []) if p["points"] > 0]
        plays = {(str(a.tile), a.end): a for a in game.legal_actions(seat) if isinstance(a, Play)}
        for play in scoring:
            action = plays.get((play["tile"], play["end"]))
            if action is None or len(game.hands[seat]) == 1:
                continue
            advice = advise(game, seat, Scripted(action))
            assert advice.reason == Reason.SCORES and advice.facts["points"] == play["points"]
            assert advice_line(advice) == f"{advice.label} scores {play['points']}"
            assert advice_line(advice, "es-ES") == f"{label_in(advice.phrase, 'es-ES')} anota {play['points']}"
            return
    pytest.fail("no scoring Muggins play in these positions")


def test_leading_a_trump_counts_the_trumps_held() -> None:
    for game in positions("texas42", 4, 2, 200):
        seat = game.to_act[0]
        if (game.trick is not None and game.trick.plays) or game.view(seat).get("phase") != "play":
            continue
        rule = game.suit_rule()
        trumps = [a for a in game.legal_actions(seat) if isinstance(a, Play) and rule.is_trump(a.tile)]
        if len(game.legal_actions(seat)) < 2 or not trumps:
            continue
        advice = advise(game, seat, Scripted(trumps[0]))
        held = sum(1 for t in game.hands[seat] if rule.is_trump(t))
        assert advice.reason == Reason.LEAD_TRUMPS and advice.facts == {"held": held, "of": 7}
        assert advice_line(advice).endswith(f"leading trumps, you hold {held} of 7")
        return
    pytest.fail("no trump lead in these positions")


def test_a_pass_in_the_bidding_names_the_longest_suit() -> None:
    game = new_game("texas42", 4, 4)
    seat = game.to_act[0]
    advice = advise(game, seat, Scripted(Pass()))
    counts = {n: sum(1 for t in game.hands[seat] if t.has(n)) for n in range(7)}
    assert advice.reason == Reason.PASS_BID and advice.facts["held"] == max(counts.values())
    assert counts[advice.facts["suit"]] == max(counts.values())


def test_every_reason_has_words() -> None:
    assert set(TEMPLATES) == set(Reason)


@pytest.mark.parametrize("key", sorted(catalogue()))
def test_every_hint_in_every_game_gives_a_reason_to_learn_from(key: str) -> None:
    """Issue 26: no hint says only whose pick it is; each names a reason that holds, in one line in each language."""
    seats = min(catalogue()[key].seats)
    seen = set()
    for game in positions(key, seats, 5, 25):
        seat = game.to_act[0]
        advice = advise(game, seat, computer_player(key, 7, "best"))
        seen.add(advice.reason)
        for locale in (None, "es-ES"):
            line = advice_line(advice, locale)
            assert len(line) <= 100 and "{" not in line and "pick" not in line and "elección" not in line
        if advice.reason == Reason.KEEPS_PLAYS:
            trial = game.clone()
            trial.apply(seat, advice.action)
            fits = trial.playable_tiles()  # type: ignore[attr-defined]
            assert advice.facts["fits"] == sum(1 for tile in trial.hands[seat] if tile in fits)  # type: ignore[attr-defined]
        if advice.reason == Reason.BINGO_MATCH:
            assert game.matches(game.current, advice.facts["count"])  # type: ignore[attr-defined]
    assert seen, key
