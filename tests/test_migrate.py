"""``python -m bot migrate``: a SQLite installation copied into PostgreSQL, verified by replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.migrate import migrate
from bot.playbypost import PlayByPost
from bot.selfplay import SimulatedClock, play_one
from bot.store import COPY_ORDER, Store
from bot.tables import Tables
from tests.conftest import ANA, BO
from tests.pgserver import PostgresServer


async def _installation(path: Path) -> dict[int, str]:
    """A SQLite file with finished and running games, settings, a signing key and an audit."""
    store = await Store.open(path)
    clock = SimulatedClock()
    tables = Tables(store, clock=clock, seeds=iter(range(50, 90)).__next__, render=False)
    pbp = PlayByPost(tables)
    states = {}
    for channel, slug in enumerate(("hisss", "puerto-rico", "collide-o"), start=10):
        table_id, _, _ = await play_one(tables, slug=slug, players=3, options={}, channel_id=channel,
                                        chooser=random.Random(channel), clock=clock)
        states[table_id] = (await tables.load(table_id)).state_json or ""
    running = await tables.create(guild_id=3, channel_id=20, host=ANA, slug="hisss")
    await tables.join(channel_id=20, user=BO)
    await tables.start(channel_id=20, user=ANA)
    await pbp.set_notify(BO, "dm")
    await pbp.signing_key()
    await store.set_channel_settings(20, 3, {"posting": "edit"}, actor_id=ANA.id, now=clock())
    states[running.table_id] = (await tables.load(running.table_id)).state_json or ""
    await store.close()
    return states


async def test_migrate_copies_everything_into_postgres_and_replays_every_game(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    source = tmp_path / "old.sqlite3"
    states = await _installation(source)
    target = postgres_server.new_database()
    lines: list[str] = []
    assert await migrate(f"sqlite:///{source}", target, out=lines.append) == 0, lines
    assert "4 games replayed, 0 differ; row counts match" in lines[-1]

    old, new = await Store.open(source), await Store.open(target)
    try:
        for name in COPY_ORDER:
            copied = sorted((tuple(r) for r in await new._fetchall(f"SELECT * FROM {name}")), key=repr)
            assert copied == sorted((tuple(r) for r in await old._fetchall(f"SELECT * FROM {name}")), key=repr), name
        fresh = Tables(new, render=False)
        for table_id, state_json in states.items():
            assert json.loads((await fresh.load(table_id)).state_json or "") == json.loads(state_json)
        assert (await new.user_settings(BO.id))["notify"] == "dm"
        # New rows continue after the copied ids.
        reply = await fresh.create(guild_id=3, channel_id=21, host=ANA, slug="hisss")
        assert reply.table_id > max(states)
    finally:
        await old.close()
        await new.close()

    again: list[str] = []
    assert await migrate(str(source), target, out=again.append) == 2
    assert "not empty" in again[-1]
