"""A member's hand: the private message with their tiles and, on their turn, one control per legal move (and Hint).

**My hand** (on the table message, a recap or a nudge) asks the pages for a fresh hand message (cogs/play.py, which
keeps it live: cogs/turns.py). A move control carries the engine action it plays; the table service checks and
applies it (bot/tables.py ``PlayService.act``), and the hand clicked is redrawn as it is now. Controls are built
from the engine's legal actions only: no game is special-cased here.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any

import discord
from discord import ButtonStyle

import render
from bot.client import tell
from bot.i18n import language_of, translate
from bot.table import StaleClick, Table
from cogs.base import (
    IDS,
    MAX_BUTTONS_PER_ROW,
    MAX_ID,
    MAX_OPTIONS,
    MAX_ROWS,
    Control,
    TableButton,
    TableSelect,
    answering,
    draw,
    member_language,
    pages,
    tables,
    view_of,
)
from cogs.text import shown, status_line
from engine import Action, Bid, Call, Choose, Play, Tile
from engine.views import CommonView
from render.advice import advice_line
from render.language import ENGLISH, Language, label_in
from render.words import your_prompt

if TYPE_CHECKING:
    from bot.client import DominoHall


class MyHand(TableButton, template=rf"dh:hand:{IDS}"):
    """My hand: the member's tiles in a fresh ephemeral, with one control per legal move on their turn (also the
    nudge's and the recap's button). It becomes the member's live hand (cogs/turns.py)."""

    kind = "hand"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            await pages(interaction).show_hand(interaction, tables(interaction).store.get(self.tid))


def move_arg(action: str, index: int, room: int) -> str:
    """What a move control carries: the action's stable string form when it fits in ``room`` characters, else
    ``#index`` into the seat's legal actions (honoured only while the table is exactly at the drawn version)."""
    return action if len(action) <= room and not action.startswith("#") else f"#{index}"


async def play_move(interaction: discord.Interaction[Any], tid: int, ver: int, carried: str) -> None:
    """Apply the move a control carries (``#index`` for an action too long for a custom id), then show the member's
    hand as it is now on the message clicked."""
    service = tables(interaction)
    table = service.store.get(tid)
    seat = table.seat_of(interaction.user.id)
    action = carried
    if carried.startswith("#"):
        legal = table.game.legal_actions(seat) if seat is not None and table.game is not None else []
        index = int(carried[1:]) if carried[1:].isdigit() else len(legal)
        if ver != table.version or index >= len(legal):
            raise StaleClick()
        action = str(legal[index])
    await service.play.act(tid, ver, interaction.user.id, action)
    await pages(interaction).after_move(interaction, table, seat)


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


class Hint(TableButton, template=rf"dh:hint:{IDS}"):
    """Hint (on a player's hand, on their turn, where the server allows hints): what the strongest computer player
    would do and why, in one line shown to that player alone."""

    kind = "hint"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            await interaction.response.defer(ephemeral=True, thinking=True)  # the search may take a moment
            advice = await tables(interaction).driver.hint(self.tid, self.ver, interaction.user.id)
            await tell(interaction, "\N{ELECTRIC LIGHT BULB} " + advice_line(advice, member_language(interaction)))


CONTROLS: tuple[Control, ...] = (MyHand, Move, MoveMenu, ChooseTiles, Hint)


# ----- the hand message ---------------------------------------------------------------------------------------------
async def hand_message(bot: DominoHall, table: Table, seat: int, locale: Language = ENGLISH
                       ) -> tuple[str, discord.File, discord.ui.View | None]:
    """The hand's words, image and controls, all drawn from one consistent (game, version) reading, in the
    member's language (``locale``)."""
    game = table.game
    assert game is not None
    can_move = seat in game.to_act and not table.is_automatic(seat)
    view = game.hand_view(seat, moving=can_move)
    legal = game.legal_actions(seat) if can_move else []
    items = move_controls(table, seat, legal, lambda action: label_in(game.phrase(action), locale), locale)
    if items and await bot.tables.settings.hints_on(table.row.guild_id):
        items = with_hint(table, items, locale)
    content = hand_text(table, view, seat, can_move, locale)
    png = await draw(render.render_hand, view, table.names, table.id, locale)
    return content, discord.File(io.BytesIO(png), "hand.png"), hand_view(items)


def hand_text(table: Table, view: CommonView, seat: int, can_move: bool, locale: Language = ENGLISH) -> str:
    """The words above a hand, in the member's language (``locale``): your turn and what is awaited, or whose turn
    it is."""
    if view["over"]:
        return status_line(table, view, locale)
    if seat in table.row.autopilot:
        return "🤖 " + translate("The computer is playing your moves (press **Pause** on the table to take over).",
                                 locale)
    if can_move:
        prompt = your_prompt(table.narrator(shown(table, locale), language_of(locale)), view["prompt"], seat)
        return "🎯 " + translate("**Your turn** at table #{table}.", locale, table=table.id) + f" {prompt}"
    awaited = ", ".join(shown(table, locale)[s] for s in view["to_act"])
    return translate("Your tiles at table #{table}. Waiting for **{names}**.", locale, table=table.id, names=awaited)


def hand_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """The ephemeral hand's view (None when there is nothing to press)."""
    return view_of(items) if items else None


# ----- a hand's move controls -----------------------------------------------------------------------------------
FOLD = Call("fold")


