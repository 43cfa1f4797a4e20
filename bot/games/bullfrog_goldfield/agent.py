"""A heuristic player for bot seats: greedy, with a little planning for track.

The agent values what a player's score is made of — cash plus the Income Track value of
their certificates — and plays the actions that grow it fastest:

* **Stock.** Open mines with the money it can spare (a charter converts cash into stock
  of equal value and fills the company's charter, which earns the value every cycle);
  buy standard shares (+5 on the track at once) of healthy companies.
* **Track.** As a railroad's charter-holder, lay track towards operating mines it has not
  reached (the mine arrival is worth up to +24 to both) and through towns (+12), issuing
  a bond only when it brings a mine within this action's reach.
* **Buildings** where one of its companies presses against a stock value limit.
* **Income.** Always pay off bonds it can; pay dividends unless a railroad is saving
  for track; haul ore on its own best mine when nothing better is on offer.
* **Auctions.** Bid the lowest allowed amount while the share would still be a bargain.
"""

from __future__ import annotations

import copy
import random
from collections import deque

from bot.engine import Game, IllegalAction, State

from .rules import (
    COMPANIES,
    MAGNATE_CASH,
    MINES,
    RAILROADS,
    C,
    bond_choices,
    is_rr,
    limit_of,
    mine_area,
    track_cost,
)


def choose(game: Game, state: State, seat: int, rng: random.Random) -> str:
    prompt = next((p for p in game.prompts(state) if p.seat == seat), None)
    if prompt is None:
        raise IllegalAction("This seat has nothing to decide now.")
    keys = prompt.keys()
    phase = state["phase"]
    if phase == "select":
        return _character(state, seat, keys)
    if phase == "payoff":
        repays = sorted((k for k in keys if k.startswith("repay:")), key=lambda k: -int(k[6:]))
        reduces = [k for k in keys if k.startswith("reduce:")]
        return (repays or reduces or ["done"])[0]
    if phase == "dividend":
        cid = state["queue"][0][1]
        if is_rr(cid) and _saving_for_track(state, cid):
            return f"withhold:{cid}"
        return f"dividend:{cid}"
    if state["auction"] is not None:
        return _bid(state, seat, keys)
    if state["sub"] is not None:
        return _sub(state, seat, keys, rng)
    return _main(state, seat, keys, rng)


def _character(state: State, seat: int, keys: list[str]) -> str:
    """Weigh acting early (worth most while mine charters are for sale and the agent can pay
    for one) against the cards' effects, in thousands of dollars, roughly."""
    closed = sum(state["cos"][m]["status"] == "closed" for m in MINES)
    can_open = state["cash"][seat] >= 15
    scores = {}
    for key in keys:
        card = next(c for c in C.characters if f"char:{c.id}" == key)
        score = float(CARD_WORTH.get(card.id, 0))
        if card.id == "magnate":
            score = float(MAGNATE_CASH)
        if closed and can_open:
            score += (6 - card.value) * min(closed, 3) * 0.8
        scores[key] = score
    return max(keys, key=lambda k: scores[k])


CARD_WORTH = {"prospector": 1, "teamster": 2, "architect": 2, "surveyor": 3, "broker": 1}


# -- helpers -------------------------------------------------------------------------------------


def _open(state: State, cid: str) -> bool:
    return state["cos"][cid]["status"] == "open"


def _unreached_mines(state: State, rr: str) -> list[str]:
    """Operating mines whose area lacks this railroad and has room for it."""
    trains = set(state["cos"][rr]["trains"])
    return [m for m in MINES if _open(state, m) and mine_area(m) not in trains
            and len(state["arrivals"].get(mine_area(m), [])) < 4]


