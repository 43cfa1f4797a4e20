"""The Killer Bunnies pictures, drawn from views only.

``board(view)`` (public, 1200 px wide) shows, top to bottom: whose turn it is and what the
table waits for; Kaballa's Market (carrots left, prices, small decks), the last card played
(our own card face) and the last dice rolled (coloured d12 faces); the Bunny Circle (every
bunny in play, grouped by owner, with colour and kind written out); one panel per player
with their run (face-down backs in the TOP and BOTTOM positions), carrots, Kaballa Dolla,
cabbage and water; and at the end, the small carrot deck revealed card by card.

``private(view)`` shows a seat its own hand and run, face up (drawn by card.py, 720 px wide).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import named
from bot.i18n import Said, say_drawn
from bot.render.dice import die
from bot.render.palette import HIGHLIGHT, INK, LINE, MUTED, PANEL, RGB, WHITE, player_colour, shade, text_on
from bot.render.shapes import canvas, panel
from bot.render.text import draw_text, draw_wrapped, fit_size, seat_names, text_width, wrap

from .messages import BUNNY_COLOURS, BUNNY_KINDS, CARD_TYPES, DIE_COLOURS, T, bunnies, carrots

WIDTH = 1200
MARGIN = 20
INNER = WIDTH - 2 * MARGIN

COLOURS: dict[str, RGB] = {
    "red": (214, 48, 49),
    "orange": (243, 146, 26),
    "yellow": (246, 208, 40),
    "green": (46, 160, 67),
    "blue": (38, 104, 214),
    "violet": (136, 78, 176),
}
TYPE_COLOURS: dict[str, RGB] = {
    "run": (52, 101, 164),
    "special": (46, 139, 87),
    "very special": (117, 63, 152),
    "play immediately": (190, 40, 40),
    "kaballa dolla": (196, 150, 30),
}
PINK: RGB = (236, 112, 160)
CARROT: RGB = (240, 130, 30)
CABBAGE: RGB = (120, 180, 80)
WATER: RGB = (80, 150, 220)
BACK: RGB = (58, 70, 110)
FELT: RGB = (232, 240, 226)


bunnies_word = bunnies


def _name(view: dict[str, Any], seat: int) -> str:
    return seat_names(view)[seat]


def fill_names(text: str, view: dict[str, Any]) -> str:
    """``text`` with players' names for its ``{seatN}`` marks, still text that can be said."""
    return named(text, seat_names(view))


def capitals(text: str) -> str:
    """``text`` in capitals in the language being spoken (a card type on its band)."""
    return Said(say_drawn(text).upper())


def initial(text: str) -> str:
    """The first letter of ``text`` in the language being spoken, in capitals (a die's colour)."""
    return Said(say_drawn(text)[:1].upper())


def two_line_name(name: str) -> list[str]:
    """A card's name in the language being spoken, cut after its first ": " (the Feed the
    Bunny cards: "Feed the Bunny:" over "Snack Time"); the pieces are already said."""
    said = say_drawn(name)
    head, colon, rest = said.partition(": ")
    return [Said(head + ":"), Said(rest)] if colon else [Said(said)]


# -- card faces ---------------------------------------------------------------------------


