"""/help, /hall-admin and /privacy through the real command tree on simcord (issue 27): the help lists the real
commands; an admin lists tables, ends one whose message was deleted, posts one again; a member exports and deletes
their data while everyone else's results and ratings stay the same; every refusal changes nothing."""

from __future__ import annotations

import json
import logging
from typing import Any

import discord

from bot.storage import DELETED_NAME, Seat
from cogs.help import SIGNATURE
from tests.bot.helpers import answer, components
from tests.bot.test_ratings import save_match


def admin_of(env: Any, guild: Any, name: str = "admin") -> Any:
    """A member who can manage the server and its messages."""
    role = guild.create_role(f"{name}-role", permissions=discord.Permissions(manage_guild=True, manage_messages=True))
    return guild.add_member(env.create_user(name), roles=[role])


async def stored_status(bot: Any, tid: int) -> str:
    row = await bot.tables.saved_table(tid)
    assert row is not None
    return str(row.status)


def commands_listed(result: Any) -> str:
    return "\n".join(f.value for f in result.response.embeds[0].fields if f.name.startswith("Commands"))


async def test_help_lists_the_commands_from_the_tree_and_every_description_names_the_bot(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "help")
    assert result.ephemeral
    listed = commands_listed(result)
    for command in ("/play`", "/rules`", "/games`", "/privacy delete`", "/help`"):
        assert command in listed
    assert "/hall-admin" not in listed and "/hall-settings" not in listed  # as Discord's list: not hers to use
    assert "`/play` · Open a table for a domino game" in listed and "/rules" in result.response.embeds[0].footer.text
    walked = list(simcord_env.bot.tree.walk_commands())
    assert len(walked) > 12 and all(c.description.startswith(SIGNATURE) for c in walked)
    everything = commands_listed(await admin_of(simcord_env, guild).slash(channel, "help"))
    assert "`/hall-admin end` · End an open table" in everything and "`/hall-settings`" in everything
    assert len(everything.splitlines()) == sum(1 for c in walked if isinstance(c, discord.app_commands.Command))


