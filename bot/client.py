"""The discord.py client: opens the database, starts the table service, loads the cogs, syncs commands."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot import metrics, offload
from bot.extensions import EXTENSIONS
from bot.health import HealthServer
from bot.i18n import HallTranslator, translate
from bot.invite import invite_url
from bot.leases import ShardLease, process_shards
from bot.pacing import RequestBudget
from bot.settings import Settings, StartError, safe_url
from bot.storage import Storage, StorageUnavailable
from bot.table import Table
from bot.tables import TableService
from render.language import Language

log = logging.getLogger("domino_hall")
ALLOWED_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


class TablePages(Protocol):
    """What a table's controls may ask of the messages a table shows (the Play cog's publisher, cogs/play.py): the
    bot holds it as :attr:`DominoHall.pages`, so a click reaches it without looking a cog up by name."""

    async def post_lobby(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """Answer the click or command with the new lobby message."""

    async def show_hand(self, interaction: discord.Interaction[Any], table: Table) -> None:
        """A fresh private message with the member's hand and, on their turn, its move controls."""

    async def after_move(self, interaction: discord.Interaction[Any], table: Table, seat: int | None) -> None:
        """Acknowledge a move and show the hand as it is now on the message clicked."""

    async def repost(self, table: Table) -> int:
        """Post the table's message again at the bottom of its channel; the new message's id."""

    def saw(self, table_id: int, user_id: int) -> None:
        """The member just used one of the table's controls: they are at the table."""


