"""Puerto Rico: the queries and the legal choices of every step (what may be done now).

The state's layout is described in :mod:`bot.games.puerto_rico.rules`. This module answers
questions about it without changing it: a player's board (occupied circles, production, the
price of a building or a sale) and, for the step waiting now, its legal keys (with their
labels when asked). :mod:`.phases` changes the state; :mod:`.rules` ties both to the engine.
"""

from __future__ import annotations

from typing import Any

from bot.engine import Outcome, State
from bot.engine.words import Text

from .buildings import (
    BUILDING_VP,
    BUILDINGS,
    CIRCLES,
    CITY_HALL,
    CITY_SPACES,
    COFFEE,
    COLUMN,
    CONSTRUCTION_HUT,
    CORN,
    COST,
    CUSTOMS_HOUSE,
    FORTRESS,
    GOODS,
    GUILD_HALL,
    HACIENDA,
    INDIGO,
    ISLAND_SPACES,
    LARGE_MARKET,
    LARGE_PRODUCTION,
    LARGE_WAREHOUSE,
    OFFICE,
    PRICES,
    PRODUCES,
    PROSPECTOR,
    QUARRY,
    RESIDENCE,
    ROLE_IDS,
    ROUND_LIMIT,
    SIZE,
    SMALL_MARKET,
    SMALL_PRODUCTION,
    SMALL_WAREHOUSE,
    SUGAR,
    TILE_INDEX,
    TILES,
    TOBACCO,
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


def final_outcome(state: State) -> Outcome | None:
    """The result of a game that is over (VP, ties broken by doubloons plus goods), else ``None``."""
    if state["phase"] != "over":
        return None
    seats = state["seats"]
    reasons = joined([END_REASONS[r] for r in state["end"]], "; ")
    return Outcome.ranked(
        [score(p) for p in seats],
        T("Game over after round {round}: {reasons}.", round=state["round"], reasons=reasons),
        tiebreak=[tiebreak(p) for p in seats],
    )


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
