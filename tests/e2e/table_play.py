"""Playing a table over the wire, as a member would: /play, House rules, Add computer, Start, then My hand and
legal moves by click, each checked against the game the database holds."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Sequence
from typing import Any

from PIL import Image

from engine import parse_action
from render.words import option_label, option_value_words
from tests.e2e.conftest import BotProcess
from tests.e2e.fake_discord import EPHEMERAL, FakeDiscord, Interaction, Message
from tests.e2e.saved import Saved, SavedDatabase, SavedTable, new_game_of, people

ALICE, BOB = 910_000_000_000_000_001, 910_000_000_000_000_002
MOVE_LIMIT = 400
DEFERRED_UPDATE, UPDATE_MESSAGE, CHANNEL_MESSAGE, DEFERRED_MESSAGE = 6, 7, 4, 5


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


class MatchEndedEarly(Exception):
    """The deal was so short that the match ended before the test was done with it (rare): play another table."""


async def open_table(fake: FakeDiscord, db: SavedDatabase, house_rules: Sequence[tuple[str, str]],
                     guild_id: int | None = None) -> tuple[int, Message]:
    """/play block in ``guild_id``, House rules, Add computer, Start: the lobby message becomes the table message."""
    play = await fake.slash(ALICE, "play", in_guild=guild_id, game="block")
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
    for name, value in house_rules:
        menu = next(c for row in panel.components for c in row["components"]
                    if c["type"] == 3 and c["options"][0]["label"].startswith(f"{option_label(name)}:"))
        await press(fake, ALICE, panel, prefix=menu["custom_id"], values=[value], answer=UPDATE_MESSAGE)
    await press(fake, ALICE, lobby, label="Add computer", answer=DEFERRED_UPDATE)

    async def ready_to_start() -> bool:
        start, version = lobby.component(label="Start"), (await db.table_row(tid))["version"]
        return not start.get("disabled") and start["custom_id"] == f"dh:start:{tid}:{version}"

    await fake.wait_for(ready_to_start, 10, "the lobby to show the computer, the house rules and Start enabled")
    fields = {f["name"].split(" (")[0]: f["value"] for f in lobby.embeds[0]["fields"]}
    assert "Computer 1" in fields["Seats"]
    assert all(f"{option_label(name)}: **{option_value_words(name, value)}**" in fields["House rules"]
               for name, value in house_rules), fields  # issue 11: rules by their names for players
    await press(fake, ALICE, lobby, label="Start", answer=DEFERRED_UPDATE)
    await fake.wait_for(lambda: lobby.attachments and "My hand" in str(lobby.components), 10, "the table message")
    assert [a.filename for a in lobby.attachments] == ["table.png"]
    assert {c["label"] for row in lobby.components for c in row["components"]} == {"My hand", "End game"}
    png(lobby.file("table.png"))
    return tid, lobby


async def shows_the_saved_table(fake: FakeDiscord, db: SavedDatabase, tid: int, table: Message) -> None:
    """The table message is redrawn for the table as saved (its buttons carry the saved version)."""
    async def current() -> bool:
        version = (await db.table_row(tid))["version"]
        return bool(table.component(label="My hand")["custom_id"] == f"dh:hand:{tid}:{version}")

    await fake.wait_for(current, 5, f"the table message to show table #{tid} as saved", 0.05)


class Player:
    """Alice at the table: opens her hand, plays legal moves by click, remembers every acknowledged move."""

    def __init__(self, fake: FakeDiscord, bot: BotProcess, table: Message, saved: SavedTable) -> None:
        self.fake, self.bot, self.tid, self.table, self.saved = fake, bot, saved.tid, table, saved
        self.acknowledged: list[str] = []

    @classmethod
    async def seated(cls, fake: FakeDiscord, bot: BotProcess, tid: int, table: Message) -> Player:
        return cls(fake, bot, table, await SavedTable.read(bot.db, tid))

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
        legal = [str(a) for a in (await self.saved.look()).game.legal_actions(0)]
        if action.startswith("#"):
            action = legal[int(action[1:])]
        assert action in legal, (action, legal)

        def kill(interaction: Interaction) -> None:
            if interaction.data.get("custom_id") == custom_id:
                self.bot.kill()

        if kill_on_ack:
            self.fake.on_callback = kill
        try:
            interaction = await self.fake.click(ALICE, hand, custom_id, values)
            callback = await self.fake.answered(interaction)
        finally:
            if kill_on_ack:
                self.fake.on_callback = None
        assert callback["type"] == DEFERRED_UPDATE, (custom_id, callback)
        self.acknowledged.append(action)
        if not kill_on_ack:  # the same ephemeral now shows the hand after the move
            await self.fake.wait_for(lambda: interaction.edits, 10, "the hand to be redrawn after the move")
            png(hand.file("hand.png"))
        return interaction

    async def play(self, moves: int) -> None:
        """Make ``moves`` moves, each on alice's next turn (MatchEndedEarly if the match ends first)."""
        for _ in range(moves):
            await self.move(await self.hand_with_moves())

    async def play_to_the_end(self) -> int:
        moves = 0
        while True:
            assert moves < MOVE_LIMIT, "the match did not end"
            state = await self.fake.wait_for(self.saved.my_turn_or_over, 15, "alice's turn", 0.03)
            if state != "turn":
                return moves
            await self.move(await self.hand_with_moves())
            moves += 1


