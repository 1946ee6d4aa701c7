"""/tournament at tables of more than two, of teams and with computers, through the real command tree on simcord
(issue 28): a four-seat partnership tournament with fixed teams formed at sign-up (Join with your partners, custom
id dht:team:<id>) and members drawn into teams at the start; a Swiss of seven at tables of three whose count does not
divide (a bye worth ½ a round), its standings and tie-breaks checked against a computation apart; the same game with
computers in the empty seats (never in the standings, never rated) and a restart in the middle of a round."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage import TournamentRow
from tests.bot.conftest import make_bot, release
from tests.bot.helpers import answer, components, message_of, press_first_control
from tests.bot.test_tournament import server
from tests.service.test_tournaments_tables import PAIRS, TRIO, tables_games


@pytest.fixture(autouse=True)
def games() -> Iterator[None]:
    """The test games in the catalogue before the bot loads its commands' game choices."""
    with tables_games():
        yield


async def play_table(env: Any, channel: Any, members: dict[int, Any], table_id: int) -> None:
    """Every member seated at the table opens their hand from the table message and makes their move."""
    table = env.bot.tables.store.tables[table_id]
    for seat in table.seats:
        if seat.user_id is None:
            continue  # a computer moves by itself
        hand = answer(await members[seat.user_id].click(message_of(channel, table.row.message_id), label="My hand"))
        await press_first_control(members[seat.user_id], hand)
    await env.settle()


def standings_of(description: str) -> list[tuple[str, float, float, float]]:
    """The (name, points, Buchholz, +/-) lines of a standings embed, best first (names may have spaces)."""
    lines = description.split("```")[1].strip().splitlines()[1:]
    return [(" ".join(ln.split()[1:-5]), float(ln.split()[-5]), float(ln.split()[-4]), float(ln.split()[-3]))
            for ln in lines]


def independent(row: TournamentRow, bye: float) -> dict[int, tuple[float, float, float]]:
    """Points, Buchholz and points difference of every competitor, computed apart from bot/tables_pairing.py: at a
    table, each side scores the share of the other sides it finished ahead of (level: half); Buchholz sums, table
    by table, the mean points of one's ranked opponents; +/- sums one's score less the opponents' mean."""
    tables = [[(s.competitor, s.side, s.score, s.place) for s in b.lineup] if b.lineup else
              [(b.first_id, 0, b.first_score, 1 if b.winner_id in (None, b.first_id) else 2),
               (b.second_id, 1, b.second_score, 1 if b.winner_id in (None, b.second_id) else 2)]
              for b in row.boards if b.done and (b.lineup or b.second_id is not None)]
    points: dict[int, float] = {}
    for b in row.boards:
        if b.done and not b.lineup and b.second_id is None:
            points[b.first_id] = points.get(b.first_id, 0.0) + bye
    for table in tables:
        sides = {side: place for _c, side, _s, place in table}
        for who, side, _score, place in {(c, si, sc, p) for c, si, sc, p in table if c is not None}:
            others = [p for s, p in sides.items() if s != side]
            points[who] = points.get(who, 0.0) + sum(
                1.0 if place < p else 0.5 if place == p else 0.0 for p in others) / len(others)
    lines: dict[int, tuple[float, float, float]] = {c: (p, 0.0, 0.0) for c, p in points.items()}
    for table in tables:
        for who, side, score, _place in {(c, si, sc, p) for c, si, sc, p in table if c is not None}:
            opponents = [(c, sc) for c, si, sc, _p in table if si != side]
            ranked = {c for c, _sc in opponents if c is not None}
            side_scores = {si: sc for _c, si, sc, _p in table if si != side}
            p, bh, diff = lines[who]
            bh += sum(points[o] for o in ranked) / len(ranked) if ranked else 0.0
            diff += score - sum(side_scores.values()) / len(side_scores)
            lines[who] = (p, bh, diff)
    return lines


