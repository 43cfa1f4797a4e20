"""The Bullfrog Goldfield picture, drawn from a view (never from the state).

Top to bottom on a 1200 px canvas:

* a header: cycle, round, whose decision it is, and what is going on (an auction, a
  half-laid track);
* the map: 36 hex areas coloured by terrain (sand = clear, brown with peaks = mountain,
  salmon = Death Valley), each named; town sites carry a house mark and the railroad that
  starts there; mines show their company, value and dig tiles left; buildings are dark
  squares with a count; each railroad's trains are tags in its colour with its initials;
* the Income Track from 0 to 130 (longer when a value passes 130, see ``track_end``) with
  the stock value limits (25 … 125), the end mark, and every company's marker;
* the companies: value, limit, charter cash, bonds (listed, or counted and totalled when
  many) or tiles left, and who holds the certificates;
* the players: character, cash (or "hidden"), stock value, holdings.

Colour is never the only cue: railroads are named by initials, mines by two letters.
The static map (terrain, names) is drawn once and cached.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import LANGUAGE, Said, say_drawn
from bot.render.palette import BACKGROUND, INK, LINE, MUTED, PANEL, RGB, WHITE, player_colour, shade, text_on
from bot.render.regions import Region
from bot.render.shapes import canvas
from bot.render.text import (
    draw_text,  # says a Text whole before Pillow splits it
    fit_size,
    seat_names,
    text_width,
    wrap,
)

from .components import components
from .messages import T, Tn, Tp, commas, named, semicolons

C = components()
WIDTH = 1200
MARGIN = 15
HEX_W = 180
R = HEX_W / math.sqrt(3)
ROW_STEP = 1.5 * R
MAP_TOP = 70
MAP_H = int(5 * ROW_STEP + 2 * R) + 10

TERRAIN_FILL: dict[str, RGB] = {"clear": (239, 226, 190), "mountain": (186, 156, 122), "valley": (236, 176, 146)}
RAIL_RGB: dict[str, RGB] = {
    "red": (205, 45, 40), "blue": (0, 104, 178), "green": (0, 140, 100),
    "purple": (130, 70, 160), "yellow": (240, 196, 30),
}
MINE_RGB: RGB = (92, 84, 74)
BUILDING_RGB: RGB = (60, 50, 44)
CODES = {"sp": "SP", "bg": "BG", "tg": "TG", "lv": "LV", "tt": "TT",
         "gc": "GC", "rh": "RH", "mo": "MO", "be": "BE", "ma": "MA", "to": "TO", "sb": "SB"}
CARD_NAMES = {c.value: c.name for c in C.characters}


def said(text: str) -> Said:
    """``text`` said now in the language being spoken (and recorded for the language test).

    Pillow cuts what it draws into lines with ``str.split``, which turns a
    :class:`~bot.engine.words.Text` into plain English before the fonts could say it; so the
    pictures say a text first and draw the words said, inside :func:`~bot.i18n.said_already`."""
    return Said(say_drawn(text))


def company_rgb(cid: str) -> RGB:
    company = C.companies[cid]
    return RAIL_RGB[company.colour] if company.kind == "rr" else MINE_RGB


def hex_centre(col: int, row: int) -> tuple[float, float]:
    x = MARGIN + HEX_W / 2 + col * HEX_W + (HEX_W / 2 if row % 2 else 0)
    y = MAP_TOP + R + 5 + row * ROW_STEP
    return x, y


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * i - 30)), cy + r * math.sin(math.radians(60 * i - 30)))
            for i in range(6)]


def _static_map() -> Image.Image:
    """Terrain, area names and town/start marks: the part of the map that never changes (in
    the language being spoken)."""
    return _static_map_in(LANGUAGE.get())


@cache
def _static_map_in(language: str) -> Image.Image:
    """:func:`_static_map` drawn once per language (the language is the cache's key)."""
    image = Image.new("RGB", (WIDTH, MAP_H), BACKGROUND)
    draw = ImageDraw.Draw(image)
    starts = {r.area: r for r in C.railroads}
    for area in C.areas.values():
        cx, cy = hex_centre(area.col, area.row)
        cy -= MAP_TOP
        fill = TERRAIN_FILL[area.terrain]
        draw.polygon(hex_points(cx, cy, R - 1), fill=fill, outline=shade(fill, 0.6))
        if area.terrain == "mountain":
            for dx in (-52, 52):
                px, py = cx + dx, cy + 8
                draw.polygon([(px - 14, py + 10), (px, py - 12), (px + 14, py + 10)], fill=shade(fill, 0.75))
        if area.terrain == "valley":
            draw_text(draw, (cx, cy + 50), T("Death Valley"), 15, shade(fill, 0.45), bold=True, anchor="mm")
        size = 17
        lines = wrap(area.title, size, HEX_W - 34, bold=True)
        y = cy - R + 34
        for line in lines[:2]:
            draw_text(draw, (cx, y), line, size, INK, bold=True, anchor="mm")
            y += 19
        if area.feature == "town":
            hx, hy = cx - 62, cy - 22
            draw.polygon([(hx - 9, hy), (hx, hy - 9), (hx + 9, hy)], fill=INK)
            draw.rectangle((hx - 7, hy, hx + 7, hy + 9), fill=INK)
            if area.id in starts:
                rr = starts[area.id]
                colour = RAIL_RGB[rr.colour]
                label = T("{code} start", code=CODES[rr.id])
                w = text_width(label, 15, True) + 12
                draw.rounded_rectangle((cx - w / 2, cy - 12, cx + w / 2, cy + 8), radius=5, fill=colour)
                draw_text(draw, (cx, cy - 2), label, 15, text_on(colour), bold=True, anchor="mm")
    return image


def _train_tag(draw: ImageDraw.ImageDraw, x: float, y: float, rr: str) -> None:
    colour = company_rgb(rr)
    draw.rounded_rectangle((x, y, x + 34, y + 22), radius=5, fill=colour, outline=INK, width=1)
    draw_text(draw, (x + 17, y + 11), CODES[rr], 15, text_on(colour), bold=True, anchor="mm")


def draw_map(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """The map with what is on it now: mines, buildings, trains, the track being laid."""
    image.paste(_static_map(), (0, MAP_TOP))
    companies = {c["id"]: c for c in view["companies"]}
    arrivals: dict[str, list[str]] = {}
    for rr in view["railroads"]:
        for area in companies[rr]["trains"]:
            arrivals.setdefault(area, []).append(rr)
    pending = view["sub"]["areas"] if view.get("sub") and view["sub"].get("kind") == "lay" else []
    for area in C.areas.values():
        cx, cy = hex_centre(area.col, area.row)
        if area.feature == "mine":
            mine = companies[C.mine_at[area.id]]
            if mine["status"] == "open":
                text = Tn("{code} {value} · {n} tile", "{code} {value} · {n} tiles", mine["tiles_left"],
                          code=CODES[mine["id"]], value=mine["value"])
                fill = MINE_RGB
            elif mine["status"] == "gone":
                text, fill = T("exhausted"), (150, 150, 150)
            else:
                text, fill = T("{code} not open", code=CODES[mine["id"]]), (120, 112, 100)
            size = fit_size(text, HEX_W - 30, 16, 12, bold=True)  # longer words (German) shrink inside the hex
            w = text_width(text, size, True) + 14
            draw.rounded_rectangle((cx - w / 2, cy - 13, cx + w / 2, cy + 11), radius=6, fill=fill)
            draw_text(draw, (cx, cy - 1), text, size, WHITE, bold=True, anchor="mm")
        built = view["buildings"].get(area.id, 0)
        if built:
            bx, by = cx + 34, cy - 32
            draw.rectangle((bx, by, bx + 18, by + 18), fill=BUILDING_RGB, outline=WHITE, width=2)
            draw_text(draw, (bx + 22, by + 9), f"×{built}", 16, INK, bold=True, anchor="lm")
        here = arrivals.get(area.id, [])
        if here:
            total = len(here) * 36 - 2
            x = cx - total / 2
            for rr in here:
                _train_tag(draw, x, cy + 20, rr)
                x += 36
        if area.id in pending:
            draw.polygon(hex_points(cx, cy, R - 5), outline=(255, 214, 10), width=4)


TRACK_MAX = 130
"""The track drawn when every value is at most 130: the last limit (125) and a little room."""
TRACK_LEFT, TRACK_RIGHT = MARGIN + 20, WIDTH - MARGIN - 30


def track_end(values: list[int]) -> int:
    """Where the drawn Income Track ends: 130, or beyond the highest value when one passes it.

    The real track "wraps" past 100, so a value has no end to sit at: rather than pile
    everything above 130 at the right edge, the drawn track grows (to the next multiple of
    25 at least 5 past the highest value) and its scale shrinks, so every marker stands at
    its own value and the ticks still read 0, 25, 50 ...
    """
    highest = max(values, default=0)
    if highest <= TRACK_MAX:
        return TRACK_MAX
    return -(-(highest + 5) // 25) * 25


def track_x(value: int, end: int) -> float:
    """The x of ``value`` on a track drawn from 0 to ``end``."""
    return TRACK_LEFT + value * (TRACK_RIGHT - TRACK_LEFT) / end


def _track_markers(view: dict[str, Any]) -> tuple[list[tuple[dict[str, Any], float, int]], int, int]:
    """The Income Track's markers as drawn: ``(company, x, row)``, how many rows they stack
    in, and where the drawn track ends (see :func:`track_end`)."""
    markers = [c for c in view["companies"] if c["status"] in ("open", "worthless")]
    end = track_end([c["value"] for c in markers])
    # Stack the markers in rows so no two overlap.
    rows: list[list[tuple[float, float]]] = []
    placed: list[tuple[dict[str, Any], float, int]] = []
    for company in sorted(markers, key=lambda c: c["value"]):
        x = track_x(company["value"], end)
        span = (x - 19, x + 19)
        for index, row in enumerate(rows):
            if all(span[1] < a or span[0] > b for a, b in row):
                row.append(span)
                placed.append((company, x, index))
                break
        else:
            rows.append([span])
            placed.append((company, x, len(rows) - 1))
    return placed, len(rows), end


def _track_line_y(top: int, rows: int) -> int:
    """The y of the Income Track's line when its panel starts at ``top``."""
    return top + 34 + 26 * max(1, rows) + 6


def _track_height(view: dict[str, Any]) -> int:
    """The height :func:`_income_track` takes: its line, scale and legend."""
    return _track_line_y(0, _track_markers(view)[1]) + 56


def _income_track(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> int:
    left, right = TRACK_LEFT, TRACK_RIGHT
    draw_text(draw, (MARGIN, top), T("Income Track (value = income per cycle and price of a share, in $1,000)"), 18,
              bold=True)
    base = top + 34
    placed, rows, end = _track_markers(view)
    scale = (right - left) / end
    line_y = _track_line_y(top, rows)
    draw.line((left, line_y, right, line_y), fill=INK, width=3)
    for step in range(0, end + 1, 5):
        x = left + step * scale
        major = step % 25 == 0
        # Past 130 the five-steps would crowd each other: only the 25s get a tick there.
        if not major and end > TRACK_MAX:
            continue
        draw.line((x, line_y - (8 if major else 4), x, line_y + (8 if major else 4)), fill=INK, width=2 if major else 1)
        if major:
            draw_text(draw, (x, line_y + 20), str(step), 16, INK, bold=True, anchor="mm")
    for limit in (25, 50, 75, 100, 125):
        x = left + limit * scale
        draw.line((x, base - 4, x, line_y), fill=LINE, width=1)
    end_x = left + view["end_mark"] * scale
    draw.line((end_x, base - 6, end_x, line_y + 10), fill=(200, 30, 30), width=3)
    draw_text(draw, (end_x + 4, line_y + 38), T("end past {mark}", mark=view["end_mark"]), 16, (200, 30, 30), bold=True, anchor="lm")
    draw_text(draw, (left, line_y + 38), T("limits at 25 · 50 · 75 · 100 · 125 (one building each to pass)"), 16, MUTED,
              anchor="lm")
    for company, x, index in placed:
        y = base + index * 26
        colour = company_rgb(company["id"])
        draw.rounded_rectangle((x - 18, y, x + 18, y + 22), radius=5, fill=colour, outline=INK, width=1)
        draw_text(draw, (x, y + 11), CODES[company["id"]], 15, text_on(colour), bold=True, anchor="mm")
        draw.line((x, y + 22, x, line_y), fill=colour, width=1)
    return line_y + 56


COLUMN_X = {"bonds": 530, "charter": 690}
"""Where two neighbouring columns of the company table start (from the panel's inner left)."""
BONDS_WIDTH = COLUMN_X["charter"] - COLUMN_X["bonds"] - 8
"""The bonds column's room: what is written there never runs into the charter column."""
SMALLEST_TABLE_TEXT = 14


def bonds_text(bonds: list[int], reached: bool) -> tuple[str, int]:
    """What the bonds column says for a railroad, and at what size, always within
    ``BONDS_WIDTH``: every bond while they fit ("$10k+$50k"), else their number and total
    ("5 bonds, $170k"); "(no mine yet)" is added while there is room, then shortened."""
    listed = "+".join(f"${b}k" for b in bonds) or "-"
    total = T("{n} bonds, ${total}k", n=len(bonds), total=sum(bonds))
    candidates = [listed, total] if reached else [
        T("{bonds} (no mine yet)", bonds=listed), T("{bonds} · no mine", bonds=listed),
        T("{bonds} (no mine yet)", bonds=total), T("{bonds} · no mine", bonds=total), total]
    candidates.append(T("{n} bonds", n=len(bonds)))
    for text in candidates:
        size = fit_size(text, BONDS_WIDTH, 17, smallest=SMALLEST_TABLE_TEXT)
        if text_width(text, size) <= BONDS_WIDTH:
            return text, size
    text = candidates[-1]
    return text, fit_size(text, BONDS_WIDTH, 17)


def _company_row_top(top: int, index: int) -> int:
    """The top of the ``index``-th company's row in the company table starting at ``top``."""
    return top + 8 + 26 + 30 * index


def _companies(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int, names: list[str]) -> int:
    columns = [("", 0), (T("Company"), 40), (T("Value"), 300), (T("Limit"), 370), (T("Cash"), 440),
               (T("Bonds / tiles"), COLUMN_X["bonds"]), (T("Charter"), COLUMN_X["charter"]), (T("Shares"), 880)]
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + 34 + 30 * len(view["companies"])), radius=10,
                           fill=PANEL, outline=LINE, width=2)
    for title, x in columns:
        room = (next((at for _, at in columns if at > x), 1000) - x) - 6
        draw_text(draw, (MARGIN + 12 + x, top + 8), title, fit_size(title, room, 16, 12, bold=True), MUTED, bold=True)
    y = _company_row_top(top, 0)
    for company in view["companies"]:
        x0 = MARGIN + 12
        colour = company_rgb(company["id"])
        draw.rounded_rectangle((x0, y + 2, x0 + 34, y + 24), radius=5, fill=colour)
        draw_text(draw, (x0 + 17, y + 13), CODES[company["id"]], 15, text_on(colour), bold=True, anchor="mm")
        label = company["name"] if company["kind"] == "rr" else T("{mine} mine", mine=company["name"])
        draw_text(draw, (x0 + 40, y + 3), label, 17, INK, bold=True)
        status = company["status"]
        if status == "closed":
            draw_text(draw, (x0 + 300, y + 3), T("charter for sale (from {price:$})", price=10_000), 17, MUTED)
        elif status == "gone":
            draw_text(draw, (x0 + 300, y + 3), T("exhausted and dissolved"), 17, MUTED)
        else:
            limit = company["limit"]
            draw_text(draw, (x0 + 300, y + 3), str(company["value"]), 17, INK, bold=True)
            draw_text(draw, (x0 + 370, y + 3), Tp("limit", "none") if limit is None else str(limit), 17)
            draw_text(draw, (x0 + 440, y + 3), T("${cash}k", cash=company["cash"]), 17)
            if company["kind"] == "rr":
                text, size = bonds_text(company["bonds"], company["reached"])
                draw_text(draw, (x0 + COLUMN_X["bonds"], y + 3), text, size)
            else:
                draw_text(draw, (x0 + 530, y + 3), Tn("{n} tile", "{n} tiles", company["tiles_left"]), 17)
            if status == "worthless":
                draw_text(draw, (x0 + 690, y + 3), T("worthless: bonds at the end"), 17, (200, 30, 30))
            else:
                holder = company["charter"]
                draw_text(draw, (x0 + 690, y + 3), names[holder], fit_size(names[holder], 180, 17, bold=True),
                          player_colour(holder), bold=True)
                shares = commas([T("bank") if s is None else names[s] for s in company["shares"]])
                draw_text(draw, (x0 + 880, y + 3), shares, fit_size(shares, WIDTH - MARGIN - x0 - 890, 17))
        y += 30
    return y + 16


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int, names: list[str]) -> int:
    rows = view["players"]
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + 20 + 58 * rows), radius=10, fill=PANEL,
                           outline=LINE, width=2)
    y = top + 10
    best = None
    if view["phase"] == "over":
        best = max(data["worth"] for data in view["seats"])
    for seat, data in enumerate(view["seats"]):
        x0 = MARGIN + 12
        colour = player_colour(seat)
        draw.ellipse((x0, y + 4, x0 + 22, y + 26), fill=colour, outline=INK, width=1)
        if view["active"] == seat:
            draw.ellipse((x0 - 4, y, x0 + 26, y + 30), outline=(255, 214, 10), width=4)
        label = T("{name} ★ wins", name=names[seat]) if best is not None and data["worth"] == best else names[seat]
        draw_text(draw, (x0 + 32, y + 4), label, fit_size(label, 240, 19, bold=True), INK, bold=True)
        card = data["card"]
        card_text = T("{value} {card}", value=card, card=CARD_NAMES[card]) if card else T("no card yet")
        draw_text(draw, (x0 + 280, y + 5), card_text, fit_size(card_text, 185, 17), MUTED)
        cash = T("cash hidden") if data["cash"] is None else T("cash ${cash}k", cash=data["cash"])
        draw_text(draw, (x0 + 470, y + 5), cash, fit_size(cash, 175, 17, bold=True), INK, bold=True)
        stock = T("stock ${stock}k", stock=data["stock"]) if data["worth"] is None else \
            T("stock ${stock}k · total ${worth}k", stock=data["stock"], worth=data["worth"])
        draw_text(draw, (x0 + 650, y + 5), stock, fit_size(stock, WIDTH - MARGIN - x0 - 660, 17), INK)
        holdings = []
        for cid, count in data["holdings"].items():
            mark = "*" if cid in data["charters"] else ""
            holdings.append(f"{CODES[cid]}{mark}" + (f"×{count}" if count > 1 else ""))
        text = T("holds: {holdings}   (* charter)", holdings=", ".join(holdings)) if holdings else T("holds: nothing")
        draw_text(draw, (x0 + 32, y + 31), text, fit_size(text, WIDTH - 2 * MARGIN - 60, 16), MUTED)
        y += 58
    return y + 16


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    draw.rectangle((0, 0, WIDTH, 60), fill=(92, 62, 38))
    phase = view["phase"]
    if phase == "over":
        text = T("Bullfrog Goldfield: game over")
    elif phase == "select":
        text = T("Cycle {cycle}: {name} chooses a character", cycle=view["cycle"], name=names[view["active"]])
    elif phase == "payoff":
        text = T("Cycle {cycle}, income phase: {name} decides (bonds)", cycle=view["cycle"],
                 name=names[view["active"]])
    elif phase == "dividend":
        text = T("Cycle {cycle}, income phase: {name} decides (dividend)", cycle=view["cycle"],
                 name=names[view["active"]])
    else:
        text = T("Cycle {cycle}, round {round} of 3: {name} to act", cycle=view["cycle"], round=view["round"],
                 name=names[view["active"]])
    draw_text(draw, (MARGIN, 30), text, fit_size(text, 820, 26, bold=True), WHITE, bold=True, anchor="lm")
    supply = T("buildings {buildings} · bonds {bonds} left", buildings=view["buildings_left"],
               bonds=sum(view["bonds_left"].values()))
    draw_text(draw, (WIDTH - MARGIN, 30), supply, 17, WHITE, anchor="rm")


