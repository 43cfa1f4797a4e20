"""Races in the session layer, driven by real interleavings (never sleeps).

Each test holds one coroutine inside the store with an ``asyncio.Event`` — after it has read,
before it returns — lets another coroutine write meanwhile, then releases the first. On the
code before issue 19 every one of these failed every time.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.moderation import Moderation
from bot.playbypost import PlayByPost
from bot.store import NotALobby, Store, StoreBusy
from bot.tables import LobbyError, NoTable, TableError, Tables, User
from tests.conftest import ANA, BO, CY, FakeClock

CHANNEL = 61
MOD = User(700, "Mod")


class Hold:
    """Wraps one store method: the first call (while armed) reads, then waits for ``release``."""

    def __init__(self, store: Store, name: str) -> None:
        self.original: Callable[..., Awaitable[Any]] = getattr(store, name)
        self.armed = False
        self.arrived = asyncio.Event()
        self.release = asyncio.Event()
        setattr(store, name, self)

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        result = await self.original(*args, **kwargs)
        if self.armed:
            self.armed = False
            self.arrived.set()
            await self.release.wait()
        return result


class Barrier:
    """Wraps one store method: its first ``parties`` calls each read, then wait for all of them."""

    def __init__(self, store: Store, name: str, parties: int = 2) -> None:
        self.original: Callable[..., Awaitable[Any]] = getattr(store, name)
        self.parties = parties
        self.arrivals = 0
        self.all_in = asyncio.Event()
        setattr(store, name, self)

    async def __call__(self, *args: Any, **kwargs: Any) -> Any:
        result = await self.original(*args, **kwargs)
        if self.arrivals < self.parties:
            self.arrivals += 1
            if self.arrivals == self.parties:
                self.all_in.set()
            await self.all_in.wait()
        return result


async def _lobby(tables: Tables, *users: User, channel: int = CHANNEL) -> int:
    reply = await tables.create(guild_id=1, channel_id=channel, host=users[0], slug="toy-draw", options={"deck": "12"})
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    return reply.table_id


async def _started(tables: Tables, *users: User, channel: int = CHANNEL) -> int:
    table_id = await _lobby(tables, *users, channel=channel)
    await tables.start(channel_id=channel, user=users[0])
    return table_id


async def _mover(tables: Tables, table_id: int) -> User:
    live = await tables.load(table_id)
    turn = tables.turns(live)[0]
    return User(turn.user_id, turn.name)


# -- the cache ---------------------------------------------------------------------------------


async def test_a_status_read_racing_the_start_does_not_let_a_late_join_in(tables: Tables, store: Store) -> None:
    table_id = await _lobby(tables, ANA, BO)
    tables.forget()  # an empty cache: after a restart, forget(), /settings forget-me
    hold = Hold(store, "load_table")
    hold.armed = True
    reader = asyncio.create_task(tables.status(channel_id=CHANNEL))  # /game status, autocomplete, /board…
    await hold.arrived.wait()  # the reader has read the lobby and is still loading
    await tables.start(channel_id=CHANNEL, user=ANA)
    hold.release.set()
    await reader
    assert (await tables.load(table_id)).row.status == "playing"
    with pytest.raises(LobbyError, match="already started"):
        await tables.join(channel_id=CHANNEL, user=CY)
    assert [seat.user_id for seat in await store.seats(table_id)] != [] and CY.id not in {
        seat.user_id for seat in await store.seats(table_id)
    }


async def test_the_store_refuses_a_seat_in_a_started_game(tables: Tables, store: Store) -> None:
    table_id = await _started(tables, ANA, BO)
    with pytest.raises(NotALobby, match="already started"):
        await store.add_seat(table_id, CY.id, "Cy", now=1.0)
    assert len(await store.seats(table_id)) == 2


async def test_a_board_read_racing_a_move_is_not_left_one_move_behind(tables: Tables, store: Store) -> None:
    table_id = await _started(tables, ANA, BO)
    first = await _mover(tables, table_id)
    tables.forget()
    hold = Hold(store, "load_table")
    hold.armed = True
    reader = asyncio.create_task(tables.board(channel_id=CHANNEL))
    await hold.arrived.wait()  # the reader holds the position before the move
    await tables.act(user=first, move="draw", table_id=table_id)
    hold.release.set()
    await reader
    second = await _mover(tables, table_id)
    assert second != first
    reply = await tables.act(user=second, move="draw", table_id=table_id)  # was "It is not your turn" forever
    assert reply.position == 2


async def test_a_load_racing_a_commit_after_forget_is_not_cached(tables: Tables, store: Store) -> None:
    table_id = await _started(tables, ANA, BO)
    first = await _mover(tables, table_id)
    tables.forget()
    hold = Hold(store, "load_table")
    hold.armed = True
    reader = asyncio.create_task(tables.status(channel_id=CHANNEL))
    await hold.arrived.wait()
    await tables.act(user=first, move="draw", table_id=table_id)
    tables.forget()  # e.g. /settings forget-me while the reader is still loading
    hold.release.set()
    stale = await reader
    assert stale.position == 0  # the reader may answer with what it read …
    assert (await tables.load(table_id)).position == 1  # … but never caches it


# -- requests ----------------------------------------------------------------------------------


async def test_two_undo_approvals_at_once_both_count(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    table_id = await _started(tables, ANA, BO, CY)
    for _ in range(3):
        await tables.act(user=await _mover(tables, table_id), move="draw", table_id=table_id)
    # The first mover asks; the two others have moved since and must both approve.
    first_mover = (await store.actions(table_id))[0].user_id
    asker = next(u for u in (ANA, BO, CY) if u.id == first_mover)
    asked = await tables.undo(channel_id=CHANNEL, user=asker, moderator=False)
    assert asked.request is not None and len(asked.request.waiting_for) == 2
    approvers = [u for u in (ANA, BO, CY) if u.id in asked.request.waiting_for]
    Barrier(store, "request")  # both approvals read the request before either writes
    replies = await asyncio.gather(
        *(tables.answer_request(request_id=asked.request.id, user=u, approve=True) for u in approvers)
    )
    assert any("Everyone agreed" in reply.text for reply in replies)
    request = await Store.request(store, asked.request.id)
    assert request is not None and request["status"] == "done"
    assert (await tables.load(table_id)).position == 0


async def test_a_double_click_on_take_the_seat_ends_done(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
    moderation = Moderation(tables, PlayByPost(tables))
    table_id = await _started(tables, ANA, BO)
    offer = await moderation.substitute(channel_id=CHANNEL, user=MOD, moderator=True, target=BO, new=CY)
    assert offer.request is not None
    Barrier(store, "request")
    results = await asyncio.gather(
        *(moderation.answer_substitute(request_id=offer.request.id, user=CY, accept=True) for _ in range(2)),
        return_exceptions=True,
    )
    refusals = [r for r in results if isinstance(r, Exception)]
    assert len(refusals) == 1 and isinstance(refusals[0], TableError) and "already been settled" in str(refusals[0])
    request = await Store.request(store, offer.request.id)
    assert request is not None and request["status"] == "done"
    assert CY.id in {seat.user_id for seat in (await tables.load(table_id)).seats}


# -- bounded memory ----------------------------------------------------------------------------


async def test_locks_of_unknown_ids_are_not_kept(tables: Tables) -> None:
    for table_id in range(10_000, 12_000):
        with pytest.raises(NoTable):
            await tables.act(user=ANA, move="draw", table_id=table_id)
    assert tables._locks == {}
    table_id = await _started(tables, ANA, BO)
    await tables.act(user=await _mover(tables, table_id), move="draw", table_id=table_id)
    assert tables._locks == {}  # released after use, for real tables too


async def test_loaded_tables_are_bounded_and_evicted_tables_reload(store: Store, clock: FakeClock) -> None:
    tables = Tables(store, clock=clock, seeds=lambda: 5, render=False, cache_size=3)
    ids = [await _started(tables, ANA, BO, channel=CHANNEL + n) for n in range(8)]
    assert len(tables._live) <= 3
    for table_id in ids:  # every table, evicted or not, plays on from its snapshot
        await tables.act(user=await _mover(tables, table_id), move="draw", table_id=table_id)
        assert len(tables._live) <= 3
    assert [(await tables.load(t)).position for t in ids] == [1] * 8


# -- ids, channels and a busy database --------------------------------------------------------


async def test_ids_beyond_64_bits_are_refused_with_a_sentence(tables: Tables) -> None:
    await _started(tables, ANA, BO)
    for huge in (2**63, 2**64 + 5):
        with pytest.raises(NoTable, match="no longer exists"):
            await tables.act(user=ANA, move="draw", table_id=huge, expected_revision=0, channel_id=CHANNEL)
        with pytest.raises(NoTable):
            await tables.answer_request(request_id=huge, user=ANA, approve=True)
    assert tables._locks == {}


async def test_a_button_is_refused_in_another_channel(tables: Tables, store: Store) -> None:
    table_id = await _started(tables, ANA, BO)
    mover = await _mover(tables, table_id)
    with pytest.raises(TableError, match="another channel"):
        await tables.act(user=mover, move="draw", table_id=table_id, channel_id=CHANNEL + 1)
    assert (await tables.load(table_id)).position == 0
    await store.set_table_fields(table_id, actor_id=None, now=1.0, kind="", thread_id=CHANNEL + 9)
    tables.forget()
    reply = await tables.act(user=mover, move="draw", table_id=table_id, channel_id=CHANNEL + 9)  # its log thread
    assert reply.position == 1


async def test_a_long_held_write_lock_is_a_clear_refusal(db_path: Path, clock: FakeClock) -> None:
    store = await Store.open(db_path, busy_timeout_ms=10, busy_attempts=2)
    try:
        tables = Tables(store, clock=clock, seeds=lambda: 5, render=False)
        table_id = await _started(tables, ANA, BO)
        mover = await _mover(tables, table_id)
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process writing for longer than we wait
        try:
            with pytest.raises(StoreBusy, match=r"busy .* nothing was changed"):
                await tables.act(user=mover, move="draw", table_id=table_id)
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert (await tables.load(table_id)).position == 0
        reply = await tables.act(user=mover, move="draw", table_id=table_id)  # free again: it just works
        assert reply.position == 1
    finally:
        await store.close()