def tournament_id(signup: Any) -> int:
    return int(components(signup)[0]["custom_id"].split(":")[2])


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_four_seat_partnership_tournament_with_fixed_teams(simcord_env) -> None:
    env = simcord_env
    channel, host, people = server(env, "alice", "bob", "carol", "dave", "eve", "fay", "gus", "hal")
    alice, bob, carol, dave, eve, *rest = people
    members = {m.id: m for m in people}
    signup = (await host.slash(channel, "tournament create", game=PAIRS.key, format="swiss", rounds=2,
                               partners="fixed")).response
    tid = tournament_id(signup)
    assert [c["custom_id"] for c in components(signup)] == [f"dht:join:{tid}", f"dht:leave:{tid}", f"dht:team:{tid}"]
    assert "**fixed teams (formed at sign-up)**, teams of 2, two teams a table" in signup.embeds[0].description
    await alice.select(message_of(channel, signup.id), [bob], custom_id=f"dht:team:{tid}")
    await carol.select(message_of(channel, signup.id), [dave], custom_id=f"dht:team:{tid}")
    taken = await eve.select(message_of(channel, signup.id), [alice], custom_id=f"dht:team:{tid}")
    assert taken.ephemeral and "alice is already in a team" in answer(taken).content
    for member in (eve, *rest):
        await member.click(message_of(channel, signup.id), label="Join")
    shown = message_of(channel, signup.id).embeds[0].fields[0]
    assert shown.name == "Players (8)" and "(alice & bob), (carol & dave)" in shown.value
    assert "without a team yet: eve, fay, gus, hal" in shown.value

    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    team = {p.user_id: p.team for p in row.players}
    assert team[alice.id] == team[bob.id] != team[carol.id] == team[dave.id] and len(set(team.values())) == 4
    for round_number in (1, 2):
        [posted] = [m.content for m in channel.history() if f"round {round_number} of 2" in (m.content or "")]
        boards = [b for b in row.boards if b.round == round_number]
        assert len(boards) == 2 and all(b.second_id is not None for b in boards)  # 4 teams: two tables, no bye
        for board in boards:
            seats = [s.user_id for s in env.bot.tables.store.tables[board.table_id].seats]
            assert {team[seats[0]], team[seats[2]]} == {board.first_id}  # a team's partners sit opposite
            assert f"<@{seats[0]}> & <@{seats[2]}> vs <@{seats[1]}> & <@{seats[3]}> · table #{board.table_id}" in posted
            await play_table(env, channel, members, board.table_id)
    await env.settle()
    assert row.status == "finished"
    final = next(e for m in channel.history() for e in m.embeds
                 if e.title == f"Tournament #{tid} is over: final standings")
    names = {t: " & ".join(p.name for p in row.players if p.team == t) for t in set(team.values())}
    expected = independent(row, 1.0)
    shown_lines = standings_of(final.description)
    assert {name: (p, bh, d) for name, p, bh, d in shown_lines} == {
        names[t]: pytest.approx(v, abs=0.006) for t, v in expected.items()}
    order = sorted(expected, key=lambda t: (-expected[t][0], -expected[t][1], -expected[t][2], t))
    assert [name for name, *_ in shown_lines] == [names[t] for t in order]


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_three_seat_swiss_of_seven_with_byes_and_tie_breaks(simcord_env) -> None:
    env = simcord_env
    channel, host, people = server(env, *(f"p{n}" for n in range(1, 8)))
    members = {m.id: m for m in people}
    signup = (await host.slash(channel, "tournament create", game=TRIO.key, format="swiss", rounds=2,
                               seats=3)).response
    assert "Tables of **3**" in signup.embeds[0].description
    assert "a bye is worth ½ (an average result at a table)" in signup.embeds[0].description
    refused = await host.slash(channel, "tournament create", game=TRIO.key, format="round-robin", seats=3)
    assert refused.ephemeral and "round robin needs tables of two" in refused.response.content
    tid = tournament_id(signup)
    for member in people:
        await member.click(message_of(channel, signup.id), label="Join")
    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    for round_number in (1, 2):
        [posted] = [m.content for m in channel.history() if f"round {round_number} of 2" in (m.content or "")]
        [bye] = [b for b in row.boards if b.round == round_number and not b.lineup]
        assert f"<@{bye.first_id}> has a bye (worth ½)" in posted
        for board in (b for b in row.boards if b.round == round_number and b.lineup):
            assert " vs ".join(f"<@{s.competitor}>" for s in board.lineup) + f" · table #{board.table_id}" in posted
            await play_table(env, channel, members, board.table_id)
    await env.settle()
    assert row.status == "finished"
    assert len({b.first_id for b in row.boards if not b.lineup}) == 2  # a different bye each round
    standings = (await people[0].slash(channel, "tournament standings")).response.embeds[0]
    expected = independent(row, 0.5)
    names = {p.user_id: p.name for p in row.players}
    shown_lines = standings_of(standings.description)
    assert {name: (p, bh, d) for name, p, bh, d in shown_lines} == {
        names[c]: pytest.approx(v, abs=0.006) for c, v in expected.items()}
    seed = {p.user_id: p.seed for p in row.players}
    order = sorted(expected, key=lambda c: (-expected[c][0], -expected[c][1], -expected[c][2], seed[c]))
    assert [name for name, *_ in shown_lines] == [names[c] for c in order]
    assert "first at a table 1, last 0" in standings.description


