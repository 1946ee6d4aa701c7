"""/replay and /history (issue 14): a finished game step by step, drawn from its saved action log.

``/replay table:<id>`` answers privately with the table picture after a step, what that step did, and every hand
(the game is over, so nothing is hidden any more), with **First**, **Back**, **Forward**, **Last** and **Next
hand**, and **Download** for the saved game as JSON (``engine.load`` restores it; ``python -m tabletop
--replay FILE`` prints it). Each button carries the step it goes to, so a replay needs nothing in memory and keeps
working after a restart. ``/history [member]`` lists the server's recent finished games with their ids.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot import offload
from bot.names import in_text
from bot.table import TableError, TableStatus
from bot.tables import TableRow
from cogs.base import member_language
from cogs.text import COLOUR, NO_PINGS
from engine import CorruptState, Game, catalogue
from engine.replay import Replay
from render.language import ENGLISH, Language, _, display_name, language_of, translate
from render.words import Narrator

if TYPE_CHECKING:
    from bot.client import DominoHall

log = logging.getLogger("domino_hall.replay")
HISTORY_LENGTH = 10


class ReplayRefused(TableError):
    """A replay that cannot be shown, with the reason for the member: words given as data, said in the member's
    language by :meth:`said`, as every refusal is (bot.table.TableError)."""


def names_of(row: TableRow) -> list[str]:
    return [seat.name for seat in row.seats]


async def finished_game(bot: DominoHall, guild_id: int | None, tid: int) -> tuple[TableRow, Replay]:
    """The saved row and the replay of one of this server's finished tables (ReplayRefused, saying why, else)."""
    row = await bot.tables.saved_table(tid)
    if row is None or row.guild_id != guild_id:
        raise ReplayRefused(_("This server has no table #{table}."), table=tid)
    if row.status != TableStatus.FINISHED or not row.state:
        raise ReplayRefused(_("Table #{table} has not finished: a replay is ready once its game ends."), table=tid)
    try:
        return row, await asyncio.to_thread(lambda: Replay(json.loads(row.state or "")))  # off the event loop
    except (ValueError, CorruptState) as error:
        log.warning("table %d: its saved game cannot be replayed: %s", tid, error)
        raise ReplayRefused(_("Table #{table}'s saved game cannot be replayed."), table=tid) from None


async def replay_or_refuse(interaction: discord.Interaction[Any], tid: int) -> tuple[TableRow, Replay] | None:
    """The table's replay, or None once the member has been told why there is none."""
    bot: DominoHall = interaction.client
    try:
        return await finished_game(bot, interaction.guild_id, tid)
    except ReplayRefused as refused:
        await interaction.response.send_message(refused.said(member_language(interaction)), ephemeral=True,
                                                allowed_mentions=NO_PINGS)
        return None


def step_text(row: TableRow, replay: Replay, game: Game, step: int, locale: Language = ENGLISH
              ) -> tuple[str, list[tuple[str, str]]]:
    """The words of one step (what it did) and every seat's hand after it (``game``: as it was then), in the
    locale's language."""
    names = [display_name(name, locale or "en") for name in names_of(row)]
    # the names are made safe for message text before they go into the story, so its lines are never cut
    words = Narrator(game.key, [in_text(name) for name in names], game.sides, game.options,
                     language=language_of(locale))
    done = replay.step(step)
    events = game.log if done is None else done.events
    lines = [words.event(event) for event in events][-8:]
    header = translate("Step {step} of {last} · hand {hand}", locale, step=step, last=replay.last,
                       hand=replay.hand_of(step))
    hands = [(names[s] if s < len(names) and names[s] else words.seat(s), " ".join(game.view(s)["hand"] or []) or "-")
             for s in range(game.seats)]
    return header + "\n" + "\n".join(f"• {line}" for line in lines), hands


async def replay_message(row: TableRow, replay: Replay, step: int, locale: Language = ENGLISH) -> dict[str, Any]:
    """What the replay shows at ``step``: an embed with the table picture and the controls."""
    step = replay.clamp(step)
    game = await asyncio.to_thread(replay.game_at, step)
    description, hands = step_text(row, replay, game, step, locale)
    spec = catalogue().get(row.game)
    embed = discord.Embed(title=translate("Replay · {game} #{table}", locale,
                                          game=translate(spec.title, locale) if spec else row.game, table=row.id),
                          colour=COLOUR, description=description)
    for name, tiles in hands:
        embed.add_field(name=in_text(name)[:256], value=tiles[:1024], inline=True)
    embed.set_image(url="attachment://table.png")
    view = replay_controls(row.id, replay, step, locale)
    png = await offload.run_in("render", render.render_table, game.view(None), names_of(row),
                               language_of(locale))
    return {"embed": embed, "attachments": [discord.File(io.BytesIO(png), "table.png")], "view": view}


