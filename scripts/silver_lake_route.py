"""Lay out the Silver Lake route and write ``data/silver-lake/route.json``.

``python scripts/silver_lake_route.py`` — run it after changing the sequences below. The
JSON is what the game reads; this script only says, readably, where every space lies.

The board is a grid of 24 columns × 14 rows. The loop starts at New Orleans in the bottom
right corner, runs left along the bottom edge to Eagle, reaches the crossroads on the left
side, splits into the short Mountain Pass (up the left edge) and the longer River Trail
(inside it, past the Silver Lake), joins again at Boise in the top left corner, runs right
along the top edge and comes down the right edge back to New Orleans.

Sequence tokens: ``F3`` a space of fishing area 3 (two in a row make the area), ``H``/``M``
hunting/mining, ``luck`` a red-circle luck space, ``city:Name:150``, ``text:<instruction id>``,
``bridge``, ``ford``, ``treasure``, ``fork``, ``cut:<shortcut id>`` a shortcut space, ``start``.
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "data" / "silver-lake" / "route.json"

# Bottom edge, from New Orleans (col 23) leftwards: cols 22..0 of row 13, then up to the fork.
BOTTOM = [
    "F1", "F1", "luck", "city:Waco:50", "H1", "H1", "bridge", "text:fever", "F2", "F2",
    "cut:cutoff", "luck", "city:Tyler:150", "M1", "M1", "H2", "H2", "luck", "F3", "F3",
    "ford", "M2", "M2",
]
LEFT_BEFORE_FORK = ["city:Eagle:100", "fork"]
MOUNTAIN = ["M3", "M3", "luck", "H3", "H3", "text:rockslide", "M4", "M4", "city:Butte:100", "H4", "H4"]
RIVER = [
    "F4", "F4", "ford", "luck", "F5", "F5", "treasure", "text:horses", "F6", "F6",
    "city:Ogden:100", "luck", "H5", "H5", "bridge",
]
JOIN = ["city:Boise:50"]
TOP = [
    "luck", "M5", "M5", "text:saloon", "H6", "H6", "cut:pony", "F7", "F7", "city:Dodge:100",
    "luck", "M6", "M6", "bridge", "city:Omaha:50", "text:fort", "H7", "H7", "luck", "F8", "F8",
    "city:Tulsa:150",
]
RIGHT = ["M7", "M7", "text:bandits", "luck", "H8", "H8", "ford", "city:Selma:300", "M8", "M8", "luck", "text:levee"]

# Where each shortcut lands (the index of the target in its own sequence) and whether it is forced.
SHORTCUTS = {
    "cutoff": {"name": "Comanche Cutoff", "segment": "bottom", "to": 15, "must": True},
    "pony": {"name": "Pony Express Trail", "segment": "top", "to": 16, "must": False},
}


def cells() -> dict[str, list[tuple[int, int]]]:
    """Grid cells (column, row) of each segment, in travel order."""
    return {
        "start": [(23, 13)],
        "bottom": [(c, 13) for c in range(22, -1, -1)],
        "left": [(0, 12), (0, 11)],
        "mountain": [(0, r) for r in range(10, -1, -1)],
        "river": [(1, 11), (2, 11), (3, 11), *[(3, r) for r in range(10, 1, -1)], (3, 1), (2, 1), (1, 1)],
        "join": [(1, 0)],
        "top": [(c, 0) for c in range(2, 24)],
        "right": [(23, r) for r in range(1, 13)],
    }


def build() -> dict[str, object]:
    segments = {
        "start": ["start"],
        "bottom": BOTTOM,
        "left": LEFT_BEFORE_FORK,
        "mountain": MOUNTAIN,
        "river": RIVER,
        "join": JOIN,
        "top": TOP,
        "right": RIGHT,
    }
    grid = cells()
    spaces: list[dict[str, object]] = []
    first: dict[str, int] = {}
    for name, tokens in segments.items():
        if len(tokens) != len(grid[name]):
            raise SystemExit(f"segment {name}: {len(tokens)} tokens for {len(grid[name])} cells")
        first[name] = len(spaces)
        for token, (col, row) in zip(tokens, grid[name], strict=True):
            space: dict[str, object] = {"id": len(spaces), "col": col, "row": row, "segment": name}
            kind, _, rest = token.partition(":")
            if kind[0] in "FHM" and kind[1:].isdigit():
                space.update(kind="area", permit=kind)
            elif kind == "city":
                city, _, value = rest.partition(":")
                space.update(kind="city", name=city, value=int(value))
            elif kind == "start":
                space.update(kind="start", name="New Orleans", value=200)
            elif kind == "text":
                space.update(kind="text", text=rest)
            elif kind == "cut":
                space.update(kind="shortcut", shortcut=rest)
            else:
                space.update(kind=kind)
            spaces.append(space)
    # Successors: each segment in order, the fork to both branches, both branches to the join.
    def last(name: str) -> int:
        return first[name] + len(segments[name]) - 1

    for space in spaces:
        space["next"] = [int(space["id"]) + 1]  # type: ignore[call-overload]
    spaces[last("left")]["next"] = [first["mountain"], first["river"]]
    spaces[last("mountain")]["next"] = [first["join"]]
    spaces[last("river")]["next"] = [first["join"]]
    spaces[last("join")]["next"] = [first["top"]]
    spaces[last("right")]["next"] = [first["start"]]
    for key, cut in SHORTCUTS.items():
        space = next(s for s in spaces if s.get("shortcut") == key)
        space["target"] = first[str(cut["segment"])] + int(cut["to"])  # type: ignore[call-overload]
        space["must"] = cut["must"]
        space["name"] = cut["name"]
    branches = {
        "mountain": {"name": "Mountain Pass", "first": first["mountain"], "last": last("mountain")},
        "river": {"name": "River Trail", "first": first["river"], "last": last("river")},
    }
    return {"grid": {"columns": 24, "rows": 14}, "branches": branches, "spaces": spaces}


def main() -> None:
    data = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    lines = ["{", f'  "grid": {json.dumps(data["grid"])},', f'  "branches": {json.dumps(data["branches"])},', '  "spaces": [']
    spaces = data["spaces"]
    assert isinstance(spaces, list)
    lines += [f"    {json.dumps(space)}{',' if i < len(spaces) - 1 else ''}" for i, space in enumerate(spaces)]
    lines += ["  ]", "}"]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(spaces)} spaces")


if __name__ == "__main__":
    main()
