"""docs/discord-setup.md gives the invite link and permission integer the code computes (bot/invite.py), and explains
every permission in it (issue 27)."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.invite import NEEDED, SCOPES, invite_url, permissions

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "discord-setup.md").read_text()


def permission_rows() -> dict[str, tuple[int, int]]:
    """The guide's permission table: name -> (value, bit)."""
    rows = re.findall(r"^\| ([A-Z][A-Za-z ]+) \| (\d+) \(1 << (\d+)\) \|", GUIDE, re.M)
    return {name: (int(value), int(bit)) for name, value, bit in rows}


def test_the_guides_invite_link_is_the_codes() -> None:
    links = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", GUIDE)
    assert links == [invite_url(1234).replace("1234", "<APPLICATION_ID>")]
    assert "scope=bot+applications.commands" in links[0] and SCOPES == ("bot", "applications.commands")
    total = re.search(r"^\| \*\*all of them\*\* \| \*\*(\d+)\*\* \|", GUIDE, re.M)
    assert total is not None and int(total.group(1)) == permissions().value == 309237763072


def test_the_table_lists_exactly_the_permissions_the_bot_asks_for_with_their_values() -> None:
    rows = permission_rows()
    asked = permissions()
    # discord.py's name for each row ("Send Messages in Threads" -> send_messages_in_threads)
    names = {name.lower().replace(" ", "_"): value_bit for name, value_bit in rows.items()}
    assert set(names) == set(NEEDED)
    for name, (value, bit) in names.items():
        assert discord.Permissions(**{name: True}).value == value == 1 << bit
    assert sum(value for value, _ in rows.values()) == asked.value


def test_the_bot_asks_for_nothing_it_does_not_use() -> None:
    """No moderation or administrator permission: the bot edits and deletes its own messages only and archives only
    the threads it started."""
    asked = permissions()
    assert not (asked.administrator or asked.manage_messages or asked.manage_threads or asked.mention_everyone
                or asked.manage_channels or asked.manage_guild)
    assert "privileged" in GUIDE.lower() and "DEV_GUILD_ID" in GUIDE and "Public Bot" in GUIDE
