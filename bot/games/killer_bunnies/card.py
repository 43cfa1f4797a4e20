"""The Killer Bunnies table card: the phone-first picture posted after every move.

720 px wide, so every text is at least 20 px (11 px on a phone showing it 400 px wide).
From top to bottom: the draw pile and market; what the table waits for, in one sentence; one
row per player with the carrots they hold (the public number that decides the game: the
magic carrot, revealed at the end, is among the carrots someone holds, so more carrots are
more chances); the last card played and its roll; then the part of the table the decision
is about, drawn large:

- a target to choose: the bunnies the mover may aim at (a steal: the carrots they may take);
- a carrot to choose: the carrots left in Kaballa's Market;
- a reaction window: the card being answered and what it aims at;
- a bunny to feed: that bunny, and its owner's cabbage and water;
- otherwise: the whole Bunny Circle, grouped by owner; at the end, the small carrot deck.

Names on it are the move buttons' short names ("Blue Timid Bunny", "Amber"). The bunny the
last card or roll touched is framed in the accent colour.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.games.killer_bunnies.messages import CARD_TYPES, DIE_COLOURS, T, bunnies, carrots
from bot.games.killer_bunnies.render import CABBAGE, CARROT, COLOURS, TYPE_COLOURS, WATER, capitals, initial
from bot.games.killer_bunnies.render import _status as status_sentence
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
    shade,
    text_on,
)
from bot.render.shapes import Box, rounded_rectangle
from bot.render.text import draw_text, seat_names

WIDTH = 720
FLOOR = floor_px(WIDTH)  # 20
PAD = 14
INNER = WIDTH - 2 * PAD
BODY = FLOOR + 2  # 22
ROW = 28  # standings rows: OCR at phone width reads every name and value at this size
NAME_ROOM = 380  # a row's name beside its number ("12 carrots" at 30 px is 170 px wide)
TITLE_BAR: RGB = (58, 70, 110)  # the card backs' blue
TALL = 3000  # drawn on a tall canvas, then cut to what was used


# -- what the card prints ---------------------------------------------------------------------


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's carrots as the card prints them ("2 carrots", "1 carrot")."""
    return [carrots(len(seat["carrots"])) for seat in view["seats"]]


def last_move(view: dict[str, Any], names: list[str]) -> str:
    """The last card flipped and, if it rolled, the roll and what became of the bunny."""
    parts: list[str] = []
    card, by = view.get("last_card"), view.get("last_by")
    if card is not None and by is not None:
        parts.append(T("{name} played {card}.", name=names[by], card=card["name"]))
    roll = view.get("last_roll")
    if roll is not None and not roll.get("earlier"):
        owner = roll.get("owner")
        bunny = roll["target"] if owner is None else T("{owner}'s {bunny}", owner=names[owner], bunny=roll["target"])
        die = roll["dice"][0]
        fields = {"die": DIE_COLOURS[die["colour"]], "value": die["value"], "level": roll["level"], "bunny": bunny}
        parts.append(T("The {die} die rolled {value} vs level {level}: {bunny} survived.", **fields)
                     if roll["survived"] else T("The {die} die rolled {value} vs level {level}: {bunny} died.", **fields))
    for gift in view.get("handed") or []:
        parts.append(T("{giver} had no bunny and gave {carrots} to {heir}.", giver=names[gift["from"]],
                       carrots=carrots(len(gift["carrots"])), heir=names[gift["to"]]))
    text = parts[0] if parts else ""
    for part in parts[1:]:
        text = T("{first} {next}", first=text, next=part)
    return text


# -- the card ---------------------------------------------------------------------------------


def row_names(names: list[str]) -> list[str]:
    """Names cut (with "…") to the room a standings row leaves beside the widest number, so a
    long Discord name never runs into it."""
    return [fit_line(name, NAME_ROOM, ROW - 4, ROW - 4, bold=True)[0] for name in names]


