"""The public Construction Game picture, drawn from ``ConstructionGame.view(state, None)``.

Top to bottom on a 1200 px canvas (the height follows the number of contractors):

* a header: whose turn it is and what is being decided, or who won;
* the year track as four rows of 13 weeks, colour-banded by season (each square says its week,
  its job's operating cost and marks: C = Contingency card, BID, T = trucking bill, a deed
  letter for a property fee, * = corner expense) with every contractor's marker on it;
* the week being worked (job, costs, a bid or an auction in progress) beside the last
  income roll, worked out line by line with the die;
* one panel per contractor: cash, bank notes, credit left, net worth, years, the equipment
  yard by type, trucks, deeds and hot markets.

Colour is never the only cue: types are written out and markers carry seat numbers.
"""

from __future__ import annotations

import functools
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import LANGUAGE, Said, said_already, say_drawn
from bot.render.dice import die
from bot.render.palette import INK, LINE, MUTED, PANEL, RGB, player_colour, shade, text_on
from bot.render.shapes import badge, canvas
from bot.render.shapes import panel as plain_panel
from bot.render.text import (
    draw_text,  # says a Text whole before Pillow splits it
    fit_size,
    seat_names,
)

from .components import EQUIPMENT, PROPERTIES, TRACK, TYPES
from .messages import T, Tp, commas, joined, machine, machines, named, pieces_of

WIDTH = 1200
MARGIN = 20
CELL_W = (WIDTH - 2 * MARGIN) // 13
CELL_H = 88

TYPE_RGB: dict[str, RGB] = {
    "backhoe": (242, 201, 40),  # yellow: residential
    "dozer": (76, 166, 76),  # green: commercial
    "excavator": (206, 62, 54),  # red: institutional
    "grader": (52, 110, 200),  # blue: municipal
    "scraper": (130, 76, 168),  # purple: heavy/highway
    "truck": (120, 120, 120),
}
WINTER: RGB = (200, 214, 226)
YEAR_END: RGB = (60, 60, 66)
DEED_LETTER = {"landfill": "LF", "sand-gravel": "SG", "paving": "PV", "concrete": "CP"}
SHORT = {"backhoe": "BH", "dozer": "DZ", "excavator": "EX", "grader": "GR", "scraper": "SC", "truck": "TR"}


def said(text: str) -> Said:
    """``text`` said now in the language being spoken (and recorded for the language test).

    Pillow cuts what it draws into lines with ``str.split``, which turns a
    :class:`~bot.engine.words.Text` into plain English before the fonts could say it; so the
    pictures say a text first and draw the words said, inside :func:`~bot.i18n.said_already`."""
    return Said(say_drawn(text))


def panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str = "", title_size: int = 20) -> int:
    """:func:`bot.render.shapes.panel` with its title said (see :func:`said`)."""
    words = said(title)
    with said_already():
        return plain_panel(draw, box, words, title_size)


def item_word(item: str) -> str:
    """A machine or a deed as the pictures name it: "dozer", "paving"."""
    if item in PROPERTIES:
        return {"landfill": T("landfill"), "sand-gravel": T("sand-gravel"), "paving": T("paving"),
                "concrete": T("concrete")}[item]
    return machine(item)


