"""Draw the README picture of Schwarzes Gold: ``python scripts/schwarzes_gold_picture.py``.

A seeded four-player game on board 1926 with settlements, wasteland, own trains and the
black train, played by the bot's agent to the middle of phase 1, so the picture shows
oil, barrels, rigs, trucks, trains on the railway and the dice. Saved as
``images/readme/schwarzes-gold.png``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine.testkit import play_forward
from bot.games.schwarzes_gold.rules import SchwarzesGold
from bot.render import board_png

OUT = Path(__file__).resolve().parents[1] / "images" / "readme" / "schwarzes-gold.png"
OPTIONS = {
    "board": "1926",
    "start_or_train": "off",
    "settlements": "on",
    "wasteland": "on",
    "own_trains": "on",
    "black_train": "on",
    "junctions": "off",
}
SEED, MOVES = 8, 64


def main() -> None:
    game = SchwarzesGold()
    state = game.setup(4, OPTIONS, SEED)
    play_forward(game, state, chooser=random.Random(SEED), steps=MOVES)
    view = game.view(state, None)
    view["names"] = ["Ana", "Bo", "Cy", "Dee"]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(board_png(game, view))
    print(OUT, state["stage"])


if __name__ == "__main__":
    main()
