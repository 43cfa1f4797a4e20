"""The Construction Game table card: the phone-first picture posted after every move.

720 px wide, so every text is at least 20 px (``floor_px(720)``). Top to bottom:

* who must decide and what, in one sentence;
* one row per contractor: seat colour, name and net worth (what the audit ranks and the
  $1,500,000 goal is measured in);
* the last move: the roll and where it landed, and the last income roll's net;
* five weeks of the year track around the decision (before a roll: the mover's square
  and the weeks ahead; else around the job being decided or the square just landed on), drawn large with their
  week number, type, operating cost and marks, and every contractor's seat chip; the
  square just landed on is framed in yellow;
* the decision itself: the week's job with its income by die roll, a bidding, an auction,
  a trade offer, or the yard of the contractor to move (what a purchase would add to).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import said_already
from bot.render.card import labelled_paragraph, standings
from bot.render.card import paragraph as plain_paragraph
from bot.render.dice import die
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, LINE, MUTED, RGB, player_colour, shade, text_on
from bot.render.text import fit_size, seat_names, text_width

from . import render
from .components import EQUIPMENT, TRACK, WEEKS
from .messages import T, Tp, joined, machine, machines, named, pieces_of, short_machine
from .render import draw_text, item_word, said

WIDTH = 720
FLOOR = floor_px(WIDTH)
"""20 px: the smallest text on the card."""
PAD = 14
INNER = WIDTH - 2 * PAD
TITLE_PX = 26
ROW_PX = 28
TEXT_PX = 22
SHOWN = 5
"""Weeks of the track shown: two either side of the one the decision is about."""
GAP = 8
CELL_W = (INNER - (SHOWN - 1) * GAP) // SHOWN
CELL_H = 170


def money(amount: int) -> str:
    """An amount in full ("$180,000"), written the language's way."""
    return T("{amount:$}", amount=amount)


def paragraph(draw: ImageDraw.ImageDraw, origin: tuple[int, int], text: str, size: int, width: int,
              fill: RGB = INK, bold: bool = False, max_lines: int = 3) -> int:
    """:func:`bot.render.card.paragraph` of ``text`` said in the language being spoken (see
    :func:`~bot.games.construction_game.render.said`)."""
    words = said(text)
    with said_already():
        return plain_paragraph(draw, origin, words, size, width, fill, bold=bold, max_lines=max_lines)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each contractor's net worth as the card prints it ("$180,000")."""
    return [money(contractor["net_worth"]) for contractor in view["contractors"]]


def decision(view: dict[str, Any], names: list[str]) -> str:
    """Who decides what, in one sentence (the header of the full board, with a full stop);
    at the end, who won with what net worth, written as the standings write it."""
    if view.get("over"):
        best = max((c for c in view["contractors"] if not c["out"]), key=lambda c: c["net_worth"])
        return T("Game over: {who} wins with {worth:$}.", who=names[best["seat"]], worth=best["net_worth"])
    waiting = view.get("waiting") or []
    if len(waiting) == 1 and view["phase"] in PLAIN_DECISIONS:
        return PLAIN_DECISIONS[view["phase"]](names[waiting[0]])
    headline, _goal = render._header(view, names)
    return T("{headline}.", headline=headline)


PLAIN_DECISIONS = {
    "turn": lambda who: T("{who} to move: roll the die, or first shop, repay notes or offer a trade.", who=who),
    "crunch": lambda who: T("{who} is short of cash: auction equipment to pay the bills.", who=who),
}
"""What the full board's header says in a word, spelled out where a phone has room."""


def mover(view: dict[str, Any]) -> int | None:
    """The seat the standings mark: the one contractor waited for, else the one on turn."""
    if view.get("over"):
        return None
    waiting = view.get("waiting") or []
    return waiting[0] if len(waiting) == 1 else view["turn"]


def landed(view: dict[str, Any]) -> int | None:
    """The square the last roll landed on, if there was one."""
    moved = view.get("moved")
    return None if not moved else render.moved_pos(moved)