class DominoHall(commands.AutoShardedBot):
    """The bot. Its resources are opened in :meth:`setup_hook` and closed in :meth:`close`.

    Sharded the discord.py way: ``SHARD_COUNT``/``SHARD_IDS`` choose the shards this process runs (all of them by
    default), and the table service keeps only the tables of servers on those shards (README, "Several processes").
    """

    tables: TableService
    storage: Storage
    pages: TablePages  # set by the Play cog when it loads

    def __init__(self, settings: Settings, *, force_sync: bool = False, edit_interval: float = 1.0) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        shards: dict[str, Any] = {}
        if settings.shard_count is not None:
            shards = {"shard_count": settings.shard_count, "shard_ids": list(settings.shard_ids or ())}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         allowed_mentions=ALLOWED_MENTIONS, http_trace=metrics.http_trace(), **shards)
        self.settings = settings
        self.force_sync = force_sync
        self.edit_interval = edit_interval  # least seconds between two edits of one table message
        self.budget = RequestBudget()  # Discord's global limit: what the table pictures may use of it
        self.tree.error(self.on_app_command_error)
        self.health: HealthServer | None = None
        self.answered = asyncio.Event()  # set once the gateway has sent READY (bot/lifecycle.py watches the login)
        self._set_up = False

    async def setup_hook(self) -> None:
        """Open storage, start the table service, load cogs (the Play cog registers the controls, DynamicItems that
        find their table again after a restart), reload running tables, sync commands."""
        offload.configure(render_processes=self.settings.render_processes,
                          computer_processes=self.settings.computer_processes)
        self.budget.watch(self.http)
        self.storage = await Storage.open_or_explain(self.settings)
        # Refuse to start (one line, exit 2) while another live process holds one of this process's shards.
        self.lease = ShardLease(self.storage, *process_shards(self.settings.shard_count, self.settings.shard_ids))
        await self.lease.acquire()
        self.lease.start(self._lease_lost)
        self.tables = TableService(self.storage, computer_pause=self.settings.computer_pause,
                                   turn_time_limit=self.settings.turn_time_limit, owns=self.settings.owns_guild,
                                   budget=self.budget)
        await self.start_health()
        await self.tree.set_translator(HallTranslator())  # the commands in Spanish too (bot/i18n.py)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tables.start()
        if self.application_id is not None:  # known once logged in, which is before this hook
            log.info("invite link: %s", invite_url(self.application_id))
        await self.sync_commands()
        self._set_up = True

    def login_stage(self) -> str:
        """What the login waits for now, for the "still waiting" log line (addresses only: never a secret)."""
        from bot.wire import DISCORD_API_BASE, DISCORD_GATEWAY

        api = safe_url(self.settings.api_base or DISCORD_API_BASE)
        if self.user is None:
            return f"waiting for Discord at {api} to log in"
        if not self._set_up:
            return f"setting up: the database {self.settings.database_label} and the slash commands at {api}"
        return f"waiting for Discord at {safe_url(str(self.settings.gateway_url or DISCORD_GATEWAY))}"

    async def on_connect(self) -> None:
        self.answered.set()

    async def start_health(self) -> None:
        """Serve /healthz and /metrics when HEALTH_PORT is set (bot/health.py), and time what they report."""
        metrics.count_open_tables(self, lambda bot: len(bot.tables.store.tables))
        metrics.watch_acknowledgements()
        if self.settings.health_port is None:
            return
        self.health = HealthServer(lambda: self.storage.db if hasattr(self, "storage") else None,
                                   self.gateway_connected, host=self.settings.health_host,
                                   port=self.settings.health_port)
        try:
            await self.health.start()
        except OSError as error:
            raise StartError(f"cannot serve /healthz on {self.settings.health_host}:{self.settings.health_port}: "
                             f"{error.strerror or error}") from None

    def gateway_connected(self) -> bool:
        """Whether every shard of this process is connected to the gateway now."""
        return (self.is_ready() and not self.is_closed()
                and all(not shard.is_closed() for shard in self.shards.values()))

    async def on_shard_connect(self, shard_id: int) -> None:
        metrics.gateway_connected(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        metrics.RECONNECTS.inc()

    async def sync_commands(self) -> None:
        """Sync slash commands (to DEV_GUILD_ID only, when set) unless they are the same as at the last sync."""
        guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        payload = [await command.get_translated_payload(self.tree, translator) if translator is not None
                   else command.to_dict(self.tree) for command in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps([guild.id if guild else None, payload], sort_keys=True).encode()).hexdigest()
        key = f"command_sync:{self.application_id}"
        if not self.force_sync and await self.storage.meta.get(key) == digest:
            log.info("slash commands unchanged since the last sync; not syncing")
            return
        synced = await self.tree.sync(guild=guild)
        await self.storage.meta.set(key, digest)
        log.info("synced %d slash commands %s", len(synced), f"to guild {guild.id}" if guild else "globally")

    def _lease_lost(self, why: str) -> None:
        """Another process took this one's shards over (it could not renew its lease): stop holding their tables."""
        log.error("stopping: another process runs these shards now (%s)", why)
        self._stopping = asyncio.ensure_future(self.close())

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))

    async def on_app_command_error(self, interaction: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        """The database away (a restart, a lost connection): one log line and "try again" for the member. Anything
        else: log the traceback; tell the member only that something went wrong."""
        command = interaction.command.name if interaction.command else "?"
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        if isinstance(cause, StorageUnavailable):
            log.warning("/%s by user %d: the database is not reachable (%s)", command, interaction.user.id,
                        cause.__cause__ or "no answer")
            await tell(interaction, Language.of(interaction.locale).said(cause.phrase))
            return
        log.error("/%s by user %d failed", command, interaction.user.id, exc_info=error)
        await tell(interaction, translate("Something went wrong on our side; it has been logged.",
                                          Language.of(interaction.locale)))

    async def close(self) -> None:
        """Stop the tables' tasks, disconnect, and close the database."""
        if self.health is not None:
            await self.health.stop()
            self.health = None
        if hasattr(self, "tables"):
            await self.tables.close()
        await super().close()
        if hasattr(self, "lease"):
            await self.lease.close()
            del self.lease
        await self.release()

    async def release(self) -> None:
        """Close what the process holds besides Discord: the database (and its worker threads) and the worker pools.
        Safe to call again, and from a stop whose Discord part timed out."""
        if hasattr(self, "storage"):
            await self.storage.close()
        offload.shutdown()


async def tell(interaction: discord.Interaction[Any], message: str) -> None:
    """Answer only the member who asked (a new ephemeral if the interaction was already acknowledged); mentions in
    ``message`` never ping."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.response.send_message(message, ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())
    except discord.HTTPException:
        log.warning("could not answer user %d: %s", interaction.user.id, message)
