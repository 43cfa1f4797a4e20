"""The 40 Finders Keepers objects and Pip the owl, drawn from simple shapes.

Every object is a *recipe*: a function that draws it with a :class:`Pen` on a square
canvas whose coordinates run from 0 to 100 on both axes, y downwards. The recipes are our
own drawings — flat, bold, sticker-like silhouettes in one or two strong colours — chosen so
that each object is told apart by its outline alone, even when it is small, turned upside
down or partly covered on a card.

This module does not import Pillow (the architecture test allows Pillow only in
``render.py``): a :class:`Pen` drives any object with the ``ImageDraw`` drawing methods.
``render.py`` makes the canvas, adds the dark sticker outline around the whole shape, and
caches the result (:func:`bot.games.finders_keepers.render.icon`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

INK: RGB = (38, 36, 44)
WHITE: RGB = (255, 255, 255)
CLEAR: RGBA = (0, 0, 0, 0)
"""Drawing with CLEAR on an RGBA canvas punches a hole (a key's bow, a scissor ring)."""

LINE = 2.2
"""The default width of inner ink lines, in canvas units (1/100 of the icon)."""


class Pen:
    """Draws shapes given in 0–100 icon units onto a Pillow ``ImageDraw`` of ``size`` pixels.

    Every shape method takes a fill colour and draws an ink outline unless ``outline`` is
    ``None``; widths are in icon units too, so a recipe looks the same at any size.
    """

    def __init__(self, draw: Any, size: int) -> None:
        self.draw = draw
        self.k = size / 100

    def _xy(self, points: Iterable[Point]) -> list[Point]:
        return [(x * self.k, y * self.k) for x, y in points]

    def _box(self, box: Sequence[float]) -> list[float]:
        x0, y0, x1, y1 = box
        return [x0 * self.k, y0 * self.k, x1 * self.k, y1 * self.k]

    def _w(self, width: float) -> int:
        return max(1, round(width * self.k))

    def ellipse(
        self, box: Sequence[float], fill: RGB | RGBA | None, outline: RGB | None = INK, width: float = LINE
    ) -> None:
        self.draw.ellipse(self._box(box), fill=fill, outline=outline, width=self._w(width))

    def circle(
        self, cx: float, cy: float, r: float, fill: RGB | RGBA | None, outline: RGB | None = INK, width: float = LINE
    ) -> None:
        self.ellipse((cx - r, cy - r, cx + r, cy + r), fill, outline, width)

    def poly(
        self, points: Sequence[Point], fill: RGB | RGBA | None, outline: RGB | None = INK, width: float = LINE
    ) -> None:
        self.draw.polygon(self._xy(points), fill=fill, outline=outline, width=self._w(width))

    def rect(
        self,
        box: Sequence[float],
        fill: RGB | RGBA | None,
        outline: RGB | None = INK,
        width: float = LINE,
        radius: float = 0,
    ) -> None:
        if radius:
            self.draw.rounded_rectangle(
                self._box(box), radius=radius * self.k, fill=fill, outline=outline, width=self._w(width)
            )
        else:
            self.draw.rectangle(self._box(box), fill=fill, outline=outline, width=self._w(width))

    def line(self, points: Sequence[Point], colour: RGB = INK, width: float = LINE, round_ends: bool = True) -> None:
        """A polyline with rounded joints (and rounded ends, unless ``round_ends`` is false)."""
        self.draw.line(self._xy(points), fill=colour, width=self._w(width), joint="curve")
        if round_ends:
            r = width / 2
            for x, y in (points[0], points[-1]):
                self.draw.ellipse(self._box((x - r, y - r, x + r, y + r)), fill=colour)

    def arc(self, box: Sequence[float], start: float, end: float, colour: RGB = INK, width: float = LINE) -> None:
        self.draw.arc(self._box(box), start, end, fill=colour, width=self._w(width))

    def pie(
        self,
        box: Sequence[float],
        start: float,
        end: float,
        fill: RGB | RGBA | None,
        outline: RGB | None = INK,
        width: float = LINE,
    ) -> None:
        self.draw.pieslice(self._box(box), start, end, fill=fill, outline=outline, width=self._w(width))

    def chord(
        self,
        box: Sequence[float],
        start: float,
        end: float,
        fill: RGB | RGBA | None,
        outline: RGB | None = INK,
        width: float = LINE,
    ) -> None:
        self.draw.chord(self._box(box), start, end, fill=fill, outline=outline, width=self._w(width))

    def dot(self, cx: float, cy: float, r: float, colour: RGB = INK) -> None:
        self.circle(cx, cy, r, colour, outline=None)


# -- geometry helpers -------------------------------------------------------------------


def rotate(points: Iterable[Point], degrees: float, centre: Point = (50, 50)) -> list[Point]:
    """Points turned ``degrees`` clockwise (on screen) around ``centre``."""
    a = math.radians(degrees)
    cx, cy = centre
    cos, sin = math.cos(a), math.sin(a)
    return [(cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos) for x, y in points]


def lens(base: Point, tip: Point, width: float, steps: int = 16) -> list[Point]:
    """A pointed leaf shape (two arcs) from ``base`` to ``tip``, ``width`` across its middle."""
    (x0, y0), (x1, y1) = base, tip
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    side_a, side_b = [], []
    for i in range(steps + 1):
        t = i / steps
        bulge = math.sin(math.pi * t) * width / 2
        px, py = x0 + ux * length * t, y0 + uy * length * t
        side_a.append((px + nx * bulge, py + ny * bulge))
        side_b.append((px - nx * bulge, py - ny * bulge))
    return side_a + side_b[::-1]


def wave(x0: float, y0: float, x1: float, y1: float, amplitude: float, turns: float, steps: int = 24) -> list[Point]:
    """A wavy line from (x0, y0) to (x1, y1): steam, a balloon string, a kite tail."""
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    out = []
    for i in range(steps + 1):
        t = i / steps
        s = math.sin(t * turns * 2 * math.pi) * amplitude
        out.append((x0 + ux * length * t + nx * s, y0 + uy * length * t + ny * s))
    return out


def star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5, turn: float = -90) -> list[Point]:
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / points)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


