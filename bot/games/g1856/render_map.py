"""The 1856 map picture, drawn with Pillow from plain view data (never from live objects).

``map_view(state, phase, ...)`` builds the view (plain JSON: the map state, the phase, the
last run, an optional company to zoom on); ``render_map(view)`` draws the whole map;
``render_zoom(view)`` draws only the area the company's track reaches, larger, with the hexes
where it may lay a tile outlined in its colour.

Geometry follows 18xx.games: flat-topped hexes, centre x = 1.5·s·column, y = (√3/2)·s·(row−1),
edge ``e`` midpoint at angle 90° + 60°·e (screen y grows downwards, edge 0 is the bottom).

Speed: a picture is drawn after every move, but a move changes one or two hexes. Each hex is
drawn once into a transparent *sprite* (one for the hex and its track, one for its stops and
text, which go over the routes), cached by exactly what it shows: the hex, the tile and
rotation on it, its station markers and reservations, the phase (revenues) and the pixel
geometry. A map is then a few hundred pastes, and the last few whole maps are kept too
(keyed by every hex's key, the outlines and the run), so a move that leaves the map alone
costs one copy. Keys are built from the view alone, so a changed view can never reuse a
stale picture; pasting an RGBA sprite through its own alpha gives the same pixels as drawing
in place (a wide line may round a pixel the other way; the tests compare both ways).
"""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.games.g1856 import board
from bot.games.g1856.map import MapState, current, reach
from bot.games.g1856.messages import T
from bot.i18n import Said, said_already, say_drawn
from bot.render.fonts import font
from bot.render.palette import BACKGROUND, INK, MUTED, PLAYERS, RGB, WHITE, text_on
from bot.render.regions import Region

FILL: dict[str, RGB] = {
    "white": (238, 232, 214),
    "yellow": (250, 222, 90),
    "green": (120, 190, 110),
    "brown": (190, 140, 95),
    "gray": (175, 175, 175),
    "red": (214, 72, 62),
    "blue": (120, 170, 225),
}
TRACK: RGB = (30, 30, 34)
ROUTE_COLOURS = PLAYERS[:3] + PLAYERS[5:6]


def map_view(
    state: MapState,
    phase: str,
    last_run: dict[str, Any] | None = None,
    zoom: str | None = None,
    title: str = "",
    subtitle: str = "",
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The picture's input. ``last_run``: ``{"corp": "GW", "routes": [RouteResult.to_json(), ...]}``
    (with an optional ``"label"`` to say instead of "GW ran", e.g. for a run not yet made).
    ``zoom``: a company whose reachable area ``render_zoom`` shows. ``subtitle``: the header's
    second line (after the run's summary, if any). ``options``: ``{"corp": "GW", "hexes":
    [...]}``, hexes ``render_map`` outlines in the company's colour (where it may lay a tile)."""
    view: dict[str, Any] = {"map": state, "phase": phase, "last_run": last_run, "title": title}
    if subtitle:
        view["subtitle"] = subtitle
    if options:
        view["options"] = {"corp": options["corp"], "hexes": sorted(options["hexes"])}
    if zoom:
        area = reach(state, zoom)
        view["zoom"] = {"corp": zoom, "hexes": sorted(area.edges)}
    return view


def _hex_rgb(colour: str) -> RGB:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    return (int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16))


def _corp_colour(corp: str) -> RGB:
    return _hex_rgb(board.corporations()[corp]["color"])


class _Layout:
    """Pixel positions for hexes (centre), edge midpoints and stops."""

    def __init__(
        self, size: float, origin: tuple[float, float], columns: tuple[int, int], rows: tuple[int, int]
    ):
        self.s = size
        self.ox, self.oy = origin
        self.c0 = columns[0]
        self.r0 = rows[0]

    def centre(self, coord: str) -> tuple[float, float]:
        col = ord(coord[0]) - ord("A")
        row = int(coord[1:])
        return (
            self.ox + 1.5 * self.s * (col - self.c0) + self.s,
            self.oy + math.sqrt(3) / 2 * self.s * (row - self.r0) + math.sqrt(3) / 2 * self.s,
        )

    def corners(self, coord: str) -> list[tuple[float, float]]:
        x, y = self.centre(coord)
        return [
            (x + self.s * math.cos(math.radians(60 * k)), y + self.s * math.sin(math.radians(60 * k)))
            for k in range(6)
        ]

    def edge_mid(self, coord: str, edge: int) -> tuple[float, float]:
        x, y = self.centre(coord)
        angle = math.radians(90 + 60 * edge)
        r = math.sqrt(3) / 2 * self.s
        return (x + r * math.cos(angle), y + r * math.sin(angle))


def _node_positions(layout: _Layout, coord: str, placed: board.Placed) -> dict[str, tuple[float, float]]:
    """Where each stop of a hex is drawn: the centre, or towards its own edges when several."""
    x, y = layout.centre(coord)
    names = [f"c{i}" for i in range(len(placed.cities))] + [f"t{i}" for i in range(len(placed.towns))]
    names += [f"o{i}" for i in range(len(placed.offboards))]
    if len(names) <= 1:
        return {name: (x, y) for name in names}
    out = {}
    for k, name in enumerate(names):
        edges = placed.node_edges(name)
        if edges:
            mx = sum(layout.edge_mid(coord, e)[0] for e in edges) / len(edges)
            my = sum(layout.edge_mid(coord, e)[1] for e in edges) / len(edges)
            out[name] = (x + (mx - x) * 0.55, y + (my - y) * 0.55)
        else:
            out[name] = (x + (k - (len(names) - 1) / 2) * layout.s * 0.8, y)
    return _spread_through_stops(layout, coord, placed, out)


