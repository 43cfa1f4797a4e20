"""Load figures for one bot process: ``python -m bot loadtest --tables 1000 --moves 20000 [--db …]``.

Prints numbers and asserts nothing (a benchmark, not a test). What it does:

1. opens ``--tables`` tables (HISSS and Puerto Rico mixed, 2–5 players of simulated users,
   one channel each) through the session layer, as ``/game new``, ``/game join`` and
   ``/game start`` would;
2. plays ``--moves`` moves with ``--users`` concurrent simulated users: each picks a table,
   asks it who must act, and plays a random legal move through :meth:`Tables.act`. The
   latency measured is click → committed (the time ``act`` takes, lock wait included);
   a finished game is replaced by a new table in its channel;
3. reports moves/s, latency p50/p95/p99, peak RSS, the memory an idle loaded table costs
   (traced allocations of loading 200 tables into a fresh session layer), how many tables
   the session layer keeps in memory (its LRU bound), and how long reloading an evicted
   table takes (p50/p95 over 200 reloads: it reads a snapshot, not the log).

``--db`` takes a SQLite path (default: a temporary file) or a ``postgresql://`` URL (use an
empty database: the load test creates its tables there and leaves them).
"""

from __future__ import annotations

import asyncio
import random
import resource
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from bot.games import load_all
from bot.store import Store
from bot.tables import TableError, Tables, User

GAMES = ("hisss", "puerto-rico")


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _users(table_index: int, players: int) -> list[User]:
    return [User(id=10_000_000 + table_index * 10 + seat, name=f"T{table_index}P{seat + 1}") for seat in range(players)]


async def _open_table(tables: Tables, index: int, chooser: random.Random) -> int:
    slug = GAMES[index % len(GAMES)]
    players = chooser.randint(2, 5) if slug == "hisss" else chooser.randint(3, 5)
    users = _users(index, players)
    channel = 5_000_000 + index
    await tables.create(guild_id=4242, channel_id=channel, host=users[0], slug=slug)
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    reply = await tables.start(channel_id=channel, user=users[0])
    return reply.table_id


async def run_load(
    db: str | None, *, table_count: int, moves: int, users: int, seed: int = 1, out: Callable[[str], None] = print,
) -> dict[str, float]:
    load_all()
    chooser = random.Random(seed)
    with tempfile.TemporaryDirectory() as scratch:
        location = db or str(Path(scratch) / "load.sqlite3")
        store = await Store.open(location)
        try:
            tables = Tables(store, seeds=lambda: chooser.getrandbits(62), render=False)
            began = time.perf_counter()
            ids = [await _open_table(tables, index, chooser) for index in range(table_count)]
            opened_s = time.perf_counter() - began
            out(f"opened {table_count} tables in {opened_s:.1f} s ({type(store).__name__})")

            latencies: list[float] = []
            refused = 0
            remaining = moves
            next_index = table_count

            async def user_loop(rng: random.Random) -> None:
                nonlocal remaining, refused, next_index
                while remaining > 0:
                    remaining -= 1
                    slot = rng.randrange(len(ids))
                    live = await tables.load(ids[slot])
                    turns = tables.turns(live)
                    if not turns:  # finished: a new table takes the channel's place
                        index, next_index = next_index, next_index + 1
                        ids[slot] = await _open_table(tables, index, rng)
                        continue
                    turn = rng.choice(turns)
                    key = rng.choice(turn.actions).key
                    user = User(turn.user_id, turn.name)
                    start = time.perf_counter()
                    try:
                        await tables.act(user=user, move=key, table_id=ids[slot])
                    except TableError:
                        refused += 1  # another user moved this table first: a real outcome
                        continue
                    latencies.append(time.perf_counter() - start)

            began = time.perf_counter()
            await asyncio.gather(*(user_loop(random.Random(seed * 1000 + n)) for n in range(users)))
            elapsed = time.perf_counter() - began

            # Idle tables: what one costs in memory, and how fast an evicted one comes back.
            probe = Tables(store, render=False)
            sample = ids[: min(200, len(ids))]
            tracemalloc.start()
            before = tracemalloc.take_snapshot()
            for table_id in sample:
                await probe.load(table_id)
            after = tracemalloc.take_snapshot()
            tracemalloc.stop()
            per_table_kb = sum(stat.size_diff for stat in after.compare_to(before, "filename")) / len(sample) / 1024
            reloads = []
            for table_id in sample:
                probe.forget(table_id)
                start = time.perf_counter()
                await probe.load(table_id)
                reloads.append(time.perf_counter() - start)
            cached, bound = tables.loaded_count, tables.cache_size
        finally:
            await store.close()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures = {
        "moves": float(len(latencies)),
        "moves_per_s": len(latencies) / elapsed if elapsed else 0.0,
        "p50_ms": _p(latencies, 0.5) * 1000,
        "p95_ms": _p(latencies, 0.95) * 1000,
        "p99_ms": _p(latencies, 0.99) * 1000,
        "peak_rss_mb": rss_mb,
        "idle_table_kb": per_table_kb,
        "reload_p50_ms": statistics.median(reloads) * 1000,
        "reload_p95_ms": _p(reloads, 0.95) * 1000,
    }
    out(f"{len(latencies)} moves by {users} concurrent users in {elapsed:.1f} s: {figures['moves_per_s']:.0f} moves/s "
        f"(target >= 500); {refused} clicks refused because another user moved first")
    out(f"click -> committed: p50 {figures['p50_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms, p99 {figures['p99_ms']:.1f} ms")
    out(f"peak RSS {rss_mb:.0f} MB; an idle loaded table {per_table_kb:.1f} KB; "
        f"tables in memory at the end {cached} (LRU bound {bound})")
    out(f"reload of an evicted table: p50 {figures['reload_p50_ms']:.2f} ms, p95 {figures['reload_p95_ms']:.2f} ms "
        "(target < 10 ms)")
    return figures
