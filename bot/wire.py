"""Point discord.py at another REST API base or gateway (a proxy, or the test suite's local fake of Discord).

discord.py builds every REST URL from ``discord.http.Route.BASE`` (interaction callbacks and webhooks too, through
the same ``Route``), and connects a fresh session to ``DiscordWebSocket.DEFAULT_GATEWAY``; a resumed session uses
the ``resume_gateway_url`` the gateway itself sent in READY.
"""

from __future__ import annotations

import discord
import discord.gateway
import discord.http
import yarl

DISCORD_API_BASE = discord.http.Route.BASE
DISCORD_GATEWAY = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY


def apply_endpoint_overrides(api_base: str | None, gateway_url: str | None) -> None:
    """Use ``api_base`` for REST and ``gateway_url`` for the gateway; ``None`` keeps (or restores) Discord's own."""
    discord.http.Route.BASE = api_base.rstrip("/") if api_base else DISCORD_API_BASE
    gateway = yarl.URL(gateway_url) if gateway_url else DISCORD_GATEWAY
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = gateway
