"""Issue 14 (hints) on Discord: a Hint button on a player's hand on their turn answers that player alone with what
the Strong computer would play and why; /hall-settings hints:off takes it away."""

from __future__ import annotations

from typing import Any

import discord

from engine.ai import computer_player
from engine.hints import Reason, advise
from render.advice import advice_line
from tests.bot.helpers import answer, components, press_first_control, table_of
from tests.bot.test_play import open_lobby, set_rule


def hint_button(hand: Any) -> dict[str, Any] | None:
    return next((c for c in components(hand) if c.get("label") == "Hint"), None)


async def test_a_hint_on_a_muggins_turn_names_a_legal_play_and_what_it_scores(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "muggins")
    await bob.click(lobby, label="Join")
    # the longest match (to 200): at 100 a deal now and then ended the match before the Strong player advised a
    # scoring play (the table's seed is new each run; two clean-clone CI runs failed so)
    await set_rule(alice, lobby, "target", "200")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    for _ in range(200):  # on until the Strong player advises a play that scores (MUG-4: the count, a multiple of 5)
        game = table.game
        assert game is not None and table.status == "playing"
        seat = game.to_act[0]
        expected = advise(game, seat, computer_player("muggins", table.row.seed * 16 + seat + 1, "search"))
        hand = answer(await members[seat].click(channel.last_message, label="My hand"))
        if expected.reason == Reason.SCORES:
            break
        await press_first_control(members[seat], hand)
    else:
        raise AssertionError("no scoring play was ever advised")
    before = len(list(channel.history()))
    button = hint_button(hand)
    assert button is not None
    result = await members[seat].click(hand, custom_id=button["custom_id"])
    said = answer(result).content
    assert result.ephemeral and said.endswith(advice_line(expected))
    assert f"scores {expected.facts['points']}" in said
    assert expected.label in [game.describe(a) for a in game.legal_actions(seat)]
    assert len(list(channel.history())) == before and table.game is game  # nothing posted, nothing played
    waiting = members[1 - seat]
    other = answer(await waiting.click(channel.last_message, label="My hand"))
    assert hint_button(other) is None  # not their turn: no Hint


async def test_hints_off_takes_the_button_away_and_refuses_a_hint_drawn_before(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "muggins")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    assert table.game is not None
    mover = {0: alice, 1: bob}[table.game.to_act[0]]
    hand = answer(await mover.click(channel.last_message, label="My hand"))
    button = hint_button(hand)
    assert button is not None
    guild = channel.guild
    admins = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    changed = await admin.slash(channel, "hall-settings", hints="off")
    assert "hints: **off**" in changed.response.content
    refused = await mover.click(hand, custom_id=button["custom_id"])
    assert refused.ephemeral and "turned off" in answer(refused).content
    fresh = answer(await mover.click(channel.last_message, label="My hand"))
    assert hint_button(fresh) is None and components(fresh)  # the moves stay


def test_the_hint_button_takes_the_row_after_the_moves_and_never_a_sixth_row() -> None:
    from types import SimpleNamespace

    from cogs.base import MAX_ROWS
    from cogs.hand import Move, hand_view, with_hint

    table: Any = SimpleNamespace(id=7, version=3)
    few = [Move(7, 3, f"play:{i}", label=str(i), row=i // 5) for i in range(7)]
    items = with_hint(table, few)
    assert len(items) == 8 and items[-1].item.row == 2 and hand_view(items) is not None
    full = [Move(7, 3, f"play:{i}", label=str(i), row=i // 5) for i in range(5 * MAX_ROWS)]
    assert with_hint(table, full) == full
