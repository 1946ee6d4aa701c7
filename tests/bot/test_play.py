"""The whole path through real discord.py on simcord: /play, the lobby, house rules, start, private hands, moves by
click until the match ends, refusals for spectators and stale clicks, and the leaderboard after."""

from __future__ import annotations

import re
from typing import Any

import pytest
import simcord

from render.words import option_label
from tests.bot.helpers import answer, components, message_of, png_size, press_first_control, table_of

GAME_OVER = re.compile(r"won the match|no winner")


async def open_lobby(env: Any, game: str = "block") -> tuple[Any, Any, Any, Any, Any, int]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"))
    result = await alice.slash(channel, "play", game=game)
    assert result.acknowledged and not result.ephemeral
    lobby = result.response
    tid = int(components(lobby)[0]["custom_id"].split(":")[2])
    return channel, alice, bob, carol, lobby, tid


async def set_rule(member: Any, lobby: Any, name: str, value: str) -> None:
    panel = await member.click(lobby, label="House rules")
    assert panel.ephemeral
    menu = next(c for c in components(panel.response) if c["type"] == 3 and any(  # issue 11: labels for players
        o["label"].startswith(f"{option_label(name)}:") for o in c["options"]))
    await member.select(panel.response, [value], custom_id=menu["custom_id"])


async def test_lobby_join_computer_rules_and_start(simcord_env) -> None:
    channel, alice, bob, carol, lobby, tid = await open_lobby(simcord_env)
    start = next(c for c in components(lobby) if c["label"] == "Start")
    assert start["disabled"]  # one player is not enough for Block
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    refused = await carol.click(lobby, label="House rules")
    assert refused.ephemeral and "Only the host" in refused.response.content
    await set_rule(alice, lobby, "target", "50")
    lobby = channel.last_message
    fields = {f.name.split(" (")[0]: f.value for f in lobby.embeds[0].fields}
    assert f"<@{bob.id}>" in fields["Seats"]
    assert "Computer 1" in fields["Seats"] and "**50**" in fields["House rules"]
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    assert table.status == "playing" and table.names == ["alice", "bob", "Computer 1"]


async def play_to_the_end(env: Any, channel: Any, members: dict[int, Any], tid: int) -> dict[str, int]:
    """Press My hand and the first control for whichever member is awaited, until the match is over."""
    seen = {"hands": 0, "moves": 0}
    table = table_of(env, tid)
    for _ in range(600):
        if table.status != "playing":
            return seen
        awaited = [s for s in table.game.to_act if s in members]
        if not awaited:
            await env.settle()
            continue
        member = members[awaited[0]]
        opened = await member.click(channel.last_message, label="My hand")
        hand = answer(opened)
        assert opened.acknowledged and hand.ephemeral
        assert [a.filename for a in hand.attachments] == ["hand.png"]
        assert "Your turn" in hand.content
        seen["hands"] += 1
        version = table.version
        moved = await press_first_control(member, hand)
        assert moved.acknowledged and table.version > version
        seen["moves"] += 1
    raise AssertionError("the match did not end")


@pytest.mark.simcord(settle_timeout=10.0)  # a Strong computer thinks up to 0.15 s a move
async def test_whole_block_match_by_clicks_then_leaderboard(simcord_env) -> None:
    channel, alice, bob, carol, lobby, tid = await open_lobby(simcord_env)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Add computer")
    await set_rule(alice, lobby, "target", "50")
    await set_rule(alice, lobby, "set", "6")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    message = channel.last_message
    assert message.id == lobby.id  # the lobby became the table message
    assert [a.filename for a in message.attachments] == ["table.png"]
    width, height = png_size(message.attachments[0], await message.attachments[0].read())
    assert width >= 200 and height >= 100
    assert {c["label"] for c in components(message)} == {"My hand", "End game"}

    watching = await carol.click(message, label="My hand")
    assert watching.ephemeral and "watching" in watching.response.content
    version = table.version
    refused = await carol.click(message, label="End game")
    assert refused.ephemeral and "Only the host" in refused.response.content
    assert table.version == version and table.status == "playing"

    seen = await play_to_the_end(simcord_env, channel, {0: alice, 1: bob}, tid)
    assert seen["moves"] > 0
    card = channel.last_message  # issue 11: each round's recap and then the final standings are posted under it
    assert card.id != lobby.id and "won the match" in card.embeds[0].description and components(card) == []
    assert card.attachments[0].filename == "standings.png"
    final = message_of(channel, lobby.id)
    assert final.id == lobby.id and GAME_OVER.search(final.embeds[0].description)
    assert [c["label"] for c in components(final)] == ["Rematch"]  # issue 14: a rematch of the same table
    assert [a.filename for a in final.attachments] == ["table.png", "scores.png"]
    assert final.embeds[1].title == "Match over"

    board = await carol.slash(channel, "leaderboard", game="block")
    text = board.response.embeds[0].description
    assert "alice" in text and "bob" in text and "Computer" not in text
    stats = await bob.slash(channel, "stats")
    assert "1 games" in stats.response.embeds[0].description


