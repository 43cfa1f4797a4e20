"""Puerto Rico for 3–5 players: the whole game as pure functions over a plain-data state.

How the state is laid out (all ints and lists, so copying and JSON are cheap and exact):

- ``seats[s]``: ``money``, ``vp`` (the secret VP chips), ``goods`` (5 barrel counts),
  ``island`` (tile per filled island space, 0..4 plantations and 5 quarry) with
  ``island_men`` (0/1 colonist on each), ``city`` (building ids in build order) with
  ``city_men`` (colonists on each), and ``san_juan`` (colonists waiting).
- the table: ``role_money``/``role_taker`` per role card in play, the colonist ``ship`` and
  ``supply``, ``vp_chips`` left, ``quarries``, ``face_up`` plantations, the hidden ``stack``
  and the ``discard`` counts, ``goods_supply``, the trading ``house``, the three cargo
  ships (``ship_caps``, ``ship_kind``, ``ship_load``) and the building ``market`` copies.
- the flow: ``phase`` (``role`` or the running role's name, ``over`` at the end), ``sub``
  (which small decision inside the phase), ``actor`` (the one seat that decides now),
  ``taker`` (who took the running role) and ``pos`` (how far round the table the phase is).
- ``last`` (absent before the first move): the last move's seat, key and public log lines,
  which the table card shows.

Every decision is one small prompt for one seat; automatic steps (production, handing out
colonists, refilling the ship and the plantations, storage without a choice) run inside
``perform`` until the next real decision. With the table option ``production=choose`` a
role's action is optional for goods too, as the rulebook has every role but the captain:
each seat that would produce may decline whole kinds (``decline:corn`` … ``produce``), and
at storage may throw whole kinds away (``discard:corn`` … ``done``) before the forced
storage; ``production=auto`` (the default) produces everything and asks nothing. ``apply`` is overridden to validate against the
legal keys without building labels, because random playouts must run at 100+ games/s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.engine import Action, Event, Game, IllegalAction, Option, Outcome, Prompt, Rng, State, seed_value
from bot.engine.rng import shuffle_unseen
from bot.engine.words import Code, Text

from .buildings import (
    BUILDER,
    BUILDING_INDEX,
    BUILDING_VP,
    BUILDINGS,
    CAPTAIN,
    CIRCLES,
    CITY_HALL,
    CITY_SPACES,
    COFFEE,
    COLUMN,
    CONSTRUCTION_HUT,
    CORN,
    COST,
    CRAFTSMAN,
    CUSTOMS_HOUSE,
    FACTORY,
    FACTORY_BONUS,
    FORTRESS,
    GOOD_INDEX,
    GOODS,
    GOODS_SUPPLY,
    GUILD_HALL,
    HACIENDA,
    HARBOR,
    HOSPICE,
    INDIGO,
    ISLAND_SPACES,
    LARGE_MARKET,
    LARGE_PRODUCTION,
    LARGE_WAREHOUSE,
    MAYOR,
    OFFICE,
    PLANTATION_TILES,
    PRICES,
    PRODUCES,
    PROSPECTOR,
    QUARRY,
    QUARRY_TILES,
    RESIDENCE,
    ROLE_IDS,
    ROLE_INDEX,
    ROUND_LIMIT,
    SETTLER,
    SETUPS,
    SIZE,
    SMALL_MARKET,
    SMALL_PRODUCTION,
    SMALL_WAREHOUSE,
    SUGAR,
    TILE_INDEX,
    TILES,
    TOBACCO,
    TRADER,
    UNIVERSITY,
    VIOLET,
    WHARF,
    residence_bonus,
)
from .messages import (
    A_BARREL,
    A_TILE,
    BUILDING_NAMES,
    CARGO,
    GOOD_NAMES,
    ROLE_TITLES,
    TILE_TITLES,
    T,
    Tn,
    barrels,
    doubloons,
)
from .orders import PuertoRicoOrders

# Phases are the running role's id; "role" while a role is being chosen.
PHASE_OF_ROLE = ("settler", "mayor", "builder", "craftsman", "trader", "captain")

END_REASONS = {
    "colonists": T("the colonist supply could not refill the colonist ship"),
    "city": T("a player built on the 12th space of their city"),
    "vp": T("the last victory point chip was shipped"),
    "rounds": T("the {rounds}-round safeguard was reached", rounds=ROUND_LIMIT),
}

_PLACE_TILE_KEYS = tuple(f"place:{name}" for name in TILES)
_PLACE_BUILDING_KEYS = tuple(f"place:{b.slug}" for b in BUILDINGS)
_BUILD_KEYS = tuple(f"build:{b.slug}" for b in BUILDINGS)
_PLANT_KEYS = tuple(f"plant:{name}" for name in TILES)
_SELL_KEYS = tuple(f"sell:{name}" for name in GOODS)
_WHARF_KEYS = tuple(f"wharf:{name}" for name in GOODS)
_STORE_KEYS = tuple(f"store:{name}" for name in GOODS)
_KEEP_KEYS = tuple(f"keep:{name}" for name in GOODS)
_EXTRA_KEYS = tuple(f"extra:{name}" for name in GOODS)
_DECLINE_KEYS = tuple(f"decline:{name}" for name in GOODS)
_DISCARD_KEYS = tuple(f"discard:{name}" for name in GOODS)
AUTO, CHOOSE = "auto", "choose"
_ROLE_KEYS = tuple(f"role:{name}" for name in ROLE_IDS)
_SEAT = tuple(f"{{seat{s}}}" for s in range(8))
_doubloons = doubloons


def joined(parts: list[Text], separator: str = ", ") -> str:
    """``parts`` one after the other, ", " (or "; ") between them, as text that can be said:
    "1 corn, 2 indigo"."""
    if not parts:
        return ""
    text: str = parts[0]
    for part in parts[1:]:
        text = T("{first}; {next}", first=text, next=part) if separator == "; " else \
            T("{first}, {next}", first=text, next=part)
    return text


def role_label(role: int, doubloons: int) -> str:
    """A role's action label, "Builder" or "Builder (+2 doubloons)": also the name of its card's
    clickable region on the board picture (a role is a main choice, named by its label)."""
    name = T("Prospector (2nd card)") if role == PROSPECTOR + 1 else ROLE_TITLES[role]
    return T("{role} (+{doubloons})", role=name, doubloons=_doubloons(doubloons)) if doubloons else name


_PLANTATION_GROUPS = (
    T("Corn plantation"),
    T("Indigo plantation"),
    T("Sugar plantation"),
    T("Tobacco plantation"),
    T("Coffee plantation"),
)


def plantation_group(good: str) -> str:
    """The group name of taking a face-up plantation of ``good`` ("Corn plantation")."""
    return _PLANTATION_GROUPS[TILE_INDEX[good]]


def ship_group(capacity: int) -> str:
    """The group name of loading the cargo ship of ``capacity`` barrels ("5-barrel ship")."""
    return T("{capacity}-barrel ship", capacity=capacity)


QUARRY_GROUP = TILE_TITLES["quarry"]
"""The group name of taking a quarry (the quarry stack in the plantations panel)."""


def _board_group(key: str) -> tuple[str, ...]:
    """The group path that names the board thing an action picks (see ``board_regions`` in
    :mod:`bot.games.puerto_rico.render`): a building in the market, a face-up plantation, the
    quarries, a cargo ship; ``()`` for the rest. Each name holds one action of a prompt, except
    a ship, which several goods may be loaded on (its group is then a step of its own)."""
    kind, _, rest = key.partition(":")
    if kind == "build":
        return (BUILDING_NAMES[_BUILD_KEYS.index(key)],)
    if kind == "plant":
        return (plantation_group(rest),)
    if key == "quarry":
        return (QUARRY_GROUP,)
    if kind == "ship":
        return (ship_group(int(rest.split(":")[1])),)
    return ()


# =============================================================================================
# Small queries about one player (``p`` is ``state["seats"][s]``)
# =============================================================================================


def occupied(p: dict[str, Any], building: int) -> bool:
    """True if the player owns ``building`` and at least one colonist works in it."""
    city = p["city"]
    return building in city and p["city_men"][city.index(building)] > 0


def owns(p: dict[str, Any], building: int) -> bool:
    return building in p["city"]


def city_spaces_used(p: dict[str, Any]) -> int:
    """City spaces filled: large buildings count two."""
    return sum(SIZE[b] for b in p["city"])


def occupied_quarries(p: dict[str, Any]) -> int:
    return sum(m for t, m in zip(p["island"], p["island_men"], strict=True) if t == QUARRY)


def colonists_owned(p: dict[str, Any]) -> int:
    """Every colonist on the player's board: island, city and San Juan."""
    return p["san_juan"] + sum(p["island_men"]) + sum(p["city_men"])


