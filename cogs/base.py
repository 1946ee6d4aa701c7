"""What every table control shares: its custom id, the click boundary, and the way to the table service and pages.

Each kind of control is one :class:`discord.ui.DynamicItem` class, kept beside the view that draws it (the lobby in
cogs/lobby.py, the house-rules panel in cogs/house_rules.py, a hand's moves in cogs/hand.py, the table message's own
buttons in cogs/table_message.py), as in discord.py's ``examples/views/dynamic_counter.py``. Its ``template`` is
the custom id it answers (``dh:<kind>:<table>:<version>[:<argument>]`` for buttons, ``dhs:...`` for select menus, at
most 100 characters); ``from_custom_id`` reads the click's table, version and argument back from the id, so a click
works after a restart; ``interaction_check`` checks the click belongs to this channel's table; ``callback`` is the
table service call it makes.

The custom ids are the ones earlier versions drew (tests/bot/test_previous_ids.py), so messages already in channels
keep working after an upgrade.
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any, Self, cast

import discord
from discord import ButtonStyle

from bot import offload
from bot.client import DominoHall, TablePages, tell
from bot.i18n import language_of, translate
from bot.table import TableError
from bot.tables import StorageUnavailable, TableService
from engine.views import GameView
from render.language import ENGLISH, Language

log = logging.getLogger("domino_hall.controls")
MAX_ID = 100
MAX_ROWS, MAX_BUTTONS_PER_ROW, MAX_OPTIONS = 5, 5, 25  # Discord's limits for one message's components
IDS = r"(?P<tid>\d+):(?P<ver>\d+)"  # every control names its table and the table version it was drawn for
NEVER = r"(?!)"  # the bases below answer no custom id themselves
MAX_IMAGE_BYTES = 500_000


def custom_id(prefix: str, kind: str, tid: int, ver: int, arg: str = "") -> str:
    """A component id; raises ValueError past Discord's 100-character limit (callers fall back to an index)."""
    text = f"{prefix}:{kind}:{tid}:{ver}" + (f":{arg}" if arg else "")
    if len(text) > MAX_ID:
        raise ValueError(f"custom id too long: {text!r}")
    return text


def hall(interaction: discord.Interaction[Any]) -> DominoHall:
    """The bot that received the click (discord.py types ``interaction.client`` as the base client)."""
    return cast(DominoHall, interaction.client)


def tables(interaction: discord.Interaction[Any]) -> TableService:
    """The table service of the bot that received the click."""
    return hall(interaction).tables


def pages(interaction: discord.Interaction[Any]) -> TablePages:
    """The messages the tables show (hands, lobbies): what a control may ask for besides the service."""
    return hall(interaction).pages


def member_language(interaction: discord.Interaction[Any]) -> Language:
    """The language of the member who clicked or typed (their Discord client's), resolved here once and passed down
    to every word said to them alone."""
    return Language.of(interaction.locale)


def server_language(guild: discord.Guild | None) -> Language:
    """The language of a server (its community language): what its table messages, recaps and standings say, for
    everyone there; English outside a server."""
    return Language.of(guild.preferred_locale if guild is not None else None)


def view_of(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A persistent view of these controls (they find their table again after a restart)."""
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


@contextlib.asynccontextmanager
async def answering(interaction: discord.Interaction[Any], control: TableButton | TableSelect) -> AsyncIterator[None]:
    """Run a click's work; a refusal (not your turn, stale, closed...) is told to the member alone, and anything
    else is logged and answered with one line: no traceback reaches a member."""
    try:
        yield
    except TableError as refusal:
        await tell(interaction, refusal.said(member_language(interaction)))
    except StorageUnavailable as refusal:
        await tell(interaction, member_language(interaction).said(refusal.phrase))
    except Exception:
        log.exception("table %d: the %s click of user %d failed", control.tid, type(control).__name__,
                      interaction.user.id)
        await tell(interaction, translate("Something went wrong on our side; it has been logged.",
                                          member_language(interaction)))


async def acknowledged(interaction: discord.Interaction[Any], control: TableButton | TableSelect,
                       call: Callable[[TableService], Awaitable[object]]) -> None:
    """Make the service ``call``; the table message shows the change, so the click is only acknowledged."""
    async with answering(interaction, control):
        await call(tables(interaction))
        await interaction.response.defer()


async def in_place(interaction: discord.Interaction[Any], tid: int) -> bool:
    """The click names a table of this server and channel (or a closed one, which the callback answers)."""
    try:
        tables(interaction).store.check_place(tid, interaction.guild_id, interaction.channel_id)
    except TableError as refusal:
        await tell(interaction, refusal.said(member_language(interaction)))
        return False
    pages(interaction).saw(tid, interaction.user.id)  # they are at the table: no need to mention them soon
    return True


class TableButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=NEVER):
    """A button of a lobby, a table message or a hand (the kinds in the feature modules say what it does)."""

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


Control = type[TableButton] | type[TableSelect]


async def draw(renderer: Callable[[GameView, list[str], str | None], bytes], view: GameView, names: list[str],
               tid: int, locale: Language = ENGLISH) -> bytes:
    """Render off the event loop, its words in ``locale``'s language; warn when an image is over Discord-friendly
    size."""
    png = await offload.run_in("render", renderer, view, names, language_of(locale))
    if len(png) > MAX_IMAGE_BYTES:
        log.warning("table %d: %s image is %d bytes", tid, renderer.__name__, len(png))
    return png
