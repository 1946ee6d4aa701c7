"""Reading the doubles an opponent passed over as a narrowing of the deals (issue 30): in Block and Draw (RULES 2.5,
2.6 and BLK-4) most players, and the `dominoes` package's `double` player, put a double down as soon as it plays, so
an opponent that played another tile where a double would have played is taken not to hold it, in every deal the
search draws (engine/ai/reading.py, :meth:`engine.observation.Observation.narrowed`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import new_game
from engine.actions import Action, Play
from engine.ai.reading import (
    plays_doubles_first,
    round_choices,
    skipped_doubles,
    skipped_doubles_out,
)
from engine.ai.search import SearchPlayer
from engine.game import Game
from engine.linegame import LineGame
from engine.observation import deal, determinize

PARTNERS: dict[str, object] = {"partners": True, "set": 6}


def doubles_first(game: Game, seat: int, rng: random.Random) -> Action:
    """The `double` player's choice: a double whenever one plays, else any legal action."""
    legal = game.legal_actions(seat)
    doubles = [a for a in legal if isinstance(a, Play) and a.tile.is_double]
    return doubles[0] if doubles else rng.choice(legal)


def doubles_first_positions(key: str, seats: int, options: dict[str, object], seeds: range) -> Iterator[Game]:
    """Every position of the first round of games where everyone plays doubles first."""
    for seed in seeds:
        game = new_game(key, seats, seed, options)
        rng = random.Random(seed)
        while not game.is_over and game.round_no == 1:
            yield game
            seat = game.to_act[0]
            game.apply(seat, doubles_first(game, seat, rng))


@pytest.mark.parametrize("key,seats,options", [("block", 4, PARTNERS), ("draw", 3, {})])
def test_2_5_blk_4_each_opponent_is_read_not_to_hold_the_doubles_it_passed_over(
        key: str, seats: int, options: dict[str, object]) -> None:
    """For each seat, each opponent's doubles read out are exactly those that would have played at one of its
    non-double plays since it last drew; the seat itself and its partner are not read; and the real hands, played
    doubles first, never hold a double read out of them."""
    read = 0
    for game in doubles_first_positions(key, seats, options, range(4)):
        assert isinstance(game, LineGame)
        parts = round_choices(game)
        hands = game.hand_lists()
        for seat in range(seats):
            out = skipped_doubles_out(game, seat)
            if out is None:
                continue
            for other in range(seats):
                if other == seat or game.side_of(other) == game.side_of(seat):
                    assert out[other] == frozenset()
                    continue
                chosen = [c for c in parts[other][-1] if not c.tile.is_double]
                expected = {t for t in game.full_set() if t.is_double and skipped_doubles([t], chosen)}
                assert out[other] == expected
                assert not out[other] & set(hands[other])
                read += len(out[other])
    assert read  # some doubles were read out


def test_blk_4_every_deal_drawn_honours_the_reading() -> None:
    """Deals from the narrowed observation never give an opponent a double it passed over, and keep every rule."""
    checked = 0
    for game in doubles_first_positions("block", 4, PARTNERS, range(3)):
        seat = game.to_act[0]
        out = skipped_doubles_out(game, seat)
        if out is None:
            continue
        seen = game.observe(seat)
        narrowed = seen.narrowed(out)
        rng = random.Random(checked)
        for _ in range(10):
            world = determinize(game, seat, rng, narrowed)
            for other, hand in enumerate(world.hand_lists()):
                assert not out[other] & set(hand)
                assert not seen.shown_out[other] & set(hand)  # the rules' own constraints still hold
            assert world.hand_lists()[seat] == game.hand_lists()[seat]
        checked += 1
    assert checked > 10


def test_2_5_an_opponent_that_kept_a_double_back_is_not_read() -> None:
    """Seats 1 and 3 play at random, 0 and 2 doubles first: once a random seat puts down a double it held at an
    earlier choice of another tile that the double would have played at, nothing of its plays is read; until then
    it is read like any other (the reading cannot tell it yet)."""
    caught = read = 0
    for seed in range(12):
        game = new_game("block", 4, seed, PARTNERS)
        rng = random.Random(seed)
        while not game.is_over and game.round_no == 1:
            assert isinstance(game, LineGame)
            parts = round_choices(game)
            out = skipped_doubles_out(game, 0)
            for other in (1, 3):
                told = out[other] if out is not None else frozenset()
                if not plays_doubles_first(parts[other]):
                    caught += 1
                    assert told == frozenset()
                else:
                    chosen = [c for c in parts[other][-1] if not c.tile.is_double]
                    assert told == {t for t in game.full_set() if t.is_double and skipped_doubles([t], chosen)}
            if out is not None:
                read += len(out[1]) + len(out[3])
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            game.apply(seat, doubles_first(game, seat, rng) if seat % 2 == 0 else rng.choice(legal))
    assert caught and read


def test_a_reading_no_deal_agrees_with_is_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no deal gives the opponents' tiles a place once the reading is added (a player the reading is wrong
    about), the search deals as the rules alone say, and still plays."""
    game = next(g for g in doubles_first_positions("block", 4, PARTNERS, range(1))
                if len(g.legal_actions(g.to_act[0])) > 1)
    seat = game.to_act[0]
    seen = game.observe(seat)
    everything = frozenset(seen.unseen)
    impossible = tuple(frozenset() if s == seat else everything for s in range(4))
    with pytest.raises(ValueError):
        deal(seen.narrowed(impossible), random.Random(0))
    monkeypatch.setattr("engine.ai.search.skipped_doubles_out", lambda g, s: impossible)
    player = SearchPlayer(1, samples=8, max_seconds=None, skip_doubles=1.0)
    assert player.read_skipped_doubles(game, seat, seen) is None
    assert player.choose(game, seat) in game.legal_actions(seat)


def test_the_search_reads_the_doubles_only_when_asked_and_replays() -> None:
    """``skip_doubles`` off reads nothing; on, two players with one seed choose alike, and only legal actions."""
    positions = [g.clone() for g in doubles_first_positions("block", 4, PARTNERS, range(2))
                 if skipped_doubles_out(g, g.to_act[0]) is not None and len(g.legal_actions(g.to_act[0])) > 1]
    assert positions
    for game in positions[:6]:
        seat = game.to_act[0]
        seen = game.observe(seat)
        assert SearchPlayer(1, samples=8, max_seconds=None).read_skipped_doubles(game, seat, seen) is None
        reader = SearchPlayer(1, samples=8, max_seconds=None, skip_doubles=1.0)
        assert reader.read_skipped_doubles(game, seat, seen) is not None
        first = reader.choose(game, seat)
        again = SearchPlayer(1, samples=8, max_seconds=None, skip_doubles=1.0).choose(game, seat)
        assert first == again and first in game.legal_actions(seat)


def test_the_bots_strong_player_reads_the_doubles_passed_over() -> None:
    """The Strong level (``computer_player(..., "search")``) deals every sample with the reading, as measured."""
    from engine.ai import computer_player, search

    strong = computer_player("block", 1, "search")
    assert isinstance(strong, SearchPlayer)
    assert strong.skip_doubles == search.STRONG_SKIP_DOUBLES == 1.0
