"""``python -m bot bench 1856-routes``: how long the best-run search takes, in CPU time.

Two sets of positions, each timed with the bot's own call (the best run and two alternatives):

- **records**: every position before a recorded run in the 18xx.games records kept as test data
  (``tests/games/data/1856/*.json``), replayed through our engine: the company's trains, phase
  and bonuses as they were when it ran;
- **dense**: the late, dense maps kept as test positions (``positions/*dense*.json``) with the
  train sets a company can hold in phase D.

For each set, and both together: CPU p50 / p95 / max (``time.process_time``, so a busy machine
inflates it less than wall time) and the slowest positions named. Numbers, not assertions.

To iterate on the slow cases: ``python -m bot.games.g1856.bench_routes --only "D+D" --only
"#898"`` times only the positions whose name or trains contain one of the strings, ``--set
dense`` one set; the same from ``python -m bot bench 1856-routes`` with
``BENCH_ROUTES_ONLY="D+D,#898"`` and ``BENCH_ROUTES_SET=dense``.
"""

from __future__ import annotations

import argparse
import copy
import gc
import json
import os
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


def sample(positions: list[RoutePosition]) -> list[tuple[float, RoutePosition, int]]:
    """Each position searched once: (CPU ms, position, best revenue)."""
    samples: list[tuple[float, RoutePosition, int]] = []
    for position in positions:
        gc.collect()  # outside the timing: garbage left by the search before is not this one's
        began = time.process_time()
        plan = position.solve()
        samples.append(((time.process_time() - began) * 1000, position, plan.revenue))
    return samples


def time_set(label: str, positions: list[RoutePosition], out: Callable[[str], None]) -> dict[str, Any]:
    """Time each position once; print and return p50 / p95 / max CPU and the slowest ones."""
    return report(label, sample(positions), out)


def report(label: str, samples: list[tuple[float, RoutePosition, int]], out: Callable[[str], None]) -> dict[str, Any]:
    """Print p50 / p95 / max CPU against the targets, and the slowest positions (every one of a
    small set)."""
    if not samples:
        out(f"  {label}: no positions")
        return {"count": 0}
    cpu = [s[0] for s in samples]
    ranked = sorted(samples, key=lambda s: -s[0])
    figures: dict[str, Any] = {
        "count": len(samples),
        "p50_ms": _p(cpu, 0.5),
        "p95_ms": _p(cpu, 0.95),
        "max_ms": ranked[0][0],
        "slowest": ranked[0][1].name,
    }
    ok = figures["p95_ms"] < TARGET_P95_MS and figures["max_ms"] < TARGET_MAX_MS
    out(
        f"  {label}: {len(samples)} searches, CPU p50 {figures['p50_ms']:.1f} ms, "
        f"p95 {figures['p95_ms']:.1f} ms, max {figures['max_ms']:.1f} ms "
        f"(target p95 < {TARGET_P95_MS:.0f}, max < {TARGET_MAX_MS:.0f}: {'ok' if ok else 'MISSED'})"
    )
    shown = samples if len(samples) <= 12 else ranked[:5]
    out("    every search:" if len(samples) <= 12 else "    slowest:")
    for ms, p, revenue in shown:
        out(f"    {p.name}: {ms:.1f} ms ({p.corp}, {'+'.join(p.trains)}, phase {p.phase}, ${revenue})")
    return figures


def _chosen(position: RoutePosition, only: list[str]) -> bool:
    """Whether the position's name or train set (``D+D`` for ``["D-0", "D-3"]``) holds one of ``only``."""
    if not only:
        return True
    kinds = "+".join(t.split("-")[0] for t in position.trains)
    return any(word in position.name or word in kinds for word in only)


def bench_routes(
    out: Callable[[str], None] = print, only: list[str] | None = None, sets: list[str] | None = None
) -> dict[str, dict[str, Any]]:
    """Time the best-run search over the record and dense positions (``only``: positions whose
    name or trains hold one of these strings; ``sets``: "records" and/or "dense"). Without
    arguments the environment may choose: ``BENCH_ROUTES_ONLY`` (comma-separated),
    ``BENCH_ROUTES_SET``."""
    if only is None:
        only = [w for w in os.environ.get("BENCH_ROUTES_ONLY", "").split(",") if w]
    if sets is None:
        sets = [w for w in os.environ.get("BENCH_ROUTES_SET", "records,dense").split(",") if w]
    out("1856 routes: the best run and two alternatives, CPU time per search")
    sources = {"records": record_positions, "dense": dense_positions}
    results: dict[str, dict[str, Any]] = {}
    every: list[tuple[float, RoutePosition, int]] = []
    for name in sets:
        samples = sample([p for p in sources[name]() if _chosen(p, only)])
        results[name] = report(name, samples, out)
        every.extend(samples)
    if len(sets) > 1:
        results["all"] = report("both sets", every, out)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.games.g1856.bench_routes", description=__doc__)
    parser.add_argument("--only", action="append", help="time only positions whose name or trains hold this")
    parser.add_argument("--set", action="append", choices=["records", "dense"], help="one set (repeatable)")
    args = parser.parse_args(argv)
    bench_routes(print, args.only or [], args.set or ["records", "dense"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
