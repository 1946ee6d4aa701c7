"""Lobbies: seats, computer players and house rules before the game, Start, and Cancel / End game."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import AsyncIterator
from typing import Any

import engine
from bot.storage import TableRow
from bot.store import GuildSettings, TableStore, TableUpdate, log, log_events, need_host, need_lobby, state_text
from bot.table import (
    ABANDONED,
    LOBBY,
    PLAYING,
    NotAllowed,
    Seat,
    StaleClick,
    Table,
    computer_levels,
    default_level,
)
from engine.errors import BadOption


class LobbyService:
    """Lobbies: seats, computer players and house rules before the game, Start, and Cancel / End game."""

    def __init__(self, store: TableStore, settings: GuildSettings) -> None:
        self.store = store
        self.settings = settings

    async def create_lobby(self, guild_id: int, channel_id: int, host_id: int, host_name: str, game: str) -> Table:
        """Open a lobby for ``game`` with the host in the first seat."""
        try:
            engine.game_spec(game)
        except BadOption as error:
            raise NotAllowed(str(error)) from None
        row = TableRow(guild_id=guild_id, channel_id=channel_id, game=game, host_id=host_id,
                       seed=secrets.randbelow(2**31), seats=[Seat(host_name, host_id).to_dict()], version=1)
        row = await self.store.storage.tables.create(row)
        table = Table(row)
        self.store.tables[row.id] = table
        await self.settings.load(guild_id)
        log.info("table %d: lobby for %s opened by %s in channel %d", row.id, game, host_name, channel_id)
        self.store.emit(TableUpdate(table, "lobby", table.version))
        return table

    async def set_message(self, table_id: int, message_id: int) -> None:
        """Remember the Discord message that shows this table."""
        table = self.store.get(table_id)
        async with table.lock:
            await self.store.save(table, message_id=message_id)

    async def join(self, table_id: int, user_id: int, name: str) -> Table:
        """Seat a member in the next free seat."""
        table = self.store.get(table_id)
        async with table.lock:
            need_lobby(table)
            if table.seat_of(user_id) is not None:
                raise NotAllowed("You are already seated at this table.")
            if len(table.seats) >= table.max_seats:
                raise NotAllowed(f"The table is full ({table.max_seats} seats).")
            await self._lobby_change(table, f"{name} joined", seats=[*table.row.seats, Seat(name, user_id).to_dict()])
        return table

    async def leave(self, table_id: int, user_id: int) -> Table:
        """Free a member's seat (the host closes the table with Cancel instead)."""
        table = self.store.get(table_id)
        async with table.lock:
            need_lobby(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAllowed("You are not seated at this table.")
            if user_id == table.host_id:
                raise NotAllowed("The host cannot leave; use Cancel to close the table.")
            seats = [d for i, d in enumerate(table.row.seats) if i != seat]
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
        async with self._hosting(table_id, user_id, "add a computer player") as table:
            if len(table.seats) >= table.max_seats:
                raise NotAllowed(f"The table is full ({table.max_seats} seats).")
            computers = [s for s in table.seats if s.computer]
            name = f"Computer {1 + len(computers)}"
            level = computers[-1].level if computers else default_level(table.spec)  # as strong as the others
            seat = Seat(name, level=level)
            await self._lobby_change(table, f"{name} added ({level})", seats=[*table.row.seats, seat.to_dict()])
        return table

    async def set_computer_level(self, table_id: int, user_id: int, level: str) -> Table:
        """The host sets how strong the table's computer players are (all of them, and those added later)."""
        async with self._hosting(table_id, user_id, "choose how strong the computer players are") as table:
            offered = computer_levels(table.spec)
            if level not in offered:
                raise NotAllowed(f"There is no computer level {level!r} for {table.spec.title}; the levels are: "
                                 f"{', '.join(offered)}.")
            if not any(s.computer for s in table.seats):
                raise NotAllowed("There is no computer player at this table yet: Add computer first.")
            seats = [Seat(s.name, s.user_id, level).to_dict() if s.computer else s.to_dict() for s in table.seats]
            await self._lobby_change(table, f"computer players set to {level}", seats=seats)
        return table

    async def remove_computer(self, table_id: int, user_id: int) -> Table:
        """The host removes the last computer player."""
        async with self._hosting(table_id, user_id, "remove a computer player") as table:
            computers = [i for i, s in enumerate(table.seats) if s.computer]
            if not computers:
                raise NotAllowed("There is no computer player to remove.")
            seats = [d for i, d in enumerate(table.row.seats) if i != computers[-1]]
            await self._lobby_change(table, f"{table.names[computers[-1]]} removed", seats=seats)
        return table

    async def set_option(self, table_id: int, user_id: int, name: str, raw: Any) -> Table:
        """The host sets a house rule (validated against the game's option list)."""
        async with self._hosting(table_id, user_id, "set the house rules") as table:
            try:
                value = table.spec.option(name).parse(raw)
            except BadOption as error:
                raise NotAllowed(str(error)) from None
            await self._lobby_change(table, f"option {name} set to {value}", options={**table.row.options, name: value})
        return table

    async def start_game(self, table_id: int, version: int, user_id: int) -> Table:
        """The host starts the game with the seats and options the lobby shows at ``version``."""
        async with self._hosting(table_id, user_id, "start the game") as table:
            if version != table.version:
                raise StaleClick("The lobby changed since this button was drawn; look again and press Start.")
            problem = table.start_problem()
            if problem:
                raise NotAllowed(f"The game cannot start: {problem}")
            game = engine.new_game(table.row.game, len(table.seats), table.row.seed, table.row.options)
            await self.store.save(table, status=PLAYING, state=state_text(game), version=table.version + 1)
            table.game, table.started_version = game, table.version
            log.info("table %d v%d: %s started with %s", table.id, table.version, game.key, ", ".join(table.names))
            log_events(table, game.log)
            self.store.emit(TableUpdate(table, "started", table.version, list(game.log)))
        return table

    async def _lobby_change(self, table: Table, what: str, **changes: Any) -> None:
        await self.store.save(table, version=table.version + 1, **changes)
        log.info("table %d v%d: %s", table.id, table.version, what)
        self.store.emit(TableUpdate(table, "lobby", table.version))

    async def abandon(self, table_id: int, user_id: int, can_manage: bool) -> Table:
        """Cancel a lobby or end a game early (the host, or a member who may manage the server)."""
        table = self.store.get(table_id)
        async with table.lock:
            if table.status not in (LOBBY, PLAYING):
                raise StaleClick("This table is already closed.")
            if user_id != table.host_id and not can_manage:
                raise NotAllowed("Only the host (or someone who can manage the server) can do that.")
            await self.store.close(table, ABANDONED, "ended by a member")
        return table

