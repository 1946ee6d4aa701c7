"""How many tables (and so servers) one bot process holds in memory: the resident memory a running table adds.

    .venv/bin/python benchmarks/tables_in_memory.py [--tables 2000] [--game draw] [--seats 4] [--guilds 5000]

Opens ``--tables`` games in a table service on a throw-away SQLite file, each with people only (no computer player
or timer running), plays a few moves in each, and reports the process's resident memory before and after, per
table. With ``--guilds``, also what discord.py's cache of that many servers costs (the bot asks only for the guilds
intent: each server's channels and roles, no member lists), parsed from GUILD_CREATE payloads like the wire test's
(8 channels and 10 roles each). Discord requires sharding past 2,500 servers; the README turns these figures into
servers per process.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import resource
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.storage import Storage
from bot.tables import TableService


def rss_mib() -> float:
    """The resident set size now, in MiB (from /proc; ru_maxrss as a fallback)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() / 2**20
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def measure(tables: int, game: str, seats: int, moves: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        service = TableService(await Storage.open(Path(folder) / "hall.db"), computer_pause=0.0, turn_time_limit=0.0)
        await service.start()
        gc.collect()
        before = rss_mib()
        for index in range(tables):
            guild = 1 + index  # one table per server: the busiest case for per-server state
            table = await service.lobbies.create_lobby(guild, 10, 1, "p1", game)
            for seat in range(1, seats):
                await service.lobbies.join(table.id, 1 + seat, f"p{seat + 1}")
            await service.lobbies.start_game(table.id, service.store.get(table.id).version, 1)
            for _ in range(moves):
                live = service.store.get(table.id)
                if live.game is None or live.game.is_over:
                    break
                seat = live.game.to_act[0]
                await service.play.act(table.id, live.version, 1 + seat, str(live.game.legal_actions(seat)[0]))
        gc.collect()
        after = rss_mib()
        await service.close()
        await service.storage.close()
    per_table_kib = (after - before) * 1024 / tables
    print(f"{tables} {game} tables of {seats} seats, {moves} moves each: RSS {before:.1f} -> {after:.1f} MiB")
    print(f"  {per_table_kib:.1f} KiB per table; 1 GiB holds about {1024 * 1024 / per_table_kib:,.0f} tables")


async def measure_guilds(count: int) -> None:
    import copy

    import discord

    from tests.e2e.fake_records import BOT_USER, guild_payload

    intents = discord.Intents.none()
    intents.guilds = True
    state = discord.Client(intents=intents)._connection
    state.user = discord.ClientUser(state=state, data=BOT_USER)
    template = guild_payload()
    gc.collect()
    before = rss_mib()
    for index in range(count):
        guild = copy.deepcopy(template)
        guild_id = str(10**17 + index)
        guild["id"] = guild["roles"][0]["id"] = guild_id
        guild["channels"] = [{**template["channels"][0], "id": str(10**18 + index * 10 + c), "guild_id": guild_id,
                              "name": f"channel-{c}"} for c in range(8)]
        guild["roles"] += [{**template["roles"][0], "id": str(2 * 10**18 + index * 10 + r), "name": f"role-{r}",
                            "position": r + 1} for r in range(9)]
        state._add_guild_from_data(guild)
    gc.collect()
    after = rss_mib()
    per_guild_kib = (after - before) * 1024 / count
    print(f"{count} servers in discord.py's cache: RSS {before:.1f} -> {after:.1f} MiB, {per_guild_kib:.1f} KiB per "
          f"server; 2,500 servers (one shard's limit) take {2500 * per_guild_kib / 1024:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--game", default="draw")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--guilds", type=int, default=0, help="also measure discord.py's cache of this many servers")
    args = parser.parse_args()
    if args.tables < 1:
        parser.error("--tables must be at least 1")
    asyncio.run(measure(args.tables, args.game, args.seats, args.moves))
    if args.guilds > 0:
        asyncio.run(measure_guilds(args.guilds))


if __name__ == "__main__":
    main()
