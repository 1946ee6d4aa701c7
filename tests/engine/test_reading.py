"""What a seat's plays say of its hand (engine/ai/reading.py): heavy tiles go first in the games scored at the round's
end (Block, Draw: RULES 2.5, 2.6 and BLK-4), so a light play where a heavy tile would also have played makes holding
that tile unlikely, until the seat draws."""

from __future__ import annotations

import random

import pytest

from engine import new_game
from engine.actions import Draw, Play
from engine.ai import computer_player
from engine.ai.reading import (
    MARGIN,
    UNLIKELY,
    UNLIKELY_DOUBLE,
    Choice,
    doubles_first_weight,
    heavy_first_weight,
    plays_doubles_first,
    reads_choices,
    round_choices,
    sheds_heavy_first,
    skipped_doubles,
    unlikely_tiles,
)
from engine.ai.search import SearchPlayer, deal_weight
from engine.linegame import LineGame
from engine.observation import determinize
from engine.tiles import Tile
from tests.engine.line_support import play, rigged


def choices_since_draw(game: LineGame) -> list[list[Choice]]:
    """For each seat, the tiles it has played this round since it last drew, each with the ends it faced, in order
    (the last part of :func:`round_choices`; empty just after a draw)."""
    return [seat_parts[-1] for seat_parts in round_choices(game)]

SIX = 1 << 6

# Seat 0 opens with the 6-6; seat 1 could play its 6-5 (11 pips) or its 6-4 (10) and plays the 6-0 (6) instead.
DEAL = [["6-6", "5-5", "5-4", "5-3", "5-2", "5-1", "5-0"],
        ["6-5", "6-4", "6-3", "6-0", "4-4", "3-3", "2-2"]]
BONEYARD = ["1-0", "2-0", "3-0", "4-0", "1-1", "2-1", "3-1", "4-1", "3-2", "4-2", "4-3", "6-1", "6-2", "0-0"]


def light_play() -> LineGame:
    game = rigged("draw", DEAL, boneyard=BONEYARD, set=6)
    assert isinstance(game, LineGame)
    game.apply(1, play("6-0", "E", 6))
    return game


def test_2_6_a_light_play_where_heavier_tiles_would_play_makes_holding_them_unlikely() -> None:
    """The 6-5 and 6-4 are at least MARGIN pips heavier than the 6-0 and bore the 6 it faced; the 6-3 is not heavy
    enough and the 4-4 would not have played."""
    game = light_play()
    assert choices_since_draw(game)[1] == [Choice(Tile.of(6, 0), SIX)]
    weigh = heavy_first_weight(game)
    assert weigh is not None
    assert weigh(game, 0) == pytest.approx(UNLIKELY ** 2)
    hand = game.hand_lists()[1]
    assert unlikely_tiles(hand, choices_since_draw(game)[1]) == 2
    assert unlikely_tiles([Tile.of(6, 3), Tile.of(4, 4)], [Choice(Tile.of(6, 0), SIX)]) == 0
    assert Tile.of(6, 4).pips - Tile.of(6, 0).pips == MARGIN


def test_2_6_deals_are_weighed_by_the_heavy_tiles_they_give_the_light_player() -> None:
    game = light_play()
    weigh = heavy_first_weight(game)
    assert weigh is not None
    rng = random.Random(3)
    weights = set()
    for _ in range(60):
        world = determinize(game, 0, rng)
        heavy = [t for t in world.hand_lists()[1] if 6 in (t.high, t.low) and t.pips >= 10]
        assert weigh(world, 0) == pytest.approx(UNLIKELY ** len(heavy))
        weights.add(len(heavy))
    assert len(weights) > 1  # the deals differ, and so do their weights


def test_2_5_a_draw_brings_in_tiles_the_seat_did_not_choose_from() -> None:
    """Once seat 1 draws, what its earlier play said is forgotten: the tiles it holds now include drawn ones."""
    game = rigged("draw", DEAL, boneyard=BONEYARD, set=6)
    game.apply(1, play("6-0", "E", 6))
    game.apply(0, play("5-0", "E", 0))  # the ends show 6 and 5: seat 1 can play 6s
    game.apply(1, play("6-5", "W", 6))
    assert [c.tile for c in choices_since_draw(game)[1]] == [Tile.of(6, 0), Tile.of(6, 5)]
    assert not sheds_heavy_first(round_choices(game)[1])  # it held the 6-5 when it chose the 6-0
    game.apply(0, play("5-5", "W", 5))  # 5|5 showing: seat 1 holds no 5 and must draw
    assert game.legal_actions(1) == [Draw()]
    game.apply(1, Draw())
    assert choices_since_draw(game)[1] == []
    assert [len(part) for part in round_choices(game)[1]] == [2, 0]
    weigh = heavy_first_weight(game)
    assert weigh is not None  # seat 0's own plays are still read, by seat 1
    assert weigh(game, 0) == 1.0
    assert weigh(game, 1) == 1.0  # seat 0 played the heaviest tile it could each time



