"""Persistence: tables, seats, the action log, snapshots, settings, audit (the schema and its
migrations are in :mod:`bot.store_schema`).

SQLite (aiosqlite) by default; PostgreSQL (asyncpg) when ``GAMEMASTER_DB`` is a
``postgresql://`` URL — one store, two backends (:mod:`bot.store_backends`). Nothing else in
the project speaks SQL. The store is deliberately dumb about games: it
keeps states as JSON text and action keys as strings.

Durability: SQLite runs a WAL journal with ``synchronous=FULL`` (PostgreSQL commits are
durable by default), so a move that :meth:`Store.record_action` returned from is on disk, and one that raised is not there at all (action row, snapshot and
table position are written in a single transaction).

Loading a table reads its latest snapshot plus any later actions — never the whole history.
Snapshots are kept at every :data:`SNAPSHOT_EVERY`-th position plus the latest one, so undo
can rebuild from a nearby snapshot while long games stay small on disk.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, TypeVar

from bot.metrics import store_fault
from bot.store_backends import (
    Backend,
    DatabaseBusy,
    DatabaseFault,
    DatabaseInUse,
    IntegrityError,
    PostgresBackend,
    Row,
    SqliteBackend,
    Tx,
    is_postgres_url,
)
from bot.store_schema import MIGRATIONS  # the schema, version by version

RowT = TypeVar("RowT")
log = logging.getLogger("gamemaster.store")

SNAPSHOT_EVERY = 25
OPEN_STATUSES = ("lobby", "playing")
STATUSES = ("lobby", "playing", "over", "cancelled")

MAX_SQL_INT = 2**63 - 1
"""SQLite integers are signed 64-bit: ids and numbers beyond this cannot be stored."""
BUSY_TIMEOUT_MS = 5000
"""How long one attempt waits for another connection's write lock (SQLite busy_timeout)."""
FAULT_MEMORY = 60.0
"""Seconds a failed write keeps :meth:`Store.ping` unhealthy (unless a write succeeds sooner)."""
BUSY_ATTEMPTS = 3
"""Attempts to take the write lock before a write is refused with :class:`StoreBusy`."""


class StoreError(Exception):
    """A write the store refused (the message says why)."""


class ChannelBusy(StoreError):
    """The channel already has an open table."""


class PositionConflict(StoreError):
    """The table moved on since the caller loaded it (a lost update was prevented)."""


class TablePaused(PositionConflict):
    """A moderator paused the table (perhaps through another process); the move was not written."""


class StoreBusy(StoreError):
    """Another process held the database's write lock for too long; nothing was written."""


class StoreUnavailable(StoreError):
    """The database cannot be written or reached (a full or read-only disk, PostgreSQL down).

    ``str()`` is the sentence for the player (what happened to their action, what to do);
    :attr:`operator` the one line for the log or the exit message (what is wrong where, and
    what to fix). Nothing was written, except that a PostgreSQL connection lost during a
    commit leaves it unknown (the sentence says so).
    """

    def __init__(self, player: str, operator: str, kind: str) -> None:
        super().__init__(player)
        self.operator = operator
        self.kind = kind


_FAULT_CAUSES = {
    "full": "the disk is full",
    "read-only": "the disk or file is read-only",
    "denied": "this user may not write there",
    "no-folder": "part of its path is a file, not a folder",
    "damaged": "the file is damaged or not a gamemaster database",
    "io": "the disk reports an input/output error",
    "unreachable": "the PostgreSQL server cannot be reached",
    "login": "PostgreSQL refused the user name or password",
    "missing": "that PostgreSQL database does not exist",
}
_FAULT_FIXES = {
    "full": "free some space on that disk",
    "read-only": "make the disk writable, or point GAMEMASTER_DB at a writable place",
    "denied": "give the bot's user write access to that folder, or point GAMEMASTER_DB elsewhere",
    "no-folder": "point GAMEMASTER_DB at a file inside a folder",
    "damaged": "restore a backup, or point GAMEMASTER_DB at another file",
    "io": "check the disk",
    "unreachable": "start PostgreSQL or check its host and port in GAMEMASTER_DB",
    "login": "check the user and password in GAMEMASTER_DB",
    "missing": "create the database (createdb) or fix its name in GAMEMASTER_DB",
}


def unavailable(fault: DatabaseFault, location: str, *, writing: bool) -> StoreUnavailable:
    """The sentences for a database fault at ``location`` (a path or a URL, shown without its password)."""
    where = redact_url(location)
    operator = (f"game store {where} unavailable: {_FAULT_CAUSES.get(fault.kind, fault.kind)} ({fault.detail}) — "
                f"{_FAULT_FIXES.get(fault.kind, 'check the database')}")
    if fault.during_commit:
        player = ("The game database stopped answering while saving; your action may or may not have been "
                  "saved — check /game status before you try again, and tell the server's admin.")
    elif fault.kind in ("unreachable", "login", "missing"):
        player = ("The game database cannot be reached right now" + ("; your action was not saved" if writing else "")
                  + " — try again in a minute, and tell the server's admin if it lasts.")
    elif writing:
        cause = {"full": "the disk is full", "read-only": "it is read-only"}.get(fault.kind, "a disk fault")
        player = f"The game store cannot be written ({cause}); your action was not saved — tell the server's admin."
    else:
        player = "The game store cannot be read (a disk fault); tell the server's admin."
    return StoreUnavailable(player, operator, fault.kind)


def redact_url(location: str) -> str:
    """A database location for a log line: a URL's password replaced by ``***``."""
    return re.sub(r"(://[^:/@]+:)[^/]*@", r"\1***@", location)


class NotALobby(StoreError):
    """A seat was to be added to a table that has started or ended."""


def fits_sql(value: object) -> bool:
    """Whether ``value`` is an int SQLite can store (a bool is not accepted as a number)."""
    return isinstance(value, int) and not isinstance(value, bool) and -MAX_SQL_INT - 1 <= value <= MAX_SQL_INT


@dataclass(frozen=True, slots=True)
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    slug: str
    options: dict[str, str]
    seed: int
    status: str
    host_id: int
    engine_version: int
    position: int
    revision: int
    created_at: float
    updated_at: float
    moved_at: float | None = None
    paused: bool = False
    deadlines: dict[str, Any] = field(default_factory=dict)
    message_id: int | None = None
    thread_id: int | None = None
    clock_origin: float | None = None
    language: str = "en"
    """The language of the table's public posts (``en``, ``pl``, ``hu``, ``de``; :mod:`bot.i18n`)."""

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES


@dataclass(frozen=True, slots=True)
class SeatRow:
    table_id: int
    user_id: int
    name: str
    joined_at: float
    seat: int | None
    is_bot: bool


@dataclass(frozen=True, slots=True)
class ActionRow:
    table_id: int
    position: int
    seat: int
    user_id: int | None
    action_key: str
    events: list[dict[str, Any]]
    created_at: float
    at_ms: int | None = None
    """The table clock when the action was received (timed play), else None."""


@dataclass(frozen=True, slots=True)
class AuditRow:
    id: int
    table_id: int | None
    guild_id: int | None
    actor_id: int | None
    kind: str
    detail: dict[str, Any]
    created_at: float


@dataclass(frozen=True, slots=True)
class ResultRow:
    """A finished game: where, what, when, how long, and whether it counted for ratings."""

    table_id: int
    guild_id: int
    slug: str
    started_at: float
    finished_at: float
    actions: int
    players: int
    rated: bool
    reason: str