@pytest.mark.simcord(settle_timeout=10.0)
async def test_computers_fill_seats_unranked_and_a_restart_mid_round(simcord_env, db_file: Path) -> None:
    env = simcord_env
    channel, host, people = server(env, "ann", "ben", "cat", "dan", "eve")
    members = {m.id: m for m in people}
    signup = (await host.slash(channel, "tournament create", game=TRIO.key, format="swiss", rounds=2, seats=3,
                               computers="allow")).response
    assert "computer players fill empty seats (they are never ranked)" in signup.embeds[0].description
    tid = tournament_id(signup)
    for member in people:
        await member.click(message_of(channel, signup.id), label="Join")
    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    boards = [b for b in row.boards if b.round == 1]
    assert len(boards) == 2 and all(b.lineup for b in boards)  # 5 members and 1 computer at two tables of 3
    assert sum(s.competitor is None for b in boards for s in b.lineup) == 1
    [posted] = [m.content for m in channel.history() if "round 1 of 2" in (m.content or "")]
    assert "🖥️" in posted and "has a bye" not in posted
    await play_table(env, channel, members, boards[0].table_id)

    old_bot = env.bot
    await env.restart_bot(make_bot(db_file))
    await release(old_bot)
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    assert row.round == 1 and [b.done for b in row.boards] == [True, False]
    await play_table(env, channel, members, boards[1].table_id)
    round_two = [b for b in row.boards if b.round == 2]
    assert len(round_two) == 2
    for board in round_two:
        await play_table(env, channel, members, board.table_id)
    await env.settle()
    assert row.status == "finished"
    final = next(e for m in channel.history() for e in m.embeds
                 if e.title == f"Tournament #{tid} is over: final standings")
    shown = standings_of(final.description)
    assert sorted(name for name, *_ in shown) == ["ann", "ben", "cat", "dan", "eve"]  # no computer line
    expected = independent(row, 0.5)
    names = {p.user_id: p.name for p in row.players}
    assert {name: (p, bh, d) for name, p, bh, d in shown} == {
        names[c]: pytest.approx(v, abs=0.006) for c, v in expected.items()}
    ratings = await env.bot.tables.ratings.of_game(channel.guild.id, TRIO.key)
    assert ratings and all(key.startswith("user:") for key in ratings)  # the computer is not rated
