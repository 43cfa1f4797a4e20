"""The session layer on PostgreSQL, and several "processes" (session layers with their own
connections) sharing one database: whole games, loads after a restart, and deadlines that
fire once however many schedulers tick."""

from __future__ import annotations

import asyncio
import json
import random

from bot.playbypost import HOUR, PlayByPost
from bot.selfplay import SimulatedClock, play_one
from bot.store import Store
from bot.tables import Tables
from tests.conftest import ANA, BO, FakeClock
from tests.pgserver import PostgresServer


async def test_whole_games_on_postgres_reload_identically_elsewhere(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    first, second = await Store.open(url), await Store.open(url)
    try:
        clock = SimulatedClock()
        tables = Tables(first, clock=clock, seeds=iter(range(300, 400)).__next__, render=False)
        results = []
        for channel, (slug, players, options) in enumerate(
            [("hisss", 3, {}), ("puerto-rico", 3, {}), ("chomp", 3, {"mode": "live"})], start=900
        ):
            results.append(await play_one(tables, slug=slug, players=players, options=options, channel_id=channel,
                                          chooser=random.Random(channel), clock=clock))
        other_process = Tables(second, render=False)  # nothing cached: reads PostgreSQL
        for table_id, _, actions in results:
            mine, theirs = await tables.load(table_id), await other_process.load(table_id)
            assert theirs.position == actions and theirs.row.status == "over"
            assert json.loads(theirs.state_json or "") == json.loads(mine.state_json or "")
    finally:
        await first.close()
        await second.close()


async def test_deadlines_fire_once_when_several_schedulers_tick(postgres_server: PostgresServer) -> None:
    url = postgres_server.new_database()
    clock = FakeClock()
    stores = [await Store.open(url) for _ in range(3)]
    try:
        tables = [Tables(store, clock=clock, seeds=lambda: 7, render=False) for store in stores]
        schedulers = [PlayByPost(t) for t in tables]
        reply = await tables[0].create(guild_id=1, channel_id=44, host=ANA, slug="toy-draw")
        await tables[0].join(channel_id=44, user=BO)
        await tables[0].start(channel_id=44, user=ANA)
        await schedulers[0].set_deadlines(channel_id=44, user=ANA, moderator=False, reminder_hours=1,
                                          timeout_hours=2, policy="auto")
        clock.advance(1.5 * HOUR)
        reminders = await asyncio.gather(*(s.run_due(clock()) for s in schedulers))
        assert sorted(len(n) for n in reminders) == [0, 0, 1]
        clock.advance(1 * HOUR)
        timeouts = await asyncio.gather(*(s.run_due(clock()) for s in schedulers))
        assert sorted(len(n) for n in timeouts) == [0, 0, 1]
        # The timeout's move was committed once: position 1, by nobody's click.
        [row] = await stores[0].actions(reply.table_id)
        assert row.position == 1 and row.user_id is None
    finally:
        for store in stores:
            await store.close()
