"""The 1856 table card: the picture posted after every move, designed for a phone first.

Discord shows a picture about 400 px wide on a phone; the full table (``render.board``) is
1,400 px wide, so its text arrives at a third of its size. The card is :data:`WIDTH` px wide
and no text on it is smaller than :func:`floor_px` of that (20 px, 11 px as a phone shows it).
Top to bottom it shows:

- the round and phase, and who must decide what now (one short sentence);
- one row per player: colour, name, cash, and **net worth** in dollars, which is what
  ``outcome`` ranks by (cash + shares at market price + privates, less $10 a share per loan
  its company owes); the player to move is framed;
- the last move, from ``view["last"]`` (who did what; its hex or company is marked below);
- where the decision happens, drawn large: while a company operates on the map (track,
  stations, runs) a window of the map around its choices, each choosable hex labelled with
  its coordinate as the move buttons say it; otherwise the companies (price, treasury,
  trains, shares on sale) or, in the auction, the private companies.

The map window is drawn at the card's own scale, not cut from the full map: the full map's
coordinates, revenues and station letters are 12–16 px, which no enlargement would bring to
the floor without blur. It reuses the full map's hex-and-track sprites (``render_map``,
layer 0 has no text) on a fixed geometry, so they are cached once per tile, and draws its
own stations (letters on the company's colour at the floor size) and labels on top.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.games.g1856 import board as gboard
from bot.games.g1856 import core, economy
from bot.games.g1856.map import current, legal_token_placements, tokens_of
from bot.games.g1856.messages import RIGHTS, T, Tn, money, named, restored, worth
from bot.games.g1856.render import STEP_WORDS, lay_hexes, round_title, shown_run
from bot.games.g1856.render_map import (
    _corp_colour,
    _draw_routes,
    _fit_name,
    _Layout,
    _node_positions,
    _sprite,
    _town_radius,
)
from bot.i18n import Said, said_already, say_drawn
from bot.render.card import paragraph, standings
from bot.render.legibility import floor_px
from bot.render.palette import BACKGROUND, HIGHLIGHT, INK, LINE, MUTED, PANEL, RGB, WHITE, text_on
from bot.render.text import draw_text, seat_names, text_width, wrap

WIDTH = 720
FLOOR = floor_px(WIDTH)  # 20 px: 11 px on a phone
TEXT = 24  # names, sentences (13 px on a phone)
TITLE = 28
MARGIN = 16
INNER = WIDTH - 2 * MARGIN

HEX = 60.0
"""The map window's hex side: 8 columns by 5 hexes fit the card, and a company's letters
(20 px, bold) fit on a chip the width of a city."""
MAP_HEIGHT = 520
GEOMETRY = (HEX, 0.0, 0.0, 0, 1)
"""One fixed geometry for every window (the whole map at :data:`HEX`, from column A and row
1), so the cached hex sprites are reused however the window moves."""

MAP_STEPS = {"track", "token", "route"}
"""Operating steps decided on the map; the others are decided on the companies' charters."""


# ---------------------------------------------------------------- what the card says


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each player's net worth exactly as the card prints it ("$1,515"): what the game ranks by."""
    return [worth(value) for value in view["values"]]


def seat_to_move(view: dict[str, Any]) -> int | None:
    """The player who must decide now (the order ``legal_prompts`` asks in), or None at the end."""
    corps = view["corps"]
    if view["round"] == "over":
        return None
    if view.get("cgr_markers") or view.get("cgr_discard"):
        return corps["CGR"]["president"]
    if view["round"] == "auction":
        return core.auction_actor(view)
    if view["round"] == "stock":
        return (view.get("sr") or {}).get("current")
    nationalization = view.get("nationalization")
    if nationalization and nationalization.get("queue"):
        return corps[nationalization["queue"][0]]["president"]
    if view.get("discard"):
        return corps[view["discard"][0]]["president"]
    if view.get("crisis"):
        return view["crisis"]["seat"]
    corp = _operating(view)
    return corps[corp]["president"] if corp else None


