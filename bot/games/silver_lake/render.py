"""The Silver Lake board picture, drawn from a view only.

Top: the route on a 24 × 14 grid (areas coloured by kind with their owner's colour band,
hatched when mortgaged; cities with their reimbursement; red luck circles; instruction
spaces; the Silver Lake; bridges and fords; the two shortcuts as dashed arcs; arrows on
the ground inside the loop showing which way the route runs), the pieces (on a city they
stand below its value, which stays readable), and inside the loop the last dice, the last
luck card and the permit register. Below: one panel per player with cash, worth, laps,
nuggets and permits; the frame marks who must decide now (in an auction, the bidder).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import named
from bot.i18n import LANGUAGE
from bot.render.dice import dice_row
from bot.render.palette import INK, LINE, MUTED, PANEL, RGB, WHITE, player_colour, shade, text_on
from bot.render.regions import Region
from bot.render.shapes import badge, canvas, panel
from bot.render.text import draw_text, draw_wrapped, fit_size, seat_names, text_width

from .board import INSTRUCTIONS, PERMIT, PERMITS, SPACES, Space
from .messages import T, Tn, ordinal, series

WIDTH = 1400
MARGIN = 16
PITCH = 57
CELL = 53
BOARD_H = MARGIN + 14 * PITCH
PANEL_H = 128

KIND_FILL: dict[str, RGB] = {"fishing": (158, 202, 236), "hunting": (172, 214, 150), "mining": (218, 190, 150)}
CITY: RGB = (252, 250, 240)
LUCK_RED: RGB = (200, 40, 40)
TEXT_FILL: RGB = (250, 226, 140)
TREASURE: RGB = (196, 204, 214)
BRIDGE: RGB = (160, 112, 70)
FORD: RGB = (40, 88, 160)
TRAIL: RGB = (214, 200, 170)
GROUND: RGB = (232, 222, 196)


def _box(space: Space) -> tuple[int, int, int, int]:
    x = MARGIN + space.col * PITCH
    y = MARGIN + space.row * PITCH
    return (x, y, x + CELL, y + CELL)


def _mid(space: Space) -> tuple[int, int]:
    x0, y0, x1, y1 = _box(space)
    return ((x0 + x1) // 2, (y0 + y1) // 2)


def _dashed(draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], fill: RGB, width: int = 4) -> None:
    for i in range(0, len(points) - 1, 2):
        draw.line([points[i], points[i + 1]], fill=fill, width=width)


def _arc_points(a: tuple[int, int], b: tuple[int, int], lift: int, count: int = 24) -> list[tuple[float, float]]:
    """A shallow arc from ``a`` to ``b`` bulging ``lift`` pixels (negative: upwards)."""
    points = []
    for i in range(count + 1):
        t = i / count
        x = a[0] + (b[0] - a[0]) * t
        y = a[1] + (b[1] - a[1]) * t + lift * 4 * t * (1 - t)
        points.append((x, y))
    return points


# Fixed places inside the loop: the centre panel and its parts.
C_LEFT = MARGIN + 5 * PITCH
C_TOP = MARGIN + 2 * PITCH - 10
C_RIGHT = MARGIN + 22 * PITCH - 8
C_BOTTOM = MARGIN + 12 * PITCH - 14
C_X = C_LEFT + 18
DICE_Y = C_TOP + 112
CARD_Y = DICE_Y + 96
REGISTER_X = C_X + 345
REGISTER_Y = C_TOP + 112
REGISTER_W = 200
ROW_H = 48


ARROW: RGB = (150, 96, 44)
ARROW_ALONG = (((15, 13), (0, -1)), ((4, 13), (0, -1)), ((0, 6), (1, 0)), ((3, 7), (1, 0)),
               ((6, 0), (0, 1)), ((20, 0), (0, 1)), ((23, 4), (-1, 0)), ((23, 10), (-1, 0)))
"""Where the route's direction is shown: (a space's grid cell, the side of it where free
ground lies inside the loop). Two per side of the loop, one on each branch."""


def _arrows() -> tuple[tuple[int, tuple[int, int], tuple[int, int]], ...]:
    """(space id, arrow centre, unit direction): an arrow beside each space of
    :data:`ARROW_ALONG`, pointing the way the route runs from it (to its next space)."""
    at = {(space.col, space.row): space for space in SPACES}
    arrows = []
    for (col, row), (side_x, side_y) in ARROW_ALONG:
        space = at[(col, row)]
        following = SPACES[space.next[0]]
        direction = (following.col - space.col, following.row - space.row)
        x, y = _mid(space)
        arrows.append((space.id, (x + side_x * PITCH, y + side_y * PITCH), direction))
    return tuple(arrows)


def _arrow(draw: ImageDraw.ImageDraw, centre: tuple[int, int], direction: tuple[int, int]) -> None:
    """A short thick arrow centred on ``centre`` pointing along ``direction`` (a unit step)."""
    dx, dy = direction
    cx, cy = centre
    half, head = 20, 12
    tail = (cx - dx * half, cy - dy * half)
    tip = (cx + dx * half, cy + dy * half)
    base = (cx + dx * (half - head), cy + dy * (half - head))
    draw.line([tail, base], fill=ARROW, width=7)
    draw.polygon([tip, (base[0] + dy * 11, base[1] + dx * 11), (base[0] - dy * 11, base[1] - dx * 11)], fill=ARROW)


def _space(draw: ImageDraw.ImageDraw, space: Space) -> None:
    """A space as printed on the board (areas unowned; owners are drawn over it per view)."""
    box = _box(space)
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    kind = space.kind
    if kind == "area":
        permit = PERMIT[space.permit]
        draw.rectangle(box, fill=KIND_FILL[permit.kind], outline=INK, width=2)
        draw_text(draw, (cx, cy + 9), permit.id, 18, INK, bold=True, anchor="mm")
    elif kind in ("city", "start"):
        fill = (255, 236, 200) if kind == "start" else CITY
        draw.rectangle(box, fill=fill, outline=INK, width=3)
        name = "N.O." if kind == "start" else space.name
        draw_text(draw, (cx, cy - 10), name, fit_size(name, CELL - 4, 17, 16, bold=True), INK, bold=True, anchor="mm")
        draw_text(draw, (cx, cy + 12), T("${amount}", amount=space.value), 16, INK, anchor="mm")
    elif kind == "luck":
        draw.rectangle(box, fill=WHITE, outline=INK, width=2)
        draw.ellipse((cx - 19, cy - 19, cx + 19, cy + 19), outline=LUCK_RED, width=5)
        draw_text(draw, (cx, cy), "?", 22, LUCK_RED, bold=True, anchor="mm")
    elif kind == "text":
        draw.rectangle(box, fill=TEXT_FILL, outline=INK, width=2)
        draw_text(draw, (cx, cy - 10), "!", 20, INK, bold=True, anchor="mm")
        short = INSTRUCTIONS[space.text].short
        draw_text(draw, (cx, cy + 12), short, fit_size(short, CELL - 4, 16, 16), INK, anchor="mm")
    elif kind == "treasure":
        draw.rectangle(box, fill=TREASURE, outline=INK, width=3)
        draw_text(draw, (cx, cy - 10), T("Lake"), 16, INK, bold=True, anchor="mm")
        draw_text(draw, (cx, cy + 12), T("gold"), 16, (150, 110, 0), bold=True, anchor="mm")
    elif kind == "fork":
        draw.rectangle(box, fill=WHITE, outline=INK, width=3)
        draw_text(draw, (cx, cy), "Y", 26, INK, bold=True, anchor="mm")
    elif kind == "shortcut":
        draw.rectangle(box, fill=(255, 196, 120), outline=INK, width=2)
        draw_text(draw, (cx, cy - 10), T("Cut") if space.must else T("Pony"), 16, INK, bold=True, anchor="mm")
        draw_text(draw, (cx, cy + 12), T("must") if space.must else T("may"), 16, INK, anchor="mm")
    elif kind == "bridge":
        draw.rectangle(box, fill=BRIDGE, outline=INK, width=2)
        for dy in (-12, -4, 4, 12):
            draw.line([(x0 + 8, cy + dy), (x1 - 8, cy + dy)], fill=shade(BRIDGE, 1.5), width=3)
    elif kind == "ford":
        draw.rectangle(box, fill=FORD, outline=INK, width=2)
        draw_text(draw, (cx, cy), "≈", 28, WHITE, bold=True, anchor="mm")
    else:
        draw.rectangle(box, fill=TRAIL, outline=INK, width=2)


@lru_cache(maxsize=4)
def _base(language: str) -> Image.Image:
    """Everything that never changes: the route, its spaces, the frame and the permit register.

    Drawn once per process and language (its words are said in ``language``, the one being
    spoken); each picture starts from a copy, so a move's picture only draws what the view
    changes (owners, pieces, dice, the card, the players)."""
    image, draw = canvas(WIDTH, BOARD_H, GROUND)
    for space in SPACES:  # the trail between spaces, under them
        for following in space.next:
            draw.line([_mid(space), _mid(SPACES[following])], fill=shade(TRAIL, 0.7), width=8)
    for space in SPACES:
        if space.kind == "shortcut":
            a, b = _mid(space), _mid(SPACES[space.target])
            lift = -PITCH if space.row > 7 else PITCH
            _dashed(draw, _arc_points((a[0], a[1] + lift // 3), (b[0], b[1] + lift // 3), lift // 2), (200, 110, 20), 5)
    for space in SPACES:
        _space(draw, space)
    for _space_id, centre, direction in ARROWS:
        _arrow(draw, centre, direction)
    start = _box(SPACES[0])
    draw_text(draw, (start[0] - 12, start[1] - 10), T("New Orleans: start and finish, $200"), 18, INK, bold=True,
              anchor="rd")
    draw.rounded_rectangle((C_LEFT, C_TOP, C_RIGHT, C_BOTTOM), radius=14, fill=PANEL, outline=LINE, width=2)
    draw_text(draw, (C_X, C_TOP + 12), T("Treasure of Silver Lake"), 26, INK, bold=True)
    draw_text(draw, (C_X, DICE_Y), T("Last dice"), 18, MUTED)
    draw.rounded_rectangle((C_X, CARD_Y, C_X + 330, CARD_Y + 200), radius=10, fill=WHITE, outline=LUCK_RED, width=3)
    draw_wrapped(
        draw, (C_X, CARD_Y + 238),
        T("Areas: band = owner, hatched = mortgaged. Cities pay when passed, double on an exact landing. "
          "Y = crossroads: Mountain Pass (outer) or River Trail (inner, Silver Lake)."),
        16, 330, MUTED,
    )
    for column, kind in enumerate(("fishing", "hunting", "mining")):
        cx = REGISTER_X + column * REGISTER_W
        cy = REGISTER_Y
        draw.rectangle((cx, cy, cx + REGISTER_W - 10, cy + 26), fill=KIND_FILL[kind])
        draw_text(draw, (cx + 6, cy + 13), REGISTER_TITLE[kind], 16, INK, bold=True, anchor="lm")
        cy += 32
        for permit in (p for p in PERMITS if p.kind == kind):
            draw.ellipse((cx, cy + 8, cx + 22, cy + 30), outline=LINE, width=2)
            title = T("{id} {name}", id=permit.id, name=permit.name)
            draw_text(draw, (cx + 28, cy + 2), title, fit_size(title, REGISTER_W - 40, 16, 16), INK)
            draw_text(draw, (cx + 28, cy + 21), T("${price} · fee ${fee}", price=permit.price, fee=permit.fee), 16,
                      MUTED)
            cy += ROW_H
    return image


ARROWS = _arrows()

REGISTER_TITLE = {"fishing": T("Fishing permits"), "hunting": T("Hunting permits"), "mining": T("Mining permits")}


def _register_row(permit_id: str) -> tuple[int, int]:
    """Top-left of a permit's row in the register."""
    column = ("fishing", "hunting", "mining").index(PERMIT[permit_id].kind)
    index = [p.id for p in PERMITS if p.kind == PERMIT[permit_id].kind].index(permit_id)
    return REGISTER_X + column * REGISTER_W, REGISTER_Y + 32 + index * ROW_H


