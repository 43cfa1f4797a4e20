"""The Puerto Rico table card: the phone-first picture posted after every move.

720 px wide, so every text is at least 20 px (11 px on a phone showing it 400 px wide).
From top to bottom: the round and governor; whose decision it is, in one sentence; one row
per player with the victory points the table can see; the last move; then the part of the
table the decision is about, drawn large:

- choosing a role: the role cards, with the doubloons on them or who took them;
- settler: the plantations on offer and the quarries left;
- mayor, hospice, university: the mover's plantations and buildings with their circles;
- builder: the buildings the mover can afford, at the price they would pay;
- craftsman and storage: the mover's goods and the goods supply;
- trader: the trading house and the mover's goods;
- captain: the three cargo ships and the mover's goods;
- at the end: each player's chips, building VP and bonus.

Names on it are the move buttons' short names (Builder, Corn, Hacienda, 5-barrel ship).
What the last move changed (the role taken, the ship loaded, the good sold) is framed in the
accent colour.

VP chips are secret until the end (the public view does not hold them), so during the game
a player's row shows the VP of their buildings, the part of the score everyone can see, and
the card says so; at the end it shows the final score. Points print as "12 pts": Tesseract
at phone width reads "0 VP" as "OVP" and "7 VP" as "7VP", and "pts" it reads every time.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import named
from bot.games.puerto_rico.buildings import BUILDINGS
from bot.games.puerto_rico.messages import BUILDING_NAMES, CARGO, GOOD_NAMES, PLACED_ON, T, Tn, doubloons
from bot.games.puerto_rico.render import GOOD_COLOURS, GOOD_SHORT, LARGE_VIOLET, ROLE_COLOURS, VIOLET
from bot.render.card import fit_line, paragraph, standings
from bot.render.legibility import floor_px
from bot.render.palette import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    WHITE,
    player_colour,
    text_on,
)
from bot.render.shapes import Box, rounded_rectangle
from bot.render.text import draw_text, seat_names

WIDTH = 720
FLOOR = floor_px(WIDTH)  # 20
PAD = 14
INNER = WIDTH - 2 * PAD
BODY = FLOOR + 2  # 22: the last move, panel lines
ROW = 28  # standings rows: OCR at phone width reads every name and value at this size
NAME_ROOM = 380  # a row's name beside its number ("12 carrots" at 30 px is 170 px wide)
TITLE_BAR: RGB = (40, 84, 96)  # the full board's header colour
SHADOW_HEIGHT = 2400  # drawn on a tall canvas, then cut to what was used

GOODS = ("corn", "indigo", "sugar", "tobacco", "coffee")

SENTENCES = {
    "tile": lambda **fields: T("Settler: {who} takes a plantation or a quarry, or passes.", **fields),
    "place": lambda **fields: T("Mayor: {who} places colonists ({waiting} in San Juan).", **fields),
    "privilege": lambda **fields: T("Mayor: {who} may take the privilege colonist.", **fields),
    "hospice": lambda **fields: T("Hospice: {who} may put a colonist on the new plantation.", **fields),
    "university": lambda **fields: T("University: {who} may put a colonist on the new building.", **fields),
    "build": lambda **fields: T("Builder: {who} builds one building (has {money}).", **fields),
    "extra": lambda **fields: T("Craftsman: {who} chooses an extra good.", **fields),
    "produce": lambda **fields: T("Craftsman: {who} produces, or declines some kinds.", **fields),
    "discard": lambda **fields: T("Storage: {who} may throw goods away first.", **fields),
    "sell": lambda **fields: T("Trader: {who} sells one good (has {money}).", **fields),
    "load": lambda **fields: T("Captain: {who} must load goods if they can.", **fields),
    "store": lambda **fields: T("Storage: {who} chooses which goods to keep.", **fields),
}
"""Each step's sentence, made from the same fields (a template uses the ones it needs)."""

QUIET_MOVES = {
    "place": lambda **fields: T("{who} moves a colonist to {what}.", **fields),
    "reset": lambda **fields: T("{who} takes their colonists back to San Juan.", **fields),
    "decline": lambda **fields: T("{who} declines {what}.", **fields),
    "discard": lambda **fields: T("{who} throws away {what}.", **fields),
}
"""Moves with no public log line (a colonist placed before "done"), said in a few words."""