def _operating(view: dict[str, Any]) -> str | None:
    op = view.get("op") if view["round"] == "operating" else None
    return op.get("corp") if op else None


def decision(view: dict[str, Any], names: list[str]) -> str:
    """One sentence: who decides what now."""
    seat = seat_to_move(view)
    who = names[seat] if seat is not None else T("Nobody")
    if view["round"] == "over":
        return _final(view, names)
    if view.get("cgr_markers"):
        return T("{who} settles the new CGR: take a station off", who=who)
    if view.get("cgr_discard"):
        return T("{who} settles the new CGR: keep or give up its trains", who=who)
    if view["round"] == "auction":
        up = view["auction"].get("auctioning")
        return T("{who}: bid on {up}", who=who, up=up) if up else T("{who}: buy or bid on a private company", who=who)
    if view["round"] == "stock":
        return T("{who}: buy or sell shares, start a company, or pass", who=who)
    nationalization = view.get("nationalization")
    if nationalization and nationalization.get("queue"):
        return T("{who}: repay {value}'s loans or merge it into the CGR", who=who, value=nationalization['queue'][0])
    if view.get("discard"):
        return T("{who}: {value} is over its train limit and must discard a train", who=who, value=view['discard'][0])
    if view.get("crisis"):
        return T("{who} must sell shares to pay what they owe", who=who)
    corp = _operating(view)
    op = view.get("op") or {}
    if not corp:
        return T("The operating round goes on")
    if op.get("home"):
        return T("{who}: choose the city of {hex} for {corp}'s home station", who=who, hex=op['home']['hex'], corp=corp)
    step = op.get("step") or ""
    if step == "track" and op.get("laid"):
        return T("{who} runs {corp}: its tile is laid; a private's extra tile, or pass", who=who, corp=corp)
    if step in ("track", "token"):
        hexes = choosable_hexes(view, corp)
        where = hexes[0] if len(hexes) == 1 else Tn("one of {n} outlined hex", "one of {n} outlined hexes", len(hexes))
        if not hexes:
            if step == "track":
                return T("{who} runs {corp}, which has nowhere it can lay a tile", who=who, corp=corp)
            return T("{who} runs {corp}, which has nowhere it can place a station", who=who, corp=corp)
        if step == "track":
            return T("{who} runs {corp}: lay a tile on {where}, or pass", who=who, corp=corp, where=where)
        return T("{who} runs {corp}: place a station in {where}, or pass", who=who, corp=corp, where=where)
    if step == "route":
        plan = op.get("plan") or {}
        return T("{who} runs {corp}: choose its run (the best, drawn, makes {revenue:$})", who=who, corp=corp, revenue=plan.get("revenue", 0))
    if step == "dividend":
        return T("{who} runs {corp}: pay out {revenue:$} or withhold it", who=who, corp=corp, revenue=op.get("revenue", 0))
    return T("{who} runs {corp}, which {does}", who=who, corp=corp, does=STEP_WORDS.get(step, T("operates")))


ENDINGS = {
    "bank": T("The bank broke"),
    "bankruptcy": T("A player went bankrupt"),
    "stalled": T("Nobody could act any more"),
    "false_president": T("The CGR's president could not pay"),
    "limit": T("The last stock round was played"),
}


def _final(view: dict[str, Any], names: list[str]) -> str:
    """How the game ended and who won: the highest net worth (``outcome`` ranks by it)."""
    best = max(view["values"])
    winners = [names[seat] for seat, value in enumerate(view["values"]) if value == best]
    ending = ENDINGS.get(view.get("ended") or "", T("The game ended"))
    if len(winners) == 1:
        return T("{ending}: {who} wins with {amount:$}", ending=ending, who=winners[0], amount=best)
    tied: str = winners[0]
    for name in winners[1:]:
        tied = T("{first} and {next}", first=tied, next=name)
    return T("{ending}: {who} tie with {amount:$}", ending=ending, who=tied, amount=best)


