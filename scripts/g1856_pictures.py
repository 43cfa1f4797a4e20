"""Draw 1856 pictures for a visual check, and the README picture.

- the map alone: an early and a late random map, each with a run and a zoom, and record 89363;
- the whole table picture (what a channel sees after each move) from games of heuristic bots
  at 3, 4 and 6 players: early (a track step, the lay hexes outlined), middle (a route step,
  the best run drawn) and late (phase 5 or later), with the drawing and encoding times;
- ``images/readme/1856.png``: the late 6-player position, a company having just run.

Usage: ``.venv/bin/python scripts/g1856_pictures.py [OUT_DIR]`` (default ``out/1856``).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine import State
from bot.games.g1856.map import tokens_of
from bot.games.g1856.positions import random_position
from bot.games.g1856.records import replay
from bot.games.g1856.render import board_image
from bot.games.g1856.render_map import map_view, render_map, render_zoom
from bot.games.g1856.routes import best_routes
from bot.games.g1856.rules import G1856
from bot.render import encode_png

ROOT = Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "games" / "data" / "1856" / "89363.json"
README = ROOT / "images" / "readme" / "1856.png"
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"]
GAME = G1856()


def _op(state: State) -> dict:
    return state.get("op") or {}


def _early(state: State) -> bool:
    op = _op(state)
    return (
        op.get("step") == "track"
        and not op.get("laid")
        and bool(op.get("lays"))
        and len(state["map"]["tiles"]) >= 3
    )


def _middle(state: State) -> bool:
    op = _op(state)
    return (
        op.get("step") == "route"
        and state["phase"] in "34"
        and len((op.get("plan") or {}).get("routes") or []) >= 2
    )


def _late(state: State) -> bool:
    op = _op(state)
    return op.get("step") == "dividend" and state["phase"] in "56D" and len(op.get("routes") or []) >= 2


GAMES = ((3, 1), (4, 4), (6, 3))  # (players, seed): these bots' games reach phase 5 or D


def _draw_table(out: Path, state: State, players: int, name: str) -> bytes:
    view = GAME.view(state, None)
    view["names"] = NAMES[:players]
    began = time.perf_counter()
    image = board_image(view)
    drawn = time.perf_counter()
    png = encode_png(image)
    encoded = time.perf_counter()
    path = out / f"table_{players}p_{name}.png"
    path.write_bytes(png)
    print(
        f"{path.name}: {image.width}×{image.height} px, {len(png) // 1024} KB, "
        f"drawn in {1000 * (drawn - began):.0f} ms, encoded in {1000 * (encoded - drawn):.0f} ms"
    )
    return png


def _earning(state: State) -> int:
    return sum(route["revenue"] for route in _op(state).get("routes") or [])


def table_pictures(out: Path) -> None:
    """Play each game once, drawing the table at the first early and middle positions and at
    the late one where a company earned most (long runs show best)."""
    for players, seed in GAMES:
        state = GAME.setup(players, GAME.resolve_options({}), seed)
        rng = random.Random(seed)
        waiting = {"early": _early, "middle": _middle}
        late: State | None = None
        while prompts := GAME.prompts(state):
            for name, reached in list(waiting.items()):
                if reached(state):
                    del waiting[name]
                    _draw_table(out, state, players, name)
            if _late(state) and (late is None or _earning(state) > _earning(late)):
                late = json.loads(json.dumps(state))
            prompt = prompts[0]
            GAME.apply(state, prompt.seat, GAME.agent(state, prompt.seat, rng))
        for name in waiting:
            print(f"{players} players, seed {seed}: no {name} position")
        if late is None:
            print(f"{players} players, seed {seed}: no late position")
            continue
        png = _draw_table(out, late, players, "late")
        if players == 6:
            README.write_bytes(png)
            print(f"README picture: {README}")


def map_pictures(out: Path) -> None:
    for name, lays, seed, final in (("early", 14, 3, "2"), ("late", 260, 4, "D")):
        state, corps, phase = random_position(
            random.Random(seed), lays, corps=8, phase_every=max(1, lays // 6), final_phase=final
        )
        corp = max((c for c in corps if tokens_of(state, c)), key=lambda c: len(tokens_of(state, c)))
        trains = {"2": ["2", "2"], "3": ["3", "2"], "D": ["6", "D"]}.get(phase, ["4", "5"])
        plan = best_routes(state, corp, trains, phase)
        run = {"corp": corp, "routes": [r.to_json() for r in plan.routes]}
        view = map_view(state, phase, run, zoom=corp, title=f"1856 {name}")
        render_map(view).save(out / f"map_{name}.png")
        render_zoom(view).save(out / f"map_{name}_zoom.png")
    record = json.loads(RECORD.read_text())
    last = None
    for action, game in replay(record):
        if action["type"] == "run_routes":
            last = (action, game.state, game.phase, game.bonuses(action["entity"]))
    if last:
        action, state, phase, bonuses = last
        plan = best_routes(state, action["entity"], [r["train"] for r in action["routes"]], phase, bonuses)
        run = {"corp": action["entity"], "routes": [r.to_json() for r in plan.routes]}
        render_map(map_view(state, phase, run, title="1856 record 89363")).save(out / "map_record.png")


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else Path("out/1856")
    out.mkdir(parents=True, exist_ok=True)
    map_pictures(out)
    table_pictures(out)
    print(f"pictures in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
