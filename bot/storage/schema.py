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
    # 3: steps taken to win, for games whose personal best is the fewest steps (Bingo); NULL for the others.
    """
    ALTER TABLE results ADD COLUMN steps INTEGER;
    """,
    # 4: the personal-best figure is whatever the game reports in its outcome's ``record`` (no game named here);
    # rows written before keep their figures.
    """
    ALTER TABLE results RENAME COLUMN steps TO record;
    """,
    # 5: tournaments (issue 28): their players and their games, round by round (a game's table, once opened).
    """
    CREATE TABLE tournaments (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id      INTEGER NOT NULL,
        channel_id    INTEGER NOT NULL,
        message_id    INTEGER,
        host_id       INTEGER NOT NULL,
        game          TEXT    NOT NULL,
        format        TEXT    NOT NULL,
        rounds        INTEGER NOT NULL,
        round_minutes INTEGER NOT NULL,
        status        TEXT    NOT NULL,
        round         INTEGER NOT NULL DEFAULT 0,
        round_ends_at REAL,
        created_at    REAL    NOT NULL
    );
    CREATE INDEX tournaments_status ON tournaments (status);
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        user_id       INTEGER NOT NULL,
        name          TEXT    NOT NULL,
        seed          INTEGER NOT NULL,
        dropped       INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_games (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round         INTEGER NOT NULL,
        board         INTEGER NOT NULL,
        first_id      INTEGER NOT NULL,
        second_id     INTEGER,
        table_id      INTEGER,
        first_score   INTEGER NOT NULL DEFAULT 0,
        second_score  INTEGER NOT NULL DEFAULT 0,
        winner_id     INTEGER,
        done          INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, round, board)
    );
    """,
    # 6 (issue 25): what the bot still owes a channel (the outbox: bot/outbox.py), kept with the table so a restart
    # delivers it; one rematch per finished table (the rematch lobby names the table it replays, at most once; the
    # links kept in ``meta`` before are carried over); and the shard leases of running processes (bot/leases.py).
    """
    CREATE TABLE deliveries (
        id          TEXT    PRIMARY KEY,
        table_id    INTEGER NOT NULL,
        guild_id    INTEGER NOT NULL,
        seq         INTEGER NOT NULL,
        kind        TEXT    NOT NULL,
        key         TEXT    NOT NULL DEFAULT '',
        payload     TEXT    NOT NULL DEFAULT '{}',
        created_at  REAL    NOT NULL
    );
    CREATE INDEX deliveries_order ON deliveries (table_id, seq);
    ALTER TABLE tables ADD COLUMN rematch_of INTEGER;
    UPDATE tables SET rematch_of = (SELECT CAST(substr(m.key, 9) AS INTEGER) FROM meta m
        WHERE m.key LIKE 'rematch:%' AND m.value = CAST(tables.id AS TEXT))
        WHERE CAST(id AS TEXT) IN (SELECT value FROM meta WHERE key LIKE 'rematch:%');
    CREATE UNIQUE INDEX tables_rematch_of ON tables (rematch_of);
    CREATE TABLE leases (
        shard       INTEGER PRIMARY KEY,
        shard_count INTEGER NOT NULL,
        holder      TEXT    NOT NULL,
        expires_at  REAL    NOT NULL
    );
    """,
    # 7 (issue 28): tournaments at tables of more than two, of teams, and with computer players: how a tournament
    # seats its tables (``setup``, JSON: seats a table, partners, computers), each player's team (0: none), and who
    # sat where at a game of more than two (``lineup``, JSON; empty for a two-player game).
    """
    ALTER TABLE tournaments ADD COLUMN setup TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE tournament_players ADD COLUMN team INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tournament_games ADD COLUMN lineup TEXT NOT NULL DEFAULT '[]';
    """,
    # 8 (issue 28): a tournament's plan: when it starts by itself, its house rules, its server event, its reminder.
    """
    CREATE TABLE tournament_plans (
        tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id),
        starts_at     REAL,
        options       TEXT    NOT NULL DEFAULT '{}',
        event_id      INTEGER,
        reminded      INTEGER NOT NULL DEFAULT 0
    );
    """,
)