def _spread_through_stops(
    layout: _Layout, coord: str, placed: board.Placed, out: dict[str, tuple[float, float]]
) -> dict[str, tuple[float, float]]:
    """Move apart stops that would be drawn on top of each other.

    A stop on a straight run (edges 0 and 3) averages to the hex centre, so an OO tile with
    one such city and another city near the centre (brown #67, #68) drew both in the same
    place. Only when two stops are closer than a city is wide: each straight-run stop slides
    along its own track towards one of its edges, choosing the edges that leave the stops
    farthest apart, so it stays on its line and the tile still reads as the printed one."""
    gap = 2 * _slot_radius(layout.s, 1) + 4
    names = list(out)

    def closest(points: dict[str, tuple[float, float]]) -> float:
        return min(math.dist(points[a], points[b]) for i, a in enumerate(names) for b in names[i + 1:])

    if closest(out) >= gap:
        return out
    x, y = layout.centre(coord)
    through = [n for n in names if placed.node_edges(n) and math.dist(out[n], (x, y)) < 0.1 * layout.s]
    choices = []
    for name in through:
        ends = []
        for edge in placed.node_edges(name):
            ex, ey = layout.edge_mid(coord, edge)
            ends.append((x + (ex - x) * 0.5, y + (ey - y) * 0.5))
        choices.append(ends)
    best, best_gap = out, closest(out)
    for picked in itertools.product(*choices):
        trial = {**out, **dict(zip(through, picked, strict=True))}
        if (spread := closest(trial)) > best_gap + 1e-6:
            best, best_gap = trial, spread
    # On a small hex that is still not enough: push the closest pairs apart along the line
    # between them, keeping every stop inside the hex's inner circle.
    limit = 0.62 * layout.s
    points = dict(best)
    for _ in range(8):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                (ax, ay), (bx, by) = points[a], points[b]
                apart = math.dist((ax, ay), (bx, by))
                if apart >= gap or apart == 0:
                    continue
                push = (gap - apart) / 2 / apart
                points[a] = _within((ax - (bx - ax) * push, ay - (by - ay) * push), (x, y), limit)
                points[b] = _within((bx + (bx - ax) * push, by + (by - ay) * push), (x, y), limit)
                moved = True
        if not moved:
            break
    return points


def _within(point: tuple[float, float], centre: tuple[float, float], radius: float) -> tuple[float, float]:
    """``point``, pulled back onto the circle of ``radius`` around ``centre`` if outside it."""
    distance = math.dist(point, centre)
    if distance <= radius:
        return point
    scale = radius / distance
    return (centre[0] + (point[0] - centre[0]) * scale, centre[1] + (point[1] - centre[1]) * scale)


