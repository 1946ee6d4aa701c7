"""Rank roles (issue 28, bot/rank_roles.py) without Discord: the place map, the season's top members by wins across
all games (a win needed to place), and what a season's end gives and takes, a server that turned them off included
(SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.rank_roles import RankRoles, RoleChanges
from bot.seasons import season_at
from bot.storage import ResultRow, Storage

GUILD, CHAMPION, RUNNER_UP = 7, 70, 71
OCTOBER = season_at(datetime(2027, 10, 15, tzinfo=UTC).timestamp())


async def won(storage: Storage, table: int, winner: int, loser: int, game: str = "block") -> None:
    """A two-player match in October: ``winner`` beat ``loser``."""
    when = OCTOBER.start + 86400 * table
    async with storage.db.transaction() as tx:
        await tx.execute("INSERT INTO tables (id, guild_id, channel_id, game, host_id, seats, seed, status, "
                         "created_at, updated_at) VALUES (?, ?, 1, ?, 1, '[]', 0, 'finished', 0, 0)",
                         (table, GUILD, game))
        await storage.results.record(tx, [ResultRow(table, seat, GUILD, game, user, f"p{user}", False, seat,
                                                    10 * (seat == 0), seat == 0, when)
                                          for seat, user in enumerate((winner, loser))])


async def test_a_seasons_end_gives_the_mapped_places_and_takes_last_seasons_roles(storage: Storage) -> None:
    roles = RankRoles(storage)
    assert await roles.changes(GUILD, OCTOBER) is None  # off by default: nothing to do
    await roles.set_place(GUILD, 1, CHAMPION)
    await roles.set_place(GUILD, 2, RUNNER_UP)
    assert await roles.places(GUILD) == {1: CHAMPION, 2: RUNNER_UP}
    await roles.set_place(GUILD, 3, RUNNER_UP)  # a role marks one place: it moves
    assert await roles.places(GUILD) == {1: CHAMPION, 3: RUNNER_UP}
    with pytest.raises(ValueError):
        await roles.set_place(GUILD, 11, CHAMPION)
    await won(storage, 1, 1, 2)
    await won(storage, 2, 1, 3, "draw")
    await won(storage, 3, 3, 2)  # wins across games: member 1 has 2, member 3 has 1, member 2 none
    assert await roles.top(GUILD, OCTOBER, 3) == [1, 3]
    await roles.save_holders(GUILD, {CHAMPION: [3], RUNNER_UP: [4]})  # last season's
    changes = await roles.changes(GUILD, OCTOBER)
    assert changes == RoleChanges(take=[(3, CHAMPION), (4, RUNNER_UP)], give=[(1, CHAMPION)],
                                  holders={CHAMPION: [1]})  # nobody third with a win: the runner-up role is free

    await roles.save_holders(GUILD, changes.holders)
    await roles.set_place(GUILD, 1, None)
    await roles.set_place(GUILD, 3, None)  # turned off: the last holders lose their roles once
    assert await roles.changes(GUILD, OCTOBER) == RoleChanges(take=[(1, CHAMPION)], give=[], holders={})
    await roles.save_holders(GUILD, {})
    assert await roles.changes(GUILD, OCTOBER) is None
