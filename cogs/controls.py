"""What a click does: one :class:`discord.ui.DynamicItem` class per kind of control.

Each class has its ``template`` (the custom id it answers, ``dh:<kind>:<table>:<version>[:<argument>]`` for buttons
and ``dhs:...`` for select menus, at most 100 characters), ``from_custom_id`` (the click's table, version and
argument read back from the id, so a click works after a restart), ``interaction_check`` (the click belongs to this
channel's table) and ``callback``: the table service call it makes. Reading the class tells you what a click does;
the service (bot/tables.py) does the rest, down to the engine. As in discord.py's ``examples/views/dynamic_counter.py``.

The custom ids are the ones the previous version drew (tests/bot/test_previous_ids.py), so messages already in
channels keep working after an upgrade.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Self, cast

import discord
from discord import ButtonStyle

from bot.client import DominoHall, tell
from bot.i18n import translate
from bot.table import NotAllowed, StaleClick, TableError, TableStatus
from bot.tables import StorageUnavailable, TableService
from engine import Choose, Tile
from render.advice import advice_line

if TYPE_CHECKING:
    from cogs.play import Play, TablePublisher

log = logging.getLogger("domino_hall.controls")
MAX_ID = 100
IDS = r"(?P<tid>\d+):(?P<ver>\d+)"  # every control names its table and the table version it was drawn for
NEVER = r"(?!)"  # the bases below answer no custom id themselves


def custom_id(prefix: str, kind: str, tid: int, ver: int, arg: str = "") -> str:
    """A component id; raises ValueError past Discord's 100-character limit (callers fall back to an index)."""
    text = f"{prefix}:{kind}:{tid}:{ver}" + (f":{arg}" if arg else "")
    if len(text) > MAX_ID:
        raise ValueError(f"custom id too long: {text!r}")
    return text


def service(interaction: discord.Interaction[Any]) -> TableService:
    """The table service of the bot that received the click."""
    return cast(DominoHall, interaction.client).tables


def publisher(interaction: discord.Interaction[Any]) -> TablePublisher:
    """The table publisher: it draws hands and keeps them live (cogs/play.py, cogs/turns.py)."""
    return cast("Play", interaction.client.get_cog("Play")).publisher


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction[Any], control: TableButton | TableSelect) -> AsyncIterator[None]:
    """Run a click's work; a refusal (not your turn, stale, closed...) is told to the member alone, and anything
    else is logged and answered with one line: no traceback reaches a member."""
    try:
        yield
    except TableError as refusal:
        await tell(interaction, refusal.said(interaction.locale))
    except StorageUnavailable as refusal:
        await tell(interaction, str(refusal))
    except Exception:
        log.exception("table %d: the %s click of user %d failed", control.tid, type(control).__name__,
                      interaction.user.id)
        await tell(interaction, translate("Something went wrong on our side; it has been logged.",
                                          interaction.locale))


async def acknowledged(interaction: discord.Interaction[Any], control: TableButton | TableSelect,
                       call: Callable[[TableService], Awaitable[object]]) -> None:
    """Make the service ``call``; the table message shows the change, so the click is only acknowledged."""
    async with answering(interaction, control):
        await call(service(interaction))
        await interaction.response.defer()


async def in_place(interaction: discord.Interaction[Any], tid: int) -> bool:
    """The click names a table of this server and channel (or a closed one, which the callback answers)."""
    try:
        service(interaction).store.check_place(tid, interaction.guild_id, interaction.channel_id)
    except TableError as refusal:
        await tell(interaction, refusal.said(interaction.locale))
        return False
    return True


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=NEVER):
    """A button of a lobby, a table message or a hand (the kinds below say what it does)."""

    prefix, kind = "dh", ""
    argument = ""  # the template's group after the version, if any (the page, the action...)

    def __init__(self, tid: int, ver: int, arg: str = "", *, label: str = "",
                 style: ButtonStyle = ButtonStyle.secondary, disabled: bool = False, row: int | None = None,
                 item: discord.ui.Button[Any] | None = None) -> None:
        button = item or discord.ui.Button(label=label[:80], style=style, disabled=disabled, row=row,
                                           custom_id=custom_id(self.prefix, self.kind, tid, ver, arg))
        super().__init__(button)
        self.tid, self.ver, self.arg = tid, ver, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["tid"]), int(match["ver"]), match[cls.argument] if cls.argument else "", item=item)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await in_place(interaction, self.tid)


class TableSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=NEVER):
    """A select menu: house rules and computer strength in the lobby, or moves that do not fit as buttons."""

    prefix, kind = "dhs", ""
    argument = ""  # the template's group after the version, if any (the option's index, the menu...)

    def __init__(self, tid: int, ver: int, arg: str = "", *, options: Sequence[discord.SelectOption] = (),
                 placeholder: str = "", count: int = 1, row: int | None = None,
                 item: discord.ui.Select[Any] | None = None) -> None:
        select = item or discord.ui.Select(custom_id=custom_id(self.prefix, self.kind, tid, ver, arg),
                                           options=list(options), placeholder=placeholder[:150], min_values=count,
                                           max_values=count, row=row)
        super().__init__(select)
        self.tid, self.ver, self.arg = tid, ver, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["tid"]), int(match["ver"]), match[cls.argument] if cls.argument else "", item=item)

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        return await in_place(interaction, self.tid)

    @property
    def values(self) -> list[str]:
        """What the member chose."""
        return list(self.item.values)


# ----- the lobby ----------------------------------------------------------------------------------------------------
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
        await acknowledged(interaction, self, lambda tables: tables.lobbies.add_computer(self.tid, interaction.user.id))


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
        await acknowledged(interaction, self, lambda tables: tables.lobbies.start_game(self.tid, self.ver, interaction.user.id))


class Cancel(TableButton, template=rf"dh:cancel:{IDS}"):
    """Cancel: the host (or a member who may manage the server) closes the lobby."""

    kind = "cancel"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.abandon(self.tid, interaction.user.id, can_manage=interaction.permissions.manage_guild))


# ----- the house-rules panel (the host's ephemeral) ------------------------------------------------------------------
class HouseRules(TableButton, template=rf"dh:rules:{IDS}"):
    """House rules: the host gets the rules panel (cogs/ui.py ``rules_view``), privately."""

    kind = "rules"

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if not await in_place(interaction, self.tid):
            return False
        async with answering(interaction, self):
            table = service(interaction).store.get(self.tid)
            if table.status != TableStatus.LOBBY:
                raise StaleClick("This lobby is closed.")
            if interaction.user.id != table.host_id:
                raise NotAllowed("Only the host can set the house rules.")
            return True
        return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from cogs import ui  # the panel's drawing (ui imports this module for its controls)

        async with answering(interaction, self):
            table = service(interaction).store.get(self.tid)
            locale = interaction.locale
            await interaction.response.send_message(ui.rules_text(table, 0, locale),
                                                    view=ui.rules_view(table, 0, locale), ephemeral=True)


class RulesPage(TableButton, template=rf"dh:page:{IDS}:(?P<page>\d+)"):
    """More rules: the panel's next page of option menus."""

    kind, argument = "page", "page"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from cogs import ui

        async with answering(interaction, self):
            table, page = service(interaction).store.get(self.tid), int(self.arg)
            await interaction.response.edit_message(content=ui.rules_text(table, page, interaction.locale),
                                                    view=ui.rules_view(table, page, interaction.locale))


class HouseRule(TableSelect, template=rf"dhs:opt:{IDS}:(?P<index>\d+)"):
    """One house rule's menu: the host sets that option (the index into the game's option list)."""

    kind, argument = "opt", "index"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from cogs import ui

        async with answering(interaction, self):
            tables = service(interaction)
            table, index = tables.store.get(self.tid), int(self.arg)
            if index >= len(table.spec.options):
                raise StaleClick()
            await tables.lobbies.set_option(self.tid, interaction.user.id, table.spec.options[index].name, self.values[0])
            await interaction.response.edit_message(view=ui.rules_view(table, index // ui.OPTIONS_PER_PAGE,
                                                                       interaction.locale))


class RemoveComputer(TableButton, template=rf"dh:uncomputer:{IDS}"):
    """Remove computer: the host takes the last computer player out of the lobby."""

    kind = "uncomputer"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        from cogs import ui

        async with answering(interaction, self):
            table = await service(interaction).lobbies.remove_computer(self.tid, interaction.user.id)
            await interaction.response.edit_message(view=ui.rules_view(table, 0, interaction.locale))


# ----- the table message --------------------------------------------------------------------------------------------
class MyHand(TableButton, template=rf"dh:hand:{IDS}"):
    """My hand: the member's tiles in a fresh ephemeral, with one control per legal move on their turn (also the
    nudge's button). It becomes the member's live hand (cogs/turns.py)."""

    kind = "hand"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            await publisher(interaction).show_hand(interaction, service(interaction).store.get(self.tid))


class Run(TableButton, template=rf"dh:run:{IDS}"):
    """Run / Pause (a solo game): a computer player makes the member's moves, or gives them back."""

    kind = "run"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables: tables.play.set_autopilot(self.tid, interaction.user.id))


