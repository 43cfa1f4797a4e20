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

``--mix`` measures what one heavy table does to the others (:func:`run_mix`): many light
tables (HISSS and Chomp, simulated users, no pictures) are played first alone, then again while
``--heavy`` 1856 and Puerto Rico tables (``--heavy-games``: others, or ``all``) are played by bots — one simulated player each, the
other seats bots of ``--bot-level`` (default hard: each decision a search of
:data:`bot.bots.HARD_BUDGET_S` of CPU in a worker), every board drawn. Both phases use the bot's worker
processes (``--workers``, by default as many as the bot starts; ``--workers 0`` runs everything
in the one process, as before issue 29). It prints the light tables' click → committed latency alone and with the heavy mix, moves/s,
the longest the event loop was unavailable (what a new interaction waits before it can even be
acknowledged), and the RSS of the bot process and of its workers.
"""

from __future__ import annotations

import asyncio
import json
import random
import resource
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.engine import all_games, get_game
from bot.games import load_all
from bot.store import Store
from bot.tables import TableError, Tables, User
from bot.workers import LocalWorkers, ProcessWorkers, Workers, apply_move, default_size

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


# -- the mix: light tables beside heavy ones ------------------------------------------------------

LIGHT = (("hisss", {}), ("chomp", {"mode": "turns"}))
HEAVY = (("1856", {}), ("puerto-rico", {}))


def heavy_games(names: str | None) -> tuple[tuple[str, dict[str, str]], ...]:
    """The games the heavy tables cycle through: :data:`HEAVY` by default, ``"all"`` for every
    game, or slugs separated by commas. A game with a ``mode`` option is played by turns, so a
    hard bot searches its decisions (in live play it answers with the heuristic)."""
    if not names:
        return HEAVY
    load_all()
    slugs = [game.slug for game in all_games()] if names == "all" else [name.strip() for name in names.split(",")]
    chosen = []
    for slug in slugs:
        game = get_game(slug)
        modes = next((option.choices for option in game.options if option.name == "mode"), ())
        chosen.append((slug, {"mode": "turns"} if "turns" in modes else {}))
    return tuple(chosen)


async def _open(tables: Tables, channel: int, slug: str, options: dict[str, str], users: list[User], bots: int,
                level: str = "normal") -> int:
    await tables.create(guild_id=4242, channel_id=channel, host=users[0], slug=slug, options=options)
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    for _ in range(bots):
        await tables.add_bot(channel_id=channel, user=users[0], level=level)
    return (await tables.start(channel_id=channel, user=users[0])).table_id


class LoopLag:
    """How late the event loop wakes a sleeper: while it is busy, no interaction can even be
    acknowledged, so the worst lateness is the longest an acknowledgement could wait."""

    def __init__(self, every: float = 0.02) -> None:
        self.every = every
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(self.every)
            self.lags.append(max(0.0, time.perf_counter() - start - self.every))

    def __enter__(self) -> LoopLag:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


async def _light_phase(tables: Tables, ids: list[int], moves: int, users: int, seed: int,
                       reopen: Callable[[int, random.Random], Awaitable[int]]) -> tuple[list[float], float, float]:
    """Simulated users play ``moves`` moves on the light tables; latencies, seconds, max loop lag."""
    latencies: list[float] = []
    remaining = moves

    async def user_loop(rng: random.Random) -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            slot = rng.randrange(len(ids))
            live = await tables.load(ids[slot])
            turns = tables.turns(live)
            if not turns:
                ids[slot] = await reopen(slot, rng)
                continue
            turn = rng.choice(turns)
            start = time.perf_counter()
            try:
                await tables.act(user=User(turn.user_id, turn.name), move=rng.choice(turn.actions).key, table_id=ids[slot])
            except TableError:
                continue
            latencies.append(time.perf_counter() - start)

    with LoopLag() as lag:
        began = time.perf_counter()
        await asyncio.gather(*(user_loop(random.Random(seed * 7919 + n)) for n in range(users)))
        elapsed = time.perf_counter() - began
    return latencies, elapsed, max(lag.lags, default=0.0)


async def offload_costs(pool: ProcessWorkers, *, moves: int = 60, out: Callable[[str], None] = print) -> None:
    """What a move costs the bot process in-process and through a worker (medians over ``moves``
    bot moves from the start): the measurement behind which games declare ``heavy``."""
    for slug, players in (("hisss", 4), ("chomp", 3), ("puerto-rico", 4), ("1856", 4)):
        game = get_game(slug)
        state = game.setup(players, game.resolve_options(dict(LIGHT).get(slug, {})), 5)
        rng = random.Random(1)
        here, there, wall = [], [], []
        for _ in range(moves):
            prompts = game.prompts(state)
            if not prompts:
                break
            seat = prompts[0].seat
            key, text = game.agent(state, seat, rng), json.dumps(state)
            began = time.process_time()
            copy = json.loads(text)
            game.apply(copy, seat, key)
            json.dumps(copy)
            game.prompts(copy)
            here.append(time.process_time() - began)
            began, began_wall = time.process_time(), time.perf_counter()
            json.loads((await pool.run(apply_move, slug, text, seat, key, None)).state_json)
            there.append(time.process_time() - began)
            wall.append(time.perf_counter() - began_wall)
            game.apply(state, seat, key)
        out(f"a {slug} move: {statistics.median(here) * 1000:.3f} ms CPU in-process; through a worker "
            f"{statistics.median(there) * 1000:.3f} ms CPU of the bot process, {statistics.median(wall) * 1000:.3f} ms wall")


def _rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def run_mix(
    db: str | None, *, light: int = 300, heavy: int = 4, moves: int = 6000, users: int = 30, workers: int | None = None,
    seed: int = 1, bot_level: str = "hard", games: tuple[tuple[str, dict[str, str]], ...] = HEAVY,
    out: Callable[[str], None] = print,
) -> dict[str, float]:
    """Light tables' latency alone and beside bot-played heavy tables (see the module docstring);
    the heavy tables cycle through ``games`` (:func:`heavy_games`)."""
    load_all()
    chooser = random.Random(seed)
    workers = default_size() if workers is None else workers
    pool: Workers = ProcessWorkers(workers) if workers else LocalWorkers()
    if isinstance(pool, ProcessWorkers):
        pool.start()
    with tempfile.TemporaryDirectory() as scratch:
        location = db or str(Path(scratch) / "mix.sqlite3")
        store = await Store.open(location)
        try:
            seeds = lambda: chooser.getrandbits(62)  # noqa: E731
            light_tables = Tables(store, seeds=seeds, render=False, workers=pool)
            heavy_tables = Tables(store, seeds=seeds, render=True, workers=pool)
            next_channel = 7_000_000

            async def open_light(index: int, rng: random.Random) -> int:
                nonlocal next_channel
                next_channel += 1
                slug, options = LIGHT[index % len(LIGHT)]
                players = rng.randint(2, 5)
                people = [User(20_000_000 + next_channel * 10 + n, f"L{next_channel}P{n}") for n in range(players)]
                return await _open(light_tables, next_channel, slug, options, people, 0)

            if isinstance(pool, ProcessWorkers):
                await offload_costs(pool, out=out)
            ids = [await open_light(index, chooser) for index in range(light)]
            out(f"mix: {light} light tables (HISSS, Chomp) on {type(pool).__name__}"
                f"{f' ({workers} processes)' if workers else ''}; {store.backend_name}")

            await _light_phase(light_tables, ids, moves // 4, users, seed + 2, open_light)  # warm-up, not counted
            alone, alone_s, alone_lag = await _light_phase(light_tables, ids, moves, users, seed, open_light)

            heavy_moves = heavy_opened = 0
            stop = asyncio.Event()

            async def heavy_loop(index: int) -> None:
                nonlocal heavy_moves, heavy_opened, next_channel
                rng = random.Random(seed * 31 + index)
                slug, options = games[index % len(games)]
                while not stop.is_set():
                    next_channel += 1
                    person = User(30_000_000 + next_channel, f"H{next_channel}")
                    table_id = await _open(heavy_tables, next_channel, slug, options, [person], 3, bot_level)
                    heavy_opened += 1
                    seen = 0
                    while not stop.is_set():
                        live = await heavy_tables.load(table_id)
                        heavy_moves += live.position - seen  # the person's moves and the bots'
                        seen = live.position
                        turns = [t for t in heavy_tables.turns(live) if t.user_id == person.id]
                        if not turns:
                            if live.row.status != "playing":
                                break  # over: the next table
                            # The bots think in the workers while the person waits for its turn
                            # (polling, as a player looks at the channel; not a test's timing).
                            await asyncio.sleep(0.2)
                            continue
                        try:
                            await heavy_tables.act(user=person, move=rng.choice(turns[0].actions).key,
                                                   table_id=table_id)
                        except TableError:
                            continue

            heavy_tasks = [asyncio.create_task(heavy_loop(index)) for index in range(heavy)]
            await asyncio.sleep(1.0)  # the heavy tables get going (their first bots are playing)
            began_heavy = heavy_moves
            mixed, mixed_s, mixed_lag = await _light_phase(light_tables, ids, moves, users, seed + 1, open_light)
            heavy_during = heavy_moves - began_heavy
            stop.set()
            out(f"heavy tables: {heavy_opened} opened, {heavy_moves} moves in all (bots' and players')")
            for failure in await asyncio.gather(*heavy_tasks, return_exceptions=True):
                if isinstance(failure, Exception):
                    out(f"a heavy table's player stopped: {failure!r}")
        finally:
            await store.close()
    worker_rss = [_rss_mb(pid) for pid in (pool.pids if isinstance(pool, ProcessWorkers) else [])]
    await pool.close()
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    figures = {
        "alone_p50_ms": _p(alone, 0.5) * 1000, "alone_p95_ms": _p(alone, 0.95) * 1000,
        "alone_p99_ms": _p(alone, 0.99) * 1000, "alone_moves_per_s": len(alone) / alone_s,
        "alone_max_loop_lag_ms": alone_lag * 1000,
        "mix_p50_ms": _p(mixed, 0.5) * 1000, "mix_p95_ms": _p(mixed, 0.95) * 1000,
        "mix_p99_ms": _p(mixed, 0.99) * 1000, "mix_moves_per_s": len(mixed) / mixed_s,
        "mix_max_loop_lag_ms": mixed_lag * 1000, "heavy_moves_per_s": heavy_during / mixed_s,
        "peak_rss_mb": rss_mb, "worker_rss_mb": sum(worker_rss),
    }
    for name, key in (("alone", "alone"), (f"with {heavy} heavy tables", "mix")):
        out(f"light tables {name}: p50 {figures[key + '_p50_ms']:.1f} ms, p95 {figures[key + '_p95_ms']:.1f} ms, "
            f"p99 {figures[key + '_p99_ms']:.1f} ms; {figures[key + '_moves_per_s']:.0f} moves/s; "
            f"longest loop stall {figures[key + '_max_loop_lag_ms']:.0f} ms")
    ratio = figures["mix_p99_ms"] / figures["alone_p99_ms"] if figures["alone_p99_ms"] else float("inf")
    names = ", ".join(get_game(slug).title for slug, _ in games)
    out(f"heavy tables ({names}; {bot_level} bots, boards drawn): {figures['heavy_moves_per_s']:.1f} "
        f"moves/s meanwhile")
    out(f"light p99 with the heavy mix / alone: {ratio:.2f} (target <= 2); longest stall "
        f"{max(alone_lag, mixed_lag) * 1000:.0f} ms (target: no acknowledgement waits > 1000 ms)")
    out(f"peak RSS {rss_mb:.0f} MB (bot process); workers now {figures['worker_rss_mb']:.0f} MB "
        f"in {len(worker_rss)} processes")
    return figures
