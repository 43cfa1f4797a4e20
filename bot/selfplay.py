"""Random (or game-provided) agents play whole games through the session layer and a store.

Every move goes the way a player's would: ``Tables.act`` with the user's id, the action key,
a real SQLite write. A game that raises, stalls or refuses a prompted move is an error and
makes the command exit non-zero.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from bot.engine import get_game
from bot.games import load_all
from bot.store import Store
from bot.tables import Reply, Tables, User, describe_outcome


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    players: int
    actions: int
    summary: str
    seconds: float


class SimulatedClock:
    """Self-play time: moves forward only when the loop says, so live games replay the same way."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


THINKING_SECONDS = (0.0, 0.02, 0.1, 0.25, 0.31, 0.6, 1.5, 4.0, 12.0)
"""How long a simulated player takes in a live game: instant, inside a tie window, slow."""


def simulated_users(count: int) -> list[User]:
    """Players driven by the self-play loop: ordinary seats (not bot seats, which play themselves)."""
    return [User(id=900_000 + seat, name=f"Player {seat + 1}") for seat in range(count)]



async def think_or_expire(tables: Tables, clock: SimulatedClock, reply: Reply,
                          chooser: random.Random) -> Reply | None:
    """A simulated player thinks for a while on the table clock before answering ``reply``.

    When the thinking outlasts the reply's deadline, the deadline resolves first, as the bot's
    timer would: the reply that expiry produced is returned. ``None``: the player may move."""
    if reply.deadline_at is None:
        return None
    clock.now += chooser.choice(THINKING_SECONDS)
    if clock.now < reply.deadline_at:
        return None
    clock.now = reply.deadline_at
    expired = [r for r in await tables.expire_due(clock.now) if r.table_id == reply.table_id]
    if not expired:
        raise RuntimeError(f"table {reply.table_id}: a deadline passed and nothing happened")
    return expired[-1]

async def play_one(
    tables: Tables,
    *,
    slug: str,
    players: int,
    options: dict[str, str],
    channel_id: int,
    chooser: random.Random,
    images: Path | None = None,
    use_agents: bool = False,
    clock: SimulatedClock | None = None,
    bots: str | None = None,
) -> tuple[int, str, int]:
    """Play one table to the end; returns (table id, result line, actions in its log: the
    players' moves and what played itself — forced moves, standing orders, deadlines).

    In live (timed) games the simulated players take a random time to answer; when that
    passes a deadline, the deadline is resolved first, as the bot's timer would. ``bots``: one
    simulated player and bot seats of that level (:mod:`bot.bots`) in the others, which
    the session layer plays as it plays any bot seat.
    """
    users = simulated_users(1 if bots else players)
    host = users[0]
    reply = await tables.create(guild_id=None, channel_id=channel_id, host=host, slug=slug, options=options)
    for user in users[1:]:
        await tables.join(channel_id=channel_id, user=user)
    for _ in range(players - 1 if bots else 0):
        await tables.add_bot(channel_id=channel_id, user=host, level=bots or "normal")
    reply = await tables.start(channel_id=channel_id, user=host)
    game = get_game(slug)
    by_id = {user.id: user for user in users}
    bound = game.max_actions(players)
    actions = 0
    while reply.turns:
        if actions >= bound:
            raise RuntimeError(f"table {reply.table_id} not over after {bound} actions")
        if clock is not None:
            expired = await think_or_expire(tables, clock, reply, chooser)
            if expired is not None:
                reply = expired
                actions += 1
                continue
        turn = chooser.choice(reply.turns)
        if use_agents:
            live = await tables.load(reply.table_id)
            assert live.state is not None
            key = game.agent(live.state, turn.seat, chooser)
        else:
            key = chooser.choice(turn.actions).key
        reply = await tables.act(user=by_id[turn.user_id], move=key, table_id=reply.table_id)
        actions += 1
    live = await tables.load(reply.table_id)
    assert live.state is not None
    outcome = game.outcome(live.state)
    if outcome is None:
        raise RuntimeError(f"table {reply.table_id} has no prompts and no outcome")
    if images is not None:
        from bot.render import board_png

        images.mkdir(parents=True, exist_ok=True)
        (images / f"selfplay-{slug}-{reply.table_id}.png").write_bytes(board_png(game, tables.public_view(live)))
    return reply.table_id, describe_outcome(outcome, live.names, game.format_score), live.position


async def selfplay(
    slug: str,
    *,
    games: int,
    players: int | None,
    seed: int,
    options: dict[str, str],
    db: str | None,
    images: Path | None,
    agents: bool = False,
    bots: str | None = None,
    out: Callable[[str], None] = print,
) -> int:
    """Run ``games`` games; print a line each and a total. Returns a process exit status."""
    load_all()
    game = get_game(slug)
    counts = [players] if players else list(range(game.min_players, game.max_players + 1))
    game.resolve_options(options)
    with tempfile.TemporaryDirectory() as scratch:
        store = await Store.open(db or Path(scratch) / "selfplay.sqlite3")
        seeds = iter(range(seed, seed + games))
        clock = SimulatedClock()
        tables = Tables(store, seeds=lambda: next(seeds), render=False, clock=clock)
        chooser = random.Random(seed)
        started = time.perf_counter()
        total_actions = failures = 0
        try:
            for index in range(games):
                count = counts[index % len(counts)]
                began = time.perf_counter()
                try:
                    _, summary, actions = await play_one(
                        tables,
                        slug=slug,
                        players=count,
                        options=options,
                        channel_id=10_000 + index,
                        chooser=chooser,
                        images=images,
                        use_agents=agents,
                        clock=clock,
                        bots=bots,
                    )
                except Exception as error:  # report and go on: one broken game must not hide others
                    failures += 1
                    out(f"game {index + 1}: ERROR with {count} players (seed {seed + index}): {error!r}")
                    continue
                total_actions += actions
                out(
                    f"game {index + 1}: {count} players, {actions} actions, "
                    f"{time.perf_counter() - began:.2f}s — {summary}"
                )
        finally:
            await store.close()
        elapsed = time.perf_counter() - started
    out(
        f"total: {games} games ({failures} failed), {total_actions} actions in {elapsed:.1f}s — "
        f"{games / elapsed:.2f} games/s, {total_actions / elapsed:.0f} actions/s"
    )
    return 1 if failures else 0
