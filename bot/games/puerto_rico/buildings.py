"""Puerto Rico's component tables: goods, tiles, roles, buildings and setup by player count.

Everything is indexed by small integers so the rules can keep the state in short lists of
ints (fast to copy, fast to compare, exact through JSON). The numbers come from the
rulebook and from ``shared/rules/FACTS.md`` (building costs, prices, supplies); the
sources are listed in ``data/puerto-rico/README.md``.

Goods and island tiles share indices: a corn plantation (tile 0) produces corn (good 0).
A good's index is also its trading-house price (corn 0 ... coffee 4).
"""

from __future__ import annotations

from typing import NamedTuple

# -- goods and island tiles -------------------------------------------------------------

CORN, INDIGO, SUGAR, TOBACCO, COFFEE = range(5)
QUARRY = 5
"""Island tile index of a quarry (plantations are 0..4, the same index as their good)."""

GOODS: tuple[str, ...] = ("corn", "indigo", "sugar", "tobacco", "coffee")
"""Good names, also used in action keys (``sell:coffee``)."""

TILES: tuple[str, ...] = (*GOODS, "quarry")
"""Island tile names, also used in action keys (``plant:coffee``, ``place:quarry``)."""

GOOD_INDEX: dict[str, int] = {name: index for index, name in enumerate(GOODS)}
TILE_INDEX: dict[str, int] = {name: index for index, name in enumerate(TILES)}

PRICES: tuple[int, ...] = (0, 1, 2, 3, 4)
"""What the trading house pays for one barrel, before privilege and market bonuses."""

GOODS_SUPPLY: tuple[int, ...] = (10, 11, 11, 9, 9)
"""Barrels in the game: 10 corn, 11 indigo, 11 sugar, 9 tobacco, 9 coffee (50)."""

PLANTATION_TILES: tuple[int, ...] = (10, 12, 11, 9, 8)
"""Plantation tiles: 10 corn, 12 indigo, 11 sugar, 9 tobacco, 8 coffee (50)."""

QUARRY_TILES = 8
ISLAND_SPACES = 12
CITY_SPACES = 12
TRADING_HOUSE_SPACES = 4
WHARF_CAPACITY = 11
"""The rulebook gives the imaginary wharf ship 11 barrels: more than anyone can hold of a kind."""

# -- roles --------------------------------------------------------------------------------

SETTLER, MAYOR, BUILDER, CRAFTSMAN, TRADER, CAPTAIN, PROSPECTOR, PROSPECTOR_2 = range(8)
ROLE_IDS: tuple[str, ...] = (
    "settler",
    "mayor",
    "builder",
    "craftsman",
    "trader",
    "captain",
    "prospector",
    "prospector-2",
)
"""Role card ids, used in keys (``role:builder``); the second prospector only at five players."""

ROLE_NAMES: tuple[str, ...] = (
    "Settler",
    "Mayor",
    "Builder",
    "Craftsman",
    "Trader",
    "Captain",
    "Prospector",
    "Prospector",
)
ROLE_INDEX: dict[str, int] = {name: index for index, name in enumerate(ROLE_IDS)}

# -- buildings ------------------------------------------------------------------------------


class Building(NamedTuple):
    """One building type as printed on the market board."""

    slug: str
    name: str
    cost: int
    vp: int
    circles: int
    copies: int
    column: int
    """1..4: the most occupied quarries that may discount it."""
    produces: int
    """The good it processes (-1 for violet buildings)."""

    @property
    def large(self) -> bool:
        """Large buildings (column 4) fill two city spaces."""
        return self.column == 4

    @property
    def violet(self) -> bool:
        return self.produces < 0


