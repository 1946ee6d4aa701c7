"""The table message: the one channel message a table shows, from its lobby to its end.

While the game is played it holds the table picture, the scores, whose turn it is and the last moves, with **My
hand**, **Run**/**Pause** (a solo game), the host's requests (a poker table's "Stop after this deal") and **End
game**; under it, the last hand's result with its score picture. A finished match offers **Rematch**; a closed table
says so. The publisher (cogs/play.py) decides when to redraw it; this module says what it shows.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord
from discord import ButtonStyle

import render
from bot.client import tell
from bot.i18n import language_of, translate
from bot.table import Table, TableStatus
from cogs.base import IDS, Control, TableButton, acknowledged, answering, draw, member_language, pages, tables, view_of
from cogs.hand import MyHand
from cogs.lobby import lobby_embed, lobby_view
from cogs.text import COLOUR, NO_PINGS, shown, status_line
from engine.phrases import capital
from engine.views import CommonView, GameView
from render.language import ENGLISH, Language, label_in, translate_p
from render.poker import chips


class Run(TableButton, template=rf"dh:run:{IDS}"):
    """Run / Pause (a solo game): a computer player makes the member's moves, or gives them back."""

    kind = "run"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.play.set_autopilot(self.tid, interaction.user.id))


class HostRequest(TableButton, template=rf"dh:rq:{IDS}:(?P<action>.+)"):
    """The host's request outside the turn order (a poker table's "Stop after this deal"), the action carried in
    the id and applied like any move."""

    kind, argument = "rq", "action"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.play.request(self.tid, interaction.user.id, self.arg))


class EndGame(TableButton, template=rf"dh:end:{IDS}"):
    """End game: the host (or a member who may manage the server) ends the game early."""

    kind = "end"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.abandon(self.tid, interaction.user.id, can_manage=interaction.permissions.manage_guild))


class Rematch(TableButton, template=rf"dh:rematch:{IDS}"):
    """Rematch (on a finished table's message): the first of its players to press it opens a lobby with the same
    game, seats, computer levels and house rules; the others keep their seats by pressing it (or Join) within a
    minute. The rules are the lobby service's (bot/lobby.py)."""

    kind = "rematch"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            user = interaction.user
            lobby, opened = await tables(interaction).lobbies.rematch(
                self.tid, user.id, user.display_name[:32], interaction.guild_id, interaction.channel_id)
            if opened:
                await pages(interaction).post_lobby(interaction, lobby)
            else:
                await tell(interaction, translate("You have your seat at the rematch, table #{table}.",
                                                  member_language(interaction), table=lobby.id))


CONTROLS: tuple[Control, ...] = (Run, HostRequest, EndGame, Rematch)


@dataclass
class RoundResult:
    """A round's or the match's end, shown under the table until the next one."""

    version: int
    title: str
    lines: list[str]
    view: GameView
    png: bytes | None = None


@dataclass
class Parts:
    """What the table message shows now: its embeds, their pictures and its controls."""

    embeds: list[discord.Embed]
    files: list[discord.File]
    view: discord.ui.View | None


async def parts(table: Table, result: RoundResult | None, locale: Language,
                note: str | None = None) -> Parts:
    """The table message for ``table`` as it is: the lobby, the live table with its picture (and the last hand's
    ``result``), or the closed notice; ``note``: a line for its footer (why the table has no thread)."""
    if table.status == TableStatus.LOBBY:
        return Parts([lobby_embed(table, locale)], [], lobby_view(table, locale))
    if table.status == TableStatus.ABANDONED or table.game is None:
        return Parts([closed_embed(table, locale)], [], None)
    view, names = table.game.view(None), table.names
    png = await draw(render.render_table, view, names, table.id, locale)
    files = [discord.File(io.BytesIO(png), "table.png")]
    embeds = [table_embed(table, view, "table.png", locale, note)]
    if result is not None:
        if result.png is None:
            result.png = await draw(render.render_scores, result.view, names, table.id, locale)
        files.append(discord.File(io.BytesIO(result.png), "scores.png"))
        embeds.append(scores_embed(result.title, result.lines, "scores.png"))
    return Parts(embeds, files, table_view(table, locale))


async def redraw(message: discord.PartialMessage, shown: Parts) -> None:
    """Edit the table message to show ``shown`` (a lobby's invitation line goes once the game starts)."""
    if shown.files or shown.view is None:
        await message.edit(content=None, embeds=shown.embeds, attachments=shown.files, view=shown.view,
                           allowed_mentions=NO_PINGS)
    else:  # a lobby: its invitation line above stays until the game starts
        await message.edit(embeds=shown.embeds, view=shown.view, allowed_mentions=NO_PINGS)


async def post(channel: discord.PartialMessageable, shown: Parts) -> discord.Message:
    """Post the table message anew (at the bottom of the channel)."""
    if shown.view is None:
        return await channel.send(embeds=shown.embeds, files=shown.files, allowed_mentions=NO_PINGS)
    return await channel.send(embeds=shown.embeds, files=shown.files, view=shown.view, allowed_mentions=NO_PINGS)


