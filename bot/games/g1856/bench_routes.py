"""``python -m bot bench 1856-routes``: how long the best-run search takes, in CPU time.

Two sets of positions, each timed with the bot's own call (the best run and two alternatives):

- **records**: every position before a recorded run in the 18xx.games records kept as test data
  (``tests/games/data/1856/*.json``), replayed through our engine: the company's trains, phase
  and bonuses as they were when it ran;
- **dense**: the late, dense maps kept as test positions (``positions/*dense*.json``) with the
  train sets a company can hold in phase D.

For each set: CPU p50 / p95 / max (``time.process_time``, so a busy machine inflates it less than
wall time) and the slowest position named. Numbers, not assertions.
"""

from __future__ import annotations

import copy
import gc
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from bot.games.g1856.routes import RunPlan, best_routes

DATA = Path(__file__).resolve().parents[3] / "tests" / "games" / "data" / "1856"
DENSE_TRAINS = [["D"], ["5", "D"], ["6", "D"], ["6", "6"], ["5", "6", "6"]]
"""Train sets timed on the dense maps besides the map's own (a company holds two trains from
phase 5 on; the CGR three)."""
TARGET_P95_MS = 20.0
TARGET_MAX_MS = 250.0


@dataclass(frozen=True)
class RoutePosition:
    """A best-run question: which company, with which trains, on which map."""

    name: str  # where it comes from: "hotseat002 #893" (record, action id) or a file name
    map: dict[str, Any]
    corp: str
    trains: list[str]
    phase: str
    bonuses: dict[str, Any]

    def solve(self, search: Callable[..., RunPlan] = best_routes) -> RunPlan:
        return search(self.map, self.corp, self.trains, self.phase, self.bonuses, 2)


def record_positions(directory: Path = DATA) -> Iterator[RoutePosition]:
    """Each position before a recorded run, in the records of ``directory`` that replay."""
    from bot.games.g1856 import core, replay18xx

    for path in sorted(directory.glob("*.json")):
        record = json.loads(path.read_text())
        try:
            platform = replay18xx.platform_of(record)
            before: RoutePosition | None = None
            for action, state in replay18xx.steps(record, platform):
                if action["type"] == "run_routes" and before is not None:
                    yield replace(before, name=f"{path.stem} #{action.get('id')}")
                op = state.get("op")
                if state["round"] == "operating" and op and op.get("step") == "route":
                    corp = op["corp"]
                    b = core.bonuses(state, corp)
                    before = RoutePosition(
                        path.stem,
                        copy.deepcopy(state["map"]),
                        corp,
                        list(state["corps"][corp]["trains"]),
                        state["phase"],
                        {"port": b.port, "bridge": b.bridge, "tunnel": b.tunnel},
                    )
                else:
                    before = None
        except replay18xx.ReplayError:
            continue  # a record our engine refuses has no positions to offer


def dense_positions(directory: Path = DATA / "positions") -> Iterator[RoutePosition]:
    """The dense test maps, with their own trains and the usual late train sets."""
    for path in sorted(directory.glob("*dense*.json")):
        saved = json.loads(path.read_text())
        sets = [list(saved["trains"]), *(t for t in DENSE_TRAINS if t != saved["trains"])]
        for trains in sets:
            yield RoutePosition(
                f"{path.stem} {'+'.join(trains)}",
                saved["map"],
                saved["corp"],
                trains,
                saved["phase"],
                saved["bonuses"],
            )


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def time_set(label: str, positions: list[RoutePosition], out: Callable[[str], None]) -> dict[str, float]:
    samples: list[tuple[float, RoutePosition, int]] = []
    for position in positions:
        gc.collect()  # outside the timing: garbage left by the search before is not this one's
        began = time.process_time()
        plan = position.solve()
        samples.append(((time.process_time() - began) * 1000, position, plan.revenue))
    cpu = [s[0] for s in samples]
    worst = max(samples, key=lambda s: s[0])
    figures = {"count": len(samples), "p50_ms": _p(cpu, 0.5), "p95_ms": _p(cpu, 0.95), "max_ms": worst[0]}
    ok = figures["p95_ms"] < TARGET_P95_MS and figures["max_ms"] < TARGET_MAX_MS
    out(
        f"  {label}: {len(samples)} searches, CPU p50 {figures['p50_ms']:.1f} ms, "
        f"p95 {figures['p95_ms']:.1f} ms, max {figures['max_ms']:.1f} ms "
        f"(target p95 < {TARGET_P95_MS:.0f}, max < {TARGET_MAX_MS:.0f}: {'ok' if ok else 'MISSED'})"
    )
    p = worst[1]
    out(f"    slowest: {p.name} ({p.corp}, {'+'.join(p.trains)}, phase {p.phase}, ${worst[2]})")
    if len(samples) <= 12:  # a small set: every search
        for ms, position, revenue in samples:
            out(f"    {position.name}: {ms:.1f} ms, ${revenue}")
    return figures


def bench_routes(out: Callable[[str], None] = print) -> dict[str, dict[str, float]]:
    out("1856 routes: the best run and two alternatives, CPU time per search")
    return {
        "records": time_set("records", list(record_positions()), out),
        "dense": time_set("dense maps", list(dense_positions()), out),
    }
