"""A tournament's start time and house rules (issue 28): when it starts by itself, the reminder before, and the rules
every table of it is played with.

``/tournament create starts_at:`` takes a time in UTC (``2026-12-01 20:00``), a time from now (``in 2h``,
``in 1h30m``, ``in 45 min``, ``in 3 days``) or a Discord timestamp (``<t:1796155200:F>``, as timestamp pickers
write them): :func:`parse_start`. A time that cannot be read, or one less than a minute ahead or more than
:data:`MAX_LEAD` ahead, is refused and nothing is created.

``rules:`` takes house rules by the names ``/rules`` shows (``target=100 first_double_spinner=off``), checked as a
lobby checks them (the game's option list, then the combination): :func:`house_rules`.

At the start time the tournament starts as ``/tournament start`` would. If fewer than two players joined, it does not
start: the channel is told, the sign-up stays open (without a start time) and the organiser starts or cancels it by
hand. :data:`REMIND_BEFORE` seconds before the start the channel is reminded, mentioning the players signed up so
far. Both are stored (bot/storage/tournament_plans.py): a restart arms them again, and a start time that passed
while the bot was down starts the tournament as soon as it is back.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

import engine
from bot.listeners import Listeners
from bot.storage import Storage, TournamentPlan, TournamentRow
from bot.table import NotAllowed, TableError
from bot.tournaments import SIGNUP, TournamentEvent, TournamentService, TournamentUpdate
from engine.errors import BadOption
from engine.phrases import Phrase, Word
from render.language import _

log = logging.getLogger("domino_hall.tournaments")

#: The reminder goes to the channel this long before the start (if the tournament was opened earlier than that).
REMIND_BEFORE = 600.0
#: The earliest and the latest start time accepted, from now.
MIN_LEAD, MAX_LEAD = 60.0, 90 * 86400.0
#: Seconds per unit of a relative time (``in 2h``).
UNITS = {"d": 86400, "day": 86400, "days": 86400, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
         "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60}
_RELATIVE = re.compile(r"(\d+)\s*([a-z]+)")
_TIMESTAMP = re.compile(r"<t:(\d{1,12})(?::[tTdDfFR])?>")
_ABSOLUTE = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S")


def parse_start(text: str, now: float) -> float:
    """When ``text`` says the tournament starts, as a time.time() value; NotAllowed (saying what is accepted) if it
    cannot be read, is less than a minute away, or is more than :data:`MAX_LEAD` away."""
    said = text.strip().lower()
    when = _relative(said, now) if said.startswith("in ") else _absolute(said)
    if when is None:
        raise NotAllowed(_("I cannot read the start time {said}: write a time in UTC like 2026-12-01 20:00, a time "
                           "from now like in 2h or in 1h30m, or a Discord timestamp."), said=text.strip()[:40])
    if when < now + MIN_LEAD:
        raise NotAllowed(_("The start time must be at least a minute from now (it is {when} UTC now)."),
                         when=datetime.fromtimestamp(now, UTC).strftime("%Y-%m-%d %H:%M"))
    if when > now + MAX_LEAD:
        raise NotAllowed(_("The start time must be within {days} days."), days=int(MAX_LEAD // 86400))
    return when


def _relative(said: str, now: float) -> float | None:
    rest = said[3:].replace(" and ", " ").replace(",", " ")
    parts = _RELATIVE.findall(rest)
    if not parts or _RELATIVE.sub("", rest).strip() or any(unit not in UNITS for _n, unit in parts):
        return None
    return now + sum(int(number) * UNITS[unit] for number, unit in parts)


def _absolute(said: str) -> float | None:
    stamp = _TIMESTAMP.fullmatch(said.replace("<T:", "<t:"))
    if stamp is not None:
        return float(stamp[1])
    said = re.sub(r"\s*(utc|z)$", "", said).strip().upper()  # "2026-12-01t20:00z" -> "2026-12-01T20:00"
    for layout in _ABSOLUTE:
        with contextlib.suppress(ValueError):
            return datetime.strptime(said, layout).replace(tzinfo=UTC).timestamp()
    return None


def house_rules(game: str, seats: int, text: str | None) -> dict[str, Any]:
    """The house rules ``text`` sets for ``game`` at tables of ``seats`` (``name=value`` pairs, by the names /rules
    shows, separated by spaces or commas), checked as a lobby checks them; NotAllowed saying what is wrong."""
    if not text or not text.strip():
        return {}
    spec = engine.game_spec(game)
    names = {option.name for option in spec.options}
    chosen: dict[str, Any] = {}
    for pair in re.split(r"[\s,;]+", text.strip()):
        name, equals, raw = pair.partition("=")
        if not equals or not name or not raw:
            raise NotAllowed(_("Write house rules as name=value (for example target=100), by the names /rules "
                               "shows: {pair} is not."), pair=pair[:40])
        if name not in names:
            raise NotAllowed(_("{game} has no house rule {name}; its rules: {names}."), game=Word(spec.title),
                             name=name[:40], names=", ".join(sorted(names)) or "-")
        try:
            chosen[name] = spec.option(name).parse(raw)
        except BadOption as error:
            raise NotAllowed(str(error)) from None
    try:
        factory: Any = spec.factory
        factory.check_options(seats, spec.validate(seats, chosen))
    except BadOption as error:
        reason = error.args[0] if error.args else ""
        raise NotAllowed(_("The game cannot start: {problem}"),
                         problem=reason if isinstance(reason, Phrase) else Phrase(str(reason))) from None
    return chosen


class ScheduleEvent(StrEnum):
    """What a :class:`ScheduleUpdate` tells the channel."""

    REMINDER = "reminder"  # the start is near: the players are reminded
    STARTED = "started"  # the start time came and the tournament started
    TOO_FEW = "too-few"  # the start time came with fewer than two players: the sign-up stays open


@dataclass(frozen=True)
class ScheduleUpdate:
    """A scheduled moment of a tournament came."""

    tournament: TournamentRow
    plan: TournamentPlan
    kind: ScheduleEvent


class TournamentSchedule:
    """Every open tournament's plan, and the timers of those with a start time."""

    def __init__(self, storage: Storage, tournaments: TournamentService,
                 clock: Callable[[], float] = time.time) -> None:
        self.storage, self.tournaments, self.clock = storage, tournaments, clock
        self.plans: dict[int, TournamentPlan] = {}
        self.timers: dict[int, list[asyncio.Task[None]]] = {}
        self.listeners: Listeners[ScheduleUpdate] = Listeners()
        tournaments.house_rules = self.rules_for  # every table of a tournament is opened with its house rules
        tournaments.add_listener(self.on_tournament)

    def add_listener(self, listener: Callable[[ScheduleUpdate], None]) -> None:
        """Call ``listener`` at a tournament's reminder and start time (it must not block)."""
        self.listeners.add(listener)

    def rules_for(self, row: TournamentRow) -> Mapping[str, Any]:
        """The house rules of a tournament's tables (none set: the game's own)."""
        plan = self.plans.get(row.id)
        return dict(plan.options) if plan is not None else {}

    async def plan(self, tournament_id: int, starts_at: float | None, options: Mapping[str, Any]) -> TournamentPlan:
        """Store a new tournament's start time and house rules, and arm its timers."""
        plan = TournamentPlan(tournament_id, starts_at, dict(options))
        plan.reminded = starts_at is None or starts_at - REMIND_BEFORE <= self.clock()  # too near for one
        await self.storage.tournament_plans.save(plan)
        self.plans[tournament_id] = plan
        self._arm(plan)
        return plan

    async def set_event(self, tournament_id: int, event_id: int | None) -> None:
        """Remember the server event made for the tournament."""
        plan = self.plans.get(tournament_id)
        if plan is not None:
            plan.event_id = event_id
            await self.storage.tournament_plans.save(plan)

    def on_tournament(self, update: TournamentUpdate) -> None:
        """A tournament started (by hand or by its time) or ended: its timers stop; an ended one's plan is let go."""
        if (update.kind == TournamentEvent.ROUND and update.tournament.round == 1) or update.kind in (
                TournamentEvent.FINISHED, TournamentEvent.CANCELLED):
            self._disarm(update.tournament.id)
        if update.kind in (TournamentEvent.FINISHED, TournamentEvent.CANCELLED):
            # Let go once every listener heard the update (they may look up the plan: its server event).
            asyncio.get_running_loop().call_soon(self.plans.pop, update.tournament.id, None)

    # ----- timers ---------------------------------------------------------------------------------------------------
    def _arm(self, plan: TournamentPlan) -> None:
        self._disarm(plan.tournament_id)
        if plan.starts_at is None:
            return
        left = plan.starts_at - self.clock()
        timers = [self._task(self._start_later(plan.tournament_id, max(0.0, left)), plan, "start")]
        if not plan.reminded and left > 0:
            timers.append(self._task(self._remind_later(plan.tournament_id, max(0.0, left - REMIND_BEFORE)), plan,
                                     "reminder"))
        self.timers[plan.tournament_id] = timers

    def _task(self, work: Coroutine[Any, Any, None], plan: TournamentPlan, what: str) -> asyncio.Task[None]:
        task = asyncio.create_task(work, name=f"tournament-{plan.tournament_id}-{what}")
        task.add_done_callback(_logged)
        return task

    def _disarm(self, tournament_id: int) -> None:
        for task in self.timers.pop(tournament_id, []):
            if task is not asyncio.current_task():
                task.cancel()

    async def _remind_later(self, tournament_id: int, delay: float) -> None:
        # The sleep is trusted rather than the clock read again: a test's virtual clock moves the loop, not the
        # wall, and a start time is never earlier than the reminder's.
        await asyncio.sleep(delay)
        row, plan = self.tournaments.open.get(tournament_id), self.plans.get(tournament_id)
        if row is None or plan is None or row.status != SIGNUP or plan.reminded:
            return
        plan.reminded = True
        await self.storage.tournament_plans.save(plan)
        self._emit(ScheduleUpdate(row, plan, ScheduleEvent.REMINDER))

    async def _start_later(self, tournament_id: int, delay: float) -> None:
        await asyncio.sleep(delay)
        row, plan = self.tournaments.open.get(tournament_id), self.plans.get(tournament_id)
        if row is None or plan is None or row.status != SIGNUP:
            return
        try:
            row = await self.tournaments.begin(tournament_id)
        except TableError as refusal:  # too few players (or it started meanwhile): the sign-up stays open
            row = self.tournaments.open.get(tournament_id) or row
            if row.status != SIGNUP:
                return
            log.info("tournament %d: not started at its time (%s)", tournament_id, refusal)
            plan.starts_at = None
            await self.storage.tournament_plans.save(plan)
            self._emit(ScheduleUpdate(row, plan, ScheduleEvent.TOO_FEW))
            return
        log.info("tournament %d: started at its time", tournament_id)
        self._emit(ScheduleUpdate(row, plan, ScheduleEvent.STARTED))

    # ----- life cycle -----------------------------------------------------------------------------------------------
    async def load(self) -> None:
        """Read back the plans of the open tournaments (before the tournament service starts: a round it pairs at
        once is opened with its house rules)."""
        for plan in await self.storage.tournament_plans.open_ones():
            self.plans[plan.tournament_id] = plan

    def resume(self) -> None:
        """Arm the timers of the tournaments still signing up (after the tournament service started)."""
        self.plans = {tid: plan for tid, plan in self.plans.items() if tid in self.tournaments.open}
        for tid, plan in self.plans.items():
            if self.tournaments.open[tid].status == SIGNUP:
                self._arm(plan)
        log.info("tournaments: %d plans, %d timed", len(self.plans), len(self.timers))

    async def close(self) -> None:
        """Stop the timers (the plans are stored: the next start arms them again)."""
        tasks = [task for timers in self.timers.values() for task in timers]
        self.timers.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _emit(self, update: ScheduleUpdate) -> None:
        self.listeners.tell(update, f"tournament {update.tournament.id} ({update.kind})")


def _logged(task: asyncio.Task[None]) -> None:
    """A timer that failed is logged (a storage error at the start time must not pass unseen)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("tournaments: %s failed", task.get_name(), exc_info=task.exception())
