"""The two databases behind :class:`bot.store.Store`: SQLite (aiosqlite) and PostgreSQL (asyncpg).

The store writes its SQL once, in the dialect both understand, with ``?`` placeholders; a
backend runs it. What differs is kept here and nowhere else:

- placeholders (``?`` → ``$1, $2, …``) and the two spellings SQLite has that PostgreSQL lacks
  (``INSERT OR IGNORE`` → ``ON CONFLICT DO NOTHING``; the implicit ``rowid`` → ``user_id``,
  used only as the last tie-break of the seat order);
- schema versions (``PRAGMA user_version`` / a one-row ``schema_version`` table) and the
  column types of migrations (SQLite's ``INTEGER PRIMARY KEY`` is a 64-bit row id; in
  PostgreSQL it becomes a ``BIGINT`` identity, every ``INTEGER`` a ``BIGINT`` because Discord
  ids do not fit 32 bits, every ``REAL`` a ``DOUBLE PRECISION``);
- concurrency. SQLite: one connection per process, one transaction at a time behind an
  asyncio lock, ``BEGIN IMMEDIATE`` with a bounded wait for other processes, and an
  exclusive lock file so a second bot process cannot open the same file. PostgreSQL: a
  connection pool; the store's guarded updates (``... WHERE position = ?``) and unique keys
  make concurrent writers from several processes safe — the second of two racing writers
  waits for the first's row lock and then finds the guard false.

A transaction hands out a :class:`Tx` with ``execute`` (returns the row count), ``insert``
(returns the new ``id``), ``fetchall`` and ``fetchone``; rows are mappings by column name
that also index by position.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

Row = Any
"""A result row: ``row["column"]`` and ``row[0]`` both work (sqlite3.Row, asyncpg.Record)."""


class IntegrityError(Exception):
    """A unique or foreign key constraint refused a write; the message names the constraint."""


class DatabaseBusy(Exception):
    """Another process held the write lock past every bounded wait."""


class DatabaseInUse(Exception):
    """Another process has this SQLite file open for a bot (see :class:`SqliteBackend`)."""


class Tx(Protocol):
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int: ...
    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int: ...
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


def is_postgres_url(location: str) -> bool:
    return location.startswith(("postgresql://", "postgres://"))


def sqlite_path(location: str) -> str:
    """``sqlite:///rel/path``, ``sqlite:////abs/path`` or a plain path → the file path."""
    if location.startswith("sqlite:///"):
        return location[len("sqlite:///"):]
    if location.startswith("sqlite://"):
        return location[len("sqlite://"):]
    return location


# -- SQLite ----------------------------------------------------------------------------------------


class _DirectSqliteTx:
    """A :class:`Tx` over the ``sqlite3`` connection itself, for code already running on
    aiosqlite's connection thread: its methods never suspend (see :func:`run_unsuspended`)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return self._conn.execute(sql, tuple(params)).rowcount
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return int(self._conn.execute(sql, tuple(params)).lastrowid or 0)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._conn.execute(sql, tuple(params)).fetchall()

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return self._conn.execute(sql, tuple(params)).fetchone()


def run_unsuspended(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine that never suspends (it awaits only a :class:`_DirectSqliteTx`) to its end."""
    try:
        coroutine.send(None)
    except StopIteration:
        return
    coroutine.close()
    raise RuntimeError("a batched write awaited something other than its transaction")


class _SqliteTx:
    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def run_batch(self, works: Sequence[Callable[[Tx], Awaitable[None]]]) -> list[Exception | None]:
        """Run several writes in this transaction with one hand-off to the connection's thread.

        Each write runs inside a savepoint of its own: one that raises (a guarded update that
        found the table moved on) is rolled back alone and its exception returned in its place.
        A write may only await the :class:`Tx` it is given — it runs on aiosqlite's thread,
        where those calls complete at once (:func:`run_unsuspended`). Handing statements to
        that thread one at a time is what cost the event loop most under load.
        """

        def batch(conn: sqlite3.Connection) -> list[Exception | None]:
            direct = _DirectSqliteTx(conn)
            outcomes: list[Exception | None] = []
            for work in works:
                conn.execute("SAVEPOINT grouped_write")
                try:
                    run_unsuspended(work(direct))  # type: ignore[arg-type]
                except Exception as error:  # this write alone is undone; its caller is told
                    conn.execute("ROLLBACK TO grouped_write")
                    outcomes.append(error)
                else:
                    outcomes.append(None)
                conn.execute("RELEASE grouped_write")
            return outcomes

        # aiosqlite runs functions on its connection thread through ``_execute`` (the way its
        # own ``execute_fetchall`` does); tests/test_store.py exercises this path on every run.
        return await self._db._execute(batch, self._db._conn)  # type: ignore[no-any-return]

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._db.execute(sql, tuple(params))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None
        return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._db.execute(sql, tuple(params))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None
        return int(cursor.lastrowid or 0)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._db.execute_fetchall(sql, tuple(params)))  # one hand-off, not three

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


