"""Discord requests per move at many busy tables: the real bot process against the wire tests' fake Discord.

    .venv/bin/python benchmarks/discord_requests.py [--tables 200] [--seconds 120] [--think 2 40] [--seed 1] [--hog]

Each table is in its own server (one channel each) and is a four-seat Block game of two people and two computers.
Every person plays as a phone player would with the live hand of issue 16: they open **My hand** once, then wait
for that message to offer moves (the bot edits it when their turn comes), think for a random time drawn from
``--think`` (seconds, uniform), and tap the first move. A person whose hand has not come alive when a nudge
mentions them taps the nudge's **My hand** (the fallback). When a match ends, its channel opens a new table, so
every table stays busy. Nudges come after the bot's usual 20 s grace, so the slower thinkers get them.

After every table has started, requests are counted for ``--seconds``:

- *interaction* requests (callbacks and webhook edits through an interaction token), which Discord exempts from
  its global limit;
- *global* requests (everything else: table message edits, nudges and their deletion, announcements), which count
  against Discord's global limit of 50 a second per bot; reported per second (mean, p99 and worst one-second
  window) and per route and channel (worst five-second window; Discord allows about 5 message sends or edits per
  5 s in one channel).

Also reported: requests per person move, the share of person turns that took one tap (the live hand), how soon
clicks were acknowledged (they must not wait on the pictures), and how often each table's picture was redrawn.
The fake keeps no uploaded bytes here, only their sizes, so the run's memory stays small.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.conftest import BotProcess
from tests.e2e.fake_discord import FakeDiscord, Guild, Message
from tests.e2e.fake_records import GUILD_ID, Request, Upload
from tests.e2e.table_play import is_move

FIRST_USER = 920_000_000_000_000_000
#: Discord's global limit per bot (interaction endpoints excepted) and its usual per-channel message limit.
GLOBAL_LIMIT, CHANNEL_LIMIT, CHANNEL_WINDOW = 50, 5, 5.0


class LeanFake(FakeDiscord):
    """The fake, keeping no message history and no uploaded bytes (only their sizes), for long busy runs."""

    def _edit(self, message: Message, data: Any, files: list[Upload]) -> Message:
        message = super()._edit(message, data, files)
        message.versions.clear()
        for attachment in message.attachments:
            attachment.data = b""
        files.clear()  # the request's record holds the same list
        return message


def interaction_request(request: Request) -> bool:
    """Interaction callbacks and webhook requests with an interaction token: exempt from the global limit."""
    return request.path.startswith(("interactions/", "webhooks/"))


def route(request: Request) -> str:
    """The request's route with its ids blanked (the major parameter, the channel, kept apart by the caller)."""
    parts = request.path.split("/")
    return f"{request.method} " + "/".join("{id}" if p.isdigit() else p for p in parts)


@dataclass
class Tally:
    """What the people did during the measured window."""

    moves: int = 0
    live: int = 0  # moves made on a hand the bot brought alive (one tap)
    fallback: int = 0  # moves that needed the nudge's My hand first
    tables_started: int = 0
    matches_over: int = 0
    measuring: bool = False
    acks: list[float] = field(default_factory=list)


class Person:
    """One member at one table: taps the live hand's first move after thinking."""

    def __init__(self, fake: FakeDiscord, user: int, guild: Guild, think: tuple[float, float], rng: random.Random,
                 tally: Tally) -> None:
        self.fake, self.user, self.guild, self.think, self.rng, self.tally = fake, user, guild, think, rng, tally
        self.hand: Message | None = None
        self.tid = 0

    async def open_hand(self, message: Message) -> None:
        button = message.component(label="My hand")
        interaction = await self.fake.click(self.user, message, button["custom_id"])
        await self.fake.wait_for(lambda: interaction.followups, 60, "a hand follow-up", 0.05)
        self.hand = self.fake.messages[interaction.followups[0]]

    def offered(self) -> str | None:
        if self.hand is None:
            return None
        return next((c for c in self.hand.custom_ids() if is_move(c, self.tid)), None)

    def nudge(self) -> Message | None:
        mention = f"<@{self.user}>"
        return next((m for m in reversed(list(self.fake.messages.values())) if m.channel_id == self.guild.channel_id
                     and m.content.startswith(mention) and "My hand" in str(m.components)), None)

    async def play(self, table: Message, over: asyncio.Event) -> None:
        await self.open_hand(table)
        while not over.is_set():
            fell_back, polls = False, 0
            while (custom_id := self.offered()) is None:
                if over.is_set():
                    return
                polls += 1
                # (a nudge comes after 20 s at the soonest: look for one now and then, not on every poll, so that
                # the driver's own work does not bunch the requests it measures)
                nudge = self.nudge() if polls % 20 == 0 else None
                if nudge is not None and not fell_back:
                    await self.open_hand(nudge)
                    fell_back = True
                    continue
                await asyncio.sleep(0.1)
            await asyncio.sleep(self.rng.uniform(*self.think))
            assert self.hand is not None
            if self.offered() != custom_id:
                continue  # the hand changed meanwhile (the match ended, or a timer moved)
            component = self.hand.component(prefix=custom_id)
            values = [component["options"][0]["value"]] if component.get("type") == 3 else None
            interaction = await self.fake.click(self.user, self.hand, custom_id, values)
            callback = await self.fake.answered(interaction, timeout=60)
            if self.tally.measuring:
                self.tally.moves += 1
                self.tally.acks.append(callback["latency"])
                if fell_back:
                    self.tally.fallback += 1
                else:
                    self.tally.live += 1
            await self.fake.wait_for(lambda: self.offered() != custom_id, 60, "the hand to change after a move",
                                     0.05)


