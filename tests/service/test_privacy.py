"""A member's records exported and anonymised (bot/storage/privacy.py), on SQLite and on PostgreSQL: every place a
member appears, nobody else's rows touched, and nothing changed while they sit at an open table."""

from __future__ import annotations

import json

import pytest

from bot.storage import DELETED_NAME, ActionRow, MemberSeated, ResultRow, Seat, Storage
from bot.storage.privacy import ANONYMOUS_BELOW, anonymous_id

ALICE, BOB = 110_000_000_000_000_001, 110_000_000_000_000_002  # the size of real Discord ids


async def add_table(storage: Storage, tid: int, status: str, host: int, people: list[int], guild: int = 7) -> None:
    seats = [{"name": f"member{uid % 10}", "user_id": uid} for uid in people]
    seats.append({"name": "Computer 1", "user_id": None, "level": "normal"})
    async with storage.db.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, status, "
                         "created_at, updated_at) VALUES (?, ?, 3, 'block', ?, ?, 0, ?, 1, 2)",
                         (tid, guild, host, json.dumps(seats), status))
        for seat, uid in enumerate(people):
            await storage.actions.append(tx, ActionRow(tid, seat + 1, seat, "play 6-6 left", "person", uid, 1.5))
        if status == "finished":
            await storage.results.record(tx, [
                ResultRow(tid, seat, guild, "block", seats[seat]["user_id"], str(seats[seat]["name"]),
                          seats[seat]["user_id"] is None, seat, 10 * seat, seat == 0, float(tid))
                for seat in range(len(seats))])


async def snapshot(storage: Storage) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables a deletion may touch."""
    return {name: [tuple(row) for row in await storage.db.fetchall(f"SELECT * FROM {name} ORDER BY 1, 2")]
            for name in ("tables", "results", "actions", "guild_settings")}


async def test_export_holds_every_record_of_the_member_and_only_theirs(storage: Storage) -> None:
    await add_table(storage, 1, "finished", ALICE, [ALICE, BOB])
    await add_table(storage, 2, "abandoned", BOB, [BOB, ALICE])
    await storage.guild_settings.set(7, f"nudges:{ALICE}", False)
    await storage.guild_settings.set(7, f"nudges:{BOB}", True)
    await storage.guild_settings.set(7, "nudges", True)
    data = await storage.members.export(ALICE)
    assert data["member"] == str(ALICE) and data["names"] == ["member1"]
    assert [(r["table_id"], r["seat"], r["won"], r["guild_id"]) for r in data["results"]] == [(1, 0, True, "7")]
    assert [(t["table"], t["seat"], t["host"], t["status"]) for t in data["tables"]] == [
        (1, 0, True, "finished"), (2, 1, False, "abandoned")]
    assert [(m["table_id"], m["action"]) for m in data["moves"]] == [(1, "play 6-6 left"), (2, "play 6-6 left")]
    assert data["settings"] == [{"server": "7", "setting": "nudges", "value": False}]
    assert str(BOB) not in json.dumps(data)


async def test_forget_anonymises_the_member_everywhere_and_leaves_the_others(storage: Storage) -> None:
    await add_table(storage, 1, "finished", ALICE, [ALICE, BOB])
    await add_table(storage, 2, "finished", BOB, [BOB, ALICE])
    await storage.guild_settings.set(7, f"nudges:{ALICE}", False)
    await storage.guild_settings.set(7, f"nudges:{BOB}", False)
    before = await snapshot(storage)
    done = await storage.members.forget(ALICE, anonymous=4242)
    assert (done.results, done.seats, done.hosted, done.moves, done.settings) == (2, 2, 1, 2, 1)
    after = await snapshot(storage)
    stored = json.dumps([[str(v) for v in row] for rows in after.values() for row in rows])
    assert str(ALICE) not in stored and "member1" not in stored
    results = {(r.table_id, r.seat): r for tid in (1, 2) for r in await storage.results.for_table(tid)}
    assert results[1, 0].user_id == results[2, 1].user_id == 4242 and results[1, 0].name == DELETED_NAME
    assert results[1, 1].user_id == results[2, 0].user_id == BOB  # bob's rows exactly as they were
    assert [row for row in after["results"] if BOB in row] == [row for row in before["results"] if BOB in row]
    assert after["guild_settings"] == [row for row in before["guild_settings"] if str(BOB) in row[1]]
    first = await storage.tables.get(1)
    assert first is not None and first.host_id == 4242 and first.seats[0] == Seat(DELETED_NAME, 4242)
    assert (await storage.members.export(ALICE))["results"] == []


async def test_forget_refuses_while_the_member_sits_at_an_open_table_and_changes_nothing(storage: Storage) -> None:
    await add_table(storage, 1, "finished", ALICE, [ALICE, BOB])
    await add_table(storage, 2, "playing", BOB, [BOB, ALICE])
    await add_table(storage, 3, "lobby", ALICE, [ALICE])
    before = await snapshot(storage)
    with pytest.raises(MemberSeated) as refused:
        await storage.members.forget(ALICE)
    assert refused.value.tables == [2, 3]
    assert await snapshot(storage) == before
    assert await storage.members.open_tables(BOB) == [2]


async def test_an_id_that_only_shares_digits_is_not_the_member(storage: Storage) -> None:
    await add_table(storage, 1, "finished", ALICE * 10 + 1, [ALICE * 10 + 1])  # its digits contain ALICE's
    assert (await storage.members.export(ALICE))["tables"] == []
    done = await storage.members.forget(ALICE)
    assert (done.results, done.seats, done.hosted) == (0, 0, 0)


def test_anonymous_ids_are_never_a_real_discord_id() -> None:
    ids = {anonymous_id() for _ in range(1000)}
    assert len(ids) == 1000 and all(0 < i < ANONYMOUS_BELOW < ALICE for i in ids)


def test_the_operators_command_line_exports_and_forgets(tmp_path, monkeypatch, capsys) -> None:
    import asyncio

    from bot.__main__ import main

    path = tmp_path / "hall.db"

    async def prepare() -> None:
        storage = await Storage.open(path)
        await add_table(storage, 1, "finished", ALICE, [ALICE, BOB])
        await add_table(storage, 2, "lobby", BOB, [BOB])
        await storage.close()

    asyncio.run(prepare())
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    monkeypatch.chdir(tmp_path)  # (no .env here)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["export", str(ALICE)]) == 0
    assert [r["table_id"] for r in json.loads(capsys.readouterr().out)["results"]] == [1]
    assert main(["forget", str(BOB)]) == 1 and "nothing was deleted" in capsys.readouterr().err
    assert main(["forget", str(ALICE)]) == 0 and "1 results" in capsys.readouterr().out
    assert main(["export", str(ALICE)]) == 0 and json.loads(capsys.readouterr().out)["results"] == []