# -- the recipes --------------------------------------------------------------------------

Recipe = Callable[[Pen], None]
RECIPES: dict[str, Recipe] = {}


def recipe(name: str) -> Callable[[Recipe], Recipe]:
    def register(fn: Recipe) -> Recipe:
        RECIPES[name] = fn
        return fn

    return register


@recipe("key")
def key(p: Pen) -> None:
    brass = (222, 166, 44)
    p.rect((68, 52, 76, 70), brass)
    p.rect((80, 52, 88, 75), brass)
    p.rect((38, 44, 92, 56), brass, radius=2)
    p.rect((38, 40, 45, 60), brass, radius=2)
    p.circle(24, 50, 19, brass)
    p.circle(24, 50, 8, CLEAR)


@recipe("sun")
def sun(p: Pen) -> None:
    rays = (250, 150, 30)
    for i in range(12):
        a = math.radians(i * 30)
        tip = (50 + 47 * math.cos(a), 50 + 47 * math.sin(a))
        left = (50 + 27 * math.cos(a - 0.2), 50 + 27 * math.sin(a - 0.2))
        right = (50 + 27 * math.cos(a + 0.2), 50 + 27 * math.sin(a + 0.2))
        p.poly([left, tip, right], rays)
    p.circle(50, 50, 29, (255, 214, 58))
    p.dot(40, 45, 3.5)
    p.dot(60, 45, 3.5)
    p.arc((37, 44, 63, 66), 25, 155, width=3)


@recipe("fish")
def fish(p: Pen) -> None:
    teal = (34, 170, 178)
    p.poly([(66, 50), (95, 26), (88, 50), (95, 74)], teal)
    p.poly([(36, 32), (50, 14), (62, 34)], (20, 130, 140))
    p.ellipse((6, 26, 76, 74), teal)
    p.arc((26, 32, 50, 68), 300, 60, width=2.5)
    p.circle(22, 45, 6, WHITE)
    p.dot(23, 45, 3)
    p.line([(7, 54), (14, 53)], width=2)


@recipe("star")
def star(p: Pen) -> None:
    p.poly(star_points(50, 54, 48, 20), (255, 206, 20), width=2.5)
    p.poly(star_points(50, 54, 30, 12), (255, 232, 120), outline=None)


@recipe("cup")
def cup(p: Pen) -> None:
    blue = (52, 126, 212)
    for x in (36, 52):
        p.line(wave(x, 34, x, 8, 3, 1.0), (130, 130, 140), width=3)
    p.ellipse((4, 80, 96, 96), (220, 232, 246))
    p.ellipse((62, 44, 94, 72), blue)
    p.ellipse((70, 51, 86, 65), CLEAR)
    p.chord((10, 6, 80, 90), 0, 180, blue, width=2.6)
    p.rect((10, 44, 80, 49), blue, outline=None)
    p.ellipse((10, 38, 80, 52), (120, 72, 40), width=2.6)
    p.ellipse((26, 68, 40, 78), (150, 196, 240), outline=None)


