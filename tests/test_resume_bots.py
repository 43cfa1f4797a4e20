"""A table whose next decision is a bot's continues after a restart: on load, and at start (the
scheduler's first run) — on SQLite and on PostgreSQL.

The crash is simulated exactly where it hurt: a player's move committed (``commit_move``), the
process gone before the bots answered (``run_bots`` never ran). A new :class:`Tables` on the
same database plays the part of the restarted process.
"""

from __future__ import annotations

import re

from bot.playbypost import PlayByPost
from bot.store import Store
from bot.tables import Reply, Tables
from tests.conftest import ANA, FakeClock

CHANNEL = 64


async def _human_moved_then_died(store: Store, clock: FakeClock) -> int:
    """ANA against one bot: ANA's move is committed and then the process 'dies'."""
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw")
    await tables.add_bot(channel_id=CHANNEL, user=ANA)
    await tables.start(channel_id=CHANNEL, user=ANA)  # if the bot sits first, it has moved already
    table_id = reply.table_id
    async with tables.lock(table_id):
        live = await tables.load(table_id)
        [turn] = tables.turns(live)
        assert turn.user_id == ANA.id
        await tables.commit_move(live, turn.seat, ANA.id, "draw")  # committed; no bots after it
        assert tables.bots_waiting(live)
    return table_id


async def test_a_load_after_the_crash_lets_the_bot_answer(any_store: Store, clock: FakeClock) -> None:
    table_id = await _human_moved_then_died(any_store, clock)
    stuck = (await any_store.table(table_id)).position  # type: ignore[union-attr]
    posted: list[Reply] = []

    async def post(reply: Reply) -> None:
        posted.append(reply)

    restarted = Tables(any_store, clock=clock, render=False, on_resumed=post)
    live = await restarted.load(table_id)  # e.g. someone opened /game status
    await restarted.settle()
    live = await restarted.load(table_id)
    assert live.position == stuck + 1 and not restarted.bots_waiting(live)
    assert restarted.turns(live)[0].user_id == ANA.id
    [reply] = posted
    [bot_row] = await any_store.actions(table_id, after=stuck)
    assert bot_row.user_id < 0 and bot_row.action_key in ("draw", "pass")
    said = "Bot 1 (normal) draws a card." if bot_row.action_key == "draw" else "Bot 1 (normal) passes."
    assert reply.position == stuck + 1 and said in reply.text and reply.mentions == [ANA.id]


async def test_the_first_scheduler_run_after_a_start_resumes_every_waiting_table(any_store: Store, clock: FakeClock) -> None:
    table_id = await _human_moved_then_died(any_store, clock)
    stuck = (await any_store.table(table_id)).position  # type: ignore[union-attr]
    restarted = PlayByPost(Tables(any_store, clock=clock, render=False))
    [notice] = await restarted.run_due(clock())
    assert (notice.table_id, notice.channel_id, notice.kind) == (table_id, CHANNEL, "bots")
    assert notice.reply.position == stuck + 1 and re.search(r"Bot 1 \(normal\) (draws a card|passes)\.", notice.reply.text)
    assert await restarted.run_due(clock()) == []  # answered once
    assert (await any_store.table(table_id)).position == stuck + 1  # type: ignore[union-attr]


async def test_a_table_waiting_for_a_human_is_left_alone(any_store: Store, clock: FakeClock) -> None:
    table_id = await _human_moved_then_died(any_store, clock)
    await PlayByPost(Tables(any_store, clock=clock, render=False)).run_due(clock())  # the bot answers
    position = (await any_store.table(table_id)).position  # type: ignore[union-attr]
    again = Tables(any_store, clock=clock, render=False)
    assert await again.resume_due(clock(), everything=True) == []
    assert not again.bots_waiting(await again.load(table_id))
    assert (await any_store.table(table_id)).position == position  # type: ignore[union-attr]
