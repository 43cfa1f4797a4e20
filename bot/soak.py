"""Crash soak: ``python -m bot crashsoak --kills 50 [--db …]``. Prints numbers; exits 1 on a loss.

A child process (``--child``) plays HISSS and Puerto Rico tables through the session layer
as fast as it can and, after every move that :meth:`Tables.act` acknowledged (returned, so
committed), appends ``table position`` to an acknowledgement file and flushes it. The parent
kills the child with SIGKILL at a random moment, ``--kills`` times, restarting it after each
kill (the child picks up the open tables where the database left them). After every kill the
parent checks, with the child dead:

- every acknowledged move is in the database (same table, same position);
- every table's latest snapshot equals a replay of its log from the seed.

It prints kills / moves acknowledged / moves lost / tables whose replay differs.
``--db`` is a SQLite path (default: a temporary file) or a ``postgresql://`` URL of an empty
database.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bot.games import load_all
from bot.migrate import replay_matches
from bot.store import Store
from bot.tables import TableError, Tables, User

TABLES_AT_ONCE = 4


async def child(db: str, ack_path: Path, seed: int) -> None:
    """Play moves forever (until killed), acknowledging each committed one in ``ack_path``."""
    load_all()
    chooser = random.Random(seed)
    store = await Store.open(db)
    tables = Tables(store, seeds=lambda: chooser.getrandbits(62), render=False)
    with ack_path.open("a", encoding="utf-8") as acks:
        while True:
            open_ids = [row.id for row in await store.tables(statuses=("playing",))]
            for index in range(len(open_ids), TABLES_AT_ONCE):
                channel = 7_000_000 + chooser.getrandbits(30)
                slug = ("hisss", "puerto-rico")[index % 2]
                users = [User(20_000_000 + channel % 1_000_000 * 10 + s, f"P{s + 1}") for s in range(3)]
                await tables.create(guild_id=1, channel_id=channel, host=users[0], slug=slug)
                for user in users[1:]:
                    await tables.join(channel_id=channel, user=user)
                open_ids.append((await tables.start(channel_id=channel, user=users[0])).table_id)
            for table_id in open_ids:
                live = await tables.load(table_id)
                turns = tables.turns(live)
                if not turns:
                    continue
                turn = chooser.choice(turns)
                try:
                    reply = await tables.act(
                        user=User(turn.user_id, turn.name), move=chooser.choice(turn.actions).key, table_id=table_id
                    )
                except TableError:
                    continue
                acks.write(f"{table_id} {reply.position}\n")
                acks.flush()


async def verify(db: str, ack_path: Path) -> tuple[int, int, int]:
    """(acknowledged moves, moves lost, tables whose replay differs from their snapshot)."""
    load_all()
    acknowledged = [tuple(map(int, line.split())) for line in ack_path.read_text().splitlines() if line.count(" ") == 1]
    store = await Store.open(db)
    try:
        lost = 0
        positions: dict[int, int] = {}
        for table_id, position in acknowledged:
            if table_id not in positions:
                row = await store.table(table_id)
                positions[table_id] = row.position if row else -1
            if positions[table_id] < position:
                lost += 1
        differs = 0
        for row in await store.tables(statuses=("playing", "over")):
            if not await replay_matches(store, row):
                differs += 1
        return len(acknowledged), lost, differs
    finally:
        await store.close()


def crash_soak(db: str | None, kills: int, seed: int = 1, out: Callable[[str], None] = print) -> int:
    chooser = random.Random(seed)
    with tempfile.TemporaryDirectory() as scratch:
        location = db or str(Path(scratch) / "soak.sqlite3")
        ack_path = Path(scratch) / "acks.txt"
        ack_path.touch()
        totals = (0, 0, 0)
        began = time.perf_counter()
        for kill in range(1, kills + 1):
            proc = subprocess.Popen(
                [sys.executable, "-m", "bot", "crashsoak", "--child", "--db", location, "--acks", str(ack_path),
                 "--seed", str(seed * 1000 + kill)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            )
            # Let it start and play a while: kill at a random moment of its work.
            time.sleep(1.0 + chooser.random() * 1.5)
            if proc.poll() is not None:
                out(f"the child exited by itself ({proc.returncode}): {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}")
                return 2
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
            totals = asyncio.run(verify(location, ack_path))
            if totals[1] or totals[2]:
                out(f"kill {kill}: {totals[1]} acknowledged moves lost, {totals[2]} tables differ from their replay")
        acknowledged, lost, differs = totals
    out(f"crash soak ({'postgresql' if location.startswith('postgres') else 'sqlite'}): {kills} SIGKILLs, "
        f"{acknowledged} moves acknowledged, {lost} lost, {differs} tables whose replay differs from the snapshot "
        f"({time.perf_counter() - began:.0f} s)")
    return 1 if lost or differs else 0
