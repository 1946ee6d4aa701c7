"""Lobbies: seats, computer players and house rules before the game, invitations, rematches, Start, and Cancel /
End game."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import Any, NamedTuple

import engine
from bot.autoplay import retry_delay
from bot.names import in_text
from bot.storage import Seat, TableRow
from bot.store import (
    GuildSettings,
    TableStore,
    TableUpdate,
    UpdateKind,
    log,
    log_events,
    need_host,
    need_lobby,
    state_text,
)
from bot.table import (
    NoSuchTable,
    NotAllowed,
    StaleClick,
    Table,
    TableError,
    TableStatus,
    computer_levels,
    default_level,
)
from engine.errors import BadOption
from engine.phrases import Word
from render.language import _

#: How long a rematch lobby keeps the seats of the finished table's other members for them.
RESERVE_SECONDS = 60.0


class Invitee(NamedTuple):
    """A member the host names in ``/play invite:``."""

    user_id: int
    name: str
    bot: bool = False


def invited_members(host_id: int, invitees: Sequence[Invitee], seats: int, title: str) -> list[int]:
    """The members a new lobby mentions (each once, the host left out), or :class:`NotAllowed` when one is a bot or
    there are more of them than the game has seats besides the host's."""
    bots = [i.name for i in invitees if i.bot]
    if bots:
        raise NotAllowed(_("{names} is a bot and cannot be invited; Add computer in the lobby seats a computer "
                           "player."), names=", ".join(bots))
    members = list(dict.fromkeys(i.user_id for i in invitees if i.user_id != host_id))
    if len(members) > seats - 1:
        if seats == 1:
            raise NotAllowed(_("{game} has no seat for anyone else: nobody can be invited."), game=Word(title))
        raise NotAllowed(_("{game} seats at most {seats} players: invite at most {others}."), game=Word(title),
                         seats=seats, others=seats - 1)
    return members


