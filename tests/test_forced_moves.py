"""Forced moves (issue 25): a prompt whose only action is public knowledge plays itself,
through the same commit as any move, marked forced in the log, with nobody pinged for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import Game, Prompt, State
from bot.store import Store
from bot.tables import Tables
from tests.conftest import ANA, BO, FakeClock
from tests.toygame import ToyDraw

CHANNEL = 78


def _public_single(self: Game, state: State, prompt: Prompt) -> bool:
    # In Toy Draw a lone "Draw" follows from the deck size, which everyone sees.
    return len(prompt.actions) == 1 and not prompt.private and not prompt.simultaneous


async def _started(tables: Tables) -> int:
    reply = await tables.create(guild_id=1, channel_id=CHANNEL, host=ANA, slug="toy-draw", options={"deck": "6"})
    await tables.join(channel_id=CHANNEL, user=BO)
    await tables.start(channel_id=CHANNEL, user=ANA)
    return reply.table_id


async def _chooser(tables: Tables, table_id: int):
    live = await tables.load(table_id)
    return {ANA.id: ANA, BO.id: BO}[tables.turns(live)[0].user_id]


async def test_a_forced_move_plays_at_once_logged_persisted_unpinged(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ToyDraw, "forced", _public_single)
    store = await Store.open(db_path)
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    table_id = await _started(tables)
    first = await _chooser(tables, table_id)
    other = BO if first is ANA else ANA
    # Deck 6 -> draw leaves 5 (odd): the other seat's only move is "Draw", played for them.
    reply = await tables.act(user=first, move="draw", table_id=table_id)
    assert reply.position == 2
    assert "(forced)" in reply.text
    assert other.id not in reply.mentions and [t.user_id for t in reply.turns] == [first.id]
    history = await tables.history(channel_id=CHANNEL)
    assert f"2. {other.name}: Draw the top card (forced)." in history
    assert f"{other.name}: {other.name}:" not in history
    live = await tables.load(table_id)
    state, position = live.state, live.position
    await store.close()
    reopened = await Store.open(db_path)
    after = await Tables(reopened, clock=clock, render=False).load(table_id)
    assert after.state == state and after.position == position == 2
    await reopened.close()


async def test_a_game_with_hidden_information_forces_nothing_by_default(tables: Tables) -> None:
    # Toy Draw keeps the default (hidden_information = True): the lone "Draw" waits.
    table_id = await _started(tables)
    first = await _chooser(tables, table_id)
    reply = await tables.act(user=first, move="draw", table_id=table_id)
    assert reply.position == 1 and "(forced)" not in reply.text
    assert [t.user_id for t in reply.turns] != [first.id]


class _LeakyForced(ToyDraw):
    """Forces a lone "Draw" only when the drawer's hidden total is odd: that would leak it."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        return len(prompt.actions) == 1 and sum(state["hands"][prompt.seat]) % 2 == 1


def test_the_kit_refuses_forced_moves_that_depend_on_hidden_information() -> None:
    import random

    from bot.engine.testkit import KitFailure, _check_views, random_walk

    def check_all(game: ToyDraw) -> None:
        for seed in range(10):
            for state in random_walk(game, 2, seed, {"deck": "30"}):
                _check_views(game, state, 2, random.Random(seed), f"seed {seed}")

    check_all(ToyDraw())  # the honest toy passes
    with pytest.raises(KitFailure, match="forced"):
        check_all(_LeakyForced())


async def test_a_forced_move_left_pending_at_a_restart_is_played_on_reload(
    db_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The move that made the next one forced was committed by a process that stopped before it
    # played the forced answer (here: one that did not force it yet). The next process plays it on load.
    store = await Store.open(db_path)
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    table_id = await _started(tables)
    first = await _chooser(tables, table_id)
    reply = await tables.act(user=first, move="draw", table_id=table_id)
    assert reply.position == 1
    await store.close()
    monkeypatch.setattr(ToyDraw, "forced", _public_single)
    reopened = await Store.open(db_path)
    restarted = Tables(reopened, clock=clock, render=False)
    await restarted.load(table_id)
    await restarted.settle()
    live = await restarted.load(table_id)
    assert live.position == 2
    assert [t.user_id for t in restarted.turns(live)] == [first.id]
    assert "(forced)" in await restarted.history(channel_id=CHANNEL)
    await reopened.close()
