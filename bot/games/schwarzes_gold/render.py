"""The public Schwarzes Gold picture, drawn from ``SchwarzesGold.view(state, None)``.

Layout on a 1280 px canvas: the 10 × 10 board on the left with row letters (A–J) and column
numbers (1–10) on all four sides, so ``/play C7`` can be read straight off the picture; a
side panel on the right with the dice, whose turn it is, every player's score and pieces,
the supply and the phase 2 order; the last moves underneath.

On the board, each area has its own tint, a thick border and its dice number in a badge;
the rolled area is outlined in yellow. Tokens are black drums (a number for a stack), a
barrel is a brown cask on its token, rigs are derricks and trucks are lorries in the owner's
colour with the seat number on them (used ones are drawn faded with a tick). Board 1926 adds
settlements (huts), wasteland (hatched), the railway along the grid lines and the trains.
Colour is never the only cue: pieces carry seat numbers, areas their dice numbers.

The static board (areas, labels, railway, huts) is drawn once per board and variant set and
copied for each picture.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine import fill_seat_refs
from bot.games.schwarzes_gold.board import AREAS, BOARDS, ROWS, SIZE, field_name, parse_field
from bot.render.dice import dice_row
from bot.render.palette import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    RGB,
    WHITE,
    player_colour,
    shade,
    text_on,
)
from bot.render.shapes import badge, panel
from bot.render.text import draw_text, draw_wrapped, fit_size, seat_names

CELL = 84
LABEL = 34
TOP = 70
LEFT = 16
BOARD_X = LEFT + LABEL
BOARD_Y = TOP + LABEL
BOARD_PX = CELL * SIZE
PANEL_X = BOARD_X + BOARD_PX + LABEL + 16
WIDTH = 1280
PANEL_W = WIDTH - PANEL_X - 16

AREA_TINT: dict[str, RGB] = {
    "2/3": (236, 214, 196),
    "4": (246, 226, 170),
    "5": (214, 232, 180),
    "6": (186, 222, 206),
    "7": (240, 236, 224),
    "8": (196, 214, 236),
    "9": (216, 204, 234),
    "10": (238, 200, 212),
    "11/12": (220, 220, 200),
}
ODDS = {"2/3": 3, "4": 3, "5": 4, "6": 5, "7": 6, "8": 5, "9": 4, "10": 3, "11/12": 3}
OIL: RGB = (24, 24, 28)
BARREL: RGB = (150, 84, 34)
RAIL: RGB = (70, 62, 56)
HUT: RGB = (176, 120, 70)
WASTE: RGB = (150, 140, 120)


def cell_box(field: str) -> tuple[int, int, int, int]:
    row, col = parse_field(field) or (0, 0)
    x, y = BOARD_X + col * CELL, BOARD_Y + row * CELL
    return x, y, x + CELL, y + CELL


def corner_xy(corner: tuple[int, int] | list[int]) -> tuple[int, int]:
    return BOARD_X + corner[1] * CELL, BOARD_Y + corner[0] * CELL


@lru_cache(maxsize=32)
def _hatch(fill: RGB, ink: RGB) -> Image.Image:
    """A field's worth of diagonal hatching: wasteland."""
    tile = Image.new("RGB", (CELL - 1, CELL - 1), fill)
    draw = ImageDraw.Draw(tile)
    for k in range(-CELL, CELL, 12):
        draw.line((k, CELL, k + CELL, 0), fill=ink, width=2)
    return tile


def _area_badges(draw: ImageDraw.ImageDraw, board_name: str) -> None:
    """Each area's dice number in a badge on its first field (drawn over the pieces)."""
    board = BOARDS[board_name]
    for area in AREAS:
        x0, y0, _, _ = cell_box(board.fields_of[area][0])
        width = 18 + 11 * len(area)
        draw.rounded_rectangle((x0 + 2, y0 + 2, x0 + 2 + width, y0 + 26), radius=8, fill=INK)
        draw_text(draw, (x0 + 2 + width / 2, y0 + 14), area, 18, WHITE, bold=True, anchor="mm")


