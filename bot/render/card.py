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

from bot.i18n import Said, said_already, say_drawn
from bot.render.legibility import note_drawn, recording
from bot.render.palette import HIGHLIGHT, INK, LINE, PANEL, RGB, player_colour, shade, text_on
from bot.render.text import draw_text, fit_size, text_width, wrap

Box = tuple[int, int, int, int]


def zoomed_crop(draw_map: Callable[[], Image.Image], box: Box, width: int,
                resample: Image.Resampling = Image.Resampling.LANCZOS) -> Image.Image:
    """``draw_map()``'s region ``box`` scaled to ``width`` pixels wide.

    Every text the map drawing drew is reported to the enclosing recorder at its size times
    the scale (rounded down), whether or not it falls inside ``box``: a conservative check.
    ``resample`` trades sharpness for time: for a small enlargement (below 1.5×) bicubic looks
    the same as Lanczos at about two thirds of the cost.
    """
    with recording() as inner:
        full = draw_map()
    scale = width / (box[2] - box[0])
    for item in inner:
        note_drawn(item.text, int(item.size * scale))
    height = round((box[3] - box[1]) * scale)
    return full.crop(box).resize((width, height), resample)


def standings(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    width: int,
    names: Sequence[str],
    values: Sequence[str],
    turn: int | None,
    size: int,
    notes: Sequence[str] | None = None,
    bar_gap: int = 0,
    frame_width: int = 5,
    mover_bar: bool = False,
) -> int:
    """One row per seat: a seat-coloured badge, the name, the deciding number at the right.

    The seat to move gets a yellow frame (``frame_width`` px) and a "▶". Names shrink (never
    below ``size`` − 4, which callers keep above the floor) before they would touch the number.
    ``notes``, if given, is a second figure per seat (cash beside a net worth), drawn in plain
    weight in a column of its own just left of the numbers. ``bar_gap`` > 0 marks the mover
    with a yellow bar that many pixels left of its row (the caller leaves it 12 px of margin)
    instead of a frame. Why not the thick frame: close to the number it made Tesseract miss
    that row's number at 400 px wide (4 of 18 six-player 1856 cards; now and then on HISSS
    cards, where 3 px did not). ``mover_bar`` is the bar without a margin from the caller: the
    rows start 16 px further right and the bar stands in that gutter (a framed row's number was
    missed in 11 of 20 sample Puerto Rico cards, none with the bar). Returns the y below the
    last row.
    """
    x, y = origin
    if mover_bar:
        x, width, bar_gap = x + 16, width - 16, 6
    row_h = int(size * 1.7)
    widest = max((text_width(value, size + 2, bold=True) for value in values), default=0)
    note_right = x + width - 12 - widest - 24  # one column, however wide each number is
    for seat, (name, value) in enumerate(zip(names, values, strict=True)):
        colour: RGB = player_colour(seat)
        moving = seat == turn
        box = (x, y, x + width, y + row_h - 6)
        framed = moving and not bar_gap
        draw.rounded_rectangle(box, radius=8, fill=shade(colour, 1.8) if not moving else PANEL,
                               outline=HIGHLIGHT if framed else LINE, width=frame_width if framed else 2)
        if moving and bar_gap:
            bar = (x - bar_gap - 10, y - 2, x - bar_gap, y + row_h - 4)
            draw.rounded_rectangle(bar, radius=4, fill=HIGHLIGHT, outline=INK, width=2)
        chip = (x + 8, y + 6, x + 8 + row_h - 18, y + row_h - 12)
        draw.rounded_rectangle(chip, radius=6, fill=colour, outline=INK, width=2)
        draw_text(draw, ((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2), str(seat + 1), size - 4,
                  text_on(colour), bold=True, anchor="mm")
        value_w = text_width(value, size + 2, bold=True)
        name_x = chip[2] + 12
        label = f"▶ {name}" if moving else name
        note = notes[seat] if notes else ""
        room = (note_right - text_width(note, size) - 20 if note else x + width - value_w - 30) - name_x
        name_size = fit_size(label, room, size, size - 4, bold=moving)
        middle = y + (row_h - 6) / 2
        draw_text(draw, (name_x, middle), label, name_size, INK, bold=moving, anchor="lm")
        if note:
            draw_text(draw, (note_right, middle), note, size, INK, anchor="rm")
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
        last: str = lines[-1]  # already said (wrap): cut the words shown, and keep them said
        with said_already():
            while last and text_width(last + " …", size, bold) > width:
                last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
        lines[-1] = Said(last + " …")
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


def pointed_standings(
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    width: int,
    names: Sequence[str],
    values: Sequence[str],
    turn: int | None,
    size: int,
    gutter: int = 34,
) -> int:
    """:func:`standings` with the seat to move marked by a yellow arrow in a left gutter
    (``gutter`` pixels) instead of a frame around its row.

    Measured on Collide-o cards (5 players, seeds 1–6, 18 pictures) scaled to 400 px:
    Tesseract misread the framed row's number ("7 left" as "TZ Meet") in 2 pictures, the
    thick frame ending a few phone pixels after the number's last letter; with the arrow, in
    none. The arrow is a shape, not text, so it needs no floor. Returns the y below the last row.
    """
    x, y = origin
    bottom = standings(draw, (x + gutter, y), width - gutter, names, values, None, size)
    if turn is not None:
        row_h = int(size * 1.7)
        middle = y + turn * row_h + (row_h - 6) / 2
        half = min(gutter - 10, row_h - 14) / 2
        tip = x + gutter - 6
        draw.polygon([(tip, middle), (tip - 2 * half, middle - half - 2), (tip - 2 * half, middle + half + 2)],
                     fill=HIGHLIGHT, outline=INK, width=2)
    return bottom


def labelled_paragraph(draw: ImageDraw.ImageDraw, origin: tuple[int, int], label: str, text: str, size: int,
                       width: int, fill: RGB = INK, max_lines: int = 3) -> int:
    """``text`` after a bold ``label`` ("Last: ..."), wrapped under itself (a hanging indent),
    at most ``max_lines`` lines. Returns the y below the last line."""
    x, y = origin
    draw_text(draw, (x, y), label, size, fill, bold=True)
    indent = text_width(label + " ", size, bold=True)
    return paragraph(draw, (x + indent, y), text, size, width - indent, fill, max_lines=max_lines)


def fit_line(text: str, width: int, size: int, smallest: int, bold: bool = False) -> tuple[str, int]:
    """``text`` and a font size that put it on one line of ``width`` pixels.

    The size shrinks from ``size`` to ``smallest`` (a card's floor) and no further: a text
    still too long is cut at the end with "…", so a long player name never drops below what
    a phone can read.
    """
    fitted = fit_size(text, width, size, smallest, bold)
    if text_width(text, fitted, bold) <= width:
        return text, fitted
    said = say_drawn(text)  # cut the words the picture shows (a translation), not the English
    with said_already():
        while len(said) > 1 and text_width(said + "…", fitted, bold) > width:
            said = said[:-1].rstrip()
    return Said(said + "…"), fitted
