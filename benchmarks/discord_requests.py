"""Discord requests per move, and the bot's rate against the global limit, with many busy tables.

    .venv/bin/python benchmarks/discord_requests.py [--tables 200] [--moves 3000] [--think 2]

The real bot (all cogs, SQLite on a throw-away file) on simcord's simulated Discord, in virtual time. Each table,
in its own channel, is Block for two people and two computer players (no computer pause). A person opens **My hand**
once; after that every move is one tap on the live hand, ``--think`` seconds (virtual) after it became their turn.
Requests are counted by kind:

- interaction answers and their follow-ups/edits (``/interactions/...``, ``/webhooks/...``): exempt from the global
  limit of 50 requests a second;
- channel messages (table-message edits, nudges and their deletion): these count against it.

Reported: requests per person move by kind, and the channel-message rate per (virtual) second, which must stay
under 50 at any table count (the table pictures update less often instead).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import simcord

from bot.client import DominoHall
from bot.settings import Settings

GLOBAL_LIMIT = 50


def kind_of(path: str) -> str:
    if path.startswith(("/interactions/", "/webhooks/")):
        return "interaction"
    if "/messages" in path and path.startswith("/channels/"):
        return "channel"
    return "other"


def controls(message: Any) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()
        out.extend(data.get("components", []))
    return out


async def press_first(member: Any, hand: Any) -> None:
    control = next(c for c in controls(hand) if ":m:" in c.get("custom_id", "") or ":mc:" in c.get("custom_id", ""))
    if control["type"] == 2:
        await member.click(hand, custom_id=control["custom_id"])
    else:
        count = control.get("min_values", 1)
        await member.select(hand, [o["value"] for o in control["options"][:count]], custom_id=control["custom_id"])


async def measure(tables: int, moves: int, think: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(token="simcord", database_path=Path(folder) / "hall.db", computer_pause=0.0,
                            turn_time_limit=0.0, shard_count=1, shard_ids=(0,))
        bot = DominoHall(settings)
        async with simcord.run(bot, settle_timeout=60.0) as env:
            guild = env.create_guild()
            seated: list[tuple[int, Any, dict[int, Any]]] = []
            for number in range(tables):
                channel = guild.create_text_channel(f"table-{number}")
                people = [guild.add_member(env.create_user(f"p{number}-{s}")) for s in range(2)]
                lobby = (await people[0].slash(channel, "play", game="block")).response
                tid = int(controls(lobby)[0]["custom_id"].split(":")[2])
                await people[1].click(lobby, label="Join")
                for _ in range(2):
                    await people[0].click(lobby, label="Add computer")
                await people[0].click(lobby, label="Start")
                seated.append((tid, channel, {0: people[0], 1: people[1]}))
            await env.settle()
            start_requests, start_time = len(env.http_requests), env.now()
            hands: dict[tuple[int, int], Any] = {}
            made = 0
            service = bot.tables
            while made < moves:
                progressed = False
                for tid, channel, members in seated:
                    table = service.tables.get(tid)
                    if table is None or table.game is None:
                        continue
                    awaited = [s for s in table.game.to_act if s in members]
                    if not awaited:
                        continue
                    seat = awaited[0]
                    member = members[seat]
                    if (tid, seat) not in hands:
                        opened = await member.click(channel.last_message, label="My hand")
                        hands[(tid, seat)] = opened.followups[-1] if opened.followups else opened.response
                    await press_first(member, hands[(tid, seat)])
                    made += 1
                    progressed = True
                await env.advance_time(think)
                if not progressed and not service.tables:
                    break
            requests = env.http_requests[start_requests:]
            seconds = (env.now() - start_time).total_seconds()
        counts = collections.Counter(kind_of(r.path) for r in requests)
        await bot.tables.close()
        await bot.storage.close()
    print(f"{tables} tables, {made} person moves in {seconds:.0f} virtual seconds ({think:g} s think time)")
    for kind in ("interaction", "channel", "other"):
        print(f"  {kind:<12} {counts[kind]:>7} requests, {counts[kind] / max(made, 1):.2f} a move")
    rate = counts["channel"] / seconds if seconds else float("nan")
    print(f"  channel-message rate {rate:.1f}/s (global limit {GLOBAL_LIMIT}/s: "
          f"{'within' if rate < GLOBAL_LIMIT else 'OVER'})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--think", type=float, default=2.0)
    args = parser.parse_args()
    if args.tables < 1 or args.moves < 1 or args.think <= 0:
        parser.error("--tables and --moves must be at least 1, --think positive")
    asyncio.run(measure(args.tables, args.moves, args.think))


if __name__ == "__main__":
    main()