def _style(action: Action) -> ButtonStyle:
    if action == FOLD:
        return ButtonStyle.danger  # giving up the pot: red, never green like Call
    if isinstance(action, Play):
        return ButtonStyle.primary
    if isinstance(action, (Bid, Call, Choose)):
        return ButtonStyle.success
    return ButtonStyle.secondary


def _move_arg(action: Action, index: int, prefix_length: int) -> str:
    """The action's string form when it fits the custom id, else ``#index`` into the legal actions."""
    return move_arg(str(action), index, MAX_ID - prefix_length - 1)


def move_controls(table: Table, seat: int, legal: Sequence[Action], describe: Callable[[Action], str],
                  locale: Language = ENGLISH) -> list[discord.ui.Item[Any]]:
    """One control per legal action: buttons when they fit (5 rows of 5), else select menus of up to 25 moves;
    a choice of k tiles among many combinations becomes one multi-select of the tiles. ``describe`` labels a
    move; ``locale`` is the member's, for the menus' placeholders."""
    tid, ver = table.id, table.version
    prefix = len(f"dh:m:{tid}:{ver}")
    labels = [describe(a)[:80] or str(a)[:80] for a in legal]
    if len(legal) > MAX_ROWS * MAX_BUTTONS_PER_ROW and _same_size_choices(legal):
        return _choice_select(table, legal, locale)
    if len(legal) <= MAX_ROWS * MAX_BUTTONS_PER_ROW:
        return [Move(tid, ver, _move_arg(a, i, prefix), label=labels[i], style=_style(a),
                     row=i // MAX_BUTTONS_PER_ROW) for i, a in enumerate(legal)]
    bids = [(i, a) for i, a in enumerate(legal) if isinstance(a, Bid)]
    if len(bids) > MAX_OPTIONS // 2 and len(legal) - len(bids) < MAX_BUTTONS_PER_ROW * (MAX_ROWS - 2):
        return _bid_controls(table, legal, bids, labels, locale)
    items: list[discord.ui.Item[Any]] = []
    numbered = list(enumerate(legal))
    for menu in range(MAX_ROWS):
        chunk = list(islice(numbered, menu * MAX_OPTIONS, (menu + 1) * MAX_OPTIONS))
        if not chunk:
            break
        options = [discord.SelectOption(label=labels[i], value=_move_arg(a, i, 0)) for i, a in chunk]
        items.append(MoveMenu(tid, ver, str(menu), options=options, row=menu,
                              placeholder=translate("Moves {first} to {last} of {count}", locale,
                                                    first=chunk[0][0] + 1, last=chunk[-1][0] + 1, count=len(legal))))
    return items


def _bid_controls(table: Table, legal: Sequence[Action], bids: list[tuple[int, Bid]], labels: list[str],
                  locale: Language = ENGLISH) -> list[discord.ui.Item[Any]]:
    """Many bids: the other moves (Pass) as buttons, the bids in menus of even ranges ("Bid 49 to 64"), so any
    bid is two taps: open its menu, pick it."""
    tid, ver = table.id, table.version
    prefix = len(f"dh:m:{tid}:{ver}")
    others = [(i, a) for i, a in enumerate(legal) if not isinstance(a, Bid)]
    items: list[discord.ui.Item[Any]] = [
        Move(tid, ver, _move_arg(a, i, prefix), label=labels[i], style=_style(a), row=n // 5)
        for n, (i, a) in enumerate(others)]
    menus = -(-len(bids) // MAX_OPTIONS)
    size = -(-len(bids) // menus)
    first_row = -(-len(others) // MAX_BUTTONS_PER_ROW)
    for menu in range(menus):
        chunk = bids[menu * size:(menu + 1) * size]
        low, high = chunk[0][1].amount, chunk[-1][1].amount
        options = [discord.SelectOption(label=labels[i], value=_move_arg(a, i, 0)) for i, a in chunk]
        items.append(MoveMenu(tid, ver, str(menu), options=options, row=first_row + menu,
                              placeholder=(translate("Bid {low} to {high}", locale, low=low, high=high)
                                           if low != high else translate("Bid {low}", locale, low=low))))
    return items


def _same_size_choices(legal: Sequence[Action]) -> bool:
    sizes = {len(a.tiles) for a in legal if isinstance(a, Choose)}
    return all(isinstance(a, Choose) for a in legal) and len(sizes) == 1


def _choice_select(table: Table, legal: Sequence[Action], locale: Language = ENGLISH) -> list[discord.ui.Item[Any]]:
    chooses = [a for a in legal if isinstance(a, Choose)]
    size = len(chooses[0].tiles)
    tiles = sorted({t for a in chooses for t in a.tiles}, reverse=True)[:MAX_OPTIONS]
    options = [discord.SelectOption(label=str(t), value=str(t)) for t in tiles]
    return [ChooseTiles(table.id, table.version, str(size), options=options, count=size,
                        placeholder=translate("Choose {count} tiles", locale, count=size))]


def with_hint(table: Table, items: list[discord.ui.Item[Any]], locale: Language = ENGLISH
              ) -> list[discord.ui.Item[Any]]:
    """The move controls with a Hint button in the row after them (none when the five rows are full)."""
    if any(item.row is None for item in items):  # placed by discord.py: the Hint goes in the next free place
        row = None if len(items) < MAX_ROWS else MAX_ROWS
    else:
        row = max(item.row or 0 for item in items) + 1
    if row is not None and row >= MAX_ROWS:
        return items
    return [*items, Hint(table.id, table.version, label=translate("Hint", locale), style=ButtonStyle.secondary,
                         row=row)]
