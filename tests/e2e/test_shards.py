"""Two bot processes, each running its own shard, on one PostgreSQL database and the fake Discord (issue 13).

The fake has two guilds, one on each of two shards ((guild_id >> 22) % 2). Process "shard0" runs shard 0 and
"shard1" shard 1 (SHARD_COUNT=2, SHARD_IDS=0 or 1); each gets its own gateway session, READY for its shard and its
own guild only, and the interactions of that guild only. Alice opens a Block table (against a computer, to 50) in
each guild. shard0 is killed with ``kill -9`` the moment one of her moves is acknowledged: that move is already
saved in PostgreSQL. While shard0 is down, shard1 plays on and the shard-0 table stays exactly as saved (shard1 never
drives it). Restarted, shard0 reloads its own table and no other, its computer player resumes, and both games are
clicked to the end. No move is lost, each process logs only its own tables, and no log holds an error. Warnings
are printed, not failed on: under load (the suite runs in parallel) discord.py warns that it "can't keep up" with
the gateway, and a slow click may be answered late; neither is what this test is about.

And with no shard settings, one process runs every shard that GET /gateway/bot recommends, and both guilds' tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.conftest import WIRE_TEST, BotProcess, running
from tests.e2e.fake_discord import SHARD0_GUILD, TEST_GUILD, FakeDiscord, Message
from tests.e2e.saved import Saved, SavedDatabase, people
from tests.e2e.table_play import (
    ALICE,
    CHANNEL_MESSAGE,
    MatchEndedEarly,
    Player,
    announces_the_result,
    check_no_move_lost,
    check_wire_manners,
    open_table,
    shows_the_saved_table,
)

pytestmark = WIRE_TEST

# Block to 50 on the double-six set: a deal scores some 10 to 40, so the match lasts a few deals, some 10 to 25 moves
# by alice (on the default double-twelve set, a hand holds some 80 pips and one early block may end the match).
HOUSE_RULES = (("target", "50"), ("set", "6"))
MOVES_WHILE_DOWN = 3  # alice's moves at the shard-1 table while shard0 is down


@pytest.fixture
async def two_shard_discord() -> AsyncIterator[FakeDiscord]:
    """The fake with a guild on each of two shards."""
    assert (SHARD0_GUILD.shard(2), TEST_GUILD.shard(2)) == (0, 1)
    fake = FakeDiscord(guilds=(SHARD0_GUILD, TEST_GUILD), shards=2)
    await fake.start()
    try:
        yield fake
    finally:
        await fake.stop()


def ready_log(bot: BotProcess) -> str | None:
    """The process's log once it is ready (on_ready says how many servers it sees: its shard's one)."""
    log = bot.log_text()
    return log if f"connected as Domino Hall ({bot.fake.APP_ID}) to 1 servers" in log else None


def tables_in_log(bot: BotProcess) -> set[int]:
    """The table ids a process's log speaks of."""
    return {int(tid) for tid in re.findall(r"\btable (\d+)\b", bot.log_text())}


async def frozen(db: SavedDatabase, tid: int) -> tuple[object, ...]:
    """Everything a write to a table changes: its row's status, version, state and time, and its action log."""
    row = await db.table_row(tid)
    return row["status"], row["version"], row["state"], row["updated_at"], tuple(await db.saved_actions(tid))


async def test_two_processes_each_play_their_own_shards_tables_on_one_database(
        two_shard_discord: FakeDiscord, postgres_database: str, tmp_path: Path) -> None:
    fake, started = two_shard_discord, time.monotonic()
    fake.user(ALICE, "alice")
    first, second = (BotProcess(fake, tmp_path / f"shard{i}", postgres_database, shard_count=2, shard_ids=(i,),
                                dev_guild=False, name=f"shard{i}") for i in (0, 1))
    async with running(first, second):
        # both start at once on the empty database (its migrations run once, under the advisory lock)
        await asyncio.gather(first.start_and_connect(), second.start_and_connect())
        for index, bot in enumerate((first, second)):
            session = fake.gateway.sessions[index]
            assert session.shard == (index, 2) and fake.gateway.guilds_of(session.shard) == [fake.guilds[index]]
            log = await fake.wait_for(functools.partial(ready_log, bot), 10, f"{bot.name} to be ready")
            assert f"Shard ID {index} has connected to Gateway (Session ID: {session.session_id})" in log
            assert f"Shard ID {1 - index} " not in log

        # a table in each guild, opened and played at once, each through its own shard's session and process
        db = first.db
        (t0, table0), (t1, table1) = await asyncio.gather(
            open_table(fake, db, HOUSE_RULES, SHARD0_GUILD.id), open_table(fake, second.db, HOUSE_RULES, TEST_GUILD.id))
        assert [(await db.table_row(t))["guild_id"] for t in (t0, t1)] == [SHARD0_GUILD.id, TEST_GUILD.id]
        alice0, alice1 = await Player.seated(fake, first, t0, table0), await Player.seated(fake, second, t1, table1)
        await asyncio.gather(alice0.play(1), alice1.play(1))

        at_kill = await kill_on_acknowledged_move(alice0, db)
        await second_plays_on_alone(fake, alice1, db, t0)
        await first_picks_up_its_own_table(fake, first, alice0, table0, at_kill)

        moves = await asyncio.gather(alice0.play_to_the_end(), alice1.play_to_the_end())
        for alice, at_kills in ((alice0, [at_kill]), (alice1, [])):
            final = await db.saved_actions(alice.tid)
            await check_no_move_lost(db, alice.tid, final, at_kills, alice.acknowledged)
            await announces_the_result(fake, alice.table)
        assert {i.shard for i in fake.interactions.values() if i.guild_id == SHARD0_GUILD.id} == {0}
        assert {i.shard for i in fake.interactions.values() if i.guild_id == TEST_GUILD.id} == {1}
        assert (tables_in_log(first), tables_in_log(second)) == ({t0}, {t1}), "a process touched another's table"
        assert (fake.gateway.identified[0], fake.gateway.identified[1]) == (2, 1), fake.gateway.shards()
        check_wire_manners(fake)
        errors = first.errors() + second.errors()
        assert not errors, "\n".join(errors)
        print("warnings:", *(first.troubles() + second.troubles()) or ["none"], sep="\n")
        print(f"two shards on PostgreSQL: tables #{t0} and #{t1}, {len(alice0.acknowledged)} and "
              f"{len(alice1.acknowledged)} clicked ({moves[0]} and {moves[1]} after the restart), "
              f"{len(fake.interactions)} interactions, {time.monotonic() - started:.1f}s")


