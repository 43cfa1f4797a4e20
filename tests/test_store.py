"""The store on a real SQLite file: schema, constraints, transactions, snapshots."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, SNAPSHOT_EVERY, ChannelBusy, PositionConflict, Store


async def _new_table(store: Store, channel: int = 5, now: float = 1.0) -> int:
    return await store.create_table(
        guild_id=1, channel_id=channel, slug="toy-draw", options={"deck": "12"}, seed=9,
        host_id=101, host_name="Ana", engine_version=1, now=now,
    )


async def test_schema_is_versioned_and_pragmas_set(store: Store, db_path: Path) -> None:
    assert await store.schema_version() == len(MIGRATIONS)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"tables", "seats", "actions", "snapshots", "audit"} <= names


async def test_reopening_does_not_migrate_again(db_path: Path) -> None:
    first = await Store.open(db_path)
    await _new_table(first)
    await first.close()
    second = await Store.open(db_path)
    assert await second.schema_version() == len(MIGRATIONS)
    assert len(await second.tables()) == 1
    await second.close()


async def test_one_open_table_per_channel_is_enforced_by_the_schema(store: Store, db_path: Path) -> None:
    table_id = await _new_table(store)
    with pytest.raises(ChannelBusy):
        await _new_table(store)
    # Even a raw insert that skips the store's code is refused by SQLite itself.
    with sqlite3.connect(db_path) as raw, pytest.raises(sqlite3.IntegrityError):
        raw.execute(
            "INSERT INTO tables (channel_id, slug, seed, status, host_id, engine_version, created_at, updated_at)"
            " VALUES (5, 'toy-draw', 1, 'playing', 1, 1, 0, 0)"
        )
    await store.set_status(table_id, "cancelled", actor_id=101, now=2.0)
    assert await _new_table(store) != table_id  # a finished table frees the channel


async def test_action_and_snapshot_written_together_and_loaded(store: Store) -> None:
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


async def test_a_skipped_position_is_refused(store: Store) -> None:
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    with pytest.raises(PositionConflict):
        await store.record_action(
            table_id, position=2, seat=0, user_id=101, action_key="k", events=[],
            state_json="{}", status="playing", now=3.0,
        )
    assert await store.actions(table_id) == []


async def test_snapshots_are_pruned_to_every_nth_plus_latest(store: Store) -> None:
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    for position in range(1, 2 * SNAPSHOT_EVERY + 4):
        await store.record_action(
            table_id, position=position, seat=0, user_id=101, action_key="k", events=[],
            state_json=json.dumps({"n": position}), status="playing", now=3.0,
        )
    last = 2 * SNAPSHOT_EVERY + 3
    assert await store.snapshot_positions(table_id) == [0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, last]


async def test_load_replays_actions_logged_after_the_snapshot(store: Store, db_path: Path) -> None:
    table_id = await _new_table(store)
    await store.start_table(table_id, [101], "{}", actor_id=101, now=2.0)
    await store.record_action(
        table_id, position=1, seat=0, user_id=101, action_key="k1", events=[],
        state_json="{}", status="playing", now=3.0,
    )
    with sqlite3.connect(db_path) as raw:  # as if a snapshot had been lost
        raw.execute("DELETE FROM snapshots WHERE position = 1")
    loaded = await store.load_state(table_id)
    assert loaded is not None
    assert loaded.snapshot_position == 0
    assert [a.action_key for a in loaded.later_actions] == ["k1"]


async def test_audit_records_lifecycle(store: Store) -> None:
    table_id = await _new_table(store)
    await store.add_seat(table_id, 102, "Bo", now=2.0)
    await store.start_table(table_id, [102, 101], "{}", actor_id=101, now=3.0)
    kinds = [row.kind for row in await store.audit(table_id)]
    assert kinds == ["create", "join", "start"]
    seats = await store.seats(table_id)
    assert [(s.user_id, s.seat) for s in seats] == [(102, 0), (101, 1)]
