"""Pieces of a phone-first table card, shared by every game's `table_card(view)`.

A card is designed for a phone first (Discord shows it about 400 px wide): a header with
whose turn it is and why (:func:`paragraph`), one row per seat with the name and the number
that decides the game (:func:`standings`), the last move, and the part of the table where the
current decision happens, drawn large. A map game cuts that part from its own full-size map
drawing and scales it up; :func:`zoomed_crop` re-reports every text of that drawing at the
size it ends up on the card, so the legibility recorder (:mod:`bot.render.legibility`)
judges what a phone really shows. :func:`window` picks the cells around the decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

from bot.render.legibility import note_drawn, recording
from bot.render.palette import HIGHLIGHT, INK, LINE, PANEL, RGB, player_colour, shade, text_on
from bot.render.text import draw_text, fit_size, text_width, wrap

Box = tuple[int, int, int, int]


def zoomed_crop(draw_map: Callable[[], Image.Image], box: Box, width: int) -> Image.Image:
    """``draw_map()``'s region ``box`` scaled to ``width`` pixels wide.

    Every text the map drawing drew is reported to the enclosing recorder at its size times
    the scale (rounded down), whether or not it falls inside ``box``: a conservative check.
    """
    with recording() as inner:
        full = draw_map()
    scale = width / (box[2] - box[0])
    for item in inner:
        note_drawn(item.text, int(item.size * scale))
    height = round((box[3] - box[1]) * scale)
    return full.crop(box).resize((width, height), Image.LANCZOS)


def standings(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    width: int,
    names: Sequence[str],
    values: Sequence[str],
    turn: int | None,
    size: int,
    mover_bar: bool = False,
) -> int:
    """One row per seat: a seat-coloured badge, the name, the deciding number at the right.

    The seat to move gets a yellow frame and a "▶". Names shrink (never below ``size`` − 4,
    which callers keep above the floor) before they would touch the number. Returns the y
    below the last row.

    With ``mover_bar`` the rows start 16 px further right and the seat to move gets a yellow
    bar in that margin instead of the frame: Tesseract, reading a card at phone width, loses
    the text of a row inside a thick frame (the value of the framed row was missed in 11 of
    20 sample pictures, none with the bar).
    """
    x, y = origin
    row_h = int(size * 1.7)
    if mover_bar:
        x, width = x + 16, width - 16
    for seat, (name, value) in enumerate(zip(names, values, strict=True)):
        colour: RGB = player_colour(seat)
        moving = seat == turn
        box = (x, y, x + width, y + row_h - 6)
        framed = moving and not mover_bar
        draw.rounded_rectangle(box, radius=8, fill=shade(colour, 1.8) if not moving else PANEL,
                               outline=HIGHLIGHT if framed else LINE, width=5 if framed else 2)
        if moving and mover_bar:
            draw.rectangle((x - 16, y, x - 6, y + row_h - 6), fill=HIGHLIGHT, outline=INK, width=2)
        chip = (x + 8, y + 6, x + 8 + row_h - 18, y + row_h - 12)
        draw.rounded_rectangle(chip, radius=6, fill=colour, outline=INK, width=2)
        draw_text(draw, ((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2), str(seat + 1), size - 4,
                  text_on(colour), bold=True, anchor="mm")
        value_w = text_width(value, size + 2, bold=True)
        name_x = chip[2] + 12
        label = f"▶ {name}" if moving else name
        room = width - (name_x - x) - value_w - 30
        name_size = fit_size(label, room, size, size - 4, bold=moving)
        middle = y + (row_h - 6) / 2
        draw_text(draw, (name_x, middle), label, name_size, INK, bold=moving, anchor="lm")
        draw_text(draw, (x + width - 12, middle), value, size + 2, INK, bold=True, anchor="rm")
        y += row_h
    return y


def paragraph(draw: ImageDraw.ImageDraw, origin: tuple[int, int], text: str, size: int, width: int,
              fill: RGB = INK, bold: bool = False, max_lines: int = 3) -> int:
    """``text`` wrapped to ``width``, at most ``max_lines`` lines (the last one cut with "…")."""
    x, y = origin
    lines = wrap(text, size, width, bold)
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        while lines[-1] and text_width(lines[-1] + " …", size, bold) > width:
            lines[-1] = lines[-1].rsplit(" ", 1)[0] if " " in lines[-1] else lines[-1][:-1]
        lines[-1] += " …"
    for line in lines:
        draw_text(draw, (x, y), line, size, fill, bold=bold)
        y += int(size * 1.3)
    return y


def window(focus: Sequence[tuple[int, int]], span: int, size: int) -> tuple[int, int]:
    """The first row/column of a ``span``-wide window over ``size`` cells centred on ``focus``."""
    if not focus:
        return max(0, (size - span) // 2), max(0, (size - span) // 2)
    rows = [r for r, _ in focus]
    cols = [c for _, c in focus]

    def start(lo: int, hi: int) -> int:
        return min(max(0, (lo + hi + 1 - span) // 2), max(0, size - span))

    return start(min(rows), max(rows)), start(min(cols), max(cols))


def fit_line(text: str, width: int, size: int, smallest: int, bold: bool = False) -> tuple[str, int]:
    """``text`` and a font size that put it on one line of ``width`` pixels.

    The size shrinks from ``size`` to ``smallest`` (a card's floor) and no further: a text
    still too long is cut at the end with "…", so a long player name never drops below what
    a phone can read.
    """
    fitted = fit_size(text, width, size, smallest, bold)
    if text_width(text, fitted, bold) <= width:
        return text, fitted
    while len(text) > 1 and text_width(text + "…", fitted, bold) > width:
        text = text[:-1].rstrip()
    return text + "…", fitted