def empty_circles(p: dict[str, Any]) -> int:
    """Unoccupied circles on the whole board (island tiles and buildings)."""
    men = p["city_men"]
    return (
        len(p["island_men"])
        - sum(p["island_men"])
        + sum(CIRCLES[b] - men[i] for i, b in enumerate(p["city"]))
    )


def empty_building_circles(p: dict[str, Any]) -> int:
    men = p["city_men"]
    return sum(CIRCLES[b] - men[i] for i, b in enumerate(p["city"]))


def warehouse_slots(p: dict[str, Any]) -> int:
    """Kinds of goods kept whole at storage: 1 per occupied small, 2 per occupied large warehouse."""
    return (1 if occupied(p, SMALL_WAREHOUSE) else 0) + (2 if occupied(p, LARGE_WAREHOUSE) else 0)


def production(p: dict[str, Any]) -> list[int]:
    """Barrels of each good the player can make, before the supply is checked.

    Corn comes straight from occupied corn plantations; every other good needs an occupied
    plantation *and* an occupied circle in a production building of that kind.
    """
    plants = [0, 0, 0, 0, 0, 0]
    for tile, man in zip(p["island"], p["island_men"], strict=True):
        if man:
            plants[tile] += 1
    circles = [0, 0, 0, 0, 0]
    for building, men in zip(p["city"], p["city_men"], strict=True):
        kind = PRODUCES[building]
        if kind >= 0:
            circles[kind] += men
    return [
        plants[0],
        min(plants[1], circles[1]),
        min(plants[2], circles[2]),
        min(plants[3], circles[3]),
        min(plants[4], circles[4]),
    ]


def build_cost(state: State, seat: int, building: int) -> int:
    """What ``seat`` pays for ``building`` now: builder privilege and quarries, never below 0."""
    p = state["seats"][seat]
    cost = COST[building] - min(occupied_quarries(p), COLUMN[building])
    if state["phase"] == "builder" and state["taker"] == seat:
        cost -= 1
    return cost if cost > 0 else 0


def sale_price(state: State, seat: int, kind: int) -> int:
    """What the trading house pays ``seat`` for one barrel: price + privilege + markets."""
    p = state["seats"][seat]
    price = PRICES[kind]
    if state["taker"] == seat:
        price += 1
    if occupied(p, SMALL_MARKET):
        price += 1
    if occupied(p, LARGE_MARKET):
        price += 2
    return price


def large_building_bonus(p: dict[str, Any], building: int) -> int:
    """End-of-game extra VP of an occupied large building (0 if unowned or unoccupied)."""
    if not occupied(p, building):
        return 0
    city = p["city"]
    if building == GUILD_HALL:
        return sum(1 for b in city if b in SMALL_PRODUCTION) + 2 * sum(1 for b in city if b in LARGE_PRODUCTION)
    if building == RESIDENCE:
        return residence_bonus(len(p["island"]))
    if building == FORTRESS:
        return colonists_owned(p) // 3
    if building == CUSTOMS_HOUSE:
        return p["vp"] // 4
    if building == CITY_HALL:
        return sum(1 for b in city if b in VIOLET)
    return 0


def score_breakdown(p: dict[str, Any]) -> dict[str, int]:
    """Final score parts: VP chips, printed building VP, large-building bonuses, total."""
    chips = p["vp"]
    buildings = sum(BUILDING_VP[b] for b in p["city"])
    bonus = sum(large_building_bonus(p, b) for b in (GUILD_HALL, RESIDENCE, FORTRESS, CUSTOMS_HOUSE, CITY_HALL))
    return {"chips": chips, "buildings": buildings, "bonus": bonus, "total": chips + buildings + bonus}


def score(p: dict[str, Any]) -> int:
    return score_breakdown(p)["total"]


def tiebreak(p: dict[str, Any]) -> int:
    """Doubloons plus barrels: the rulebook's tie-break."""
    return p["money"] + sum(p["goods"])


def copy_state(state: State) -> State:
    """A deep copy of a state, faster than ``copy.deepcopy`` (it knows the shape: one level
    of lists in the table, one level of dicts of lists for the seats)."""
    copied = {key: (value[:] if type(value) is list else value) for key, value in state.items()}
    copied["seats"] = [
        {key: (value[:] if type(value) is list else value) for key, value in p.items()} for p in state["seats"]
    ]
    return copied


# =============================================================================================
# Options for the current decision. Each returns the legal keys; with ``labels`` a list it
# also appends one human label per key, so prompts and validation share one code path.
# =============================================================================================


def _role_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    keys = []
    money = state["role_money"]
    for role, taker in enumerate(state["role_taker"]):
        if taker < 0:
            keys.append(_ROLE_KEYS[role])
            if labels is not None:
                labels.append(role_label(role, money[role]))
    return keys


def _hacienda_possible(state: State) -> bool:
    return bool(state["stack"]) or sum(state["discard"]) > 0


def _settler_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    p = state["seats"][seat]
    keys = []
    if len(p["island"]) < ISLAND_SPACES:
        if not state["hacienda_used"] and occupied(p, HACIENDA) and _hacienda_possible(state):
            keys.append("hacienda")
            if labels is not None:
                labels.append(T("Hacienda: draw a face-down plantation first"))
        seen = 0
        face_up = state["face_up"]
        for kind in face_up:
            if not seen & (1 << kind):
                seen |= 1 << kind
        for kind in range(5):
            if seen & (1 << kind):
                keys.append(_PLANT_KEYS[kind])
                if labels is not None:
                    labels.append(T("Take {tile}", tile=A_TILE[kind]))
        if state["quarries"] > 0 and (seat == state["taker"] or occupied(p, CONSTRUCTION_HUT)):
            keys.append("quarry")
            if labels is not None:
                if seat == state["taker"]:
                    labels.append(T("Take a quarry (settler's privilege, {n} left)", n=state["quarries"]))
                else:
                    labels.append(T("Take a quarry (Construction Hut, {n} left)", n=state["quarries"]))
    keys.append("pass")
    if labels is not None:
        labels.append(T("Take no tile"))
    return keys


def _colonist_available(state: State) -> bool:
    """Hospice and university take from the supply, else from the ship."""
    return state["supply"] > 0 or state["ship"] > 0