class HostRequest(TableButton, template=rf"dh:rq:{IDS}:(?P<action>.+)"):
    """The host's request outside the turn order (a poker table's "Stop after this deal"), the action carried in
    the id and applied like any move."""

    kind, argument = "rq", "action"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables: tables.play.request(self.tid, interaction.user.id, self.arg))


class EndGame(TableButton, template=rf"dh:end:{IDS}"):
    """End game: the host (or a member who may manage the server) ends the game early."""

    kind = "end"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await acknowledged(interaction, self, lambda tables:
            tables.lobbies.abandon(self.tid, interaction.user.id, can_manage=interaction.permissions.manage_guild))


# ----- a hand's moves -----------------------------------------------------------------------------------------------
def move_arg(action: str, index: int, room: int) -> str:
    """What a move control carries: the action's stable string form when it fits in ``room`` characters, else
    ``#index`` into the seat's legal actions (honoured only while the table is exactly at the drawn version)."""
    return action if len(action) <= room and not action.startswith("#") else f"#{index}"


async def play_move(interaction: discord.Interaction[Any], tid: int, ver: int, carried: str) -> None:
    """Apply the move a control carries (``#index`` for an action too long for a custom id), then show the member's
    hand as it is now on the message clicked."""
    tables = service(interaction)
    table = tables.store.get(tid)
    seat = table.seat_of(interaction.user.id)
    action = carried
    if carried.startswith("#"):
        legal = table.game.legal_actions(seat) if seat is not None and table.game is not None else []
        index = int(carried[1:]) if carried[1:].isdigit() else len(legal)
        if ver != table.version or index >= len(legal):
            raise StaleClick()
        action = str(legal[index])
    await tables.play.act(tid, ver, interaction.user.id, action)
    await publisher(interaction).after_move(interaction, table, seat)


class Move(TableButton, template=rf"dh:m:{IDS}:(?P<action>.+)"):
    """A move button: the engine action it carries (``play:6-4@W``, ``draw``, ``bid:30``...) is played."""

    kind, argument = "m", "action"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            await play_move(interaction, self.tid, self.ver, self.arg)


class MoveMenu(TableSelect, template=rf"dhs:m:{IDS}:(?P<menu>\d+)"):
    """A menu of moves (when they do not fit as buttons): each option's value is the action played."""

    kind, argument = "m", "menu"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            await play_move(interaction, self.tid, self.ver, self.values[0] if self.values else "?")


class ChooseTiles(TableSelect, template=rf"dhs:mc:{IDS}:(?P<size>\d+)"):
    """Choose k tiles among many: the tiles picked in this multi-select are played as one Choose action."""

    kind, argument = "mc", "size"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            try:
                action = Choose(tuple(Tile.parse(v) for v in self.values))
            except ValueError:
                raise StaleClick() from None
            await play_move(interaction, self.tid, self.ver, str(action))


# ----- the end of a match -------------------------------------------------------------------------------------------
class Rematch(TableButton, template=rf"dh:rematch:{IDS}"):
    """Rematch (on a finished table's message): the first of its players to press it opens a lobby with the same
    game, seats, computer levels and house rules; the others keep their seats by pressing it (or Join) within a
    minute. The rules are the lobby service's (bot/lobby.py)."""

    kind = "rematch"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            user = interaction.user
            lobby, opened = await service(interaction).lobbies.rematch(self.tid, user.id, user.display_name[:32])
            if opened:
                await publisher(interaction).post_lobby(interaction, lobby)
            else:
                await tell(interaction, translate("You have your seat at the rematch, table #{table}.",
                                                  interaction.locale, table=lobby.id))


class Hint(TableButton, template=rf"dh:hint:{IDS}"):
    """Hint (on a player's hand, on their turn, where the server allows hints): what the strongest computer player
    would do and why, in one line shown to that player alone (issue 14)."""

    kind = "hint"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            await interaction.response.defer(ephemeral=True, thinking=True)  # the search may take a moment
            advice = await service(interaction).driver.hint(self.tid, self.ver, interaction.user.id)
            await tell(interaction, "\N{ELECTRIC LIGHT BULB} " + advice_line(advice, interaction.locale))


#: Every kind of control, registered with the bot by the Play cog (so clicks on messages drawn before a restart are
#: dispatched to them).
CONTROLS: tuple[type[TableButton] | type[TableSelect], ...] = (
    Join, Leave, AddComputer, Level, Start, Cancel, HouseRules, RulesPage, HouseRule, RemoveComputer,
    MyHand, Run, HostRequest, EndGame, Move, MoveMenu, ChooseTiles, Rematch, Hint,
)