@lru_cache(maxsize=64)
def _stamp(seat: int, radius: int, ring: int = 0) -> Image.Image:
    """A seat's numbered disc, rendered once and pasted wherever it appears."""
    size = 2 * (radius + ring) + 2
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    centre = size // 2
    if ring:
        draw.ellipse((0, 0, size - 2, size - 2), fill=INK)
    badge(draw, (centre, centre), radius, player_colour(seat), str(seat + 1))
    return image


def _paste_stamp(image: Image.Image, seat: int, centre: tuple[int, int], radius: int, ring: int = 0) -> None:
    stamp = _stamp(seat, radius, ring)
    image.paste(stamp, (centre[0] - stamp.width // 2, centre[1] - stamp.height // 2), stamp)


def _owners(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    """Owner bands on the areas (hatched when mortgaged) and owner discs in the register."""
    mortgaged = set(view["mortgaged"])
    for pid, owner in view["owner"].items():
        colour = player_colour(owner)
        for space_id in (s.id for s in SPACES if s.permit == pid):
            x0, y0, x1, y1 = _box(SPACES[space_id])
            cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
            if pid in mortgaged:
                _hatch(draw, (x0 + 2, y0 + 22, x1 - 2, y1 - 2), shade(colour, 0.7))
                draw.rectangle((cx - 17, cy - 2, cx + 17, cy + 20), fill=WHITE)
                draw_text(draw, (cx, cy + 9), pid, 18, INK, bold=True, anchor="mm")
            # An ink outline: the band stays apart from the area colour whatever the seat's
            # colour (sky blue, seat 5, is as light as the fishing blue).
            draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 21), fill=colour, outline=INK, width=2)
            draw_text(draw, (cx, y0 + 12), str(owner + 1), 16, text_on(colour), bold=True, anchor="mm")
        rx, ry = _register_row(pid)
        _paste_stamp(image, owner, (rx + 11, ry + 19), 11)
        if pid in mortgaged:
            draw.rectangle((rx + 26, ry + 20, rx + REGISTER_W - 12, ry + 42), fill=PANEL)
            draw_text(draw, (rx + 28, ry + 21), T("${price} · mortgaged", price=PERMIT[pid].price), 16, (170, 60, 20),
                      bold=True)


def _hatch(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: RGB, gap: int = 9) -> None:
    """Diagonal stripes inside ``box`` only (the mark of a mortgaged area)."""
    x0, y0, x1, y1 = box
    height = y1 - y0
    for k in range(-height, x1 - x0, gap):
        ax, ay = x0 + k, y1
        bx, by = x0 + k + height, y0
        if ax < x0:
            ay -= x0 - ax
            ax = x0
        if bx > x1:
            by += bx - x1
            bx = x1
        if ax <= bx:
            draw.line([(ax, ay), (bx, by)], fill=colour, width=3)


CITY_PIECE = 8
"""The radius of a piece on a city: three fit in the strip below the city's value."""


def city_layout(space: Space, pieces: int) -> tuple[tuple[int, int] | None, tuple[int, int], list[tuple[int, int]]]:
    """Where a city with ``pieces`` pieces on it draws its name (None: no room), its value and
    the pieces' centres. The value always stays clear: up to three pieces stand in a strip
    below it, the fourth to sixth in a strip above it, where the name gives way (New
    Orleans's name and value are also written beside it)."""
    x0, y0, x1, y1 = _box(space)
    cx = (x0 + x1) // 2
    step = (CELL - 2 * CITY_PIECE - 4) // 2
    row = [x0 + 2 + CITY_PIECE + k * step for k in range(3)]
    spots = [(x, y1 - CITY_PIECE - 2) for x in row]
    if pieces <= 3:
        return (cx, y0 + 11), (cx, y0 + 26), spots[:pieces]
    spots += [(x, y0 + CITY_PIECE + 2) for x in row]
    return None, (cx, y0 + 26), spots[:pieces]


def _city_with_pieces(image: Image.Image, draw: ImageDraw.ImageDraw, space: Space, seats: list[int], turn: int | None) -> None:
    """A city cell drawn again around its pieces so that its value stays readable."""
    fill = (255, 236, 200) if space.kind == "start" else CITY
    draw.rectangle(_box(space), fill=fill, outline=INK, width=3)
    name_at, value_at, spots = city_layout(space, len(seats))
    if name_at is not None:
        name = "N.O." if space.kind == "start" else space.name
        draw_text(draw, name_at, name, fit_size(name, CELL - 4, 16, 13, bold=True), INK, bold=True, anchor="mm")
    draw_text(draw, value_at, T("${amount}", amount=space.value), 16, INK, anchor="mm")
    for seat, spot in zip(seats, spots, strict=False):
        _paste_stamp(image, seat, spot, CITY_PIECE, 2 if seat == turn else 0)


def _pieces(image: Image.Image, view: dict[str, Any]) -> None:
    here: dict[int, list[int]] = {}
    for seat, s in enumerate(view["seats"]):
        if not s["out"]:
            here.setdefault(s["pos"], []).append(seat)
    draw = ImageDraw.Draw(image)
    for pos, seats in here.items():
        if SPACES[pos].kind in ("city", "start"):
            _city_with_pieces(image, draw, SPACES[pos], seats, _acting(view))
            continue
        x0, y0, x1, y1 = _box(SPACES[pos])
        radius = 12 if len(seats) <= 4 else 11
        top = [(x0 + 12, y0 + 12), (x1 - 12, y0 + 12)]
        bottom = [(x0 + 12, y1 - 12), (x1 - 12, y1 - 12)]
        middle = [((x0 + x1) // 2, y1 - 12), ((x0 + x1) // 2, y0 + 12)]
        # On an area the top corners leave the owner's number and the area's name readable.
        spots = (top + bottom if SPACES[pos].kind == "area" else bottom + top) + middle
        for seat, spot in zip(seats, spots, strict=False):
            _paste_stamp(image, seat, spot, radius, 3 if seat == _acting(view) else 0)


def _acting(view: dict[str, Any]) -> int | None:
    """The seat that must decide now: the bidder during an auction (not the seller), else the
    player whose turn it is."""
    auction = view.get("auction")
    if auction and auction.get("to_act") is not None:
        return int(auction["to_act"])
    return view["turn"]


def _status(view: dict[str, Any], names: list[str]) -> str:
    """Who must decide what, in a few words: "Ana to roll", "Auction of Pike Lake (F4) by Bo: …"."""
    if view["over"]:
        return T("Game over. {why}", why=named(view["end"] or "", names))
    seat = view["turn"]
    who = names[seat]
    phase = view["phase"]
    if phase == "auction":
        auction = view["auction"]
        permit = PERMIT[auction["permit"]]
        if auction["leader"] is not None:
            high = T("high bid ${amount} by {leader}", amount=auction["high"], leader=names[auction["leader"]])
        else:
            high = T("no bid yet")
        if auction.get("to_act") is not None:
            return T("Auction of {permit} by {seller}: {high}; {bidder} to bid", permit=permit.label,
                     seller=names[auction["seller"]], high=high, bidder=names[auction["to_act"]])
        return T("Auction of {permit} by {seller}: {high}", permit=permit.label, seller=names[auction["seller"]],
                 high=high)
    if phase == "debt":
        return T("{who} owes ${amount} and must raise money", who=who, amount=view["debt"]["amount"])
    if phase == "roll":
        return T("{who} to roll again (doubles)", who=who) if view["throws"] else T("{who} to roll", who=who)
    if phase == "buy":
        if view["area"]:
            return T("{who} to decide on {permit}", who=who, permit=PERMIT[view["area"]].label)
        return T("{who} to decide", who=who)
    if phase == "exploit":
        return T("{who} may exploit the area", who=who)
    if phase == "fork":
        return T("{who} to choose a branch at the crossroads", who=who)
    if phase == "shortcut":
        return T("{who} may take the shortcut", who=who)
    return T("{who} {phase}", who=who, phase=phase)


def first_roll(view: dict[str, Any], names: list[str]) -> str:
    """Before the first move: the roll that chose who starts ("First roll: Ana 7, Bo 9. Bo starts.")."""
    rolls = series([T("{name} {total}", name=names[seat], total=a + b) for seat, a, b in view["start_rolls"][-1]])
    if len(view["start_rolls"]) == 1:
        return T("First roll: {rolls}. {first} starts.", rolls=rolls, first=names[view["first"]])
    return T("Tie-break roll: {rolls}. {first} starts.", rolls=rolls, first=names[view["first"]])


def _centre(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    """The changing parts of the centre panel: the status, the laps, dice, card, nuggets."""
    draw_text(draw, (C_RIGHT - 18, C_TOP + 16), Tn("Game of {n} lap", "Game of {n} laps", view["laps"]), 20, MUTED,
              anchor="ra")
    draw_wrapped(draw, (C_X, C_TOP + 52), _status(view, names), 20, C_RIGHT - C_LEFT - 36, INK, bold=True)
    if view["dice"]:
        end = dice_row(draw, (C_X, DICE_Y + 26), view["dice"], size=54)
        draw_text(draw, (end + 4, DICE_Y + 53), f"= {sum(view['dice'])}", 22, INK, bold=True, anchor="lm")
    else:
        draw_wrapped(draw, (C_X, DICE_Y + 28), first_roll(view, names), 18, 330)
    draw_text(draw, (C_X + 12, CARD_Y + 10), Tn("Luck deck: {n} card", "Luck deck: {n} cards", view["deck"]), 16, MUTED)
    card = view["card"]
    if card:
        draw_text(draw, (C_X + 12, CARD_Y + 34), T("{title} ({name})", title=card["title"], name=names[card["seat"]]),
                  18, LUCK_RED, bold=True)
        draw_wrapped(draw, (C_X + 12, CARD_Y + 60), card["text"], 16, 306)
    else:
        draw_text(draw, (C_X + 12, CARD_Y + 40), T("No luck card drawn yet"), 18, MUTED)
    draw_text(draw, (C_X, CARD_Y + 212), T("Gold nuggets left in the lake: {n}", n=view["pile"]), 18, INK)


def _player_panel(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], seat: int,
                  view: dict[str, Any], names: list[str]) -> None:
    s = view["seats"][seat]
    x0, y0, x1, _ = box
    panel(draw, box)
    if _acting(view) == seat:
        draw.rounded_rectangle(box, radius=12, outline=INK, width=4)
    _paste_stamp(image, seat, (x0 + 24, y0 + 24), 16)
    name = names[seat]
    draw_text(draw, (x0 + 48, y0 + 12), name, fit_size(name, 230, 22, 16, bold=True), INK, bold=True)
    if s["out"]:
        status = T("dropped out")
    elif s["laps"] < view["laps"]:
        status = T("lap {lap}/{laps}", lap=s["laps"] + 1, laps=view["laps"])
    else:
        status = T("finished")
    extra = []
    if s["restarted"] and not s["out"]:
        extra.append(T("restarted"))
    if s["miss"]:
        extra.append(T("misses {n}", n=s["miss"]))
    if extra:
        status = T("{status} · {notes}", status=status, notes=series(extra))
    ranked = view["outcome"] is not None
    if ranked:
        status = T("{place} · {status}", place=ordinal(view["outcome"]["ranks"][seat]), status=status)
    draw_text(draw, (x1 - 14, y0 + 14), status, 18, INK if ranked else MUTED, bold=ranked, anchor="ra")
    cash = T("Cash ${cash:,}", cash=s["cash"])
    draw_text(draw, (x0 + 16, y0 + 46), cash, 20, INK, bold=True)
    # Worth stands 174 px after the cash, or further where a language's cash line is longer.
    draw_text(draw, (max(x0 + 190, x0 + 16 + text_width(cash, 20, bold=True) + 14), y0 + 48),
              T("worth ${worth:,}", worth=s["worth"]), 18, MUTED)
    nuggets = s["nuggets"]
    gold = T("gold: {nuggets}", nuggets=series([T("${amount}", amount=n) for n in nuggets])) if nuggets else T("gold: none")
    draw_text(draw, (x1 - 14, y0 + 48), gold, 18, (150, 110, 0) if nuggets else MUTED, anchor="ra")
    permits = [f"{pid}{'(m)' if pid in view['mortgaged'] else ''}" for pid in s["permits"]]
    held = T("Permits: {permits}", permits=" ".join(permits)) if permits else T("Permits: none")
    draw_wrapped(draw, (x0 + 16, y0 + 78), held, 17, x1 - x0 - 32)


def board(view: dict[str, Any]) -> Image.Image:
    """The public picture: the route with owners and pieces, the centre panel, the players."""
    names = seat_names(view)
    players = view["players"]
    rows = (players + 1) // 2
    height = BOARD_H + 12 + rows * (PANEL_H + 10) + 8
    image = Image.new("RGB", (WIDTH, height), GROUND)
    image.paste(_base(LANGUAGE.get()), (0, 0))
    draw = ImageDraw.Draw(image)
    _owners(image, draw, view)
    _pieces(image, view)
    _centre(draw, view, names)
    width = (WIDTH - 2 * MARGIN - 10) // 2
    for seat in range(players):
        row, column = divmod(seat, 2)
        x0 = MARGIN + column * (width + 10)
        y0 = BOARD_H + 12 + row * (PANEL_H + 10)
        _player_panel(image, draw, (x0, y0, x0 + width, y0 + PANEL_H), seat, view, names)
    return image


def area_box(permit_id: str) -> tuple[int, int, int, int]:
    """The box around a permit's area: its two neighbouring spaces (:func:`_box`) and the gap
    between them."""
    boxes = [_box(space) for space in SPACES if space.permit == permit_id]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def board_regions(view: dict[str, Any]) -> list[Region]:
    """Every permit's area on the route, named by the permit ("H2", as the area prints it and
    as the money moves file it: ``("Mortgage", "H2")``, ``("Auction", "H2")``). Regions are
    the same for every view: the route never changes."""
    return [Region(permit.id, area_box(permit.id)) for permit in PERMITS]


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first table card (drawn in :mod:`bot.games.silver_lake.card`)."""
    return card.table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's deciding number exactly as the table card prints it."""
    return card.card_standings(view)


# At the end: the card module draws on this one, so it is imported once this one is complete.
from bot.games.silver_lake import card  # noqa: E402