def replay_controls(tid: int, replay: Replay, step: int, locale: Language = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    targets = (("first", "⏮ " + translate("First", locale), 0), ("back", "◀ " + translate("Back", locale), step - 1),
               ("forward", translate("Forward", locale) + " ▶", step + 1),
               ("last", translate("Last", locale) + " ⏭", replay.last),
               ("hand", translate("Next hand", locale), replay.next_hand(step)))
    for go, label, target in targets:
        target = replay.clamp(target)
        view.add_item(ReplayStep(tid, target, go, label=label, disabled=target == step))
    view.add_item(ReplayDownload(tid, label=translate("Download", locale)))
    return view


class ReplayStep(discord.ui.DynamicItem[discord.ui.Button[Any]],
                 template=r"dhr:(?P<tid>\d+):(?P<step>\d+):(?P<go>[a-z]+)"):
    """A replay's step control: it goes to the step written in it."""

    def __init__(self, tid: int, step: int, go: str, *, label: str = "", disabled: bool = False,
                 item: discord.ui.Button[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                                   disabled=disabled, custom_id=f"dhr:{tid}:{step}:{go}"))
        self.tid, self.step = tid, step

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any) -> ReplayStep:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["tid"]), int(match["step"]), match["go"], item=item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        found = await replay_or_refuse(interaction, self.tid)
        if found is None:
            return
        row, replay = found
        await interaction.response.defer()
        shown = await replay_message(row, replay, self.step, member_language(interaction))
        await interaction.edit_original_response(**shown, allowed_mentions=NO_PINGS)


class ReplayDownload(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"dhrd:(?P<tid>\d+)"):
    """The saved game as JSON, privately."""

    def __init__(self, tid: int, *, label: str = "Download", item: discord.ui.Button[Any] | None = None) -> None:
        super().__init__(item or discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                                   custom_id=f"dhrd:{tid}"))
        self.tid = tid

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: Any) -> ReplayDownload:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["tid"]), item=item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        found = await replay_or_refuse(interaction, self.tid)
        if found is None:
            return
        row, _replay = found
        data = io.BytesIO((row.state or "").encode())
        await interaction.response.send_message(
            translate("Table #{table} as saved: `python -m tabletop --replay table-{table}.json` replays it, "
                      "and `engine.load` restores it.", member_language(interaction), table=row.id),
            file=discord.File(data, f"table-{row.id}.json"), ephemeral=True,
            allowed_mentions=NO_PINGS)


class Replays(commands.Cog):
    """/replay and /history."""

    def __init__(self, bot: DominoHall) -> None:
        self.bot = bot

    @app_commands.command(name="replay", description="Watch a finished game step by step (privately)")
    @app_commands.describe(table="The table's number (see /history)")
    async def replay(self, interaction: discord.Interaction[Any], table: app_commands.Range[int, 1]) -> None:
        found = await replay_or_refuse(interaction, table)
        if found is None:
            return
        row, replay = found
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await replay_message(row, replay, 0, member_language(interaction))
        await interaction.followup.send(embed=shown["embed"], files=shown["attachments"], view=shown["view"],
                                        ephemeral=True, allowed_mentions=NO_PINGS)

    @app_commands.command(name="history", description="This server's recent finished games, with their numbers")
    @app_commands.describe(member="Only games this member played")
    async def history(self, interaction: discord.Interaction[Any], member: discord.Member | None = None) -> None:
        locale = member_language(interaction)
        if interaction.guild is None:
            await interaction.response.send_message(translate("History belongs to servers: use this in one.", locale),
                                                    ephemeral=True)
            return
        matches = await self.bot.tables.recent_results(interaction.guild.id, member.id if member else None,
                                                       HISTORY_LENGTH)
        lines = []
        for rows in matches:
            spec = catalogue().get(rows[0].game)
            winners = translate(" and ", locale).join(in_text(r.name) for r in rows if r.won) or translate("nobody",
                                                                                                          locale)
            title = translate(spec.title, locale) if spec else rows[0].game
            lines.append(f"**#{rows[0].table_id}** · {title} · <t:{int(rows[0].finished_at)}:R> · "
                         + translate("won by {names}", locale, names=winners))
        who = f" · {in_text(member.display_name)}" if member else ""
        embed = discord.Embed(title=translate("Recent games", locale) + who, colour=COLOUR,
                              description="\n".join(lines) if lines else translate("No finished games yet.", locale))
        if lines:
            embed.set_footer(text=translate("/replay table:<number> shows one step by step", locale))
        await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_PINGS)


async def setup(bot: DominoHall) -> None:
    """discord.py extension entry point."""
    bot.add_dynamic_items(ReplayStep, ReplayDownload)
    await bot.add_cog(Replays(bot))
