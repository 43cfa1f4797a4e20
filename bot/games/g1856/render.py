"""The 1856 table picture, drawn from the public view only: the map (``render_map``) with
the train roster and phase in its empty top-left corner, above the players (cash, value,
certificates), the companies' charters and the stock market.

The header says the round as players count it ("Operating round 2 of 3") and who does what;
in a track step the hexes where the company may lay are outlined in its colour, in a route
step its best run is drawn, and once it has run, the run it made.

Legibility: the picture is 1400 px wide and a phone shows it about 1000–1100 px wide, so body
text is 22 px here (≈ 16–17 px as shown) and nothing is smaller than 20 px. Colour is never the
only cue: every company chip carries its letters.

Speed: the map's hexes are cached sprites (see ``render_map``); here the text of the panel
and each row of the stock market are cached by exactly what they show (so a changed view
cannot reuse a stale one), which keeps a whole picture to a few milliseconds of drawing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.g1856 import board as gboard
from bot.games.g1856 import core, economy
from bot.games.g1856.map import next_token_cost, tokens_of
from bot.games.g1856.messages import T, Tn, money
from bot.games.g1856.render_map import (
    hex_regions,
    map_height,
    map_view,
    render_map,
    tile_options,
    tile_options_height,
)
from bot.i18n import LANGUAGE, Said, said_already, say_drawn
from bot.render.fonts import font
from bot.render.palette import BACKGROUND, INK, LINE, MUTED, PANEL, PLAYERS, RGB, shade, text_on
from bot.render.regions import Region

WIDTH = 1400
BODY = 22  # players and charters (≈ 16–17 px as a phone shows it)
LABEL = 20  # column heads, market prices, chips (≈ 15 px as a phone shows it)
HEAD = 24  # panel titles
MARGIN = 20

STEP_WORDS = {
    "track": T("lays track"),
    "token": T("may place a station"),
    "route": T("chooses its run"),
    "dividend": T("pays out or withholds"),
    "buy_train": T("buys trains"),
    "loan": T("may take or repay loans"),
    "buy_company": T("may buy a private"),
}


# ---------------------------------------------------------------- small helpers


def _hex(colour: str) -> RGB:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(ch * 2 for ch in colour)
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


def _corp_colour(sym: str) -> RGB:
    return _hex(gboard.corporations()[sym]["color"])


@lru_cache(maxsize=2048)  # a few KB each
def _glyphs(text: str, size: int, bold: bool, fill: RGB, anchor: str) -> tuple[Image.Image, int, int] | None:
    """``text`` (already said in the language being spoken) drawn once on a transparent
    sprite, with its offset from the anchor point.

    Drawing text is most of the cost of a panel; the same strings ("$100", "GW", "—") come
    back on every picture, so each is rasterised once per process."""
    face = font(size, bold)
    with said_already():
        left, top, right, bottom = face.getbbox(text, anchor=anchor)
        if right <= left or bottom <= top:
            return None
        sprite = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
        ImageDraw.Draw(sprite).text((-left, -top), text, font=face, fill=fill, anchor=anchor)
    return sprite, left, top


def _put(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    # Said (and recorded) here, before Pillow cuts it into plain lines and loses its message;
    # the sprite is cached by the words drawn.
    glyphs = _glyphs(Said(say_drawn(text)), size, bold, fill, anchor)
    if glyphs is not None:
        sprite, left, top = glyphs
        image.paste(sprite, (round(xy[0]) + left, round(xy[1]) + top), sprite)


def _width(text: str, size: int, bold: bool = False) -> int:
    return _measure(text, size, bold, LANGUAGE.get())


@lru_cache(maxsize=4096)
def _measure(text: str, size: int, bold: bool, language: str) -> int:
    """The width of ``text`` as the font says it in ``language`` (part of the key: the same
    English is a different width in Polish)."""
    return int(font(size, bold).getlength(text))


def _fit(text: str, size: int, room: int, bold: bool = False) -> str:
    """``text``, cut with an ellipsis to fit ``room`` pixels (said in the language being spoken
    before it is cut, so the cut is of the words drawn)."""
    if _width(text, size, bold) <= room:
        return text
    cut = say_drawn(text)
    with said_already():
        while cut and _width(cut + "…", size, bold) > room:
            cut = cut[:-1]
    return Said(cut + "…")


def _names(view: dict[str, Any]) -> list[str]:
    given = view.get("names") or []
    return [given[i] if i < len(given) and given[i] else T("Player {n}", n=i + 1) for i in range(view["players"])]


def _chip(image: Image.Image, x: int, y: int, text: str, fill: RGB, h: int = 30, size: int = LABEL) -> int:
    """A company-coloured label; returns its width."""
    w = _width(text, size, True) + 16
    ImageDraw.Draw(image).rounded_rectangle(
        (x, y, x + w, y + h), radius=6, fill=fill, outline=shade(fill, 0.6)
    )
    _put(image, (x + w / 2, y + h / 2), text, size, text_on(fill), True, "mm")
    return w


# ---------------------------------------------------------------- the header


def round_title(view: dict[str, Any]) -> str:
    """What the map header says: the round as players count it.

    ``sr_number`` counts stock rounds from the start; ``or_number`` counts the operating rounds
    of the current set (``or_total`` of them, by phase) after that stock round."""
    rnd = view["round"]
    if rnd == "auction":
        return T("Private auction")
    if rnd == "stock":
        return T("Stock round {sr_number}", sr_number=view['sr_number'])
    if rnd == "operating":
        return T("Operating round {or_number} of {or_total}", or_number=view['or_number'], or_total=view['or_total'])
    return T("Game over")


def lay_hexes(view: dict[str, Any]) -> list[str]:
    """The hexes where the operating company may lay a tile now (its track step's list, the
    lays it can pay for), or [] outside a track step."""
    op = view.get("op") or {}
    corp = op.get("corp")
    if view["round"] != "operating" or not corp or op.get("step") != "track" or op.get("laid"):
        return []
    cash = view["corps"][corp]["cash"]
    return sorted({key.split(":")[1] for key, cost in op.get("lays") or [] if cost <= cash})


def shown_run(view: dict[str, Any]) -> dict[str, Any] | None:
    """The run the map shows: the operating company's run this turn once made, or while it
    chooses, the best run it is offered."""
    op = view.get("op") or {}
    corp = op.get("corp")
    if view["round"] != "operating" or not corp:
        return None
    if op.get("routes"):
        return {"corp": corp, "routes": op["routes"]}
    plan = op.get("plan")
    if op.get("step") == "route" and plan:
        return {"corp": corp, "routes": plan["routes"], "label": T("{corp}'s best run:", corp=corp)}
    return None


def round_detail(view: dict[str, Any]) -> str:
    """The header's second line: who is doing what."""
    names = _names(view)
    nationalization = view.get("nationalization")
    if nationalization and nationalization.get("queue"):
        corp = nationalization["queue"][0]
        seat = view["corps"][corp]["president"]
        who = names[seat] if seat is not None else T("its president")
        return T("The CGR is forming: {who} decides whether to repay {corp}'s loans or merge it", who=who, corp=corp)
    crisis = view.get("crisis")
    if crisis:
        return T("{who} must sell shares to raise money", who=names[crisis["seat"]])
    rnd = view["round"]
    if rnd == "auction":
        up = view["auction"].get("auctioning")
        actor = names[core.auction_actor(view)]
        return T("{who} to act · {up} is up for bids", who=actor, up=up) if up else T("{who} to act", who=actor)
    if rnd == "stock":
        sr = view.get("sr") or {}
        seat = sr.get("current")
        deal = names[view["priority"]]
        if seat is None:
            return T("priority deal: {who}", who=deal)
        return T("{who} to act · priority deal: {deal}", who=names[seat], deal=deal)
    if rnd == "operating":
        op = view.get("op") or {}
        corp = op.get("corp")
        lead = T("After stock round {sr_number}", sr_number=view['sr_number'])
        if not corp:
            return lead
        hexes = lay_hexes(view)
        if hexes:
            count = Tn("{n} hex", "{n} hexes", len(hexes))
            return T("{lead} · {corp} lays track: {count} outlined where it may", lead=lead, corp=corp, count=count)
        return T("{lead} · {corp} {does}", lead=lead, corp=corp, does=STEP_WORDS.get(op.get("step") or "", T("operates")))
    ended = {"bank": T("the bank broke"), "bankruptcy": T("a player went bankrupt"), "stalled": T("nobody could act")}
    return T("The game ended: {how}", how=ended.get(view.get("ended") or "", T("it is over")))


