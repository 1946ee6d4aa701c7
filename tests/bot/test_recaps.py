"""Issue 11: a recap is posted after every hand, in every game (here a Texas 42 hand and a poker deal, with the
right points), and a poker table with the default session length ends (here on Discord, and in
tests/service/test_poker_session.py at the table service on SQLite and PostgreSQL).

These tests read the recaps in the channel, so they run as a server that asked for them there
(``channel_recaps:on``, with no thread); tests/bot/test_quiet.py checks the quiet default."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from engine.events import EventKind
from render.recap import ends_a_hand, hand_recap
from tests.bot.helpers import answer, components, message_of, press_first_control, table_of
from tests.bot.test_play import open_lobby


@pytest.fixture(autouse=True)
def recaps_in_the_channel(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot import store

    monkeypatch.setitem(store.SWITCHES, "channel_recaps", True)


def recaps(channel: Any) -> list[Any]:
    """The recaps posted in the channel so far, oldest first, as embeds (a message may hold several: the recaps of
    hands that ended while the channel was busy come together)."""
    return [e for m in channel.history() if any(a.filename.startswith("recap-") for a in m.attachments)
            for e in m.embeds if e.image and "recap-" in (e.image.url or "")]


def recap_message(channel: Any, number: int) -> tuple[Any, Any]:
    """The message with hand ``number``'s recap, and that recap's embed."""
    return next((m, e) for m in channel.history() for e in m.embeds if (e.title or "").endswith(f"Hand {number}"))


async def play_until(env: Any, channel: Any, members: dict[int, Any], tid: int, done: Any, limit: int = 800,
                     on_table_message: bool = False) -> None:
    """Press My hand (on the channel's newest message, or on the table message) and the first control for
    whichever member is awaited, until ``done()``."""
    table = table_of(env, tid)
    for _ in range(limit):
        if done() or table.status != "playing":
            return
        awaited = [s for s in table.game.to_act if s in members]
        if not awaited:
            await env.settle()
            continue
        member = members[awaited[0]]
        source = message_of(channel, table.row.message_id) if on_table_message else channel.last_message
        hand = answer(await member.click(source, label="My hand"))
        await press_first_control(member, hand)
    raise AssertionError("never got there")


def expected_words(table: Any, end: int) -> list[str]:
    """Each side's points in the hand ending at ``log[end]`` and its total after it, as a recap says them (read
    from the engine's log)."""
    game = table.game
    recap = hand_recap(game.key, game.sides, game.log, end)
    words = []
    for result in recap.sides:
        name = " & ".join(table.names[s] for s in result.seats)
        words.append(f"{name} {result.hand:+d}" if result.hand else f"{name} 0")
        words.append(f"{name} {result.total}")
    return words


async def check_recap(env: Any, channel: Any, tid: int, unit: str, kind: EventKind) -> Any:
    """The recap posted for the first hand whose end has an event of ``kind``: its title, the points each side
    scored in it and the totals after it (as the engine's log has them), and its picture."""
    await env.settle()
    log = table_of(env, tid).game.log
    at = next(i for i, e in enumerate(log) if e.kind == kind)
    end = max(i for i in range(at + 1) if ends_a_hand(log[i]))
    number = log[end].round
    first, embed = recap_message(channel, number)
    description = embed.description
    assert f"{unit} this hand:" in description
    for expected in expected_words(table_of(env, tid), end):
        assert expected in description, (expected, description)
    picture = next(a for a in first.attachments if a.filename == f"recap-{number}.png")
    image = Image.open(io.BytesIO(await picture.read()))
    assert image.width <= 720 and image.format == "PNG"
    return first, embed


async def test_a_texas42_hand_ends_with_a_posted_recap_of_the_bid_and_the_points(simcord_env) -> None:
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(simcord_env, "texas42")
    for _ in range(3):
        await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    await play_until(simcord_env, channel, {0: alice}, tid,
                     lambda: any(e.kind == EventKind.CONTRACT for e in table.game.log))
    first, embed = await check_recap(simcord_env, channel, tid, "Points", EventKind.CONTRACT)
    contract = next(e for e in table.game.log if e.kind == EventKind.CONTRACT)
    said = "made their bid of" if contract.made else "were set on their bid of"
    assert f"{said} {contract.amount}" in embed.description
    assert {c["label"] for c in components(first)} == {"My hand"}  # play goes on from the newest message


async def test_a_poker_deal_ends_with_a_posted_recap_of_the_pot_and_the_chips(simcord_env) -> None:
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "poker")
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    await play_until(simcord_env, channel, {0: alice, 1: bob}, tid,
                     lambda: any(e.kind == EventKind.POT for e in table.game.log))
    _first, embed = await check_recap(simcord_env, channel, tid, "Chips", EventKind.POT)
    pot = next(e for e in table.game.log if e.kind == EventKind.POT)
    assert f"wins the pot of {pot.amount}" in embed.description


@pytest.mark.simcord(settle_timeout=30.0)  # once the member is out of chips, one click lets the computers (Strong,
# Poker's default level) play the rest of the session: up to 80 deals before the bot settles
async def test_a_poker_table_with_the_default_session_length_finishes(simcord_env, monkeypatch) -> None:
    """POK-2 (issue 11): a person and three computers at the default house rules play to the end on Discord: at most
    80 deals, a recap posted for every deal and the final standings card naming the winner by chips."""
    import bot.autoplay

    # The watchdog's 30 s sleep is a timer simcord waits in real time once a settle may last that long; the table
    # never needs it here (it is tested in tests/service).
    monkeypatch.setattr(bot.autoplay, "WATCH_SECONDS", 24 * 3600.0)
    channel, alice, _bob, _carol, lobby, tid = await open_lobby(simcord_env, "poker")
    for _ in range(3):
        await alice.click(lobby, label="Add computer")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    assert table.game is not None and table.game.options["deals"] == 80
    await play_until(simcord_env, channel, {0: alice}, tid, lambda: False, limit=2000)
    await simcord_env.settle()
    game = table.game
    assert table.status == "finished" and game is not None and game.is_over and game.round_no <= 80
    assert game.outcome is not None and game.outcome.termination in ("session_ended", "all_chips")
    assert len(recaps(channel)) == game.round_no  # a recap for every deal
    winner = table.names[game.outcome.winners[0]]
    standings = [m for m in channel.history() if any(a.filename == "standings.png" for a in m.attachments)]
    assert len(standings) == 1 and winner in standings[0].embeds[0].description