_COLONIST_OFFERS = (
    (T("University: put a colonist from the colonist ship on the new tile"),
     T("University: put a colonist from the supply on the new tile")),
    (T("Hospice: put a colonist from the colonist ship on the new tile"),
     T("Hospice: put a colonist from the supply on the new tile")),
)
"""The free colonist's label: [hospice?][from the supply?]."""

def _place_on_tile(tile: int, empty: int) -> Text:
    """The label of putting a colonist on an empty tile of kind ``tile``."""
    if tile == CORN:
        return T("Colonist to a corn plantation ({n} empty)", n=empty)
    if tile == INDIGO:
        return T("Colonist to an indigo plantation ({n} empty)", n=empty)
    if tile == SUGAR:
        return T("Colonist to a sugar plantation ({n} empty)", n=empty)
    if tile == TOBACCO:
        return T("Colonist to a tobacco plantation ({n} empty)", n=empty)
    if tile == COFFEE:
        return T("Colonist to a coffee plantation ({n} empty)", n=empty)
    return T("Colonist to a quarry ({n} empty)", n=empty)


def _colonist_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    if labels is not None:
        sub = state["sub"]
        if sub == "privilege":
            labels += [T("Take a colonist from the supply (mayor's privilege)"), T("Take no extra colonist")]
        else:
            labels.append(_COLONIST_OFFERS[sub == "hospice"][state["supply"] > 0])
            labels.append(T("No colonist"))
    return ["colonist:take", "colonist:skip"]


def _mayor_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    p = state["seats"][seat]
    keys = []
    waiting = p["san_juan"]
    free = [0, 0, 0, 0, 0, 0]
    placed = False
    for tile, man in zip(p["island"], p["island_men"], strict=True):
        if man:
            placed = True
        else:
            free[tile] += 1
    empty = sum(free)
    if waiting and empty:
        for tile in range(6):
            if free[tile]:
                keys.append(_PLACE_TILE_KEYS[tile])
                if labels is not None:
                    labels.append(_place_on_tile(tile, free[tile]))
    for building, men in zip(p["city"], p["city_men"], strict=True):
        if men:
            placed = True
        room = CIRCLES[building] - men
        if room > 0:
            empty += room
            if waiting:
                keys.append(_PLACE_BUILDING_KEYS[building])
                if labels is not None:
                    labels.append(T("Colonist to {building} ({men}/{circles})", building=BUILDING_NAMES[building],
                                    men=men, circles=CIRCLES[building]))
    if placed and not state["reset_used"]:
        keys.append("reset")
        if labels is not None:
            labels.append(T("Take every colonist back to San Juan to rearrange"))
    if waiting and empty:
        keys.append("auto")
        if labels is not None:
            labels.append(Tn("Place the remaining {n} colonist automatically and finish",
                             "Place the remaining {n} colonists automatically and finish", waiting))
    else:
        keys.append("done")
        if labels is not None:
            labels.append(T("Done ({n} in San Juan)", n=waiting) if waiting else T("Done"))
    return keys


def _builder_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    p = state["seats"][seat]
    city = p["city"]
    free = CITY_SPACES - city_spaces_used(p)
    keys = []
    if free > 0:
        money = p["money"]
        discount = 1 if state["taker"] == seat else 0
        quarries = occupied_quarries(p)
        market = state["market"]
        for building in range(len(COST)):
            if market[building] <= 0 or building in city or SIZE[building] > free:
                continue
            column = COLUMN[building]
            cost = COST[building] - discount - (quarries if quarries < column else column)
            if cost < 0:
                cost = 0
            if cost <= money:
                keys.append(_BUILD_KEYS[building])
                if labels is not None:
                    labels.append(T("Build {building} ({cost})", building=BUILDING_NAMES[building],
                                      cost=_doubloons(cost)))
    keys.append("pass")
    if labels is not None:
        labels.append(T("Build nothing"))
    return keys


def _extra_good_kinds(state: State) -> list[int]:
    supply = state["goods_supply"]
    return [kind for kind in state["produced"] if supply[kind] > 0]


def production_now(state: State, seat: int) -> list[int]:
    """Barrels of each kind ``seat`` would receive now: its production, cut to the supply,
    without the kinds it declined this phase (``production=choose``)."""
    made = production(state["seats"][seat])
    supply = state["goods_supply"]
    declined = state.get("declined", [])
    return [0 if kind in declined else min(made[kind], supply[kind]) for kind in range(5)]


def _produce_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    made = production_now(state, seat)
    kinds = [kind for kind in range(5) if made[kind]]
    if labels is not None:
        labels += [T("Decline {good}: do not produce your {barrels}", good=GOOD_NAMES[kind],
                     barrels=barrels(kind, made[kind])) for kind in kinds]
        labels.append(T("Produce {goods}", goods=joined([barrels(kind, made[kind]) for kind in kinds])))
    return [*(_DECLINE_KEYS[kind] for kind in kinds), "produce"]


def _discard_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    goods = state["seats"][seat]["goods"]
    kinds = [kind for kind in range(5) if goods[kind]]
    if labels is not None:
        labels += [T("Throw away your {barrels}", barrels=barrels(kind, goods[kind])) for kind in kinds]
        labels.append(T("Done: store the rest"))
    return [*(_DISCARD_KEYS[kind] for kind in kinds), "done"]


def _craftsman_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    kinds = _extra_good_kinds(state)
    if labels is not None:
        labels += [T("Take an extra {good}", good=CARGO[kind]) for kind in kinds]
    keys = [_EXTRA_KEYS[kind] for kind in kinds]
    if state.get("production", AUTO) == CHOOSE:  # the privilege is optional too
        keys.append("pass")
        if labels is not None:
            labels.append(T("Take no extra good"))
    return keys


def _trader_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    p = state["seats"][seat]
    house = state["house"]
    keys = []
    if len(house) < 4:
        goods = p["goods"]
        office = None
        for kind in range(5):
            if goods[kind] <= 0:
                continue
            if kind in house:
                if office is None:
                    office = occupied(p, OFFICE)
                if not office:
                    continue
            keys.append(_SELL_KEYS[kind])
            if labels is not None:
                labels.append(T("Sell {barrel} for {price}", barrel=A_BARREL[kind],
                                      price=_doubloons(sale_price(state, seat, kind))))
    keys.append("pass")
    if labels is not None:
        labels.append(T("Sell nothing"))
    return keys


def _cargo_loads(state: State, goods: list[int]) -> list[tuple[int, int, int]]:
    """Every legal cargo-ship loading as (kind, ship, barrels) for a player holding ``goods``.

    A kind already on a ship may go only to that ship (if it has room). A kind on no ship
    needs an empty ship, and among the empty ships only those that take the most barrels.
    """
    kinds_on = state["ship_kind"]
    caps = state["ship_caps"]
    loads = state["ship_load"]
    result = []
    for kind in range(5):
        have = goods[kind]
        if not have:
            continue
        if kind in kinds_on:
            ship = kinds_on.index(kind)
            room = caps[ship] - loads[ship]
            if room > 0:
                result.append((kind, ship, have if have < room else room))
            continue
        best = 0
        for ship in range(len(caps)):
            if kinds_on[ship] < 0:
                take = have if have < caps[ship] else caps[ship]
                if take > best:
                    best = take
        if best:
            for ship in range(len(caps)):
                if kinds_on[ship] < 0 and (have if have < caps[ship] else caps[ship]) == best:
                    result.append((kind, ship, best))
    return result


