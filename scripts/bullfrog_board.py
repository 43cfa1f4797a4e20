"""Write ``data/bullfrog-goldfield/board.json``: our board for Bullfrog Goldfield.

The rulebook publishes no map, so the board is ours: 36 areas on a hex grid of six
rows of six (odd rows shifted half an area right), which gives every area up to six
neighbours. The script keeps the layout in one readable table, derives the adjacency
from the grid, checks the constraints the rules and the rulebook's worked example need,
and writes the data file the game reads. Run it after editing the table::

    .venv/bin/python scripts/bullfrog_board.py
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "data" / "bullfrog-goldfield" / "board.json"

# (column, row): id, name, terrain (clear / mountain / valley), feature (town / mine / "")
LAYOUT = {
    (0, 0): ("fishlake", "Fish Lake Valley", "clear", ""),
    (1, 0): ("silverpeak", "Silver Peak Range", "mountain", ""),
    (2, 0): ("belmont", "Belmont", "mountain", "mine"),
    (3, 0): ("tonopah", "Tonopah", "clear", "town"),
    (4, 0): ("ralston", "Ralston Valley", "clear", ""),
    (5, 0): ("manhattan", "Manhattan", "mountain", "mine"),
    (0, 1): ("lida", "Lida", "clear", "town"),
    (1, 1): ("lonemtn", "Lone Mountain", "mountain", ""),
    (2, 1): ("klondyke", "Klondyke", "clear", ""),
    (3, 1): ("mohawk", "Mohawk", "clear", "mine"),
    (4, 1): ("goldfield", "Goldfield", "clear", "town"),
    (5, 1): ("kawich", "Kawich Range", "mountain", ""),
    (0, 2): ("tokop", "Tokop", "mountain", "mine"),
    (1, 2): ("blair", "Blair Junction", "clear", "town"),
    (2, 2): ("goldmtn", "Gold Mountain", "mountain", ""),
    (3, 2): ("cuprite", "Cuprite", "clear", ""),
    (4, 2): ("stonewall", "Stonewall Pass", "mountain", ""),
    (5, 2): ("tolicha", "Tolicha Flat", "clear", ""),
    (0, 3): ("dvnorth", "Death Valley North", "valley", ""),
    (1, 3): ("beatty", "Beatty", "clear", "town"),
    (2, 3): ("goldcenter", "Gold Center", "clear", "mine"),
    (3, 3): ("rhyolite", "Rhyolite", "mountain", "mine"),
    (4, 3): ("bonnieclaire", "Bonnie Claire", "clear", ""),
    (5, 3): ("silverbow", "Silverbow", "mountain", "mine"),
    (0, 4): ("dvsouth", "Death Valley South", "valley", ""),
    (1, 4): ("amargosa", "Amargosa", "clear", ""),
    (2, 4): ("funeral", "Funeral Range", "mountain", ""),
    (3, 4): ("dvjunction", "Death Valley Junction", "clear", "town"),
    (4, 4): ("ashmeadows", "Ash Meadows", "clear", ""),
    (5, 4): ("indiansprings", "Indian Springs", "clear", "town"),
    (0, 5): ("panamint", "Panamint Range", "mountain", ""),
    (1, 5): ("shoshone", "Shoshone", "clear", "town"),
    (2, 5): ("ludlow", "Ludlow", "clear", "town"),
    (3, 5): ("pahrump", "Pahrump", "clear", ""),
    (4, 5): ("springmtns", "Spring Mountains", "mountain", ""),
    (5, 5): ("lasvegas", "Las Vegas", "clear", "town"),
}

# Railroads: id, name, colour name, start area (a town site).
RAILROADS = [
    ("sp", "Silver Peak", "red", "blair"),
    ("bg", "Bullfrog Goldfield", "blue", "goldfield"),
    ("tg", "Tonopah Goldfield", "green", "tonopah"),
    ("lv", "Las Vegas & Tonopah", "purple", "lasvegas"),
    ("tt", "Tonopah & Tidewater", "yellow", "ludlow"),
]
# Mines: id, name, area.
MINES = [
    ("gc", "Gold Center", "goldcenter"),
    ("rh", "Rhyolite", "rhyolite"),
    ("mo", "Mohawk", "mohawk"),
    ("be", "Belmont", "belmont"),
    ("ma", "Manhattan", "manhattan"),
    ("to", "Tokop", "tokop"),
    ("sb", "Silverbow", "silverbow"),
]


def neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The six hex neighbours of an odd-row-shifted grid cell."""
    shift = row % 2
    return [
        (col - 1, row), (col + 1, row),
        (col - 1 + shift, row - 1), (col + shift, row - 1),
        (col - 1 + shift, row + 1), (col + shift, row + 1),
    ]


def build() -> dict:
    ids = {cell: entry[0] for cell, entry in LAYOUT.items()}
    areas = []
    for (col, row), (area_id, name, terrain, feature) in sorted(LAYOUT.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        adjacent = sorted(ids[cell] for cell in neighbours(col, row) if cell in ids)
        areas.append({"id": area_id, "name": name, "terrain": terrain, "feature": feature,
                      "col": col, "row": row, "adjacent": adjacent})
    return {
        "areas": areas,
        "railroads": [{"id": i, "name": n, "colour": c, "start": s} for i, n, c, s in RAILROADS],
        "mines": [{"id": i, "name": n, "area": a} for i, n, a in MINES],
        "terrain_cost": {"clear": 10, "mountain": 50, "valley": 30},
        "limits": [25, 50, 75, 100, 125],
    }


def check(board: dict) -> None:
    by_id = {a["id"]: a for a in board["areas"]}
    adj = {a["id"]: set(a["adjacent"]) for a in board["areas"]}
    for a, near in adj.items():
        assert all(a in adj[b] for b in near), f"{a}: adjacency not symmetric"
    mine_areas = {m["area"] for m in board["mines"]}
    assert all(by_id[a]["feature"] == "mine" for a in mine_areas) and len(mine_areas) == 7
    assert all(by_id[r["start"]]["feature"] == "town" for r in board["railroads"])
    for area in board["areas"]:
        if area["feature"] == "town":
            near = [a for a in mine_areas if a in adj[area["id"]]]
            assert len(near) <= 2, f"{area['id']}: the boom table covers at most two mines in range, {near}"
    # The rulebook's Silver Peak example: Blair Junction -> Beatty -> Gold Center -> Rhyolite (mountain),
    # with Beatty two steps from Rhyolite (so its building is not "within two areas" of Rhyolite).
    assert "beatty" in adj["blair"] and "goldcenter" in adj["beatty"] and "rhyolite" in adj["goldcenter"]
    assert "rhyolite" not in adj["beatty"]
    assert by_id["beatty"]["terrain"] == by_id["goldcenter"]["terrain"] == "clear"
    assert by_id["rhyolite"]["terrain"] == "mountain"
    assert sum(a["terrain"] == "valley" for a in board["areas"]) == 2


if __name__ == "__main__":
    data = build()
    check(data)
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({len(data['areas'])} areas)")