def _outline_area(draw: ImageDraw.ImageDraw, board_name: str, area: str) -> None:
    """A thick yellow line just inside the border of the rolled area."""
    board = BOARDS[board_name]
    inside = set(board.fields_of[area])
    for field in inside:
        row, col = parse_field(field) or (0, 0)
        x0, y0, x1, y1 = cell_box(field)
        x0, y0, x1, y1 = x0 + 5, y0 + 5, x1 - 5, y1 - 5
        sides = {
            (-1, 0): (x0 - 5, y0, x1 + 5, y0),
            (1, 0): (x0 - 5, y1, x1 + 5, y1),
            (0, -1): (x0, y0 - 5, x0, y1 + 5),
            (0, 1): (x1, y0 - 5, x1, y1 + 5),
        }
        for (dr, dc), line in sides.items():
            r, c = row + dr, col + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE) or field_name(r, c) not in inside:
                draw.line(line, fill=HIGHLIGHT, width=8)


@lru_cache(maxsize=16)
def _static(board_name: str, wasteland: bool) -> Image.Image:
    """The board without pieces: tints, borders, labels, wasteland, huts and railway."""
    board = BOARDS[board_name]
    image = Image.new("RGB", (BOARD_PX + 2 * LABEL, BOARD_PX + 2 * LABEL), BACKGROUND)
    draw = ImageDraw.Draw(image)
    ox, oy = LABEL, LABEL  # the static image starts at (BOARD_X - LABEL, BOARD_Y - LABEL)

    def box(field: str) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = cell_box(field)
        return x0 - BOARD_X + ox, y0 - BOARD_Y + oy, x1 - BOARD_X + ox, y1 - BOARD_Y + oy

    for field, area in board.area_of.items():
        x0, y0, x1, y1 = box(field)
        draw.rectangle((x0, y0, x1, y1), fill=AREA_TINT[area], outline=shade(AREA_TINT[area], 0.82), width=1)
        if field in board.wasteland:
            image.paste(_hatch(AREA_TINT[area], WASTE if wasteland else shade(AREA_TINT[area], 0.88)), (x0 + 1, y0 + 1))
    # thick borders between areas
    for r in range(SIZE):
        for c in range(SIZE):
            here = board.area_of[field_name(r, c)]
            x0, y0, x1, y1 = box(field_name(r, c))
            if c + 1 < SIZE and board.area_of[field_name(r, c + 1)] != here:
                draw.line((x1, y0, x1, y1), fill=INK, width=4)
            if r + 1 < SIZE and board.area_of[field_name(r + 1, c)] != here:
                draw.line((x0, y1, x1, y1), fill=INK, width=4)
    draw.rectangle((ox, oy, ox + BOARD_PX, oy + BOARD_PX), outline=INK, width=4)
    # coordinates on all four sides
    for i in range(SIZE):
        cx = ox + i * CELL + CELL // 2
        cy = oy + i * CELL + CELL // 2
        for y in (LABEL // 2, oy + BOARD_PX + LABEL // 2):
            draw_text(draw, (cx, y), str(i + 1), 22, INK, bold=True, anchor="mm")
        for x in (LABEL // 2, ox + BOARD_PX + LABEL // 2):
            draw_text(draw, (x, cy), ROWS[i], 22, INK, bold=True, anchor="mm")
    # settlements: a hut on the field
    for settlement in board.settlements.values():
        x0, y0, x1, y1 = box(settlement.field)
        mx = (x0 + x1) / 2
        roof = [(x0 + 14, y0 + 44), (mx, y0 + 20), (x1 - 14, y0 + 44)]
        draw.rectangle((x0 + 20, y0 + 44, x1 - 20, y1 - 12), fill=HUT, outline=INK, width=2)
        draw.polygon(roof, fill=shade(HUT, 0.7), outline=INK)
        draw.rectangle((mx - 6, y1 - 30, mx + 6, y1 - 12), fill=shade(HUT, 0.5))
    # railway: sleepers, then rails, along the grid lines
    shift = (ox - BOARD_X, oy - BOARD_Y)
    for seg in board.segments.values():
        (ax, ay), (bx, by) = corner_xy(seg.a), corner_xy(seg.b)
        ax, ay, bx, by = ax + shift[0], ay + shift[1], bx + shift[0], by + shift[1]
        horizontal = ay == by
        for k in range(6, CELL, 14):
            if horizontal:
                draw.line((ax + k, ay - 8, ax + k, ay + 8), fill=RAIL, width=3)
            else:
                draw.line((ax - 8, ay + k, ax + 8, ay + k), fill=RAIL, width=3)
        if horizontal:
            draw.line((ax, ay - 4, bx, by - 4), fill=RAIL, width=2)
            draw.line((ax, ay + 4, bx, by + 4), fill=RAIL, width=2)
        else:
            draw.line((ax - 4, ay, bx - 4, by), fill=RAIL, width=2)
            draw.line((ax + 4, ay, bx + 4, by), fill=RAIL, width=2)
        station = board.station_of(seg.name)
        if station is not None:
            mx, my = (ax + bx) / 2, (ay + by) / 2
            draw.rectangle((mx - 14, my - 14, mx + 14, my + 14), fill=WHITE, outline=RAIL, width=3)
            draw_text(draw, (mx, my), "S", 18, RAIL, bold=True, anchor="mm")
    for corner in board.junctions():
        x, y = corner_xy(corner)
        x, y = x + shift[0], y + shift[1]
        draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=RAIL, outline=WHITE, width=2)
    return image


def _token(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], count: int, barrel: bool) -> None:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 6
    r = 22
    for k in range(min(count, 3) - 1, -1, -1):  # a stack shows up to three drums
        dy = -k * 6
        draw.ellipse((cx - r, cy - r * 0.8 + dy, cx + r, cy + r * 0.8 + dy), fill=OIL, outline=WHITE, width=2)
    if count > 1:
        draw_text(draw, (cx, cy - (min(count, 3) - 1) * 6), str(count), 22, WHITE, bold=True, anchor="mm")
    if barrel:
        bx, by = x1 - 22, y0 + 8
        draw.rounded_rectangle((bx - 12, by, bx + 12, by + 30), radius=7, fill=BARREL, outline=INK, width=2)
        draw.line((bx - 12, by + 10, bx + 12, by + 10), fill=INK, width=2)
        draw.line((bx - 12, by + 20, bx + 12, by + 20), fill=INK, width=2)