# ---------------------------------------------------------------- panels


def _section(image: Image.Image, y: int, title: str, note: str = "") -> int:
    _put(image, (MARGIN, y), title, HEAD, INK, True)
    if note:
        _put(image, (MARGIN + _width(title, HEAD, True) + 16, y + 4), note, LABEL, MUTED)
    return y + 36


def _players(image: Image.Image, view: dict[str, Any], y: int) -> int:
    """One row a player: colour, name, cash, value, then a chip per certificate block."""
    draw = ImageDraw.Draw(image)
    names = _names(view)
    y = _section(
        image, y, T("Players"), T("bank ${bank} · ★ president · value = cash + shares + privates", bank=view['bank'])
    )
    for seat in range(view["players"]):
        colour = PLAYERS[seat % len(PLAYERS)]
        draw.rectangle((MARGIN, y + 4, MARGIN + 26, y + 30), fill=colour, outline=INK)
        _put(image, (MARGIN + 36, y + 17), _fit(names[seat], BODY, 250, True), BODY, INK, True, "lm")
        _put(image, (MARGIN + 300, y + 17), money(view["cash"][seat]), BODY, INK, True, "lm")
        _put(image, (MARGIN + 400, y + 17), T("value ${value}", value=view['values'][seat]), LABEL, MUTED, False, "lm")
        chips, lines = _player_chips(view, seat)
        for x, line, text, fill in chips:
            _chip(image, x, y + 2 + 36 * line, text, fill)
        y += 36 * lines + 4
    return y + 6


