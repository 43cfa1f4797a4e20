"""Benchmarks: prints numbers, asserts nothing. ``python -m bot bench [SLUG ...]``.

Per game:

- load: reading a table from SQLite into a fresh session layer (as after a restart), after
  a few actions and at the end of a long game; the ratio shows loading does not grow with
  history (it reads a snapshot, not the log);
- move: ``Tables.act`` — resolve, apply, serialise, commit to SQLite (p50/p95);
- render: drawing and encoding the public board (p50/p95), and the PNG size;
- move + render p95, the time a player waits for the picture;
- engine: random playouts per second without store or pictures.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bot.engine import Game, all_games, get_game
from bot.games import load_all
from bot.selfplay import simulated_users
from bot.store import Store
from bot.tables import Reply, Tables, User

TARGET_RATIO = 1.5
TARGET_MOVE_MS = 100.0
TARGET_PNG_KB = 400


def _ms(seconds: float) -> float:
    return seconds * 1000


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def _time_load(store: Store, table_id: int, repeats: int = 200) -> float:
    """Median seconds to load a table into a new session layer (nothing cached)."""
    samples = []
    for _ in range(repeats):
        fresh = Tables(store, render=False)
        began = time.perf_counter()
        await fresh.load(table_id)
        samples.append(time.perf_counter() - began)
    return statistics.median(samples)


async def _open_game(tables: Tables, game: Game, players: int, channel: int) -> tuple[Reply, dict[int, User]]:
    """A started table of bots; returns the first reply and the users by id."""
    users = simulated_users(players)
    by_id = {user.id: user for user in users}
    await tables.create(guild_id=None, channel_id=channel, host=users[0], slug=game.slug)
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    return await tables.start(channel_id=channel, user=users[0]), by_id


def engine_playouts_per_second(game: Game, players: int, seconds: float = 3.0) -> float:
    chooser = random.Random(1)
    done = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.setup(players, game.resolve_options({}), done)
        while prompts := game.prompts(state):
            prompt = chooser.choice(prompts)
            game.apply(state, prompt.seat, chooser.choice(prompt.actions).key)
        done += 1
    return done / (time.perf_counter() - began)


async def bench_game(slug: str, out: Callable[[str], None] = print, players: int | None = None) -> dict[str, float]:
    from bot.render import board_png

    game = get_game(slug)
    count = players or min(max(game.min_players, 4), game.max_players)
    chooser = random.Random(7)
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(Path(scratch) / "bench.sqlite3")
        try:
            # The longest of a few games, so "end of a long game" really is long.
            tables = Tables(store, seeds=iter(range(100, 10_000)).__next__, render=False)
            move_times: list[float] = []
            render_times: list[float] = []
            sizes: list[int] = []
            best: tuple[int, int] | None = None
            early_loads: list[float] = []
            for channel in range(3):
                reply, by_id = await _open_game(tables, game, count, 50_000 + channel)
                table_id = reply.table_id
                while reply.turns:
                    turn = chooser.choice(reply.turns)
                    key = chooser.choice(turn.actions).key
                    began = time.perf_counter()
                    reply = await tables.act(user=by_id[turn.user_id], move=key, table_id=table_id)
                    move_times.append(time.perf_counter() - began)
                    live = await tables.load(table_id)
                    began = time.perf_counter()
                    png = board_png(game, tables.public_view(live))
                    render_times.append(time.perf_counter() - began)
                    sizes.append(len(png))
                    if reply.position == 5:
                        early_loads.append(await _time_load(store, table_id))
                if best is None or reply.position > best[1]:
                    best = (table_id, reply.position)
            assert best is not None
            load_early = statistics.median(early_loads)
            load_late = await _time_load(store, best[0])
        finally:
            await store.close()
    totals = [m + r for m, r in zip(move_times, render_times, strict=True)]
    figures = {
        "load_early_ms": _ms(load_early),
        "load_late_ms": _ms(load_late),
        "load_ratio": load_late / load_early,
        "long_game_actions": best[1],
        "move_p50_ms": _ms(_p(move_times, 0.5)),
        "move_p95_ms": _ms(_p(move_times, 0.95)),
        "render_p50_ms": _ms(_p(render_times, 0.5)),
        "render_p95_ms": _ms(_p(render_times, 0.95)),
        "move_render_p95_ms": _ms(_p(totals, 0.95)),
        "png_median_kb": statistics.median(sizes) / 1024,
        "png_max_kb": max(sizes) / 1024,
        "engine_games_per_s": engine_playouts_per_second(game, count),
    }

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    out(f"{game.slug} ({count} players)")
    out(
        f"  load after 5 actions {figures['load_early_ms']:.2f} ms; after {best[1]} actions "
        f"{figures['load_late_ms']:.2f} ms; ratio {figures['load_ratio']:.2f} "
        f"(target <= {TARGET_RATIO}: {verdict(figures['load_ratio'] <= TARGET_RATIO)})"
    )
    out(f"  apply+persist per move: p50 {figures['move_p50_ms']:.2f} ms, p95 {figures['move_p95_ms']:.2f} ms")
    out(f"  render: p50 {figures['render_p50_ms']:.1f} ms, p95 {figures['render_p95_ms']:.1f} ms")
    out(
        f"  apply+persist+render p95 {figures['move_render_p95_ms']:.1f} ms "
        f"(target < {TARGET_MOVE_MS:.0f}: {verdict(figures['move_render_p95_ms'] < TARGET_MOVE_MS)})"
    )
    out(
        f"  PNG median {figures['png_median_kb']:.0f} KB, max {figures['png_max_kb']:.0f} KB "
        f"(target <= {TARGET_PNG_KB}: {verdict(figures['png_max_kb'] <= TARGET_PNG_KB)})"
    )
    out(f"  engine-only random playouts: {figures['engine_games_per_s']:.1f} games/s")
    return figures


async def bench(slugs: list[str], out: Callable[[str], None] = print) -> int:
    load_all()
    for slug in slugs or [game.slug for game in all_games()]:
        if slug == "stats":
            from bot.bench_stats import bench_stats

            await bench_stats(out)
            continue
        if slug == "1856-routes":
            from bot.games.g1856.bench_routes import bench_routes

            bench_routes(out)
            continue
        await bench_game(slug, out)
    return 0
