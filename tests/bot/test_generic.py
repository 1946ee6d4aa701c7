"""Shapes of game the bot handles through the same generic path: several seats awaited at once, a solo game with
Run, and a restart of the bot in the middle of a game (the old table message's buttons keep working)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.conftest import make_bot, release
from tests.bot.helpers import answer, components, message_of, press_first_control, table_of
from tests.bot.test_play import open_lobby


async def test_seats_choosing_at_once_each_keep_current_buttons(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "test_pass_two")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    assert table.game.to_act == (0, 1, 2)  # the computer, listed after the people, waits for them
    hands = {m: answer(await m.click(channel.last_message, label="My hand")) for m in (alice, bob)}
    moves = {m: [c for c in components(h) if c["custom_id"].startswith("dh:m:")] for m, h in hands.items()}
    assert all(len(found) == 6 for found in moves.values())  # C(4, 2) choices, as buttons (and a Hint)
    await press_first_control(alice, hands[alice])
    result = await press_first_control(bob, hands[bob])  # drawn before alice chose: still current
    assert result.acknowledged and not result.followups
    await simcord_env.settle()  # the computer chooses once both people have
    assert "won the match" in channel.last_message.embeds[0].description  # issue 11: the final standings card
    final = message_of(channel, lobby.id)  # the table message, above the recaps
    assert "won the match" in final.embeds[0].description and final.embeds[1].title == "Match over"


async def test_solo_game_run_button_plays_it_out(simcord_env) -> None:
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(simcord_env, "test_countdown")
    start = next(c for c in components(lobby) if c["label"] == "Start")
    assert not start["disabled"]
    await alice.click(lobby, label="Start")
    message = channel.last_message
    assert {c["label"] for c in components(message)} == {"My hand", "Run", "End game"}
    table = table_of(simcord_env, tid)
    await alice.click(message, label="Run")
    await simcord_env.settle()
    assert table.status == "finished" and table.game.count == 5
    assert "won the match" in channel.last_message.embeds[0].description


async def test_restart_mid_game_old_buttons_work_and_no_move_is_lost(simcord_env, db_file: Path) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    members = {0: alice, 1: bob}
    table = table_of(simcord_env, tid)
    for _ in range(2):
        member = members[table.game.to_act[0]]
        await press_first_control(member, answer(await member.click(channel.last_message, label="My hand")))
    history, version = list(table.game.history), table.version
    old_bot = simcord_env.bot
    await simcord_env.restart_bot(make_bot(db_file))
    await release(old_bot)
    again = table_of(simcord_env, tid)
    assert again is not table and again.game.history == history and again.version == version
    member = members[again.game.to_act[0]]
    hand = answer(await member.click(channel.last_message, label="My hand"))
    assert "Your turn" in hand.content
    await press_first_control(member, hand)
    assert again.version == version + 1


async def test_bingo_solitaire_played_out_with_run(simcord_env) -> None:
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(simcord_env, "bingo")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    hand = answer(await alice.click(channel.last_message, label="My hand"))
    assert "Your turn" in hand.content and components(hand)
    await press_first_control(alice, hand)
    await alice.click(channel.last_message, label="Run")
    await simcord_env.settle()
    assert table.status == "finished"
    assert "match" in channel.last_message.embeds[0].description


@pytest.mark.simcord(settle_timeout=10.0)
async def test_turn_limit_lets_the_computer_move_for_an_absent_player(simcord_env) -> None:
    _channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env)
    await simcord_env.bot.tables.settings.set_guild_setting(simcord_env.guild.id, "turn_time_limit", 60)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    version = table.version
    await simcord_env.advance_time(30)
    assert table.version == version  # still thinking
    await simcord_env.advance_time(31)
    assert table.version == version + 1
    saved = await simcord_env.bot.storage.actions.for_table(tid)
    assert [a.actor for a in saved] == ["timer"]
