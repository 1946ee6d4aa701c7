"""Shard leases: a process holds its shards' tables only while its lease on them, in the database, is live.

Two processes misconfigured onto one shard would both load, drive and time the same tables (issue 25, finding 7).
At start the bot takes a lease on each of its shards (a row: shard, holder, expiry), renews it every
:data:`RENEW_SECONDS` while it runs and gives it up when it stops. A lease held by a process of this machine that
no longer runs (killed: ``kill -9``, a crash) is taken over at once, and one that a running Domino Hall process of
this machine holds is refused at once; one held elsewhere is waited for until it
expires (at most :data:`LEASE_SECONDS`: its process may have been killed too), and taken over then. If it was renewed
meanwhile, another live process runs that shard: this one refuses to start, with one line and exit code 2
(:class:`ShardTaken`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bot.settings import StartError
from bot.storage import Lease, Storage

log = logging.getLogger("domino_hall.leases")

LEASE_SECONDS = 30.0
RENEW_SECONDS = 10.0


class ShardTaken(StartError):
    """Another live process holds one of this process's shards (``until``: when the last of those leases ends,
    unless renewed)."""

    def __init__(self, message: str, until: float, live_here: bool = False) -> None:
        super().__init__(message)
        self.until = until
        self.live_here = live_here  # every holder is a running Domino Hall process of this machine


def holder_id() -> str:
    """Who this process is, in the leases table: host, process id and a few random characters."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


def local_pid(holder: str) -> int | None:
    """The process id of a lease's holder when it is a process of this machine (see :func:`holder_id`), else None."""
    host, _, rest = holder.partition(":")
    pid_text = rest.partition(":")[0]
    return int(pid_text) if host == socket.gethostname()[:40] and pid_text.isdigit() else None


def stopped(holder: str) -> bool:
    """Whether a lease's holder is a process of this machine that no longer runs (or an earlier bot of this very
    process: its pid is ours, its random part is not)."""
    pid = local_pid(holder)
    if pid is None:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # (PermissionError: it runs, as another user)
        return False
    return False


def running_here(holder: str) -> bool:
    """Whether a lease's holder is certainly a live Domino Hall process of this machine (another one than this): its
    process runs and its command line is the bot's. Then there is nothing to wait for. Read from ``/proc``; where
    that cannot be read (another system, another user), False: the lease is waited for as one held elsewhere, so a
    process id reused by something else never stops a start."""
    pid = local_pid(holder)
    if pid is None or pid == os.getpid():
        return False
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return any(part in (b"bot", b"bot.__main__") or part.endswith(b"domino-hall") for part in command)


def refusal(leases: Sequence[Lease], now: float) -> str:
    """The one line a process that cannot take its shards says."""
    first = leases[0]
    shards = ", ".join(str(lease.shard) for lease in leases)
    return (f"shard {shards} is held by another running process ({first.holder}, shard count {first.shard_count}, "
            f"lease live for {max(0.0, first.expires_at - now):.0f} s more); stop that process or fix SHARD_IDS "
            f"(a lease not renewed for {LEASE_SECONDS:.0f} s is taken over)")


class ShardLease:
    """This process's leases on its shards: taken at start, renewed while it runs, given up when it stops."""

    def __init__(self, storage: Storage, shards: Sequence[int], count: int, *,
                 clock: Callable[[], float] = time.time, holder: str | None = None) -> None:
        self.storage = storage
        self.shards = list(shards)
        self.count = count
        self.clock = clock  # wall time: the expiry is read by other processes
        self.holder = holder or holder_id()
        self._renewing: asyncio.Task[None] | None = None

    async def acquire(self) -> None:
        """Take every shard's lease, waiting for a lease held elsewhere to expire; :class:`ShardTaken` (nothing
        taken) when a live process holds one."""
        try:
            await self._take()
        except ShardTaken as error:
            wait = error.until - self.clock()
            if wait > LEASE_SECONDS or error.live_here:  # (far apart clocks, or a holder known to run: no wait)
                raise
            log.warning("%s; waiting %.0f s for it to expire", error, wait)
            await asyncio.sleep(wait + 0.5)
            await self._take()  # renewed meanwhile: its process is alive, and this one refuses to start
        log.info("shard lease taken: shards %s of %d as %s", self.shards, self.count, self.holder)

    async def _take(self) -> None:
        """Take or renew the leases once (those of stopped processes of this machine included)."""
        now = self.clock()
        others = await self.storage.leases.take(self.shards, self.count, self.holder, now, LEASE_SECONDS)
        dead = [lease.holder for lease in others if stopped(lease.holder)]
        if dead:
            others = await self.storage.leases.take(self.shards, self.count, self.holder, now, LEASE_SECONDS, dead)
        if others:
            raise ShardTaken(refusal(others, now), max(lease.expires_at for lease in others),
                             all(running_here(lease.holder) for lease in others))

    def start(self, on_lost: Callable[[str], None]) -> None:
        """Renew the leases every :data:`RENEW_SECONDS`; ``on_lost`` is called (with why) if another process took
        them over meanwhile (this one could not renew them for :data:`LEASE_SECONDS`)."""
        self._renewing = asyncio.create_task(self._renew(on_lost), name="shard-lease")

    async def _renew(self, on_lost: Callable[[str], None]) -> None:
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                await self._take()
            except ShardTaken as error:
                log.error("shard lease lost: %s", error)
                on_lost(str(error))
                return
            except Exception as error:  # the database is away: the lease is renewed at the next try
                log.warning("shard lease not renewed (%s); trying again in %.0f s", error, RENEW_SECONDS)

    async def close(self) -> None:
        """Stop renewing and give the leases up (so that a restart need not wait for them to expire)."""
        if self._renewing is not None:
            self._renewing.cancel()
            await asyncio.gather(self._renewing, return_exceptions=True)
        try:
            await self.storage.leases.release(self.holder)
        except Exception as error:  # they expire on their own
            log.warning("shard lease not released (%s); it expires in %.0f s", error, LEASE_SECONDS)


def process_shards(shard_count: int | None, shard_ids: Sequence[int] | None) -> tuple[list[int], int]:
    """The shards a process runs and their count (an unsharded process runs shard 0 of 1: every server)."""
    if shard_count is None:
        return [0], 1
    return (list(shard_ids) if shard_ids is not None else list(range(shard_count))), shard_count