def last_move(view: dict[str, Any], names: list[str]) -> str:
    parts = []
    moved = view.get("moved")
    if moved:
        where = render.moved_pos(moved)
        parts.append(T("{who} rolled {roll}: week {week}, {name}.", who=names[moved["seat"]], roll=moved["roll"],
                       week=where, name=TRACK[where]["name"]))
    last = view.get("last")
    if last:
        parts.append(T("Last income: {who}, week {week}, rolled {roll}: net {net:$}.", who=names[last["seat"]],
                       week=last["square"], roll=last["roll"], net=last["net"]))
    return joined(parts, " ")


AHEAD_PHASES = ("turn", "shop", "trade")
"""Phases before a roll: the window starts where the mover stands and shows the weeks ahead."""


def first_square(view: dict[str, Any]) -> int:
    """The first week the track window shows: the mover's square before a roll (the weeks
    ahead are what a purchase prepares for), else two before the job being decided or the
    square just landed on."""
    if view["phase"] in AHEAD_PHASES and not view.get("over"):
        return int(view["contractors"][view["turn"]]["pos"])
    if view.get("job"):
        centre = int(view["job"]["square"])
    else:
        where = landed(view)
        centre = where if where is not None else int(view["contractors"][view["turn"]]["pos"])
    return (centre - SHOWN // 2) % WEEKS


def _square_text(square: dict[str, Any]) -> list[str]:
    """The lines a week's square says under its number: its type, cost and marks."""
    if square["kind"] == "yearend":
        return [Tp("year end, second line", "END")]
    if square["kind"] == "winter":
        lines = [T("winter")]
        if "truck" in square:
            lines.append(T("trucking"))
        elif "fee" in square:
            lines.append(T("fee {deed}", deed=render.DEED_LETTER[square["fee"]["property"]]))
        return lines
    kind = _fitting(machine(square["type"]), short_machine(square["type"]), CELL_W - 16)
    if square["kind"] == "market":
        return ["HOT", kind]
    lines = [kind, money(square["cost"])]
    marks = render._marks(square)
    if marks:
        lines.append(marks)
    return lines


def _fitting(text: str, short: str, width: int) -> str:
    """``text`` if it fits ``width`` at the card's smallest bold size, else ``short`` (a long
    machine name in another language; never below the floor)."""
    return text if text_width(text, FLOOR, bold=True) <= width else short


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, seat: int) -> None:
    colour = player_colour(seat)
    draw.rounded_rectangle((x, y, x + 30, y + 30), radius=6, fill=colour, outline=INK, width=2)
    draw_text(draw, (x + 15, y + 15), str(seat + 1), FLOOR, text_on(colour), bold=True, anchor="mm")


