"""The Chomp table card: the picture posted after every move, drawn for a phone first.

Discord shows a picture in a chat about 400 px wide, so the card is :data:`WIDTH` = 640 px
wide and every text on it is at least ``floor_px(640)`` = 18 px (11 px on the phone). Top to
bottom:

* what the table is doing, in the words of the full board's header (``render._status``);
* the food chain and what the two action cards do at this table, as a reminder;
* one row per seat: number and name (the move buttons say "Slap Bo's card" / ``chomp:2``),
  the card that seat turned over with its name and level, what the seat did this round, and
  at the right the cards it holds, the number that decides the game. Seats that still have
  to answer are framed in yellow; the last round's winner carries a green "+N";
* the middle (cards waiting for the next winner) and the last round's result.

**Live mode keeps its skill.** Spotting the lowest creature, an ink-out or a frenzy before
the others is the game, so while a live round is on the card says nothing the players must
find themselves: the header is the same every round ("Chomp the lowest creature!"), the
cards are listed in seat order (never by level), no card is marked as eatable or lowest,
and every seat still in is framed as having to answer whatever the round holds. Slaps show
once made, as at a real table. Turns mode (play-by-post) keeps the full board's hints.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import named
from bot.games.chomp.messages import T, cards, commas, ordinal, said
from bot.games.chomp.render import (
    CARD_STYLE,
    FOOD_CHAIN,
    GOOD_GREEN,
    RANK,
    SEA,
    _status,
    card_image,
    dots,
    legend,
    middle_caption,
    paste,
    seat_action,
    shown_cards,
)
from bot.render.card import paragraph
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, LINE, MUTED, PANEL, RGB, WHITE, player_colour
from bot.render.shapes import badge, canvas, rounded_rectangle
from bot.render.text import draw_text, fit_size, seat_names, text_width, wrap

WIDTH = 640
MARGIN = 20
INNER = WIDTH - 2 * MARGIN
FLOOR = floor_px(WIDTH)
"""The smallest text on the card (18 px at 640 wide: 11 px on a 400 px phone)."""

TILE = (84, 114)
"""A seat's face-up card, art only (its name is written beside it, see ``card_image``)."""

NAME = 26
VALUE = 28
LINE_TEXT = 20
STATUS = 24
TEXT_X = MARGIN + 56 + TILE[0] + 16
"""Where a row's texts start: after the seat badge and the card."""


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's cards (the number that decides the game), exactly as the card prints it:
    ``"17 cards"``, or ``"out"`` for a seat washed up."""
    return [_value(view, seat) for seat in view["seats"]]


def _value(view: dict[str, Any], seat: dict[str, Any]) -> str:
    if seat["out"]:
        return T("out")
    if view["over"] and view["outcome"]:
        return cards(int(view["outcome"]["scores"][seat["seat"]]))
    return cards(seat["cards"])


def table_card(view: dict[str, Any]) -> Image.Image:
    """The table card, :data:`WIDTH` px wide, drawn from the public view."""
    names = seat_names(view)
    image, draw = canvas(WIDTH, 2400, BACKGROUND)
    y = _header(draw, view, names, 14)
    for seat in view["seats"]:
        y = _seat_row(image, draw, view, seat, names, y) + 8
    y = _middle_and_last(draw, view, names, y + 4)
    return image.crop((0, 0, WIDTH, y + 10))


# -- the sections -----------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """Title, round and mode; the table's one-line status; the food chain as a reminder."""
    draw_text(draw, (MARGIN, y), "CHOMP!", 34, SEA, bold=True)
    words: list[str] = [T("Underwater War")] if view["war"] else []
    words += [T("round {round}", round=view["round"])] if view["round"] else []
    words.append(T("live") if view["mode"] == "live" else T("turns"))
    where = dots(words)
    size = fit_size(where, INNER - 170, LINE_TEXT, FLOOR, bold=True)
    draw_text(draw, (WIDTH - MARGIN, y + 20), where, size, MUTED, bold=True, anchor="rm")
    text, colour = _status(view, names)
    y = paragraph(draw, (MARGIN, y + 50), text, STATUS, INNER, colour, bold=True, max_lines=2)
    if view["over"]:
        return y + 8
    chain: str = ""
    for creature in reversed(FOOD_CHAIN):
        chain = T("{chain} › {creature}", chain=chain, creature=said(creature)) if chain else said(creature)
    y = paragraph(draw, (MARGIN, y + 2), chain, FLOOR, INNER, MUTED, max_lines=2)
    rules = dots([T("{card} → {what}", card=said(card), what=what) for card, what in legend(view).items()])
    return paragraph(draw, (MARGIN, y), rules, FLOOR, INNER, MUTED, max_lines=2) + 8


