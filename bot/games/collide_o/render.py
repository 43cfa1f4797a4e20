"""Collide-o pictures, drawn from views only: :func:`board` (public) and :func:`private` (a hand).

The board, top to bottom on a 1200 px canvas (the height follows the content):

* a header: live or turns, whose turn, or who won;
* **the two ends** big, side by side: the end section and the one next to it, which a new
  card's middle and inner end must match, with an arrow pointing outward (the only way the
  line grows), who laid the end card, and any card reaching for that end in live play;
* **the line**: every visible section left to right, wrapped into rows, each card's visible
  part outlined in its player's colour, the two end pairs ringed, the newest card tagged;
* the players: cards left (hand + pile) with a bar towards the one card that wins, and
  their state (to play, stuck, reaching, rank);
* the last thing that happened, and a key.

Colour is never the only cue: every section carries its colour letter (B Y R G K; K is
black), a two-colour section is split diagonally with both letters, a wild section is
striped and carries a star. Names come from ``view["names"]`` when the session layer adds
them, else "Player 1", "Player 2", ...
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import Text, listing, named
from bot.games.collide_o.messages import T, Tp, cards, commas, ordinal, said, section_name
from bot.render.palette import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    RGB,
    WHITE,
    player_colour,
    shade,
    text_on,
)
from bot.render.shapes import badge, canvas, panel
from bot.render.text import draw_text, fit_size, seat_names, text_width, wrap

WIDTH = 1200
MARGIN = 24
INNER = WIDTH - 2 * MARGIN

SECTION_RGB: dict[str, RGB] = {
    "blue": (38, 104, 214),
    "yellow": (250, 212, 50),
    "red": (214, 48, 49),
    "green": (46, 160, 67),
    "black": (38, 38, 42),
}
LETTER = {"blue": "B", "yellow": "Y", "red": "R", "green": "G", "black": "K"}
WILD = "wild"
STAR = "★"
START_GOLD: RGB = (176, 134, 24)


# -- one section, one card --------------------------------------------------------------


def _stripes(size: tuple[int, int]) -> Image.Image:
    """Diagonal bands of all five colours: the look of a wild section."""
    w, h = size
    image = Image.new("RGB", size, WHITE)
    draw = ImageDraw.Draw(image)
    colours = list(SECTION_RGB.values())
    band = max(6, (w + h) // 10)
    for i, x in enumerate(range(-h, w + h, band)):
        draw.polygon([(x, 0), (x + band, 0), (x + band - h, h), (x - h, h)], fill=colours[i % len(colours)])
    return image


def draw_section(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], spec: str) -> None:
    """One section filling ``box``: solid, split diagonally (two-colour) or striped (wild).

    The letter size follows the box, so the same code draws the line strip and big cards.
    """
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    size = max(11, int(min(w, h) * 0.42))
    if spec == WILD:
        image.paste(_stripes((w, h)), (x0, y0))
        r = max(8, int(min(w, h) * 0.3))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE, outline=INK, width=max(1, r // 8))
        draw_text(draw, (cx, cy + 1), STAR, int(r * 1.35), INK, anchor="mm")
        return
    parts = spec.split("/")
    if len(parts) == 1:
        fill = SECTION_RGB[spec]
        draw.rectangle(box, fill=fill)
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), LETTER[spec], size, text_on(fill), bold=True, anchor="mm")
        return
    first, second = (SECTION_RGB[p] for p in parts)
    draw.polygon([(x0, y0), (x1, y0), (x0, y1)], fill=first)
    draw.polygon([(x1, y0), (x1, y1), (x0, y1)], fill=second)
    draw.line((x1, y0, x0, y1), fill=WHITE, width=max(1, w // 30))
    small = max(10, int(size * 0.8))
    draw_text(draw, (x0 + w * 0.3, y0 + h * 0.3), LETTER[parts[0]], small, text_on(first), bold=True, anchor="mm")
    draw_text(draw, (x0 + w * 0.7, y0 + h * 0.7), LETTER[parts[1]], small, text_on(second), bold=True, anchor="mm")


def draw_card(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    sections: list[str],
    cell: tuple[int, int],
    outline: RGB = INK,
    width: int = 3,
) -> int:
    """A card's sections side by side with ``xy`` the top-left; returns the drawn width."""
    x, y = xy
    w, h = cell
    for i, spec in enumerate(sections):
        draw_section(image, draw, (x + i * w, y, x + (i + 1) * w, y + h), spec)
        if i:
            draw.line((x + i * w, y, x + i * w, y + h), fill=WHITE, width=2)
    total = w * len(sections)
    draw.rounded_rectangle((x - 1, y - 1, x + total + 1, y + h + 1), radius=6, outline=outline, width=width)
    return total


