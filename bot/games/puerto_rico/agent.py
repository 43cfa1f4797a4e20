"""A heuristic Puerto Rico player: greedy, one decision at a time, no look-ahead.

It values roles by what they would bring this seat now (plus the doubloons lying on the
card), builds the building with the best rough worth, grows plantations that feed its
production buildings, ships the most barrels, sells the dearest good and lets
:func:`~bot.games.puerto_rico.phases.auto_place` arrange its colonists. It is quick (well
under a millisecond a move), which is what it is for: the normal bot (:mod:`.lookahead`)
plays it for every decision but the role, and plays each role's round out with it.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import State

from .buildings import (
    BUILDING_INDEX,
    BUILDINGS,
    CIRCLES,
    COFFEE_ROASTER,
    CONSTRUCTION_HUT,
    CORN,
    FACTORY,
    GOOD_INDEX,
    GOODS,
    HACIENDA,
    HARBOR,
    HOSPICE,
    INDIGO,
    INDIGO_PLANT,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    OFFICE,
    PRICES,
    PRODUCES,
    QUARRY,
    ROLE_INDEX,
    SMALL_INDIGO_PLANT,
    SMALL_MARKET,
    SMALL_SUGAR_MILL,
    SMALL_WAREHOUSE,
    SUGAR,
    SUGAR_MILL,
    TILE_INDEX,
    TOBACCO_STORAGE,
    UNIVERSITY,
    WHARF,
)
from .legal import _cargo_loads, build_cost, empty_circles, legal_keys, production, sale_price

# Rough worth of a violet building to its owner over a game, on top of its printed VP.
VIOLET_WORTH = {
    SMALL_MARKET: 2.5,
    HACIENDA: 1.0,
    CONSTRUCTION_HUT: 1.5,
    SMALL_WAREHOUSE: 1.5,
    HOSPICE: 2.0,
    OFFICE: 2.0,
    LARGE_MARKET: 3.0,
    LARGE_WAREHOUSE: 2.0,
    FACTORY: 4.0,
    UNIVERSITY: 1.5,
    HARBOR: 5.0,
    WHARF: 5.0,
}
CAPTAIN_BARREL = {3: 1.2, 4: 0.9}
"""What the Captain is worth per barrel in hand, at three players and at four or five. At
three, two shipping opponents fill the three ships and empty the 75 VP chips fast, and a
barrel not shipped in time is worth little: with 0.9 the heuristic lost 41% of 3-player
games to two ``cargo`` players, with 1.2 27% (data/puerto-rico/README.md). At four players
1.2 gained nothing against ``cargo`` and cost 7 points against ``money``."""
_PRODUCTION_BUILDINGS = {
    SMALL_INDIGO_PLANT: INDIGO,
    INDIGO_PLANT: INDIGO,
    SMALL_SUGAR_MILL: SUGAR,
    SUGAR_MILL: SUGAR,
    TOBACCO_STORAGE: 3,
    COFFEE_ROASTER: 4,
}


def choose(state: State, seat: int, rng: random.Random) -> str:
    """The key this agent plays for ``seat``, which must be the seat to act."""
    keys = legal_keys(state)
    if len(keys) == 1:
        return keys[0]
    sub = state["sub"]
    p = state["seats"][seat]
    if sub == "":
        return _choose_role(state, seat, keys, rng)
    if sub == "tile":
        return _choose_tile(state, p, keys)
    if sub in ("hospice", "university", "privilege"):
        return "colonist:take"
    if sub == "place":
        for key in ("reset", "auto", "done"):
            if key in keys:
                return key
    if sub == "build":
        return _choose_building(state, seat, keys)
    if sub in ("produce", "discard"):
        # production=choose: this greedy player takes every barrel and throws nothing away
        # (declining pays only through look-ahead it does not do)
        return "produce" if sub == "produce" else "done"
    if sub == "extra":
        extras = [k for k in keys if k != "pass"]  # "pass" only with production=choose
        return max(extras, key=lambda k: PRICES[GOOD_INDEX[k[6:]]])
    if sub == "sell":
        sells = [k for k in keys if k != "pass"]
        best = max(sells, key=lambda k: sale_price(state, seat, GOOD_INDEX[k[5:]]), default="pass")
        return best
    if sub == "load":
        return _choose_load(state, p, keys)
    if sub == "store":
        # warehouses take the largest piles; the windrose barrel is the dearest good left
        goods = p["goods"]
        return max(keys, key=lambda k: (goods[GOOD_INDEX[k.split(":")[1]]] if k.startswith("store") else 0,
                                        PRICES[GOOD_INDEX[k.split(":")[1]]]))
    return rng.choice(keys)


def _plantations(p: dict[str, Any]) -> list[int]:
    counts = [0] * 6
    for tile in p["island"]:
        counts[tile] += 1
    return counts


def _circles(p: dict[str, Any]) -> list[int]:
    counts = [0] * 5
    for building in p["city"]:
        kind = PRODUCES[building]
        if kind >= 0:
            counts[kind] += CIRCLES[building]
    return counts


def _choose_tile(state: State, p: dict[str, Any], keys: list[str]) -> str:
    if "hacienda" in keys:
        return "hacienda"
    plants = _plantations(p)
    circles = _circles(p)

    def worth(key: str) -> float:
        if key == "pass":
            return -1.0
        if key == "quarry":
            return 3.5 if plants[QUARRY] < 3 else 0.5
        kind = TILE_INDEX[key[6:]]
        if kind == CORN:
            return 2.0
        need = circles[kind] - plants[kind]
        return (3.0 if need > 0 else 1.0) + PRICES[kind] * 0.3

    return max(keys, key=worth)


def _building_worth(state: State, seat: int, building: int) -> float:
    p = state["seats"][seat]
    info = BUILDINGS[building]
    worth = float(info.vp)
    rounds_left = max(1, 15 - state["round"])
    if info.large:
        worth += 4.0
    elif building in _PRODUCTION_BUILDINGS:
        kind = _PRODUCTION_BUILDINGS[building]
        plants = _plantations(p)[kind]
        circles = _circles(p)[kind]
        useful = min(info.circles, max(0, plants + 1 - circles))
        worth += useful * (1.0 + PRICES[kind] * 0.5) * min(1.0, rounds_left / 8)
    else:
        worth += VIOLET_WORTH.get(building, 1.0) * min(1.0, rounds_left / 8)
    return worth - 0.15 * build_cost(state, seat, building)


def _choose_building(state: State, seat: int, keys: list[str]) -> str:
    best, best_worth = "pass", 0.5
    for key in keys:
        if key == "pass":
            continue
        worth = _building_worth(state, seat, BUILDING_INDEX[key[6:]])
        if worth > best_worth:
            best, best_worth = key, worth
    return best


def _choose_load(state: State, p: dict[str, Any], keys: list[str]) -> str:
    loads = {f"ship:{GOODS[k]}:{state['ship_caps'][s]}": n for k, s, n in _cargo_loads(state, p["goods"])}

    def worth(key: str) -> float:
        if key == "pass":
            return -1.0
        if key.startswith("wharf:"):
            return p["goods"][GOOD_INDEX[key[6:]]] - 1.5
        # ship the most; among equals, the cheapest kind (the dear ones sell better)
        return loads[key] - PRICES[GOOD_INDEX[key.split(":")[1]]] * 0.01

    return max(keys, key=worth)


def _choose_role(state: State, seat: int, keys: list[str], rng: random.Random) -> str:
    # a tenth of a VP of noise breaks ties at random
    return max(keys, key=lambda key: role_worth(state, seat, key) + rng.random() * 0.1)


def role_worth(state: State, seat: int, key: str) -> float:
    """What the heuristic counts the role ``key`` (``role:captain`` …) worth to ``seat`` now,
    in rough VP: the doubloons on the card plus what the role's phase would bring the seat
    (the Craftsman less half of what the others would make)."""
    n = state["n"]
    p = state["seats"][seat]
    role = ROLE_INDEX[key[5:]]
    value = float(state["role_money"][role])
    name = key[5:]
    if name == "settler":
        value += 2.0 if len(p["island"]) < 12 else 0.0
    elif name == "mayor":
        share = state["ship"] // n + 1
        value += 0.8 * min(share + 1, empty_circles(p) + 1)
    elif name == "builder":
        best = 0.0
        for building in range(len(BUILDINGS)):
            if state["market"][building] > 0 and building not in p["city"]:
                cost = max(0, build_cost(state, seat, building) - 1)
                if cost <= p["money"]:
                    best = max(best, _building_worth(state, seat, building))
        value += best * 0.8
    elif name == "craftsman":
        made = production(p)
        mine = sum(made) + (1 if any(made) else 0)
        theirs = sum(sum(production(state["seats"][s])) for s in range(n) if s != seat) / max(1, n - 1)
        value += mine - 0.5 * theirs
    elif name == "trader":
        house = state["house"]
        prices = [PRICES[k] + 1 for k in range(5) if p["goods"][k] and (k not in house or _has_office(p))]
        value += max(prices, default=0) if len(house) < 4 else 0
    elif name == "captain":
        value += CAPTAIN_BARREL[min(n, 4)] * sum(p["goods"]) + (1 if any(p["goods"]) else 0)
    else:  # prospector
        value += 1.0
    return value


def _has_office(p: dict[str, Any]) -> bool:
    city = p["city"]
    return OFFICE in city and p["city_men"][city.index(OFFICE)] > 0


__all__ = ["VIOLET_WORTH", "choose", "role_worth"]
