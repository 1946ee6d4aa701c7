"""What a server's admins and a member's privacy requests do to the tables and the stored records, with no Discord
in it: the open tables of a server, ending one, and exporting or forgetting a member (bot/storage/privacy.py).

Every refusal is a :class:`~bot.table.TableError` whose message is said to the member in their language.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import time
from typing import Any

from bot.settings import Settings, StartError
from bot.storage import Forgotten, MemberSeated, Storage
from bot.table import NoSuchTable, NotAllowed, StaleClick, Table, TableStatus
from bot.tables import TableService
from render.language import _

log = logging.getLogger("domino_hall.admin")

#: The export's own format name and version, so a reader knows what it holds.
EXPORT_FORMAT = "domino-hall-member-data"
EXPORT_VERSION = 1


def open_tables(service: TableService, guild_id: int) -> list[Table]:
    """The server's lobbies and games open now, oldest first (a server's tables all live in the process that runs
    its shard, the one its commands reach)."""
    return sorted((t for t in service.store.tables.values() if t.row.guild_id == guild_id), key=lambda t: t.id)


async def server_table(service: TableService, guild_id: int, table_id: int) -> Table:
    """An open table of this server; a clear refusal for a closed one, and the same refusal for a number that is
    not an open table here, whether it is another server's or none at all (it tells nothing about other servers)."""
    table = service.store.tables.get(table_id)
    if table is not None and table.row.guild_id == guild_id:
        return table
    row = await service.saved_table(table_id)
    if row is not None and row.guild_id == guild_id:
        raise StaleClick(_("Table #{table} is already closed; nothing was changed."), table=table_id)
    raise NoSuchTable(_("Table #{table} is not an open table of this server; nothing was changed."), table=table_id)


async def end_table(service: TableService, guild_id: int, table_id: int, *, message_gone: bool = False) -> Table:
    """End an open table of this server for good (abandoned, as a host's Cancel would), whether its message still
    exists or not: its computer players and timers stop, and the message publisher, told like for any change, edits
    the message to say it is closed where there is one. ``message_gone``: its message was deleted, so the table
    forgets it first (and nothing tries to edit a message that is not there)."""
    table = await server_table(service, guild_id, table_id)
    async with table.lock:
        if not table.status.is_open:  # closed while we waited for its lock
            raise StaleClick(_("Table #{table} is already closed; nothing was changed."), table=table_id)
        if message_gone:
            await service.store.save(table, message_id=None)
        await service.store.close(table, TableStatus.ABANDONED, _("ended by a server admin"))
    log.info("table %d: ended by an admin of guild %d", table_id, guild_id)
    return table


async def export_member(service: TableService, user_id: int) -> dict[str, Any]:
    """Everything stored about a member (every server), with what the export is and when it was made."""
    return await exported(service.storage, user_id)


async def exported(storage: Storage, user_id: int) -> dict[str, Any]:
    """:meth:`MemberDataRepo.export` with the export's format, version and time."""
    data = await storage.members.export(user_id)
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": time.time(), **data}


def seated_refusal(tables: list[int]) -> NotAllowed:
    """Why a member's data cannot be deleted now: the open tables where they sit."""
    numbers = ", ".join(f"#{number}" for number in tables)
    return NotAllowed(_("You have a seat at open tables ({tables}): leave them or finish the games first; nothing "
                        "was deleted."), tables=numbers)


async def need_unseated(service: TableService, user_id: int) -> None:
    """Refuse (:func:`seated_refusal`) while the member sits at an open table, in any server."""
    seated = await service.storage.members.open_tables(user_id)
    if seated:
        raise seated_refusal(seated)


async def forget_member(service: TableService, user_id: int) -> Forgotten:
    """Anonymise a member's records and remove their settings (PRIVACY.md); refused, changing nothing, while they
    sit at an open table. The ratings and settings this process holds in memory are read again from the database."""
    try:
        forgotten = await service.storage.members.forget(user_id)
    except MemberSeated as seated:
        raise seated_refusal(seated.tables) from None
    service.ratings.cache.clear()  # rebuilt from the results, where the member is now anonymous
    for guild_id in list(service.settings._guild):  # a member's own settings (nudges) are cached per server
        service.settings._guild.pop(guild_id, None)
    log.info("a member's data was deleted: %d results, %d seats, %d moves anonymised, %d settings removed",
             forgotten.results, forgotten.seats, forgotten.moves, forgotten.settings)
    return forgotten


# ----- the operator's command line: a deletion or access request that reaches the operator, not the bot ---------------
def member_request(settings: Settings, action: str, user_id: int) -> int:
    """``domino-hall export|forget USER_ID``: what /privacy does, for a request made to the operator; the exit code
    (2: the database cannot be opened, 1: the member sits at an open table)."""
    try:
        return asyncio.run(_run_request(settings, action, user_id))
    except StartError as error:
        print(f"domino-hall: {error}", file=sys.stderr)
        return 2


async def _run_request(settings: Settings, action: str, user_id: int) -> int:
    storage = await Storage.open_or_explain(settings)
    try:
        if action == "export":
            print(json.dumps(await exported(storage, user_id), indent=1, ensure_ascii=False))
            return 0
        try:
            done = await storage.members.forget(user_id)
        except MemberSeated as seated:
            print(f"member {user_id} sits at open tables {seated.tables}: end them (/hall-admin end) or wait, "
                  "then run this again; nothing was deleted", file=sys.stderr)
            return 1
        print(f"member {user_id}: {done.results} results, {done.seats} seats, {done.hosted} tables opened and "
              f"{done.moves} moves anonymised; {done.settings} settings removed. Restart the bot so that nothing it "
              "holds in memory (its ratings) still shows the old name.")
        return 0
    finally:
        await storage.close()
