"""Issue 14, item 2, through the real command tree on simcord: a match ends, a player presses Rematch on the table
message and a new lobby opens with the same seats, computer levels and house rules; a seat nobody confirms opens up
after a minute (simcord's clock); a stranger's press is refused; ``/play invite:`` pings the invited member alone,
once. The rules themselves: tests/service/test_rematch.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.bot.helpers import answer, components, message_of, press_first_control, table_of
from tests.bot.test_play import open_lobby, set_rule
from tests.bot.test_previous_ids import restart

TURN_LIMIT = 60  # seconds: past simcord's settling deadline, so only advance_time() moves for the absent players


def pings(env: Any, channel: Any, message: Any) -> list[int]:
    """Whom a message notified (simcord applies its allowed mentions as Discord does; an edit never notifies)."""
    return list(env.backend.messages[channel.id][message.id].ping_user_ids)


def seats_field(message: Any) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name.startswith("Seats"))


async def finished_match(env: Any) -> tuple[Any, Any, Any, Any, Any, int]:
    """Block to 50 with double-six for alice, bob and an Easy computer, played out (alice and bob stay away: the
    turn limit, on simcord's clock, has the computer move for them), ending on the table message with
    its Rematch button."""
    channel, alice, bob, carol, lobby, tid = await open_lobby(env, "block")
    await env.bot.tables.settings.set_guild_setting(env.guild.id, "turn_time_limit", TURN_LIMIT)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    level = next(c for c in components(message_of(channel, lobby.id)) if c["custom_id"].startswith("dhs:level:"))
    await alice.select(message_of(channel, lobby.id), ["easy"], custom_id=level["custom_id"])
    await set_rule(alice, lobby, "target", "50")
    await set_rule(alice, lobby, "set", "6")
    await alice.click(message_of(channel, lobby.id), label="Start")
    table = table_of(env, tid)
    for _ in range(500):
        if table.status != "playing":
            break
        await env.advance_time(TURN_LIMIT)
    assert table.status == "finished"
    await env.bot.tables.settings.set_guild_setting(env.guild.id, "turn_time_limit", 0)
    return channel, alice, bob, carol, message_of(channel, lobby.id), tid


async def test_rematch_opens_a_lobby_with_the_same_seats_levels_and_house_rules(simcord_env) -> None:
    env = simcord_env
    channel, alice, bob, carol, final, old = await finished_match(env)
    assert [c["label"] for c in components(final)] == ["Rematch"]

    refused = await carol.click(final, label="Rematch")
    assert refused.ephemeral and f"Only the players of table #{old}" in answer(refused).content
    assert not env.bot.tables.store.tables  # nothing opened

    pressed = await bob.click(final, label="Rematch")
    lobby = pressed.response
    assert pressed.acknowledged and not pressed.ephemeral and lobby.embeds[0].title == "Block Dominoes · lobby"
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    table = table_of(env, tid)
    assert tid != old and table.host_id == bob.id and table.row.options == {"target": 50, "set": 6}
    assert [(s.name, s.user_id) for s in table.seats] == [("alice", alice.id), ("bob", bob.id), ("Computer 1", None)]
    assert table.seats[2].level == "easy" and table.reserved() == [0]
    # alice is asked once, by name, in the lobby message: the one ping
    assert f"<@{alice.id}>" in lobby.content and "rematch" in lobby.content
    assert pings(env, channel, lobby) == [alice.id]
    seats = seats_field(lobby)
    assert "kept for them" in seats and "Computer 1 · easy" in seats
    start = next(c for c in components(lobby) if c["label"] == "Start")
    assert start["disabled"]  # not before alice has answered (or her minute is over)

    again = await bob.click(final, label="Rematch")
    assert again.ephemeral and f"already seated at the rematch, table #{tid}" in answer(again).content
    taken = await alice.click(final, label="Rematch")
    assert taken.ephemeral and f"your seat at the rematch, table #{tid}" in answer(taken).content
    assert table.reserved() == [] and len(env.bot.tables.store.tables) == 1
    await env.settle()
    lobby = message_of(channel, lobby.id)
    assert "kept for them" not in seats_field(lobby) and pings(env, channel, lobby) == []  # the edit notified nobody
    assert not next(c for c in components(lobby) if c["label"] == "Start")["disabled"]
    await bob.click(lobby, label="Start")
    assert table.status == "playing" and message_of(channel, lobby.id).content == ""  # the invitation has gone
    late = await carol.click(final, label="Rematch")
    assert late.ephemeral and "Only the players" in answer(late).content
    started = await alice.click(final, label="Rematch")
    assert started.ephemeral and f"already started at table #{tid}" in answer(started).content


async def test_a_seat_nobody_confirms_opens_up_after_a_minute(simcord_env) -> None:
    env = simcord_env
    channel, alice, bob, _carol, final, _old = await finished_match(env)
    lobby = (await alice.click(final, label="Rematch")).response
    table = table_of(env, int(components(lobby)[0]["custom_id"].split(":")[2]))
    assert table.reserved() == [1]
    await env.advance_time(30)
    assert table.reserved() == [1] and f"<@{bob.id}>" in seats_field(message_of(channel, lobby.id))
    await env.advance_time(31)
    assert table.reserved() == [] and table.names == ["alice", "Computer 1"]  # the computer stays as it was
    lobby = message_of(channel, lobby.id)
    assert f"<@{bob.id}>" not in seats_field(lobby) and "Computer 1 · easy" in seats_field(lobby)
    late = await bob.click(final, label="Rematch")  # too late for his kept seat: the free one is his
    assert late.ephemeral and table.names == ["alice", "Computer 1", "bob"]


async def test_play_invite_pings_only_the_invited_member_once(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    result = await alice.slash(channel, "play", game="block", invite=bob)
    lobby = result.response
    assert not result.ephemeral and lobby.content.startswith("alice invites") and f"<@{bob.id}>" in lobby.content
    assert pings(env, channel, lobby) == [bob.id]  # not alice (the host), not carol, no role, not everyone
    assert not message_of(channel, lobby.id).mention_everyone and message_of(channel, lobby.id).role_mentions == []
    await bob.click(lobby, label="Join")
    await carol.click(lobby, label="Join")
    await env.settle()
    lobby = message_of(channel, lobby.id)
    assert f"<@{bob.id}>" in lobby.content and pings(env, channel, lobby) == []  # the edits ping nobody again
    assert all(pings(env, channel, m) == [] for m in channel.history() if m.id != lobby.id)

    twice = await alice.slash(channel, "play", game="block", invite=bob, invite2=bob, invite3=alice)
    assert pings(env, channel, twice.response) == [bob.id]  # each member once; the host is not invited
    solo = await alice.slash(channel, "play", game="bingo", invite=bob)
    assert solo.ephemeral and "nobody can be invited" in solo.response.content


async def test_rematch_buttons_work_across_restarts(simcord_env, db_file: Path) -> None:
    """A restart after the match, and another with the rematch's seat still kept: each press does what it would
    have done without the restart (the finished table and its rematch are read from storage), and the minute of
    the kept seat goes on from its stored deadline."""
    env = simcord_env
    channel, alice, bob, _carol, lobby, _old = await open_lobby(env, "test_pass_two")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Start")
    for member in (alice, bob):
        await press_first_control(member, answer(await member.click(channel.last_message, label="My hand")))
    await env.settle()
    final = message_of(channel, lobby.id)
    assert [c["label"] for c in components(final)] == ["Rematch"]

    await restart(env, db_file)
    opened = await alice.click(final, label="Rematch")
    rematch = opened.response
    assert not opened.ephemeral and pings(env, channel, rematch) == [bob.id]
    tid = int(components(rematch)[0]["custom_id"].split(":")[2])
    assert table_of(env, tid).reserved() == [1]

    await restart(env, db_file)
    table = table_of(env, tid)
    assert table.reserved() == [1] and table.names == ["alice", "bob", "Computer 1"]
    taken = await bob.click(final, label="Rematch")
    assert taken.ephemeral and f"your seat at the rematch, table #{tid}" in answer(taken).content
    await env.settle()
    assert table.reserved() == [] and "kept for them" not in seats_field(message_of(channel, rematch.id))
