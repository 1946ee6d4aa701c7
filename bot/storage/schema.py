"""The database schema as an ordered list of migrations; ``PRAGMA user_version`` records how many are applied.

Append a migration to change the schema; never edit one that has shipped.
"""

from __future__ import annotations

MIGRATIONS: tuple[str, ...] = (
    # 1: tables (lobbies and games), their action log, and match results.
    """
    CREATE TABLE tables (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    INTEGER NOT NULL,
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER,
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}',
        host_id     INTEGER NOT NULL,
        seats       TEXT    NOT NULL DEFAULT '[]',
        seed        INTEGER NOT NULL,
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
        note        TEXT    NOT NULL DEFAULT '',
        created_at  REAL    NOT NULL,
        updated_at  REAL    NOT NULL
    );
    CREATE INDEX tables_status ON tables (status);
    CREATE TABLE actions (
        table_id    INTEGER NOT NULL REFERENCES tables (id),
        version     INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        action      TEXT    NOT NULL,
        actor       TEXT    NOT NULL,
        user_id     INTEGER,
        at          REAL    NOT NULL,
        PRIMARY KEY (table_id, version)
    );
    CREATE TABLE results (
        table_id    INTEGER NOT NULL REFERENCES tables (id),
        seat        INTEGER NOT NULL,
        guild_id    INTEGER NOT NULL,
        game        TEXT    NOT NULL,
        user_id     INTEGER,
        name        TEXT    NOT NULL,
        computer    INTEGER NOT NULL,
        side        INTEGER NOT NULL,
        score       INTEGER NOT NULL,
        won         INTEGER NOT NULL,
        finished_at REAL    NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX results_guild_game ON results (guild_id, game);
    """,
    # 2: per-server settings, seats played by the computer on a player's request, and a key/value for the process.
    """
    CREATE TABLE guild_settings (
        guild_id    INTEGER NOT NULL,
        key         TEXT    NOT NULL,
        value       TEXT    NOT NULL,
        PRIMARY KEY (guild_id, key)
    );
    ALTER TABLE tables ADD COLUMN autopilot TEXT NOT NULL DEFAULT '[]';
    CREATE TABLE meta (
        key         TEXT PRIMARY KEY,
        value       TEXT NOT NULL
    );
    CREATE INDEX results_guild_user ON results (guild_id, user_id);
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)
