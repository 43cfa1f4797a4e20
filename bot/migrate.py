"""Move an installation to another database: ``python -m bot migrate --from … --to …``.

Typically from the SQLite file to PostgreSQL when one process is no longer enough::

    python -m bot migrate --from sqlite:///data/gamemaster.sqlite3 --to postgresql://gm@db/gamemaster

Every row of every table is copied with its id (tables, seats, the action log, snapshots,
the audit, user / channel / server settings, deadline notices, requests, the signing key and
waiting imports), in batches of one transaction each. Then every game is verified: its log is
replayed from the seed through the rules and must reproduce its latest snapshot, and every
row count must match. The bot must be stopped while this runs (the SQLite file's lock makes
sure of it). The target must be empty; the source is left as it was.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from bot.engine import UnknownGame, get_game
from bot.games import load_all
from bot.store import COPY_ORDER, Store, StoreError, TableRow, copy_rows, row_counts
from bot.tables import replay_action


async def replay_matches(store: Store, row: TableRow) -> bool:
    """Whether the table's log, replayed from its seed, gives its latest snapshot (True before a start)."""
    loaded = await store.load_state(row.id)
    if loaded is None:
        return True
    game = get_game(row.slug)
    seats = await store.seats(row.id)
    state = game.setup(len(seats), row.options, row.seed)
    for action in await store.actions(row.id):
        replay_action(game, state, action.seat, action.action_key, action.at_ms)
    latest = json.loads(loaded.state_json)
    for action in loaded.later_actions:
        replay_action(game, latest, action.seat, action.action_key, action.at_ms)
    return json.dumps(state, sort_keys=True) == json.dumps(latest, sort_keys=True)


async def migrate(source: str, target: str, out: Callable[[str], None] = print) -> int:
    load_all()
    began = time.perf_counter()
    try:
        old = await Store.open(source)
    except StoreError as error:
        out(f"cannot open the source: {error}")
        return 2
    try:
        new = await Store.open(target)
    except StoreError as error:
        await old.close()
        out(f"cannot open the target: {error}")
        return 2
    try:
        try:
            counts = await copy_rows(old, new)
        except StoreError as error:
            out(str(error))
            return 2
        copied = time.perf_counter() - began
        out(f"copied {old.backend_name} → {new.backend_name} in {copied:.1f} s: "
            + ", ".join(f"{name} {counts[name]}" for name in COPY_ORDER))
        copied_counts = await row_counts(new)
        mismatched = [name for name in COPY_ORDER if copied_counts[name] != counts[name]]
        games = failed = 0
        for row in await new.tables(statuses=("playing", "over", "cancelled")):
            try:
                same = await replay_matches(new, row)
            except UnknownGame:
                same = False
            games += 1
            if not same:
                failed += 1
                out(f"table {row.id} ({row.slug}): the replayed log differs from its snapshot")
        out(f"verified: {games} games replayed, {failed} differ; row counts {'match' if not mismatched else 'differ: ' + ', '.join(mismatched)}")
        return 1 if failed or mismatched else 0
    finally:
        await old.close()
        await new.close()