async def open_block(fake: FakeDiscord, guild: Guild, host: int, guest: int) -> tuple[int, Message]:
    """/play block in the guild's channel; the guest joins, the host adds two computers and starts."""
    play = await fake.slash(host, "play", in_guild=guild.id, game="block")
    await fake.answered(play, timeout=60)
    table = fake.messages[play.original_id or 0]
    tid = int(table.custom_ids()[0].split(":")[2])

    def enabled(label: str) -> bool:
        return not table.component(label=label).get("disabled")

    for user, label in ((guest, "Join"), (host, "Add computer"), (host, "Add computer")):
        await fake.wait_for(lambda: enabled(label), 60, label, 0.05)  # noqa: B023 (awaited at once)
        await fake.answered(await fake.click(user, table, table.component(label=label)["custom_id"]), 60)
        await asyncio.sleep(0.2)
    await fake.wait_for(lambda: "Computer 2" in str(table.embeds) and enabled("Start"), 60, "a full lobby", 0.05)
    await fake.answered(await fake.click(host, table, table.component(label="Start")["custom_id"]), 60)
    await fake.wait_for(lambda: "My hand" in str(table.components), 60, "the table message", 0.05)
    return tid, table


async def keep_table_busy(fake: FakeDiscord, guild: Guild, people: tuple[int, int], think: tuple[float, float],
                          rng: random.Random, tally: Tally, started: asyncio.Event) -> None:
    """Open a table in the guild's channel, play it with two people and two computers, and again when it ends."""
    while True:
        tid, table = await open_block(fake, guild, *people)
        tally.tables_started += 1
        started.set()
        over = asyncio.Event()
        players = [Person(fake, user, guild, think, rng, tally) for user in people]
        for person in players:
            person.tid = tid
        tasks = [asyncio.ensure_future(p.play(table, over)) for p in players]
        try:
            await fake.wait_for(lambda: not table.components, 10**6, "the match to end", 0.5)  # noqa: B023
        finally:
            over.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        if tally.measuring:
            tally.matches_over += 1


def windows(times: list[float], start: float, end: float, width: float) -> list[int]:
    """Counts of ``times`` in consecutive windows of ``width`` seconds sliding by one second over [start, end)."""
    counts = []
    t = start
    while t + width <= end + 1e-9:
        counts.append(sum(1 for x in times if t <= x < t + width))
        t += 1.0
    return counts


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process and its live children (the render pool) have used so far (Linux)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if stat.parent.name == str(pid) or fields[1] == str(pid):
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def report(fake: FakeDiscord, tally: Tally, start: float, end: float, tables: int, bot_cpu: float) -> None:
    seconds = end - start
    measured = [r for r in fake.requests if start <= r.at < end]
    exempt = [r for r in measured if interaction_request(r)]
    counted = [r for r in measured if not interaction_request(r)]
    per_second = windows([r.at for r in counted], start, end, 1.0)
    per_five = windows([r.at for r in counted], start, end, 5.0)
    by_route = Counter(route(r) for r in counted)
    per_channel: dict[tuple[str, str], list[float]] = defaultdict(list)
    for r in counted:
        parts = r.path.split("/")
        if parts[0] == "channels":
            per_channel[(route(r), parts[1])].append(r.at)
    worst_channel = {name: max(max(windows(times, start, end, CHANNEL_WINDOW), default=0)
                               for (kind, _), times in per_channel.items() if kind == name)
                     for name in {kind for kind, _ in per_channel}}
    edits = [r for r in counted if r.method == "PATCH" and r.path.startswith("channels/")]
    failed = Counter((r.method, r.status) for r in measured if r.status >= 400)
    moves = max(tally.moves, 1)
    print(f"{tables} tables (two people and two computers each), {seconds:.0f} s measured; "
          f"{tally.tables_started} tables started in all, {tally.matches_over} matches ended while measuring")
    print(f"person moves: {tally.moves} ({tally.moves / seconds:.1f}/s); one tap (live hand): {tally.live}, "
          f"through the nudge's My hand: {tally.fallback}")
    print(f"requests per person move: {len(exempt) / moves:.2f} interaction (exempt), "
          f"{len(counted) / moves:.2f} global")
    print(f"global requests per second: mean {len(counted) / seconds:.1f}, p99 {percentile(per_second, 0.99):.0f}, "
          f"worst {max(per_second, default=0)}, worst five-second mean {max(per_five, default=0) / 5:.1f} "
          f"(limit {GLOBAL_LIMIT})")
    for name, count in by_route.most_common():
        print(f"  {name}: {count} ({count / seconds:.1f}/s), worst {worst_channel.get(name, 0)} in one channel "
              f"in {CHANNEL_WINDOW:g} s")
    if edits:
        print(f"table pictures: one edit every {tables * seconds / len(edits):.1f} s per table on average")
    print(f"clicks acknowledged: p50 {percentile(tally.acks, 0.5) * 1000:.0f} ms, "
          f"p95 {percentile(tally.acks, 0.95) * 1000:.0f} ms, p99 {percentile(tally.acks, 0.99) * 1000:.0f} ms, "
          f"worst {max(tally.acks, default=0) * 1000:.0f} ms ({len(tally.acks)} clicks)")
    print(f"failed requests: {dict(failed) or 'none'}; the bot (with its render processes) used "
          f"{bot_cpu / seconds:.0%} of a core ({os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f})")


