"""/tournament through the real command tree on simcord (issue 28): create with its sign-up message, Join and Leave
(custom ids dht:<kind>:<id>), refusals that change nothing, start, rounds whose tables are posted and played by
clicks to their end, the next round paired by itself, the final standings (checked against a computation apart),
drop and cancel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from tests.bot.conftest import make_bot, release
from tests.bot.helpers import answer, components, message_of, press_first_control
from tests.service.test_tournaments import duel_registered


@pytest.fixture(autouse=True)
def duel() -> Iterator[None]:
    """The one-move duel game in the catalogue before the bot loads its commands' game choices."""
    with duel_registered():
        yield


async def play_table(env: Any, channel: Any, members: dict[int, Any], table_id: int) -> None:
    """Both players open their hand from the table message and make their move."""
    table = env.bot.tables.store.tables[table_id]
    for seat in (0, 1):
        message = message_of(channel, table.row.message_id)
        member = members[table.seats[seat].user_id]
        hand = answer(await member.click(message, label="My hand"))
        await press_first_control(member, hand)
    await env.settle()


def expected_points(boards: list[Any]) -> dict[int, float]:
    """Match points from the boards, apart from bot/pairing.py: a win or a bye 1, a draw a half each."""
    points: dict[int, float] = {}
    for b in boards:
        for player in (b.first_id, b.second_id):
            if player is not None:
                points.setdefault(player, 0.0)
        if b.second_id is None:
            points[b.first_id] += 1
        elif b.winner_id is None:
            points[b.first_id] += 0.5
            points[b.second_id] += 0.5
        else:
            points[b.winner_id] += 1
    return points


