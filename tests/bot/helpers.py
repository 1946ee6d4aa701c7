"""Helpers for driving the real bot through simcord: find the table, open a hand, press its first control."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.table import Table


def components(message: Any) -> list[dict[str, Any]]:
    """Every button and select of a message, in order."""
    out = []
    for row in message.components:
        data = row if isinstance(row, dict) else row.to_dict()  # a discord.ActionRow from a channel message
        out.extend(data.get("components", []))
    return out


def answer(result: Any) -> Any:
    """The message a click produced: the last followup, else the response (a deferred reply's first followup
    becomes the response)."""
    return result.followups[-1] if result.followups else result.response


def png_size(attachment: Any, data: bytes) -> tuple[int, int]:
    """Decode an attached PNG and return its size (fails if it is not a PNG)."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert len(data) < 500_000
    return image.size


def message_of(channel: Any, message_id: int) -> Any:
    """A channel's message by id (the table message, once hand recaps have been posted under it)."""
    return next(m for m in channel.history() if m.id == message_id)


def table_of(env: Any, table_id: int) -> Table:
    """The table as the bot's service holds it (open tables only)."""
    return env.bot.tables.store.tables[table_id]


async def press_first_control(member: Any, hand: Any) -> Any:
    """Press the first move control of a hand ephemeral: a button, or the first option(s) of a select."""
    control = components(hand)[0]
    if control["type"] == 2:
        return await member.click(hand, custom_id=control["custom_id"])
    count = control.get("min_values", 1)
    values = [option["value"] for option in control["options"][:count]]
    return await member.select(hand, values, custom_id=control["custom_id"])