CHIPS_X = MARGIN + 560


def _player_chips(view: dict[str, Any], seat: int) -> tuple[list[tuple[int, int, str, RGB]], int]:
    """Where a player's certificate chips go: ``(x, line, text, fill)`` and how many lines."""
    chips = [
        (f"{sym} {c['held'][seat]}%" + ("★" if c["president"] == seat else ""), _corp_colour(sym))
        for sym, c in view["corps"].items()
        if c["held"][seat]
    ]
    chips += [
        (sym, PANEL) for sym, p in view["privates"].items() if p["owner"] == f"p{seat}" and not p["closed"]
    ]
    out = []
    x, line = CHIPS_X, 0
    for text, fill in chips:
        w = _width(text, LABEL, True) + 16
        if x + w > WIDTH - MARGIN and x > CHIPS_X:
            x, line = CHIPS_X, line + 1
        out.append((x, line, text, fill))
        x += w + 8
    return out, line + 1


def _players_height(view: dict[str, Any]) -> int:
    return 36 + sum(36 * _player_chips(view, seat)[1] + 4 for seat in range(view["players"])) + 6


CHARTER_COLUMNS = (  # (head, x)
    ("", MARGIN),
    (T("treasury"), 128),
    (T("trains"), 240),
    (T("stations left"), 420),
    (T("loans"), 600),
    (T("capital"), 690),
    (T("price (par)"), 900),
    (T("destination"), 1110),
)


def _charter_cells(view: dict[str, Any], sym: str, c: dict[str, Any]) -> list[str]:
    left = len(gboard.corporations()[sym]["token_costs"]) - len(tokens_of(view["map"], sym))
    cost = next_token_cost(view["map"], sym)
    # The first marker is the home station, free.
    if cost is None or left <= 0:
        stations = "0"
    elif cost == 0:
        stations = T("{left} (next home)", left=left)
    else:
        stations = T("{left} (next ${cost})", left=left, cost=cost)
    capital = core.CAPITALIZATION[c["cap"]] if c["cap"] else "—"
    if c["escrow"]:
        capital = T("{capital} ${escrow}", capital=capital, escrow=c["escrow"])
    price = economy.price_at(c["pos"]) if c["pos"] else 0
    if sym == "CGR":
        goal = T("none")
    elif c["destinated"]:
        goal = T("✓ reached")
    else:
        goal = _either(core.destination(view, sym)[1])
    return [
        money(c["cash"]),
        " ".join(t.split("-")[0] for t in c["trains"]) or T("none"),
        stations,
        str(c["loans"]) if c["loans"] else "—",
        capital,
        T("${price} (${par})", price=price, par=c["par"]),
        goal,
    ]