def _rig(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], owner: int, used: bool) -> None:
    x0, y0, x1, y1 = box
    colour = player_colour(owner)
    fill = shade(colour, 1.55) if used else colour
    cx = (x0 + x1) / 2
    draw.polygon([(cx, y0 + 8), (x0 + 14, y1 - 8), (x1 - 14, y1 - 8)], fill=fill, outline=INK)
    draw.line((cx, y0 + 8, cx, y1 - 8), fill=INK, width=2)
    draw.line((x0 + 24, y1 - 30, x1 - 24, y1 - 30), fill=INK, width=2)
    badge(draw, (int(cx), int(y1 - 24)), 15, WHITE if used else colour, str(owner + 1))
    if used:
        draw_text(draw, (x1 - 14, y0 + 14), "✓", 22, INK, bold=True, anchor="mm")


def _vehicle(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], owner: int, direction: str, used: bool, train: bool) -> None:
    x0, y0, x1, y1 = box
    colour = player_colour(owner)
    fill = shade(colour, 1.55) if used else colour
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    long, short = CELL / 2 - 6, CELL / 4
    w, h = (long, short) if direction == "h" else (short, long)
    draw.rounded_rectangle((cx - w, cy - h, cx + w, cy + h), radius=8, fill=fill, outline=INK, width=3)
    # arrows at both ends show the line the vehicle scores
    a = 8
    if direction == "h":
        for sx in (-1, 1):
            tip = cx + sx * (CELL / 2 - 1)
            draw.polygon([(tip, cy), (tip - sx * a, cy - a), (tip - sx * a, cy + a)], fill=INK)
    else:
        for sy in (-1, 1):
            tip = cy + sy * (CELL / 2 - 1)
            draw.polygon([(cx, tip), (cx - a, tip - sy * a), (cx + a, tip - sy * a)], fill=INK)
    label = f"T{owner + 1}" if train else str(owner + 1)
    draw_text(draw, (cx, cy), label, 22, text_on(fill), bold=True, anchor="mm")
    if used:
        draw_text(draw, (x1 - 12, y0 + 12), "✓", 20, INK, bold=True, anchor="mm")