def test_the_seat_deciding_is_not_weighed_by_its_own_plays() -> None:
    game = light_play()
    weigh = heavy_first_weight(game)
    assert weigh is not None
    assert weigh(game, 1) == 1.0  # seat 1 knows its own hand: nothing to infer


@pytest.mark.parametrize("key,seats,options", [
    ("draw", 4, {"partners": True}), ("draw", 3, {"first_double_spinner": True}), ("block", 4, {"set": 6}),
    ("block", 2, {}), ("sebastopol", 4, {}), ("tiddle_a_wink", 6, {}), ("tiddle_a_wink", 7, {"tiddle_one_arm": True}),
])
def test_choices_since_draw_agree_with_the_play_as_it_happened(key: str, seats: int,
                                                                options: dict[str, object]) -> None:
    """Over whole matches of random play: the choices read back from the history and the line are the plays each
    seat made since it last drew this round, with the ends it faced then, in every round."""
    checked = 0
    for seed in range(4):
        game = new_game(key, seats, seed, options)
        assert isinstance(game, LineGame) and reads_choices(game)
        players = [computer_player(key, seed * 10 + s, "random") for s in range(seats)]
        live: list[list[Choice]] = [[] for _ in range(seats)]
        round_no = game.round_no
        while not game.is_over:
            seat = game.to_act[0]
            action = players[seat].choose(game, seat)
            if isinstance(action, Draw):
                live[seat] = []
            elif isinstance(action, Play):
                live[seat].append(Choice(action.tile, game.open_pips()))
            game.apply(seat, action)
            if game.round_no != round_no:
                live, round_no = [[] for _ in range(seats)], game.round_no
            elif not game.is_over:
                assert choices_since_draw(game) == live
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("key,seats,options", [("draw", 4, {"partners": True}), ("block", 4, {"set": 6})])
def test_choices_read_only_the_public_play(key: str, seats: int, options: dict[str, object]) -> None:
    """Every deal of the unseen tiles reads the same choices as the real game, and gives the same weight when it
    deals the other hands as they really are."""
    game = new_game(key, seats, 11, options)
    players = [computer_player(key, s) for s in range(seats)]
    rng = random.Random(5)
    for _ in range(12):
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    seat = game.to_act[0]
    assert isinstance(game, LineGame)
    for _ in range(10):
        world = determinize(game, seat, rng)
        assert isinstance(world, LineGame)
        assert choices_since_draw(world) == choices_since_draw(game)


@pytest.mark.parametrize("key,seats", [("muggins", 2), ("bergen", 2), ("matador", 3), ("euchre", 4)])
def test_games_whose_plays_chase_points_or_sums_are_not_read(key: str, seats: int) -> None:
    """In Muggins and Bergen a play is chosen for the points it scores now, and a Matador tile plays on a sum: a
    light play there says nothing of heavy tiles."""
    game = new_game(key, seats, 2)
    players = [computer_player(key, s) for s in range(seats)]
    for _ in range(6):
        if game.is_over:
            break
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
    assert not reads_choices(game)
    assert heavy_first_weight(game) is None


def test_the_search_weighs_layout_deals_by_the_choices_only_when_asked() -> None:
    weigh = deal_weight(light_play(), read_plays=True)
    assert weigh is not None and weigh(light_play(), 0) < 1.0
    assert deal_weight(rigged("draw", DEAL, boneyard=BONEYARD, set=6), read_plays=True) is None  # nobody has chosen
    assert deal_weight(light_play()) is None  # off by default: it measured no stronger
    assert not SearchPlayer().read_plays and SearchPlayer(read_plays=True).read_plays


def test_blk_4_a_partners_plays_are_not_read() -> None:
    """BLK-4: a partner plays for the side (to block the next opponent, to keep its partner's numbers open), not
    heavy tiles first, so only the opponents' light plays make a deal unlikely, however many heavy tiles a deal
    gives the partner."""
    game = new_game("draw", 4, 3, {"partners": True})
    players = [computer_player("draw", s, "random") for s in range(4)]
    rng = random.Random(2)
    partner_read = 0
    while not game.is_over and game.round_no == 1:
        seat = game.to_act[0]
        game.apply(seat, players[seat].choose(game, seat))
        weigh = heavy_first_weight(game)
        if game.is_over or game.round_no != 1 or weigh is None:
            continue
        seat = game.to_act[0]
        world = determinize(game, seat, rng)
        chosen, parts, hands = choices_since_draw(game), round_choices(game), world.hand_lists()
        opponents = [s for s in range(4) if game.side_of(s) != game.side_of(seat)]
        partner = (seat + 2) % 4
        assert partner not in opponents
        expected = sum(unlikely_tiles(hands[s], chosen[s]) for s in opponents if sheds_heavy_first(parts[s]))
        assert weigh(world, seat) == pytest.approx(UNLIKELY ** expected)
        partner_read += unlikely_tiles(hands[partner], chosen[partner]) > 0
    assert partner_read  # some deals gave the partner tiles its own light plays made unlikely: not counted