@recipe("umbrella")
def umbrella(p: Pen) -> None:
    purple = (140, 76, 204)
    p.pie((6, 12, 94, 96), 180, 360, purple)
    for x in (17, 39, 61, 83):
        p.circle(x, 55, 11.2, CLEAR, outline=None)
    p.line([(50, 46), (50, 84)], width=4.5)
    p.arc((36, 74, 50, 94), 0, 180, width=4.5)
    p.line([(50, 13), (28, 46)], width=2)
    p.line([(50, 13), (50, 46)], width=2)
    p.line([(50, 13), (72, 46)], width=2)
    p.circle(50, 10, 4, purple)


@recipe("anchor")
def anchor(p: Pen) -> None:
    navy = (38, 70, 150)
    p.arc((14, 34, 86, 90), 15, 165, colour=navy, width=9)
    p.poly([(90, 58), (72, 70), (90, 80)], navy)
    p.poly([(10, 58), (28, 70), (10, 80)], navy)
    p.rect((45, 18, 55, 88), navy, radius=3)
    p.rect((26, 28, 74, 37), navy, radius=4)
    p.circle(50, 12, 9, navy)
    p.circle(50, 12, 4, CLEAR)


@recipe("bell")
def bell(p: Pen) -> None:
    gold = (246, 190, 48)
    outline: list[Point] = []
    for i in range(0, 19):
        y = 12 + i
        w = math.sqrt(max(0.0, 18**2 - (30 - y) ** 2))
        outline.append((50 + w, y))
    for i in range(0, 43):
        y = 30 + i
        w = 18 + 18 * (i / 42) ** 2.6
        outline.append((50 + w, y))
    left = [(100 - x, y) for x, y in reversed(outline)]
    p.circle(50, 84, 7, (120, 90, 40))
    p.poly(outline + left, gold, width=2.6)
    p.rect((12, 70, 88, 80), gold, radius=5)
    p.circle(50, 9, 5, gold)
    p.line([(38, 28), (34, 58)], (255, 236, 150), width=4)


@recipe("heart")
def heart(p: Pen) -> None:
    points = []
    for i in range(72):
        t = i / 72 * 2 * math.pi
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((50 + x * 2.75, 46 - y * 2.75))
    p.poly(points, (226, 44, 90), width=2.6)
    p.ellipse((24, 26, 36, 40), (250, 160, 185), outline=None)


@recipe("moon")
def moon(p: Pen) -> None:
    (ax, ay, ar), (bx, by, br) = (46, 52, 40), (66, 40, 34)
    outer = []
    for i in range(360):
        a = math.radians(i)
        x, y = ax + ar * math.cos(a), ay + ar * math.sin(a)
        outer.append(((x, y), math.hypot(x - bx, y - by) > br))
    start = next(i for i in range(360) if outer[i][1] and not outer[i - 1][1])
    arc1 = [outer[(start + i) % 360][0] for i in range(360) if outer[(start + i) % 360][1]]
    inner = []
    for i in range(360):
        a = math.radians(i)
        x, y = bx + br * math.cos(a), by + br * math.sin(a)
        inner.append(((x, y), math.hypot(x - ax, y - ay) < ar))
    start = next(i for i in range(360) if inner[i][1] and not inner[i - 1][1])
    arc2 = [inner[(start + i) % 360][0] for i in range(360) if inner[(start + i) % 360][1]]
    p.poly(arc1 + arc2[::-1], (250, 222, 110), width=2.6)
    p.dot(30, 52, 3)
    p.arc((22, 58, 36, 70), 20, 150, width=2.4)


@recipe("cloud")
def cloud(p: Pen) -> None:
    fill = (196, 224, 252)
    for cx, cy, r in ((28, 60, 17), (50, 44, 24), (73, 57, 18), (42, 66, 14), (62, 66, 14)):
        p.circle(cx, cy, r, fill, outline=None)
    p.rect((26, 56, 74, 80), fill, outline=None, radius=10)
    p.arc((34, 32, 54, 52), 200, 300, WHITE, width=3)


