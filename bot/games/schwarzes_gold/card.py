"""The Schwarzes Gold table card: the phone-first picture posted after every move.

720 px wide, so every text is at least 20 px (``floor_px(720)``). From top to bottom:

- whose turn it is and what they decide ("Phase 1 — Ana acts in area 7");
- one row per player: seat colour and number, name, and points written "3 points" (Tesseract,
  like a hurried eye, misses a lone "0" at the end of a row, and reads "0 pts" as "O pts";
  the whole word gives the digit its context);
- the last move, in words;
- a 7 × 7 window of the board cut from the full-size drawing and enlarged by about a third
  (the map's smallest text, 16 px, becomes 20 px). The window is centred on the decision: the
  rolled area while a player acts there, the mover's rigs and trucks while they pump oil, else
  the fields the last move named. Fields named by the last move are framed in yellow; the
  fields the mover can choose carry their name ("D5", as on the move buttons) in a white tag.
  Row letters and column numbers run along the left and top edges.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import named
from bot.games.schwarzes_gold import render
from bot.games.schwarzes_gold.board import BOARDS, ROWS, SIZE, field_name, parse_field
from bot.games.schwarzes_gold.messages import T, Tn
from bot.games.schwarzes_gold.rules import SchwarzesGold
from bot.render.card import paragraph, standings, window, zoomed_crop
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, WHITE
from bot.render.text import draw_text, seat_names, text_width

WIDTH = 720
FLOOR = floor_px(WIDTH)  # 20
SPAN = 7
"""Fields shown each way: 7 × 76 px enlarged to 696 px keeps the map's 16 px badges at 20 px."""
STRIP = 24
"""The coordinate strip on the left and top of the window."""
MAP_W = WIDTH - STRIP
CELL = MAP_W / SPAN
ROW_SIZE = 30
"""Standings text: at 400 px wide a name shows 17 px tall, where "rn" no longer reads as "m"."""
FIELD = re.compile(r"\b([A-J](?:10|[1-9]))\b")


def points_text(points: int) -> str:
    """A score as the card prints it: "0 points", "1 point", "12 points"."""
    return Tn("{n} point", "{n} points", points)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's points, exactly as the card prints them."""
    return [points_text(points) for points in view["points"]]


def _last_move(view: dict[str, Any], names: list[str]) -> str:
    return named(view["log"][-1], names) if view["log"] else ""


def _named_fields(text: str) -> list[str]:
    return [m for m in FIELD.findall(text) if parse_field(m) is not None]


def choosable_fields(view: dict[str, Any]) -> list[str]:
    """The fields the mover picks from now, named as on the move buttons: the rolled area's
    fields without a piece while acting or placing the train there, the mover's unused pieces with oil in reach
    while pumping oil; none in the other decisions (they are not about a field)."""
    if view["over"] or view["turn"] is None:
        return []
    if view["area"] is not None and view["stage"] in ("act", "place"):
        return [f for f in BOARDS[view["board"]].fields_of[view["area"]] if f not in view["pieces"]]
    if view["stage"] == "score":
        # The rules' own reach (it reads only the pieces, which the view shows as they are):
        # a piece can be pumped while any field in its reach holds oil.
        return sorted(
            field for field, piece in view["pieces"].items()
            if piece["owner"] == view["turn"] and not piece["used"]
            and any(f in view["tokens"] for f in SchwarzesGold.reach_of(view, field, piece["kind"], piece["dir"]))
        )
    return []


def focus_fields(view: dict[str, Any], last: str) -> list[str]:
    """The fields the window is centred on: the choosable ones, else the last move's."""
    return choosable_fields(view) or _named_fields(last)


def table_card(view: dict[str, Any]) -> Image.Image:
    """The card for a public view (see the module docstring)."""
    names = seat_names(view)
    last = _last_move(view, names)
    head = Image.new("RGB", (WIDTH, 1200), BACKGROUND)
    draw = ImageDraw.Draw(head)
    status = render._status(view, names) or T("Schwarzes Gold")
    y = paragraph(draw, (14, 10), status, 26, WIDTH - 28, INK, bold=True, max_lines=2)
    turn = None if view["over"] else view["turn"]
    y = standings(draw, (10, y + 6), WIDTH - 20, names, card_standings(view), turn, ROW_SIZE)
    if last:
        y = paragraph(draw, (14, y + 4), T("Last: {move}", move=last), 22, WIDTH - 28, INK, max_lines=3)
    y += 6

    focus = [parse_field(f) for f in focus_fields(view, last)]
    row0, col0 = window([f for f in focus if f is not None], SPAN, SIZE)
    zoom = _window_picture(view, row0, col0, [f for f in _named_fields(last) if f in BOARDS[view["board"]].area_of])
    card = Image.new("RGB", (WIDTH, y + STRIP + zoom.height + 8), BACKGROUND)
    card.paste(head.crop((0, 0, WIDTH, y)), (0, 0))
    card.paste(zoom, (STRIP, y + STRIP))
    draw = ImageDraw.Draw(card)
    for i in range(SPAN):
        draw_text(draw, (STRIP + CELL * (i + 0.5), y + STRIP / 2), str(col0 + i + 1), FLOOR, INK, bold=True, anchor="mm")
        draw_text(draw, (STRIP / 2, y + STRIP + CELL * (i + 0.5)), ROWS[row0 + i], FLOOR, INK, bold=True, anchor="mm")
    _tag_fields(draw, choosable_fields(view), row0, col0, (STRIP, y + STRIP))
    return card


def _window_picture(view: dict[str, Any], row0: int, col0: int, marked: list[str]) -> Image.Image:
    """The board's ``SPAN`` × ``SPAN`` fields from (``row0``, ``col0``), enlarged to ``MAP_W``,
    with the ``marked`` fields (what the last move changed) framed."""
    x0, y0, _, _ = render.cell_box(field_name(row0, col0))
    _, _, x1, y1 = render.cell_box(field_name(row0 + SPAN - 1, col0 + SPAN - 1))

    def drawn() -> Image.Image:
        image = render._map_picture(view)
        mark = ImageDraw.Draw(image)
        for field in marked:
            bx0, by0, bx1, by1 = render.cell_box(field)
            mark.rectangle((bx0 + 2, by0 + 2, bx1 - 2, by1 - 2), outline=INK, width=7)
            mark.rectangle((bx0 + 6, by0 + 6, bx1 - 6, by1 - 6), outline=HIGHLIGHT, width=4)
        return image

    # Bicubic: a 1.3× enlargement looks as sharp as with Lanczos, for two thirds of the time.
    return zoomed_crop(drawn, (x0, y0, x1, y1), MAP_W, Image.Resampling.BICUBIC)


def _tag_fields(draw: ImageDraw.ImageDraw, fields: list[str], row0: int, col0: int, origin: tuple[int, int]) -> None:
    """A white tag with the field's name in the bottom-left corner of each choosable field in
    the window: the same short name as on the move buttons ("D5")."""
    for field in fields:
        row, col = parse_field(field) or (-1, -1)
        if not (row0 <= row < row0 + SPAN and col0 <= col < col0 + SPAN):
            continue
        left = origin[0] + (col - col0) * CELL
        bottom = origin[1] + (row - row0 + 1) * CELL
        w = text_width(field, FLOOR, bold=True) + 10
        draw.rounded_rectangle((left + 3, bottom - 29, left + 3 + w, bottom - 3), radius=6, fill=WHITE, outline=INK, width=2)
        draw_text(draw, (left + 3 + w / 2, bottom - 16), field, FLOOR, INK, bold=True, anchor="mm")