#: The same migrations for PostgreSQL (``DATABASE_URL=postgresql://...``), written in its own types: ids from a
#: sequence (BIGSERIAL), Discord ids and seeds 64-bit (BIGINT), times in DOUBLE PRECISION; exactly what earlier versions
#: made by translating the SQLite scripts, so a database they migrated stays valid. The tables
#: and columns are the SQLite ones (tests/service/test_postgres.py compares them); append to both lists together.
PG_MIGRATIONS: tuple[str, ...] = (
    # 1
    """
    CREATE TABLE tables (
        id          BIGSERIAL PRIMARY KEY,
        guild_id    BIGINT  NOT NULL,
        channel_id  BIGINT  NOT NULL,
        message_id  BIGINT,
        game        TEXT    NOT NULL,
        options     TEXT    NOT NULL DEFAULT '{}',
        host_id     BIGINT  NOT NULL,
        seats       TEXT    NOT NULL DEFAULT '[]',
        seed        BIGINT  NOT NULL,
        state       TEXT,
        version     INTEGER NOT NULL DEFAULT 0,
        status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
        note        TEXT    NOT NULL DEFAULT '',
        created_at  DOUBLE PRECISION NOT NULL,
        updated_at  DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX tables_status ON tables (status);
    CREATE TABLE actions (
        table_id    BIGINT  NOT NULL REFERENCES tables (id),
        version     INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        action      TEXT    NOT NULL,
        actor       TEXT    NOT NULL,
        user_id     BIGINT,
        at          DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, version)
    );
    CREATE TABLE results (
        table_id    BIGINT  NOT NULL REFERENCES tables (id),
        seat        INTEGER NOT NULL,
        guild_id    BIGINT  NOT NULL,
        game        TEXT    NOT NULL,
        user_id     BIGINT,
        name        TEXT    NOT NULL,
        computer    INTEGER NOT NULL,
        side        INTEGER NOT NULL,
        score       INTEGER NOT NULL,
        won         INTEGER NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX results_guild_game ON results (guild_id, game);
    """,
    # 2
    """
    CREATE TABLE guild_settings (
        guild_id    BIGINT  NOT NULL,
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
    # 3
    """
    ALTER TABLE results ADD COLUMN steps INTEGER;
    """,
    # 4
    """
    ALTER TABLE results RENAME COLUMN steps TO record;
    """,
    # 5
    """
    CREATE TABLE tournaments (
        id            BIGSERIAL PRIMARY KEY,
        guild_id      BIGINT  NOT NULL,
        channel_id    BIGINT  NOT NULL,
        message_id    BIGINT,
        host_id       BIGINT  NOT NULL,
        game          TEXT    NOT NULL,
        format        TEXT    NOT NULL,
        rounds        INTEGER NOT NULL,
        round_minutes INTEGER NOT NULL,
        status        TEXT    NOT NULL,
        round         INTEGER NOT NULL DEFAULT 0,
        round_ends_at DOUBLE PRECISION,
        created_at    DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX tournaments_status ON tournaments (status);
    CREATE TABLE tournament_players (
        tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
        user_id       BIGINT  NOT NULL,
        name          TEXT    NOT NULL,
        seed          INTEGER NOT NULL,
        dropped       INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_games (
        tournament_id BIGINT  NOT NULL REFERENCES tournaments (id),
        round         INTEGER NOT NULL,
        board         INTEGER NOT NULL,
        first_id      BIGINT  NOT NULL,
        second_id     BIGINT,
        table_id      BIGINT,
        first_score   INTEGER NOT NULL DEFAULT 0,
        second_score  INTEGER NOT NULL DEFAULT 0,
        winner_id     BIGINT,
        done          INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (tournament_id, round, board)
    );
    """,
    # 6
    """
    CREATE TABLE deliveries (
        id          TEXT    PRIMARY KEY,
        table_id    BIGINT  NOT NULL,
        guild_id    BIGINT  NOT NULL,
        seq         BIGINT  NOT NULL,
        kind        TEXT    NOT NULL,
        key         TEXT    NOT NULL DEFAULT '',
        payload     TEXT    NOT NULL DEFAULT '{}',
        created_at  DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX deliveries_order ON deliveries (table_id, seq);
    ALTER TABLE tables ADD COLUMN rematch_of BIGINT;
    UPDATE tables SET rematch_of = (SELECT CAST(substr(m.key, 9) AS BIGINT) FROM meta m
        WHERE m.key LIKE 'rematch:%' AND m.value = CAST(tables.id AS TEXT))
        WHERE CAST(id AS TEXT) IN (SELECT value FROM meta WHERE key LIKE 'rematch:%');
    CREATE UNIQUE INDEX tables_rematch_of ON tables (rematch_of);
    CREATE TABLE leases (
        shard       INTEGER PRIMARY KEY,
        shard_count INTEGER NOT NULL,
        holder      TEXT    NOT NULL,
        expires_at  DOUBLE PRECISION NOT NULL
    );
    """,
    # 7
    """
    ALTER TABLE tournaments ADD COLUMN setup TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE tournament_players ADD COLUMN team INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tournament_games ADD COLUMN lineup TEXT NOT NULL DEFAULT '[]';
    """,
    # 8
    """
    CREATE TABLE tournament_plans (
        tournament_id BIGINT  PRIMARY KEY REFERENCES tournaments (id),
        starts_at     DOUBLE PRECISION,
        options       TEXT    NOT NULL DEFAULT '{}',
        event_id      BIGINT,
        reminded      INTEGER NOT NULL DEFAULT 0
    );
    """,
)

SCHEMA_VERSION = len(MIGRATIONS)
