"""The Finders Keepers table card: the picture posted after every move, designed for a phone.

Discord shows a picture about 400 px wide in a chat, so the card is 720 px wide and every
text on it is at least ``floor_px(720)`` = 20 px (11 px on the phone). Top to bottom:

* what is happening now, in a sentence: who turns over the next tile, what everyone is
  looking for, whose turn it is to play a tile, or who won;
* one row per seat: colour, name and the number that decides the game — **cards left** in
  the basic game (empty your spread first), **points** in Expert — with an arrow at the seat
  to act when one seat acts alone;
* the last thing that happened;
* where the decision happens, large. Basic: the Find Me tile to find (the newest thing on the
  table) beside the pile and what each player did with this tile so far. Expert: every
  player's face-up tiles with the names the move buttons use, then the 3×3 grid of Keep Me
  cards at 220 px a card (a tie's contested cards framed red).

Both modes can be live races, where spotting is the skill, so the card never says which
cards show the object or who *could* call a tile: it shows only what the table saw happen
(claims made, wrong claims, cards taken), never which seats hold a matching tile.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import Text, named
from bot.games.finders_keepers.messages import T, said
from bot.games.finders_keepers.render import (
    BAD,
    TITLE,
    _rounded_mask,
    _seconds,
    _winners_text,
    basic_note,
    draw_tile,
    expert_lines,
    icon,
    in_pile,
    paste_card,
    points,
    variant_tag,
)
from bot.games.finders_keepers.rules import OBJECTS
from bot.render.card import paragraph, pointed_standings
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, LINE, MUTED, PANEL, RGB, player_colour
from bot.render.shapes import badge, canvas, rounded_rectangle
from bot.render.text import draw_text, seat_names, text_width

CARD_WIDTH = 720
"""Three 220 px Keep Me cards side by side: their printed numbers come out at 22 px or more."""
FLOOR = floor_px(CARD_WIDTH)
"""20 px: the smallest text on the card (11 px when a phone shows it 400 px wide)."""
MARGIN = 18
INNER = CARD_WIDTH - 2 * MARGIN
HEAD = 26
TEXT = 22
ROW = 30
GRID_GAP = 8
GRID_CARD = (INNER - 2 * GRID_GAP) // 3
TILE = 250
"""The Find Me tile in the basic game: its printed name comes out at 30 px or more."""
MINI_TILE = 46
"""An object beside its name in an Expert player's row of face-up tiles."""


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's deciding number exactly as the card prints it: ``"9 left"`` (basic: cards
    left in the spread, fewest wins) or ``"7 points"`` (Expert)."""
    if view["variant"] == "expert":
        return [points(score) for score in view["scores"]]
    return [T("{n} left", n=info["left"]) for info in view["seats"]]


# -- the basic game -----------------------------------------------------------------------------


def _basic_status(view: dict[str, Any], names: list[str]) -> Text:
    if view["over"]:
        return _winners_text(view, names)
    if view["phase"] == "reveal":
        return T("{who} turns over the next Find Me tile.", who=names[view["turn"]])
    thing = said(OBJECTS[view["tile"]].name)
    if view["mode"] == "turns":
        return T("Find the {thing}! {who} is looking through their cards.", thing=thing, who=names[view["current"]])
    return T("Find the {thing}! Everyone claims their own cards that show it.", thing=thing)


def _basic_mover(view: dict[str, Any]) -> int | None:
    """The one seat that acts now, if only one does (a live look has everyone at it)."""
    if view["over"]:
        return None
    if view["phase"] == "reveal":
        return view["turn"]
    return view["current"] if view["mode"] == "turns" else None


def _clock(view: dict[str, Any]) -> Text:
    if view["mode"] != "live":
        return T("Turns: one player looks at a time.")
    if view["deadline"] is None:
        return T("Live: everyone looks at once.")
    span = _seconds(view["deadline"] - view["opened"])
    if view["phase"] == "look":
        return T("Live: {span} to look.", span=span)
    return T("Live: the tile turns itself over after {span}.", span=span)


def _basic_notes(view: dict[str, Any], names: list[str]) -> list[tuple[str, RGB]]:
    """One line per seat that has something to show for this tile (or the last one): the
    same words as the full board, which only tell what the table saw happen."""
    notes = []
    last = view["last"]
    for info in view["seats"]:
        # the tile is drawn beside: its name does not lead the note
        note, colour = basic_note(view, info, last, tile_named=False)
        if note:
            notes.append((T("{who}: {note}", who=names[info["seat"]], note=note), colour))
    return notes


def _draw_basic(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The tile to find (or the last one, veiled), the pile, and each player's result so far."""
    current = view["tile"]
    last_tile = view["revealed"][-1] if view["revealed"] else None
    box = (MARGIN, y, MARGIN + TILE, y + TILE)
    if current is not None or last_tile is not None:
        draw_tile(image, draw, box, current or last_tile)
        if current is None:  # the round is over: the tile is shown faded, under a "last tile" tag
            veil = Image.new("RGB", (TILE, TILE), BACKGROUND)
            image.paste(veil, box[:2], _rounded_mask((TILE, TILE), max(6, TILE // 9)).point(lambda v: v * 110 // 255))
        _tag(draw, (MARGIN + TILE // 2, y), T("new tile") if current else T("last tile"), HIGHLIGHT if current else PANEL)
    else:
        draw_tile(image, draw, box, None)
    x = MARGIN + TILE + 18
    room = CARD_WIDTH - MARGIN - x
    ty = paragraph(draw, (x, y + 4), in_pile(view["pile"]), TEXT, room, bold=True, max_lines=2)
    ty = paragraph(draw, (x, ty + 2), _clock(view), FLOOR, room, fill=MUTED, max_lines=2) + 8
    notes = _basic_notes(view, names)
    if notes:
        title = T("This tile:") if view["phase"] == "look" else T("Last tile:")
        draw_text(draw, (x, ty), title, FLOOR, INK, bold=True)
        ty += int(FLOOR * 1.4)
    for text, colour in notes:
        ty = paragraph(draw, (x, ty), text, FLOOR, room, fill=colour, max_lines=2) + 4
    return max(y + TILE, ty) + 12


def _tag(draw: ImageDraw.ImageDraw, centre: tuple[int, int], text: str, fill: RGB) -> None:
    """A small pill with ``text`` centred on ``centre``: marks what just changed."""
    half = text_width(text, FLOOR, bold=True) / 2 + 10
    cx, cy = centre
    rounded_rectangle(draw, (round(cx - half), cy - 14, round(cx + half), cy + 14), radius=12, fill=fill, outline=INK,
                      width=2)
    draw_text(draw, (cx, cy), text, FLOOR, INK, bold=True, anchor="mm")


def _basic_last(view: dict[str, Any], names: list[str]) -> str:
    if view["over"]:
        return named(view["outcome"]["reason"], names)
    if view["phase"] == "look":
        # "on X's turn": in live play the tile turns itself over when the revealer waits too long
        return T("New tile: the {thing}, turned over on {who}'s turn.", thing=said(OBJECTS[view["tile"]].name),
                 who=names[view["turn"]])
    if view["last"] is None:
        return T("Nobody has turned over a tile yet.")
    return T("The look at the {thing} is over.", thing=said(OBJECTS[view["last"]["tile"]].name))


# -- the Expert game ----------------------------------------------------------------------------


def _expert_status(view: dict[str, Any], names: list[str]) -> Text:
    if view["over"]:
        return _winners_text(view, names)
    if view["mode"] == "turns":
        return T("{who} plays a Find Me tile and takes every grid card that shows it.", who=names[view["turn"]])
    if view["claims"]:
        first = view["claims"][0]
        return T("{who} called the {thing}! The tie window is open.", who=names[first["seat"]],
                 thing=said(OBJECTS[first["tile"]].name))
    return T("Call a tile that matches a grid card: the first call wins.")


def _draw_tiles(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """Each player's face-up tiles: object and name, as the buttons say it ("Play the Key
    tile"). A tile called in a live race is marked; nothing marks a tile that *would* match."""
    called = {(c["seat"], c["tile"]) for c in view["claims"]}
    row_h = MINI_TILE + 14
    for seat, hand in enumerate(view["hands"]):
        cy = y + row_h // 2
        badge(draw, (MARGIN + 18, cy), 19, player_colour(seat), str(seat + 1))
        x = MARGIN + 48
        if not hand:
            draw_text(draw, (x, cy), T("no tiles left"), FLOOR, MUTED, anchor="lm")
        for thing in hand:
            name = said(OBJECTS[thing].name)
            w = MINI_TILE + 6 + text_width(name, FLOOR, bold=True) + 12
            if (seat, thing) in called:
                rounded_rectangle(draw, (x - 4, y + 2, x + w - 6, y + row_h - 4), radius=10, fill=HIGHLIGHT, outline=INK,
                                  width=2)
            art = icon(thing, MINI_TILE)
            image.paste(art, (x, cy - MINI_TILE // 2), art)
            draw_text(draw, (x + MINI_TILE + 6, cy), name, FLOOR, INK, bold=True, anchor="lm")
            x += w + 8
        y += row_h
    return y + 8


def _draw_grid(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    px = GRID_CARD
    rounded_rectangle(draw, (MARGIN - 8, y - 8, CARD_WIDTH - MARGIN + 8, y + 3 * px + 2 * GRID_GAP + 8), radius=14, fill=(52, 60, 72))
    contested = set((view["last"] or {}).get("contested", []))
    for slot, number in enumerate(view["grid"]):
        x = MARGIN + (slot % 3) * (px + GRID_GAP)
        cy = y + (slot // 3) * (px + GRID_GAP)
        if number is None:
            rounded_rectangle(draw, (x, cy, x + px, cy + px), radius=px // 14, fill=PANEL, outline=LINE, width=3)
            draw_text(draw, (x + px / 2, cy + px / 2), T("empty"), TEXT, MUTED, anchor="mm")
            continue
        paste_card(image, number, (x, cy), px)
        if number in contested:
            draw.rounded_rectangle((x + 2, cy + 2, x + px - 2, cy + px - 2), radius=px // 14, outline=BAD, width=7)
            _tag(draw, (x + px // 2, cy + px - 20), T("tie: stays"), PANEL)
    return y + 3 * px + 2 * GRID_GAP + 10


# -- the card -----------------------------------------------------------------------------------


def table_card(view: dict[str, Any]) -> Image.Image:
    """The public table for a phone, 720 px wide, drawn from ``game.view(state, None)``."""
    names = seat_names(view)
    expert = view["variant"] == "expert"
    image, draw = canvas(CARD_WIDTH, 2400, BACKGROUND)
    draw_text(draw, (MARGIN, 12), T("Finders Keepers"), HEAD + 4, TITLE, bold=True)
    tag = variant_tag(view, view["mode"])
    draw_text(draw, (CARD_WIDTH - MARGIN, 18), tag, FLOOR, MUTED, anchor="ra")
    status = _expert_status(view, names) if expert else _basic_status(view, names)
    y = paragraph(draw, (MARGIN, 56), status, HEAD, INNER, bold=True, max_lines=3) + 6
    mover = (None if view["over"] else view["turn"]) if expert else _basic_mover(view)
    y = pointed_standings(draw, (MARGIN, y), INNER, names, card_standings(view), mover, ROW) + 8
    if expert:
        for text, colour in expert_lines(view, names):
            y = paragraph(draw, (MARGIN, y), text, FLOOR, INNER, fill=colour, bold=colour == INK, max_lines=3) + 2
        y = _draw_tiles(image, draw, view, y + 6)
        y = _draw_grid(image, draw, view, y)
    else:
        y = paragraph(draw, (MARGIN, y), _basic_last(view, names), TEXT, INNER, bold=True, max_lines=3) + 20
        y = _draw_basic(image, draw, view, names, y)
    return image.crop((0, 0, CARD_WIDTH, y + 4))
