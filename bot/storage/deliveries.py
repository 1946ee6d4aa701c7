"""What the bot still owes a channel (bot/outbox.py), stored with the table so that a restart delivers it."""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from bot.storage.db import Store, Transaction


@dataclass
class Delivery:
    """One thing owed to a table's channel: its ``kind`` (what the sender registered for that kind does), a
    ``key`` (a newer delivery of the same table, kind and key replaces one not yet sent: only the newest table
    picture matters; "" never coalesces) and a JSON ``payload`` saying what to draw or send (never the picture
    itself). ``seq`` orders one table's deliveries; ``table`` is the table object of this process, when there is
    one (never stored); ``stored`` is False for a delivery kept in memory only (Outbox.remind)."""

    table_id: int
    guild_id: int
    kind: str
    key: str = ""
    payload: dict[str, Any] = field(default_factory=dict)
    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    seq: int = 0
    created_at: float = field(default_factory=time.time)
    table: Any = field(default=None, compare=False, repr=False)
    stored: bool = True

    def replaces(self, other: Delivery) -> bool:
        """Whether this delivery makes ``other`` (not yet sent) pointless: the same table, kind and key."""
        return bool(self.key) and (self.table_id, self.kind, self.key) == (other.table_id, other.kind, other.key)


_last_seq = 0


def next_seq() -> int:
    """A number greater than every one this process gave before (and, clocks allowing, than any stored before it
    started): the order of deliveries."""
    global _last_seq
    _last_seq = max(_last_seq + 1, time.time_ns())
    return _last_seq


class DeliveryRepo:
    """The outbox's rows: written with the change that owes them, deleted once sent (or given up)."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def record(self, tx: Transaction, delivery: Delivery) -> None:
        """Record ``delivery`` inside ``tx`` (the transaction of the change that owes it), after every delivery
        recorded before it, replacing any older one of the same table, kind and key."""
        delivery.seq = next_seq()
        if delivery.key:
            await tx.execute("DELETE FROM deliveries WHERE table_id=? AND kind=? AND key=?",
                             (delivery.table_id, delivery.kind, delivery.key))
        await tx.execute(
            "INSERT INTO deliveries (id, table_id, guild_id, seq, kind, key, payload, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (delivery.id, delivery.table_id, delivery.guild_id, delivery.seq, delivery.kind, delivery.key,
             json.dumps(delivery.payload, separators=(",", ":")), delivery.created_at))

    async def pending(self) -> list[Delivery]:
        """Every delivery still owed, in order (each table's oldest first)."""
        rows = await self.db.fetchall("SELECT id, table_id, guild_id, seq, kind, key, payload, created_at "
                                      "FROM deliveries ORDER BY seq, id")
        out = []
        for r in rows:
            try:
                payload = json.loads(r["payload"])
            except (TypeError, ValueError):
                payload = None
            out.append(Delivery(int(r["table_id"]), int(r["guild_id"]), str(r["kind"]), str(r["key"]),
                                payload if isinstance(payload, dict) else {}, str(r["id"]), int(r["seq"]),
                                float(r["created_at"])))
        return out

    async def done(self, *ids: str) -> None:
        """Forget deliveries that were sent (or given up)."""
        if ids:
            marks = ", ".join("?" for _ in ids)
            await self.db.write([(f"DELETE FROM deliveries WHERE id IN ({marks})", tuple(ids), False)])
