"""The Collide-o table card: the picture posted after every move, designed for a phone.

Discord shows a picture about 400 px wide in a chat, so the card is 720 px wide and every
text on it is at least ``floor_px(720)`` = 20 px (11 px on the phone). Top to bottom:

* what is happening now: whose turn it is (turns mode) or that everyone plays at once (live),
  with who has said "stuck" and any card reaching for an end;
* one row per seat: the player's colour, name and **cards left** (hand + pile), the number
  that decides the race (first down to one card wins); in turns mode the seat to play is framed;
* the last thing that happened (a card laid, or a card taken off by the stuck rule);
* **the two ends, large**: the last three visible sections at each end, the end section and
  the next one ringed (a new card's middle and inner end must match them), what they need in
  words, each card outlined in its player's colour with its number, the newest card tagged.

Only the ends matter for the next play, so the card leaves the middle of the line to the full
board. It never says whether anyone *can* play: in live mode spotting a fit is the skill
(the public view holds nothing about hands anyway, apart from cards the table saw).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import Text, listing, named
from bot.games.collide_o.messages import T, Tn
from bot.games.collide_o.render import (
    START_GOLD,
    _groups,
    _laid,
    _owner_colour,
    came_off,
    draw_card,
    draw_section,
    section_words,
)
from bot.render.card import paragraph, pointed_standings
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, LINE, MUTED, PANEL, WHITE
from bot.render.shapes import canvas, rounded_rectangle
from bot.render.text import draw_text, fit_size, seat_names, text_width, wrap

CARD_WIDTH = 720
"""Wide enough for the two ends side by side with sections big enough for their letters."""
FLOOR = floor_px(CARD_WIDTH)
"""20 px: the smallest text on the card (11 px when a phone shows it 400 px wide)."""
MARGIN = 18
INNER = CARD_WIDTH - 2 * MARGIN
TEXT = 22
HEAD = 26
ROW = 30
CELL = (74, 88)
"""One section on the card. Its letter is 42 % of the width (31 px), a two-colour section's
letters 80 % of that (24 px): both above the floor."""
SHOWN = 3
"""Visible sections drawn at each end: the end pair and one more, so the end card shows whole."""
REACH_LINES = 4
TITLE_RED = (168, 40, 60)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's cards left (hand + pile) exactly as the card prints it: ``"17 left"``."""
    return [T("{n} left", n=info["left"]) for info in view["seats"]]


# -- the sentences --------------------------------------------------------------------------


def _status(view: dict[str, Any], names: list[str]) -> Text:
    """What the table must do now, in one or two short sentences."""
    if view["over"]:
        winners = [names[s] for s, rank in enumerate(view["outcome"]["ranks"]) if rank == 1]
        return T("Game over: {winners} wins, down to one card!", winners=listing(winners))
    if view["mode"] == "turns":
        if view["bare"]:
            return T("{who} to play: lay a card on an end.", who=names[view["turn"]])
        return T("{who} to play: lay a card on an end, or pass.", who=names[view["turn"]])
    landing = [c["side"] for c in view["contests"]]
    if len(landing) == 2:
        return T("Live: a card is landing on the left and right ends. Everyone may still play.")
    if landing:
        if landing[0] == "left":
            return T("Live: a card is landing on the left end. Everyone may still play.")
        return T("Live: a card is landing on the right end. Everyone may still play.")
    if view["bare"]:
        return T("Live: everyone plays at once. Every card fits the starting card.")
    return T("Live: everyone plays at once. Lay a card whose middle and inner end match an end.")


def _table_news(view: dict[str, Any], names: list[str]) -> str:
    """What the table saw since the line last changed (live): stuck calls and called-out cards."""
    parts: list[str] = []
    stuck = [names[info["seat"]] for info in view["seats"] if info["stuck"]]
    if stuck:
        parts.append(T("Stuck: {who}.", who=listing(stuck)))
    by_seat: dict[int, list[str]] = {}
    for miss in view.get("misfits", []):
        by_seat.setdefault(miss["seat"], []).append(str(miss["card"]))
    if by_seat:
        called = [Tn("{who} (card {cards})", "{who} (cards {cards})", len(cards), who=names[seat], cards=listing(cards))
                  for seat, cards in by_seat.items()]
        parts.append(T("Called out: {who}.", who=listing(called)))
    if view["mode"] == "turns" and not view["over"] and view["passes"]:
        parts.append(T("Passes in a row: {passes} of {players}.", passes=view["passes"], players=view["players"]))
    news: str = parts[0] if parts else ""
    for part in parts[1:]:
        news = T("{news} {part}", news=news, part=part)
    return news