def to_act(view: dict[str, Any], seat: dict[str, Any]) -> bool:
    """Whether ``seat`` still has a decision this round: every seat still in that has not
    answered, whatever the round holds (so the frame says nothing about the cards)."""
    if view["over"] or seat["out"] or seat["acted"]:
        return False
    if view["phase"] == "flip":  # live War turns the cards on the clock: nobody decides
        return view["mode"] == "turns"
    return seat["card"] is not None


def _seat_row(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: dict[str, Any],
    names: list[str], y: int,
) -> int:
    """One seat: badge, its card, name, card name and level, what it did; its cards held."""
    s = seat["seat"]
    table, shown = shown_cards(view, seat)
    action, tint = seat_action(view, seat, names)
    action_lines = wrap(action, FLOOR, WIDTH - MARGIN - 14 - TEXT_X - 24, bold=True)[:2] if action else []
    text_h = NAME + 14 + LINE_TEXT + 12 + len(action_lines) * (FLOOR + 6) + (12 if action_lines else 0)
    height = max(TILE[1] + 16, text_h + 8)
    box = (MARGIN, y, WIDTH - MARGIN, y + height)
    acting = to_act(view, seat)
    fill = (234, 234, 234) if seat["out"] else PANEL
    rounded_rectangle(draw, box, radius=12, fill=fill, outline=HIGHLIGHT if acting else LINE,
                      width=5 if acting else 2)
    badge(draw, (MARGIN + 28, y + 30), 17, player_colour(s), str(s + 1))
    _tile(image, draw, (MARGIN + 56, y + 8), shown, seat["out"])
    # name (and rank at the end) with the deciding number at the right
    value = _value(view, seat)
    value_w = text_width(value, VALUE, bold=True)
    name: str = names[s]
    if view["over"] and view["outcome"]:
        name = T("{name} · {place}", name=name, place=ordinal(view["outcome"]["ranks"][s]))
    room = WIDTH - MARGIN - 14 - value_w - 16 - TEXT_X
    draw_text(draw, (TEXT_X, y + 10), name, fit_size(name, room, NAME, FLOOR, bold=True), INK, bold=True)
    draw_text(draw, (WIDTH - MARGIN - 14, y + 8), value, VALUE, INK, bold=True, anchor="ra")
    _gain(draw, view, s, (WIDTH - MARGIN - 14, y + 12 + VALUE + 6))
    # the card's name and level, or why there is none
    line_y = y + 10 + NAME + 10
    draw_text(draw, (TEXT_X, line_y), _card_words(view, seat, table, shown), LINE_TEXT, INK if shown else MUTED,
              bold=shown is not None)
    # what the seat did this round
    if action_lines:
        _pill(draw, (TEXT_X, line_y + LINE_TEXT + 12), action_lines, tint)
    return box[3]