async def alice_at_a_new_table(fake: FakeDiscord, bot: BotProcess, house_rules: Sequence[tuple[str, str]],
                                ) -> tuple[Message, Player]:
    """The bot started, alice known to the fake and seated at a new table with a computer (``open_table``): the
    table message and alice."""
    fake.user(ALICE, "alice")
    await bot.start_and_connect()
    tid, table = await open_table(fake, bot.db, house_rules)
    return table, await Player.seated(fake, bot, tid, table)


async def announces_the_result(fake: FakeDiscord, table: Message) -> None:
    """The table message, once the match is over: the result, the scores image, and only Rematch (issue 14)."""
    def rematch_only() -> bool:
        return [c.get("label") for row in table.components for c in row.get("components", [])] == ["Rematch"]

    def said() -> str:
        return str(table.embeds[0].get("description", "")) if table.embeds else ""

    def edits() -> list[str]:  # what the bot sent to this message, in order (shown if the check fails)
        found = []
        for r in fake.requests:
            if r.path.endswith(f"/messages/{table.id}"):
                body = r.payload if isinstance(r.payload, dict) else {}
                words = [str(e.get("description", ""))[:60] for e in body.get("embeds") or []]
                labels = [c.get("label") for row in body.get("components") or [] for c in row.get("components", [])]
                found.append(f"{r.method} {r.status} {words} {labels}")
        return found[-6:]

    await fake.wait_for(lambda: rematch_only() and "scores.png" in str(table.snapshot()["attachments"])
                        and ("won the match" in said() or "no winner" in said()), 10,
                        f"the table message to announce the match result (it says {said()!r}; {edits()})")
    assert table.embeds[1]["title"] == "Match over", table.embeds
    png(table.file("scores.png"))


# ----- what every wire test checks at the end ----------------------------------------------------------------------
async def check_no_move_lost(db: SavedDatabase, tid: int, final: Saved, at_kills: list[Saved],
                             acknowledged: list[str]) -> None:
    """Saved before a kill -> still in the log; acknowledged -> in the log; the saved state replays from the log."""
    for saved in at_kills:
        assert saved and final[:len(saved)] == saved
    assert [v for v, *_ in final] == list(range(final[0][0], final[0][0] + len(final))), "versions have gaps"
    assert people(final) == acknowledged
    assert all(seat == 0 for _, seat, _, actor in final if actor == "person")
    row = await db.table_row(tid)
    assert row["status"] == "finished" and row["version"] == final[-1][0]
    replayed = new_game_of(row)
    for _, seat, action, _ in final:
        replayed.apply(seat, parse_action(action))
    assert replayed.is_over and replayed.to_dict() == json.loads(row["state"])
    results = await db.query("SELECT seat, won FROM results WHERE table_id=? ORDER BY seat", tid)
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