def _rail_train(draw: ImageDraw.ImageDraw, board_name: str, name: str, train: dict[str, Any]) -> None:
    board = BOARDS[board_name]
    seg = board.segments[train["seg"]]
    (ax, ay), (bx, by) = corner_xy(seg.a), corner_xy(seg.b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    horizontal = ay == by
    colour = INK if name == "black" else player_colour(int(name))
    w, h = (30, 14) if horizontal else (14, 30)
    draw.rounded_rectangle((mx - w, my - h, mx + w, my + h), radius=6, fill=colour, outline=WHITE, width=3)
    tx, ty = corner_xy(train["to"])
    dx, dy = (tx - mx), (ty - my)
    norm = max(abs(dx), abs(dy)) or 1
    ux, uy = dx / norm, dy / norm
    tip = (mx + ux * (max(w, h) + 12), my + uy * (max(w, h) + 12))
    base = (mx + ux * max(w, h), my + uy * max(w, h))
    draw.polygon([tip, (base[0] - uy * 9, base[1] + ux * 9), (base[0] + uy * 9, base[1] - ux * 9)], fill=colour, outline=WHITE)
    label = "B" if name == "black" else str(int(name) + 1)
    draw_text(draw, (mx, my), label, 18, text_on(colour), bold=True, anchor="mm")


def board(view: dict[str, Any]) -> Image.Image:
    names = seat_names(view)
    opts = view["options"]
    static = _static(view["board"], opts.get("wasteland") == "on")
    height = max(BOARD_Y + BOARD_PX + LABEL + 16, 1060) + 150
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    image.paste(static, (BOARD_X - LABEL, BOARD_Y - LABEL))
    draw = ImageDraw.Draw(image)

    title = f"Schwarzes Gold — board {view['board']}"
    draw_text(draw, (LEFT, 18), title, 32, INK, bold=True)
    draw_text(draw, (LEFT + 560, 26), _status(view, names), fit_size(_status(view, names), WIDTH - LEFT - 580, 24, 16), INK)

    if view["area"] is not None and view["stage"] in ("act", "place"):
        _outline_area(draw, view["board"], view["area"])

    for field, count in view["tokens"].items():
        _token(draw, cell_box(field), count, field in view["barrels"])
    for field, piece in view["pieces"].items():
        if piece["kind"] == "rig":
            _rig(draw, cell_box(field), piece["owner"], piece["used"])
        else:
            _vehicle(draw, cell_box(field), piece["owner"], piece["dir"], piece["used"], piece["kind"] == "train")
    for name, train in view["trains"].items():
        _rail_train(draw, view["board"], name, train)
    _area_badges(draw, view["board"])

    _side_panel(draw, view, names, height)
    # the last moves under the board
    y = BOARD_Y + BOARD_PX + LABEL + 12
    x1 = BOARD_X + BOARD_PX + LABEL
    y_top = y
    draw.rounded_rectangle((LEFT, y_top, x1, height - 12), radius=12, fill=(255, 252, 245), outline=LINE, width=2)
    draw_text(draw, (LEFT + 14, y_top + 10), "Last moves", 20, INK, bold=True)
    y = y_top + 40
    for line in view["log"]:
        text = fill_seat_refs(line, names)
        y = draw_wrapped(draw, (LEFT + 14, y), text, 17, x1 - LEFT - 28, INK)
        if y > height - 30:
            break
    return image


def _status(view: dict[str, Any], names: list[str]) -> str:
    stage = view["stage"]
    if view["over"]:
        outcome = view["outcome"]
        winners = [names[s] for s, r in enumerate(outcome["ranks"]) if r == 1]
        return f"Game over — {', '.join(winners)} wins"
    who = names[view["turn"]] if view["turn"] is not None else ""
    text = {
        "first": f"{who} chooses who begins",
        "face": f"{who} turns the black train",
        "act": f"Phase 1 — {who} acts in area {view['area']}",
        "order": f"{who} orders the trains",
        "route": f"{who} routes a train",
        "swap": f"{who} may swap a rig",
        "rotate": f"{who} may turn the truck",
        "decide": f"{who}: start or train?",
        "place": f"{who} places the train",
        "score": f"Phase 2 — {who} pumps oil",
    }
    return text.get(stage, "")


def _side_panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], height: int) -> None:
    x0, x1 = PANEL_X, PANEL_X + PANEL_W
    y = panel(draw, (x0, BOARD_Y - LABEL, x1, BOARD_Y + 250), "Dice", 22)
    if view["dice"]:
        dice_row(draw, (x0 + 16, y + 4), view["dice"], size=64, gap=12)
        total = sum(view["dice"])
        draw_text(draw, (x0 + 176, y + 10), f"= {total}", 30, INK, bold=True)
        draw_text(draw, (x0 + 176, y + 46), f"area {view['area']}", 20, INK)
        notes = []
        if view["dice"][0] == view["dice"][1]:
            notes.append("double")
        if view["rerolled"]:
            notes.append("second roll")
        if view["bonus"]:
            notes.append("own train: 2 actions")
        if notes:
            draw_wrapped(draw, (x0 + 16, y + 80), ", ".join(notes), 18, PANEL_W - 32, MUTED)
    else:
        draw_text(draw, (x0 + 16, y + 8), "Phase 2" if view["phase"] == 2 else "—", 22, MUTED)
    supply = view["supply"]
    draw_text(draw, (x0 + 16, y + 118), f"Supply: {supply['tokens']} tokens, {supply['barrels']} barrels", 18, INK)
    if view["order"]:
        order = " → ".join(str(s + 1) for s in view["order"])
        draw_text(draw, (x0 + 16, y + 146), f"Phase 2 from player {order} (snake)", 17, INK)
    top = BOARD_Y + 262
    rows = view["players"]
    y = panel(draw, (x0, top, x1, top + 46 + 118 * rows), "Players", 22)
    for seat in range(rows):
        colour = player_colour(seat)
        turn = view["turn"] == seat and not view["over"]
        box = (x0 + 10, y, x1 - 10, y + 108)
        draw.rounded_rectangle(box, radius=10, fill=shade(colour, 1.75), outline=HIGHLIGHT if turn else colour, width=5 if turn else 2)
        badge(draw, (x0 + 36, y + 28), 17, colour, str(seat + 1))
        name = names[seat]
        draw_text(draw, (x0 + 60, y + 14), name, fit_size(name, PANEL_W - 150, 22, 16, bold=True), INK, bold=True)
        points = view["points"][seat]
        draw_text(draw, (x1 - 24, y + 12), str(points), 30, INK, bold=True, anchor="ra")
        rigs = view["rigs_left"][seat]
        truck = {"hand": "truck in hand", "board": "truck on board", "gone": "truck gone"}[view["truck"][seat]]
        draw_text(draw, (x0 + 24, y + 50), f"{rigs} rigs in hand · {truck}", 17, INK)
        extra = []
        if view["safe"][seat]:
            extra.append(f"{view['safe'][seat]} safe points")
        train = view["train"][seat]
        if opts_train(view):
            extra.append({"hand": "train in hand", "board": "train on board", "tracks": "train on tracks"}[train])
        if view["holder"] == seat:
            extra.append("black train")
        if view["outcome"]:
            extra.append(f"rank {view['outcome']['ranks'][seat]}")
        line = " · ".join(extra)
        draw_text(draw, (x0 + 24, y + 76), line, fit_size(line, PANEL_W - 44, 17, 13), MUTED)
        y += 118
    legend_top = top + 56 + 118 * rows
    if legend_top + 150 < height - 12:
        y = panel(draw, (x0, legend_top, x1, height - 12), "Areas (dice odds)", 20)
        col_w = (PANEL_W - 20) // 3
        for i, area in enumerate(AREAS):
            cx = x0 + 12 + (i % 3) * col_w
            cy = y + (i // 3) * 34
            if cy + 28 > height - 16:
                break
            fill = AREA_TINT[area]
            draw.rounded_rectangle((cx, cy, cx + col_w - 8, cy + 28), radius=6, fill=fill, outline=HIGHLIGHT if view["area"] == area else LINE, width=3 if view["area"] == area else 1)
            draw_text(draw, (cx + (col_w - 8) / 2, cy + 14), f"{area}: {ODDS[area]}/36", 16, INK, bold=True, anchor="mm")


def opts_train(view: dict[str, Any]) -> bool:
    opts = view["options"]
    return opts.get("own_trains") == "on" or opts.get("start_or_train") == "on"
