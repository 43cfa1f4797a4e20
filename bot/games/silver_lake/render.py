"""The Silver Lake board picture, drawn from a view only.

Top: the route on a 24 × 14 grid (areas coloured by kind with their owner's colour band,
hatched when mortgaged; cities with their reimbursement; red luck circles; instruction
spaces; the Silver Lake; bridges and fords; the two shortcuts as dashed arcs), the pieces,
and inside the loop the last dice, the last luck card and the permit register. Below: one
panel per player with cash, worth, laps, nuggets and permits.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.contract import fill_seat_refs
from bot.render.dice import dice_row
from bot.render.palette import INK, LINE, MUTED, PANEL, RGB, WHITE, player_colour, shade, text_on
from bot.render.shapes import badge, canvas, panel
from bot.render.text import draw_text, draw_wrapped, fit_size, ordinal, seat_names

from .board import INSTRUCTIONS, PERMIT, PERMITS, SPACES, Space

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


def _centre(space: Space) -> tuple[int, int]:
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


def _space(draw: ImageDraw.ImageDraw, space: Space, view: dict[str, Any]) -> None:
    box = _box(space)
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    kind = space.kind
    if kind == "area":
        permit = PERMIT[space.permit]
        draw.rectangle(box, fill=KIND_FILL[permit.kind], outline=INK, width=2)
        owner = view["owner"].get(permit.id)
        label_y = cy
        if owner is not None:
            colour = player_colour(owner)
            draw.rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 21), fill=colour)
            draw_text(draw, (cx, y0 + 12), str(owner + 1), 16, text_on(colour), bold=True, anchor="mm")
            label_y = cy + 9
            if permit.id in view["mortgaged"]:
                for k in range(-CELL, CELL, 10):  # hatching: the bank holds this permit
                    draw.line([(x0 + k, y1), (x0 + k + CELL, y0)], fill=shade(colour, 0.6), width=2)
                draw.rectangle(box, outline=INK, width=2)
                draw.rectangle((cx - 17, label_y - 11, cx + 17, label_y + 11), fill=WHITE)
        draw_text(draw, (cx, label_y), permit.id, 18, INK, bold=True, anchor="mm")
    elif kind in ("city", "start"):
        fill = (255, 236, 200) if kind == "start" else CITY
        draw.rectangle(box, fill=fill, outline=INK, width=3)
        name = "N.O." if kind == "start" else space.name
        draw_text(draw, (cx, cy - 10), name, fit_size(name, CELL - 4, 17, 16, bold=True), INK, bold=True, anchor="mm")
        draw_text(draw, (cx, cy + 12), f"${space.value}", 16, INK, anchor="mm")
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
        draw_text(draw, (cx, cy - 10), "Lake", 16, INK, bold=True, anchor="mm")
        draw_text(draw, (cx, cy + 12), "gold", 16, (150, 110, 0), bold=True, anchor="mm")
    elif kind == "fork":
        draw.rectangle(box, fill=(255, 255, 255), outline=INK, width=3)
        draw_text(draw, (cx, cy), "Y", 26, INK, bold=True, anchor="mm")
    elif kind == "shortcut":
        draw.rectangle(box, fill=(255, 196, 120), outline=INK, width=2)
        draw_text(draw, (cx, cy - 10), "Cut" if space.must else "Pony", 16, INK, bold=True, anchor="mm")
        draw_text(draw, (cx, cy + 12), "must" if space.must else "may", 16, INK, anchor="mm")
    elif kind == "bridge":
        draw.rectangle(box, fill=BRIDGE, outline=INK, width=2)
        for dy in (-12, -4, 4, 12):
            draw.line([(x0 + 8, cy + dy), (x1 - 8, cy + dy)], fill=shade(BRIDGE, 1.5), width=3)
    elif kind == "ford":
        draw.rectangle(box, fill=FORD, outline=INK, width=2)
        draw_text(draw, (cx, cy), "≈", 28, WHITE, bold=True, anchor="mm")
    else:
        draw.rectangle(box, fill=TRAIL, outline=INK, width=2)


def _pieces(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    here: dict[int, list[int]] = {}
    for seat, s in enumerate(view["seats"]):
        if not s["out"]:
            here.setdefault(s["pos"], []).append(seat)
    for pos, seats in here.items():
        x0, y0, x1, y1 = _box(SPACES[pos])
        radius = 13 if len(seats) <= 4 else 11
        spots = [(x0 + 13, y1 - 13), (x1 - 13, y1 - 13), (x0 + 13, y0 + 13), (x1 - 13, y0 + 13),
                 ((x0 + x1) // 2, y1 - 13), ((x0 + x1) // 2, y0 + 13)]
        for seat, (cx, cy) in zip(seats, spots, strict=False):
            ring = 3 if seat == view["turn"] else 0
            if ring:
                draw.ellipse((cx - radius - ring, cy - radius - ring, cx + radius + ring, cy + radius + ring), fill=INK)
            badge(draw, (cx, cy), radius, player_colour(seat), str(seat + 1))


def _route(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    for space in SPACES:  # the trail between spaces, under them
        for following in space.next:
            draw.line([_centre(space), _centre(SPACES[following])], fill=shade(TRAIL, 0.7), width=8)
    for space in SPACES:
        if space.kind == "shortcut":
            a, b = _centre(space), _centre(SPACES[space.target])
            lift = -PITCH if space.row > 7 else PITCH
            _dashed(draw, _arc_points((a[0], a[1] + lift // 3), (b[0], b[1] + lift // 3), lift // 2), (200, 110, 20), 5)
    for space in SPACES:
        _space(draw, space, view)
    _pieces(draw, view)
    start = _box(SPACES[0])
    draw_text(draw, (start[0] - 12, start[1] - 10), "New Orleans: start and finish, $200", 18, INK, bold=True, anchor="rd")


def _status(view: dict[str, Any], names: list[str]) -> str:
    if view["over"]:
        return "Game over. " + fill_seat_refs(view["end"] or "", names)
    seat = view["turn"]
    who = names[seat]
    phase = view["phase"]
    if phase == "auction":
        auction = view["auction"]
        permit = PERMIT[auction["permit"]]
        high = f"high bid ${auction['high']} by {names[auction['leader']]}" if auction["leader"] is not None else "no bid yet"
        return f"Auction of {permit.label} by {names[auction['seller']]}: {high}"
    if phase == "debt":
        return f"{who} owes ${view['debt']['amount']} and must raise money"
    doing = {
        "roll": "to roll" + (" again (doubles)" if view["throws"] else ""),
        "buy": f"to decide on {PERMIT[view['area']].label}" if view["area"] else "to decide",
        "exploit": "exploit or skip",
        "fork": "to choose a branch",
        "shortcut": "take the shortcut?",
    }.get(phase, phase)
    return f"{who} {doing}"


def _centre_panel(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    left = MARGIN + 5 * PITCH
    top = MARGIN + 2 * PITCH - 10
    right = MARGIN + 22 * PITCH - 8
    bottom = MARGIN + 12 * PITCH - 14
    draw.rounded_rectangle((left, top, right, bottom), radius=14, fill=PANEL, outline=LINE, width=2)
    x, y = left + 18, top + 12
    draw_text(draw, (x, y), "Treasure of Silver Lake", 26, INK, bold=True)
    draw_text(draw, (right - 18, y + 4), f"Game of {view['laps']} laps", 20, MUTED, anchor="ra")
    y += 38
    y = draw_wrapped(draw, (x, y), _status(view, names), 20, right - left - 36, INK, bold=True) + 8
    # Dice and the last luck card.
    draw_text(draw, (x, y), "Last dice", 18, MUTED)
    if view["dice"]:
        end = dice_row(draw, (x, y + 26), view["dice"], size=54)
        draw_text(draw, (end + 4, y + 53), f"= {sum(view['dice'])}", 22, INK, bold=True, anchor="lm")
    else:
        draw_text(draw, (x, y + 40), "no throw yet", 18, MUTED)
    y += 96
    card_box = (x, y, x + 330, y + 200)
    draw.rounded_rectangle(card_box, radius=10, fill=WHITE, outline=LUCK_RED, width=3)
    draw_text(draw, (x + 12, y + 10), f"Luck deck: {view['deck']} cards", 16, MUTED)
    card = view["card"]
    if card:
        draw_text(draw, (x + 12, y + 34), f"{card['title']} ({names[card['seat']]})", 18, LUCK_RED, bold=True)
        draw_wrapped(draw, (x + 12, y + 60), card["text"], 16, 306)
    else:
        draw_text(draw, (x + 12, y + 40), "No luck card drawn yet", 18, MUTED)
    y += 212
    draw_text(draw, (x, y), f"Gold nuggets left in the lake: {view['pile']}", 18, INK)
    y += 26
    draw_wrapped(draw, (x, y), "Areas: band = owner, hatched = mortgaged. Cities pay when passed, double on an exact landing. "
                 "Y = crossroads: Mountain Pass (outer) or River Trail (inner, Silver Lake).",
                 16, 330, MUTED)
    # The permit register: 3 columns of 8.
    col_w = 220
    gx = x + 350
    for column, kind in enumerate(("fishing", "hunting", "mining")):
        cx = gx + column * col_w
        cy = top + 90
        draw.rectangle((cx, cy, cx + col_w - 10, cy + 26), fill=KIND_FILL[kind])
        draw_text(draw, (cx + 6, cy + 13), f"{kind.capitalize()} permits", 16, INK, bold=True, anchor="lm")
        cy += 32
        for permit in (p for p in PERMITS if p.kind == kind):
            owner = view["owner"].get(permit.id)
            mortgaged = permit.id in view["mortgaged"]
            if owner is not None:
                badge(draw, (cx + 11, cy + 19), 11, player_colour(owner), str(owner + 1))
            else:
                draw.ellipse((cx, cy + 8, cx + 22, cy + 30), outline=LINE, width=2)
            draw_text(draw, (cx + 28, cy + 2), f"{permit.id} {permit.name}", fit_size(f"{permit.id} {permit.name}", col_w - 40, 16, 16), INK, bold=owner is not None)
            line = f"${permit.price} · fee ${permit.fee}" + (" · mortgaged" if mortgaged else "")
            draw_text(draw, (cx + 28, cy + 21), line, 16, (170, 60, 20) if mortgaged else MUTED)
            cy += 48


def _player_panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], seat: int, view: dict[str, Any],
                  names: list[str]) -> None:
    s = view["seats"][seat]
    x0, y0, x1, _ = box
    colour = player_colour(seat)
    panel(draw, box)
    if view["turn"] == seat:
        draw.rounded_rectangle(box, radius=12, outline=INK, width=4)
    badge(draw, (x0 + 24, y0 + 24), 16, colour, str(seat + 1))
    name = names[seat]
    draw_text(draw, (x0 + 48, y0 + 12), name, fit_size(name, 230, 22, 16, bold=True), INK, bold=True)
    rank = ""
    if view["outcome"]:
        rank = f"{ordinal(view['outcome']['ranks'][seat])} · "
    if s["out"]:
        status = "dropped out"
    else:
        status = f"lap {min(s['laps'] + 1, view['laps'])}/{view['laps']}" if s["laps"] < view["laps"] else "finished"
    extra = []
    if s["restarted"] and not s["out"]:
        extra.append("restarted")
    if s["miss"]:
        extra.append(f"misses {s['miss']}")
    tail = (" · " + ", ".join(extra)) if extra else ""
    draw_text(draw, (x1 - 14, y0 + 14), f"{rank}{status}{tail}", 18, MUTED if not rank else INK, bold=bool(rank), anchor="ra")
    draw_text(draw, (x0 + 16, y0 + 46), f"Cash ${s['cash']:,}", 20, INK, bold=True)
    draw_text(draw, (x0 + 190, y0 + 48), f"worth ${s['worth']:,}", 18, MUTED)
    nuggets = s["nuggets"]
    gold = "gold: " + (", ".join(f"${n}" for n in nuggets) if nuggets else "none")
    draw_text(draw, (x1 - 14, y0 + 48), gold, 18, (150, 110, 0) if nuggets else MUTED, anchor="ra")
    permits = [f"{pid}{'(m)' if pid in view['mortgaged'] else ''}" for pid in s["permits"]]
    text = "Permits: " + (" ".join(permits) if permits else "none")
    draw_wrapped(draw, (x0 + 16, y0 + 78), text, 17, x1 - x0 - 32)


def board(view: dict[str, Any]) -> Image.Image:
    names = seat_names(view)
    players = view["players"]
    rows = (players + 1) // 2
    height = BOARD_H + 12 + rows * (PANEL_H + 10) + 8
    image, draw = canvas(WIDTH, height, GROUND)
    _route(draw, view)
    _centre_panel(draw, view, names)
    width = (WIDTH - 2 * MARGIN - 10) // 2
    for seat in range(players):
        row, column = divmod(seat, 2)
        x0 = MARGIN + column * (width + 10)
        y0 = BOARD_H + 12 + row * (PANEL_H + 10)
        _player_panel(draw, (x0, y0, x0 + width, y0 + PANEL_H), seat, view, names)
    return image
