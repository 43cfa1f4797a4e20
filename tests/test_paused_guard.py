"""A stale process must not commit a move on a table another process paused.

With misconfigured shards two processes can both hold a table in their caches. A pause is
written by one of them; the other's cached row still says "running". The store's guarded
update (``... WHERE position = ? AND paused = 0``) is what stops the stale one, on both stores.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import Store
from bot.tables import GameNotRunning, Tables
from tests.conftest import ANA, BO, FakeClock
from tests.pgserver import PostgresServer


async def _two_processes(kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> tuple[Store, Store]:
    """Two stores on one database, as two bot processes would have (SQLite: one connection,
    since the file is locked to one process; the two caches are what differ)."""
    if kind == "sqlite":
        store = await Store.open(tmp_path / "gm.sqlite3")
        return store, store
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.new_database()
    return await Store.open(url), await Store.open(url)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_a_stale_process_cannot_move_on_a_table_paused_elsewhere(
    kind: str, tmp_path: Path, request: pytest.FixtureRequest, clock: FakeClock
) -> None:
    first_store, second_store = await _two_processes(kind, tmp_path, request)
    try:
        first = Tables(first_store, clock=clock, seeds=lambda: 7, render=False)
        second = Tables(second_store, clock=clock, seeds=lambda: 7, render=False)
        reply = await first.create(guild_id=1, channel_id=10, host=ANA, slug="hisss")
        await first.join(channel_id=10, user=BO)
        await first.start(channel_id=10, user=ANA)
        stale = await second.load(reply.table_id)  # the second process caches the running table
        assert stale.state is not None and not stale.row.paused
        prompt = stale.game.prompts(stale.state)[0]
        mover = ANA if stale.user_at(prompt.seat).user_id == ANA.id else BO

        await first_store.set_table_fields(reply.table_id, actor_id=ANA.id, now=clock(), kind="pause", paused=True)
        with pytest.raises(GameNotRunning, match="paused"):
            await second.act(user=mover, move=prompt.actions[0].key, table_id=reply.table_id)

        row = await first_store.table(reply.table_id)
        assert row is not None and row.position == 0 and row.paused
        assert await first_store.actions(reply.table_id) == []
        # The refusal dropped the stale copy: the second process now sees the pause itself.
        assert (await second.load(reply.table_id)).row.paused
    finally:
        await first_store.close()
        if second_store is not first_store:
            await second_store.close()
