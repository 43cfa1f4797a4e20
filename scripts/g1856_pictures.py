"""Draw 1856 map pictures for a visual check: an early map, a late map, a zoom and a real record.

Usage: ``.venv/bin/python scripts/g1856_pictures.py [OUT_DIR]`` (default ``out/1856``).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from bot.games.g1856.map import tokens_of
from bot.games.g1856.positions import random_position
from bot.games.g1856.records import replay
from bot.games.g1856.render_map import map_view, render_map, render_zoom
from bot.games.g1856.routes import best_routes

RECORD = Path("/work/shared/18xx-1856/89363.json")


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else Path("out/1856")
    out.mkdir(parents=True, exist_ok=True)
    for name, lays, seed, final in (("early", 14, 3, "2"), ("late", 260, 4, "D")):
        state, corps, phase = random_position(
            random.Random(seed), lays, corps=8, phase_every=max(1, lays // 6), final_phase=final
        )
        corp = max((c for c in corps if tokens_of(state, c)), key=lambda c: len(tokens_of(state, c)))
        trains = {"2": ["2", "2"], "3": ["3", "2"], "D": ["6", "D"]}.get(phase, ["4", "5"])
        plan = best_routes(state, corp, trains, phase)
        run = {"corp": corp, "routes": [r.to_json() for r in plan.routes]}
        view = map_view(state, phase, run, zoom=corp, title=f"1856 {name}")
        render_map(view).save(out / f"{name}.png")
        render_zoom(view).save(out / f"{name}_zoom.png")
    if RECORD.exists():
        record = json.loads(RECORD.read_text())
        last = None
        for action, game in replay(record):
            if action["type"] == "run_routes":
                last = (action, game.state, game.phase, game.bonuses(action["entity"]))
        if last:
            action, state, phase, bonuses = last
            plan = best_routes(
                state, action["entity"], [r["train"] for r in action["routes"]], phase, bonuses
            )
            run = {"corp": action["entity"], "routes": [r.to_json() for r in plan.routes]}
            render_map(map_view(state, phase, run, title="1856 record 89363")).save(out / "record.png")
    print(f"pictures in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
