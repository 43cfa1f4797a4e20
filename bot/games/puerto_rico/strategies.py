"""Simple Puerto Rico players for the arena (``python -m bot arena puerto-rico``), from the rulebook.

Each has one idea for choosing a role and plays every other decision the plain way (take a
quarry or the first plantation, let the mayor's colonists place themselves, produce, load the
first ship offered, sell the dearest good, keep what can be kept):

- ``builder``: the Builder whenever it is there, and always the dearest building it can pay;
- ``shipper``: Captain, then Craftsman, then Settler; builds the cheapest building;
- ``money``: the role with the most doubloons lying on it (the Builder on a tie); builds the
  dearest building it can pay.

They read only their own prompt (the doubloons on the roles are in its labels). Three more
each follow a plan a player might write down, reading their own board and the public table
(the trading house, the market, the doubloons on the roles), never the plantation stack:

- ``trader``: the dear goods (coffee, tobacco first), made with the Craftsman and sold with
  the Trader; markets and the Factory; a large building as soon as it can pay one;
- ``cargo``: corn, a quarry, then indigo; the Captain whenever two barrels wait, the
  Craftsman when it makes two, the Mayor for two empty circles; Wharf, Harbor and warehouses
  first, then a large building;
- ``greedy-now``: the role worth the most to it this turn in doubloons (a VP counted as two:
  barrels shipped, barrels made, the best sale, the best building's VP, ...); builds the most VP.

One more from red-team pass 3 (issue 26), the one the bot falls short of 1.5x against:

- ``ship-bank``: the Captain when three barrels wait, the Craftsman when it makes four,
  otherwise ``money``'s richest role; Harbor, then Wharf, then the building with the most VP;
  corn, a quarry, then indigo. Two or three of it run the shipping cycle and empty the VP
  chips before the bot's buildings pay (data/puerto-rico/README.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Action, Game, Prompt, State
from bot.engine.strategy import best, first_of, number, own_prompt

from .buildings import (
    BUILDING_INDEX,
    BUILDINGS,
    COFFEE_ROASTER,
    FACTORY,
    HARBOR,
    LARGE_MARKET,
    LARGE_WAREHOUSE,
    ROLE_INDEX,
    SMALL_MARKET,
    SMALL_WAREHOUSE,
    TOBACCO_STORAGE,
    WHARF,
)
from .legal import build_cost, empty_circles, production, sale_price

PLAIN_ORDER = ("quarry", "plant", "auto", "produce", "ship", "extra", "keep", "store", "done", "colonist:take")
"""Keys (or key prefixes) the plain way takes, in this order of preference, when offered."""


def _bonus(label: str) -> int:
    return number(label, r"\+(\d+) doubloon")


def _cost(label: str) -> int:
    return number(label, r"\((\d+) doubloons?\)")


def _plain(prompt: Prompt, rng: random.Random, cheapest: bool) -> str:
    """Every decision but the role: build by cost, sell the dearest, else :data:`PLAIN_ORDER`."""
    builds = [a for a in prompt.actions if a.key.startswith("build:")]
    if builds:
        return best(builds, lambda a: -_cost(a.label) if cheapest else _cost(a.label), rng)
    sales = [a for a in prompt.actions if a.key.startswith("sell:")]
    if sales:
        return best(sales, lambda a: number(a.label, r"for (\d+) doubloon"), rng)
    chosen = first_of(prompt, *PLAIN_ORDER)
    return chosen if chosen is not None else prompt.actions[0].key


def _with_roles(order: tuple[str, ...], cheapest: bool) -> Callable[[Game, State, int, random.Random], str]:
    def play(game: Game, state: State, seat: int, rng: random.Random) -> str:
        prompt = own_prompt(game, state, seat)
        roles = [a for a in prompt.actions if a.key.startswith("role:")]
        if roles:
            offered = {a.key for a in roles}
            for role in order:
                if f"role:{role}" in offered:
                    return f"role:{role}"
            return best(roles, lambda a: _bonus(a.label), rng)
        return _plain(prompt, rng, cheapest)

    return play


def money(game: Game, state: State, seat: int, rng: random.Random) -> str:
    prompt = own_prompt(game, state, seat)
    roles = [a for a in prompt.actions if a.key.startswith("role:")]
    if roles:
        return best(roles, lambda a: _bonus(a.label) + (0.5 if a.key == "role:builder" else 0), rng)
    return _plain(prompt, rng, cheapest=False)


def _richest_role(state: State, prompt: Prompt, rng: random.Random) -> str:
    """The offered role with the most doubloons on it."""
    roles = [a for a in prompt.actions if a.key.startswith("role:")]
    return best(roles, lambda a: state["role_money"][ROLE_INDEX[a.key[5:]]], rng)


def _can_build(state: State, seat: int, wanted: Callable[[int], bool]) -> bool:
    """Whether ``seat`` could pay, as Builder, a building it does not own for which ``wanted`` holds."""
    p = state["seats"][seat]
    return any(
        state["market"][b] > 0 and b not in p["city"] and wanted(b) and build_cost(state, seat, b) - 1 <= p["money"]
        for b in range(len(BUILDINGS))
    )


def _planned(prompt: Prompt, rng: random.Random, tiles: tuple[str, ...], building: Callable[[list[int]], int]) -> str:
    """Every decision but the role for a planner: the first of ``tiles`` offered, the building
    ``building`` picks among those offered, else the plain way."""
    keys = prompt.keys()
    if any(k.startswith(("plant:", "quarry")) for k in keys):
        for tile in tiles:
            for key in (f"plant:{tile}", tile):
                if key in keys:
                    return key
    offered = [BUILDING_INDEX[k[6:]] for k in keys if k.startswith("build:")]
    if offered:
        return f"build:{BUILDINGS[building(offered)].slug}"
    return _plain(prompt, rng, cheapest=False)


def trader(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Dear goods made with the Craftsman and sold with the Trader; a large building when it can."""
    prompt = own_prompt(game, state, seat)
    p = state["seats"][seat]
    roles = {a.key[5:] for a in prompt.actions if a.key.startswith("role:")}
    if roles:
        house = state["house"]
        if "trader" in roles and len(house) < 4 and any(p["goods"][k] and k not in house for k in range(1, 5)):
            return "role:trader"
        if "craftsman" in roles and sum(production(p)[1:]) and not any(p["goods"][1:]):
            return "role:craftsman"
        if "builder" in roles and _can_build(state, seat, lambda b: BUILDINGS[b].cost >= 3):
            return "role:builder"
        if "mayor" in roles and empty_circles(p) >= 2:
            return "role:mayor"
        if "settler" in roles and len(p["island"]) < 12:
            return "role:settler"
        return _richest_role(state, prompt, rng)

    def building(offered: list[int]) -> int:
        for b in [b for b in offered if BUILDINGS[b].large] + [FACTORY, COFFEE_ROASTER, TOBACCO_STORAGE,
                                                                LARGE_MARKET, SMALL_MARKET]:
            if b in offered:
                return b
        return max(offered, key=lambda b: BUILDINGS[b].cost)

    return _planned(prompt, rng, ("coffee", "tobacco", "sugar", "indigo", "quarry", "corn"), building)


