"""The Bullfrog Goldfield table card: the phone-first picture posted after every move.

720 px wide, so every text is at least 20 px (``floor_px(720)``). Top to bottom:

* whose decision it is and what it is, in one sentence;
* one row per player: seat colour, name and net worth (cash + stock, which decides the
  game); with ``cash=hidden`` only the stock is public, so the rows show that and say so;
* the last move's log lines;
* the part of the table the decision is about, large: the six character cards while they
  are chosen; one company's certificate (value, cash, bonds, holders, the bidding) in an
  auction, a charter purchase or the income decisions; otherwise a window of the map cut
  from the full board's own drawing and enlarged (×1.43), centred on the track being laid,
  the building site, or the areas the last move changed. Areas the last move changed are
  framed in yellow; area names are those of the move buttons.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import listing
from bot.i18n import said_already
from bot.render.card import labelled_paragraph, paragraph, standings, zoomed_crop
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, LINE, MUTED, PANEL, player_colour, text_on
from bot.render.text import fit_size, seat_names

from . import render
from .messages import T, Tn, commas, named, sentences, sums, usd
from .render import draw_text, said

WIDTH = 720
FLOOR = floor_px(WIDTH)
"""20 px: the smallest text on the card."""
PAD = 14
INNER = WIDTH - 2 * PAD
TITLE_PX = 26
ROW_PX = 28
TEXT_PX = 22
MAP_BOX_W = 504
"""Map pixels shown across the card: 720 / 504 = 1.43, so the board's smallest text (its
15 px railroad tags) arrives at 21 px."""
MAP_BOX_H = 336
"""About two hex rows: the window is 480 px tall on the card."""
MAP_H = render.MAP_TOP + render.MAP_H


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's net worth as the card prints it ("$48,000"); its stock value while cash
    is hidden (the only public part of it)."""
    return [T("{worth:$}", worth=usd(seat["stock"] if seat["worth"] is None else seat["worth"])) for seat in view["seats"]]


def _company_name(cid: str) -> str:
    return str(render.C.companies[cid].name)


def decision(view: dict[str, Any], names: list[str]) -> str:
    """Who decides what, in one short sentence (the names are those of the move buttons)."""
    phase, active = view["phase"], view["active"]
    if phase == "over":
        best = max(seat["worth"] for seat in view["seats"])
        winners = [names[s] for s, seat in enumerate(view["seats"]) if seat["worth"] == best]
        return Tn("Game over: {winners} wins with {worth:$}.", "Game over: {winners} win with {worth:$}.", len(winners),
                  winners=listing(winners), worth=usd(best))
    who = names[active]
    if phase == "select":
        return T("Cycle {cycle}: {who} chooses a character card.", cycle=view["cycle"], who=who)
    if phase == "payoff":
        return T("Income: {who} decides whether the {railroad} pays off bonds.", who=who,
                 railroad=_company_name(view["income_company"]))
    if phase == "dividend":
        return T("Income: {who} decides whether the {company} pays a dividend.", who=who,
                 company=_company_name(view["income_company"]))
    auction, sub = view["auction"], view["sub"]
    if auction:
        return T("Auction of a {company} share: {who} bids or passes.", company=_company_name(auction["co"]), who=who)
    if sub and sub["kind"] == "lay":
        return T("{who} lays {railroad} track: pick an area or finish.", who=who, railroad=_company_name(sub["rr"]))
    if sub and sub["kind"] == "build":
        return T("{who} chooses who pays for the building at {area}.", who=who,
                 area=render.C.areas[sub["area"]].name)
    if sub and sub["kind"] == "charter":
        return T("{who} chooses the price of the {company} charter.", who=who, company=_company_name(sub["co"]))
    return T("Cycle {cycle}, round {round} of 3: {who} chooses an action.", cycle=view["cycle"], round=view["round"],
             who=who)


def last_move(view: dict[str, Any], names: list[str]) -> str:
    last = view.get("last")
    if not last or not last["lines"]:
        return ""
    return sentences([named(line, names) for line in last["lines"]])


def map_focus(view: dict[str, Any]) -> list[str]:
    """The areas the map window is centred on, or [] when the decision is not on the map."""
    if view["phase"] != "act" or view["auction"]:
        return []
    sub = view["sub"]
    if sub and sub["kind"] == "lay":
        companies = {c["id"]: c for c in view["companies"]}
        trains = companies[sub["rr"]]["trains"]
        # Where the track grows from: what is laid this turn, else the newest train, else the start town.
        return list(sub["areas"]) or trains[-1:] or [companies[sub["rr"]]["area"]]
    if sub and sub["kind"] == "build":
        return [sub["area"]]
    if sub:
        return []
    return list((view.get("last") or {}).get("areas", []))