def _path_cost(state: State, seat: int, rr: str, goal: str) -> tuple[int, int] | None:
    """(areas, cost) of the cheapest route from the railroad's track to ``goal`` (None if none)."""
    network = state["cos"][rr]["trains"]
    starts = list(network) if network else []
    if not starts:
        start = C.companies[rr].area
        first = track_cost(state, seat, start)
        if start == goal:
            return 1, first
        frontier = deque([(start, 1, first)])
    else:
        frontier = deque((a, 0, 0) for a in starts)
    seen = {a for a, _, _ in frontier}
    best: tuple[int, int] | None = None
    while frontier:
        area, steps, cost = frontier.popleft()
        if steps >= 4:
            continue
        for nxt in C.areas[area].adjacent:
            if nxt in seen or len(state["arrivals"].get(nxt, [])) >= 4:
                continue
            seen.add(nxt)
            total = cost + track_cost(state, seat, nxt)
            if nxt == goal:
                if best is None or (steps + 1, total) < best:
                    best = (steps + 1, total)
                continue
            frontier.append((nxt, steps + 1, total))
    return best


def _best_mine_route(state: State, seat: int, rr: str) -> tuple[str, int, int] | None:
    routes = []
    for mine in _unreached_mines(state, rr):
        found = _path_cost(state, seat, rr, mine_area(mine))
        if found is not None:
            routes.append((found[0], found[1], mine))
    if not routes:
        return None
    steps, cost, mine = min(routes)
    return mine, steps, cost


def _saving_for_track(state: State, rr: str) -> bool:
    co = state["cos"][rr]
    if co["cash"] >= 60:
        return False
    route = _best_mine_route(state, co["charter"], rr)
    return route is not None and route[1] <= 3


def _distance(a: str, goals: set[str]) -> int:
    if a in goals:
        return 0
    seen = {a}
    frontier = deque([(a, 0)])
    while frontier:
        area, d = frontier.popleft()
        for nxt in C.areas[area].adjacent:
            if nxt in goals:
                return d + 1
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, d + 1))
    return 99


# -- decisions ----------------------------------------------------------------------------------


def _bid(state: State, seat: int, keys: list[str]) -> str:
    auction = state["auction"]
    value = state["cos"][auction["co"]]["value"]
    bids = sorted(int(k[4:]) for k in keys if k.startswith("bid:"))
    if bids and bids[0] <= value - 12 and bids[0] <= state["cash"][seat] * 2 // 3:
        return f"bid:{bids[0]}"
    return "pass"


def _sub(state: State, seat: int, keys: list[str], rng: random.Random) -> str:
    sub = state["sub"]
    if sub["kind"] == "charter":
        prices = sorted(int(k[6:]) for k in keys if k.startswith("price:"))
        reserve = 0 if is_rr(sub["co"]) else 5
        fitting = [p for p in prices if p <= state["cash"][seat] - reserve]
        return f"price:{(fitting or prices)[-1]}"
    if sub["kind"] == "build":
        pays = [k for k in keys if k.startswith("pay:")]
        company = [k for k in pays if k != "pay:me" and "bond" not in k]
        if company:
            return company[0]
        if "pay:me" in pays:
            return "pay:me"
        return pays[0] if pays else "cancel"
    return _lay_step(state, seat, keys)


def _lay_step(state: State, seat: int, keys: list[str]) -> str:
    sub = state["sub"]
    rr = sub["rr"]
    goals = {mine_area(m) for m in _unreached_mines(state, rr)}
    towns = {a.id for a in C.areas.values() if a.feature == "town"}
    network = [*state["cos"][rr]["trains"], *sub["areas"]]
    here = min((_distance(a, goals) for a in network), default=99) if goals else 99
    best, best_score = None, 0.0
    for key in keys:
        if not key.startswith("to:"):
            continue
        area = key[3:]
        score = 0.0
        if area in goals:
            score += 60
        elif goals and _distance(area, goals) < here:
            score += 25
        if area in towns and rr not in state["arrivals"].get(area, []):
            score += 14
        if not network:
            score += 50  # the first train always goes to the start town
        score -= track_cost(state, seat, area) / 2.5
        if score > best_score:
            best, best_score = key, score
    if best is not None:
        return best
    if not sub["bond"] and goals and here <= MAX_REACH - len(sub["areas"]):
        bonds = [k for k in keys if k.startswith("bond:")]
        if bonds and state["cos"][rr]["value"] >= 15:
            return bonds[min(1, len(bonds) - 1)]
    return "done" if "done" in keys else "cancel"


