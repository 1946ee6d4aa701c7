"""A tournament round's tables in places of their own (issue 28), through the real command tree on simcord: each
table of a Swiss round opens in a public thread of the channel, with its table message there and its players
mentioned once (in the thread; a bye in the round message), and is played to its end by clicks inside the thread
(its recaps and match standings stay there, the thread is archived); without the permission to start threads the
tables stay in the channel as before; a restart in the middle of a round keeps the threads working; and with
``forum:`` each table is a post of that forum, a forum the bot cannot post in being refused at create."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord.backend.models import Overwrite
from simcord.enums import ChannelType, OverwriteType

from bot import store
from cogs.threads import home_channel
from tests.bot.conftest import make_bot, release
from tests.bot.helpers import answer, components, message_of, press_first_control
from tests.bot.test_tournament import server
from tests.service.test_tournaments import duel_registered


@pytest.fixture(autouse=True)
def duel_with_threads(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The one-move duel in the catalogue, and threads on as servers have them by default (the other play tests
    turn them off: tests/bot/conftest.py)."""
    monkeypatch.setitem(store.SWITCHES, "threads", True)
    with duel_registered():
        yield


async def signed_up(env: Any, channel: Any, host: Any, players: list[Any], **options: Any) -> int:
    """A Swiss tournament of two rounds with these players joined; its id."""
    signup = (await host.slash(channel, "tournament create", game="test_duel", format="swiss", rounds=2,
                               **options)).response
    for member in players:
        await member.click(message_of(channel, signup.id), label="Join")
    return int(components(signup)[0]["custom_id"].split(":")[2])


async def play_in(env: Any, place: Any, members: dict[int, Any], table_id: int) -> None:
    """Both players open their hand from the table message in its place (a thread or the channel) and move."""
    table = env.bot.tables.store.tables[table_id]
    for seat in table.seats:
        hand = answer(await members[seat.user_id].click(message_of(place, table.row.message_id), label="My hand"))
        await press_first_control(members[seat.user_id], hand)
    await env.settle()


def bot_messages(env: Any, guild: Any) -> Iterator[Any]:
    """Every message the bot posted in the guild's channels, threads and forum posts."""
    for channel_id, messages in env.backend.messages.items():
        channel = env.backend.channels.get(channel_id)
        if channel is not None and channel.guild_id == guild.id:
            yield from (m for m in messages.values() if m.author_id == env.bot.user.id)


def pings(env: Any, guild: Any) -> Counter[int]:
    """How many times each user was pinged by the bot's messages in the guild."""
    return Counter(user for message in bot_messages(env, guild) for user in message.ping_user_ids)


def mentioned(env: Any, guild: Any, users: list[Any]) -> Counter[int]:
    """How many times each of ``users`` is written as a mention in the bot's messages (pinging or not)."""
    return Counter({u.id: sum((m.content or "").count(f"<@{u.id}>") for m in bot_messages(env, guild))
                    for u in users})


def thread_of(channel: Any, thread_id: int) -> Any:
    return next(t for t in channel.threads if t.id == thread_id)


def archived(env: Any, thread: Any) -> bool:
    return bool(env.backend.channels[thread.id].thread_metadata.archived)


def round_message(channel: Any, number: int) -> Any:
    return next(m for m in channel.history() if f"round {number} of 2" in (m.content or ""))


def has_picture(message: Any, name: str) -> bool:
    return any(a.filename == name for a in message.attachments)


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_swiss_round_opens_a_thread_per_table_played_inside_it(simcord_env) -> None:
    env = simcord_env
    channel, host, players = server(env, "alice", "bob", "carol", "dave", "erin")
    members = {m.id: m for m in players}
    tid = await signed_up(env, channel, host, players)
    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    boards = [b for b in row.boards if b.round == 1 and b.table_id is not None]
    [bye] = [b.first_id for b in row.boards if b.round == 1 and b.table_id is None]
    assert len(boards) == 2 and len(channel.threads) == 2
    announced = round_message(channel, 1)
    for board in boards:
        table = env.bot.tables.store.tables[board.table_id]
        thread = thread_of(channel, table.row.channel_id)  # the table lives in its thread
        names = " v ".join(members[s.user_id].name for s in table.seats)
        assert thread.name == f"Round 1 · Table {board.board}: {names}"
        posted = thread.history()
        assert all(f"<@{s.user_id}>" in posted[0].content for s in table.seats)  # the players told there
        assert posted[-1].id == table.row.message_id and has_picture(posted[-1], "table.png")
        assert f"table #{table.id} · <#{thread.id}>" in announced.content  # the round message links it
    assert not any(has_picture(m, "table.png") for m in channel.history())  # no table message in the channel
    assert home_channel(env.bot, table.row.channel_id) == channel.id  # a season's card would go to the channel
    assert pings(env, channel.guild) == Counter({m.id: 1 for m in players})  # each player pinged once, a bye too
    assert mentioned(env, channel.guild, players) == Counter({m.id: 1 for m in players})  # and written once
    assert env.backend.messages[channel.id][announced.id].ping_user_ids == [bye]  # the bye, pinged in the channel

    first = env.bot.tables.store.tables[boards[0].table_id]
    thread = thread_of(channel, first.row.channel_id)
    asked = await members[first.seats[0].user_id].slash(thread, "tournament standings")  # the thread's tournament
    assert asked.response.embeds[0].title == f"Tournament #{tid} · standings after round 1"
    await play_in(env, thread, members, first.id)
    assert boards[0].done and first.status == "finished"
    assert any(has_picture(m, "standings.png") for m in thread.history())  # the match's standings stay there
    assert not any(has_picture(m, "standings.png") for m in channel.history())
    assert archived(env, thread)
    await play_in(env, thread_of(channel, env.bot.tables.store.tables[boards[1].table_id].row.channel_id),
                  members, boards[1].table_id)
    assert row.round == 2 and len(channel.threads) == 4  # the next round paired, in threads of its own
    assert "standings after round 1" in round_message(channel, 2).embeds[0].title


