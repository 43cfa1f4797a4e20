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
import contextlib
import errno
import fcntl
import os
import re
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from bot.metrics import store_retried

Row = Any
"""A result row: ``row["column"]`` and ``row[0]`` both work (sqlite3.Row, asyncpg.Record)."""


class IntegrityError(Exception):
    """A unique or foreign key constraint refused a write; the message names the constraint."""


class DatabaseBusy(Exception):
    """Another process held the write lock past every bounded wait."""


class DatabaseInUse(Exception):
    """Another process has this SQLite file open for a bot (see :class:`SqliteBackend`)."""


class DatabaseFault(Exception):
    """The database itself failed — not a refused write but an operator's problem.

    ``kind`` says which: ``full`` (no space left), ``read-only`` (a read-only disk or file),
    ``denied`` (no permission to create or write the file), ``no-folder`` (the path's folder
    is not a folder), ``unreachable`` (PostgreSQL down or unreachable), ``login`` (PostgreSQL
    refused the user or password), ``missing`` (no such PostgreSQL database), ``damaged`` (the
    file is not a database), ``io`` (any other disk error). ``during_commit``: the connection
    was lost while committing, so whether the transaction was written is unknown.
    :class:`bot.store.Store` turns it into :class:`bot.store.StoreUnavailable` with sentences.
    """

    def __init__(self, kind: str, detail: str, *, during_commit: bool = False) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail, self.during_commit = kind, detail, during_commit


_SQLITE_FAULTS = {13: "full", 8: "read-only", 3: "denied", 14: "denied", 10: "io", 11: "damaged", 26: "damaged"}
"""Primary SQLite result codes (``sqlite_errorcode & 0xFF``) that are faults of the disk or
file, not of the statement: SQLITE_FULL, READONLY, PERM, CANTOPEN, IOERR, CORRUPT, NOTADB."""

_OS_FAULTS = {
    errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "read-only", errno.EACCES: "denied",
    errno.EPERM: "denied", errno.ENOTDIR: "no-folder", errno.EEXIST: "no-folder", errno.EIO: "io",
}


def sqlite_fault(error: sqlite3.Error) -> DatabaseFault | None:
    """The :class:`DatabaseFault` a SQLite error stands for, or ``None`` for an ordinary error."""
    code = getattr(error, "sqlite_errorcode", None)
    kind = _SQLITE_FAULTS.get(code & 0xFF) if isinstance(code, int) else None
    return DatabaseFault(kind, str(error)) if kind else None


def os_fault(error: OSError) -> DatabaseFault:
    return DatabaseFault(_OS_FAULTS.get(error.errno or 0, "io"), f"{error.strerror or error} ({error.filename or ''})")


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
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            return int(self._conn.execute(sql, tuple(params)).lastrowid or 0)
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return self._conn.execute(sql, tuple(params)).fetchall()
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None

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
                except DatabaseFault:  # the disk, not this write: the whole batch fails
                    raise
                except Exception as error:  # this write alone is undone; its caller is told
                    conn.execute("ROLLBACK TO grouped_write")
                    outcomes.append(error)
                else:
                    outcomes.append(None)
                conn.execute("RELEASE grouped_write")
            return outcomes

        # aiosqlite runs functions on its connection thread through ``_execute`` (the way its
        # own ``execute_fetchall`` does); tests/test_store.py exercises this path on every run.
        try:
            return await self._db._execute(batch, self._db._conn)  # type: ignore[no-any-return]
        except sqlite3.Error as error:  # a savepoint statement itself failed: the disk, most likely
            raise sqlite_fault(error) or error from None

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._db.execute(sql, tuple(params))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None
        return cursor.rowcount

    async def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            cursor = await self._db.execute(sql, tuple(params))
        except sqlite3.IntegrityError as error:
            raise IntegrityError(str(error)) from None
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None
        return int(cursor.lastrowid or 0)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self._db.execute_fetchall(sql, tuple(params)))  # one hand-off, not three
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None

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
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                if exclusive:
                    lock_fd = _lock_file(path)
            # isolation_level=None: we issue BEGIN/COMMIT ourselves, so a transaction is exactly
            # what the code says it is.
            db = await aiosqlite.connect(path, isolation_level=None)
        except OSError as error:  # the folder or the lock file cannot be made: a disk fault
            if lock_fd is not None:
                os.close(lock_fd)
            raise os_fault(error) from None
        except sqlite3.Error as error:
            if lock_fd is not None:
                os.close(lock_fd)
            raise sqlite_fault(error) or error from None
        db.row_factory = sqlite3.Row
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        except sqlite3.Error as error:  # e.g. a read-only file cannot switch to WAL
            await db.close()
            if lock_fd is not None:
                os.close(lock_fd)
            raise sqlite_fault(error) or error from None
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
            try:
                await self._db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
            except sqlite3.Error as error:
                await self._rollback()
                raise sqlite_fault(error) or error from None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self._lock:
            await self._begin()
            try:
                yield _SqliteTx(self._db)
            except BaseException:
                await self._rollback()
                raise
            try:
                await self._db.execute("COMMIT")
            except sqlite3.Error as error:
                # A failed COMMIT writes nothing (SQLite's commit is atomic); a disk that filled
                # up or turned read-only is a fault with a sentence, not a raw OperationalError.
                await self._rollback()
                raise sqlite_fault(error) or error from None

    async def _rollback(self) -> None:
        """Roll back if a transaction is still open: after SQLITE_FULL or an I/O error SQLite
        may have rolled it back itself, and a second ROLLBACK would hide the real error."""
        if self._db.in_transaction:
            with contextlib.suppress(sqlite3.Error):
                await self._db.execute("ROLLBACK")

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
                    raise sqlite_fault(error) or error from None
                if attempt + 1 == self.busy_attempts:
                    raise DatabaseBusy(str(error)) from None
                store_retried(self.name)

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        try:
            async with self._lock:
                return list(await self._db.execute_fetchall(sql, tuple(params)))  # one hand-off, not three
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def fetch_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """Several reads in one hand-off to the connection's thread, seeing one state of the file
        (no write of this process can come between them: they hold the connection)."""

        def reads(conn: sqlite3.Connection) -> list[list[Row]]:
            return [conn.execute(sql, tuple(params)).fetchall() for sql, params in queries]

        try:
            async with self._lock:
                return await self._db._execute(reads, self._db._conn)  # type: ignore[no-any-return]
        except sqlite3.Error as error:
            raise sqlite_fault(error) or error from None


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


