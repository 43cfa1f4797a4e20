"""Draw a game's board picture with its clickable regions outlined and named, to check by eye.

Plays a seeded random game (the test kit's :func:`~bot.engine.testkit.random_walk`) to a
position, draws ``board(view)`` for the public view, and over it every region of
``board_regions(view)`` (see :mod:`bot.render.regions`): its outline in magenta (a polygon
for hexes) and its name in a small label at its top-left corner. Regions the position's
prompt names are filled lightly, so the things a click could pick now stand out::

    .venv/bin/python scripts/regions_overlay.py 1856 --seed 3 --players 4 --step 300
    .venv/bin/python scripts/regions_overlay.py puerto-rico --out /tmp/pr.png

Writes the PNG (default ``/tmp/regions-<slug>.png``) and prints the path and the counts.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

from PIL import Image, ImageDraw

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.engine import Game
from bot.engine.registry import get_game
from bot.engine.testkit import random_walk
from bot.games import load_all
from bot.render import board_image
from bot.render.fonts import font
from bot.render.regions import Region, board_regions

OUTLINE = (230, 0, 200)
NAMED_FILL = (230, 0, 200, 60)


def position(game: Game, players: int, seed: int, step: int) -> dict:
    """The state after ``step`` random moves (or the last one, if the game ends sooner)."""
    last: dict = {}
    for index, state in enumerate(random_walk(game, players, seed)):
        last = copy.deepcopy(state)
        if index >= step:
            break
    return last


def prompt_names(game: Game, state: dict) -> set[str]:
    """Every group name and main label of the position's prompts (what a click could pick)."""
    names: set[str] = set()
    for prompt in game.prompts(state):
        for action in prompt.actions:
            names.update(action.group)
            if action.main:
                names.add(action.label)
    return names


def overlay(image: Image.Image, regions: list[Region], named: set[str]) -> Image.Image:
    """The picture with each region outlined and labelled; regions in ``named`` tinted."""
    base = image.convert("RGBA")
    tint = Image.new("RGBA", base.size, (0, 0, 0, 0))
    tint_draw = ImageDraw.Draw(tint)
    for region in regions:
        if region.name in named:
            if region.shape == "polygon":
                tint_draw.polygon(list(region.points), fill=NAMED_FILL)
            else:
                tint_draw.rectangle(
                    (region.box[0], region.box[1], region.box[2] - 1, region.box[3] - 1), fill=NAMED_FILL
                )
    out = Image.alpha_composite(base, tint)
    draw = ImageDraw.Draw(out)
    face = font(14, True)
    for region in regions:
        if region.shape == "polygon":
            draw.line([*region.points, region.points[0]], fill=OUTLINE, width=2)
        else:
            draw.rectangle(
                (region.box[0], region.box[1], region.box[2] - 1, region.box[3] - 1), outline=OUTLINE, width=2
            )
        left, top = region.box[0] + 3, region.box[1] + 2
        if region.shape == "polygon":  # a hex's top-left corner is outside it: label at its centre
            left = (region.box[0] + region.box[2]) // 2 - int(face.getlength(region.name)) // 2
            top = region.box[1] + 4
        width = int(face.getlength(region.name))
        draw.rectangle((left - 2, top - 1, left + width + 2, top + 16), fill=(255, 255, 255, 230))
        draw.text((left, top), region.name, font=face, fill=OUTLINE)
    return out.convert("RGB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("slug")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=0, help="default: the game's fewest players + 1")
    parser.add_argument("--step", type=int, default=60, help="random moves played before the picture")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    load_all()
    game = get_game(args.slug)
    players = args.players or min(game.max_players, game.min_players + 1)
    state = position(game, players, args.seed, args.step)
    view = game.view(state, None)
    regions = board_regions(game, view)
    named = prompt_names(game, state)
    picture = overlay(board_image(game, view), regions, named)
    out = args.out or Path(f"/tmp/regions-{args.slug}.png")
    picture.save(out)
    hit = sorted(named & {region.name for region in regions})
    print(
        f"{out}: {picture.width}x{picture.height}, {len(regions)} regions, {len(hit)} named by the prompt: {', '.join(hit[:20])}"
    )


if __name__ == "__main__":
    main()
