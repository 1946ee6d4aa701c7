"""The bot's invite link: the scopes and the channel permissions it asks for, each for a reason.

docs/discord-setup.md explains the same list to the operator, with the integer :func:`permissions` gives (a test keeps
the two the same). The bot logs its own link at start (bot/client.py), with its real application id.
"""

from __future__ import annotations

import discord

#: ``bot`` puts the bot user in the server; ``applications.commands`` lets it register its slash commands there.
SCOPES = ("bot", "applications.commands")

#: Every permission the bot needs, by discord.py's name, with what it is for. Nothing else: the bot deletes and edits
#: only its own messages and archives only the threads it started, which Discord allows without more.
NEEDED: dict[str, str] = {
    "view_channel": "see the channel where a table is opened, to post and update the table there",
    "send_messages": "post the lobby and table messages, the recaps, the final standings and the turn reminders",
    "embed_links": "the lobby and table messages are embeds",
    "attach_files": "the table pictures, the recaps and the standings are uploaded images",
    "read_message_history": "keep editing a table message, and start its thread from it, after a restart or later "
                            "in a long game: it is then a message of the channel's history",
    "create_public_threads": "with /hall-settings threads:on, start each table's thread from its table message",
    "send_messages_in_threads": "post the recaps, the standings and the turn reminders in a table's thread",
}


def permissions() -> discord.Permissions:
    """The permissions the bot asks for when invited (:data:`NEEDED`)."""
    return discord.Permissions(**dict.fromkeys(NEEDED, True))


def invite_url(application_id: int) -> str:
    """The link that adds the bot with application id ``application_id`` to a server, with :data:`SCOPES` and
    :func:`permissions`.

    >>> invite_url(123)
    'https://discord.com/oauth2/authorize?client_id=123&scope=bot+applications.commands&permissions=309237763072'
    """
    return discord.utils.oauth_url(application_id, permissions=permissions(), scopes=SCOPES)
