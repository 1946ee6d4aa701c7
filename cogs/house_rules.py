"""The house-rules panel: the host's private message from the lobby's **House rules** button, one select menu per
option of the game (a page at a time), and **Remove computer**. The options and their checks are the registry's
and the lobby service's; the panel only shows them and passes the host's choice on."""

from __future__ import annotations

from typing import Any

import discord
from discord import ButtonStyle

from bot.table import NotAllowed, StaleClick, Table, TableStatus
from cogs.base import (
    IDS,
    MAX_OPTIONS,
    Control,
    TableButton,
    TableSelect,
    answering,
    in_place,
    member_language,
    tables,
    view_of,
)
from cogs.text import clip
from engine.game import option_text
from render.language import ENGLISH, Language, translate
from render.words import option_label, option_value_words

OPTIONS_PER_PAGE = 4  # four option menus and a row of buttons


class HouseRules(TableButton, template=rf"dh:rules:{IDS}"):
    """House rules: the host gets the rules panel, privately."""

    kind = "rules"

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        if not await in_place(interaction, self.tid):
            return False
        async with answering(interaction, self):
            table = tables(interaction).store.get(self.tid)
            if table.status != TableStatus.LOBBY:
                raise StaleClick("This lobby is closed.")
            if interaction.user.id != table.host_id:
                raise NotAllowed("Only the host can set the house rules.")
            return True
        return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            table = tables(interaction).store.get(self.tid)
            locale = member_language(interaction)
            await interaction.response.send_message(rules_text(table, 0, locale), view=rules_view(table, 0, locale),
                                                    ephemeral=True)


class RulesPage(TableButton, template=rf"dh:page:{IDS}:(?P<page>\d+)"):
    """More rules: the panel's next page of option menus."""

    kind, argument = "page", "page"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            table, page = tables(interaction).store.get(self.tid), int(self.arg)
            await interaction.response.edit_message(content=rules_text(table, page, member_language(interaction)),
                                                    view=rules_view(table, page, member_language(interaction)))


class HouseRule(TableSelect, template=rf"dhs:opt:{IDS}:(?P<index>\d+)"):
    """One house rule's menu: the host sets that option (the index into the game's option list)."""

    kind, argument = "opt", "index"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            service = tables(interaction)
            table, index = service.store.get(self.tid), int(self.arg)
            if index >= len(table.spec.options):
                raise StaleClick()
            await service.lobbies.set_option(self.tid, interaction.user.id, table.spec.options[index].name,
                                             self.values[0])
            await interaction.response.edit_message(view=rules_view(table, index // OPTIONS_PER_PAGE,
                                                                    member_language(interaction)))


class RemoveComputer(TableButton, template=rf"dh:uncomputer:{IDS}"):
    """Remove computer: the host takes the last computer player out of the lobby."""

    kind = "uncomputer"

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async with answering(interaction, self):
            table = await tables(interaction).lobbies.remove_computer(self.tid, interaction.user.id)
            await interaction.response.edit_message(view=rules_view(table, 0, member_language(interaction)))


CONTROLS: tuple[Control, ...] = (HouseRules, RulesPage, HouseRule, RemoveComputer)


def _page(table: Table, page: int) -> tuple[int, int]:
    """The page shown (clamped) and how many pages the house rules take."""
    pages = max(1, -(-len(table.spec.options) // OPTIONS_PER_PAGE))
    return min(max(page, 0), pages - 1), pages


def rules_text(table: Table, page: int = 0, locale: Language = ENGLISH) -> str:
    """Above the house-rules menus: each rule of the page by its name for players, with its full description (in
    the host's language)."""
    page, _ = _page(table, page)
    first = page * OPTIONS_PER_PAGE
    lines = [translate("House rules for table #{table} ({game}):", locale, table=table.id,
                       game=translate(table.spec.title, locale))]
    lines += [f"**{option_label(spec.name, locale)}**: {translate(spec.help, locale)}"
              for spec in table.spec.options[first:first + OPTIONS_PER_PAGE]]
    return "\n".join(lines)[:2000]


def rules_view(table: Table, page: int = 0, locale: Language = ENGLISH) -> discord.ui.View:
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
                                               description=clip(translate(spec.help, locale), 100),
                                               default=c == current) for c in shown]
        items.append(HouseRule(tid, ver, str(index), options=select_options, placeholder=label, row=len(items)))
    buttons: list[discord.ui.Item[Any]] = []
    if pages > 1:
        buttons.append(RulesPage(tid, ver, str((page + 1) % pages),
                                 label=translate("More rules ({page}/{pages})", locale, page=page + 1, pages=pages),
                                 row=4))
    if any(s.computer for s in table.seats):
        buttons.append(RemoveComputer(tid, ver, label=translate("Remove computer", locale), style=ButtonStyle.danger,
                                      row=4))
    return view_of([*items, *buttons])
