"""What the fake Discord keeps: messages with their versions and uploads, interactions with the bot's answers,
and every HTTP request; plus the small helpers that shape its HTTP answers like Discord's."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

EPHEMERAL, LOADING = 64, 128
JSON = dict[str, Any]
Upload = tuple[str, str, bytes]  # form part name, filename, bytes

# ----- the guilds, channels and bot of the fake, as Discord's payloads ------------------------------------------------
# Discord puts a guild on shard (guild_id >> 22) % shard_count: with two shards, GUILD_ID is on shard 1 and
# SHARD0_GUILD_ID on shard 0. A fake started with one guild (the default) serves GUILD_ID alone.
GUILD_ID, CHANNEL_ID, APP_ID = 700_000_000_000_000_001, 700_000_000_000_000_002, 700_000_000_000_000_003
SHARD0_GUILD_ID, SHARD0_CHANNEL_ID = GUILD_ID - (1 << 22), CHANNEL_ID - (1 << 22)
JOINED = "2026-01-01T00:00:00+00:00"
BOT_USER: JSON = {"id": str(APP_ID), "username": "Domino Hall", "discriminator": "0", "avatar": None,
                  "global_name": None, "bot": True, "flags": 0, "verified": True}
APP_INFO: JSON = {"id": str(APP_ID), "name": "Domino Hall", "description": "", "icon": None, "bot_public": True,
                  "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0, "team": None,
                  "owner": {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}}


@dataclass(frozen=True)
class Guild:
    """A guild of the fake with its one text channel."""

    id: int
    channel_id: int
    name: str

    def shard(self, shard_count: int) -> int:
        """The shard Discord sends this guild's events to."""
        return (self.id >> 22) % shard_count

    @property
    def channel(self) -> JSON:
        return {"id": str(self.channel_id), "type": 0, "name": "games", "position": 0, "guild_id": str(self.id),
                "permission_overwrites": [], "nsfw": False, "parent_id": None}

    def payload(self) -> JSON:
        """GUILD_CREATE: the guild with its one text channel and the bot as a member."""
        everyone = {"id": str(self.id), "name": "@everyone", "permissions": "2248473465835073", "position": 0,
                    "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
        me = {"user": BOT_USER, "roles": [], "joined_at": JOINED, "deaf": False, "mute": False, "flags": 0}
        return {"id": str(self.id), "name": self.name, "unavailable": False, "member_count": 3,
                "owner_id": "1", "roles": [everyone], "channels": [self.channel], "members": [me], "threads": [],
                "features": [], "emojis": [], "stickers": [], "voice_states": [], "presences": [],
                "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [], "large": False,
                "joined_at": JOINED, "preferred_locale": "en-US"}


TEST_GUILD = Guild(GUILD_ID, CHANNEL_ID, "Domino Test Server")
SHARD0_GUILD = Guild(SHARD0_GUILD_ID, SHARD0_CHANNEL_ID, "Domino Shard Zero Server")


def member_payload(user_id: int, name: str, permissions: str) -> JSON:
    """The member who sent an interaction (``permissions``: their resolved permissions in the channel)."""
    user = {"id": str(user_id), "username": name, "discriminator": "0", "avatar": None, "global_name": name}
    return {"user": user, "roles": [], "joined_at": JOINED, "deaf": False, "mute": False, "flags": 0,
            "permissions": permissions, "nick": None}


@dataclass
class Attachment:
    """A file the bot uploaded."""

    id: int
    filename: str
    data: bytes

    def payload(self, base: str) -> JSON:
        url = f"{base}/attachments/{self.id}/{self.filename}"
        return {"id": str(self.id), "filename": self.filename, "size": len(self.data), "url": url, "proxy_url": url,
                "content_type": "image/png" if self.filename.endswith(".png") else "application/octet-stream"}


@dataclass
class Message:
    """A message as the fake holds it; ``versions`` keeps a snapshot of each state it has been in."""

    id: int
    channel_id: int
    author: JSON
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    interaction_id: int | None = None
    versions: list[JSON] = field(default_factory=list)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def custom_ids(self) -> list[str]:
        """Every component's custom id, in order."""
        return [c["custom_id"] for row in self.components for c in row.get("components", []) if "custom_id" in c]

    def component(self, label: str | None = None, prefix: str | None = None) -> JSON:
        """The first component with this label (or whose custom id starts with ``prefix``)."""
        for row in self.components:
            for c in row.get("components", []):
                if (label is not None and c.get("label") == label) or (
                        prefix is not None and str(c.get("custom_id", "")).startswith(prefix)):
                    return dict(c)
        raise LookupError(f"message {self.id} has no component {label or prefix!r}: {self.custom_ids()}")

    def file(self, filename: str) -> bytes:
        return next(a.data for a in self.attachments if a.filename == filename)

    def snapshot(self) -> JSON:
        return {"content": self.content, "embeds": self.embeds, "components": self.components, "flags": self.flags,
                "attachments": [(a.filename, a.data) for a in self.attachments], "at": time.monotonic()}

    def payload(self, base: str, app_id: int) -> JSON:
        return {"id": str(self.id), "channel_id": str(self.channel_id), "type": 0, "content": self.content,
                "author": self.author, "embeds": self.embeds, "components": self.components,
                "attachments": [a.payload(base) for a in self.attachments], "flags": self.flags,
                "mentions": [], "mention_roles": [], "mention_everyone": False, "pinned": False, "tts": False,
                "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None,
                "webhook_id": str(app_id) if self.interaction_id else None, "application_id": str(app_id)}


@dataclass
class Interaction:
    """An interaction the test sent, and how the bot answered it."""

    id: int
    token: str
    type: int
    data: JSON
    user_id: int
    message_id: int | None
    sent_at: float
    guild_id: int
    channel_id: int
    shard: int  # the gateway session (by shard id) the interaction was sent to
    callbacks: list[JSON] = field(default_factory=list)  # {"type", "data", "latency"}
    original_id: int | None = None
    followups: list[int] = field(default_factory=list)
    edits: int = 0
    refused: list[str] = field(default_factory=list)  # callbacks Discord would refuse (late or repeated)


@dataclass
class Request:
    """One HTTP request the bot made, with the fake's answer."""

    method: str
    path: str
    query: dict[str, str]
    payload: Any
    files: list[Upload]
    status: int = 200
    at: float = field(default_factory=time.monotonic)


class ApiError(Exception):
    """An error answer of the fake API, shaped like Discord's."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def json_response(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only when the content type is exactly application/json
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def match_path(pattern: str, path: str) -> dict[str, str] | None:
    want, got = pattern.split("/"), path.split("/")
    if len(want) != len(got):
        return None
    params = {}
    for w, g in zip(want, got, strict=True):
        if w.startswith("{"):
            params[w[1:-1]] = g
        elif w != g:
            return None
    return params


async def read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON payload and the uploaded files (form part name, filename, bytes) of a request."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files = []
        reader = await request.multipart()
        async for part in reader:
            assert isinstance(part, BodyPartReader), "nested multipart"
            body = await part.read()
            if part.name == "payload_json":
                payload = json.loads(body)
            else:
                files.append((str(part.name), str(part.filename), bytes(body)))
        return payload, files
    text = await request.text()
    return (json.loads(text) if text else None), []
