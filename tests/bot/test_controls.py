"""Move controls for every registered game stay within Discord's limits: at most 5 rows, 5 buttons a row, 25
options a select, custom ids of at most 100 characters, labels of at most 80, and every legal action reachable
(one control per action, or a multi-select whose choices make up the legal Choose actions)."""

from __future__ import annotations

import random

import discord
import pytest

from bot.storage import Seat, TableRow
from bot.table import Table
from cogs import base, hand, house_rules, lobby
from engine import Choose, Tile, catalogue, new_game
from tests.bot.helpers import components

GAMES = list(catalogue())


def table_for(key: str, seats: int) -> Table:
    row = TableRow(guild_id=1, channel_id=2, game=key, host_id=1, seed=3, status="playing", id=987654321,
                   version=123456, seats=tuple(Seat(f"p{s}", s + 1) for s in range(seats)))
    return Table(row)


def check_limits(view: discord.ui.View) -> list[dict]:
    rows = view.to_components()
    assert len(rows) <= base.MAX_ROWS
    for row in rows:
        items = row["components"]
        assert len(items) <= base.MAX_BUTTONS_PER_ROW
        assert all(item["type"] == 2 for item in items) or len(items) == 1  # a select fills its row
    flat = components(type("M", (), {"components": rows})())
    for item in flat:
        assert len(item["custom_id"]) <= base.MAX_ID
        assert len(item.get("label", "")) <= 80
        assert len(item.get("options", [])) <= base.MAX_OPTIONS
    return flat


@pytest.mark.parametrize("key", GAMES)
def test_move_controls_fit_discord_limits_for_every_game(key: str) -> None:
    spec = catalogue()[key]
    seats = min(spec.seats, key=lambda n: abs(n - 4))
    rng = random.Random(7)
    game = new_game(key, seats, 11)
    table = table_for(key, seats)
    for _ in range(150):
        if game.is_over:
            break
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        view = hand.hand_view(hand.move_controls(table, seat, legal, game.describe))
        assert view is not None
        flat = check_limits(view)
        reachable = set()
        for item in flat:
            if item["type"] == 2:
                arg = item["custom_id"].split(":", 4)[4]
                reachable.add(str(legal[int(arg[1:])]) if arg.startswith("#") else arg)
            elif item["custom_id"].startswith("dhs:mc:"):
                tiles = {o["value"] for o in item["options"]}
                reachable |= {str(a) for a in legal if isinstance(a, Choose) and {str(t) for t in a.tiles} <= tiles}
            else:
                reachable |= {str(legal[int(o["value"][1:])]) if o["value"].startswith("#") else o["value"]
                              for o in item["options"]}
        assert reachable >= {str(a) for a in legal} or len(legal) > base.MAX_ROWS * base.MAX_OPTIONS
        game.apply(seat, rng.choice(legal))


def test_many_tile_choices_become_one_multi_select() -> None:
    tiles = [Tile.of(6, n) for n in range(7)] + [Tile.of(5, n) for n in range(5)]
    from itertools import combinations

    legal = [Choose(c) for c in combinations(tiles, 3)]
    items = hand.move_controls(table_for("block", 4), 0, legal, str)
    assert len(items) == 1 and isinstance(items[0], base.TableSelect)
    select = items[0].item
    assert (select.min_values, select.max_values) == (3, 3) and len(select.options) == 12


def test_rules_panel_fits_for_every_game() -> None:
    for key, spec in catalogue().items():
        table = table_for(key, max(spec.seats))
        table.row.status = "lobby"
        pages = max(1, -(-len(spec.options) // house_rules.OPTIONS_PER_PAGE))
        for page in range(pages):
            check_limits(house_rules.rules_view(table, page))
        check_limits(lobby.lobby_view(table))