async def test_stale_hand_buttons_are_refused_and_change_nothing(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    player = members[table.game.to_act[0]]
    first = answer(await player.click(channel.last_message, label="My hand"))
    second = answer(await player.click(channel.last_message, label="My hand"))
    await press_first_control(player, first)
    other = members[table.game.to_act[0]]
    if other is player:
        return  # the same player moves again; nothing stale to test in this deal
    version = table.version
    stale = await press_first_control(player, second)
    said = answer(stale)
    assert said.ephemeral and ("not your turn" in said.content or "no longer current" in said.content)
    assert table.version == version
    with_other = await press_first_control(other, answer(await other.click(channel.last_message, label="My hand")))
    assert with_other.acknowledged
    if table.game.to_act and members.get(table.game.to_act[0]) is player:
        again = await press_first_control(player, second)
        assert "no longer current" in answer(again).content


async def test_hand_of_a_waiting_player_has_no_controls(simcord_env) -> None:
    channel, alice, bob, carol, lobby, tid = await open_lobby(simcord_env)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    waiting = {0: alice, 1: bob}[1 - table.game.to_act[0]]
    hand = answer(await waiting.click(channel.last_message, label="My hand"))
    assert hand.ephemeral and "Waiting for" in hand.content and components(hand) == []
    try:
        await carol.click(hand, label="anything")
    except simcord.SetupError as error:
        assert "not visible" in str(error)
    else:
        raise AssertionError("another member could see an ephemeral hand")


async def test_cancel_by_host_closes_the_lobby(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, _tid = await open_lobby(simcord_env)
    refused = await bob.click(lobby, label="Cancel")
    assert "Only the host" in refused.response.content
    await alice.click(lobby, label="Cancel")
    assert "closed" in channel.last_message.embeds[0].title and components(channel.last_message) == []


async def test_play_in_a_dm_is_refused_politely(simcord_env) -> None:
    user = simcord_env.create_user("dora")
    result = await user.slash("play", game="draw")
    assert result.ephemeral and "server" in result.response.content


async def test_hand_image_frames_the_playable_tiles(simcord_env, monkeypatch) -> None:
    import render

    drawn: list[dict] = []
    real = render.render_hand
    monkeypatch.setattr(render, "render_hand",
                        lambda view, names, language=None: drawn.append(view) or real(view, names, language))
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env)
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    seat = table.game.to_act[0]
    await {0: alice, 1: bob}[seat].click(channel.last_message, label="My hand")
    plays = {str(a.tile) for a in table.game.legal_actions(seat) if hasattr(a, "tile")}
    assert drawn and set(drawn[-1]["playable"]) == plays and plays <= set(drawn[-1]["hand"])


async def test_lobby_computer_strength_select_is_the_hosts(simcord_env) -> None:
    """Once a computer sits, the lobby offers Easy / Normal / Strong; only the host may choose, and the seats list
    says each computer's strength."""
    channel, alice, _bob, carol, lobby, tid = await open_lobby(simcord_env)
    assert not [c for c in components(lobby) if c["type"] == 3]  # no computer yet: no strength menu
    await alice.click(lobby, label="Add computer")
    lobby = channel.last_message
    menu = next(c for c in components(lobby) if c["type"] == 3)
    assert [o["value"] for o in menu["options"]] == ["easy", "normal", "strong"]
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["strong"]  # issue 12: Strong by default
    refused = await carol.select(lobby, ["normal"], custom_id=menu["custom_id"])
    assert refused.ephemeral and "host" in refused.response.content
    assert table_of(simcord_env, tid).seats[1].level == "strong"
    await alice.select(lobby, ["normal"], custom_id=menu["custom_id"])
    lobby = channel.last_message
    seats = next(f.value for f in lobby.embeds[0].fields if f.name.startswith("Seats"))
    assert "Computer 1 · normal" in seats
    menu = next(c for c in components(lobby) if c["type"] == 3)
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["normal"]
    await alice.click(lobby, label="Add computer")
    assert [s.level for s in table_of(simcord_env, tid).seats if s.computer] == ["normal", "normal"]


async def test_pok_2_the_host_stops_a_poker_session_after_this_deal(simcord_env) -> None:
    """POK-2 "when the players stop": the host's table button asks for the stop, a request saved like any move;
    the hand is played out and the biggest stack wins."""
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, game="poker")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    message = channel.last_message
    assert {c["label"] for c in components(message)} == {"My hand", "Stop after this deal", "End game"}
    version = table.version
    refused = await bob.click(message, label="Stop after this deal")
    assert refused.ephemeral and "Only the host" in answer(refused).content and table.version == version
    turn = {0: alice, 1: bob}[table.game.to_act[0]]
    hand = answer(await turn.click(message, label="My hand"))  # drawn before the stop
    stopped = await alice.click(message, label="Stop after this deal")
    assert stopped.acknowledged and table.version == version + 1
    moved = await press_first_control(turn, hand)  # a request is no move: the hand's buttons stay current
    assert moved.acknowledged and table.version == version + 2 and str(table.game.history[-2][1]) == "call:stop"
    assert table.game.stopping == 0
    await simcord_env.settle()
    assert {c["label"] for c in components(channel.last_message)} == {"My hand", "End game"}
    await play_to_the_end(simcord_env, channel, {0: alice, 1: bob}, tid)
    final = channel.last_message
    assert GAME_OVER.search(final.embeds[0].description) and components(final) == []
    assert table.game.outcome is not None and table.game.outcome.termination == "session_ended"
    assert table.game.round_no == 1  # the session ended with the deal it was asked in
