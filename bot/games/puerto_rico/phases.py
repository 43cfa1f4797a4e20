"""Puerto Rico: what a move does — taking a role and running its phase to the next decision.

Each ``_<step>_act`` performs one legal key of its step (checked beforehand by
:func:`bot.games.puerto_rico.legal.legal_keys`), then the automatic steps that follow
(production, handing out colonists, refilling the ship and the plantations, storage without
a choice) run until a seat must decide again, or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import Event, IllegalAction, Rng, State
from bot.engine.words import Code, Text

from .buildings import (
    BUILDER,
    BUILDING_INDEX,
    CAPTAIN,
    CIRCLES,
    CITY_SPACES,
    COLUMN,
    CORN,
    COST,
    CRAFTSMAN,
    FACTORY,
    FACTORY_BONUS,
    GOOD_INDEX,
    HARBOR,
    HOSPICE,
    MAYOR,
    PRODUCES,
    PROSPECTOR,
    QUARRY,
    ROLE_INDEX,
    ROUND_LIMIT,
    SETTLER,
    TILE_INDEX,
    TRADER,
    UNIVERSITY,
    VIOLET,
)
from .legal import (
    _SEAT,
    AUTO,
    CHOOSE,
    END_REASONS,
    PHASE_OF_ROLE,
    _builder_options,
    _can_load,
    _colonist_available,
    _doubloons,
    _extra_good_kinds,
    _settler_options,
    _storage_left,
    _trader_options,
    build_cost,
    city_spaces_used,
    colonists_owned,
    empty_building_circles,
    joined,
    occupied,
    production_now,
    sale_price,
)
from .messages import (
    A_BARREL,
    A_TILE,
    BUILDING_NAMES,
    CARGO,
    GOOD_NAMES,
    ROLE_TITLES,
    T,
    barrels,
)

# =============================================================================================
# Flow: roles, phases, rounds
# =============================================================================================


def perform(state: State, seat: int, key: str) -> list[Event]:
    """Carry out a legal key of ``seat`` (checked beforehand), then run every automatic step
    up to the next decision; the game's ``perform``, and the normal bot's look-ahead's."""
    events: list[Event] = []
    state["step"] += 1
    act = _STEP_ACTS.get(state["sub"])
    if act is None:  # pragma: no cover - every step is in the table
        raise IllegalAction(T("Unknown step {step}.", step=Code(repr(state["sub"]))))
    act(state, seat, key, events)
    _remember(state, seat, key, events)
    return events


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


_STEP_ACTS: dict[str, Callable[[State, int, str, list[Event]], None]] = {
    "": _take_role,
    "place": _mayor_act,
    "load": _captain_act,
    "tile": _settler_act,
    "build": _builder_act,
    "sell": _trader_act,
    "store": _storage_act,
    "hospice": _colonist_act,
    "university": _colonist_act,
    "privilege": _colonist_act,
    "extra": _extra_act,
    "produce": _produce_act,
    "discard": _discard_act,
}
"""What each step (``state["sub"]``) does with a seat's key."""
