"""Issue 11 (POK-2 session length): a poker table with the default house rules finishes, with the final standings
card naming the winner, and a recap after every deal."""

from __future__ import annotations

from tests.bot.helpers import components, table_of
from tests.bot.test_play import open_lobby, set_rule
from tests.bot.test_recaps import play_until, recaps


async def test_a_poker_table_with_the_default_session_length_finishes(simcord_env) -> None:
    """Issue 11 (POK-2 session length): two members who always check or call (the first control) at a table
    with the default session length (the ante doubles every 10 deals, at most 80 deals). Stacks of 10 chips (the
    host's choice in the lobby) keep the run short: the rising ante ends the session by chips. The final
    standings card names the winner, and every deal had its recap. (Four computer players with 100 chips: about
    50 to 77 deals, tests/engine/test_poker.py and the issue 11 report.)"""
    channel, alice, bob, _carol, lobby, tid = await open_lobby(simcord_env, "poker")
    await bob.click(lobby, label="Join")
    await set_rule(alice, lobby, "stack", "10")
    await alice.click(lobby, label="Start")
    table = table_of(simcord_env, tid)
    members = {0: alice, 1: bob}
    await play_until(simcord_env, channel, members, tid, lambda: table.status != "playing", limit=3000)
    await simcord_env.settle()
    game = table.game
    assert game.options["deals"] == 80 and game.options["ante_rise"] == 10  # the defaults
    assert game.is_over and game.round_no <= 80
    assert game.outcome is not None and game.outcome.termination in ("session_ended", "all_chips")
    card = channel.last_message
    winners = " & ".join(table.names[s] for s in game.winner)
    assert card.embeds[0].title.startswith("Match over") and f"{winners} won the match" in card.embeds[0].description
    assert card.attachments[0].filename == "standings.png" and components(card) == []
    assert len(recaps(channel)) == game.round_no  # a recap after every deal