@recipe("tree")
def tree(p: Pen) -> None:
    green = (56, 158, 72)
    p.rect((43, 56, 57, 93), (140, 90, 50))
    for cx, cy, r in ((50, 26, 21), (31, 44, 19), (69, 44, 19), (50, 52, 20)):
        p.circle(cx, cy, r, green, outline=None)
    p.arc((34, 14, 52, 32), 190, 280, (120, 205, 120), width=3)


@recipe("flower")
def flower(p: Pen) -> None:
    green = (70, 160, 70)
    p.line([(50, 50), (50, 95)], green, width=5)
    p.poly(lens((50, 80), (74, 64), 12), green)
    p.poly(lens((50, 88), (28, 72), 12), green)
    for i in range(6):
        a = math.radians(i * 60 - 90)
        p.circle(50 + 18 * math.cos(a), 36 + 18 * math.sin(a), 12.5, (240, 110, 178))
    p.circle(50, 36, 11, (255, 214, 40))


@recipe("house")
def house(p: Pen) -> None:
    p.rect((64, 16, 74, 40), (160, 80, 60))
    p.rect((20, 46, 80, 90), (248, 222, 170))
    p.poly([(8, 52), (50, 12), (92, 52)], (204, 64, 48), width=2.6)
    p.rect((44, 64, 58, 90), (140, 84, 44))
    p.dot(55, 78, 1.6)
    p.rect((26, 58, 39, 71), (170, 214, 250))
    p.line([(32.5, 58), (32.5, 71)], width=1.8)
    p.line([(26, 64.5), (39, 64.5)], width=1.8)
    p.rect((64, 58, 75, 71), (170, 214, 250))


@recipe("car")
def car(p: Pen) -> None:
    red = (216, 52, 52)
    glass = (180, 222, 250)
    p.poly([(24, 48), (34, 26), (68, 26), (80, 48)], red)
    p.poly([(30, 46), (37, 30), (49, 30), (49, 46)], glass)
    p.poly([(53, 30), (66, 30), (74, 46), (53, 46)], glass)
    p.rect((6, 44, 94, 72), red, radius=8)
    p.circle(90, 52, 3.5, (255, 226, 90))
    for x in (28, 72):
        p.circle(x, 72, 12, (50, 50, 58))
        p.circle(x, 72, 5, (190, 190, 200))


@recipe("boat")
def boat(p: Pen) -> None:
    p.line(wave(6, 92, 94, 92, 2.5, 3), (60, 130, 210), width=3)
    p.poly([(48, 4), (62, 9), (48, 14)], (230, 60, 60))
    p.line([(48, 6), (48, 72)], width=3.2)
    p.poly([(52, 14), (52, 66), (88, 66)], (250, 250, 250))
    p.poly([(44, 22), (44, 66), (16, 66)], (236, 236, 244))
    p.poly([(6, 70), (94, 70), (80, 86), (20, 86)], (156, 92, 44))
    p.line([(14, 77), (86, 77)], (110, 60, 30), width=2)


@recipe("apple")
def apple(p: Pen) -> None:
    red = (212, 34, 34)
    p.line([(50, 36), (55, 14)], (110, 70, 30), width=4.5)
    p.poly(lens((55, 22), (80, 12), 14), (76, 170, 60))
    p.circle(36, 58, 28, red, outline=None)
    p.circle(64, 58, 28, red, outline=None)
    p.ellipse((24, 56, 76, 92), red, outline=None)
    p.arc((44, 28, 56, 40), 180, 360, (120, 20, 20), width=2.4)
    p.ellipse((22, 44, 32, 60), (250, 150, 150), outline=None)


@recipe("carrot")
def carrot(p: Pen) -> None:
    green = (60, 160, 60)
    p.poly(lens((50, 26), (34, 2), 12), green)
    p.poly(lens((50, 26), (52, 0), 12), green)
    p.poly(lens((50, 26), (68, 4), 12), green)
    p.poly([(32, 30), (68, 30), (52, 97), (48, 97)], (246, 132, 30), width=2.5)
    p.ellipse((32, 24, 68, 36), (246, 132, 30))
    for y, x0, x1 in ((44, 38, 48), (56, 54, 62), (68, 44, 50), (80, 51, 55)):
        p.line([(x0, y), (x1, y + 1)], (190, 90, 20), width=2)


