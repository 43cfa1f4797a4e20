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

from PIL import Image

from bot.engine import fill_seat_refs
from bot.render.dice import die
from bot.render.palette import INK, LINE, MUTED, PANEL, RGB, player_colour, shade, text_on
from bot.render.shapes import badge, canvas, panel
from bot.render.text import draw_text, fit_size, seat_names

from .components import EQUIPMENT, PROPERTIES, TRACK, TYPES

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


def _money(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    if amount >= 1_000_000:
        return f"{sign}${amount / 1_000_000:.2f}M"
    if amount >= 1_000:
        return f"{sign}${amount // 1000}k" if amount % 1000 == 0 else f"{sign}${amount / 1000:.1f}k"
    return f"{sign}${amount}"


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


@functools.lru_cache(maxsize=1)
def _track_art() -> Image.Image:
    """The printed board (squares, numbers, costs, marks): drawn once, pasted on every picture."""
    image, draw = canvas(WIDTH, 4 * (CELL_H + 8))
    for index, square in enumerate(TRACK):
        row, col = divmod(index, 13)
        x0 = MARGIN + col * CELL_W
        y0 = row * (CELL_H + 8)
        fill = _square_fill(square)
        draw.rectangle((x0 + 2, y0, x0 + CELL_W - 2, y0 + CELL_H), fill=fill, outline=INK, width=1)
        ink = text_on(fill)
        if square["kind"] == "yearend":
            draw_text(draw, (x0 + CELL_W // 2, y0 + 22), "YEAR", 17, ink, bold=True, anchor="mm")
            draw_text(draw, (x0 + CELL_W // 2, y0 + 42), "END", 17, ink, bold=True, anchor="mm")
            continue
        draw_text(draw, (x0 + 7, y0 + 4), str(index), 17, ink, bold=True)
        if square["kind"] == "job":
            draw_text(draw, (x0 + CELL_W - 7, y0 + 4), _money(square["cost"]), 16, ink, anchor="ra")
            draw_text(draw, (x0 + 7, y0 + 26), _marks(square), 16, ink, bold=True)
        elif square["kind"] == "market":
            draw_text(draw, (x0 + 7, y0 + 26), "HOT " + SHORT[square["type"]], 16, ink, bold=True)
        else:
            label = "TRUCK" if "truck" in square else DEED_LETTER.get(square.get("fee", {}).get("property", ""), "")
            if "earn" in square:
                label = "+GR"
            if "per_piece" in square:
                label = "/pc"
            draw_text(draw, (x0 + 7, y0 + 26), label, 16, ink, bold=True)
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
        label = f"{kind}s"
        draw_text(draw, (x + 28, top), label, 16)
        x += 40 + int(len(label) * 9.5)
    draw_text(draw, (x, top), "C card · BID · T trucking · * corner", 16, MUTED)
    top += 26
    draw_text(draw, (MARGIN, top), "Fees to: LF Landfill · SG Sand & Gravel · PV Paving Plant · CP Concrete Plant · "
              "/pc per piece · +GR per grader", 16, MUTED)
    return top + 30


def _week_panel(draw: Any, box: tuple[int, int, int, int], view: dict[str, Any], names: list[str]) -> None:
    y = panel(draw, box, "This week", 22)
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
        line(f"Big Sky Auction: {seller}'s {auction['item']}", 20, True)
        line(f"Bids from {_money(auction['start'])} (listed {_money(2 * auction['start'])})")
        if auction["leader"] is not None:
            line(f"{names[auction['leader']]} leads at {_money(auction['high'])}")
        line(f"Next to bid: {names[auction['to_act']]}" if auction["to_act"] is not None else "No bidders")
        return
    moved = view.get("moved")
    if job:
        square = TRACK[job["square"]]
        line(f"Week {job['square']}: {square['name']}", 20, True)
        line(f"{names[job['seat']]} landed · {square['type']}s · operating cost {_money(square['cost'])}")
        extras = []
        if "fee" in square:
            extras.append(f"{_money(square['fee']['per_piece'])}/{square['type']} to {PROPERTIES[square['fee']['property']]['name']}")
        if "truck" in square:
            extras.append(f"trucking {_money(square['truck'])}")
        if "bonus" in square:
            extras.append(f"bonus {_money(square['bonus'])}")
        if square.get("card"):
            extras.append("Contingency card")
        if extras:
            line(" · ".join(extras))
        if "corner" in square:
            line(square["corner"]["text"], 16, fill=MUTED)
        if bid:
            line(f"Bidding: {names[bid['leader']]} leads at {_money(bid['high'])}; {names[bid['to_act']]} to bid", 18, True)
        elif job.get("worker") is not None:
            line(f"{names[job['worker']]} does the job" + (f" (won the bid at {_money(job['bid'])})" if job.get("bid") else ""))
        if view.get("chart"):
            _chart(draw, (x0 + 14, y + 2, x1 - 14), view["chart"], names)
        return
    if moved:
        square = TRACK[moved_pos(moved)]
        line(f"{names[moved['seat']]} rolled {moved['roll']}: week {moved_pos(moved)}", 20, True)
        line(square["name"])
    else:
        line("Everyone on YEAR END. The highest roll starts.", 18)
    if view.get("start_rolls") and not view.get("turns"):
        for text in _start_lines(view, names):
            line(text, 18)


def _start_lines(view: dict[str, Any], names: list[str]) -> list[str]:
    """The roll-offs for the first player: "Starting rolls: ana 3 · bo 5 · cy 5", "Again: ..."."""
    lines = []
    for index, rolls in enumerate(view["start_rolls"]):
        head = "Starting rolls" if index == 0 else "Tie, again"
        lines.append(f"{head}: " + " · ".join(f"{names[seat]} {roll}" for seat, roll in rolls))
    lines.append(f"{names[view['first']]} rolled highest and starts.")
    return lines


CHART_ROW = 22
"""Height of a text row of the job's rate chart in the week panel."""


def _chart(draw: Any, box: tuple[int, int, int], chart: dict[str, Any], names: list[str]) -> None:
    """The rate chart for the job being decided: a die face per column, the chart's figure
    per piece under it, and the gross it means for this contractor's pieces on the job."""
    x0, y, x1 = box
    kind, pieces = chart["type"], chart["pieces"]
    hot = " · hot market: doubled" if chart["hot"] else ""
    title = f"Rate chart, {kind}: per piece, and {names[chart['seat']]}'s {pieces} on the job{hot}"
    draw_text(draw, (x0, y), title, fit_size(title, x1 - x0, 16), MUTED)
    y += CHART_ROW
    label_w = 92
    column = (x1 - x0 - label_w) // 6
    draw_text(draw, (x0, y + 14), "roll", 16, MUTED, anchor="lm")
    draw_text(draw, (x0, y + 42), "per piece", 16, MUTED, anchor="lm")
    draw_text(draw, (x0, y + 42 + CHART_ROW), "gross", 16, INK, bold=True, anchor="lm")
    for face in range(1, 7):
        cx = x0 + label_w + (face - 1) * column + column // 2
        die(draw, (cx - 13, y + 1, cx + 13, y + 27), face, fill=TYPE_RGB[kind])
        draw_text(draw, (cx, y + 42), _money(chart["per_piece"][face - 1]), 16, INK, anchor="mm")
        draw_text(draw, (cx, y + 42 + CHART_ROW), _money(chart["gross"][face - 1]), 16, INK, bold=True, anchor="mm")


def moved_pos(moved: dict[str, Any]) -> int:
    return (moved["from"] + moved["roll"]) % len(TRACK)


def _income_panel(draw: Any, box: tuple[int, int, int, int], view: dict[str, Any], names: list[str]) -> None:
    y = panel(draw, box, "Last income roll", 22)
    x0, _, x1, _ = box
    last = view.get("last")
    if not last:
        draw_text(draw, (x0 + 14, y), "No job done yet.", 18, MUTED)
        return
    die(draw, (x0 + 14, y, x0 + 70, y + 56), last["roll"], fill=TYPE_RGB[last["type"]])
    title = f"{names[last['seat']]}, week {last['square']}"
    draw_text(draw, (x0 + 84, y + 4), title, fit_size(title, x1 - x0 - 100, 19), bold=True)
    draw_text(draw, (x0 + 84, y + 30), f"{last['pieces']} {last['type']}(s) on the job", 16, MUTED)
    y += 66
    for text, amount in last["lines"]:
        draw_text(draw, (x0 + 14, y), text, fit_size(text, x1 - x0 - 140, 17), INK)
        draw_text(draw, (x1 - 14, y), _money(amount) if amount else "$0", 17, INK, anchor="ra")
        y += 22
    draw.line((x0 + 14, y, x1 - 14, y), fill=LINE, width=2)
    draw_text(draw, (x0 + 14, y + 6), "Net to the contractor", 18, bold=True)
    draw_text(draw, (x1 - 14, y + 6), _money(last["net"]), 18, bold=True, anchor="ra")
    if last.get("card"):
        text = "Card: " + last["card"]
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
    title = name + ("  (bankrupt)" if contractor["out"] else "") + ("  · on turn" if turn else "")
    draw_text(draw, (x0 + 48, y0 + 10), title, fit_size(title, x1 - x0 - 250, 21), bold=True)
    worth = f"net worth {_money(contractor['net_worth'])}"
    draw_text(draw, (x1 - 14, y0 + 10), worth, 20, bold=True, anchor="ra")
    money_line = (f"cash {_money(contractor['cash'])} · notes {_money(contractor['notes'])} · credit left "
                  f"{_money(contractor['credit_left'])} of {_money(contractor['credit_limit'])} · year {contractor['years'] + 1}")
    draw_text(draw, (x0 + 14, y0 + 40), money_line, fit_size(money_line, x1 - x0 - 28, 18), INK)
    y = y0 + 62
    x = x0 + 14
    cell = (x1 - x0 - 28) // 6
    for item in EQUIPMENT:
        count = contractor["fleet"][item]
        fill = TYPE_RGB[item] if count else shade(TYPE_RGB[item], 1.7)
        draw.rounded_rectangle((x, y, x + cell - 8, y + 28), radius=6, fill=fill, outline=INK)
        hot = item in contractor["hot"]
        label = f"{count} {item}{'' if count == 1 else 's'}" + (" HOT" if hot else "")
        draw_text(draw, (x + (cell - 8) // 2, y + 14), label, fit_size(label, cell - 14, 17, 11, True),
                  text_on(fill), bold=True, anchor="mm")
        x += cell
    deeds = ", ".join(PROPERTIES[d]["name"] for d in contractor["deeds"]) or "no deeds"
    hot_next = ", ".join(contractor["hot_next"])
    extra = deeds + (f" · hot next year: {hot_next}" if hot_next else "")
    draw_text(draw, (x0 + 14, y + 32), extra, fit_size(extra, x1 - x0 - 28, 17), MUTED)


def _header(view: dict[str, Any], names: list[str]) -> tuple[str, str]:
    goal = (f"First audited net worth of {_money(view['goal'])} wins" if view["end"] == "networth"
            else f"Audit after {view['target_years']} years")
    if view.get("over"):
        best = max((c for c in view["contractors"] if not c["out"]), key=lambda c: c["net_worth"])
        return f"{names[best['seat']]} wins with {_money(best['net_worth'])}", fill_seat_refs(view["over"]["reason"], names)
    waiting = view.get("waiting", [])
    phase = view["phase"]
    who = ", ".join(names[s] for s in waiting)
    doing = {
        "turn": "to move", "shop": "shopping", "trade": "making an offer", "offer": "to answer an offer",
        "job": "to take or refuse the job", "bid": "to bid", "window": "may buy before the income roll",
        "crunch": "in a cash crunch", "auction": "to bid at auction",
    }.get(phase, "")
    if phase == "window" and view.get("job") and view["job"].get("worker") is not None:
        doing = f"may buy before {names[view['job']['worker']]}'s income roll"
    return f"{who} {doing}".strip(), goal


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
    draw_text(draw, (WIDTH - MARGIN, height - 6), f"Contingency deck: {view['deck_left']} cards · turn {view['turns']}",
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
