"""Benchmarks: prints numbers, asserts nothing. ``python -m bot bench [SLUG ...|all]``.

Per game:

- load: reading a table from SQLite into a fresh session layer (as after a restart), for a
  table 5 actions in and for the longest of the games played; the two are timed turn about
  (one early load, one late load, and again), so a busy machine slows both alike and the
  ratio shows only whether loading grows with history (it reads a snapshot, not the log);
- move: ``Tables.act`` — resolve, apply, serialise, commit to SQLite (p50/p95);
- card: drawing and encoding the table card, the picture posted after every move (p50/p95),
  its width and PNG size (the card is made for a phone: target <= :data:`TARGET_CARD_KB`);
- move + card p95, the time a player waits for the picture;
- render: the full board ("Full board", ``/board full``), drawn on every
  :data:`BOARD_EVERY`-th move: p50/p95, move + board p95 and its PNG size;
- engine: random playouts per second without store or pictures.

Times are given twice: wall time (``perf_counter``), which other programs on the machine
inflate, and this process's CPU time (``process_time``), which they do not — on a busy
machine the CPU figure is the one to compare with a quiet machine's wall time.

The tables run on a simulated clock (:class:`bot.selfplay.SimulatedClock`), as self-play does:
each simulated player thinks for a chosen time and deadlines fall when that time says, never
because drawing a picture took long on this machine (a real clock made timed games refuse
moves as "too late" whenever a render outlasted a tie window).
"""

from __future__ import annotations

import copy
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.engine import Game, State, all_games, clone_state, get_game
from bot.engine.testkit import random_walk
from bot.games import load_all
from bot.selfplay import SimulatedClock, simulated_users, think_or_expire
from bot.store import Store
from bot.tables import Reply, Tables, User

TARGET_RATIO = 1.5
TARGET_MOVE_MS = 100.0
TARGET_PNG_KB = 400
TARGET_CARD_KB = 150
BOARD_EVERY = 4
"""The full board is drawn after one move in this many: it is posted only on demand now, and
drawing it after every move would double the bench's time for a figure players rarely wait for."""
EARLY_POSITION = 5


def _ms(seconds: float) -> float:
    return seconds * 1000


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


@dataclass
class Samples:
    """Paired timings of one kind of work: wall seconds and CPU seconds, sample by sample."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)

    def p(self, q: float, cpu: bool = False) -> float:
        return _ms(_p(self.cpu if cpu else self.wall, q))

    def plus(self, other: Samples) -> Samples:
        """Sample-by-sample sums (a move and the picture drawn after it)."""
        return Samples([a + b for a, b in zip(self.wall, other.wall, strict=True)],
                       [a + b for a, b in zip(self.cpu, other.cpu, strict=True)])

    def line(self) -> str:
        return (f"p50 {self.p(0.5):.1f} ms, p95 {self.p(0.95):.1f} ms wall; "
                f"p50 {self.p(0.5, cpu=True):.1f} ms, p95 {self.p(0.95, cpu=True):.1f} ms CPU")


class _Timer:
    """``with _Timer(samples):`` adds the block's wall and CPU time to ``samples``."""

    def __init__(self, samples: Samples) -> None:
        self.samples = samples

    def __enter__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def __exit__(self, *exc: object) -> None:
        self.samples.add(time.perf_counter() - self.wall, time.process_time() - self.cpu)


async def _time_loads(store: Store, early_id: int, late_id: int, repeats: int = 200) -> tuple[Samples, Samples]:
    """Loads of two tables into a new session layer each time (nothing cached), interleaved."""
    early, late = Samples(), Samples()
    for _ in range(repeats):
        for table_id, samples in ((early_id, early), (late_id, late)):
            fresh = Tables(store, render=False)
            with _Timer(samples):
                await fresh.load(table_id)
    return early, late


async def _open_game(tables: Tables, game: Game, players: int, channel: int) -> tuple[Reply, dict[int, User]]:
    """A started table of simulated players; returns the first reply and the users by id."""
    users = simulated_users(players)
    by_id = {user.id: user for user in users}
    await tables.create(guild_id=None, channel_id=channel, host=users[0], slug=game.slug)
    for user in users[1:]:
        await tables.join(channel_id=channel, user=user)
    return await tables.start(channel_id=channel, user=users[0]), by_id


async def _step(tables: Tables, clock: SimulatedClock, reply: Reply, by_id: dict[int, User],
                chooser: random.Random) -> Reply:
    """One simulated decision on the table clock: a player thinks for a while and moves; if the
    thinking outlasts the reply's deadline, the deadline resolves first (as the bot's timer would)."""
    expired = await think_or_expire(tables, clock, reply, chooser)
    if expired is not None:
        return expired
    turn = chooser.choice(reply.turns)
    key = chooser.choice(turn.actions).key
    return await tables.act(user=by_id[turn.user_id], move=key, table_id=reply.table_id)


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


