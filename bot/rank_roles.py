"""Rank roles (issue 28): a server may map the top places of a season to roles (``/hall-settings rank_place:1
rank_role:@Champion``); off until it does.

The places are those of the season's all-games board (``/leaderboard`` with no game: members by wins across every
game, then win rate), so one set of roles serves the whole server whatever it plays; a member needs at least one win
in the season to place. When a season ends (noticed with the first match finished after it, as the season's card
is: bot/seasons.py ``SeasonBook.turned``) the roles are taken from last season's holders and given to the new top
players. What was given is stored, so the next season takes back exactly those roles, after a restart too.

This module decides who gets and loses what; the Discord side (cogs/rank_roles.py) checks the bot's permission and
the roles' positions and carries it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.seasons import Season
from bot.storage import Storage

#: The places a server may give a role to.
MAX_PLACE = 10
MAPPING, HOLDERS = "rank_roles", "rank_role_holders"


@dataclass
class RoleChanges:
    """What a season's end does: ``take`` (member, role) pairs of last season, ``give`` this one's; ``holders``: who
    holds each role afterwards (to store)."""

    take: list[tuple[int, int]] = field(default_factory=list)
    give: list[tuple[int, int]] = field(default_factory=list)
    holders: dict[int, list[int]] = field(default_factory=dict)


class RankRoles:
    """Each server's place-to-role map and its current holders (kept with the server's settings)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def places(self, guild_id: int) -> dict[int, int]:
        """The server's map: place (from 1) -> role id; empty when off."""
        raw = (await self.storage.guild_settings.get_all(guild_id)).get(MAPPING, {})
        return {int(place): int(role) for place, role in raw.items()} if isinstance(raw, dict) else {}

    async def set_place(self, guild_id: int, place: int, role_id: int | None) -> dict[int, int]:
        """Give ``place`` a role (None: no role any more); the map afterwards."""
        if not 1 <= place <= MAX_PLACE:
            raise ValueError(f"place {place} is not 1 to {MAX_PLACE}")
        mapping = await self.places(guild_id)
        if role_id is None:
            mapping.pop(place, None)
        else:
            mapping = {p: r for p, r in mapping.items() if r != role_id}  # one role marks one place
            mapping[place] = role_id
        await self.storage.guild_settings.set(guild_id, MAPPING, {str(p): r for p, r in sorted(mapping.items())})
        return mapping

    async def holders(self, guild_id: int) -> dict[int, list[int]]:
        """Who was given each role at the last season's end: role id -> member ids."""
        raw = (await self.storage.guild_settings.get_all(guild_id)).get(HOLDERS, {})
        return {int(role): [int(u) for u in users] for role, users in raw.items()} if isinstance(raw, dict) else {}

    async def save_holders(self, guild_id: int, holders: dict[int, list[int]]) -> None:
        """Remember who holds each role now (what the next season's end takes back)."""
        await self.storage.guild_settings.set(guild_id, HOLDERS, {str(r): users for r, users in holders.items()})

    async def top(self, guild_id: int, season: Season, count: int) -> list[int]:
        """The season's top ``count`` members by wins across all games (at least one win each), best first."""
        board = await self.storage.results.leaderboard(guild_id, None, limit=count, between=(season.start, season.end))
        return [line.user_id for line in board if line.wins > 0 and line.user_id is not None]

    async def changes(self, guild_id: int, season: Season) -> RoleChanges | None:
        """What ``season``'s end does to the server's roles; None when the server maps no place and nobody holds a
        role from before (a server that turned rank roles off has its last holders' roles taken back once)."""
        mapping, old = await self.places(guild_id), await self.holders(guild_id)
        if not mapping and not any(old.values()):
            return None
        top = await self.top(guild_id, season, max(mapping)) if mapping else []
        new: dict[int, list[int]] = {}
        for place, role in sorted(mapping.items()):
            if place <= len(top):
                new.setdefault(role, []).append(top[place - 1])
        take = [(user, role) for role, users in old.items() for user in users if user not in new.get(role, [])]
        give = [(user, role) for role, users in new.items() for user in users if user not in old.get(role, [])]
        return RoleChanges(take, give, new)