def _map_box(focus: list[str]) -> tuple[int, int, int, int]:
    """The region of the board's map (full-size pixels) centred on the focus areas."""
    centres = [render.hex_centre(render.C.areas[a].col, render.C.areas[a].row) for a in focus]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    x0 = int(min(max(0, cx - MAP_BOX_W / 2), render.WIDTH - MAP_BOX_W))
    y0 = int(min(max(render.MAP_TOP, cy - MAP_BOX_H / 2), MAP_H - MAP_BOX_H))
    return x0, y0, x0 + MAP_BOX_W, y0 + MAP_BOX_H


def _map_window(view: dict[str, Any], focus: list[str]) -> Image.Image:
    changed = (view.get("last") or {}).get("areas", [])

    def drawn() -> Image.Image:
        image = Image.new("RGB", (render.WIDTH, MAP_H), BACKGROUND)
        draw = ImageDraw.Draw(image)
        render.draw_map(image, draw, view)
        for area in changed:
            cx, cy = render.hex_centre(render.C.areas[area].col, render.C.areas[area].row)
            draw.polygon(render.hex_points(cx, cy, render.R - 4), outline=INK, width=9)
            draw.polygon(render.hex_points(cx, cy, render.R - 7), outline=HIGHLIGHT, width=5)
        return image

    return zoomed_crop(drawn, _map_box(focus), WIDTH)


