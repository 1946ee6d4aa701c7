"""Issue 25, finding 2 on the wire: the fake Discord answers 429 to every channel write while a Block table plays
to its end and for 6 s after it; the clicks are answered all along, and once Discord accepts writes again the table
message shows the match's result (with Rematch) and the final standings card is posted, once."""

from __future__ import annotations

import time

from tests.e2e.conftest import WIRE_TEST, BotProcess
from tests.e2e.fake_discord import FakeDiscord, Message
from tests.e2e.table_play import alice_at_a_new_table, announces_the_result

pytestmark = WIRE_TEST

HOUSE_RULES = (("target", "50"), ("set", "6"))  # a short match: a few rounds


def standings(fake: FakeDiscord) -> list[Message]:
    return [m for m in list(fake.messages.values()) if any(a.filename == "standings.png" for a in m.attachments)]


def rematch_only(table: Message) -> bool:
    return [c.get("label") for row in table.components for c in row.get("components", [])] == ["Rematch"]


async def test_a_burst_of_429s_as_a_match_ends_delays_its_result_and_standings_but_loses_neither(
        fake_discord: FakeDiscord, bot_process: BotProcess) -> None:
    fake, bot = fake_discord, bot_process
    table, alice = await alice_at_a_new_table(fake, bot, HOUSE_RULES)
    fake.throttle(3600.0)  # every channel write refused from now on: the table message, recaps, nudges
    await alice.play_to_the_end()  # clicks are answered all the same (interactions are another route)
    fake.throttle(6.0)  # ... and for 6 s after the match ended
    ended = time.monotonic()
    assert await alice.saved.my_turn_or_over() == "finished"
    assert not rematch_only(table) and standings(fake) == [], "nothing can have arrived through the 429s"
    refused = sum(1 for r in fake.requests if r.status == 429)
    assert refused > 0

    await fake.wait_for(lambda: rematch_only(table) and standings(fake), 60, "the result and the standings", 0.1)
    arrived = time.monotonic() - ended
    assert arrived >= 6.0 - 0.5  # (not before Discord accepted writes again)
    await announces_the_result(fake, table)
    final = standings(fake)
    assert len(final) == 1 and "won" in final[0].embeds[0]["description"] + final[0].embeds[0]["title"]
    troubles = bot.troubles(expected=("rate limited", "delivery not made"))
    assert not troubles, "\n".join(troubles)
    print(f"{bot.db.kind}: {refused} channel writes refused with 429; the result and standings arrived "
          f"{arrived:.1f} s after the match ended (6 s of 429s)")
