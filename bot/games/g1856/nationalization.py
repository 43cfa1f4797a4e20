"""1856 nationalization and the CGR: the fifth-train trigger, the presidents' choices to
pay or nationalize, forming the CGR, its markers and trains; and the bridge/tunnel rights
and the WSRC token.

Part of the rules engine in :mod:`bot.games.g1856.core`, which re-exports every name here.
"""

from __future__ import annotations

from typing import Any

from bot.engine import IllegalAction
from bot.engine.words import listing
from bot.games.g1856 import board, economy
from bot.games.g1856 import map as gmap
from bot.games.g1856.messages import RIGHTS, T, Tn

State = dict[str, Any]

# ---------------------------------------------------------------- the CGR (nationalization)


def _start_nationalization(state: State) -> None:
    """The first 6-train: every company repays what loans its treasury can; presidents of
    companies still in debt then choose, in player order from the buyer of the 6-train, to
    pay the rest from their own cash or let the company merge into the CGR."""
    buyer = current_corp(state)
    trigger = state["corps"][buyer]["president"] if buyer else 0
    for c in state["corps"].values():
        if c["started"] and c["loans"] and not c["closed"]:
            n = min(c["loans"], c["cash"] // 100)
            if n:
                c["cash"] -= 100 * n
                state["bank"] += 100 * n
                c["loans"] -= n
                state["loans_left"] += n
    order = state["op"]["order"] if state.get("op") else list(state["corps"])
    n = state["players"]
    queue = [corp for corp, c in state["corps"].items() if c["started"] and c["loans"] and not c["closed"]]
    queue.sort(
        key=lambda k: ((state["corps"][k]["president"] - trigger) % n, order.index(k) if k in order else 99)
    )
    state["nationalization"] = {"trigger": trigger, "queue": queue, "merged": []}
    state["log"].append(T("The first 6-train: companies repay their loans or merge into the CGR."))
    _next_nationalization(state)


def nationalization_debt(state: State, corp: str) -> int:
    """What a president must pay to keep ``corp`` out of the CGR (its cash goes first)."""
    c = state["corps"][corp]
    return max(0, 100 * c["loans"] - c["cash"])


def nationalization_choice(state: State, corp: str, pay: bool) -> None:
    nat = state.get("nationalization")
    if not nat or not nat["queue"] or nat["queue"][0] != corp:
        raise IllegalAction(T("{corp} has no loans to settle now.", corp=corp))
    c = state["corps"][corp]
    if pay:
        owed = nationalization_debt(state, corp)
        seat = c["president"]
        if state["cash"][seat] < owed:
            raise IllegalAction(
                T("You have ${value} and {corp} owes ${owed} more than its treasury.", value=state['cash'][seat], corp=corp, owed=owed)
            )
        state["bank"] += c["cash"] + owed
        c["cash"] = 0
        state["cash"][seat] -= owed
        state["loans_left"] += c["loans"]
        c["loans"] = 0
        state["log"].append(T("{who} pays off {corp}'s loans.", who=seat_name(seat), corp=corp))
    else:
        nat["merged"].append(corp)
        state["log"].append(T("{corp} merges into the CGR.", corp=corp))
    nat["queue"].pop(0)
    _next_nationalization(state)


def _next_nationalization(state: State) -> None:
    nat = state["nationalization"]
    if nat["queue"]:
        return
    state["nationalization"] = None
    state["post_nationalization"] = True
    if nat["merged"]:
        _form_cgr(state, nat["merged"], nat["trigger"])
    else:
        state["log"].append(T("Every company repaid its loans: the CGR does not form."))
    if state["round"] == "operating" and state["op"]["corp"]:
        if state["corps"][state["op"]["corp"]]["closed"]:
            _end_turn(state)  # the company that bought the 6-train merged into the CGR
        else:
            _skip_steps(state)


def cgr_price(prices: list[int]) -> int:
    """The CGR's price: the merged companies' average (without the lowest when more than two
    merge), rounded down to $5; at least $100; from $105 to $115 it is $110, above that the
    nearest multiple of $25 (the top row's steps)."""
    prices = sorted(prices)
    if len(prices) > 2:
        prices = prices[1:]
    average = sum(prices) // len(prices) // 5 * 5
    if average < 105:
        return 100
    if average <= 115:
        return 110
    delta = average % 25
    return average - delta if delta < 12.5 else average - delta + 25


def _form_cgr(state: State, merged: list[str], trigger: int) -> None:
    n = state["players"]
    prices = [price(state, k) for k in merged]
    held = [sum(state["corps"][k]["held"][s] for k in merged) for s in range(n)]
    market = sum(state["corps"][k]["pool"] for k in merged)
    order = [(trigger + k) % n for k in range(n)]
    # One CGR share per two merged shares, handed out in player order from the 6-train's
    # buyer while any of the CGR's twenty shares are left (record hotseat003: seven
    # companies merge and the last player in that order gets only what remains); an odd
    # merged share goes to the market, which gets what is left after the players.
    left = 20
    shares = {}
    for s in order:
        shares[s] = min(held[s] // 20, left)
        left -= shares[s]
        market += held[s] % 20
    market_shares = min(market // 20, left)
    total = sum(shares.values()) + market_shares
    size = 5 if total > 10 else 10
    president, best = None, 0
    for s in order:
        if shares[s] > best:
            president, best = s, shares[s]
    cgr = {
        "par": cgr_price(prices),
        "pos": None,
        "cash": 0,
        "escrow": None,
        "cap": "full",
        "destinated": True,
        "started": True,
        "operated": True,
        "loans": 0,
        "trains": [],
        "president": president,
        "ipo": 0,
        "pool": 0,
        "held": [shares.get(s, 0) * size for s in range(n)],
        "rights": {},
        "closed": False,
        "national": True,
        "share_size": size,
        "permanent": False,
    }
    cgr["pool"] = min(market_shares * size, 100 - sum(cgr["held"]))
    cgr["ipo"] = 100 - sum(cgr["held"]) - cgr["pool"]
    if president is not None and best == 1:
        # A president with a single CGR share holds the president's certificate at half: its
        # second share is not issued until they (or another holder) buy one (cgr_obligation).
        cgr["false_president"] = president
        cgr["ipo"] -= size
    state["corps"]["CGR"] = cgr
    _set_pos(state, "CGR", [0, [c["price"] for c in economy.market()[0]].index(cgr["par"])])
    homes, others = [], []
    by_corp: list[tuple[str, list[tuple[str, int]]]] = []  # merge order, each company's markers
    for k in merged:
        c = state["corps"][k]
        for t in c["trains"]:
            if (
                economy.train_info(t.split("-")[0])[
                    "rusts_on_in_eight_train_variant" if state["variant"] == "8" else "rusts_on"
                ]
                is None
            ):
                cgr["permanent"] = True
        cgr["trains"] += c["trains"]
        c["trains"] = []
        cgr["cash"] += c["cash"]
        c["cash"] = 0
        state["loans_left"] += c["loans"]
        c["loans"] = 0
        for right, value in c["rights"].items():
            if value:
                if cgr["rights"].get(right):
                    state["spare_rights"][right] += 1  # the CGR already has one: back to the bank
                cgr["rights"][right] = True
        home = board.corporations()[k]["home"]
        by_corp.append((home, gmap.tokens_of(state["map"], k)))
        for coord, city in gmap.tokens_of(state["map"], k):
            gmap.remove_token(state["map"], k, coord, city)
            (homes if coord == home else others).append((coord, city))
        state["map"]["reservations"] = [r for r in state["map"]["reservations"] if r["corp"] != k]
        _set_pos(state, k, None)
        c.update(closed=True, held=[0] * n, pool=0, ipo=0, president=None)
        for sym, p in state["privates"].items():
            if p["owner"] == k:
                _close_private(state, sym)
    if quirk(state, "cgr_exchange_loses_shared_homes"):
        _swap_cgr_markers_may_2021(state, by_corp)
    else:
        _swap_cgr_markers(state, homes, others)
    if cgr_discardable(state):
        state["cgr_discard"] = True  # the CGR's president may first give up trains (see cgr_discard)
    op = state.get("op")
    if op:
        indexes = [op["order"].index(k) for k in merged if k in op["order"]]
        if indexes and op["index"] < min(indexes):
            op["order"].insert(op["index"] + 1, "CGR")
    state["log"].append(T("The CGR forms from {merged} at ${par}.", merged=listing(merged), par=cgr['par']))


CGR_MARKERS = 10
"""The CGR's station markers: it keeps at most ten (more only if it needs them for homes)."""


def _swap_cgr_markers(state: State, homes: list[tuple[str, int]], others: list[tuple[str, int]]) -> None:
    """Replace the merged companies' station markers by CGR markers: every home first, then
    the others, one per city, none in a hex that holds a home. Where two remain in one hex
    (Toronto, the OO cities) or more than ten remain, the CGR's president chooses which to
    take off (:func:`remove_cgr_marker`); until then the CGR has them all on the map."""
    home_hexes = sorted({coord for coord, _ in homes})
    placed: set[tuple[str, int]] = set()
    for coord, city in homes + others:
        if (coord, city) in placed or ((coord, city) not in homes and coord in home_hexes):
            continue
        gmap._put_token(state["map"], "CGR", coord, city)
        placed.add((coord, city))
    per_hex: dict[str, int] = {}
    for coord, _ in placed:
        per_hex[coord] = per_hex.get(coord, 0) + 1
    duplicates = sorted(coord for coord, count in per_hex.items() if count > 1)
    keep = max(CGR_MARKERS, len(home_hexes))
    excess = max(0, len(placed) - sum(per_hex[c] - 1 for c in duplicates) - keep)
    if duplicates or excess:
        state["cgr_markers"] = {"duplicates": duplicates, "excess": excess, "homes": home_hexes}


def _swap_cgr_markers_may_2021(state: State, by_corp: list[tuple[str, list[tuple[str, int]]]]) -> None:
    """The exchange as 18xx.games made it in May 2021 (platform quirk
    ``cgr_exchange_loses_shared_homes``; fixed there in June 2021): homes first; then, in merge
    order, before exchanging each of a company's markers outside the merged homes' hexes, it
    took off every CGR marker standing in a city where that company still had a marker,
    merged homes included; above ten markers the president then took off any outside the
    homes' hexes, in any order (no step for two markers in one hex). Record hotseat003: CV's
    and CA's markers in CPR's and LPS's home cities cost the CGR those two homes, and twelve
    markers called for two removals (actions 588-589)."""
    home_cities = []
    for home, markers in by_corp:
        city = next((c for coord, c in markers if coord == home), None)
        if city is not None:
            gmap._put_token(state["map"], "CGR", home, city)
            home_cities.append((home, city))
    home_hexes = sorted({coord for coord, _ in home_cities})
    for home, markers in by_corp:
        own = next(((coord, c) for coord, c in markers if coord == home), None)
        left = [m for m in markers if m != own]  # its markers still on the map
        for coord, city in markers:
            if coord in home_hexes:
                continue  # a marker in a merged home's hex is not exchanged
            for other_coord, other_city in left:
                if "CGR" in gmap.city_tokens(state["map"], other_coord, other_city):
                    gmap.remove_token(state["map"], "CGR", other_coord, other_city)
            gmap._put_token(state["map"], "CGR", coord, city)
            left.remove((coord, city))
    count = len(gmap.tokens_of(state["map"], "CGR"))
    excess = max(0, count - max(CGR_MARKERS, len(home_hexes)))
    if excess:
        state["cgr_markers"] = {"duplicates": [], "excess": excess, "homes": home_hexes}


def cgr_marker_choices(state: State) -> list[tuple[str, int]]:
    """The CGR markers its president may take off now (after the formation)."""
    pending = state.get("cgr_markers")
    if not pending:
        return []
    mine = gmap.tokens_of(state["map"], "CGR")
    if pending["duplicates"]:
        return [(coord, city) for coord, city in mine if coord == pending["duplicates"][0]]
    return [(coord, city) for coord, city in mine if coord not in pending["homes"]]


def remove_cgr_marker(state: State, coord: str, city: int) -> None:
    """The CGR's president takes one of its markers off the map: one of two in a hex (the CGR
    may have one marker per hex; a merged home is never the one removed), then, above ten
    markers, any that is not a merged company's home."""
    pending = state.get("cgr_markers")
    if not pending:
        raise IllegalAction(T("The CGR has no station markers to give up now."))
    if (coord, city) not in cgr_marker_choices(state):
        if pending["duplicates"]:
            raise IllegalAction(T("First take off one of the CGR's two markers in {coord}.", coord=pending['duplicates'][0]))
        raise IllegalAction(T("Take off a CGR marker that is not in a merged company's home."))
    gmap.remove_token(state["map"], "CGR", coord, city)
    if pending["duplicates"]:
        pending["duplicates"].pop(0)
    else:
        pending["excess"] -= 1
    state["log"].append(T("The CGR gives up its station in {coord}.", coord=coord))
    if not pending["duplicates"] and pending["excess"] <= 0:
        state["cgr_markers"] = None
        _after_cgr_choice(state)


def _rusts(state: State, train: str) -> bool:
    key = "rusts_on_in_eight_train_variant" if state["variant"] == "8" else "rusts_on"
    return economy.train_info(train.split("-")[0])[key] is not None


def cgr_discardable(state: State) -> list[str]:
    """Trains the CGR's president may put into the pool right after the formation: any that
    will rust, and permanent ones while it has more than its limit of three."""
    cgr = state["corps"].get("CGR")
    if not cgr or cgr["closed"]:
        return []
    rusting = [t for t in cgr["trains"] if _rusts(state, t)]
    permanent = [t for t in cgr["trains"] if not _rusts(state, t)]
    return rusting + (permanent if len(permanent) > train_limit(state, "CGR") else [])


def cgr_discard(state: State, train: str | None) -> None:
    """Right after the formation the CGR's president may give up merged trains (``train``),
    one at a time, or keep the rest (``None``); above three trains they must give some up.
    (A CGR left without trains may borrow a D: :func:`borrow_train`.)"""
    if not state.get("cgr_discard") or state.get("cgr_markers"):
        raise IllegalAction(T("The CGR has no trains to give up now."))
    cgr = state["corps"]["CGR"]
    if train is None:
        if len(cgr["trains"]) > train_limit(state, "CGR"):
            raise IllegalAction(Tn("The CGR holds {n} train: it must give up some first.",
                   "The CGR holds {n} trains: it must give up some first.", len(cgr["trains"])))
    else:
        if train not in cgr_discardable(state):
            raise IllegalAction(T("The CGR may not give up {train} now.", train=train))
        cgr["trains"].remove(train)
        state["pool_trains"].append(train)
        state["log"].append(T("The CGR puts {train} into the bank pool.", train=train))
        if cgr_discardable(state):
            return
    state["cgr_discard"] = False
    _after_cgr_choice(state)


def _after_cgr_choice(state: State) -> None:
    if state.get("cgr_markers") or state.get("cgr_discard"):
        return
    if state["round"] == "operating" and state.get("op") and state["op"]["corp"]:
        _skip_steps(state)


# ---------------------------------------------------------------- bridge/tunnel rights, WSRC


RIGHT_PRIVATE = {"tunnel": "SCFTC", "bridge": "NFSBC"}


def can_buy_right(state: State, corp: str, right: str) -> bool:
    """A company may buy the bridge or tunnel right for $50 once the private is out of
    players' hands, while a spare marker is left (always, with unlimited bonus tokens) and it
    has none."""
    p = state["privates"][RIGHT_PRIVATE[right]]
    c = state["corps"][corp]
    if p["owner"] is None or (p["owner"].startswith("p") and not p["closed"]):
        return False
    spare = state.get("unlimited_bonus_tokens") or state["spare_rights"][right] > 0
    return spare and not c["rights"].get(right) and c["cash"] >= 50


def buy_right(state: State, corp: str, right: str) -> None:
    c = _check_corp(state, corp)
    if right not in RIGHT_PRIVATE or not can_buy_right(state, corp, right):
        raise IllegalAction(T("{corp} may not buy the {right} right now.", corp=corp, right=RIGHTS.get(right, right)))
    p = state["privates"][RIGHT_PRIVATE[right]]
    c["cash"] -= 50
    if p["closed"] or p["owner"].startswith("p"):
        state["bank"] += 50
    else:
        state["corps"][p["owner"]]["cash"] += 50
    if not state.get("unlimited_bonus_tokens"):
        state["spare_rights"][right] -= 1
    c["rights"][right] = True
    state["op"].setdefault("rights_bought", []).append(right)
    _after_or_action(state)


def wsrc_token_spots(state: State, corp: str) -> list[int]:
    p = state["privates"]["WSRC"]
    if p["owner"] != corp or p["closed"] or p.get("token_used"):
        return []
    if gmap.next_token_cost(state["map"], corp) is None:
        return []
    out = []
    for city in range(len(gmap.current(state["map"], "I12").cities)):
        try:
            gmap.check_token(state["map"], corp, "I12", city, ignore_reach=True)
        except IllegalAction:
            continue
        out.append(city)
    return out


def wsrc_token(state: State, corp: str, city: int) -> None:
    """WSRC's owner places one of its station markers in Kitchener (I12) for free, connected
    or not; the private closes at the end of the operating round."""
    _check_corp(state, corp)
    if city not in wsrc_token_spots(state, corp):
        raise IllegalAction(T("{corp} may not place its free Kitchener station there now.", corp=corp))
    gmap.place_token(state["map"], corp, "I12", city, ignore_reach=True)
    state["privates"]["WSRC"]["token_used"] = True
    state["privates"]["WSRC"]["used"] = True
    state["op"]["tokened"] = True  # it is the company's station of this turn
    _after_or_action(state)


# The engine's modules call each other (a round ends into the next); importing the other
# modules' names last lets any of them be imported first.
from bot.games.g1856.core import (  # noqa: E402
    _set_pos,
    price,
    quirk,
    seat_name,
    train_limit,
)
from bot.games.g1856.operating import (  # noqa: E402
    _after_or_action,
    _check_corp,
    _close_private,
    _end_turn,
    _skip_steps,
    current_corp,
)