# -- what the card prints ---------------------------------------------------------------------


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's points as the card prints them: the final score at the end, else the VP of
    their buildings (the chips are secret)."""
    if view.get("over") and view.get("final"):
        return [T("{n} pts", n=int(score)) for score in view["final"]["scores"]]
    return [T("{n} pts", n=seat["building_vp"]) for seat in view["seats"]]


def decision(view: dict[str, Any], names: list[str]) -> str:
    """Whose decision it is and what it is, in one sentence."""
    if view.get("over"):
        final = view.get("final") or {}
        winners = [names[seat] for seat, rank in enumerate(final.get("ranks", [])) if rank == 1]
        if not winners:
            return T("Game over.")
        together = _chain(winners, "and")
        return T("Game over: {names} wins.", names=together) if len(winners) == 1 \
            else T("Game over: {names} win.", names=together)
    actor = view.get("actor")
    who = names[actor] if actor is not None else T("nobody")
    sentence: str
    if view["step"] == "":
        sentence = T("{who} chooses a role.", who=who)
    else:
        seat = view["seats"][actor] if actor is not None else {"doubloons": 0, "san_juan": 0}
        fields = {"who": who, "money": doubloons(seat["doubloons"]), "waiting": seat["san_juan"]}
        make = SENTENCES.get(view["step"])
        sentence = make(**fields) if make else T("{who} decides.", **fields)
    if view.get("end_triggered"):
        sentence = T("{sentence} Last round!", sentence=sentence)
    return sentence


def _chain(parts: list[str], joint: str) -> str:
    """Parts joined by " and " (``joint="and"``) or by a space, as text that can be said."""
    text = parts[0]
    for part in parts[1:]:
        text = T("{first} and {next}", first=text, next=part) if joint == "and" else \
            T("{first} {next}", first=text, next=part)
    return text


def last_move(view: dict[str, Any], names: list[str]) -> str:
    """The last move in words: its public log lines, or a few words for a quiet move."""
    last = view.get("last")
    if not last:
        return ""
    if last["lines"]:
        return named(_chain(last["lines"], " "), names)
    verb, _, what = last["key"].partition(":")
    thing: str
    if what == "quarry":
        thing = PLACED_ON[-1]
    elif what in GOODS:
        kind = GOODS.index(what)
        thing = CARGO[kind] if verb in ("decline", "discard") else PLACED_ON[kind]
    else:
        thing = next((BUILDING_NAMES[i] for i, b in enumerate(BUILDINGS) if b.slug == what),
                     what.replace("-", " ").title())
    make = QUIET_MOVES.get(verb)
    who = names[last["seat"]]
    return make(who=who, what=thing) if make else T("{who} moves.", who=who)


# -- the card ---------------------------------------------------------------------------------


def row_names(names: list[str]) -> list[str]:
    """Names cut (with "…") to the room a standings row leaves beside the widest number, so a
    long Discord name never runs into it."""
    return [fit_line(name, NAME_ROOM, ROW - 4, ROW - 4, bold=True)[0] for name in names]


def table_card(view: dict[str, Any]) -> Image.Image:
    """The table card of ``view`` (a public view plus ``names``); see the module docstring."""
    names = seat_names(view)
    image = Image.new("RGB", (WIDTH, SHADOW_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = _title(draw, view, names)
    y = paragraph(draw, (PAD, y + 8), decision(view, names), 26, INNER, INK, bold=True, max_lines=2)
    caption = T("Final score") if view.get("over") else T("Points in buildings (VP chips stay secret)")
    draw_text(draw, (PAD, y + 4), caption, FLOOR, MUTED, bold=True)
    turn = None if view.get("over") else view.get("actor")
    y = standings(draw, (PAD, y + 4 + int(FLOOR * 1.4)), INNER, row_names(names), card_standings(view), turn, ROW,
                  mover_bar=True)
    y = _last(draw, view, names, y + 2)
    y = _table_part(draw, view, names, y + 6)
    return image.crop((0, 0, WIDTH, y + PAD))


def _title(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> int:
    draw.rectangle((0, 0, WIDTH, 46), fill=TITLE_BAR)
    draw_text(draw, (PAD, 23), T("Puerto Rico · round {round}", round=view["round"]), BODY, WHITE, bold=True, anchor="lm")
    governor, size = fit_line(T("Governor: {name}", name=names[view["governor"]]), 330, BODY, FLOOR, bold=True)
    draw_text(draw, (WIDTH - PAD, 23), governor, size, WHITE, bold=True, anchor="rm")
    return 46


def _last(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """"Last: …" with the mover's colour in a bar beside it."""
    text = last_move(view, names)
    if not text:
        return y
    bottom = paragraph(draw, (PAD + 16, y + 4), T("Last: {text}", text=text), BODY, INNER - 16, INK, max_lines=3)
    draw.rectangle((PAD, y + 6, PAD + 7, bottom - 6), fill=player_colour(view["last"]["seat"]))
    return bottom


