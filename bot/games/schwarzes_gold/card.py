"""The Schwarzes Gold table card: the phone-first picture posted after every move.

720 px wide (text floor 20 px). From top to bottom: whose turn it is and what they decide,
every player's name with their points, the last move, then a 7 × 7 window of the board
cut from the full-size drawing and enlarged by a third. The window is centred on where the
decision happens: the rolled area while a player acts there, the mover's rigs while they
pump oil, else the fields the last move named. Fields named by the last move are framed in
the accent colour so what just changed is found at a glance; coordinates sit on the left and
top edges, as large as the rest of the text.
"""

from __future__ import annotations

import re
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import fill_seat_refs
from bot.games.schwarzes_gold import render
from bot.games.schwarzes_gold.board import BOARDS, ROWS, SIZE, field_name, parse_field
from bot.render.card_kit_a import paragraph, standings, window, zoomed_crop
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK
from bot.render.text import draw_text, seat_names

WIDTH = 720
FLOOR = floor_px(WIDTH)  # 20
SPAN = 7  # cells shown each way: 7 × 76 px enlarged to 696 px keeps the map's 16 px badges ≥ 20 px
STRIP = 24  # coordinate strip on the left and top of the window
MAP_W = WIDTH - STRIP
FIELD = re.compile(r"\b([A-J](?:10|[1-9]))\b")


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's points, as the card prints them."""
    return [str(points) for points in view["points"]]


def _last_move(view: dict[str, Any], names: list[str]) -> str:
    return fill_seat_refs(view["log"][-1], names) if view["log"] else ""


def _named_fields(text: str) -> list[str]:
    return [m for m in FIELD.findall(text) if parse_field(m) is not None]


def focus_fields(view: dict[str, Any], last: str) -> list[str]:
    """The fields the decision is about (see the module docstring for the order of choice)."""
    if view["area"] is not None and view["stage"] in ("act", "place"):
        return list(BOARDS[view["board"]].fields_of[view["area"]])
    if view["stage"] == "score" and view["turn"] is not None:
        mine = [f for f, p in view["pieces"].items() if p["kind"] == "rig" and p["owner"] == view["turn"]]
        if mine:
            return mine
    return _named_fields(last)


def table_card(view: dict[str, Any]) -> Image.Image:
    names = seat_names(view)
    last = _last_move(view, names)
    head = Image.new("RGB", (WIDTH, 2000), BACKGROUND)
    draw = ImageDraw.Draw(head)
    y = paragraph(draw, (14, 10), render._status(view, names) or "Schwarzes Gold", 26, WIDTH - 28, INK, bold=True, max_lines=2)
    y = standings(draw, (10, y + 6), WIDTH - 20, names, card_standings(view), None if view["over"] else view["turn"], 26)
    if last:
        y = paragraph(draw, (14, y + 4), f"Last: {last}", 22, WIDTH - 28, INK, max_lines=3)
    y += 6

    focus = [parse_field(f) for f in focus_fields(view, last)]
    row0, col0 = window([f for f in focus if f is not None], SPAN, SIZE)
    x0, y0, _, _ = render.cell_box(field_name(row0, col0))
    _, _, x1, y1 = render.cell_box(field_name(row0 + SPAN - 1, col0 + SPAN - 1))
    marked = [f for f in _named_fields(last) if f in BOARDS[view["board"]].area_of]

    def drawn() -> Image.Image:
        image = render._map_picture(view)
        mark = ImageDraw.Draw(image)
        for field in marked:
            bx0, by0, bx1, by1 = render.cell_box(field)
            mark.rectangle((bx0 + 2, by0 + 2, bx1 - 2, by1 - 2), outline=INK, width=7)
            mark.rectangle((bx0 + 6, by0 + 6, bx1 - 6, by1 - 6), outline=HIGHLIGHT, width=4)
        return image

    zoom = zoomed_crop(drawn, (x0, y0, x1, y1), MAP_W)
    cell = MAP_W / SPAN
    card = Image.new("RGB", (WIDTH, y + STRIP + zoom.height + 8), BACKGROUND)
    card.paste(head.crop((0, 0, WIDTH, y)), (0, 0))
    card.paste(zoom, (STRIP, y + STRIP))
    draw = ImageDraw.Draw(card)
    for i in range(SPAN):
        draw_text(draw, (STRIP + cell * (i + 0.5), y + STRIP / 2), str(col0 + i + 1), FLOOR, INK, bold=True, anchor="mm")
        draw_text(draw, (STRIP / 2, y + STRIP + cell * (i + 0.5)), ROWS[row0 + i], FLOOR, INK, bold=True, anchor="mm")
    return card
