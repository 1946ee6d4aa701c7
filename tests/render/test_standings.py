"""Standings and recaps whose numbers agree (issue 26): poker places by chips, then by who went out later; a line
match of one round places by the pips the game counts; solitaire Bingo speaks of its row; marks recaps say marks;
and recaps and standings with names in six scripts never cut a number or a partner off."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine import catalogue, new_game
from engine.ai import computer_player
from engine.events import EventKind, Outcome
from engine.game import Game
from render.canvas import recording
from render.language import LANGUAGE, speaking
from render.recap import ends_a_hand, hand_recap, hands_won, recap_image, standings_image, tie_breaks
from render.words import Narrator
from tests.render.test_nothing_cut import SHOWN, WORLD, cuts, dropped

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]


def finished(key: str, seats: int, seed: int, options: dict[str, object] | None = None) -> Game:
    game = new_game(key, seats, seed, options or {})
    players = [computer_player(key, seed + s) for s in range(seats)]
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    return game


def places(game: Game, names: Sequence[str] = NAMES) -> list[str]:
    """The names in the standings picture, first to last."""
    outcome = game.log[-1].outcome
    assert outcome is not None
    with recording() as drawn:
        standings_image(game.key, game.sides, outcome, names, "", hands_won(game.log, len(game.sides)),
                        tie_breaks(game.key, game.log, game.sides))
    return [t.text.split(". ", 1)[1] for t in drawn.texts if t.text[:1].isdigit() and ". " in t.text]


def test_poker_places_the_busted_by_when_they_went_out() -> None:
    checked = 0
    for seed in range(1, 8):
        game = finished("poker", 4, seed)
        out = [e.seat for e in game.log if e.kind == EventKind.OUT]
        if len(out) < 2:
            continue
        shown = places(game)
        later_first = [NAMES[s] for s in reversed(out) if s is not None]
        busted = [name for name in shown if name in later_first]
        assert busted == later_first, f"seed {seed}: {shown}, out in order {out}"
        checked += 1
    assert checked, "no session with two players out"


def standings_texts(game: Game, outcome: Outcome | None = None) -> list[str]:
    """Every text of the standings picture of ``game`` (its own outcome unless ``outcome`` is given)."""
    outcome = outcome or game.log[-1].outcome
    assert outcome is not None
    with recording() as drawn:
        standings_image(game.key, game.sides, outcome, NAMES, "", hands_won(game.log, len(game.sides)))
    return [t.text for t in drawn.texts]


def test_poker_standings_have_no_hands_won_column() -> None:
    assert "Hands won" not in standings_texts(finished("poker", 3, 2))


def test_a_one_round_line_match_places_the_rest_by_pips_left() -> None:
    checked = 0
    for seed in range(1, 30):
        game = finished("draw", 4, seed, {"target": 50})
        rounds = [e for e in game.log if e.kind == EventKind.ROUND_OVER]
        if len(rounds) != 1 or not rounds[0].totals:
            continue
        pips = rounds[0].totals
        shown = places(game)
        rest = [NAMES.index(name) for name in shown[1:]]
        assert [pips[s] for s in rest] == sorted(pips[s] for s in rest), f"seed {seed}: {shown} with pips {pips}"
        checked += 1
    assert checked, "no one-round match"


def test_bingo_standings_speak_of_the_row() -> None:
    game = finished("bingo", 1, 4)
    texts = standings_texts(game)
    assert not any("Nobody" in t or "Winner" in t or "Hands won" in t for t in texts), texts
    assert any("row" in t.lower() for t in texts)
    outcome = game.log[-1].outcome
    assert outcome is not None
    lost = Outcome(outcome.termination, (), (), outcome.points, outcome.round)
    assert "The row was not cleared" in standings_texts(game, lost)


def test_a_marks_recap_says_marks() -> None:
    game = finished("texas42", 4, 3, {"texas_marks": True})
    end = next(i for i, e in enumerate(game.log) if ends_a_hand(e))
    recap = hand_recap("texas42", game.sides, game.log, end)
    with recording() as drawn:
        recap_image(recap, NAMES, "", marks=True)
    assert "Marks" in [t.text for t in drawn.texts]


@pytest.mark.parametrize("language", [None, "es"])
@pytest.mark.parametrize("key", [key for key, spec in catalogue().items() if spec.family != "bingo"])
def test_recaps_and_standings_with_names_in_six_scripts_cut_nothing(key: str, language: str | None) -> None:
    with speaking(language):
        problems = _recap_problems(key)
    assert not problems, "\n".join(problems[:20])


def _recap_problems(key: str) -> list[str]:
    """What the recaps and standings of a whole match, names in six scripts, cut or drop."""
    seats = max(s for s in catalogue()[key].seats if s <= 6)
    game = finished(key, seats, 5)
    names = WORLD[:seats]
    narrator = Narrator(key, names, game.sides, game.options, language=LANGUAGE.get())
    problems = []
    for index, event in enumerate(game.log):
        if ends_a_hand(event):
            recap = hand_recap(key, game.sides, game.log, index)
            with recording() as drawn:
                recap_image(recap, names, narrator.recap(recap, tally=False))
            problems += [f"recap {recap.round}: {p}" for p in cuts(drawn, seats, SHOWN) + dropped(drawn)]
    outcome = game.log[-1].outcome
    assert outcome is not None
    with recording() as drawn:
        standings_image(key, game.sides, outcome, names, narrator.standings(outcome),
                        hands_won(game.log, len(game.sides)), tie_breaks(key, game.log, game.sides))
    problems += [f"standings: {p}" for p in cuts(drawn, seats, SHOWN) + dropped(drawn)]
    teams = [" & ".join(SHOWN[s] for s in side) for side in game.sides if len(side) > 1]
    texts = " ".join(t.text for t in drawn.texts)
    problems += [f"standings: the side {team!r} is not named whole" for team in teams if team not in texts]
    return problems