def _track_window(view: dict[str, Any]) -> Image.Image:
    """Five weeks around the decision, large; contractors as seat chips, the landing framed."""
    image = Image.new("RGB", (WIDTH, CELL_H + 16), BACKGROUND)
    draw = ImageDraw.Draw(image)
    first, hit = first_square(view), landed(view)
    here: dict[int, list[int]] = {}
    for contractor in view["contractors"]:
        if not contractor["out"]:
            here.setdefault(contractor["pos"], []).append(contractor["seat"])
    for k in range(SHOWN):
        index = (first + k) % WEEKS
        square = TRACK[index]
        x, y = PAD + k * (CELL_W + GAP), 8
        fill = render._square_fill(square)
        ink = text_on(fill)
        draw.rectangle((x, y, x + CELL_W, y + CELL_H), fill=fill, outline=INK, width=2)
        if index == hit:
            draw.rectangle((x - 4, y - 4, x + CELL_W + 4, y + CELL_H + 4), outline=INK, width=3)
            draw.rectangle((x - 1, y - 1, x + CELL_W + 1, y + CELL_H + 1), outline=HIGHLIGHT, width=6)
        title = Tp("year end, first line", "YEAR") if square["kind"] == "yearend" else T("wk {week}", week=index)
        draw_text(draw, (x + 10, y + 8), title, TEXT_PX, ink, bold=True)
        line_y = y + 38
        for line in _square_text(square):
            draw_text(draw, (x + 10, line_y), line, fit_size(line, CELL_W - 16, FLOOR, FLOOR, bold=True), ink,
                      bold=True)
            line_y += 26
        for n, seat in enumerate(here.get(index, [])[:8]):
            _chip(draw, x + 6 + (n % 4) * 31, y + CELL_H - 36 - (n // 4) * 32, seat)
    return image


def _lines_picture(lines: list[tuple[str, bool]]) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A strip with ``lines`` (text, bold) wrapped at the card's text size; returns it, its
    draw and the y below the text (the strip is cropped by the caller)."""
    image = Image.new("RGB", (WIDTH, 700), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = 6
    for text, bold in lines:
        y = paragraph(draw, (PAD, y), text, TEXT_PX, INNER, INK, bold=bold, max_lines=3)
    return image, draw, y


def _job_lines(view: dict[str, Any], names: list[str]) -> list[tuple[str, bool]]:
    job = view["job"]
    square = TRACK[job["square"]]
    lines = [(T("Week {week}: {name} ({kinds})", week=job["square"], name=square["name"], kinds=machines(square["type"])),
              True)]
    # One sentence, capitalised as a sentence: only its first letter is a capital in English.
    costs = [T("Operating cost {cost:$}", cost=square["cost"])]
    if "fee" in square:
        owner = {"landfill": T("landfill"), "sand-gravel": T("sand & gravel"), "paving": T("paving plant"),
                 "concrete": T("concrete plant")}[square["fee"]["property"]]
        costs.append(T("{fee:$} per {machine} to the {owner}", fee=square["fee"]["per_piece"],
                       machine=machine(square["type"]), owner=owner))
    if "truck" in square:
        costs.append(T("trucking {cost:$}", cost=square["truck"]))
    if "bonus" in square:
        costs.append(T("bonus {bonus:$}", bonus=square["bonus"]))
    if square.get("card"):
        costs.append(T("a contingency card"))
    lines.append((T("{costs}.", costs=joined(costs, "; ")), False))
    bid = view.get("bid")
    if bid:
        lines.append((T("Bidding: {who} leads at {bid:$}; {next} to bid.", who=names[bid["leader"]], bid=bid["high"],
                        next=names[bid["to_act"]]), True))
    elif job.get("worker") is not None:
        if job.get("bid"):
            lines.append((T("{who} does the job (won the bid at {bid:$}).", who=names[job["worker"]], bid=job["bid"]),
                          False))
        else:
            lines.append((T("{who} does the job.", who=names[job["worker"]]), False))
    return lines


def _chart(draw: ImageDraw.ImageDraw, y: int, chart: dict[str, Any], names: list[str]) -> int:
    """Income by die roll for the contractor on the job: a die face and the gross under it."""
    values = {"who": names[chart["seat"]], "n": chart["pieces"], "machine": machine(chart["type"])}
    if chart["hot"]:
        title = T("Gross for {who}'s {n} {machine}(s), hot market: doubled:", **values)
    else:
        title = T("Gross for {who}'s {n} {machine}(s):", **values)
    y = paragraph(draw, (PAD, y + 4), title, FLOOR, INNER, MUTED, max_lines=2)
    column = INNER // 6
    for face in range(1, 7):
        cx = PAD + (face - 1) * column + column // 2
        die(draw, (cx - 22, y + 2, cx + 22, y + 46), face, fill=render.TYPE_RGB[chart["type"]])
        amount = money(chart["gross"][face - 1])
        draw_text(draw, (cx, y + 64), amount, fit_size(amount, column - 6, TEXT_PX, FLOOR), INK, anchor="mm")
    return y + 84


def _yard(draw: ImageDraw.ImageDraw, y: int, contractor: dict[str, Any], name: str) -> int:
    """The contractor's equipment: six chips, three a row, in the type's colour."""
    head = T("{who}'s yard · cash {cash:$} · credit left {left:$}", who=name, cash=contractor["cash"],
             left=contractor["credit_left"])
    y = paragraph(draw, (PAD, y + 4), head, FLOOR, INNER, INK, bold=True, max_lines=2)
    cell = (INNER - 2 * GAP) // 3
    for n, item in enumerate(EQUIPMENT):
        x, top = PAD + (n % 3) * (cell + GAP), y + 4 + (n // 3) * 48
        count = contractor["fleet"][item]
        fill = render.TYPE_RGB[item] if count else shade(render.TYPE_RGB[item], 1.7)
        draw.rounded_rectangle((x, top, x + cell, top + 40), radius=8, fill=fill, outline=INK, width=2)
        hot = item in contractor["hot"]
        label = T("{pieces} HOT", pieces=pieces_of(item, count)) if hot else pieces_of(item, count)
        short = T("{n} × {machine} HOT", n=count, machine=short_machine(item)) if hot else \
            T("{n} × {machine}", n=count, machine=short_machine(item))
        label = _fitting(label, short, cell - 12)
        draw_text(draw, (x + cell / 2, top + 20), label, fit_size(label, cell - 12, TEXT_PX, FLOOR, bold=True),
                  text_on(fill), bold=True, anchor="mm")
    return y + 4 + 2 * 48


def _decision_part(view: dict[str, Any], names: list[str]) -> Image.Image:
    """What is being decided, below the track window."""
    auction, offer = view.get("auction"), view.get("offer")
    if auction:
        lines = [(T("Big Sky Auction: {seller}'s {item}", seller=names[auction["seller"]],
                    item=item_word(auction["item"])), True),
                 (T("Bids from {start:$}.", start=auction["start"]), False)]
        if auction["leader"] is not None:
            lines.append((T("{who} leads at {bid:$}.", who=names[auction["leader"]], bid=auction["high"]), False))
        image, _draw, y = _lines_picture(lines)
    elif offer and view["phase"] == "offer":
        image, _draw, y = _lines_picture([(T("{seller} offers {item} to {buyer} for {price:$}.",
                                             seller=names[offer["seller"]], item=item_word(offer["item"]),
                                             buyer=names[offer["buyer"]], price=offer["price"]), True)])
    elif view.get("job") and not view.get("over"):
        image, draw, y = _lines_picture(_job_lines(view, names))
        if view.get("chart"):
            y = _chart(draw, y, view["chart"], names)
    elif view.get("over"):
        reason = named(view["over"]["reason"], names)
        image, _draw, y = _lines_picture([(T("Why it ended: {reason}.", reason=reason), False)])
    else:
        seat = mover(view)
        image, draw, y = _lines_picture([])
        if seat is not None:
            y = _yard(draw, y, view["contractors"][seat], names[seat])
    return image.crop((0, 0, WIDTH, y + 8))


def table_card(view: dict[str, Any]) -> Image.Image:
    """The card posted after every move (see the module docstring), from the public view."""
    names = seat_names(view)
    head = Image.new("RGB", (WIDTH, 1200), BACKGROUND)
    draw = ImageDraw.Draw(head)
    draw.rectangle((0, 0, WIDTH, 8), fill=render.YEAR_END)
    y = paragraph(draw, (PAD, 16), decision(view, names), TITLE_PX, INNER, INK, bold=True, max_lines=3)
    # The card's shared helpers draw through Pillow, which would make a text plain English
    # (see render.said): they get the words said, and draw them as they are.
    values = [said(value) for value in card_standings(view)]
    last = last_move(view, names)
    label, last = said(T("Last:")), said(last) if last else ""
    with said_already():
        y = standings(draw, (PAD - 4, y + 6), INNER + 8, names, values, mover(view), ROW_PX, mover_bar=True)
        if last:
            draw.line((PAD, y + 4, WIDTH - PAD, y + 4), fill=LINE, width=2)
            y = labelled_paragraph(draw, (PAD, y + 12), label, last, TEXT_PX, INNER, max_lines=4)
    track = _track_window(view)
    part = _decision_part(view, names)
    card = Image.new("RGB", (WIDTH, y + 8 + track.height + part.height), BACKGROUND)
    card.paste(head.crop((0, 0, WIDTH, y + 8)), (0, 0))
    card.paste(track, (0, y + 8))
    card.paste(part, (0, y + 8 + track.height))
    mark = ImageDraw.Draw(card)
    mark.line((PAD, y + 8 + track.height, WIDTH - PAD, y + 8 + track.height), fill=LINE, width=1)
    return card