@recipe("mushroom")
def mushroom(p: Pen) -> None:
    p.rect((36, 44, 64, 90), (246, 232, 204), radius=8)
    p.chord((6, 10, 94, 86), 180, 360, (214, 44, 44), width=2.6)
    p.rect((8, 45, 92, 52), (214, 44, 44), outline=None)
    p.line([(7, 49), (93, 49)], width=2.6)
    for cx, cy, r in ((28, 34, 6.5), (52, 22, 7), (72, 36, 5.5), (46, 40, 4)):
        p.circle(cx, cy, r, WHITE, outline=None)


@recipe("leaf")
def leaf(p: Pen) -> None:
    p.line([(20, 80), (8, 94)], (90, 140, 40), width=4)
    p.poly(lens((20, 80), (90, 10), 44), (110, 184, 60), width=2.6)
    p.line([(20, 80), (84, 16)], (60, 120, 30), width=2.2)
    for t in (0.28, 0.48, 0.68):
        bx, by = 20 + 64 * t, 80 - 64 * t
        p.line([(bx, by), (bx + 5, by - 15)], (60, 120, 30), width=1.8)
        p.line([(bx, by), (bx + 15, by - 5)], (60, 120, 30), width=1.8)


@recipe("balloon")
def balloon(p: Pen) -> None:
    fill = (255, 104, 70)
    p.line(wave(50, 72, 52, 98, 3.5, 1.5), width=2.2)
    p.poly([(44, 74), (56, 74), (50, 66)], fill)
    p.ellipse((22, 4, 78, 70), fill, width=2.6)
    p.ellipse((32, 14, 42, 30), (255, 200, 180), outline=None)


@recipe("kite")
def kite(p: Pen) -> None:
    p.line(wave(50, 70, 62, 98, 4, 1.3), width=2)
    for cx, cy in ((52, 82), (60, 94)):
        p.poly([(cx, cy), (cx - 8, cy - 5), (cx - 8, cy + 5)], (230, 60, 60), width=1.6)
        p.poly([(cx, cy), (cx + 8, cy - 5), (cx + 8, cy + 5)], (230, 60, 60), width=1.6)
    top, right, bottom, left, mid = (50, 4), (82, 34), (50, 74), (18, 34), (50, 34)
    p.poly([top, right, mid], (250, 200, 40))
    p.poly([top, mid, left], (230, 60, 60))
    p.poly([mid, right, bottom], (230, 60, 60))
    p.poly([left, mid, bottom], (250, 200, 40))
    p.poly([top, right, bottom, left], None, width=2.6)


@recipe("ball")
def ball(p: Pen) -> None:
    p.circle(50, 50, 42, (230, 50, 50))
    p.ellipse((24, 8, 76, 92), (255, 255, 255))
    p.ellipse((36, 8, 64, 92), (40, 120, 220))
    p.ellipse((45, 8, 55, 92), (255, 210, 40))
    p.circle(50, 50, 42, None, width=2.6)
    p.ellipse((18, 24, 30, 40), (255, 190, 190), outline=None)


@recipe("hat")
def hat(p: Pen) -> None:
    black = (52, 52, 66)
    p.ellipse((6, 70, 94, 88), black)
    p.rect((24, 18, 76, 80), black)
    p.ellipse((24, 12, 76, 24), (80, 80, 96))
    p.rect((24, 60, 76, 70), (210, 44, 60))
    p.line([(30, 24), (30, 56)], (110, 110, 130), width=3)


@recipe("boot")
def boot(p: Pen) -> None:
    fill = (60, 170, 96)
    p.poly([(26, 8), (60, 8), (60, 58), (84, 64), (94, 78), (94, 90), (24, 90)], fill, width=2.6)
    p.rect((24, 84, 95, 94), (60, 60, 70), radius=3)
    p.rect((23, 6, 63, 16), (40, 130, 70), radius=3)
    p.line([(34, 24), (34, 72)], (150, 220, 170), width=3)


@recipe("glasses")
def glasses(p: Pen) -> None:
    lens_fill = (206, 232, 250)
    p.line([(14, 46), (4, 36)], width=4)
    p.line([(86, 46), (96, 36)], width=4)
    p.arc((40, 38, 60, 58), 200, 340, width=4)
    p.circle(28, 54, 17, lens_fill, width=5)
    p.circle(72, 54, 17, lens_fill, width=5)
    p.line([(20, 50), (26, 44)], WHITE, width=3)
    p.line([(64, 50), (70, 44)], WHITE, width=3)


