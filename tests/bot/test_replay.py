"""/history and /replay (issue 14) through the real command tree on simcord: a finished Texas 42 match stepped
through privately (forward, next hand, last, back to the first), downloaded as the JSON that engine.load restores,
and the refusals: another server's table, an unfinished one, a corrupt save."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from bot.storage import ResultRow
from engine import load, new_game, parse_action
from tests.bot.helpers import components


def finished_42(seed: int) -> Any:
    game, rng = new_game("texas42", 4, seed), random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    return game


async def save_table(bot: Any, tid: int, guild_id: int, people: list[Any], game: Any, status: str = "finished",
                     state: str | None = None) -> None:
    seats = [{"name": m.name, "user_id": m.id} for m in people]
    seats += [{"name": f"Computer {i}", "user_id": None, "level": "normal"} for i in range(1, 5 - len(people))]
    async with bot.storage.db.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, state, status, "
                         "created_at, updated_at) VALUES (?, ?, 1, 'texas42', ?, ?, ?, ?, ?, 0, 0)",
                         (tid, guild_id, people[0].id, json.dumps(seats), game.seed,
                          state if state is not None else json.dumps(game.to_dict()), status))
        if status == "finished":
            await bot.storage.results.record(tx, [
                ResultRow(tid, s, guild_id, "texas42", seats[s]["user_id"], seats[s]["name"],
                          seats[s]["user_id"] is None, game.side_of(s), game.score[game.side_of(s)], s in game.winner,
                          time.time()) for s in range(4)])


def step_of(message: Any) -> int:
    return int(message.embeds[0].description.split()[1])


async def test_replay_steps_through_a_finished_texas_42_match(simcord_env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "games")  # the bot is up
    bot, game = simcord_env.bot, finished_42(7)
    await save_table(bot, 12, guild.id, [alice, bob], game)

    listed = (await bob.slash(channel, "history")).response
    assert listed.ephemeral and "#12" in listed.embeds[0].description and "Texas (42)" in listed.embeds[0].description
    mine = (await bob.slash(channel, "history", member=alice)).response
    assert "#12" in mine.embeds[0].description

    shown = await bob.slash(channel, "replay", table=12)
    replay = shown.followups[-1] if shown.followups else shown.response
    assert replay.ephemeral and replay.embeds[0].title.startswith("Replay · Four Hand Texas (42) #12")
    assert step_of(replay) == 0 and [a.filename for a in replay.attachments] == ["table.png"]
    hands = {f.name: f.value for f in replay.embeds[0].fields}
    assert set(hands) == {"alice", "bob", "Computer 1", "Computer 2"}  # the game is over: every hand is shown
    assert all(len(tiles.split()) == 7 for tiles in hands.values())
    labels = [c["label"] for c in components(replay)]
    assert labels == ["⏮ First", "◀ Back", "Forward ▶", "Last ⏭", "Next hand", "Download"]
    assert [c.get("disabled", False) for c in components(replay)][:2] == [True, True]  # nowhere back to go

    await bob.click(replay, label="Forward ▶")
    assert step_of(replay) == 1
    actions = game.to_dict()["actions"]
    await bob.click(replay, label="Next hand")
    replayed = new_game("texas42", 4, game.seed)
    first_hand_end = next(n for n, (seat, action) in enumerate(actions, 1)
                          if any(e.kind == "hand_over" for e in replayed.apply(seat, parse_action(action))))
    assert step_of(replay) == first_hand_end and "hand 1" in replay.embeds[0].description
    await bob.click(replay, label="Last ⏭")
    assert step_of(replay) == len(actions) and "won the match" in replay.embeds[0].description
    await bob.click(replay, label="⏮ First")
    assert step_of(replay) == 0

    download = await bob.click(replay, label="Download")
    file = download.response.attachments[0]
    assert download.response.ephemeral and file.filename == "table-12.json"
    assert load(json.loads(await file.read())).to_dict() == game.to_dict()


async def test_replay_refuses_what_it_cannot_show(simcord_env) -> None:
    guild, other = simcord_env.create_guild(), simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    stranger = other.add_member(simcord_env.create_user("stranger"))
    await alice.slash(channel, "games")
    bot = simcord_env.bot
    await save_table(bot, 3, other.id, [stranger], finished_42(1))
    await save_table(bot, 4, guild.id, [alice], new_game("texas42", 4, 2), status="playing")
    await save_table(bot, 5, guild.id, [alice], finished_42(3), state='{"format": 1, "game": "texas42"}')
    for tid, words in ((3, "no table #3"), (4, "has not finished"), (5, "cannot be replayed"), (99, "no table #99")):
        refused = (await alice.slash(channel, "replay", table=tid)).response
        assert refused.ephemeral and words in refused.content, refused.content
