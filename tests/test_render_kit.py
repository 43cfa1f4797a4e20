"""The shared render kit's speed-ups draw what the plain Pillow calls draw.

The fonts remember rendered strings (``bot.render.fonts``) and the PNG palette is chosen from
a sample of the picture (``bot.render.encode_png``); both are checked here against the slow,
obvious way, on decoded pixels.
"""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot.engine import get_game
from bot.games import load_all
from bot.render import board_image, encode_png
from bot.render.fonts import BOLD, MASKS, REGULAR, font
from bot.render.shapes import _rounded_sprite, rounded_rectangle

STRINGS = ["Harbor", "12 VP", "Player 3 — governor", "€ 1.5", "ÄÖÜ ß", "x", "Lay #57 on F15", ""]
ANCHORS = ["la", "mm", "rm", "ls", "mt", "rb"]


def _draw(make_font, mode: str) -> Image.Image:
    """Many strings at many sizes, anchors and sub-pixel positions, each drawn twice."""
    image = Image.new(mode, (900, 700), "white")
    draw = ImageDraw.Draw(image)
    chooser = random.Random(4)
    for _round in range(2):
        for i, text in enumerate(STRINGS * 3):
            size, bold = chooser.choice([11, 14, 18, 26, 40]), chooser.random() < 0.5
            xy = (chooser.uniform(20, 800), chooser.uniform(20, 650))
            if chooser.random() < 0.5:
                xy = (round(xy[0]), round(xy[1]))
            fill = chooser.choice(["black", (200, 30, 30), (0, 114, 178)]) if mode != "L" else chooser.randint(0, 200)
            draw.text(xy, text, font=make_font(size, bold), fill=fill, anchor=ANCHORS[i % len(ANCHORS)])
    return image


def _plain(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


def test_cached_fonts_draw_exactly_what_freetype_draws() -> None:
    MASKS.clear()
    for mode in ("RGB", "RGBA", "L"):
        cached, plain = _draw(font, mode), _draw(_plain, mode)
        assert ImageChops.difference(cached, plain).getbbox() is None, mode


def test_a_string_drawn_again_is_not_rendered_again() -> None:
    MASKS.clear()
    draw = ImageDraw.Draw(Image.new("RGB", (200, 60), "white"))
    draw.text((10, 10), "Harbor 8", font=font(18), fill="black")
    kept = len(MASKS._items)
    assert kept == 1
    draw.text((50, 30), "Harbor 8", font=font(18), fill=(0, 114, 178))  # another place and ink: same mask
    assert len(MASKS._items) == kept
    draw.text((50, 30), "Harbor 8", font=font(18, bold=True), fill="black")
    assert len(MASKS._items) == kept + 1


def _error(image: Image.Image, png: bytes) -> tuple[float, int]:
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    assert decoded.size == image.size
    histogram = ImageChops.difference(image.convert("RGB"), decoded).convert("L").histogram()
    mean = sum(i * n for i, n in enumerate(histogram)) / sum(histogram)
    return mean, max(i for i, n in enumerate(histogram) if n)


def test_the_png_is_close_to_the_drawn_board() -> None:
    load_all()
    game = get_game("puerto-rico")
    state = game.setup(5, game.resolve_options({}), 3)
    chooser = random.Random(3)
    for _ in range(60):
        prompt = chooser.choice(game.prompts(state))
        game.apply(state, prompt.seat, chooser.choice(prompt.actions).key)
    image = board_image(game, game.view(state, None))
    mean, largest = _error(image, encode_png(image))
    assert mean < 1.5 and largest < 48, (mean, largest)


def test_a_two_pixel_mark_keeps_its_colour() -> None:
    """The palette is chosen from every second pixel: a mark two pixels wide is always seen."""
    for offset in range(2):
        image = Image.new("RGB", (301, 203), (246, 242, 232))
        draw = ImageDraw.Draw(image)
        draw.text((10, 10), "Some text around it", font=font(20), fill=(34, 34, 38))
        x, y = 151 + offset, 101 + offset
        draw.rectangle((x, y, x + 1, y + 1), fill=(213, 94, 0))
        decoded = Image.open(io.BytesIO(encode_png(image))).convert("RGB")
        assert decoded.getpixel((x, y)) == (213, 94, 0)


def test_remembered_rounded_rectangles_paint_what_pillow_paints() -> None:
    chooser = random.Random(8)
    fills = [None, (255, 252, 245), (230, 159, 0), "white"]
    outlines = [None, (34, 34, 38), (200, 194, 182)]
    plain, sprites = (Image.new("RGB", (700, 500), (246, 242, 232)) for _ in range(2))
    plain_draw, sprite_draw = ImageDraw.Draw(plain), ImageDraw.Draw(sprites)
    shapes = []
    for i in range(120):
        x0, y0 = chooser.randint(-20, 650), chooser.randint(-20, 450)
        box = (x0, y0, x0 + chooser.randint(0, 180), y0 + chooser.randint(0, 130))
        style = {"radius": chooser.choice([0, 3, 5, 6, 10, 12, 40]), "fill": fills[i % 4],
                 "outline": outlines[i % 3], "width": chooser.choice([1, 2, 3, 6])}
        if i % 7 == 0:
            style["corners"] = (True, False, True, False)
        shapes.append((box, style))
    _rounded_sprite.cache_clear()  # other tests in this process may have drawn these sizes already
    for _ in range(2):  # the second round pastes the sprites the first one remembered
        for box, style in shapes:
            plain_draw.rounded_rectangle(box, **style)
            rounded_rectangle(sprite_draw, box, **style)
    assert ImageChops.difference(plain, sprites).getbbox() is None
    assert _rounded_sprite.cache_info().hits > 0