@recipe("clock")
def clock(p: Pen) -> None:
    red = (222, 60, 50)
    p.line([(32, 78), (22, 94)], width=4.5)
    p.line([(68, 78), (78, 94)], width=4.5)
    p.circle(24, 20, 12, (246, 196, 56))
    p.circle(76, 20, 12, (246, 196, 56))
    p.rect((46, 8, 54, 20), (120, 120, 130))
    p.circle(50, 55, 35, red, width=2.6)
    p.circle(50, 55, 27, WHITE)
    for i in range(12):
        a = math.radians(i * 30)
        r0 = 21 if i % 3 else 19
        p.line([(50 + r0 * math.cos(a), 55 + r0 * math.sin(a)), (50 + 24 * math.cos(a), 55 + 24 * math.sin(a))], width=1.8)
    p.line([(50, 55), (50, 38)], width=3)
    p.line([(50, 55), (62, 60)], width=3)
    p.dot(50, 55, 3)


@recipe("envelope")
def envelope(p: Pen) -> None:
    p.rect((6, 22, 94, 80), (250, 248, 238), width=2.6)
    p.line([(6, 80), (40, 50)], width=2.2)
    p.line([(94, 80), (60, 50)], width=2.2)
    p.poly([(6, 22), (50, 58), (94, 22)], (236, 232, 218), width=2.4)
    p.circle(50, 56, 7, (214, 44, 60))


@recipe("scissors")
def scissors(p: Pen) -> None:
    steel = (186, 192, 206)
    p.poly(rotate([(47, 60), (53, 60), (52, 4), (48, 4)], 20, (50, 50)), steel)
    p.poly(rotate([(47, 60), (53, 60), (52, 4), (48, 4)], -20, (50, 50)), steel)
    red = (214, 48, 58)
    for cx in (31, 69):
        p.circle(cx, 78, 14, red)
        p.circle(cx, 78, 7, CLEAR)
    p.line([(38, 66), (44, 58)], red, width=6)
    p.line([(62, 66), (56, 58)], red, width=6)
    p.circle(50, 50, 4, (120, 120, 130))


@recipe("pencil")
def pencil(p: Pen) -> None:
    def turned(points: list[Point]) -> list[Point]:
        return rotate(points, -45)

    p.poly(turned([(26, 41), (26, 59), (4, 50)]), (240, 206, 150))
    p.poly(turned([(11, 47), (11, 53), (4, 50)]), (50, 50, 56), outline=None)
    p.poly(turned([(26, 41), (78, 41), (78, 59), (26, 59)]), (250, 196, 30))
    p.line(turned([(28, 50), (76, 50)]), (210, 150, 20), width=2)
    p.poly(turned([(78, 40), (86, 40), (86, 60), (78, 60)]), (190, 190, 200))
    p.poly(turned([(86, 40), (94, 40), (96, 44), (96, 56), (94, 60), (86, 60)]), (244, 140, 160))


@recipe("bulb")
def bulb(p: Pen) -> None:
    glass = (255, 238, 130)
    p.rect((38, 66, 62, 86), (176, 176, 186), radius=3)
    p.line([(39, 72), (61, 72)], width=2)
    p.line([(39, 79), (61, 79)], width=2)
    p.rect((43, 86, 57, 93), (60, 60, 66), radius=3)
    p.poly([(34, 50), (66, 50), (62, 67), (38, 67)], glass)
    p.circle(50, 36, 28, glass, width=2.6)
    p.rect((36, 46, 64, 60), glass, outline=None)
    p.line([(42, 62), (44, 44), (48, 52), (52, 44), (56, 52), (58, 62)], (230, 120, 20), width=2.2)
    p.arc((28, 14, 50, 36), 180, 260, WHITE, width=3.5)


@recipe("rocket")
def rocket(p: Pen) -> None:
    p.poly([(40, 76), (60, 76), (50, 99)], (250, 140, 30))
    p.poly([(44, 76), (56, 76), (50, 90)], (255, 220, 60), outline=None)
    p.poly([(34, 50), (16, 80), (36, 74)], (214, 44, 48))
    p.poly([(66, 50), (84, 80), (64, 74)], (214, 44, 48))
    body = [(50, 4), (62, 18), (66, 36), (65, 78), (35, 78), (34, 36), (38, 18)]
    p.poly(body, (236, 238, 246), width=2.6)
    p.poly([(50, 4), (62, 18), (64, 26), (36, 26), (38, 18)], (214, 44, 48))
    p.circle(50, 44, 8.5, (80, 160, 230), width=2.6)
    p.line([(50, 56), (50, 76)], (170, 170, 190), width=3)