def _bezier(p0, p1, p2, steps: int = 12) -> list[tuple[float, float]]:
    return [
        (
            (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t**2 * p2[0],
            (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t**2 * p2[1],
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def _text(
    draw: ImageDraw.ImageDraw,
    xy,
    text: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "mm",
):
    said = say_drawn(text)  # before Pillow cuts it into plain lines and loses its message
    with said_already():
        draw.text(xy, said, font=font(size, bold), fill=fill, anchor=anchor)


def _draw_hex(
    draw: ImageDraw.ImageDraw,
    layout: _Layout,
    coord: str,
    state: MapState,
    phase: str,
    outline: RGB | None,
    layer: int,
    avoid: tuple[Box, ...] = (),
) -> None:
    """Layer 0: the hex, its coordinate and track; layer 1 (over the routes): stops and text.
    ``avoid``: boxes of the neighbours' labels and stops its labels keep clear of (see
    :func:`settle_labels`)."""
    h = board.hexes()[coord]
    placed = current(state, coord)
    s = layout.s
    x, y = layout.centre(coord)
    if layer == 1:
        # The coordinate goes over the routes too, where the hex's track and stops are not.
        plan = hex_labels(layout, coord, placed, phase, coord in state["tiles"], avoid)
        for key in plan.backed:
            draw.rounded_rectangle(plan.labels[key][2], radius=4, fill=FILL[placed.colour])
        cx, cy = plan.labels["coord"][:2]
        _text(draw, (cx, cy), coord, plan.sizes["coord"], WHITE if placed.colour in ("red", "brown", "gray") else MUTED)
        if placed.colour == "red":
            _draw_offboard(draw, layout, coord, placed, phase, labels=True)
        elif placed.colour != "blue":
            _draw_stops(draw, layout, coord, h, placed, state, phase, plan)
        return
    draw.polygon(layout.corners(coord), fill=FILL[placed.colour], outline=(90, 84, 74))
    if outline is not None:
        draw.line([*layout.corners(coord), layout.corners(coord)[0]], fill=outline, width=max(3, int(s / 12)))
    if placed.colour == "blue":
        return
    if placed.colour == "red":
        _draw_offboard(draw, layout, coord, placed, phase)
        return
    nodes = _node_positions(layout, coord, placed)
    width = max(4, int(s / 7))
    for a, b, _ in placed.paths:
        if a[0] == "e" and b[0] == "e":
            pts = _bezier(layout.edge_mid(coord, int(a[1])), (x, y), layout.edge_mid(coord, int(b[1])))
            draw.line(pts, fill=TRACK, width=width, joint="curve")
        else:
            edge, node = (a, b) if a[0] == "e" else (b, a)
            draw.line([layout.edge_mid(coord, int(edge[1])), nodes[node]], fill=TRACK, width=width)


def _draw_stops(
    draw: ImageDraw.ImageDraw,
    layout: _Layout,
    coord: str,
    h: dict[str, Any],
    placed: board.Placed,
    state: MapState,
    phase: str,
    plan: HexLabels,
) -> None:
    s = layout.s
    nodes = _node_positions(layout, coord, placed)
    tokens = state["tokens"].get(coord, [])
    for i, (_, slots) in enumerate(placed.cities):
        slot_r = _slot_radius(s, slots)
        cx, cy = nodes[f"c{i}"]
        corps = tokens[i] if i < len(tokens) else []
        reserved = [r["corp"] for r in state["reservations"] if r["hex"] == coord and r["city"] in (i, None)]
        per_row = min(slots, 2)
        total_w, total_h = _city_size(slots, slot_r)
        if slots > 1:
            draw.rounded_rectangle(
                (cx - total_w / 2 - 3, cy - total_h / 2 - 3, cx + total_w / 2 + 3, cy + total_h / 2 + 3),
                radius=slot_r,
                fill=WHITE,
                outline=INK,
                width=2,
            )
        for k in range(slots):
            in_row = min(per_row, slots - (k // 2) * 2)
            sx = cx - in_row * slot_r + slot_r + (k % 2) * 2 * slot_r
            sy = cy - total_h / 2 + slot_r + (k // 2) * 2 * slot_r
            box = (sx - slot_r, sy - slot_r, sx + slot_r, sy + slot_r)
            if k < len(corps):
                colour = _corp_colour(corps[k])
                draw.ellipse(box, fill=colour, outline=INK, width=2)
                _text(draw, (sx, sy), corps[k], max(12, int(slot_r * 0.8)), text_on(colour), bold=True)
            else:
                draw.ellipse(box, fill=WHITE, outline=INK, width=2)
                if k == len(corps) and reserved:
                    _text(draw, (sx, sy), reserved[0], max(12, int(slot_r * 0.75)), MUTED)
    for key, (rx, ry, box) in plan.labels.items():
        if key.startswith("revenue:c"):
            r = (box[2] - box[0]) / 2
            draw.ellipse((rx - r, ry - r, rx + r, ry + r), fill=WHITE, outline=INK, width=1)
            _text(draw, (rx, ry), plan.texts[key], plan.sizes[key], bold=True)
    for i in range(len(placed.towns)):
        tx, ty = nodes[f"t{i}"]
        r = _town_radius(s)
        draw.ellipse((tx - r, ty - r, tx + r, ty + r), fill=INK)
    for key, (lx, ly, _) in plan.labels.items():
        if key.startswith("revenue:t") or key == "label":
            _text(draw, (lx, ly), plan.texts[key], plan.sizes[key], bold=True)
        elif key == "name":
            _text(draw, (lx, ly), plan.texts[key], plan.sizes[key], INK)
        elif key == "port":
            _text(draw, (lx, ly), "⚓", plan.sizes[key], (30, 60, 140))
        elif key == "terrain":
            terrain = h["terrain"]
            u = s / 9
            tx, ty = lx, ly - 2.2 * u
            if terrain["type"] == "mountain":
                draw.polygon([(tx - 2 * u, ty + u), (tx, ty - 2 * u), (tx + 2 * u, ty + u)], fill=(120, 90, 60))
            else:
                draw.line(
                    [(tx - 2 * u, ty), (tx - u, ty - u), (tx + u, ty + u), (tx + 2 * u, ty)],
                    fill=(40, 90, 170),
                    width=max(3, int(u / 2)),
                )
            _text(draw, (tx, ty + 2.2 * u), plan.texts[key], plan.sizes[key])


# ---------------------------------------------------------------- where labels go

Box = tuple[float, float, float, float]  # left, top, right, bottom (pixels)


def _slot_radius(s: float, slots: int) -> int:
    """A marker space's radius; a city of three or four spaces (two rows) uses a smaller one,
    so the hex keeps a strip above and below it for the coordinate and the name."""
    return max(16, int(s * 0.22)) if slots <= 2 else max(14, int(s * 0.2))


def _town_radius(s: float) -> int:
    return max(7, int(s * 0.12))


def _city_size(slots: int, slot_r: int) -> tuple[float, float]:
    """Width and height of a city's marker spaces (two to a row)."""
    return min(slots, 2) * 2 * slot_r, (slots + 1) // 2 * 2 * slot_r


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class HexLabels:
    """Where one hex's pieces are drawn, as pixel boxes: what label placement must avoid
    (``markers``: cities with their marker spaces and towns; ``track``: small boxes along every
    track path) and where each label went (``labels``: ``"coord"``, ``"name"``, ``"label"``,
    ``"port"``, ``"terrain"``, ``"revenue:c0"``..., ``"revenue:t0"``...: centre x, y and box),
    with its text and font size. The renderer draws from it and the tests check it."""

    markers: tuple[Box, ...]
    track: tuple[Box, ...]
    labels: dict[str, tuple[float, float, Box]]
    texts: dict[str, str]
    sizes: dict[str, int]
    backed: frozenset[str] = frozenset()
    """Labels with no spot clear of the track: drawn on a plate of the hex's colour over it."""


def _track_boxes(layout: _Layout, coord: str, placed: board.Placed) -> list[Box]:
    x, y = layout.centre(coord)
    nodes = _node_positions(layout, coord, placed)
    half = max(4, int(layout.s / 7)) / 2 + 1
    out: list[Box] = []
    for a, b, _ in placed.paths:
        if a[0] == "e" and b[0] == "e":
            pts = _bezier(layout.edge_mid(coord, int(a[1])), (x, y), layout.edge_mid(coord, int(b[1])), 16)
        else:
            edge, node = (a, b) if a[0] == "e" else (b, a)
            if node not in nodes:
                continue
            (x0, y0), (x1, y1) = layout.edge_mid(coord, int(edge[1])), nodes[node]
            pts = [(x0 + (x1 - x0) * t / 12, y0 + (y1 - y0) * t / 12) for t in range(13)]
        out += [(px - half, py - half, px + half, py + half) for px, py in pts]
    return out


def _inside(layout: _Layout, coord: str, box: Box, scale: float) -> bool:
    """All four corners of ``box`` inside the hex scaled by ``scale`` about its centre."""
    x, y = layout.centre(coord)
    s = layout.s * scale
    for px, py in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = abs(px - x), abs(py - y)
        if dx > s or dy > math.sqrt(3) / 2 * s or dy > math.sqrt(3) * (s - dx):
            return False
    return True


def _ring(x: float, y: float, radii: tuple[float, ...], first: float) -> list[tuple[float, float]]:
    """Points around (x, y): each radius, twelve directions starting at ``first`` degrees
    (0 = right, 90 = down) and alternating either side of it."""
    out = []
    for r in radii:
        for k in range(12):
            step = (k + 1) // 2 * (1 if k % 2 else -1)
            angle = math.radians(first + 30 * step)
            out.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return out


def hex_labels(
    layout: _Layout, coord: str, placed: board.Placed, phase: str, tiled: bool, avoid: tuple[Box, ...] = ()
) -> HexLabels:
    """Place the hex's labels one by one where nothing drawn so far is: first the revenue of
    each city (a disc touching its box, above it if it fits, standing over the hex's border if
    need be), then the coordinate (at the top, else in a corner), the revenue of each town
    (under it), the name (at the bottom if it fits), the tile label, the port anchor and the
    terrain cost.
    Each candidate spot is tried in order of preference; a spot must keep the label inside the
    hex (a name may reach a little beyond it) and clear of the track, the stops and the labels
    already placed, and of ``avoid`` (what the neighbours drew where this hex's labels may
    reach: see :func:`settle_labels`). A label with no clear spot at its size is tried smaller
    (down to 12 px), then goes where it overlaps least."""
    h = board.hexes()[coord]
    s = layout.s
    x, y = layout.centre(coord)
    nodes = _node_positions(layout, coord, placed)
    markers: list[Box] = []
    if placed.colour not in ("red", "blue"):
        for i, (_, slots) in enumerate(placed.cities):
            cx, cy = nodes[f"c{i}"]
            w, hh = _city_size(slots, _slot_radius(s, slots))
            markers.append((cx - w / 2 - 3, cy - hh / 2 - 3, cx + w / 2 + 3, cy + hh / 2 + 3))
        for i in range(len(placed.towns)):
            tx, ty = nodes[f"t{i}"]
            r = _town_radius(s)
            markers.append((tx - r, ty - r, tx + r, ty + r))
    track = _track_boxes(layout, coord, placed) if placed.colour not in ("red", "blue") else []
    labels: dict[str, tuple[float, float, Box]] = {}
    texts: dict[str, str] = {}
    sizes: dict[str, int] = {}
    backed: set[str] = set()
    hard: list[Box] = list(markers) + list(avoid)  # stops, marker spaces, the labels so far

    def hit(box: Box, others: list[Box]) -> float:
        return sum(
            (min(box[2], o[2]) - max(box[0], o[0])) * (min(box[3], o[3]) - max(box[1], o[1]))
            for o in others
            if _overlaps(box, o)
        )

    def place(
        key: str,
        text: str,
        size: int,
        bold: bool,
        spots: list[tuple[float, float]],
        scales: tuple[float, ...],
        disc: float = 0.0,
        grid: bool = False,
    ) -> None:
        """Clear of everything if it can be (full size first, then down to 13 px); else clear
        of stops and labels but over track, on a plate of the hex's colour; each within the hex
        scaled by ``scales[0]``, then by the next scale...; else wherever it overlaps least."""
        sizes_tried = [size] if disc else sorted({size, max(13, size - 2), 13}, reverse=True)
        every: list[tuple[int, float, float, Box]] = []
        chosen = None
        for spread in scales:
            boxes: list[tuple[int, float, float, Box]] = []
            for fsize in sizes_tried:
                if disc:
                    half_w = half_h = max(disc, font(fsize, bold).getlength(text) / 2 + 4)
                else:
                    left, top, right, bottom = font(fsize, bold).getbbox(text, anchor="mm")
                    half_w, half_h = (right - left) / 2 + 1, (bottom - top) / 2 + 1
                for px, py in spots:
                    box = (px - half_w, py - half_h, px + half_w, py + half_h)
                    if _inside(layout, coord, box, spread):
                        boxes.append((fsize, px, py, box))
            every += boxes
            chosen = next((b for b in boxes if not hit(b[3], hard) and (disc or not hit(b[3], track))), None)
            if chosen is None:
                chosen = next((b for b in boxes if not hit(b[3], hard)), None)
                if chosen is not None and not disc:
                    backed.add(key)
            if chosen is not None:
                break
        if chosen is None and not grid:
            # None of the usual spots: any spot of a grid over the hex, nearest the first.
            fx, fy = spots[0]
            step = s * 0.12
            cells = [
                (x + i * step, y + j * step)
                for i in range(-8, 9)
                for j in range(-7, 8)
                if _inside(layout, coord, (x + i * step, y + j * step) * 2, 1.0)
            ]
            cells.sort(key=lambda p: (p[0] - fx) ** 2 + (p[1] - fy) ** 2)
            if cells:
                place(key, text, size, bold, cells, scales, disc, grid=True)
                return
        if chosen is None:
            if not every:  # nowhere near the hex: the first spot, at the smallest size
                fsize = sizes_tried[-1]
                left, top, right, bottom = font(fsize, bold).getbbox(text, anchor="mm")
                px, py = spots[0]
                every = [(fsize, px, py, (px + left, py + top, px + right, py + bottom))]
            chosen = min(every, key=lambda b: hit(b[3], hard))
            if not disc:
                backed.add(key)
        fsize, px, py, box = chosen
        labels[key], texts[key], sizes[key] = (px, py, box), text, fsize
        hard.append(box)

    small = max(16, int(s * 0.3))
    if placed.colour not in ("red", "blue"):
        if h["name"]:
            name = _fit_name(h["name"], small, s * 1.9)
            spots = [(x, y + s * f) for f in (0.7, 0.62, 0.76, 0.55)] + [(x, y - s * f) for f in (0.45, 0.3)]
            spots += _ring(x, y, (s * 0.55, s * 0.4), 90)
            place("name", name, small, False, spots, (1.25,))
        for i, (rev, slots) in enumerate(placed.cities):
            value = board.revenue(rev, phase) if phase else 0
            if not value:
                continue
            cx, cy = nodes[f"c{i}"]
            w, hh = _city_size(slots, _slot_radius(s, slots))
            r = max(13, int(s * 0.19), int(font(max(16, int(s * 0.2)), True).getlength(str(value)) / 2 + 4))
            # Touching the city's box: above it, towards the side away from the hex centre,
            # first; then round the box. A white disc may stand over track.
            away = 1 if cx >= x - 1 else -1
            bw, bh = w / 2 + 3 + r + 1, hh / 2 + 3 + r + 1
            around = [(0.3, -1), (0.5, -1), (0, -1), (-0.3, -1), (-0.5, -1), (1, -0.5), (1, -1), (1, 0)]
            around += [(-1, -0.5), (-1, -1), (-1, 0), (1, 0.5), (-1, 0.5), (1, 1), (-1, 1), (0.5, 1), (0, 1), (-0.5, 1)]
            if slots > 2:  # a tall box leaves no room above it: beside it first
                around = [(1, 0), (1, -0.5), (1, 0.5), (-1, 0), (-1, -0.5), (-1, 0.5), *around]
            spots = [(cx + away * fx * bw, cy + fy * bh) for fx, fy in around]
            # A disc may stand a little over the hex's border, as on a printed map.
            place(f"revenue:c{i}", str(value), max(16, int(s * 0.2)), True, spots, (1.0, 1.15, 1.3, 1.45, 1.6), disc=r)
        coord_size = max(16, int(s * 0.3))
        spots = [(x, y - s * 0.66), (x, y - s * 0.72), (x - s * 0.4, y - s * 0.62), (x + s * 0.4, y - s * 0.62)]
        spots += [(x - s * 0.62, y - s * 0.25), (x + s * 0.62, y - s * 0.25), (x - s * 0.62, y + s * 0.25)]
        spots += [(x + s * 0.62, y + s * 0.25), (x - s * 0.4, y + s * 0.62), (x + s * 0.4, y + s * 0.62)]
        place("coord", coord, coord_size, False, spots, (1.02, 1.1))
        for i, rev in enumerate(placed.towns):
            value = board.revenue(rev, phase) if phase else 0
            if not value:
                continue
            tx, ty = nodes[f"t{i}"]
            d = _town_radius(s) + small * 0.6
            place(f"revenue:t{i}", str(value), small, True, _ring(tx, ty, (d, d * 1.5), 90), (1.0, 1.15))
    if placed.colour in ("red", "blue"):
        coord_size = max(16, int(s * 0.3))
        spots = [(x, y - s * 0.66), (x, y - s * 0.72), (x - s * 0.4, y - s * 0.62), (x + s * 0.4, y - s * 0.62)]
        spots += [(x - s * 0.62, y - s * 0.25), (x + s * 0.62, y - s * 0.25), (x - s * 0.62, y + s * 0.25)]
        spots += [(x + s * 0.62, y + s * 0.25), (x - s * 0.4, y + s * 0.62), (x + s * 0.4, y + s * 0.62)]
        place("coord", coord, coord_size, False, spots, (1.02, 1.1))
        return HexLabels(tuple(markers), tuple(track), labels, texts, sizes, frozenset(backed))
    label = placed.label or (h["label"] if placed.colour == "white" else None)
    if label:
        spots = [(x - s * 0.5, y - s * 0.42), (x + s * 0.5, y - s * 0.42), *_ring(x, y, (s * 0.5, s * 0.62), 210)]
        place("label", label, small, True, spots, (1.0, 1.1, 1.25))
    if h["port"]:
        spots = [(x + s * 0.55, y - s * 0.35), (x - s * 0.55, y - s * 0.35), *_ring(x, y, (s * 0.55,), 330)]
        place("port", "⚓", small, False, spots, (1.0, 1.1, 1.25))
    terrain = h["terrain"]
    if terrain and not tiled:
        # The cost, with its icon drawn just above it (terrain shows on untiled hexes only).
        u = s / 9
        spots = [(x + s * 0.45, y + s * 0.3 + 2.2 * u), (x - s * 0.45, y + s * 0.3 + 2.2 * u)]
        spots += [(px, py + 2.2 * u) for px, py in _ring(x, y - s * 0.1, (s * 0.5, s * 0.35), 30)]
        place("terrain", f"${terrain['cost']}", small, False, spots, (1.1,))
        lx, ly = labels["terrain"][:2]
        hard.append((lx - 2 * u, ly - 4.2 * u, lx + 2 * u, ly - 1.2 * u))
    return HexLabels(tuple(markers), tuple(track), labels, texts, sizes, frozenset(backed))


def _fit_name(name: str, size: int, room: float, bold: bool = False) -> str:
    """The name, or as many of its leading words as fit (at least two when the first is short):
    said in the language being spoken before it is cut."""
    words = say_drawn(name).replace(" - ", " ").split()
    fitted = words[0]
    with said_already():
        for k in range(2, len(words) + 1):
            candidate = " ".join(words[:k])
            if font(size, bold).getlength(candidate) > room and not (k == 2 and len(words[0]) <= 3):
                break
            fitted = candidate
    return Said(fitted)


def _draw_offboard(
    draw: ImageDraw.ImageDraw,
    layout: _Layout,
    coord: str,
    placed: board.Placed,
    phase: str,
    labels: bool = False,
) -> None:
    """The track stubs (under the routes), or with ``labels`` the name and current revenue (over them)."""
    h = board.hexes()[coord]
    x, y = layout.centre(coord)
    s = layout.s
    for a, b, _ in [] if labels else placed.paths:
        edge = a if a[0] == "e" else b
        mx, my = layout.edge_mid(coord, int(edge[1]))
        draw.line(
            [(mx, my), (x + (mx - x) * 0.35, y + (my - y) * 0.35)], fill=WHITE, width=max(4, int(s / 7))
        )
    if not labels or not placed.offboards or h["hidden"]:
        return
    value = board.revenue(placed.offboards[0], phase)
    size = max(16, int(s * 0.3))
    name = _fit_name(h["name"] or "", size, s * 1.8, bold=True)
    _text(draw, (x, y - s * 0.25), name, size, WHITE, bold=True)
    r = max(15, int(s * 0.24))
    draw.ellipse((x - r, y + s * 0.2 - r, x + r, y + s * 0.2 + r), fill=WHITE, outline=INK, width=2)
    _text(draw, (x, y + s * 0.2), str(value), max(16, int(r * 1.0)), bold=True)


def _draw_routes(
    draw: ImageDraw.ImageDraw, layout: _Layout, state: MapState, last_run: dict[str, Any]
) -> None:
    for k, route in enumerate(last_run.get("routes", [])):
        colour = ROUTE_COLOURS[k % len(ROUTE_COLOURS)]
        stops = route["stops"]
        points: list[tuple[float, float]] = []
        for leg, chain in enumerate(route["connections"]):
            start = _stop_xy(layout, state, stops[leg])
            points.append(start)
            for a, b in itertools.pairwise(chain):
                edge = board.hexes()[a]["neighbours"].index(b)
                points.append(layout.edge_mid(a, edge))
            points.append(_stop_xy(layout, state, stops[leg + 1]))
        draw.line(points, fill=colour, width=max(6, int(layout.s / 5)), joint="curve")
        for stop in stops:
            sx, sy = _stop_xy(layout, state, stop)
            r = max(6, int(layout.s / 8))
            draw.ellipse((sx - r, sy - r, sx + r, sy + r), outline=colour, width=4)


def _stop_xy(layout: _Layout, state: MapState, stop: str) -> tuple[float, float]:
    coord, end = board.split_node(stop)
    placed = current(state, coord)
    if placed.colour == "red":
        return layout.centre(coord)
    return _node_positions(layout, coord, placed)[end]


Geometry = tuple[float, float, float, int, int]  # size, origin x, origin y, first column, first row
Laid = tuple[str, int] | None  # (tile, rotation) on a hex, or None for the printed hex
SPRITE_CACHE = 1024  # ≈ 5 whole maps (a map is ≈ 150 sprites, ≈ 30 KB each: ≤ 32 MB in all)


@lru_cache(maxsize=SPRITE_CACHE)
def _sprite(
    geometry: Geometry,
    coord: str,
    layer: int,
    laid: Laid,
    tokens: tuple[tuple[str, ...], ...],
    reserved: tuple[tuple[int | None, str], ...],
    phase: str,
    avoid: tuple[Box, ...] = (),
) -> tuple[Image.Image, tuple[int, int]] | None:
    """One hex's ``layer`` (0: hex and track; 1: stops and text) as a cropped RGBA image and
    where it goes, or None when the layer draws nothing. Drawn with the picture's own layout
    moved by whole pixels, so it lands exactly where a direct drawing would."""
    size, ox, oy, c0, r0 = geometry
    layout = _Layout(size, (ox, oy), (c0, c0), (r0, r0))
    cx, cy = layout.centre(coord)
    pad = 1.5 * size  # stops, names and revenue discs stay within 1.5 sides of the centre
    x0, y0 = math.floor(cx - pad), math.floor(cy - pad)
    side = math.ceil(2 * pad) + 2
    local = _Layout(size, (ox - x0, oy - y0), (c0, c0), (r0, r0))
    state: MapState = {
        "tiles": {coord: {"tile": laid[0], "rotation": laid[1]}} if laid else {},
        "tokens": {coord: [list(city) for city in tokens]} if tokens else {},
        "reservations": [{"hex": coord, "city": city, "corp": corp} for city, corp in reserved],
    }
    sprite = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    # ``avoid`` is in the picture's pixels; the sprite is drawn ``(x0, y0)`` from its origin.
    shifted = tuple((b[0] - x0, b[1] - y0, b[2] - x0, b[3] - y0) for b in avoid)
    _draw_hex(ImageDraw.Draw(sprite), local, coord, state, phase, None, layer, shifted)
    box = sprite.getbbox()
    if box is None:
        return None
    return sprite.crop(box), (x0 + box[0], y0 + box[1])


HexKey = tuple[str, Laid, tuple[tuple[str, ...], ...], tuple[tuple[int | None, str], ...]]
BODY_CACHE = 4  # whole maps (≈ 4.8 MB each at 1400 px): the latest positions of a few tables


@lru_cache(maxsize=BODY_CACHE)
def _body(
    geometry: Geometry,
    size: tuple[int, int],
    keys: tuple[HexKey, ...],
    phase: str,
    outline: frozenset[str],
    outline_colour: RGB | None,
    run: str,
) -> Image.Image:
    """The map without its header: every hex (``keys``: coordinate, tile, markers,
    reservations), the outlined hexes and the run (``run``: its JSON, or ""). Most moves
    (a share bought, a dividend) leave all of that as it was, so the last few are kept whole."""
    image = Image.new("RGB", size, BACKGROUND)
    draw = ImageDraw.Draw(image)
    side, ox, oy, c0, r0 = geometry
    layout = _Layout(side, (ox, oy), (c0, c0), (r0, r0))
    for coord, laid, _, _ in keys:
        _paste(image, _sprite(geometry, coord, 0, laid, (), (), ""))
    if outline_colour is not None:
        # After every hex, so no neighbour covers half of the ring; dark under the company's
        # colour so a yellow company still shows on a yellow tile.
        ring = max(4, int(side / 10))
        for coord, *_ in keys:
            if coord in outline:
                corners = layout.corners(coord)
                draw.line([*corners, corners[0]], fill=INK, width=ring + 4, joint="curve")
                draw.line([*corners, corners[0]], fill=outline_colour, width=ring, joint="curve")
    if run:
        # Stops are found on the tiles (no markers needed to place a route).
        tiles = {coord: {"tile": laid[0], "rotation": laid[1]} for coord, laid, _, _ in keys if laid}
        _draw_routes(draw, layout, {"tiles": tiles, "tokens": {}, "reservations": []}, json.loads(run))
    avoid = settle_labels(geometry, tuple((coord, laid) for coord, laid, _, _ in keys), phase)
    for coord, laid, tokens, held in keys:
        _paste(image, _sprite(geometry, coord, 1, laid, tokens, held, phase, avoid.get(coord, ())))
    return image


PLAN_CACHE = 1024  # ≈ 5 whole maps of plans (a few hundred bytes each)


@lru_cache(maxsize=PLAN_CACHE)
def _plan(geometry: Geometry, coord: str, laid: Laid, phase: str, avoid: tuple[Box, ...]) -> HexLabels:
    """One hex's :class:`HexLabels` at ``geometry`` (cached: a map is planned after every move,
    and most hexes are as they were)."""
    size, ox, oy, c0, r0 = geometry
    layout = _Layout(size, (ox, oy), (c0, c0), (r0, r0))
    state: MapState = {
        "tiles": {coord: {"tile": laid[0], "rotation": laid[1]}} if laid else {},
        "tokens": {},
        "reservations": [],
    }
    return hex_labels(layout, coord, current(state, coord), phase, laid is not None, avoid)


def _near(box: Box, x: float, y: float, reach: float) -> bool:
    return box[0] < x + reach and box[2] > x - reach and box[1] < y + reach and box[3] > y - reach


@lru_cache(maxsize=BODY_CACHE)
def settle_labels(
    geometry: Geometry, hexes: tuple[tuple[str, Laid], ...], phase: str
) -> dict[str, tuple[Box, ...]]:
    """What each hex's labels must keep clear of in its neighbours, so no label covers another
    hex's label or stops (a name, a revenue disc may reach a little beyond its own hex).

    Each hex is first planned on its own. Then, hex by hex in coordinate order, a hex whose
    labels hit what a neighbour drew (the neighbours' stops, the labels settled before it and
    the first plans of those after it) is planned again keeping clear of those boxes; the
    boxes are returned for it (``{}`` for the many hexes left as they were, whose pictures
    stay the cached ones). Deterministic: the same map always settles the same way."""
    size, ox, oy, c0, r0 = geometry
    layout = _Layout(size, (ox, oy), (c0, c0), (r0, r0))
    plans = {coord: _plan(geometry, coord, laid, phase, ()) for coord, laid in hexes}
    centres = {coord: layout.centre(coord) for coord, _ in hexes}
    reach = 2.6 * size  # a neighbour's centre is √3·s away; its labels stay within 1.6·s of it
    avoid: dict[str, tuple[Box, ...]] = {}
    for coord, laid in hexes:
        x, y = centres[coord]
        others: list[Box] = []
        for other, plan in plans.items():
            ox2, oy2 = centres[other]
            if other == coord or abs(ox2 - x) > reach or abs(oy2 - y) > reach:
                continue
            boxes = list(plan.markers) + [box for _, _, box in plan.labels.values()]
            others += [box for box in boxes if _near(box, x, y, 1.7 * size)]
        own = [box for _, _, box in plans[coord].labels.values()]
        if any(_overlaps(box, other) for box in own for other in others):
            keep_clear = tuple(sorted(others))
            avoid[coord] = keep_clear
            plans[coord] = _plan(geometry, coord, laid, phase, keep_clear)
    return avoid


def _geometry(coords: list[str], width: int) -> tuple[Geometry, int, int]:
    """Hex size and origin for a picture of ``coords`` about ``width`` px wide, its real
    width and height."""
    cols = [ord(c[0]) - ord("A") for c in coords]
    rows = [int(c[1:]) for c in coords]
    c0, c1 = min(cols), max(cols)
    r0, r1 = min(rows), max(rows)
    header = 84
    margin = 12
    # At most 90 px a side (a zoom on a small area is not blown up), at least 1000 px wide.
    size = min(90.0, (width - 2 * margin) / (1.5 * (c1 - c0) + 2))
    width = max(1000, int(2 * margin + size * (1.5 * (c1 - c0) + 2)))
    height = int(header + margin * 2 + math.sqrt(3) / 2 * size * (r1 - r0 + 2) + size * 0.3)
    return (size, float(margin), float(header + margin), c0, r0), width, height


def _map_layout(width: int) -> _Layout:
    """The whole map's hex layout at ``width``, as :func:`render_map` draws it."""
    (size, ox, oy, c0, r0), _, _ = _geometry(sorted(board.hexes()), width)
    return _Layout(size, (ox, oy), (c0, c0), (r0, r0))


@lru_cache(maxsize=4)
def hex_regions(width: int = 1400) -> tuple[Region, ...]:
    """Every hex of the whole map as a clickable hexagon named by its coordinate ("K12"), in
    the pixels of :func:`render_map` at ``width`` (the map is the top of the table picture)."""
    layout = _map_layout(width)
    return tuple(Region.polygon(coord, layout.corners(coord)) for coord in sorted(board.hexes()))


def map_height(width: int = 1400) -> int:
    """The height of :func:`render_map`'s picture at ``width`` (without ``below``)."""
    return _geometry(sorted(board.hexes()), width)[2]


def label_plans(view: dict[str, Any], width: int = 1400) -> dict[str, HexLabels]:
    """Every hex's :class:`HexLabels` as :func:`render_map` draws it at ``width``: the boxes of
    its stops, track and labels in the picture's pixels."""
    coords = sorted(board.hexes())
    geometry = _geometry(coords, width)[0]
    tiles = view["map"]["tiles"]
    hexes = tuple((coord, _laid(tiles, coord)) for coord in coords)
    avoid = settle_labels(geometry, hexes, view["phase"])
    return {coord: _plan(geometry, coord, laid, view["phase"], avoid.get(coord, ())) for coord, laid in hexes}


def _laid(tiles: dict[str, Any], coord: str) -> Laid:
    t = tiles.get(coord)
    return (t["tile"], t["rotation"]) if t else None


def _draw(
    view: dict[str, Any],
    coords: list[str],
    width: int,
    outline: set[str],
    outline_colour: RGB | None,
    below: int = 0,
) -> Image.Image:
    state = view["map"]
    geometry, width, height = _geometry(coords, width)
    margin = 12
    tiles = state["tiles"]
    reserved: dict[str, list[tuple[int | None, str]]] = {}
    for r in state["reservations"]:
        reserved.setdefault(r["hex"], []).append((r["city"], r["corp"]))
    keys: list[HexKey] = []
    for coord in coords:
        t = tiles.get(coord)
        laid: Laid = (t["tile"], t["rotation"]) if t else None
        tokens = tuple(tuple(city) for city in state["tokens"].get(coord, []))
        keys.append((coord, laid, tokens, tuple(reserved.get(coord, ()))))
    run = view.get("last_run")
    body = _body(
        geometry,
        (width, height),
        tuple(keys),
        view["phase"],
        frozenset(outline) if outline_colour is not None else frozenset(),
        outline_colour,
        json.dumps(run, sort_keys=True) if run else "",
    )
    image = Image.new("RGB", (width, height + below), BACKGROUND)
    image.paste(body, (0, 0))
    draw = ImageDraw.Draw(image)
    title = view.get("title") or "1856"
    _text(draw, (margin, 12), T("{title} · phase {phase}", title=title, phase=view["phase"]), 30, bold=True, anchor="lt")
    if view.get("last_run"):
        run = view["last_run"]
        parts = ""
        for r in run.get("routes", []):
            part = T("{train}-train ${revenue}", train=r["train"].split("-")[0], revenue=r["revenue"])
            parts = T("{first}, {next}", first=parts, next=part) if parts else part
        total = sum(r["revenue"] for r in run.get("routes", []))
        label = run.get("label") or T("{corp} ran", corp=run["corp"])
        if parts:
            summary = T("{label} {trains} = ${total}", label=label, trains=parts, total=total)
        else:
            summary = T("{label} nothing", label=label)
        if view.get("subtitle"):
            summary = T("{summary} · {detail}", summary=summary, detail=view["subtitle"])
        _text(draw, (margin, 50), summary, 22, anchor="lt")
    elif view.get("subtitle"):
        _text(draw, (margin, 50), view["subtitle"], 22, anchor="lt")
    return image


def _paste(image: Image.Image, sprite: tuple[Image.Image, tuple[int, int]] | None) -> None:
    if sprite is not None:
        picture, at = sprite
        image.paste(picture, at, picture)


def render_map(view: dict[str, Any], width: int = 1400, below: int = 0) -> Image.Image:
    """The whole map (1400 px wide by default), with ``view['options']`` hexes outlined.

    ``below``: blank pixels left under the map for the caller's panels, so a whole table
    picture is one canvas (allocating and copying a second big image costs more than the
    drawing saved by the sprites)."""
    coords = sorted(board.hexes())
    options = view.get("options")
    if options:
        return _draw(view, coords, width, set(options["hexes"]), _corp_colour(options["corp"]), below)
    return _draw(view, coords, width, set(), None, below)


def render_zoom(view: dict[str, Any], width: int = 1200) -> Image.Image:
    """The part of the map ``view['zoom']['corp']`` reaches, with its lay hexes outlined."""
    zoom = view["zoom"]
    area = set(zoom["hexes"])
    if not area:
        return render_map(view, width)
    cols = [ord(c[0]) - ord("A") for c in area]
    rows = [int(c[1:]) for c in area]
    # A ring of hexes around the reachable area, and never fewer than 7 columns by 9 rows.
    c_lo, c_hi = min(cols) - 1, max(cols) + 1
    r_lo, r_hi = min(rows) - 2, max(rows) + 2
    while c_hi - c_lo < 6:
        c_lo, c_hi = c_lo - 1, c_hi + 1
    while r_hi - r_lo < 8:
        r_lo, r_hi = r_lo - 1, r_hi + 1
    coords = [c for c in board.hexes() if c_lo <= ord(c[0]) - ord("A") <= c_hi and r_lo <= int(c[1:]) <= r_hi]
    view = dict(view)
    view["title"] = T("{title} · {corp} may build", title=view.get("title") or "1856", corp=zoom["corp"])
    layable = {c for c in area if board.hexes()[c]["kind"] not in ("offboard", "blue", "preprinted_gray")}
    return _draw(view, coords, width, layable, _corp_colour(zoom["corp"]))


def tile_options(
    coord: str, laid: Laid, tokens: tuple[tuple[str, ...], ...], options: list[tuple[str, int, str]],
    phase: str, width: int = 1400, size: float = 62.0,
) -> Image.Image:
    """One picture of every tile that may go on ``coord``: the hex as it is, then each option
    (tile, rotation, caption) drawn in place and captioned with what to type, in rows that
    fit ``width``. Markers are drawn where the hex has them now (an upgrade keeps them)."""
    cell_w, cell_h, per_row = _tile_cells(width, size)
    cells: list[tuple[Laid, str]] = [(laid, T("now"))] + [((tile, rot), caption) for tile, rot, caption in options]
    image = Image.new("RGB", (width, tile_options_height(len(options), width, size)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for n, (shown, caption) in enumerate(cells):
        x0 = 12 + (n % per_row) * cell_w
        y0 = 6 + (n // per_row) * cell_h
        # A layout whose first column and row are ``coord``'s, moved to put it in its cell.
        col, row = ord(coord[0]) - ord("A"), int(coord[1:])
        layout = _Layout(size, (x0 + cell_w / 2 - size, y0 + 4), (col, col), (row, row))
        state: MapState = {
            "tiles": {coord: {"tile": shown[0], "rotation": shown[1]}} if shown else {},
            "tokens": {coord: [list(city) for city in tokens]} if tokens and caption == "now" else {},
            "reservations": [],
        }
        _draw_hex(draw, layout, coord, state, phase, None, 0)
        _draw_hex(draw, layout, coord, state, phase, None, 1)
        cx, cy = layout.centre(coord)
        _text(draw, (cx, cy + math.sqrt(3) / 2 * size + 18), caption, 20, bold=caption != "now")
    return image


def _tile_cells(width: int, size: float) -> tuple[int, int, int]:
    """A tile option's cell width and height in :func:`tile_options`, and cells per row."""
    cell_w, cell_h = int(2 * size + 44), int(math.sqrt(3) * size + 44)
    return cell_w, cell_h, max(1, (width - 24) // cell_w)


def tile_options_height(options: int, width: int = 1400, size: float = 62.0) -> int:
    """The height of :func:`tile_options`' picture of the hex and ``options`` tiles."""
    _, cell_h, per_row = _tile_cells(width, size)
    return -(-(options + 1) // per_row) * cell_h + 12
