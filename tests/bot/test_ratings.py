"""/leaderboard game:<game> ranks by rating and shows the computer levels beside it, /stats shows each game's rating
and trend (issue 14), through the real command tree on simcord, from results saved in the bot's database."""

from __future__ import annotations

import json
from typing import Any

from bot.storage import ResultRow


async def save_match(bot: Any, guild_id: int, tid: int, people: list[Any], won: list[bool], at: float) -> None:
    """A finished two-person-and-a-Strong-computer Block match with these results (one side each)."""
    seats = [{"name": m.name, "user_id": m.id} for m in people]
    seats.append({"name": "Computer 1", "user_id": None, "level": "strong"})
    async with bot.storage.db.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, status, "
                         "created_at, updated_at) VALUES (?, ?, 1, 'block', 1, ?, 0, 'finished', 0, 0)",
                         (tid, guild_id, json.dumps(seats)))
        rows = [ResultRow(tid, seat, guild_id, "block", m.id, m.name, False, seat, 0, won[seat], at)
                for seat, m in enumerate(people)]
        rows.append(ResultRow(tid, len(people), guild_id, "block", None, "Computer 1", True, len(people), 0,
                              won[len(people)], at))
        await bot.storage.results.record(tx, rows)


async def test_leaderboard_by_rating_and_stats_with_trend(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "games")  # the bot is up (its storage open)
    bot = simcord_env.bot
    for tid in range(1, 7):  # alice wins five of six, bob one; the computer none
        await save_match(bot, guild.id, tid, [alice, bob], [tid != 3, tid == 3, False], float(tid))

    board = (await bob.slash(channel, "leaderboard", game="block", season="all-time")).response.embeds[0]
    lines = board.description.splitlines()
    assert "rating" in lines[1] and "alice" in lines[2] and "bob" in lines[3]  # ranked by rating, alice first
    assert "Computer" not in board.description
    computers = next(f for f in board.fields if f.name == "Computer players")
    assert "Strong" in computers.value and "(6 games)" in computers.value

    stats = (await alice.slash(channel, "stats")).response.embeds[0]
    ratings = next(f for f in stats.fields if f.name == "Ratings")
    assert "Block" in ratings.value and "▲" in ratings.value and "over the last 6 matches" in ratings.value
    theirs = (await alice.slash(channel, "stats", member=bob)).response.embeds[0]
    mine, his = (float(e.fields[-1].value.split("**: ")[1].split()[0]) for e in (stats, theirs))
    assert mine > his

    everything = (await bob.slash(channel, "leaderboard", season="all-time")).response.embeds[0]
    assert "game:<game>" in everything.footer.text  # all games: wins, and where the ratings are
