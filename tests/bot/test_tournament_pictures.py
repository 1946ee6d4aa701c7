"""The standings picture through the real command tree on simcord (issue 28): attached to the standings after a
round, to the final standings and to /tournament standings, beside the same standings as text, 640 wide."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cogs.tournament_standings import FILE_NAME
from tests.bot.helpers import components, message_of, png_size
from tests.bot.test_tournament import play_table, server
from tests.service.test_tournaments import duel_registered


@pytest.fixture(autouse=True)
def duel() -> Iterator[None]:
    with duel_registered():
        yield


async def picture_of(message: Any) -> tuple[int, int]:
    """The standings picture a message carries (its embed shows it), by size."""
    [attachment] = message.attachments
    assert attachment.filename == FILE_NAME
    assert any(e.image and e.image.url and e.image.url.endswith(FILE_NAME) for e in message.embeds)
    return png_size(attachment, await attachment.read())


@pytest.mark.simcord(settle_timeout=10.0)
async def test_the_standings_picture_after_each_round_at_the_end_and_on_request(simcord_env) -> None:
    env = simcord_env
    channel, host, (alice, bob) = server(env, "alice", "bob")
    members = {m.id: m for m in (alice, bob)}
    signup = (await host.slash(channel, "tournament create", game="test_duel", format="swiss", rounds=2)).response
    tid = int(components(signup)[0]["custom_id"].split(":")[2])
    for member in (alice, bob):
        await member.click(message_of(channel, signup.id), label="Join")
    await host.slash(channel, "tournament start")
    await env.settle()
    row = env.bot.tables.tournaments.open[tid]
    first = next(m for m in channel.history() if "round 1 of 2" in (m.content or ""))
    assert first.attachments == []  # no standings before the first round
    await play_table(env, channel, members, row.boards[0].table_id)
    await env.settle()
    second = next(m for m in channel.history() if "round 2 of 2" in (m.content or ""))
    assert second.embeds[0].title == f"Tournament #{tid} · standings after round 1"
    width, height = await picture_of(second)
    assert width == 640 and 300 < height < 700  # two bands
    await play_table(env, channel, members, row.boards[1].table_id)
    await env.settle()
    final = next(m for m in channel.history() if m.embeds and m.embeds[0].title == f"Tournament #{tid} is over: "
                 "final standings")
    assert (await picture_of(final))[0] == 640 and "```" in final.embeds[0].description  # the text stays
    asked = (await alice.slash(channel, "tournament standings")).response
    assert (await picture_of(asked))[0] == 640 and asked.embeds[0].description == final.embeds[0].description