def _shares(n: int) -> str:
    return Tn("{n} share", "{n} shares", n)


def last_move(view: dict[str, Any], names: list[str]) -> str:
    """The move just made, as a sentence ("" before the first one)."""
    last = view.get("last")
    if not last:
        return ""
    parts = last["key"].split(":")
    kind = parts[0]
    corp = last.get("corp")
    who = names[last["seat"]] if 0 <= last["seat"] < len(names) else T("A player")
    subject = T("{who} ({corp})", who=who, corp=corp) if corp else who
    if last.get("round") == "auction":
        done = {
            "buy": T("bought {company}", company=parts[-1]),
            "bid": T("bid ${amount} on {company}", amount=parts[-1], company=parts[1]) if len(parts) > 2 else "",
        }
        text = done.get(kind) or T("passed")
    elif last.get("round") == "stock":
        text = {
            "par": T("started {corp} at ${par}", corp=parts[1], par=parts[-1]) if len(parts) > 2 else "",
            "buy": (
                T("bought a {corp} share from the bank pool", corp=parts[1])
                if parts[-1] == "pool"
                else T("bought a {corp} share from the IPO", corp=parts[1])
            )
            if len(parts) > 2
            else "",
            "sell": T("sold {shares} of {corp}", shares=_shares(int(parts[-1])), corp=parts[1])
            if len(parts) > 2 and parts[-1].isdigit()
            else "",
        }.get(kind) or T("passed")
    else:
        text = _operating_move(parts)
    said: str = T("{who} {did}", who=subject, did=text)
    for line in (last.get("events") or [])[:2]:
        said = T("{said} · {event}", said=said, event=named(restored(line), names))
    return said


def _operating_move(parts: list[str]) -> str:
    """What a move of the operating round did, from its key."""
    kind, arg = parts[0], parts[1] if len(parts) > 1 else ""
    if kind == "lay":
        return T("laid tile #{tile} on {arg}", tile=parts[2], arg=arg)
    if kind in ("token", "wsrc"):
        return T("placed a station in {arg}", arg=arg) if kind == "token" else T("placed the WSRC station")
    if kind == "sell":
        return (
            T("sold {shares} of {corp}", shares=_shares(int(parts[2])), corp=arg)
            if len(parts) > 2 and parts[2].isdigit()
            else T("sold shares")
        )
    words = {
        "tiles": T("looked at the tiles for {arg}", arg=arg),
        "run": T("chose to build its run") if arg == "choose" else T("ran its trains"),
        "stop": T("added a stop to a route"),
        "end": T("ended a route"),
        "none": T("let a train stand"),
        "payout": T("paid out"),
        "withhold": T("withheld"),
        "train": T("bought a train"),
        "borrow": T("borrowed a train"),
        "loan": T("took a loan"),
        "repay": T("repaid a loan"),
        "company": T("offered to buy {arg}", arg=arg),
        "price": T("paid ${arg}", arg=arg),
        "port": T("put the port on {arg}", arg=arg),
        "right": T("bought the {right} right", right=RIGHTS.get(arg, arg)),
        "home": T("placed its home station in {arg}", arg=arg),
        "relocate": T("moved a station"),
        "discard": T("discarded a {train}-train", train=arg.split("-")[0]),
        "payoff": T("repaid {arg}'s loans", arg=arg),
        "merge": T("let {arg} merge into the CGR", arg=arg),
        "cgr": T("settled the CGR"),
        "bankrupt": T("went bankrupt"),
        "back": T("went back"),
    }
    return words.get(kind, T("passed"))


def last_hexes(view: dict[str, Any]) -> set[str]:
    """The hexes the last move changed (a tile, a station, a home, the port)."""
    last = view.get("last") or {}
    parts = (last.get("key") or "").split(":")
    if parts[0] in ("lay", "token", "home", "port") and len(parts) > 1:
        return {parts[1]}
    return set()