def _last_text(view: dict[str, Any], names: list[str]) -> str:
    last = view["last"]
    if view["over"]:
        return named(view["outcome"]["reason"], names)
    if last is None:
        return T("The starting card is down: every card fits it.")
    who, card = names[last["seat"]], last["card"]
    if last["kind"] == "play":
        if last["side"] == "left":
            return T("Last: {who} laid card {card} on the left end.", who=who, card=card)
        return T("Last: {who} laid card {card} on the right end.", who=who, card=card)
    return came_off(who, card, last["side"] == "left")


# -- the ends -----------------------------------------------------------------------------------


def _end_cells(view: dict[str, Any], side: str) -> list[tuple[dict[str, Any], str]]:
    """The :data:`SHOWN` visible sections at ``side``, left to right, each with its placement."""
    cells = [(placement, spec) for placement, sections in _groups(view) for spec in sections]
    return cells[:SHOWN] if side == "left" else cells[-SHOWN:]


def _draw_cells(
    image: Image.Image, draw: ImageDraw.ImageDraw, cells: list[tuple[dict[str, Any], str]], x: int, y: int, newest: int | None
) -> None:
    """Sections side by side from (x, y); each card's run outlined in its owner's colour, its
    number above it ("start" for the starting card), the newest card tagged "new"."""
    w, h = CELL
    runs: list[tuple[dict[str, Any], int, int]] = []  # placement, first x, last x
    for index, (placement, spec) in enumerate(cells):
        cx = x + index * w
        draw_section(image, draw, (cx, y, cx + w, y + h), spec)
        if runs and runs[-1][0]["card"] == placement["card"]:
            draw.line((cx, y, cx, y + h), fill=WHITE, width=2)
            runs[-1] = (placement, runs[-1][1], cx + w)
        else:
            runs.append((placement, cx, cx + w))
    for placement, x0, x1 in runs:
        draw.rounded_rectangle((x0 - 2, y - 2, x1 + 2, y + h + 2), radius=6, outline=_owner_colour(placement["seat"]), width=5)
        middle = (x0 + x1) / 2
        if placement["card"] == newest:
            half = text_width(T("new"), FLOOR, bold=True) / 2 + 8
            rounded_rectangle(draw, (round(middle - half), y - 34, round(middle + half), y - 8), radius=10, fill=HIGHLIGHT,
                              outline=INK, width=2)
            draw_text(draw, (middle, y - 21), T("new"), FLOOR, INK, bold=True, anchor="mm")
        elif placement["seat"] is None:
            draw_text(draw, (middle, y - 20), T("start"), FLOOR, START_GOLD, bold=True, anchor="mm")
        elif x1 - x0 > w:  # a lone section at the window's edge has no room for its number
            draw_text(draw, (middle, y - 20), str(placement["card"]), FLOOR, MUTED, bold=True, anchor="mm")


def _arrow(draw: ImageDraw.ImageDraw, side: str, x: int, y: int) -> None:
    """An outward arrow at ``x`` (its tip), pointing away from the line: the only way it grows."""
    direction = -1 if side == "left" else 1
    base = x - direction * 34
    draw.line((base, y, x - direction * 12, y), fill=INK, width=7)
    draw.polygon([(x, y), (x - direction * 20, y - 15), (x - direction * 20, y + 15)], fill=INK)