@pytest.mark.simcord(settle_timeout=10.0)
async def test_without_thread_permissions_the_tables_stay_in_the_channel(simcord_env) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments", overwrites={
        env.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    host = guild.add_member(env.create_user("host"), roles=[admins])
    players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol", "dave")]
    members = {m.id: m for m in players}
    tid = await signed_up(env, channel, host, players)
    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    assert channel.threads == []
    tables = [env.bot.tables.store.tables[b.table_id] for b in row.boards]
    assert all(t.row.channel_id == channel.id for t in tables)
    assert {m.id for m in channel.history() if has_picture(m, "table.png")} == {t.row.message_id for t in tables}
    assert "<#" not in round_message(channel, 1).content
    assert pings(env, guild) == Counter({m.id: 1 for m in players})  # all in the round message, as before
    assert mentioned(env, guild, players) == Counter({m.id: 1 for m in players})
    for table in tables:
        await play_in(env, channel, members, table.id)
    assert row.round == 2 and channel.threads == []


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_restart_mid_round_keeps_the_threads_working(simcord_env, db_file: Path) -> None:
    env = simcord_env
    channel, host, players = server(env, "alice", "bob", "carol", "dave")
    members = {m.id: m for m in players}
    tid = await signed_up(env, channel, host, players)
    await host.slash(channel, "tournament start")
    await env.settle()
    table_ids = [b.table_id for b in env.bot.tables.tournaments.open[tid].boards]
    places = {t: env.bot.tables.store.tables[t].row.channel_id for t in table_ids}
    await play_in(env, thread_of(channel, places[table_ids[0]]), members, table_ids[0])

    old_bot = env.bot
    await env.restart_bot(make_bot(db_file))
    await release(old_bot)
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    table = env.bot.tables.store.tables[table_ids[1]]
    assert row.round == 1 and table.row.channel_id == places[table_ids[1]]
    thread = thread_of(channel, places[table_ids[1]])
    before = len(thread.history())
    await play_in(env, thread, members, table.id)  # clicks in the thread, answered by the new process
    shown = message_of(thread, table.row.message_id)
    assert table.status == "finished"
    assert [c.get("label") for c in components(shown)] == ["Rematch"]  # its message edited to the match's end
    assert any(has_picture(m, "standings.png") for m in thread.history()[before:])  # its chat is still there
    assert archived(env, thread)
    assert row.round == 2 and len(channel.threads) == 4
    assert await env.bot.tables.storage.meta.get(f"thread:{table.id}") == str(thread.id)


def forum_of(env: Any, guild: Any, name: str, bot_may: bool = True) -> Any:
    """A forum channel of the guild (the bot denied Send Messages there unless ``bot_may``)."""
    from simcord.builders import ChannelHandle

    denied = [] if bot_may else [Overwrite(target_id=env.bot.user.id, type=OverwriteType.MEMBER, allow=0,
                                           deny=discord.Permissions(send_messages=True).value)]
    forum = env.backend.create_channel(guild.id, name, type=ChannelType.FORUM, overwrites=denied)
    return ChannelHandle(env, guild, forum)


