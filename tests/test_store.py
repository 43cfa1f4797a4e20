"""The store on both backends — a real SQLite file and a real PostgreSQL database: schema,
constraints, transactions, snapshots; and what only one backend has (SQLite's single-process
lock file, PostgreSQL's writers in several processes)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, SNAPSHOT_EVERY, ChannelBusy, NotALobby, PositionConflict, Store, StoreError
from bot.store_backends import IntegrityError, migration_to_postgres, to_postgres
from tests.pgserver import PostgresServer


async def _new_table(store: Store, channel: int = 5, now: float = 1.0) -> int:
    return await store.create_table(
        guild_id=1, channel_id=channel, slug="toy-draw", options={"deck": "12"}, seed=9,
        host_id=101, host_name="Ana", engine_version=1, now=now,
    )


async def test_schema_is_versioned(any_store: Store) -> None:
    assert await any_store.schema_version() == len(MIGRATIONS)
    rows = await any_store._fetchall("SELECT COUNT(*) FROM tables")
    assert rows[0][0] == 0


async def test_sqlite_runs_a_wal_journal(store: Store, db_path: Path) -> None:
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"tables", "seats", "actions", "snapshots", "audit"} <= names


async def test_reopening_does_not_migrate_again(db_path: Path, postgres_server: PostgresServer) -> None:
    for location in (str(db_path), postgres_server.new_database()):
        first = await Store.open(location)
        await _new_table(first)
        await first.close()
        second = await Store.open(location)
        assert await second.schema_version() == len(MIGRATIONS)
        assert len(await second.tables()) == 1
        await second.close()


async def test_a_database_newer_than_the_code_is_refused(db_path: Path, postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    for location in (str(db_path), url):
        store = await Store.open(location)
        async with store._transaction() as tx:
            if store.backend_name == "sqlite":
                await tx.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
            else:
                await tx.execute("INSERT INTO schema_version (version) VALUES (?)", (len(MIGRATIONS) + 1,))
        await store.close()
        with pytest.raises(StoreError, match="newer than this code"):
            await Store.open(location)


async def test_one_open_table_per_channel_is_enforced_by_the_schema(any_store: Store) -> None:
    store = any_store
    table_id = await _new_table(store)
    with pytest.raises(ChannelBusy):
        await _new_table(store)
    # Even a raw insert that skips the store's code is refused by the database itself.
    with pytest.raises(IntegrityError, match=r"one_open_table_per_channel|tables\.channel_id"):
        async with store._transaction() as tx:
            await tx.execute(
                "INSERT INTO tables (channel_id, slug, seed, status, host_id, engine_version, created_at, updated_at)"
                " VALUES (5, 'toy-draw', 1, 'playing', 1, 1, 0, 0)"
            )
    await store.set_status(table_id, "cancelled", actor_id=101, now=2.0)
    assert await _new_table(store) != table_id  # a finished table frees the channel


async def test_discord_sized_ids_fit(any_store: Store) -> None:
    snowflake = 1_191_168_914_227_200_007  # beyond 32 bits: PostgreSQL columns are BIGINT
    table_id = await any_store.create_table(
        guild_id=snowflake, channel_id=snowflake + 1, slug="toy-draw", options={}, seed=2**62,
        host_id=snowflake + 2, host_name="Ana", engine_version=1, now=1.5,
    )
    row = await any_store.table(table_id)
    assert row is not None and (row.guild_id, row.channel_id, row.host_id, row.seed) == (
        snowflake, snowflake + 1, snowflake + 2, 2**62)


async def test_action_and_snapshot_written_together_and_loaded(any_store: Store) -> None:
    store = any_store
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], json.dumps({"n": 0}), actor_id=101, now=2.0)
    for position in range(1, 4):
        await store.record_action(
            table_id, position=position, seat=0, user_id=101, action_key=f"k{position}",
            events=[{"text": "x"}], state_json=json.dumps({"n": position}), status="playing", now=3.0,
        )
    loaded = await store.load_state(table_id)
    assert loaded is not None
    assert loaded.snapshot_position == 3 and json.loads(loaded.state_json) == {"n": 3}
    assert loaded.later_actions == []
    assert [a.action_key for a in await store.actions(table_id)] == ["k1", "k2", "k3"]
    row = await store.table(table_id)
    assert row is not None and row.position == 3 and row.status == "playing"


async def test_a_skipped_position_is_refused(any_store: Store) -> None:
    store = any_store
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    with pytest.raises(PositionConflict):
        await store.record_action(
            table_id, position=2, seat=0, user_id=101, action_key="k", events=[],
            state_json="{}", status="playing", now=3.0,
        )
    assert await store.actions(table_id) == []


async def test_two_writers_at_one_position_one_commits(any_store: Store) -> None:
    store = any_store
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)

    async def write(key: str) -> str:
        try:
            await store.record_action(table_id, position=1, seat=0, user_id=101, action_key=key, events=[],
                                      state_json="{}", status="playing", now=3.0)
        except PositionConflict:
            return "refused"
        return "committed"

    outcomes = await asyncio.gather(*(write(f"k{n}") for n in range(8)))
    assert sorted(outcomes) == ["committed"] + ["refused"] * 7
    assert len(await store.actions(table_id)) == 1


async def test_snapshots_are_pruned_to_every_nth_plus_latest(any_store: Store) -> None:
    store = any_store
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    for position in range(1, 2 * SNAPSHOT_EVERY + 4):
        await store.record_action(
            table_id, position=position, seat=0, user_id=101, action_key="k", events=[],
            state_json=json.dumps({"n": position}), status="playing", now=3.0,
        )
    last = 2 * SNAPSHOT_EVERY + 3
    assert await store.snapshot_positions(table_id) == [0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, last]


async def test_load_replays_actions_logged_after_the_snapshot(any_store: Store) -> None:
    store = any_store
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    await store.record_action(
        table_id, position=1, seat=0, user_id=101, action_key="k1", events=[],
        state_json="{}", status="playing", now=3.0,
    )
    async with store._transaction() as tx:  # as if a snapshot had been lost
        await tx.execute("DELETE FROM snapshots WHERE position = 1")
    loaded = await store.load_state(table_id)
    assert loaded is not None
    assert loaded.snapshot_position == 0
    assert [a.action_key for a in loaded.later_actions] == ["k1"]


async def test_audit_records_lifecycle(any_store: Store) -> None:
    store = any_store
    table_id = await _new_table(store)
    await store.add_seat(table_id, 102, "Bo", now=2.0)
    await store.start_table(table_id, [102, 101], "{}", actor_id=101, now=3.0)
    kinds = [row.kind for row in await store.audit(table_id)]
    assert kinds == ["create", "join", "start"]
    seats = await store.seats(table_id)
    assert [(s.user_id, s.seat) for s in seats] == [(102, 0), (101, 1)]
    with pytest.raises(NotALobby):
        await store.add_seat(table_id, 103, "Cy", now=4.0)


async def test_notices_are_claimed_once(any_store: Store) -> None:
    table_id = await _new_table(any_store)
    claims = await asyncio.gather(*(any_store.claim_notice(table_id, 3, 0, "reminder", now=5.0) for _ in range(6)))
    assert sorted(claims) == [False] * 5 + [True]


async def test_settings_secrets_and_forget_me(any_store: Store) -> None:
    store = any_store
    await store.set_user_settings(555, now=1.0, notify="dm")
    assert (await store.user_settings(555))["notify"] == "dm"
    first = await store.secret("record-signing", now=1.0)
    assert len(first) == 32 and await store.secret("record-signing", now=2.0) == first
    await store.forget_user(555, now=3.0)
    assert (await store.user_settings(555))["notify"] == "mention"


def test_statements_are_rewritten_for_postgres() -> None:
    assert to_postgres("SELECT * FROM t WHERE a = ? AND b IN (?, ?)") == "SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)"
    assert to_postgres("INSERT OR IGNORE INTO n (a) VALUES (?)") == "INSERT INTO n (a) VALUES ($1) ON CONFLICT DO NOTHING"
    ddl = migration_to_postgres("CREATE TABLE x (id INTEGER PRIMARY KEY, at REAL, n INTEGER)")
    assert ddl == "CREATE TABLE x (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, at DOUBLE PRECISION, n BIGINT)"


async def test_a_second_process_on_one_sqlite_file_is_refused(db_path: Path) -> None:
    store = await Store.open(db_path)
    try:
        probe = (
            "import asyncio, sys\n"
            "from bot.store import Store, StoreError\n"
            "async def main():\n"
            "    try:\n"
            f"        await Store.open({str(db_path)!r})\n"
            "    except StoreError as error:\n"
            "        print(error); sys.exit(3)\n"
            "asyncio.run(main())\n"
        )
        result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False)
        assert result.returncode == 3, result.stderr
        assert str(db_path) in result.stdout and "already in use by another gamemaster process" in result.stdout
    finally:
        await store.close()
    reopened = await Store.open(db_path)  # the lock goes with the process that held it
    await reopened.close()


async def test_two_processes_never_both_commit_one_position_in_postgres(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    store = await Store.open(url)
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    await store.close()
    # Two real processes race for the same 40 positions, one write each per position.
    writer = (
        "import asyncio, sys\n"
        "from bot.store import Store, PositionConflict\n"
        "async def main(name):\n"
        f"    store = await Store.open({url!r})\n"
        "    won = 0\n"
        "    for position in range(1, 41):\n"
        "        try:\n"
        f"            await store.record_action({table_id}, position=position, seat=0, user_id=101, action_key=name,"
        " events=[], state_json='{}', status='playing', now=3.0)\n"
        "            won += 1\n"
        "        except PositionConflict:\n"
        "            pass\n"
        "    print(won)\n"
        "    await store.close()\n"
        "asyncio.run(main(sys.argv[1]))\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", writer, name], stdout=subprocess.PIPE, text=True) for name in "ab"]
    wins = [int(proc.communicate(timeout=120)[0].strip()) for proc in procs]
    store = await Store.open(url)
    try:
        actions = await store.actions(table_id)
        # Each position holds exactly one action, and every commit a process saw is there.
        assert [a.position for a in actions] == list(range(1, len(actions) + 1))
        assert sum(wins) == len(actions)
    finally:
        await store.close()


async def test_processes_opening_an_empty_postgres_database_together_all_start(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    opener = f"import asyncio\nfrom bot.store import Store\nasync def main():\n    (await Store.open({url!r}))\nasyncio.run(main())\n"
    procs = [subprocess.Popen([sys.executable, "-c", opener], stderr=subprocess.PIPE, text=True) for _ in range(4)]
    errors = [proc.communicate(timeout=120)[1] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0, 0, 0], errors
    store = await Store.open(url)
    assert await store.schema_version() == len(MIGRATIONS)
    await store.close()


async def test_sqlite_group_commit_writes_a_batch_together_and_refuses_a_conflict_alone(store: Store) -> None:
    tables = [await _new_table(store, channel=20 + n) for n in range(6)]
    for table_id in tables:
        await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    commits = store.commits

    async def write(table_id: int, position: int) -> str:
        try:
            await store.record_action(table_id, position=position, seat=0, user_id=101, action_key="k", events=[],
                                      state_json="{}", status="playing", now=3.0)
        except PositionConflict:
            return "refused"
        return "committed"

    # Six tables move at once, and one write claims a position its table has not reached.
    outcomes = await asyncio.gather(*(write(t, 1) for t in tables), write(tables[0], 5))
    assert outcomes == ["committed"] * 6 + ["refused"]
    assert store.commits - commits < 6  # fewer disk waits than moves
    for table_id in tables:
        assert [a.position for a in await store.actions(table_id)] == [1]
