"""End to end on the wire: the real bot process against the fake Discord on 127.0.0.1, killed mid-game and restarted.

/play block -> House rules (target 200, double-twelve set) -> Add computer -> Start -> My hand -> legal moves by
click, with two ``kill -9``: one right after a move was acknowledged (it must already be saved), one with a hand
ephemeral open (its buttons must work in the next process); a gateway RECONNECT that the bot answers with RESUME;
then clicks until the match ends. No move may be lost: what the database held at each kill is a prefix of the final
action log, every acknowledged click is in it, and the saved final state is what replaying the log gives.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import io
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engine
from engine import parse_action
from tests.e2e.conftest import BotProcess
from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord, Interaction, Message

# aiohttp's own multipart reader (the fake's, reading the bot's uploads) calls a deprecated method of aiohttp
pytestmark = [pytest.mark.e2e, pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")]

ALICE, BOB = 910_000_000_000_000_001, 910_000_000_000_000_002
MOVE_LIMIT = 400
DEFERRED_UPDATE, UPDATE_MESSAGE, CHANNEL_MESSAGE, DEFERRED_MESSAGE = 6, 7, 4, 5
# Block to 200 on the double-twelve set: about 30 moves by alice (on a double-six set, some 110); a round scores at
# most 153, so the match lasts two rounds at least and rarely ends before the kills (if it does, another table).
HOUSE_RULES = (("target", "200"), ("set", "12"))
Saved = list[tuple[int, int, str, str]]


# ----- the database, read as the bot left it ---------------------------------------------------------------------
def query(db: Path, sql: str, *params: Any) -> list[sqlite3.Row]:
    with contextlib.closing(sqlite3.connect(db, timeout=5)) as conn:
        conn.row_factory = sqlite3.Row
        return conn.execute(sql, params).fetchall()


def table_row(db: Path, tid: int) -> sqlite3.Row:
    return query(db, "SELECT * FROM tables WHERE id=?", tid)[0]


def saved_actions(db: Path, tid: int) -> Saved:
    """(version, seat, action, actor) of every action the table saved, in order."""
    rows = query(db, "SELECT version, seat, action, actor FROM actions WHERE table_id=? ORDER BY version", tid)
    return [(r["version"], r["seat"], r["action"], r["actor"]) for r in rows]


def people(saved: Saved) -> list[str]:
    return [action for _, _, action, actor in saved if actor == "person"]


class SavedTable:
    """The game as the database holds it, followed action by action (one consistent read per look, no replay)."""

    def __init__(self, db: Path, tid: int) -> None:
        row = table_row(db, tid)
        self.db, self.tid, self.status, self.version = db, tid, str(row["status"]), 0
        self.game = engine.new_game(row["game"], len(json.loads(row["seats"])), row["seed"], json.loads(row["options"]))

    def look(self) -> SavedTable:
        with contextlib.closing(sqlite3.connect(self.db, timeout=5, isolation_level=None)) as conn:
            conn.execute("BEGIN")  # one snapshot: the status and the actions committed with it
            self.status = conn.execute("SELECT status FROM tables WHERE id=?", (self.tid,)).fetchone()[0]
            new = conn.execute("SELECT version, seat, action FROM actions WHERE table_id=? AND version>? "
                               "ORDER BY version", (self.tid, self.version)).fetchall()
            conn.execute("COMMIT")
        for version, seat, action in new:
            self.game.apply(seat, parse_action(action))
            self.version = version
        return self

    def my_turn_or_over(self) -> str | None:
        """"turn" when seat 0 is awaited, the status once the game is not playing, else None."""
        self.look()
        if self.status != "playing":
            return self.status
        return "turn" if 0 in self.game.to_act else None


# ----- clicks ------------------------------------------------------------------------------------------------------
def png(data: bytes) -> tuple[int, int]:
    """Decode a PNG the bot uploaded; its size in pixels."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and len(data) < 500_000
    image.load()
    assert image.width >= 100 and image.height >= 50, image.size
    return image.size


async def press(fake: FakeDiscord, user: int, message: Message, label: str | None = None, prefix: str | None = None,
                values: list[str] | None = None, answer: int | None = None) -> Interaction:
    """Click a component of ``message`` and wait for the bot's callback (of type ``answer`` when given)."""
    component = message.component(label=label, prefix=prefix)
    interaction = await fake.click(user, message, component["custom_id"], values)
    callback = await fake.answered(interaction)
    if answer is not None:
        assert callback["type"] == answer, (label or prefix, callback)
    return interaction


