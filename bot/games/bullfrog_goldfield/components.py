"""The components of Bullfrog Goldfield, read once from ``data/bullfrog-goldfield/``.

The rulebook publishes no map, tiles or cards, so these are ours (see the data folder's
README for the design and the simulations behind it):

* ``board.json`` — 36 areas on a hex grid with terrain, features (mine or town site),
  adjacency, the five railroads with their start towns and the seven mines. It is written by
  ``scripts/bullfrog_board.py``, which also checks what the rules need of it.
* ``components.json`` — the 70 dig tiles (35 shallow, 35 deep), the six character cards,
  the bonds by denomination, the building supply and the starting cash per player count.

Money is counted in thousands of dollars everywhere in the game (``12`` means $12,000),
which keeps every amount an integer: bond interest is 10 % of a multiple of $10,000.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .messages import T, data_text

DATA = Path(__file__).resolve().parents[3] / "data" / "bullfrog-goldfield"

CLEAR = "clear"
MOUNTAIN = "mountain"
VALLEY = "valley"
TOWN = "town"
MINE = "mine"


@dataclass(frozen=True, slots=True)
class Area:
    """One area of the board: its terrain, its feature, its neighbours, its grid cell."""

    id: str
    name: str
    terrain: str
    feature: str
    col: int
    row: int
    adjacent: tuple[str, ...]

    @property
    def title(self) -> str:
        """The name the map prints on the area ("Belmont mine" for a mine's area, else its
        name): the area's name in group paths and on the board's clickable regions."""
        return T("{mine} mine", mine=self.name) if self.feature == "mine" else self.name


@dataclass(frozen=True, slots=True)
class Company:
    """A railroad (with a start town and a colour) or a mine (with its area)."""

    id: str
    name: str
    kind: str  # "rr" or "mine"
    area: str  # a mine's area, a railroad's start area
    colour: str = ""


@dataclass(frozen=True, slots=True)
class Tile:
    """A dig tile: how far it moves the mine on the Income Track, and how many tiles it adds
    to (``dig`` > 0) or removes from (``dig`` < 0) the bottom of the mine's stack."""

    id: int
    kind: str
    value: int
    dig: int

    @property
    def text(self) -> str:
        sign = f"{self.value:+d}" if self.value else "±0"
        if self.dig > 0:
            return T("{value}, add {n}", value=sign, n=self.dig)
        if self.dig < 0:
            return T("{value}, remove {n}", value=sign, n=-self.dig)
        return sign


@dataclass(frozen=True, slots=True)
class Character:
    value: int
    id: str
    name: str
    effect: str


@dataclass(frozen=True, slots=True)
class Components:
    areas: dict[str, Area]
    railroads: tuple[Company, ...]
    mines: tuple[Company, ...]
    companies: dict[str, Company]
    terrain_cost: dict[str, int]
    limits: tuple[int, ...]
    tiles: tuple[Tile, ...]
    characters: tuple[Character, ...]
    bonds: dict[str, int]
    buildings: int
    trains: int
    start_cash: dict[int, int]
    mine_at: dict[str, str]
    """area id -> mine id"""


@cache
def components() -> Components:
    """Load and check the data files (cached: they never change while the bot runs)."""
    board = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    parts = json.loads((DATA / "components.json").read_text(encoding="utf-8"))
    # Names and sentences are Text of the game's catalog, so they are said in every language.
    areas = {a["id"]: Area(a["id"], data_text(a["name"]), a["terrain"], a["feature"], a["col"], a["row"],
                           tuple(a["adjacent"])) for a in board["areas"]}
    railroads = tuple(Company(r["id"], data_text(r["name"]), "rr", r["start"], r["colour"]) for r in board["railroads"])
    mines = tuple(Company(m["id"], data_text(m["name"]), "mine", m["area"]) for m in board["mines"])
    tiles = tuple(Tile(t["id"], t["kind"], t["value"], t["dig"]) for t in parts["tiles"])
    characters = tuple(Character(c["value"], c["id"], data_text(c["name"]), data_text(c["effect"]))
                       for c in parts["characters"])
    if [t.id for t in tiles] != list(range(70)) or sum(t.kind == "shallow" for t in tiles) != 35:
        raise ValueError("components.json: expected 70 dig tiles, ids 0..69, 35 of them shallow")
    if sorted(c.value for c in characters) != [1, 2, 3, 4, 5, 6]:
        raise ValueError("components.json: expected six characters valued 1..6")
    if sum(parts["bonds"].values()) != 21:
        raise ValueError("components.json: expected 21 bonds")
    if len(railroads) != 5 or len(mines) != 7:
        raise ValueError("board.json: expected 5 railroads and 7 mines")
    for company in (*railroads, *mines):
        if company.area not in areas:
            raise ValueError(f"board.json: {company.id} names an unknown area {company.area}")
    return Components(
        areas=areas,
        railroads=railroads,
        mines=mines,
        companies={c.id: c for c in (*railroads, *mines)},
        terrain_cost=dict(board["terrain_cost"]),
        limits=tuple(board["limits"]),
        tiles=tiles,
        characters=characters,
        bonds=dict(parts["bonds"]),
        buildings=int(parts["buildings"]),
        trains=int(parts["trains_per_railroad"]),
        start_cash={int(k): v for k, v in parts["start_cash"].items()},
        mine_at={m.area: m.id for m in mines},
    )
