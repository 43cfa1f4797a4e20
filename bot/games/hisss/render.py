"""The public HISSS picture, drawn from ``Hisss.view(state, None)``.

Layout, top to bottom on a 1200 px canvas (the height follows the content):

* a header with whose turn it is (or who won);
* the fan (face-down cards in rows, each printed with the name the move menus give it: "A1" …
  "E9") beside the last card drawn and what became of it;
* the open snakes, flowed into rows like words in a paragraph; a long snake wraps onto more
  lines. Each is titled ``Snake N`` to match the action labels (``place:N-left``);
* each seat's snake pit: name, cards, snakes, longest snake, and the won snakes in miniature;
* a colour key.

Colour is never the only cue: every colour half carries its letter (R O Y G B P), rainbow
pieces are striped and say ``any``. The session layer may add ``view["names"]`` (one per
seat); otherwise seats are called "Player 1", "Player 2", ...
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import listing, named
from bot.games.hisss import rules
from bot.games.hisss.messages import T, Tn, cards, ordinal, said
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
from bot.render.text import draw_text, fit_size, seat_names, text_width

WIDTH = 1200
MARGIN = 24
INNER = WIDTH - 2 * MARGIN

SNAKE_RGB: dict[str, RGB] = {
    "red": (214, 48, 49),
    "orange": (243, 146, 26),
    "yellow": (250, 215, 55),
    "green": (46, 160, 67),
    "blue": (38, 104, 214),
    "purple": (136, 78, 176),
}
LETTER = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "purple": "P"}
RAINBOW = "rainbow"
RAINBOW_STRIPES: tuple[RGB, ...] = tuple(SNAKE_RGB.values())
CARD_BACK: RGB = (31, 92, 78)
TONGUE: RGB = (200, 30, 60)


# -- one card as a snake segment --------------------------------------------------------


def segment_width(card: dict[str, Any], height: int) -> int:
    """Bodies are a little wider than tall; heads and tails a little narrower."""
    return int(height * (1.2 if card["kind"] == "body" else 1.1))


def _shape_mask(kind: str, size: tuple[int, int]) -> Image.Image:
    """A greyscale mask of a segment's outline: head rounded left, tail pointed right."""
    w, h = size
    mask = Image.new("L", size, 0)
    draw = ImageDraw.Draw(mask)
    for polygon in _outline(kind, (0, 0, w - 1, h - 1)):
        draw.polygon(polygon, fill=255)
    if kind == "head":
        _head(draw, (0, 0, w - 1, h - 1), fill=255)
    elif kind == "body":
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=max(3, h // 8), fill=255)
    return mask


def _head(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    fill: int | RGB | None = None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    """A head: round on the left, square where it meets the body on the right."""
    x0, y0, x1, y1 = box
    h = y1 - y0
    if fill is not None:
        draw.ellipse((x0, y0, x0 + h, y1), fill=fill)
        draw.rectangle((x0 + h // 2, y0, x1, y1), fill=fill)
    if outline is not None:
        draw.arc((x0, y0, x0 + h, y1), 90, 270, fill=outline, width=width)
        draw.line((x0 + h // 2, y0 + width // 2, x1, y0 + width // 2), fill=outline, width=width)
        draw.line((x0 + h // 2, y1 - width // 2, x1, y1 - width // 2), fill=outline, width=width)
        draw.line((x1 - width // 2, y0, x1 - width // 2, y1), fill=outline, width=width)


def _outline(kind: str, box: tuple[int, int, int, int]) -> list[list[tuple[float, float]]]:
    """Polygon outlines (only the tail is a polygon; heads and bodies are rounded boxes)."""
    if kind != "tail":
        return []
    x0, y0, x1, y1 = box
    h = y1 - y0
    mid = (y0 + y1) / 2
    return [
        [
            (x0, y0),
            (x0 + (x1 - x0) * 0.45, y0 + h * 0.12),
            (x1, mid - h * 0.06),
            (x1, mid + h * 0.06),
            (x0 + (x1 - x0) * 0.45, y1 - h * 0.12),
            (x0, y1),
        ]
    ]


def _stripes(size: tuple[int, int]) -> Image.Image:
    """Vertical rainbow stripes filling ``size``."""
    w, h = size
    image = Image.new("RGB", size, WHITE)
    draw = ImageDraw.Draw(image)
    band = h / len(RAINBOW_STRIPES)
    for i, colour in enumerate(RAINBOW_STRIPES):
        draw.rectangle((0, int(i * band), w, int((i + 1) * band) + 1), fill=colour)
    return image


def _label(draw: ImageDraw.ImageDraw, centre: tuple[float, float], colour: str, size: int) -> None:
    """The colour letter (or ``any`` on a white pill for the rainbow) centred at ``centre``."""
    x, y = centre
    if colour == RAINBOW and size < 14:  # too small for a word: a star on a white dot
        r = size * 0.75
        draw.ellipse((x - r, y - r, x + r, y + r), fill=WHITE, outline=INK)
        draw_text(draw, (x, y), "★", size, INK, anchor="mm")
        return
    if colour == RAINBOW:
        text = T("any")
        font_size = max(9, int(size * 0.8))
        half = text_width(text, font_size, bold=True) / 2 + 4
        draw.rounded_rectangle(
            (x - half, y - font_size * 0.7, x + half, y + font_size * 0.7),
            radius=int(font_size * 0.7),
            fill=WHITE,
            outline=INK,
        )
        draw_text(draw, (x, y), text, font_size, INK, bold=True, anchor="mm")
        return
    fill = SNAKE_RGB.get(colour, LINE)
    draw_text(draw, (x, y), LETTER.get(colour, "?"), size, text_on(fill), bold=True, anchor="mm")


def draw_segment(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    xy: tuple[int, int],
    card: dict[str, Any],
    height: int,
    highlight: bool = False,
) -> int:
    """Draw one card of a snake with its top-left at ``xy``; returns its width.

    ``card`` is a view card: ``{"kind": "body", "colours": ["red", "blue"], ...}`` with a
    body's colours left to right as it lies.
    """
    kind = card["kind"]
    colours = card["colours"]
    w = segment_width(card, height)
    x0, y0 = xy
    x1, y1 = x0 + w - 1, y0 + height - 1
    letter_size = max(10, int(height * 0.36))
    # fill: one colour, two halves, or rainbow stripes, cut to the segment's shape
    fill = Image.new("RGB", (w, height), WHITE)
    fill_draw = ImageDraw.Draw(fill)
    if RAINBOW in colours:
        fill = _stripes((w, height))
    elif kind == "body":
        fill_draw.rectangle((0, 0, w // 2, height), fill=SNAKE_RGB[colours[0]])
        fill_draw.rectangle((w // 2, 0, w, height), fill=SNAKE_RGB[colours[1]])
    else:
        fill_draw.rectangle((0, 0, w, height), fill=SNAKE_RGB[colours[0]])
    image.paste(fill, (x0, y0), _shape_mask(kind, (w, height)))
    # outline and details
    outline_width = max(1, height // 28)
    if kind == "head":
        _head(draw, (x0, y0, x1, y1), outline=INK, width=outline_width)
        eye = max(3, height // 9)
        ex, ey = x0 + int(w * 0.3), y0 + int(height * 0.28)
        draw.ellipse((ex - eye, ey - eye, ex + eye, ey + eye), fill=WHITE, outline=INK, width=1)
        draw.ellipse((ex - eye // 2, ey - eye // 2, ex + eye // 2, ey + eye // 2), fill=INK)
        tongue = max(4, height // 6)
        mid = y0 + height // 2 + height // 8
        draw.line((x0 + 2, mid, x0 - tongue, mid), fill=TONGUE, width=max(2, height // 22))
        draw.line((x0 - tongue, mid, x0 - tongue - tongue // 2, mid - tongue // 2), fill=TONGUE, width=2)
        draw.line((x0 - tongue, mid, x0 - tongue - tongue // 2, mid + tongue // 2), fill=TONGUE, width=2)
        _label(draw, (x0 + w * 0.62, y0 + height * 0.6), colours[0], letter_size)
    elif kind == "tail":
        for polygon in _outline(kind, (x0, y0, x1, y1)):
            draw.polygon(polygon, outline=INK, width=outline_width)
        _label(draw, (x0 + w * 0.33, y0 + height / 2), colours[0], letter_size)
    else:
        draw.rounded_rectangle((x0, y0, x1, y1), radius=max(3, height // 8), outline=INK, width=outline_width)
        draw.line((x0 + w // 2, y0 + 3, x0 + w // 2, y1 - 3), fill=shade(INK, 1.6), width=1)
        _label(draw, (x0 + w * 0.25, y0 + height / 2), colours[0], letter_size)
        _label(draw, (x0 + w * 0.75, y0 + height / 2), colours[1], letter_size)
    if highlight:  # a dark ring with a "new" tag: no fill, which could read as a colour
        pad = max(3, height // 12)
        ring = max(2, height // 16)
        draw.rounded_rectangle(
            (x0 - pad - ring, y0 - pad - ring, x1 + pad + ring, y1 + pad + ring),
            radius=pad * 2,
            outline=INK,
            width=ring,
        )
        tag_size = max(9, height // 4)
        half = text_width(T("new"), tag_size, bold=True) / 2 + 5
        cx, ty = (x0 + x1) / 2, y1 + pad + ring
        draw.rounded_rectangle(
            (cx - half, ty - tag_size * 0.75, cx + half, ty + tag_size * 0.75), radius=tag_size, fill=INK
        )
        draw_text(draw, (cx, ty), T("new"), tag_size, WHITE, bold=True, anchor="mm")
    return w


# -- the sections -----------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    draw_text(draw, (MARGIN, y), "HISSS", 44, (31, 110, 60), bold=True)
    if view["over"]:
        ranks = view["outcome"]["ranks"]
        winners = [names[s] for s, rank in enumerate(ranks) if rank == 1]
        if len(winners) == 1:
            status = T("Game over: {who} wins!", who=winners[0])
        else:
            status = T("Game over: {winners} share the win!", winners=listing(winners))
        colour = INK
    else:
        turn = view["turn"]
        colour = player_colour(turn)
        if view["pending"] is not None:
            status = T("{who} chooses where the {card} goes", who=names[turn], card=said(view["pending"]["name"]))
        else:
            status = T("{who} to draw a card", who=names[turn])
    size = fit_size(status, INNER - 220, 30, bold=True)
    right = WIDTH - MARGIN
    draw_text(draw, (right, y + 24), status, size, INK, bold=True, anchor="rm")
    if not view["over"]:
        badge(draw, (right - text_width(status, size, bold=True) - 26, y + 24), 14, colour, "")
    return y + 62


def _draw_fan(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], count: int) -> None:
    """The fan's face-down cards in rows, each named as the move menus name it ("B7")."""
    x0, _, x1, y1 = box
    top = panel(draw, box, T("The fan") if count == 0 else T("The fan: {cards}", cards=cards(count)))
    if count == 0:
        draw_text(draw, ((x0 + x1) / 2, (top + y1) / 2), T("empty"), 26, MUTED, bold=True, anchor="mm")
        return
    fan_grid(draw, (x0 + 14, top + 4), count, (40, 22), 16)


def fan_grid_size(count: int, cell: tuple[int, int], gap: int = 4) -> tuple[int, int]:
    """The width and height :func:`fan_grid` takes for a fan of ``count`` cards."""
    rows, width = rules.fan_shape(count)
    letter = cell[1] + gap
    return letter + width * (cell[0] + gap) - gap, rows * (cell[1] + gap) - gap


def fan_grid(draw: ImageDraw.ImageDraw, origin: tuple[int, int], count: int, cell: tuple[int, int],
             size: int, gap: int = 4) -> int:
    """The fan laid out as the move menus file it: rows A, B, C … of face-down card backs, each
    printed with its name ("A1", "B7"), the row's letter in front. Only the count is drawn:
    the cards are face down. Returns the y below the grid."""
    rows, width = rules.fan_shape(count)
    x, y = origin
    w, h = cell
    for position in range(1, count + 1):
        row, column = divmod(position - 1, width)
        if column == 0:
            draw_text(draw, (x + h / 2, y + row * (h + gap) + h / 2), rules.FAN_ROWS[row], size, MUTED,
                      bold=True, anchor="mm")
        left = x + h + gap + column * (w + gap)
        top = y + row * (h + gap)
        draw.rounded_rectangle((left, top, left + w - 1, top + h - 1), radius=5, fill=CARD_BACK, outline=WHITE, width=1)
        draw_text(draw, (left + w / 2, top + h / 2), rules.fan_name(position, count), size, WHITE, bold=True,
                  anchor="mm")
    return y + rows * (h + gap) - gap


def _draw_last(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    view: dict[str, Any],
    names: list[str],
) -> None:
    x0, _, x1, y1 = box
    last = view["last"]
    title = T("Starter card") if last is None else T("Last card drawn")
    top = panel(draw, box, title)
    card = view["starter"] if last is None else last["card"]
    height = 84
    cy = top + (y1 - top - height) // 2
    width = draw_segment(image, draw, (x0 + 44, cy), card, height)
    tx = x0 + 44 + width + 36
    lines: list[tuple[str, int, bool, RGB]] = []
    if last is None:
        lines.append((T("The {card}", card=said(card["name"])), 24, True, INK))
        lines.append((T("starts snake 1."), 20, False, INK))
    else:
        who = names[last["seat"]]
        lines.append((T("{who} drew the {card}", who=who, card=said(card["name"])), 24, True, INK))
        if view["pending"] is not None:
            lines.append((T("It fits in several places: {who} chooses.", who=who), 20, False, INK))
        elif last["joined"] is not None:
            lines.append(
                (T("HISSS! It joined snakes {snake} and {other},", snake=last["snake"], other=last["joined"]),
                 20, True, INK)
            )
            lines.append((T("and {who} won the joined snake.", who=who), 20, False, INK))
        elif last["won"]:
            lines.append((T("HISSS! It completed snake {snake},", snake=last["snake"]), 20, True, INK))
            lines.append((T("and {who} won it.", who=who), 20, False, INK))
        else:
            lines.append((T("It went to snake {snake}.", snake=last["snake"]), 20, False, INK))
    y = top + 14
    for text, size, bold, colour in lines:
        size = fit_size(text, x1 - tx - 16, size, bold=bold)
        draw_text(draw, (tx, y), text, size, colour, bold=bold)
        y += int(size * 1.45)


def snake_label(number: int) -> str:
    """A snake's title, "Snake 3", as the move buttons name it."""
    return T("Snake {snake}", snake=number)


def _layout_snakes(
    snakes: list[dict[str, Any]], height: int, width: int, gap: int, title_size: int = 18
) -> list[list[tuple[dict[str, Any], list[list[dict[str, Any]]], int]]]:
    """Flow snakes into rows; a snake too long for a line is cut into several lines.

    Returns rows; each row is a list of (snake, its lines of cards, its drawn width).
    """
    rows: list[list[tuple[dict[str, Any], list[list[dict[str, Any]]], int]]] = [[]]
    used = 0
    for snake in snakes:
        lines: list[list[dict[str, Any]]] = [[]]
        line_width = 0
        widest = 0
        for card in snake["cards"]:
            w = segment_width(card, height) + 4
            if lines[-1] and line_width + w > width:
                lines.append([])
                line_width = 0
            lines[-1].append(card)
            line_width += w
            widest = max(widest, line_width)
        title = text_width(T("Snake {snake} · {n}", snake=snake["id"], n=len(snake["cards"])), title_size, bold=True)
        item_width = max(widest, title) + 18  # room for a head's tongue
        if rows[-1] and (used + gap + item_width > width or len(lines) > 1):
            rows.append([])
            used = 0
        rows[-1].append((snake, lines, item_width))
        used += item_width + gap
        if len(lines) > 1:
            rows.append([])
            used = 0
    return [row for row in rows if row]


def _draw_snakes(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    snakes = view["snakes"]
    last = view["last"]
    highlight = None
    if last is not None and view["pending"] is None and not last["won"]:
        highlight = last["card"]["id"]
    title = T("Open snakes ({n})", n=len(snakes))
    if view["over"]:
        title = T("Unfinished snakes ({n}): they score nothing", n=len(snakes))
    width = INNER - 32
    height, gap = 58, 34
    rows = _layout_snakes(snakes, height, width, gap)
    if len(rows) > 6:  # many snakes: smaller segments keep the picture a sensible height
        height, gap = 46, 26
        rows = _layout_snakes(snakes, height, width, gap)
    line_h = height + 18
    body = sum(26 + line_h * max(len(lines) for _, lines, _ in row) for row in rows) if rows else 50
    box = (MARGIN, y, WIDTH - MARGIN, y + 52 + body)
    top = panel(draw, box, title, title_size=22)
    if not rows:
        empty = T("None.") if view["over"] else T("No open snakes: the next card starts one.")
        draw_text(draw, (MARGIN + 16, top + 12), empty, 20, MUTED)
    cy = top + 4
    for row in rows:
        x = MARGIN + 16 + 14
        row_lines = max(len(lines) for _, lines, _ in row)
        for snake, lines, item_width in row:
            label = snake_label(snake["id"])
            draw_text(draw, (x - 8, cy), label, 18, INK, bold=True)
            count = f" · {len(snake['cards'])}"
            draw_text(draw, (x - 8 + text_width(label, 18, bold=True), cy), count, 18, MUTED)
            ly = cy + 26
            for index, line in enumerate(lines):
                lx = x + (14 if index else 0)
                if index:
                    draw_text(draw, (x - 10, ly + height / 2), "↪", 18, MUTED, anchor="lm")
                for card in line:
                    lx += draw_segment(image, draw, (lx, ly), card, height, card["id"] == highlight) + 4
                ly += line_h
            x += item_width + gap
        cy += 26 + line_h * row_lines
    return box[3] + 16


def _draw_pits(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int
) -> int:
    mini = 30
    left_w = 330
    area = INNER - left_w - 24
    last = view["last"]
    highlight = last["card"]["id"] if last is not None and last["won"] else None
    ranks = view["outcome"]["ranks"] if view["outcome"] else None
    rows: list[tuple[dict[str, Any], list[list[dict[str, Any]]]]] = []
    for pit in view["pits"]:
        # flow the won snakes (each kept whole when it fits) into lines of the right area
        lines: list[list[dict[str, Any]]] = [[]]
        used = 0
        for snake in pit["snakes"]:
            w = sum(segment_width(c, mini) + 2 for c in snake["cards"]) + 16
            if lines[-1] and used + w > area:
                lines.append([])
                used = 0
            lines[-1].append(snake)
            used += w
        rows.append((pit, lines))
    heights = [max(64, 14 + len(lines) * (mini + 12)) for _, lines in rows]
    box = (MARGIN, y, WIDTH - MARGIN, y + 52 + sum(heights) + 8)
    top = panel(draw, box, T("Snake pits"), title_size=22)
    ry = top + 4
    for (pit, lines), h in zip(rows, heights, strict=True):
        seat = pit["seat"]
        is_turn = view["turn"] == seat
        if is_turn:
            draw.rounded_rectangle(
                (MARGIN + 8, ry - 2, WIDTH - MARGIN - 8, ry + h - 6), radius=10, fill=shade(HIGHLIGHT, 1.7)
            )
        badge(draw, (MARGIN + 34, ry + 22), 16, player_colour(seat), str(seat + 1))
        name: str = names[seat]
        if ranks is not None:
            name = T("{name} · {place}", name=name, place=ordinal(ranks[seat]))
        size = fit_size(name, left_w - 70, 22, bold=True)
        draw_text(draw, (MARGIN + 60, ry + 10), name, size, INK, bold=True)
        stats = T("{cards} · {snakes} · longest {longest}", cards=cards(pit["cards"]),
                  snakes=Tn("{n} snake", "{n} snakes", len(pit["snakes"])), longest=pit["longest"])
        draw_text(draw, (MARGIN + 60, ry + 36), stats, 16, MUTED)
        ly = ry + 8
        for line in lines:
            lx = MARGIN + left_w
            for snake in line:
                for card in snake["cards"]:
                    lx += draw_segment(image, draw, (lx, ly), card, mini, card["id"] == highlight) + 2
                lx += 14
            ly += mini + 12
        if not pit["snakes"]:
            draw_text(draw, (MARGIN + left_w, ry + 22), T("no snakes yet"), 18, MUTED, anchor="lm")
        ry += h
    return box[3] + 14


def _draw_key(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int
) -> int:
    x = MARGIN
    for colour in SNAKE_RGB:
        draw.rounded_rectangle((x, y, x + 26, y + 26), radius=5, fill=SNAKE_RGB[colour], outline=INK)
        draw_text(
            draw, (x + 13, y + 13), LETTER[colour], 15, text_on(SNAKE_RGB[colour]), bold=True, anchor="mm"
        )
        draw_text(draw, (x + 32, y + 13), said(colour), 16, INK, anchor="lm")
        x += 40 + text_width(said(colour), 16) + 14
    image.paste(_stripes((26, 26)), (x, y))
    draw.rectangle((x, y, x + 26, y + 26), outline=INK)
    draw_text(draw, (x + 32, y + 13), T("rainbow (any, ★): wild, matches every colour"), 16, INK, anchor="lm")
    y += 40
    if view["over"] and view["outcome"]:
        reason = named(view["outcome"]["reason"], names)
        size = fit_size(reason, INNER, 20, bold=True)
        draw_text(draw, (MARGIN, y), reason, size, INK, bold=True)
        y += 36
    return y


def board(view: dict[str, Any]) -> Image.Image:
    """The whole table as an RGB picture about 1200 px wide."""
    names = seat_names(view)
    image, draw = canvas(WIDTH, 4000, BACKGROUND)
    y = _header(draw, view, names, 18)
    row = (y, y + 190)
    _draw_fan(draw, (MARGIN, row[0], MARGIN + 500, row[1]), view["fan"])
    _draw_last(image, draw, (MARGIN + 516, row[0], WIDTH - MARGIN, row[1]), view, names)
    y = _draw_snakes(image, draw, view, row[1] + 16)
    y = _draw_pits(image, draw, view, names, y)
    y = _draw_key(image, draw, view, names, y)
    return image.crop((0, 0, WIDTH, y + 8))


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first table card posted after every move (see :mod:`bot.games.hisss.card`)."""
    from bot.games.hisss import card  # card.py draws with this module's pieces: import it late

    return card.table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's score exactly as the table card prints it (see :mod:`bot.games.hisss.card`)."""
    from bot.games.hisss import card

    return card.card_standings(view)
