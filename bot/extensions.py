"""The cogs the bot loads, by module name: discord.py imports them when the bot starts (bot/ never imports cogs),
and ``python -m bot.i18n check`` loads the same list to read their commands' texts."""

#: cogs.help comes last: it signs every command's description (cogs/help.py), so it must see them all.
EXTENSIONS = ("cogs.play", "cogs.stats", "cogs.rules", "cogs.settings", "cogs.replay", "cogs.admin", "cogs.privacy",
              "cogs.tournament", "cogs.tournament_schedule", "cogs.help")