def _status_line(view: dict[str, Any], names: list[str]) -> str:
    auction = view.get("auction")
    if auction:
        company = C.companies[auction["co"]].name
        seller = names[auction["seller"]]
        if auction["high"] is not None:
            return T("Auction: a {company} share sold by {seller}; high bid ${bid}k by {bidder}.", company=company,
                     seller=seller, bid=auction["bid"], bidder=names[auction["high"]])
        return T("Auction: a {company} share sold by {seller}; minimum bid ${bid}k.", company=company, seller=seller,
                 bid=auction["min"])
    sub = view.get("sub")
    if sub and sub["kind"] == "lay":
        placed = commas([C.areas[a].name for a in sub["areas"]]) or T("nothing yet")
        railroad = C.companies[sub["rr"]].name
        if sub["bond"]:
            return T("Laying {railroad} track: {placed}, bond ${bond}k (highlighted).", railroad=railroad,
                     placed=placed, bond=sub["bond"])
        return T("Laying {railroad} track: {placed} (highlighted).", railroad=railroad, placed=placed)
    if sub and sub["kind"] == "build":
        return T("Buying a building at {area}.", area=C.areas[sub["area"]].name)
    if sub and sub["kind"] == "charter":
        return T("Buying the {company} charter.", company=C.companies[sub["co"]].name)
    if view["phase"] == "over":
        return T("Final: {reasons}.", reasons=semicolons([named(e, names) for e in view["end"]]))
    if view["triggered"]:
        return T("The end was triggered: this is the last cycle.")
    return ""


