"""What a Puerto Rico player sees: the views of the state (public, and a seat's own VP chips)
and the sentences that explain a refused move. Split from :mod:`.rules`, which answers
``view`` and ``explain_refusal`` with :func:`table_view` and :func:`explain`.
"""

from __future__ import annotations

from typing import Any

from bot.engine import State

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
    ROLE_NAMES,
    SIZE,
    TILE_INDEX,
    TILES,
    WHARF,
)
from .rules import (
    AUTO,
    END_REASONS,
    PuertoRico,
    _doubloons,
    build_cost,
    city_spaces_used,
    colonists_owned,
    occupied,
    owns,
    score_breakdown,
)


def _seat_view(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    p = state["seats"][seat]
    city = []
    for building, men in zip(p["city"], p["city_men"], strict=True):
        city.append(
            {
                "building": BUILDINGS[building].slug,
                "name": BUILDINGS[building].name,
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
    return {"seat": last["seat"], "key": last["key"], "lines": list(last["lines"])}


def table_view(state: State, viewer: int | None) -> dict[str, Any]:
    n = state["n"]
    roles = []
    for role, taker in enumerate(state["role_taker"]):
        roles.append(
            {
                "id": ROLE_IDS[role],
                "name": ROLE_NAMES[role],
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
                "name": b.name,
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
        outcome = PuertoRico().outcome(state)
        assert outcome is not None
        view["final"] = {"scores": list(outcome.scores), "ranks": list(outcome.ranks), "reason": outcome.reason}
    return view


# =============================================================================================
# Refusals: say exactly why a recognisable key is not allowed now
# =============================================================================================

_PHASE_OF_PREFIX = {
    "role": ("", "choose a role"),
    "plant": ("tile", "take plantations in the settler phase"),
    "quarry": ("tile", "take a quarry in the settler phase"),
    "hacienda": ("tile", "use the Hacienda in the settler phase"),
    "place": ("place", "place colonists in the mayor phase"),
    "reset": ("place", "rearrange colonists in the mayor phase"),
    "auto": ("place", "place colonists in the mayor phase"),
    "done": ("place", "finish placing colonists in the mayor phase"),
    "build": ("build", "build in the builder phase"),
    "extra": ("extra", "take the craftsman's extra good after production"),
    "decline": ("produce", "decline goods in the craftsman phase (table option production=choose)"),
    "produce": ("produce", "produce in the craftsman phase (table option production=choose)"),
    "discard": ("discard", "throw goods away before storage (table option production=choose)"),
    "sell": ("sell", "sell goods in the trader phase"),
    "ship": ("load", "load ships in the captain phase"),
    "wharf": ("load", "use the Wharf in the captain phase"),
    "store": ("store", "store goods at the end of the captain phase"),
    "keep": ("store", "keep goods at the end of the captain phase"),
    "colonist": ("", "take a colonist when the mayor, hospice or university offers one"),
    "pass": ("", "pass"),
}


def _now(state: State) -> str:
    sub = state["sub"]
    return {
        "": "choose a role",
        "tile": "take a plantation or quarry, or pass",
        "hospice": "answer the Hospice (colonist:take or colonist:skip)",
        "privilege": "decide on the mayor's colonist (colonist:take or colonist:skip)",
        "place": "place colonists (place:..., reset, auto or done)",
        "build": "build a building or pass",
        "university": "answer the University (colonist:take or colonist:skip)",
        "extra": "choose the craftsman's extra good",
        "produce": "produce your goods (produce) or decline a kind first (decline:<good>)",
        "discard": "throw away a kind of goods (discard:<good>) or go on to storage (done)",
        "sell": "sell a good or pass",
        "load": "load goods on a ship",
        "store": "choose which goods to keep",
    }[sub]


def explain(state: State, seat: int, key: str) -> str:
    if state["phase"] == "over":
        return "The game is over."
    head, _, rest = key.partition(":")
    now = f"Now you must {_now(state)}."
    entry = _PHASE_OF_PREFIX.get(head)
    if entry is None:
        return f"{key!r} is not a Puerto Rico move. {now}"
    wanted_sub, doing = entry
    if head in ("decline", "produce", "discard") and state.get("production", AUTO) == AUTO:
        return (
            "At this table production is automatic (option production=auto): goods cannot be"
            f" declined or thrown away. {now}"
        )
    sub = state["sub"]
    p = state["seats"][seat]
    if head == "colonist":
        if sub not in ("hospice", "university", "privilege"):
            return f"No colonist is on offer now. {now}"
        return f"Answer with colonist:take or colonist:skip. {now}"
    if head == "pass":
        if sub == "load":
            return "You must load goods when you can; pass is only for declining the Wharf."
        return f"You cannot pass now. {now}"
    if sub != wanted_sub:
        return f"You can {doing}, but not now. {now}"
    if head == "role":
        role = ROLE_INDEX.get(rest)
        if role is None or role >= len(state["role_taker"]):
            return f"There is no {rest!r} role in this game."
        return f"The {ROLE_NAMES[role]} has already been taken this round."
    if head == "build":
        building = BUILDING_INDEX.get(rest)
        if building is None:
            return f"There is no building called {rest!r}."
        name = BUILDINGS[building].name
        if owns(p, building):
            return f"You already have a {name}; each building only once."
        if state["market"][building] <= 0:
            return f"No {name} is left to build."
        free = CITY_SPACES - city_spaces_used(p)
        if SIZE[building] > free:
            return f"{name} needs {SIZE[building]} free city spaces and you have {free}."
        cost = build_cost(state, seat, building)
        if cost > p["money"]:
            return f"{name} costs {_doubloons(cost)} and you have {p['money']}."
        return f"You cannot build {name} now."
    if head in ("plant", "quarry", "hacienda"):
        if len(p["island"]) >= ISLAND_SPACES:
            return "Your island is full: all 12 spaces hold tiles."
        if head == "plant":
            kind = TILE_INDEX.get(rest, -1)
            if kind < 0 or kind == QUARRY:
                return f"There is no {rest!r} plantation."
            return f"No {rest} plantation is face up."
        if head == "quarry":
            if state["quarries"] <= 0:
                return "No quarries are left."
            return "Only the settler, or the owner of an occupied Construction Hut, may take a quarry."
        if state["hacienda_used"]:
            return "You have already used your Hacienda this turn."
        if not occupied(p, HACIENDA):
            return "You need an occupied Hacienda to draw a face-down plantation."
        return "There is no face-down plantation left to draw."
    if head in ("place", "reset", "auto", "done"):
        if head == "reset":
            return "You have already taken your colonists back once this turn, or none are placed."
        if head == "done":
            return (
                f"You still have {p['san_juan']} colonists in San Juan and empty circles: "
                "colonists may stay in San Juan only when every circle is full."
            )
        if head == "auto":
            return "There is nothing left to place automatically; choose done."
        if not p["san_juan"]:
            return "You have no colonist left in San Juan to place."
        if rest in TILE_INDEX:
            return f"You have no empty {rest} {'tile' if rest == 'quarry' else 'plantation'}."
        building = BUILDING_INDEX.get(rest)
        if building is None:
            return f"There is no tile or building called {rest!r}."
        if not owns(p, building):
            return f"You have no {BUILDINGS[building].name}."
        return f"Your {BUILDINGS[building].name} is already full."
    if head == "sell":
        kind = GOOD_INDEX.get(rest)
        if kind is None:
            return f"There is no good called {rest!r}."
        if len(state["house"]) >= 4:
            return "The trading house is full."
        if not p["goods"][kind]:
            return f"You have no {rest}."
        return f"The trading house already has {rest}; only an occupied Office may sell the same kind again."
    if head in ("decline", "discard"):
        kind = GOOD_INDEX.get(rest)
        if kind is None:
            return f"There is no good called {rest!r}."
        if head == "decline":
            return f"You produce no {rest} now, so there is none to decline."
        return f"You have no {rest} to throw away."
    if head == "extra":
        kind = GOOD_INDEX.get(rest)
        if kind is None or kind not in state["produced"]:
            return f"The extra good must be a kind you produced this phase, not {rest!r}."
        return f"No {rest} is left in the supply."
    if head in ("ship", "wharf"):
        name, _, capacity = rest.partition(":")
        kind = GOOD_INDEX.get(name)
        if kind is None:
            return f"There is no good called {name!r}."
        if not p["goods"][kind]:
            return f"You have no {name}."
        if head == "wharf":
            if not occupied(p, WHARF):
                return "You need an occupied Wharf to ship without a cargo ship."
            return "You have already used your Wharf this captain phase."
        caps = state["ship_caps"]
        if not capacity.isdigit() or int(capacity) not in caps:
            sizes = ", ".join(str(c) for c in caps)
            return f"There is no {capacity}-barrel ship; the ships hold {sizes}."
        ship = caps.index(int(capacity))
        on = state["ship_kind"][ship]
        if on >= 0 and on != kind:
            return f"The {capacity}-barrel ship carries {GOODS[on]}; each ship takes one kind."
        if state["ship_load"][ship] >= caps[ship]:
            return f"The {capacity}-barrel ship is full."
        if kind in state["ship_kind"]:
            return f"{name.capitalize()} is already on another ship; it must go there."
        return f"{name.capitalize()} must go to the empty ship that takes the most barrels."
    if head in ("store", "keep"):
        kind = GOOD_INDEX.get(rest)
        if kind is None:
            return f"There is no good called {rest!r}."
        if not p["goods"][kind]:
            return f"You have no {rest}."
        if head == "store":
            return "Your warehouses are already allotted; choose the single barrel to keep."
        return "First choose the kinds for your warehouses."
    return f"{key!r} is not a legal move now. {now}"