class SqliteBackend:
    """One SQLite file (WAL, ``synchronous=FULL``): durable once a commit returns.

    A bot process holds an exclusive ``flock`` on ``<file>.lock`` while the file is open, so a
    second process pointed at the same file refuses to start (:class:`DatabaseInUse`) instead
    of two schedulers and two caches working one database behind each other's backs. Tools
    that only read or that run once (migrate, import-18xx) may pass ``exclusive=False``.
    """

    name = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: str, lock_fd: int | None, busy_attempts: int) -> None:
        self._db = db
        self.path = path
        self._lock_fd = lock_fd
        self.busy_attempts = busy_attempts
        # One connection serves every table: a transaction must not interleave with another
        # coroutine's statements, or a read could see (or a BEGIN collide with) its writes.
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, location: str, *, busy_timeout_ms: int, busy_attempts: int, exclusive: bool = True) -> SqliteBackend:
        path = sqlite_path(location)
        lock_fd = None
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            if exclusive:
                lock_fd = _lock_file(path)
        # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
        # what the code says it is.
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = sqlite3.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=FULL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        return cls(db, path, lock_fd, busy_attempts)

    async def close(self) -> None:
        await self._db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)
            self._lock_fd = None

    async def schema_version(self) -> int:
        row = await self.fetchone("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def apply_migration(self, number: int, script: str) -> None:
        # executescript commits first; each migration runs in its own transaction.
        async with self._lock:
            await self._db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            await self._begin()
            try:
                yield _SqliteTx(self._db)
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            else:
                await self._db.execute("COMMIT")

    async def _begin(self) -> None:
        """Take the write lock; another process holding it gets a bounded wait, then a refusal.

        Each attempt waits up to the busy timeout inside SQLite; after ``busy_attempts``
        attempts :class:`DatabaseBusy` is raised instead of a raw "database is locked".
        """
        for attempt in range(self.busy_attempts):
            try:
                await self._db.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) and "busy" not in str(error):
                    raise
                if attempt + 1 == self.busy_attempts:
                    raise DatabaseBusy(str(error)) from None

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        async with self._lock:
            return list(await self._db.execute_fetchall(sql, tuple(params)))  # one hand-off, not three

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetch_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """Several reads in one hand-off to the connection's thread, seeing one state of the file
        (no write of this process can come between them: they hold the connection)."""

        def reads(conn: sqlite3.Connection) -> list[list[Row]]:
            return [conn.execute(sql, tuple(params)).fetchall() for sql, params in queries]

        async with self._lock:
            return await self._db._execute(reads, self._db._conn)  # type: ignore[no-any-return]


def _lock_file(path: str) -> int:
    lock_path = f"{path}.lock"
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise DatabaseInUse(
            f"{path} is already in use by another gamemaster process (lock {lock_path}). "
            "One process per SQLite file: stop the other one, or use PostgreSQL "
            "(GAMEMASTER_DB=postgresql://…) to run several processes."
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


# -- PostgreSQL ------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\?")


def to_postgres(sql: str) -> str:
    """Rewrite the store's SQLite-flavoured statement for PostgreSQL (see the module docstring)."""
    counter = iter(range(1, 10_000))
    sql = _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)
    if "INSERT OR IGNORE INTO" in sql:
        sql = sql.replace("INSERT OR IGNORE INTO", "INSERT INTO") + " ON CONFLICT DO NOTHING"
    return re.sub(r"\browid\b", "user_id", sql)


def migration_to_postgres(script: str) -> str:
    """A SQLite migration's DDL with PostgreSQL column types (64-bit ids, double precision)."""
    script = re.sub(r"\bINTEGER PRIMARY KEY\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", script)
    script = re.sub(r"\bINTEGER\b", "BIGINT", script)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", script)


def _count(status: str) -> int:
    """asyncpg returns a command tag ("UPDATE 1", "INSERT 0 1"): its last number is the row count."""
    tail = status.rsplit(" ", 1)[-1]
    return int(tail) if tail.isdigit() else 0


class _PostgresTx:
    def __init__(self, conn: Any) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        import asyncpg

        try:
            return _count(await self._conn.execute(to_postgres(sql), *params))
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(f"{error} ({getattr(error, 'constraint_name', '')})") from None

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        import asyncpg

        try:
            value = await self._conn.fetchval(to_postgres(sql) + " RETURNING id", *params)
        except asyncpg.IntegrityConstraintViolationError as error:
            raise IntegrityError(f"{error} ({getattr(error, 'constraint_name', '')})") from None
        return int(value or 0)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.fetch(to_postgres(sql), *params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._conn.fetchrow(to_postgres(sql), *params)


class PostgresBackend:
    """A PostgreSQL database through an asyncpg pool, shared by any number of bot processes."""

    name = "postgresql"

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self.path = url

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresBackend:
        import asyncpg

        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        return cls(pool, url)

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        async with self._pool.acquire() as conn, conn.transaction():
            # Processes starting together on an empty database would race to create the table
            # (a duplicate-type error): one at a time, under a transaction-scoped advisory lock.
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext('gamemaster-schema'))")
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            value = await conn.fetchval("SELECT MAX(version) FROM schema_version")
            return int(value or 0)

    async def apply_migration(self, number: int, script: str) -> None:
        async with self._pool.acquire() as conn, conn.transaction():
            # Several processes may start at once: the first takes the lock and migrates, the
            # others wait and then find the version already there.
            await conn.execute("LOCK TABLE schema_version IN EXCLUSIVE MODE")
            current = int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version") or 0)
            if current >= number:
                return
            await conn.execute(migration_to_postgres(script))
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield _PostgresTx(conn)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        return list(await self._pool.fetch(to_postgres(sql), *tuple(params)))

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        return await self._pool.fetchrow(to_postgres(sql), *tuple(params))

    async def fetch_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """Several reads on one connection, in one repeatable-read transaction (one state)."""
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            return [list(await conn.fetch(to_postgres(sql), *params)) for sql, params in queries]


Backend = SqliteBackend | PostgresBackend