def is_move(custom_id: str, tid: int) -> bool:
    return custom_id.startswith((f"dh:m:{tid}:", f"dhs:m:{tid}:"))


class Player:
    """Alice at the table: opens her hand, plays legal moves by click, remembers every acknowledged move."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess, tid: int, table: Message) -> None:
        self.fake, self.bot, self.tid, self.table = fake, bot, tid, table
        self.saved = SavedTable(bot.database, tid)
        self.acknowledged: list[str] = []

    async def open_hand(self, user: int = ALICE) -> Message:
        """My hand on the table message: an ephemeral "thinking" answer, then the hand with its image."""
        interaction = await press(self.fake, user, self.table, label="My hand", answer=DEFERRED_MESSAGE)
        assert interaction.callbacks[0]["data"].get("flags", 0) & EPHEMERAL, "My hand must answer ephemerally"
        await self.fake.wait_for(lambda: interaction.followups, 10, "the hand follow-up")
        hand = self.fake.messages[interaction.followups[0]]
        assert hand.ephemeral and [a.filename for a in hand.attachments] == ["hand.png"], hand.snapshot()
        png(hand.file("hand.png"))
        return hand

    async def hand_with_moves(self) -> Message:
        """Wait for alice's turn, then My hand until it offers moves (the process may adopt a move just after the
        database has it)."""
        for _ in range(20):
            state = await self.fake.wait_for(self.saved.my_turn_or_over, 15, "alice's turn", 0.03)
            if state != "turn":
                raise MatchEndedEarly(f"table #{self.tid} is {state} after {len(self.acknowledged)} moves by alice")
            hand = await self.open_hand()
            if any(is_move(c, self.tid) for c in hand.custom_ids()):
                assert "Your turn" in hand.content, hand.content
                return hand
            await asyncio.sleep(0.05)
        raise AssertionError("My hand never offered a move on alice's turn")

    def first_move(self, hand: Message) -> tuple[str, list[str] | None, str]:
        """The first move control of a hand: (custom id, select values or None, the action it stands for)."""
        custom_id = next(c for c in hand.custom_ids() if is_move(c, self.tid))
        if custom_id.startswith("dh:"):
            return custom_id, None, custom_id.split(":", 4)[4]
        value = hand.component(prefix=custom_id)["options"][0]["value"]
        return custom_id, [value], value

    async def move(self, hand: Message, kill_on_ack: bool = False) -> Interaction:
        """Click the hand's first move (checked legal against the saved game) and wait for the acknowledgement;
        with ``kill_on_ack`` the bot is killed -9 the moment its acknowledgement reaches Discord."""
        custom_id, values, action = self.first_move(hand)
        legal = [str(a) for a in self.saved.look().game.legal_actions(0)]
        if action.startswith("#"):
            action = legal[int(action[1:])]
        assert action in legal, (action, legal)

        def kill(interaction: Interaction) -> None:
            if interaction.data.get("custom_id") == custom_id:
                self.bot.kill()

        self.fake.on_callback = kill if kill_on_ack else None
        try:
            interaction = await self.fake.click(ALICE, hand, custom_id, values)
            callback = await self.fake.answered(interaction)
        finally:
            self.fake.on_callback = None
        assert callback["type"] == DEFERRED_UPDATE, (custom_id, callback)
        self.acknowledged.append(action)
        if not kill_on_ack:  # the same ephemeral now shows the hand after the move
            await self.fake.wait_for(lambda: interaction.edits, 10, "the hand to be redrawn after the move")
            png(hand.file("hand.png"))
        return interaction

    async def play_to_the_end(self) -> int:
        moves = 0
        while True:
            assert moves < MOVE_LIMIT, "the match did not end"
            state = await self.fake.wait_for(self.saved.my_turn_or_over, 15, "alice's turn", 0.03)
            if state != "turn":
                return moves
            await self.move(await self.hand_with_moves())
            moves += 1


# ----- the scenario ------------------------------------------------------------------------------------------------
async def open_table(fake: FakeDiscord, bot: BotProcess) -> tuple[int, Message]:
    """/play block, House rules, Add computer, Start: the lobby message becomes the table message."""
    play = await fake.slash(ALICE, "play", game="block")
    assert (await fake.answered(play))["type"] == CHANNEL_MESSAGE
    lobby = fake.messages[play.original_id or 0]
    assert not lobby.ephemeral and lobby.embeds[0]["title"].startswith("Block Dominoes")
    assert [c["label"] for row in lobby.components for c in row["components"]] == [
        "Join", "Leave", "Add computer", "House rules", "Start", "Cancel"]
    assert lobby.component(label="Start")["disabled"], "one player cannot start Block"
    tid = int(lobby.custom_ids()[0].split(":")[2])

    rules = await press(fake, ALICE, lobby, label="House rules", answer=CHANNEL_MESSAGE)
    panel = fake.messages[rules.original_id or 0]
    assert panel.ephemeral
    for name, value in HOUSE_RULES:
        menu = next(c for row in panel.components for c in row["components"]
                    if c["type"] == 3 and c["options"][0]["label"].startswith(f"{name}:"))
        await press(fake, ALICE, panel, prefix=menu["custom_id"], values=[value], answer=UPDATE_MESSAGE)
    await press(fake, ALICE, lobby, label="Add computer", answer=DEFERRED_UPDATE)

    def ready_to_start() -> bool:
        start, version = lobby.component(label="Start"), table_row(bot.database, tid)["version"]
        return not start.get("disabled") and start["custom_id"] == f"dh:start:{tid}:{version}"

    await fake.wait_for(ready_to_start, 10, "the lobby to show the computer, the house rules and Start enabled")
    fields = {f["name"].split(" (")[0]: f["value"] for f in lobby.embeds[0]["fields"]}
    assert "Computer 1" in fields["Seats"]
    assert all(f"`{name}`: **{value}**" in fields["House rules"] for name, value in HOUSE_RULES), fields
    await press(fake, ALICE, lobby, label="Start", answer=DEFERRED_UPDATE)
    await fake.wait_for(lambda: lobby.attachments and "My hand" in str(lobby.components), 10, "the table message")
    assert [a.filename for a in lobby.attachments] == ["table.png"]
    assert {c["label"] for row in lobby.components for c in row["components"]} == {"My hand", "End game"}
    png(lobby.file("table.png"))
    return tid, lobby


async def spectator_changes_nothing(fake: FakeDiscord, db: Path, tid: int, table: Message) -> None:
    """Bob, not seated, gets ephemeral refusals for My hand and End game, and the table stays as it was."""
    version = table_row(db, tid)["version"]
    for label in ("My hand", "End game"):
        refused = (await press(fake, BOB, table, label=label, answer=CHANNEL_MESSAGE)).callbacks[0]["data"]
        assert refused["flags"] & EPHEMERAL and ("watching" in refused["content"] or "Only" in refused["content"])
    row = table_row(db, tid)
    assert row["status"] == "playing" and row["version"] == version, "a spectator's click changed the table"


async def shows_the_saved_table(fake: FakeDiscord, db: Path, tid: int, table: Message) -> None:
    """The table message is redrawn for the table as saved (its buttons carry the saved version)."""
    def current() -> bool:
        return bool(table.component(label="My hand")["custom_id"] == f"dh:hand:{tid}:{table_row(db, tid)['version']}")

    await fake.wait_for(current, 5, f"the table message to show table #{tid} as saved", 0.05)


class MatchEndedEarly(Exception):
    """The deal was so short that the match ended before the test was done with it (rare): play another table."""


async def kill_and_restart_mid_game(fake: FakeDiscord, bot: BotProcess) -> tuple[Player, list[Saved]]:
    """Open a table, play, kill -9 twice mid-game and restart; returns alice and what was saved at each kill."""
    tid, table = await open_table(fake, bot)
    db, alice = bot.database, Player(fake, bot, tid, table)

    # a move redraws the table image
    before = table.file("table.png")
    await alice.move(await alice.hand_with_moves())
    await fake.wait_for(lambda: table.file("table.png") != before, 10, "the table image to change after a move")
    png(table.file("table.png"))

    # kill -9 the moment a move is acknowledged: it was saved before the answer
    await alice.move(await alice.hand_with_moves(), kill_on_ack=True)
    assert not bot.running
    at_first_kill = saved_actions(db, tid)
    assert people(at_first_kill) == alice.acknowledged
    computer_was_awaited = 1 in alice.saved.look().game.to_act

    # the next process: the computer resumes, the table message drawn before the kill works, a spectator can't act
    await bot.start_and_connect()
    hand = await alice.hand_with_moves()
    if computer_was_awaited:
        assert any(actor == "computer" for _, _, _, actor in saved_actions(db, tid)[len(at_first_kill):])
    await spectator_changes_nothing(fake, db, tid, table)
    await alice.move(hand)
    hand = await alice.hand_with_moves()

    # kill -9 with a hand open: the next process redraws the table, the hand's buttons work, a double click doesn't
    bot.kill()
    at_second_kill = saved_actions(db, tid)
    await bot.start_and_connect()
    await shows_the_saved_table(fake, db, tid, table)
    as_drawn, (stale_id, stale_values, _) = copy.deepcopy(hand), alice.first_move(hand)
    await alice.move(hand)
    clicked = people(saved_actions(db, tid))
    assert len(clicked) > len(people(at_second_kill))
    stale = await fake.click(ALICE, as_drawn, stale_id, stale_values)
    answer = (await fake.answered(stale))["data"]
    assert answer.get("flags", 0) & EPHEMERAL
    assert "no longer current" in answer["content"] or "not your turn" in answer["content"], answer
    assert people(saved_actions(db, tid)) == clicked
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
    final, table = saved_actions(bot.database, alice.tid), alice.table
    check_no_move_lost(bot.database, alice.tid, final, at_kills, alice.acknowledged)
    await fake.wait_for(lambda: not table.components and "scores.png" in str(table.snapshot()["attachments"]), 10,
                        "the table message to announce the match result")
    assert table.embeds[1]["title"] == "Match over" and ("won the match" in table.embeds[0]["description"] or
                                                          "no winner" in table.embeds[0]["description"])
    png(table.file("scores.png"))
    check_wire_manners(fake)
    troubles = [line for line in bot.log_text().splitlines() if any(
        word in line for word in ("WARNING", "ERROR", "CRITICAL", "Traceback")) and "voice will NOT" not in line]
    assert not troubles, "\n".join(troubles)
    slowest = max(i.callbacks[0]["latency"] for i in fake.interactions.values())
    print(f"wire test: {len(final)} actions, {len(alice.acknowledged)} clicked ({moves} after the reconnect), "
          f"{len(fake.interactions)} interactions (slowest acknowledged in {slowest * 1000:.0f} ms), "
          f"{len(fake.requests)} requests, {fake.identifies} sessions, {time.monotonic() - started:.1f}s")


def check_no_move_lost(db: Path, tid: int, final: Saved, at_kills: list[Saved], acknowledged: list[str]) -> None:
    """Saved before a kill -> still in the log; acknowledged -> in the log; the saved state replays from the log."""
    for saved in at_kills:
        assert saved and final[:len(saved)] == saved
    assert [v for v, *_ in final] == list(range(final[0][0], final[0][0] + len(final))), "versions have gaps"
    assert people(final) == acknowledged
    assert all(seat == 0 for _, seat, _, actor in final if actor == "person")
    row = table_row(db, tid)
    assert row["status"] == "finished" and row["version"] == final[-1][0]
    replayed = engine.new_game(row["game"], len(json.loads(row["seats"])), row["seed"], json.loads(row["options"]))
    for _, seat, action, _ in final:
        replayed.apply(seat, parse_action(action))
    assert replayed.is_over and replayed.to_dict() == json.loads(row["state"])
    results = query(db, "SELECT seat, won FROM results WHERE table_id=? ORDER BY seat", tid)
    assert [bool(r["won"]) for r in results] == [seat in replayed.winner for seat in range(replayed.seats)]


def mentions_settings(payload: Any) -> list[dict[str, Any]]:
    """Every ``allowed_mentions`` object in a request payload (interaction callbacks nest it under ``data``)."""
    if not isinstance(payload, dict):
        return []
    found = [payload["allowed_mentions"]] if isinstance(payload.get("allowed_mentions"), dict) else []
    return found + mentions_settings(payload.get("data"))


def check_wire_manners(fake: FakeDiscord) -> None:
    """Every request answered without error, no ping of everyone or roles, custom ids within 100 characters, and
    every interaction acknowledged once, in time."""
    failed = [(r.method, r.path, r.status) for r in fake.requests if r.status >= 400]
    assert not failed, failed
    settings = [m for r in fake.requests for m in mentions_settings(r.payload)]
    assert settings and all(not {"everyone", "roles"} & set(m.get("parse", [])) for m in settings)
    for message in fake.messages.values():
        for version in message.versions:
            assert all(len(c.get("custom_id", "")) <= 100 for row in version["components"]
                       for c in row.get("components", []))
    assert all(len(i.callbacks) == 1 and not i.refused for i in fake.interactions.values())