@dataclass(frozen=True, slots=True)
class ResultSeatRow:
    table_id: int
    seat: int
    user_id: int
    is_bot: bool
    score: float
    rank: int
    mu_before: float | None = None
    sigma_before: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None


@dataclass(frozen=True, slots=True)
class RatingRow:
    guild_id: int
    slug: str
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int
    updated_at: float


@dataclass(frozen=True, slots=True)
class PlayerResult:
    table_id: int
    slug: str
    finished_at: float
    players: int
    rated: bool
    seat: int
    score: float
    rank: int
    mu_after: float | None
    sigma_after: float | None


@dataclass(frozen=True, slots=True)
class GameStats:
    tables: int
    mean_actions: float
    mean_seconds: float
    seat_wins: list[tuple[int, int, int, int]]
    """(players at the table, seat, games, wins) for every seat position seen."""


@dataclass(frozen=True, slots=True)
class OrderRow:
    """A standing order as stored: whose (seat and the user who set it), which, its number and
    its scope token (see :class:`bot.engine.orders.OrderSetting`)."""

    seat: int
    user_id: int
    order_key: str
    amount: int | None
    scope: str | None


@dataclass(frozen=True, slots=True)
class LoadedState:
    """The newest snapshot of a table and the actions logged after it (usually none)."""

    snapshot_position: int
    state_json: str
    later_actions: list[ActionRow]


def _from_row(cls: type[RowT], row: Row, *, json_fields: tuple[str, ...] = (),
              bool_fields: tuple[str, ...] = ()) -> RowT:
    """Build a row dataclass from a result row by field name, decoding JSON and flag columns."""
    values = {f.name: row[f.name] for f in fields(cls)}  # type: ignore[arg-type]
    for name in json_fields:
        values[name] = json.loads(values[name])
    for name in bool_fields:
        values[name] = bool(values[name])
    return cls(**values)


def _table(row: Row) -> TableRow:
    return _from_row(TableRow, row, json_fields=("options", "deadlines"), bool_fields=("paused",))


def _seat(row: Row) -> SeatRow:
    return _from_row(SeatRow, row, bool_fields=("is_bot",))


def _action(row: Row) -> ActionRow:
    return _from_row(ActionRow, row, json_fields=("events",))