def _characters(view: dict[str, Any], names: list[str]) -> Image.Image:
    """The six character cards, two rows of three: value, name, and who took it."""
    image = Image.new("RGB", (WIDTH, 2 * 104 + 8), BACKGROUND)
    draw = ImageDraw.Draw(image)
    holder = {card: seat for seat, card in enumerate(s["card"] for s in view["seats"]) if card}
    width = (INNER - 2 * 10) // 3
    for index, card in enumerate(render.C.characters):
        x = PAD + (index % 3) * (width + 10)
        y = 4 + (index // 3) * 104
        seat = holder.get(card.value)
        fill = PANEL if seat is None else player_colour(seat)
        draw.rounded_rectangle((x, y, x + width, y + 96), radius=10, fill=fill, outline=INK if seat is None else LINE,
                               width=3 if seat is None else 2)
        ink = text_on(fill)
        title = T("{value} {card}", value=card.value, card=card.name)
        draw_text(draw, (x + width / 2, y + 28), title, fit_size(title, width - 16, 24, FLOOR, bold=True), ink,
                  bold=True, anchor="mm")
        under = T("free") if seat is None else names[seat]
        draw_text(draw, (x + width / 2, y + 68), under, fit_size(under, width - 16, 22, FLOOR), ink, anchor="mm")
    return image


def _company(view: dict[str, Any], cid: str, names: list[str]) -> Image.Image:
    """One company's certificate, large: value, cash, bonds or tiles, holders, the bidding."""
    company = next(c for c in view["companies"] if c["id"] == cid)
    lines = [T("Value {value} · cash on charter {cash:$}", value=company["value"], cash=usd(company["cash"]))]
    if company["kind"] == "rr":
        if company["bonds"]:
            lines.append(T("Bonds: {bonds}", bonds=sums([T("{bond:$}", bond=usd(b)) for b in company["bonds"]])))
        else:
            lines.append(T("Bonds: none"))
    else:
        lines.append(T("Dig tiles left: {n}", n=company["tiles_left"]))
    if company["charter"] is not None:
        holders = commas([T("bank") if s is None else names[s] for s in company["shares"]])
        lines.append(T("Charter: {name} · shares: {holders}", name=names[company["charter"]], holders=holders))
    auction = view["auction"]
    if auction and auction["co"] == cid:
        seller = names[auction["seller"]]
        if auction["high"] is not None:
            lines.append(T("Sold by {seller}. High bid {bid:$} by {bidder}.", seller=seller, bid=usd(auction["bid"]),
                           bidder=names[auction["high"]]))
        else:
            lines.append(T("Sold by {seller}. Minimum bid {bid:$}.", seller=seller, bid=usd(auction["min"])))
    image = Image.new("RGB", (WIDTH, 600), BACKGROUND)
    draw = ImageDraw.Draw(image)
    colour = render.company_rgb(cid)
    draw.rounded_rectangle((PAD, 4, WIDTH - PAD, 56), radius=10, fill=colour)
    if company["kind"] == "rr":
        title = T("{code} {company}", code=render.CODES[cid], company=company["name"])
    else:
        title = T("{code} {mine} mine", code=render.CODES[cid], mine=company["name"])
    draw_text(draw, (PAD + 14, 30), title, fit_size(title, INNER - 28, TITLE_PX, FLOOR, bold=True), text_on(colour),
              bold=True, anchor="lm")
    y = 66
    for line in lines:
        words = said(line)
        with said_already():
            y = paragraph(draw, (PAD, y), words, TEXT_PX, INNER, INK, max_lines=2)
    return image.crop((0, 0, WIDTH, y + 6))


def _holder_chip(draw: ImageDraw.ImageDraw, at: tuple[int, int], seat: int | None, charter: bool) -> None:
    """A certificate's holder: their seat number in their colour (as in the standings), or
    "B" for the bank; the charter's chip is framed thick."""
    x, y = at
    fill = PANEL if seat is None else player_colour(seat)
    draw.rounded_rectangle((x, y, x + 52, y + 32), radius=6, fill=fill, outline=INK, width=4 if charter else 1)
    draw_text(draw, (x + 26, y + 16), "B" if seat is None else str(seat + 1), FLOOR + 2, text_on(fill), bold=True,
              anchor="mm")


def _market(view: dict[str, Any], names: list[str]) -> Image.Image:
    """The companies a main action works on: each open one's value (its share price) and
    who holds its certificates ("bank" = a share still for sale); closed charters counted."""
    open_ones = [c for c in view["companies"] if c["status"] in ("open", "worthless")]
    row = 40
    image = Image.new("RGB", (WIDTH, 60 + row * len(open_ones) + 40), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = 8
    if open_ones:
        legend = T("Value = share price · charter, shares (B = bank)")
        draw_text(draw, (PAD, 8), legend, fit_size(legend, INNER, TEXT_PX, FLOOR, bold=True), MUTED, bold=True)
        y = 44
    for company in open_ones:
        cid, colour = company["id"], render.company_rgb(company["id"])
        draw.rounded_rectangle((PAD, y, PAD + 50, y + row - 8), radius=6, fill=colour)
        draw_text(draw, (PAD + 25, y + (row - 8) / 2), render.CODES[cid], FLOOR, text_on(colour), bold=True,
                  anchor="mm")
        draw_text(draw, (PAD + 62, y + (row - 8) / 2), company["name"], TEXT_PX, INK, bold=True, anchor="lm")
        draw_text(draw, (PAD + 380, y + (row - 8) / 2), str(company["value"]), TEXT_PX, INK, bold=True, anchor="rm")
        middle = y + (row - 8) / 2
        if company["status"] == "worthless":
            draw_text(draw, (PAD + 400, middle), T("worthless"), TEXT_PX, MUTED, anchor="lm")
        else:
            for index, seat in enumerate([company["charter"], *company["shares"]]):
                _holder_chip(draw, (PAD + 400 + index * 62, y), seat, charter=index == 0)
        y += row
    closed = sum(c["status"] == "closed" for c in view["companies"])
    if closed:
        note = T("{n} charters still for sale (from {price:$}).", n=closed, price=10_000) if open_ones else \
            T("No company is open yet: {n} charters for sale (from {price:$}).", n=closed, price=10_000)
        draw_text(draw, (PAD, y + 4), note, FLOOR, MUTED)
        y += 32
    return image.crop((0, 0, WIDTH, y + 6))


def _table_part(view: dict[str, Any], names: list[str]) -> Image.Image | None:
    """The part of the table where the decision happens (None at the end with nothing to show)."""
    phase = view["phase"]
    if phase == "select":
        return _characters(view, names)
    if phase in ("payoff", "dividend"):
        return _company(view, view["income_company"], names)
    if view["auction"]:
        return _company(view, view["auction"]["co"], names)
    if view["sub"] and view["sub"]["kind"] == "charter":
        return _company(view, view["sub"]["co"], names)
    focus = map_focus(view)
    if focus:
        return _map_window(view, focus)
    return None if phase == "over" else _market(view, names)


def table_card(view: dict[str, Any]) -> Image.Image:
    """The card posted after every move (see the module docstring), from the public view."""
    names = seat_names(view)
    head = Image.new("RGB", (WIDTH, 1200), BACKGROUND)
    draw = ImageDraw.Draw(head)
    draw.rectangle((0, 0, WIDTH, 8), fill=(92, 62, 38))
    # The card's shared helpers draw through Pillow, which would make a text plain English
    # (see render.said): they get the words said, and draw them as they are.
    heading = said(decision(view, names))
    values = [said(value) for value in card_standings(view)]
    hidden = said(T("Cash is hidden: the numbers are stock values."))
    last = last_move(view, names)
    label, last = said(T("Last:")), said(last) if last else ""
    with said_already():
        y = paragraph(draw, (PAD, 16), heading, TITLE_PX, INNER, INK, bold=True, max_lines=3)
        turn = None if view["phase"] == "over" else view["active"]
        y = standings(draw, (PAD - 4, y + 6), INNER + 8, names, values, turn, ROW_PX, mover_bar=True)
        if any(seat["worth"] is None for seat in view["seats"]):
            y = paragraph(draw, (PAD, y), hidden, FLOOR, INNER, MUTED)
        if last:
            draw.line((PAD, y + 4, WIDTH - PAD, y + 4), fill=LINE, width=2)
            y = labelled_paragraph(draw, (PAD, y + 12), label, last, TEXT_PX, INNER)
    part = _table_part(view, names)
    height = y + 8 + (part.height + 4 if part is not None else 0)
    card = Image.new("RGB", (WIDTH, height), BACKGROUND)
    card.paste(head.crop((0, 0, WIDTH, y + 8)), (0, 0))
    if part is not None:
        card.paste(part, (0, y + 8))
    return card