def _draw_end(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], side: str, view: dict[str, Any],
    names: list[str],
) -> None:
    """One end's panel: its name (as the move buttons say it), the sections, what a card needs."""
    x0, y0, x1, y1 = box
    rounded_rectangle(draw, box, radius=12, fill=PANEL, outline=LINE, width=2)
    title = T("BOTH ENDS") if view["bare"] else (T("LEFT END") if side == "left" else T("RIGHT END"))
    draw_text(draw, ((x0 + x1) / 2, y0 + 22), title, HEAD, INK, bold=True, anchor="mm")
    cells = _end_cells(view, side)
    last = view["last"]
    newest = last["card"] if last and last["kind"] == "play" else None
    strip = len(cells) * CELL[0]
    arrows = 0 if view["bare"] else 50
    sx = round((x0 + x1 - strip - arrows) / 2) + (arrows if side == "left" else 0)
    sy = y0 + 86
    _draw_cells(image, draw, cells, sx, sy, newest)
    # ring the end pair: the sections a new card's middle and inner end go on
    ring = (sx, sy) if side == "left" else (sx + strip - 2 * CELL[0], sy)
    if not view["bare"]:
        draw.rounded_rectangle((ring[0] - 8, sy - 8, ring[0] + 2 * CELL[0] + 8, sy + CELL[1] + 8), radius=10, outline=INK,
                               width=4)
        tip = sx - 10 if side == "left" else sx + strip + 10
        _arrow(draw, side, tip - (34 if side == "left" else -34), sy + CELL[1] // 2)
    y = paragraph(draw, (x0 + 12, sy + CELL[1] + 14), _needs(view, side), FLOOR, x1 - x0 - 24, max_lines=3)
    reaching = _reaching(view, side, names)
    if reaching:
        rounded_rectangle(draw, (x0 + 6, y + 2, x1 - 6, y1 - 6), radius=10, fill=HIGHLIGHT, outline=INK, width=2)
        paragraph(draw, (x0 + 14, y + 8), reaching, FLOOR, x1 - x0 - 28, bold=True, max_lines=REACH_LINES)


def _reaching(view: dict[str, Any], side: str, names: list[str]) -> str:
    """Live: who is reaching for ``side`` with which card (on a bare starting card, for both
    ends, which share one panel). Those cards are on the table for all to see."""
    reached: str = ""
    for contest in view["contests"]:
        if view["bare"] or contest["side"] == side:
            who = listing([T("{who} (card {card})", who=names[e["seat"]], card=e["card"]) for e in contest["entries"]])
            if not view["bare"]:
                text = T("Reaching: {who}.", who=who)
            elif contest["side"] == "left":
                text = T("Reaching left: {who}.", who=who)
            else:
                text = T("Reaching right: {who}.", who=who)
            reached = T("{news} {part}", news=reached, part=text) if reached else text
    return reached


def _needs(view: dict[str, Any], side: str) -> str:
    """What a new card must match at ``side``, in words."""
    if view["bare"]:
        return T("Any card fits here, on either end, either way round.")
    end, next_to = view["ends"][side]
    return T("Middle on {end}; inner end on {next}.", end=section_words(end), next=section_words(next_to))


def _ends_height(view: dict[str, Any], names: list[str], panel_width: int) -> int:
    """Room for the sections, the longest "needs" text and a reaching note, if any."""
    lines = max(len(wrap(_needs(view, side), FLOOR, panel_width - 24)) for side in ("left", "right"))
    reach = max(len(wrap(_reaching(view, side, names), FLOOR, panel_width - 28, bold=True)) for side in ("left", "right"))
    reach_height = 20 + min(REACH_LINES, reach) * int(FLOOR * 1.3) if view["contests"] else 0
    return 86 + CELL[1] + 14 + min(3, lines) * int(FLOOR * 1.3) + reach_height + 12


def _draw_ends(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    if view["bare"]:
        height = _ends_height(view, names, INNER)
        _draw_end(image, draw, (MARGIN, y, CARD_WIDTH - MARGIN, y + height), "left", view, names)
        return y + height + 12
    half = (INNER - 12) // 2
    height = _ends_height(view, names, half)
    _draw_end(image, draw, (MARGIN, y, MARGIN + half, y + height), "left", view, names)
    _draw_end(image, draw, (CARD_WIDTH - MARGIN - half, y, CARD_WIDTH - MARGIN, y + height), "right", view, names)
    return y + height + 12


# -- the card --------------------------------------------------------------------------------


def _draw_last(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    """The last move in words; a card the stuck rule took off is drawn beside it, struck out
    (it is no longer on the line, where the card marks a new card instead)."""
    last = view["last"]
    text = _last_text(view, names)
    room = INNER
    if last is not None and last["kind"] == "stuck" and not view["over"]:
        cell = (60, 60)
        x = CARD_WIDTH - MARGIN - 3 * cell[0]
        draw_card(image, draw, (x, y + 4), _laid(view, last), cell, width=2)
        draw.line((x - 4, y + cell[1] + 8, x + 3 * cell[0] + 4, y), fill=INK, width=5)
        room -= 3 * cell[0] + 16
        bottom = paragraph(draw, (MARGIN, y), text, TEXT, room, bold=True, max_lines=3)
        return max(bottom, y + cell[1] + 12) + 6
    return paragraph(draw, (MARGIN, y), text, TEXT, room, bold=True, max_lines=3) + 6


def table_card(view: dict[str, Any]) -> Image.Image:
    """The public table for a phone, 720 px wide, drawn from ``game.view(state, None)``."""
    names = seat_names(view)
    image, draw = canvas(CARD_WIDTH, 1600, BACKGROUND)
    draw_text(draw, (MARGIN, 12), T("Collide-o"), HEAD + 4, TITLE_RED, bold=True)
    tag = T("live · first to one card wins") if view["mode"] == "live" else T("turns · first to one card wins")
    draw_text(draw, (CARD_WIDTH - MARGIN, 18), tag, fit_size(tag, INNER - 200, FLOOR, FLOOR), MUTED, anchor="ra")
    y = paragraph(draw, (MARGIN, 56), _status(view, names), HEAD, INNER, bold=True, max_lines=3) + 4
    news = _table_news(view, names)
    if news:
        y = paragraph(draw, (MARGIN, y), news, FLOOR, INNER, max_lines=3) + 4
    y = pointed_standings(draw, (MARGIN, y + 4), INNER, names, card_standings(view), view["turn"], ROW) + 8
    y = _draw_last(image, draw, view, names, y)
    y = _draw_ends(image, draw, view, names, y + 4)
    return image.crop((0, 0, CARD_WIDTH, y + 4))