async def kill_on_acknowledged_move(alice: Player, db: SavedDatabase) -> Saved:
    """kill -9 the shard-0 process the moment alice's move is acknowledged: PostgreSQL already has the move."""
    await alice.move(await alice.hand_with_moves(), kill_on_ack=True)
    assert not alice.bot.running
    at_kill = await db.saved_actions(alice.tid)
    assert people(at_kill) == alice.acknowledged and len(alice.acknowledged) == 2
    with pytest.raises(AssertionError, match="no gateway session runs the shard"):
        alice.fake.session_of(SHARD0_GUILD.id)  # Discord has nobody to send shard 0's interactions to
    return at_kill


async def second_plays_on_alone(fake: FakeDiscord, alice: Player, db: SavedDatabase, t0: int) -> None:
    """With shard0 down, shard1's table takes clicks as before, and shard0's table stays exactly as saved (even
    when its computer player is awaited, nobody else drives it)."""
    before = await frozen(db, t0)
    with contextlib.suppress(MatchEndedEarly):  # rare, and harmless here: the match is still checked at the end
        await alice.play(MOVES_WHILE_DOWN)
    await asyncio.sleep(0.5)  # time for a computer move that must not come
    assert await frozen(db, t0) == before, "the shard-0 table changed while its process was down"
    assert fake.gateway.identified[1] == 1 and fake.session_of(TEST_GUILD.id).connected


async def first_picks_up_its_own_table(fake: FakeDiscord, first: BotProcess, alice: Player, table: Message,
                                       at_kill: Saved) -> None:
    """Restarted, shard0 reloads its table (and not shard1's, still playing), redraws its message as saved, and
    its computer player moves if it was awaited."""
    computer_was_awaited = 1 in (await alice.saved.look()).game.to_act
    await first.start_and_connect()
    await fake.wait_for(lambda: "table service started" in first.logs[-1].read_text(), 10, "shard0's tables")
    restarted = first.logs[-1].read_text()
    assert "table service started: 1 open tables reloaded" in restarted, restarted
    assert re.search(rf"table {alice.tid} v\d+: block reloaded after a restart", restarted), restarted
    await shows_the_saved_table(fake, first.db, alice.tid, table)
    await alice.hand_with_moves()
    if computer_was_awaited:
        after = (await first.db.saved_actions(alice.tid))[len(at_kill):]
        assert after and after[0][3] == "computer", after


async def test_one_process_without_shard_settings_runs_every_shard_discord_recommends(
        two_shard_discord: FakeDiscord, tmp_path: Path) -> None:
    """No SHARD_COUNT: the process asks GET /gateway/bot, runs both shards it recommends (a session each), and
    keeps the tables of both guilds."""
    fake = two_shard_discord
    fake.user(ALICE, "alice")
    async with running(BotProcess(fake, tmp_path, dev_guild=False)) as (bot,):
        await bot.start_and_connect(timeout=30)  # discord.py waits 5 s before identifying a second shard
        assert [r.path for r in fake.requests].count("gateway/bot") == 1
        assert sorted(s.shard for s in fake.gateway.sessions.values()) == [(0, 2), (1, 2)]
        lobbies = []
        for guild in fake.guilds:
            play = await fake.slash(ALICE, "play", in_guild=guild.id, game="block")
            assert (await fake.answered(play))["type"] == CHANNEL_MESSAGE and play.shard == guild.shard(2)
            lobby = fake.messages[play.original_id or 0]
            assert lobby.channel_id == guild.channel_id
            lobbies.append(int(lobby.custom_ids()[0].split(":")[2]))
        rows = [await bot.db.table_row(tid) for tid in lobbies]
        assert [(r["guild_id"], r["channel_id"], r["status"]) for r in rows] == [
            (g.id, g.channel_id, "lobby") for g in fake.guilds]
        check_wire_manners(fake)
        assert not bot.errors(), "\n".join(bot.errors())