def _table_part(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The part of the table the decision is about (see the module docstring)."""
    if view.get("over"):
        return _final(draw, view, names, y)
    step = view["step"]
    actor = view["actor"]
    if step == "":
        return _roles(draw, view, names, y)
    if step == "tile":
        return _plantations(draw, view, names, y)
    if step in ("place", "privilege", "hospice", "university"):
        return _colonists(draw, view, names, y)
    if step == "build":
        return _buildings(draw, view, names, y)
    if step == "sell":
        y = _trading_house(draw, view, y)
    elif step in ("load", "store"):
        y = _ships(draw, view, y)
    elif step in ("extra", "produce", "discard"):
        y = _goods_row(draw, T("Goods supply"), view["goods_supply"], y)
    return _goods_row(draw, T("{name}'s goods", name=names[actor]), view["seats"][actor]["goods"], y + 8)


def _panel(draw: ImageDraw.ImageDraw, y: int, height: int, title: str) -> int:
    """A light panel across the card with a title; returns where its content starts."""
    rounded_rectangle(draw, (PAD, y, WIDTH - PAD, y + height), radius=12, fill=PANEL, outline=LINE, width=2)
    text, size = fit_line(title, INNER - 24, BODY, FLOOR, bold=True)
    draw_text(draw, (PAD + 12, y + 8), text, size, INK, bold=True)
    return y + 16 + BODY


def _frame(draw: ImageDraw.ImageDraw, box: Box, marked: bool) -> None:
    """The accent frame around what the last move changed."""
    if marked:
        x0, y0, x1, y1 = box
        draw.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=10, outline=HIGHLIGHT, width=5)


def _last_key(view: dict[str, Any]) -> str:
    last = view.get("last")
    return last["key"] if last else ""


# -- roles ------------------------------------------------------------------------------------


def _roles(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    roles = view["roles"]
    columns, gap, tile_h = 3, 12, 90
    rows = -(-len(roles) // columns)
    top = _panel(draw, y, 16 + BODY + rows * (tile_h + gap) + 6, T("Roles"))
    tile_w = (INNER - 24 - (columns - 1) * gap) // columns
    taken_key = _last_key(view)
    for i, role in enumerate(roles):
        x = PAD + 12 + (i % columns) * (tile_w + gap)
        ty = top + (i // columns) * (tile_h + gap)
        box = (x, ty, x + tile_w, ty + tile_h)
        taker = role["taken_by"]
        fill = ROLE_COLOURS[role["id"]] if taker is None else (232, 228, 220)
        rounded_rectangle(draw, box, radius=10, fill=fill, outline=INK if taker is None else LINE, width=2)
        _frame(draw, box, taken_key == f"role:{role['id']}" or (taker is not None and role["active"]))
        name = T("{role} 2", role=role["name"]) if role["id"] == "prospector-2" else role["name"]
        label, size = fit_line(name, tile_w - 16, 24, FLOOR, bold=True)
        draw_text(draw, (x + tile_w / 2, ty + 26), label, size, INK if taker is None else MUTED, bold=True,
                  anchor="mm")
        if taker is not None:
            under, size = fit_line(names[taker], tile_w - 16, FLOOR, FLOOR, bold=True)
            draw_text(draw, (x + tile_w / 2, ty + 64), under, size, INK, bold=True, anchor="mm")
        elif role["doubloons"]:
            draw_text(draw, (x + tile_w / 2, ty + 64), T("+{doubloons}", doubloons=doubloons(role["doubloons"])), FLOOR, INK,
                      bold=True, anchor="mm")
    return y + 16 + BODY + rows * (tile_h + gap) + 6


# -- settler ----------------------------------------------------------------------------------


def _good_tile(draw: ImageDraw.ImageDraw, box: Box, good: str, label: str, marked: bool = False) -> None:
    """A tile in a good's colour with a label that reads on it."""
    fill = GOOD_COLOURS[good]
    rounded_rectangle(draw, box, radius=8, fill=fill, outline=INK, width=2)
    _frame(draw, box, marked)
    x0, y0, x1, y1 = box
    text, size = fit_line(label, x1 - x0 - 12, BODY, FLOOR, bold=True)
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), text, size, text_on(fill), bold=True, anchor="mm")


