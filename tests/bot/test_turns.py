"""One tap a turn (issue 16): the private hand stays live and comes back with its controls on the member's turn,
and a nudge in the channel mentions a member whose turn it is once they seem away (issue 26: a member who is
playing is left alone for PLAYING_GRACE, anyone else for the grace period), and is deleted once they have moved.
Through the real command tree on simcord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.turns import PLAYING_GRACE, PLAYING_WINDOW
from tests.bot.conftest import make_bot, release
from tests.bot.helpers import answer, components, press_first_control, table_of
from tests.bot.test_play import open_lobby, set_rule

GRACE = 20.0  # the bot's default NUDGE_GRACE_SECONDS (tests/bot/conftest.py keeps it)


async def four_seats(env: Any) -> tuple[Any, Any, Any, Any, int]:
    """Block for alice and bob with two computer players, started."""
    channel, alice, bob, carol, lobby, tid = await open_lobby(env, "block")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Add computer")
    await set_rule(alice, lobby, "target", "50")
    await set_rule(alice, lobby, "set", "6")
    await alice.click(lobby, label="Start")
    return channel, alice, bob, carol, tid


async def two_people(env: Any) -> tuple[Any, dict[int, Any], Any, int]:
    """Block for alice and bob alone, started: (channel, members by seat, the table, the seat to move first)."""
    channel, alice, bob, _carol, lobby, tid = await open_lobby(env, "block")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(env, tid)
    return channel, {0: alice, 1: bob}, table, table.game.to_act[0]


def nudges(channel: Any) -> list[Any]:
    return [m for m in channel.history() if "your turn at" in (m.content or "")]


def has_moves(hand: Any) -> bool:
    return any(":m:" in c.get("custom_id", "") or ":mc:" in c.get("custom_id", "") for c in components(hand))


@pytest.mark.simcord(settle_timeout=10.0)  # a Strong computer thinks up to 0.15 s a move
async def test_after_the_first_move_each_move_takes_one_interaction(simcord_env) -> None:
    """Two people and two computers: My hand once, then every later move is one tap on the live hand."""
    channel, alice, bob, _carol, tid = await four_seats(simcord_env)
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    hands: dict[int, Any] = {}
    interactions = {0: 0, 1: 0}
    moves = {0: 0, 1: 0}
    for _ in range(300):
        await simcord_env.settle()
        if table.status != "playing":
            break
        seat = next(s for s in table.game.to_act if s in members)
        member = members[seat]
        if seat not in hands:
            opened = await member.click(channel.last_message, label="My hand")
            interactions[seat] += 1
            hands[seat] = answer(opened)
        hand = hands[seat]
        assert "Your turn" in hand.content and has_moves(hand), hand.content  # the live hand came back with moves
        version = table.version
        await press_first_control(member, hand)
        interactions[seat] += 1
        moves[seat] += 1
        assert table.version > version
    assert table.status == "finished" and min(moves.values()) >= 3
    # one interaction a move, plus the one My hand at the start
    assert interactions == {seat: moves[seat] + 1 for seat in members}


async def test_a_playing_member_is_nudged_once_their_turn_lasts_and_the_nudge_goes_after_the_move(simcord_env
                                                                                                   ) -> None:
    channel, alice, bob, _carol, tid = await four_seats(simcord_env)  # both just clicked: they are playing
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    await simcord_env.settle()
    seat = next(s for s in table.game.to_act if s in members)
    await simcord_env.advance_time(GRACE + 1)
    assert nudges(channel) == []  # a member at the table is not pinged after the grace alone
    await simcord_env.advance_time(PLAYING_GRACE - GRACE)
    [nudge] = nudges(channel)
    user = members[seat]
    assert nudge.content.startswith(f"<@{user.id}>") and "Block" in nudge.content and f"#{tid}" in nudge.content
    assert [u.id for u in nudge.mentions] == [user.id]
    await simcord_env.advance_time(PLAYING_GRACE * 3)
    assert len(nudges(channel)) == 1  # at most once per turn
    hand = answer(await user.click(nudge, label="My hand"))  # the nudge's button opens the hand
    assert "Your turn" in hand.content and "<@" not in hand.content
    await press_first_control(user, hand)
    await simcord_env.settle()
    assert all(m.id != nudge.id for m in nudges(channel))  # deleted once they moved


async def test_a_member_away_from_the_table_is_nudged_after_the_grace_period(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "block")
    await bob.click(lobby, label="Join")
    await simcord_env.advance_time(PLAYING_WINDOW + 1)  # bob has not touched the table since: he is away
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    for _ in range(6):
        await simcord_env.settle()
        seat = table.game.to_act[0]
        if members[seat] is bob:
            break
        await press_first_control(alice, answer(await alice.click(channel.last_message, label="My hand")))
    assert members[table.game.to_act[0]] is bob
    await simcord_env.advance_time(GRACE + 1)
    [nudge] = nudges(channel)
    assert [u.id for u in nudge.mentions] == [bob.id]


@pytest.mark.simcord(settle_timeout=10.0)
async def test_no_nudge_for_members_who_move_within_a_minute_every_turn(simcord_env) -> None:
    """Issue 26: pings per turn are 0 for a member moving within a minute every turn, even with turns of the two
    computers between."""
    channel, alice, bob, _carol, tid = await four_seats(simcord_env)
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    for _ in range(12):
        await simcord_env.settle()
        if table.status != "playing":
            break
        seat = next(s for s in table.game.to_act if s in members)
        await simcord_env.advance_time(55)
        member = members[seat]
        await press_first_control(member, answer(await member.click(channel.last_message, label="My hand")))
    assert [m for m in channel.history() if m.mentions] == []


async def test_a_member_who_turned_nudges_off_is_never_mentioned(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "block")
    done = await bob.slash(channel, "nudges", enabled="off")
    assert done.ephemeral and "off" in done.response.content.lower()
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    mentioned: set[int] = set()
    for _ in range(6):  # several turns of each, each left past the grace periods
        await simcord_env.advance_time(PLAYING_GRACE + 1)
        seen = channel.history()
        mentioned |= {u.id for m in seen for u in m.mentions}
        assert all(f"<@{bob.id}>" not in (m.content or "") for m in seen)
        if not table.game.to_act:  # the deal ended the match early (a random deal can): nothing more to wait for
            break
        seat = table.game.to_act[0]
        member = members[seat]
        await press_first_control(member, answer(await member.click(channel.last_message, label="My hand")))
    assert bob.id not in mentioned and alice.id in mentioned


async def test_after_a_restart_the_first_turn_falls_back_to_the_nudge(simcord_env, db_file: Path) -> None:
    for _attempt in range(3):  # a deal that ends the match before it is first's turn again is played at a new table
        channel, members, table, first = await two_people(simcord_env)
        hand = answer(await members[first].click(channel.last_message, label="My hand"))
        await press_first_control(members[first], hand)  # this hand is live in the old process only
        old_bot = simcord_env.bot
        await simcord_env.restart_bot(make_bot(db_file))
        await release(old_bot)
        again = table_of(simcord_env, table.id)
        while again.game.to_act and again.game.to_act[0] != first:  # the other moves (in the new process) until
            other = members[again.game.to_act[0]]  # it is first's turn
            await press_first_control(other, answer(await other.click(channel.last_message, label="My hand")))
        if again.game.to_act:
            break
        assert again.game.is_over, ("nobody is awaited in a match that is not over", again.game.log[-5:])
    else:
        raise AssertionError("three deals in a row ended the match before it was first's turn")
    await simcord_env.advance_time(GRACE + 1)
    assert not has_moves(hand)  # its token lived in the old process: no live edit
    [nudge] = nudges(channel)
    assert f"<@{members[first].id}>" in nudge.content
    fresh = answer(await members[first].click(nudge, label="My hand"))
    assert has_moves(fresh)
    version = again.version
    await press_first_control(members[first], fresh)
    assert again.version == version + 1


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_live_hand_is_let_go_before_its_token_expires(simcord_env) -> None:
    """Discord's tokens last 15 minutes: a hand last seen 15 minutes ago is not edited (the nudge takes over)."""
    channel, members, table, first = await two_people(simcord_env)
    hand = answer(await members[first].click(channel.last_message, label="My hand"))
    await press_first_control(members[first], hand)
    await simcord_env.advance_time(15 * 60)
    other = table.game.to_act[0]
    await press_first_control(members[other], answer(await members[other].click(channel.last_message,
                                                                                  label="My hand")))
    await simcord_env.settle()
    assert not has_moves(hand)  # too old to edit: left as it was
    bot = simcord_env.bot
    assert (table.id, members[first].id) not in bot.get_cog("Play").turns.hands
