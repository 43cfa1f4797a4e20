"""Where on the board picture each choosable thing is drawn: clickable regions.

A front end that shows the board picture (the web page) lets a player pick a move by
clicking the thing on the board instead of a menu entry. For that the renderer says where it
drew each thing a player can choose. A render module (``Game.render_module``) may define::

    def board_regions(view: dict) -> list[Region]: ...

For the picture ``board(view)`` draws from the same view, at the same size, it returns one
:class:`Region` per choosable thing drawn on it: every hex, field, mine, building, ship...
whether or not it is choosable *now* (the front end intersects the regions with the current
prompt). Its rules:

- **Names are the game's own short names.** A region is named exactly as the actions' group
  paths name the thing (:attr:`bot.engine.contract.Action.group`, at any depth), or as the
  label of a main choice when the thing is one: 1856's tile lay is filed under
  ``("Lay track", "K12")`` and the hex K12 on the map is the region ``"K12"``. A click on a
  region is then matched to a step of :func:`bot.engine.choices.layout`: the option whose
  group path ends in that name (or whose label is that name) is the one the click picks.
- **Coordinates are the full board PNG's pixels**: ``box`` is ``(left, top, right, bottom)``
  with ``right``/``bottom`` exclusive, as Pillow's crop boxes; it lies inside the picture.
  A hexagon (or another convex shape) also gives its corners in ``points``, clockwise, and
  ``shape="polygon"``; its ``box`` is then the polygon's bounding box. A front end may use
  the box alone (a rectangle image map) or the polygon (an SVG ``<polygon>``).
- **One region per name, no overlaps**: distinct names never overlap (hexes on a map may
  share edges), so a click has one meaning. A thing drawn twice (a ship on the board and in a
  legend) is given once, where a player would click it.
- **Drawn from the view only**: regions are computed from the same view as the picture, so
  they show nothing the picture does not (the test kit's hidden-information rules apply).

Renderers compute their layout once and use it both to draw and for the regions, so the
regions cannot drift from the picture. :func:`regions_json` is the plain-data form a web
page embeds; HTML (image maps, SVG overlays) is the web front end's.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.engine import Game

Box = tuple[int, int, int, int]
"""``(left, top, right, bottom)`` in pixels of the full board PNG; right and bottom exclusive."""


@dataclass(frozen=True)
class Region:
    """One choosable thing on the board picture: its group name and where it is drawn.

    ``name`` is the short name the actions' group paths use ("K12", "Harbor", "Mine 3").
    ``box`` is the bounding rectangle; for ``shape="polygon"``, ``points`` are the corners
    (clockwise, in pixels, floats rounded to integers) and ``box`` their bounding box.
    """

    name: str
    box: Box
    shape: Literal["rect", "polygon"] = "rect"
    points: tuple[tuple[int, int], ...] = field(default=())

    def __post_init__(self) -> None:
        left, top, right, bottom = self.box
        if right <= left or bottom <= top:
            raise ValueError(f"region {self.name!r} has an empty box {self.box}")
        if self.shape == "polygon" and len(self.points) < 3:
            raise ValueError(f"polygon region {self.name!r} needs at least three points")
        if self.shape == "rect" and self.points:
            raise ValueError(f"rectangle region {self.name!r} takes no points")

    @classmethod
    def rect(cls, name: str, left: float, top: float, right: float, bottom: float) -> Region:
        """A rectangle from float coordinates, rounded outward to whole pixels."""
        return cls(name, (int(left), int(top), _ceil(right), _ceil(bottom)))

    @classmethod
    def polygon(cls, name: str, corners: Iterable[tuple[float, float]]) -> Region:
        """A polygon (a hexagon) from its corners; the box is their bounding box."""
        points = tuple((round(x), round(y)) for x, y in corners)
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        return cls(name, (min(xs), min(ys), max(xs) + 1, max(ys) + 1), "polygon", points)

    def contains(self, x: float, y: float) -> bool:
        """Whether the pixel ``(x, y)`` lies in the region (inside the polygon for a polygon)."""
        left, top, right, bottom = self.box
        if not (left <= x < right and top <= y < bottom):
            return False
        if self.shape == "rect":
            return True
        return _inside_convex(self.points, x, y)

    def to_json(self) -> dict[str, Any]:
        """Plain data: ``{"name", "box", "shape"}`` and ``"points"`` for a polygon."""
        data: dict[str, Any] = {"name": self.name, "box": list(self.box), "shape": self.shape}
        if self.points:
            data["points"] = [list(point) for point in self.points]
        return data


def _ceil(value: float) -> int:
    whole = int(value)
    return whole if whole == value else whole + 1


def _inside_convex(points: Sequence[tuple[int, int]], x: float, y: float) -> bool:
    """Whether a point is inside (or on the edge of) a convex polygon, whichever way it winds."""
    sign = 0
    for index, (x1, y1) in enumerate(points):
        x2, y2 = points[(index + 1) % len(points)]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross == 0:
            continue
        side = 1 if cross > 0 else -1
        if sign and side != sign:
            return False
        sign = side
    return True


def region_at(regions: Iterable[Region], x: float, y: float) -> Region | None:
    """The region under a click at ``(x, y)``, or None (regions of distinct names never overlap)."""
    for region in regions:
        if region.contains(x, y):
            return region
    return None


def regions_json(regions: Iterable[Region]) -> str:
    """The regions as a JSON array, for a web page to embed next to the PNG."""
    return json.dumps([region.to_json() for region in regions], separators=(",", ":"))


def board_regions(game: Game, view: dict[str, Any]) -> list[Region]:
    """The regions of a game's board picture ``board(view)``, or ``[]`` for a game whose
    renderer defines no ``board_regions``."""
    if not game.render_module:
        return []
    find = getattr(importlib.import_module(game.render_module), "board_regions", None)
    return list(find(view)) if find is not None else []
