"""The store's schema: every migration, in order (applied by :meth:`bot.store.Store.open`).

The same SQL serves SQLite and PostgreSQL (:mod:`bot.store_backends` translates the few
differences). Kept apart from :mod:`bot.store` so the store's queries and the history of its
tables read on their own.
"""

from __future__ import annotations

# Each entry upgrades the schema by one version (PRAGMA user_version). Never edit a shipped
# entry: append a new one.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE tables (
        id             INTEGER PRIMARY KEY,
        guild_id       INTEGER,
        channel_id     INTEGER NOT NULL,
        slug           TEXT    NOT NULL,
        options        TEXT    NOT NULL DEFAULT '{}',
        seed           INTEGER NOT NULL,
        status         TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'over', 'cancelled')),
        host_id        INTEGER NOT NULL,
        engine_version INTEGER NOT NULL,
        position       INTEGER NOT NULL DEFAULT 0,
        -- Grows with every change of the log (a move, an undo) and never goes back, so a
        -- button drawn for an older board is recognised even when positions are reused.
        revision       INTEGER NOT NULL DEFAULT 0,
        created_at     REAL    NOT NULL,
        updated_at     REAL    NOT NULL
    );
    -- At most one open table per channel, whatever the code above it does.
    CREATE UNIQUE INDEX one_open_table_per_channel
        ON tables (channel_id) WHERE status IN ('lobby', 'playing');
    CREATE INDEX tables_by_guild ON tables (guild_id, status);

    CREATE TABLE seats (
        table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        user_id   INTEGER NOT NULL,
        name      TEXT    NOT NULL,
        joined_at REAL    NOT NULL,
        seat      INTEGER,
        is_bot    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, user_id)
    );
    CREATE UNIQUE INDEX one_user_per_seat ON seats (table_id, seat) WHERE seat IS NOT NULL;

    CREATE TABLE actions (
        table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    INTEGER,
        action_key TEXT    NOT NULL,
        events     TEXT    NOT NULL DEFAULT '[]',
        created_at REAL    NOT NULL,
        PRIMARY KEY (table_id, position)
    );

    CREATE TABLE snapshots (
        table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        position   INTEGER NOT NULL,
        state      TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (table_id, position)
    );

    CREATE TABLE audit (
        id         INTEGER PRIMARY KEY,
        table_id   INTEGER REFERENCES tables (id) ON DELETE SET NULL,
        guild_id   INTEGER,
        actor_id   INTEGER,
        kind       TEXT    NOT NULL,
        detail     TEXT    NOT NULL DEFAULT '{}',
        created_at REAL    NOT NULL
    );
    CREATE INDEX audit_by_table ON audit (table_id, id);
    """,
    # 2: play-by-post and moderation.
    """
    ALTER TABLE tables ADD COLUMN moved_at REAL;  -- when the current prompts began
    ALTER TABLE tables ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE tables ADD COLUMN deadlines TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE tables ADD COLUMN message_id INTEGER;  -- the live (edited) board message
    ALTER TABLE tables ADD COLUMN thread_id INTEGER;  -- the thread holding its move log
    UPDATE tables SET moved_at = updated_at;

    CREATE TABLE user_settings (
        user_id    INTEGER PRIMARY KEY,
        notify     TEXT NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'off')),
        away_until REAL,
        updated_at REAL NOT NULL
    );
    CREATE TABLE channel_settings (
        channel_id INTEGER PRIMARY KEY,
        guild_id   INTEGER,
        data       TEXT NOT NULL DEFAULT '{}',
        updated_at REAL NOT NULL
    );
    CREATE TABLE guild_settings (
        guild_id   INTEGER PRIMARY KEY,
        data       TEXT NOT NULL DEFAULT '{}',
        updated_at REAL NOT NULL
    );
    -- Reminders and timeouts already handled: one row per (board revision, seat, kind), so a
    -- deadline fires once however often the scheduler runs or the bot restarts.
    CREATE TABLE notices (
        table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        revision   INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        kind       TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (table_id, revision, seat, kind)
    );
    -- Things waiting for someone's consent: an undo, a substitution.
    CREATE TABLE requests (
        id           INTEGER PRIMARY KEY,
        table_id     INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        kind         TEXT    NOT NULL CHECK (kind IN ('undo', 'substitute')),
        revision     INTEGER NOT NULL,
        requested_by INTEGER NOT NULL,
        data         TEXT    NOT NULL DEFAULT '{}',
        status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused', 'expired')),
        created_at   REAL    NOT NULL
    );
    """,
    # 3: timed (live) play: the table clock's origin, and each action's time on it.
    """
    ALTER TABLE tables ADD COLUMN clock_origin REAL;
    ALTER TABLE actions ADD COLUMN at_ms INTEGER;
    UPDATE tables SET clock_origin = moved_at WHERE status != 'lobby';
    """,
    # 4: the installation's secrets (the key that signs exports), and imports of records this
    # installation did not sign, waiting for the players they would seat to accept.
    """
    CREATE TABLE secrets (
        name       TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        created_at REAL NOT NULL
    );
    CREATE TABLE pending_imports (
        id           INTEGER PRIMARY KEY,
        guild_id     INTEGER,
        channel_id   INTEGER NOT NULL,
        requested_by INTEGER NOT NULL,
        record       TEXT    NOT NULL,
        waiting      TEXT    NOT NULL DEFAULT '[]',
        accepted     TEXT    NOT NULL DEFAULT '[]',
        status       TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused', 'expired')),
        table_id     INTEGER,
        created_at   REAL    NOT NULL
    );
    """,
    # 5: what happens after a game ends: results (scores, ranks, length), ratings per player per
    # game per server (guild 0 = no server), and each seat's rating before and after.
    """
    CREATE TABLE results (
        table_id    INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        guild_id    INTEGER NOT NULL,
        slug        TEXT    NOT NULL,
        started_at  REAL    NOT NULL,
        finished_at REAL    NOT NULL,
        actions     INTEGER NOT NULL,
        players     INTEGER NOT NULL,
        rated       INTEGER NOT NULL DEFAULT 0,
        reason      TEXT    NOT NULL DEFAULT ''
    );
    CREATE INDEX results_by_game ON results (guild_id, slug, finished_at);
    CREATE INDEX results_by_time ON results (finished_at, table_id);
    CREATE TABLE result_seats (
        table_id     INTEGER NOT NULL REFERENCES results (table_id) ON DELETE CASCADE,
        seat         INTEGER NOT NULL,
        user_id      INTEGER NOT NULL,
        is_bot       INTEGER NOT NULL,
        score        REAL    NOT NULL,
        rank         INTEGER NOT NULL,
        mu_before    REAL,
        sigma_before REAL,
        mu_after     REAL,
        sigma_after  REAL,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX result_seats_by_user ON result_seats (user_id, table_id);
    CREATE INDEX result_seats_ranks ON result_seats (table_id, seat, rank);
    CREATE TABLE ratings (
        guild_id   INTEGER NOT NULL,
        slug       TEXT    NOT NULL,
        user_id    INTEGER NOT NULL,
        mu         REAL    NOT NULL,
        sigma      REAL    NOT NULL,
        ordinal    REAL    NOT NULL,
        games      INTEGER NOT NULL DEFAULT 0,
        wins       INTEGER NOT NULL DEFAULT 0,
        updated_at REAL    NOT NULL,
        PRIMARY KEY (guild_id, slug, user_id)
    );
    CREATE INDEX ratings_leaderboard ON ratings (guild_id, slug, ordinal DESC);
    """,
    # 6: standing orders (a player's answers to their future prompts, per table and seat, tried
    # in ``rank`` order), and the daily digest: a user who wants one is not pinged per move
    # (``notify`` stays 'off' for the CHECK above) but gets one DM a day, the last at ``digest_at``.
    """
    CREATE TABLE standing_orders (
        table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        user_id    INTEGER NOT NULL,
        rank       INTEGER NOT NULL,
        order_key  TEXT    NOT NULL,
        amount     INTEGER,
        scope      TEXT,
        created_at REAL    NOT NULL,
        PRIMARY KEY (table_id, seat, order_key)
    );
    ALTER TABLE user_settings ADD COLUMN digest INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE user_settings ADD COLUMN digest_at REAL;
    """,
    # 7: revoked web links: every seat link of (table, seat) issued at or before revoked_ms is refused.
    """
    CREATE TABLE web_revocations (
        table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        revoked_ms INTEGER NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    """,
    # 8: languages (issue 30): the language a table's public posts speak (chosen at /game new,
    # else the server's), and the language a user's client last spoke to us in, for messages
    # that reach them outside an interaction (digests, direct pings, private lines of others' moves).
    """
    ALTER TABLE tables ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
    ALTER TABLE user_settings ADD COLUMN language TEXT;
    """,
)
