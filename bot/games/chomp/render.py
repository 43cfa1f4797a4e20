"""The public Chomp picture, drawn from ``Chomp.view(state, None)``.

Layout, top to bottom on a 1200 px canvas (the height follows the content):

* a header: the title, the round, and what the table is doing now (chomp, ink out, feeding
  frenzy, a tie window, Underwater War, or who won);
* the food chain as a strip of small cards, so nobody has to remember who eats whom;
* one panel per seat: name and number (``chomp:N`` uses that number), the card turned over
  (drawn big), any earlier cards of an Underwater War battle, the draw and discard pile
  counts, and what the seat did this round (live mode) or whether it has answered (turns
  mode, where the answer itself is secret until the round is settled). Washed-up seats
  are greyed out;
* the middle: set-aside cards waiting for the next winner, with an ink-out, tie or
  bad-chomp marker;
* the last round's result, and at the end the final standings.

Every creature is drawn here with Pillow shapes (no copied art) at twice the size and
scaled down, which smooths the edges. Colour is never the only cue: every card carries its
name and food-chain level. The session layer may add ``view["names"]``; otherwise seats
are called "Player 1", "Player 2", ...
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine.words import Text, listing, named
from bot.games.chomp.messages import T, Tn, Tp, cards, commas, ordinal, said
from bot.i18n import LANGUAGE, say
from bot.render.palette import BACKGROUND, INK, LINE, MUTED, RGB, WHITE, player_colour, shade, text_on
from bot.render.shapes import badge, canvas, panel
from bot.render.text import draw_text, draw_wrapped, fit_size, seat_names, text_width, wrap

WIDTH = 1200
MARGIN = 24
INNER = WIDTH - 2 * MARGIN
SCALE = 2
"""Cards are drawn this many times larger, then scaled down (cheap anti-aliasing)."""

SEA: RGB = (18, 78, 120)
GOOD_GREEN: RGB = (20, 130, 60)
BAD_RED: RGB = (196, 40, 40)
INK_BLACK: RGB = (30, 24, 44)
BACK: RGB = (22, 56, 96)

FOOD_CHAIN = ("plankton", "shrimp", "little fish", "big fish", "seal", "shark")
RANK = {name: level for level, name in enumerate(FOOD_CHAIN, start=1)}

CARD_STYLE: dict[str, tuple[RGB, RGB]] = {
    # card: (background, frame)
    "shark": ((214, 226, 238), (84, 104, 126)),
    "seal": ((240, 228, 208), (120, 96, 72)),
    "big fish": ((208, 236, 232), (28, 110, 120)),
    "little fish": ((252, 242, 204), (200, 140, 20)),
    "shrimp": ((252, 228, 226), (210, 90, 80)),
    "plankton": ((226, 242, 216), (70, 140, 60)),
    "octopus": ((64, 36, 92), (180, 120, 220)),
    "electric eel": ((20, 34, 64), (236, 214, 40)),
}


# -- the creatures ----------------------------------------------------------------------


class Art:
    """Draws in unit coordinates (0..1 across and down) inside a pixel box."""

    def __init__(self, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
        self.draw = draw
        self.x0, self.y0, self.x1, self.y1 = box
        self.w = self.x1 - self.x0
        self.h = self.y1 - self.y0

    def p(self, u: float, v: float) -> tuple[float, float]:
        return (self.x0 + u * self.w, self.y0 + v * self.h)

    def poly(
        self, points: list[tuple[float, float]], fill: RGB, outline: RGB | None = INK, width: int = 3
    ) -> None:
        self.draw.polygon([self.p(u, v) for u, v in points], fill=fill, outline=outline, width=width)

    def ellipse(
        self,
        u0: float,
        v0: float,
        u1: float,
        v1: float,
        fill: RGB | None,
        outline: RGB | None = INK,
        width: int = 3,
    ) -> None:
        self.draw.ellipse((*self.p(u0, v0), *self.p(u1, v1)), fill=fill, outline=outline, width=width)

    def line(self, points: list[tuple[float, float]], fill: RGB, width: int) -> None:
        self.draw.line([self.p(u, v) for u, v in points], fill=fill, width=width, joint="curve")

    def dot(self, u: float, v: float, r: float, fill: RGB) -> None:
        x, y = self.p(u, v)
        rr = r * self.w
        self.draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill)

    def eye(self, u: float, v: float, r: float) -> None:
        x, y = self.p(u, v)
        rr = r * self.w
        self.draw.ellipse((x - rr, y - rr, x + rr, y + rr), fill=WHITE, outline=INK, width=2)
        self.draw.ellipse((x - rr * 0.5, y - rr * 0.5, x + rr * 0.5, y + rr * 0.5), fill=INK)


def _oval(
    cu: float, cv: float, ru: float, rv: float, n: int = 36, start: float = 0, end: float = 360
) -> list[tuple[float, float]]:
    """Points on an ellipse arc (degrees, 0 = right, clockwise as y goes down)."""
    return [
        (
            cu + ru * math.cos(math.radians(start + (end - start) * i / n)),
            cv + rv * math.sin(math.radians(start + (end - start) * i / n)),
        )
        for i in range(n + 1)
    ]


def _shark(a: Art) -> None:
    grey, belly = (112, 130, 150), (236, 240, 244)
    a.poly([(0.80, 0.50), (0.97, 0.22), (0.92, 0.52), (0.99, 0.80)], grey)  # tail
    a.poly([(0.42, 0.40), (0.52, 0.10), (0.62, 0.41)], grey)  # dorsal fin
    body = [
        (0.03, 0.56),
        *_oval(0.45, 0.55, 0.42, 0.17, 24, 180, 360)[1:],
        (0.86, 0.52),
        *_oval(0.45, 0.55, 0.42, 0.17, 24, 0, 180)[1:-1],
    ]
    a.poly(body, grey)
    a.poly([(0.08, 0.62), *_oval(0.45, 0.55, 0.40, 0.15, 16, 10, 170)[2:-2], (0.08, 0.62)], belly, None)
    a.poly([(0.36, 0.64), (0.50, 0.90), (0.54, 0.66)], grey)  # pectoral fin
    a.eye(0.19, 0.49, 0.03)
    # an open mouth with teeth
    a.poly([(0.06, 0.60), (0.28, 0.62), (0.24, 0.68), (0.10, 0.66)], (120, 20, 30), INK, 2)
    for i in range(5):
        u = 0.08 + i * 0.04
        a.poly([(u, 0.605), (u + 0.02, 0.645), (u + 0.04, 0.61)], WHITE, INK, 1)
    for i in range(3):
        u = 0.31 + i * 0.035
        a.line([(u, 0.47), (u - 0.015, 0.58)], shade(grey, 0.6), 3)


def _seal(a: Art) -> None:
    fur, dark = (132, 112, 96), (92, 76, 64)
    a.poly([(0.80, 0.66), (0.99, 0.50), (0.95, 0.70), (0.99, 0.88)], dark)  # hind flippers
    a.ellipse(0.22, 0.40, 0.88, 0.82, fur)  # body
    a.ellipse(0.04, 0.18, 0.42, 0.56, fur)  # head
    a.ellipse(0.02, 0.36, 0.20, 0.52, (168, 146, 128), INK, 2)  # muzzle
    a.dot(0.05, 0.40, 0.025, INK)  # nose
    a.eye(0.17, 0.30, 0.035)
    a.eye(0.30, 0.30, 0.035)
    for dv in (-0.03, 0.0, 0.03):  # whiskers
        a.line([(0.10, 0.45), (0.22, 0.45 + dv * 2)], INK, 2)
        a.line([(0.08, 0.45), (-0.02, 0.45 + dv * 2)], INK, 2)
    a.poly([(0.34, 0.66), (0.44, 0.92), (0.52, 0.70)], dark)  # front flipper
    for u, v in ((0.55, 0.52), (0.66, 0.60), (0.72, 0.50), (0.60, 0.70)):
        a.dot(u, v, 0.012, dark)  # spots


def _fish(a: Art, body: RGB, stripe: RGB, small: bool) -> None:
    """A fish facing left; ``small`` draws a little one with bubbles around it."""
    if small:
        inner = Art(a.draw, (*a.p(0.16, 0.26), *a.p(0.84, 0.74)))
        for u, v, r in ((0.14, 0.22, 0.035), (0.10, 0.10, 0.025), (0.22, 0.06, 0.018), (0.82, 0.86, 0.03)):
            a.ellipse(u - r, v - r * 1.3, u + r, v + r * 1.3, None, (90, 150, 190), 2)
    else:
        inner = a
    inner.poly([(0.70, 0.50), (0.98, 0.18), (0.92, 0.50), (0.98, 0.82)], shade(body, 0.8))  # tail
    inner.poly([(0.30, 0.26), (0.46, 0.05), (0.62, 0.28)], shade(body, 0.8))  # dorsal fin
    inner.ellipse(0.04, 0.20, 0.78, 0.80, body)
    for u in (0.38, 0.50, 0.62):  # stripes
        inner.line(_oval(u, 0.50, 0.05, 0.26, 12, 270, 450), stripe, 5 if not small else 4)
    inner.eye(0.20, 0.42, 0.05)
    inner.line([(0.05, 0.58), (0.14, 0.60)], INK, 3)  # mouth
    inner.poly([(0.34, 0.62), (0.44, 0.84), (0.50, 0.64)], shade(body, 0.8))  # fin


def _shrimp(a: Art) -> None:
    """A shrimp curled like a C: head on the right, back over the top, fan tail bottom left."""
    coral, dark = (246, 132, 106), (190, 74, 58)
    cu, cv, radius = 0.50, 0.52, 0.27

    def at(degrees: float, r: float = radius) -> tuple[float, float]:
        return (cu + r * math.cos(math.radians(degrees)), cv - r * math.sin(math.radians(degrees)))

    # antennae sweep back over the body from the head
    hu, hv = at(0)
    a.line([(hu + 0.02, hv - 0.04), *(at(d, radius + 0.20) for d in range(20, 150, 20))], dark, 3)
    a.line([(hu + 0.04, hv - 0.02), *(at(d, radius + 0.14) for d in range(10, 110, 20))], dark, 3)
    # legs on the inside of the curl
    for d in range(15, 120, 22):
        u0, v0 = at(d, radius - 0.06)
        u1, v1 = at(d + 6, radius - 0.17)
        a.line([(u0, v0), (u1, v1)], dark, 3)
    # the tail fan at the end of the curl
    tu, tv = at(262, radius - 0.02)
    a.poly([(tu, tv - 0.02), (tu + 0.20, tv + 0.06), (tu + 0.12, tv + 0.13)], dark, INK, 2)
    a.poly([(tu, tv - 0.02), (tu + 0.08, tv + 0.17), (tu - 0.02, tv + 0.16)], dark, INK, 2)
    # the segments, tail first so the head lies on top
    segments = 11
    for i in reversed(range(segments)):
        d = 10 + i * 24
        r = 0.125 - i * 0.006
        u, v = at(d)
        a.ellipse(u - r, v - r * 0.9, u + r, v + r * 0.9, coral, dark, 2)
    # the head: an elongated shell with a spike and an eye
    a.poly([(hu + 0.06, hv - 0.06), (hu + 0.26, hv - 0.10), (hu + 0.08, hv + 0.02)], coral, dark, 2)
    a.ellipse(hu - 0.12, hv - 0.12, hu + 0.12, hv + 0.10, coral, dark, 2)
    a.eye(hu + 0.04, hv - 0.05, 0.035)


PLANKTON_DOTS = (
    (0.20, 0.25, 0.07),
    (0.48, 0.18, 0.05),
    (0.75, 0.30, 0.08),
    (0.30, 0.55, 0.09),
    (0.62, 0.58, 0.06),
    (0.85, 0.65, 0.05),
    (0.15, 0.80, 0.05),
    (0.45, 0.84, 0.07),
    (0.78, 0.88, 0.04),
    (0.55, 0.38, 0.03),
    (0.08, 0.50, 0.03),
    (0.92, 0.45, 0.03),
)


def _plankton(a: Art) -> None:
    greens = ((96, 170, 80), (140, 196, 90), (70, 150, 110))
    for i, (u, v, r) in enumerate(PLANKTON_DOTS):
        colour = greens[i % 3]
        a.ellipse(u - r, v - r * 0.8, u + r, v + r * 0.8, colour, shade(colour, 0.6), 2)
        a.dot(u - r * 0.3, v - r * 0.2, r * 0.25, shade(colour, 1.5))
        for k in range(4):  # little hairs
            angle = math.radians(45 + 90 * k + i * 10)
            a.line(
                [
                    (u + r * math.cos(angle), v + r * 0.8 * math.sin(angle)),
                    (u + r * 1.5 * math.cos(angle), v + r * 1.2 * math.sin(angle)),
                ],
                shade(colour, 0.6),
                2,
            )


def _octopus(a: Art) -> None:
    purple, dark = (176, 104, 212), (120, 60, 150)
    for u, v, r in ((0.10, 0.20, 0.07), (0.88, 0.16, 0.05), (0.86, 0.86, 0.08), (0.12, 0.88, 0.05)):
        a.ellipse(u - r, v - r, u + r, v + r, INK_BLACK, None)  # ink blots
    for k in range(8):  # tentacles: wavy lines fanning out below the head
        base = 0.22 + k * 0.08
        spread = (base - 0.5) * 1.3
        points = [
            (base + spread * t + 0.05 * math.sin(t * 7 + k), 0.48 + 0.46 * t)
            for t in (i / 10 for i in range(11))
        ]
        a.line(points, dark, 13)
        a.line(points, purple, 8)
    a.ellipse(0.24, 0.06, 0.76, 0.58, purple, dark, 3)  # head
    a.eye(0.40, 0.36, 0.055)
    a.eye(0.60, 0.36, 0.055)


def _bolt(a: Art, u: float, v: float, s: float) -> None:
    a.poly(
        [
            (u, v),
            (u + 0.5 * s, v),
            (u + 0.3 * s, v + 0.45 * s),
            (u + 0.6 * s, v + 0.45 * s),
            (u + 0.05 * s, v + 1.1 * s),
            (u + 0.18 * s, v + 0.6 * s),
            (u - 0.1 * s, v + 0.6 * s),
        ],
        (250, 220, 40),
        INK,
        2,
    )


def _eel(a: Art) -> None:
    body, dark = (190, 214, 60), (110, 130, 20)
    points = [
        (0.14 + 0.78 * t, 0.55 + 0.17 * math.sin(t * 2 * math.pi * 1.25)) for t in (i / 30 for i in range(31))
    ]
    a.line(points, dark, 30)
    a.line(points, body, 22)
    hu, hv = points[0]
    a.ellipse(hu - 0.11, hv - 0.09, hu + 0.07, hv + 0.09, body, dark, 3)
    a.eye(hu - 0.04, hv - 0.03, 0.03)
    a.line([(hu - 0.10, hv + 0.03), (hu - 0.02, hv + 0.04)], INK, 3)
    _bolt(a, 0.40, 0.05, 0.22)
    _bolt(a, 0.78, 0.10, 0.16)
    _bolt(a, 0.08, 0.10, 0.14)


ARTISTS = {
    "shark": _shark,
    "seal": _seal,
    "big fish": lambda a: _fish(a, (52, 120, 196), (30, 70, 140), small=False),
    "little fish": lambda a: _fish(a, (250, 176, 40), (220, 110, 20), small=True),
    "shrimp": _shrimp,
    "plankton": _plankton,
    "octopus": _octopus,
    "electric eel": _eel,
}


# -- cards ------------------------------------------------------------------------------


def card_image(card: str, width: int, height: int, labelled: bool = True) -> Image.Image:
    """A face-up card of ``width`` x ``height`` px: art, name and food-chain level (in the
    language being spoken: the cache keeps one per language)."""
    return _card_image(card, width, height, labelled, LANGUAGE.get())


@lru_cache(maxsize=64)
def _card_image(card: str, width: int, height: int, labelled: bool, language: str) -> Image.Image:
    """:func:`card_image` drawn in ``language``.

    ``labelled=False`` draws the art alone, larger: the table card writes the name and level
    beside it at a size it can vouch for (text drawn here is drawn twice as large, scaled down
    and cached, so the legibility recorder would see the wrong size, or nothing at all).
    """
    w, h = width * SCALE, height * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    fill, frame = CARD_STYLE[card]
    radius = max(8, w // 12)
    border = max(4, w // 40)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=frame)
    draw.rounded_rectangle(
        (border, border, w - 1 - border, h - 1 - border), radius=radius - border // 2, fill=fill
    )
    if not labelled:
        ARTISTS[card](Art(draw, (w * 0.08, h * 0.14, w * 0.92, h * 0.86)))
        return image.resize((width, height), Image.Resampling.LANCZOS)
    name_band = int(h * 0.22)
    art_box = (w * 0.10, h * 0.10, w * 0.90, h - name_band - h * 0.04)
    ARTISTS[card](Art(draw, art_box))
    # the name band
    band_fill = frame
    draw.rounded_rectangle(
        (border * 2, h - name_band, w - 1 - border * 2, h - 1 - border * 2),
        radius=radius // 2,
        fill=band_fill,
    )
    label = say(said(card), language).upper()
    size = fit_size(label, int(w * 0.84), int(name_band * 0.5), smallest=4, bold=True)  # long names: smaller
    draw_text(draw, (w / 2, h - name_band / 2 - border), label, size, text_on(frame), bold=True, anchor="mm")
    # the corner mark: food-chain level, or what the action card does
    corner = str(RANK[card]) if card in RANK else say(T("INK") if card == "octopus" else T("ZAP"), language)
    r = int(w * 0.11)
    cx, cy = border + r + 4, border + r + 4
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=frame, outline=WHITE, width=max(2, border // 2))
    size = fit_size(corner, int(r * 1.6), int(r * 1.1), bold=True)
    draw_text(draw, (cx, cy), corner, size, text_on(frame), bold=True, anchor="mm")
    return image.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def back_image(width: int, height: int) -> Image.Image:
    """A face-down card: deep blue with waves."""
    w, h = width * SCALE, height * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    radius = max(8, w // 12)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=WHITE)
    inset = max(4, w // 20)
    draw.rounded_rectangle(
        (inset, inset, w - 1 - inset, h - 1 - inset), radius=radius - inset // 2, fill=BACK
    )
    wave = (70, 130, 190)
    for row in range(1, 8):
        y = inset + (h - 2 * inset) * row / 8
        points = [
            (inset + 4 + (w - 2 * inset - 8) * t, y + h * 0.02 * math.sin(t * math.pi * 4))
            for t in (i / 24 for i in range(25))
        ]
        draw.line(points, fill=wave, width=max(2, w // 60))
    if width >= 60:
        size = fit_size("CHOMP!", int(w * 0.7), int(w * 0.16), bold=True)
        draw.rounded_rectangle((w * 0.12, h * 0.42, w * 0.88, h * 0.58), radius=8, fill=BACK)
        draw_text(draw, (w / 2, h / 2), "CHOMP!", size, WHITE, bold=True, anchor="mm")
    return image.resize((width, height), Image.Resampling.LANCZOS)


def paste(image: Image.Image, tile: Image.Image, xy: tuple[int, int]) -> None:
    image.paste(tile, (int(xy[0]), int(xy[1])), tile)


# -- helpers ----------------------------------------------------------------------------


def _seconds(ms: int) -> float:
    """A time left in seconds (the templates write it to one decimal: "2.5 s")."""
    return ms / 1000


def _status(view: dict[str, Any], names: list[str]) -> tuple[Text, RGB]:
    """The header's one line: what the table is doing now."""
    if view["over"]:
        ranks = view["outcome"]["ranks"]
        winners = [names[s] for s, rank in enumerate(ranks) if rank == 1]
        if len(winners) == 1:
            return T("Game over: {who} wins!", who=winners[0]), INK
        return T("Game over: {winners} share the win!", winners=listing(winners)), INK
    phase = view["phase"]
    if phase == "flip":
        if view["flip"] == "war":
            return T("War! 2 cards face down, 1 face up"), BAD_RED
        if view["flip"] == "octopus":
            return T("Ink out! The next cards decide"), (96, 50, 130)
        return (T("Next cards coming up") if view["mode"] == "live" else T("Turn the cards over")), SEA
    if view["window"] is not None:
        if phase == "slap":
            return T("Slap! Tie window open for {ms} ms", ms=view["tie_ms"]), GOOD_GREEN
        return T("Chomp! Tie window open for {ms} ms", ms=view["tie_ms"]), GOOD_GREEN
    if phase == "slap":
        return T("Electric eel! First to slap it takes all"), (150, 120, 0)
    kind = view["kind"]
    if kind == "ink":
        return T("Ink out! Nobody may chomp"), (96, 50, 130)
    if kind == "frenzy":
        return T("Feeding frenzy! Chomp any card but your own"), (150, 120, 0)
    # live mode: kind is None while the round is on (spotting it is the game)
    return T("Chomp the lowest creature!"), SEA


