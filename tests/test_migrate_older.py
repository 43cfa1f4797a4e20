"""``python -m bot migrate`` of an older installation: snapshots written before a game's state
gained keys (that today's ``setup`` creates) are compatible, not "differ"."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.migrate import compare_snapshot, migrate
from bot.selfplay import SimulatedClock, play_one
from bot.store import Store
from bot.tables import Tables


async def _finished_hisss(path: Path) -> int:
    store = await Store.open(path)
    clock = SimulatedClock()
    tables = Tables(store, clock=clock, seeds=iter(range(50, 60)).__next__, render=False)
    table_id, _, _ = await play_one(tables, slug="hisss", players=3, options={}, channel_id=10,
                                    chooser=random.Random(3), clock=clock)
    await store.close()
    return table_id


def _rewrite_snapshots(path: Path, change: Callable[[dict[str, Any]], object]) -> None:
    """Edit every stored snapshot as an older version (or a corruption) would have left it."""
    with sqlite3.connect(path) as raw:
        for rowid, state in raw.execute("SELECT rowid, state FROM snapshots").fetchall():
            data = json.loads(state)
            change(data)
            raw.execute("UPDATE snapshots SET state = ? WHERE rowid = ?", (json.dumps(data), rowid))


async def test_snapshots_lacking_only_keys_setup_adds_are_compatible(tmp_path: Path) -> None:
    source = tmp_path / "old.sqlite3"
    table_id = await _finished_hisss(source)
    _rewrite_snapshots(source, lambda state: state.pop("starter"))  # an older HISSS had no "starter"
    lines: list[str] = []
    assert await migrate(str(source), str(tmp_path / "new.sqlite3"), out=lines.append) == 0, lines
    assert f"table {table_id} (hisss): compatible" in "\n".join(lines) and "starter" in "\n".join(lines)
    assert "1 games replayed, 0 differ, 1 compatible (older snapshots); row counts match" in lines[-1]


async def test_a_snapshot_whose_values_differ_still_differs(tmp_path: Path) -> None:
    source = tmp_path / "old.sqlite3"
    table_id = await _finished_hisss(source)

    def damage(state: dict[str, Any]) -> None:
        state.pop("starter")
        state["turn"] += 1  # not an older shape: a different game

    _rewrite_snapshots(source, damage)
    lines: list[str] = []
    assert await migrate(str(source), str(tmp_path / "new.sqlite3"), out=lines.append) == 1
    assert f"table {table_id} (hisss): the replayed log differs from its snapshot" in lines
    assert "1 games replayed, 1 differ; row counts match" in lines[-1]


def test_only_keys_of_todays_setup_count_as_compatible() -> None:
    fresh = {"players": [{"coins": 3}, {"coins": 3}], "round": 1}
    replayed = {"players": [{"coins": 5}, {"coins": 1, "bonus": 2}], "round": 4}
    # "coins" exists in setup: its absence in an old snapshot is an older shape.
    older = {"players": [{}, {"bonus": 2}], "round": 4}
    verdict = compare_snapshot(replayed, older, fresh)
    assert verdict.compatible and not verdict.same and verdict.missing == ("players.0.coins", "players.1.coins")
    # "bonus" is not made by setup (it appeared during play): its absence is a real difference.
    assert not compare_snapshot(replayed, {"players": [{"coins": 5}, {"coins": 1}], "round": 4}, fresh).compatible
    # A key the snapshot has and today's rules never make is a difference too.
    assert not compare_snapshot(replayed, {**replayed, "legacy": 1}, fresh).compatible
    assert compare_snapshot(replayed, json.loads(json.dumps(replayed)), fresh).same
