"""Issue 25, finding 7 (shards): a process holds its shards only while its lease on them is live. A second process
for a shard that a live process holds refuses to start (one line; exit code 2 through StartError); a lease that
expired, or whose process of this machine was killed, is taken over; a clean stop gives it up at once."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import bot.leases
from bot.leases import ShardLease, ShardTaken, process_shards
from bot.settings import StartError
from bot.storage import Storage
from tests.service.test_tables import until

ELSEWHERE = "another-host:4242:abcdef"  # a process on another machine: whether it runs cannot be seen from here


@pytest.fixture(autouse=True)
def short_leases(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.leases, "LEASE_SECONDS", 0.4)
    monkeypatch.setattr(bot.leases, "RENEW_SECONDS", 0.05)


async def test_a_second_process_for_a_live_shard_refuses_to_start(storage: Storage) -> None:
    first = ShardLease(storage, [0, 1], 2, holder=ELSEWHERE)
    await first.acquire()
    first.start(lambda why: None)
    try:
        second = ShardLease(storage, [1], 2)
        with pytest.raises(ShardTaken) as refused:
            await second.acquire()  # waits for the lease to expire: it is renewed meanwhile
        line = str(refused.value)
        assert isinstance(refused.value, StartError) and "\n" not in line
        assert line.startswith(f"shard 1 is held by another running process ({ELSEWHERE}")
        assert await storage.leases.held_by(second.holder) == []  # nothing taken
    finally:
        await first.close()


async def test_another_shard_count_is_refused_too(storage: Storage) -> None:
    first = ShardLease(storage, [0], 2, holder=ELSEWHERE)
    await first.acquire()
    first.start(lambda why: None)
    try:
        with pytest.raises(ShardTaken, match="shard count 2"):
            await ShardLease(storage, [3], 4).acquire()  # other numbers, the same servers in part
        with pytest.raises(ShardTaken):
            await ShardLease(storage, *process_shards(None, None)).acquire()  # unsharded: every server
    finally:
        await first.close()


async def test_a_lease_no_longer_renewed_is_taken_over_and_its_holder_told(storage: Storage) -> None:
    lost: list[str] = []
    first = ShardLease(storage, [0], 1, holder=ELSEWHERE)
    await first.acquire()  # and never renewed: its process hangs (or was killed elsewhere)
    second = ShardLease(storage, [0], 1, holder="third-host:77:abcdef")
    await second.acquire()
    second.start(lambda why: None)
    assert [lease.shard for lease in await storage.leases.held_by(second.holder)] == [0]
    first.start(lost.append)  # it wakes up: the shard is another process's now
    await until(lambda: bool(lost))
    assert "held by another running process" in lost[0]
    await second.close()
    await first.close()


async def test_a_killed_process_of_this_machine_is_taken_over_at_once(storage: Storage,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.leases, "LEASE_SECONDS", 3600.0)  # its lease would outlive the test
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    killed = ShardLease(storage, [0], 1, holder=f"{socket.gethostname()[:40]}:{int(gone.stdout)}:abcdef")
    await killed.acquire()
    second = ShardLease(storage, [0], 1)
    await asyncio.wait_for(second.acquire(), 5.0)
    assert [lease.holder for lease in await storage.leases.held_by(second.holder)] == [second.holder]
    await second.close()


async def test_a_clean_stop_gives_the_lease_up_at_once(storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.leases, "LEASE_SECONDS", 3600.0)
    first = ShardLease(storage, [0], 1, holder=ELSEWHERE)
    await first.acquire()
    first.start(lambda why: None)
    await first.close()
    second = ShardLease(storage, [0], 1)
    await asyncio.wait_for(second.acquire(), 5.0)
    await second.close()
    assert await storage.leases.held_by(second.holder) == []


async def test_leases_of_two_processes_for_different_shards_live_side_by_side(db_path: Path) -> None:
    one, two = await Storage.open(db_path), await Storage.open(db_path)
    try:
        first, second = ShardLease(one, [0], 2, holder=ELSEWHERE), ShardLease(two, [1], 2)
        await first.acquire()
        await asyncio.wait_for(second.acquire(), 1.0)
        await first.close()
        await second.close()
    finally:
        await one.close()
        await two.close()


async def test_a_running_bot_of_this_machine_is_refused_at_once_without_waiting(
        storage: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its lease is known to be live (its process runs, and is Domino Hall's): no lease expiry to wait for."""
    if not Path("/proc/self/cmdline").exists():
        pytest.skip("no /proc here: every other process's lease is waited for")
    monkeypatch.setattr(bot.leases, "LEASE_SECONDS", 3600.0)  # a wait would outlast the test
    bot_like = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "-m", "bot"])
    try:
        here = f"{socket.gethostname()[:40]}:{bot_like.pid}:abcdef"
        await until(lambda: Path(f"/proc/{bot_like.pid}/cmdline").read_bytes() != b"")  # (set just after exec)
        assert bot.leases.running_here(here)
        await ShardLease(storage, [0], 1, holder=here).acquire()
        with pytest.raises(ShardTaken, match="held by another running process"):
            await asyncio.wait_for(ShardLease(storage, [0], 1).acquire(), 5.0)
    finally:
        bot_like.kill()
        bot_like.wait()


def test_only_a_live_domino_hall_process_of_this_machine_counts_as_running_here() -> None:
    """Another program that got a dead bot's process id, a process elsewhere and this very process are not: their
    leases are waited for (or taken over) as before."""
    if not Path("/proc/self/cmdline").exists():
        pytest.skip("no /proc here: running_here is always False")
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        while Path(f"/proc/{other.pid}/cmdline").read_bytes() == b"":  # (set just after exec)
            time.sleep(0.01)
        host = socket.gethostname()[:40]
        assert not bot.leases.running_here(f"{host}:{other.pid}:abcdef")  # not the bot's command line
        assert not bot.leases.running_here(ELSEWHERE)
        assert not bot.leases.running_here(bot.leases.holder_id())
    finally:
        other.kill()
        other.wait()