def board(view: dict[str, Any]) -> Image.Image:
    """The public picture of the table."""
    names = seat_names(view)
    height = MAP_TOP + MAP_H + 60 + 240 + 50 + 30 * len(view["companies"]) + 40 + 58 * view["players"] + 40
    image, draw = canvas(WIDTH, height)
    _header(draw, view, names)
    draw_map(image, draw, view)
    y = MAP_TOP + MAP_H
    status = _status_line(view, names)
    if status:
        draw_text(draw, (MARGIN, y + 4), status, fit_size(status, WIDTH - 2 * MARGIN, 19, bold=True), INK, bold=True)
    y += 40
    y = _income_track(draw, view, y)
    y = _companies(draw, view, y, names)
    y = _players(draw, view, y, names)
    return image.crop((0, 0, WIDTH, min(height, y)))


def board_regions(view: dict[str, Any]) -> list[Region]:
    """Every area of the map as its hexagon, named as the map prints it ("Goldfield", "Belmont
    mine"; the name of ``("Building", "Goldfield")`` and ``("Lay in", ...)``), and every
    company's row in the company table by its two letters ("SP": ``("Buy a share", "SP")``,
    ``("Lay track", "TT")``, ``("Haul ore", "BE")``)."""
    regions = []
    for area in C.areas.values():
        cx, cy = hex_centre(area.col, area.row)
        regions.append(Region.polygon(area.title, hex_points(cx, cy, R - 1)))
    top = MAP_TOP + MAP_H + 40 + _track_height(view)
    for index, company in enumerate(view["companies"]):
        y = _company_row_top(top, index)
        regions.append(Region.rect(CODES[company["id"]], MARGIN + 6, y, WIDTH - MARGIN - 6, y + 30))
    return regions