def test_an_opponent_that_shows_it_does_not_shed_heavy_tiles_first_is_not_read() -> None:
    """Seat 1 played the 6-0 while it held the 6-5 (it plays the 6-5 later, with no draw between): its plays are no
    longer read, so a deal giving it heavy 6s is as likely as any (a doubles-first or random player is not misread)."""
    game = light_play()
    game.apply(0, play("5-0", "E", 0))
    weigh = heavy_first_weight(game)
    assert weigh is not None and weigh(game, 0) < 1.0
    game.apply(1, play("6-5", "W", 6))
    assert not sheds_heavy_first(round_choices(game)[1])
    weigh = heavy_first_weight(game)
    assert weigh is not None  # seat 0's plays are still read, by seat 1
    assert weigh(game, 0) == 1.0  # the 6-4 it still holds no longer counts against the deal
    assert sheds_heavy_first([[Choice(Tile.of(6, 5), SIX), Choice(Tile.of(6, 0), SIX)]])


def test_a_double_played_says_nothing_of_heavier_tiles() -> None:
    """Players put doubles down early for their own sake (a double fits one number only), and the `dominoes`
    package's `double` player plays them first: a light double is no sign of a light hand."""
    ones = 1 << 1
    assert unlikely_tiles([Tile.of(6, 1)], [Choice(Tile.of(1, 0), ones)]) == 1
    assert unlikely_tiles([Tile.of(6, 1)], [Choice(Tile.of(1, 1), ones)]) == 0
    assert sheds_heavy_first([[Choice(Tile.of(1, 1), ones), Choice(Tile.of(6, 1), ones)]])


# ----- doubles first (issue 30) -------------------------------------------------------------------------------------
def test_a_double_that_would_have_played_instead_of_another_tile_is_unlikely() -> None:
    """A seat that faced a 1 and played the 1-0 is unlikely to hold the 1-1 (most players, and the `dominoes`
    package's `double` player, put a double down as soon as it plays); a double it could not have played, or a
    choice that was itself a double, says nothing."""
    ones = 1 << 1
    assert skipped_doubles([Tile.of(1, 1), Tile.of(6, 6), Tile.of(6, 1)], [Choice(Tile.of(1, 0), ones)]) == 1
    assert skipped_doubles([Tile.of(1, 1)], [Choice(Tile.of(1, 0), 1 << 0)]) == 0
    assert skipped_doubles([Tile.of(1, 1)], [Choice(Tile.of(1, 1), ones)]) == 0
    assert plays_doubles_first([[Choice(Tile.of(1, 1), ones), Choice(Tile.of(1, 0), ones)]])
    assert not plays_doubles_first([[Choice(Tile.of(1, 0), ones), Choice(Tile.of(1, 1), ones)]])


@pytest.mark.parametrize("key,seats,options", [("block", 4, {"partners": True, "set": 6}), ("draw", 3, {})])
def test_deals_are_weighed_by_the_doubles_they_give_an_opponent_that_passed_them_over(
        key: str, seats: int, options: dict[str, object]) -> None:
    """Over the first round of games played doubles first: every deal's weight is UNLIKELY_DOUBLE raised to the
    doubles it gives an opponent (not a partner) that played another tile where the double would have played."""
    checked = 0
    for seed in range(3):
        game = new_game(key, seats, seed, options)
        rng = random.Random(seed)
        while not game.is_over and game.round_no == 1:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            doubles = [a for a in legal if isinstance(a, Play) and a.tile.is_double]
            game.apply(seat, doubles[0] if doubles else rng.choice(legal))
            weigh = doubles_first_weight(game)
            if game.is_over or game.round_no != 1 or weigh is None:
                continue
            assert isinstance(game, LineGame)
            seat = game.to_act[0]
            world = determinize(game, seat, rng)
            parts, hands = round_choices(game), world.hand_lists()
            expected = sum(skipped_doubles(hands[s], parts[s][-1]) for s in range(seats)
                           if game.side_of(s) != game.side_of(seat))
            assert weigh(world, seat) == pytest.approx(UNLIKELY_DOUBLE ** expected)
            assert weigh(game, seat) == 1.0  # the real deal agrees with how the seats played
            checked += expected > 0
    assert checked  # some deals were made unlikely


def test_the_search_reads_doubles_only_when_asked() -> None:
    game = light_play()
    assert deal_weight(game) is None and deal_weight(game, read_doubles=True) is not None
    both = deal_weight(game, read_plays=True, read_doubles=True)
    heavy, doubles = heavy_first_weight(game), doubles_first_weight(game)
    assert both is not None and heavy is not None and doubles is not None
    world = determinize(game, 0, random.Random(1))
    assert both(world, 0) == pytest.approx(heavy(world, 0) * doubles(world, 0))
