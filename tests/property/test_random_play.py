"""Random play of every registered game, checking the engine contract's invariants at every step.

Tiles are conserved; only legal actions are offered and accepted (an illegal one raises and changes nothing);
every match ends; scores equal the sum of score events; ``load(to_dict())`` is the same game; ``view(seat)``
holds no tile the seat may not see; the same seed replays the same game.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import GameOver, IllegalAction, NotYourTurn, Pass, catalogue, load, new_game, parse_action
from engine.actions import Bid, Call, Choose, Play
from engine.game import Game
from engine.linegame import LineGame
from engine.tiles import Tile
from tests.fingerprints import step_state

MAX_STEPS = 20_000
TILE_TOKEN = re.compile(r"(?<![\d.\-])(\d{1,2})-(\d{1,2})(?![\d\-])")


QUICK_OPTIONS = ("target", "stack")  # a match ends sooner with the smallest target (or starting chip stack)


def quick_options(key: str) -> dict[str, object]:
    """The smallest target (and starting stack) a game offers, so a random match stays short."""
    spec = catalogue()[key]
    return {
        option.name: min(option.choices)
        for option in spec.options
        if option.name in QUICK_OPTIONS and all(isinstance(c, int) for c in option.choices)
    }


def check_tiles_conserved(game: Game) -> None:
    placed: Counter[Tile] = Counter()
    for tiles in game.zones().values():
        placed.update(tiles)
    assert placed == Counter(game.full_set()), "a tile was lost or duplicated"


def check_views(game: Game) -> None:
    hands = game.hand_lists()
    for seat in [None, *range(game.seats)]:
        view = game.view(seat)
        text = json.dumps(view)  # views are JSON-safe
        if seat is not None:
            assert sorted(view["hand"]) == sorted(str(t) for t in hands[seat])
        visible = {str(t) for t in game.visible_tiles(seat)}
        for match in TILE_TOKEN.finditer(text):
            token = f"{match.group(1)}-{match.group(2)}"
            assert token in visible, f"seat {seat} can see {token}, which it should not: {text[:400]}"


def check_scores(game: Game) -> None:
    totals = [0] * len(game.sides)
    for event in game.log:
        if event.kind == "score" and event.side is not None:
            totals[event.side] += event.points
    assert tuple(totals) == game.score


def check_refusals(game: Game, seat: int, rng: random.Random) -> None:
    """Actions from a seat not awaited, and actions not in the legal list, raise and change nothing."""
    before = game.snapshot()
    others = [s for s in range(game.seats) if s not in game.to_act]
    legal = game.legal_actions(seat)
    if others:
        other = rng.choice(others)
        assert game.legal_actions(other) == []
        with pytest.raises(NotYourTurn):
            game.apply(other, legal[0])
    for bogus in (Bid(9999), Call("nonsense"), Play(Tile.of(17, 17), "W", 17), Choose((Tile.of(18, 18),))):
        if bogus not in legal:
            with pytest.raises(IllegalAction):
                game.apply(seat, bogus)
    if Pass() not in legal:
        with pytest.raises(IllegalAction):
            game.apply(seat, Pass())
    assert game.snapshot() == before


def digest(game: Game) -> str:
    """A fingerprint of the internal state at one step (tests/fingerprints.py: cheap enough for every step)."""
    return hashlib.sha256(json.dumps(step_state(game), sort_keys=True, default=str).encode()).hexdigest()


def check_every_saved_step_replays(game: Game, digests: list[str]) -> None:
    """``load`` of the game saved after step k equals the game at step k, for every k.

    ``load(to_dict())`` is ``new_game`` plus a replay of the saved actions, so replaying the final action list once,
    comparing the state after each action with the fingerprint taken during play, checks every step in linear time;
    ``load`` itself is also called on the JSON text of the final save and of a few intermediate saves.
    """
    saved = json.loads(json.dumps(game.to_dict()))
    replay = new_game(saved["game"], saved["seats"], saved["seed"], saved["options"])
    assert digest(replay) == digests[0]
    for step, (seat, text) in enumerate(saved["actions"], 1):
        replay.apply(seat, parse_action(text))
        assert digest(replay) == digests[step], f"replay differs after step {step}"
        if step % 40 == 0:
            partial = dict(saved, actions=saved["actions"][:step])
            assert digest(load(partial)) == digests[step]
    assert load(saved).snapshot() == game.snapshot()


def play_checked(key: str, seats: int, seed: int) -> Game:
    game = new_game(key, seats, seed, quick_options(key))
    rng = random.Random(seed)
    steps = 0
    digests = [digest(game)]
    while not game.is_over:
        check_tiles_conserved(game)
        check_views(game)
        check_scores(game)
        seat = rng.choice(game.to_act)
        legal = game.legal_actions(seat)
        assert legal, f"seat {seat} is awaited but has no legal action"
        assert len(set(map(str, legal))) == len(legal), "an action is offered twice"
        if steps % 3 == 0:
            check_refusals(game, seat, rng)
        action = rng.choice(legal)
        events = game.apply(seat, action)
        assert events, "every action reports what happened"
        digests.append(digest(game))
        steps += 1
        assert steps < MAX_STEPS, "the match does not end"
    check_tiles_conserved(game)
    check_scores(game)
    check_views(game)
    check_every_saved_step_replays(game, digests)
    assert game.to_act == ()
    # A solo game (Bingo) can be lost: it ends with no winner; every other finished match names its winners.
    assert game.winner or game.spec.family == "bingo", "a finished match names its winners"
    with pytest.raises(GameOver):
        game.apply(0, Pass())
    return game


@pytest.mark.parametrize("key", list(catalogue()))
@given(data=st.data(), seed=st.integers(min_value=0, max_value=2**31))
def test_random_play_keeps_every_invariant(key: str, data: st.DataObject, seed: int) -> None:
    seats = data.draw(st.sampled_from(catalogue()[key].seats), label="seats")
    play_checked(key, seats, seed)


@pytest.mark.parametrize("key", list(catalogue()))
def test_same_seed_same_game(key: str) -> None:
    spec = catalogue()[key]
    seats = spec.seats[0]
    first, second = (new_game(key, seats, 42, quick_options(key)) for _ in range(2))
    rng_a, rng_b = random.Random(3), random.Random(3)
    for _ in range(60):
        if first.is_over:
            break
        seat_a, seat_b = rng_a.choice(first.to_act), rng_b.choice(second.to_act)
        first.apply(seat_a, rng_a.choice(first.legal_actions(seat_a)))
        second.apply(seat_b, rng_b.choice(second.legal_actions(seat_b)))
    assert first.snapshot() == second.snapshot()
    assert first.to_dict() == second.to_dict()


def test_quick_answers_agree_with_the_full_ones_in_random_play() -> None:
    """``_awaits`` (the quick test ``apply`` uses) answers as ``to_act`` does, for every seat, in every game; a line
    game's ``ends``, kept up to date play by play, are the line's open ends."""
    for key, spec in catalogue().items():
        for seed in range(3):
            seats = spec.seats[seed % len(spec.seats)]
            game = new_game(key, seats, seed, quick_options(key))
            rng = random.Random(seed)
            for _ in range(400):
                if game.is_over:
                    break
                awaited = game.to_act
                assert [s for s in range(seats) if game._awaits(s)] == sorted(awaited), key
                if isinstance(game, LineGame):  # the ends the line keeps up to date are the ends it has
                    line = game.line
                    assert line.ends == tuple(line.end_values()), key
                    assert line.is_spinner == (line.spinner and line.center is not None and line.center.is_double)
                seat = rng.choice(awaited)
                game.apply(seat, rng.choice(game.legal_actions(seat)))


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
                    assert twin.apply(actor, action) == game.apply(actor, action), key
                    assert twin.snapshot() == game.snapshot(), key
                    continue
                actor = rng.choice(game.to_act)
                game.apply(actor, rng.choice(game.legal_actions(actor)))
