"""Storage: the schema and its migrations, the connection, and one repository per kind of record."""

from __future__ import annotations

from bot.settings import Settings, StartError, error_line
from bot.storage.db import (
    Batch,
    CommitUnknown,
    Database,
    SchemaTooNew,
    StorageUnavailable,
    Store,
    Transaction,
    VersionConflict,
)
from bot.storage.deliveries import Delivery, DeliveryRepo
from bot.storage.leases import Lease, LeaseRepo
from bot.storage.privacy import DELETED_NAME, Forgotten, MemberDataRepo, MemberSeated
from bot.storage.repos import (
    ActionRepo,
    ActionRow,
    GuildSettingsRepo,
    MetaRepo,
    ResultRepo,
    ResultRow,
    Standing,
    TableRepo,
    TableRow,
)
from bot.storage.schema import SCHEMA_VERSION
from bot.storage.seats import COMPUTER_LEVELS, DEFAULT_LEVEL, Seat
from bot.storage.tournament_plans import TournamentPlan, TournamentPlanRepo
from bot.storage.tournaments import Board, Entrant, TournamentRepo, TournamentRow

POSTGRES_SCHEMES = ("postgres://", "postgresql://")


class Storage:
    """The database and its repositories, opened together."""

    def __init__(self, db: Store) -> None:
        self.db = db
        self.tables = TableRepo(db)
        self.actions = ActionRepo(db)
        self.results = ResultRepo(db)
        self.guild_settings = GuildSettingsRepo(db)
        self.meta = MetaRepo(db)
        self.members = MemberDataRepo(db)  # one member's records, for /privacy (bot/storage/privacy.py)
        self.tournaments = TournamentRepo(db)
        self.tournament_plans = TournamentPlanRepo(db)  # start times, house rules, events (issue 28)
        self.deliveries = DeliveryRepo(db)
        self.leases = LeaseRepo(db)

    @classmethod
    async def open(cls, path: object) -> Storage:
        """Open the database at ``path`` (a SQLite file, or a ``postgresql://`` URL) with the schema up to date."""
        target = str(path)
        if target.startswith(POSTGRES_SCHEMES):
            from bot.storage.pg import PgDatabase

            return cls(await PgDatabase.open(target))
        return cls(await Database.open(target))

    @classmethod
    async def open_or_explain(cls, settings: Settings) -> Storage:
        """:meth:`open` the settings' database; any failure (server unreachable, unreadable path, a file that is not
        a database, a refused password) becomes a one-line :class:`StartError` that names the database safely."""
        try:
            return await cls.open(settings.database_path)
        except Exception as error:  # every driver has its own errors; all mean the same to the operator
            raise StartError(
                f"cannot open the database {settings.database_label}: {error_line(error, settings)}"
            ) from None

    async def close(self) -> None:
        """Close the database."""
        await self.db.close()


__all__ = [
    "COMPUTER_LEVELS",
    "DEFAULT_LEVEL",
    "DELETED_NAME",
    "POSTGRES_SCHEMES",
    "SCHEMA_VERSION",
    "ActionRepo",
    "ActionRow",
    "Batch",
    "Board",
    "CommitUnknown",
    "Database",
    "Delivery",
    "DeliveryRepo",
    "Entrant",
    "Forgotten",
    "GuildSettingsRepo",
    "Lease",
    "LeaseRepo",
    "MemberDataRepo",
    "MemberSeated",
    "MetaRepo",
    "ResultRepo",
    "ResultRow",
    "SchemaTooNew",
    "Seat",
    "Standing",
    "Storage",
    "StorageUnavailable",
    "Store",
    "TableRepo",
    "TableRow",
    "TournamentPlan",
    "TournamentPlanRepo",
    "TournamentRepo",
    "TournamentRow",
    "Transaction",
    "VersionConflict",
]
