"""Buttons and select menus that survive a restart, and the views built from them.

Every component is a :class:`discord.ui.DynamicItem` whose custom id carries the table id and the table version it
was drawn for (``dh:<kind>:<table>:<version>[:<argument>]``, at most 100 characters), so a click finds its table
after a restart and a click on an old drawing is recognised as stale. Controls are built from the engine's legal
actions and option lists only: no game is special-cased here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import islice
from typing import Any

import discord
from discord import ButtonStyle

from bot.table import Table, TableStatus, computer_levels
from cogs.controls import (
    MAX_ID,
    AddComputer,
    Cancel,
    ChooseTiles,
    EndGame,
    Hint,
    HostRequest,
    HouseRule,
    HouseRules,
    Join,
    Leave,
    Level,
    Move,
    MoveMenu,
    MyHand,
    Rematch,
    RemoveComputer,
    RulesPage,
    Run,
    Start,
    move_arg,
)
from cogs.controls import TableButton as TableButton  # the bases, for code that checks a control's kind
from cogs.controls import TableSelect as TableSelect
from cogs.text import LEVEL_WORDS
from engine import Action, Bid, Call, Choose, Play
from engine.game import option_text
from render.language import label_in, translate
from render.words import option_label, option_value_words

MAX_ROWS, MAX_BUTTONS_PER_ROW, MAX_OPTIONS = 5, 5, 25


def _view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# ----- lobby and table message ----------------------------------------------------------------------------------------
def lobby_view(table: Table, locale: Any = None) -> discord.ui.View:
    """Join, Leave, Add computer, House rules, Start (enabled only when the game can start), Cancel; labels in the
    server's language (``locale``)."""
    tid, ver, full = table.id, table.version, len(table.seats) >= table.max_seats
    return _view([
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


def level_select(table: Table, locale: Any = None) -> list[discord.ui.Item[Any]]:
    """The host's choice of how strong the computer players are, once there is one (row 2 of the lobby)."""
    computers = [s for s in table.seats if s.computer]
    if not computers:
        return []
    current = computers[-1].level
    options = [discord.SelectOption(label=translate("Computer players: {level}", locale,
                                                    level=translate(LEVEL_WORDS[level][0], locale)), value=level,
                                    description=translate(LEVEL_WORDS[level][1], locale), default=level == current)
               for level in computer_levels(table.spec)]
    return [Level(table.id, table.version, options=options, placeholder=translate("Computer players", locale),
                  row=2)]


def table_view(table: Table, locale: Any = None) -> discord.ui.View | None:
    """My hand and End game while playing; Run (or Pause) for a solo game; the host's requests (Stop after this
    deal); Rematch once the match is over (nothing for a table closed early)."""
    if table.status == TableStatus.FINISHED:
        return _view([Rematch(table.id, table.version, label=translate("Rematch", locale),
                              style=ButtonStyle.success)])
    if table.status != TableStatus.PLAYING:
        return None
    tid, ver = table.id, table.version
    items: list[discord.ui.Item[Any]] = [MyHand(tid, ver, label=translate("My hand", locale),
                                                style=ButtonStyle.primary)]
    if table.max_seats == 1:
        running = bool(table.row.autopilot)
        items.append(Run(tid, ver, label=translate("Pause", locale) if running else translate("Run", locale),
                                 style=ButtonStyle.secondary if running else ButtonStyle.success))
    items.extend(request_buttons(table, locale))
    items.append(EndGame(tid, ver, label=translate("End game", locale), style=ButtonStyle.danger))
    return _view(items)


def recap_view(table: Table, locale: Any = None) -> discord.ui.View:
    """Under a hand's recap in the channel: My hand, so play goes on from the newest message too."""
    return _view([MyHand(table.id, table.version, label=translate("My hand", locale), style=ButtonStyle.primary)])


def request_buttons(table: Table, locale: Any = None) -> list[discord.ui.Item[Any]]:
    """The host's requests outside the turn order (a poker table's "Stop after this deal"); the service checks
    that the one who clicks is the host."""
    host = table.seat_of(table.host_id)
    if table.game is None or host is None:
        return []
    return [HostRequest(table.id, table.version, str(action), label=label_in(table.game.phrase(action), locale))
            for action in table.game.requests(host)]


OPTIONS_PER_PAGE = 4  # four option menus and a row of buttons


def _page(table: Table, page: int) -> tuple[int, int]:
    """The page shown (clamped) and how many pages the house rules take."""
    pages = max(1, -(-len(table.spec.options) // OPTIONS_PER_PAGE))
    return min(max(page, 0), pages - 1), pages


def rules_text(table: Table, page: int = 0, locale: Any = None) -> str:
    """Above the house-rules menus: each rule of the page by its name for players, with its full description (in
    the host's language)."""
    page, _ = _page(table, page)
    first = page * OPTIONS_PER_PAGE
    lines = [translate("House rules for table #{table} ({game}):", locale, table=table.id,
                       game=translate(table.spec.title, locale))]
    lines += [f"**{option_label(spec.name, locale)}**: {translate(spec.help, locale)}"
              for spec in table.spec.options[first:first + OPTIONS_PER_PAGE]]
    return "\n".join(lines)[:2000]


def rules_view(table: Table, page: int = 0, locale: Any = None) -> discord.ui.View:
    """The host's house-rules panel: one select menu per option (a page at a time), and Remove computer. Menus
    show each rule's name for players and its values in words (the flag names are for ``/rules``)."""
    tid, ver = table.id, table.version
    options = table.spec.options
    page, pages = _page(table, page)
    items: list[discord.ui.Item[Any]] = []
    first = page * OPTIONS_PER_PAGE
    for index, spec in enumerate(options[first:first + OPTIONS_PER_PAGE], start=first):
        current = table.row.options.get(spec.name, spec.default)
        choices = list(spec.choices)
        shown = choices[:MAX_OPTIONS] if current in choices[:MAX_OPTIONS] else [*choices[:MAX_OPTIONS - 1], current]
        label = option_label(spec.name, locale)
        select_options = [discord.SelectOption(label=f"{label}: {option_value_words(spec.name, c, locale)}"[:100],
                                               value=option_text(c)[:100],
                                               description=translate(spec.help, locale)[:100],
                                               default=c == current) for c in shown]
        items.append(HouseRule(tid, ver, str(index), options=select_options, placeholder=label,
                                 row=len(items)))
    buttons: list[discord.ui.Item[Any]] = []
    if pages > 1:
        buttons.append(RulesPage(tid, ver, str((page + 1) % pages),
                                 label=translate("More rules ({page}/{pages})", locale, page=page + 1, pages=pages),
                                 row=4))
    if any(s.computer for s in table.seats):
        buttons.append(RemoveComputer(tid, ver, label=translate("Remove computer", locale), style=ButtonStyle.danger,
                                      row=4))
    return _view([*items, *buttons])


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
                  locale: Any = None) -> list[discord.ui.Item[Any]]:
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
                  locale: Any = None) -> list[discord.ui.Item[Any]]:
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


def _choice_select(table: Table, legal: Sequence[Action], locale: Any = None) -> list[discord.ui.Item[Any]]:
    chooses = [a for a in legal if isinstance(a, Choose)]
    size = len(chooses[0].tiles)
    tiles = sorted({t for a in chooses for t in a.tiles}, reverse=True)[:MAX_OPTIONS]
    options = [discord.SelectOption(label=str(t), value=str(t)) for t in tiles]
    return [ChooseTiles(table.id, table.version, str(size), options=options, count=size,
                        placeholder=translate("Choose {count} tiles", locale, count=size))]


def with_hint(table: Table, items: list[discord.ui.Item[Any]], locale: Any = None) -> list[discord.ui.Item[Any]]:
    """The move controls with a Hint button in the row after them (none when the five rows are full)."""
    if any(item.row is None for item in items):  # placed by discord.py: the Hint goes in the next free place
        row = None if len(items) < MAX_ROWS else MAX_ROWS
    else:
        row = max(item.row or 0 for item in items) + 1
    if row is not None and row >= MAX_ROWS:
        return items
    return [*items, Hint(table.id, table.version, label=translate("Hint", locale), style=ButtonStyle.secondary,
                         row=row)]


def button_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A view of these controls (a nudge's My hand)."""
    return _view(items)


def hand_view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """The ephemeral hand's view (None when there is nothing to press)."""
    return _view(items) if items else None
