"""Draw sample Construction Game pictures (early and late, several player counts) and the README one.

``python scripts/construction_game_pictures.py [OUT_DIR]`` writes PNGs played forward by the
heuristic agent; ``images/readme/construction-game.png`` is the 4-player mid-game one.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.testkit import play_forward
from bot.games.construction_game.render import board
from bot.games.construction_game.rules import ConstructionGame

ROOT = Path(__file__).resolve().parents[1]


def picture(players: int, steps: int, seed: int, path: Path) -> None:
    game = ConstructionGame()
    state = game.setup(players, {}, seed)
    play_forward(game, state, chooser=random.Random(seed), steps=steps)
    # stop on a moment with a job in progress when one comes soon, for a fuller picture
    for _ in range(60):
        if state["job"] or not game.prompts(state):
            break
        play_forward(game, state, chooser=random.Random(seed), steps=1)
    view = game.view(state, None)
    view["names"] = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"][:players]
    board(view).save(path)
    print(path)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp")
    out.mkdir(parents=True, exist_ok=True)
    picture(2, 5, 1, out / "cg-2p-early.png")
    picture(6, 900, 2, out / "cg-6p-late.png")
    picture(4, 2500, 3, out / "cg-4p-end.png")
    picture(4, 700, 4, ROOT / "images" / "readme" / "construction-game.png")


if __name__ == "__main__":
    main()
