"""/play, the lobby buttons, the table message and the private "My hand" with its move controls.

A thin adapter: every decision is the table service's; this cog turns clicks into service calls, answers the member
(ephemerally when it concerns only them), and keeps each table message up to date from the service's updates.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot import offload
from bot.storage import StorageUnavailable
from bot.table import ABANDONED, LOBBY, NotAllowed, StaleClick, Table, TableError
from bot.tables import TableUpdate
from cogs import text, ui
from cogs.recaps import Recaps, hand_word
from cogs.turns import Turns
from engine import Choose, Tile, catalogue
from engine import Play as PlayTile
from engine.views import GameView

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.play")
MAX_IMAGE_BYTES = 500_000
#: Table-message edits a second the whole process aims at, under Discord's global 50 requests a second (interaction
#: answers and their follow-ups are exempt; nudges and other channel messages share what is left).
TABLE_EDITS_PER_SECOND = 35.0


def game_choices() -> list[app_commands.Choice[str]]:
    """The registry's games as slash-command choices (Discord allows 25)."""
    return [app_commands.Choice(name=spec.title[:100], value=key) for key, spec in catalogue().items()][:25]


def use_registry_choices(cog: commands.Cog) -> None:
    """Give every ``game`` parameter of the cog's commands the catalogue as it is now (when the bot starts)."""
    for command in cog.walk_app_commands():
        parameter = getattr(command, "_params", {}).get("game")
        if parameter is not None:
            parameter.choices = game_choices()


GAME_CHOICES = game_choices()
Click = Callable[["Play", discord.Interaction[Any], int, int, str, list[str]], Awaitable[None]]


@dataclass
class RoundResult:
    """A round's or the match's end, shown under the table until the next one."""

    version: int
    title: str
    lines: list[str]
    view: GameView
    png: bytes | None = None


