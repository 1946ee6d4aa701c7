"""Issue 26: a quiet channel, measured. A whole Texas 42 match and a whole poker session add two messages to the
channel itself (the table message and the final standings) in a channel where the bot may not start threads, and
pinging nobody who moves promptly; with a thread, every hand's recap is in the thread instead."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.bot.helpers import components, table_of
from tests.bot.test_play import set_rule
from tests.bot.test_recaps import play_until, recaps


async def table_in_a_channel_without_threads(env: Any, game: str, computers: int,
                                             rules: dict[str, str]) -> tuple[Any, Any, int]:
    guild = env.create_guild()
    no_threads = discord.PermissionOverwrite(create_public_threads=False)
    channel = guild.create_text_channel("games", overwrites={env.bot.user: no_threads})
    alice = guild.add_member(env.create_user("alice"))
    lobby = (await alice.slash(channel, "play", game=game)).response
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    for _ in range(computers):
        await alice.click(lobby, label="Add computer")
    for name, value in rules.items():
        await set_rule(alice, lobby, name, value)
    await alice.click(lobby, label="Start")
    return channel, alice, tid


def channel_messages(channel: Any) -> list[Any]:
    return [m for m in channel.history() if m.type != discord.MessageType.thread_created]


@pytest.mark.simcord(settle_timeout=30.0)
@pytest.mark.parametrize(("game", "computers", "rules"), [
    ("texas42", 3, {"target": "100"}),
    ("poker", 1, {"deals": "20"}),
])
async def test_a_whole_match_adds_two_messages_to_the_channel(simcord_env, monkeypatch, game: str, computers: int,
                                                              rules: dict[str, str]) -> None:
    import bot.autoplay

    # The watchdog's 30 s sleep is a timer simcord would wait in real time (as in tests/bot/test_recaps.py).
    monkeypatch.setattr(bot.autoplay, "WATCH_SECONDS", 24 * 3600.0)
    channel, alice, tid = await table_in_a_channel_without_threads(simcord_env, game, computers, rules)
    table = table_of(simcord_env, tid)
    await play_until(simcord_env, channel, {0: alice}, tid, lambda: False, limit=2000, on_table_message=True)
    await simcord_env.settle()
    assert table.status == "finished" and table.game is not None and table.game.round_no > 1
    posted = channel_messages(channel)
    standings = [m for m in posted if any(a.filename == "standings.png" for a in m.attachments)]
    assert [m.id for m in posted] == [table.row.message_id, standings[0].id]  # two messages for the whole match
    # the last hand's recap (with any hand thrown in just before it) may come with the standings, in that message
    assert all(any(e.image and e.image.url == s.image.url for s in standings[0].embeds) for e in recaps(channel))
    assert all(not m.mentions for m in posted)  # nobody pinged