def card_face(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: dict[str, Any], *, big: bool = False) -> None:
    """One of our card faces: a type band, the name, our rule text, the pink box when the card
    needs a bunny in play, and squares for the dice it rolls (colour and initial)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    band = TYPE_COLOURS.get(card["type"], INK)
    fill = PANEL
    if card["kind"] == "bunny":
        fill = shade(COLOURS.get(card["colour"], WHITE), 1.55)
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=2)
    band_h = 28 if big else 24
    draw.rounded_rectangle((x0, y0, x1, y0 + band_h), radius=10, fill=band, outline=INK, width=2)
    draw.rectangle((x0 + 2, y0 + band_h - 10, x1 - 2, y0 + band_h - 1), fill=band)
    label = capitals(CARD_TYPES[card["type"]])
    draw_text(draw, (x0 + 10, y0 + band_h // 2), label, fit_size(label, w - 20, 16, bold=True), text_on(band), bold=True, anchor="lm")
    # the pink box: needs a bunny in play
    strip = PINK if card["needs_bunny"] else LINE
    draw.rectangle((x0 + 4, y0 + band_h + 6, x0 + 12, y1 - 8), fill=strip)
    tx = x0 + 20
    ty = y0 + band_h + 6
    size = 20 if big else 17
    for part in two_line_name(card["name"]):
        for line in wrap(part, size, w - 34, bold=True):
            draw_text(draw, (tx, ty), line, size, bold=True)
            ty += int(size * 1.2)
    ty += 4
    if card["kind"] == "dolla":
        value = card["name"].split()[0]
        draw_text(draw, ((x0 + x1) // 2, (ty + y1) // 2), value, 56 if big else 44, (150, 110, 10), bold=True, anchor="mm")
        return
    small = 16
    dice = card.get("dice") or []
    draw_wrapped(draw, (tx, ty), card["text"], small, w - 34 - (26 if dice else 0), fill=INK)
    for i, colour in enumerate(dice):
        dy = y0 + band_h + 8 + i * 26
        draw.rectangle((x1 - 28, dy, x1 - 8, dy + 20), fill=COLOURS[colour], outline=INK, width=2)
        draw_text(draw, (x1 - 18, dy + 10), initial(DIE_COLOURS[colour]), 14, text_on(COLOURS[colour]), bold=True, anchor="mm")


def card_back(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], label: str) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=BACK, outline=INK, width=2)
    draw.rounded_rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), radius=6, outline=shade(BACK, 1.5), width=2)
    draw_text(draw, ((x0 + x1) // 2, (y0 + y1) // 2), label, fit_size(label, x1 - x0 - 12, 16, bold=True), WHITE, bold=True, anchor="mm")


def empty_slot(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], label: str) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, outline=LINE, width=2)
    draw_text(draw, ((x0 + x1) // 2, (y0 + y1) // 2), label, fit_size(label, x1 - x0 - 12, 16), MUTED, anchor="mm")


def bunny_token(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], card: dict[str, Any], owner_rgb: RGB) -> None:
    """A bunny in the circle: its colour, its kind and colour written out, the owner's stripe."""
    x0, y0, x1, y1 = box
    fill = COLOURS.get(card["colour"], WHITE)
    draw.rounded_rectangle(box, radius=10, fill=fill, outline=INK, width=2)
    draw.rectangle((x0 + 3, y1 - 10, x1 - 3, y1 - 3), fill=owner_rgb)
    kind = BUNNY_KINDS[str(card["name"]).split()[1]]  # "Blue Timid Bunny": the kind is its second word
    ink = text_on(fill)
    draw_text(draw, ((x0 + x1) // 2, y0 + 20), kind, fit_size(kind, x1 - x0 - 10, 18, bold=True), ink, bold=True, anchor="mm")
    draw_text(draw, ((x0 + x1) // 2, y0 + 42), BUNNY_COLOURS[card["colour"]], 16, ink, anchor="mm")


# -- the public board ---------------------------------------------------------------------


def _status(view: dict[str, Any]) -> str:
    phase = view["phase"]
    turn = _name(view, view["turn"])
    if phase == "over":
        return fill_names(view["outcome"]["reason"], view) if view.get("outcome") else T("The game is over.")
    if phase == "setup":
        waiting = [_name(view, s["seat"]) for s in view["seats"] if not s["ready"]]
        return T("Setting up: waiting for {names} to lay their run cards.", names=_commas(waiting))
    if phase == "window":
        window = view["window"]
        waiting = [_name(view, s) for s in window["seats"] if s not in window["answered"]]
        pending = view["pending"]
        card, names = pending["card"]["name"], _commas(waiting)
        if pending["target"] is not None and pending["target_owner"] is not None:
            return T("Reaction window for {card} on {owner}'s {bunny}: waiting for {names}.", card=card,
                     owner=_name(view, pending["target_owner"]), bunny=pending["target"]["name"], names=names)
        if pending["carrot"] is not None:
            return T("Reaction window for {card} on the {carrot} carrot: waiting for {names}.", card=card,
                     carrot=pending["carrot"], names=names)
        return T("Reaction window for {card}: waiting for {names}.", card=card, names=names)
    words = {
        "start": T("shop or flip the top run card"),
        "target": T("choose a target"),
        "feed": T("a bunny must be fed"),
        "carrot": T("choose a carrot"),
        "replace": T("lay a new bottom run card"),
    }
    if phase == "feed" and view["pending"] and view["pending"]["target_owner"] is not None:
        return T("{owner} must feed {bunny} or let it starve.", owner=_name(view, view["pending"]["target_owner"]),
                 bunny=view["pending"]["target"]["name"])
    return T("{name}'s turn: {what}.", name=turn, what=words.get(phase, phase))


def _commas(names: list[str]) -> str:
    """Names joined by ", ", as text that can be said."""
    text = names[0] if names else ""
    for name in names[1:]:
        text = T("{first}, {next}", first=text, next=name)
    return text


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    draw_text(draw, (MARGIN, y), T("Killer Bunnies"), 30, bold=True)
    status = _status(view)
    y += 42
    y = draw_wrapped(draw, (MARGIN, y), status, 22, INNER, bold=True)
    for gift in view.get("handed") or []:
        line = T("{giver} had no bunny and gave {carrots} to {heir}.", giver=_name(view, gift["from"]),
                 carrots=carrots(len(gift["carrots"])), heir=_name(view, gift["to"]))
        y = draw_wrapped(draw, (MARGIN, y), line, 18, INNER, fill=MUTED)
    return y + 6


def _market(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, _y0, x1, _ = box
    y = panel(draw, box, T("Kaballa's Market"), 22)
    market = view["market"]
    prices = market["prices"]
    draw_text(draw, (x0 + 14, y), T("Carrot {carrot} · cabbage {cabbage} · water {water} Dolla", carrot=prices["carrot"],
                                         cabbage=prices["cabbage"], water=prices["water"]), 17)
    y += 28
    carrots = market["carrots"]
    cell_w, cell_h, gap = 84, 30, 6
    per_row = max(1, (x1 - x0 - 28 + gap) // (cell_w + gap))
    for i, name in enumerate(carrots):
        cx = x0 + 14 + (i % per_row) * (cell_w + gap)
        cy = y + (i // per_row) * (cell_h + gap)
        draw.rounded_rectangle((cx, cy, cx + cell_w, cy + cell_h), radius=8, fill=CARROT, outline=INK, width=2)
        draw_text(draw, (cx + cell_w // 2, cy + cell_h // 2), name, fit_size(name, cell_w - 8, 16, bold=True), INK, bold=True, anchor="mm")
    if not carrots:
        draw_text(draw, (x0 + 14, y + 4), T("No carrots left"), 18, MUTED)
    rows = max(1, -(-len(carrots) // per_row))
    y += rows * (cell_h + gap) + 4
    draw_text(draw, (x0 + 14, y), T("Cabbage deck {cabbage} · water deck {water}", cabbage=market["cabbage"],
                                         water=market["water"]), 17)
    y += 24
    draw_text(draw, (x0 + 14, y), T("Draw pile {draw} · discards {discard}", draw=view["draw"], discard=view["discard"]), 17)


def last_title(view: dict[str, Any]) -> str:
    """The panel's title: whose flip the card shown was ("Last card: bo's flip")."""
    by = view.get("last_by")
    if view["last_card"] is None or by is None:
        return T("Last card")
    return T("Last card: {name}'s flip", name=_name(view, by))


def roll_lines(view: dict[str, Any]) -> list[str]:
    """What the last roll was, in four lines: whose roll it was (this card's, or an earlier
    turn's: the card beside it may be something else), the die, the weapon and the bunny."""
    roll = view["last_roll"]
    if roll is None:
        return []
    by, owner = roll.get("by"), roll.get("owner")
    if roll.get("earlier"):
        head = T("Earlier roll, {name}'s turn", name=_name(view, by)) if by is not None else T("An earlier roll")
    else:
        head = T("This card's roll")
    bunny = roll["target"] if owner is None else T("{owner}'s {bunny}", owner=_name(view, owner), bunny=roll["target"])
    verdict = T("{bunny} survived", bunny=bunny) if roll["survived"] else T("{bunny} died", bunny=bunny)
    die_text = T("{colour} d12 vs level {level}", colour=DIE_COLOURS[roll["dice"][0]["colour"]], level=roll["level"])
    return [head, die_text, roll["card"], verdict]


def _last(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, _y0, x1, y1 = box
    y = panel(draw, box, last_title(view), 22)
    card = view["last_card"]
    card_box = (x0 + 14, y, x0 + 14 + 210, y1 - 14)
    if card:
        card_face(draw, card_box, card)
    else:
        empty_slot(draw, card_box, T("no card yet"))
    rx = card_box[2] + 16
    roll = view["last_roll"]
    if roll is None:
        draw_text(draw, (rx, y + 4), T("No dice rolled yet"), 18, MUTED)
        return
    head, die_text, weapon, result = roll_lines(view)
    earlier = bool(roll.get("earlier"))
    ty = draw_wrapped(draw, (rx, y), head, 17, x1 - rx - 10, fill=MUTED if earlier else INK, bold=True)
    dx = rx
    for d in roll["dice"]:
        # An earlier turn's die is drawn paler, so it does not read as the card's roll.
        fill = COLOURS[d["colour"]] if not earlier else shade(COLOURS[d["colour"]], 1.45)
        die(draw, (dx, ty + 4, dx + 70, ty + 74), d["value"], sides=12, fill=fill)
        dx += 80
    ty += 84
    colour = (30, 120, 60) if roll["survived"] else (170, 30, 30)
    ty = draw_wrapped(draw, (rx, ty), die_text, 17, x1 - rx - 10)
    ty = draw_wrapped(draw, (rx, ty), weapon, 17, x1 - rx - 10, bold=True)
    draw_wrapped(draw, (rx, ty), result, 18, x1 - rx - 10, fill=colour, bold=True)


def _circle(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, *, measure: bool = False) -> int:
    """The Bunny Circle, grouped by owner. Returns the y below it."""
    token_w, token_h, gap = 104, 64, 8
    groups = [(s, [b["card"] for b in view["circle"] if b["owner"] == s]) for s in range(view["players"])]
    groups = [(s, cards) for s, cards in groups if cards]
    # lay groups out like words in a paragraph
    x, row_y, rows = MARGIN + 14, 0, 1
    placements = []
    for s, cards in groups:
        width = max(len(cards) * (token_w + gap) - gap, text_width(_name(view, s), 16, True))
        if x + width > WIDTH - MARGIN - 14 and x > MARGIN + 14:
            x, row_y, rows = MARGIN + 14, row_y + token_h + 34, rows + 1
        placements.append((s, cards, x, row_y))
        x += width + 22
    height = 52 + rows * (token_h + 34)
    if measure:
        return y + height
    top = panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height), T("The Bunny Circle ({bunnies})", bunnies=bunnies(len(view["circle"]))), 22)
    if not groups:
        draw_text(draw, (MARGIN + 14, top + 6), T("No bunny is in play."), 18, MUTED)
    for s, cards, gx, gy in placements:
        colour = player_colour(s)
        draw_text(draw, (gx, top + gy), _name(view, s), 16, shade(colour, 0.8), bold=True)
        for i, c in enumerate(cards):
            bx = gx + i * (token_w + gap)
            bunny_token(draw, (bx, top + gy + 22, bx + token_w, top + gy + 22 + token_h), c, colour)
    return y + height


def _chips(draw: ImageDraw.ImageDraw, x: int, y: int, values: list[int], fill: RGB, limit_x: int) -> int:
    """Small value chips in a row; returns x after the last (a +N when they do not fit)."""
    for i, v in enumerate(values):
        label = str(v)
        w = max(30, text_width(label, 16, True) + 14)
        if x + w > limit_x - 36 and i < len(values) - 1:
            draw_text(draw, (x, y + 3), f"+{len(values) - i}", 16, MUTED, bold=True)
            return x + 36
        draw.rounded_rectangle((x, y, x + w, y + 24), radius=6, fill=fill, outline=INK, width=1)
        draw_text(draw, (x + w // 2, y + 12), label, 16, text_on(fill), bold=True, anchor="mm")
        x += w + 4
    return x


SEAT_H = 188


def _seat(draw: ImageDraw.ImageDraw, view: dict[str, Any], s: int, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    info = view["seats"][s]
    colour = player_colour(s)
    outline = HIGHLIGHT if view["phase"] not in ("over", "setup") and view["turn"] == s else LINE
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=outline, width=4 if outline == HIGHLIGHT else 2)
    draw.rounded_rectangle((x0, y0, x0 + 12, y1), radius=6, fill=colour)
    title = _name(view, s)
    if view.get("winner") == s:
        title = T("{name}  ★ WINNER", name=title)
    draw_text(draw, (x0 + 22, y0 + 10), title, fit_size(title, x1 - x0 - 150, 21, bold=True), bold=True)
    count = len(info["bunnies"])
    draw_text(draw, (x1 - 12, y0 + 12), T("hand {n} · {bunnies}", n=info["hand"], bunnies=bunnies_word(count)), 16,
              MUTED, anchor="ra")
    # the run: TOP over BOTTOM, face down
    rx, ry = x0 + 22, y0 + 42
    for i, (key, label) in enumerate((("top", T("TOP")), ("bottom", T("BOTTOM")))):
        cb = (rx, ry + i * 66, rx + 92, ry + i * 66 + 60)
        (card_back if info[key] else empty_slot)(draw, cb, label)
    tx = rx + 108
    ty = y0 + 42
    carrots = info["carrots"]
    _label(draw, (tx, ty + 2), T("Carrots"))
    cx = tx + 92
    if carrots:
        _chips_text(draw, cx, ty, carrots, x1 - 10)
    else:
        draw_text(draw, (cx, ty + 2), T("none"), 16, MUTED)
    ty += 34
    _label(draw, (tx, ty + 2), T("Dolla"))
    draw_text(draw, (tx + 92, ty + 2), str(info["dolla_total"]), 18, bold=True)
    _chips(draw, tx + 132, ty, info["dolla"], (250, 226, 140), x1 - 10)
    ty += 34
    _label(draw, (tx, ty + 2), T("Cabbage"))
    _chips(draw, tx + 92, ty, info["cabbage"], CABBAGE, x1 - 10) if info["cabbage"] else draw_text(draw, (tx + 92, ty + 2), T("none"), 16, MUTED)
    ty += 34
    _label(draw, (tx, ty + 2), T("Water"))
    _chips(draw, tx + 92, ty, info["water"], WATER, x1 - 10) if info["water"] else draw_text(draw, (tx + 92, ty + 2), T("none"), 16, MUTED)


def _label(draw: ImageDraw.ImageDraw, xy: tuple[int, int], label: str) -> None:
    """A row's label in a player's panel, shrunk where a language's word is longer than the
    column before the values (every English label fits at 16 px)."""
    draw_text(draw, xy, label, fit_size(label, 86, 16, bold=True), MUTED, bold=True)


def _chips_text(draw: ImageDraw.ImageDraw, x: int, y: int, names: list[str], limit_x: int) -> None:
    for i, name in enumerate(names):
        w = text_width(name, 15, True) + 12
        if x + w > limit_x - 36 and i < len(names) - 1:
            draw_text(draw, (x, y + 3), f"+{len(names) - i}", 16, INK, bold=True)
            return
        draw.rounded_rectangle((x, y, x + w, y + 24), radius=8, fill=CARROT, outline=INK, width=1)
        draw_text(draw, (x + w // 2, y + 12), name, 15, INK, bold=True, anchor="mm")
        x += w + 4


def _reveal(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int, *, measure: bool = False) -> int:
    revealed = view["revealed"]
    if not revealed:
        return y
    cell_w, cell_h, gap = 88, 56, 6
    per_row = (INNER - 28 + gap) // (cell_w + gap)
    rows = -(-len(revealed) // per_row)
    height = 56 + rows * (cell_h + gap)
    if measure:
        return y + height + 12
    top = panel(draw, (MARGIN, y, WIDTH - MARGIN, y + height), T("The small carrot deck, top to bottom (the last is magic)"), 20)
    for i, name in enumerate(revealed):
        cx = MARGIN + 14 + (i % per_row) * (cell_w + gap)
        cy = top + (i // per_row) * (cell_h + gap)
        magic = i == len(revealed) - 1
        draw.rounded_rectangle((cx, cy, cx + cell_w, cy + cell_h), radius=8, fill=HIGHLIGHT if magic else CARROT,
                               outline=INK, width=4 if magic else 1)
        draw_text(draw, (cx + cell_w // 2, cy + 18), name, fit_size(name, cell_w - 8, 16, bold=True), INK, bold=True, anchor="mm")
        draw_text(draw, (cx + cell_w // 2, cy + 40), T("MAGIC") if magic else f"#{i + 1}", 14, INK, anchor="mm")
    return y + height + 12


def board(view: dict[str, Any]) -> Image.Image:
    """The public picture of the table."""
    probe = Image.new("RGB", (WIDTH, 10))
    pd = ImageDraw.Draw(probe)
    header_end = _header(pd, view, MARGIN)
    top_h = 262
    circle_end = _circle(pd, view, header_end + top_h + 12, measure=True)
    players = view["players"]
    columns = 2
    rows = -(-players // columns)
    seats_end = circle_end + 12 + rows * (SEAT_H + 10)
    height = _reveal(pd, view, seats_end + 4, measure=True) + MARGIN
    image, draw = canvas(WIDTH, height)
    y = _header(draw, view, MARGIN)
    left_w = 520
    _market(draw, view, (MARGIN, y, MARGIN + left_w, y + top_h))
    _last(draw, view, (MARGIN + left_w + 12, y, WIDTH - MARGIN, y + top_h))
    y = _circle(draw, view, y + top_h + 12) + 12
    col_w = (INNER - 10) // columns
    for s in range(players):
        cx = MARGIN + (s % columns) * (col_w + 10)
        cy = y + (s // columns) * (SEAT_H + 10)
        _seat(draw, view, s, (cx, cy, cx + col_w, cy + SEAT_H))
    _reveal(draw, view, seats_end + 4)
    return image


def private(view: dict[str, Any]) -> Image.Image | None:
    """A seat's own hand and run, face up (``/hand``), drawn at the table card's width and
    text floor (:func:`bot.games.killer_bunnies.card.private_card`)."""
    from bot.games.killer_bunnies import card  # card.py uses this module's colours: import it late

    return card.private_card(view)


# -- the table card (card.py), offered here where bot.render looks for a game's pictures ------


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first table card (see :mod:`bot.games.killer_bunnies.card`)."""
    from bot.games.killer_bunnies import card  # card.py uses this module's colours: import it late

    return card.table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's carrots exactly as the table card prints them."""
    from bot.games.killer_bunnies import card

    return card.card_standings(view)
