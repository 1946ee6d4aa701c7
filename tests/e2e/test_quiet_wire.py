"""Issue 26 on the wire: the real bot process, a whole match against a computer, and what the channel gets.

By default a match adds two messages to the channel itself (the lobby that becomes the table message, and the final
standings with the last hand's recap); every other hand's recap goes to the table's thread, and a member who moves
promptly is never mentioned.
``tests/bot/test_quiet.py`` measures the same in the simulator for a Texas 42 match and a poker session, and the
fallback where the bot may not start threads.
"""

from __future__ import annotations

from tests.e2e.conftest import WIRE_TEST, BotProcess
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.fake_records import CHANNEL_ID
from tests.e2e.table_play import ALICE, alice_at_a_new_table, announces_the_result, check_wire_manners

pytestmark = WIRE_TEST

HOUSE_RULES = (("target", "150"),)  # Block to 150, double-six: a hand scores at most 84, so two hands or more


def in_channel(fake: FakeDiscord) -> list[Message]:
    """The messages everyone in the channel sees (not ephemeral, not in a thread), oldest first."""
    return sorted((m for m in fake.messages.values() if m.channel_id == CHANNEL_ID and not m.ephemeral),
                  key=lambda m: m.id)


def mentions(messages: list[Message], user: int) -> int:
    """How many of ``messages`` mention ``user`` (in any version the bot sent)."""
    return sum(1 for m in messages if any(f"<@{user}>" in str(v.get("content", "")) for v in m.versions))


async def test_a_match_adds_two_messages_to_the_channel_and_tells_its_hands_in_the_thread(
        fake_discord: FakeDiscord, bot_process: BotProcess) -> None:
    fake, bot = fake_discord, bot_process
    table, alice = await alice_at_a_new_table(fake, bot, HOUSE_RULES)
    moves = await alice.play_to_the_end()
    await announces_the_result(fake, table)
    await fake.wait_for(lambda: len(in_channel(fake)) >= 2, 15, "the final standings in the channel")
    hands = (await alice.saved.look()).game.round_no
    assert hands >= 2
    threads = [t for t in fake.threads.values() if int(t["parent_id"]) == CHANNEL_ID]
    assert len(threads) == 1, "one thread for the table"
    recaps = [m for m in fake.thread_messages(CHANNEL_ID) if m.attachments]
    channel = in_channel(fake)
    assert len(channel) == 2 and channel[0].id == table.id, [m.snapshot() for m in channel]
    # every hand but the last in the thread; the last hand's recap comes with the final standings
    assert len(recaps) == hands - 1, (hands, [m.snapshot() for m in recaps])
    last = sorted(a.filename for a in channel[1].attachments)
    assert "standings.png" in last and any(name.startswith("recap") for name in last), last
    assert mentions(channel + fake.thread_messages(CHANNEL_ID), ALICE) == 0, "alice moved at once every turn"
    check_wire_manners(fake)
    print(f"quiet wire test on {bot.db.kind}: {moves} moves by alice, {len(channel)} channel messages, "
          f"{len(fake.thread_messages(CHANNEL_ID))} in the thread ({len(recaps)} with a picture), 0 mentions")