class Play(commands.Cog):
    """Tables: lobbies, table messages, hands and moves."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot
        self.service = bot.tables
        self.latest: dict[int, Table] = {}
        self.results: dict[int, RoundResult] = {}
        self.refreshing: dict[int, asyncio.Task[None]] = {}
        self.dirty: set[int] = set()
        self.turns = Turns(bot, self.hand_message, grace=bot.settings.nudge_grace)
        self.recaps = Recaps(bot)
        use_registry_choices(self)

    async def cog_load(self) -> None:
        ui.set_handler(self.on_click)
        self.service.add_listener(self.on_update)

    async def cog_unload(self) -> None:
        for task in self.refreshing.values():
            task.cancel()
        await self.recaps.close()
        await self.turns.close()

    # ----- /play ------------------------------------------------------------------------------------------------
    @app_commands.command(name="play", description="Open a table for a domino game in this channel")
    @app_commands.describe(game="The game to play (see /games)")
    @app_commands.choices(game=GAME_CHOICES)
    async def play(self, interaction: discord.Interaction[Any], game: app_commands.Choice[str]) -> None:
        """Post a lobby for ``game`` with the member who asked as host."""
        if interaction.guild is None or interaction.channel_id is None:
            await interaction.response.send_message(
                "Tables are played in server channels: use /play in a server where Domino Hall is.", ephemeral=True)
            return
        user = interaction.user
        table = await self.service.create_lobby(interaction.guild.id, interaction.channel_id, user.id,
                                                user.display_name[:32], game.value)
        await interaction.response.send_message(embed=text.lobby_embed(table), view=ui.lobby_view(table),
                                                allowed_mentions=text.NO_PINGS)
        message = await interaction.original_response()
        await self.service.set_message(table.id, message.id)

    # ----- clicks -------------------------------------------------------------------------------------------------
    async def on_click(self, interaction: discord.Interaction[Any], kind: str, tid: int, ver: int, arg: str,
                       values: list[str]) -> None:
        """Every button and select of every table arrives here."""
        handler = CLICKS.get(kind)
        try:
            if handler is None:
                raise StaleClick()
            self.service.check_place(tid, interaction.guild_id, interaction.channel_id)
            await handler(self, interaction, tid, ver, arg, values)
        except (TableError, StorageUnavailable) as refusal:
            await tell(interaction, str(refusal))
        except Exception:
            log.exception("table %d: the %s click of user %d failed", tid, kind, interaction.user.id)
            await tell(interaction, "Something went wrong on our side; it has been logged.")

    async def _lobby(self, interaction: discord.Interaction[Any], call: Awaitable[object]) -> None:
        await call
        await interaction.response.defer()

    async def join(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.join(tid, i.user.id, i.user.display_name[:32]))

    async def leave(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.leave(tid, i.user.id))

    async def computer(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.add_computer(tid, i.user.id))

    async def level(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.set_computer_level(tid, i.user.id, values[0] if values else ""))

    async def start(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.start_game(tid, ver, i.user.id))

    async def cancel(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.abandon(tid, i.user.id, can_manage=i.permissions.manage_guild))

    async def run(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.set_autopilot(tid, i.user.id))

    async def rules(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        table = self.service.get(tid)
        if table.status != LOBBY:
            raise StaleClick("This lobby is closed.")
        if i.user.id != table.host_id:
            raise NotAllowed("Only the host can set the house rules.")
        await i.response.send_message(ui.rules_text(table), view=ui.rules_view(table), ephemeral=True)

    async def page(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        table, page = self.service.get(tid), int(arg or 0)
        await i.response.edit_message(content=ui.rules_text(table, page), view=ui.rules_view(table, page))

    async def option(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        table = self.service.get(tid)
        index = int(arg)
        await self.service.set_option(tid, i.user.id, table.spec.options[index].name, values[0])
        await i.response.edit_message(view=ui.rules_view(table, index // ui.OPTIONS_PER_PAGE))

    async def uncomputer(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        table = await self.service.remove_computer(tid, i.user.id)
        await i.response.edit_message(view=ui.rules_view(table))

    async def end(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        await self._lobby(i, self.service.abandon(tid, i.user.id, can_manage=i.permissions.manage_guild))

    async def request(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        """The host's request (Stop after this deal): through the service's normal apply path."""
        await self._lobby(i, self.service.request(tid, i.user.id, arg))

    async def hand(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        """A fresh ephemeral with the member's hand and, on their turn, one control per legal move."""
        table = self.service.get(tid)
        seat = table.seat_of(i.user.id)
        if seat is None:
            raise NotAllowed(f"You are watching table #{tid}: only its players have a hand.")
        await i.response.defer(ephemeral=True, thinking=True)
        version = table.version
        content, file, view = await self.hand_message(table, seat)
        if view is None:
            sent = await i.followup.send(content, file=file, ephemeral=True, allowed_mentions=text.NO_PINGS,
                                         wait=True)
        else:
            sent = await i.followup.send(content, file=file, view=view, ephemeral=True,
                                         allowed_mentions=text.NO_PINGS, wait=True)
        # This ephemeral is now the member's live hand: their next turns come to it (cogs/turns.py).
        self.turns.remember(table, i.user.id, i, sent.id, seat, version if view is not None else None)
        self.turns.on_update(table)  # in case the table moved on while it was drawn

    async def move(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        """Play the clicked (or selected) move, then show the hand as it is now in the same ephemeral."""
        table = self.service.get(tid)
        seat = table.seat_of(i.user.id)
        chosen = values[0] if values else arg
        if chosen.startswith("#") and seat is not None and table.game is not None:
            legal = table.game.legal_actions(seat)
            index = int(chosen[1:])
            chosen = str(legal[index]) if index < len(legal) else "?"
        await self.service.act(tid, ver, i.user.id, chosen)
        await self.after_move(i, table, seat)

    async def choose(self, i: discord.Interaction[Any], tid: int, ver: int, arg: str, values: list[str]) -> None:
        """A multi-select of tiles: the chosen tiles as one Choose action."""
        table = self.service.get(tid)
        try:
            action = Choose(tuple(Tile.parse(v) for v in values))
        except ValueError:
            raise StaleClick() from None
        await self.service.act(tid, ver, i.user.id, str(action))
        await self.after_move(i, table, table.seat_of(i.user.id))

    async def after_move(self, i: discord.Interaction[Any], table: Table, seat: int | None) -> None:
        """Acknowledge at once, then show the hand as it is now on the message clicked, which stays the member's
        live hand: when their turn comes back, its controls come back with it."""
        await i.response.defer()
        if seat is None:
            return
        live = self.turns.remember(table, i.user.id, i, None, seat, None)
        await self.turns.show_now(table, i.user.id, live)

    async def hand_message(self, table: Table, seat: int) -> tuple[str, discord.File, discord.ui.View | None]:
        """The hand's words, image and controls, all drawn from one consistent (game, version) reading."""
        game = table.game
        assert game is not None
        view = game.view(seat)
        can_move = seat in game.to_act and not table.is_automatic(seat)
        legal = game.legal_actions(seat) if can_move else []
        playable = {str(a.tile) for a in legal if isinstance(a, PlayTile)}
        view["playable"] = [t for t in view["hand"] or [] if t in playable]  # every copy of a duplicate tile
        items = ui.move_controls(table, seat, legal, game.describe)
        content = text.hand_text(table, view, seat, can_move)
        png = await draw(render.render_hand, view, table.names, table.id)
        return content, discord.File(io.BytesIO(png), "hand.png"), ui.hand_view(items)

    # ----- keeping the table message current ----------------------------------------------------------------------
    def on_update(self, update: TableUpdate) -> None:
        """Called by the service after every change: note a hand's or round's end (any event with an outcome, in
        every game), post its recap, and schedule one refresh of the message."""
        table = update.table
        self.latest[table.id] = table
        self.turns.on_update(table)
        ends = [e for e in update.events if e.outcome is not None]
        if ends and table.game is not None:
            over = any(e.kind == "match_over" for e in ends)
            title = "Match over" if over else f"{hand_word(table)} over"
            start = update.events.index(ends[0])
            narrator = table.narrator(text.shown(table))
            lines = [narrator.event(e) for e in update.events[start:]
                     if e.outcome is not None or e.kind == "score"]
            self.results[table.id] = RoundResult(update.version, title, lines, table.game.view(None))
            self.recaps.on_update(table, update.events)
        if table.id in self.refreshing:
            self.dirty.add(table.id)
        else:
            self.refreshing[table.id] = asyncio.create_task(self._refresh_loop(table.id),
                                                            name=f"table-{table.id}-message")

    async def _refresh_loop(self, tid: int) -> None:
        try:
            while True:
                self.dirty.discard(tid)
                try:
                    await self.refresh(self.latest[tid])
                except discord.HTTPException as error:
                    log.warning("table %d: could not update its message: %s", tid, error)
                except Exception:
                    log.exception("table %d: updating its message failed", tid)
                if tid not in self.dirty:
                    return
                await asyncio.sleep(self.edit_interval())
        finally:
            self.refreshing.pop(tid, None)
            if self.latest.get(tid) is not None and self.latest[tid].status not in (LOBBY, "playing"):
                self.latest.pop(tid, None)
                self.results.pop(tid, None)

    def edit_interval(self) -> float:
        """The least time between two edits of one table message: the bot's setting, stretched when many tables are
        changing at once so that all their edits stay within :data:`TABLE_EDITS_PER_SECOND`. Under load the pictures
        update less often; clicks are answered as fast as ever (they never wait for a picture)."""
        return max(self.bot.edit_interval, len(self.refreshing) / TABLE_EDITS_PER_SECOND)

    async def refresh(self, table: Table) -> None:
        """Redraw a table's message: the lobby, the live table with its image, or the closed notice."""
        if table.row.message_id is None:
            return
        message = self.bot.get_partial_messageable(table.row.channel_id, guild_id=table.row.guild_id
                                                   ).get_partial_message(table.row.message_id)
        if table.status == LOBBY:
            await message.edit(embed=text.lobby_embed(table), view=ui.lobby_view(table),
                               allowed_mentions=text.NO_PINGS)
            return
        if table.status == ABANDONED or table.game is None:
            await message.edit(embed=text.closed_embed(table), view=None, attachments=[])
            return
        view, names, controls = table.game.view(None), table.names, ui.table_view(table)
        png = await draw(render.render_table, view, names, table.id)
        files = [discord.File(io.BytesIO(png), "table.png")]
        embeds = [text.table_embed(table, view, "table.png")]
        result = self.results.get(table.id)
        if result is not None:
            if result.png is None:
                result.png = await draw(render.render_scores, result.view, names, table.id)
            files.append(discord.File(io.BytesIO(result.png), "scores.png"))
            embeds.append(text.scores_embed(table, result.title, result.lines, "scores.png"))
        await message.edit(embeds=embeds, attachments=files, view=controls, allowed_mentions=text.NO_PINGS)


async def draw(renderer: Callable[[GameView, list[str]], bytes], view: GameView, names: list[str],
               tid: int) -> bytes:
    """Render off the event loop; warn when an image is over Discord-friendly size."""
    png = await offload.run_in("render", renderer, view, names)
    if len(png) > MAX_IMAGE_BYTES:
        log.warning("table %d: %s image is %d bytes", tid, renderer.__name__, len(png))
    return png


async def tell(interaction: discord.Interaction[Any], message: str) -> None:
    """Answer only the member who clicked (a new ephemeral if the click was already acknowledged)."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True, allowed_mentions=text.NO_PINGS)
        else:
            await interaction.response.send_message(message, ephemeral=True, allowed_mentions=text.NO_PINGS)
    except discord.HTTPException:
        log.warning("could not answer user %d: %s", interaction.user.id, message)


CLICKS: dict[str, Click] = {
    "join": Play.join, "leave": Play.leave, "computer": Play.computer, "level": Play.level, "start": Play.start,
    "cancel": Play.cancel,
    "rules": Play.rules, "page": Play.page, "opt": Play.option, "uncomputer": Play.uncomputer, "end": Play.end,
    "run": Play.run, "rq": Play.request, "hand": Play.hand, "m": Play.move, "mc": Play.choose,
}


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Play(bot))