@recipe("snowman")
def snowman(p: Pen) -> None:
    p.line([(28, 62), (8, 46)], (120, 80, 40), width=3)
    p.line([(14, 51), (10, 42)], (120, 80, 40), width=2.4)
    p.line([(72, 62), (92, 46)], (120, 80, 40), width=3)
    p.line([(86, 51), (90, 42)], (120, 80, 40), width=2.4)
    p.circle(50, 71, 26, (250, 252, 255))
    p.circle(50, 30, 18, (250, 252, 255))
    p.rect((33, 45, 67, 53), (220, 48, 60), radius=3)
    p.rect((56, 48, 64, 66), (220, 48, 60), radius=2)
    p.dot(44, 26, 2.6)
    p.dot(56, 26, 2.6)
    p.poly([(50, 31), (50, 37), (66, 34)], (246, 132, 30), width=1.4)
    for y in (64, 76):
        p.dot(50, y, 2.6)


@recipe("butterfly")
def butterfly(p: Pen) -> None:
    orange = (250, 150, 30)
    p.line([(48, 28), (36, 8)], width=2)
    p.line([(52, 28), (64, 8)], width=2)
    p.dot(36, 8, 3)
    p.dot(64, 8, 3)
    p.ellipse((4, 14, 50, 54), orange, width=2.6)
    p.ellipse((50, 14, 96, 54), orange, width=2.6)
    p.ellipse((16, 48, 50, 86), (240, 110, 30), width=2.6)
    p.ellipse((50, 48, 84, 86), (240, 110, 30), width=2.6)
    for cx, cy, r in ((22, 32, 5), (78, 32, 5), (32, 70, 4), (68, 70, 4), (34, 24, 3), (66, 24, 3)):
        p.circle(cx, cy, r, WHITE, width=1.4)
    p.ellipse((45, 22, 55, 86), (50, 44, 50))


@recipe("snail")
def snail(p: Pen) -> None:
    body = (190, 206, 120)
    p.line([(78, 54), (74, 30)], width=2.4)
    p.line([(86, 56), (92, 34)], width=2.4)
    p.dot(74, 30, 3.6)
    p.dot(92, 34, 3.6)
    p.poly([(4, 88), (70, 88), (74, 56), (86, 52), (94, 62), (92, 92), (4, 92)], body, width=2.4)
    p.circle(40, 54, 30, (212, 128, 56), width=2.6)
    spiral = []
    for i in range(120):
        t = i / 120 * 3 * 2 * math.pi
        r = 24 - t * 1.15
        spiral.append((41 + r * math.cos(t), 55 + r * math.sin(t)))
    p.line(spiral, (120, 60, 20), width=2.6)
    p.dot(88, 60, 2.2)


@recipe("cat")
def cat(p: Pen) -> None:
    grey = (150, 152, 168)
    p.poly([(16, 48), (20, 8), (46, 30)], grey)
    p.poly([(84, 48), (80, 8), (54, 30)], grey)
    p.poly([(23, 36), (25, 18), (38, 30)], (244, 160, 180), outline=None)
    p.poly([(77, 36), (75, 18), (62, 30)], (244, 160, 180), outline=None)
    p.ellipse((12, 24, 88, 90), grey, width=2.6)
    for cx in (36, 64):
        p.ellipse((cx - 8, 44, cx + 8, 60), (160, 210, 80))
        p.ellipse((cx - 2.2, 45, cx + 2.2, 59), INK, outline=None)
    p.poly([(45, 64), (55, 64), (50, 70)], (240, 120, 150), width=1.6)
    p.arc((40, 64, 50, 76), 20, 160, width=2)
    p.arc((50, 64, 60, 76), 20, 160, width=2)
    for dy in (-3, 3):
        p.line([(30, 68 + dy), (4, 64 + dy * 2.5)], width=1.6)
        p.line([(70, 68 + dy), (96, 64 + dy * 2.5)], width=1.6)


@recipe("bird")
def bird(p: Pen) -> None:
    blue = (56, 128, 222)
    p.line([(44, 80), (40, 94)], (230, 140, 30), width=3)
    p.line([(56, 80), (58, 94)], (230, 140, 30), width=3)
    p.poly([(22, 56), (2, 40), (6, 66)], (40, 96, 180))
    p.ellipse((14, 36, 78, 86), blue, width=2.6)
    p.circle(70, 36, 19, blue, width=2.6)
    p.rect((60, 40, 74, 60), blue, outline=None)
    p.poly([(86, 30), (99, 37), (86, 44)], (246, 160, 30), width=1.8)
    p.circle(74, 32, 5, WHITE, width=1.6)
    p.dot(75, 32, 2.6)
    p.poly(lens((26, 54), (58, 66), 18), (40, 96, 180))
    p.ellipse((40, 62, 70, 82), (200, 226, 250), outline=None)