def _either(coords: list[str]) -> str:
    """A company's destination hexes: "→ K8" or "→ O2 or N1"."""
    said: str = coords[0]
    for coord in coords[1:]:
        said = T("{first} or {next}", first=said, next=coord)
    return T("→ {hexes}", hexes=said)


def listed(items: Iterable[str]) -> str:
    """Items joined by commas, as a text that can be said ("2-train, 3-train")."""
    said = ""
    for item in items:
        said = T("{first}, {next}", first=said, next=item) if said else item
    return said


def _open_privates(view: dict[str, Any]) -> list[str]:
    return [sym for sym, p in view["privates"].items() if not p["closed"]]


def _privates_height(view: dict[str, Any]) -> int:
    rows = _open_privates(view)
    return 36 + 34 * len(rows) + 8 if rows else 0


def _private_status(view: dict[str, Any], sym: str, names: list[str]) -> str:
    """Who owns a private; in the auction its price, or its bids while it is unsold."""
    p = view["privates"][sym]
    owner = p["owner"]
    if owner is None:
        bids = (view.get("auction") or {}).get("bids", {}).get(sym) or []
        up = True if (view.get("auction") or {}).get("auctioning") == sym else ""
        if bids:
            said = T("bids: {bids}", bids=", ".join(f"{names[seat]} ${amount}" for seat, amount in bids))
            return T("{bids} · bidding now", bids=said) if up else said
        cheapest = view["round"] == "auction" and sym == core.auction_cheapest(view)
        if cheapest:
            return T("for sale at ${price} (buy it or bid on a later one)", price=p["price"])
        return T("for sale at ${price}", price=p["price"])
    if owner.startswith("p"):
        return T("owned by {owner}", owner=names[int(owner[1:])])
    return T("owned by {owner}", owner=owner)


def _privates(image: Image.Image, view: dict[str, Any], y: int) -> int:
    """A row an open private company: symbol, name, face value and income, owner or bids."""
    rows = _open_privates(view)
    if not rows:
        return y
    names = _names(view)
    info = economy.privates()
    y = _section(image, y, T("Private companies"), T("face value · income each operating round"))
    for sym in rows:
        data = info[sym]
        _put(image, (MARGIN, y + 15), sym, BODY, INK, True, "lm")
        _put(image, (MARGIN + 90, y + 15), _fit(data["name"], BODY, 380), BODY, INK, False, "lm")
        _put(image, (MARGIN + 480, y + 15), T("${value} · ${income}", value=data["value"], income=data["revenue"]), BODY, INK, False, "lm")
        status = _private_status(view, sym, names)
        _put(image, (MARGIN + 640, y + 15), _fit(status, BODY, WIDTH - MARGIN - 660), BODY, INK, False, "lm")
        y += 34
    return y + 8


def _started(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(s, c) for s, c in view["corps"].items() if c["par"] is not None and not c["closed"]]


