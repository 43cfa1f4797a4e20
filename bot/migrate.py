"""Move an installation to another database: ``python -m bot migrate --from … --to …``.

Typically from the SQLite file to PostgreSQL when one process is no longer enough::

    python -m bot migrate --from sqlite:///data/gamemaster.sqlite3 --to postgresql://gm@db/gamemaster

Every row of every table is copied with its id (tables, seats, the action log, snapshots,
the audit, user / channel / server settings, deadline notices, requests, the signing key and
waiting imports), in batches of one transaction each. Then every game is verified: its log is
replayed from the seed through the rules and must reproduce its latest snapshot, and every
row count must match. A snapshot written by an older version that lacks only keys today's
``setup`` adds (the game's state grew since) is reported as compatible, not as a difference. The bot must be stopped while this runs (the SQLite file's lock makes
sure of it). The target must be empty; the source is left as it was.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.engine import UnknownGame, get_game
from bot.games import load_all
from bot.store import COPY_ORDER, Store, StoreError, TableRow, copy_rows, row_counts
from bot.tables import replay_action

Path = tuple[str | int, ...]
"""Where a value sits in a state: dict keys and list indexes from the top."""

_ABSENT = object()


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a table's stored snapshot compares with its log replayed by today's rules.

    ``same``: identical. ``compatible``: identical except for keys the snapshot lacks that
    today's ``setup`` creates (``missing`` names them) — a game started by an older version,
    before its state gained those keys; nothing the players did is lost. Otherwise the
    replay really differs from what was stored.
    """

    same: bool
    compatible: bool
    missing: tuple[str, ...] = ()


def _added_keys(replayed: Any, stored: Any, fresh: Any, path: Path) -> list[Path] | None:
    """The key paths ``replayed`` has and ``stored`` lacks, all of them keys that today's
    fresh ``setup`` state also has at that path; ``None`` if anything else differs."""
    if isinstance(replayed, dict) and isinstance(stored, dict):
        if set(stored) - set(replayed):
            return None  # the stored snapshot holds something today's rules never make
        added: list[Path] = []
        for key, value in replayed.items():
            below = fresh.get(key, _ABSENT) if isinstance(fresh, dict) else _ABSENT
            if key not in stored:
                if below is _ABSENT:
                    return None  # a key made during play that the old snapshot lacks: a real difference
                added.append((*path, key))
                continue
            inner = _added_keys(value, stored[key], below, (*path, key))
            if inner is None:
                return None
            added += inner
        return added
    if isinstance(replayed, list) and isinstance(stored, list):
        if len(replayed) != len(stored):
            return None
        added = []
        for index, (value, old) in enumerate(zip(replayed, stored, strict=True)):
            below = fresh[index] if isinstance(fresh, list) and index < len(fresh) else _ABSENT
            inner = _added_keys(value, old, below, (*path, index))
            if inner is None:
                return None
            added += inner
        return added
    return [] if replayed == stored else None


def compare_snapshot(replayed: dict[str, Any], stored: dict[str, Any], fresh: dict[str, Any]) -> Verdict:
    """Compare a replayed state with the stored snapshot; ``fresh`` is today's ``setup`` state."""
    if json.dumps(replayed, sort_keys=True) == json.dumps(stored, sort_keys=True):
        return Verdict(same=True, compatible=True)
    added = _added_keys(replayed, stored, fresh, ())
    if not added:
        return Verdict(same=False, compatible=False)
    return Verdict(same=False, compatible=True, missing=tuple(".".join(map(str, p)) for p in added))


async def compare_replay(store: Store, row: TableRow) -> Verdict:
    """Replay the table's log from its seed and compare with its latest snapshot."""
    loaded = await store.load_state(row.id)
    if loaded is None:
        return Verdict(same=True, compatible=True)
    game = get_game(row.slug)
    seats = await store.seats(row.id)
    fresh = game.setup(len(seats), row.options, row.seed)
    state = json.loads(json.dumps(fresh))
    for action in await store.actions(row.id):
        replay_action(game, state, action.seat, action.action_key, action.at_ms)
    latest = json.loads(loaded.state_json)
    for action in loaded.later_actions:
        replay_action(game, latest, action.seat, action.action_key, action.at_ms)
    return compare_snapshot(state, latest, fresh)


async def replay_matches(store: Store, row: TableRow) -> bool:
    """Whether the table's log, replayed from its seed, gives its latest snapshot exactly (True before a start)."""
    return (await compare_replay(store, row)).same


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
        games = failed = compatible = 0
        for row in await new.tables(statuses=("playing", "over", "cancelled")):
            try:
                verdict = await compare_replay(new, row)
            except UnknownGame:
                verdict = Verdict(same=False, compatible=False)
            games += 1
            if not verdict.compatible:
                failed += 1
                out(f"table {row.id} ({row.slug}): the replayed log differs from its snapshot")
            elif not verdict.same:
                compatible += 1
                out(f"table {row.id} ({row.slug}): compatible — its snapshot was made before the game's state had "
                    f"{', '.join(verdict.missing)} (today's setup adds them); everything else matches")
        older = f", {compatible} compatible (older snapshots)" if compatible else ""
        out(f"verified: {games} games replayed, {failed} differ{older}; "
            f"row counts {'match' if not mismatched else 'differ: ' + ', '.join(mismatched)}")
        return 1 if failed or mismatched else 0
    finally:
        await old.close()
        await new.close()