def _wharf_open(state: State, seat: int) -> bool:
    p = state["seats"][seat]
    return not state["wharf_used"][seat] and not state["wharf_declined"][seat] and occupied(p, WHARF)


def _can_load(state: State, seat: int) -> bool:
    goods = state["seats"][seat]["goods"]
    if not any(goods):
        return False
    kinds_on = state["ship_kind"]
    for kind in range(5):
        if goods[kind]:
            if kind in kinds_on:
                ship = kinds_on.index(kind)
                if state["ship_load"][ship] < state["ship_caps"][ship]:
                    return True
            elif -1 in kinds_on:
                return True
    return _wharf_open(state, seat)


def _captain_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    p = state["seats"][seat]
    keys = []
    loads = _cargo_loads(state, p["goods"])
    caps = state["ship_caps"]
    for kind, ship, count in loads:
        keys.append(f"ship:{GOODS[kind]}:{caps[ship]}")
        if labels is not None:
            labels.append(T("Load {barrels} on the {capacity}-barrel ship", barrels=barrels(kind, count),
                            capacity=caps[ship]))
    if _wharf_open(state, seat):
        goods = p["goods"]
        for kind in range(5):
            if goods[kind]:
                keys.append(_WHARF_KEYS[kind])
                if labels is not None:
                    labels.append(T("Wharf: ship all {barrels}", barrels=barrels(kind, goods[kind])))
        if not loads:
            keys.append("pass")
            if labels is not None:
                labels.append(T("Do not use the Wharf this phase"))
    return keys


def _storage_left(state: State, p: dict[str, Any]) -> tuple[list[int], int]:
    """Kinds not yet put in a warehouse this storage step, and warehouse kinds still free."""
    stored = state["stored"]
    goods = p["goods"]
    kinds = [kind for kind in range(5) if goods[kind] and kind not in stored]
    return kinds, warehouse_slots(p) - len(stored)


def _storage_options(state: State, seat: int, labels: list[str] | None) -> list[str]:
    p = state["seats"][seat]
    kinds, slots = _storage_left(state, p)
    if slots > 0:
        if labels is not None:
            labels += [T("Warehouse: keep all {barrels}", barrels=barrels(kind, p["goods"][kind])) for kind in kinds]
        return [_STORE_KEYS[kind] for kind in kinds]
    if labels is not None:
        labels += [T("Keep one {good} (the other unstored goods go back)", good=CARGO[kind]) for kind in kinds]
    return [_KEEP_KEYS[kind] for kind in kinds]


_OPTIONS = {
    "tile": _settler_options,
    "hospice": _colonist_options,
    "privilege": _colonist_options,
    "place": _mayor_options,
    "build": _builder_options,
    "university": _colonist_options,
    "extra": _craftsman_options,
    "produce": _produce_options,
    "discard": _discard_options,
    "sell": _trader_options,
    "load": _captain_options,
    "store": _storage_options,
    "": _role_options,
}


def legal_keys(state: State) -> list[str]:
    """The legal action keys of the seat that must decide now (empty when the game is over)."""
    if state["phase"] == "over":
        return []
    return _OPTIONS[state["sub"]](state, state["actor"], None)


MAIN_KEYS = frozenset({*_ROLE_KEYS, "pass", "done", "auto", "reset", "produce", "colonist:take", "colonist:skip"})
"""The choices a step is about, shown as buttons on the board: the roles, passing or finishing
a step, the mayor's automatic placement and reset, producing, the colonist yes/no. The long
lists (plantations, buildings, circles, goods, ships) go in a menu beside them."""


_PROMPT_TEXT = {
    "": lambda **fields: T("{seat}, choose a role (round {round}).", **fields),
    "tile": lambda **fields: T("{seat}: Settler — take a plantation or a quarry for your island.", **fields),
    "hospice": lambda **fields: T("{seat}: your Hospice may put a colonist on the new tile.", **fields),
    "privilege": lambda **fields: T("{seat}: Mayor — take the privilege colonist from the supply?", **fields),
    "place": lambda **fields: T(
        "{seat}: Mayor — place your colonists ({waiting} in San Juan, {empty} empty circles).", **fields),
    "build": lambda **fields: T("{seat}: Builder — build one building ({money} doubloons).", **fields),
    "university": lambda **fields: T("{seat}: your University may put a colonist on the new building.", **fields),
    "extra": lambda **fields: T("{seat}: Craftsman — choose your extra good.", **fields),
    "produce": lambda **fields: T("{seat}: Craftsman — produce your goods, or decline some kinds first.", **fields),
    "discard": lambda **fields: T("{seat}: before storage you may throw away goods you do not want.", **fields),
    "sell": lambda **fields: T("{seat}: Trader — sell one good ({house}/4 in the trading house).", **fields),
    "load": lambda **fields: T("{seat}: Captain — you must load goods if you can.", **fields),
    "store": lambda **fields: T(
        "{seat}: store your goods (one barrel plus your warehouses; the rest are lost).", **fields),
}
"""Each step's prompt, made from the same fields (a template uses the ones it needs)."""


# =============================================================================================
# The game
# =============================================================================================