def _unstarted(view: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The companies not started yet, and the closed ones."""
    waiting = [s for s, c in view["corps"].items() if c["par"] is None and not c["closed"]]
    return waiting, [s for s, c in view["corps"].items() if c["closed"]]


def _charters_height(view: dict[str, Any]) -> int:
    return 36 + 28 + 38 * max(1, len(_started(view))) + sum(44 for group in _unstarted(view) if group) + 8


def _charters(image: Image.Image, view: dict[str, Any], y: int) -> int:
    """A row a started company: its chip, then the columns of ``CHARTER_COLUMNS``."""
    draw = ImageDraw.Draw(image)
    corps = _started(view)
    op_corp = (view.get("op") or {}).get("corp") if view["round"] == "operating" else None
    y = _section(image, y, T("Companies"), T("▶ operating now") if op_corp else "")
    for head, x in CHARTER_COLUMNS[1:]:
        _put(image, (x, y), head, LABEL, MUTED)
    y += 28
    for k, (sym, c) in enumerate(corps):
        if k % 2 == 0:
            draw.rectangle(_charter_row_box(y), fill=PANEL)
        fill = _corp_colour(sym)
        draw.rectangle((MARGIN, y + 2, MARGIN + 80, y + 32), fill=fill, outline=INK)
        _put(image, (MARGIN + 40, y + 17), sym, BODY, text_on(fill), True, "mm")
        if sym == op_corp:
            _put(image, (MARGIN + 84, y + 17), "▶", LABEL, INK, True, "lm")
        stops = [x for _, x in CHARTER_COLUMNS[2:]] + [WIDTH]
        for text, (_, x), end in zip(_charter_cells(view, sym, c), CHARTER_COLUMNS[1:], stops, strict=True):
            _put(image, (x, y + 17), _fit(text, BODY, end - x - 12), BODY, INK, False, "lm")
        y += 38
    if not corps:
        _put(image, (MARGIN, y + 4), T("No company has been started yet."), BODY, MUTED)
        y += 38
    waiting, closed = _unstarted(view)
    if waiting:
        y = _chip_line(image, y + 6, T("Not started:"), waiting)
    if closed:
        y = _chip_line(image, y + 6, T("Closed:"), closed)
    return y + 8


def _charter_row_box(y: int) -> tuple[int, int, int, int]:
    """A started company's row in the companies panel (its band; the region a click picks)."""
    return (MARGIN - 6, y - 2, WIDTH - MARGIN, y + 36)


def _chip_xs(label: str, syms: list[str]) -> list[tuple[str, int, int]]:
    """Where a chip line's chips go: ``(sym, x, width)`` after its label."""
    x = MARGIN + _width(label, LABEL) + 12
    out = []
    for sym in syms:
        w = _width(sym, LABEL, True) + 16  # as _chip measures it
        out.append((sym, x, w))
        x += w + 8
    return out


def _chip_line(image: Image.Image, y: int, label: str, syms: list[str]) -> int:
    _put(image, (MARGIN, y + 15), label, LABEL, MUTED, False, "lm")
    for sym, x, _ in _chip_xs(label, syms):
        _chip(image, x, y, sym, _corp_colour(sym))
    return y + 38


CELL_W = (WIDTH - 2 * MARGIN) // max(len(row) for row in economy.market())
MARKER_H = 28
PRICE_H = 26
KIND_FILL: dict[str, RGB] = {
    "par": (250, 230, 200),
    "yellow": (252, 240, 170),
    "orange": (250, 200, 150),
    "brown": (200, 160, 120),
    "closed": (90, 90, 90),
}


@lru_cache(maxsize=64)  # ≈ 0.1–0.25 MB each: the 11 bare rows and the latest marked ones
def _market_row(r: int, marks: tuple[tuple[str, ...], ...]) -> Image.Image:
    """Row ``r`` of the market with the companies' markers (``marks[col]``, in stacking order).

    A cell holding markers grows to show each as a full-width chip under the price, so the
    letters stay readable however many companies share a price."""
    row = economy.market()[r]
    deepest = max((len(m) for m in marks), default=0)
    height = PRICE_H + MARKER_H * deepest + 4
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for col, cell in enumerate(row):
        x0 = MARGIN + col * CELL_W
        fill = KIND_FILL.get(cell["kind"], PANEL)
        draw.rectangle((x0, 0, x0 + CELL_W - 2, height - 2), fill=fill, outline=LINE)
        _put(
            image,
            (x0 + CELL_W / 2, PRICE_H / 2),
            str(cell["price"]),
            LABEL,
            text_on(fill) if cell["kind"] == "closed" else MUTED,
            False,
            "mm",
        )
        for k, sym in enumerate(marks[col] if col < len(marks) else ()):
            colour = _corp_colour(sym)
            top = PRICE_H + k * MARKER_H
            draw.rectangle((x0 + 3, top, x0 + CELL_W - 5, top + MARKER_H - 3), fill=colour, outline=INK)
            _put(
                image,
                (x0 + CELL_W / 2 - 1, top + (MARKER_H - 3) / 2),
                sym,
                LABEL,
                text_on(colour),
                True,
                "mm",
            )
    return image


def _market_rows(view: dict[str, Any]) -> list[Image.Image]:
    return [
        _market_row(r, tuple(tuple(view["cells"].get(f"{r},{col}", [])) for col in range(len(row))))
        for r, row in enumerate(economy.market())
    ]


def _market(image: Image.Image, rows: list[Image.Image], y: int) -> int:
    y = _section(
        image, y, T("Stock market"), T("par prices tan · yellow and orange: outside the certificate limit")
    )
    for strip in rows:
        image.paste(strip, (0, y))
        y += strip.height
    return y + 12


# The trains and phase sit in the map's empty top-left corner (no hex there west of column H
# above row 8): a picture 170 px shorter encodes faster. Checked against the map in the tests.
TRAINS_BOX = (MARGIN - 8, 90, 548, 368)


def _trains(image: Image.Image, view: dict[str, Any]) -> None:
    """The bank's trains (price, how many left, when they rust), the phase and the pool."""
    draw = ImageDraw.Draw(image)
    eight = view.get("variant") == "8"
    order = list(economy.TRAIN_ORDER)
    phase_at = order.index(view["phase"]) if view["phase"] in order else 0
    info = economy.phase_info(view["phase"])
    x0, y0, x1, _ = TRAINS_BOX
    _put(image, (x0, y0), T("Trains"), HEAD, INK, True)
    rounds = Tn("{n} operating round a set", "{n} operating rounds a set", info["operating_rounds"])
    _put(
        image,
        (x0, y0 + 32),
        T("phase {phase} · train limit {train_limit} · {rounds}", phase=view['phase'], train_limit=info['train_limit'], rounds=rounds),
        LABEL,
        MUTED,
    )
    box_w, box_h = (x1 - x0 - 10) // 2, 56
    for k, (name, left) in enumerate(view["depot"].items()):
        x, y = x0 + (k % 2) * (box_w + 10), y0 + 62 + (k // 2) * (box_h + 6)
        train = economy.train_info(name)
        rusts = train["rusts_on_in_eight_train_variant" if eight else "rusts_on"]
        rusted = rusts is not None and rusts in order and order.index(rusts) <= phase_at
        sold_out = left == 0
        fill = (225, 222, 214) if sold_out else PANEL
        draw.rounded_rectangle(
            (x, y, x + box_w, y + box_h), radius=8, fill=fill, outline=LINE if sold_out else INK, width=2
        )
        ink = MUTED if sold_out else INK
        _put(image, (x + 10, y + 5), T("{name}-train  ${price}", name=name, price=train['price']), BODY, ink, True)
        count = T("unlimited") if left < 0 else (T("none left") if left == 0 else T("{left} left", left=left))
        fate = T("rusted") if rusted else (T("rusts at {rusts}", rusts=rusts) if rusts else T("never rusts"))
        _put(image, (x + 10, y + 31), T("{count} · {fate}", count=count, fate=fate), LABEL, ink)
    pool = listed(T("{train}-train", train=t.split("-")[0]) for t in view["pool_trains"]) or T("empty")
    rows = (len(view["depot"]) + 1) // 2
    _put(image, (x0, y0 + 62 + rows * (box_h + 6) + 2), T("Bank pool: {pool}", pool=pool), LABEL, INK)


def _looked_tiles(view: dict[str, Any]) -> tuple[str, list[tuple[str, int, str]]] | None:
    """While the president looks at one hex's tiles (``tiles:G12``): the hex and the tiles it
    may take (tile, rotation, key), or None."""
    op = view.get("op") or {}
    coord = op.get("looking")
    if not coord or view["round"] != "operating":
        return None
    cash = view["corps"][op["corp"]]["cash"]
    options = []
    for key, cost in op.get("lays") or []:
        _, where, tile, rot = key.split(":")
        if where == coord and cost <= cash:
            options.append((tile, int(rot), key))
    return coord, options


def _tile_options(view: dict[str, Any], looked: tuple[str, list[tuple[str, int, str]]]) -> Image.Image:
    """The looked-at hex as it is and every tile it may take, drawn in place, each captioned
    with the key to type."""
    coord, options = looked
    laid = view["map"]["tiles"].get(coord)
    tokens = tuple(tuple(city) for city in view["map"]["tokens"].get(coord, []))
    return tile_options(
        coord, (laid["tile"], laid["rotation"]) if laid else None, tokens, options, view["phase"], WIDTH
    )


@dataclass(frozen=True)
class Panels:
    """Where the panels under the map start (y in the table picture's pixels): computed once,
    for drawing and for the clickable regions. ``tiles`` is None unless a hex's tiles show."""

    tiles: int | None
    players: int
    privates: int
    charters: int
    market: int


def panels(view: dict[str, Any]) -> Panels:
    """The panels' tops for ``view``: the map, then the looked-at tiles, players, privates,
    companies and the market."""
    y = map_height(WIDTH) + 8
    tiles = None
    looked = _looked_tiles(view)
    if looked is not None:
        tiles = y
        y += 36 + tile_options_height(len(looked[1]), WIDTH)
    players = y
    privates = players + _players_height(view)
    charters = privates + _privates_height(view)
    return Panels(tiles, players, privates, charters, charters + _charters_height(view))


def board_image(view: dict[str, Any]) -> Image.Image:
    """The whole table: the map with the trains in its empty corner, then players,
    charters and market."""
    title = T("1856 · {round}", round=round_title(view))
    detail = round_detail(view)
    run = shown_run(view)
    if run:  # the run's summary takes the line; keep what the company does now after it
        op = view["op"]
        detail = T("{corp} {does}", corp=op["corp"], does=STEP_WORDS.get(op.get("step") or "", T("operates")))
    hexes = lay_hexes(view)
    options = {"corp": view["op"]["corp"], "hexes": hexes} if hexes else None
    market = _market_rows(view)
    looked = _looked_tiles(view)
    # The panels' height is known before drawing, so map and panels share one canvas.
    tops = panels(view)
    below = tops.market - map_height(WIDTH) + 36 + sum(strip.height for strip in market) + 12
    image = render_map(
        map_view(view["map"], view["phase"], run, title=title, subtitle=detail, options=options),
        WIDTH,
        below=below,
    )
    y = image.height - below + 8
    if looked is not None:
        coord = looked[0]
        strip = _tile_options(view, looked)
        name = gboard.hexes()[coord].get("name")
        heading = T("Tiles for {coord} ({name})", coord=coord, name=name) if name else T("Tiles for {coord}", coord=coord)
        y = _section(image, y, heading, T("/play the move under a tile"))
        image.paste(strip, (0, y))
        y += strip.height
    assert y == tops.players, "the panels' layout and their drawing disagree"
    y = _players(image, view, y)
    assert y == tops.privates, "the players' panel and its height disagree"
    y = _privates(image, view, y)
    assert y == tops.charters, "the privates' panel and its height disagree"
    y = _charters(image, view, y)
    assert y == tops.market, "the companies' panel and its height disagree"
    y = _market(image, market, y)
    _trains(image, view)
    assert y == image.height, "a panel's height and its drawing disagree"
    return image


def board(view: dict[str, Any]) -> Image.Image:  # the name the session layer calls
    return board_image(view)


def board_regions(view: dict[str, Any]) -> list[Region]:
    """Where :func:`board` draws what a player picks (see :mod:`bot.render.regions`): every hex
    by its coordinate ("K12", the name of ``("Lay a tile", "K12")``), every open private by its
    symbol (its row: ``("Bid", "WSRC")``), every started company by its symbol (its charter row:
    a train bought from it, ``("Buy a train", "CPR")``) and every company not started yet by its
    chip (``("Start a company", "BBG")``)."""
    regions = list(hex_regions(WIDTH))
    tops = panels(view)
    y = tops.privates + 36
    for sym in _open_privates(view):
        regions.append(Region.rect(sym, MARGIN - 6, y, WIDTH - MARGIN, y + 34))
        y += 34
    y = tops.charters + 36 + 28
    corps = _started(view)
    for sym, _ in corps:
        regions.append(Region.rect(sym, *_charter_row_box(y)))
        y += 38
    if not corps:
        y += 38
    waiting, _ = _unstarted(view)
    for sym, x, w in _chip_xs(T("Not started:"), waiting):
        regions.append(Region.rect(sym, x, y + 6, x + w, y + 6 + 30))
    return regions


# ---------------------------------------------------------------- the phone card


def table_card(view: dict[str, Any]) -> Image.Image:
    """The picture posted after every move, drawn for a phone (see :mod:`bot.games.g1856.card`)."""
    from bot.games.g1856.card import table_card as draw_card  # card.py builds on this module

    return draw_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each player's net worth as the table card prints it (see :mod:`bot.games.g1856.card`)."""
    from bot.games.g1856.card import card_standings as worth

    return worth(view)
