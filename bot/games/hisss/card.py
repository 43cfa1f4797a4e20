"""The HISSS table card: the picture posted after every move, drawn for a phone first.

Discord shows a picture in a chat about 400 px wide, so the card is :data:`WIDTH` = 640 px
wide and every text on it is at least ``floor_px(640)`` = 18 px (11 px on the phone). Top to
bottom:

* whose turn it is and what they decide: draw a card from the fan, or choose where the drawn
  card goes (or who won);
* one row per seat with the cards in their snake pit, the number that decides the game;
* the last move: the card drawn and what became of it (it is ringed "new" among the snakes);
* the open snakes, large, titled ``Snake N`` as in the move buttons ("... to snake 3 at its
  left end"). While a drawn card waits for its place, the snakes it may go on are framed and
  each possible end is tagged ``left`` or ``right``, the words of the buttons.

HISSS has no hidden hands and no timed mode: the fan is the only secret and the view holds
it as a count, so the card shows everything the view has. The won snakes themselves, the
longest-snake tie-break and the colour key stay on the full board (``render.board``).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import Text, listing, named
from bot.games.hisss import rules
from bot.games.hisss.messages import T, cards, said
from bot.games.hisss.render import (
    _layout_snakes,
    draw_segment,
    fan_grid,
    fan_grid_size,
    segment_width,
    snake_label,
)
from bot.render.card import paragraph, standings
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, LINE, MUTED, PANEL, WHITE, shade
from bot.render.shapes import canvas, panel, rounded_rectangle
from bot.render.text import draw_text, seat_names, text_width, wrap

WIDTH = 640
MARGIN = 20
INNER = WIDTH - 2 * MARGIN
FLOOR = floor_px(WIDTH)
"""The smallest text on the card (18 px at 640 wide: 11 px on a 400 px phone)."""

SEGMENT = 64
"""Snake segments' height: their colour letters come out at 23 px and a rainbow card's
"any" at 18 px (``render.draw_segment`` sizes them from the height), both at least
:data:`FLOOR`."""

TAGGED = 40
"""Room under a line of snake cards for a "new" or an end tag (:data:`FLOOR` text)..."""
PLAIN = 16
"""... and under a line without tags."""

TITLE = 20
STATUS = 24
ROW = 28
GREEN = (31, 110, 60)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's cards in their snake pit (the score), exactly as the card prints it."""
    return [cards(pit["cards"]) for pit in view["pits"]]


def table_card(view: dict[str, Any]) -> Image.Image:
    """The table card, :data:`WIDTH` px wide, drawn from the public view."""
    names = seat_names(view)
    image, draw = canvas(WIDTH, 3000, BACKGROUND)
    y = _header(draw, view, names, 14)
    y = standings(draw, (MARGIN, y), INNER, names, card_standings(view), view["turn"], ROW, frame_width=3) + 6
    y = _last_move(image, draw, view, names, y)
    y = _fan(draw, view, y)
    y = _snakes(image, draw, view, y)
    return image.crop((0, 0, WIDTH, y + 10))


# -- the sections -----------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The title, the fan's count, and one sentence on what the seat to move decides."""
    draw_text(draw, (MARGIN, y), "HISSS", 34, GREEN, bold=True)
    fan = T("fan empty") if not view["fan"] else T("fan: {cards}", cards=cards(view["fan"]))
    draw_text(draw, (WIDTH - MARGIN, y + 20), fan, TITLE, MUTED, bold=True, anchor="rm")
    return paragraph(draw, (MARGIN, y + 48), status(view, names), STATUS, INNER, bold=True) + 8


def status(view: dict[str, Any], names: list[str]) -> Text:
    """Whose turn and what they must decide, or who won."""
    if view["over"]:
        ranks = view["outcome"]["ranks"]
        winners = [names[s] for s, rank in enumerate(ranks) if rank == 1]
        if len(winners) == 1:
            return T("Game over: {who} wins!", who=winners[0])
        return T("Game over: {winners} share the win!", winners=listing(winners))
    who = names[view["turn"]]
    if view["pending"] is not None:
        return T("{who}: where does the {card} go?", who=who, card=said(view["pending"]["name"]))
    return T("{who}: draw a card from the fan ({span}).", who=who, span=rules.fan_span(view["fan"]))