def last_company(view: dict[str, Any]) -> str | None:
    """The company whose share the last stock-round or emergency move traded."""
    last = view.get("last") or {}
    parts = (last.get("key") or "").split(":")
    if parts[0] in ("par", "buy", "sell") and len(parts) > 2 and parts[1] in view["corps"]:
        return parts[1]
    return None


# ---------------------------------------------------------------- the map window


def choosable_hexes(view: dict[str, Any], corp: str | None = None) -> list[str]:
    """The hexes the player to move may choose on the map, named as the move buttons name them."""
    corp = corp or _operating(view)
    op = view.get("op") or {}
    if not corp:
        return []
    if op.get("home"):
        return [op["home"]["hex"]]
    if op.get("step") == "track":
        return lay_hexes(view)
    if op.get("step") == "token":
        cash = view["corps"][corp]["cash"]
        return sorted({spot.hex for spot in legal_token_placements(view["map"], corp) if spot.cost <= cash})
    return []


def _centre(coord: str) -> tuple[float, float]:
    return _Layout(HEX, (0.0, 0.0), (0, 0), (1, 1)).centre(coord)


def _map_size() -> tuple[float, float]:
    """The whole map's width and height at :data:`HEX`."""
    every = [_centre(coord) for coord in gboard.hexes()]
    return max(x for x, _ in every) + HEX, max(y for _, y in every) + HEX


def _window(primary: list[str], secondary: list[str]) -> tuple[int, int]:
    """The top-left corner (in whole-map pixels) of the window to show: of the windows centred
    on each hex of interest (or on their middle), the one holding most ``primary`` hexes (the
    decision's), then most ``secondary`` ones (the company's stations, its run), kept on the map."""
    right, bottom = _map_size()

    def corner(cx: float, cy: float) -> tuple[int, int]:
        left = min(max(0, round(cx - WIDTH / 2)), round(right - WIDTH))
        return left, min(max(0, round(cy - MAP_HEIGHT / 2)), round(bottom - MAP_HEIGHT))

    def inside(at: tuple[int, int], coords: list[str]) -> int:
        margin = HEX * 0.8  # the whole hex, or near enough to read its label
        return sum(
            at[0] + margin <= x <= at[0] + WIDTH - margin
            and at[1] + margin <= y <= at[1] + MAP_HEIGHT - margin
            for x, y in map(_centre, coords)
        )

    points = [_centre(coord) for coord in primary + secondary]
    if not points:
        return corner(right / 2, bottom / 2)
    middle = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
    candidates = [corner(*middle), *(corner(*point) for point in points)]
    return max(candidates, key=lambda at: (inside(at, primary), inside(at, secondary)))


def window_corner(view: dict[str, Any], choosable: list[str]) -> tuple[int, int]:
    """Where :func:`map_window` cuts the map: around the ``choosable`` hexes and the last move's,
    then the operating company's run and stations (see :func:`_window`)."""
    corp = _operating(view)
    run = shown_run(view)
    run_hexes = [
        gboard.split_node(stop)[0] for route in (run or {}).get("routes", []) for stop in route["stops"]
    ]
    stations = [coord for coord, _ in tokens_of(view["map"], corp)] if corp else []
    return _window([*choosable, *sorted(last_hexes(view))], [*run_hexes, *stations])