def table_view(table: Table, locale: Language = ENGLISH) -> discord.ui.View | None:
    """My hand and End game while playing; Run (or Pause) for a solo game; the host's requests (Stop after this
    deal); Rematch once the match is over (nothing for a table closed early)."""
    if table.status == TableStatus.FINISHED:
        return view_of([Rematch(table.id, table.version, label=translate("Rematch", locale),
                                style=ButtonStyle.success)])
    if table.status != TableStatus.PLAYING:
        return None
    tid, ver = table.id, table.version
    items: list[discord.ui.Item[Any]] = [MyHand(tid, ver, label=translate("My hand", locale),
                                                style=ButtonStyle.primary)]
    if table.max_seats == 1:
        running = bool(table.row.autopilot)
        label = translate("Pause", locale) if running else translate_p("autopilot", "Run", locale)
        items.append(Run(tid, ver, label=label, style=ButtonStyle.secondary if running else ButtonStyle.success))
    items.extend(request_buttons(table, locale))
    items.append(EndGame(tid, ver, label=translate("End game", locale), style=ButtonStyle.danger))
    return view_of(items)


def recap_view(table: Table, locale: Language = ENGLISH) -> discord.ui.View:
    """Under a hand's recap in the channel: My hand, so play goes on from the newest message too."""
    return view_of([MyHand(table.id, table.version, label=translate("My hand", locale), style=ButtonStyle.primary)])


def request_buttons(table: Table, locale: Language = ENGLISH) -> list[discord.ui.Item[Any]]:
    """The host's requests outside the turn order (a poker table's "Stop after this deal"); the service checks
    that the one who clicks is the host."""
    host = table.seat_of(table.host_id)
    if table.game is None or host is None:
        return []
    return [HostRequest(table.id, table.version, str(action), label=label_in(table.game.phrase(action), locale))
            for action in table.game.requests(host)]


# ----- the embeds ---------------------------------------------------------------------------------------------------
def side_names(table: Table, view: CommonView, locale: Language = ENGLISH) -> list[str]:
    """Each scoring side's name (partners joined with &)."""
    return [" & ".join(shown(table, locale)[s] for s in side) for side in view["sides"]]


def score_line(table: Table, view: GameView, locale: Language = ENGLISH) -> str:
    """Scores per side, with the target when the game has one."""
    scores = chips(view) if view["family"] == "poker" else view["scores"]  # the chips the picture shows
    parts = [f"{name} **{score}**" for name, score in zip(side_names(table, view, locale), scores, strict=False)]
    target = view["target"] if view["family"] == "line" or view["family"] == "trick" else None
    return " · ".join(parts) + (" " + translate("(to {target})", locale, target=target) if target else "")


def table_embed(table: Table, view: GameView, image: str | None, locale: Language = ENGLISH,
                note: str | None = None) -> discord.Embed:
    """The table message (in the server's language, ``locale``): scores, whose turn, the last moves, and the table
    image; ``note`` a line under it."""
    spec = table.spec
    title = translate("{game} · table #{table}", locale, game=translate(spec.title, locale), table=table.id)
    if view["round"]:
        title += " · " + translate("round {number}", locale, number=view["round"])
    embed = discord.Embed(title=title, colour=COLOUR, description=status_line(table, view, locale))
    embed.add_field(name=translate("Scores", locale), value=score_line(table, view, locale)[:1024] or "-",
                    inline=False)
    narrator = table.narrator(shown(table, locale), language_of(locale))
    log = [narrator.event(entry) for entry in view["log"][-4:]]
    if log:
        embed.add_field(name=translate("Last moves", locale), value="\n".join(log)[:1024], inline=False)
    if table.row.autopilot:
        embed.add_field(name=translate_p("autopilot", "Run", locale), value=translate(
            "The computer is playing {names}'s moves.", locale,
            names=", ".join(shown(table, locale)[s] for s in table.row.autopilot)), inline=False)
    if table.unsaved_since is not None:  # its saves have failed for a while (bot/store.py UNSAVED_AFTER)
        embed.add_field(name=translate("Not saved", locale), value=translate(
            "The database is not answering: this table cannot be saved right now, so its moves wait. They go on "
            "once it answers.", locale), inline=False)
    if image:
        embed.set_image(url=f"attachment://{image}")
    footer = translate("table #{table} · My hand shows your tiles privately", locale, table=table.id)
    embed.set_footer(text=f"{footer}\n{note}" if note else footer)
    return embed


def scores_embed(title: str, lines: list[str], image: str | None) -> discord.Embed:
    """The round or match result with the score table image."""
    embed = discord.Embed(title=title, colour=discord.Colour.gold(), description="\n".join(lines)[:4000])
    if image:
        embed.set_image(url=f"attachment://{image}")
    return embed


def closed_embed(table: Table, locale: Language = ENGLISH) -> discord.Embed:
    """A lobby or game that was cancelled, ended early, or could not be restored (in the server's language; a note
    with an error in it stays as it was written)."""
    note = translate(table.row.note or "closed", locale)
    return discord.Embed(title=translate("{game} · table #{table} closed", locale,
                                         game=translate(table.spec.title, locale), table=table.id),
                         description=capital(note), colour=discord.Colour.dark_grey())
