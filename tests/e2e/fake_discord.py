"""A small fake of Discord on 127.0.0.1: the REST API and the gateway websocket, enough for discord.py 2.7.

It serves one guild with one text channel. The test pushes interactions (slash commands and component clicks) over the
gateway and reads back, from :class:`FakeDiscord`'s records, everything the bot sent: interaction callbacks (type,
flags, timing), messages with their embeds, components and attachments (the uploaded bytes), and every request.

Like Discord it refuses a second callback for one interaction (400, code 40060) and a callback later than
``ack_limit`` seconds (404, code 10062), and lets only webhooks (interaction tokens) edit ephemeral messages.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

from tests.e2e.fake_records import (
    APP_ID,
    APP_INFO,
    BOT_USER,
    CHANNEL,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    JSON,
    LOADING,
    ApiError,
    Attachment,
    Interaction,
    Message,
    Request,
    Upload,
    guild_payload,
    json_response,
    match_path,
    member_payload,
    read_body,
)

__all__ = ["EPHEMERAL", "FakeDiscord", "Interaction", "Message", "Request"]
DISCORD_EPOCH_MS = 1_420_070_400_000
T = TypeVar("T")


class FakeDiscord:
    """The fake: start it, point the bot at :attr:`api_base` and :attr:`gateway_url`, push interactions."""

    GUILD_ID, CHANNEL_ID, APP_ID = GUILD_ID, CHANNEL_ID, APP_ID

    def __init__(self, *, ack_limit: float = 3.0) -> None:
        self.ack_limit = ack_limit
        self._ids = itertools.count(1)
        self.requests: list[Request] = []
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.commands: dict[int | None, list[JSON]] = {}
        self.identifies = self.resumes = 0
        self.on_callback: Callable[[Interaction], object] | None = None
        self.session_id: str | None = None
        self.users: dict[int, str] = {}
        self.bot_user = BOT_USER
        self._ws: web.WebSocketResponse | None = None
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        app = web.Application(client_max_size=20 * 2**20)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self.routes: list[tuple[str, str, Callable[..., Any]]] = [
            ("GET", "gateway", self._get_gateway), ("GET", "gateway/bot", self._get_gateway),
            ("GET", "users/@me", lambda r, m: self.bot_user), ("GET", "oauth2/applications/@me", lambda r, m: APP_INFO),
            ("PUT", "applications/{app}/commands", self._sync), ("PUT", "applications/{app}/guilds/{guild}/commands",
                                                                   self._sync),
            ("POST", "interactions/{iid}/{token}/callback", self._callback),
            ("POST", "webhooks/{app}/{token}", self._followup),
            ("GET", "webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("PATCH", "webhooks/{app}/{token}/messages/{mid}", self._webhook_message),
            ("GET", "channels/{cid}", lambda r, m: self._channel(m["cid"])),
            ("POST", "channels/{cid}/messages", self._channel_post),
            ("GET", "channels/{cid}/messages", self._history),
            ("GET", "channels/{cid}/messages/{mid}", self._channel_message),
            ("PATCH", "channels/{cid}/messages/{mid}", self._channel_message),
            ("DELETE", "channels/{cid}/messages/{mid}", self._channel_message),
        ]
        self.app = app

    # ----- life cycle and addresses -------------------------------------------------------------------------------
    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def snowflake(self) -> int:
        return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(self._ids) & 0x3FFFFF)

    # ----- waiting ------------------------------------------------------------------------------------------------
    @staticmethod
    async def wait_for(probe: Callable[[], T | None], timeout: float, what: str, interval: float = 0.01) -> T:
        """Poll ``probe`` until it returns something truthy; AssertionError naming ``what`` after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            value = probe()
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout:g}s waiting for {what}")
            await asyncio.sleep(interval)

    # ----- the gateway ----------------------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41_250}, "s": None, "t": None})
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            message = json.loads(frame.data)
            op, data = message.get("op"), message.get("d")
            if op == 1:
                await ws.send_json({"op": 11})
            elif op == 2:
                await self._identify(ws, data)
            elif op == 6:
                await self._resume(ws, data)
        if self._ws is ws:
            self._ws = None
        return ws

    async def _identify(self, ws: web.WebSocketResponse, data: JSON) -> None:
        assert data.get("token"), "IDENTIFY without a token"
        self._ws, self._seq = ws, 0
        self.session_id = f"session-{self.identifies + 1}"
        await self._send(ws, "READY", {
            "v": 10, "user": self.bot_user, "session_id": self.session_id, "resume_gateway_url": self.gateway_url,
            "guilds": [{"id": str(self.GUILD_ID), "unavailable": True}], "shard": [0, 1],
            "application": {"id": str(self.APP_ID), "flags": 0}})
        await self._send(ws, "GUILD_CREATE", guild_payload())
        self.identifies += 1

    async def _resume(self, ws: web.WebSocketResponse, data: JSON) -> None:
        """Resume the current session (nothing is ever missed here), or invalidate an unknown one."""
        if data.get("session_id") != self.session_id or data.get("seq") != self._seq:
            await ws.send_json({"op": 9, "d": False})
            return
        self._ws = ws
        await self._send(ws, "RESUMED", {})
        self.resumes += 1

    async def ask_to_reconnect(self) -> None:
        """Send RECONNECT (op 7), as Discord does before moving a session: the bot should come back with RESUME."""
        assert self._ws is not None
        await self._ws.send_json({"op": 7, "d": None})

    async def _send(self, ws: web.WebSocketResponse, event: str, data: JSON) -> None:
        self._seq += 1
        await ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def dispatch(self, event: str, data: JSON) -> None:
        """Send a DISPATCH event to the bot's current gateway session."""
        assert self._ws is not None and not self._ws.closed, "the bot has no gateway session"
        await self._send(self._ws, event, data)

    # ----- pushing interactions -------------------------------------------------------------------------------------
    def user(self, user_id: int, name: str) -> int:
        self.users[user_id] = name
        return user_id

    async def _interact(self, kind: int, data: JSON, user_id: int, message: Message | None,
                        permissions: str = "0") -> Interaction:
        interaction = Interaction(self.snowflake(), f"token-{next(self._ids)}", kind, data, user_id,
                                  message.id if message else None, time.monotonic())
        self.interactions[interaction.id] = interaction
        member = member_payload(user_id, self.users.get(user_id, f"user{user_id}"), permissions)
        payload: JSON = {
            "id": str(interaction.id), "application_id": str(self.APP_ID), "type": kind, "data": data,
            "token": interaction.token, "version": 1, "guild_id": str(self.GUILD_ID),
            "guild": {"id": str(self.GUILD_ID), "locale": "en-US", "features": []},
            "channel_id": str(self.CHANNEL_ID), "channel": CHANNEL, "member": member,
            "app_permissions": "2248473465835073", "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.GUILD_ID)}, "context": 0,
            "attachment_size_limit": 10_485_760}
        if message is not None:
            payload["message"] = message.payload(self.api_base, self.APP_ID)
        await self.dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def slash(self, user_id: int, name: str, **options: str) -> Interaction:
        """Run a synced slash command with string options."""
        synced = [(gid, c) for gid, commands in self.commands.items() for c in commands if c["name"] == name]
        assert synced, f"/{name} was never synced: {self.commands}"
        guild_id, command = synced[-1]
        data: JSON = {"id": command["id"], "name": name, "type": 1,
                      "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()]}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return await self._interact(2, data, user_id, None)

    async def click(self, user_id: int, message: Message, custom_id: str, values: list[str] | None = None,
                    permissions: str = "0") -> Interaction:
        """Press a button (or choose ``values`` in a select) of ``message``, as drawn in the fake now."""
        assert custom_id in message.custom_ids(), f"{custom_id!r} is not on message {message.id}"
        kind = 3 if values is not None else 2
        data: JSON = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        return await self._interact(3, data, user_id, message, permissions)

    async def answered(self, interaction: Interaction, timeout: float = 10.0) -> JSON:
        """The bot's first callback to ``interaction``."""
        await self.wait_for(lambda: interaction.callbacks or interaction.refused, timeout,
                            f"the bot to answer interaction {interaction.data}")
        assert not interaction.refused, f"interaction {interaction.data}: {interaction.refused}"
        return interaction.callbacks[0]

    # ----- REST -------------------------------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.Response:
        payload, files = await read_body(request)
        record = Request(request.method, request.match_info["path"], dict(request.query), payload, files)
        self.requests.append(record)
        for method, pattern, handler in self.routes:
            params = match_path(pattern, record.path)
            if method == request.method and params is not None:
                try:
                    result = handler(record, params)
                except ApiError as error:
                    record.status = error.status
                    return json_response({"message": error.message, "code": error.code}, error.status)
                if result is None:
                    record.status = 204
                    return web.Response(status=204)
                return json_response(result)
        record.status = 404
        return json_response({"message": "404: Not Found (fake Discord has no such route)", "code": 0}, 404)

    def _get_gateway(self, r: Request, m: dict[str, str]) -> JSON:
        return {"url": self.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    def _sync(self, r: Request, m: dict[str, str]) -> list[JSON]:
        guild = int(m["guild"]) if "guild" in m else None
        synced = [{**c, "id": str(self.snowflake()), "application_id": m["app"], "version": "1",
                   **({"guild_id": str(guild)} if guild else {})} for c in r.payload]
        self.commands[guild] = synced
        return synced

    def _interaction(self, token: str) -> Interaction:
        for interaction in self.interactions.values():
            if interaction.token == token:
                return interaction
        raise ApiError(404, 10015, "Unknown Webhook")

    def _callback(self, r: Request, m: dict[str, str]) -> JSON:
        interaction = self.interactions.get(int(m["iid"]))
        if interaction is None or interaction.token != m["token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        latency = time.monotonic() - interaction.sent_at
        if interaction.callbacks:
            interaction.refused.append(f"a second callback after {latency:.2f}s")
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        if latency > self.ack_limit:
            interaction.refused.append(f"a callback after {latency:.2f}s, past Discord's {self.ack_limit:g}s")
            raise ApiError(404, 10062, "Unknown interaction")
        kind, data = r.payload["type"], r.payload.get("data") or {}
        interaction.callbacks.append({"type": kind, "data": data, "latency": latency})
        if self.on_callback is not None:
            self.on_callback(interaction)  # e.g. kill the bot: Discord has the answer, the bot never hears back
        message = None
        if kind in (4, 5):
            flags = int(data.get("flags", 0)) | (LOADING if kind == 5 else 0)
            message = self._create(data, r.files, flags, interaction.id)
            interaction.original_id = message.id
        elif kind in (6, 7):
            interaction.original_id = interaction.message_id
            if kind == 7:
                message = self._edit(self._message(interaction.message_id), data, r.files)
        answer: JSON = {"interaction": {
            "id": str(interaction.id), "type": interaction.type, "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
            "response_message_id": str(interaction.original_id) if interaction.original_id else None}}
        resource: JSON = {"type": kind}
        if message is not None:
            resource["message"] = message.payload(self.api_base, self.APP_ID)
        answer["resource"] = resource
        return answer

    def _followup(self, r: Request, m: dict[str, str]) -> JSON | None:
        interaction = self._interaction(m["token"])
        if not interaction.callbacks:
            raise ApiError(404, 10015, "Unknown Webhook")  # a follow-up needs an acknowledged interaction
        loading = self.messages.get(interaction.original_id or 0)
        if loading is not None and loading.flags & LOADING and not interaction.followups:
            message = self._edit(loading, r.payload, r.files)  # the first follow-up fills in "thinking..."
            message.flags &= ~LOADING
        else:
            message = self._create(r.payload, r.files, int(r.payload.get("flags", 0)), interaction.id)
        interaction.followups.append(message.id)
        return message.payload(self.api_base, self.APP_ID) if r.query.get("wait") in ("1", "true") else None

    def _webhook_message(self, r: Request, m: dict[str, str]) -> JSON:
        interaction = self._interaction(m["token"])
        mid = interaction.original_id if m["mid"] == "@original" else int(m["mid"])
        if mid is None or (m["mid"] != "@original" and mid not in interaction.followups):
            raise ApiError(404, 10008, "Unknown Message")
        message = self._message(mid)
        if r.method == "PATCH":
            message = self._edit(message, r.payload, r.files)
            message.flags &= ~LOADING
            interaction.edits += 1
        return message.payload(self.api_base, self.APP_ID)

    def _channel_post(self, r: Request, m: dict[str, str]) -> JSON:
        self._channel(m["cid"])
        return self._create(r.payload, r.files, 0, None).payload(self.api_base, self.APP_ID)

    def _channel_message(self, r: Request, m: dict[str, str]) -> JSON | None:
        self._channel(m["cid"])
        message = self._message(int(m["mid"]))
        if message.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")  # ephemerals are reachable through their webhook only
        if r.method == "DELETE":
            del self.messages[message.id]
            return None
        if r.method == "PATCH":
            message = self._edit(message, r.payload, r.files)
        return message.payload(self.api_base, self.APP_ID)

    def _history(self, r: Request, m: dict[str, str]) -> list[JSON]:
        """The channel's messages, newest first (ephemerals are nobody's history)."""
        self._channel(m["cid"])
        shown = sorted((x for x in self.messages.values() if not x.ephemeral), key=lambda x: x.id, reverse=True)
        return [x.payload(self.api_base, self.APP_ID) for x in shown[:int(r.query.get("limit", 50))]]

    def _channel(self, cid: str) -> JSON:
        if int(cid) != self.CHANNEL_ID:
            raise ApiError(404, 10003, "Unknown Channel")
        return CHANNEL

    def _message(self, mid: int | None) -> Message:
        if mid is None or mid not in self.messages:
            raise ApiError(404, 10008, "Unknown Message")
        return self.messages[mid]

    # ----- message contents ----------------------------------------------------------------------------------------
    def _create(self, data: JSON, files: list[Upload], flags: int, interaction_id: int | None
                ) -> Message:
        message = Message(self.snowflake(), self.CHANNEL_ID, self.bot_user, flags=flags, interaction_id=interaction_id)
        self.messages[message.id] = message
        return self._edit(message, data, files)

    def _edit(self, message: Message, data: JSON | None, files: list[Upload]) -> Message:
        data = data or {}
        for key in ("content", "embeds", "components"):
            if key in data:
                setattr(message, key, data[key] if data[key] is not None else ("" if key == "content" else []))
        uploads = {int(part.removeprefix("files[").removesuffix("]")): (name, body) for part, name, body in files}
        if "attachments" in data:
            kept = {a.id: a for a in message.attachments}
            message.attachments = []
            for entry in data["attachments"] or []:
                index = int(entry["id"])
                if index in uploads:
                    name, body = uploads[index]
                    message.attachments.append(Attachment(self.snowflake(), entry.get("filename", name), body))
                elif index in kept:
                    message.attachments.append(kept[index])
        else:
            message.attachments += [Attachment(self.snowflake(), n, b) for _, (n, b) in sorted(uploads.items())]
        message.versions.append(message.snapshot())
        return message