def table_card(view: dict[str, Any]) -> Image.Image:
    """The table card of ``view`` (a public view plus ``names``); see the module docstring."""
    names = seat_names(view)
    image = Image.new("RGB", (WIDTH, TALL), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = _title(draw, view)
    y = paragraph(draw, (PAD, y + 8), status_sentence(view), 26, INNER, INK, bold=True, max_lines=3)
    draw_text(draw, (PAD, y + 4), T("Carrots held (the magic one, shown at the end, wins)"), FLOOR, MUTED, bold=True)
    turn = None if view["phase"] in ("over", "setup") else view["turn"]
    y = standings(draw, (PAD, y + 4 + int(FLOOR * 1.4)), INNER, row_names(names), card_standings(view), turn, ROW,
                  mover_bar=True)
    text = last_move(view, names)
    if text:
        bottom = paragraph(draw, (PAD + 16, y + 6), T("Last: {text}", text=text), BODY, INNER - 16, INK, max_lines=4)
        draw.rectangle((PAD, y + 8, PAD + 7, bottom - 6), fill=player_colour(view["last_by"] or 0)
                       if view.get("last_by") is not None else MUTED)
        y = bottom
    y = _table_part(draw, view, names, y + 8)
    return image.crop((0, 0, WIDTH, min(TALL, y + PAD)))


def _title(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> int:
    draw.rectangle((0, 0, WIDTH, 46), fill=TITLE_BAR)
    draw_text(draw, (PAD, 23), T("Killer Bunnies"), BODY, WHITE, bold=True, anchor="lm")
    market = view["market"]
    right = T("Draw pile {draw} · market {carrots}", draw=view["draw"], carrots=carrots(len(market["carrots"])))
    draw_text(draw, (WIDTH - PAD, 23), right, FLOOR, WHITE, bold=True, anchor="rm")
    return 46


def _table_part(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The part of the table the decision is about (see the module docstring)."""
    phase, pending = view["phase"], view.get("pending")
    if phase == "over":
        y = _revealed(draw, view, names, y)
        return _circle(draw, view, names, y + 8, T("The Bunny Circle"))
    if phase == "target" and pending is not None:
        if pending["card"]["kind"] == "steal":
            return _pockets(draw, view, names, y)
        return _circle(draw, view, names, y, T("Targets for {card}", card=pending["card"]["name"]),
                       skip_owner=view["turn"])
    if phase == "carrot":
        return _market(draw, view, y)
    if phase == "window" and pending is not None:
        return _pending_card(draw, view, names, y)
    if phase == "feed" and pending is not None:
        y = _feeding(draw, view, names, y)
    return _circle(draw, view, names, y + 8 if phase == "feed" else y, T("The Bunny Circle"))


def _panel(draw: ImageDraw.ImageDraw, y: int, height: int, title: str) -> int:
    """A light panel across the card with a title; returns where its content starts."""
    rounded_rectangle(draw, (PAD, y, WIDTH - PAD, y + height), radius=12, fill=PANEL, outline=LINE, width=2)
    text, size = fit_line(title, INNER - 24, BODY, FLOOR, bold=True)
    draw_text(draw, (PAD + 12, y + 8), text, size, INK, bold=True)
    return y + 16 + BODY


def _touched(view: dict[str, Any]) -> tuple[str, int | None] | None:
    """The bunny (name, owner) the last roll aimed at and that survived, or the bunny just played."""
    roll = view.get("last_roll")
    if roll is not None and not roll.get("earlier") and roll["survived"]:
        return roll["target"], roll.get("owner")
    card = view.get("last_card")
    if card is not None and card["kind"] == "bunny":
        return card["name"], view.get("last_by")
    return None


# -- the Bunny Circle -------------------------------------------------------------------------


TOKEN_H = 46
GAP = 8


def _circle(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int, title: str,
            skip_owner: int | None = None) -> int:
    """Bunnies grouped by owner: the owner's name, then two bunnies a row in their colours."""
    groups = [(seat, [b["card"] for b in view["circle"] if b["owner"] == seat]) for seat in range(view["players"])
              if seat != skip_owner]
    groups = [(seat, cards) for seat, cards in groups if cards]
    line = int(FLOOR * 1.4)
    height = 16 + BODY + sum(line + -(-len(cards) // 2) * (TOKEN_H + GAP) for _, cards in groups) + 8
    if not groups:
        height += line
    top = _panel(draw, y, height, title)
    if not groups:
        draw_text(draw, (PAD + 12, top), T("No bunny is in play."), FLOOR, MUTED)
    touched = _touched(view)
    token_w = (INNER - 24 - GAP) // 2
    for seat, cards in groups:
        owner, size = fit_line(T("{name} ({bunnies})", name=names[seat], bunnies=bunnies(len(cards))), INNER - 24, FLOOR, FLOOR, bold=True)
        draw.rectangle((PAD + 12, top + 4, PAD + 22, top + line - 6), fill=player_colour(seat))
        draw_text(draw, (PAD + 30, top), owner, size, INK, bold=True)
        top += line
        for i, card in enumerate(cards):
            x = PAD + 12 + (i % 2) * (token_w + GAP)
            ty = top + (i // 2) * (TOKEN_H + GAP)
            marked = touched is not None and touched == (card["name"], seat)
            _bunny(draw, (x, ty, x + token_w, ty + TOKEN_H), card, marked)
        top += -(-len(cards) // 2) * (TOKEN_H + GAP)
    return y + height


def _bunny(draw: ImageDraw.ImageDraw, box: Box, card: dict[str, Any], marked: bool) -> None:
    """A bunny in its colour with its name as on the target buttons ("Blue Timid Bunny")."""
    fill = COLOURS.get(card["colour"], WHITE)
    rounded_rectangle(draw, box, radius=8, fill=fill, outline=INK, width=2)
    if marked:
        x0, y0, x1, y1 = box
        draw.rounded_rectangle((x0 - 4, y0 - 4, x1 + 4, y1 + 4), radius=10, outline=HIGHLIGHT, width=5)
    x0, y0, x1, y1 = box
    text, size = fit_line(card["name"], x1 - x0 - 16, BODY, FLOOR, bold=True)
    draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), text, size, text_on(fill), bold=True, anchor="mm")


# -- carrots ----------------------------------------------------------------------------------


CARROT_CHIP: RGB = shade(CARROT, 1.45)
"""A lighter carrot orange: dark text on it reads better (and OCRs better) than white on orange."""


def _carrot_grid(draw: ImageDraw.ImageDraw, carrots: list[str], top: int, fill: RGB = CARROT_CHIP) -> int:
    """Carrot names four a row; returns the y below them."""
    columns, chip_h = 4, 44
    chip_w = (INNER - 24 - (columns - 1) * GAP) // columns
    for i, name in enumerate(carrots):
        x = PAD + 12 + (i % columns) * (chip_w + GAP)
        cy = top + (i // columns) * (chip_h + GAP)
        rounded_rectangle(draw, (x, cy, x + chip_w, cy + chip_h), radius=8, fill=fill, outline=INK, width=2)
        text, size = fit_line(name, chip_w - 12, BODY, FLOOR, bold=True)
        draw_text(draw, (x + chip_w / 2, cy + chip_h / 2), text, size, text_on(fill), bold=True, anchor="mm")
    return top + -(-len(carrots) // columns) * (chip_h + GAP)


def _grid_height(count: int) -> int:
    return -(-count // 4) * (44 + GAP)


def _market(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    left = view["market"]["carrots"]
    height = 16 + BODY + max(_grid_height(len(left)), int(FLOOR * 1.4)) + 8
    top = _panel(draw, y, height, T("Carrots in Kaballa's Market"))
    if not left:
        draw_text(draw, (PAD + 12, top), T("No carrots left"), FLOOR, MUTED)
    _carrot_grid(draw, left, top)
    return y + height


def _pockets(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The carrots other players hold, by owner: what a steal may take."""
    owners = [(s, seat["carrots"]) for s, seat in enumerate(view["seats"]) if s != view["turn"] and seat["carrots"]]
    line = int(FLOOR * 1.4)
    height = 16 + BODY + sum(line + _grid_height(len(c)) for _, c in owners) + 8 + (line if not owners else 0)
    top = _panel(draw, y, height, T("Carrots {name} may take", name=names[view["turn"]]))
    if not owners:
        draw_text(draw, (PAD + 12, top), T("Nobody else holds a carrot."), FLOOR, MUTED)
    for seat, held in owners:
        draw.rectangle((PAD + 12, top + 4, PAD + 22, top + line - 6), fill=player_colour(seat))
        text, size = fit_line(names[seat], INNER - 50, FLOOR, FLOOR, bold=True)
        draw_text(draw, (PAD + 30, top), text, size, INK, bold=True)
        top = _carrot_grid(draw, held, top + line)
    return y + height


def _revealed(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """At the end: the small carrot deck, top to bottom; the last one is the magic carrot."""
    revealed = view["revealed"]
    if not revealed:
        return y
    height = 16 + BODY + _grid_height(len(revealed)) + 8
    top = _panel(draw, y, height, T("The small carrot deck (the last is magic)"))
    _carrot_grid(draw, revealed[:-1], top)
    magic = len(revealed) - 1
    columns = 4
    chip_w = (INNER - 24 - (columns - 1) * GAP) // columns
    x = PAD + 12 + (magic % columns) * (chip_w + GAP)
    cy = top + (magic // columns) * (44 + GAP)
    rounded_rectangle(draw, (x, cy, x + chip_w, cy + 44), radius=8, fill=HIGHLIGHT, outline=INK, width=4)
    text, size = fit_line(revealed[-1], chip_w - 12, BODY, FLOOR, bold=True)
    draw_text(draw, (x + chip_w / 2, cy + 22), text, size, INK, bold=True, anchor="mm")
    return y + height


# -- a card being answered, a bunny being fed --------------------------------------------------


def _pending_card(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The card the reaction window answers: its type, name, text and what it aims at."""
    pending = view["pending"]
    card = pending["card"]
    lines = []
    if pending["target"] is not None and pending["target_owner"] is not None:
        lines.append(T("Aimed at {owner}'s {bunny}", owner=names[pending["target_owner"]],
                       bunny=pending["target"]["name"]))
    elif pending["carrot"] is not None:
        lines.append(T("Aimed at the {carrot} carrot", carrot=pending["carrot"]))
    band = TYPE_COLOURS.get(card["type"], INK)
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    text_h = paragraph(probe, (0, 0), card["text"], FLOOR, INNER - 24, max_lines=4)
    height = 16 + BODY + 40 + text_h + len(lines) * int(FLOOR * 1.4) + 14
    top = _panel(draw, y, height, card["name"])
    rounded_rectangle(draw, (PAD + 12, top, WIDTH - PAD - 12, top + 34), radius=8, fill=band, outline=INK, width=2)
    draw_text(draw, (PAD + 24, top + 17), capitals(CARD_TYPES[card["type"]]), FLOOR, text_on(band), bold=True,
              anchor="lm")
    top = paragraph(draw, (PAD + 12, top + 42), card["text"], FLOOR, INNER - 24, INK, max_lines=4)
    for line in lines:
        text, size = fit_line(line, INNER - 24, FLOOR, FLOOR, bold=True)
        draw_text(draw, (PAD + 12, top), text, size, INK, bold=True)
        top += int(FLOOR * 1.4)
    return y + height


def _feeding(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The bunny that must be fed, and what its owner holds to feed it with."""
    pending = view["pending"]
    owner = pending["target_owner"]
    if owner is None or pending["target"] is None:
        return y
    seat = view["seats"][owner]
    height = 16 + BODY + TOKEN_H + 12 + 40 + 10
    top = _panel(draw, y, height, T("{name} must feed", name=names[owner]))
    _bunny(draw, (PAD + 12, top, WIDTH - PAD - 12, top + TOKEN_H), pending["target"], False)
    top += TOKEN_H + 12
    half = (INNER - 24 - GAP) // 2
    held = ((T("Cabbage: {n}", n=sum(seat["cabbage"])), CABBAGE), (T("Water: {n}", n=sum(seat["water"])), WATER))
    for i, (label, fill) in enumerate(held):
        x = PAD + 12 + i * (half + GAP)
        rounded_rectangle(draw, (x, top, x + half, top + 40), radius=8, fill=shade(fill, 1.5), outline=INK, width=2)
        draw_text(draw, (x + half / 2, top + 20), label, BODY, INK, bold=True, anchor="mm")
    return y + height


# -- a seat's private picture -----------------------------------------------------------------


def private_card(view: dict[str, Any]) -> Image.Image | None:
    """A seat's own run and hand, face up, at the card's width and floor (``/hand``): what the
    seat holds (bunnies, carrots, Dolla, cabbage, water), its TOP and BOTTOM run cards, then
    every card in its hand with its type, name, rule text and dice."""
    seat = view.get("me")
    if seat is None or "hand" not in view:
        return None
    names = seat_names(view)
    mine = view["seats"][seat]
    image = Image.new("RGB", (WIDTH, TALL), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, 46), fill=TITLE_BAR)
    title, size = fit_line(T("{name}: your run and your hand", name=names[seat]), INNER, BODY, FLOOR, bold=True)
    draw_text(draw, (PAD, 23), title, size, WHITE, bold=True, anchor="lm")
    held = mine["carrots"][0] if mine["carrots"] else T("none")
    for carrot in mine["carrots"][1:]:
        held = T("{first}, {next}", first=held, next=carrot)
    facts = [
        T("{bunnies} in the circle · {dolla} Kaballa Dolla", bunnies=bunnies(len(mine["bunnies"])),
          dolla=mine["dolla_total"]),
        T("Carrots: {carrots}", carrots=held),
        T("Cabbage {cabbage} · water {water}", cabbage=sum(mine["cabbage"]), water=sum(mine["water"])),
    ]
    y = 56
    for fact in facts:
        y = paragraph(draw, (PAD, y), fact, BODY, INNER, INK, bold=True, max_lines=2)
    for key in ("top", "bottom"):
        run = view["run"][key]
        y = _hand_card(draw, y + 8, run, T("TOP RUN CARD") if key == "top" else T("BOTTOM RUN CARD"))
    hand = view["hand"]
    draw_text(draw, (PAD, y + 12), T("Your hand ({n})", n=len(hand)), BODY, INK, bold=True)
    y += 12 + int(BODY * 1.5)
    for card in hand:
        y = _hand_card(draw, y, card, None) + 8
    return image.crop((0, 0, WIDTH, min(TALL, y + PAD)))


def _hand_card(draw: ImageDraw.ImageDraw, y: int, card: dict[str, Any] | None, slot: str | None) -> int:
    """One card as a row: a band in its type's colour with the type (or the run slot), the
    name, the rule text, and a square per die it rolls (colour initial on it)."""
    if card is None:
        rounded_rectangle(draw, (PAD, y, WIDTH - PAD, y + 44), radius=8, fill=PANEL, outline=LINE, width=2)
        draw_text(draw, (PAD + 12, y + 22), T("{slot}: empty", slot=slot), FLOOR, MUTED, bold=True, anchor="lm")
        return y + 44
    band = TYPE_COLOURS.get(card["type"], INK)
    fill = shade(COLOURS[card["colour"]], 1.6) if card["kind"] == "bunny" and card.get("colour") in COLOURS else PANEL
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    dice = card.get("dice") or []
    text_w = INNER - 24 - (40 if dice else 0)
    text_h = paragraph(probe, (0, 0), card["text"], FLOOR, text_w, max_lines=4) if card["text"] else 0
    height = 34 + 8 + int(BODY * 1.3) + text_h + 8
    rounded_rectangle(draw, (PAD, y, WIDTH - PAD, y + height), radius=10, fill=fill, outline=INK, width=2)
    draw.rounded_rectangle((PAD, y, WIDTH - PAD, y + 34), radius=10, fill=band, outline=INK, width=2)
    kind = capitals(CARD_TYPES[card["type"]])
    label = kind if slot is None else T("{slot} · {type}", slot=slot, type=kind)
    if card["needs_bunny"]:
        label = T("{label} · needs a bunny", label=label)
    text, size = fit_line(label, INNER - 24, FLOOR, FLOOR, bold=True)
    draw_text(draw, (PAD + 12, y + 17), text, size, text_on(band), bold=True, anchor="lm")
    name, size = fit_line(card["name"], text_w, BODY, FLOOR, bold=True)
    draw_text(draw, (PAD + 12, y + 42), name, size, INK, bold=True)
    if card["text"]:
        paragraph(draw, (PAD + 12, y + 42 + int(BODY * 1.3)), card["text"], FLOOR, text_w, INK, max_lines=4)
    for i, colour in enumerate(dice):
        dy = y + 42 + i * 36
        draw.rectangle((WIDTH - PAD - 44, dy, WIDTH - PAD - 12, dy + 32), fill=COLOURS[colour], outline=INK, width=2)
        draw_text(draw, (WIDTH - PAD - 28, dy + 16), initial(DIE_COLOURS[colour]), FLOOR, text_on(COLOURS[colour]), bold=True,
                  anchor="mm")
    return y + height
