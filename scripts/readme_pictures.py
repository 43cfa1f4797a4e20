"""Redraw the README pictures from seeded games: ``python scripts/readme_pictures.py``.

Every game's **table card** (the phone-first picture posted after every move) at
``images/readme/card-<slug>.png``, and the full boards of HISSS, Puerto Rico and Chomp at
``images/readme/<slug>.png``. The positions are seeded games played on by each game's own bot,
so the pictures change only when a game's rules or drawing change.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine import get_game
from bot.engine.testkit import play_forward
from bot.games import load_all
from bot.render import board_png, card_png

OUT = Path(__file__).resolve().parents[1] / "images" / "readme"
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eli", "Fay"]
BOARDS = {"hisss": (3, 11, 40), "puerto-rico": (5, 3, 260), "chomp": (4, 5, 30)}  # slug: (players, seed, moves)
CARDS = {
    "1856": (4, 3, 204),  # GT lays track: the map window around its choices
    "bullfrog-goldfield": (4, 2, 120),
    "chomp": (4, 5, 30),
    "collide-o": (4, 2, 40),
    "construction-game": (4, 2, 600),
    "finders-keepers": (4, 2, 40),
    "hisss": (3, 11, 40),
    "killer-bunnies": (4, 2, 120),
    "puerto-rico": (4, 3, 260),
    "schwarzes-gold": (4, 2, 60),
    "silver-lake": (4, 2, 150),
}


def _view(slug: str, players: int, seed: int, moves: int) -> dict:
    game = get_game(slug)
    options = {"mode": "turns"} if any(o.name == "mode" for o in game.options) else {}
    state = game.setup(players, game.resolve_options(options), seed)
    play_forward(game, state, chooser=random.Random(seed), steps=moves)
    view = game.view(state, None)
    view["names"] = NAMES[:players]
    return view


def main() -> None:
    load_all()
    OUT.mkdir(parents=True, exist_ok=True)
    for slug, position in BOARDS.items():
        path = OUT / f"{slug}.png"
        path.write_bytes(board_png(get_game(slug), _view(slug, *position)))
        print(path)
    for slug, position in CARDS.items():
        path = OUT / f"card-{slug}.png"
        path.write_bytes(card_png(get_game(slug), _view(slug, *position)))
        print(path)


if __name__ == "__main__":
    main()
