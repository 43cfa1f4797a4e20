"""The Treasure of Silver Lake table card: the phone-first picture posted after every move.

720 px wide, so every text is at least 20 px (``floor_px(720)``). From top to bottom:

- whose turn it is and what they decide (the board's status sentence);
- one row per player: seat colour and number, name and lap, and their worth ("$6,410", cash
  plus permits, the number that decides the game);
- the last move, in words, and the permits of the player to move (what they may mortgage,
  redeem, sell or auction);
- the trail ahead of the player whose turn it is, drawn large: the space they stand on
  (framed in yellow: where the last move took them) and the next 13, in two rows of seven,
  each captioned with how many steps away it is (two dice reach 2 to 12). A space shows its
  kind's colour, its short name as on the move buttons ("F2", "Tyler", "?" for luck, the
  instruction's word), the owner's band for a taken area (with the seat number, outlined in
  ink so that no seat colour melts into the area colour), the price or fee, and the pieces
  on it. The strip stops at the crossroads, where the player chooses a branch.

The whole 24 × 14 route at phone size would show 17 px spaces; the strip of what the next
throw can reach keeps the decision legible and is cheap to draw (no map picture to scale).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import named
from bot.games.silver_lake import render
from bot.games.silver_lake.board import INSTRUCTIONS, PERMIT, SPACES, Space
from bot.games.silver_lake.messages import T, ordinal, sentences, series
from bot.render.card import paragraph, standings
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, RGB, WHITE, player_colour, shade, text_on
from bot.render.shapes import badge
from bot.render.text import draw_text, fit_size, seat_names, text_width

WIDTH = 720
FLOOR = floor_px(WIDTH)  # 20
ROW_SIZE = 28
"""Standings text: a name shows 15–16 px tall on a 400 px wide phone picture."""
PER_ROW = 7
AHEAD = 2 * PER_ROW - 1
"""Spaces shown after the player's own: two dice move 2 to 12 spaces."""
GAP = 4
TILE_W = (WIDTH - 20 - (PER_ROW - 1) * GAP) // PER_ROW
TILE_H = 136
BAND_H = 28
CAPTION_H = 28
PIECE_R = 19
"""A piece's disc: its seat number is drawn at 1.1 × the radius, the 20 px floor."""


def worth_text(worth: int) -> str:
    """Worth as the card prints it: "$6,410"."""
    return T("{worth:$}", worth=worth)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's worth (or "out" for a player who dropped out), exactly as printed."""
    return [T("out") if seat["out"] else worth_text(seat["worth"]) for seat in view["seats"]]


def _labels(view: dict[str, Any], names: list[str]) -> list[str]:
    """Each seat's name and where they are in the race ("Ana · lap 2/3"), or, once the game
    is over, their place ("Ana · 1st")."""
    labels = []
    ranks = view["outcome"]["ranks"] if view["outcome"] else None
    for index, (name, seat) in enumerate(zip(names, view["seats"], strict=True)):
        if ranks is not None:
            labels.append(T("{name} · {place}", name=name, place=ordinal(ranks[index])))
        elif seat["out"]:
            labels.append(name)
        elif seat["laps"] >= view["laps"]:
            labels.append(T("{name} · home", name=name))
        else:
            labels.append(T("{name} · lap {lap}/{laps}", name=name, lap=seat["laps"] + 1, laps=view["laps"]))
    return labels


def _header(view: dict[str, Any], names: list[str]) -> str:
    """The board's status sentence; once the game is over, who won by worth first (the
    player who ended the game by coming home is not always the richest)."""
    if view["outcome"] is None:
        return render._status(view, names)
    ranks = view["outcome"]["ranks"]
    winners: str = ""
    for seat, rank in enumerate(ranks):
        if rank == 1:
            winners = T("{first} and {next}", first=winners, next=names[seat]) if winners else names[seat]
    return T("Game over: {winners} wins. {why}", winners=winners, why=named(view["end"] or "", names))