class Store:
    """The game database: a SQLite file (the default) or a PostgreSQL database.

    Open with :meth:`open` (a path, ``sqlite:///path`` or ``postgresql://…``); close with
    :meth:`close`. The SQL below is written once; :mod:`bot.store_backends` runs it on either
    database, so the session layer never knows which one it has.
    """

    def __init__(self, backend: Backend) -> None:
        self._db = backend
        self.path = backend.path
        self._pending_writes: list[tuple[Callable[[Tx], Awaitable[None]], asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0
        """Committed write transactions so far (in this process): a reader that saw this
        number change while it read knows its result may be older than the last commit."""
        self.last_fault: tuple[float, StoreUnavailable] | None = None
        """When (monotonic) and how the last write or read failed on a fault; cleared by a commit."""

    @classmethod
    async def open(cls, location: str | Path, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                   busy_attempts: int = BUSY_ATTEMPTS, exclusive: bool = True) -> Store:
        """Open (and migrate) the database at ``location``.

        SQLite files are held by one process at a time (``exclusive``; a second bot process on
        the same file is refused with :class:`StoreError`); PostgreSQL serves several.
        """
        location = str(location)
        try:
            if is_postgres_url(location):
                backend: Backend = await PostgresBackend.open(location)
            else:
                backend = await SqliteBackend.open(
                    location, busy_timeout_ms=busy_timeout_ms, busy_attempts=busy_attempts, exclusive=exclusive
                )
        except DatabaseInUse as error:
            raise StoreError(str(error)) from None
        except DatabaseFault as fault:
            # At start there is no player: both sentences are the operator's.
            error = unavailable(fault, location, writing=True)
            raise StoreUnavailable(error.operator, error.operator, fault.kind) from None
        store = cls(backend)
        try:
            await store._migrate()
        except DatabaseFault as fault:
            await backend.close()
            error = unavailable(fault, location, writing=True)
            raise StoreUnavailable(error.operator, error.operator, fault.kind) from None
        except BaseException:
            await backend.close()
            raise
        return store

    @property
    def backend_name(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._db.name

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- schema -------------------------------------------------------------------------

    async def schema_version(self) -> int:
        return await self._db.schema_version()

    async def _migrate(self) -> None:
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise StoreError(
                f"{self.path} has schema version {version}, newer than this code ({len(MIGRATIONS)}): "
                "run a newer gamemaster, or restore a backup made for this version"
            )
        for number in range(version, len(MIGRATIONS)):
            await self._db.apply_migration(number + 1, MIGRATIONS[number])

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[Tx]:
        """One write transaction. Another process holding the write lock gets a bounded wait,
        then :class:`StoreBusy` (a sentence for the player) instead of a raw "database is locked"."""
        try:
            async with self._db.transaction() as tx:
                yield tx
        except DatabaseBusy:
            raise StoreBusy(
                "The game database is busy (another program is writing to it); nothing was changed. "
                "Try again in a moment."
            ) from None
        except DatabaseFault as fault:
            raise self._unavailable(fault, writing=True) from None
        self.commits += 1
        self.last_fault = None

    def _unavailable(self, fault: DatabaseFault, *, writing: bool) -> StoreUnavailable:
        """The fault as :class:`StoreUnavailable`, told to the operator in one line (no traceback)."""
        error = unavailable(fault, self.path, writing=writing)
        log.error("%s", error.operator)
        store_fault(fault.kind)
        self.last_fault = (time.monotonic(), error)
        return error

    async def ping(self, timeout: float = 2.0) -> str | None:
        """``None`` if the database is healthy, else the operator's sentence saying why not.

        Healthy: it answers a read within ``timeout`` seconds, and no write failed on a fault
        (full or read-only disk, server gone) in the last :data:`FAULT_MEMORY` seconds unless a
        write has succeeded since. A read alone would call a full disk healthy."""
        if self.last_fault is not None and time.monotonic() - self.last_fault[0] < FAULT_MEMORY:
            return self.last_fault[1].operator
        try:
            await asyncio.wait_for(self._db.fetchone("SELECT 1"), timeout)
        except TimeoutError:
            return f"game store {redact_url(self.path)} did not answer within {timeout:g} s"
        except DatabaseFault as fault:
            return unavailable(fault, self.path, writing=False).operator
        except Exception as error:  # closed, broken: whatever it is, the store does not answer
            return f"game store {redact_url(self.path)} does not answer ({type(error).__name__}: {error})"
        return None

    async def _fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        try:
            return await self._db.fetchall(sql, params)
        except DatabaseFault as fault:
            raise self._unavailable(fault, writing=False) from None

    async def _fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        try:
            return await self._db.fetchone(sql, params)
        except DatabaseFault as fault:
            raise self._unavailable(fault, writing=False) from None

    # -- tables ---------------------------------------------------------------------------

    async def create_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        slug: str,
        options: dict[str, str],
        seed: int,
        host_id: int,
        host_name: str,
        engine_version: int,
        now: float,
        deadlines: dict[str, Any] | None = None,
        language: str = "en",
    ) -> int:
        """A new lobby with the host in it, speaking ``language`` in public; :class:`ChannelBusy`
        if the channel has an open table."""
        try:
            async with self._transaction() as db:
                new_id = await db.insert(
                    "INSERT INTO tables (guild_id, channel_id, slug, options, seed, status, host_id,"
                    " engine_version, created_at, updated_at, deadlines, language)"
                    " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, slug, json.dumps(options), seed, host_id, engine_version, now, now,
                     json.dumps(deadlines or {}), language),
                )
                table_id = new_id
                await db.execute(
                    "INSERT INTO seats (table_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
                    (table_id, host_id, host_name, now),
                )
                await self._audit(db, table_id, guild_id, host_id, "create", {"slug": slug, "options": options}, now)
        except IntegrityError as error:
            if "one_open_table_per_channel" in str(error) or "tables.channel_id" in str(error):
                raise ChannelBusy("This channel already has an open table.") from None
            raise
        return table_id

    async def table(self, table_id: int) -> TableRow | None:
        row = await self._fetchone("SELECT * FROM tables WHERE id = ?", (table_id,))
        return _table(row) if row else None

    async def open_table_in(self, channel_id: int) -> TableRow | None:
        row = await self._fetchone(
            "SELECT * FROM tables WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
        )
        return _table(row) if row else None

    async def latest_table_in(self, channel_id: int) -> TableRow | None:
        """The open table of a channel, else the one that ended last (for status/history)."""
        row = await self._fetchone(
            "SELECT * FROM tables WHERE channel_id = ?"
            " ORDER BY status IN ('lobby', 'playing') DESC, updated_at DESC, id DESC LIMIT 1",
            (channel_id,),
        )
        return _table(row) if row else None

    async def tables(self, *, guild_id: int | None = None, statuses: Iterable[str] = OPEN_STATUSES) -> list[TableRow]:
        wanted = tuple(statuses)
        marks = ", ".join("?" for _ in wanted)
        sql = f"SELECT * FROM tables WHERE status IN ({marks})"
        params: list[Any] = list(wanted)
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return [_table(row) for row in await self._fetchall(sql + " ORDER BY id", params)]

    async def set_status(self, table_id: int, status: str, *, actor_id: int | None, now: float, reason: str = "") -> None:
        if status not in STATUSES:
            raise StoreError(f"unknown status {status!r}")
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET status = ?, updated_at = ? WHERE id = ?", (status, now, table_id))
            if status in ("over", "cancelled"):  # orders last as long as the game
                await db.execute("DELETE FROM standing_orders WHERE table_id = ?", (table_id,))
            await self._audit(db, table_id, None, actor_id, status, {"reason": reason} if reason else {}, now)

    # -- seats ----------------------------------------------------------------------------

    async def seats(self, table_id: int) -> list[SeatRow]:
        """Seats in play order once started, in joining order before."""
        rows = await self._fetchall(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY seat IS NULL, seat, joined_at, rowid", (table_id,)
        )
        return [_seat(row) for row in rows]

    async def add_seat(
        self, table_id: int, user_id: int, name: str, *, now: float, is_bot: bool = False, actor_id: int | None = None
    ) -> None:
        try:
            async with self._transaction() as db:
                found = await db.fetchone("SELECT status FROM tables WHERE id = ?", (table_id,))
                # The table's status is checked in the same transaction as the insert: a seat
                # in a started game would have no number, and its export would not import.
                if found is None or found[0] != "lobby":
                    raise NotALobby("This game has already started; wait for the next one.")
                await db.execute(
                    "INSERT INTO seats (table_id, user_id, name, joined_at, is_bot) VALUES (?, ?, ?, ?, ?)",
                    (table_id, user_id, name, now, int(is_bot)),
                )
                await db.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (now, table_id))
                detail = {"bot": name} if is_bot else {}
                await self._audit(db, table_id, None, actor_id if actor_id is not None else user_id, "join", detail, now)
        except IntegrityError:
            raise StoreError("You are already seated at this table.") from None

    async def remove_seat(self, table_id: int, user_id: int, *, actor_id: int, now: float) -> None:
        async with self._transaction() as db:
            await db.execute("DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table_id, user_id))
            await db.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (now, table_id))
            await self._audit(db, table_id, None, actor_id, "leave", {"user_id": user_id}, now)

    async def start_table(self, table_id: int, seat_order: list[int], state_json: str, *, actor_id: int, now: float,
                          engine_version: int | None = None) -> None:
        """Number the seats in ``seat_order`` (user ids), store the first snapshot, mark playing
        (under ``engine_version``, the rules version the game starts with, when given)."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE tables SET status = 'playing', position = 0, updated_at = ?, moved_at = ?, clock_origin = ?,"
                " engine_version = COALESCE(?, engine_version) WHERE id = ? AND status = 'lobby'",
                (now, now, now, engine_version, table_id),
            )
            if changed != 1:
                raise PositionConflict("The table is not a lobby any more.")
            for number, user_id in enumerate(seat_order):
                await db.execute(
                    "UPDATE seats SET seat = ? WHERE table_id = ? AND user_id = ?", (number, table_id, user_id)
                )
            await db.execute(
                "INSERT INTO snapshots (table_id, position, state, created_at) VALUES (?, 0, ?, ?)",
                (table_id, state_json, now),
            )
            await self._audit(db, table_id, None, actor_id, "start", {"seats": seat_order}, now)

    # -- the action log -----------------------------------------------------------------------

    async def record_action(
        self,
        table_id: int,
        *,
        position: int,
        seat: int,
        user_id: int | None,
        action_key: str,
        events: list[dict[str, Any]],
        state_json: str,
        status: str,
        now: float,
        at_ms: int | None = None,
    ) -> None:
        """Append the action that moves ``position - 1`` to ``position``, with its snapshot.

        One transaction: the action row, the snapshot, the table's position and status. If the
        table is no longer at ``position - 1`` nothing is written (:class:`PositionConflict`),
        nor if it has been paused meanwhile (:class:`TablePaused`).
        Returns only once the transaction is committed (on SQLite, in a group commit with
        moves of other tables that arrived meanwhile: see :meth:`_group_commit`).
        """

        async def write(db: Tx) -> None:
            changed = await db.execute(
                "UPDATE tables SET position = ?, revision = revision + 1, status = ?, updated_at = ?, moved_at = ?"
                " WHERE id = ? AND position = ? AND status = 'playing' AND paused = 0",
                (position, status, now, now, table_id, position - 1),
            )
            if changed != 1:
                # ``paused`` is part of the guard: a process whose cached row predates a pause
                # (made by another process, e.g. with misconfigured shards) must not commit.
                found = await db.fetchone("SELECT paused FROM tables WHERE id = ?", (table_id,))
                if found is not None and found[0]:
                    raise TablePaused("A moderator has paused this game; it resumes with /admin resume.")
                raise PositionConflict("The table moved on; reload it.")
            await db.execute(
                "INSERT INTO actions (table_id, position, seat, user_id, action_key, events, created_at, at_ms)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, position, seat, user_id, action_key, json.dumps(events), now, at_ms),
            )
            await db.execute(
                "INSERT INTO snapshots (table_id, position, state, created_at) VALUES (?, ?, ?, ?)",
                (table_id, position, state_json, now),
            )
            previous = position - 1
            if previous % SNAPSHOT_EVERY:
                await db.execute(
                    "DELETE FROM snapshots WHERE table_id = ? AND position = ?", (table_id, previous)
                )
            if status != "playing":
                await self._audit(db, table_id, None, user_id, status, {"position": position}, now)
                await db.execute("DELETE FROM standing_orders WHERE table_id = ?", (table_id,))

        if self._db.name == "sqlite":
            await self._group_commit(write)
        else:
            async with self._transaction() as db:
                await write(db)

    async def _group_commit(self, work: Callable[[Tx], Awaitable[None]]) -> None:
        """Run ``work`` in a transaction shared with the other writes waiting right now.

        SQLite has one writer and each commit waits for the disk (``synchronous=FULL``), so
        under load most of a move's time is that wait. Moves that arrive while a commit is
        under way are written together in the next transaction, each inside a savepoint of
        its own: one that fails (a :class:`PositionConflict`) is rolled back alone and its
        caller gets the error, the others commit. Every caller returns after the commit, so
        an acknowledged move is on disk exactly as before — there are just fewer disk waits.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending_writes.append((work, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush_writes())
        await future

    async def _flush_writes(self) -> None:
        while self._pending_writes:
            batch, self._pending_writes = self._pending_writes, []
            outcomes: list[Exception | None] = []
            try:
                async with self._transaction() as tx:
                    # every write of the group in one hand-off, each in a savepoint of its own
                    outcomes = await tx.run_batch([work for work, _ in batch])  # type: ignore[attr-defined]
            except BaseException as error:  # the commit itself failed: nothing of the batch is written
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                if not isinstance(error, Exception):
                    raise
                continue
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if outcome is None:
                    future.set_result(None)
                else:
                    future.set_exception(outcome)

    async def load_state(self, table_id: int) -> LoadedState | None:
        """The latest snapshot and the actions after it; ``None`` before the game starts."""
        row = await self._fetchone(
            "SELECT position, state FROM snapshots WHERE table_id = ? ORDER BY position DESC LIMIT 1", (table_id,)
        )
        if row is None:
            return None
        later = await self.actions(table_id, after=row["position"])
        return LoadedState(snapshot_position=row["position"], state_json=row["state"], later_actions=later)

    async def load_table(self, table_id: int) -> tuple[TableRow, list[SeatRow], LoadedState | None] | None:
        """A table's row, seats and latest snapshot (with any actions after it) in one read.

        What loading a table costs: one hand-off to the database instead of four, which is most
        of what reloading an evicted table used to cost the event loop.
        """
        tables, seats, snapshots, later = await self._db.fetch_many([
            ("SELECT * FROM tables WHERE id = ?", (table_id,)),
            ("SELECT * FROM seats WHERE table_id = ? ORDER BY seat IS NULL, seat, joined_at, rowid", (table_id,)),
            ("SELECT position, state FROM snapshots WHERE table_id = ? ORDER BY position DESC LIMIT 1", (table_id,)),
            ("SELECT * FROM actions WHERE table_id = ? AND position >"
             " (SELECT COALESCE(MAX(position), 0) FROM snapshots WHERE table_id = ?) ORDER BY position",
             (table_id, table_id)),
        ])
        if not tables:
            return None
        loaded = None
        if snapshots:
            loaded = LoadedState(snapshots[0]["position"], snapshots[0]["state"], [_action(row) for row in later])
        return _table(tables[0]), [_seat(row) for row in seats], loaded

    async def actions(self, table_id: int, *, after: int = 0, limit: int | None = None) -> list[ActionRow]:
        sql = "SELECT * FROM actions WHERE table_id = ? AND position > ? ORDER BY position"
        params: list[Any] = [table_id, after]
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [_action(row) for row in await self._fetchall(sql, params)]

    async def last_action_by(self, table_id: int, user_id: int) -> ActionRow | None:
        """The user's latest move at a table (one indexed row, not the whole log)."""
        row = await self._fetchone(
            "SELECT * FROM actions WHERE table_id = ? AND user_id = ? ORDER BY position DESC LIMIT 1",
            (table_id, user_id),
        )
        return _action(row) if row else None

    async def max_table_id(self) -> int:
        row = await self._fetchone("SELECT COALESCE(MAX(id), 0) FROM tables")
        return int(row[0]) if row else 0

    async def recent_actions(self, table_id: int, count: int) -> list[ActionRow]:
        rows = await self._fetchall(
            "SELECT * FROM actions WHERE table_id = ? ORDER BY position DESC LIMIT ?", (table_id, count)
        )
        return [_action(row) for row in reversed(rows)]

    async def snapshot_positions(self, table_id: int) -> list[int]:
        rows = await self._fetchall(
            "SELECT position FROM snapshots WHERE table_id = ? ORDER BY position", (table_id,)
        )
        return [row[0] for row in rows]

    # -- audit ----------------------------------------------------------------------------

    async def _audit(
        self,
        db: Tx,
        table_id: int | None,
        guild_id: int | None,
        actor_id: int | None,
        kind: str,
        detail: dict[str, Any],
        now: float,
    ) -> None:
        await db.execute(
            "INSERT INTO audit (table_id, guild_id, actor_id, kind, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, guild_id, actor_id, kind, json.dumps(detail), now),
        )

    async def audit(self, table_id: int) -> list[AuditRow]:
        rows = await self._fetchall("SELECT * FROM audit WHERE table_id = ? ORDER BY id", (table_id,))
        return [_audit_row(row) for row in rows]

    async def audit_log(self, *, table_id: int | None = None, guild_id: int | None = None, limit: int = 50) -> list[AuditRow]:
        """Newest first: one table's audit, or a whole server's (tables in it and server-wide entries)."""
        if table_id is not None:
            rows = await self._fetchall(
                "SELECT * FROM audit WHERE table_id = ? ORDER BY id DESC LIMIT ?", (table_id, limit)
            )
        else:
            rows = await self._fetchall(
                "SELECT * FROM audit WHERE guild_id = ? OR table_id IN (SELECT id FROM tables WHERE guild_id = ?)"
                " ORDER BY id DESC LIMIT ?",
                (guild_id, guild_id, limit),
            )
        return [_audit_row(row) for row in rows]

    async def record_audit(
        self, *, table_id: int | None, guild_id: int | None, actor_id: int | None, kind: str,
        detail: dict[str, Any], now: float,
    ) -> None:
        async with self._transaction() as db:
            await self._audit(db, table_id, guild_id, actor_id, kind, detail, now)

    # -- play-by-post ---------------------------------------------------------------------------

    async def set_table_fields(
        self, table_id: int, *, actor_id: int | None, now: float, kind: str, detail: dict[str, Any] | None = None,
        **fields: Any,
    ) -> None:
        """Update some of: paused, deadlines, moved_at, message_id, thread_id, host_id, language —
        audited as ``kind``."""
        allowed = {"paused", "deadlines", "moved_at", "message_id", "thread_id", "host_id", "language"}
        unknown = set(fields) - allowed
        if unknown:
            raise StoreError(f"cannot set {sorted(unknown)}")
        values = {k: (json.dumps(v) if k == "deadlines" else int(v) if k == "paused" else v) for k, v in fields.items()}
        assignments = ", ".join(f"{name} = ?" for name in values)
        async with self._transaction() as db:
            await db.execute(
                f"UPDATE tables SET {assignments}, updated_at = ? WHERE id = ?", (*values.values(), now, table_id)
            )
            if kind:
                await self._audit(db, table_id, None, actor_id, kind, detail if detail is not None else fields, now)

    async def bump_revision(self, table_id: int, *, now: float) -> None:
        """Invalidate every posted board of a table (its buttons become outdated)."""
        async with self._transaction() as db:
            await db.execute("UPDATE tables SET revision = revision + 1, updated_at = ? WHERE id = ?", (now, table_id))

    async def claim_notice(self, table_id: int, revision: int, seat: int, kind: str, *, now: float) -> bool:
        """True the first time a (revision, seat, kind) notice is claimed, False ever after."""
        async with self._transaction() as db:
            changed = await db.execute(
                "INSERT OR IGNORE INTO notices (table_id, revision, seat, kind, created_at) VALUES (?, ?, ?, ?, ?)",
                (table_id, revision, seat, kind, now),
            )
            return changed == 1

    async def notices(self, table_id: int) -> list[tuple[int, int, str]]:
        rows = await self._fetchall(
            "SELECT revision, seat, kind FROM notices WHERE table_id = ? ORDER BY created_at, revision", (table_id,)
        )
        return [(row[0], row[1], row[2]) for row in rows]

    # -- seats in play ---------------------------------------------------------------------------

    async def replace_seat(
        self, table_id: int, old_user_id: int, *, new_user_id: int, name: str, is_bot: bool,
        actor_id: int, now: float, kind: str,
    ) -> None:
        """Give a seat to someone else (a substitute, a bot seat), keeping its number."""
        try:
            async with self._transaction() as db:
                changed = await db.execute(
                    "UPDATE seats SET user_id = ?, name = ?, is_bot = ? WHERE table_id = ? AND user_id = ?",
                    (new_user_id, name, int(is_bot), table_id, old_user_id),
                )
                if changed != 1:
                    raise StoreError("That player is not seated at this table.")
                # The orders were the leaving player's: the seat's next player starts without them.
                await db.execute("DELETE FROM standing_orders WHERE table_id = ? AND user_id = ?", (table_id, old_user_id))
                await db.execute("UPDATE tables SET revision = revision + 1, updated_at = ? WHERE id = ?", (now, table_id))
                await self._audit(
                    db, table_id, None, actor_id, kind,
                    {"from": old_user_id, "to": new_user_id, "name": name, "bot": is_bot}, now,
                )
        except IntegrityError:
            raise StoreError("That user already has a seat at this table.") from None

    # -- standing orders -------------------------------------------------------------------------

    async def standing_orders(self, table_id: int) -> list[OrderRow]:
        """Every standing order at a table, by seat, each seat's in the order they were set."""
        rows = await self._fetchall(
            "SELECT seat, user_id, order_key, amount, scope FROM standing_orders WHERE table_id = ? ORDER BY seat, rank",
            (table_id,),
        )
        return [OrderRow(row["seat"], row["user_id"], row["order_key"], row["amount"], row["scope"]) for row in rows]

    async def set_standing_order(
        self, table_id: int, *, seat: int, user_id: int, key: str, amount: int | None, scope: str | None, now: float,
    ) -> None:
        """Add an order for a seat, tried after the seat's others; one set again replaces itself
        (new number and scope) and moves to the end. Only a seated player of a game in play gets one."""
        if amount is not None and not fits_sql(amount):
            raise StoreError("That number is too large.")
        async with self._transaction() as db:
            found = await db.fetchone(
                "SELECT t.status FROM tables t JOIN seats s ON s.table_id = t.id"
                " WHERE t.id = ? AND s.seat = ? AND s.user_id = ?", (table_id, seat, user_id),
            )
            if found is None or found[0] != "playing":
                raise StoreError("Orders are for a seat in a game in play.")
            await db.execute("DELETE FROM standing_orders WHERE table_id = ? AND seat = ? AND order_key = ?",
                             (table_id, seat, key))
            await db.execute(
                "INSERT INTO standing_orders (table_id, seat, user_id, rank, order_key, amount, scope, created_at)"
                " VALUES (?, ?, ?, (SELECT COALESCE(MAX(rank), 0) + 1 FROM standing_orders WHERE table_id = ? AND seat = ?),"
                " ?, ?, ?, ?)",
                (table_id, seat, user_id, table_id, seat, key, amount, scope, now),
            )

    async def cancel_standing_orders(self, table_id: int, *, seat: int, keys: Iterable[str] | None = None) -> int:
        """Drop a seat's orders (those named by ``keys``, or all); how many went."""
        async with self._transaction() as db:
            if keys is None:
                return await db.execute("DELETE FROM standing_orders WHERE table_id = ? AND seat = ?", (table_id, seat))
            dropped = 0
            for key in keys:
                dropped += await db.execute(
                    "DELETE FROM standing_orders WHERE table_id = ? AND seat = ? AND order_key = ?", (table_id, seat, key)
                )
            return dropped

    # -- undo ---------------------------------------------------------------------------------

    async def nearest_snapshot(self, table_id: int, at_most: int) -> tuple[int, str] | None:
        row = await self._fetchone(
            "SELECT position, state FROM snapshots WHERE table_id = ? AND position <= ? ORDER BY position DESC LIMIT 1",
            (table_id, at_most),
        )
        return (row["position"], row["state"]) if row else None

    async def undo_to(
        self, table_id: int, *, target: int, state_json: str, actor_id: int, now: float, reason: str,
    ) -> list[ActionRow]:
        """Take the log back to ``target`` moves; the undone actions go to the audit, not away."""
        async with self._transaction() as db:
            undone = [_action(row) for row in await db.fetchall(
                "SELECT * FROM actions WHERE table_id = ? AND position > ? ORDER BY position", (table_id, target)
            )]
            await db.execute("DELETE FROM actions WHERE table_id = ? AND position > ?", (table_id, target))
            await db.execute("DELETE FROM snapshots WHERE table_id = ? AND position >= ?", (table_id, target))
            await db.execute(
                "INSERT INTO snapshots (table_id, position, state, created_at) VALUES (?, ?, ?, ?)",
                (table_id, target, state_json, now),
            )
            await db.execute(
                "UPDATE tables SET position = ?, revision = revision + 1, status = 'playing', updated_at = ?,"
                " moved_at = ? WHERE id = ?",
                (target, now, now, table_id),
            )
            detail = {
                "reason": reason,
                "to_position": target,
                "undone": [
                    {"position": a.position, "seat": a.seat, "user_id": a.user_id, "key": a.action_key}
                    for a in undone
                ],
            }
            await self._audit(db, table_id, None, actor_id, "undo", detail, now)
        return undone

    # -- requests (undo consent, substitutions) ---------------------------------------------------

    async def create_request(
        self, table_id: int, *, kind: str, revision: int, requested_by: int, data: dict[str, Any], now: float
    ) -> int:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE requests SET status = 'expired' WHERE table_id = ? AND kind = ? AND status = 'open'",
                (table_id, kind),
            )
            new_id = await db.insert(
                "INSERT INTO requests (table_id, kind, revision, requested_by, data, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, kind, revision, requested_by, json.dumps(data), now),
            )
            await self._audit(db, table_id, None, requested_by, f"{kind}-requested", data, now)
            return new_id

    async def request(self, request_id: int) -> dict[str, Any] | None:
        row = await self._fetchone("SELECT * FROM requests WHERE id = ?", (request_id,))
        if row is None:
            return None
        return {
            "id": row["id"], "table_id": row["table_id"], "kind": row["kind"], "revision": row["revision"],
            "requested_by": row["requested_by"], "data": json.loads(row["data"]), "status": row["status"],
            "created_at": row["created_at"],
        }

    async def update_request(self, request_id: int, *, data: dict[str, Any], status: str, actor_id: int, now: float) -> None:
        """Record an answer to an open request; :class:`StoreError` if it was settled meanwhile."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE requests SET data = ?, status = ? WHERE id = ? AND status = 'open'",
                (json.dumps(data), status, request_id),
            )
            if changed != 1:
                raise StoreError("That request has already been settled.")
            row = await db.fetchone("SELECT table_id, kind FROM requests WHERE id = ?", (request_id,))
            if row is not None:
                await self._audit(db, row[0], None, actor_id, f"{row[1]}-{status}" if status != "open" else f"{row[1]}-approved",
                                  {"request": request_id}, now)

    # -- secrets --------------------------------------------------------------------------------

    async def secret(self, name: str, *, now: float) -> bytes:
        """The installation's secret ``name`` (32 random bytes), created on first use.

        It lives in the ``secrets`` table of this database, so a backup of the database file
        is a backup of the key, and a copy of the file carries the key with it.
        """
        row = await self._fetchone("SELECT value FROM secrets WHERE name = ?", (name,))
        if row is None:
            async with self._transaction() as db:
                await db.execute(
                    "INSERT OR IGNORE INTO secrets (name, value, created_at) VALUES (?, ?, ?)",
                    (name, secrets.token_hex(32), now),
                )
            row = await self._fetchone("SELECT value FROM secrets WHERE name = ?", (name,))
        assert row is not None
        return bytes.fromhex(row["value"])

    # -- web links ----------------------------------------------------------------------------------

    async def revoke_web_links(self, table_id: int, seat: int, *, now_ms: int) -> None:
        """Refuse, from now on, every web link of ``seat`` at ``table_id`` issued up to ``now_ms``."""
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO web_revocations (table_id, seat, revoked_ms) VALUES (?, ?, ?)"
                " ON CONFLICT (table_id, seat) DO UPDATE SET revoked_ms = excluded.revoked_ms",
                (table_id, seat, now_ms),
            )

    async def web_links_revoked(self, table_id: int, seat: int) -> int | None:
        """When the seat's links were last revoked (milliseconds), or ``None`` if never."""
        row = await self._fetchone("SELECT revoked_ms FROM web_revocations WHERE table_id = ? AND seat = ?",
                                   (table_id, seat))
        return None if row is None else int(row["revoked_ms"])

    # -- imports waiting for consent ---------------------------------------------------------------

    async def create_pending_import(
        self, *, guild_id: int | None, channel_id: int, requested_by: int, record: str, waiting: list[int], now: float,
    ) -> int:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE pending_imports SET status = 'expired' WHERE channel_id = ? AND status = 'open'", (channel_id,)
            )
            new_id = await db.insert(
                "INSERT INTO pending_imports (guild_id, channel_id, requested_by, record, waiting, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, requested_by, record, json.dumps(waiting), now),
            )
            pending_id = new_id
            await self._audit(db, None, guild_id, requested_by, "import-requested",
                              {"pending": pending_id, "channel_id": channel_id, "waiting": waiting}, now)
            return pending_id

    async def pending_import(self, pending_id: int) -> dict[str, Any] | None:
        row = await self._fetchone("SELECT * FROM pending_imports WHERE id = ?", (pending_id,))
        if row is None:
            return None
        return {
            "id": row["id"], "guild_id": row["guild_id"], "channel_id": row["channel_id"],
            "requested_by": row["requested_by"], "record": row["record"], "waiting": json.loads(row["waiting"]),
            "accepted": json.loads(row["accepted"]), "status": row["status"], "table_id": row["table_id"],
        }

    async def update_pending_import(
        self, pending_id: int, *, waiting: list[int], accepted: list[int], status: str, actor_id: int, now: float,
    ) -> None:
        """Record an answer; refused with :class:`StoreError` if the import was settled meanwhile."""
        async with self._transaction() as db:
            changed = await db.execute(
                "UPDATE pending_imports SET waiting = ?, accepted = ?, status = ? WHERE id = ? AND status = 'open'",
                (json.dumps(waiting), json.dumps(accepted), status, pending_id),
            )
            if changed != 1:
                raise StoreError("That import has already been settled.")
            row = await db.fetchone("SELECT guild_id FROM pending_imports WHERE id = ?", (pending_id,))
            await self._audit(db, None, row[0] if row else None, actor_id,
                              "import-accepted" if status in ("open", "done") else f"import-{status}",
                              {"pending": pending_id}, now)

    # -- settings -------------------------------------------------------------------------------

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        """``notify`` (mention, dm, off or digest), ``away_until``, ``digest_at`` (the last digest
        sent) and ``language`` (the client's, when it was last seen; None: never)."""
        row = await self._fetchone("SELECT * FROM user_settings WHERE user_id = ?", (user_id,))
        return _user_settings(row)

    async def users_settings(self, user_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
        wanted = list(user_ids)
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self._fetchall(f"SELECT * FROM user_settings WHERE user_id IN ({marks})", wanted)
        found = {row["user_id"]: _user_settings(row) for row in rows}
        return {u: found.get(u, _user_settings(None)) for u in wanted}

    async def digest_users(self) -> dict[int, dict[str, Any]]:
        """The settings of every user who asked for the daily digest."""
        rows = await self._fetchall("SELECT * FROM user_settings WHERE digest = 1 ORDER BY user_id")
        return {row["user_id"]: _user_settings(row) for row in rows}

    async def set_user_settings(self, user_id: int, *, now: float, **values: Any) -> None:
        current = await self.user_settings(user_id)
        current.update(values)
        digest = current["notify"] == "digest"  # stored as notify 'off' plus the digest flag
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, notify, away_until, digest, digest_at, language, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify, away_until = excluded.away_until,"
                " digest = excluded.digest, digest_at = excluded.digest_at, language = excluded.language,"
                " updated_at = excluded.updated_at",
                (user_id, "off" if digest else current["notify"], current["away_until"], int(digest),
                 current["digest_at"], current["language"], now),
            )

    async def forget_user(self, user_id: int, *, now: float) -> int:
        """Delete a user's settings; in finished games their seat becomes "Former player".

        Returns how many finished seats were anonymised. Seats in open games stay (the game
        needs its player); the audit keeps moderation records.
        """
        async with self._transaction() as db:
            await db.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            finished = [row[0] for row in await db.fetchall(
                "SELECT table_id FROM seats WHERE user_id = ? AND table_id IN"
                " (SELECT id FROM tables WHERE status IN ('over', 'cancelled'))",
                (user_id,),
            )]
            for table_id in finished:
                # A negative id that cannot belong to anyone, unique within the table.
                await db.execute(
                    "UPDATE seats SET user_id = -1 - (SELECT COUNT(*) FROM seats WHERE table_id = ? AND user_id < 0),"
                    " name = 'Former player' WHERE table_id = ? AND user_id = ?",
                    (table_id, table_id, user_id),
                )
                await db.execute("UPDATE actions SET user_id = NULL WHERE table_id = ? AND user_id = ?", (table_id, user_id))
                await db.execute(
                    "UPDATE result_seats SET user_id = (SELECT s.user_id FROM seats s WHERE s.table_id = result_seats.table_id"
                    " AND s.seat = result_seats.seat) WHERE table_id = ? AND user_id = ?",
                    (table_id, user_id),
                )
            # Ratings and profile go; results of finished games stay, under "Former player".
            await db.execute("DELETE FROM ratings WHERE user_id = ?", (user_id,))
            await self._audit(db, None, None, None, "forget-me", {"seats": len(finished)}, now)
        return len(finished)

    async def channel_settings(self, channel_id: int) -> dict[str, Any]:
        row = await self._fetchone("SELECT data FROM channel_settings WHERE channel_id = ?", (channel_id,))
        return json.loads(row["data"]) if row else {}

    async def set_channel_settings(self, channel_id: int, guild_id: int | None, data: dict[str, Any], *, actor_id: int, now: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO channel_settings (channel_id, guild_id, data, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (channel_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                (channel_id, guild_id, json.dumps(data), now),
            )
            await self._audit(db, None, guild_id, actor_id, "channel-settings", {"channel_id": channel_id, **data}, now)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        row = await self._fetchone("SELECT data FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return json.loads(row["data"]) if row else {}

    async def set_guild_settings(self, guild_id: int, data: dict[str, Any], *, actor_id: int, now: float) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, data, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at",
                (guild_id, json.dumps(data), now),
            )
            await self._audit(db, None, guild_id, actor_id, "guild-settings", data, now)

    # -- results and ratings ---------------------------------------------------------------------

    async def finished_without_result(self) -> list[TableRow]:
        """Finished tables whose result is not recorded yet, in the order they finished."""
        rows = await self._fetchall(
            "SELECT t.* FROM tables t LEFT JOIN results r ON r.table_id = t.id"
            " WHERE t.status = 'over' AND r.table_id IS NULL ORDER BY t.updated_at, t.id"
        )
        return [_table(row) for row in rows]

    async def record_result(self, result: ResultRow, seats: list[ResultSeatRow], ratings: list[RatingRow]) -> bool:
        """Store a finished game's result and the ratings it produced, in one transaction.

        False (and nothing written) if the result was recorded already, e.g. by another process.
        """
        async with self._transaction() as db:
            if await db.fetchone("SELECT table_id FROM results WHERE table_id = ?", (result.table_id,)) is not None:
                return False
            await db.execute(
                "INSERT INTO results (table_id, guild_id, slug, started_at, finished_at, actions, players, rated, reason)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (result.table_id, result.guild_id, result.slug, result.started_at, result.finished_at, result.actions,
                 result.players, int(result.rated), result.reason),
            )
            for seat in seats:
                await db.execute(
                    "INSERT INTO result_seats (table_id, seat, user_id, is_bot, score, rank, mu_before, sigma_before,"
                    " mu_after, sigma_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (seat.table_id, seat.seat, seat.user_id, int(seat.is_bot), seat.score, seat.rank, seat.mu_before,
                     seat.sigma_before, seat.mu_after, seat.sigma_after),
                )
            for rating in ratings:
                await self._put_rating(db, rating)
        return True

    async def _put_rating(self, db: Tx, rating: RatingRow) -> None:
        await db.execute(
            "INSERT INTO ratings (guild_id, slug, user_id, mu, sigma, ordinal, games, wins, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, slug, user_id) DO UPDATE SET"
            " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games,"
            " wins = excluded.wins, updated_at = excluded.updated_at",
            (rating.guild_id, rating.slug, rating.user_id, rating.mu, rating.sigma, rating.ordinal, rating.games,
             rating.wins, rating.updated_at),
        )

    async def latest_name(self, user_id: int) -> str | None:
        """The name a user last sat down with (for lists of players who may have left the server)."""
        row = await self._fetchone("SELECT name FROM seats WHERE user_id = ? ORDER BY joined_at DESC LIMIT 1", (user_id,))
        return row["name"] if row else None

    async def result_seats(self, table_id: int) -> list[ResultSeatRow]:
        rows = await self._fetchall("SELECT * FROM result_seats WHERE table_id = ? ORDER BY seat", (table_id,))
        return [_from_row(ResultSeatRow, row, bool_fields=("is_bot",)) for row in rows]

    async def add_finished_games(self, games: list[tuple[ResultRow, list[ResultSeatRow]]]) -> None:
        """Bare finished tables with their results, in one transaction (for benchmarks that need
        many archived games without playing them: no seats, log or snapshots)."""
        async with self._transaction() as db:
            for result, seats in games:
                await db.execute(
                    "INSERT INTO tables (id, guild_id, channel_id, slug, seed, status, host_id, engine_version, position,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, 1, 'over', 1, 1, ?, ?, ?)",
                    (result.table_id, result.guild_id, 10_000 + result.table_id, result.slug, result.actions,
                     result.started_at, result.finished_at),
                )
                await db.execute(
                    "INSERT INTO results (table_id, guild_id, slug, started_at, finished_at, actions, players, rated)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (result.table_id, result.guild_id, result.slug, result.started_at, result.finished_at,
                     result.actions, result.players, int(result.rated)),
                )
                for seat in seats:
                    await db.execute(
                        "INSERT INTO result_seats (table_id, seat, user_id, is_bot, score, rank, mu_after, sigma_after)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (seat.table_id, seat.seat, seat.user_id, int(seat.is_bot), seat.score, seat.rank,
                         seat.mu_after, seat.sigma_after),
                    )

    async def ratings_for(self, guild_id: int, slug: str, user_ids: Iterable[int]) -> dict[int, RatingRow]:
        wanted = list(user_ids)
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self._fetchall(
            f"SELECT * FROM ratings WHERE guild_id = ? AND slug = ? AND user_id IN ({marks})", (guild_id, slug, *wanted)
        )
        return {row["user_id"]: _from_row(RatingRow, row) for row in rows}

    async def set_result_rated(self, table_id: int, *, actor_id: int, now: float) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE results SET rated = 1 WHERE table_id = ?", (table_id,))
            await self._audit(db, table_id, None, actor_id, "rated", {}, now)

    async def results_in_order(self) -> list[tuple[ResultRow, list[ResultSeatRow]]]:
        """Every recorded result with its seats, in the order the games finished (for a rebuild)."""
        results = [_from_row(ResultRow, row, bool_fields=("rated",))
                   for row in await self._fetchall("SELECT * FROM results ORDER BY finished_at, table_id")]
        seats: dict[int, list[ResultSeatRow]] = {}
        for row in await self._fetchall("SELECT * FROM result_seats ORDER BY table_id, seat"):
            seats.setdefault(row["table_id"], []).append(_from_row(ResultSeatRow, row, bool_fields=("is_bot",)))
        return [(result, seats.get(result.table_id, [])) for result in results]

    async def rewrite_ratings(self, seats: list[ResultSeatRow], ratings: list[RatingRow]) -> None:
        """Replace every rating, and each seat's before/after, with recomputed values (one transaction)."""
        async with self._transaction() as db:
            await db.execute("DELETE FROM ratings")
            for seat in seats:
                await db.execute(
                    "UPDATE result_seats SET mu_before = ?, sigma_before = ?, mu_after = ?, sigma_after = ?"
                    " WHERE table_id = ? AND seat = ?",
                    (seat.mu_before, seat.sigma_before, seat.mu_after, seat.sigma_after, seat.table_id, seat.seat),
                )
            for rating in ratings:
                await self._put_rating(db, rating)

    async def leaderboard(self, guild_id: int, slug: str, *, offset: int, limit: int) -> tuple[int, list[RatingRow]]:
        """(players rated in this game here, one page of them best first)."""
        total = await self._fetchone("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND slug = ?", (guild_id, slug))
        rows = await self._fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND slug = ? ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, slug, limit, offset),
        )
        return int(total[0]) if total else 0, [_from_row(RatingRow, row) for row in rows]

    async def player_ratings(self, guild_id: int, user_id: int) -> list[RatingRow]:
        rows = await self._fetchall(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY games DESC, slug", (guild_id, user_id)
        )
        return [_from_row(RatingRow, row) for row in rows]

    async def player_results(self, guild_id: int, user_id: int, *, slug: str | None = None,
                             limit: int = 50) -> list[PlayerResult]:
        """The player's finished games here, newest first."""
        sql = (
            "SELECT r.table_id, r.slug, r.finished_at, r.players, r.rated, s.seat, s.score, s.rank, s.mu_after,"
            " s.sigma_after FROM result_seats s JOIN results r ON r.table_id = s.table_id"
            " WHERE s.user_id = ? AND r.guild_id = ?"
        )
        params: list[Any] = [user_id, guild_id]
        if slug is not None:
            sql += " AND r.slug = ?"
            params.append(slug)
        sql += " ORDER BY r.finished_at DESC, r.table_id DESC LIMIT ?"
        params.append(limit)
        return [_from_row(PlayerResult, row, bool_fields=("rated",)) for row in await self._fetchall(sql, params)]

    async def game_stats(self, guild_id: int, slug: str) -> GameStats:
        totals = await self._fetchone(
            "SELECT COUNT(*), AVG(actions), AVG(finished_at - started_at) FROM results WHERE guild_id = ? AND slug = ?",
            (guild_id, slug),
        )
        seats = await self._fetchall(
            "SELECT r.players, s.seat, COUNT(*) AS games, SUM(CASE WHEN s.rank = 1 THEN 1 ELSE 0 END) AS wins"
            " FROM result_seats s JOIN results r ON r.table_id = s.table_id WHERE r.guild_id = ? AND r.slug = ?"
            " GROUP BY r.players, s.seat ORDER BY r.players, s.seat",
            (guild_id, slug),
        )
        assert totals is not None
        return GameStats(
            tables=int(totals[0] or 0),
            mean_actions=float(totals[1] or 0),
            mean_seconds=float(totals[2] or 0),
            seat_wins=[(int(r["players"]), int(r["seat"]), int(r["games"]), int(r["wins"] or 0)) for r in seats],
        )

    async def archive(self, guild_id: int | None, *, slug: str | None = None, user_id: int | None = None,
                      offset: int = 0, limit: int = 10) -> list[TableRow]:
        """Finished tables in a server, newest first (optionally one game's, or one player's)."""
        sql = "SELECT t.* FROM tables t WHERE t.status = 'over'"
        params: list[Any] = []
        if guild_id is not None:
            sql += " AND t.guild_id = ?"
            params.append(guild_id)
        if slug is not None:
            sql += " AND t.slug = ?"
            params.append(slug)
        if user_id is not None:
            sql += " AND EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?)"
            params.append(user_id)
        sql += " ORDER BY t.updated_at DESC, t.id DESC LIMIT ? OFFSET ?"
        params += [limit, offset]
        return [_table(row) for row in await self._fetchall(sql, params)]

    # -- import ---------------------------------------------------------------------------------

    async def import_table(
        self, *, guild_id: int | None, channel_id: int, slug: str, options: dict[str, str], seed: int,
        host_id: int, engine_version: int, seats: list[tuple[int, str, bool]],
        actions: list[tuple[int, int | None, str, list[dict[str, Any]], int | None]], snapshots: dict[int, str],
        status: str, actor_id: int, now: float, clock_origin: float | None = None, pending_id: int | None = None,
        detail: dict[str, Any] | None = None,
    ) -> int:
        """Create a whole table at once from a validated record: seats in order, log, snapshots.

        With ``pending_id``, the waiting import is marked done in the same transaction (and
        nothing is created if it was settled meanwhile).
        """
        try:
            async with self._transaction() as db:
                if pending_id is not None:
                    changed = await db.execute(
                        "UPDATE pending_imports SET status = 'done', waiting = '[]' WHERE id = ? AND status = 'open'",
                        (pending_id,),
                    )
                    if changed != 1:
                        raise StoreError("That import has already been settled.")
                new_id = await db.insert(
                    "INSERT INTO tables (guild_id, channel_id, slug, options, seed, status, host_id, engine_version,"
                    " position, revision, created_at, updated_at, moved_at, clock_origin)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (guild_id, channel_id, slug, json.dumps(options), seed, status, host_id, engine_version,
                     len(actions), len(actions), now, now, now, clock_origin),
                )
                table_id = new_id
                for number, (user_id, name, is_bot) in enumerate(seats):
                    await db.execute(
                        "INSERT INTO seats (table_id, user_id, name, joined_at, seat, is_bot) VALUES (?, ?, ?, ?, ?, ?)",
                        (table_id, user_id, name, now, number, int(is_bot)),
                    )
                for position, (seat, user_id, key, events, at_ms) in enumerate(actions, start=1):
                    await db.execute(
                        "INSERT INTO actions (table_id, position, seat, user_id, action_key, events, created_at, at_ms)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (table_id, position, seat, user_id, key, json.dumps(events), now, at_ms),
                    )
                for position, state_json in snapshots.items():
                    await db.execute(
                        "INSERT INTO snapshots (table_id, position, state, created_at) VALUES (?, ?, ?, ?)",
                        (table_id, position, state_json, now),
                    )
                if pending_id is not None:
                    await db.execute("UPDATE pending_imports SET table_id = ? WHERE id = ?", (table_id, pending_id))
                await self._audit(db, table_id, guild_id, actor_id, "import", {"actions": len(actions), **(detail or {})}, now)
        except IntegrityError as error:
            if "one_open_table_per_channel" in str(error) or "tables.channel_id" in str(error):
                raise ChannelBusy("This channel already has an open table.") from None
            raise
        return table_id


