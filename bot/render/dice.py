"""Dice faces: pips for a six-sided die, a numbered polygon for any other.

Games that roll (Schwarzes Gold's two d6, Killer Bunnies' coloured d12s, the Construction
Game's income die, Silver Lake's pair) show the last roll with :func:`die` so every picture
reads a die the same way.
"""

from __future__ import annotations

import math

from PIL import ImageDraw

from bot.render.palette import INK, RGB, WHITE, shade, text_on
from bot.render.text import draw_text, fit_size

Box = tuple[int, int, int, int]

# Pip positions on a unit square (0..1), the usual Western layout.
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.25, 0.25), (0.75, 0.75)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)),
    5: ((0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)),
    6: ((0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)),
}


def die(
    draw: ImageDraw.ImageDraw,
    box: Box,
    value: int,
    sides: int = 6,
    fill: RGB = WHITE,
    ink: RGB | None = None,
    highlight: bool = False,
) -> None:
    """Draw one die showing ``value`` in ``box`` (a square works best).

    A d6 gets pips; any other die a polygon (a d12 looks like a pentagon face) with its
    number, so a twelve-sided 11 is never mistaken for a pair of pips. ``highlight`` draws
    a thicker outline, e.g. for the die that decided something.
    """
    x0, y0, x1, y1 = box
    size = min(x1 - x0, y1 - y0)
    ink = ink or text_on(fill)
    outline = INK if fill != INK else WHITE
    width = max(2, size // 14) * (2 if highlight else 1)
    if sides == 6 and value in _PIPS:
        draw.rounded_rectangle(box, radius=max(3, size // 6), fill=fill, outline=outline, width=width)
        radius = max(2, size // 11)
        for px, py in _PIPS[value]:
            cx, cy = x0 + px * (x1 - x0), y0 + py * (y1 - y0)
            draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=ink)
        return
    corners = 5 if sides == 12 else 6
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = size / 2 - 1
    points = [
        (cx + r * math.cos(-math.pi / 2 + 2 * math.pi * i / corners), cy + r * math.sin(-math.pi / 2 + 2 * math.pi * i / corners))
        for i in range(corners)
    ]
    draw.polygon(points, fill=fill, outline=outline, width=width)
    inner = [(cx + 0.55 * (px - cx), cy + 0.55 * (py - cy)) for px, py in points]
    draw.polygon(inner, outline=shade(fill, 0.8) if fill != WHITE else (200, 200, 200))
    label = str(value)
    draw_text(draw, (cx, cy + size * 0.02), label, fit_size(label, int(size * 0.55), int(size * 0.45)), ink, bold=True, anchor="mm")


def dice_row(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    values: list[int],
    size: int = 44,
    sides: int = 6,
    gap: int = 8,
    fills: list[RGB] | None = None,
) -> int:
    """Dice side by side from ``origin`` (top-left); returns the x just after the last one."""
    x, y = origin
    for index, value in enumerate(values):
        fill = fills[index] if fills and index < len(fills) else WHITE
        die(draw, (x, y, x + size, y + size), value, sides=sides, fill=fill)
        x += size + gap
    return x