@recipe("candle")
def candle(p: Pen) -> None:
    p.ellipse((14, 82, 86, 96), (222, 170, 60))
    p.rect((36, 34, 64, 88), (250, 244, 226), width=2.6)
    p.rect((36, 34, 44, 50), (250, 244, 226), outline=None)
    p.line([(40, 36), (40, 52)], (230, 220, 200), width=3)
    p.line([(50, 34), (50, 26)], width=2.4)
    flame = [(50, 2), (59, 16), (58, 24), (50, 29), (42, 24), (41, 16)]
    p.poly(flame, (250, 150, 30))
    p.poly([(50, 10), (54, 19), (50, 25), (46, 19)], (255, 230, 90), outline=None)


@recipe("crown")
def crown(p: Pen) -> None:
    gold = (250, 200, 36)
    p.poly([(10, 80), (8, 30), (30, 54), (50, 18), (70, 54), (92, 30), (90, 80)], gold, width=2.6)
    p.rect((10, 68, 90, 84), (232, 168, 30), radius=2)
    for cx, cy, colour in ((8, 28, (220, 40, 60)), (50, 16, (40, 110, 220)), (92, 28, (220, 40, 60))):
        p.circle(cx, cy, 6, colour)
    for cx, colour in ((30, (40, 170, 90)), (50, (220, 40, 60)), (70, (40, 170, 90))):
        p.circle(cx, 76, 4.5, colour, width=1.6)


@recipe("ice-cream")
def ice_cream(p: Pen) -> None:
    cone = (224, 170, 96)
    p.poly([(28, 50), (72, 50), (50, 98)], cone, width=2.6)
    for i in range(1, 4):
        p.line([(28 + i * 11, 50), (50 - (4 - i) * 3, 92 - (4 - i) * 8)], (170, 110, 50), width=1.8)
        p.line([(72 - i * 11, 50), (50 + (4 - i) * 3, 92 - (4 - i) * 8)], (170, 110, 50), width=1.8)
    pink = (248, 150, 186)
    p.circle(50, 36, 24, pink, width=2.6)
    for x in (32, 44, 56, 68):
        p.circle(x, 52, 6.5, pink, outline=None)
    p.line([(50, 14), (58, 2)], (80, 140, 40), width=2.2)
    p.circle(50, 14, 6, (214, 30, 40), width=1.8)


@recipe("pip")
def pip(p: Pen) -> None:
    """Pip the owl, the mascot: not a Find Me object, but hidden on some Keep Me cards."""
    purple = (128, 82, 196)
    p.poly([(20, 30), (24, 4), (40, 22)], purple)
    p.poly([(80, 30), (76, 4), (60, 22)], purple)
    p.ellipse((14, 12, 86, 96), purple, width=2.6)
    p.ellipse((28, 50, 72, 92), (206, 186, 238), outline=None)
    for y in (62, 72, 82):
        p.arc((40, y - 6, 50, y + 2), 20, 160, (150, 120, 200), width=2)
        p.arc((50, y - 6, 60, y + 2), 20, 160, (150, 120, 200), width=2)
    for cx in (36, 64):
        p.circle(cx, 38, 14, (255, 214, 60), width=2)
        p.circle(cx, 38, 10, WHITE, outline=None)
        p.dot(cx + 1, 38, 5.5)
        p.dot(cx + 3, 35, 1.8, WHITE)
    p.poly([(44, 50), (56, 50), (50, 60)], (246, 150, 30), width=1.8)
    p.poly([(34, 94), (40, 88), (46, 94)], (246, 150, 30), width=1.4)
    p.poly([(54, 94), (60, 88), (66, 94)], (246, 150, 30), width=1.4)


MASCOT = "pip"
"""The recipe name of the mascot (not one of the 40 objects)."""


def draw_icon(draw: Any, size: int, name: str) -> None:
    """Draw object (or mascot) ``name`` onto ``draw``, a ``size``-pixel square RGBA canvas."""
    RECIPES[name](Pen(draw, size))
