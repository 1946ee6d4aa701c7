"""A tournament's plan (issue 28): when it starts by itself, its house rules, the server event announcing it and
whether the channel was reminded. Kept apart from the tournament's own row (bot/storage/tournaments.py) so that a
tournament's schedule and its pairings change independently."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.storage.db import Store


@dataclass
class TournamentPlan:
    """``starts_at``: when the tournament starts by itself (None: only /tournament start starts it); ``options``: the
    house rules every table of it is played with (only those set, by name); ``event_id``: the server's scheduled
    event for it, if the bot could create one; ``reminded``: the channel heard the reminder before the start."""

    tournament_id: int
    starts_at: float | None = None
    options: dict[str, Any] = field(default_factory=dict)
    event_id: int | None = None
    reminded: bool = False


class TournamentPlanRepo:
    """Tournaments' plans, one row each."""

    def __init__(self, db: Store) -> None:
        self.db = db

    async def save(self, plan: TournamentPlan) -> None:
        """Write the plan (a new one or a change)."""
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO tournament_plans (tournament_id, starts_at, options, event_id, reminded) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament_id) DO UPDATE SET starts_at=excluded.starts_at, "
                "options=excluded.options, event_id=excluded.event_id, reminded=excluded.reminded",
                (plan.tournament_id, plan.starts_at, json.dumps(plan.options, sort_keys=True), plan.event_id,
                 int(plan.reminded)))

    async def get(self, tournament_id: int) -> TournamentPlan | None:
        """A tournament's plan, or None (a tournament opened with no start time and no house rules has none)."""
        row = await self.db.fetchone("SELECT tournament_id, starts_at, options, event_id, reminded FROM "
                                     "tournament_plans WHERE tournament_id=?", (tournament_id,))
        return _plan(row) if row is not None else None

    async def open_ones(self) -> list[TournamentPlan]:
        """The plans of the tournaments still signing up or running."""
        rows = await self.db.fetchall("SELECT p.tournament_id, p.starts_at, p.options, p.event_id, p.reminded FROM "
                                      "tournament_plans p JOIN tournaments t ON t.id = p.tournament_id "
                                      "WHERE t.status IN ('signup', 'running') ORDER BY p.tournament_id")
        return [_plan(row) for row in rows]


def _plan(row: Any) -> TournamentPlan:
    try:
        options = json.loads(row["options"])
    except ValueError:  # a damaged column: the game's own rules rather than no tournament at all
        options = {}
    return TournamentPlan(row["tournament_id"], row["starts_at"], options if isinstance(options, dict) else {},
                          row["event_id"], bool(row["reminded"]))
