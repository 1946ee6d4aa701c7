"""/help: what Domino Hall does, how to play in a few lines, and every command, listed from the command tree itself
(so the list is always the commands the bot really has).

Also where every command's description comes to begin with "Domino Hall:" (:func:`sign_commands`): ``/play`` is a
music bot's command too, and Discord's command list shows a command's description under its name, so a member who
has both bots sees at once which ``/play`` is ours. One group (``/hall play``) would say it as well, but would make
every command longer to type and break what members already know; a word in the description costs nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import member_language
from cogs.text import COLOUR, NO_PINGS
from engine import catalogue
from render.language import ENGLISH, Language, _, translate

if TYPE_CHECKING:
    from bot.client import DominoHall

#: How every command's description begins, in the member's command list.
SIGNATURE = "Domino Hall: "
#: The few lines of "how to play" (each said in the member's language).
HOW_TO_PLAY = (
    _("`/play game:<game>` opens a table in this channel; others press **Join**, the host may **Add computer**, "
      "then **Start**."),
    _("**My hand** shows you your tiles privately, with a button for each move you can make on your turn."),
    _("`/rules game:<game>` explains a game and its house rules; `/games` lists every game."),
    _("`/leaderboard` and `/stats` show this server's results and ratings; `/replay` shows a finished game again."),
    _("`/tournament create` runs a tournament night: `starts_at:in 2h` starts it by itself (with a server event and "
      "a reminder), `rules:target=150` sets its house rules; standings come as a picture after every round."),
)
AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group


def sign_commands(tree: app_commands.CommandTree[Any]) -> int:
    """Begin the description of every command (and subcommand) in ``tree`` with :data:`SIGNATURE`, for English
    and, through the catalogue, every language (``render/locales``); returns how many were changed. Run once the
    other cogs are loaded (this cog is the last extension), so it names the commands they add as well."""
    changed = 0
    for command in tree.walk_commands():
        if command.description.startswith(SIGNATURE):
            continue
        command.description = SIGNATURE + command.description
        # discord.py asks the translator for this text (bot/i18n.py): the signed sentence, translated whole.
        command._locale_description = app_commands.locale_str(command.description)
        changed += 1
    return changed


def command_lines(tree: app_commands.CommandTree[Any], locale: Language = ENGLISH,
                  permissions: discord.Permissions | None = None) -> list[str]:
    """One line per command a member can type (a group's subcommands each on their own), with its description,
    in the member's language and in the order of the names they read. With ``permissions``, only the commands
    whose default permissions the member has (what Discord's own command list shows them)."""
    lines: list[tuple[str, str]] = []
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        needed = command.default_permissions
        if permissions is not None and needed is not None and not needed <= permissions:
            continue
        leaves: list[tuple[str, AnyCommand]] = []
        if isinstance(command, app_commands.Group):
            leaves = [(f"{translate(command.name, locale)} {translate(sub.name, locale)}", sub)
                      for sub in command.walk_commands() if isinstance(sub, app_commands.Command)]
        elif isinstance(command, app_commands.Command):
            leaves = [(translate(command.name, locale), command)]
        lines += [(name, translate(leaf.description, locale).removeprefix(SIGNATURE)) for name, leaf in leaves]
    return [f"`/{name}` · {said}" for name, said in sorted(lines, key=lambda line: line[0])]


def help_embed(tree: app_commands.CommandTree[Any], locale: Language = ENGLISH,
              permissions: discord.Permissions | None = None) -> discord.Embed:
    """The /help answer: what the bot is, how to play, and the commands (those ``permissions`` allow)."""
    embed = discord.Embed(title=translate("Domino Hall · help", locale), colour=COLOUR, description=translate(
        "Domino Hall hosts {count} domino games in this server's channels, for members and computer players: a live "
        "picture of the table for everyone, and your own hand in private.", locale, count=len(catalogue())))
    embed.add_field(name=translate("How to play", locale),
                    value="\n".join(f"{n}. {translate(line, locale)}" for n, line in enumerate(HOW_TO_PLAY, 1)),
                    inline=False)
    field, lines = 1, command_lines(tree, locale, permissions)
    while lines:  # an embed field holds 1024 characters: as many lines as fit, then the next field
        chunk: list[str] = []
        while lines and len("\n".join([*chunk, lines[0]])) <= 1024:
            chunk.append(lines.pop(0))
        if not chunk:
            chunk.append(lines.pop(0)[:1024])
        embed.add_field(name=translate("Commands", locale) + (f" ({field})" if field > 1 else ""),
                        value="\n".join(chunk), inline=False)
        field += 1
    embed.set_footer(text=translate("Rules of a game: /rules · your data: /privacy", locale))
    return embed


class Help(commands.Cog):
    """/help, and the descriptions that name the bot."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        sign_commands(self.bot.tree)

    @app_commands.command(name="help", description="Domino Hall: What it does, how to play, and its commands")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """Answer privately with the help."""
        permissions = interaction.permissions if interaction.guild is not None else None
        embed = help_embed(self.bot.tree, member_language(interaction), permissions)
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_PINGS)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Help(bot))
