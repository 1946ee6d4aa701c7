"""The games as slash-command choices, shared by every command with a ``game`` option."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from engine import catalogue


def game_choices() -> list[app_commands.Choice[str]]:
    """The registry's games as slash-command choices (Discord allows 25)."""
    return [app_commands.Choice(name=app_commands.locale_str(spec.title[:100]), value=key)  # (translated: bot/i18n.py)
            for key, spec in catalogue().items()][:25]


def use_registry_choices(cog: commands.Cog) -> None:
    """Give every ``game`` parameter of the cog's commands the catalogue as it is now (when the bot starts)."""
    for command in cog.walk_app_commands():
        parameter = getattr(command, "_params", {}).get("game")
        if parameter is not None:
            parameter.choices = game_choices()


GAME_CHOICES = game_choices()