class PuertoRico(PuertoRicoOrders, Game):
    """Puerto Rico (Andreas Seyfarth): settle, build, produce, trade and ship for VP."""

    slug = "puerto-rico"
    title = T("Puerto Rico")
    min_players = 3
    max_players = 5
    summary = T("Choose roles to settle plantations, build a city, produce, trade and ship goods for VP.")
    rules_file = "puerto-rico.txt"
    render_module = "bot.games.puerto_rico.render"
    version = 1
    grouped = True
    options = (
        Option(
            "production",
            AUTO,
            (AUTO, CHOOSE),
            T("auto: everyone produces all they can; choose: players may decline kinds of goods when"
              " producing and throw goods away at storage (the rulebook's optional actions)"),
        ),
    )

    # -- setup ----------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.check_players(players)
        opts = self.resolve_options(options)
        rules = SETUPS[players]
        state: State = {"rng": seed_value(seed)}
        rng = Rng(state)
        stack = [kind for kind in range(5) for _ in range(PLANTATION_TILES[kind])]
        seats = []
        for seat in range(players):
            tile = rules.start_tiles[seat]
            stack.remove(tile)
            seats.append(
                {
                    "money": rules.doubloons,
                    "vp": 0,
                    "goods": [0, 0, 0, 0, 0],
                    "island": [tile],
                    "island_men": [0],
                    "city": [],
                    "city_men": [],
                    "san_juan": 0,
                }
            )
        rng.shuffle(stack)
        face_up = sorted(stack.pop() for _ in range(players + 1))
        state.update(
            {
                "n": players,
                "step": 0,
                "round": 1,
                "governor": 0,
                "phase": "role",
                "sub": "",
                "actor": 0,
                "taker": -1,
                "role": -1,
                "pos": 0,
                "picks": 0,
                "role_money": [0] * rules.roles,
                "role_taker": [-1] * rules.roles,
                "seats": seats,
                "supply": rules.colonist_supply,
                "ship": rules.colonist_ship,
                "vp_chips": rules.vp_chips,
                "quarries": QUARRY_TILES,
                "face_up": face_up,
                "stack": stack,
                "discard": [0, 0, 0, 0, 0],
                "goods_supply": list(GOODS_SUPPLY),
                "house": [],
                "ship_caps": list(rules.ships),
                "ship_kind": [-1] * len(rules.ships),
                "ship_load": [0] * len(rules.ships),
                "market": [b.copies for b in BUILDINGS],
                "end": [],
                # scratch of the running phase
                "hacienda_used": False,
                "reset_used": False,
                "produced": [],
                "captain_bonus": False,
                "wharf_used": [False] * players,
                "wharf_declined": [False] * players,
                "stored": [],
                "production": opts["production"],
                "declined": [],
                "discarded": False,
            }
        )
        return state

    def max_actions(self, players: int) -> int:
        """Rounds are capped; per round: role picks, ≤3 settler steps, ≤2 builder steps and
        1 trader step per seat, mayor steps bounded by twice the 100 colonists plus reset/done
        per seat, ≤1 craftsman choice, captain loads bounded by the 50 barrels plus a wharf
        refusal and ≤4 storage choices per seat."""
        per_round = players + 3 * players + (1 + 2 * 100 + 2 * players) + 2 * players + 1 + players
        per_round += 50 + players + 4 * players
        per_round += 2 * 6 * players  # production=choose: ≤5 declines + produce, ≤5 discards + done, per seat
        return ROUND_LIMIT * per_round

    # -- prompts and validation -------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["phase"] == "over":
            return []
        seat = state["actor"]
        sub = state["sub"]
        labels: list[str] = []
        keys = _OPTIONS[sub](state, seat, labels)
        p = state["seats"][seat]
        text = _PROMPT_TEXT[sub](
            seat=_SEAT[seat],
            round=state["round"],
            waiting=p["san_juan"],
            empty=empty_circles(p) if sub == "place" else 0,
            money=p["money"],
            house=len(state["house"]),
        )
        actions = tuple(
            Action(key, label, group=_board_group(key), main=key in MAIN_KEYS)
            for key, label in zip(keys, labels, strict=True)
        )
        return [Prompt(seat=seat, text=text, actions=actions)]

    def apply(self, state: State, seat: int, key: str, at: int | None = None) -> list[Event]:
        """Validate against the legal keys (no labels built), then perform."""
        if at is not None:
            raise IllegalAction(T("Puerto Rico is not played against the clock: a move has no time."))
        if state["phase"] == "over":
            raise IllegalAction(T("The game is over."))
        actor = state["actor"]
        if seat != actor:
            raise IllegalAction(T("It is not your turn: waiting for seat {number}.", number=actor + 1))
        if key not in _OPTIONS[state["sub"]](state, seat, None):
            raise IllegalAction(self.explain_refusal(state, seat, key))
        return self.perform(state, seat, key)

    # -- performing -------------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        """Carry out a legal key, then run every automatic step up to the next decision."""
        events: list[Event] = []
        state["step"] += 1
        sub = state["sub"]
        if sub == "":
            _take_role(state, seat, key, events)
        elif sub == "place":
            _mayor_act(state, seat, key, events)
        elif sub == "load":
            _captain_act(state, seat, key, events)
        elif sub == "tile":
            _settler_act(state, seat, key, events)
        elif sub == "build":
            _builder_act(state, seat, key, events)
        elif sub == "sell":
            _trader_act(state, seat, key, events)
        elif sub == "store":
            _storage_act(state, seat, key, events)
        elif sub in ("hospice", "university", "privilege"):
            _colonist_act(state, seat, key, events)
        elif sub == "extra":
            _extra_act(state, seat, key, events)
        elif sub == "produce":
            _produce_act(state, seat, key, events)
        elif sub == "discard":
            _discard_act(state, seat, key, events)
        else:  # pragma: no cover - every sub is listed above
            raise IllegalAction(T("Unknown step {step}.", step=Code(repr(sub))))
        _remember(state, seat, key, events)
        return events

    # -- information ------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        from .views import table_view  # views read this module's helpers

        return table_view(state, seat)

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Redraw what ``viewer`` cannot see: other seats' VP chips (their sum is public,
        because the chip supply is), the order of the face-down plantation stack, the RNG."""
        hidden = copy_state(state)
        hidden["rng"] = rng.getrandbits(63)
        shuffle_unseen(hidden["stack"], rng)
        if state["phase"] == "over":
            return hidden  # everything is scored in the open at the end
        others = [s for s in range(state["n"]) if s != viewer]
        total = sum(hidden["seats"][s]["vp"] for s in others)
        cuts = sorted(rng.randint(0, total) for _ in range(len(others) - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        for s, part in zip(others, parts, strict=True):
            hidden["seats"][s]["vp"] = part
        return hidden

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        seats = state["seats"]
        reasons = joined([END_REASONS[r] for r in state["end"]], "; ")
        return Outcome.ranked(
            [score(p) for p in seats],
            T("Game over after round {round}: {reasons}.", round=state["round"], reasons=reasons),
            tiebreak=[tiebreak(p) for p in seats],
        )

    rollout_steps = 12
    """A hard bot's rollouts stop after this many moves, about one round at 3 players (a
    3-player game is ~200 moves over ~15 rounds), and :meth:`evaluate` scores the position:
    about twice the rollouts of 28 moves in the same budget, and played no worse (39.6% of
    24 games against 33.3% for 28 moves, hard vs two normals at 100 ms, seed 100)."""

    def evaluate(self, state: State) -> list[float]:
        """Each seat's estimated chance to win (see :mod:`.evaluation`), for the hard bot's
        rollouts cut after :attr:`rollout_steps` moves."""
        from .evaluation import evaluate

        return evaluate(state)

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        from .agent import choose

        if state["phase"] == "over" or state["actor"] != seat:
            raise IllegalAction(T("This seat has nothing to decide now."))
        return choose(state, seat, rng)

    # -- refusals ---------------------------------------------------------------------------

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        from .views import explain

        return explain(state, seat, key)


# =============================================================================================
# Flow: roles, phases, rounds
# =============================================================================================


def _remember(state: State, seat: int, key: str, events: list[Event]) -> None:
    """Keep the last move for the table card: who, which key, and its public log lines (a
    seat's own "You earn 3 VP." stays out, since VP chips are secret)."""
    state["last"] = {"seat": seat, "key": key,
                     "lines": [_stored(e.text) for e in events if e.visible_to is None]}


def _stored(text: str) -> Any:
    """A log line as the state keeps it: a Text as its message (the state is JSON), so the
    table card can say it in the table's language."""
    return text.to_json() if isinstance(text, Text) else text


def _take_role(state: State, seat: int, key: str, events: list[Event]) -> None:
    role = ROLE_INDEX[key[5:]]
    p = state["seats"][seat]
    bonus = state["role_money"][role]
    state["role_money"][role] = 0
    state["role_taker"][role] = seat
    state["picks"] += 1
    state["role"] = role
    state["taker"] = seat
    state["pos"] = 0
    p["money"] += bonus
    if bonus:
        events.append(Event(T("{seat} takes the {role} and its {doubloons}.", seat=_SEAT[seat], role=ROLE_TITLES[role],
                              doubloons=_doubloons(bonus))))
    else:
        events.append(Event(T("{seat} takes the {role}.", seat=_SEAT[seat], role=ROLE_TITLES[role])))
    if role >= PROSPECTOR:
        p["money"] += 1
        events.append(Event(T("{seat} prospects 1 doubloon.", seat=_SEAT[seat])))
        _end_role(state, events)
        return
    state["phase"] = PHASE_OF_ROLE[role]
    if role == SETTLER:
        _settler_turn(state, events)
    elif role == MAYOR:
        if state["supply"] > 0:
            state["sub"] = "privilege"
            state["actor"] = seat
        else:
            _mayor_distribute(state, events)
    elif role == BUILDER:
        _builder_turn(state, events)
    elif role == CRAFTSMAN:
        _craft(state, events)
    elif role == TRADER:
        _trader_turn(state, events)
    elif role == CAPTAIN:
        n = state["n"]
        state["captain_bonus"] = False
        state["wharf_used"] = [False] * n
        state["wharf_declined"] = [False] * n
        _captain_next(state, seat, events)


def _end_role(state: State, events: list[Event]) -> None:
    """The running role is finished: the next seat picks a role, or the round ends."""
    state["role"] = -1
    state["taker"] = -1
    state["sub"] = ""
    n = state["n"]
    if state["picks"] < n:
        state["phase"] = "role"
        state["actor"] = (state["governor"] + state["picks"]) % n
        return
    # end of the round: a doubloon on every role nobody took
    money = state["role_money"]
    takers = state["role_taker"]
    for role in range(len(takers)):
        if takers[role] < 0:
            money[role] += 1
        takers[role] = -1
    state["picks"] = 0
    if state["round"] >= ROUND_LIMIT and not state["end"]:
        state["end"].append("rounds")
    if state["end"]:
        state["phase"] = "over"
        state["actor"] = -1
        events.append(Event(T("The game ends after round {round}.", round=state["round"])))
        return
    state["governor"] = (state["governor"] + 1) % n
    state["round"] += 1
    state["phase"] = "role"
    state["actor"] = state["governor"]
    events.append(Event(T("Round {round}: {seat} is the governor.", round=state["round"],
                          seat=_SEAT[state["governor"]])))


def _trigger_end(state: State, reason: str, events: list[Event]) -> None:
    if reason not in state["end"]:
        state["end"].append(reason)
        events.append(Event(T("The game will end after this round: {reason}.", reason=END_REASONS[reason])))


def _next_pos(state: State) -> int | None:
    """Advance round the table from the role's taker; the next seat, or None when all acted."""
    state["pos"] += 1
    if state["pos"] >= state["n"]:
        return None
    return (state["taker"] + state["pos"]) % state["n"]


# -- settler ---------------------------------------------------------------------------------


def _settler_turn(state: State, events: list[Event]) -> None:
    """Find the next seat (from ``pos``) with a tile to take; refill the row when all are done."""
    n = state["n"]
    taker = state["taker"]
    state["sub"] = "tile"
    while state["pos"] < n:
        seat = (taker + state["pos"]) % n
        state["hacienda_used"] = False
        if len(_settler_options(state, seat, None)) > 1:
            state["actor"] = seat
            return
        state["pos"] += 1
    _refill_plantations(state, events)
    _end_role(state, events)


def _draw_plantation(state: State, events: list[Event]) -> int | None:
    """Top tile of the face-down stack; reshuffles the discards into a new stack if it is empty."""
    stack = state["stack"]
    if not stack:
        discard = state["discard"]
        if not sum(discard):
            return None
        stack.extend(kind for kind in range(5) for _ in range(discard[kind]))
        state["discard"] = [0, 0, 0, 0, 0]
        Rng(state).shuffle(stack)
        events.append(Event(T("The discarded plantations are shuffled into a new face-down stack.")))
    return stack.pop()


def _refill_plantations(state: State, events: list[Event]) -> None:
    discard = state["discard"]
    for kind in state["face_up"]:
        discard[kind] += 1
    drawn: list[int] = []
    for _ in range(state["n"] + 1):
        kind = _draw_plantation(state, events)
        if kind is None:
            break
        drawn.append(kind)
    drawn.sort()
    state["face_up"] = drawn
    names = joined([GOOD_NAMES[k] for k in drawn]) or T("nothing (no plantations left)")
    events.append(Event(T("New plantations on offer: {names}.", names=names), reveals=True))


def _settler_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    p = state["seats"][seat]
    if key == "pass":
        events.append(Event(T("{seat} takes no plantation.", seat=_SEAT[seat])))
    elif key == "hacienda":
        kind = _draw_plantation(state, events)
        assert kind is not None  # offered only when a tile can be drawn
        p["island"].append(kind)
        p["island_men"].append(0)
        state["hacienda_used"] = True
        events.append(Event(T("{seat} draws {tile} with the Hacienda.", seat=_SEAT[seat], tile=A_TILE[kind]),
                            reveals=True))
        if len(_settler_options(state, seat, None)) > 1:
            return  # now the normal turn
    else:
        if key == "quarry":
            state["quarries"] -= 1
            kind = QUARRY
            events.append(Event(T("{seat} takes {tile}.", seat=_SEAT[seat], tile=A_TILE[QUARRY])))
        else:
            kind = TILE_INDEX[key[6:]]
            state["face_up"].remove(kind)
            events.append(Event(T("{seat} takes {tile}.", seat=_SEAT[seat], tile=A_TILE[kind])))
        p["island"].append(kind)
        p["island_men"].append(0)
        if occupied(p, HOSPICE) and _colonist_available(state):
            state["sub"] = "hospice"
            return
    state["pos"] += 1
    _settler_turn(state, events)


def _take_one_colonist(state: State) -> None:
    """One colonist for a hospice or university: from the supply, else from the ship."""
    if state["supply"] > 0:
        state["supply"] -= 1
    else:
        state["ship"] -= 1


def _colonist_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    sub = state["sub"]
    p = state["seats"][seat]
    take = key == "colonist:take"
    if sub == "privilege":
        if take:
            state["supply"] -= 1
            p["san_juan"] += 1
            events.append(Event(T("{seat} takes a colonist from the supply as mayor.", seat=_SEAT[seat])))
        _mayor_distribute(state, events)
        return
    if take:
        _take_one_colonist(state)
        if sub == "hospice":
            p["island_men"][-1] = 1
            events.append(Event(T("{seat}'s Hospice puts a colonist on the new tile.", seat=_SEAT[seat])))
        else:
            p["city_men"][-1] = 1
            events.append(Event(T("{seat}'s University puts a colonist in the new building.", seat=_SEAT[seat])))
    state["pos"] += 1
    if sub == "hospice":
        _settler_turn(state, events)
    else:
        _builder_turn(state, events)


# -- mayor ------------------------------------------------------------------------------------


def _mayor_distribute(state: State, events: list[Event]) -> None:
    """Colonists leave the ship one at a time, starting with the mayor."""
    n = state["n"]
    taker = state["taker"]
    ship = state["ship"]
    state["ship"] = 0
    shares = []
    for offset in range(n):
        seat = (taker + offset) % n
        share = ship // n + (1 if offset < ship % n else 0)
        state["seats"][seat]["san_juan"] += share
        shares.append(T("{seat} {share}", seat=_SEAT[seat], share=share))
    events.append(Event(T("The colonist ship brings {n}: {shares}.", n=ship, shares=joined(shares))))
    state["pos"] = 0
    _mayor_turn(state, events)


def _mayor_turn(state: State, events: list[Event]) -> None:
    n = state["n"]
    taker = state["taker"]
    state["sub"] = "place"
    state["reset_used"] = False
    seats = state["seats"]
    while state["pos"] < n:
        seat = (taker + state["pos"]) % n
        if colonists_owned(seats[seat]):
            state["actor"] = seat
            return
        state["pos"] += 1
    _refill_colonist_ship(state, events)
    _end_role(state, events)


def _refill_colonist_ship(state: State, events: list[Event]) -> None:
    needed = max(state["n"], sum(empty_building_circles(p) for p in state["seats"]))
    supply = state["supply"]
    if supply >= needed:
        state["supply"] = supply - needed
        state["ship"] = needed
        events.append(Event(T("The colonist ship is refilled with {n} colonists.", n=needed)))
    else:
        state["ship"] = supply
        state["supply"] = 0
        events.append(Event(T("Only {left} colonists are left for the ship, {needed} were needed.", left=supply,
                                  needed=needed)))
        _trigger_end(state, "colonists", events)


def auto_place(p: dict[str, Any]) -> None:
    """Put the colonists waiting in San Juan into empty circles, best places first.

    Order: violet buildings (large ones first), then whole production chains (a plantation
    and a building circle together) from coffee down to indigo, corn, quarries, and finally
    any empty circle, so a colonist stays in San Juan only when no circle is empty.
    """
    island, island_men = p["island"], p["island_men"]
    city, city_men = p["city"], p["city_men"]

    def fill_building(building: int) -> bool:
        index = city.index(building)
        if p["san_juan"] and city_men[index] < CIRCLES[building]:
            city_men[index] += 1
            p["san_juan"] -= 1
            return True
        return False

    def fill_tile(tile: int) -> bool:
        if p["san_juan"]:
            for index, kind in enumerate(island):
                if kind == tile and not island_men[index]:
                    island_men[index] = 1
                    p["san_juan"] -= 1
                    return True
        return False

    for building in sorted((b for b in city if b in VIOLET), key=lambda b: (-COLUMN[b], -COST[b])):
        fill_building(building)
    for kind in (4, 3, 2, 1):
        buildings = [b for b in city if PRODUCES[b] == kind]
        while p["san_juan"]:
            plants = sum(1 for t, m in zip(island, island_men, strict=True) if t == kind and m)
            circles = sum(city_men[city.index(b)] for b in buildings)
            if plants < circles:
                if not fill_tile(kind):
                    break
            elif circles < plants:
                if not any(fill_building(b) for b in buildings):
                    break
            else:
                free_plant = any(t == kind and not m for t, m in zip(island, island_men, strict=True))
                free_circle = any(city_men[city.index(b)] < CIRCLES[b] for b in buildings)
                if not (free_plant and free_circle and p["san_juan"] >= 2):
                    break
                fill_tile(kind)
                any(fill_building(b) for b in buildings)
    while fill_tile(CORN):
        pass
    while fill_tile(QUARRY):
        pass
    for kind in (4, 3, 2, 1):
        while fill_tile(kind):
            pass
    for building in city:
        while fill_building(building):
            pass


def _mayor_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    p = state["seats"][seat]
    if key == "done" or key == "auto":
        if key == "auto":
            auto_place(p)
        events.append(
            Event(T("{seat} places colonists: {island} on the island, {city} in the city, {waiting} in San Juan.",
                    seat=_SEAT[seat], island=sum(p["island_men"]), city=sum(p["city_men"]), waiting=p["san_juan"]))
        )
        state["pos"] += 1
        _mayor_turn(state, events)
        return
    if key == "reset":
        p["san_juan"] += sum(p["island_men"]) + sum(p["city_men"])
        p["island_men"] = [0] * len(p["island"])
        p["city_men"] = [0] * len(p["city"])
        state["reset_used"] = True
        return
    name = key[6:]
    tile = TILE_INDEX.get(name)
    if tile is not None:
        island, men = p["island"], p["island_men"]
        for index, kind in enumerate(island):
            if kind == tile and not men[index]:
                men[index] = 1
                break
    else:
        building = BUILDING_INDEX[name]
        p["city_men"][p["city"].index(building)] += 1
    p["san_juan"] -= 1


# -- builder ----------------------------------------------------------------------------------


def _builder_turn(state: State, events: list[Event]) -> None:
    n = state["n"]
    taker = state["taker"]
    state["sub"] = "build"
    while state["pos"] < n:
        seat = (taker + state["pos"]) % n
        if len(_builder_options(state, seat, None)) > 1:
            state["actor"] = seat
            return
        state["pos"] += 1
    _end_role(state, events)


def _builder_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    p = state["seats"][seat]
    if key != "pass":
        building = BUILDING_INDEX[key[6:]]
        cost = build_cost(state, seat, building)
        p["money"] -= cost
        state["market"][building] -= 1
        p["city"].append(building)
        p["city_men"].append(0)
        events.append(Event(T("{seat} builds the {building} for {cost}.", seat=_SEAT[seat],
                              building=BUILDING_NAMES[building], cost=_doubloons(cost))))
        if city_spaces_used(p) >= CITY_SPACES:
            _trigger_end(state, "city", events)
        if occupied(p, UNIVERSITY) and _colonist_available(state):
            state["sub"] = "university"
            return
    else:
        events.append(Event(T("{seat} builds nothing.", seat=_SEAT[seat])))
    state["pos"] += 1
    _builder_turn(state, events)


# -- craftsman --------------------------------------------------------------------------------


def _craft(state: State, events: list[Event]) -> None:
    """Everyone produces, from the craftsman round the table; then the privilege good."""
    state["pos"] = 0
    state["produced"] = []
    state["declined"] = []
    _craft_turn(state, events)


def _craft_turn(state: State, events: list[Event]) -> None:
    """Produce for each seat from ``pos`` on; with ``production=choose`` stop at each seat
    that would receive goods, to let it decline kinds first (the rulebook makes every role's
    action optional but the captain's)."""
    n = state["n"]
    taker = state["taker"]
    choose = state.get("production", AUTO) == CHOOSE
    while state["pos"] < n:
        seat = (taker + state["pos"]) % n
        if choose and any(production_now(state, seat)):
            state["sub"] = "produce"
            state["actor"] = seat
            return
        _produce(state, seat, events)
        state["declined"] = []
        state["pos"] += 1
    kinds = _extra_good_kinds(state)
    if len(kinds) >= 2 or (kinds and choose):
        state["sub"] = "extra"
        state["actor"] = taker
        return
    if kinds:
        _give_extra(state, taker, kinds[0], events)
    _end_role(state, events)


def _produce(state: State, seat: int, events: list[Event]) -> None:
    """``seat`` takes what it produces from the supply (short kinds go without)."""
    p = state["seats"][seat]
    made = production_now(state, seat)
    supply = state["goods_supply"]
    got = [kind for kind in range(5) if made[kind]]
    for kind in got:
        supply[kind] -= made[kind]
        p["goods"][kind] += made[kind]
    if seat == state["taker"]:
        state["produced"] = got
    if got:
        text = joined([barrels(k, made[k]) for k in got])
        events.append(Event(T("{seat} produces {goods}.", seat=_SEAT[seat], goods=text)))
    if len(got) >= 2 and occupied(p, FACTORY):
        p["money"] += FACTORY_BONUS[len(got)]
        events.append(Event(T("{seat}'s Factory earns {doubloons}.", seat=_SEAT[seat],
                              doubloons=_doubloons(FACTORY_BONUS[len(got)]))))


def _produce_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    if key.startswith("decline:"):
        kind = GOOD_INDEX[key[8:]]
        state["declined"].append(kind)
        events.append(Event(T("{seat} declines to produce {good}.", seat=_SEAT[seat], good=CARGO[kind])))
        if any(production_now(state, seat)):
            return  # more kinds to decline or produce
        if seat == state["taker"]:
            state["produced"] = []
    else:
        _produce(state, seat, events)
    state["declined"] = []
    state["pos"] += 1
    _craft_turn(state, events)


def _give_extra(state: State, seat: int, kind: int, events: list[Event]) -> None:
    state["goods_supply"][kind] -= 1
    state["seats"][seat]["goods"][kind] += 1
    events.append(Event(T("{seat} takes an extra {good} as craftsman.", seat=_SEAT[seat], good=CARGO[kind])))


def _extra_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    if key == "pass":
        events.append(Event(T("{seat} takes no extra good.", seat=_SEAT[seat])))
    else:
        _give_extra(state, seat, GOOD_INDEX[key[6:]], events)
    _end_role(state, events)


# -- trader -----------------------------------------------------------------------------------


def _trader_turn(state: State, events: list[Event]) -> None:
    n = state["n"]
    taker = state["taker"]
    state["sub"] = "sell"
    while state["pos"] < n and len(state["house"]) < 4:
        seat = (taker + state["pos"]) % n
        if len(_trader_options(state, seat, None)) > 1:
            state["actor"] = seat
            return
        state["pos"] += 1
    house = state["house"]
    if len(house) >= 4:
        supply = state["goods_supply"]
        for kind in house:
            supply[kind] += 1
        state["house"] = []
        events.append(Event(T("The full trading house is emptied.")))
    _end_role(state, events)


def _trader_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    if key == "pass":
        events.append(Event(T("{seat} sells nothing.", seat=_SEAT[seat])))
    else:
        kind = GOOD_INDEX[key[5:]]
        price = sale_price(state, seat, kind)
        p = state["seats"][seat]
        p["goods"][kind] -= 1
        p["money"] += price
        state["house"].append(kind)
        events.append(Event(T("{seat} sells {barrel} for {price}.", seat=_SEAT[seat], barrel=A_BARREL[kind],
                              price=_doubloons(price))))
    state["pos"] += 1
    _trader_turn(state, events)


# -- captain ----------------------------------------------------------------------------------


def _captain_next(state: State, start: int, events: list[Event]) -> None:
    """The next seat from ``start`` that can load; storage once nobody can."""
    n = state["n"]
    state["sub"] = "load"
    for offset in range(n):
        seat = (start + offset) % n
        if _can_load(state, seat):
            state["actor"] = seat
            return
    state["pos"] = 0
    _storage_turn(state, events)


def _award_vp(state: State, seat: int, vp: int, events: list[Event]) -> None:
    state["seats"][seat]["vp"] += vp
    events.append(Event(T("You earn {vp} VP.", vp=vp), visible_to=seat))
    chips = state["vp_chips"] - vp
    if chips <= 0:
        chips = 0
        _trigger_end(state, "vp", events)
    state["vp_chips"] = chips


def _loading_vp(state: State, seat: int, barrels: int) -> int:
    vp = barrels
    if occupied(state["seats"][seat], HARBOR):
        vp += 1
    if seat == state["taker"] and not state["captain_bonus"]:
        state["captain_bonus"] = True
        vp += 1
    return vp


def _captain_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    p = state["seats"][seat]
    goods = p["goods"]
    if key == "pass":
        state["wharf_declined"][seat] = True
        events.append(Event(T("{seat} does not use the Wharf.", seat=_SEAT[seat])))
    elif key.startswith("wharf:"):
        kind = GOOD_INDEX[key[6:]]
        shipped = goods[kind]
        goods[kind] = 0
        state["goods_supply"][kind] += shipped
        state["wharf_used"][seat] = True
        events.append(Event(T("{seat} ships {barrels} with the Wharf.", seat=_SEAT[seat],
                              barrels=barrels(kind, shipped))))
        _award_vp(state, seat, _loading_vp(state, seat, shipped), events)
    else:
        _, name, capacity = key.split(":")
        kind = GOOD_INDEX[name]
        ship = state["ship_caps"].index(int(capacity))
        room = state["ship_caps"][ship] - state["ship_load"][ship]
        loaded = goods[kind] if goods[kind] < room else room
        goods[kind] -= loaded
        state["ship_kind"][ship] = kind
        state["ship_load"][ship] += loaded
        events.append(Event(T("{seat} loads {barrels} on the {capacity}-barrel ship.", seat=_SEAT[seat],
                              barrels=barrels(kind, loaded), capacity=int(capacity))))
        _award_vp(state, seat, _loading_vp(state, seat, loaded), events)
    _captain_next(state, (seat + 1) % state["n"], events)


def _storage_turn(state: State, events: list[Event]) -> None:
    """Storage round the table from the captain; full ships unload at the end."""
    n = state["n"]
    taker = state["taker"]
    state["sub"] = "store"
    choose = state.get("production", AUTO) == CHOOSE
    while state["pos"] < n:
        seat = (taker + state["pos"]) % n
        state["stored"] = []
        if choose and not state["discarded"] and any(state["seats"][seat]["goods"]):
            state["sub"] = "discard"  # voluntary: throw away whole kinds before the forced storage
            state["actor"] = seat
            return
        state["sub"] = "store"
        if _storage_step(state, seat, events):
            state["actor"] = seat
            return
        state["discarded"] = False
        state["pos"] += 1
    supply = state["goods_supply"]
    for ship, capacity in enumerate(state["ship_caps"]):
        if state["ship_load"][ship] >= capacity:
            supply[state["ship_kind"][ship]] += capacity
            events.append(Event(T("The full {capacity}-barrel ship unloads its {good}.", capacity=capacity,
                                  good=CARGO[state["ship_kind"][ship]])))
            state["ship_kind"][ship] = -1
            state["ship_load"][ship] = 0
    state["stored"] = []
    state["discarded"] = False
    _end_role(state, events)


def _discard_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    if key == "done":
        state["discarded"] = True
    else:
        kind = GOOD_INDEX[key[8:]]
        goods = state["seats"][seat]["goods"]
        events.append(Event(T("{seat} throws away {barrels}.", seat=_SEAT[seat], barrels=barrels(kind, goods[kind]))))
        state["goods_supply"][kind] += goods[kind]
        goods[kind] = 0
        if any(goods):
            return  # more to throw away, or done
        state["discarded"] = True
    _storage_turn(state, events)


def _storage_step(state: State, seat: int, events: list[Event]) -> bool:
    """Settle ``seat``'s storage as far as it is forced; True if a choice is left to make."""
    p = state["seats"][seat]
    kinds, slots = _storage_left(state, p)
    if len(kinds) <= slots:
        return False  # everything fits
    if slots > 0:
        return True  # which kinds go to the warehouses
    if len(kinds) == 1:
        _keep_one(state, seat, kinds[0], kinds, events)
        return False
    return True  # which single barrel stays on the windrose


def _keep_one(state: State, seat: int, kept: int, kinds: list[int], events: list[Event]) -> None:
    goods = state["seats"][seat]["goods"]
    supply = state["goods_supply"]
    lost = []
    for kind in kinds:
        loss = goods[kind] - (1 if kind == kept else 0)
        if loss:
            goods[kind] -= loss
            supply[kind] += loss
            lost.append(barrels(kind, loss))
    if lost:
        events.append(Event(T("{seat} loses {goods} at storage.", seat=_SEAT[seat], goods=joined(lost))))


def _storage_act(state: State, seat: int, key: str, events: list[Event]) -> None:
    if key.startswith("store:"):
        state["stored"].append(GOOD_INDEX[key[6:]])
        if _storage_step(state, seat, events):
            return
    else:
        kinds, _ = _storage_left(state, state["seats"][seat])
        _keep_one(state, seat, GOOD_INDEX[key[5:]], kinds, events)
    state["discarded"] = False
    state["pos"] += 1
    _storage_turn(state, events)


__all__ = [
    "PuertoRico",
    "auto_place",
    "build_cost",
    "legal_keys",
    "production",
    "score",
    "score_breakdown",
]
