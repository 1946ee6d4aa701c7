"""Tournament pairings and standings (bot/pairing.py), without Discord: Swiss rounds with byes and no repeat
opponents, round robin, knockout, and standings with Buchholz checked against a computation written apart."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from bot.pairing import Game, knockout, knockout_survivors, met, round_robin, round_robin_rounds, standings, swiss


def play(round_number: int, pairs: list[tuple[int, int]], bye: int | None, rng: random.Random) -> list[Game]:
    """Finished games for a round: each pair's winner drawn at random, scores to match; the bye a game of its own."""
    games = []
    for a, b in pairs:
        winner = a if rng.random() < 0.5 else b
        high, low = rng.randint(100, 150), rng.randint(0, 99)
        games.append(Game(round_number, a, b, high if winner == a else low, high if winner == b else low, winner,
                          True))
    if bye is not None:
        games.append(Game(round_number, bye, None, done=True))
    return games


@pytest.mark.parametrize("seed", range(25))
def test_nine_players_three_swiss_rounds_one_bye_each_round_never_twice_and_no_rematch(seed: int) -> None:
    rng = random.Random(seed)
    players = list(range(101, 110))
    games: list[Game] = []
    for round_number in (1, 2, 3):
        pairs, bye = swiss(players, games)
        seated = [p for pair in pairs for p in pair]
        assert bye is not None and len(pairs) == 4
        assert sorted([*seated, bye]) == players  # everyone once
        assert not met(games) & {frozenset(pair) for pair in pairs}  # nobody meets anyone twice
        assert bye not in {g.first for g in games if g.second is None}  # no second bye
        games += play(round_number, pairs, bye, rng)
    assert len({g.first for g in games if g.second is None}) == 3


def test_the_first_swiss_round_pairs_by_seed_and_the_next_by_score() -> None:
    players = [1, 2, 3, 4]
    pairs, bye = swiss(players, [])
    assert (pairs, bye) == ([(1, 2), (3, 4)], None)
    games = [Game(1, 1, 2, 100, 50, 2, True), Game(1, 3, 4, 100, 50, 3, True)]
    pairs, _ = swiss(players, games)
    assert pairs == [(2, 3), (1, 4)]  # the winners meet, the losers meet (and nobody meets again)


def test_repeats_only_when_there_is_no_other_pairing() -> None:
    """Two players who have met must meet again when they are the only ones left."""
    games = [Game(1, 1, 2, 10, 0, 1, True)]
    assert swiss([1, 2], games) == ([(1, 2)], None)


def independent_table(players: list[int], games: list[Game]) -> dict[int, tuple[float, float, int]]:
    """Match points, Buchholz and points difference, computed player by player from the games (not the module)."""
    def points(player: int) -> float:
        total = 0.0
        for g in games:
            if player in (g.first, g.second):
                if g.second is None or g.winner == player:
                    total += 1
                elif g.winner is None:
                    total += 0.5
        return total

    out = {}
    for p in players:
        rivals = [g.second if g.first == p else g.first for g in games if g.second is not None and p in (g.first,
                                                                                                          g.second)]
        diff = sum((g.first_score - g.second_score) * (1 if g.first == p else -1) for g in games
                   if g.second is not None and p in (g.first, g.second))
        out[p] = (points(p), sum(points(r) for r in rivals if r is not None), diff)
    return out


@pytest.mark.parametrize("seed", range(10))
def test_standings_and_buchholz_match_an_independent_computation(seed: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, 10))
    games: list[Game] = []
    for round_number in (1, 2, 3):
        games += play(round_number, *swiss(players, games), rng)
    games.append(Game(4, 1, 2, 50, 50, None, True))  # a draw: half a point each
    lines = standings(players, games)
    expected = independent_table(players, games)
    assert {line.user_id: (line.points, line.buchholz, line.difference) for line in lines} == expected
    keys = [(-expected[line.user_id][0], -expected[line.user_id][1], -expected[line.user_id][2]) for line in lines]
    assert keys == sorted(keys)  # ranked by points, then Buchholz, then difference
    assert sum(line.byes for line in lines) == 3 and all(line.byes <= 1 for line in lines)


@pytest.mark.parametrize("count", [2, 5, 6, 7, 8])
def test_a_round_robin_meets_everyone_once(count: int) -> None:
    players = list(range(1, count + 1))
    seen: list[frozenset[int]] = []
    byes = []
    for r in range(1, round_robin_rounds(count) + 1):
        pairs, bye = round_robin(players, r)
        in_round = [p for pair in pairs for p in pair] + ([bye] if bye is not None else [])
        assert sorted(in_round) == players
        seen += [frozenset(pair) for pair in pairs]
        byes.append(bye)
    assert sorted(map(sorted, seen)) == sorted(map(sorted, map(frozenset, combinations(players, 2))))
    assert (byes == [None] * len(byes)) if count % 2 == 0 else sorted(byes) == players  # type: ignore[type-var]


def test_a_knockout_of_eight_takes_three_rounds() -> None:
    players = list(range(1, 9))
    games: list[Game] = []
    for round_number in (1, 2, 3):
        alive = knockout_survivors(players, games)
        pairs, bye = knockout(alive)
        assert bye is None and len(pairs) == len(alive) // 2
        games += [Game(round_number, a, b, 10, 0, a, True) for a, b in pairs]  # the higher seed wins
    assert knockout_survivors(players, games) == [1]
    assert knockout([1, 2, 3]) == ([(2, 3)], 1)
