"""Issue 14 (threads) through the real command tree on simcord: with /hall-settings threads:on a table's chat (the
recap of every hand, the final standings) goes to a thread started from the table message, the table message stays
in the channel, and the thread is archived when the match ends; without the permission to start a thread the table
stays in the channel and says so once; with the setting off (the default) nothing changes."""

from __future__ import annotations

from typing import Any

import discord

from tests.bot.helpers import components, message_of, table_of
from tests.bot.test_play import open_lobby, set_rule
from tests.bot.test_recaps import play_until, recaps


def admin_of(env: Any, guild: Any) -> Any:
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("admin"), roles=[admins])


async def short_block(env: Any, channel: Any, alice: Any, lobby: Any, tid: int) -> Any:
    """Block to 50 with the double-six, alice against an Easy computer, started."""
    await alice.click(lobby, label="Add computer")
    await set_rule(alice, lobby, "target", "50")
    await set_rule(alice, lobby, "set", "6")
    await alice.click(message_of(channel, lobby.id), label="Start")
    await env.settle()
    return table_of(env, tid)


def archived(env: Any, thread: Any) -> bool:
    return bool(env.backend.channels[thread.id].thread_metadata.archived)


async def test_a_table_in_a_thread(simcord_env) -> None:
    env = simcord_env
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(env, "block")
    turned = await admin_of(env, channel.guild).slash(channel, "hall-settings", threads="on")
    assert "table threads: **on**" in turned.response.content
    table = await short_block(env, channel, alice, lobby, tid)
    [thread] = channel.threads
    assert env.backend.channels[thread.id].id == thread.id and not archived(env, thread)
    assert f"chat of table #{tid}" in thread.history()[0].content  # what the thread is for, said once
    await play_until(env, channel, {0: alice}, tid, lambda: False, on_table_message=True)
    await env.settle()
    assert table.status == "finished" and table.game is not None
    assert recaps(channel) == [] and len(recaps(thread)) == table.game.round_no  # every recap in the thread
    standings = [m for m in thread.history() if any(a.filename == "standings.png" for a in m.attachments)]
    assert len(standings) == 1
    table_message = next(m for m in channel.history() if m.id == table.row.message_id)
    assert any(a.filename == "table.png" for a in table_message.attachments)  # the picture stays in the channel
    assert archived(env, thread)
    assert await env.bot.tables.storage.meta.get(f"thread:{tid}") == str(thread.id)  # kept for a restart


async def test_without_the_permission_the_table_stays_in_the_channel_and_says_so_once(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    channel = guild.create_text_channel("games", overwrites={env.bot.user: no_threads})
    alice = guild.add_member(env.create_user("alice"))
    await admin_of(env, guild).slash(channel, "hall-settings", threads="on")
    for _ in range(2):
        lobby = (await alice.slash(channel, "play", game="block")).response
        tid = int(components(lobby)[0]["custom_id"].split(":")[2])
        await short_block(env, channel, alice, lobby, tid)
        assert channel.threads == []
        before = len(recaps(channel))
        await play_until(env, channel, {0: alice}, tid, lambda: len(recaps(channel)) > before,  # noqa: B023
                         on_table_message=True)
        await env.settle()
        assert len(recaps(channel)) > before  # this table's recap came to the channel
        await env.bot.tables.lobbies.abandon(tid, alice.id, True)
        await env.settle()
    told = [m for m in channel.history() if "could not start a thread" in m.content]
    assert len(told) == 1  # once for the channel, not at every table


async def test_threads_are_off_by_default(simcord_env) -> None:
    env = simcord_env
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(env, "block")
    table = await short_block(env, channel, alice, lobby, tid)
    await play_until(env, channel, {0: alice}, tid, lambda: bool(recaps(channel)))
    assert channel.threads == [] and recaps(channel) and table.status == "playing"
    assert not await env.bot.tables.settings.threads_on(channel.guild.id)
