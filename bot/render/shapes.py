"""Cards, tiles, grids and badges: the building blocks of every board picture."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.render.palette import BACKGROUND, INK, LINE, PANEL, RGB, text_on
from bot.render.text import draw_text, fit_size

Box = tuple[int, int, int, int]


SPRITE_MOST_PIXELS = 25_000
"""Cards and tiles (a 160×115 role card is 18,400 pixels) are remembered; panels are drawn
each time: they are few, and 256 sprites of at most 100 KB each bound the memory."""


@lru_cache(maxsize=256)
def _rounded_sprite(width: int, height: int, radius: float, fill: Any, outline: Any, line: int,
                    corners: tuple[bool, bool, bool, bool] | None) -> Image.Image:
    """A rounded rectangle drawn once on a transparent sprite: opaque exactly where Pillow
    would paint, clear elsewhere (the corners, and the inside when there is no fill)."""
    sprite = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(sprite).rounded_rectangle((0, 0, width - 1, height - 1), radius=radius, fill=fill,
                                             outline=outline, width=line, corners=corners)
    return sprite


def rounded_rectangle(
    draw: ImageDraw.ImageDraw,
    box: Box,
    radius: float = 0,
    fill: Any = None,
    outline: Any = None,
    width: int = 1,
    corners: tuple[bool, bool, bool, bool] | None = None,
) -> None:
    """``draw.rounded_rectangle`` with the same pixels, from a remembered sprite.

    Pillow draws a rounded rectangle as four arcs, four pie slices and rectangles, in Python,
    every time; boards draw the same few hundred cards and panels on every move. On an RGB
    picture with whole-pixel corners the sprite is pasted through its own opacity, which
    writes exactly the pixels Pillow would; anything else is drawn the plain way.
    """
    image = getattr(draw, "_image", None)
    flat = len(box) == 4 and all(type(v) is int for v in box)
    x0, y0, x1, y1 = box if flat else (0, 0, -1, -1)
    if (
        not flat
        or image is None
        or image.mode != "RGB"
        or draw.mode != "RGB"
        or min(x1 - x0, y1 - y0) < 2 * width  # an outline thicker than the box: Pillow paints beyond it
        or (x1 - x0 + 1) * (y1 - y0 + 1) > SPRITE_MOST_PIXELS
    ):
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width, corners=corners)
        return
    try:
        sprite = _rounded_sprite(x1 - x0 + 1, y1 - y0 + 1, radius, fill, outline, width, corners)
    except TypeError:  # an unhashable colour (a list): nothing to remember it by
        draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width, corners=corners)
        return
    image.paste(sprite, (x0, y0), sprite)


def canvas(width: int, height: int, fill: RGB = BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), fill)
    return image, ImageDraw.Draw(image)


def card(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fill: RGB = PANEL,
    outline: RGB = INK,
    radius: int = 10,
    width: int = 2,
    label: str = "",
    label_size: int = 18,
) -> None:
    """A rounded card with an optional centred label in a colour that reads on ``fill``."""
    rounded_rectangle(draw, box, radius=radius, fill=fill, outline=outline, width=width)
    if label:
        x0, y0, x1, y1 = box
        size = fit_size(label, x1 - x0 - 8, label_size)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, size, text_on(fill), bold=True, anchor="mm")


def panel(draw: ImageDraw.ImageDraw, box: Box, title: str = "", title_size: int = 20) -> int:
    """A light panel with a title; returns the y where its content starts."""
    rounded_rectangle(draw, box, radius=12, fill=PANEL, outline=LINE, width=2)
    x0, y0, _, _ = box
    if not title:
        return y0 + 10
    draw_text(draw, (x0 + 14, y0 + 10), title, title_size, bold=True)
    return y0 + 16 + title_size


def badge(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, fill: RGB, text: str) -> None:
    """A filled circle with a short text (a count, an initial) in it."""
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill, outline=INK, width=2)
    if text:
        size = fit_size(text, radius * 2 - 4, int(radius * 1.1))
        draw_text(draw, (x, y), text, size, text_on(fill), bold=True, anchor="mm")


def grid_boxes(origin: tuple[int, int], columns: int, rows: int, cell: tuple[int, int], gap: int = 6) -> list[Box]:
    """Boxes of a grid, row by row from the top-left ``origin``."""
    x0, y0 = origin
    w, h = cell
    return [
        (x0 + c * (w + gap), y0 + r * (h + gap), x0 + c * (w + gap) + w, y0 + r * (h + gap) + h)
        for r in range(rows)
        for c in range(columns)
    ]


def tile(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, label: str = "", outline: RGB = INK) -> None:
    """A square-cornered tile (a plantation, a map space) with an optional label."""
    card(draw, box, fill=fill, outline=outline, radius=4, width=2, label=label, label_size=16)