def _pill(draw: ImageDraw.ImageDraw, xy: tuple[int, int], lines: list[str], tint: RGB) -> None:
    """White text on a coloured rounded box (one or two lines)."""
    x, y = xy
    w = max(text_width(line, FLOOR, bold=True) for line in lines) + 20
    draw.rounded_rectangle((x, y, x + w, y + len(lines) * (FLOOR + 6) + 6), radius=9, fill=tint)
    for i, line in enumerate(lines):
        draw_text(draw, (x + 10, y + 4 + i * (FLOOR + 6)), line, FLOOR, WHITE, bold=True)


def _tile(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], shown: str | None, out: bool) -> None:
    """A seat's face-up card as art, or an empty outline."""
    x, y = xy
    w, h = TILE
    if shown is None:
        draw.rounded_rectangle((x, y, x + w, y + h), radius=10, outline=LINE, width=3)
        return
    fill, frame = CARD_STYLE[shown]
    draw.rounded_rectangle((x, y, x + w, y + h), radius=10, fill=fill, outline=frame, width=4)
    paste(image, card_image(shown, w - 8, h - 8, labelled=False), (x + 4, y + 4))


def _card_words(view: dict[str, Any], seat: dict[str, Any], table: list[str | None], shown: str | None) -> str:
    if seat["out"]:
        when = seat["out_round"]
        return T("washed up in round {round}", round=when) if when else T("washed up")
    if shown is None:
        return T("no card yet") if view["phase"] == "flip" else T("no card")
    level = str(RANK[shown]) if shown in RANK else (T("ink") if shown == "octopus" else T("zap"))
    down = sum(1 for card in table if card is None)
    if down:
        return T("{card} · {level} · {down} down", card=said(shown), level=level, down=down)
    return T("{card} · {level}", card=said(shown), level=level)


def _gain(draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, xy: tuple[int, int]) -> None:
    """The last round's winner: a green "+N" under their count (what just changed)."""
    last = view["last"]
    if last is None or last.get("winner") != seat or not last.get("taken"):
        return
    text = f"+{last['taken']}"
    x, y = xy
    w = text_width(text, LINE_TEXT, bold=True) + 18
    draw.rounded_rectangle((x - w, y, x, y + LINE_TEXT + 10), radius=9, fill=GOOD_GREEN)
    draw_text(draw, (x - w / 2, y + (LINE_TEXT + 10) / 2), text, LINE_TEXT, WHITE, bold=True, anchor="mm")


def _middle_and_last(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The middle (if anything waits there) and the last round's result, as short paragraphs."""
    parts: list[tuple[str, str]] = []
    middle = view["middle"]
    if middle["total"]:
        why = {"ink": T("ink out"), "tie": T("tie"), "bad": T("bad chomp")}
        reasons = commas([why.get(reason, reason) for reason in middle["carry"]])
        caption = middle_caption(view)
        parts.append((T("The middle"), T("{caption} ({reasons}).", caption=caption, reasons=reasons) if reasons
                      else T("{caption}.", caption=caption)))
    last = view["last"]
    if last is not None:
        parts.append((T("Last round ({round})", round=last["round"]), named(last["text"], names)))
    elif not view["over"]:
        parts.append((T("Last round"), T("Nothing yet: the first round is on.")))
    if view["over"] and view["outcome"]:
        parts.append((T("The end"), named(view["outcome"]["reason"], names)))
    if not parts:
        return y
    lines = [(title, wrap(text, LINE_TEXT, INNER - 28)[:4]) for title, text in parts]
    height = sum(LINE_TEXT + 12 + len(body) * int(LINE_TEXT * 1.3) + 8 for _, body in lines) + 12
    rounded_rectangle(draw, (MARGIN, y, WIDTH - MARGIN, y + height), radius=12, fill=PANEL, outline=LINE, width=2)
    ty = y + 12
    for (title, _), (_, text) in zip(lines, parts, strict=True):
        draw_text(draw, (MARGIN + 14, ty), title, LINE_TEXT, INK, bold=True)
        ty = paragraph(draw, (MARGIN + 14, ty + LINE_TEXT + 8), text, LINE_TEXT, INNER - 28, max_lines=4) + 8
    return y + height