def server(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    """A guild's channel, a member who may manage the server, and members with these names."""
    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments")
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    host = guild.add_member(env.create_user("host"), roles=[admins])
    return channel, host, [guild.add_member(env.create_user(name)) for name in names]


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_swiss_tournament_from_sign_up_to_final_standings(simcord_env) -> None:
    env = simcord_env
    channel, host, (alice, bob, carol) = server(env, "alice", "bob", "carol")
    members = {m.id: m for m in (alice, bob, carol)}

    refused = await alice.slash(channel, "tournament create", game="test_duel", format="swiss")
    assert refused.ephemeral and "Only members who can manage the server" in refused.response.content
    signup = (await host.slash(channel, "tournament create", game="test_duel", format="swiss", rounds=2)).response
    tid = int(components(signup)[0]["custom_id"].split(":")[2])
    assert [c["custom_id"] for c in components(signup)] == [f"dht:join:{tid}", f"dht:leave:{tid}"]
    assert signup.embeds[0].title == f"Tournament #{tid} · Duel (test)" and "Swiss" in signup.embeds[0].description
    again = await host.slash(channel, "tournament create", game="test_duel", format="knockout")
    assert again.ephemeral and "already has a tournament" in again.response.content

    for member in (alice, bob, carol):
        await member.click(message_of(channel, signup.id), label="Join")
    twice = await alice.click(message_of(channel, signup.id), label="Join")
    assert twice.ephemeral and "already joined" in answer(twice).content
    await carol.click(message_of(channel, signup.id), label="Leave")
    await carol.click(message_of(channel, signup.id), label="Join")
    shown = message_of(channel, signup.id).embeds[0]
    assert shown.fields[0].name == "Players (3)" and "carol" in shown.fields[0].value
    not_yet = await alice.slash(channel, "tournament start")
    assert not_yet.ephemeral and env.bot.tables.tournaments.open[tid].status == "signup"

    started = await host.slash(channel, "tournament start")
    assert started.response.content == f"Tournament #{tid} has started."
    await env.settle()
    assert components(message_of(channel, signup.id)) == []  # sign-up closed
    service = env.bot.tables.tournaments
    row = service.open[tid]
    for round_number in (1, 2):
        messages = [m for m in channel.history() if f"round {round_number} of 2" in (m.content or "")]
        posted = [m.content for m in messages]
        assert len(posted) == 1 and "has a bye (worth a win)" in posted[0]
        if round_number == 2:  # with the standings after round 1: the winner and the bye on 1 point, the loser 0
            after = messages[0].embeds[0]
            assert after.title == f"Tournament #{tid} · standings after round 1"
            first = [b for b in row.boards if b.round == 1]
            points = expected_points(first)
            shown_after = {ln.split()[1]: float(ln.split()[2])
                           for ln in after.description.split("```")[1].strip().splitlines()[1:]}
            assert shown_after == {m.name: points[m.id] for m in (alice, bob, carol)}
        [board] = [b for b in row.boards if b.round == round_number and b.second_id is not None]
        assert f"<@{board.first_id}> vs <@{board.second_id}> · table #{board.table_id}" in posted[0]
        await play_table(env, channel, members, board.table_id)
    await env.settle()
    assert row.status == "finished" and tid not in service.open
    final = next(e for m in channel.history() for e in m.embeds
                 if e.title == f"Tournament #{tid} is over: final standings")
    table_lines = final.description.split("```")[1].strip().splitlines()[1:]
    expected = expected_points(row.boards)
    shown_points = {line.split()[1]: float(line.split()[2]) for line in table_lines}
    assert shown_points == {m.name: expected[m.id] for m in (alice, bob, carol)}
    assert sum(expected.values()) == 4  # two games and two byes
    assert [float(line.split()[2]) for line in table_lines] == sorted(expected.values(), reverse=True)

    standings = (await carol.slash(channel, "tournament standings")).response.embeds[0]
    assert standings.description == final.description  # the last tournament's final standings
    nothing = await carol.slash(channel, "tournament drop")
    assert nothing.ephemeral and "no tournament in this channel" in nothing.response.content


async def test_drop_and_cancel(simcord_env) -> None:
    env = simcord_env
    channel, host, (alice, bob) = server(env, "alice", "bob")
    signup = (await host.slash(channel, "tournament create", game="test_duel", format="round-robin")).response
    tid = int(components(signup)[0]["custom_id"].split(":")[2])
    await alice.click(signup, label="Join")
    await bob.click(message_of(channel, signup.id), label="Join")
    dropped = await bob.slash(channel, "tournament drop")
    assert dropped.ephemeral and "will not be paired again" in dropped.response.content
    assert [p.name for p in env.bot.tables.tournaments.open[tid].players] == ["alice"]
    too_few = await host.slash(channel, "tournament start")
    assert too_few.ephemeral and "at least 2 players" in too_few.response.content
    assert (await alice.slash(channel, "tournament cancel")).ephemeral  # not a manager: refused
    assert tid in env.bot.tables.tournaments.open
    cancelled = await host.slash(channel, "tournament cancel")
    assert cancelled.response.content == f"Tournament #{tid} was cancelled."
    assert tid not in env.bot.tables.tournaments.open


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_restart_at_sign_up_and_mid_round(simcord_env, db_file: Path) -> None:
    """The sign-up buttons work after a restart; a restart in the middle of a round keeps its tables and the next
    round is paired when the last of them finishes."""
    env = simcord_env
    channel, host, players = server(env, "alice", "bob", "carol", "dave")
    members = {m.id: m for m in players}
    signup = (await host.slash(channel, "tournament create", game="test_duel", format="swiss", rounds=2)).response
    tid = int(components(signup)[0]["custom_id"].split(":")[2])
    await players[0].click(signup, label="Join")
    old_bot = env.bot
    await env.restart_bot(make_bot(db_file))
    await release(old_bot)
    for member in players[1:]:  # the same message's buttons, answered by the new process
        await member.click(message_of(channel, signup.id), label="Join")
    assert len(env.bot.tables.tournaments.open[tid].players) == 4
    await host.slash(channel, "tournament start")
    await env.settle()
    tables = [b.table_id for b in env.bot.tables.tournaments.open[tid].boards]
    assert len(tables) == 2
    await play_table(env, channel, members, tables[0])

    old_bot = env.bot
    await env.restart_bot(make_bot(db_file))
    await release(old_bot)
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    assert [b.done for b in row.boards] == [True, False] and row.round == 1
    await play_table(env, channel, members, tables[1])
    await env.settle()
    assert row.round == 2 and len([b for b in row.boards if b.round == 2]) == 2
    assert any("round 2 of 2" in (m.content or "") for m in channel.history())
    assert components(message_of(channel, signup.id)) == []  # the sign-up closed when the tournament started
