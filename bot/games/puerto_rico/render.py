"""Pictures of a Puerto Rico table, drawn from views only (never from the raw state).

``board(view)`` is the public table: roles with their doubloons, plantations and quarries,
colonists, VP chips left, the trading house, the cargo ships, the goods supply, the
building market and a compact board per player. VP chips are drawn only when the view
holds them, which a public view never does before the end. ``private(view)`` is one seat's
own board, larger, with its secret VP chips.

Every colour comes with a text label (good names, building names, counts) so the picture
reads without colour vision; player colours are the Okabe–Ito set from the shared palette.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import Said, say
from bot.render.palette import (
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    player_colour,
    shade,
    text_on,
)
from bot.render.regions import Region
from bot.render.shapes import Box, canvas, card, panel, rounded_rectangle
from bot.render.text import draw_text, fit_size, text_width

from .buildings import GOODS, ROLE_IDS
from .legal import QUARRY_GROUP, joined, plantation_group, role_label, ship_group
from .messages import GOOD_NAMES, TILE_TITLES, T, Tn, Tp

WIDTH = 1400
MARGIN = 16

GOOD_COLOURS: dict[str, RGB] = {
    "corn": (242, 201, 46),
    "indigo": (44, 82, 170),
    "sugar": (250, 250, 246),
    "tobacco": (196, 146, 92),
    "coffee": (92, 58, 34),
    "quarry": (150, 150, 156),
}
GOOD_SHORT = TILE_TITLES
VIOLET: RGB = (150, 104, 182)
LARGE_VIOLET: RGB = (112, 70, 150)
ROLE_COLOURS: dict[str, RGB] = {
    "settler": (180, 214, 160),
    "mayor": (228, 196, 160),
    "builder": (200, 184, 226),
    "craftsman": (240, 216, 150),
    "trader": (160, 206, 222),
    "captain": (170, 190, 232),
    "prospector": (222, 206, 176),
    "prospector-2": (222, 206, 176),
}
PHASE_NAMES = {
    "role": T("choosing a role"),
    "settler": T("Settler phase"),
    "mayor": T("Mayor phase"),
    "builder": T("Builder phase"),
    "craftsman": T("Craftsman phase"),
    "trader": T("Trader phase"),
    "captain": T("Captain phase"),
    "over": T("Game over"),
}
GOOD_ABBREVIATIONS = {
    "corn": Tp("good, 3 letters", "Cor"),
    "indigo": Tp("good, 3 letters", "Ind"),
    "sugar": Tp("good, 3 letters", "Sug"),
    "tobacco": Tp("good, 3 letters", "Tob"),
    "coffee": Tp("good, 3 letters", "Cof"),
}
"""A good's name cut to three letters, on the smallest chips (each language cuts its own word)."""


def _name(view: dict[str, Any], seat: int) -> str:
    names = view.get("names")
    if isinstance(names, list) and seat < len(names) and names[seat]:
        return str(names[seat])
    return T("Player {number}", number=seat + 1)


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, width: int,
          fill: RGB = INK, bold: bool = False, anchor: str = "la") -> None:
    """Text shrunk to fit ``width`` pixels."""
    draw_text(draw, xy, text, fit_size(text, width, size, bold=bold), fill, bold=bold, anchor=anchor)


def _building_colour(entry: dict[str, Any]) -> RGB:
    produces = entry.get("produces")
    if produces:
        return GOOD_COLOURS[produces]
    return LARGE_VIOLET if entry.get("large") else VIOLET


def _circles(draw: ImageDraw.ImageDraw, x: int, y: int, filled: int, total: int, radius: int = 7,
             on: RGB = INK) -> None:
    """A row of colonist circles: filled = a colonist on it, hollow = empty."""
    for i in range(total):
        cx = x + i * (radius * 2 + 4) + radius
        box = (cx - radius, y - radius, cx + radius, y + radius)
        if i < filled:
            draw.ellipse(box, fill=(70, 44, 28), outline=on, width=2)
        else:
            draw.ellipse(box, fill=(255, 255, 255), outline=on, width=2)