def _last_move(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int
) -> int:
    """The card drawn last (or the starter) beside a sentence on what became of it."""
    last = view["last"]
    card = view["starter"] if last is None else last["card"]
    text_x = MARGIN + 30 + segment_width(card, SEGMENT) + 24
    words = _last_words(view, names)
    text_h = len(_wrapped(words, INNER - (text_x - MARGIN) - 14)) * int(TITLE * 1.3)
    height = max(SEGMENT + 34, text_h + 24)
    rounded_rectangle(draw, (MARGIN, y, WIDTH - MARGIN, y + height), radius=12, fill=PANEL, outline=LINE, width=2)
    draw_segment(image, draw, (MARGIN + 30, y + (height - SEGMENT) // 2), card, SEGMENT)
    paragraph(draw, (text_x, y + 12), words, TITLE, INNER - (text_x - MARGIN) - 14, max_lines=5)
    if view["over"] and view["outcome"]:
        reason = named(view["outcome"]["reason"], names)
        return paragraph(draw, (MARGIN + 4, y + height + 10), reason, FLOOR, INNER - 8, MUTED, max_lines=4) + 6
    return y + height + 12


def _last_words(view: dict[str, Any], names: list[str]) -> Text:
    last = view["last"]
    if last is None:
        return T("Starter card: the {card} is snake 1.", card=said(view["starter"]["name"]))
    who, card = names[last["seat"]], said(last["card"]["name"])
    if view["pending"] is not None:
        return T("{who} drew the {card}: it fits in several places, so {who} chooses.", who=who, card=card)
    if last["joined"] is not None:
        return T("HISSS! {who} drew the {card}, joined snakes {snake} and {other} and won them{size}.",
                 who=who, card=card, snake=last["snake"], other=last["joined"], size=_won_size(view))
    if last["won"]:
        return T("HISSS! {who} drew the {card}, completed snake {snake} and won it{size}.",
                 who=who, card=card, snake=last["snake"], size=_won_size(view))
    return T("{who} drew the {card}: it went to snake {snake}.", who=who, card=card, snake=last["snake"])


def _won_size(view: dict[str, Any]) -> str:
    """The size of the snake just won, as " (6 cards)", found in the winner's pit."""
    last = view["last"]
    numbers = {last["snake"], last["joined"]}
    for snake in view["pits"][last["seat"]]["snakes"]:
        if snake["id"] in numbers:
            return T(" ({cards})", cards=cards(len(snake["cards"])))
    return ""


def _wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of :data:`TITLE` size text (as many as ``paragraph`` draws, at most 5)."""
    return wrap(text, TITLE, width)[:5]


FAN_CELL = (50, 34)
"""A face-down card of the fan on the card: wide enough for its name ("E10") at :data:`FLOOR`."""


def _fan(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """While a card is to be drawn: the fan in rows, each card named as in the move menus
    ("Row B" lists "Draw B7"). Face down: only the count is drawn."""
    if view["over"] or view["pending"] is not None or not view["fan"]:
        return y
    _, height = fan_grid_size(view["fan"], FAN_CELL)
    bottom = y + 12 + TITLE + 10 + height + 14
    top = panel(draw, (MARGIN, y, WIDTH - MARGIN, bottom), T("The fan, face down: pick a card by its name"),
                title_size=TITLE)
    fan_grid(draw, (MARGIN + 16, top + 4), view["fan"], FAN_CELL, FLOOR)
    return bottom + 12


# -- the open snakes --------------------------------------------------------------------


def _pieces(snake: dict[str, Any]) -> list[rules.Piece]:
    """A view snake's cards back as the rules' pieces (a body lying turned round is ``~id``)."""
    pieces = []
    for card in snake["cards"]:
        listed = list(rules.DECK[card["id"]].colours)
        pieces.append(card["id"] if card["colours"] == listed else rules.flip(card["id"]))
    return pieces


def placements(view: dict[str, Any]) -> tuple[dict[int, set[str]], list[tuple[int, int]]]:
    """Where the drawn card waiting for its place may go, from the rules' own list of choices:
    the ends (``left``/``right``) per snake number, and the pairs of snakes it may join."""
    if view["pending"] is None:
        return {}, []
    snakes = [{"id": snake["id"], "cards": _pieces(snake)} for snake in view["snakes"]]
    ends: dict[int, set[str]] = {}
    joins: list[tuple[int, int]] = []
    for choice in rules.choices(snakes, rules.DECK[view["pending"]["id"]]):
        if choice.other is None:
            ends.setdefault(choice.snake, set()).add(choice.side)
        else:
            joins.append((choice.snake, choice.other))
    return ends, joins


def _snakes(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The open snakes flowed into rows, large; the new card ringed; the choosable ends tagged."""
    snakes = view["snakes"]
    last = view["last"]
    new = last["card"]["id"] if last is not None and view["pending"] is None and not last["won"] else None
    ends, joins = placements(view)
    title = T("Open snakes ({n})", n=len(snakes))
    if view["over"]:
        title = T("Unfinished snakes ({n}): they score nothing", n=len(snakes))
    width = INNER - 40
    rows = _layout_snakes(snakes, SEGMENT, width, 30, title_size=TITLE)
    top = y + 12 + TITLE + 10

    def tagged(row: list[tuple[dict[str, Any], list[list[dict[str, Any]]], int]]) -> bool:
        return any(snake["id"] in ends or any(c["id"] == new for c in snake["cards"]) for snake, _, _ in row)

    line_hs = [SEGMENT + (TAGGED if tagged(row) else PLAIN) for row in rows]
    body = sum(TITLE + 12 + h * max(len(lines) for _, lines, _ in row) for row, h in zip(rows, line_hs, strict=True))
    note = _join_note(joins)
    note_h = len(_wrapped(note, INNER - 32)) * int(TITLE * 1.3) + 8 if note else 0
    empty = T("None.") if view["over"] else T("No open snakes: the next card starts one.")
    bottom = top + note_h + (body if rows else int(TITLE * 1.3)) + 8
    panel(draw, (MARGIN, y, WIDTH - MARGIN, bottom), title, title_size=TITLE)
    cy = top
    if note:
        cy = paragraph(draw, (MARGIN + 16, cy), note, TITLE, INNER - 32, INK, bold=True) + 8
    if not rows:
        draw_text(draw, (MARGIN + 16, cy), empty, TITLE, MUTED)
    for row, line_h in zip(rows, line_hs, strict=True):
        x = MARGIN + 16 + 18
        for snake, lines, item_width in row:
            _snake(image, draw, (x, cy), (snake, lines, item_width), line_h, new, ends.get(snake["id"], set()))
            x += item_width + 30
        cy += TITLE + 12 + line_h * max(len(lines) for _, lines, _ in row)
    return bottom


def _join_note(joins: list[tuple[int, int]]) -> str:
    if not joins:
        return ""
    pairs: str = T("snakes {snake} and {other}", snake=joins[0][0], other=joins[0][1])
    for a, b in joins[1:]:
        pairs = T("{pairs} or snakes {snake} and {other}", pairs=pairs, snake=a, other=b)
    return T("Or join {pairs} and win them.", pairs=pairs)


def _snake(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    origin: tuple[int, int],
    laid_out: tuple[dict[str, Any], list[list[dict[str, Any]]], int],
    line_h: int,
    new: int | None,
    ends: set[str],
) -> None:
    """One snake (as ``render._layout_snakes`` flowed it: the snake, its lines of cards, its
    width): its title, its cards, the new card ringed, its choosable ends tagged."""
    x, y = origin
    snake, lines, item_width = laid_out
    if ends:  # a snake the drawn card may go on: a yellow frame behind it
        frame_h = TITLE + 12 + line_h * len(lines) - 6
        draw.rounded_rectangle((x - 16, y - 6, min(x + item_width - 8, WIDTH - MARGIN - 6), y + frame_h),
                               radius=10, fill=shade(HIGHLIGHT, 1.6), outline=HIGHLIGHT, width=3)
    label = snake_label(snake["id"])
    draw_text(draw, (x - 8, y), label, TITLE, INK, bold=True)
    draw_text(draw, (x - 8 + text_width(label, TITLE, bold=True), y), f" · {len(snake['cards'])}", TITLE, MUTED)
    ly = y + TITLE + 12
    first_x = last_x = x
    for index, line in enumerate(lines):
        lx = x + (14 if index else 0)
        if index:
            draw_text(draw, (x - 14, ly + SEGMENT / 2), "↪", TITLE, MUTED, anchor="lm")
        if index == 0:
            first_x = lx
        for card in line:
            w = draw_segment(image, draw, (lx, ly), card, SEGMENT)
            if card["id"] == new:
                _ring(draw, (lx, ly, lx + w - 1, ly + SEGMENT - 1))
            lx += w + 4
        last_x = lx - 4
        ly += line_h
    if "left" in ends:
        _end_tag(draw, (first_x, y + TITLE + 12 + SEGMENT + 6), T("◀ left"), "la")
    if "right" in ends:
        _end_tag(draw, (last_x, ly - line_h + SEGMENT + 6), T("right ▶"), "ra")


def _ring(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """A dark ring and a "new" tag round the card just laid (no fill: it could read as a colour)."""
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - 6, y0 - 6, x1 + 6, y1 + 6), radius=10, outline=INK, width=4)
    half = text_width("new", FLOOR, bold=True) / 2 + 6
    cx, ty = (x0 + x1) / 2, y1 + 8
    draw.rounded_rectangle((cx - half, ty, cx + half, ty + FLOOR + 8), radius=8, fill=INK)
    draw_text(draw, (cx, ty + (FLOOR + 8) / 2), "new", FLOOR, WHITE, bold=True, anchor="mm")


def _end_tag(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, anchor: str) -> None:
    """A choosable end, named as in the move buttons ("... at its left end")."""
    x, y = xy
    w = text_width(text, FLOOR, bold=True) + 14
    x0 = x if anchor == "la" else x - w
    draw.rounded_rectangle((x0, y, x0 + w, y + FLOOR + 10), radius=8, fill=INK)
    draw_text(draw, (x0 + w / 2, y + (FLOOR + 10) / 2), text, FLOOR, HIGHLIGHT, bold=True, anchor="mm")