# -- sections ---------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    draw_text(draw, (MARGIN, y), "CHOMP!", 46, SEA, bold=True)
    parts: list[str] = [T("Underwater War") if view["war"] else T("{n} players", n=view["players"])]
    if view["round"]:
        parts.append(T("round {round}", round=view["round"]))
    parts.append(T("live") if view["mode"] == "live" else T("turns (private answers)"))
    sub = dots(parts)
    draw_text(draw, (MARGIN + 4, y + 54), sub, 18, MUTED)
    status, colour = _status(view, names)
    right = WIDTH - MARGIN
    size = fit_size(status, INNER - 300, 30, bold=True)
    draw_text(draw, (right, y + 22), status, size, colour, bold=True, anchor="rm")
    if not view["over"] and view["mode"] == "live" and view["deadline"] is not None:
        left = max(0, view["deadline"] - view["now"])
        if view["phase"] == "flip":
            clock = T("{seconds:.1f} s until the cards turn by themselves", seconds=_seconds(left))
        elif view["window"] is not None:
            clock = T("{seconds:.1f} s until the tie window closes", seconds=_seconds(left))
        else:
            clock = T("{seconds:.1f} s to act", seconds=_seconds(left))
        draw_text(draw, (right, y + 62), clock, 18, MUTED, anchor="rm")
    elif not view["over"] and view["mode"] == "turns" and view["phase"] != "flip":
        draw_text(
            draw, (right, y + 62), T("Answers stay secret until everyone has answered"), 18, MUTED, anchor="rm"
        )
    return y + 88


