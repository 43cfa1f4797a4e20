"""Cards, tiles, grids and badges: the building blocks of every board picture."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.render.palette import BACKGROUND, INK, LINE, PANEL, RGB, text_on
from bot.render.text import draw_text, fit_size

Box = tuple[int, int, int, int]


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
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)
    if label:
        x0, y0, x1, y1 = box
        size = fit_size(label, x1 - x0 - 8, label_size)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), label, size, text_on(fill), bold=True, anchor="mm")


def panel(draw: ImageDraw.ImageDraw, box: Box, title: str = "", title_size: int = 20) -> int:
    """A light panel with a title; returns the y where its content starts."""
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=LINE, width=2)
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
