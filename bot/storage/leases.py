"""Shard leases: which running process holds which shard's tables (bot/leases.py renews them)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.db import Store


@dataclass(frozen=True)
class Lease:
    """A shard held by a process (``holder``) until ``expires_at`` (a ``time.time()``), under ``shard_count``."""

    shard: int
    shard_count: int
    holder: str
    expires_at: float


class _Refused(Exception):
    """A shard is held by another live process: the taking transaction is rolled back."""


class LeaseRepo:
    """Take, renew and release shard leases; taking is one conditional write per shard, in one transaction."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def take(self, shards: Sequence[int], count: int, holder: str, now: float, seconds: float,
                   dead: Sequence[str] = ()) -> list[Lease]:
        """Take (or renew) every shard in ``shards`` for ``holder`` until ``now + seconds``: a shard is taken when
        it is free, already ``holder``'s, its lease has expired, or its holder is one of ``dead`` (processes known
        to have stopped). Returns the live leases of other processes that
        stand in the way (then nothing was taken): one of these shards, or any shard held under another count
        (the shards of two counts share servers)."""
        gone = "".join(" OR leases.holder=?" for _ in dead)
        try:
            async with self.db.transaction() as tx:
                for shard in shards:
                    if not await tx.update(
                            "INSERT INTO leases (shard, shard_count, holder, expires_at) VALUES (?, ?, ?, ?) "
                            "ON CONFLICT (shard) DO UPDATE SET shard_count=excluded.shard_count, "
                            "holder=excluded.holder, expires_at=excluded.expires_at "
                            f"WHERE leases.holder=excluded.holder OR leases.expires_at < ?{gone}",
                            (shard, count, holder, now + seconds, now, *dead)):
                        raise _Refused()
        except _Refused:
            marks = ", ".join("?" for _ in shards)
            return await self._live(f"shard IN ({marks}) AND holder<>?", (*shards, holder), now)
        others = [lease for lease in await self._live("shard_count<>? AND holder<>?", (count, holder), now)
                  if lease.holder not in dead]
        if others:
            await self.release(holder)
        return others

    async def _live(self, where: str, params: tuple[object, ...], now: float) -> list[Lease]:
        rows = await self.db.fetchall(f"SELECT shard, shard_count, holder, expires_at FROM leases WHERE {where} "
                                      "AND expires_at>=? ORDER BY shard", (*params, now))
        return [Lease(int(r["shard"]), int(r["shard_count"]), str(r["holder"]), float(r["expires_at"])) for r in rows]

    async def held_by(self, holder: str) -> list[Lease]:
        """The leases ``holder`` has (expired or not)."""
        rows = await self.db.fetchall("SELECT shard, shard_count, holder, expires_at FROM leases WHERE holder=? "
                                      "ORDER BY shard", (holder,))
        return [Lease(int(r["shard"]), int(r["shard_count"]), str(r["holder"]), float(r["expires_at"])) for r in rows]

    async def release(self, holder: str) -> None:
        """Give up every lease of ``holder`` (a clean stop: the next process need not wait for them to expire)."""
        async with self.db.transaction() as tx:
            await tx.execute("DELETE FROM leases WHERE holder=?", (holder,))
