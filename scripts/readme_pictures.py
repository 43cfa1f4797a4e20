"""Redraw the README pictures from seeded random games: ``python scripts/readme_pictures.py``."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine import get_game
from bot.engine.testkit import play_forward
from bot.games import load_all
from bot.render import board_png

OUT = Path(__file__).resolve().parents[1] / "images" / "readme"
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli"]
PICTURES = {"hisss": (3, 11, 40), "puerto-rico": (5, 3, 260), "chomp": (4, 5, 30)}  # slug: (players, seed, moves)


def main() -> None:
    load_all()
    OUT.mkdir(parents=True, exist_ok=True)
    for slug, (players, seed, moves) in PICTURES.items():
        game = get_game(slug)
        state = game.setup(players, game.resolve_options({}), seed)
        play_forward(game, state, chooser=random.Random(seed), steps=moves)
        view = game.view(state, None)
        view["names"] = NAMES[:players]
        path = OUT / f"{slug}.png"
        path.write_bytes(board_png(game, view))
        print(path)


if __name__ == "__main__":
    main()