def _user_settings(row: Row | None) -> dict[str, Any]:
    if row is None:
        return {"notify": "mention", "away_until": None, "digest_at": None, "language": None}
    return {"notify": "digest" if row["digest"] else row["notify"], "away_until": row["away_until"],
            "digest_at": row["digest_at"], "language": row["language"]}


def _audit_row(row: Row) -> AuditRow:
    return _from_row(AuditRow, row, json_fields=("detail",))


# Every table of the schema, parents before children: the order a copy must follow.
COPY_ORDER = (
    "tables", "seats", "actions", "snapshots", "audit", "user_settings", "channel_settings", "guild_settings",
    "notices", "requests", "secrets", "pending_imports", "results", "result_seats", "ratings", "standing_orders",
    "web_revocations",
)
IDENTITY_TABLES = ("tables", "audit", "requests", "pending_imports")
"""Tables whose ``id`` the database numbers: after a copy, PostgreSQL's counters move past the copied ids."""


async def row_counts(store: Store) -> dict[str, int]:
    """How many rows each table of the schema holds (a copy is checked against these)."""
    counts = {}
    for name in COPY_ORDER:
        row = await store._fetchone(f"SELECT COUNT(*) FROM {name}")
        counts[name] = int(row[0]) if row else 0
    return counts


async def copy_rows(source: Store, target: Store, *, batch: int = 500) -> dict[str, int]:
    """Copy every row of every table from ``source`` to ``target`` (an empty store), ids kept.

    Returns the number of rows per table. The target is refused if it already holds tables.
    """
    if await target._fetchone("SELECT id FROM tables LIMIT 1") is not None:
        raise StoreError(f"{target.path} is not empty: migrate into a fresh database")
    counts: dict[str, int] = {}
    for name in COPY_ORDER:
        rows = await source._fetchall(f"SELECT * FROM {name}")
        counts[name] = len(rows)
        if not rows:
            continue
        columns = list(rows[0].keys())
        insert = f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
        for start in range(0, len(rows), batch):
            async with target._transaction() as tx:
                for row in rows[start : start + batch]:
                    await tx.execute(insert, [row[column] for column in columns])
    if target.backend_name == "postgresql":
        async with target._transaction() as tx:
            for name in IDENTITY_TABLES:
                await tx.fetchall(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {name}"
                )
    return counts