def section_words(spec: str) -> Text:
    """A section as words for a sentence: ``red``, ``blue or red``, ``anything`` (wild)."""
    return T("anything") if spec == WILD else section_name(spec)


# -- helpers -------------------------------------------------------------------------------


def _owner_colour(seat: int | None) -> RGB:
    return START_GOLD if seat is None else player_colour(seat)


def _end_cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The placement showing at each end (the card owning the outermost visible section)."""
    by_card = {p["card"]: p for p in view["line"]}
    visible = view["visible"]
    return {"left": by_card[visible[0]["card"]], "right": by_card[visible[-1]["card"]]}


# -- the header ----------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    draw_text(draw, (MARGIN, y), T("Collide-o"), 44, (168, 40, 60), bold=True)
    right = WIDTH - MARGIN
    dot: RGB | None = None
    if view["over"]:
        ranks = view["outcome"]["ranks"]
        winners = [names[s] for s, rank in enumerate(ranks) if rank == 1]
        status = T("Game over: {winners} wins!", winners=listing(winners))
        sub = T("First down to one card.")
    elif view["mode"] == "turns":
        status = T("{who} to play", who=names[view["turn"]])
        dot = player_colour(view["turn"])
        sub = T("Turns: play one card or pass · passes in a row: {passes} of {players}", passes=view["passes"],
                players=view["players"])
    else:
        landing = [c["side"] for c in view["contests"]]
        status = T("Live: everyone plays at once")
        if landing == ["left"]:
            status = T("Live: a card is landing on the left end")
        elif landing == ["right"]:
            status = T("Live: a card is landing on the right end")
        elif landing:
            status = (T("Live: a card is landing on the left and right end") if landing[0] == "left"
                      else T("Live: a card is landing on the right and left end"))
        sub = T("Tie window {tie} ms · stuck rule after {seconds} s without a play", tie=view["tie"],
                seconds=view["patience"] // 1000)
        if view["bare"]:
            sub = T("Tie window {tie} ms · every card fits the starting card", tie=view["tie"])
    size = fit_size(status, INNER - 300, 30, bold=True)
    draw_text(draw, (right, y + 20), status, size, INK, bold=True, anchor="rm")
    if dot is not None:
        badge(draw, (right - text_width(status, size, bold=True) - 24, y + 20), 13, dot, "")
    draw_text(draw, (right, y + 50), sub, fit_size(sub, INNER - 300, 18), MUTED, anchor="rm")
    return y + 78


# -- the two ends --------------------------------------------------------------------------


def _draw_end(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    side: str,
    view: dict[str, Any],
    names: list[str],
) -> None:
    x0, _, x1, _ = box
    top = panel(draw, box, T("LEFT END") if side == "left" else T("RIGHT END"), title_size=22)
    end, next_to = view["ends"][side]
    cell = (96, 104)
    pair = [end, next_to] if side == "left" else [next_to, end]
    labels = [T("end"), T("next")] if side == "left" else [T("next"), T("end")]
    pair_w = 2 * cell[0]
    px = (x0 + x1) // 2 - pair_w // 2 + (26 if side == "left" else -26)
    py = top + 6
    for i, spec in enumerate(pair):
        draw_section(image, draw, (px + i * cell[0], py, px + (i + 1) * cell[0], py + cell[1]), spec)
    draw.line((px + cell[0], py, px + cell[0], py + cell[1]), fill=WHITE, width=3)
    draw.rounded_rectangle((px - 4, py - 4, px + pair_w + 4, py + cell[1] + 4), radius=8, outline=INK, width=4)
    for i, label in enumerate(labels):
        draw_text(draw, (px + i * cell[0] + cell[0] / 2, py + cell[1] + 16), label, 17, MUTED, bold=True, anchor="mm")
    # the outward arrow: the only direction the line grows
    ay = py + cell[1] // 2
    if side == "left":
        tip, base = px - 70, px - 14
    else:
        tip, base = px + pair_w + 70, px + pair_w + 14
    draw.line((base, ay, tip + (12 if side == "left" else -12), ay), fill=INK, width=8)
    direction = 1 if side == "left" else -1
    draw.polygon([(tip, ay), (tip + 24 * direction, ay - 18), (tip + 24 * direction, ay + 18)], fill=INK)
    # words: what matches here, who laid the end card, who is reaching for it
    ty = py + cell[1] + 36
    need = T("New card: middle on {end}, inner end on {next}", end=section_words(end), next=section_words(next_to))
    draw_text(draw, ((x0 + x1) / 2, ty), need, fit_size(need, x1 - x0 - 24, 18), INK, anchor="mm")
    placed = _end_cards(view)[side]
    if placed["seat"] is None:
        by = T("the starting card (all wild)")
    else:
        by = T("card {card}, laid by {who}", card=placed["card"], who=names[placed["seat"]])
    draw_text(draw, ((x0 + x1) / 2, ty + 26), by, fit_size(by, x1 - x0 - 24, 17), MUTED, anchor="mm")
    contest = next((c for c in view["contests"] if c["side"] == side), None)
    if contest is not None:
        who = commas([T("{who} (card {card})", who=names[e["seat"]], card=e["card"]) for e in contest["entries"]])
        text = T("Reaching: {who}", who=who)
        size = fit_size(text, x1 - x0 - 40, 18, bold=True)
        half = text_width(text, size, bold=True) / 2 + 12
        cx, cy = (x0 + x1) / 2, ty + 56
        draw.rounded_rectangle((cx - half, cy - 15, cx + half, cy + 15), radius=15, fill=HIGHLIGHT, outline=INK)
        draw_text(draw, (cx, cy), text, size, INK, bold=True, anchor="mm")


def _draw_ends(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    height = 268 if view["contests"] else 236
    half = (INNER - 16) // 2
    _draw_end(image, draw, (MARGIN, y, MARGIN + half, y + height), "left", view, names)
    _draw_end(image, draw, (WIDTH - MARGIN - half, y, WIDTH - MARGIN, y + height), "right", view, names)
    return y + height + 16


# -- the line -------------------------------------------------------------------------------


def _groups(view: dict[str, Any]) -> list[tuple[dict[str, Any], list[str]]]:
    """Runs of visible sections belonging to one card, left to right: (placement, sections)."""
    by_card = {p["card"]: p for p in view["line"]}
    groups: list[tuple[dict[str, Any], list[str]]] = []
    for cell in view["visible"]:
        if groups and groups[-1][0]["card"] == cell["card"]:
            groups[-1][1].append(cell["section"])
        else:
            groups.append((by_card[cell["card"]], [cell["section"]]))
    return groups


def _layout(groups: list[tuple[dict[str, Any], list[str]]], cell: int, gap: int, width: int) -> list[list[int]]:
    """Indices of groups per row; a card's visible part is never split between rows."""
    rows: list[list[int]] = [[]]
    used = 0
    for index, (_, sections) in enumerate(groups):
        w = len(sections) * cell + gap
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0
        rows[-1].append(index)
        used += w
    return rows


