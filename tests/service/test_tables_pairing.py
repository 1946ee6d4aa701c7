"""Seating and standings at tables of more than two (issue 28, bot/tables_pairing.py): places and match points at
a table, a bye's worth, the Swiss seating (score groups, byes, computers, repeat table-mates), the knockout bracket,
and the standings, which at tables of two are exactly bot/pairing.py's."""

from __future__ import annotations

import itertools
import random

import pytest

from bot import pairing
from bot.storage.tournaments import Sitter
from bot.tables_pairing import (
    Result,
    advance,
    bye_worth,
    knockout_alive,
    knockout_tables,
    match_points,
    places,
    sat_together,
    standings,
    swiss_tables,
    table_points,
)


def played(round_number: int, table: list[int | None], order: list[int], scores: list[int] | None = None) -> Result:
    """A finished table of players each alone: ``order`` gives each seat's place."""
    scores = scores or [10 * (len(table) - p) for p in order]
    return Result(round_number, tuple(Sitter(c, seat, scores[seat], order[seat]) for seat, c in enumerate(table)),
                  done=True)


def test_places_put_winners_first_then_the_score_and_share_ties() -> None:
    assert places([10, 40, 40, 5], winners=[]) == [3, 1, 1, 4]
    assert places([10, 40, 40, 5], winners=[0]) == [1, 2, 2, 4]  # the winner of a finished match leads
    assert places([10, 40, 40, 5], winners=[], lowest_wins=True) == [2, 3, 3, 1]


def test_match_points_at_a_table_of_four_three_two_and_partners() -> None:
    four = played(1, [1, 2, 3, 4], [1, 2, 3, 4])
    assert table_points(four, 0.5) == {1: 1.0, 2: pytest.approx(2 / 3), 3: pytest.approx(1 / 3), 4: 0.0}
    assert table_points(played(1, [1, 2, 3], [1, 1, 3]), 0.5) == {1: 0.75, 2: 0.75, 3: 0.0}
    two = Result(1, (Sitter(1, 0, 5, 1), Sitter(2, 1, 5, 1)), done=True)
    assert table_points(two, 1.0) == {1: 0.5, 2: 0.5}  # a draw
    partners = Result(1, (Sitter(1, 0, 7, 1), Sitter(2, 1, 3, 2), Sitter(3, 0, 7, 1), Sitter(4, 1, 3, 2)), True)
    assert table_points(partners, 0.5) == {1: 1.0, 3: 1.0, 2: 0.0, 4: 0.0}  # a side's result is each partner's
    with_computer = played(1, [1, None, 2], [2, 1, 3])
    assert table_points(with_computer, 0.5) == {1: 0.5, 2: 0.0}  # the computer took first place, unranked
    assert table_points(Result(1, done=True, bye=9), bye_worth(4)) == {9: 0.5}
    assert bye_worth(2) == 1.0 and bye_worth(3) == 0.5


def test_standings_at_tables_of_two_are_the_two_player_standings() -> None:
    rng = random.Random(28)
    for _trial in range(40):
        players = list(range(1, rng.randint(3, 9)))
        games: list[pairing.Game] = []
        for round_number in (1, 2, 3):
            pairs, bye = pairing.swiss(players, games)
            for a, b in pairs:
                fa, fb = rng.randint(0, 9), rng.randint(0, 9)
                games.append(pairing.Game(round_number, a, b, fa, fb, a if fa > fb else b if fb > fa else None, True))
            if bye is not None:
                games.append(pairing.Game(round_number, bye, None, done=True))
        results = [Result(g.round, done=True, bye=g.first) if g.second is None else
                   Result(g.round, (Sitter(g.first, 0, g.first_score, 1 if g.winner in (g.first, None) else 2),
                                    Sitter(g.second, 1, g.second_score, 1 if g.winner in (g.second, None) else 2)),
                          True) for g in games]
        assert standings(players, results, 1.0) == pairing.standings(players, games)


def test_swiss_at_tables_of_four_gives_the_byes_to_the_lowest_ranked_never_twice() -> None:
    players = list(range(1, 11))
    results: list[Result] = []
    byes: list[int] = []
    for round_number in (1, 2, 3):
        tables, out = swiss_tables(players, results, 4, 0.5, computers=False)
        assert len(tables) == 2 and all(len(t) == 4 and None not in t for t in tables) and len(out) == 2
        assert sorted([c for t in tables for c in t] + out) == players  # everyone once
        points = match_points(results, 0.5)
        ranks = sorted(players, key=lambda p: (-points.get(p, 0.0), p))
        assert set(out) == {p for p in reversed(ranks) if p not in byes}.intersection(
            [p for p in reversed(ranks) if p not in byes][:2])  # the lowest-ranked without a bye
        byes += out
        results += [played(round_number, list(t), [1, 2, 3, 4]) for t in tables]
        results += [Result(round_number, done=True, bye=b) for b in out]
    assert len(byes) == len(set(byes)) == 6


