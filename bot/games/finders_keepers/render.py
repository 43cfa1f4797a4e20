"""Finders Keepers pictures, drawn from views: the table, a player's own cards, an object sheet.

* :func:`board` — the public picture (``view(state, None)``), 1200 px wide. Basic: the
  revealed Find Me tile, large, beside the pile and the tiles revealed so far; then a row
  per player with cards left, Keepers pile and what they did with this tile (or the last
  one). Expert: the 3×3 grid of Keep Me cards at full width, then a row per player with
  score, face-up tiles and stack.
* :func:`private` — one seat's own picture: in the basic game every card of their spread,
  three to a row, big enough to hunt on a phone, with the tile to find at the top; in
  Expert their face-up tiles and captured cards.
* :func:`object_sheet` — all 40 objects and Pip with their names (the README's key).

Objects are the recipes in :mod:`bot.games.finders_keepers.icons`, drawn at twice the size
wanted and scaled down (smooth edges), with a dark sticker outline so they stand out on a
busy card even when turned or partly covered. Drawn icons and whole card faces are cached,
so after the first picture a board costs a few milliseconds.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from bot.engine.words import Text, listing, named
from bot.games.finders_keepers.icons import INK as ICON_INK
from bot.games.finders_keepers.icons import MASCOT, draw_icon
from bot.games.finders_keepers.messages import T, Tn, said
from bot.games.finders_keepers.rules import CARDS, OBJECT_IDS, OBJECTS
from bot.render.legibility import floor_px
from bot.render.palette import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LINE,
    MUTED,
    PANEL,
    RGB,
    WHITE,
    player_colour,
    shade,
)
from bot.render.shapes import badge, canvas, panel
from bot.render.text import draw_text, fit_size, seat_names, wrap

WIDTH = 1200
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
CARD_UNITS = 1000
BADGE = (92, 92, 92)
TINTS: tuple[RGB, ...] = (
    (255, 248, 222),
    (232, 246, 255),
    (236, 250, 232),
    (255, 236, 240),
    (242, 236, 255),
    (255, 242, 226),
)
"""Pale card backgrounds (cards.json ``tint``): variety without fighting the objects."""
GOLD: RGB = (236, 176, 20)
TILE_BACK: RGB = (44, 96, 150)
GOOD: RGB = (20, 130, 70)
BAD: RGB = (196, 40, 40)
TITLE: RGB = (44, 96, 150)


# -- objects and cards --------------------------------------------------------------------


_OUTLINE_CUT = [0] * 10 + [255] * 246
"""A lookup table for Image.point: any alpha above 9 becomes fully opaque ink."""


@lru_cache(maxsize=256)
def icon(name: str, px: int) -> Image.Image:
    """Object ``name`` (or ``"pip"``) as a ``px``-square RGBA sticker with a dark outline."""
    big = max(2, px) * 2
    inner = round(big * 0.9)
    layer = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    shape = Image.new("RGBA", (inner, inner), (0, 0, 0, 0))
    draw_icon(ImageDraw.Draw(shape), inner, name)
    offset = (big - inner) // 2
    layer.paste(shape, (offset, offset))
    alpha = layer.getchannel("A")
    # the outline: the shape's alpha, spread by a blur and cut back to a hard edge
    grown = alpha.filter(ImageFilter.BoxBlur(max(1.5, big * 0.02))).point(_OUTLINE_CUT)
    outlined = Image.new("RGBA", (big, big), (*ICON_INK, 0))
    outlined.putalpha(grown)
    outlined.alpha_composite(layer)
    return outlined.reduce(2)  # 2×2 supersampling: smooth edges


def turned_icon(name: str, px: int, rotation: int) -> Image.Image:
    """:func:`icon` turned ``rotation`` degrees clockwise (the image grows to fit)."""
    image = icon(name, px)
    if rotation % 360 == 0:
        return image
    return image.rotate(-rotation, resample=Image.Resampling.BICUBIC, expand=True)


@lru_cache(maxsize=16)
def _rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
    return mask


def _card_radius(px: int) -> int:
    return max(6, px // 14)


@lru_cache(maxsize=72)
def card_face(number: int, px: int) -> Image.Image:
    """Keep Me card ``number`` as a ``px``-square RGB picture (paste it with :func:`paste_card`,
    which rounds the corners).

    The number sits in a white badge in the top-left corner; a card with Pip has a gold
    badge instead (it is worth 2 points in Expert). Faces are cached (about 0.4 MB each at
    phone size, 72 of them at most): the objects are drawn once per card and size.
    """
    card = CARDS[number]
    scale = px / CARD_UNITS
    face = Image.new("RGBA", (px, px), (*TINTS[card.tint % len(TINTS)], 255))
    for item in card.items:
        size = max(8, round(item.size * scale))
        image = turned_icon(item.object, size, item.rotation)
        face.alpha_composite(
            image, (round(item.x * scale - image.width / 2), round(item.y * scale - image.height / 2))
        )
    draw = ImageDraw.Draw(face)
    bx, by, br = (round(v * scale) for v in BADGE)
    ring = max(2, px // 60)
    draw.ellipse((bx - br, by - br, bx + br, by + br), fill=GOLD if card.mascot else WHITE, outline=INK, width=ring)
    text = str(number)
    size = fit_size(text, int(br * 1.5), int(br * 1.1), bold=True)
    draw_text(draw, (bx, by), text, size, INK, bold=True, anchor="mm")
    draw.rounded_rectangle(
        (0, 0, px - 1, px - 1), radius=_card_radius(px), outline=shade(LINE, 0.7), width=max(2, px // 120)
    )
    return face.convert("RGB")


def paste_card(image: Image.Image, number: int, xy: tuple[int, int], px: int) -> None:
    image.paste(card_face(number, px), xy, _rounded_mask((px, px), _card_radius(px)))


def draw_tile(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], thing: str | None, caption: bool = True
) -> None:
    """A Find Me tile: the object on a white rounded square with its name, or the back (``None``)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    radius = max(6, w // 9)
    if thing is None:
        draw.rounded_rectangle(box, radius=radius, fill=TILE_BACK, outline=INK, width=max(2, w // 60))
        draw_text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "?", int(w * 0.45), WHITE, bold=True, anchor="mm")
        return
    draw.rounded_rectangle(box, radius=radius, fill=WHITE, outline=INK, width=max(2, w // 60))
    name = said(OBJECTS[thing].name)
    label_h = int(w * 0.2) if caption else 0
    px = int(min(w, y1 - y0 - label_h) * 0.82)
    art = icon(thing, px)
    image.paste(art, (x0 + (w - px) // 2, y0 + (y1 - y0 - label_h - px) // 2 + max(2, w // 40)), art)
    if caption:
        size = fit_size(name, w - 12, int(label_h * 0.75), bold=True)
        draw_text(draw, ((x0 + x1) / 2, y1 - label_h / 2 - w * 0.03), name, size, INK, bold=True, anchor="mm")


def object_sheet(columns: int = 7, cell: int = 160) -> Image.Image:
    """Every object, and Pip, with its name: the key to the pictures."""
    names = [*OBJECT_IDS, MASCOT]
    rows = -(-len(names) // columns)
    image, draw = canvas(columns * cell + 2 * MARGIN, rows * (cell + 30) + 80, BACKGROUND)
    draw_text(draw, (MARGIN, 20), T("Finders Keepers: the 40 objects and Pip the owl"), 28, TITLE, bold=True)
    for index, name in enumerate(names):
        x = MARGIN + (index % columns) * cell
        y = 70 + (index // columns) * (cell + 30)
        art = icon(name, cell - 30)
        image.paste(art, (x + 15, y), art)
        label = T("Pip (mascot)") if name == MASCOT else said(OBJECTS[name].name)
        draw_text(draw, (x + cell / 2, y + cell - 12), label, fit_size(label, cell - 8, 20), INK, anchor="mm")
    return image


# -- shared pieces ----------------------------------------------------------------------


def _seconds(ms: int) -> Text:
    """"30 s", "0.3 s"."""
    return T("{seconds} s", seconds=ms // 1000) if ms % 1000 == 0 else T("{seconds:.1f} s", seconds=ms / 1000)


def variant_tag(view: dict[str, Any], mode: str) -> Text:
    """"Expert · live", "Basic · turns": the variant and ``mode`` as the header tags them."""
    expert = view["variant"] == "expert"
    if mode == "live":
        return T("Expert · live") if expert else T("Basic · live")
    if mode == "turns":
        return T("Expert · turns") if expert else T("Basic · turns")
    return T("Expert · {mode}", mode=mode) if expert else T("Basic · {mode}", mode=mode)


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], status: str, y: int) -> int:
    draw_text(draw, (MARGIN, y), T("Finders Keepers"), 40, TITLE, bold=True)
    tags = variant_tag(view, "live" if view["mode"] == "live" else "turns")
    draw_text(draw, (MARGIN + 2, y + 50), tags, 18, MUTED)
    left = MARGIN + 360
    size = fit_size(status, WIDTH - MARGIN - left, 28, smallest=16, bold=True)
    lines = wrap(status, size, WIDTH - MARGIN - left, bold=True)[:2]
    for n, line in enumerate(lines):
        draw_text(draw, (WIDTH - MARGIN, y + 14 + n * (size + 8)), line, size, INK, bold=True, anchor="ra")
    return y + 82


def _winners_text(view: dict[str, Any], names: list[str]) -> Text:
    ranks = view["outcome"]["ranks"]
    winners = [names[s] for s, rank in enumerate(ranks) if rank == 1]
    if len(winners) == 1:
        return T("Game over: {who} wins!", who=winners[0])
    return T("Game over: {winners} share the win!", winners=listing(winners))


def _footer(draw: ImageDraw.ImageDraw, lines: list[tuple[str, RGB]], y: int) -> int:
    for text, colour in lines:
        for line in wrap(text, 20, INNER):
            draw_text(draw, (MARGIN, y), line, 20, colour)
            y += 28
    return y


# -- the basic game ---------------------------------------------------------------------


def _basic_status(view: dict[str, Any], names: list[str]) -> Text:
    if view["over"]:
        return _winners_text(view, names)
    if view["phase"] == "reveal":
        return T("{who} turns over the next tile", who=names[view["turn"]])
    thing = said(OBJECTS[view["tile"]].name)
    if view["mode"] == "turns":
        return T("Find the {thing}! {who} is looking", thing=thing, who=names[view["current"]])
    return T("Find the {thing}! Everyone is looking", thing=thing)


def _draw_reveal_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    tile_size = 330
    box = (MARGIN, y, MARGIN + tile_size + 32, y + tile_size + 70)
    current = view["tile"]
    last = view["revealed"][-1] if view["revealed"] else None
    title = T("Find this!") if current else (T("Last tile") if last else T("Find Me tile"))
    top = panel(draw, box, title, title_size=24)
    tile_box = (MARGIN + 16, top + 4, MARGIN + 16 + tile_size, top + 4 + tile_size)
    draw_tile(image, draw, tile_box, current or last)
    if current is None and last is not None:  # a finished round: the tile is shown faded
        veil = Image.new("RGB", (tile_size, tile_size), BACKGROUND)
        mask = _rounded_mask((tile_size, tile_size), max(6, tile_size // 9)).point(lambda v: v * 120 // 255)
        image.paste(veil, tile_box[:2], mask)
    # the pile, the clock and every tile revealed so far
    x0 = box[2] + 16
    side = (x0, y, WIDTH - MARGIN, box[3])
    top = panel(draw, side, T("Find Me tiles"), title_size=24)
    for i in range(min(5, view["pile"])):
        bx = x0 + 24 + i * 5
        by = top + 10 - i * 5
        draw.rounded_rectangle((bx, by + 20, bx + 80, by + 100), radius=10, fill=TILE_BACK, outline=INK, width=2)
    if view["pile"]:
        draw_text(draw, (x0 + 64 + min(4, view["pile"] - 1) * 5, top + 70 - min(4, view["pile"] - 1) * 5), "?", 40, WHITE, bold=True, anchor="mm")
    tx = x0 + 150
    draw_text(draw, (tx, top + 14), in_pile(view["pile"]), 26, INK, bold=True)
    clock: str = ""
    if view["mode"] == "live" and view["deadline"] is not None:
        span = _seconds(view["deadline"] - view["opened"])
        clock = T("Live: {span} to look after each reveal", span=span) if view["phase"] == "look" else (
            T("Live: the tile turns itself over after {span}", span=span)
        )
    elif view["mode"] == "turns":
        clock = T("Turns: players look one after another")
    draw_text(draw, (tx, top + 54), clock, 19, MUTED)
    revealed = view["revealed"]
    draw_text(draw, (x0 + 16, top + 122), T("Revealed so far ({n})", n=len(revealed)), 20, INK, bold=True)
    cell = 48
    per_row = (side[2] - x0 - 32) // cell
    for n, thing in enumerate(revealed[-3 * per_row :]):
        art = icon(thing, cell - 6)
        ix = x0 + 16 + (n % per_row) * cell
        iy = top + 152 + (n // per_row) * cell
        image.paste(art, (ix, iy), art)
    return box[3] + 16


def in_pile(n: int) -> Text:
    """"12 tiles in the pile"."""
    return Tn("{n} tile in the pile", "{n} tiles in the pile", n)


def cards_left(n: int) -> Text:
    """"9 cards left"."""
    return Tn("{n} card left", "{n} cards left", n)


def winner_name(name: str, wins: bool) -> str:
    """A player's name, starred when they won."""
    return T("{name}  ★ winner", name=name) if wins else name


def _card_strip(draw: ImageDraw.ImageDraw, x: int, y: int, count: int, colour: RGB, width: int) -> None:
    """``count`` little card backs in a row (cards left in a spread)."""
    step = min(22, (width - 20) // max(1, count))
    for i in range(count):
        draw.rounded_rectangle((x + i * step, y, x + i * step + 18, y + 26), radius=3, fill=colour, outline=INK, width=1)


def _draw_basic_players(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    row_h = 74
    seats = view["seats"]
    box = (MARGIN, y, WIDTH - MARGIN, y + 52 + row_h * len(seats))
    top = panel(draw, box, T("Players"), title_size=24)
    last = view["last"]
    ranks = view["outcome"]["ranks"] if view["outcome"] else None
    for info in seats:
        seat = info["seat"]
        ry = top + 4 + seat * row_h
        if basic_acting(view, seat):
            draw.rounded_rectangle((MARGIN + 8, ry - 2, WIDTH - MARGIN - 8, ry + row_h - 8), radius=10, fill=shade(HIGHLIGHT, 1.7))
        if ranks is not None and ranks[seat] == 1:
            draw.rounded_rectangle((MARGIN + 8, ry - 2, WIDTH - MARGIN - 8, ry + row_h - 8), radius=10, fill=(214, 240, 214))
        badge(draw, (MARGIN + 36, ry + 30), 18, player_colour(seat), str(seat + 1))
        name = winner_name(names[seat], ranks is not None and ranks[seat] == 1)
        draw_text(draw, (MARGIN + 66, ry + 6), name, fit_size(name, 300, 24, bold=True), INK, bold=True)
        draw_text(draw, (MARGIN + 66, ry + 38), T("Keepers pile: {cards}", cards=Tn("{n} card", "{n} cards", info["keepers"])),
                  17, MUTED)
        left_x = MARGIN + 390
        draw_text(draw, (left_x, ry + 4), cards_left(info["left"]), 20, INK, bold=True)
        _card_strip(draw, left_x, ry + 32, info["left"], player_colour(seat), 290)
        # what this seat did with the tile now up, or with the last one
        note, colour = basic_note(view, info, last)
        nx = MARGIN + 700
        for n, line in enumerate(wrap(note, 18, WIDTH - MARGIN - 16 - nx)[:3]):
            draw_text(draw, (nx, ry + 4 + n * 22), line, 18, colour, bold=n == 0)
    return box[3] + 16


def basic_acting(view: dict[str, Any], seat: int) -> bool:
    """Whether ``seat`` may act now (its row is highlighted): the revealer; in a live look
    everyone still looking; in turns mode only the one player whose turn it is to look."""
    if view["over"]:
        return False
    if view["phase"] == "reveal":
        return view["turn"] == seat
    if view["mode"] == "turns":
        return view["current"] == seat
    return seat in view["looking"]


def basic_note(
    view: dict[str, Any], info: dict[str, Any], last: dict[str, Any] | None, tile_named: bool = True
) -> tuple[str, RGB]:
    """What ``info``'s seat did with the tile now up, or with the last one (whose name leads
    the note unless ``tile_named`` is False: a picture that draws the tile beside it)."""
    seat = info["seat"]
    if view["phase"] == "look":
        found = info["found"]
        numbers = ", ".join(map(str, found))
        if info["wrong"] is not None:
            if found:
                return T("wrong: card {card} has none · took {cards}", card=info["wrong"], cards=numbers), BAD
            return T("wrong: card {card} has none", card=info["wrong"]), BAD
        if seat in view["looking"]:
            if not basic_acting(view, seat):  # turns mode: still to look, after the current player
                return T("waits to look"), MUTED
            return (T("looking… took {cards}", cards=numbers) if found else T("looking…")), INK
        if not info["left"]:
            return (T("all cards found! took {cards}", cards=numbers) if found else T("all cards found! ")), GOOD
        return (T("done · took {cards}", cards=numbers) if found else T("done · took none")), GOOD if found else MUTED
    if last is None:
        return "", MUTED
    thing = said(OBJECTS[last["tile"]].name)
    found, missed, wrong = last["found"][seat], last["missed"][seat], last["wrong"][seat]
    numbers = ", ".join(map(str, found))
    if tile_named:
        first = T("{thing}: took {cards}", thing=thing, cards=numbers) if found else T("{thing}: took none", thing=thing)
    else:
        first = T("took {cards}", cards=numbers) if found else T("took none")
    parts: list[str] = [first]
    if wrong is not None:
        parts.append(T("wrong card {card}", card=wrong))
    if missed:
        parts.append(T("missed {cards}", cards=", ".join(map(str, missed))))
    if seat in last["timed_out"]:
        parts.append(T("ran out of time"))
    colour = BAD if (missed or wrong is not None) else (GOOD if found else MUTED)
    note: str = parts[0]
    for part in parts[1:]:
        note = T("{note} · {part}", note=note, part=part)
    return note, colour


def _basic_board(view: dict[str, Any]) -> Image.Image:
    names = seat_names(view)
    image, draw = canvas(WIDTH, 1400, BACKGROUND)
    y = _header(draw, view, _basic_status(view, names), 16)
    y = _draw_reveal_row(image, draw, view, y)
    y = _draw_basic_players(draw, view, names, y)
    lines: list[tuple[str, RGB]] = []
    if view["over"]:
        lines.append((named(view["outcome"]["reason"], names), INK))
    elif view["phase"] == "look":
        lines.append((T("Claim your cards that show it with claim:N (the number on the card), then say done. "
                        "A wrong claim ends your look at this tile; a card you miss stays."), MUTED))
    y = _footer(draw, lines, y)
    return image.crop((0, 0, WIDTH, y + 12))


# -- the Expert game ----------------------------------------------------------------------


def _expert_status(view: dict[str, Any], names: list[str]) -> Text:
    if view["over"]:
        return _winners_text(view, names)
    if view["mode"] == "turns":
        return T("{who} plays a Find Me tile", who=names[view["turn"]])
    if view["claims"]:
        first = view["claims"][0]
        return T("{who} called the {thing}! Tie window open", who=names[first["seat"]],
                 thing=said(OBJECTS[first["tile"]].name))
    return T("Call out a tile that matches the grid, first one wins")


def _draw_grid(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    gap = 12
    px = (INNER - 2 * gap) // 3
    last = view["last"] or {}
    contested = set(last.get("contested", []))
    for slot, number in enumerate(view["grid"]):
        x = MARGIN + (slot % 3) * (px + gap)
        cy = y + (slot // 3) * (px + gap)
        if number is None:
            draw.rounded_rectangle((x, cy, x + px, cy + px), radius=px // 14, fill=PANEL, outline=LINE, width=3)
            draw_text(draw, (x + px / 2, cy + px / 2), T("empty"), 30, MUTED, anchor="mm")
            continue
        paste_card(image, number, (x, cy), px)
        if number in contested:
            draw.rounded_rectangle((x + 2, cy + 2, x + px - 2, cy + px - 2), radius=px // 14, outline=BAD, width=6)
    return y + 3 * px + 2 * gap + 16


def _draw_expert_players(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    row_h = 128
    players = view["players"]
    box = (MARGIN, y, WIDTH - MARGIN, y + 52 + row_h * players)
    reserve = Tn("{n} card", "{n} cards", view["reserve"])
    if view["out"]:
        info = T("Reserve: {cards} · tiles played: {used} · out of play: {out}", cards=reserve, used=len(view["used"]),
                 out=view["out"])
    else:
        info = T("Reserve: {cards} · tiles played: {used}", cards=reserve, used=len(view["used"]))
    top = panel(draw, box, T("Players"), title_size=24)
    draw_text(draw, (WIDTH - MARGIN - 16, y + 14), info, 18, MUTED, anchor="ra")
    ranks = view["outcome"]["ranks"] if view["outcome"] else None
    called = {c["seat"]: c["tile"] for c in view["claims"]}
    for seat in range(players):
        ry = top + 4 + seat * row_h
        can_call = seat in view.get("racing", [])  # still in the race: says nothing of their tiles
        acting = not view["over"] and (view["turn"] == seat or can_call)
        if acting:
            draw.rounded_rectangle((MARGIN + 8, ry - 2, WIDTH - MARGIN - 8, ry + row_h - 8), radius=10, fill=shade(HIGHLIGHT, 1.7))
        if ranks is not None and ranks[seat] == 1:
            draw.rounded_rectangle((MARGIN + 8, ry - 2, WIDTH - MARGIN - 8, ry + row_h - 8), radius=10, fill=(214, 240, 214))
        badge(draw, (MARGIN + 36, ry + 30), 18, player_colour(seat), str(seat + 1))
        name = winner_name(names[seat], ranks is not None and ranks[seat] == 1)
        draw_text(draw, (MARGIN + 66, ry + 8), name, fit_size(name, 330, 24, bold=True), INK, bold=True)
        score = view["scores"][seat]
        pips = view["mascots"][seat]
        draw_text(draw, (MARGIN + 66, ry + 42), points(score), 26, INK, bold=True)
        captured = Tn("{n} card", "{n} cards", len(view["captured"][seat]))
        detail = (T("{cards}, {pips} with {mascot} (×2)", cards=captured, pips=pips, mascot=said(view["mascot"])) if pips
                  else captured)
        draw_text(draw, (MARGIN + 66, ry + 78), detail, 17, MUTED)
        if seat in called:
            draw_text(draw, (MARGIN + 200, ry + 46), T("called the {thing}!", thing=said(OBJECTS[called[seat]].name)), 20,
                      GOOD, bold=True)
        # face-up tiles, then the face-down stack
        tx = MARGIN + 470
        size = 104
        for n, thing in enumerate(view["hands"][seat]):
            draw_tile(image, draw, (tx + n * (size + 10), ry, tx + n * (size + 10) + size, ry + size), thing)
        sx = tx + 3 * (size + 10) + 12
        stack = view["stacks"][seat]
        for i in range(min(4, stack)):
            draw.rounded_rectangle((sx + i * 4, ry + 20 - i * 4, sx + 64 + i * 4, ry + 84 - i * 4), radius=8, fill=TILE_BACK, outline=INK, width=2)
        draw_text(draw, (sx + 86, ry + 20), f"{stack}", 30, INK, bold=True)
        draw_text(draw, (sx + 86, ry + 58), T("face down"), 15, MUTED)
    return box[3] + 16


def points(n: int) -> Text:
    """"1 point", "7 points"."""
    return Tn("{n} point", "{n} points", n)


def expert_lines(view: dict[str, Any], names: list[str]) -> list[tuple[str, RGB]]:
    lines: list[tuple[str, RGB]] = []
    last = view["last"]
    if last:
        for claim, taken in zip(last["claims"], last["taken"], strict=True):
            who, thing = names[claim["seat"]], said(OBJECTS[claim["tile"]].name)
            if taken:
                line = T("Last: {who} played the {thing} and took {cards}.", who=who, thing=thing,
                         cards=", ".join(map(str, taken)))
            else:
                line = T("Last: {who} played the {thing} and took nothing.", who=who, thing=thing)
            lines.append((line, INK))
        if last["contested"]:
            contested = last["contested"]
            lines.append((Tn("Tie: card {ids} stayed in the grid (red frame).",
                             "Tie: cards {ids} stayed in the grid (red frame).", len(contested),
                             ids=listing([str(c) for c in contested])), BAD))
        for lost in last["lost"]:
            lines.append((T("Time ran out: {who} lost the {thing} tile.", who=names[lost["seat"]],
                            thing=said(OBJECTS[lost["tile"]].name)), BAD))
    if view["over"]:
        lines.append((named(view["outcome"]["reason"], names), INK))
    else:
        key: str = T("Gold number badge: {mascot} is on that card, 2 points. Other cards: 1 point.",
                     mascot=said(view["mascot"]))
        if view["mode"] == "live" and view["deadline"] is not None:
            tie = (T(" Tie window: {span}.", span=_seconds(view["tie_ms"])) if view["tie_ms"]
                   else T(" No tie window: the first call wins."))
            key = T("{text}{more}", text=key, more=tie)
        lines.append((key, MUTED))
    return lines


def _expert_board(view: dict[str, Any]) -> Image.Image:
    names = seat_names(view)
    image, draw = canvas(WIDTH, 2600, BACKGROUND)
    y = _header(draw, view, _expert_status(view, names), 16)
    y = _draw_grid(image, draw, view, y)
    y = _draw_expert_players(image, draw, view, names, y)
    y = _footer(draw, expert_lines(view, names), y)
    return image.crop((0, 0, WIDTH, y + 12))


# -- entry points -------------------------------------------------------------------------


def board(view: dict[str, Any]) -> Image.Image:
    """The public picture of the table, about 1200 px wide."""
    return _expert_board(view) if view["variant"] == "expert" else _basic_board(view)


PRIVATE_FLOOR = floor_px(WIDTH)
"""33 px: the smallest text on a 1200 px private picture (11 px on a phone 400 px wide)."""
PRIVATE_TITLE = 44


def private(view: dict[str, Any]) -> Image.Image | None:
    """A seat's own picture: their spread (basic) or their tiles and captures (Expert).

    1200 px wide, so each card of a spread is 374 px (detail to hunt in when tapped); every
    text is at least :data:`PRIVATE_FLOOR`, which is 11 px when a phone shows it 400 px wide.
    """
    seat = view.get("viewer")
    if seat is None:
        return None
    names = seat_names(view)
    if view["variant"] == "expert":
        return _expert_private(view, seat, names)
    info = view["seats"][seat]
    spread = info["spread"]
    columns, gap = 3, 14
    px = (INNER - (columns - 1) * gap) // columns
    rows = max(1, -(-len(spread) // columns))
    head = 240
    image, draw = canvas(WIDTH, head + rows * (px + gap) + 20, BACKGROUND)
    tile = 190
    room = WIDTH - 2 * MARGIN - tile - 20
    title = T("{who}'s cards", who=names[seat])
    draw_text(draw, (MARGIN, 16), title, fit_size(title, room, PRIVATE_TITLE, PRIVATE_FLOOR, bold=True), TITLE, bold=True)
    counts = T("{cards} · Keepers pile: {keepers}", cards=cards_left(len(spread)), keepers=info["keepers"])
    draw_text(draw, (MARGIN, 74), counts, PRIVATE_FLOOR, INK)
    thing = view["tile"]
    if thing is not None:
        draw_tile(image, draw, (WIDTH - MARGIN - tile, 12, WIDTH - MARGIN, 12 + tile), thing, caption=False)
        text = T("Find the {thing}!", thing=said(OBJECTS[thing].name))
        draw_text(draw, (MARGIN, 126), text, fit_size(text, room, 40, PRIVATE_FLOOR, bold=True), INK, bold=True)
        draw_text(draw, (MARGIN, 180), T("Claim each card that shows it."), PRIVATE_FLOOR, MUTED)
    else:
        draw_text(draw, (MARGIN, 140), T("Waiting for the next tile."), PRIVATE_FLOOR, MUTED)
    if not spread:
        draw_text(draw, (MARGIN, head + 20), T("No cards left: you found them all!"), 40, GOOD, bold=True)
    for n, number in enumerate(spread):
        x = MARGIN + (n % columns) * (px + gap)
        y = head + (n // columns) * (px + gap)
        paste_card(image, number, (x, y), px)
    return image


def _expert_private(view: dict[str, Any], seat: int, names: list[str]) -> Image.Image:
    """Expert: the seat's face-up tiles, big with their names, and the numbers of the cards it
    captured (a list: at 33 px or more a card's printed number needs a 330 px card)."""
    hand = view["hands"][seat]
    captured = view["captured"][seat]
    tile = 300
    listed = _captured_text(view, captured)
    lines = wrap(listed, PRIVATE_FLOOR, INNER)
    height = 130 + tile + 90 + len(lines) * int(PRIVATE_FLOOR * 1.3) + 30
    image, draw = canvas(WIDTH, height, BACKGROUND)
    draw_text(draw, (MARGIN, 16), T("{who}'s Find Me tiles", who=names[seat]), PRIVATE_TITLE, TITLE, bold=True)
    score = view["scores"][seat]
    draw_text(draw, (MARGIN, 74), T("{points} · {tiles} face down", points=points(score),
                                    tiles=Tn("{n} tile", "{n} tiles", view["stacks"][seat])), PRIVATE_FLOOR, INK)
    for n, thing in enumerate(hand):
        x = MARGIN + n * (tile + 24)
        draw_tile(image, draw, (x, 130, x + tile, 130 + tile), thing)
    if not hand:
        draw_text(draw, (MARGIN, 220), T("No tiles left."), 40, MUTED, bold=True)
    y = 130 + tile + 30
    draw_text(draw, (MARGIN, y), T("Captured: {cards}", cards=Tn("{n} card", "{n} cards", len(captured))), 36, INK,
              bold=True)
    y += 56
    for line in lines:
        draw_text(draw, (MARGIN, y), line, PRIVATE_FLOOR, INK)
        y += int(PRIVATE_FLOOR * 1.3)
    return image


def _captured_text(view: dict[str, Any], captured: list[int]) -> Text:
    if not captured:
        return T("None yet.")
    mascot = said(view["mascot"])
    numbers: str = ""
    for n in captured:
        number = T("{n} ({mascot})", n=n, mascot=mascot) if CARDS[n].mascot else str(n)
        numbers = T("{items}, {item}", items=numbers, item=number) if numbers else number
    if any(CARDS[n].mascot for n in captured):
        return T("{numbers}. Cards with {mascot} are worth 2 points.", numbers=numbers, mascot=mascot)
    return T("{numbers}.", numbers=numbers)


# -- the table card (phone first; drawn in card.py) ----------------------------------------------


def table_card(view: dict[str, Any]) -> Image.Image:
    """The picture posted after every move, 720 px wide for a phone (see :mod:`.card`)."""
    from bot.games.finders_keepers.card import table_card as draw_table_card  # card.py builds on this module

    return draw_table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's deciding number as the table card prints it (see :mod:`.card`)."""
    from bot.games.finders_keepers.card import card_standings as standings_of

    return standings_of(view)
