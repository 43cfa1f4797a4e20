"""``python -m bot bench stats``: the archive at scale. Prints numbers, asserts nothing.

1. Generates ``GAMES`` (100,000) finished games in a fresh SQLite store: results, result seats
   and ratings for 2,000 players over 5 games in 4 servers, written the way the store writes
   them (rows through its transactions, in batches) — not played, which would take hours.
2. Times what ``/stats`` asks: a leaderboard page, a player's profile (ratings and the rating
   history), a game's figures; p50 / p95 over 200 random queries each (target p95 < 50 ms).
3. Plays one long Puerto Rico game (300–400 moves, real rules) and times a replay step at random
   moves (target p95 < 200 ms, picture included) and the GIF of the whole game (< 8 MB, < 10 s).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bot.ratings import MODEL, Ratings, ordinal
from bot.replays import Replays
from bot.selfplay import SimulatedClock, play_one
from bot.store import RatingRow, ResultRow, ResultSeatRow, Store
from bot.tables import Tables

GAMES = 100_000
PLAYERS = 2_000
SLUGS = ("hisss", "puerto-rico", "chomp", "collide-o", "finders-keepers")
GUILDS = (1, 2, 3, 4)


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _generate(store: Store, chooser: random.Random, games: int) -> None:
    """Finished games with plausible results and the ratings they would give."""
    batch = 2_000
    ratings: dict[tuple[int, str, int], RatingRow] = {}
    for start in range(1, games + 1, batch):
        chunk: list[tuple[ResultRow, list[ResultSeatRow]]] = []
        for table_id in range(start, min(games + 1, start + batch)):
            guild, slug = chooser.choice(GUILDS), chooser.choice(SLUGS)
            players = chooser.randint(2, 5)
            finished = 1_700_000_000.0 + table_id * 60
            result = ResultRow(table_id, guild, slug, finished - 3600, finished, chooser.randint(30, 400), players,
                               True, "")
            ranks = list(range(1, players + 1))
            chooser.shuffle(ranks)
            seats = []
            for seat, (user, rank) in enumerate(zip(chooser.sample(range(1, PLAYERS + 1), players), ranks, strict=True)):
                old = ratings.get((guild, slug, user))
                mu = (old.mu if old else MODEL.mu) + (players / 2 - rank) * 0.3
                sigma = max(1.0, (old.sigma if old else MODEL.sigma) * 0.97)
                ratings[(guild, slug, user)] = RatingRow(guild, slug, user, mu, sigma, ordinal(mu, sigma),
                                                         (old.games if old else 0) + 1,
                                                         (old.wins if old else 0) + (rank == 1), finished)
                seats.append(ResultSeatRow(table_id, seat, user, False, float(10 - rank), rank,
                                           mu_after=mu, sigma_after=sigma))
            chunk.append((result, seats))
        await store.add_finished_games(chunk)
    await store.rewrite_ratings([], list(ratings.values()))


async def bench_stats(out: Callable[[str], None] = print, games: int = GAMES) -> dict[str, float]:
    chooser = random.Random(5)
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(Path(scratch) / "stats.sqlite3")
        try:
            began = time.perf_counter()
            await _generate(store, chooser, games)
            out(f"generated {games} finished games ({PLAYERS} players, {len(SLUGS)} games, {len(GUILDS)} servers) "
                f"in {time.perf_counter() - began:.0f} s")
            ratings = Ratings(store)
            for name, query in (
                ("leaderboard", lambda: ratings.leaderboard(chooser.choice(GUILDS), chooser.choice(SLUGS),
                                                            chooser.randint(1, 4))),
                ("profile", lambda: ratings.player(chooser.choice(GUILDS), chooser.randint(1, PLAYERS))),
                ("game figures", lambda: ratings.game(chooser.choice(GUILDS), chooser.choice(SLUGS))),
            ):
                samples = []
                cpu_samples = []
                for _ in range(200):
                    start, cpu = time.perf_counter(), time.process_time()
                    await query()
                    samples.append((time.perf_counter() - start) * 1000)
                    cpu_samples.append((time.process_time() - cpu) * 1000)
                figures[f"{name}_p95_ms"] = _p(samples, 0.95)
                out(f"  {name}: p50 {statistics.median(samples):.1f} ms, p95 {_p(samples, 0.95):.1f} ms wall; "
                    f"p95 {_p(cpu_samples, 0.95):.1f} ms CPU (target < 50)")

            clock = SimulatedClock()
            tables = Tables(store, clock=clock, seeds=iter(range(7, 10_000)).__next__, render=True)
            table_id, _, actions = await play_one(tables, slug="puerto-rico", players=4, options={},
                                                  channel_id=900_000, chooser=random.Random(1), clock=clock)
            replays = Replays(tables)
            steps, step_cpu = [], []
            for _ in range(60):
                start, cpu = time.perf_counter(), time.process_time()
                await replays.frame(table_id, chooser.randint(0, actions))
                steps.append((time.perf_counter() - start) * 1000)
                step_cpu.append((time.process_time() - cpu) * 1000)
            figures["replay_p95_ms"] = _p(steps, 0.95)
            figures["replay_p95_cpu_ms"] = _p(step_cpu, 0.95)
            out(f"  replay step of a {actions}-move game (picture included): p50 {statistics.median(steps):.0f} ms, "
                f"p95 {_p(steps, 0.95):.0f} ms wall; p50 {statistics.median(step_cpu):.0f} ms, "
                f"p95 {_p(step_cpu, 0.95):.0f} ms CPU (target < 200)")
            start, cpu = time.perf_counter(), time.process_time()
            gif = await replays.gif(table_id)
            seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
            assert gif is not None
            figures["gif_mb"], figures["gif_s"] = len(gif) / 1024 / 1024, seconds
            out(f"  GIF of the {actions}-move game: {len(gif) / 1024 / 1024:.2f} MB in {seconds:.1f} s wall, "
                f"{cpu_seconds:.1f} s CPU (targets < 8 MB, < 10 s; made in a worker thread)")
        finally:
            await store.close()
    return figures