def _money(amount: int) -> str:
    """A short amount: "$1.50M", "$12k", "$2.5k", "$500" (each language writes it its way)."""
    if amount < 0:
        return T("-{amount}", amount=_money(-amount))
    if amount >= 1_000_000:
        return T("${millions:.2f}M", millions=amount / 1_000_000)
    if amount >= 1_000:
        if amount % 1000 == 0:
            return T("${thousands}k", thousands=amount // 1000)
        return T("${thousands:.1f}k", thousands=amount / 1000)
    return T("{amount:$}", amount=amount)


def _square_fill(square: dict[str, Any]) -> RGB:
    if square["kind"] == "yearend":
        return YEAR_END
    if square["kind"] == "winter":
        return WINTER
    fill = TYPE_RGB[square["type"]]
    return shade(fill, 1.55) if square["kind"] == "market" else fill


def _marks(square: dict[str, Any]) -> str:
    marks = []
    if square.get("card"):
        marks.append("C")
    if square.get("bid"):
        marks.append("BID")
    if "truck" in square:
        marks.append("T")
    if "fee" in square:
        marks.append(DEED_LETTER[square["fee"]["property"]])
    if "corner" in square:
        marks.append("*")
    return " ".join(marks)


def _track_art() -> Image.Image:
    """The printed board (squares, numbers, costs, marks): drawn once per language, pasted on every picture."""
    return _track_art_in(LANGUAGE.get())


@functools.lru_cache(maxsize=4)
def _track_art_in(language: str) -> Image.Image:
    """:func:`_track_art` in one language (the language is the cache's key)."""
    image, draw = canvas(WIDTH, 4 * (CELL_H + 8))
    for index, square in enumerate(TRACK):
        row, col = divmod(index, 13)
        x0 = MARGIN + col * CELL_W
        y0 = row * (CELL_H + 8)
        fill = _square_fill(square)
        draw.rectangle((x0 + 2, y0, x0 + CELL_W - 2, y0 + CELL_H), fill=fill, outline=INK, width=1)
        ink = text_on(fill)
        if square["kind"] == "yearend":
            for y, word in ((22, Tp("year end, first line", "YEAR")), (42, Tp("year end, second line", "END"))):
                draw_text(draw, (x0 + CELL_W // 2, y0 + y), word, fit_size(word, CELL_W - 8, 17, 11, bold=True), ink,
                          bold=True, anchor="mm")
            continue
        draw_text(draw, (x0 + 7, y0 + 4), str(index), 17, ink, bold=True)
        if square["kind"] == "job":
            cost = _money(square["cost"])
            draw_text(draw, (x0 + CELL_W - 7, y0 + 4), cost, fit_size(cost, CELL_W - 45, 16, 11), ink, anchor="ra")
            draw_text(draw, (x0 + 7, y0 + 26), _marks(square), 16, ink, bold=True)
        elif square["kind"] == "market":
            draw_text(draw, (x0 + 7, y0 + 26), "HOT " + SHORT[square["type"]], 16, ink, bold=True)
        else:
            label = T("TRUCK") if "truck" in square else DEED_LETTER.get(square.get("fee", {}).get("property", ""), "")
            if "earn" in square:
                label = "+GR"
            if "per_piece" in square:
                label = T("/pc")
            draw_text(draw, (x0 + 7, y0 + 26), label, fit_size(label, CELL_W - 12, 16, 11, bold=True), ink, bold=True)
    return image


def _track(image: Image.Image, draw: Any, top: int, view: dict[str, Any]) -> int:
    image.paste(_track_art(), (0, top))
    by_square: dict[int, list[int]] = {}
    for contractor in view["contractors"]:
        if not contractor["out"]:
            by_square.setdefault(contractor["pos"], []).append(contractor["seat"])
    current = view["job"]["square"] if view.get("job") else None
    if current is not None:
        row, col = divmod(current, 13)
        x0, y0 = MARGIN + col * CELL_W, top + row * (CELL_H + 8)
        draw.rectangle((x0 + 2, y0, x0 + CELL_W - 2, y0 + CELL_H), outline=(0, 0, 0), width=5)
    for index, seats in by_square.items():
        row, col = divmod(index, 13)
        x0, y0 = MARGIN + col * CELL_W, top + row * (CELL_H + 8)
        for k, seat in enumerate(seats[:6]):
            badge(draw, (x0 + 15 + (k % 4) * 20, y0 + 60 + (k // 4) * 20), 10, player_colour(seat), str(seat + 1))
    return top + 4 * (CELL_H + 8)


def _legend(draw: Any, top: int) -> int:
    x = MARGIN
    for kind in TYPES:
        draw.rectangle((x, top + 2, x + 22, top + 22), fill=TYPE_RGB[kind], outline=INK)
        label = said(machines(kind))
        draw_text(draw, (x + 28, top), label, 16)
        x += 40 + int(len(label) * 9.5)
    marks = T("C card · BID · T trucking · * corner")
    draw_text(draw, (x, top), marks, fit_size(marks, WIDTH - MARGIN - x, 16, 12), MUTED)
    top += 26
    fees = T("Fees to: LF Landfill · SG Sand & Gravel · PV Paving Plant · CP Concrete Plant · /pc per piece · +GR per "
             "grader")
    draw_text(draw, (MARGIN, top), fees, fit_size(fees, WIDTH - 2 * MARGIN, 16, 12), MUTED)
    return top + 30


def _week_panel(draw: Any, box: tuple[int, int, int, int], view: dict[str, Any], names: list[str]) -> None:
    y = panel(draw, box, T("This week"), 22)
    x0, _, x1, _ = box
    width = x1 - x0 - 28

    def line(text: str, size: int = 18, bold: bool = False, fill: RGB = INK) -> None:
        nonlocal y
        draw_text(draw, (x0 + 14, y), text, fit_size(text, width, size), fill, bold=bold)
        y += size + 8

    job = view.get("job")
    auction = view.get("auction")
    bid = view.get("bid")
    if auction:
        seller = names[auction["seller"]]
        line(T("Big Sky Auction: {seller}'s {item}", seller=seller, item=item_word(auction["item"])), 20, True)
        line(T("Bids from {start} (listed {listed})", start=_money(auction["start"]), listed=_money(2 * auction["start"])))
        if auction["leader"] is not None:
            line(T("{who} leads at {bid}", who=names[auction["leader"]], bid=_money(auction["high"])))
        line(T("Next to bid: {who}", who=names[auction["to_act"]]) if auction["to_act"] is not None else T("No bidders"))
        return
    moved = view.get("moved")
    if job:
        square = TRACK[job["square"]]
        line(T("Week {week}: {name}", week=job["square"], name=square["name"]), 20, True)
        line(T("{who} landed · {kinds} · operating cost {cost}", who=names[job["seat"]], kinds=machines(square["type"]),
               cost=_money(square["cost"])))
        extras = []
        if "fee" in square:
            extras.append(T("{fee}/{machine} to {deed}", fee=_money(square["fee"]["per_piece"]),
                            machine=machine(square["type"]), deed=PROPERTIES[square["fee"]["property"]]["name"]))
        if "truck" in square:
            extras.append(T("trucking {cost}", cost=_money(square["truck"])))
        if "bonus" in square:
            extras.append(T("bonus {bonus}", bonus=_money(square["bonus"])))
        if square.get("card"):
            extras.append(T("Contingency card"))
        if extras:
            line(joined(extras, " · "))
        if "corner" in square:
            line(square["corner"]["text"], 16, fill=MUTED)
        if bid:
            line(T("Bidding: {who} leads at {bid}; {next} to bid", who=names[bid["leader"]], bid=_money(bid["high"]),
                   next=names[bid["to_act"]]), 18, True)
        elif job.get("worker") is not None:
            if job.get("bid"):
                line(T("{who} does the job (won the bid at {bid})", who=names[job["worker"]], bid=_money(job["bid"])))
            else:
                line(T("{who} does the job", who=names[job["worker"]]))
        if view.get("chart"):
            _chart(draw, (x0 + 14, y + 2, x1 - 14), view["chart"], names)
        return
    if moved:
        square = TRACK[moved_pos(moved)]
        line(T("{who} rolled {roll}: week {week}", who=names[moved["seat"]], roll=moved["roll"], week=moved_pos(moved)),
             20, True)
        line(square["name"])
    else:
        line(T("Everyone on YEAR END. The highest roll starts."), 18)
    if view.get("start_rolls") and not view.get("turns"):
        for text in _start_lines(view, names):
            line(text, 18)


def _start_lines(view: dict[str, Any], names: list[str]) -> list[str]:
    """The roll-offs for the first player: "Starting rolls: ana 3 · bo 5 · cy 5", "Again: ..."."""
    lines = []
    for index, rolls in enumerate(view["start_rolls"]):
        each = joined([T("{name} {roll}", name=names[seat], roll=roll) for seat, roll in rolls], " · ")
        lines.append(T("Starting rolls: {rolls}", rolls=each) if index == 0 else T("Tie, again: {rolls}", rolls=each))
    lines.append(T("{who} rolled highest and starts.", who=names[view["first"]]))
    return lines


CHART_ROW = 22
"""Height of a text row of the job's rate chart in the week panel."""


def _chart(draw: Any, box: tuple[int, int, int], chart: dict[str, Any], names: list[str]) -> None:
    """The rate chart for the job being decided: a die face per column, the chart's figure
    per piece under it, and the gross it means for this contractor's pieces on the job."""
    x0, y, x1 = box
    kind, pieces = chart["type"], chart["pieces"]
    values = {"machine": machine(kind), "who": names[chart["seat"]], "pieces": pieces}
    if chart["hot"]:
        title = T("Rate chart, {machine}: per piece, and {who}'s {pieces} on the job · hot market: doubled", **values)
    else:
        title = T("Rate chart, {machine}: per piece, and {who}'s {pieces} on the job", **values)
    draw_text(draw, (x0, y), title, fit_size(title, x1 - x0, 16), MUTED)
    y += CHART_ROW
    label_w = 92
    column = (x1 - x0 - label_w) // 6
    for at, word, ink, bold in ((y + 14, T("roll"), MUTED, False), (y + 42, T("per piece"), MUTED, False),
                                (y + 42 + CHART_ROW, T("gross"), INK, True)):
        draw_text(draw, (x0, at), word, fit_size(word, label_w - 4, 16, 11, bold=bold), ink, bold=bold, anchor="lm")
    for face in range(1, 7):
        cx = x0 + label_w + (face - 1) * column + column // 2
        die(draw, (cx - 13, y + 1, cx + 13, y + 27), face, fill=TYPE_RGB[kind])
        draw_text(draw, (cx, y + 42), _money(chart["per_piece"][face - 1]), 16, INK, anchor="mm")
        draw_text(draw, (cx, y + 42 + CHART_ROW), _money(chart["gross"][face - 1]), 16, INK, bold=True, anchor="mm")


def moved_pos(moved: dict[str, Any]) -> int:
    return (moved["from"] + moved["roll"]) % len(TRACK)


def _income_panel(draw: Any, box: tuple[int, int, int, int], view: dict[str, Any], names: list[str]) -> None:
    y = panel(draw, box, T("Last income roll"), 22)
    x0, _, x1, _ = box
    last = view.get("last")
    if not last:
        draw_text(draw, (x0 + 14, y), T("No job done yet."), 18, MUTED)
        return
    die(draw, (x0 + 14, y, x0 + 70, y + 56), last["roll"], fill=TYPE_RGB[last["type"]])
    title = T("{who}, week {week}", who=names[last["seat"]], week=last["square"])
    draw_text(draw, (x0 + 84, y + 4), title, fit_size(title, x1 - x0 - 100, 19), bold=True)
    working = T("{n} {machine}(s) on the job", n=last["pieces"], machine=machine(last["type"]))
    draw_text(draw, (x0 + 84, y + 30), working, fit_size(working, x1 - x0 - 100, 16, 12), MUTED)
    y += 66
    for text, amount in last["lines"]:
        draw_text(draw, (x0 + 14, y), text, fit_size(text, x1 - x0 - 140, 17), INK)
        draw_text(draw, (x1 - 14, y), _money(amount), 17, INK, anchor="ra")
        y += 22
    draw.line((x0 + 14, y, x1 - 14, y), fill=LINE, width=2)
    draw_text(draw, (x0 + 14, y + 6), T("Net to the contractor"), 18, bold=True)
    draw_text(draw, (x1 - 14, y + 6), _money(last["net"]), 18, bold=True, anchor="ra")
    if last.get("card"):
        text = T("Card: {card}", card=last["card"])
        draw_text(draw, (x0 + 14, y + 34), text, fit_size(text, x1 - x0 - 28, 16, 11), MUTED)


def _contractor(draw: Any, box: tuple[int, int, int, int], contractor: dict[str, Any], name: str,
                view: dict[str, Any]) -> None:
    x0, y0, x1, _y1 = box
    seat = contractor["seat"]
    colour = player_colour(seat)
    turn = seat == view["turn"] and not view.get("over")
    draw.rounded_rectangle(box, radius=12, fill=PANEL if not contractor["out"] else (226, 222, 214),
                           outline=INK if turn else LINE, width=4 if turn else 2)
    badge(draw, (x0 + 24, y0 + 22), 15, colour, str(seat + 1))
    title = name
    if contractor["out"] and turn:
        title = T("{name}  (bankrupt)  · on turn", name=name)
    elif contractor["out"]:
        title = T("{name}  (bankrupt)", name=name)
    elif turn:
        title = T("{name}  · on turn", name=name)
    draw_text(draw, (x0 + 48, y0 + 10), title, fit_size(title, x1 - x0 - 250, 21), bold=True)
    worth = T("net worth {worth}", worth=_money(contractor["net_worth"]))
    draw_text(draw, (x1 - 14, y0 + 10), worth, 20, bold=True, anchor="ra")
    money_line = T("cash {cash} · notes {notes} · credit left {left} of {limit} · year {year}",
                   cash=_money(contractor["cash"]), notes=_money(contractor["notes"]),
                   left=_money(contractor["credit_left"]), limit=_money(contractor["credit_limit"]),
                   year=contractor["years"] + 1)
    draw_text(draw, (x0 + 14, y0 + 40), money_line, fit_size(money_line, x1 - x0 - 28, 18), INK)
    y = y0 + 62
    x = x0 + 14
    cell = (x1 - x0 - 28) // 6
    for item in EQUIPMENT:
        count = contractor["fleet"][item]
        fill = TYPE_RGB[item] if count else shade(TYPE_RGB[item], 1.7)
        draw.rounded_rectangle((x, y, x + cell - 8, y + 28), radius=6, fill=fill, outline=INK)
        hot = item in contractor["hot"]
        label = T("{pieces} HOT", pieces=pieces_of(item, count)) if hot else pieces_of(item, count)
        draw_text(draw, (x + (cell - 8) // 2, y + 14), label, fit_size(label, cell - 14, 17, 11, True),
                  text_on(fill), bold=True, anchor="mm")
        x += cell
    deeds = commas([PROPERTIES[d]["name"] for d in contractor["deeds"]]) or T("no deeds")
    hot_next = commas([machine(kind) for kind in contractor["hot_next"]])
    extra = T("{deeds} · hot next year: {hot}", deeds=deeds, hot=hot_next) if hot_next else deeds
    draw_text(draw, (x0 + 14, y + 32), extra, fit_size(extra, x1 - x0 - 28, 17), MUTED)


def _header(view: dict[str, Any], names: list[str]) -> tuple[str, str]:
    goal = (T("First audited net worth of {goal} wins", goal=_money(view["goal"])) if view["end"] == "networth"
            else T("Audit after {years} years", years=view["target_years"]))
    if view.get("over"):
        best = max((c for c in view["contractors"] if not c["out"]), key=lambda c: c["net_worth"])
        return (T("{who} wins with {worth}", who=names[best["seat"]], worth=_money(best["net_worth"])),
                named(view["over"]["reason"], names))
    waiting = view.get("waiting", [])
    phase = view["phase"]
    who = commas([names[s] for s in waiting])
    if phase == "window" and view.get("job") and view["job"].get("worker") is not None:
        return T("{who} may buy before {worker}'s income roll", who=who, worker=names[view["job"]["worker"]]), goal
    doing = {
        "turn": T("{who} to move", who=who), "shop": T("{who} shopping", who=who),
        "trade": T("{who} making an offer", who=who), "offer": T("{who} to answer an offer", who=who),
        "job": T("{who} to take or refuse the job", who=who), "bid": T("{who} to bid", who=who),
        "window": T("{who} may buy before the income roll", who=who), "crunch": T("{who} in a cash crunch", who=who),
        "auction": T("{who} to bid at auction", who=who),
    }
    return doing.get(phase, who), goal


def _panel_height(view: dict[str, Any]) -> int:
    """Tall enough for the income roll's lines (up to nine: chart, hot, card, costs, fees...)
    and for the week's job with its rate chart."""
    last = view.get("last")
    lines = len(last["lines"]) if last else 0
    week = 48 + 5 * 26 + 3 * CHART_ROW + 16 if view.get("chart") else 220
    return max(220, week, 48 + 66 + 22 * lines + 64)


def board(view: dict[str, Any]) -> Image.Image:
    names = seat_names(view)
    players = view["players"]
    panels = _panel_height(view)
    height = 56 + 4 * (CELL_H + 8) + 60 + panels + 12 + players * 124 + 22
    image, draw = canvas(WIDTH, height)
    headline, sub = _header(view, names)
    draw_text(draw, (MARGIN, 14), headline, fit_size(headline, 760, 28), bold=True)
    draw_text(draw, (WIDTH - MARGIN, 20), sub, fit_size(sub, 420, 18), MUTED, anchor="ra")
    y = _track(image, draw, 56, view)
    y = _legend(draw, y)
    half = (WIDTH - 2 * MARGIN - 16) // 2
    _week_panel(draw, (MARGIN, y, MARGIN + half, y + panels), view, names)
    _income_panel(draw, (MARGIN + half + 16, y, WIDTH - MARGIN, y + panels), view, names)
    y += panels + 12
    for index, contractor in enumerate(view["contractors"]):
        top = y + index * 124
        _contractor(draw, (MARGIN, top, WIDTH - MARGIN, top + 116), contractor, names[index], view)
    draw_text(draw, (WIDTH - MARGIN, height - 6), T("Contingency deck: {cards} cards · turn {turn}",
                                                    cards=view["deck_left"], turn=view["turns"]),
              16, MUTED, anchor="rs")
    return image


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first picture posted after every move (drawn in ``card.py``, which draws on
    this module, so it is imported when first used)."""
    from .card import table_card as draw_card

    return draw_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's deciding number exactly as the table card prints it."""
    from .card import card_standings as standings

    return standings(view)