def hog() -> subprocess.Popen[bytes]:
    """Another process holding one core for the whole run (``--hog``): a busy loop, killed at the end."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


async def main(tables: int, seconds: float, think: tuple[float, float], seed: int) -> None:
    rng = random.Random(seed)
    guilds = [Guild(GUILD_ID + (i << 23), GUILD_ID + (i << 23) + 1, f"Server {i}") for i in range(tables)]
    fake = LeanFake(guilds=guilds, ack_limit=10.0)
    await fake.start()
    tally = Tally()
    with tempfile.TemporaryDirectory() as workdir:
        bot = BotProcess(fake, Path(workdir), dev_guild=False)
        try:
            await bot.start_and_connect(timeout=120)
            await fake.wait_for(lambda: None in fake.commands, 60, "the commands to be synced")
            for i in range(2 * tables):
                fake.user(FIRST_USER + i, f"player{i}")
            started = [asyncio.Event() for _ in guilds]
            gate = asyncio.Semaphore(10)  # servers open their first tables ten at a time

            async def open_one(i: int) -> None:
                async with gate:
                    task = asyncio.ensure_future(keep_table_busy(
                        fake, guilds[i], (FIRST_USER + 2 * i, FIRST_USER + 2 * i + 1), think,
                        random.Random(rng.random()), tally, started[i]))
                    await started[i].wait()
                    busy.append(task)

            busy: list[asyncio.Task[None]] = []
            opened = time.monotonic()
            await asyncio.gather(*(open_one(i) for i in range(tables)))
            setup = [i.callbacks[0]["latency"] for i in fake.interactions.values() if i.callbacks]
            print(f"{tables} tables open in {time.monotonic() - opened:.0f} s ({len(setup)} interactions acknowledged "
                  f"in p50 {percentile(setup, 0.5) * 1000:.0f} ms, worst {max(setup) * 1000:.0f} ms); "
                  f"measuring for {seconds:g} s")
            tally.measuring = True
            assert bot.process is not None
            start, cpu, own = time.monotonic(), cpu_seconds(bot.process.pid), time.process_time()
            while time.monotonic() - start < seconds:
                await asyncio.sleep(1)
                for task in busy:
                    if task.done() and task.exception() is not None:
                        raise task.exception()  # type: ignore[misc]
            end = time.monotonic()
            tally.measuring = False
            report(fake, tally, start, end, tables, cpu_seconds(bot.process.pid) - cpu)
            print(f"the fake and the players (this process) used {(time.process_time() - own) / (end - start):.0%} "
                  f"of a core")
            for task in busy:
                task.cancel()
            await asyncio.gather(*busy, return_exceptions=True)
            # discord.py times its first heartbeat from when its keep-alive thread started, and a fake on 127.0.0.1
            # answers it before the thread has noted the send: "websocket is 41.3s behind" (the heartbeat interval)
            troubles = bot.troubles(expected=["websocket is 41.3s behind"])
            print(f"bot log: {len(troubles)} warnings or errors", *troubles[:5], sep="\n  ")
        finally:
            bot.kill()
            await bot.db.close()
            await fake.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--think", type=float, nargs=2, default=(2.0, 40.0), metavar=("LEAST", "MOST"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hog", action="store_true", help="hold one core with another busy process meanwhile")
    options = parser.parse_args()
    if options.tables < 1 or options.seconds <= 0 or not 0 <= options.think[0] <= options.think[1]:
        parser.error("--tables must be at least 1, --seconds positive, and --think LEAST <= MOST")
    held = hog() if options.hog else None
    try:
        asyncio.run(main(options.tables, options.seconds, tuple(options.think), options.seed))
    finally:
        if held is not None:
            held.kill()
            held.wait()
