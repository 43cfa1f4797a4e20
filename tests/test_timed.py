"""Timed (live) play in the session layer: arrival stamps, tie windows, deadlines, restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.playbypost import PlayByPost
from bot.store import Store
from bot.tables import IllegalMove, StaleBoard, Tables
from tests.conftest import ANA, BO, FakeClock

CHANNEL = 55


async def race(tables: Tables, channel: int = CHANNEL) -> int:
    reply = await tables.create(guild_id=1, channel_id=channel, host=ANA, slug="toy-race", options={"mode": "live"})
    await tables.join(channel_id=channel, user=BO)
    started = await tables.start(channel_id=channel, user=ANA)
    assert started.timed and started.deadline_at is not None
    assert {t.user_id for t in started.turns} == {ANA.id, BO.id} and all(t.simultaneous for t in started.turns)
    return reply.table_id


async def test_clicks_inside_the_tie_window_tie(tables: Tables, clock: FakeClock, store: Store) -> None:
    table_id = await race(tables)
    clock.advance(0.2)
    first = await tables.act(user=ANA, move="grab", table_id=table_id)
    assert first.deadline_at == pytest.approx(clock() + 0.3)  # the tie window
    clock.advance(0.25)
    second = await tables.act(user=BO, move="grab", table_id=table_id)
    assert "A tie: nobody wins" in second.text
    assert [a.at_ms for a in await store.actions(table_id)] == [200, 450]


async def test_a_click_after_the_window_is_too_late_and_the_first_wins(tables: Tables, clock: FakeClock) -> None:
    table_id = await race(tables)
    clock.advance(0.1)
    await tables.act(user=ANA, move="grab", table_id=table_id)
    clock.advance(0.35)
    with pytest.raises(IllegalMove, match="Too late"):
        await tables.act(user=BO, move="grab", table_id=table_id)
    [resolved] = await tables.expire_due(clock())
    assert "wins the prize" in resolved.text and resolved.turns
    assert await tables.expire_due(clock()) == []  # resolved once


async def test_nobody_acting_lets_the_deadline_resolve(tables: Tables, clock: FakeClock, store: Store) -> None:
    table_id = await race(tables)
    clock.advance(0.9)
    assert await tables.expire_due(clock()) == []
    clock.advance(0.2)
    [resolved] = await tables.expire_due(clock())
    assert "Nobody grabbed" in resolved.text
    [row] = await store.actions(table_id)
    assert (row.seat, row.action_key, row.at_ms) == (-1, "expire", 1000)


async def test_a_restart_replays_stamped_moves_exactly(db_path: Path, clock: FakeClock) -> None:
    store = await Store.open(db_path)
    tables = Tables(store, clock=clock, seeds=lambda: 3, render=False)
    table_id = await race(tables)
    for user, step in ((ANA, 0.1), (BO, 0.2), (ANA, 0.5)):
        clock.advance(step)
        await tables.act(user=user, move="grab", table_id=table_id)
    before = (await tables.load(table_id)).state
    await store.close()
    reopened = await Store.open(db_path)
    after = await Tables(reopened, clock=clock, render=False).load(table_id)
    assert after.state == before
    _, data = await PlayByPost(Tables(reopened, clock=clock, render=False)).export(channel_id=CHANNEL, moderator=True)
    copy = await PlayByPost(Tables(reopened, clock=clock, render=False)).import_table(
        guild_id=1, channel_id=CHANNEL + 1, user=ANA, data=data
    )
    assert "3 moves replayed" in copy.text
    await reopened.close()


async def test_turns_mode_is_not_timed(tables: Tables) -> None:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-race", options={"mode": "turns"})
    await tables.join(channel_id=CHANNEL, user=BO)
    started = await tables.start(channel_id=CHANNEL, user=ANA)
    assert not started.timed and started.deadline_at is None
    mover = ANA if started.turns[0].user_id == ANA.id else BO
    await tables.act(user=mover, move="grab", table_id=reply.table_id)


async def test_selfplay_drives_live_games_with_a_simulated_clock(tmp_path: Path) -> None:
    from bot.selfplay import selfplay

    lines: list[str] = []
    status = await selfplay("toy-race", games=8, players=2, seed=1, options={"mode": "live"},
                            db=str(tmp_path / "s.sqlite3"), images=None, out=lines.append)
    assert status == 0 and lines[-1].startswith("total: 8 games (0 failed)")
    store = await Store.open(tmp_path / "s.sqlite3")
    expired = [a for row in await store.tables(statuses=("over",)) for a in await store.actions(row.id)
               if a.action_key == "expire"]
    await store.close()
    assert expired  # some deadlines passed with nobody acting, and were resolved


async def test_in_live_play_several_players_click_one_board(tables: Tables, clock: FakeClock) -> None:
    """With an epoch, the first click does not outdate the board for the others."""
    from tests.toygame import ToyRace

    class EpochRace(ToyRace):
        slug = "toy-race-epoch"

        def epoch(self, state: dict) -> int:
            return 5 - state["prizes"]  # one board per prize

    from bot.engine import register

    register(EpochRace())
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-race-epoch", options={"mode": "live"})
    await tables.join(channel_id=CHANNEL, user=BO)
    board = await tables.start(channel_id=CHANNEL, user=ANA)
    clock.advance(0.1)
    first = await tables.act(user=ANA, move="grab", table_id=reply.table_id, expected_revision=board.revision)
    assert first.revision == board.revision  # same prize, same board
    clock.advance(0.1)
    tied = await tables.act(user=BO, move="grab", table_id=reply.table_id, expected_revision=board.revision)
    assert "A tie" in tied.text and tied.revision == board.revision + 1
    with pytest.raises(StaleBoard):
        await tables.act(user=ANA, move="grab", table_id=reply.table_id, expected_revision=board.revision)