MAX_REACH = 3


def _main(state: State, seat: int, keys: list[str], rng: random.Random) -> str:
    cash = state["cash"][seat]
    options: list[tuple[float, str]] = []
    keyset = set(keys)
    for rr in RAILROADS:
        key = f"lay:{rr}"
        if key not in keyset:
            continue
        if not _lay_completes(state, seat, rr):
            continue
        route = _best_mine_route(state, seat, rr)
        co = state["cos"][rr]
        money_there = co["cash"] + max(bond_choices(state), default=0)
        if not co["trains"]:
            options.append((70, key))
        elif route is not None and route[1] <= 3 and route[2] <= money_there:
            options.append((80 - route[2] / 5, key))
        elif route is not None and co["cash"] >= 20:
            options.append((30, key))
    for cid in COMPANIES:
        co = state["cos"][cid]
        if f"charter:{cid}" in keyset:
            lim = limit_of(state, cid) or 200
            price = min(lim, cash)
            if is_rr(cid):
                near = sum(1 for m in MINES if state["cos"][m]["status"] != "gone"
                           and _distance(C.companies[cid].area, {mine_area(m)}) <= 2)
                if near and price >= 20 and sum(1 for r in RAILROADS if state["cos"][r]["charter"] == seat) < 1:
                    options.append((40 + price / 2, f"charter:{cid}"))
            else:
                present = len(state["arrivals"].get(mine_area(cid), []))
                options.append((45 + price + 15 * present, f"charter:{cid}"))
        if f"buy:{cid}" in keyset:
            healthy = is_rr(cid) or co.get("tiles_left", len(co.get("tiles", []))) >= 2
            if healthy and co["value"] >= 8:
                options.append((35 + co["value"] / 2, f"buy:{cid}"))
    for cid in COMPANIES:
        co = state["cos"][cid]
        if co["charter"] != seat or co["status"] != "open":
            continue
        lim = limit_of(state, cid)
        if lim is None or co["value"] < lim - 4:
            continue
        for key in keys:
            if key.startswith("build:") and _helps(state, cid, key[6:]):
                options.append((50, key))
                break
    mine_hauls = [k for k in keys if k.startswith("haul:") and k != "haul:none"]
    own = [k for k in mine_hauls if state["cos"][k[5:]]["charter"] == seat
           and (limit_of(state, k[5:]) or 999) > state["cos"][k[5:]]["value"]]
    if own:
        options.append((20, max(own, key=lambda k: state["cos"][k[5:]]["value"])))
    options.append((10, "haul:none"))
    top = max(score for score, _ in options)
    return rng.choice([key for score, key in options if score == top])


def _lay_completes(state: State, seat: int, rr: str) -> bool:
    """Whether the agent's own track plan for ``rr`` would lay something (not cancel)."""
    from .rules import BullfrogGoldfield

    trial = copy.deepcopy(state)
    game = BullfrogGoldfield()
    game.perform(trial, seat, f"lay:{rr}")
    for _ in range(6):
        sub = trial["sub"]
        if sub is None:
            return True
        keys = [a.key for a in game._sub_prompt(trial, seat, False).actions]
        key = _lay_step(trial, seat, keys)
        if key == "cancel":
            return False
        if key == "done":
            return True
        game.perform(trial, seat, key)
    return True


def _helps(state: State, cid: str, area: str) -> bool:
    if is_rr(cid):
        return area in state["cos"][cid]["trains"]
    home = mine_area(cid)
    return area == home or (C.areas[area].feature == "town" and area in C.areas[home].adjacent)