def pg_fault(error: BaseException) -> DatabaseFault | None:
    """The :class:`DatabaseFault` an asyncpg (or socket) error stands for, or ``None``."""
    import asyncpg

    text = f"{type(error).__name__}: {error}"
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return DatabaseFault("login", text)
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return DatabaseFault("missing", text)
    if isinstance(error, asyncpg.DiskFullError):
        return DatabaseFault("full", text)
    if isinstance(error, asyncpg.ReadOnlySQLTransactionError):
        return DatabaseFault("read-only", text)
    if isinstance(error, asyncpg.PostgresConnectionError | asyncpg.OperatorInterventionError
                  | asyncpg.InsufficientResourcesError | OSError | TimeoutError):
        return DatabaseFault("unreachable", text)
    if isinstance(error, asyncpg.InterfaceError) and "closed" in str(error):
        return DatabaseFault("unreachable", text)
    return None


@contextlib.contextmanager
def _pg_faults(*, during_commit: bool = False) -> Iterator[None]:
    """Turn asyncpg's connection and server faults into :class:`DatabaseFault` (others pass)."""
    try:
        yield
    except Exception as error:
        fault = pg_fault(error)
        if fault is None:
            raise
        fault.during_commit = during_commit
        raise fault from None


class PostgresBackend:
    """A PostgreSQL database through an asyncpg pool, shared by any number of bot processes.

    A server that goes away (restart, outage) fails the statements running then with a
    :class:`DatabaseFault`; the pool replaces broken connections, so the next statement after
    the server is back works again.
    """

    name = "postgresql"

    def __init__(self, pool: Any, url: str) -> None:
        self._pool = pool
        self.path = url

    @classmethod
    async def open(cls, url: str, *, pool_size: int = 10) -> PostgresBackend:
        import asyncpg

        with _pg_faults():
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, timeout=10)
        return cls(pool, url)

    async def close(self) -> None:
        await self._pool.close()

    async def schema_version(self) -> int:
        with _pg_faults():
            async with self._pool.acquire() as conn, conn.transaction():
                # Processes starting together on an empty database would race to create the table
                # (a duplicate-type error): one at a time, under a transaction-scoped advisory lock.
                await conn.execute("SELECT pg_advisory_xact_lock(hashtext('gamemaster-schema'))")
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
                value = await conn.fetchval("SELECT MAX(version) FROM schema_version")
                return int(value or 0)

    async def apply_migration(self, number: int, script: str) -> None:
        with _pg_faults():
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
        with _pg_faults():
            async with self._pool.acquire() as conn:
                transaction = conn.transaction()
                await transaction.start()
                try:
                    yield _PostgresTx(conn)
                except BaseException:
                    with contextlib.suppress(Exception):  # a lost connection has nothing to roll back
                        await transaction.rollback()
                    raise
                # A connection lost during COMMIT leaves it unknown whether the server wrote it.
                with _pg_faults(during_commit=True):
                    await transaction.commit()

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        with _pg_faults():
            return list(await self._pool.fetch(to_postgres(sql), *tuple(params)))

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        with _pg_faults():
            return await self._pool.fetchrow(to_postgres(sql), *tuple(params))

    async def fetch_many(self, queries: Sequence[tuple[str, Sequence[Any]]]) -> list[list[Row]]:
        """Several reads on one connection, in one repeatable-read transaction (one state)."""
        with _pg_faults():
            async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
                return [list(await conn.fetch(to_postgres(sql), *params)) for sql, params in queries]


Backend = SqliteBackend | PostgresBackend
