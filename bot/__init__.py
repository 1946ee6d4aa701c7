"""Domino Hall's Discord bot: settings, storage, the table service and the discord.py client."""
