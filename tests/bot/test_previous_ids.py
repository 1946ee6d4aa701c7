"""Controls drawn by the previous version keep working after an upgrade and a restart (issue 15).

The custom ids below were recorded from the bot as it was before its controls became one DynamicItem class per kind
(commit 6c705f5: the ``TableButton``/``TableSelect`` of what was then ``cogs/ui.py``, with a string table of
handlers). A message still showing them in a channel is clicked after the bot restarted, and each click does
what it did then.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord

from tests.bot.conftest import make_bot, release
from tests.bot.helpers import answer, components, table_of
from tests.bot.test_play import open_lobby

#: Every kind of control the previous version drew, as it drew it (table id and version filled in).
PREVIOUS_LOBBY = {
    "join": "dh:join:{tid}:{ver}",
    "leave": "dh:leave:{tid}:{ver}",
    "computer": "dh:computer:{tid}:{ver}",
    "rules": "dh:rules:{tid}:{ver}",
    "start": "dh:start:{tid}:{ver}",
    "cancel": "dh:cancel:{tid}:{ver}",
    "level": "dhs:level:{tid}:{ver}",  # values: easy, normal, strong
}
PREVIOUS_RULES = {
    "option": "dhs:opt:{tid}:{ver}:{index}",  # values: the option's value as text
    "page": "dh:page:{tid}:{ver}:{page}",
    "uncomputer": "dh:uncomputer:{tid}:{ver}",
}
PREVIOUS_TABLE = {
    "hand": "dh:hand:{tid}:{ver}",
    "run": "dh:run:{tid}:{ver}",
    "request": "dh:rq:{tid}:{ver}:{action}",  # e.g. call:stop
    "end": "dh:end:{tid}:{ver}",
}
PREVIOUS_MOVES = {
    "button": "dh:m:{tid}:{ver}:{action}",  # the action's string form, or #index past 100 characters
    "menu": "dhs:m:{tid}:{ver}:{menu}",  # values: action strings (or #index)
    "tiles": "dhs:mc:{tid}:{ver}:{size}",  # values: tiles; the chosen tiles make one Choose action
}


async def old_message(env: Any, channel: Any, controls: list[tuple[str, list[str]]], count: int = 1) -> Any:
    """A message in the channel showing ``controls`` (custom id, select values; none for a button) as the previous
    version drew them: plain components, nothing of today's classes (``count``: values a select takes)."""
    view = discord.ui.View(timeout=None)
    for custom_id, values in controls:
        if values:
            view.add_item(discord.ui.Select(custom_id=custom_id, min_values=count, max_values=count,
                                            options=[discord.SelectOption(label=v, value=v) for v in values]))
        else:
            view.add_item(discord.ui.Button(label=custom_id[:80], custom_id=custom_id))
    sent = await env.bot.get_partial_messageable(channel.id).send("drawn by the previous version", view=view)
    env.bot._connection._view_store.remove_view(view)  # the previous process's views are gone after a restart
    return next(m for m in channel.history() if m.id == sent.id)


async def restart(env: Any, db_file: Path) -> None:
    old_bot = env.bot
    await env.restart_bot(make_bot(db_file))
    await release(old_bot)


async def test_a_lobby_drawn_by_the_previous_version_works_after_a_restart(simcord_env, db_file: Path) -> None:
    channel, alice, bob, carol, _lobby, tid = await open_lobby(simcord_env, "block")
    ver = table_of(simcord_env, tid).version
    ids = {kind: template.format(tid=tid, ver=ver) for kind, template in PREVIOUS_LOBBY.items()}
    old = await old_message(simcord_env, channel, [(ids[k], []) for k in ("join", "leave", "computer", "rules")]
                            + [(ids["level"], ["easy", "normal", "strong"])])
    await restart(simcord_env, db_file)

    await bob.click(old, custom_id=ids["join"])
    await carol.click(old, custom_id=ids["join"])
    await carol.click(old, custom_id=ids["leave"])
    await alice.click(old, custom_id=ids["computer"])
    table = table_of(simcord_env, tid)
    assert table.names == ["alice", "bob", "Computer 1"]
    await alice.select(old, ["easy"], custom_id=ids["level"])
    assert table.seats[2].level == "easy"
    panel = await alice.click(old, custom_id=ids["rules"])
    assert panel.ephemeral and "House rules" in panel.response.content

    ver = table.version
    rules = {k: t.format(tid=tid, ver=ver, index=0, page=1) for k, t in PREVIOUS_RULES.items()}
    target = next(i for i, o in enumerate(table.spec.options) if o.name == "target")
    rules["option"] = PREVIOUS_RULES["option"].format(tid=tid, ver=ver, index=target)
    # each answer redraws the panel it was clicked on, so each control is on a message of its own
    old_option = await old_message(simcord_env, channel, [(rules["option"], ["50", "100"])])
    old_page = await old_message(simcord_env, channel, [(rules["page"], [])])
    old_removal = await old_message(simcord_env, channel, [(rules["uncomputer"], [])])
    start = PREVIOUS_LOBBY["start"].format(tid=tid, ver=ver + 2)  # after the rule and the removal below
    old_start = await old_message(simcord_env, channel, [(start, []),
                                                         (PREVIOUS_LOBBY["cancel"].format(tid=tid, ver=ver + 2), [])])
    await restart(simcord_env, db_file)
    table = table_of(simcord_env, tid)
    await alice.select(old_option, ["50"], custom_id=rules["option"])
    assert table.row.options["target"] == 50
    paged = await alice.click(old_page, custom_id=rules["page"])
    assert paged.acknowledged
    await alice.click(old_removal, custom_id=rules["uncomputer"])
    assert table.names == ["alice", "bob"] and table.version == ver + 2
    await alice.click(old_start, custom_id=start)
    assert table.status == "playing"


