"""Save the README picture of Bullfrog Goldfield: a 4-player game in its fourth cycle.

    .venv/bin/python scripts/bullfrog_picture.py [out.png]
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bot.engine.testkit import play_forward
from bot.games.bullfrog_goldfield import render
from bot.games.bullfrog_goldfield.rules import BullfrogGoldfield
from bot.render import encode_png

OUT = Path(__file__).resolve().parents[1] / "images" / "readme" / "bullfrog-goldfield.png"


def main(out: Path = OUT) -> None:
    game = BullfrogGoldfield()
    state = game.setup(4, {}, 31)
    chooser = random.Random(31)
    while state["cycle"] < 4 or state["round"] < 2:
        play_forward(game, state, chooser=chooser, steps=1)
    view = game.view(state, None)
    view["names"] = ["Ada", "Bartholomew", "Clem", "Dora"]
    out.write_bytes(encode_png(render.board(view)))
    print(f"wrote {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
