"""Issues 14 and 26 (threads, a quiet channel) through the real command tree on simcord: by default a table's chat
(the recap of every hand, turn nudges) goes to a thread started from the table message, the table message stays in
the channel, the final standings are posted in the channel, and the thread is archived when the match ends; without
the permission to start a thread the table stays in the channel, its table message says why and shows the last
hand's result, and nothing else is posted there until the standings; with threads off, the same quiet channel."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.helpers import components, message_of, table_of
from tests.bot.test_play import open_lobby, set_rule
from tests.bot.test_recaps import play_until, recaps


def admin_of(env: Any, guild: Any) -> Any:
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("admin"), roles=[admins])


async def short_block(env: Any, channel: Any, alice: Any, lobby: Any, tid: int, target: str = "50") -> Any:
    """Block to ``target`` with the double-six, alice against an Easy computer, started. To 100 no hand ends the
    match: seven double-six tiles hold at most 73 pips."""
    await alice.click(lobby, label="Add computer")
    await set_rule(alice, lobby, "target", target)
    await set_rule(alice, lobby, "set", "6")
    await alice.click(message_of(channel, lobby.id), label="Start")
    await env.settle()
    return table_of(env, tid)


def archived(env: Any, thread: Any) -> bool:
    return bool(env.backend.channels[thread.id].thread_metadata.archived)


def channel_posts(channel: Any) -> list[Any]:
    """The messages in the channel itself, less Discord's own "thread created" notice."""
    return [m for m in channel.history() if m.type != discord.MessageType.thread_created]


def standings_in(channel: Any) -> list[Any]:
    return [m for m in channel.history() if any(a.filename == "standings.png" for a in m.attachments)]


async def test_a_table_in_a_thread_by_default(simcord_env) -> None:
    env = simcord_env
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(env, "block")
    assert await env.bot.tables.settings.threads_on(channel.guild.id)
    table = await short_block(env, channel, alice, lobby, tid)
    [thread] = channel.threads
    assert env.backend.channels[thread.id].id == thread.id and not archived(env, thread)
    assert f"chat of table #{tid}" in thread.history()[0].content  # what the thread is for, said once
    await play_until(env, channel, {0: alice}, tid, lambda: False, on_table_message=True)
    await env.settle()
    assert table.status == "finished" and table.game is not None
    assert len(recaps(thread)) >= table.game.round_no - 1  # every hand's recap in the thread (the last one may
    assert len(recaps(thread)) + len(recaps(channel)) == table.game.round_no  # come with the standings)
    assert len(standings_in(channel)) == 1 and standings_in(thread) == []
    assert [m.id for m in channel_posts(channel)] == [table.row.message_id, standings_in(channel)[0].id]
    table_message = next(m for m in channel.history() if m.id == table.row.message_id)
    assert any(a.filename == "table.png" for a in table_message.attachments)  # the picture stays in the channel
    assert archived(env, thread)
    assert await env.bot.tables.storage.meta.get(f"thread:{tid}") == str(thread.id)  # kept for a restart


async def test_without_the_permission_the_table_stays_in_the_channel_and_its_message_says_why(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    channel = guild.create_text_channel("games", overwrites={env.bot.user: no_threads})
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play", game="block")).response
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    table = await short_block(env, channel, alice, lobby, tid, target="100")  # so the first hand cannot end it
    assert channel.threads == []
    await play_until(env, channel, {0: alice}, tid, lambda: table.game.round_no > 1, on_table_message=True)
    assert table.status != "finished"
    await env.settle()
    table_message = message_of(channel, table.row.message_id)
    assert "Create Public Threads" in (table_message.embeds[0].footer.text or "")
    assert any(a.filename == "scores.png" for a in table_message.attachments)  # the last hand's result
    assert recaps(channel) == [] and [m.id for m in channel_posts(channel)] == [table.row.message_id]


async def test_with_threads_off_the_channel_stays_quiet_too(simcord_env) -> None:
    env = simcord_env
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(env, "block")
    await admin_of(env, channel.guild).slash(channel, "hall-settings", threads="off")
    table = await short_block(env, channel, alice, lobby, tid)
    await play_until(env, channel, {0: alice}, tid, lambda: False, on_table_message=True)
    await env.settle()
    assert table.status == "finished" and channel.threads == []
    assert [m.id for m in channel_posts(channel)] == [table.row.message_id, standings_in(channel)[0].id]


async def test_a_table_message_buried_by_chat_moves_to_the_bottom_at_the_next_hand(simcord_env) -> None:
    """Issue 26: members talk below the table message; after the next hand it is posted again at the bottom and the
    old one deleted, and its buttons (which name the table, not the message) keep working."""
    env = simcord_env
    channel, alice, bob, _carol, lobby, tid = await open_lobby(env, "block")
    await admin_of(env, channel.guild).slash(channel, "hall-settings", threads="off")
    table = await short_block(env, channel, alice, lobby, tid)
    first = table.row.message_id
    await bob.send(channel, "good luck!")
    await play_until(env, channel, {0: alice}, tid, lambda: table.game.round_no > 1, on_table_message=True)
    await env.settle()
    assert table.row.message_id != first and all(m.id != first for m in channel.history())
    assert channel.history()[-1].id == table.row.message_id  # at the bottom, below the chat
    moved = table.row.message_id
    await play_until(env, channel, {0: alice}, tid, lambda: table.game.round_no > 2, on_table_message=True)
    await env.settle()
    assert table.row.message_id == moved  # nobody talked since: it stays where it is