def legend(view: dict[str, Any]) -> dict[str, Text]:
    """What the two action cards do at this table (Underwater War plays them differently)."""
    if view["war"]:
        return {"octopus": T("ink out: next card decides"), "electric eel": T("slap the eel first!")}
    return {"octopus": T("ink out: no chomping"), "electric eel": T("frenzy: chomp anything")}


def dots(parts: list[str]) -> str:
    """``parts`` joined by " · ", each said in the language being spoken."""
    joined: str = parts[0] if parts else ""
    for part in parts[1:]:
        joined = T("{items} · {item}", items=joined, item=part)
    return joined


def _food_chain(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> int:
    """The food chain, top first: each creature eats everything to its right."""
    w, h = 58, 80
    x = MARGIN
    draw_text(draw, (x, y + h / 2), T("Food chain:"), 18, INK, bold=True, anchor="lm")
    x += text_width(T("Food chain:"), 18, bold=True) + 14
    for i, creature in enumerate(reversed(FOOD_CHAIN)):
        paste(image, card_image(creature, w, h), (x, y))
        x += w
        if i < len(FOOD_CHAIN) - 1:
            draw_text(draw, (x + 13, y + h / 2), ">", 26, MUTED, bold=True, anchor="mm")
            x += 26
    x += 26
    for creature, text in legend(view).items():
        paste(image, card_image(creature, w, h), (x, y))
        x += w + 8
        for j, line in enumerate(wrap(text, 16, 120)):
            draw_text(draw, (x, y + 22 + j * 20), line, 16, INK)
        x += 132
    return y + h + 14


def _seat_panel(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    view: dict[str, Any],
    seat: dict[str, Any],
    names: list[str],
) -> None:
    x0, y0, x1, _y1 = box
    s = seat["seat"]
    colour = player_colour(s)
    out = seat["out"]
    draw.rounded_rectangle(
        box,
        radius=14,
        fill=(236, 236, 236) if out else (255, 252, 245),
        outline=colour if not out else LINE,
        width=4 if not out else 2,
    )
    badge(draw, (x0 + 26, y0 + 26), 17, colour, str(s + 1))
    name: str = names[s]
    ranks = view["outcome"]["ranks"] if view["outcome"] else None
    if ranks is not None:
        name = T("{name} · {place}", name=name, place=ordinal(ranks[s]))
    size = fit_size(name, x1 - x0 - 62, 24, bold=True)
    draw_text(draw, (x0 + 52, y0 + 26), name, size, INK, bold=True, anchor="lm")
    width = x1 - x0
    card_w = min(_card_width(view), width - 40)
    card_h = int(card_w * 1.36)
    cx = (x0 + x1) // 2
    cy = y0 + 56
    table, shown = shown_cards(view, seat)
    earlier = table[:-1] if table else []
    if earlier:  # an Underwater War battle: earlier cards as small cards on the left
        mini_w, mini_h = 52, 71
        card_w = min(card_w, width - 40 - mini_w - 16)
        card_h = int(card_w * 1.36)
        cx += (mini_w + 12) // 2
        mx = x0 + 14
        per_column = max(1, (card_h + 10) // (mini_h // 2 + 6))
        for i, card in enumerate(earlier[-per_column:]):
            tile = back_image(mini_w, mini_h) if card is None else card_image(card, mini_w, mini_h)
            paste(image, tile, (mx, cy + i * (mini_h // 2 + 6)))
    if shown is not None:
        paste(image, card_image(shown, card_w, card_h), (cx - card_w // 2, cy))
    else:
        draw.rounded_rectangle(
            (cx - card_w // 2, cy, cx + card_w // 2, cy + card_h), radius=14, outline=LINE, width=3
        )
        empty = T("washed up") if out else (T("no card yet") if view["phase"] == "flip" else T("no card"))
        draw_text(draw, (cx, cy + card_h / 2), empty, 22, MUTED, bold=True, anchor="mm")
    y = cy + card_h + 12
    # what the seat did this round
    text, tint = seat_action(view, seat, names)
    if text:
        size = fit_size(text, width - 20, 22, bold=True)
        pill = text_width(text, size, bold=True) + 24
        draw.rounded_rectangle((cx - pill / 2, y, cx + pill / 2, y + size + 14), radius=12, fill=tint)
        draw_text(draw, (cx, y + (size + 14) / 2), text, size, WHITE, bold=True, anchor="mm")
    y += 44
    # the piles
    if out:
        when = seat["out_round"]
        note = T("washed up in round {round}", round=when) if when else T("washed up")
        draw_text(draw, (cx, y + 16), note, 18, MUTED, anchor="mm")
        return
    pile_w, pile_h = 30, 42
    for label, count, px in (
        (T("draw"), seat["draw"], x0 + width * 0.12),
        (T("won"), seat["discard"], x0 + width * 0.56),
    ):
        if count:
            for k in range(min(3, count)):
                paste(image, back_image(pile_w, pile_h), (px + k * 3, y + 2 - k * 3))
        else:
            draw.rounded_rectangle((px, y + 2, px + pile_w, y + 2 + pile_h), radius=5, outline=LINE, width=2)
        draw_text(draw, (px + pile_w + 12, y + 6), str(count), 22, INK, bold=True)
        draw_text(draw, (px + pile_w + 12, y + 32), label, 14, MUTED)


def shown_cards(view: dict[str, Any], seat: dict[str, Any]) -> tuple[list[str | None], str | None]:
    """The cards ``seat`` has on the table (``None`` = face down) and its face-up top card.

    Between Underwater War flips, and at the end, the battle just decided stays in view.
    """
    table, shown = seat["table"], seat["card"]
    last = view["last"]
    if (view["phase"] == "flip" or view["over"]) and not table and last and last.get("table") and not seat["out"]:
        table, shown = last["table"][seat["seat"]], last["cards"][seat["seat"]]
    return table, shown


def _card_width(view: dict[str, Any]) -> int:
    """The big face-up cards: larger when only two seats share the row."""
    return 250 if view["players"] == 2 else 210


def seat_action(view: dict[str, Any], seat: dict[str, Any], names: list[str]) -> tuple[str, RGB]:
    """A short line on what ``seat`` did this round, and its colour."""
    last = view["last"]
    if seat["out"]:
        return "", INK
    if view["over"]:  # the cards shown are the last round's: say who took them
        if last is not None and last["winner"] == seat["seat"]:
            return T("won the last round: +{n}", n=last["taken"]), GOOD_GREEN
        return "", INK
    phase = view["phase"]
    if phase == "flip":
        if seat["acted"]:  # live War: sat out the coming battle
            return T("sits out the next eel"), MUTED
        if last is None or seat["table"] != [] or last["result"] != "battle":
            return "", INK
        if last["winner"] == seat["seat"]:
            return T("wins the battle: +{n}", n=last["taken"]), GOOD_GREEN
        return T("loses the battle"), MUTED
    if view["mode"] == "turns":
        return (T("answered ✓"), SEA) if seat["acted"] else (T("thinking…"), MUTED)
    slap = seat["slap"]
    if slap is None:
        return "", INK
    if slap["key"] == "pass":
        return T("holds"), MUTED
    first = view.get("first")
    if phase == "slap":
        return (T("FIRST SLAP!") if slap["at"] == first else T("SLAP!")), GOOD_GREEN
    verdict = slap.get("verdict")
    target = slap["target"]
    shown = view["seats"][target]["card"]
    card = said(shown) if shown else T("card")
    whose = T("own {card}", card=card) if target == seat["seat"] else Tp("picture", "{who}'s {card}", who=names[target], card=card)
    if verdict == "good":
        if first is not None and slap["at"] == first:
            return T("FIRST CHOMP! {whose}", whose=whose), GOOD_GREEN
        if first is None:
            return T("CHOMP: {whose}", whose=whose), GOOD_GREEN
        return T("CHOMP +{ms} ms: {whose}", ms=slap["at"] - first, whose=whose), GOOD_GREEN
    if verdict == "miss":
        return T("Missed: {whose}", whose=whose), MUTED
    return T("Bad chomp: {whose}", whose=whose), BAD_RED


def _seats(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int
) -> int:
    seats = view["seats"]
    n = len(seats)
    gap = 14 if n > 2 else 40
    width = (INNER - gap * (n - 1)) // n
    card_w = min(_card_width(view), width - 40)
    height = 56 + int(card_w * 1.36) + 12 + 44 + 54
    for i, seat in enumerate(seats):
        x0 = MARGIN + i * (width + gap)
        _seat_panel(image, draw, (x0, y, x0 + width, y + height), view, seat, names)
    return y + height + 16


def _ink_blot(draw: ImageDraw.ImageDraw, centre: tuple[float, float], r: float) -> None:
    x, y = centre
    draw.ellipse((x - r, y - r, x + r, y + r), fill=INK_BLACK)
    for k in range(7):
        angle = math.radians(k * 51 + 10)
        d = r * (1.0 + 0.25 * (k % 3))
        rr = r * (0.28 + 0.08 * (k % 2))
        bx, by = x + d * math.cos(angle), y + d * math.sin(angle)
        draw.ellipse((bx - rr, by - rr, bx + rr, by + rr), fill=INK_BLACK)


def _middle(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    names: list[str],
    box: tuple[int, int, int, int],
) -> None:
    x0, _y0, x1, _y1 = box
    middle = view["middle"]
    top = panel(draw, box, T("The middle"), title_size=22)
    total = middle["total"]
    if not total:
        draw_text(draw, (x0 + 16, top + 8), T("Empty: nothing set aside."), 20, MUTED)
        return
    # markers: why the cards are here
    mx = x0 + 16
    markers = {"ink": T("INK OUT"), "tie": T("TIE"), "bad": T("BAD CHOMP")}
    for reason in middle["carry"]:
        label = markers.get(reason, reason.upper())
        if reason == "ink":
            _ink_blot(draw, (mx + 22, top + 24), 16)
            draw_text(draw, (mx + 52, top + 24), label, 20, INK_BLACK, bold=True, anchor="lm")
            mx += 70 + text_width(label, 20, bold=True)
        else:
            colour = (150, 120, 0) if reason == "tie" else BAD_RED
            tw = text_width(label, 18, bold=True) + 20
            draw.rounded_rectangle((mx, top + 10, mx + tw, top + 38), radius=10, fill=colour)
            draw_text(draw, (mx + tw / 2, top + 24), label, 18, WHITE, bold=True, anchor="mm")
            mx += tw + 12
    draw_text(draw, (x0 + 16, top + 50), middle_caption(view), 18, INK, bold=True)
    # the cards: face up as small cards, face down as backs with the owner's number
    w, h = 50, 68
    x, y = x0 + 16, top + 80
    for item in middle["up"]:
        if x + w > x1 - 16:
            x, y = x0 + 16, y + h + 8
        paste(image, card_image(item["card"], w, h), (x, y))
        x += w + 6
    for owner, count in enumerate(middle["down"]):
        for _ in range(count):
            if x + w > x1 - 16:
                x, y = x0 + 16, y + h + 8
            paste(image, back_image(w, h), (x, y))
            badge(draw, (x + w - 10, y + h - 10), 10, player_colour(owner), str(owner + 1))
            x += w + 6


def middle_caption(view: dict[str, Any]) -> str:
    """Whose the cards in the middle will be: this round's (or battle's) winner while one is
    on, the next battle's between War flips; at the end, nobody's (they belong to players
    already washed up)."""
    total = cards(view["middle"]["total"])
    if view["over"]:
        return T("{cards} of washed-up players: they count for nobody", cards=total)
    if view["phase"] == "flip":
        return T("{cards} for the next battle's winner", cards=total)
    if view["phase"] == "slap":
        return T("{cards} for this battle's winner", cards=total)
    return T("{cards} for this round's winner", cards=total)


def _middle_height(view: dict[str, Any], width: int) -> int:
    total = view["middle"]["total"]
    if not total:
        return 80
    per_row = max(1, (width - 32) // 56)
    rows = math.ceil(total / per_row)
    return 52 + 80 + rows * 76 + 6


def _last(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], box: tuple[int, int, int, int]
) -> None:
    x0, _y0, x1, _ = box
    last = view["last"]
    title = T("Last round") if last is None else T("Last round ({round})", round=last["round"])
    top = panel(draw, box, title, title_size=22)
    if last is None:
        draw_text(draw, (x0 + 16, top + 8), T("Nothing yet: the first round is on."), 20, MUTED)
        return
    y = draw_wrapped(
        draw, (x0 + 16, top + 6), named(last["text"], names), 20, x1 - x0 - 32, INK, bold=True
    )
    bad = [s for s in last.get("slaps", []) if s["verdict"] not in ("good", "pass", "miss")]
    if bad:
        who = commas([names[s["seat"]] for s in bad])
        draw_wrapped(draw, (x0 + 16, y + 4), T("Bad chomps: {who}.", who=who), 18, x1 - x0 - 32, BAD_RED)


def _last_height(view: dict[str, Any], names: list[str], width: int) -> int:
    last = view["last"]
    if last is None:
        return 80
    lines = len(wrap(named(last["text"], names), 20, width - 32, bold=True))
    extra = 26 if any(s["verdict"] not in ("good", "pass", "miss") for s in last.get("slaps", [])) else 0
    return 52 + lines * 25 + extra + 14


def _standings(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], y: int) -> int:
    outcome = view["outcome"]
    order = sorted(range(view["players"]), key=lambda s: (outcome["ranks"][s], s))
    height = 52 + 34 * len(order) + 50
    box = (MARGIN, y, WIDTH - MARGIN, y + height)
    top = panel(draw, box, T("Final standings"), title_size=22)
    ry = top + 6
    for s in order:
        seat = view["seats"][s]
        badge(draw, (MARGIN + 34, ry + 14), 13, player_colour(s), str(s + 1))
        draw_text(
            draw,
            (MARGIN + 56, ry + 14),
            T("{place}  {name}", place=ordinal(outcome["ranks"][s]), name=names[s]),
            20,
            INK,
            bold=True,
            anchor="lm",
        )
        detail = Tn("{n:g} cards", "{n:g} cards", int(outcome["scores"][s]), n=outcome["scores"][s])
        if seat["out"]:
            detail = T("washed up in round {round}", round=seat["out_round"])
        draw_text(draw, (MARGIN + 420, ry + 14), detail, 20, MUTED, anchor="lm")
        ry += 34
    reason = named(outcome["reason"], names)
    draw_wrapped(draw, (MARGIN + 16, ry + 8), reason, 18, INNER - 32, INK)
    return box[3] + 14


def board(view: dict[str, Any]) -> Image.Image:
    """The whole table as an RGB picture 1200 px wide."""
    names = seat_names(view)
    image, draw = canvas(WIDTH, 3000, BACKGROUND)
    y = _header(draw, view, names, 16)
    y = _food_chain(image, draw, view, y)
    y = _seats(image, draw, view, names, y)
    half = (INNER - 16) // 2
    height = max(_middle_height(view, half), _last_height(view, names, half))
    _middle(image, draw, view, names, (MARGIN, y, MARGIN + half, y + height))
    _last(draw, view, names, (MARGIN + half + 16, y, WIDTH - MARGIN, y + height))
    y += height + 16
    if view["over"] and view["outcome"]:
        y = _standings(draw, view, names, y)
    return image.crop((0, 0, WIDTH, y + 6))


def table_card(view: dict[str, Any]) -> Image.Image:
    """The phone-first table card posted after every move (see :mod:`bot.games.chomp.card`)."""
    from bot.games.chomp import card  # card.py draws with this module's pieces: import it late

    return card.table_card(view)


def card_standings(view: dict[str, Any]) -> list[str]:
    """Each seat's cards exactly as the table card prints them (see :mod:`bot.games.chomp.card`)."""
    from bot.games.chomp import card

    return card.card_standings(view)