def map_window(view: dict[str, Any]) -> tuple[Image.Image, list[str]]:
    """The map around the operating company's decision, and the choosable hexes left outside it."""
    corp = _operating(view) or ""
    state = view["map"]
    choosable = choosable_hexes(view, corp)
    run = shown_run(view)
    left, top = window_corner(view, choosable)
    image = Image.new("RGB", (WIDTH, MAP_HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    layout = _Layout(HEX, (-left, -top), (0, 0), (1, 1))
    shown = [
        coord
        for coord in sorted(gboard.hexes())
        if -HEX < layout.centre(coord)[0] < WIDTH + HEX and -HEX < layout.centre(coord)[1] < MAP_HEIGHT + HEX
    ]
    for coord in shown:
        laid = state["tiles"].get(coord)
        sprite = _sprite(GEOMETRY, coord, 0, (laid["tile"], laid["rotation"]) if laid else None, (), (), "")
        if sprite is not None:
            picture, (x, y) = sprite
            image.paste(picture, (x - left, y - top), picture)
    colour = _corp_colour(corp) if corp else INK
    changed = last_hexes(view)
    for coord in shown:
        rings = [(INK, 12), (HIGHLIGHT, 8)] if coord in changed else []
        rings = [(INK, 10), (colour, 6)] if coord in choosable else rings  # a choice first
        corners = layout.corners(coord)
        for fill, width in rings:
            draw.line([*corners, corners[0]], fill=fill, width=width, joint="curve")
    if run:
        _draw_routes(draw, layout, state, run)
    for coord in shown:
        _stations(image, layout, coord, state, view["phase"])
    for coord in shown:
        if coord in choosable or coord in changed:
            _coordinate(image, layout, coord, HIGHLIGHT if coord in changed else WHITE)
    draw.rectangle((0, 0, WIDTH - 1, MAP_HEIGHT - 1), outline=LINE, width=2)
    return image, [coord for coord in choosable if not _labelled(layout, coord)]


def _labelled(layout: _Layout, coord: str) -> bool:
    """Whether ``coord``'s label plate (see :func:`_coordinate`) lies wholly in the window."""
    x, y = layout.centre(coord)
    return HEX * 0.6 <= x <= WIDTH - HEX * 0.6 and HEX * 0.85 <= y <= MAP_HEIGHT - HEX * 0.3


def _stations(image: Image.Image, layout: _Layout, coord: str, state: dict[str, Any], phase: str) -> None:
    """A hex's cities (a white disc a space), towns, and the companies' stations: a chip in the
    company's colour with its letters, under the city, as many as it holds."""
    placed = current(state, coord)
    if placed.colour == "red":
        _offboard(image, layout, coord, placed, phase)
    if placed.colour in ("red", "blue"):
        return
    draw = ImageDraw.Draw(image)
    nodes = _node_positions(layout, coord, placed)
    tokens = state["tokens"].get(coord, [])
    radius = HEX * 0.2
    for i, (_, slots) in enumerate(placed.cities):
        cx, cy = nodes[f"c{i}"]
        for k in range(slots):
            sx = cx + (k - (slots - 1) / 2) * 2 * radius
            corps = tokens[i] if i < len(tokens) else []
            fill = _corp_colour(corps[k]) if k < len(corps) else WHITE
            draw.ellipse(
                (sx - radius, cy - radius, sx + radius, cy + radius), fill=fill, outline=INK, width=2
            )
    for i in range(len(placed.towns)):
        tx, ty = nodes[f"t{i}"]
        r = _town_radius(HEX)
        draw.ellipse((tx - r, ty - r, tx + r, ty + r), fill=INK)
    for i, corps in enumerate(tokens):
        if not corps or f"c{i}" not in nodes:
            continue
        cx, cy = nodes[f"c{i}"]
        widths = [text_width(sym, FLOOR, True) + 10 for sym in corps]
        x = cx - (sum(widths) + 4 * (len(widths) - 1)) / 2
        y = cy + radius + 3
        for sym, w in zip(corps, widths, strict=True):
            fill = _corp_colour(sym)
            draw.rounded_rectangle((x, y, x + w, y + FLOOR + 6), radius=5, fill=fill, outline=INK, width=2)
            draw_text(
                draw, (x + w / 2, y + (FLOOR + 6) / 2), sym, FLOOR, text_on(fill), bold=True, anchor="mm"
            )
            x += w + 4


def _offboard(image: Image.Image, layout: _Layout, coord: str, placed: Any, phase: str) -> None:
    """An off-board area's name (as much as fits) and what a run to it earns in this phase."""
    h = gboard.hexes()[coord]
    if not placed.offboards or h["hidden"]:
        return
    draw = ImageDraw.Draw(image)
    x, y = layout.centre(coord)
    name = _fit_name(h["name"] or "", FLOOR, 2 * HEX - 8, bold=True)
    draw_text(draw, (x, y - HEX * 0.3), name, FLOOR, WHITE, bold=True, anchor="mm")
    value = str(gboard.revenue(placed.offboards[0], phase))
    r = text_width(value, FLOOR, True) / 2 + 7
    draw.ellipse((x - r, y + HEX * 0.25 - r, x + r, y + HEX * 0.25 + r), fill=WHITE, outline=INK, width=2)
    draw_text(draw, (x, y + HEX * 0.25), value, FLOOR, INK, bold=True, anchor="mm")


def _coordinate(image: Image.Image, layout: _Layout, coord: str, fill: RGB) -> None:
    """A choosable (or just changed) hex's coordinate, on a plate at the top of the hex."""
    draw = ImageDraw.Draw(image)
    x, y = layout.centre(coord)
    y -= HEX * 0.58
    w = text_width(coord, FLOOR + 2, True) + 12
    draw.rounded_rectangle((x - w / 2, y - 14, x + w / 2, y + 14), radius=6, fill=fill, outline=INK, width=2)
    draw_text(draw, (x, y), coord, FLOOR + 2, INK, bold=True, anchor="mm")


# ---------------------------------------------------------------- charters and privates


def _price(c: dict[str, Any]) -> int:
    return economy.price_at(c["pos"]) if c["pos"] else 0


def _started(view: dict[str, Any]) -> list[str]:
    return [sym for sym, c in view["corps"].items() if c["par"] is not None and not c["closed"]]


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, sym: str, width: int = 0) -> int:
    """A company's letters on its colour; returns the chip's width."""
    fill = _corp_colour(sym)
    w = max(width, text_width(sym, FLOOR, True) + 14)
    draw.rounded_rectangle((x, y, x + w, y + 30), radius=6, fill=fill, outline=INK, width=2)
    draw_text(draw, (x + w / 2, y + 15), sym, FLOOR, text_on(fill), bold=True, anchor="mm")
    return w


COLUMNS = ((T("price"), 180), (T("treasury"), 275), (T("trains"), 380), (T("IPO"), 510), (T("pool"), 580))
"""The charter table's columns (heading, left x): the share price, the treasury, the trains
(their names: 2 3 4), and the shares on sale in the IPO and the bank pool."""


def _trains(c: dict[str, Any]) -> str:
    return " ".join(t.split("-")[0] for t in c["trains"]) or T("none")


def _charters(image: Image.Image, view: dict[str, Any], y: int) -> int:
    """A row a started company; the operating one and the one just traded are framed."""
    draw = ImageDraw.Draw(image)
    started = _started(view)
    draw_text(draw, (MARGIN, y), T("Companies"), TEXT, INK, bold=True)
    for head, x in COLUMNS:
        draw_text(draw, (x, y + 4), head, FLOOR, MUTED)
    draw_text(draw, (WIDTH - MARGIN - 8, y + 4), T("loans"), FLOOR, MUTED, anchor="ra")
    y += 36
    marked = {_operating(view), last_company(view)} - {None}
    for k, sym in enumerate(started):
        c = view["corps"][sym]
        box = (MARGIN - 4, y - 3, WIDTH - MARGIN + 4, y + 33)
        if sym in marked:
            draw.rounded_rectangle(box, radius=6, fill=PANEL, outline=HIGHLIGHT, width=4)
        elif k % 2 == 0:
            draw.rectangle(box, fill=PANEL)
        _chip(draw, MARGIN, y, sym, 70)
        share = c.get("share_size", 10)
        cells = [
            money(_price(c)),
            money(c["cash"]),
            _trains(c),
            f"{c['ipo'] // share}",
            f"{c['pool'] // share}",
        ]
        for text, (_, x) in zip(cells, COLUMNS, strict=True):
            draw_text(draw, (x, y + 15), text, FLOOR, INK, anchor="lm")
        if c["loans"]:
            draw_text(draw, (WIDTH - MARGIN - 8, y + 15), str(c["loans"]), FLOOR, INK, anchor="rm")
        y += 38
    if not started:
        draw_text(draw, (MARGIN, y), T("No company has been started yet."), FLOOR, MUTED)
        y += 34
    waiting = [sym for sym, c in view["corps"].items() if c["par"] is None and not c["closed"]]
    if waiting:
        y = _chip_lines(draw, y + 4, T("Not started:"), waiting)
    return y


def _chip_lines(draw: ImageDraw.ImageDraw, y: int, label: str, syms: list[str]) -> int:
    draw_text(draw, (MARGIN, y + 15), label, FLOOR, MUTED, anchor="lm")
    x = MARGIN + text_width(label, FLOOR) + 10
    for sym in syms:
        if x + text_width(sym, FLOOR, True) + 14 > WIDTH - MARGIN:
            x, y = MARGIN + text_width(label, FLOOR) + 10, y + 36
        x += _chip(draw, x, y, sym) + 6
    return y + 38


def _privates(image: Image.Image, view: dict[str, Any], y: int, names: list[str]) -> int:
    """The private companies on the table: letters, face value, and its bids or owner; the one
    up for bids and the one the last move bought or bid on are framed."""
    draw = ImageDraw.Draw(image)
    draw_text(draw, (MARGIN, y), T("Private companies"), TEXT, INK, bold=True)
    draw_text(draw, (WIDTH - MARGIN, y + 4), T("value · income"), FLOOR, MUTED, anchor="ra")
    y += 36
    info = economy.privates()
    auction = view.get("auction") or {}
    last = view.get("last") or {}
    touched = (
        last["key"].split(":")[1] if last.get("round") == "auction" and ":" in last.get("key", "") else None
    )
    for sym, p in view["privates"].items():
        if p["closed"]:
            continue
        up = sym in (auction.get("auctioning"), touched)
        box = (MARGIN - 4, y - 3, WIDTH - MARGIN + 4, y + 33)
        draw.rounded_rectangle(
            box, radius=6, fill=PANEL, outline=HIGHLIGHT if up else LINE, width=4 if up else 1
        )
        draw_text(draw, (MARGIN + 6, y + 15), sym, TEXT - 2, INK, bold=True, anchor="lm")
        owner = p["owner"]
        bids = (auction.get("bids") or {}).get(sym) or []
        if owner is None and bids:
            status = T("bids: {bids}", bids=", ".join(f"{names[seat]} ${amount}" for seat, amount in bids))
        elif owner is None:
            status = T("for sale at ${price}", price=p['price'])
        else:
            status = names[int(owner[1:])] if owner.startswith("p") else owner
        draw_text(draw, (MARGIN + 100, y + 15), _fit(status, FLOOR, 410), FLOOR, INK, anchor="lm")
        draw_text(
            draw,
            (WIDTH - MARGIN - 8, y + 15),
            T("${value} · ${income}", value=info[sym]["value"], income=info[sym]["revenue"]),
            FLOOR,
            INK,
            anchor="rm",
        )
        y += 38
    return y


def _fit(text: str, size: int, room: int) -> str:
    """``text``, cut with "…" to fit ``room`` pixels (said in the language being spoken before
    it is cut, so the cut is of the words drawn)."""
    if text_width(text, size) <= room:
        return text
    cut = say_drawn(text)
    with said_already():
        while cut and text_width(cut + "…", size) > room:
            cut = cut[:-1]
    return Said(cut + "…")


def _operating_line(image: Image.Image, view: dict[str, Any], y: int) -> int:
    """The operating company's charter in one line: price, treasury, trains, loans."""
    corp = _operating(view)
    if not corp:
        return y
    draw = ImageDraw.Draw(image)
    c = view["corps"][corp]
    x = MARGIN + _chip(draw, MARGIN, y, corp) + 12
    text = T("share ${price} · treasury ${cash} · trains {trains}", price=_price(c), cash=c["cash"], trains=_trains(c))
    if c["loans"]:
        text = Tn("{charter} · {n} loan", "{charter} · {n} loans", c["loans"], charter=text)
    paragraph(draw, (x, y + 2), text, FLOOR, WIDTH - MARGIN - x, max_lines=2)
    return y + 40 + (FLOOR + 6 if text_width(text, FLOOR) > WIDTH - MARGIN - x else 0)


def _train_line(view: dict[str, Any]) -> str:
    """The next train the bank sells and how many are left, and the phase's train limit."""
    for name, left in view["depot"].items():
        if left:
            price = economy.train_info(name)["price"]
            count = "∞" if left < 0 else str(left)
            limit = economy.phase_info(view["phase"])["train_limit"]
            return T("Next train: {name}-train ${price} ({count} left) · limit {limit} a company", name=name, price=price, count=count, limit=limit)
    return T("The bank has no trains left")


# ---------------------------------------------------------------- the card


def table_card(view: dict[str, Any]) -> Image.Image:
    """The card, drawn from the public view (and ``view["names"]``)."""
    names = seat_names(view)
    image = Image.new("RGB", (WIDTH, 2400), BACKGROUND)
    draw = ImageDraw.Draw(image)
    lines = len(wrap(decision(view, names), TEXT, INNER))
    header = 54 + int(TEXT * 1.3) * min(2, lines) + 8
    draw.rectangle((0, 0, WIDTH, header), fill=PANEL)
    draw.line((0, header, WIDTH, header), fill=LINE, width=2)
    draw_text(
        draw, (MARGIN, 12), T("1856 · {round_title} · phase {phase}", round_title=round_title(view), phase=view['phase']), TITLE, INK, bold=True
    )
    paragraph(draw, (MARGIN, 54), decision(view, names), TEXT, INNER, max_lines=2)
    y = header + 14
    draw_text(draw, (MARGIN, y), T("Players"), TEXT, INK, bold=True)
    draw_text(draw, (WIDTH - MARGIN - 12, y + 4), T("net worth"), FLOOR, MUTED, anchor="ra")
    y += 38
    cash = [T("cash ${amount}", amount=amount) for amount in view["cash"]]
    y = standings(
        draw, (MARGIN, y), INNER, names, card_standings(view), seat_to_move(view), TEXT, notes=cash, bar_gap=3
    )
    said = last_move(view, names)
    if said:
        y = paragraph(draw, (MARGIN, y + 6), T("Last: {said}", said=said), FLOOR, INNER, fill=INK, max_lines=2) + 10
    y += 6
    op = view.get("op") or {}
    on_map = _operating(view) and (op.get("step") in MAP_STEPS or op.get("home")) and not _side_decision(view)
    if on_map:
        window, outside = map_window(view)
        image.paste(window, (0, y))
        y += window.height + 10
        if outside:
            y = (
                paragraph(
                    draw,
                    (MARGIN, y),
                    T("Also choosable, off this view: {hexes}", hexes=", ".join(outside)),
                    FLOOR,
                    INNER,
                    max_lines=2,
                )
                + 6
            )
        y = _operating_line(image, view, y)
    elif view["round"] == "auction":
        y = _privates(image, view, y, names)
    else:
        y = _charters(image, view, y + 4)
        if view["round"] != "over":
            y = paragraph(draw, (MARGIN, y + 4), _train_line(view), FLOOR, INNER, fill=INK, max_lines=2)
    return image.crop((0, 0, WIDTH, y + 12))


def _side_decision(view: dict[str, Any]) -> bool:
    """Whether a decision off the map (a crisis, the CGR forming, a train to discard) comes first."""
    nationalization = view.get("nationalization")
    return bool(
        view.get("crisis")
        or view.get("discard")
        or view.get("cgr_markers")
        or view.get("cgr_discard")
        or (nationalization and nationalization.get("queue"))
    )