def _draw_line(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    groups = _groups(view)
    cells = len(view["visible"])
    width = INNER - 40
    gap = 8
    cell = max(40, min(76, (width - gap * len(groups)) // max(cells, 1)))
    height = int(cell * 1.3)
    rows = _layout(groups, cell, gap, width)
    row_h = height + 64  # room below for card numbers and above for the end labels
    title = T("The line: {cards}, {cells} sections showing", cards=cards(len(view["line"])), cells=cells)
    box = (MARGIN, y, WIDTH - MARGIN, y + 70 + row_h * len(rows) - 30)
    top = panel(draw, box, title, title_size=22)
    last = view["last"]
    newest = last["card"] if last and last["kind"] == "play" else None
    ry = top + 38
    for r, row in enumerate(rows):
        row_w = sum(len(groups[i][1]) * cell + gap for i in row) - gap
        x = MARGIN + 20 + (width - row_w) // 2 if len(rows) == 1 else MARGIN + 20
        for index in row:
            placement, sections = groups[index]
            gx = x
            for spec in sections:
                draw_section(image, draw, (x, ry, x + cell, ry + height), spec)
                if x > gx:
                    draw.line((x, ry, x, ry + height), fill=WHITE, width=2)
                x += cell
            colour = _owner_colour(placement["seat"])
            draw.rounded_rectangle((gx - 2, ry - 2, x + 2, ry + height + 2), radius=6, outline=colour, width=4)
            tag = T("start") if placement["seat"] is None else str(placement["card"])
            tag_colour = START_GOLD if placement["seat"] is None else MUTED
            if placement["card"] == newest:
                tw = text_width(T("new"), 14, bold=True) / 2 + 6
                cx = (gx + x) / 2
                draw.rounded_rectangle((cx - tw, ry + height + 5, cx + tw, ry + height + 25), radius=9, fill=INK)
                draw_text(draw, (cx, ry + height + 15), T("new"), 14, WHITE, bold=True, anchor="mm")
            elif x - gx >= 30:
                draw_text(draw, ((gx + x) / 2, ry + height + 15), tag, 14, tag_colour, anchor="mm")
            x += gap
        # ring the end pairs: the first two cells of the first row, the last two of the last
        if view["bare"]:
            start_x = MARGIN + 20 + (width - row_w) // 2
            _ring(draw, start_x, ry, row_w, height, T("◀ both ends ▶"))
        elif r == 0:
            first_x = MARGIN + 20 + (width - row_w) // 2 if len(rows) == 1 else MARGIN + 20
            _ring(draw, first_x, ry, _span(groups, row, 2, cell, gap, from_left=True), height, T("◀ left"))
        if r == len(rows) - 1 and not view["bare"]:
            end_x = (MARGIN + 20 + (width - row_w) // 2 if len(rows) == 1 else MARGIN + 20) + row_w
            span = _span(groups, row, 2, cell, gap, from_left=False)
            _ring(draw, end_x - span, ry, span, height, T("right ▶"))
        if r < len(rows) - 1:
            draw_text(draw, (WIDTH - MARGIN - 12, ry + height / 2), "↩", 22, MUTED, anchor="rm")
        ry += row_h
    return box[3] + 16


def _span(
    groups: list[tuple[dict[str, Any], list[str]]], row: list[int], count: int, cell: int, gap: int, from_left: bool
) -> int:
    """Pixel width of the first (or last) ``count`` cells of a row, gaps between cards included."""
    order = row if from_left else list(reversed(row))
    width = 0
    left = count
    for index in order:
        take = min(left, len(groups[index][1]))
        width += take * cell
        left -= take
        if left == 0:
            return width
        width += gap
    return width


def _ring(draw: ImageDraw.ImageDraw, x: int, y: int, w: int, h: int, label: str) -> None:
    pad = 7
    draw.rounded_rectangle((x - pad, y - pad, x + w + pad, y + h + pad), radius=10, outline=INK, width=4)
    size = 15
    tw = text_width(label, size, bold=True) / 2 + 8
    cx = x + w / 2
    draw.rounded_rectangle((cx - tw, y - pad - 22, cx + tw, y - pad + 2), radius=8, fill=INK)
    draw_text(draw, (cx, y - pad - 10), label, size, WHITE, bold=True, anchor="mm")


# -- the players -----------------------------------------------------------------------------


def _draw_players(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    row_h = 58
    box = (MARGIN, y, WIDTH - MARGIN, y + 52 + row_h * view["players"])
    top = panel(draw, box, T("Players: cards left (hand + pile); one card left wins"), title_size=22)
    ranks = view["outcome"]["ranks"] if view["outcome"] else None
    reaching = {e["seat"]: c["side"] for c in view["contests"] for e in c["entries"]}
    misses: dict[int, int] = {}
    for miss in view.get("misfits", []):  # live: cards laid where they did not fit, this line
        misses[miss["seat"]] = misses.get(miss["seat"], 0) + 1
    dealt = view["dealt"]
    ry = top + 4
    for info in view["seats"]:
        seat = info["seat"]
        current = view["turn"] == seat
        if current or (ranks is not None and ranks[seat] == 1):
            draw.rounded_rectangle(
                (MARGIN + 8, ry - 2, WIDTH - MARGIN - 8, ry + row_h - 8), radius=10, fill=shade(HIGHLIGHT, 1.7)
            )
        badge(draw, (MARGIN + 34, ry + 24), 17, player_colour(seat), str(seat + 1))
        name = names[seat]
        draw_text(draw, (MARGIN + 62, ry + 6), name, fit_size(name, 300, 22, bold=True), INK, bold=True)
        detail = T("hand {hand} · pile {pile}", hand=info["hand"], pile=info["pile"])
        draw_text(draw, (MARGIN + 62, ry + 32), detail, 16, MUTED)
        left = info["left"]
        draw_text(draw, (MARGIN + 470, ry + 24), str(left), 34, INK, bold=True, anchor="rm")
        draw_text(draw, (MARGIN + 478, ry + 28), Tp("cards", "left") if left != 1 else T("card left"), 16, MUTED,
                  anchor="lm")
        # a bar from the deal (empty) towards one card (full)
        bx0, bx1 = MARGIN + 580, WIDTH - MARGIN - 190
        by0, by1 = ry + 14, ry + 34
        draw.rounded_rectangle((bx0, by0, bx1, by1), radius=10, fill=WHITE, outline=LINE, width=2)
        done = (dealt - left) / max(1, dealt - 1)
        if done > 0:
            fill_x = bx0 + max(20, int((bx1 - bx0) * done))
            draw.rounded_rectangle((bx0, by0, fill_x, by1), radius=10, fill=player_colour(seat), outline=INK)
        status: str = ""
        if ranks is not None:
            status = T("winner") if ranks[seat] == 1 else ordinal(ranks[seat])
        elif current:
            status = T("to play")
        elif seat in reaching:
            status = T("reaching left") if reaching[seat] == "left" else T("reaching right")
        elif misses.get(seat):
            status = (T("called out ×{n} · stuck", n=misses[seat]) if info["stuck"]
                      else T("called out ×{n}", n=misses[seat]))
        elif info["stuck"]:
            status = T("stuck")
        if status:
            draw_text(draw, (WIDTH - MARGIN - 24, ry + 24), status, 20, INK, bold=True, anchor="rm")
        ry += row_h
    return box[3] + 14


# -- last event and key --------------------------------------------------------------------------


def _last_text(view: dict[str, Any], names: list[str]) -> str:
    last = view["last"]
    if view["over"]:
        return named(view["outcome"]["reason"], names)
    if last is None:
        return T("The starting card is down: every card fits it. Go!")
    who, card, left = names[last["seat"]], last["card"], last["side"] == "left"
    if last["kind"] == "play":
        if left:
            return T("Last play: {who}, card {card} on the left end.", who=who, card=card)
        return T("Last play: {who}, card {card} on the right end.", who=who, card=card)
    return came_off(who, card, left)


def came_off(who: str, card: int, left: bool) -> Text:
    """The line of a card the stuck rule took off the line."""
    if left:
        return T("Everyone was stuck: {who}'s card {card} came off the left end.", who=who, card=card)
    return T("Everyone was stuck: {who}'s card {card} came off the right end.", who=who, card=card)


def _draw_footer(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    text = _last_text(view, names)
    last = view["last"]
    room = INNER
    if last is not None:  # the card just played or just removed, as it lay
        sections = [s for s in view["line"] if s["card"] == last["card"]]
        laid = sections[0]["sections"] if sections else _laid(view, last)
        room -= draw_card(image, draw, (WIDTH - MARGIN - 3 * 34, y - 4), laid, (34, 34), width=2) + 20
        if last["kind"] == "stuck":
            draw.line((WIDTH - MARGIN - 3 * 34, y + 32, WIDTH - MARGIN, y - 6), fill=INK, width=4)
    draw_text(draw, (MARGIN, y), text, fit_size(text, room, 22, bold=True), INK, bold=True)
    y += 40
    extra = T("{cards} played · {removals} removed by the stuck rule · {aside} set aside at the deal",
              cards=cards(view["plays"]), removals=view["removals"], aside=view["aside"])
    draw_text(draw, (MARGIN, y), extra, 17, MUTED)
    y += 34
    x = MARGIN
    for colour in SECTION_RGB:
        draw_section(image, draw, (x, y, x + 30, y + 30), colour)
        draw.rectangle((x, y, x + 30, y + 30), outline=INK)
        draw_text(draw, (x + 36, y + 15), said(colour), 16, INK, anchor="lm")
        x += 48 + text_width(said(colour), 16) + 8
    draw_section(image, draw, (x, y, x + 30, y + 30), "red/blue")
    draw.rectangle((x, y, x + 30, y + 30), outline=INK)
    draw_text(draw, (x + 36, y + 15), T("either colour"), 16, INK, anchor="lm")
    x += 48 + text_width(T("either colour"), 16) + 8
    draw_section(image, draw, (x, y, x + 30, y + 30), WILD)
    draw.rectangle((x, y, x + 30, y + 30), outline=INK)
    draw_text(draw, (x + 36, y + 15), T("wild: any"), 16, INK, anchor="lm")
    return y + 44


def _laid(view: dict[str, Any], last: dict[str, Any]) -> list[str]:
    """The sections of a removed card as it lay (the discard pile keeps them as printed)."""
    printed = next(d["sections"] for d in reversed(view["discards"]) if d["card"] == last["card"])
    return list(reversed(printed)) if last["turned"] else list(printed)


def board(view: dict[str, Any]) -> Image.Image:
    """The public table as an RGB picture 1200 px wide."""
    names = seat_names(view)
    image, draw = canvas(WIDTH, 4000, BACKGROUND)
    y = _header(draw, view, names, 16)
    y = _draw_ends(image, draw, view, names, y)
    y = _draw_line(image, draw, view, y)
    y = _draw_players(draw, view, names, y)
    y = _draw_footer(image, draw, view, names, y)
    return image.crop((0, 0, WIDTH, y + 6))


# -- a seat's hand --------------------------------------------------------------------------------


def _fit_words(keys: list[str]) -> str:
    """``["play:47:left", "play:47:right:turned"]`` -> ``left, right (turned)``: where a hand
    card can go now."""
    words = []
    for key in keys:
        parts = key.split(":")
        if parts[2] == "left":
            words.append(T("left (turned)") if len(parts) == 4 else T("left"))
        else:
            words.append(T("right (turned)") if len(parts) == 4 else T("right"))
    return commas(words)


def hand_notes(card: dict[str, Any]) -> list[str]:
    """The words under a hand card. Turns mode says where it fits; live play only says what
    the table saw (the card is reaching for an end, or was called out there), because spotting
    a fit is the skill of the live game."""
    if card.get("reaching"):
        return [T("reaching left") if card["reaching"] == "left" else T("reaching right")]
    if card["fits"] is None:  # live
        called = card.get("called_out") or []
        return [T("called out: {where}", where=_fit_words(called))] if called else []
    if card["fits"]:
        return [T("fits: {where}", where=_fit_words(card["fits"]))]
    return [T("no fit now")]


PRIVATE_WIDTH = 720
"""The hand picture's width: three cards to a row, every text at least ``floor_px(720)`` = 20 px,
so it reads on a phone (about 400 px wide) like the table card."""
PRIVATE_TEXT = 20
PRIVATE_CELL = (62, 84)
"""A hand card's section: its letter 26 px, a two-colour section's letters 20 px."""


def _private_ends(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The two ends, small, to compare a hand against: the end section and the next one."""
    half = (PRIVATE_WIDTH - 2 * MARGIN) // 2
    cell = PRIVATE_CELL[0]
    for i, side in enumerate(("left", "right")):
        end, next_to = view["ends"][side]
        pair = [end, next_to] if side == "left" else [next_to, end]
        x = MARGIN + i * half
        draw_text(draw, (x, y + cell // 2), T("left end") if side == "left" else T("right end"), PRIVATE_TEXT, INK,
                  bold=True, anchor="lm")
        bx = x + max(text_width(T("left end"), PRIVATE_TEXT, bold=True),
                     text_width(T("right end"), PRIVATE_TEXT, bold=True)) + 12
        for j, spec in enumerate(pair):
            draw_section(image, draw, (bx + j * cell, y, bx + (j + 1) * cell, y + cell), spec)
        draw.rounded_rectangle((bx - 2, y - 2, bx + 2 * cell + 2, y + cell + 2), radius=6, outline=INK, width=3)
        arrow: str = T("◀ out") if side == "left" else T("out ▶")
        if bx + 2 * cell + 10 + text_width(arrow, PRIVATE_TEXT) > x + half - 8:  # a long word for "end": the arrow alone
            arrow = "◀" if side == "left" else "▶"
        draw_text(draw, (bx + 2 * cell + 10, y + cell // 2), arrow, PRIVATE_TEXT, MUTED, anchor="lm")
    return y + cell + 24


def private(view: dict[str, Any]) -> Image.Image | None:
    """The viewer's hand, 720 px wide: each card big with its number (and, in turns mode,
    where it fits now); the two ends to compare against."""
    hand = view.get("hand")
    seat = view.get("viewer")
    if hand is None or seat is None:
        return None
    names = seat_names(view)
    width = PRIVATE_WIDTH
    image, draw = canvas(width, 2000, BACKGROUND)
    info = view["seats"][seat]
    title = T("Your hand, {who}", who=names[seat])
    draw_text(draw, (MARGIN, 14), title, fit_size(title, width - 2 * MARGIN, 30, PRIVATE_TEXT, bold=True), INK, bold=True)
    counts = T("{left} cards left: {hand} in hand, {pile} in your pile", left=info["left"], hand=info["hand"],
              pile=info["pile"])
    draw_text(draw, (MARGIN, 54), counts, PRIVATE_TEXT, MUTED)
    y = _private_ends(image, draw, view, 94)
    cell = PRIVATE_CELL
    card_w = 3 * cell[0]
    per_row = 3
    gap = (width - 2 * MARGIN - per_row * card_w) // (per_row - 1)
    note_h = 3 * 24
    for index, card in enumerate(hand):
        col, row = index % per_row, index // per_row
        x = MARGIN + col * (card_w + gap)
        cy = y + row * (cell[1] + 40 + note_h)
        draw_text(draw, (x, cy + 12), T("card {card}", card=card["card"]), PRIVATE_TEXT, INK, bold=True, anchor="lm")
        draw_card(image, draw, (x, cy + 28), card["sections"], cell)
        notes = hand_notes(card)
        colour = INK if card.get("reaching") else (20, 110, 50) if card["fits"] else MUTED
        room = min(card_w + gap - 8, width - MARGIN - x)  # the last column ends at the margin
        lines = [part for note in notes for part in wrap(note, PRIVATE_TEXT, room)]
        for k, line in enumerate(lines[:3]):
            draw_text(draw, (x, cy + 28 + cell[1] + 18 + k * 24), line, PRIVATE_TEXT, colour, bold=k == 0, anchor="lm")
    rows = (len(hand) + per_row - 1) // per_row
    y += max(1, rows) * (cell[1] + 40 + note_h) + 4
    if not hand:
        draw_text(draw, (MARGIN, y), T("No cards in hand."), PRIVATE_TEXT, MUTED)
        y += 30
    return image.crop((0, 0, width, y + 10))


# -- the table card (phone first; drawn in card.py) ----------------------------------------------


def table_card(view: dict[str, Any]) -> Image.Image:
    """The picture posted after every move, 720 px wide for a phone (see :mod:`.card`)."""
    from bot.games.collide_o.card import table_card as draw_table_card  # card.py builds on this module

    return draw_table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's cards left as the table card prints it (see :mod:`.card`)."""
    from bot.games.collide_o.card import card_standings as standings_of

    return standings_of(view)
