"""The static 1856 board: hexes, tiles and their geometry, read once from ``data/1856/map.json``.

Conventions are those of 18xx.games (so real records replay unchanged):

- hexes are named ``F15`` (column letter, row number); the map is flat-topped;
- edges are numbered 0–5 clockwise from the bottom side: 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE;
- a tile laid with rotation ``k`` moves each of its edges ``e`` to ``(e + k) % 6``;
- a path end is a short string: ``e3`` (edge 3), ``c0`` (city 0), ``t1`` (town 1), ``o0``
  (off-board 0); a *node* (a stop) is named ``HEX.c0`` / ``HEX.t1`` / ``HEX.o0``.

Nothing here changes: the mutable map lives in :mod:`bot.games.g1856.map` as plain JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[3] / "data" / "1856" / "map.json"

COLOUR_ORDER = ("white", "yellow", "green", "brown", "gray")
KIND_COLOUR = {
    "white": "white",
    "preprinted_yellow": "yellow",
    "preprinted_gray": "gray",
    "offboard": "red",
    "blue": "blue",
}


@cache
def data() -> dict[str, Any]:
    """The board data (parsed once; treat it as read-only)."""
    return json.loads(DATA.read_text())


@dataclass(frozen=True)
class Placed:
    """What is on a hex now, in absolute edges: a laid tile or the printed hex.

    ``paths`` holds ``(a, b, terminal)`` with edges already rotated; ``cities`` and
    ``towns`` hold revenue (an int or a by-phase table) and, for cities, slots.
    """

    name: str  # tile name, or the hex coordinate for a printed hex
    colour: str
    label: str | None
    cities: tuple[tuple[Any, int], ...]  # (revenue, slots)
    towns: tuple[Any, ...]  # revenue
    offboards: tuple[Any, ...]  # revenue
    paths: tuple[tuple[str, str, bool], ...]

    @property
    def exits(self) -> frozenset[int]:
        return frozenset(int(end[1]) for a, b, _ in self.paths for end in (a, b) if end[0] == "e")

    def node_edges(self, node: str) -> frozenset[int]:
        """The edges joined directly to ``node`` (``c0``, ``t1``...)."""
        out = set()
        for a, b, _ in self.paths:
            if a == node and b[0] == "e":
                out.add(int(b[1]))
            elif b == node and a[0] == "e":
                out.add(int(a[1]))
        return frozenset(out)

    @cached_property
    def links(self) -> dict[str, tuple[str, ...]]:
        """Each end (``e3``, ``c0``, ``t1``, ``o0``) and the ends its paths lead to: what a walk
        along the track looks up at every step, worked out once per tile and rotation."""
        out: dict[str, list[str]] = {}
        for a, b, _ in self.paths:
            out.setdefault(a, []).append(b)
            if b != a:
                out.setdefault(b, []).append(a)
        return {end: tuple(others) for end, others in out.items()}

    def edge_pairs(self) -> frozenset[frozenset[int]]:
        """Plain track: the edge-to-edge paths."""
        return frozenset(
            frozenset((int(a[1]), int(b[1]))) for a, b, _ in self.paths if a[0] == "e" and b[0] == "e"
        )


def _rotate_end(end: str, rotation: int) -> str:
    return f"e{(int(end[1]) + rotation) % 6}" if end[0] == "e" else end


@cache
def placed_tile(name: str, rotation: int) -> Placed:
    """Manifest tile ``name`` turned clockwise by ``rotation`` sixths."""
    tile = data()["tiles"][name]
    return Placed(
        name=name,
        colour=tile["colour"],
        label=tile["label"],
        cities=tuple((c["revenue"], c["slots"]) for c in tile["cities"]),
        towns=tuple(t["revenue"] for t in tile["towns"]),
        offboards=(),
        paths=tuple(
            (_rotate_end(p[0], rotation), _rotate_end(p[1], rotation), len(p) > 2) for p in tile["paths"]
        ),
    )


@cache
def printed(coord: str) -> Placed:
    """The hex as printed on the map (before any tile)."""
    h = data()["hexes"][coord]
    return Placed(
        name=coord,
        colour=KIND_COLOUR[h["kind"]],
        label=h["label"],
        cities=tuple(
            (c["revenue"] if isinstance(c["revenue"], int) else _freeze(c["revenue"]), c["slots"])
            for c in h["cities"]
        ),
        towns=tuple(
            t["revenue"] if isinstance(t["revenue"], int) else _freeze(t["revenue"]) for t in h["towns"]
        ),
        offboards=tuple(
            o["revenue"] if isinstance(o["revenue"], int) else _freeze(o["revenue"]) for o in h["offboards"]
        ),
        paths=tuple((p[0], p[1], len(p) > 2) for p in h["paths"]),
    )


def _freeze(table: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(table.items()))


def revenue(value: Any, phase: str) -> int:
    """A stop's revenue in ``phase``: an int, or a frozen by-phase table."""
    if isinstance(value, int):
        return value
    return dict(value)[phase]


def hexes() -> dict[str, dict[str, Any]]:
    return data()["hexes"]


def tiles() -> dict[str, dict[str, Any]]:
    return data()["tiles"]


def corporations() -> dict[str, dict[str, Any]]:
    return data()["corporations"]


def phases() -> dict[str, dict[str, Any]]:
    return data()["phases"]


def train_distance(train: str) -> int | None:
    """Stops a train may visit; ``None`` for the unlimited D. ``train`` may be a record id (``"2-0"``)."""
    name = train.split("-")[0]
    trains = data()["trains"]
    if name not in trains:
        raise KeyError(name)
    return trains[name]["distance"]


@cache
def hex_index() -> dict[str, int]:
    """A stable small integer per hex (used for track bitmasks)."""
    return {coord: i for i, coord in enumerate(sorted(hexes()))}


def neighbour(coord: str, edge: int) -> str | None:
    return hexes()[coord]["neighbours"][edge]


def track_neighbour(coord: str, edge: int) -> str | None:
    """The hex track may run into across ``edge`` (red/gray/blue only where they have printed track)."""
    return hexes()[coord]["track_neighbours"][edge]


def node_name(coord: str, end: str) -> str:
    return f"{coord}.{end}"


def split_node(node: str) -> tuple[str, str]:
    coord, end = node.split(".")
    return coord, end