def cargo(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Corn, a quarry, then indigo in bulk, shipped by the Captain whenever two barrels wait."""
    prompt = own_prompt(game, state, seat)
    p = state["seats"][seat]
    roles = {a.key[5:] for a in prompt.actions if a.key.startswith("role:")}
    shipping = (WHARF, HARBOR, LARGE_WAREHOUSE, SMALL_WAREHOUSE)
    if roles:
        if "captain" in roles and sum(p["goods"]) >= 2:
            return "role:captain"
        if "craftsman" in roles and sum(production(p)) >= 2:
            return "role:craftsman"
        if "mayor" in roles and empty_circles(p) >= 2:
            return "role:mayor"
        if "builder" in roles and _can_build(state, seat, lambda b: b in shipping or BUILDINGS[b].large):
            return "role:builder"
        if "settler" in roles and len(p["island"]) < 12:
            return "role:settler"
        return _richest_role(state, prompt, rng)

    def building(offered: list[int]) -> int:
        grown = set(p["island"])
        for b in [*shipping, *(b for b in offered if BUILDINGS[b].large),
                  *(b for b in offered if BUILDINGS[b].produces > 0 and BUILDINGS[b].produces in grown)]:
            if b in offered:
                return b
        return max(offered, key=lambda b: (BUILDINGS[b].vp, -BUILDINGS[b].cost))

    return _planned(prompt, rng, ("corn", "quarry", "indigo", "sugar", "tobacco", "coffee"), building)


def greedy_now(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """The role worth the most to this seat this turn, in doubloons (one VP counted as two)."""
    prompt = own_prompt(game, state, seat)
    p = state["seats"][seat]
    roles = [a for a in prompt.actions if a.key.startswith("role:")]
    if roles:
        house = state["house"]
        market = state["market"]

        def gain(action: Action) -> float:
            name = action.key[5:]
            value = float(state["role_money"][ROLE_INDEX[name]])
            if name == "captain":
                value += 2 * (sum(p["goods"]) + 1) if any(p["goods"]) else 0
            elif name == "craftsman":
                value += 1.5 * sum(production(p))
            elif name == "trader" and len(house) < 4:
                value += max((sale_price(state, seat, k) + 1 for k in range(5) if p["goods"][k] and k not in house),
                             default=0)
            elif name == "builder":
                value += max((2 * BUILDINGS[b].vp for b in range(len(BUILDINGS)) if market[b] > 0
                              and b not in p["city"] and build_cost(state, seat, b) - 1 <= p["money"]), default=0)
            elif name == "mayor":
                value += min(empty_circles(p), state["ship"] // state["n"] + 1)
            elif name == "settler":
                value += 1.5 if len(p["island"]) < 12 else 0
            elif name.startswith("prospector"):
                value += 1
            return value

        return best(roles, gain, rng)
    return _planned(prompt, rng, ("coffee", "tobacco", "quarry", "sugar", "indigo", "corn"),
                    lambda offered: max(offered, key=lambda b: (BUILDINGS[b].vp, BUILDINGS[b].cost)))


def ship_bank(game: Game, state: State, seat: int, rng: random.Random) -> str:
    prompt = own_prompt(game, state, seat)
    board = state["seats"][seat]
    roles = [a for a in prompt.actions if a.key.startswith("role:")]
    if roles:
        offered = {a.key for a in roles}
        if "role:captain" in offered and sum(board["goods"]) >= 3:
            return "role:captain"
        if "role:craftsman" in offered and sum(production(board)) >= 4:
            return "role:craftsman"
        return best(roles, lambda a: _bonus(a.label) + (0.5 if a.key == "role:builder" else 0), rng)

    def building(offered: list[int]) -> int:
        for wanted in (HARBOR, WHARF):
            if wanted in offered:
                return wanted
        return max(offered, key=lambda b: (BUILDINGS[b].vp, BUILDINGS[b].cost))

    return _planned(prompt, rng, ("corn", "quarry", "indigo", "sugar", "tobacco", "coffee"), building)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "builder": _with_roles(("builder",), cheapest=False),
    "shipper": _with_roles(("captain", "craftsman", "settler"), cheapest=True),
    "money": money,
    "trader": trader,
    "cargo": cargo,
    "greedy-now": greedy_now,
    "ship-bank": ship_bank,
}
