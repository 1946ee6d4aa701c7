"""Storage: the schema and its migrations, the connection, and one repository per kind of record."""

from bot.storage.db import Database, SchemaTooNew
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


class Storage:
    """The database and its repositories, opened together."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.tables = TableRepo(db)
        self.actions = ActionRepo(db)
        self.results = ResultRepo(db)
        self.guild_settings = GuildSettingsRepo(db)
        self.meta = MetaRepo(db)

    @classmethod
    async def open(cls, path: object) -> "Storage":
        """Open the database at ``path`` with the schema up to date."""
        return cls(await Database.open(str(path)))

    async def close(self) -> None:
        """Close the database."""
        await self.db.close()


__all__ = [
    "SCHEMA_VERSION", "ActionRepo", "ActionRow", "Database", "GuildSettingsRepo", "MetaRepo", "ResultRepo",
    "ResultRow", "SchemaTooNew", "Standing", "Storage", "TableRepo", "TableRow",
]