def _good_chip(draw: ImageDraw.ImageDraw, box: Box, good: str, text: str, size: int = 16) -> None:
    fill = GOOD_COLOURS[good]
    card(draw, box, fill=fill, outline=INK, radius=6, width=2)
    x0, y0, x1, y1 = box
    _text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), text, size, x1 - x0 - 6, text_on(fill), bold=True, anchor="mm")


# -- the public board -------------------------------------------------------------------------


HEADER_H = 92
"""The header band and the gap under it: the roles start here."""
ROLE_H = 116
SUPPLIES_Y = HEADER_H + ROLE_H + 12
SUPPLIES_H = 250
MARKET_Y = SUPPLIES_Y + SUPPLIES_H + 12
MARKET_H = 360
PLANTATIONS_X = (MARGIN, MARGIN + 360)
COLONISTS_X = (PLANTATIONS_X[1] + 12, PLANTATIONS_X[1] + 12 + 230)
HOUSE_X = (COLONISTS_X[1] + 12, COLONISTS_X[1] + 12 + 250)
SHIPS_X = (HOUSE_X[1] + 12, WIDTH - MARGIN)
PANEL_TITLE = 20
"""The title size of :func:`bot.render.shapes.panel`: a panel's content starts ``16 + 20`` below its top."""
SHIP_LABEL_W = 118
SHIP_ROW = 66


def role_boxes(view: dict[str, Any]) -> list[Box]:
    """Each role card's box, left to right in the order of ``view["roles"]``."""
    roles = view["roles"]
    gap = 10
    width = (WIDTH - 2 * MARGIN - gap * (len(roles) - 1)) // len(roles)
    return [(MARGIN + i * (width + gap), HEADER_H, MARGIN + i * (width + gap) + width, HEADER_H + ROLE_H)
            for i in range(len(roles))]