BUILDINGS: tuple[Building, ...] = (
    # column 1
    Building("small-indigo-plant", "Small Indigo Plant", 1, 1, 1, 4, 1, INDIGO),
    Building("small-sugar-mill", "Small Sugar Mill", 2, 1, 1, 4, 1, SUGAR),
    Building("small-market", "Small Market", 1, 1, 1, 2, 1, -1),
    Building("hacienda", "Hacienda", 2, 1, 1, 2, 1, -1),
    Building("construction-hut", "Construction Hut", 2, 1, 1, 2, 1, -1),
    Building("small-warehouse", "Small Warehouse", 3, 1, 1, 2, 1, -1),
    # column 2
    Building("indigo-plant", "Indigo Plant", 3, 2, 3, 3, 2, INDIGO),
    Building("sugar-mill", "Sugar Mill", 4, 2, 3, 3, 2, SUGAR),
    Building("hospice", "Hospice", 4, 2, 1, 2, 2, -1),
    Building("office", "Office", 5, 2, 1, 2, 2, -1),
    Building("large-market", "Large Market", 5, 2, 1, 2, 2, -1),
    Building("large-warehouse", "Large Warehouse", 6, 2, 1, 2, 2, -1),
    # column 3
    Building("tobacco-storage", "Tobacco Storage", 5, 3, 3, 3, 3, TOBACCO),
    Building("coffee-roaster", "Coffee Roaster", 6, 3, 2, 3, 3, COFFEE),
    Building("factory", "Factory", 7, 3, 1, 2, 3, -1),
    Building("university", "University", 8, 3, 1, 2, 3, -1),
    Building("harbor", "Harbor", 8, 3, 1, 2, 3, -1),
    Building("wharf", "Wharf", 9, 3, 1, 2, 3, -1),
    # column 4: large, two city spaces, one copy each
    Building("guild-hall", "Guild Hall", 10, 4, 1, 1, 4, -1),
    Building("residence", "Residence", 10, 4, 1, 1, 4, -1),
    Building("fortress", "Fortress", 10, 4, 1, 1, 4, -1),
    Building("customs-house", "Customs House", 10, 4, 1, 1, 4, -1),
    Building("city-hall", "City Hall", 10, 4, 1, 1, 4, -1),
)

(
    SMALL_INDIGO_PLANT,
    SMALL_SUGAR_MILL,
    SMALL_MARKET,
    HACIENDA,
    CONSTRUCTION_HUT,
    SMALL_WAREHOUSE,
    INDIGO_PLANT,
    SUGAR_MILL,
    HOSPICE,
    OFFICE,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    TOBACCO_STORAGE,
    COFFEE_ROASTER,
    FACTORY,
    UNIVERSITY,
    HARBOR,
    WHARF,
    GUILD_HALL,
    RESIDENCE,
    FORTRESS,
    CUSTOMS_HOUSE,
    CITY_HALL,
) = range(len(BUILDINGS))

BUILDING_INDEX: dict[str, int] = {b.slug: index for index, b in enumerate(BUILDINGS)}

# Flat per-field tuples: the hot paths index these instead of reading NamedTuple attributes.
COST: tuple[int, ...] = tuple(b.cost for b in BUILDINGS)
BUILDING_VP: tuple[int, ...] = tuple(b.vp for b in BUILDINGS)
CIRCLES: tuple[int, ...] = tuple(b.circles for b in BUILDINGS)
COLUMN: tuple[int, ...] = tuple(b.column for b in BUILDINGS)
SIZE: tuple[int, ...] = tuple(2 if b.large else 1 for b in BUILDINGS)
PRODUCES: tuple[int, ...] = tuple(b.produces for b in BUILDINGS)
VIOLET: frozenset[int] = frozenset(i for i, b in enumerate(BUILDINGS) if b.violet)
SMALL_PRODUCTION: frozenset[int] = frozenset({SMALL_INDIGO_PLANT, SMALL_SUGAR_MILL})
LARGE_PRODUCTION: frozenset[int] = frozenset({INDIGO_PLANT, SUGAR_MILL, TOBACCO_STORAGE, COFFEE_ROASTER})

FACTORY_BONUS: tuple[int, ...] = (0, 0, 1, 2, 3, 5)
"""Doubloons for an occupied factory by the number of kinds produced (0..5)."""


def residence_bonus(filled_island_spaces: int) -> int:
    """Residence: 4 VP up to nine filled island spaces, then 5, 6, 7 for ten, eleven, twelve."""
    return 4 + max(0, filled_island_spaces - 9)


# -- setup by player count --------------------------------------------------------------------


class Setup(NamedTuple):
    """What the number of players changes at the start."""

    doubloons: int
    ships: tuple[int, ...]
    colonist_supply: int
    colonist_ship: int
    vp_chips: int
    roles: int
    start_tiles: tuple[int, ...]
    """Starting plantation by seat, counted clockwise from the first governor (seat 0)."""


SETUPS: dict[int, Setup] = {
    3: Setup(2, (4, 5, 6), 55, 3, 75, 6, (INDIGO, INDIGO, CORN)),
    4: Setup(3, (5, 6, 7), 75, 4, 100, 7, (INDIGO, INDIGO, CORN, CORN)),
    5: Setup(4, (6, 7, 8), 95, 5, 122, 8, (INDIGO, INDIGO, INDIGO, CORN, CORN)),
}

ROUND_LIMIT = 100
"""A safeguard the rulebook does not have: the game also ends after this many rounds.

The printed end conditions can all be avoided forever (nobody takes the mayor, builds or
ships), so without it no game would have a finite bound; real games last about 15 rounds.
"""