def private(view: dict[str, Any]) -> Image.Image | None:
    """A seat's own cash when cash is hidden (None otherwise or for a spectator)."""
    seat = view.get("viewer")
    if seat is None or not view.get("cash_hidden"):
        return None
    names = seat_names(view)
    data = view["seats"][seat]
    image, draw = canvas(640, 150)
    colour = player_colour(seat)
    draw.rectangle((0, 0, 640, 56), fill=colour)
    title = T("{name}: your holdings", name=names[seat])
    draw_text(draw, (MARGIN, 28), title, fit_size(title, 640 - 2 * MARGIN, 24, bold=True), text_on(colour), bold=True,
              anchor="lm")
    cash = T("Cash ${cash}k (only you see this)", cash=data["cash"])
    draw_text(draw, (MARGIN, 76), cash, fit_size(cash, 640 - 2 * MARGIN, 22, bold=True), INK, bold=True)
    stock = T("Stock ${stock}k · total ${worth}k", stock=data["stock"], worth=data["worth"])
    draw_text(draw, (MARGIN, 112), stock, fit_size(stock, 640 - 2 * MARGIN, 20), INK)
    return image


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first picture posted after every move (drawn in ``card.py``, which draws on
    this module, so it is imported when first used)."""
    from .card import table_card as draw_card

    return draw_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's deciding number exactly as the table card prints it."""
    from .card import card_standings as standings

    return standings(view)
