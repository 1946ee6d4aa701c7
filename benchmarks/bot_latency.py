"""Click latency of the bot's table service and renderer with many tables playing at once.

Each table has two simulated people and one computer player (no pause). A person "clicks" after a think time:
the click goes through ``TableService.act`` exactly as the cog's button handler does (lock, apply, commit to
SQLite in WAL mode), which is when the bot acknowledges the interaction; then, as the cog does, the new hand and
the table image are rendered off the event loop. Reported: click -> acknowledgement, click -> table image ready,
and the render time of each image, as p50 / p95 / p99 in milliseconds.

    .venv/bin/python benchmarks/bot_latency.py --tables 200 --seconds 30

Targets (issue 3): acknowledgement p99 < 100 ms; table image p95 < 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import render
from bot import offload
from bot.settings import DEFAULT_RENDER_PROCESSES
from bot.storage import Storage
from bot.tables import NotAllowed, StaleClick, TableService
from engine import Play, new_game

Samples = dict[str, list[float]]


def draw_timed(kind: str, view: Any, names: list[str]) -> tuple[bytes, float]:
    """Draw one image and measure it where it is drawn (a worker thread or process): the PNG and its ms."""
    start = time.perf_counter()
    png = (render.render_table if kind == "table" else render.render_hand)(view, names)
    return png, (time.perf_counter() - start) * 1000


async def person(service: TableService, tid: int, seat: int, user: int, think: tuple[float, float],
                 stop: float, samples: Samples, rng: random.Random, images: bool = True) -> None:
    """Play one seat: think, click the first legal move, wait for the ack, then for the images."""
    while time.perf_counter() < stop:
        table = service.store.tables.get(tid)
        if table is None or table.game is None:
            return
        if seat not in table.game.to_act:
            await asyncio.sleep(0.02)
            continue
        await asyncio.sleep(rng.uniform(*think))
        game, version = table.game, table.version
        legal = game.legal_actions(seat)
        if not legal:
            continue
        clicked = time.perf_counter()
        try:
            await service.play.act(tid, version, user, str(legal[0]))
        except (StaleClick, NotAllowed):
            samples["stale"].append(1)
            continue
        samples["ack"].append((time.perf_counter() - clicked) * 1000)
        if not images:
            continue
        game = table.game
        hand = game.view(seat)
        hand["playable"] = sorted({str(a.tile) for a in game.legal_actions(seat) if isinstance(a, Play)})
        # as in the bot: the table message refresh is scheduled (by the service's update) before the hand is drawn
        table_task = asyncio.create_task(offload.run_in("render", draw_timed, "table", game.view(None), table.names))
        hand_task = asyncio.create_task(offload.run_in("render", draw_timed, "hand", hand, table.names))
        samples["render_table"].append((await table_task)[1])
        samples["image"].append((time.perf_counter() - clicked) * 1000)
        samples["render_hand"].append((await hand_task)[1])


async def open_table(service: TableService, number: int, game: str) -> int:
    """A started table: two people and a computer player."""
    host, guest = 2 * number + 1, 2 * number + 2
    table = await service.lobbies.create_lobby(1, 1, host, f"player{host}", game)
    await service.lobbies.join(table.id, guest, f"player{guest}")
    await service.lobbies.add_computer(table.id, host)
    await service.lobbies.start_game(table.id, table.version, host)
    return table.id


async def bench(args: argparse.Namespace) -> Samples:
    samples: Samples = {k: [] for k in ("ack", "image", "render_table", "render_hand", "stale", "games")}
    with tempfile.TemporaryDirectory() as folder:
        storage = await Storage.open(Path(folder) / "bench.db")
        service = TableService(storage, computer_pause=0.0, turn_time_limit=0.0)
        await service.start()
        warm = new_game("draw", 2, seed=0).view(None)
        await offload.run_in("render", draw_timed, "table", warm, ["warm-up"])
        stop = time.perf_counter() + args.seconds
        rng = random.Random(args.seed)
        players = []
        for number in range(args.tables):
            tid = await open_table(service, number, args.game)
            for seat in (0, 1):
                players.append(person(service, tid, seat, 2 * number + 1 + seat, (args.think_min, args.think_max),
                                      stop, samples, random.Random(rng.random()), not args.no_images))
        await asyncio.gather(*players)
        samples["games"] = [1.0] * sum(1 for t in service.store.tables.values() if t.status == "playing")
        await service.close()
        await storage.close()
    return samples


def percentiles(values: list[float]) -> str:
    if len(values) < 2:
        return "n/a"
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return f"{cuts[49]:7.1f} {cuts[94]:7.1f} {cuts[98]:7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the people keep clicking")
    parser.add_argument("--think-min", type=float, default=2.0, help="least seconds a person thinks")
    parser.add_argument("--think-max", type=float, default=6.0, help="most seconds a person thinks")
    parser.add_argument("--game", default="block")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render-threads", type=int, default=1, help="threads drawing images (the bot's default)")
    parser.add_argument("--render-processes", type=int, default=DEFAULT_RENDER_PROCESSES,
                        help="worker processes drawing images, 0 for a thread (default: the bot's default here)")
    parser.add_argument("--no-images", action="store_true", help="measure the table service alone")
    parser.add_argument("--switch-ms", type=float, default=5.0, help="the GIL switch interval (sys.setswitchinterval)")
    args = parser.parse_args()
    sys.setswitchinterval(args.switch_ms / 1000)
    offload.configure(args.render_threads, render_processes=args.render_processes)
    samples = asyncio.run(bench(args))
    print(f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cpus, "
          f"Python {platform.python_version()}, {platform.system()} {platform.release()}")
    print(f"{args.tables} tables of {args.game} (2 people + 1 computer each), think {args.think_min}-"
          f"{args.think_max} s, {args.seconds:g} s: {len(samples['ack'])} clicks "
          f"({len(samples['ack']) / args.seconds:.0f}/s), {len(samples['stale'])} refused")
    print(f"{'ms':<28} {'p50':>7} {'p95':>7} {'p99':>7}")
    rows = (("click -> acknowledgement", "ack"), ("click -> table image ready", "image"),
            ("render table image", "render_table"), ("render hand image", "render_hand"))
    for label, key in rows:
        print(f"{label:<28} {percentiles(samples[key])}")
    ack99 = statistics.quantiles(samples["ack"], n=100, method="inclusive")[98] if len(samples["ack"]) > 1 else 0
    image95 = statistics.quantiles(samples["image"], n=100, method="inclusive")[94] if len(samples["image"]) > 1 else 0
    print(f"targets: ack p99 < 100 ms: {'met' if ack99 < 100 else 'MISSED'}; "
          f"table image p95 < 50 ms: {'met' if image95 < 50 else 'MISSED'}")


if __name__ == "__main__":
    main()