def _permits_line(view: dict[str, Any], names: list[str]) -> str:
    """The permits of the player whose turn it is, by the short names the mortgage, redeem,
    sell and auction buttons use: "Ana's permits: F2, H4 (mortgaged)"; "" when none."""
    seat = view["turn"]
    held = [T("{id} (mortgaged)", id=pid) if pid in view["mortgaged"] else pid for pid in view["seats"][seat]["permits"]]
    return T("{name}'s permits: {permits}", name=names[seat], permits=series(held)) if held else ""


def trail_ahead(position: int, count: int = AHEAD) -> list[int]:
    """The space ``position`` and up to ``count`` spaces after it along the route, stopping at
    the crossroads (where the player chooses the branch, so what lies beyond is not fixed)."""
    spaces = [position]
    while len(spaces) <= count and len(SPACES[spaces[-1]].next) == 1:
        spaces.append(SPACES[spaces[-1]].next[0])
    return spaces


def table_card(view: dict[str, Any]) -> Image.Image:
    """The card for a public view (see the module docstring)."""
    names = seat_names(view)
    image = Image.new("RGB", (WIDTH, 1400), BACKGROUND)
    draw = ImageDraw.Draw(image)
    status = _header(view, names)
    y = paragraph(draw, (14, 10), status, 26, WIDTH - 28, INK, bold=True, max_lines=3)
    y = standings(draw, (10, y + 6), WIDTH - 20, _labels(view, names), card_standings(view), render._acting(view), ROW_SIZE)
    last = sentences([named(line, names) for line in view.get("last", []) if line])
    if last:
        y = paragraph(draw, (14, y + 4), T("Last: {moves}", moves=last), 22, WIDTH - 28, INK, max_lines=3)
    elif view["dice"] is None and view["start_rolls"]:
        y = paragraph(draw, (14, y + 4), render.first_roll(view, names), 22, WIDTH - 28, INK, max_lines=3)
    if view["turn"] is not None:
        held = _permits_line(view, names)
        if held:
            y = paragraph(draw, (14, y + 4), held, 22, WIDTH - 28, INK, max_lines=2)
        y = _trail(image, draw, view, names, y + 8)
    return image.crop((0, 0, WIDTH, y + 10))


