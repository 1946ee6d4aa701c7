"""End to end on the wire: the real bot process against the fake Discord on 127.0.0.1, killed mid-game and restarted.

/play block -> House rules (target 200, double-twelve set) -> Add computer -> Start -> My hand -> legal moves by
click, with two ``kill -9``: one right after a move was acknowledged (it must already be saved), one with a hand
ephemeral open (its buttons must work in the next process); a gateway RECONNECT that the bot answers with RESUME;
then clicks until the match ends. No move may be lost: what the database held at each kill is a prefix of the final
action log, every acknowledged click is in it, and the saved final state is what replaying the log gives.
"""

from __future__ import annotations

import copy
import time

from tests.e2e.conftest import WIRE_TEST, BotProcess
from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord, Message
from tests.e2e.saved import Saved, SavedDatabase, people
from tests.e2e.table_play import (
    ALICE,
    BOB,
    CHANNEL_MESSAGE,
    MatchEndedEarly,
    Player,
    announces_the_result,
    check_no_move_lost,
    check_wire_manners,
    open_table,
    png,
    press,
    shows_the_saved_table,
)

pytestmark = WIRE_TEST

# Block to 200 on the double-twelve set: about 30 moves by alice (on a double-six set, some 110); a round scores at
# most 153, so the match lasts two rounds at least and rarely ends before the kills (if it does, another table).
HOUSE_RULES = (("target", "200"), ("set", "12"))


# ----- the scenario ------------------------------------------------------------------------------------------------
async def spectator_changes_nothing(fake: FakeDiscord, db: SavedDatabase, tid: int, table: Message) -> None:
    """Bob, not seated, gets ephemeral refusals for My hand and End game, and the table stays as it was."""
    version = (await db.table_row(tid))["version"]
    for label in ("My hand", "End game"):
        refused = (await press(fake, BOB, table, label=label, answer=CHANNEL_MESSAGE)).callbacks[0]["data"]
        assert refused["flags"] & EPHEMERAL and ("watching" in refused["content"] or "Only" in refused["content"])
    row = await db.table_row(tid)
    assert row["status"] == "playing" and row["version"] == version, "a spectator's click changed the table"


async def kill_and_restart_mid_game(fake: FakeDiscord, bot: BotProcess) -> tuple[Player, list[Saved]]:
    """Open a table, play, kill -9 twice mid-game and restart; returns alice and what was saved at each kill."""
    db = bot.db
    tid, table = await open_table(fake, db, HOUSE_RULES)
    alice = await Player.seated(fake, bot, tid, table)

    # a move redraws the table image
    before = table.file("table.png")
    await alice.move(await alice.hand_with_moves())
    await fake.wait_for(lambda: table.file("table.png") != before, 10, "the table image to change after a move")
    png(table.file("table.png"))

    # kill -9 the moment a move is acknowledged: it was saved before the answer
    await alice.move(await alice.hand_with_moves(), kill_on_ack=True)
    assert not bot.running
    at_first_kill = await db.saved_actions(tid)
    assert people(at_first_kill) == alice.acknowledged
    computer_was_awaited = 1 in (await alice.saved.look()).game.to_act

    # the next process: the computer resumes, the table message drawn before the kill works, a spectator can't act
    await bot.start_and_connect()
    hand = await alice.hand_with_moves()
    if computer_was_awaited:
        assert any(actor == "computer" for _, _, _, actor in (await db.saved_actions(tid))[len(at_first_kill):])
    await spectator_changes_nothing(fake, db, tid, table)
    await alice.move(hand)
    hand = await alice.hand_with_moves()

    # kill -9 with a hand open: the next process redraws the table, the hand's buttons work, a double click doesn't
    bot.kill()
    at_second_kill = await db.saved_actions(tid)
    await bot.start_and_connect()
    await shows_the_saved_table(fake, db, tid, table)
    as_drawn, (stale_id, stale_values, _) = copy.deepcopy(hand), alice.first_move(hand)
    await alice.move(hand)
    clicked = people(await db.saved_actions(tid))
    assert len(clicked) > len(people(at_second_kill))
    stale = await fake.click(ALICE, as_drawn, stale_id, stale_values)
    answer = (await fake.answered(stale))["data"]
    assert answer.get("flags", 0) & EPHEMERAL
    assert "no longer current" in answer["content"] or "not your turn" in answer["content"], answer
    assert people(await db.saved_actions(tid)) == clicked
    return alice, [at_first_kill, at_second_kill]


async def test_wire_play_kill_restart_and_finish_with_no_move_lost(fake_discord: FakeDiscord,
                                                                  bot_process: BotProcess) -> None:
    fake, bot, started = fake_discord, bot_process, time.monotonic()
    fake.user(ALICE, "alice")
    fake.user(BOB, "bob")
    await bot.start_and_connect()
    for attempt in range(1, 4):
        try:
            alice, at_kills = await kill_and_restart_mid_game(fake, bot)
            break
        except MatchEndedEarly as early:
            print(f"attempt {attempt}: {early}; again at a new table")
            if not bot.running:
                await bot.start_and_connect()
    else:
        raise AssertionError("three matches in a row ended before the test could kill the bot in the middle")

    # the gateway asks the bot to reconnect: it resumes the session and the clicks go on to the end of the match
    resumes = fake.resumes
    await fake.ask_to_reconnect()
    await fake.wait_for(lambda: fake.resumes > resumes, 15, "the bot to RESUME its gateway session")
    moves = await alice.play_to_the_end()
    final, table = await bot.db.saved_actions(alice.tid), alice.table
    await check_no_move_lost(bot.db, alice.tid, final, at_kills, alice.acknowledged)
    await announces_the_result(fake, table)
    check_wire_manners(fake)
    troubles = bot.troubles()
    assert not troubles, "\n".join(troubles)
    slowest = max(i.callbacks[0]["latency"] for i in fake.interactions.values())
    print(f"wire test on {bot.db.kind}: {len(final)} actions, {len(alice.acknowledged)} clicked "
          f"({moves} after the reconnect), {len(fake.interactions)} interactions (slowest acknowledged in "
          f"{slowest * 1000:.0f} ms), {len(fake.requests)} requests, {fake.identifies} sessions, "
          f"{time.monotonic() - started:.1f}s")