async def test_a_table_and_a_hand_drawn_by_the_previous_version_work_after_a_restart(simcord_env,
                                                                                       db_file: Path) -> None:
    channel, alice, bob, carol, lobby, tid = await open_lobby(simcord_env, "block")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    seat = table.game.to_act[0]
    legal = table.game.legal_actions(seat)
    ver = table.version
    hand = PREVIOUS_TABLE["hand"].format(tid=tid, ver=ver)
    end = PREVIOUS_TABLE["end"].format(tid=tid, ver=ver)
    by_text = PREVIOUS_MOVES["button"].format(tid=tid, ver=ver, action=str(legal[0]))
    old_table = await old_message(simcord_env, channel, [(hand, []), (end, [])])
    old_hand = await old_message(simcord_env, channel, [(by_text, [])])
    await restart(simcord_env, db_file)
    table = table_of(simcord_env, tid)

    mine = answer(await members[seat].click(old_table, custom_id=hand))
    assert mine.ephemeral and "Your turn" in mine.content
    await members[seat].click(old_hand, custom_id=by_text)
    assert table.version == ver + 1 and str(table.game.history[-1][1]) == str(legal[0])

    seat = table.game.to_act[0]
    legal = table.game.legal_actions(seat)
    ver = table.version
    by_index = PREVIOUS_MOVES["button"].format(tid=tid, ver=ver, action="#0")
    menu = PREVIOUS_MOVES["menu"].format(tid=tid, ver=ver, menu=0)
    old_moves = await old_message(simcord_env, channel, [(by_index, [])])
    old_menu = await old_message(simcord_env, channel, [(menu, [str(a) for a in legal])])
    await restart(simcord_env, db_file)
    table = table_of(simcord_env, tid)
    await members[seat].click(old_moves, custom_id=by_index)  # the index form of an action too long to carry
    assert table.version == ver + 1 and str(table.game.history[-1][1]) == str(legal[0])
    stale = await members[seat].select(old_menu, [str(legal[-1])], custom_id=menu)
    assert table.version == ver + 1 and answer(stale).ephemeral  # drawn for the version before: refused

    refused = await carol.click(old_table, custom_id=end)
    assert "Only the host" in answer(refused).content
    await alice.click(old_table, custom_id=end)
    assert table.status == "abandoned"


async def test_solo_run_and_poker_stop_drawn_by_the_previous_version_work(simcord_env, db_file: Path) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "poker")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    ver = table.version
    stop = PREVIOUS_TABLE["request"].format(tid=tid, ver=ver, action="call:stop")
    old = await old_message(simcord_env, channel, [(stop, [])])
    await restart(simcord_env, db_file)
    table = table_of(simcord_env, tid)
    await alice.click(old, custom_id=stop)
    assert table.version == ver + 1 and table.game.stopping == 0

    channel, alice, _bob, _carol, lobby, solo = await open_lobby(simcord_env, "bingo")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, solo)
    run = PREVIOUS_TABLE["run"].format(tid=solo, ver=table.version)
    old = await old_message(simcord_env, channel, [(run, [])])
    await restart(simcord_env, db_file)
    table = table_of(simcord_env, solo)
    await alice.click(old, custom_id=run)
    assert table.row.autopilot == [0]


async def test_a_tile_choice_drawn_by_the_previous_version_works(simcord_env, db_file: Path) -> None:
    """``dhs:mc``: the chosen tiles become one Choose action (a test game whose moves are choices is not needed:
    a choice that is not legal is refused as no longer current, and changes nothing)."""
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "block")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    seat = table.game.to_act[0]
    member = {0: alice, 1: bob}[seat]
    ver = table.version
    tiles = PREVIOUS_MOVES["tiles"].format(tid=tid, ver=ver, size=2)
    old = await old_message(simcord_env, channel, [(tiles, ["6-6", "5-5", "4-4"])], count=2)
    await restart(simcord_env, db_file)
    refused = await member.select(old, ["6-6", "5-5"], custom_id=tiles)
    assert answer(refused).ephemeral and "no longer current" in answer(refused).content
    assert table_of(simcord_env, tid).version == ver
    assert components(old)
