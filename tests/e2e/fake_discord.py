"""A small fake of Discord on 127.0.0.1: the REST API and the gateway websocket, enough for discord.py 2.7.

It serves one guild with one text channel, or several guilds (each with its own channel) to a bot running several
shards, in one process or several: each shard has its own gateway session (see fake_gateway.py), and a guild's
events go only to the session of its shard. The test pushes interactions (slash commands and component clicks, in a
chosen guild) over the gateway and reads back, from :class:`FakeDiscord`'s records, everything the bot sent:
interaction callbacks (type, flags, timing), messages with their embeds, components and attachments (the uploaded
bytes), and every request.

Like Discord it refuses a second callback for one interaction (400, code 40060) and a callback later than
``ack_limit`` seconds (404, code 10062), and lets only webhooks (interaction tokens) edit ephemeral messages.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar, overload

from aiohttp import web

from tests.e2e.fake_gateway import Gateway, Session
from tests.e2e.fake_records import (
    APP_ID,
    APP_INFO,
    BOT_USER,
    CHANNEL_ID,
    EPHEMERAL,
    GUILD_ID,
    JOINED,
    JSON,
    LOADING,
    SHARD0_GUILD,
    TEST_GUILD,
    ApiError,
    Attachment,
    Guild,
    Interaction,
    Message,
    Request,
    Upload,
    json_response,
    match_path,
    member_payload,
    read_body,
)

__all__ = ["EPHEMERAL", "SHARD0_GUILD", "TEST_GUILD", "FakeDiscord", "Guild", "Interaction", "Message", "Request"]
DISCORD_EPOCH_MS = 1_420_070_400_000
T = TypeVar("T")


class FakeDiscord:
    """The fake: start it, point the bot at :attr:`api_base` and :attr:`gateway_url`, push interactions.

    ``guilds``: the guilds the bot is in (the first is where interactions go unless told otherwise); ``shards``:
    the shard count GET /gateway/bot recommends to a bot that sets none.
    """

    GUILD_ID, CHANNEL_ID, APP_ID = GUILD_ID, CHANNEL_ID, APP_ID

    def __init__(self, *, ack_limit: float = 3.0, guilds: Sequence[Guild] = (TEST_GUILD,), shards: int = 1) -> None:
        self.ack_limit = ack_limit
        self.guilds, self.shards = tuple(guilds), shards
        self.gateway = Gateway(self.guilds, lambda: self.gateway_url, lambda: self.bot_user)
        self._ids = itertools.count(1)
        self.requests: list[Request] = []
        self.messages: dict[int, Message] = {}
        self.threads: dict[int, JSON] = {}  # threads started from a message (the thread's id is the message's)
        self.interactions: dict[int, Interaction] = {}
        self.commands: dict[int | None, list[JSON]] = {}
        self.on_callback: Callable[[Interaction], object] | None = None
        self.users: dict[int, str] = {}
        self.bot_user = BOT_USER
        self.throttled_until = 0.0  # (monotonic) until then, every channel write is answered 429: see throttle()
        self.retry_after = 1.0
        self._runner: web.AppRunner | None = None
        self.port = 0
        app = web.Application(client_max_size=20 * 2**20)
        app.router.add_get("/gateway", self.gateway.serve)
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
            ("PATCH", "channels/{cid}", self._edit_thread),
            ("POST", "channels/{cid}/messages/{mid}/threads", self._start_thread),
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
        await self.gateway.close()
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
    @overload
    @staticmethod
    async def wait_for(probe: Callable[[], Awaitable[T | None]], timeout: float, what: str,
                       interval: float = 0.01) -> T: ...

    @overload
    @staticmethod
    async def wait_for(probe: Callable[[], T | None], timeout: float, what: str, interval: float = 0.01) -> T: ...

    @staticmethod
    async def wait_for(probe: Callable[[], Any], timeout: float, what: str, interval: float = 0.01) -> Any:
        """Poll ``probe`` (a function or a coroutine function) until it returns something truthy; AssertionError
        naming ``what`` after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            value = probe()
            if inspect.isawaitable(value):
                value = await value
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out after {timeout:g}s waiting for {what}")
            await asyncio.sleep(interval)

    # ----- the gateway (fake_gateway.py) ------------------------------------------------------------------------------
    @property
    def identifies(self) -> int:
        return self.gateway.identifies

    @property
    def resumes(self) -> int:
        return self.gateway.resumes

    async def ask_to_reconnect(self, shard_id: int = 0) -> None:
        """Send RECONNECT (op 7), as Discord does before moving a session: the bot should come back with RESUME."""
        await self.gateway.ask_to_reconnect(shard_id)

    def throttle(self, seconds: float, retry_after: float = 1.0) -> None:
        """Answer every channel write (messages posted, edited, deleted) with 429 for ``seconds`` from now, asking
        to retry after ``retry_after`` seconds, as Discord does to a bot over a limit; interactions are not
        affected (their callbacks and webhooks are another route)."""
        self.throttled_until, self.retry_after = time.monotonic() + seconds, retry_after

    def guild(self, guild_id: int | None = None) -> Guild:
        """The guild with this id (default: the first)."""
        if guild_id is None:
            return self.guilds[0]
        found = [g for g in self.guilds if g.id == guild_id]
        assert found, f"the fake has no guild {guild_id}"
        return found[0]

    def session_of(self, guild_id: int | None = None) -> Session:
        """The gateway session a guild's events go to now (AssertionError when its shard is not connected)."""
        return self.gateway.session_of(self.guild(guild_id))

    async def dispatch(self, event: str, data: JSON, guild_id: int | None = None) -> None:
        """Send a DISPATCH event to the gateway session of the guild's shard."""
        await self.session_of(guild_id).send(event, data)

    # ----- pushing interactions -------------------------------------------------------------------------------------
    def user(self, user_id: int, name: str) -> int:
        self.users[user_id] = name
        return user_id

    async def _interact(self, kind: int, data: JSON, user_id: int, message: Message | None, guild: Guild,
                        permissions: str = "0") -> Interaction:
        """Send INTERACTION_CREATE, from ``guild``'s channel, to the session of the guild's shard."""
        session = self.gateway.session_of(guild)
        interaction = Interaction(self.snowflake(), f"token-{next(self._ids)}", kind, data, user_id,
                                  message.id if message else None, time.monotonic(), guild.id, guild.channel_id,
                                  session.shard[0])
        self.interactions[interaction.id] = interaction
        member = member_payload(user_id, self.users.get(user_id, f"user{user_id}"), permissions)
        payload: JSON = {
            "id": str(interaction.id), "application_id": str(self.APP_ID), "type": kind, "data": data,
            "token": interaction.token, "version": 1, "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": "en-US", "features": []},
            "channel_id": str(guild.channel_id), "channel": guild.channel, "member": member,
            "app_permissions": "2248473465835073", "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)}, "context": 0,
            "attachment_size_limit": 10_485_760}
        if message is not None:
            payload["message"] = message.payload(self.api_base, self.APP_ID)
        await session.send("INTERACTION_CREATE", payload)
        return interaction

    async def slash(self, user_id: int, name: str, *, in_guild: int | None = None, **options: str) -> Interaction:
        """Run a synced slash command with string options, in guild ``in_guild`` (default: the first guild)."""
        guild = self.guild(in_guild)
        synced = [(gid, c) for gid, commands in self.commands.items() for c in commands
                  if c["name"] == name and gid in (None, guild.id)]
        assert synced, f"/{name} was never synced for guild {guild.id}: {self.commands}"
        guild_id, command = synced[-1]
        data: JSON = {"id": command["id"], "name": name, "type": 1,
                      "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()]}
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return await self._interact(2, data, user_id, None, guild)

    async def click(self, user_id: int, message: Message, custom_id: str, values: list[str] | None = None,
                    permissions: str = "0") -> Interaction:
        """Press a button (or choose ``values`` in a select) of ``message``, as drawn in the fake now."""
        assert custom_id in message.custom_ids(), f"{custom_id!r} is not on message {message.id}"
        kind = 3 if values is not None else 2
        data: JSON = {"custom_id": custom_id, "component_type": kind}
        if values is not None:
            data["values"] = values
        return await self._interact(3, data, user_id, message, self._guild_of_channel(message.channel_id),
                                    permissions)

    async def answered(self, interaction: Interaction, timeout: float = 10.0) -> JSON:
        """The bot's first callback to ``interaction``."""
        await self.wait_for(lambda: interaction.callbacks or interaction.refused, timeout,
                            f"the bot to answer interaction {interaction.data}")
        assert not interaction.refused, f"interaction {interaction.data}: {interaction.refused}"
        return interaction.callbacks[0]

    # ----- REST -------------------------------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.Response:
        arrived = time.monotonic()  # when the request reached the fake, before its body (uploads) is read
        payload, files = await read_body(request)
        record = Request(request.method, request.match_info["path"], dict(request.query), payload, files, at=arrived)
        self.requests.append(record)
        if request.method != "GET" and record.path.startswith("channels/") and arrived < self.throttled_until:
            record.status = 429
            return web.Response(status=429, headers={"Content-Type": "application/json", "X-RateLimit-Scope": "user",
                                                     "Retry-After": f"{self.retry_after:g}"},
                                body=json.dumps({"message": "You are being rate limited.", "global": False,
                                                 "retry_after": self.retry_after}).encode())
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
        return {"url": self.gateway_url, "shards": self.shards, "session_start_limit": {
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
            message = self._create(data, r.files, flags, interaction)
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
            message = self._create(r.payload, r.files, int(r.payload.get("flags", 0)), interaction)
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
        return self._create(r.payload, r.files, 0, None, int(m["cid"])).payload(self.api_base, self.APP_ID)

    def _channel_message(self, r: Request, m: dict[str, str]) -> JSON | None:
        self._channel(m["cid"])
        message = self._message(int(m["mid"]))
        if message.ephemeral or message.channel_id != int(m["cid"]):
            raise ApiError(404, 10008, "Unknown Message")  # ephemerals are reachable through their webhook only
        if r.method == "DELETE":
            del self.messages[message.id]
            return None
        if r.method == "PATCH":
            message = self._edit(message, r.payload, r.files)
        return message.payload(self.api_base, self.APP_ID)

    def _history(self, r: Request, m: dict[str, str]) -> list[JSON]:
        """The channel's messages, newest first (ephemerals are nobody's history); ``after`` and ``before`` as
        Discord reads them (``after``: the oldest ones after that id, still listed newest first)."""
        self._channel(m["cid"])
        shown = sorted((x for x in self.messages.values() if not x.ephemeral and x.channel_id == int(m["cid"])),
                       key=lambda x: x.id, reverse=True)
        limit = int(r.query.get("limit", 50))
        if "before" in r.query:
            shown = [x for x in shown if x.id < int(r.query["before"])]
        if "after" in r.query:
            shown = [x for x in shown if x.id > int(r.query["after"])][-limit:]
        return [x.payload(self.api_base, self.APP_ID) for x in shown[:limit]]

    def _channel(self, cid: str) -> JSON:
        return self.threads.get(int(cid)) or self._guild_of_channel(int(cid)).channel

    def _guild_of_channel(self, channel_id: int) -> Guild:
        thread = self.threads.get(channel_id)
        if thread is not None:
            channel_id = int(thread["parent_id"])
        for guild in self.guilds:
            if guild.channel_id == channel_id:
                return guild
        raise ApiError(404, 10003, "Unknown Channel")

    def thread_messages(self, channel_id: int) -> list[Message]:
        """The messages posted in the threads of a channel, oldest first."""
        return sorted((m for m in self.messages.values() if m.channel_id in self.threads
                       and int(self.threads[m.channel_id]["parent_id"]) == channel_id), key=lambda m: m.id)

    def _start_thread(self, r: Request, m: dict[str, str]) -> JSON:
        """Start a public thread from a channel message, as Discord does (no notice is posted in the channel)."""
        guild = self._guild_of_channel(int(m["cid"]))
        starter = self._message(int(m["mid"]))
        if starter.channel_id != int(m["cid"]) or starter.id in self.threads:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        payload = r.payload or {}
        self.threads[starter.id] = {
            "id": str(starter.id), "type": 11, "guild_id": str(guild.id), "parent_id": m["cid"],
            "name": str(payload.get("name", "thread"))[:100], "owner_id": str(self.bot_user["id"]),
            "message_count": 0, "member_count": 1, "rate_limit_per_user": 0, "flags": 0,
            "thread_metadata": {"archived": False, "locked": False,
                                "auto_archive_duration": int(payload.get("auto_archive_duration", 1440)),
                                "archive_timestamp": JOINED}}
        return self.threads[starter.id]

    def _edit_thread(self, r: Request, m: dict[str, str]) -> JSON:
        """Archive (or rename) a thread the bot started."""
        thread = self.threads.get(int(m["cid"]))
        if thread is None:
            raise ApiError(403, 50013, "Missing Permissions")
        payload = r.payload or {}
        if "archived" in payload:
            thread["thread_metadata"]["archived"] = bool(payload["archived"])
        if "name" in payload:
            thread["name"] = str(payload["name"])[:100]
        return thread

    def _message(self, mid: int | None) -> Message:
        if mid is None or mid not in self.messages:
            raise ApiError(404, 10008, "Unknown Message")
        return self.messages[mid]

    # ----- message contents ----------------------------------------------------------------------------------------
    def _create(self, data: JSON, files: list[Upload], flags: int, interaction: Interaction | None,
                channel_id: int | None = None) -> Message:
        """A new message: an interaction's answer (in its channel), or a message posted in ``channel_id``."""
        channel = interaction.channel_id if interaction is not None else channel_id
        assert channel is not None
        message = Message(self.snowflake(), channel, self.bot_user, flags=flags,
                          interaction_id=interaction.id if interaction else None)
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