class LobbyService:
    """Lobbies: seats, computer players and house rules before the game, invitations, rematches (and the timers
    that open a rematch's unconfirmed seats), Start, and Cancel / End game."""

    def __init__(self, store: TableStore, settings: GuildSettings, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock  # wall time: a reserved seat's deadline is stored, and outlives a restart
        self.reserve_seconds = RESERVE_SECONDS
        self._rematching = asyncio.Lock()  # two presses of one Rematch at once: one lobby
        self._releases: dict[int, asyncio.Task[None]] = {}  # by lobby: opens its reserved seats when they expire
        self._closed = False
        store.add_listener(self.on_update)

    async def create_lobby(self, guild_id: int, channel_id: int, host_id: int, host_name: str, game: str,
                           invitees: Sequence[Invitee] = ()) -> Table:
        """Open a lobby for ``game`` with the host in the first seat, mentioning the ``invitees`` once."""
        try:
            spec = engine.game_spec(game)
        except BadOption as error:
            raise NotAllowed(error.phrase) from None
        invited = invited_members(host_id, invitees, max(spec.seats), spec.title)
        row = TableRow(guild_id=guild_id, channel_id=channel_id, game=game, host_id=host_id,
                       seed=secrets.randbelow(2**31), seats=(Seat(host_name, host_id),), version=1)
        table = await self._open(row, f"opened by {host_name}")
        table.invited = invited
        return table

    async def open_seated(self, guild_id: int, channel_id: int, game: str, seats: Sequence[Seat],
                          what: str, options: Mapping[str, Any] | None = None) -> Table:
        """Open a table of ``game`` with these seats (members and no one else; the first is its host) and these house
        rules, and start it at once: a tournament's table (bot/tournaments.py). Refuses as Start would (too few seats
        for the game...)."""
        row = TableRow(guild_id=guild_id, channel_id=channel_id, game=game, host_id=seats[0].user_id or 0,
                       seed=secrets.randbelow(2**31), seats=tuple(seats), version=1, options=dict(options or {}))
        problem = Table(row).start_problem()
        if problem:
            raise NotAllowed(_("The game cannot start: {problem}"), problem=problem)
        table = await self._open(row, what)
        async with table.lock:
            game_now = engine.new_game(game, len(table.seats), table.row.seed, table.row.options)
            await self.store.save(table, status=TableStatus.PLAYING, state=state_text(game_now),
                                  version=table.version + 1)
            table.game, table.started_version = game_now, table.version
            log.info("table %d v%d: %s started with %s (%s)", table.id, table.version, game, ", ".join(table.names),
                     what)
            self.store.emit(TableUpdate(table, UpdateKind.STARTED, table.version, list(game_now.log)))
        return table

    async def _open(self, row: TableRow, what: str) -> Table:
        """Store a new lobby, hold it open, and tell the listeners."""
        return await self._hold(await self.store.storage.tables.create(row), what)

    async def _hold(self, row: TableRow, what: str) -> Table:
        """Hold a lobby just stored open, and tell the listeners."""
        table = Table(row)
        self.store.tables[row.id] = table
        await self.settings.load(row.guild_id)
        log.info("table %d: lobby for %s %s in channel %d", row.id, row.game, what, row.channel_id)
        self.store.emit(TableUpdate(table, UpdateKind.LOBBY, table.version))
        return table

    async def set_message(self, table_id: int, message_id: int, drawn: int | None = None) -> None:
        """Remember the Discord message that shows this table; if it changed since the message was drawn (at
        ``drawn``: a Rematch pressed meanwhile), it is drawn again."""
        table = self.store.get(table_id)
        async with table.lock:
            stale = drawn is not None and drawn != table.version
            await self.store.save(table, message_id=message_id, picture=stale)
            if stale:
                self.store.emit(TableUpdate(table, UpdateKind.LOBBY, table.version))

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        """Seat a member in the next free seat (in a rematch lobby, a member's reserved seat is theirs)."""
        table = self.store.get(table_id)
        async with table.lock:
            need_lobby(table)
            await self._seat(table, user_id, name)
        return table

    async def _seat(self, table: Table, user_id: int, name: str,
                    seated: str = "You are already seated at this table.") -> None:
        """With the lock held: seat a member in the next free seat, or confirm the seat a rematch keeps for them;
        ``seated``: the answer to a member seated already."""
        seat = table.seat_of(user_id)
        if seat is not None and table.seats[seat].reserved:
            seats = list(table.seats)
            seats[seat] = Seat(name, user_id)
            await self._lobby_change(table, f"{name} took their seat again", seats=seats)
            return
        if seat is not None:
            raise NotAllowed(seated)
        if len(table.seats) >= table.max_seats:
            raise NotAllowed(_("The table is full ({seats} seats)."), seats=table.max_seats)
        await self._lobby_change(table, f"{name} joined", seats=(*table.seats, Seat(name, user_id)))

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Free a member's seat (the host closes the table with Cancel instead)."""
        table = self.store.get(table_id)
        async with table.lock:
            need_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed(_("You are not seated at this table."))
            if user_id == table.host_id:
                raise NotAllowed(_("The host cannot leave; use Cancel to close the table."))
            seats = tuple(s for i, s in enumerate(table.seats) if i != seat)
            await self._lobby_change(table, f"{table.names[seat]} left", seats=seats)
        return table

    @contextlib.asynccontextmanager
    async def _hosting(self, table_id: int, user_id: int, what: str) -> AsyncIterator[Table]:
        """The lobby ``table_id`` under its lock, for its host only (``what`` the host is doing, for the refusal)."""
        table = self.store.get(table_id)
        async with table.lock:
            need_lobby(table)
            need_host(table, user_id, what)
            yield table

    async def add_computer(self, table_id: int, user_id: int) -> Table:
        """The host adds a computer player in the next free seat."""
        async with self._hosting(table_id, user_id, _("add a computer player")) as table:
            if len(table.seats) >= table.max_seats:
                raise NotAllowed(_("The table is full ({seats} seats)."), seats=table.max_seats)
            computers = [s for s in table.seats if s.computer]
            name = f"Computer {1 + len(computers)}"
            level = computers[-1].level if computers else default_level(table.spec)  # as strong as the others
            seat = Seat(name, level=level)
            await self._lobby_change(table, f"{name} added ({level})", seats=(*table.seats, seat))
        return table

    async def set_computer_level(self, table_id: int, user_id: int, level: str) -> Table:
        """The host sets how strong the table's computer players are (all of them, and those added later)."""
        async with self._hosting(table_id, user_id, _("choose how strong the computer players are")) as table:
            offered = computer_levels(table.spec)
            if level not in offered:
                raise NotAllowed(_("There is no computer level {level} for {game}; the levels are: {levels}."),
                                 level=repr(level), game=Word(table.spec.title), levels=", ".join(offered))
            if not any(s.computer for s in table.seats):
                raise NotAllowed(_("There is no computer player at this table yet: Add computer first."))
            seats = tuple(Seat(s.name, s.user_id, level) if s.computer else s for s in table.seats)
            await self._lobby_change(table, f"computer players set to {level}", seats=seats)
        return table

    async def remove_computer(self, table_id: int, user_id: int) -> Table:
        """The host removes the last computer player."""
        async with self._hosting(table_id, user_id, _("remove a computer player")) as table:
            computers = [i for i, s in enumerate(table.seats) if s.computer]
            if not computers:
                raise NotAllowed(_("There is no computer player to remove."))
            seats = tuple(s for i, s in enumerate(table.seats) if i != computers[-1])
            await self._lobby_change(table, f"{table.names[computers[-1]]} removed", seats=seats)
        return table

    async def set_option(self, table_id: int, user_id: int, name: str, raw: Any) -> Table:
        """The host sets a house rule (validated against the game's option list)."""
        async with self._hosting(table_id, user_id, _("set the house rules")) as table:
            try:
                value = table.spec.option(name).parse(raw)
            except BadOption as error:
                raise NotAllowed(error.phrase) from None
            await self._lobby_change(table, f"option {name} set to {value}", options={**table.row.options, name: value})
        return table

    async def start_game(self, table_id: int, version: int, user_id: int) -> Table:
        """The host starts the game with the seats and options the lobby shows at ``version``."""
        async with self._hosting(table_id, user_id, _("start the game")) as table:
            if version != table.version:
                raise StaleClick(_("The lobby changed since this button was drawn; look again and press Start."))
            problem = table.start_problem()
            if problem:
                raise NotAllowed(_("The game cannot start: {problem}"), problem=problem)
            waiting = [in_text(table.names[s]) for s in table.reserved()]
            if waiting:
                raise NotAllowed(_("The game cannot start yet: the rematch keeps a seat for {names} for a minute, "
                                   "until they press Join or Rematch."), names=", ".join(waiting))
            game = engine.new_game(table.row.game, len(table.seats), table.row.seed, table.row.options)
            await self.store.save(table, status=TableStatus.PLAYING, state=state_text(game), version=table.version + 1)
            table.game, table.started_version = game, table.version
            log.info("table %d v%d: %s started with %s", table.id, table.version, game.key, ", ".join(table.names))
            log_events(table, game.log)
            self.store.emit(TableUpdate(table, UpdateKind.STARTED, table.version, list(game.log)))
        return table

    async def _lobby_change(self, table: Table, what: str, **changes: Any) -> None:
        await self.store.save(table, version=table.version + 1, **changes)
        log.info("table %d v%d: %s", table.id, table.version, what)
        self.store.emit(TableUpdate(table, UpdateKind.LOBBY, table.version))

    async def abandon(self, table_id: int, user_id: int, can_manage: bool) -> Table:
        """Cancel a lobby or end a game early (the host, or a member who may manage the server)."""
        table = self.store.get(table_id)
        async with table.lock:
            if table.status not in (TableStatus.LOBBY, TableStatus.PLAYING):
                raise StaleClick(_("This table is already closed."))
            if user_id != table.host_id and not can_manage:
                raise NotAllowed(_("Only the host (or someone who can manage the server) can do that."))
            await self.store.close(table, TableStatus.ABANDONED, _("ended by a member"))
        return table

    # ----- rematch ----------------------------------------------------------------------------------------------
    async def rematch(self, finished_id: int, user_id: int, name: str, guild_id: int | None = None,
                      channel_id: int | None = None) -> tuple[Table, bool]:
        """A player of a finished table presses Rematch. The first press opens a lobby in its channel with the same
        game, seats (computer players at their levels) and house rules, the presser as host and the other members'
        seats kept for them for a minute; a later press takes the presser's seat (a free one, if theirs has opened
        up). Returns the lobby and whether this press opened it. Works the same after a restart: the finished table
        and its rematch's id are read from storage, and one rematch per table is the database's rule (two processes
        pressed at once open one). ``guild_id`` and ``channel_id``: where the button was pressed, when known; a
        Rematch of another server's or channel's table is refused, like every other control."""
        async with self._rematching:  # two presses at once: the second finds the first one's lobby
            row = await self.store.storage.tables.get(finished_id)
            pressed = (guild_id, channel_id)
            if row is not None and pressed != (None, None) and pressed != (row.guild_id, row.channel_id):
                raise NoSuchTable(_("That control belongs to a table in another channel; nothing was changed."))
            if row is None or row.status != TableStatus.FINISHED:
                raise StaleClick(_("Only a finished match can be played again; /play opens a new table."))
            try:
                engine.game_spec(row.game)
            except BadOption as error:  # a game this version no longer hosts
                raise NotAllowed(error.phrase) from None
            seats = row.seats
            if all(seat.user_id != user_id for seat in seats):
                raise NotAllowed(_("Only the players of table #{table} can ask for its rematch; /play opens a table "
                                   "of your own."), table=finished_id)
            linked = await self.store.storage.tables.rematch_of(finished_id)
            if linked is None:
                table = await self._open_rematch(row, seats, user_id, name)
                if table is not None:
                    return table, True
                linked = await self.store.storage.tables.rematch_of(finished_id)  # another process opened it first
            return await self._rematch_seat(int(linked or 0), user_id, name), False

    async def _open_rematch(self, old: TableRow, seats: tuple[Seat, ...], user_id: int, name: str) -> Table | None:
        """Store and hold the rematch lobby of ``old``; None when the database has one for it already."""
        until = self.clock() + self.reserve_seconds
        kept = [Seat(name, user_id) if seat.user_id == user_id else seat if seat.computer
                else Seat(seat.name, seat.user_id, reserved_until=until) for seat in seats]
        row = TableRow(guild_id=old.guild_id, channel_id=old.channel_id, game=old.game, host_id=user_id,
                       seed=secrets.randbelow(2**31), options=dict(old.options),
                       seats=tuple(kept), version=1)
        stored = await self.store.storage.tables.create_rematch(row, old.id)
        return None if stored is None else await self._hold(stored, f"(rematch of table {old.id}) opened by {name}")

    async def _rematch_seat(self, lobby_id: int, user_id: int, name: str) -> Table:
        """A later press of Rematch: the member's seat in the rematch lobby, if it is still a lobby."""
        table = self.store.tables.get(lobby_id)
        if table is None:  # closed (read how it ended), or held by another process (a misconfigured shard)
            row = await self.store.storage.tables.get(lobby_id)
            raise StaleClick(rematch_gone(lobby_id, row.status if row is not None else TableStatus.ABANDONED))
        async with table.lock:
            if table.status != TableStatus.LOBBY:
                raise StaleClick(rematch_gone(lobby_id, table.status))
            await self._seat(table, user_id, name, f"You are already seated at the rematch, table #{lobby_id}.")
        return table

    # ----- reserved seats open up ----------------------------------------------------------------------------------
    def on_update(self, update: TableUpdate) -> None:
        """After every change (the table's lock held): a lobby with reserved seats has a timer that opens them when
        they expire (also after a restart: the deadlines are stored); any other table has none."""
        self.schedule(update.table)

    def schedule(self, table: Table) -> None:
        """With the lock held: arm the timer that opens a lobby's reserved seats (or stop it, when it has none)."""
        task = self._releases.get(table.id)
        if self._closed or table.status != TableStatus.LOBBY or not table.reserved():
            if task is not None and task is not asyncio.current_task():
                task.cancel()
                del self._releases[table.id]
            return
        if task is None or task.done():
            self._releases[table.id] = asyncio.create_task(self._release_later(table), name=f"table-{table.id}-seats")

    def stalled(self) -> list[int]:
        """Lobbies keeping seats for members with no timer to open them (for the watchdog)."""
        return [tid for tid, table in self.store.tables.items()
                if not self._closed and table.status == TableStatus.LOBBY and table.reserved()
                and (tid not in self._releases or self._releases[tid].done())]

    async def _release_later(self, table: Table) -> None:
        """Sleep until the earliest reserved seat's deadline, then open every seat due by then. The wall clock is
        read once, before the sleep: the deadline is stored as wall time, and the sleep is what a test's virtual
        clock advances."""
        failures = 0
        try:
            while table.status == TableStatus.LOBBY:
                due = min((table.seats[s].reserved_until or 0.0 for s in table.reserved()), default=None)
                if due is None:
                    return
                await asyncio.sleep(max(0.0, due - self.clock()))
                try:
                    async with table.lock:
                        if table.status == TableStatus.LOBBY:
                            await self._release(table, due)
                    failures = 0
                except TableError as error:  # changed elsewhere meanwhile (it was read again): look again
                    log.warning("table %d: reserved seats not opened yet: %s", table.id, error)
                except Exception:  # the database is away: tried again with back-off until the seats open
                    failures += 1
                    log.exception("table %d: opening its reserved seats failed (%d in a row); trying again in "
                                  "%.1f s", table.id, failures, retry_delay(failures))
                    await asyncio.sleep(retry_delay(failures))
        finally:
            if self._releases.get(table.id) is asyncio.current_task():
                del self._releases[table.id]

    async def _release(self, table: Table, due: float) -> None:
        """With the lock held: the seats reserved until ``due`` or earlier open up."""
        seats = table.seats
        gone = [i for i, seat in enumerate(seats) if seat.reserved_until is not None and seat.reserved_until <= due]
        if gone:
            kept = tuple(s for i, s in enumerate(seats) if i not in gone)
            await self._lobby_change(table, "unconfirmed seats opened: " + ", ".join(seats[i].name for i in gone),
                                     seats=kept)

    async def close(self) -> None:
        """Stop the reserved seats' timers (their deadlines are stored: they are armed again at the next start)."""
        self._closed = True
        tasks = list(self._releases.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def rematch_gone(lobby_id: int, status: str) -> str:
    """The answer to a Rematch pressed once its lobby has started or closed (or is open in another process)."""
    if status == TableStatus.LOBBY:
        return f"The rematch is open at table #{lobby_id}: press Join on its message."
    if status == TableStatus.PLAYING:
        return f"The rematch has already started at table #{lobby_id}."
    if status == TableStatus.FINISHED:
        return f"The rematch was played at table #{lobby_id}: its own Rematch button opens the next one."
    return f"The rematch at table #{lobby_id} was cancelled; /play opens a new table."
