"""The lobby: the message /play posts, its seats and readiness, and its buttons (Join, Leave, Add computer, the
computer players' strength, Start, Cancel). The rules of a lobby are the lobby service's (bot/lobby.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import ButtonStyle

from bot.i18n import translate
from bot.table import Table, computer_levels
from cogs.base import IDS, Control, TableButton, TableSelect, acknowledged, view_of
from cogs.house_rules import HouseRules
from cogs.text import COLOUR, options_text, seat_range, shown
from render.ladder import LEVEL_WORDS, level_description
from render.language import ENGLISH, Language, display_name, phrase_in


class Join(TableButton, template=rf"dh:join:{IDS}"):
    """Join: the member takes the next free seat of the lobby."""

    kind = "join"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.join(self.tid, interaction.user.id, interaction.user.display_name[:32]))


class Leave(TableButton, template=rf"dh:leave:{IDS}"):
    """Leave: the member gives up their seat in the lobby."""

    kind = "leave"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables: tables.lobbies.leave(self.tid, interaction.user.id))


class AddComputer(TableButton, template=rf"dh:computer:{IDS}"):
    """Add computer: the host seats a computer player."""

    kind = "computer"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.add_computer(self.tid, interaction.user.id))


class Level(TableSelect, template=rf"dhs:level:{IDS}"):
    """Computer players: the host chooses how strong they are (easy, normal, strong)."""

    kind = "level"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        level = self.values[0] if self.values else ""
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.set_computer_level(self.tid, interaction.user.id, level))


class Start(TableButton, template=rf"dh:start:{IDS}"):
    """Start: the host starts the game as the lobby showed it at this version."""

    kind = "start"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.start_game(self.tid, self.ver, interaction.user.id))


class Cancel(TableButton, template=rf"dh:cancel:{IDS}"):
    """Cancel: the host (or a member who may manage the server) closes the lobby."""

    kind = "cancel"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.abandon(self.tid, interaction.user.id, can_manage=interaction.permissions.manage_guild))


CONTROLS: tuple[Control, ...] = (Join, Leave, AddComputer, Level, Start, Cancel)


def lobby_view(table: Table, locale: Language = ENGLISH) -> discord.ui.View:
    """Join, Leave, Add computer, House rules, Start (enabled only when the game can start), Cancel; labels in the
    server's language (``locale``)."""
    tid, ver, full = table.id, table.version, len(table.seats) >= table.max_seats
    return view_of([
        Join(tid, ver, label=translate("Join", locale), style=ButtonStyle.success, disabled=full),
        Leave(tid, ver, label=translate("Leave", locale)),
        AddComputer(tid, ver, label=translate("Add computer", locale), disabled=full),
        HouseRules(tid, ver, label=translate("House rules", locale), disabled=not table.spec.options and not any(
            s.computer for s in table.seats)),
        Start(tid, ver, label=translate("Start", locale), style=ButtonStyle.primary,
              disabled=table.start_problem() is not None or bool(table.reserved()), row=1),
        Cancel(tid, ver, label=translate("Cancel", locale), style=ButtonStyle.danger, row=1),
        *level_select(table, locale),
    ])


def level_select(table: Table, locale: Language = ENGLISH) -> list[discord.ui.Item[Any]]:
    """The host's choice of how strong the computer players are, once there is one (row 2 of the lobby)."""
    computers = [s for s in table.seats if s.computer]
    if not computers:
        return []
    current = computers[-1].level
    options = [discord.SelectOption(label=translate("Computer players: {level}", locale,
                                                    level=translate(LEVEL_WORDS[level][0], locale)), value=level,
                                    description=level_description(table.spec.key, level, locale),
                                    default=level == current)
               for level in computer_levels(table.spec)]
    return [Level(table.id, table.version, options=options, placeholder=translate("Computer players", locale),
                  row=2)]


def seat_label(table: Table, index: int, locale: Language = ENGLISH) -> str:
    """A seat in a list: a member's mention (embeds never ping) or a computer's name and strength; a seat a rematch
    keeps for its member says when it opens up (Discord shows the time counting down)."""
    seat = table.seats[index]
    if seat.computer:
        return f"🤖 {display_name(seat.name, locale)} · {translate(LEVEL_WORDS[seat.level][0], locale).lower()}"
    label = f"<@{seat.user_id}>" + (" " + translate("(host)", locale) if seat.user_id == table.host_id else "")
    if seat.reserved_until is not None:
        label += " · " + translate("⏳ kept for them, opens up <t:{when}:R>", locale, when=int(seat.reserved_until))
    return label


def lobby_embed(table: Table, locale: Language = ENGLISH) -> discord.Embed:
    """The lobby: game, seats (teams shown when partners sit opposite), host, house rules and readiness."""
    spec = table.spec
    embed = discord.Embed(title=translate("{game} · lobby", locale, game=translate(spec.title, locale)), colour=COLOUR,
                          description=translate(spec.summary, locale)[:600])
    seats = "\n".join(f"{i + 1}. {seat_label(table, i, locale)}" for i in range(len(table.seats)))
    sides = table.sides()
    if sides:
        names = shown(table, locale)
        seats += "\n" + "\n".join(
            translate("Team {letter}", locale, letter=chr(65 + n)) + ": " + " & ".join(names[s] for s in side)
            for n, side in enumerate(sides))
    embed.add_field(name=translate("Seats ({count}; {players} players)", locale, count=len(table.seats),
                                   players=seat_range(spec, locale)), value=seats or translate("empty", locale),
                    inline=False)
    embed.add_field(name=translate("House rules", locale), value=options_text(spec, table.row.options, locale),
                    inline=False)
    found = table.start_problem()
    problem = phrase_in(found, locale) if found is not None else None
    waiting = [shown(table, locale)[s] for s in table.reserved()]
    if problem is None and waiting:
        problem = translate("the rematch keeps a seat for {names} until they press Join or Rematch", locale,
                            names=", ".join(waiting))
    ready = translate("Not yet: {problem}", locale, problem=problem) if problem else translate(
        "Yes: the host can Start.", locale)
    embed.add_field(name=translate("Ready?", locale), value=ready[:1024], inline=False)
    embed.set_footer(text=translate("table #{table} · Join to play; the host sets house rules and starts", locale,
                                    table=table.id))
    return embed


def invitation(table: Table, pinged: list[int], locale: Language) -> str | None:
    """The lobby message's words above the lobby: who is invited, or whose seats a rematch keeps (None: nobody)."""
    if not pinged:
        return None
    host = table.seat_of(table.host_id)
    values = {"host": shown(table, locale)[host] if host is not None else "?",
              "members": " ".join(f"<@{uid}>" for uid in pinged), "game": translate(table.spec.title, locale)}
    if table.reserved():
        return translate("{host} asks for a rematch of {game}: {members}, your seats are kept for a minute; press "
                         "**Join** to take yours.", locale, **values)
    return translate("{host} invites {members} to play {game}: press **Join** to take a seat.", locale, **values)
