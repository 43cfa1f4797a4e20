"""Draw the README picture of Silver Lake: ``python scripts/silver_lake_picture.py``.

A seeded 4-player game played by the heuristic agent for 170 moves, saved as
``images/readme/silver-lake.png`` (the same way ``scripts/readme_pictures.py`` draws the others).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.testkit import play_forward
from bot.games.silver_lake.rules import SilverLake
from bot.render import board_png

OUT = Path(__file__).resolve().parents[1] / "images" / "readme" / "silver-lake.png"
PLAYERS, SEED, MOVES = 4, 11, 170


def main() -> None:
    game = SilverLake()
    state = game.setup(PLAYERS, game.resolve_options({}), SEED)
    play_forward(game, state, chooser=random.Random(SEED), steps=MOVES)
    view = game.view(state, None)
    view["names"] = ["Ana", "Bo", "Cy", "Dee"]
    OUT.write_bytes(board_png(game, view))
    print(OUT)


if __name__ == "__main__":
    main()