async def test_help_in_spanish_names_the_spanish_commands(simcord_env, monkeypatch) -> None:
    import simcord

    original = simcord.interactions.base_payload

    def spanish(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = "es-ES"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", spanish)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("juegos")
    ana = guild.add_member(simcord_env.create_user("ana"))
    embed = (await ana.slash(channel, "help")).response.embeds[0]
    assert embed.title == "Domino Hall · ayuda"
    listed = "\n".join(f.value for f in embed.fields)
    assert "`/jugar` · Abre una mesa" in listed and "`/privacidad borrar` · Borra tus datos" in listed


async def game_with_admin(env: Any) -> tuple[Any, Any, Any, Any, Any, int]:
    """A server with a Block game playing between alice and bob, and an admin: (guild, channel, alice, bob, admin,
    table id)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    admin = admin_of(env, guild)
    lobby = (await alice.slash(channel, "play", game="block")).response
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    await bob.click(lobby, label="Join")
    await alice.click(channel.last_message, label="Start")
    await env.settle()
    assert env.bot.tables.store.get(tid).status == "playing"
    return guild, channel, alice, bob, admin, tid


async def test_admin_lists_the_tables_and_ends_one_whose_message_was_deleted(simcord_env, caplog) -> None:
    _guild, channel, _alice, _bob, admin, tid = await game_with_admin(simcord_env)
    listed = await admin.slash(channel, "hall-admin tables")
    text = listed.response.embeds[0].description
    assert listed.ephemeral and f"**#{tid}**" in text and "Block Dominoes" in text and f"<#{channel.id}>" in text
    assert "2 players (alice, bob)" in text and "last move <t:" in text and "opened <t:" in text
    message_id = simcord_env.bot.tables.store.get(tid).row.message_id
    await admin.delete(next(m for m in channel.history() if m.id == message_id))
    assert all(m.id != message_id for m in channel.history())

    ended = await admin.slash(channel, "hall-admin end", table=tid)
    await simcord_env.settle()
    assert ended.ephemeral and f"Table #{tid} (Block Dominoes) is ended" in ended.response.content
    assert tid not in simcord_env.bot.tables.store.tables and await stored_status(simcord_env.bot, tid) == "abandoned"
    assert (await simcord_env.bot.tables.saved_table(tid)).message_id is None  # forgotten: no edit of nothing
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    again = await admin.slash(channel, "hall-admin end", table=tid)
    assert again.ephemeral and "already closed" in again.response.content
    empty = await admin.slash(channel, "hall-admin tables")
    assert empty.response.embeds[0].description == "No open tables in this server."


async def test_admin_end_says_closed_on_a_message_that_still_exists(simcord_env) -> None:
    _guild, channel, _alice, _bob, admin, tid = await game_with_admin(simcord_env)
    message_id = simcord_env.bot.tables.store.get(tid).row.message_id
    await admin.slash(channel, "hall-admin end", table=tid)
    await simcord_env.settle()
    shown = next(m for m in channel.history() if m.id == message_id)
    assert f"table #{tid} closed" in shown.embeds[0].title and shown.embeds[0].description == "Ended by a server admin"
    assert shown.components == []


async def test_admin_reposts_a_table_and_its_buttons_work_on_the_new_message(simcord_env) -> None:
    _guild, channel, alice, bob, admin, tid = await game_with_admin(simcord_env)
    old = simcord_env.bot.tables.store.get(tid).row.message_id
    reposted = await admin.slash(channel, "hall-admin repost", table=tid)
    await simcord_env.settle()
    assert reposted.ephemeral and f"Table #{tid} is posted again in <#{channel.id}>" in answer(reposted).content
    table = simcord_env.bot.tables.store.get(tid)
    new = channel.last_message
    assert table.row.message_id == new.id != old and all(m.id != old for m in channel.history())
    saved = await simcord_env.bot.tables.saved_table(tid)
    assert saved is not None and saved.message_id == new.id
    assert new.embeds[0].image.url.endswith("table.png")
    awaited = table.game.to_act[0]
    member = alice if table.seats[awaited].user_id == alice.id else bob
    hand = await member.click(new, label="My hand")
    assert hand.acknowledged and "Your turn" in answer(hand).content


async def test_admin_refusals_change_nothing(simcord_env) -> None:
    guild, channel, alice, _bob, admin, tid = await game_with_admin(simcord_env)
    other = simcord_env.create_guild()
    other_channel = other.create_text_channel("elsewhere")
    other_admin = admin_of(simcord_env, other, "other-admin")
    version = simcord_env.bot.tables.store.get(tid).version
    for command in ("hall-admin end", "hall-admin repost"):
        refused = await other_admin.slash(other_channel, command, table=tid)
        assert refused.ephemeral and f"Table #{tid} is not an open table of this server" in refused.response.content
    missing = await admin.slash(channel, "hall-admin end", table=99999)
    assert "Table #99999 is not an open table of this server" in missing.response.content
    # a server that shows /hall-admin to everyone: a member who cannot manage it is still refused
    command = simcord_env.backend.find_command("hall-admin", None, type=1)
    guild.set_command_permissions(int(command["id"]), {alice: True})
    not_admin = await alice.slash(channel, "hall-admin end", table=tid)
    assert not_admin.ephemeral and "Only members who can manage the server" in not_admin.response.content
    table = simcord_env.bot.tables.store.get(tid)
    assert table.status == "playing" and table.version == version
    assert not any(m.embeds and "closed" in m.embeds[0].title for m in channel.history())


async def results_of(bot: Any, tids: range) -> dict[int, list[Any]]:
    return {tid: await bot.storage.results.for_table(tid) for tid in tids}


def two_members(env: Any) -> tuple[Any, Any, Any, Any]:
    """A server with a channel and two members: (guild, channel, alice, bob)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, guild.add_member(env.create_user("alice")), guild.add_member(env.create_user("bob"))


async def ratings(bot: Any, guild_id: int) -> dict[str, tuple[float, float, int, int]]:
    return {r.key: (r.mu, r.sigma, r.games, r.wins) for r in await bot.tables.ratings.board(guild_id, "block")}


async def test_privacy_export_holds_the_members_results_and_settings_and_no_one_elses(simcord_env) -> None:
    guild, channel, alice, bob = two_members(simcord_env)
    await alice.slash(channel, "nudges", enabled="off")
    for tid in range(1, 4):
        await save_match(simcord_env.bot, guild.id, tid, [alice, bob], [tid != 2, tid == 2, False], float(tid))
    exported = await alice.slash(channel, "privacy export")
    shown = answer(exported)
    file = shown.attachments[0]
    data = json.loads(await file.read())
    assert shown.ephemeral and file.filename == f"domino-hall-{alice.id}.json"
    assert "3 results, 3 tables" in shown.content
    assert data["member"] == str(alice.id) and data["names"] == ["alice"]
    assert [(r["table_id"], r["won"]) for r in data["results"]] == [(1, True), (2, False), (3, True)]
    assert {t["table"] for t in data["tables"]} == {1, 2, 3} and all(t["seat"] == 0 for t in data["tables"])
    assert data["settings"] == [{"server": str(guild.id), "setting": "nudges", "value": False}]
    assert str(bob.id) not in json.dumps(data) and "bob" not in data["names"]


async def test_privacy_delete_anonymises_the_member_and_leaves_everyone_else_as_they_were(simcord_env) -> None:
    guild, channel, alice, bob = two_members(simcord_env)
    bot = simcord_env.bot
    await alice.slash(channel, "nudges", enabled="off")
    for tid in range(1, 6):
        await save_match(bot, guild.id, tid, [alice, bob], [tid % 2 == 1, tid % 2 == 0, False], float(tid))
    before = await results_of(bot, range(1, 6))
    ratings_before = await ratings(bot, guild.id)
    bob_stats = await bot.tables.member_stats(guild.id, bob.id)

    asked = await alice.slash(channel, "privacy delete")
    assert asked.ephemeral and "cannot be undone" in asked.response.content
    assert await bot.storage.members.export(alice.id) != {}  # nothing happens before the confirmation
    done = await alice.click(asked.response, label="Delete my data")
    assert "5 results and 5 seats" in done.response.content and "1 settings" in done.response.content

    after = await results_of(bot, range(1, 6))
    for tid in range(1, 6):
        for old, new in zip(before[tid], after[tid], strict=True):
            if old.user_id == alice.id:
                assert new.name == DELETED_NAME and new.user_id not in (alice.id, None)
                assert (new.won, new.score, new.side) == (old.won, old.score, old.side)
            else:
                assert new == old
    anonymous = after[1][0].user_id
    assert all(after[tid][0].user_id == anonymous for tid in range(1, 6))  # one anonymous player, every match
    ratings_after = await ratings(bot, guild.id)
    assert ratings_after.pop(f"user:{anonymous}") == ratings_before.pop(f"user:{alice.id}")
    assert ratings_after == ratings_before
    assert await bot.tables.member_stats(guild.id, bob.id) == bob_stats
    assert await bot.tables.settings.nudges_on(guild.id, alice.id)  # her own "off" is gone: the server's default again
    empty = await bot.storage.members.export(alice.id)
    assert empty["results"] == empty["tables"] == empty["moves"] == empty["settings"] == []
    seats = (await bot.tables.saved_table(1)).seats
    assert seats[0] == Seat(DELETED_NAME, anonymous) and seats[1].user_id == bob.id


async def test_privacy_delete_refuses_while_the_member_sits_at_an_open_table(simcord_env) -> None:
    guild, channel, alice, bob = two_members(simcord_env)
    bot = simcord_env.bot
    await save_match(bot, guild.id, 1, [alice, bob], [True, False, False], 1.0)
    asked = await alice.slash(channel, "privacy delete")
    lobby = (await alice.slash(channel, "play", game="block")).response
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    refused = await alice.slash(channel, "privacy delete")
    assert refused.ephemeral and f"You have a seat at open tables (#{tid})" in refused.response.content
    late = await alice.click(asked.response, label="Delete my data")  # asked before she sat down
    assert "nothing was deleted" in late.response.content
    assert [r.user_id for r in await bot.storage.results.for_table(1)][:2] == [alice.id, bob.id]
    assert bot.tables.store.get(tid).seats[0].user_id == alice.id



async def test_admin_repost_where_the_bot_cannot_post_says_so_and_keeps_the_table(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel(
        "games", overwrites={simcord_env.bot.user: discord.PermissionOverwrite(send_messages=False)})
    alice = guild.add_member(simcord_env.create_user("alice"))
    admin = admin_of(simcord_env, guild)
    lobby = (await alice.slash(channel, "play", game="block")).response  # an answer: no Send Messages needed
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    refused = await admin.slash(channel, "hall-admin repost", table=tid)
    assert refused.ephemeral and f"cannot post in <#{channel.id}>" in answer(refused).content
    table = simcord_env.bot.tables.store.get(tid)
    assert table.row.message_id == lobby.id and table.status == "lobby"
    assert [m.id for m in channel.history()] == [lobby.id]


async def test_admin_tables_lists_what_fits_and_says_how_many_more(simcord_env) -> None:
    guild, channel, alice, _bob = two_members(simcord_env)
    admin = admin_of(simcord_env, guild)
    await alice.slash(channel, "games")  # the bot is up
    for n in range(40):
        await simcord_env.bot.tables.lobbies.create_lobby(guild.id, channel.id, 5000 + n, f"long-name-{n}", "draw")
    embed = (await admin.slash(channel, "hall-admin tables")).response.embeds[0]
    shown = embed.description.count("**#")
    assert embed.title == "Open tables · 40" and len(embed.description) <= 4096 and 10 < shown < 40
    assert embed.description.endswith(f"... and {40 - shown} more.")