def test_swiss_avoids_repeat_table_mates_where_it_can() -> None:
    players = list(range(1, 17))
    results: list[Result] = []
    for round_number in (1, 2, 3, 4):
        tables, out = swiss_tables(players, results, 4, 0.5, computers=False)
        assert out == [] and sorted(c for t in tables for c in t) == players
        before = sat_together(results)
        assert not any(frozenset(pair) in before for t in tables for pair in itertools.combinations(t, 2))
        results += [played(round_number, list(t), [1, 2, 3, 4]) for t in tables]
    # ten players at two tables of four: the second round cannot avoid every repeat; it keeps them few
    ten, _ = swiss_tables(list(range(1, 11)), [played(1, [1, 2, 3, 4], [1, 2, 3, 4]),
                                               played(1, [5, 6, 7, 8], [1, 2, 3, 4])], 4, 0.5, computers=False)
    met = sat_together([played(1, [1, 2, 3, 4], [1, 2, 3, 4]), played(1, [5, 6, 7, 8], [1, 2, 3, 4])])

    def repeats(tables: list[list[int]]) -> int:
        return sum(frozenset(pair) in met for t in tables for pair in itertools.combinations(t, 2))

    seated = sorted(c for t in ten for c in t if c is not None)
    fewest = min(repeats([list(a), [c for c in seated if c not in a]]) for a in itertools.combinations(seated, 4))
    assert repeats([[c for c in t if c is not None] for t in ten]) == fewest == 4  # 2 of A and 2 of B a table


def test_swiss_seats_by_score_group() -> None:
    players = list(range(1, 9))
    first = [played(1, [1, 2, 3, 4], [1, 2, 3, 4]), played(1, [5, 6, 7, 8], [1, 2, 3, 4])]
    tables, _out = swiss_tables(players, first, 4, 0.5, computers=False)
    # the two winners and the two seconds sit together at the top table (no one meets again where they can)
    assert sorted(tables[0]) == [1, 2, 5, 6] and sorted(tables[1]) == [3, 4, 7, 8]


def test_swiss_with_computers_seats_everyone_and_rotates_the_computer_tables() -> None:
    players = list(range(1, 11))
    tables, out = swiss_tables(players, [], 4, 0.5, computers=True)
    assert out == [] and len(tables) == 3 and all(len(t) == 4 for t in tables)
    assert sorted(c for t in tables for c in t if c is not None) == players
    assert sorted(t.count(None) for t in tables) == [0, 1, 1]
    pairs, one = swiss_tables([1, 2, 3], [], 2, 1.0, computers=True)
    assert one == [] and [None in t for t in pairs] == [False, True]
    against_computer = next(c for t in pairs if None in t for c in t if c is not None)
    again, _ = swiss_tables([1, 2, 3], [played(1, list(t), [1, 2]) for t in pairs], 2, 1.0, computers=True)
    assert against_computer not in next(t for t in again if None in t)  # someone else plays the computer


def test_a_knockout_at_tables_of_four_sends_the_top_two_on_to_a_final() -> None:
    assert (advance(2), advance(3), advance(4), advance(6)) == (1, 1, 2, 3)
    players = list(range(1, 9))
    tables, byes = knockout_tables(players, 4, computers=False, smallest=2)
    assert byes == [] and sorted(map(sorted, tables)) == [[1, 4, 5, 8], [2, 3, 6, 7]]  # snake seeding
    results = [played(1, list(t), [4, 3, 2, 1]) for t in tables]  # the last seat of each table wins
    alive = knockout_alive(players, results, 4)
    assert alive == sorted([tables[0][3], tables[0][2], tables[1][3], tables[1][2]])
    final, byes = knockout_tables(alive, 4, computers=False, smallest=2)
    assert final == [alive] and byes == []
    results.append(played(2, list(final[0]), [2, 1, 3, 4]))
    assert knockout_alive(players, results, 4) == [final[0][1]]  # only the final's winner is left


def test_a_knockout_of_five_at_four_gives_the_top_seed_a_bye_or_a_computer() -> None:
    tables, byes = knockout_tables([1, 2, 3, 4, 5], 4, computers=False, smallest=2)
    assert byes == [1] and [sorted(t) for t in tables] == [[2, 3, 4, 5]]  # type: ignore[type-var]
    tables, byes = knockout_tables([1, 2, 3, 4, 5], 4, computers=True, smallest=2)
    assert byes == [] and len(tables) == 2 and sum(t.count(None) for t in tables) == 3
    three, _ = knockout_tables([1, 2, 3], 4, computers=True, smallest=4)
    assert three == [[1, 2, 3, None]]
    with pytest.raises(ValueError):
        knockout_tables([1, 2, 3], 4, computers=False, smallest=4)
    computer_won = played(1, [1, None, 2, 3], [2, 1, 3, 4])
    assert knockout_alive([1, 2, 3], [computer_won, Result(1, done=True, bye=4)], 4) == [1, 2]  # computers skipped


def test_byes_go_to_a_slightly_higher_player_when_that_avoids_repeated_table_mates() -> None:
    rng = random.Random(1)
    differed = 0
    for _trial in range(60):
        count, size = rng.randint(7, 20), rng.choice([3, 4])
        players = list(range(1, count + 1))
        results: list[Result] = []
        for round_number in (1, 2, 3):
            tables, out = swiss_tables(players, results, size, 0.5, computers=False)
            had = {r.bye for r in results if r.bye is not None}
            points = match_points(results, 0.5)
            upward = sorted(players, key=lambda p: (-points.get(p, 0.0), p), reverse=True)
            lowest = ([p for p in upward if p not in had] + [p for p in upward if p in had])[:count % size]
            assert len(out) == count % size and (not set(out) & had or len(had) + len(out) > count)
            if sorted(out) != sorted(lowest):  # another bye only to seat everyone with new table-mates
                met = sat_together(results)
                assert not any(frozenset(pair) in met for t in tables for pair in itertools.combinations(t, 2))
                differed += 1
            for table in tables:
                order = list(range(1, size + 1))
                rng.shuffle(order)
                results.append(played(round_number, list(table), order))
            results += [Result(round_number, done=True, bye=b) for b in out]
    assert differed  # it happens (eight players at tables of three, in the third round)