@pytest.mark.simcord(settle_timeout=10.0)
async def test_with_a_forum_each_table_is_a_post_of_it(simcord_env) -> None:
    env = simcord_env
    channel, host, players = server(env, "alice", "bob", "carol", "dave")
    members = {m.id: m for m in players}
    closed = forum_of(env, channel.guild, "closed", bot_may=False)
    refused = await host.slash(channel, "tournament create", game="test_duel", format="swiss", forum=closed)
    assert refused.ephemeral and "I cannot post the tables in" in refused.response.content
    assert env.bot.tables.tournaments.in_channel(channel.guild.id, channel.id) is None  # nothing opened

    forum = forum_of(env, channel.guild, "tables")
    tid = await signed_up(env, channel, host, players, forum=forum)
    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    assert row.setup.forum == forum.id and channel.threads == [] and len(forum.threads) == 2
    for board in row.boards:
        table = env.bot.tables.store.tables[board.table_id]
        post = next(p for p in forum.threads if p.id == table.row.channel_id)
        starter, *_rest, last = post.history()
        assert all(f"<@{s.user_id}>" in starter.content for s in table.seats)
        assert last.id == table.row.message_id
        assert f"<#{post.id}>" in round_message(channel, 1).content
    assert pings(env, channel.guild) == Counter({m.id: 1 for m in players})
    assert mentioned(env, channel.guild, players) == Counter({m.id: 1 for m in players})
    assert all(m.name in round_message(channel, 1).content for m in players)  # named in the channel
    for board in list(row.boards):
        post = next(p for p in forum.threads if p.id == env.bot.tables.store.tables[board.table_id].row.channel_id)
        await play_in(env, post, members, board.table_id)
    assert row.round == 2 and len(forum.threads) == 4
    leaving = players[0]
    dropped = await leaving.slash(forum.threads[-1], "tournament drop")  # from a post: the forum's tournament
    assert dropped.ephemeral and f"left tournament #{tid}" in dropped.response.content
    assert next(p for p in row.players if p.user_id == leaving.id).dropped


def test_a_thread_name_keeps_within_discords_limit() -> None:
    """Ten seats of 32-character names still make a thread name Discord takes (at most 100 characters)."""
    from bot.storage import Seat, TournamentRow
    from cogs.tournament_tables import thread_name

    row = TournamentRow(1, 2, 3, "test_duel", "swiss", 2, 0, round=12)
    seats = [Seat(f"{n}" * 32, n) for n in range(10)]
    name = thread_name(row, 7, seats, None)
    assert len(name) == 100 and name.startswith("Round 12 · Table 7: " + "0" * 32 + " v ")
    assert thread_name(row, 1, seats[:2], None) == f"Round 12 · Table 1: {'0' * 32} v {'1' * 32}"


def test_a_partnership_tables_thread_names_partners_together() -> None:
    """Team games: each side's members together, the sides against each other."""
    from bot.storage import Seat, TournamentRow
    from bot.storage.tournaments import Setup
    from bot.tournament_teams import shape_of
    from cogs.tournament_tables import thread_name
    from tests.service.test_tournaments_tables import tables_games

    with tables_games():
        row = TournamentRow(1, 2, 3, "test_pairs", "swiss", 2, 0, round=1, setup=Setup(4, "fixed"))
        seats = [Seat(name, n) for n, name in enumerate(("ann", "ben", "cat", "dan"))]
        assert shape_of(row).sides == ((0, 2), (1, 3))  # partners sit across
        assert thread_name(row, 2, seats, None) == "Round 1 · Table 2: ann & cat v ben & dan"


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_cancelled_tournament_archives_each_thread_after_its_last_table_message(simcord_env,
                                                                                        monkeypatch) -> None:
    """Discord refuses edits in an archived thread: a table ended early in its own thread shows its end first."""
    env = simcord_env
    channel, host, players = server(env, "alice", "bob", "carol", "dave")
    await signed_up(env, channel, host, players)
    await host.slash(channel, "tournament start")
    await env.settle()
    tables = {t.row.channel_id: t for t in env.bot.tables.store.tables.values()}
    assert set(tables) == {t.id for t in channel.threads}
    shown_when_archived: dict[int, Any] = {}
    edit_channel = env.bot.http.edit_channel

    async def watched(channel_id: int, **fields: Any) -> Any:
        if fields.get("archived"):
            thread = thread_of(channel, channel_id)
            shown_when_archived.setdefault(channel_id, message_of(thread, tables[channel_id].row.message_id).embeds[0])
        return await edit_channel(channel_id, **fields)

    monkeypatch.setattr(env.bot.http, "edit_channel", watched)
    first = next(iter(tables.values()))
    await env.bot.pages.threads.archive(first, ended=True)  # what an early end asks at once: left for later
    assert shown_when_archived == {}
    await host.slash(channel, "tournament cancel")
    await env.settle()
    assert set(shown_when_archived) == set(tables) and all(archived(env, t) for t in channel.threads)
    for thread_id, table in tables.items():
        final = message_of(thread_of(channel, thread_id), table.row.message_id).embeds[0]
        assert table.status == "abandoned" and shown_when_archived[thread_id].to_dict() == final.to_dict()


@pytest.mark.simcord(settle_timeout=10.0)
async def test_a_forum_gone_by_the_start_falls_back_to_threads(simcord_env) -> None:
    env = simcord_env
    channel, host, players = server(env, "alice", "bob", "carol", "dave")
    forum = forum_of(env, channel.guild, "tables")
    tid = await signed_up(env, channel, host, players, forum=forum)
    env.bot.tables.tournaments.open[tid].setup.forum = forum.id + 1  # as if the forum were deleted meanwhile
    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    assert forum.threads == [] and len(channel.threads) == 2
    assert {env.bot.tables.store.tables[b.table_id].row.channel_id for b in row.boards} == {
        t.id for t in channel.threads}