def _trail(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The mover's space and the spaces ahead, two rows of tiles; returns the y below them."""
    seat = view["turn"]
    position = view["seats"][seat]["pos"]
    draw_text(draw, (14, y), T("The trail ahead of {name}", name=names[seat]), 22, INK, bold=True)
    y += 32
    pieces: dict[int, list[int]] = {}
    for other, state in enumerate(view["seats"]):
        if not state["out"]:
            pieces.setdefault(state["pos"], []).append(other)
    for index, space_id in enumerate(trail_ahead(position)):
        row, column = divmod(index, PER_ROW)
        x = 10 + column * (TILE_W + GAP)
        top = y + row * (CAPTION_H + TILE_H + 10)
        caption = T("here") if index == 0 else f"+{index}"
        draw_text(draw, (x + TILE_W / 2, top + CAPTION_H / 2), caption, FLOOR, INK, bold=index == 0, anchor="mm")
        here = sorted(pieces.get(space_id, []), key=lambda s: s != seat)
        _tile(image, draw, view, SPACES[space_id], (x, top + CAPTION_H, x + TILE_W, top + CAPTION_H + TILE_H), here)
        if index == 0:
            box = (x - 3, top + CAPTION_H - 3, x + TILE_W + 3, top + CAPTION_H + TILE_H + 3)
            draw.rectangle(box, outline=HIGHLIGHT, width=5)
    rows = (len(trail_ahead(position)) + PER_ROW - 1) // PER_ROW
    return y + rows * (CAPTION_H + TILE_H + 10)


INSTRUCTION_EFFECT = {
    "miss": lambda n: T("miss {n}", n=n),
    "back": lambda n: T("back {n}", n=n),
    "forward": lambda n: T("ahead {n}", n=n),
    "pay": lambda n: T("-${amount}", amount=n),
    "gain": lambda n: T("+${amount}", amount=n),
}
"""An instruction space's effect in a word or two, under its name."""


def space_label(space: Space) -> tuple[str, str]:
    """A space's short name (as on the move buttons) and its second line."""
    if space.kind == "area":
        permit = PERMIT[space.permit]
        return permit.id, T("${amount}", amount=permit.price)
    if space.kind == "start":
        return "N.O.", T("${amount}", amount=space.value)
    if space.kind == "city":
        return space.name, T("${amount}", amount=space.value)
    if space.kind == "text":
        instruction = INSTRUCTIONS[space.text]
        return instruction.short, INSTRUCTION_EFFECT[instruction.effect](instruction.n)
    return {
        "luck": ("?", T("luck")),
        "treasure": (T("Lake"), T("gold")),
        "fork": ("Y", T("choose")),
        "shortcut": (T("Cut"), T("must")) if space.must else (T("Pony"), T("may")),
        "bridge": (T("Bridge"), ""),
        "ford": (T("Ford"), ""),
    }.get(space.kind, (space.kind, ""))


def _fill(space: Space) -> RGB:
    if space.kind == "area":
        return render.KIND_FILL[PERMIT[space.permit].kind]
    return {
        "start": (255, 236, 200),
        "city": render.CITY,
        "luck": WHITE,
        "text": render.TEXT_FILL,
        "treasure": render.TREASURE,
        "fork": WHITE,
        "shortcut": (255, 196, 120),
        "bridge": shade(render.BRIDGE, 1.6),
        "ford": shade(render.FORD, 1.7),
    }.get(space.kind, render.TRAIL)


def _tile(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], space: Space,
          box: tuple[int, int, int, int], seats: list[int]) -> None:
    """One space: colour, owner band, short name, price or fee, the pieces on it."""
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    draw.rectangle(box, fill=_fill(space), outline=INK, width=2)
    name, second = space_label(space)
    owner = view["owner"].get(space.permit) if space.kind == "area" else None
    if owner is not None:
        permit = PERMIT[space.permit]
        mortgaged = space.permit in view["mortgaged"]
        colour = player_colour(owner)
        band = (x0 + 2, y0 + 2, x1 - 2, y0 + BAND_H)
        draw.rectangle(band, fill=colour, outline=INK, width=2)
        draw_text(draw, (cx, (band[1] + band[3]) / 2 + 1), str(owner + 1), FLOOR, text_on(colour), bold=True, anchor="mm")
        if mortgaged:
            render._hatch(draw, (x0 + 2, y0 + BAND_H + 1, x1 - 2, y1 - 2), shade(colour, 0.75), gap=12)
        second = T("mortg.") if mortgaged else T("fee ${fee}", fee=permit.fee)
    label_y = y0 + BAND_H + 22
    size = fit_size(name, TILE_W - 8, 26, FLOOR, bold=True)
    plate = owner is not None and space.permit in view["mortgaged"]  # text over hatching
    _text(draw, (cx, label_y), name, size, bold=True, plate=plate)
    if second:
        _text(draw, (cx, label_y + 30), second, FLOOR, bold=False, plate=plate)
    _pieces(image, draw, seats, (cx, y1 - PIECE_R - 6))


def _text(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int, bold: bool, plate: bool) -> None:
    """Centred text, on a small white ``plate`` where it lies over hatching."""
    if plate:
        w = text_width(text, size, bold)
        cx, cy = centre
        draw.rounded_rectangle((cx - w / 2 - 4, cy - size * 0.62, cx + w / 2 + 4, cy + size * 0.62), radius=5, fill=WHITE)
    draw_text(draw, centre, text, size, INK, bold=bold, anchor="mm")


def _pieces(image: Image.Image, draw: ImageDraw.ImageDraw, seats: list[int], centre: tuple[float, float]) -> None:
    """Up to two pieces as numbered discs (the mover's first), then "+n" for the others."""
    if not seats:
        return
    shown = seats[:2] if len(seats) <= 2 else seats[:1]
    rest = len(seats) - len(shown)
    cx, cy = centre
    step = 2 * PIECE_R + 4
    width = len(shown) * step + (text_width(f"+{rest}", FLOOR, True) + 4 if rest else 0)
    x = cx - width / 2 + PIECE_R
    for seat in shown:
        badge(draw, (int(x), int(cy)), PIECE_R, player_colour(seat), str(seat + 1))
        x += step
    if rest:
        draw_text(draw, (x - PIECE_R, cy), f"+{rest}", FLOOR, INK, bold=True, anchor="lm")
