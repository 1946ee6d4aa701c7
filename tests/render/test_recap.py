"""Hand recaps and final standings (issue 11): read from the events, right points for every game, and pictures a
phone can read (at most 720 px wide, text of 11 px or more and numbers of 16 px or more at 400 px, contrast of
4.5:1 or more, under 200 KB, the same bytes every time)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine import catalogue, new_game
from engine.ai import computer_player
from engine.events import EventKind
from engine.game import Game
from render import recap as recap_module
from render.recap import HandRecap, ends_a_hand, hand_recap, hands_won, render_recap, render_standings, unfinished_hand
from render.theme import ACCENT, BACKGROUND, MUTED, PANEL, TEXT
from render.words import Narrator

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"]
PHONE = 400


def seats_of(key: str) -> int:
    seats = catalogue()[key].seats
    return 4 if 4 in seats else seats[0]


def played(key: str, seed: int = 3) -> tuple[Game, list[tuple[HandRecap, tuple[int, ...]]]]:
    """A whole match of computer players, with every hand's recap and the score right after that hand."""
    seats = seats_of(key)
    game = new_game(key, seats, seed)
    players = [computer_player(key, seed + s) for s in range(seats)]
    recaps = []
    while not game.is_over:
        seat = game.to_act[0]
        before = len(game.log)
        game.apply(seat, players[seat].choose(game, seat))
        for index in range(before, len(game.log)):
            event = game.log[index]
            if ends_a_hand(event) or (event.kind == EventKind.MATCH_OVER and unfinished_hand(game.log, index)):
                recaps.append((hand_recap(key, game.sides, game.log, index), before_next_hand(game, index)))
    return game, recaps


def before_next_hand(game: Game, end: int) -> tuple[int, ...]:
    """The score as it stood when the hand ending at ``log[end]`` was settled: today's score less what was scored
    since the next deal (in the same step: Bergen's opening double, Muggins' first count)."""
    deal = next((i for i in range(end, len(game.log)) if game.log[i].kind == EventKind.DEAL), len(game.log))
    score = list(game.score)
    for event in game.log[deal:]:
        if event.kind == EventKind.SCORE and event.side is not None:
            score[event.side] -= event.points
    return tuple(score)


GAMES = [key for key, spec in catalogue().items() if spec.family != "bingo"]


@pytest.mark.parametrize("key", GAMES)
def test_every_hand_has_a_recap_with_the_points_the_score_events_gave(key: str) -> None:
    _game, recaps = played(key)
    assert recaps, "no hand ended"
    for recap, score in recaps:
        outcome = recap.outcome
        assert [r.total for r in recap.sides] == list(score)
        if outcome.termination != "target_reached" and catalogue()[key].family != "line":
            assert [r.hand for r in recap.sides] == list(outcome.points), (key, recap.round)
        assert {r.side for r in recap.sides if r.won} == set(outcome.sides)


def test_texas42_set_recap_says_the_bid_the_count_and_the_points() -> None:
    """TEX: a set bid scores the setters their count plus the bid; the recap says it and the new totals."""
    game, recaps = played("texas42")
    set_hand = next(r for r, _ in recaps if r.outcome.termination == "bid_set")
    words = Narrator.of_game(game, NAMES[:4]).recap(set_hand)
    contract = next(e for e in set_hand.settled if e.kind == EventKind.CONTRACT)
    assert f"were set on their bid of {contract.amount}" in words and "Count taken:" in words
    for result in set_hand.sides:
        name = " & ".join(NAMES[s] for s in result.seats)
        assert f"{name} {result.hand:+d}" in words or (result.hand == 0 and f"{name} 0" in words)
        assert f"{name} {result.total}" in words


def test_poker_recap_says_the_pot_and_the_chips_each_won_or_lost() -> None:
    game, recaps = played("poker")
    recap = recaps[0][0]
    words = Narrator.of_game(game, NAMES[:4]).recap(recap)
    assert "wins the pot of" in words and "Chips this hand:" in words
    assert sum(r.hand for r in recap.sides) == 0  # chips only change hands


def test_muggins_points_in_play_are_in_the_recap() -> None:
    """Muggins scores during play: a recap counts them (the round's outcome holds only the end's points)."""
    _game, recaps = played("muggins", seed=4)
    assert any(recap.in_play for recap, _ in recaps)


def contrast(one: tuple[int, int, int], two: tuple[int, int, int]) -> float:
    def luminance(rgb: tuple[int, int, int]) -> float:
        channels = [c / 255 for c in rgb]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(two)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_recap_text_is_readable_on_a_phone() -> None:
    """At 400 px wide the smallest text is 11 px and the numbers 16 px; every text colour on its ground is 4.5:1."""
    scale = PHONE / recap_module.WIDTH
    assert recap_module.WIDTH <= 720
    sizes = (recap_module.TITLE, recap_module.LINE, recap_module.NAME, recap_module.NUMBER, recap_module.LABEL)
    assert min(sizes) * scale >= 11 and recap_module.NUMBER * scale >= 16
    for ink, ground in ((TEXT, BACKGROUND), (MUTED, BACKGROUND), (TEXT, PANEL), (ACCENT, BACKGROUND),
                        (recap_module.WIN_TEXT, ACCENT)):
        assert contrast(ink, ground) >= 4.5, (ink, ground)


@pytest.mark.parametrize("key", ["texas42", "seventy_nine", "euchre", "black_tile", "poker", "draw", "bergen",
                                 "muggins", "matador", "tiddle_a_wink", "sebastopol", "block"])
def test_recap_and_standings_pictures_are_small_narrow_and_byte_stable(key: str) -> None:
    game, recaps = played(key)
    narrator = Narrator.of_game(game, NAMES)
    recap = recaps[-1][0]
    png = render_recap(recap, NAMES, narrator.recap(recap, tally=False))
    assert png == render_recap(recap, NAMES, narrator.recap(recap, tally=False))
    outcome = game.outcome
    assert outcome is not None
    won = hands_won(game.log, len(game.sides))
    card = render_standings(key, game.sides, outcome, NAMES, narrator.standings(outcome), won)
    assert card == render_standings(key, game.sides, outcome, NAMES, narrator.standings(outcome), won)
    for data in (png, card):
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.width <= 720 and len(data) < 200_000
