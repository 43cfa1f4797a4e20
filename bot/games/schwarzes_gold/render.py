"""The public Schwarzes Gold picture, drawn from ``SchwarzesGold.view(state, None)``.

Layout on a 1200 × 888 canvas: the 10 × 10 board on the left with row letters (A–J) and
column numbers (1–10) on all four sides, so ``/play C7`` can be read straight off the
picture; a column on the right with the dice and supply (or the phase 2 order), every
player's score and pieces, and the last moves (newest first).

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

from bot.engine.words import named
from bot.games.schwarzes_gold.board import AREAS, BOARDS, ROWS, SIZE, field_name, parse_field
from bot.games.schwarzes_gold.messages import T, Tn, area_label, ordinal, series
from bot.render.dice import dice_row
from bot.render.palette import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    RGB,
    WHITE,
    player_colour,
    shade,
    text_on,
)
from bot.render.regions import Region
from bot.render.shapes import badge, panel
from bot.render.text import draw_text, draw_wrapped, fit_size, seat_names, text_width, wrap

CELL = 76
LABEL = 30
TOP = 58
LEFT = 16
BOARD_X = LEFT + LABEL
BOARD_Y = TOP + LABEL
BOARD_PX = CELL * SIZE
PANEL_X = BOARD_X + BOARD_PX + LABEL + 14
HEIGHT = BOARD_Y + BOARD_PX + LABEL + 12
WIDTH = 1200
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


def _stations(draw: ImageDraw.ImageDraw, board_name: str, trains: dict[str, Any]) -> None:
    """The station marks (drawn over the pieces, so a rig beside a station never hides it)."""
    taken = {train["seg"] for train in trains.values()}
    for settlement in BOARDS[board_name].settlements.values():
        if settlement.station in taken:
            continue
        seg = BOARDS[board_name].segments[settlement.station]
        (ax, ay), (bx, by) = corner_xy(seg.a), corner_xy(seg.b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        draw.rectangle((mx - 13, my - 13, mx + 13, my + 13), fill=WHITE, outline=RAIL, width=3)
        draw_text(draw, (mx, my), "S", 18, RAIL, bold=True, anchor="mm")


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


@lru_cache(maxsize=256)
def _sprite(kind: str, value: int, flag: bool, direction: str = "h") -> Image.Image:
    """A token stack, rig, truck or train drawn once on a transparent field-sized tile.

    Pasting cached tiles instead of drawing shapes and text for every piece keeps a
    picture cheap however full the board gets."""
    tile = Image.new("RGBA", (CELL, CELL), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    box = (0, 0, CELL, CELL)
    if kind == "token":
        _token(draw, box, value, flag)
    elif kind == "rig":
        _rig(draw, box, value, flag)
    else:
        _vehicle(draw, box, value, direction, flag, kind == "train")
    return tile


def _paste(image: Image.Image, field: str, tile: Image.Image) -> None:
    x0, y0, _, _ = cell_box(field)
    image.paste(tile, (x0, y0), tile)


def board(view: dict[str, Any]) -> Image.Image:
    names = seat_names(view)
    image = _map_picture(view)
    draw = ImageDraw.Draw(image)
    title = T("Schwarzes Gold — board {board}", board=view["board"])
    draw_text(draw, (LEFT, 12), title, 30, INK, bold=True)
    status = _status(view, names)
    x = LEFT + text_width(title, 30, bold=True) + 24
    draw_text(draw, (x, 18), status, fit_size(status, WIDTH - x - 16, 24, 16), INK)
    _side_panel(draw, view, names)
    return image


def board_regions(view: dict[str, Any]) -> list[Region]:
    """Every field of the board, named as the rows and columns around it print it ("C7"): the
    name a placement's group path ends in (``("Token", "C7")``, ``("Truck", "C7")``). Fields
    are the squares :func:`cell_box` draws, so neighbours touch and never overlap."""
    return [
        Region(field_name(row, col), cell_box(field_name(row, col))) for row in range(SIZE) for col in range(SIZE)
    ]


def _map_picture(view: dict[str, Any]) -> Image.Image:
    """The full-size canvas with only the board and its pieces drawn (no title, no panel)."""
    static = _static(view["board"], view["options"].get("wasteland") == "on")
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    image.paste(static, (BOARD_X - LABEL, BOARD_Y - LABEL))
    draw = ImageDraw.Draw(image)
    if view["area"] is not None and view["stage"] in ("act", "place"):
        _outline_area(draw, view["board"], view["area"])
    for field, count in view["tokens"].items():
        _paste(image, field, _sprite("token", min(count, 99), field in view["barrels"]))
    for field, piece in view["pieces"].items():
        if piece["kind"] == "rig":
            _paste(image, field, _sprite("rig", piece["owner"], piece["used"]))
        else:
            _paste(image, field, _sprite(piece["kind"], piece["owner"], piece["used"], piece["dir"]))
    moving = view["moving"]
    # a train waiting at a junction for its route is drawn where it waits
    trains = {
        name: moving if moving and moving["train"] == name else train for name, train in view["trains"].items()
    }
    _stations(draw, view["board"], trains)
    for name, train in trains.items():
        _rail_train(draw, view["board"], name, train)
    _area_badges(draw, view["board"])
    return image


def _status(view: dict[str, Any], names: list[str]) -> str:
    if view["over"]:
        outcome = view["outcome"]
        winners = [names[s] for s, r in enumerate(outcome["ranks"]) if r == 1]
        return T("Game over — {winners} wins", winners=series(winners))
    who = names[view["turn"]] if view["turn"] is not None else ""
    stage = view["stage"]
    if stage == "act":
        return T("Phase 1 — {who} acts in {area}", who=who, area=area_label(view["area"]))
    status = _STATUS.get(stage)
    return status(who) if status else ""


def _side_panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    """Dice and supply, the players, the last moves: top to bottom in the right column."""
    x0, x1 = PANEL_X, PANEL_X + PANEL_W
    top = BOARD_Y - LABEL
    y = panel(draw, (x0, top, x1, top + 170), T("Dice") if view["phase"] == 1 else T("Phase 2"), 20)
    if view["dice"]:
        dice_row(draw, (x0 + 14, y), view["dice"], size=56, gap=10)
        draw_text(draw, (x0 + 152, y + 12), f"= {sum(view['dice'])}", 30, INK, bold=True)
        text = area_label(view["area"])
        if view["dice"][0] == view["dice"][1]:
            text = T("{notes} · double", notes=text)
        if view["rerolled"]:
            text = T("{notes} · second roll", notes=text)
        draw_text(draw, (x0 + 14, y + 64), text, fit_size(text, PANEL_W - 28, 18, 16, bold=True), INK, bold=True)
        if view["bonus"]:
            draw_text(draw, (x0 + 14, y + 88), T("own train here: up to 2 actions"), 16, MUTED)
    elif view["order"]:
        # Two players alternate; three or four reverse the order after every round.
        two = len(view["order"]) == 2
        snake = [*view["order"], *(view["order"] if two else reversed(view["order"]))]
        order = " ".join(str(s + 1) for s in snake) + " …"
        heading = T("Players choose in turn:") if two else T("Players choose in snake order:")
        draw_text(draw, (x0 + 14, y + 4), heading, 18, INK)
        draw_text(draw, (x0 + 14, y + 30), order, 22, INK, bold=True)
    supply = view["supply"]
    draw_text(draw, (x0 + 14, top + 140), supply_text(supply), 17, INK)

    top += 180
    row_h = 92
    y = panel(draw, (x0, top, x1, top + 40 + row_h * view["players"]), T("Players"), 20)
    for seat in range(view["players"]):
        _player_row(draw, view, names, seat, (x0 + 8, y, x1 - 8, y + row_h - 8))
        y += row_h
    top += 50 + row_h * view["players"]
    if HEIGHT - top < 80:
        return
    y = panel(draw, (x0, top, x1, HEIGHT - 12), T("Last moves"), 20)
    lines = [named(line, names) for line in view["log"]]
    for line in reversed(lines):  # newest first, as many as fit
        needed = len(wrap(line, 16, PANEL_W - 28)) * 20
        if y + needed > HEIGHT - 18:
            break
        y = draw_wrapped(draw, (x0 + 14, y), line, 16, PANEL_W - 28, INK, spacing=1.25)


def supply_text(supply: dict[str, int]) -> str:
    """"Supply: 12 tokens, 1 barrel" (singular and plural as the counts need)."""
    return T("Supply: {tokens}, {barrels}", tokens=Tn("{n} token", "{n} tokens", supply["tokens"]),
             barrels=Tn("{n} barrel", "{n} barrels", supply["barrels"]))


def _player_row(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], seat: int, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _ = box
    colour = player_colour(seat)
    turn = view["turn"] == seat and not view["over"]
    draw.rounded_rectangle(box, radius=10, fill=shade(colour, 1.75), outline=HIGHLIGHT if turn else colour, width=5 if turn else 2)
    badge(draw, (x0 + 24, y0 + 22), 15, colour, str(seat + 1))
    name = names[seat]
    draw_text(draw, (x0 + 46, y0 + 10), name, fit_size(name, x1 - x0 - 150, 21, 16, bold=True), INK, bold=True)
    draw_text(draw, (x1 - 14, y0 + 6), str(view["points"][seat]), 28, INK, bold=True, anchor="ra")
    truck = _TRUCK[view["truck"][seat]]
    line = T("{rigs} in hand · {truck}", rigs=Tn("{n} rig", "{n} rigs", view["rigs_left"][seat]), truck=truck)
    draw_text(draw, (x0 + 14, y0 + 40), line, fit_size(line, x1 - x0 - 24, 17, 16), INK)
    extra: list[str] = []
    if view["safe"][seat]:
        extra.append(T("{n} safe", n=view["safe"][seat]))
    if _trains_in_play(view):
        extra.append(_TRAIN[view["train"][seat]])
    line = T("{first} · {next}", first=extra[0], next=extra[1]) if len(extra) == 2 else (extra[0] if extra else "")
    draw_text(draw, (x0 + 14, y0 + 62), line, fit_size(line, x1 - x0 - 90, 17, 16), MUTED)
    if view["holder"] == seat:  # the black train marks who began phase 2
        draw.rounded_rectangle((x1 - 62, y0 + 60, x1 - 12, y0 + 82), radius=6, fill=INK)
        draw_text(draw, (x1 - 37, y0 + 71), "B", 16, WHITE, bold=True, anchor="mm")
    if view["outcome"]:
        rank = ordinal(view["outcome"]["ranks"][seat])
        draw_text(draw, (x1 - 60, y0 + 10), rank, 18, INK, bold=True, anchor="ra")


_STATUS = {
    "first": lambda who: T("{who} chooses who begins", who=who),
    "face": lambda who: T("{who} turns the black train", who=who),
    "order": lambda who: T("{who} orders the trains", who=who),
    "route": lambda who: T("{who} routes a train", who=who),
    "swap": lambda who: T("{who} may swap a rig", who=who),
    "rotate": lambda who: T("{who} may turn the truck", who=who),
    "decide": lambda who: T("{who}: start or train?", who=who),
    "place": lambda who: T("{who} places the train", who=who),
    "score": lambda who: T("Phase 2 — {who} pumps oil", who=who),
}
"""The status line of each stage but acting (which names the area)."""

_TRUCK = {"hand": T("truck in hand"), "board": T("truck out"), "gone": T("truck gone")}
_TRAIN = {"hand": T("train in hand"), "board": T("train out"), "tracks": T("train on rails")}


def _trains_in_play(view: dict[str, Any]) -> bool:
    opts = view["options"]
    return opts.get("own_trains") == "on" or opts.get("start_or_train") == "on"


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first table card (drawn in :mod:`bot.games.schwarzes_gold.card`)."""
    return card.table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's deciding number exactly as the table card prints it."""
    return card.card_standings(view)


# At the end: the card module draws on this one, so it is imported once this one is complete.
from bot.games.schwarzes_gold import card  # noqa: E402
