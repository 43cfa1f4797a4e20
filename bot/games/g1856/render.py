"""The 1856 table picture, drawn from the public view only: the map (part 1's renderer) above
a panel with the players, the companies' charters, the stock market and the train roster."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.games.g1856 import board as gboard
from bot.games.g1856 import economy
from bot.games.g1856.render_map import map_view, render_map
from bot.render.palette import BACKGROUND, INK, LINE, MUTED, PANEL, PLAYERS, RGB, text_on
from bot.render.text import draw_text, seat_names

WIDTH = 1400
TEXT = 18
SMALL = 16


def _hex(colour: str) -> RGB:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(ch * 2 for ch in colour)
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


def _corp_colour(sym: str) -> RGB:
    return _hex(gboard.corporations()[sym]["color"])


def _round_title(view: dict[str, Any]) -> str:
    rnd = view["round"]
    if rnd == "auction":
        return "Private auction"
    if rnd == "stock":
        return f"Stock round {view['sr_number']}"
    if rnd == "operating":
        op = view.get("op") or {}
        return f"Operating round {view['sr_number']}.{view['or_number']} of {view['or_total']} — {op.get('corp') or ''}"
    return "Game over"


def board_image(view: dict[str, Any]) -> Image.Image:
    """The whole table: map, then players, charters, market and trains."""
    top = render_map(map_view(view["map"], view["phase"], title=f"1856 — {_round_title(view)}"), WIDTH)
    names = seat_names(view)
    corps = [(s, c) for s, c in view["corps"].items() if c["par"] is not None and not c["closed"]]
    market = economy.market()
    cell_w, cell_h = WIDTH // 21, 30
    players_h = 40 + 30 * view["players"]
    charters_h = 40 + 30 * max(1, len(corps))
    market_h = 40 + cell_h * len(market)
    trains_h = 70
    panel = Image.new("RGB", (WIDTH, players_h + charters_h + market_h + trains_h + 20), BACKGROUND)
    draw = ImageDraw.Draw(panel)
    y = 10
    # Players.
    draw_text(draw, (20, y), f"Players — phase {view['phase']}, bank ${view['bank']}", TEXT, bold=True)
    y += 32
    for seat in range(view["players"]):
        colour = PLAYERS[seat % len(PLAYERS)]
        draw.rectangle((20, y + 2, 40, y + 22), fill=colour)
        shares = ", ".join(
            f"{sym} {c['held'][seat]}%" + ("*" if c["president"] == seat else "")
            for sym, c in view["corps"].items()
            if c["held"][seat]
        )
        privates = " ".join(
            s for s, p in view["privates"].items() if p["owner"] == f"p{seat}" and not p["closed"]
        )
        line = f"{names[seat]}: ${view['cash'][seat]}  worth ${view['values'][seat]}  {shares}  {privates}"
        draw_text(draw, (50, y), line[:140], SMALL)
        y += 30
    # Charters.
    draw_text(draw, (20, y), "Companies (cash, loans, escrow, trains, stations left)", TEXT, bold=True)
    y += 32
    for sym, c in corps:
        fill = _corp_colour(sym)
        draw.rectangle((20, y + 1, 90, y + 25), fill=fill, outline=INK)
        draw_text(draw, (55, y + 13), sym, SMALL, fill=text_on(fill), bold=True, anchor="mm")
        escrow = f"  escrow ${c['escrow']}" if c["escrow"] else ""
        dest = "  destination reached" if c["destinated"] else ""
        line = (
            f"${c['cash']}  loans {c['loans']}{escrow}  trains {' '.join(c['trains']) or '—'}  "
            f"par ${c['par']} now ${economy.price_at(c['pos']) if c['pos'] else 0}  {c['cap']}{dest}"
        )
        draw_text(draw, (100, y + 2), line, SMALL)
        y += 30
    # Market.
    draw_text(draw, (20, y), "Stock market", TEXT, bold=True)
    y += 32
    kind_fill = {
        "par": (250, 230, 200),
        "yellow": (252, 240, 170),
        "orange": (250, 200, 150),
        "closed": (90, 90, 90),
    }
    for r, row in enumerate(market):
        for col, cell in enumerate(row):
            x0, y0 = 20 + col * cell_w, y + r * cell_h
            draw.rectangle(
                (x0, y0, x0 + cell_w - 2, y0 + cell_h - 2),
                fill=kind_fill.get(cell["kind"], PANEL),
                outline=LINE,
            )
            marks = view["cells"].get(f"{r},{col}", [])
            if marks:
                w = (cell_w - 6) // len(marks)
                for k, sym in enumerate(marks):
                    draw.rectangle(
                        (x0 + 2 + k * w, y0 + 2, x0 + 1 + (k + 1) * w, y0 + cell_h - 4),
                        fill=_corp_colour(sym),
                    )
                draw_text(
                    draw,
                    (x0 + cell_w // 2, y0 + cell_h // 2),
                    "/".join(marks)[:8],
                    12,
                    fill=text_on(_corp_colour(marks[0])),
                    anchor="mm",
                )
            else:
                draw_text(
                    draw,
                    (x0 + cell_w // 2, y0 + cell_h // 2),
                    str(cell["price"]),
                    SMALL,
                    fill=MUTED,
                    anchor="mm",
                )
    y += market_h - 40
    # Trains.
    left = "   ".join(
        f"{name}: {'∞' if n < 0 else n} left (${economy.train_info(name)['price']})"
        for name, n in view["depot"].items()
    )
    pool = " ".join(view["pool_trains"]) or "—"
    draw_text(draw, (20, y + 6), f"Bank trains  {left}", SMALL)
    draw_text(draw, (20, y + 34), f"Pool: {pool}", SMALL)
    out = Image.new("RGB", (WIDTH, top.height + panel.height), BACKGROUND)
    out.paste(top.convert("RGB"), (0, 0))
    out.paste(panel, (0, top.height))
    return out


def board(view: dict[str, Any]) -> Image.Image:  # the name the session layer calls
    return board_image(view)