def _plantations(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    offer = [*view["plantations"]["face_up"], "quarry"]
    columns, gap, tile_h = 3, 12, 56
    rows = -(-len(offer) // columns)
    island = len(view["seats"][view["actor"]]["island"])
    height = 16 + BODY + rows * (tile_h + gap) + int(FLOOR * 1.5) + 8
    top = _panel(draw, y, height, T("Plantations on offer"))
    tile_w = (INNER - 24 - (columns - 1) * gap) // columns
    for i, good in enumerate(offer):
        x = PAD + 12 + (i % columns) * (tile_w + gap)
        ty = top + (i // columns) * (tile_h + gap)
        label = T("Quarry ({n} left)", n=view["quarries"]) if good == "quarry" else GOOD_SHORT[good]
        _good_tile(draw, (x, ty, x + tile_w, ty + tile_h), good, label)
    line = T("{name}'s island: {n} of 12 spaces used", name=names[view["actor"]], n=island)
    text, size = fit_line(line, INNER - 24, FLOOR, FLOOR)
    draw_text(draw, (PAD + 12, top + rows * (tile_h + gap) + 2), text, size, INK)
    return y + height


# -- mayor, hospice, university ----------------------------------------------------------------


def _circles(draw: ImageDraw.ImageDraw, x: int, cy: int, filled: int, total: int, on: RGB) -> int:
    """Colonist circles, filled for each colonist on the tile; returns the x after them."""
    radius = 9
    for i in range(total):
        cx = x + radius + i * (2 * radius + 5)
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius),
                     fill=(70, 44, 28) if i < filled else WHITE, outline=on, width=2)
    return x + total * (2 * radius + 5)


def _colonists(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int,
               owner: int | None = None) -> int:
    """A seat's plantations (grouped by kind) and buildings, each with its circles: the
    mover's, unless ``owner`` is given."""
    owner = view["actor"] if owner is None else owner
    seat = view["seats"][owner]
    items: list[tuple[str, RGB, int, int]] = []
    for good in [*GOODS, "quarry"]:
        tiles = [t for t in seat["island"] if t["tile"] == good]
        if tiles:
            items.append((GOOD_SHORT[good], GOOD_COLOURS[good], sum(t["occupied"] for t in tiles), len(tiles)))
    for building in seat["city"]:
        items.append((building["name"], _building_colour(building), building["colonists"], building["circles"]))
    columns, gap, chip_h = 2, 10, 44
    rows = max(1, -(-len(items) // columns))
    lines = 2
    height = 16 + BODY + lines * int(FLOOR * 1.4) + rows * (chip_h + gap) + 6
    top = _panel(draw, y, height, T("{name}'s plantations and buildings", name=names[owner]))
    info = [T("San Juan: {colonists} waiting",
              colonists=Tn("{n} colonist", "{n} colonists", seat["san_juan"])),
            T("Colonist ship {ship} · supply {supply}", ship=view["colonist_ship"], supply=view["colonist_supply"])]
    for i, line in enumerate(info):
        draw_text(draw, (PAD + 12, top + i * int(FLOOR * 1.4)), line, FLOOR, INK)
    top += lines * int(FLOOR * 1.4) + 4
    chip_w = (INNER - 24 - gap) // columns
    last = view.get("last")
    changed = _changed_name(view) if last and last["seat"] == owner else ""
    for i, (label, fill, filled, total) in enumerate(items):
        x = PAD + 12 + (i % columns) * (chip_w + gap)
        cy = top + (i // columns) * (chip_h + gap)
        rounded_rectangle(draw, (x, cy, x + chip_w, cy + chip_h), radius=8, fill=fill, outline=INK, width=2)
        _frame(draw, (x, cy, x + chip_w, cy + chip_h), label == changed)
        ink = text_on(fill)
        circles_w = total * 23
        text, size = fit_line(label, chip_w - circles_w - 24, BODY, FLOOR, bold=True)
        draw_text(draw, (x + 10, cy + chip_h / 2), text, size, ink, bold=True, anchor="lm")
        _circles(draw, x + chip_w - circles_w - 6, cy + chip_h // 2, filled, total, ink)
    if not items:
        draw_text(draw, (PAD + 12, top), T("No plantations or buildings yet"), FLOOR, MUTED)
    return y + height


def _changed_name(view: dict[str, Any]) -> str:
    """The short name of the plantation or building the last move took, built or manned."""
    verb, _, what = _last_key(view).partition(":")
    if verb not in ("plant", "quarry", "build", "place", "hacienda"):
        return ""
    if verb in ("quarry", "hacienda") or what == "quarry":
        return "Quarry" if verb != "hacienda" else ""
    if what in GOOD_SHORT:
        return GOOD_SHORT[what]
    return next((entry["name"] for entry in view["market"] if entry["building"] == what), "")


def _building_colour(entry: dict[str, Any]) -> RGB:
    produces = entry.get("produces") or next((g for g in GOODS if g in entry.get("building", "")), None)
    if produces:
        return GOOD_COLOURS[produces]
    return LARGE_VIOLET if entry.get("large") else VIOLET


# -- builder ----------------------------------------------------------------------------------


def affordable(view: dict[str, Any]) -> list[tuple[dict[str, Any], int]]:
    """The buildings the mover could build now, with the price they would pay.

    The price is the building's cost less one doubloon per occupied quarry (at most the
    building's column), less one for the builder's privilege, never below nothing; the
    building must be in the market, not in the mover's city yet, and fit its 12 spaces.
    """
    actor = view["actor"]
    seat = view["seats"][actor]
    quarries = sum(1 for t in seat["island"] if t["tile"] == "quarry" and t["occupied"])
    owned = {b["building"] for b in seat["city"]}
    privilege = 1 if view.get("role_taker") == actor else 0
    free_spaces = 12 - seat["city_spaces_used"]
    found = []
    for entry in view["market"]:
        price = max(0, entry["cost"] - min(quarries, entry["column"]) - privilege)
        fits = free_spaces >= (2 if entry["large"] else 1)
        if entry["copies"] > 0 and entry["building"] not in owned and fits and price <= seat["doubloons"]:
            found.append((entry, price))
    return found


def _buildings(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    options = affordable(view)
    columns, gap, row_h = 2, 10, 44
    rows = max(1, -(-len(options) // columns))
    height = 16 + BODY + rows * (row_h + gap) + 6
    title = T("{name} can build (price in doubloons)", name=names[view["actor"]])
    top = _panel(draw, y, height, title)
    if not options:
        draw_text(draw, (PAD + 12, top + 6), T("Nothing affordable: build nothing"), FLOOR, MUTED)
    cell_w = (INNER - 24 - gap) // columns
    for i, (entry, price) in enumerate(options):
        # Column-major: cheap ones down the left, dearer ones down the right, as in the market.
        col, row = divmod(i, rows)
        x = PAD + 12 + col * (cell_w + gap)
        by = top + row * (row_h + gap)
        rounded_rectangle(draw, (x, by, x + cell_w, by + row_h), radius=8, fill=WHITE, outline=INK, width=2)
        draw.rectangle((x + 2, by + 2, x + 14, by + row_h - 2), fill=_building_colour(entry))
        price_text = str(price)
        draw.ellipse((x + cell_w - 44, by + 4, x + cell_w - 8, by + row_h - 4), fill=(236, 190, 60),
                     outline=(120, 90, 20), width=2)
        draw_text(draw, (x + cell_w - 26, by + row_h / 2), price_text, BODY, INK, bold=True, anchor="mm")
        text, size = fit_line(entry["name"], cell_w - 76, BODY, FLOOR, bold=True)
        draw_text(draw, (x + 22, by + row_h / 2), text, size, INK, bold=True, anchor="lm")
    return y + height


# -- goods, trading house, ships --------------------------------------------------------------


def _goods_row(draw: ImageDraw.ImageDraw, title: str, goods: dict[str, int], y: int) -> int:
    """Five good chips, each with the kind's name and, larger, how many barrels."""
    chip_h, gap = 72, 8
    height = 16 + BODY + chip_h + 14
    top = _panel(draw, y, height, title)
    chip_w = (INNER - 24 - 4 * gap) // 5
    for i, good in enumerate(GOODS):
        x = PAD + 12 + i * (chip_w + gap)
        fill = GOOD_COLOURS[good]
        rounded_rectangle(draw, (x, top, x + chip_w, top + chip_h), radius=8, fill=fill, outline=INK, width=2)
        name, size = fit_line(GOOD_SHORT[good], chip_w - 10, FLOOR, FLOOR, bold=True)
        draw_text(draw, (x + chip_w / 2, top + 18), name, size, text_on(fill), bold=True, anchor="mm")
        draw_text(draw, (x + chip_w / 2, top + 50), str(goods[good]), 26, text_on(fill), bold=True, anchor="mm")
    return y + height


def _trading_house(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    house = view["trading_house"]
    chip_h, gap = 56, 10
    height = 16 + BODY + chip_h + 14
    top = _panel(draw, y, height, T("Trading house ({n} of 4)", n=len(house)))
    chip_w = (INNER - 24 - 3 * gap) // 4
    sold = _last_key(view)
    for i in range(4):
        x = PAD + 12 + i * (chip_w + gap)
        box = (x, top, x + chip_w, top + chip_h)
        if i < len(house):
            newest = i == len(house) - 1 and sold == f"sell:{house[i]}"
            _good_tile(draw, box, house[i], GOOD_SHORT[house[i]], newest)
        else:
            rounded_rectangle(draw, box, radius=8, fill=WHITE, outline=LINE, width=2)
            draw_text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), T("empty"), FLOOR, MUTED, anchor="mm")
    return y + height


def _ships(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    ships = view["ships"]
    row_h, gap = 50, 10
    height = 16 + BODY + len(ships) * (row_h + gap) + 6
    top = _panel(draw, y, height, T("Cargo ships"))
    label_w = 150
    loaded = _last_key(view)
    for i, ship in enumerate(ships):
        by = top + i * (row_h + gap)
        name = T("{capacity}-barrel", capacity=ship["capacity"])
        draw_text(draw, (PAD + 12, by + row_h / 2), name, BODY, INK, bold=True, anchor="lm")
        good = ship["good"]
        x0 = PAD + 12 + label_w
        cell = (WIDTH - PAD - 12 - x0) // ship["capacity"]
        box = (x0, by, x0 + cell * ship["capacity"], by + row_h)
        rounded_rectangle(draw, box, radius=8, fill=WHITE, outline=LINE, width=2)
        for c in range(ship["load"] + 1, ship["capacity"]):  # one cell per barrel of room
            draw.line((x0 + c * cell, by + 6, x0 + c * cell, by + row_h - 6), fill=LINE, width=2)
        if good:
            fill = GOOD_COLOURS[good]
            draw.rounded_rectangle((x0, by, x0 + cell * ship["load"], by + row_h), radius=8, fill=fill, outline=INK,
                                   width=2)
            for c in range(1, ship["load"]):
                draw.line((x0 + c * cell, by + 6, x0 + c * cell, by + row_h - 6), fill=text_on(fill), width=1)
            status = T("{load} of {capacity} {good}", load=ship["load"], capacity=ship["capacity"],
                       good=GOOD_NAMES[GOODS.index(good)])
        else:
            status = T("empty")
        # the status sits on a plain white label so it reads whatever the cargo colour
        width = min(box[2] - box[0] - 12, 260)
        text, size = fit_line(status, width - 12, BODY, FLOOR, bold=True)
        label = (box[2] - 6 - width, by + 7, box[2] - 6, by + row_h - 7)
        draw.rounded_rectangle(label, radius=6, fill=WHITE, outline=LINE, width=1)
        draw_text(draw, ((label[0] + label[2]) / 2, by + row_h / 2), text, size, INK, bold=True, anchor="mm")
        _frame(draw, box, good is not None and loaded.startswith("ship:") and loaded.endswith(f":{ship['capacity']}"))
    return y + height


# -- the end ----------------------------------------------------------------------------------


def _final(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """Each player's score, part by part: chips + buildings + bonus."""
    seats = view["seats"]
    line = int(FLOOR * 1.5)
    height = 16 + BODY + len(seats) * line + len(view["end_triggered"]) * line + 10
    top = _panel(draw, y, height, T("Chips + buildings + bonus"))
    for i, seat in enumerate(seats):
        score = seat.get("score") or {"chips": 0, "buildings": seat["building_vp"], "bonus": 0}
        parts = f"{score['chips']} + {score['buildings']} + {score['bonus']}"
        name, size = fit_line(names[i], INNER - 260, FLOOR, FLOOR, bold=True)
        draw_text(draw, (PAD + 12, top + i * line), name, size, INK, bold=True)
        draw_text(draw, (WIDTH - PAD - 12, top + i * line), parts, FLOOR, INK, anchor="ra")
    top += len(seats) * line
    for i, reason in enumerate(view["end_triggered"]):
        text, size = fit_line(T("Ended: {reason}", reason=reason), INNER - 24, FLOOR, FLOOR)
        draw_text(draw, (PAD + 12, top + i * line), text, size, MUTED)
    return y + height


# -- a seat's private picture -----------------------------------------------------------------


def private_card(view: dict[str, Any]) -> Image.Image | None:
    """The viewing seat's own board with its secret VP chips, at the card's width and floor
    (None for a spectator's view): the chips, doubloons and points so far, the plantations
    and buildings with their colonists, and the goods."""
    seat = view.get("viewer")
    if seat is None:
        return None
    names = seat_names(view)
    data = view["seats"][seat]
    image = Image.new("RGB", (WIDTH, SHADOW_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 46), fill=TITLE_BAR)
    title, size = fit_line(T("{name}: your board", name=names[seat]), INNER, BODY, FLOOR, bold=True)
    draw_text(draw, (PAD, 23), title, size, WHITE, bold=True, anchor="lm")
    chips = data.get("vp_chips", 0)
    facts = [(T("VP chips (secret)"), str(chips)), (T("Doubloons"), str(data["doubloons"])),
             (T("Building VP"), str(data["building_vp"]))]
    box_w = (INNER - 2 * 10) // 3
    for i, (label, value) in enumerate(facts):
        x = PAD + i * (box_w + 10)
        rounded_rectangle(draw, (x, 58, x + box_w, 142), radius=10, fill=PANEL, outline=LINE, width=2)
        text, size = fit_line(label, box_w - 16, FLOOR, FLOOR, bold=True)
        draw_text(draw, (x + box_w / 2, 78), text, size, MUTED, bold=True, anchor="mm")
        draw_text(draw, (x + box_w / 2, 116), value, 34, INK, bold=True, anchor="mm")
    y = paragraph(draw, (PAD, 154), T("So far {vp} VP; large-building bonuses come at the end.",
                                      vp=chips + data["building_vp"]), FLOOR, INNER, INK)
    y = _colonists(draw, view, names, y + 6, owner=seat)
    y = _goods_row(draw, T("Your goods"), data["goods"], y + 8)
    return image.crop((0, 0, WIDTH, y + PAD))
