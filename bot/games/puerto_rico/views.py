"""What a Puerto Rico player sees: the views of the state (public, and a seat's own VP chips)
and the sentences that explain a refused move. Split from :mod:`.rules`, which answers
``view`` and ``explain_refusal`` with :func:`table_view` and :func:`explain`.
"""

from __future__ import annotations

from typing import Any

from bot.engine import State
from bot.engine.words import Code, Text

from .buildings import (
    BUILDING_INDEX,
    BUILDING_VP,
    BUILDINGS,
    CIRCLES,
    CITY_SPACES,
    GOOD_INDEX,
    GOODS,
    HACIENDA,
    ISLAND_SPACES,
    QUARRY,
    ROLE_IDS,
    ROLE_INDEX,
    SIZE,
    TILE_INDEX,
    TILES,
    WHARF,
)
from .legal import (
    AUTO,
    END_REASONS,
    _doubloons,
    build_cost,
    city_spaces_used,
    colonists_owned,
    final_outcome,
    occupied,
    owns,
    score_breakdown,
)
from .messages import BUILDING_NAMES, CARGO, ROLE_TITLES, TILE_TITLES, T


def _seat_view(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    p = state["seats"][seat]
    city = []
    for building, men in zip(p["city"], p["city_men"], strict=True):
        city.append(
            {
                "building": BUILDINGS[building].slug,
                "name": BUILDING_NAMES[building],
                "colonists": men,
                "circles": CIRCLES[building],
                "large": SIZE[building] == 2,
                "vp": BUILDING_VP[building],
                "occupied": men > 0,
            }
        )
    data: dict[str, Any] = {
        "seat": seat,
        "doubloons": p["money"],
        "goods": {GOODS[k]: p["goods"][k] for k in range(5)},
        "island": [
            {"tile": TILES[t], "occupied": bool(m)} for t, m in zip(p["island"], p["island_men"], strict=True)
        ],
        "city": city,
        "city_spaces_used": city_spaces_used(p),
        "san_juan": p["san_juan"],
        "colonists": colonists_owned(p),
        "governor": state["governor"] == seat,
        "building_vp": sum(BUILDING_VP[b] for b in p["city"]),
    }
    if viewer == seat or state["phase"] == "over":
        data["vp_chips"] = p["vp"]
    if state["phase"] == "over":
        data["score"] = score_breakdown(p)
    return data


def _last_view(state: State) -> dict[str, Any] | None:
    """The last move (``None`` before the first, and in snapshots saved before it was kept)."""
    last = state.get("last")
    if last is None:
        return None
    lines = [Text.from_json(line) if isinstance(line, dict) else line for line in last["lines"]]
    return {"seat": last["seat"], "key": last["key"], "lines": lines}


def table_view(state: State, viewer: int | None) -> dict[str, Any]:
    n = state["n"]
    roles = []
    for role, taker in enumerate(state["role_taker"]):
        roles.append(
            {
                "id": ROLE_IDS[role],
                "name": ROLE_TITLES[role],
                "doubloons": state["role_money"][role],
                "taken_by": taker if taker >= 0 else None,
                "active": role == state["role"],
            }
        )
    discard = state["discard"]
    view: dict[str, Any] = {
        "game": "puerto-rico",
        "players": n,
        "viewer": viewer,
        "round": state["round"],
        "governor": state["governor"],
        "phase": state["phase"],
        "step": state["sub"],
        "production": state.get("production", AUTO),
        "active_role": ROLE_IDS[state["role"]] if state["role"] >= 0 else None,
        "role_taker": state["taker"] if state["taker"] >= 0 else None,
        "actor": state["actor"] if state["phase"] != "over" else None,
        "roles": roles,
        "plantations": {
            "face_up": [GOODS[k] for k in state["face_up"]],
            "stack": len(state["stack"]),
            "discard": {GOODS[k]: discard[k] for k in range(5)},
        },
        "quarries": state["quarries"],
        "colonist_ship": state["ship"],
        "colonist_supply": state["supply"],
        "vp_chips_left": state["vp_chips"],
        "trading_house": [GOODS[k] for k in state["house"]],
        "ships": [
            {
                "capacity": cap,
                "good": GOODS[kind] if kind >= 0 else None,
                "load": load,
            }
            for cap, kind, load in zip(state["ship_caps"], state["ship_kind"], state["ship_load"], strict=True)
        ],
        "goods_supply": {GOODS[k]: state["goods_supply"][k] for k in range(5)},
        "market": [
            {
                "building": b.slug,
                "name": BUILDING_NAMES[i],
                "cost": b.cost,
                "vp": b.vp,
                "circles": b.circles,
                "column": b.column,
                "large": b.large,
                "produces": GOODS[b.produces] if b.produces >= 0 else None,
                "copies": state["market"][i],
            }
            for i, b in enumerate(BUILDINGS)
        ],
        "seats": [_seat_view(state, s, viewer) for s in range(n)],
        "end_triggered": [END_REASONS[r] for r in state["end"]],
        "over": state["phase"] == "over",
        "last": _last_view(state),
    }
    if state["phase"] == "captain":
        view["wharf_used"] = list(state["wharf_used"])
    if state["phase"] == "over":
        outcome = final_outcome(state)
        assert outcome is not None
        view["final"] = {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason}
    return view


# =============================================================================================
# Refusals: say exactly why a recognisable key is not allowed now
# =============================================================================================

_PHASE_OF_PREFIX = {
    "role": ("", T("choose a role")),
    "plant": ("tile", T("take plantations in the settler phase")),
    "quarry": ("tile", T("take a quarry in the settler phase")),
    "hacienda": ("tile", T("use the Hacienda in the settler phase")),
    "place": ("place", T("place colonists in the mayor phase")),
    "reset": ("place", T("rearrange colonists in the mayor phase")),
    "auto": ("place", T("place colonists in the mayor phase")),
    "done": ("place", T("finish placing colonists in the mayor phase")),
    "build": ("build", T("build in the builder phase")),
    "extra": ("extra", T("take the craftsman's extra good after production")),
    "decline": ("produce", T("decline goods in the craftsman phase (table option production=choose)")),
    "produce": ("produce", T("produce in the craftsman phase (table option production=choose)")),
    "discard": ("discard", T("throw goods away before storage (table option production=choose)")),
    "sell": ("sell", T("sell goods in the trader phase")),
    "ship": ("load", T("load ships in the captain phase")),
    "wharf": ("load", T("use the Wharf in the captain phase")),
    "store": ("store", T("store goods at the end of the captain phase")),
    "keep": ("store", T("keep goods at the end of the captain phase")),
    "colonist": ("", T("take a colonist when the mayor, hospice or university offers one")),
    "pass": ("", T("pass")),
}

_NOW = {
    "": T("choose a role"),
    "tile": T("take a plantation or quarry, or pass"),
    "hospice": T("answer the Hospice (colonist:take or colonist:skip)"),
    "privilege": T("decide on the mayor's colonist (colonist:take or colonist:skip)"),
    "place": T("place colonists (place:..., reset, auto or done)"),
    "build": T("build a building or pass"),
    "university": T("answer the University (colonist:take or colonist:skip)"),
    "extra": T("choose the craftsman's extra good"),
    "produce": T("produce your goods (produce) or decline a kind first (decline:<good>)"),
    "discard": T("throw away a kind of goods (discard:<good>) or go on to storage (done)"),
    "sell": T("sell a good or pass"),
    "load": T("load goods on a ship"),
    "store": T("choose which goods to keep"),
}
"""What the seat must do in each step, said after "Now you must"."""


def explain(state: State, seat: int, key: str) -> str:
    if state["phase"] == "over":
        return T("The game is over.")
    head, _, rest = key.partition(":")
    now = T("Now you must {what}.", what=_NOW[state["sub"]])
    entry = _PHASE_OF_PREFIX.get(head)
    if entry is None:
        return T("{key} is not a Puerto Rico move. {now}", key=Code(repr(key)), now=now)
    wanted_sub, doing = entry
    if head in ("decline", "produce", "discard") and state.get("production", AUTO) == AUTO:
        return T("At this table production is automatic (option production=auto): goods cannot be"
                 " declined or thrown away. {now}", now=now)
    sub = state["sub"]
    p = state["seats"][seat]
    if head == "colonist":
        if sub not in ("hospice", "university", "privilege"):
            return T("No colonist is on offer now. {now}", now=now)
        return T("Answer with colonist:take or colonist:skip. {now}", now=now)
    if head == "pass":
        if sub == "load":
            return T("You must load goods when you can; pass is only for declining the Wharf.")
        return T("You cannot pass now. {now}", now=now)
    if sub != wanted_sub:
        return T("You can {doing}, but not now. {now}", doing=doing, now=now)
    if head == "role":
        role = ROLE_INDEX.get(rest)
        if role is None or role >= len(state["role_taker"]):
            return T("There is no {name} role in this game.", name=Code(repr(rest)))
        return T("The {role} has already been taken this round.", role=ROLE_TITLES[role])
    if head == "build":
        building = BUILDING_INDEX.get(rest)
        if building is None:
            return T("There is no building called {name}.", name=Code(repr(rest)))
        name = BUILDING_NAMES[building]
        if owns(p, building):
            return T("You already have a {building}; each building only once.", building=name)
        if state["market"][building] <= 0:
            return T("No {building} is left to build.", building=name)
        free = CITY_SPACES - city_spaces_used(p)
        if SIZE[building] > free:
            return T("{building} needs {size} free city spaces and you have {free}.", building=name,
                     size=SIZE[building], free=free)
        cost = build_cost(state, seat, building)
        if cost > p["money"]:
            return T("{building} costs {cost} and you have {money}.", building=name, cost=_doubloons(cost),
                     money=p["money"])
        return T("You cannot build {building} now.", building=name)
    if head in ("plant", "quarry", "hacienda"):
        if len(p["island"]) >= ISLAND_SPACES:
            return T("Your island is full: all 12 spaces hold tiles.")
        if head == "plant":
            kind = TILE_INDEX.get(rest, -1)
            if kind < 0 or kind == QUARRY:
                return T("There is no {name} plantation.", name=Code(repr(rest)))
            return T("No {plantation} is face up.", plantation=_PLANTATION_NAMES[kind])
        if head == "quarry":
            if state["quarries"] <= 0:
                return T("No quarries are left.")
            return T("Only the settler, or the owner of an occupied Construction Hut, may take a quarry.")
        if state["hacienda_used"]:
            return T("You have already used your Hacienda this turn.")
        if not occupied(p, HACIENDA):
            return T("You need an occupied Hacienda to draw a face-down plantation.")
        return T("There is no face-down plantation left to draw.")
    if head in ("place", "reset", "auto", "done"):
        if head == "reset":
            return T("You have already taken your colonists back once this turn, or none are placed.")
        if head == "done":
            return T("You still have {n} colonists in San Juan and empty circles: colonists may stay in San Juan"
                     " only when every circle is full.", n=p["san_juan"])
        if head == "auto":
            return T("There is nothing left to place automatically; choose done.")
        if not p["san_juan"]:
            return T("You have no colonist left in San Juan to place.")
        if rest in TILE_INDEX:
            return T("You have no empty {tile}.", tile=_EMPTY_TILES[TILE_INDEX[rest]])
        building = BUILDING_INDEX.get(rest)
        if building is None:
            return T("There is no tile or building called {name}.", name=Code(repr(rest)))
        if not owns(p, building):
            return T("You have no {building}.", building=BUILDING_NAMES[building])
        return T("Your {building} is already full.", building=BUILDING_NAMES[building])
    if head == "sell":
        kind = GOOD_INDEX.get(rest)
        if kind is None:
            return T("There is no good called {name}.", name=Code(repr(rest)))
        if len(state["house"]) >= 4:
            return T("The trading house is full.")
        if not p["goods"][kind]:
            return T("You have no {good}.", good=CARGO[kind])
        return T("The trading house already has {good}; only an occupied Office may sell the same kind again.",
                 good=CARGO[kind])
    if head in ("decline", "discard"):
        kind = GOOD_INDEX.get(rest)
        if kind is None:
            return T("There is no good called {name}.", name=Code(repr(rest)))
        if head == "decline":
            return T("You produce no {good} now, so there is none to decline.", good=CARGO[kind])
        return T("You have no {good} to throw away.", good=CARGO[kind])
    if head == "extra":
        kind = GOOD_INDEX.get(rest)
        if kind is None or kind not in state["produced"]:
            return T("The extra good must be a kind you produced this phase, not {name}.", name=Code(repr(rest)))
        return T("No {good} is left in the supply.", good=CARGO[kind])
    if head in ("ship", "wharf"):
        name, _, capacity = rest.partition(":")
        kind = GOOD_INDEX.get(name)
        if kind is None:
            return T("There is no good called {name}.", name=Code(repr(name)))
        if not p["goods"][kind]:
            return T("You have no {good}.", good=CARGO[kind])
        if head == "wharf":
            if not occupied(p, WHARF):
                return T("You need an occupied Wharf to ship without a cargo ship.")
            return T("You have already used your Wharf this captain phase.")
        caps = state["ship_caps"]
        if not capacity.isdigit() or int(capacity) not in caps:
            return T("There is no {capacity}-barrel ship; the ships hold {sizes}.", capacity=capacity,
                     sizes=", ".join(str(c) for c in caps))
        ship = caps.index(int(capacity))
        on = state["ship_kind"][ship]
        if on >= 0 and on != kind:
            return T("The {capacity}-barrel ship carries {good}; each ship takes one kind.", capacity=int(capacity),
                     good=CARGO[on])
        if state["ship_load"][ship] >= caps[ship]:
            return T("The {capacity}-barrel ship is full.", capacity=int(capacity))
        if kind in state["ship_kind"]:
            return T("{good} is already on another ship; it must go there.", good=_GOOD_SHORT[kind])
        return T("{good} must go to the empty ship that takes the most barrels.", good=_GOOD_SHORT[kind])
    if head in ("store", "keep"):
        kind = GOOD_INDEX.get(rest)
        if kind is None:
            return T("There is no good called {name}.", name=Code(repr(rest)))
        if not p["goods"][kind]:
            return T("You have no {good}.", good=CARGO[kind])
        if head == "store":
            return T("Your warehouses are already allotted; choose the single barrel to keep.")
        return T("First choose the kinds for your warehouses.")
    return T("{key} is not a legal move now. {now}", key=Code(repr(key)), now=now)


_PLANTATION_NAMES = (
    T("corn plantation"),
    T("indigo plantation"),
    T("sugar plantation"),
    T("tobacco plantation"),
    T("coffee plantation"),
)
"""A face-up plantation that is not on offer ("No corn plantation is face up.")."""

_EMPTY_TILES = (*_PLANTATION_NAMES, T("quarry tile"))
"""The tile a colonist cannot go to ("You have no empty quarry tile.")."""

_GOOD_SHORT = tuple(TILE_TITLES[good] for good in GOODS)
"""A good's name at the start of a sentence."""