def mid_game_state(game: Game, players: int, seed: int = 1) -> State:
    """A state halfway through a random game of ``game``: the kit's :func:`random_walk`, walked
    once to learn the game's length and again to stop at half of it."""
    length = sum(1 for _ in random_walk(game, players, seed))
    walk = random_walk(game, players, seed)
    for _ in range(length // 2):
        next(walk)
    return clone_state(next(walk))


def state_copy_us(game: Game, players: int, seconds: float = 0.3) -> tuple[float, float]:
    """Microseconds to copy a mid-game state with :func:`bot.engine.clone_state` (what a hard
    bot's search does for every move it tries) and with :func:`copy.deepcopy`."""
    state = mid_game_state(game, players)

    def per_copy(copier: Callable[[State], State]) -> float:
        copies = 0
        began = time.process_time()
        while (spent := time.process_time() - began) < seconds:
            copier(state)
            copies += 1
        return spent / copies * 1e6

    return per_copy(clone_state), per_copy(copy.deepcopy)


async def bench_game(slug: str, out: Callable[[str], None] = print, players: int | None = None,
                     games: int = 3, engine_seconds: float = 3.0) -> dict[str, float]:
    from bot.render import board_png, card_png

    game = get_game(slug)
    count = players or min(max(game.min_players, 4), game.max_players)
    chooser = random.Random(7)
    moves, cards, board_moves, renders = Samples(), Samples(), Samples(), Samples()
    sizes: list[int] = []
    card_sizes: list[int] = []
    card_widths: set[int] = set()
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(Path(scratch) / "bench.sqlite3")
        try:
            clock = SimulatedClock()
            tables = Tables(store, clock=clock, seeds=iter(range(100, 10_000)).__next__, render=False)
            # The longest of a few games, so "end of a long game" really is long.
            best: tuple[int, int] | None = None
            for channel in range(games):
                reply, by_id = await _open_game(tables, game, count, 50_000 + channel)
                table_id = reply.table_id
                while reply.turns:
                    with _Timer(moves):
                        reply = await _step(tables, clock, reply, by_id, chooser)
                    live = await tables.load(table_id)
                    view = tables.public_view(live)
                    with _Timer(cards):
                        card = card_png(game, view)
                    card_sizes.append(len(card))
                    card_widths.add(png_width(card))
                    if len(moves.wall) % BOARD_EVERY == 1:
                        board_moves.add(moves.wall[-1], moves.cpu[-1])
                        with _Timer(renders):
                            png = board_png(game, view)
                        sizes.append(len(png))
                if best is None or reply.position > best[1]:
                    best = (table_id, reply.position)
            assert best is not None
            # A table that stays early in its game, loaded turn about with the long one.
            reply, by_id = await _open_game(tables, game, count, 50_000 + games)
            while reply.turns and reply.position < EARLY_POSITION:
                reply = await _step(tables, clock, reply, by_id, chooser)
            early, late = await _time_loads(store, reply.table_id, best[0])
            early_position = reply.position
        finally:
            await store.close()
    totals = board_moves.plus(renders)
    to_card = moves.plus(cards)
    figures = {
        "load_early_ms": early.p(0.5),
        "load_late_ms": late.p(0.5),
        "load_ratio": late.p(0.5) / early.p(0.5),
        "load_ratio_cpu": late.p(0.5, cpu=True) / max(1e-9, early.p(0.5, cpu=True)),
        "long_game_actions": best[1],
        "move_p50_ms": moves.p(0.5),
        "move_p95_ms": moves.p(0.95),
        "move_p95_cpu_ms": moves.p(0.95, cpu=True),
        "card_p50_ms": cards.p(0.5),
        "card_p95_ms": cards.p(0.95),
        "card_p95_cpu_ms": cards.p(0.95, cpu=True),
        "move_card_p95_ms": to_card.p(0.95),
        "move_card_p95_cpu_ms": to_card.p(0.95, cpu=True),
        "card_width_min": min(card_widths),
        "card_width_max": max(card_widths),
        "card_median_kb": statistics.median(card_sizes) / 1024,
        "card_max_kb": max(card_sizes) / 1024,
        "render_p50_ms": renders.p(0.5),
        "render_p95_ms": renders.p(0.95),
        "render_p50_cpu_ms": renders.p(0.5, cpu=True),
        "render_p95_cpu_ms": renders.p(0.95, cpu=True),
        "move_render_p95_ms": totals.p(0.95),
        "move_render_p95_cpu_ms": totals.p(0.95, cpu=True),
        "png_median_kb": statistics.median(sizes) / 1024,
        "png_max_kb": max(sizes) / 1024,
        "engine_games_per_s": engine_playouts_per_second(game, count, engine_seconds),
    }
    figures["clone_us"], figures["deepcopy_us"] = state_copy_us(game, count, engine_seconds / 10)

    def verdict(ok: bool) -> str:
        return "ok" if ok else "MISSED"

    out(f"{game.slug} ({count} players, {len(moves.wall)} moves in {games} games)")
    out(
        f"  load after {early_position} actions {figures['load_early_ms']:.2f} ms; after {best[1]} actions "
        f"{figures['load_late_ms']:.2f} ms (interleaved); ratio {figures['load_ratio']:.2f} wall, "
        f"{figures['load_ratio_cpu']:.2f} CPU (target <= {TARGET_RATIO}: {verdict(figures['load_ratio'] <= TARGET_RATIO)})"
    )
    out(f"  apply+persist per move: {moves.line()}")
    out(f"  table card: {cards.line()}")
    out(
        f"  move→card (apply+persist+card) p95 {figures['move_card_p95_ms']:.1f} ms wall, "
        f"{figures['move_card_p95_cpu_ms']:.1f} ms CPU "
        f"(target < {TARGET_MOVE_MS:.0f} on a quiet machine: wall {verdict(figures['move_card_p95_ms'] < TARGET_MOVE_MS)}, "
        f"CPU {verdict(figures['move_card_p95_cpu_ms'] < TARGET_MOVE_MS)})"
    )
    widths = sorted(card_widths)
    width = f"{widths[0]} px" if len(widths) == 1 else f"{widths[0]}–{widths[-1]} px"
    out(
        f"  card {width} wide, PNG median {figures['card_median_kb']:.0f} KB, max {figures['card_max_kb']:.0f} KB "
        f"(target <= {TARGET_CARD_KB}: {verdict(figures['card_max_kb'] <= TARGET_CARD_KB)})"
    )
    out(f"  full board (every {BOARD_EVERY}th move): {renders.line()}")
    out(
        f"  move→full board p95 {figures['move_render_p95_ms']:.1f} ms wall, "
        f"{figures['move_render_p95_cpu_ms']:.1f} ms CPU; "
        f"PNG median {figures['png_median_kb']:.0f} KB, max {figures['png_max_kb']:.0f} KB "
        f"(target <= {TARGET_PNG_KB}: {verdict(figures['png_max_kb'] <= TARGET_PNG_KB)})"
    )
    out(f"  engine-only random playouts: {figures['engine_games_per_s']:.1f} games/s")
    out(
        f"  copying a mid-game state (CPU): clone_state {figures['clone_us']:.0f} µs, "
        f"deepcopy {figures['deepcopy_us']:.0f} µs ({figures['deepcopy_us'] / figures['clone_us']:.1f}× faster)"
    )
    return figures


def summary(results: dict[str, dict[str, float]], out: Callable[[str], None] = print) -> None:
    """One line per game: the figures a player feels, side by side."""
    out("")
    out(f"{'game':<20} {'move→card p95':>22} {'card width':>11} {'card KB':>9} {'board p95 (CPU)':>16} {'board KB':>9}")
    for slug, f in results.items():
        low, high = int(f["card_width_min"]), int(f["card_width_max"])
        width = f"{low}" if low == high else f"{low}–{high}"
        out(
            f"{slug:<20} {f['move_card_p95_ms']:>8.1f} ms ({f['move_card_p95_cpu_ms']:5.1f} CPU) "
            f"{width:>11} {f['card_max_kb']:>6.0f} max {f['render_p95_cpu_ms']:>12.1f} ms {f['png_median_kb']:>8.0f}"
        )


def png_width(png: bytes) -> int:
    """A PNG's width from its header (the IHDR chunk opens every PNG), without decoding it."""
    return int.from_bytes(png[16:20], "big")


async def bench(slugs: list[str], out: Callable[[str], None] = print) -> int:
    load_all()
    every = [game.slug for game in all_games()]
    results: dict[str, dict[str, float]] = {}
    for slug in [s for name in (slugs or ["all"]) for s in (every if name == "all" else [name])]:
        if slug == "stats":
            from bot.bench_stats import bench_stats

            await bench_stats(out)
            continue
        if slug == "1856-routes":
            from bot.games.g1856.bench_routes import bench_routes

            bench_routes(out)
            continue
        results[slug] = await bench_game(slug, out)
    if len(results) > 1:
        summary(results, out)
    return 0
