"""The fake Discord's gateway: one websocket session per shard, each sent the events of its own guilds only.

A bot identifies each of its shards with ``"shard": [id, count]`` (no ``shard`` means ``[0, 1]``); READY echoes it
and lists that shard's guilds, and a GUILD_CREATE follows for each of them. Like Discord, a guild's events go to the
session of shard ``(guild_id >> 22) % count`` and to no other. A session is resumed (op 6) with its id and last
sequence number, on a new connection; a new IDENTIFY of a shard replaces that shard's session.

With ``silent`` set, the gateway accepts each websocket connection and then never says a word (no HELLO), as a
Discord (or a proxy in front of it) that hangs would.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from aiohttp import WSMsgType, web

from tests.e2e.fake_records import APP_ID, JSON, Guild


@dataclass
class Session:
    """One gateway session: a shard of a bot process, and the websocket it is on now (None while disconnected)."""

    session_id: str
    shard: tuple[int, int]  # (shard id, shard count), as the bot identified
    ws: web.WebSocketResponse | None
    seq: int = 0

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed

    async def send(self, event: str, data: JSON) -> None:
        """Send a DISPATCH event, numbered in this session's sequence."""
        assert self.ws is not None and self.connected, f"shard {self.shard[0]} has no gateway connection"
        self.seq += 1
        await self.ws.send_json({"op": 0, "t": event, "s": self.seq, "d": data})


class Gateway:
    """The sessions of the bot's shards (``sessions``: the current one of each shard id), and how many IDENTIFY and
    RESUME the bot sent (``identified``: IDENTIFYs per shard id)."""

    def __init__(self, guilds: Sequence[Guild], url: Callable[[], str], bot_user: Callable[[], JSON]) -> None:
        self.guilds = tuple(guilds)
        self._url, self._bot_user = url, bot_user
        self.sessions: dict[int, Session] = {}
        self.identified: Counter[int] = Counter()
        self.identifies = self.resumes = 0
        self.silent = False  # accept connections and never answer them
        self.silent_connections = 0

    async def serve(self, request: web.Request) -> web.WebSocketResponse:
        """One websocket connection: HELLO, then heartbeats answered, IDENTIFY and RESUME handled."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        if self.silent:
            self.silent_connections += 1
            async for _ in ws:  # whatever the bot sends, nothing comes back
                pass
            return ws
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41_250}, "s": None, "t": None})
        session: Session | None = None
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            op, data = message.get("op"), message.get("d")
            if op == 1:
                await ws.send_json({"op": 11})
            elif op == 2:
                session = await self._identify(ws, data)
            elif op == 6:
                session = await self._resume(ws, data) or session
        if session is not None and session.ws is ws:
            session.ws = None
        return ws

    def guilds_of(self, shard: tuple[int, int]) -> list[Guild]:
        return [g for g in self.guilds if g.shard(shard[1]) == shard[0]]

    async def _identify(self, ws: web.WebSocketResponse, data: JSON) -> Session:
        assert data.get("token"), "IDENTIFY without a token"
        shard_id, count = data.get("shard") or [0, 1]
        assert 0 <= shard_id < count, f"IDENTIFY with shard {[shard_id, count]}"
        session = Session(f"session-{self.identifies + 1}", (shard_id, count), ws)
        self.sessions[shard_id] = session
        guilds = self.guilds_of(session.shard)
        await session.send("READY", {
            "v": 10, "user": self._bot_user(), "session_id": session.session_id, "resume_gateway_url": self._url(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds], "shard": [shard_id, count],
            "application": {"id": str(APP_ID), "flags": 0}})
        for guild in guilds:
            await session.send("GUILD_CREATE", guild.payload())
        self.identifies += 1
        self.identified[shard_id] += 1
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: JSON) -> Session | None:
        """Resume a shard's current session (nothing is ever missed here), or invalidate an unknown one."""
        session = next((s for s in self.sessions.values() if s.session_id == data.get("session_id")), None)
        if session is None or data.get("seq") != session.seq:
            await ws.send_json({"op": 9, "d": False})
            return None
        session.ws = ws
        await session.send("RESUMED", {})
        self.resumes += 1
        return session

    def session_of(self, guild: Guild) -> Session:
        """The connected session whose shard ``guild`` is on (AssertionError when that shard is not connected)."""
        for session in self.sessions.values():
            if guild.shard(session.shard[1]) == session.shard[0] and session.connected:
                return session
        raise AssertionError(f"no gateway session runs the shard of guild {guild.id}: {self.shards()}")

    def shards(self) -> dict[int, str]:
        """Each shard id with its session and whether it is connected (for messages)."""
        return {i: f"{s.session_id} {'up' if s.connected else 'down'}" for i, s in sorted(self.sessions.items())}

    async def ask_to_reconnect(self, shard_id: int = 0) -> None:
        """Send RECONNECT (op 7) on a shard, as Discord does before moving a session: the bot should RESUME."""
        session = self.sessions[shard_id]
        assert session.ws is not None and session.connected
        await session.ws.send_json({"op": 7, "d": None})

    async def close(self) -> None:
        for session in self.sessions.values():
            if session.ws is not None:
                await session.ws.close()