def plantation_boxes(view: dict[str, Any]) -> list[Box]:
    """Each face-up plantation's tile, in the order of ``view["plantations"]["face_up"]``."""
    top = SUPPLIES_Y + 16 + PANEL_TITLE
    tile_w = 106
    boxes = []
    for i in range(len(view["plantations"]["face_up"])):
        bx = PLANTATIONS_X[0] + 14 + (i % 3) * (tile_w + 8)
        by = top + (i // 3) * 52
        boxes.append((bx, by, bx + tile_w, by + 44))
    return boxes


def quarry_box() -> Box:
    """The line of the plantations panel that counts the quarries left (drawn at its top)."""
    y = SUPPLIES_Y + SUPPLIES_H - 44
    return (PLANTATIONS_X[0] + 6, y - 4, PLANTATIONS_X[1] - 6, y + 26)


def ship_cell(view: dict[str, Any]) -> int:
    """The width of one barrel's cell on the cargo ships (the biggest ship fills the panel)."""
    biggest = max(ship["capacity"] for ship in view["ships"])
    return min(50, (SHIPS_X[1] - SHIPS_X[0] - SHIP_LABEL_W - 24) // biggest - 4)


def ship_boxes(view: dict[str, Any]) -> list[Box]:
    """Each cargo ship's row (its label and barrels), in the order of ``view["ships"]``."""
    top = SUPPLIES_Y + 16 + PANEL_TITLE
    x0, x1 = SHIPS_X
    return [(x0 + 8, top + i * SHIP_ROW - 4, x1 - 8, top + i * SHIP_ROW + 56) for i in range(len(view["ships"]))]


def market_boxes(view: dict[str, Any]) -> list[tuple[dict[str, Any], Box]]:
    """Each building of the market with its box, column by column."""
    top = MARKET_Y + 16 + PANEL_TITLE
    columns: dict[int, list[dict[str, Any]]] = {1: [], 2: [], 3: [], 4: []}
    for entry in view["market"]:
        columns[entry["column"]].append(entry)
    col_w = (WIDTH - 2 * MARGIN - 28 - 3 * 10) // 4
    out = []
    for column, entries in columns.items():
        x = MARGIN + 14 + (column - 1) * (col_w + 10)
        for i, entry in enumerate(entries):
            by = top + 18 + i * 50
            out.append((entry, (x, by, x + col_w, by + 44)))
    return out


def board_regions(view: dict[str, Any]) -> list[Region]:
    """What a player picks on the table, where :func:`board` draws it: each role card by its
    action's label ("Builder (+1 doubloon)": a role is a main choice), each building of the
    market by its name ("Small Market"), the first face-up plantation of each good ("Corn
    plantation"), the quarries ("Quarry") and each cargo ship ("5-barrel ship"): the group
    names of building, settling and shipping (see ``legal._board_group``)."""
    regions = [
        Region(role_label(ROLE_IDS.index(role["id"]), role["doubloons"]), box)
        for role, box in zip(view["roles"], role_boxes(view), strict=True)
    ]
    seen: set[str] = set()
    for good, box in zip(view["plantations"]["face_up"], plantation_boxes(view), strict=True):
        if good not in seen:  # a second tile of a good is the same choice: one region
            seen.add(good)
            regions.append(Region(plantation_group(good), box))
    regions.append(Region(QUARRY_GROUP, quarry_box()))
    regions += [Region(ship_group(ship["capacity"]), box) for ship, box in zip(view["ships"], ship_boxes(view), strict=True)]
    regions += [Region(entry["name"], box) for entry, box in market_boxes(view)]
    return regions


def board(view: dict[str, Any]) -> Image.Image:
    """The public picture of the table."""
    players = view["players"]
    rows = (players + 1) // 2
    player_h = 372
    height = 92 + 128 + 262 + 372 + rows * (player_h + 12) + MARGIN
    image, draw = canvas(WIDTH, height)
    y = _header(draw, view)
    assert y == HEADER_H
    y = _roles(draw, view, y)
    assert y == SUPPLIES_Y
    y = _supplies(draw, view, y)
    assert y == MARKET_Y
    y = _market(draw, view, y)
    width = (WIDTH - 2 * MARGIN - 12) // 2
    for seat in range(players):
        col, row = seat % 2, seat // 2
        x = MARGIN + col * (width + 12)
        box = (x, y + row * (player_h + 12), x + width, y + row * (player_h + 12) + player_h)
        _player_board(draw, view, seat, box, scale=1.0)
    return image


def _status(view: dict[str, Any]) -> str:
    phase = view["phase"]
    if view.get("over"):
        return T("Game over")
    actor = view.get("actor")
    who = _name(view, actor) if actor is not None else T("nobody")
    if phase == "role":
        return T("{who} chooses a role", who=who)
    taker = view.get("role_taker")
    if taker is not None:
        return T("{phase} (taken by {taker}) · {who} to act", phase=PHASE_NAMES.get(phase, phase),
                 taker=_name(view, taker), who=who)
    return T("{phase} · {who} to act", phase=PHASE_NAMES.get(phase, phase), who=who)


def _and(names: list[str]) -> str:
    """Names joined by " and ", as text that can be said."""
    text = names[0]
    for name in names[1:]:
        text = T("{first} and {next}", first=text, next=name)
    return text


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> int:
    draw.rectangle((0, 0, WIDTH, 84), fill=(40, 84, 96))
    draw_text(draw, (MARGIN, 10), T("Puerto Rico · Round {round}", round=view["round"]), 30, (255, 255, 255), bold=True)
    governor = _name(view, view["governor"])
    _text(draw, (WIDTH - MARGIN, 14), T("Governor: {name}", name=governor), 22, 520, (255, 255, 255), bold=True, anchor="ra")
    status = _status(view)
    if view.get("over"):
        final = view.get("final") or {}
        winners = [_name(view, seat) for seat, rank in enumerate(final.get("ranks", [])) if rank == 1]
        status = T("Game over: {reasons}", reasons=joined(view["end_triggered"], "; "))
        if winners:
            status = T("{status} · winner: {names}", status=status, names=_and(winners))
    elif view.get("end_triggered"):
        status = T("{status} · LAST ROUND: {reasons}", status=status, reasons=joined(view["end_triggered"], "; "))
    _text(draw, (MARGIN, 50), status, 22, WIDTH - 2 * MARGIN, HIGHLIGHT, bold=True)
    return 92


def _roles(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    for role, box in zip(view["roles"], role_boxes(view), strict=True):
        x, y, right, _ = box
        width = right - x
        taken = role["taken_by"]
        fill = ROLE_COLOURS[role["id"]] if taken is None else shade(ROLE_COLOURS[role["id"]], 1.6)
        outline = HIGHLIGHT if role["active"] else (INK if taken is None else LINE)
        rounded_rectangle(draw, box, radius=10, fill=fill, outline=outline, width=6 if role["active"] else 2)
        name = T("{role} 2", role=role["name"]) if role["id"] == "prospector-2" else role["name"]
        _text(draw, (x + width / 2, y + 22), name, 22, width - 12, INK, bold=True, anchor="mm")
        coins = role["doubloons"]
        if coins:
            _coin(draw, (x + 30, y + 60), 17, str(coins))
            _text(draw, (x + 52, y + 60), Tn("doubloon", "doubloons", coins), 17, width - 58, INK,
                  bold=True, anchor="lm")
        else:
            _text(draw, (x + width / 2, y + 60), T("no doubloons"), 16, width - 12, MUTED, anchor="mm")
        if taken is not None:
            _text(draw, (x + width / 2, y + 98), T("taken: {name}", name=_name(view, taken)), 17, width - 12,
                  player_colour(taken) if taken is not None else INK, bold=True, anchor="mm")
        else:
            draw_text(draw, (x + width / 2, y + 98), T("available"), 16, MUTED, anchor="mm")
    return HEADER_H + ROLE_H + 12


def _coin(draw: ImageDraw.ImageDraw, centre: tuple[int, int], radius: int, text: str) -> None:
    x, y = centre
    draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=(236, 190, 60), outline=(120, 90, 20),
                 width=2)
    draw_text(draw, (x, y), text, fit_size(text, radius * 2 - 4, int(radius * 1.1), bold=True), INK, bold=True,
              anchor="mm")


def _supplies(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    h = SUPPLIES_H
    # plantations
    x0, x1 = PLANTATIONS_X
    top = panel(draw, (x0, y, x1, y + h), T("Plantations"), PANEL_TITLE)
    face_up = view["plantations"]["face_up"]
    for good, box in zip(face_up, plantation_boxes(view), strict=True):
        _good_chip(draw, box, good, GOOD_SHORT[good], 18)
    if not face_up:
        draw_text(draw, (x0 + 14, top + 10), T("none on offer"), 18, MUTED)
    plant = view["plantations"]
    draw_text(draw, (x0 + 14, y + h - 70), T("Face-down stack: {n}", n=plant["stack"]), 18)
    discarded = sum(plant["discard"].values())
    draw_text(draw, (x0 + 14, quarry_box()[1] + 4), T("Discarded: {discarded}   Quarries left: {quarries}", discarded=discarded,
                                                       quarries=view["quarries"]), 18,
              bold=True)
    # colonists and chips
    x0, x1 = COLONISTS_X
    top = panel(draw, (x0, y, x1, y + h), T("Colonists · VP"))
    lines = [
        (T("On the ship"), view["colonist_ship"]),
        (T("In the supply"), view["colonist_supply"]),
        (T("VP chips left"), view["vp_chips_left"]),
    ]
    for i, (label, value) in enumerate(lines):
        draw_text(draw, (x0 + 14, top + 6 + i * 58), label, 17, MUTED)
        draw_text(draw, (x0 + 14, top + 26 + i * 58), str(value), 26, INK, bold=True)
    # trading house and goods supply
    x0, x1 = HOUSE_X
    top = panel(draw, (x0, y, x1, y + h), T("Trading house"))
    house = view["trading_house"]
    for i in range(4):
        bx = x0 + 14 + (i % 2) * 112
        by = top + (i // 2) * 52
        if i < len(house):
            _good_chip(draw, (bx, by, bx + 104, by + 44), house[i], GOOD_SHORT[house[i]], 18)
        else:
            rounded_rectangle(draw, (bx, by, bx + 104, by + 44), radius=6, outline=LINE, width=2)
            draw_text(draw, (bx + 52, by + 22), T("empty"), 15, MUTED, anchor="mm")
    draw_text(draw, (x0 + 14, top + 108), T("Goods supply"), 17, MUTED, bold=True)
    goods = view["goods_supply"]
    for i, (good, count) in enumerate(goods.items()):
        bx = x0 + 14 + i * 45
        _good_chip(draw, (bx, top + 132, bx + 41, top + 170), good, str(count), 18)
        draw_text(draw, (bx + 20, top + 182), GOOD_ABBREVIATIONS[good], 13, INK, anchor="mm")
    # cargo ships
    x0, x1 = SHIPS_X
    top = panel(draw, (x0, y, x1, y + h), T("Cargo ships"))
    ships = view["ships"]
    label_w = SHIP_LABEL_W
    cell = ship_cell(view)
    for i, ship in enumerate(ships):
        by = top + i * SHIP_ROW
        good = ship["good"]
        draw_text(draw, (x0 + 14, by + 2), T("{capacity}-barrel", capacity=ship["capacity"]), 18, INK, bold=True)
        status = T("{load} {good}", load=ship["load"], good=GOOD_NAMES[GOODS.index(good)]) if good else T("empty")
        if good and ship["load"] >= ship["capacity"]:
            status = T("{status}, full", status=status)
        _text(draw, (x0 + 14, by + 26), status, 16, label_w - 10, MUTED, bold=True)
        for c in range(ship["capacity"]):
            bx = x0 + label_w + c * (cell + 4)
            box = (bx, by, bx + cell, by + 46)
            if good is not None and c < ship["load"]:
                _good_chip(draw, box, good, GOOD_ABBREVIATIONS[good], 15)
            else:
                rounded_rectangle(draw, box, radius=6, fill=PANEL, outline=LINE, width=2)
    return y + h + 12


def _market(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    h = MARKET_H
    top = panel(draw, (MARGIN, y, WIDTH - MARGIN, y + h), T("Buildings (cost · VP · circles · copies left; quarries "
                                                                   "discount up to the column number)"), PANEL_TITLE)
    col_w = (WIDTH - 2 * MARGIN - 28 - 3 * 10) // 4
    for column in range(1, 5):
        draw_text(draw, (MARGIN + 14 + (column - 1) * (col_w + 10), top - 2), T("Column {n}", n=column), 15, MUTED, bold=True)
    for entry, box in market_boxes(view):
        _market_entry(draw, box, entry)
    return y + h + 12


def _market_entry(draw: ImageDraw.ImageDraw, box: Box, entry: dict[str, Any]) -> None:
    x0, y0, x1, y1 = box
    copies = entry["copies"]
    colour = _building_colour(entry)
    if copies <= 0:
        rounded_rectangle(draw, box, radius=6, fill=(232, 228, 220), outline=LINE, width=2)
        _text(draw, (x0 + 10, (y0 + y1) / 2), T("{building} · sold out", building=entry["name"]), 17, x1 - x0 - 20, MUTED, anchor="lm")
        return
    rounded_rectangle(draw, box, radius=6, fill=PANEL, outline=INK, width=2)
    draw.rectangle((x0 + 2, y0 + 2, x0 + 14, y1 - 2), fill=colour)
    _coin(draw, (x0 + 34, (y0 + y1) // 2), 15, str(entry["cost"]))
    name_w = x1 - x0 - 150
    _text(draw, (x0 + 56, y0 + 12), entry["name"], 18, name_w, INK, bold=True, anchor="lm")
    _circles(draw, x0 + 56, y0 + 32, 0, entry["circles"], radius=5)
    # shrunk only where a language's word for VP is longer than the room before the copies
    _text(draw, (x1 - 84, (y0 + y1) / 2), T("{vp} VP", vp=entry["vp"]), 16, 46, INK, bold=True, anchor="lm")
    draw_text(draw, (x1 - 10, (y0 + y1) / 2), f"×{copies}", 18, INK, bold=True, anchor="rm")


# -- a player's board -------------------------------------------------------------------------------


def _player_board(draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, box: Box, scale: float) -> None:
    data = view["seats"][seat]
    x0, y0, x1, y1 = box
    colour = player_colour(seat)
    acting = view.get("actor") == seat
    rounded_rectangle(draw, box, radius=12, fill=PANEL, outline=HIGHLIGHT if acting else LINE,
                           width=6 if acting else 2)
    rounded_rectangle(draw, (x0, y0, x1, y0 + 44), radius=12, fill=colour)
    draw.rectangle((x0, y0 + 30, x1, y0 + 44), fill=colour)
    title = _name(view, seat)
    if data.get("governor") and acting:
        title = T("{name}  · Governor · to act", name=title)
    elif data.get("governor"):
        title = T("{name}  · Governor", name=title)
    elif acting:
        title = T("{name}  · to act", name=title)
    if "score" in data:
        score = data["score"]
        title = T("{title}  · {total} VP = {chips} chips + {buildings} buildings + {bonus} bonus", title=title,
                  total=score["total"], chips=score["chips"], buildings=score["buildings"], bonus=score["bonus"])
    _text(draw, (x0 + 14, y0 + 22), title, 22, x1 - x0 - 210, text_on(colour), bold=True, anchor="lm")
    _coin(draw, (x1 - 150, y0 + 22), 16, str(data["doubloons"]))
    draw_text(draw, (x1 - 130, y0 + 22), T("doubloons"), 16, text_on(colour), bold=True, anchor="lm")

    inner_top = y0 + 54
    # island: 12 spaces, 3 columns x 4 rows
    tile_w, tile_h = 64, 44
    draw_text(draw, (x0 + 12, inner_top), T("Island"), 16, MUTED, bold=True)
    island = data["island"]
    for i in range(12):
        bx = x0 + 12 + (i % 3) * (tile_w + 6)
        by = inner_top + 22 + (i // 3) * (tile_h + 6)
        tile_box = (bx, by, bx + tile_w, by + tile_h)
        if i < len(island):
            tile = island[i]["tile"]
            fill = GOOD_COLOURS[tile]
            rounded_rectangle(draw, tile_box, radius=5, fill=fill, outline=INK, width=2)
            _text(draw, (bx + tile_w / 2, by + 13), GOOD_SHORT[tile], 14, tile_w - 6, text_on(fill), bold=True,
                  anchor="mm")
            _circles(draw, bx + tile_w // 2 - 7, by + 32, 1 if island[i]["occupied"] else 0, 1, radius=7,
                     on=text_on(fill))
        else:
            rounded_rectangle(draw, tile_box, radius=5, outline=LINE, width=2)
    # city: 12 spaces, 4 columns x 3 rows; large buildings take two cells of a row
    city_x = x0 + 12 + 3 * (tile_w + 6) + 10
    draw_text(draw, (city_x, inner_top), T("City ({n}/12 spaces)", n=data["city_spaces_used"]), 16, MUTED, bold=True)
    cell_w = (x1 - 12 - city_x - 3 * 6) // 4
    cell_h = 62
    cells = _layout_city(data["city"])
    for (row, col, span), building in cells:
        bx = city_x + col * (cell_w + 6)
        by = inner_top + 22 + row * (cell_h + 6)
        _city_building(draw, (bx, by, bx + span * cell_w + (span - 1) * 6, by + cell_h), building)
    taken = {(row, col + k) for (row, col, span), _ in cells for k in range(span)}
    for row in range(3):
        for col in range(4):
            if (row, col) not in taken:
                bx = city_x + col * (cell_w + 6)
                by = inner_top + 22 + row * (cell_h + 6)
                rounded_rectangle(draw, (bx, by, bx + cell_w, by + cell_h), radius=5, outline=LINE, width=2)
    # goods, San Juan, VP
    bottom = y1 - 62
    draw_text(draw, (x0 + 12, bottom + 4), T("San Juan"), 15, MUTED, bold=True)
    draw_text(draw, (x0 + 12, bottom + 24), str(data["san_juan"]), 20, INK, bold=True)
    draw_text(draw, (x0 + 100, bottom + 4), T("Buildings"), 15, MUTED, bold=True)
    draw_text(draw, (x0 + 100, bottom + 24), T("{vp} VP", vp=data["building_vp"]), 20, INK, bold=True)
    gx = city_x
    chip_w = 64
    for i, (good, count) in enumerate(data["goods"].items()):
        bx = gx + i * (chip_w + 5)
        _good_chip(draw, (bx, bottom + 4, bx + chip_w, bottom + 30), good, GOOD_ABBREVIATIONS[good], 14)
        draw_text(draw, (bx + chip_w / 2, bottom + 44), str(count), 20, INK, bold=True, anchor="mm")
    vx = gx + 5 * (chip_w + 5) + 6
    if "vp_chips" in data and "score" not in data:
        draw_text(draw, (vx, bottom + 4), T("VP chips"), 15, MUTED, bold=True)
        draw_text(draw, (vx, bottom + 24), str(data["vp_chips"]), 20, INK, bold=True)


def _layout_city(city: list[dict[str, Any]]) -> list[tuple[tuple[int, int, int], dict[str, Any]]]:
    """Cells for the buildings: large ones first (two cells of one row), then the small ones.

    Where a building stands does not matter in the game, so the picture packs them.
    """
    free = [[True] * 4 for _ in range(3)]
    placed: list[tuple[tuple[int, int, int], dict[str, Any]]] = []
    for building in [b for b in city if b["large"]] + [b for b in city if not b["large"]]:
        span = 2 if building["large"] else 1
        spot = next(
            ((row, col) for row in range(3) for col in range(0, 5 - span)
             if all(free[row][col + k] for k in range(span))),
            None,
        )
        if spot is None:  # pragma: no cover - a legal city always fits
            continue
        row, col = spot
        for k in range(span):
            free[row][col + k] = False
        placed.append(((row, col, span), building))
    return placed


def _two_lines(name: str, width: int) -> tuple[str, str]:
    """A building's name over two lines of ``width`` pixels at 12 px: cut at its first space
    when both halves fit (every English name), else at the space or hyphen that leaves the
    longer line shortest ("Kis indigófesték-" / "üzem")."""
    def longer(cut: tuple[str, str]) -> int:
        return max(text_width(Said(cut[0]), 12, True), text_width(Said(cut[1]), 12, True))

    first, _, second = name.partition(" ")
    if first and second and longer((first, second)) <= width:
        return first, second
    cuts = [(name[:i], name[i + 1:]) for i, c in enumerate(name) if c == " "]
    cuts += [(name[:i + 1], name[i + 1:]) for i, c in enumerate(name) if c == "-"]
    return min(cuts, key=longer)


def _city_building(draw: ImageDraw.ImageDraw, box: Box, building: dict[str, Any]) -> None:
    x0, y0, x1, y1 = box
    fill = VIOLET if not building["large"] else LARGE_VIOLET
    produces = {
        "small-indigo-plant": "indigo", "indigo-plant": "indigo", "small-sugar-mill": "sugar",
        "sugar-mill": "sugar", "tobacco-storage": "tobacco", "coffee-roaster": "coffee",
    }.get(building["building"])
    if produces:
        fill = GOOD_COLOURS[produces]
    rounded_rectangle(draw, box, radius=6, fill=fill, outline=INK, width=2)
    ink = text_on(fill)
    name = building["name"]
    size = fit_size(name, x1 - x0 - 8, 15, bold=True)
    said = say(name, domains=("puerto-rico",))  # the words split over two lines are the language's
    if size < 12 and (" " in said or "-" in said):
        first, second = (Said(line) for line in _two_lines(said, x1 - x0 - 8))
        draw_text(draw, (x0 + 5, y0 + 4), first, fit_size(first, x1 - x0 - 8, 12, bold=True), ink, bold=True)
        draw_text(draw, (x0 + 5, y0 + 18), second, fit_size(second, x1 - x0 - 8, 12, bold=True), ink, bold=True)
    else:
        draw_text(draw, (x0 + 5, y0 + 6), name, size, ink, bold=True)
    _circles(draw, x0 + 6, y1 - 14, building["colonists"], building["circles"], radius=7, on=ink)
    draw_text(draw, (x1 - 6, y1 - 14), f"{building['vp']}VP", 12, ink, bold=True, anchor="rm")


# -- a seat's private picture ------------------------------------------------------------------------


def private(view: dict[str, Any]) -> Image.Image | None:
    """The viewing seat's own board with its secret VP chips (None for a spectator's view),
    drawn at the table card's width and text floor (:func:`bot.games.puerto_rico.card.private_card`)."""
    from bot.games.puerto_rico import card  # card.py uses this module's colours: import it late

    return card.private_card(view)


# -- the table card (card.py), offered here where bot.render looks for a game's pictures ------


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first table card (see :mod:`bot.games.puerto_rico.card`)."""
    from bot.games.puerto_rico import card  # card.py uses this module's colours: import it late

    return card.table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's points exactly as the table card prints them."""
    from bot.games.puerto_rico import card

    return card.card_standings(view)

__all__ = ["board", "card_standings", "private", "table_card", "text_width"]
