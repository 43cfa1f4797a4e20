"""A heuristic bot for 1856: cautious with money, runs its companies for dividends.

It picks among the legal keys of its prompt only (so it can never play an illegal move):

- auction: buys the cheapest private while it keeps most of its cash; never bids;
- stock round: starts one company (the dearest par it can pay with half its cash), buys
  more of the companies it presides (up to 60%), then shares of others paying well; never
  sells outside a crisis;
- operating: the lay that lets its company reach most stops, a station when it keeps money
  for a train, the best run, pays out when it can still afford its next train, buys the
  cheapest train when it has fewer than two, must, or it is a newer type than its own, borrows only to buy a needed train,
  repays loans when rich; pays off a company's debt at the CGR formation when it can;
- crisis: sells the smallest block that is offered first.
"""

from __future__ import annotations

import random

from bot.engine import State
from bot.games.g1856 import core, economy
from bot.games.g1856 import map as gmap


def _keys(game, state: State, seat: int) -> list[str]:
    for prompt in game.legal_prompts(state):
        if prompt.seat == seat:
            return prompt.keys()
    return []


def choose(game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    if not keys:
        raise ValueError("nothing to decide")
    if len(keys) == 1:
        return keys[0]
    key = _choose(state, seat, keys, rng)
    # A bot may take over a seat in the middle of a choice it never starts itself (a price
    # to name, a route being built, a CGR settlement): it answers from what is offered.
    return key if key in keys else _unfinished(keys)


def _unfinished(keys: list[str]) -> str:
    for wanted in ("back", "none", "end", "cgr:keep", "pass"):
        if wanted in keys:
            return wanted
    return keys[0]


def _choose(state: State, seat: int, keys: list[str], rng: random.Random) -> str:
    if state.get("nationalization"):
        return next((k for k in keys if k.startswith("payoff:")), keys[-1])
    if state.get("crisis"):
        return keys[0]
    rnd = state["round"]
    if rnd == "auction":
        return _auction(state, seat, keys)
    if rnd == "stock":
        return _stock(state, seat, keys, rng)
    return _operate(state, keys)


def _auction(state: State, seat: int, keys: list[str]) -> str:
    start = economy.data()["starting_cash"][str(state["players"])]  # keep 60% of it for shares
    for key in keys:
        if key.startswith("buy:"):
            cost = state["privates"][key[4:]]["price"]
            if state["cash"][seat] - cost >= 0.6 * start or cost == 0:
                return key
    return "pass" if "pass" in keys else keys[0]


def _stock(state: State, seat: int, keys: list[str], rng: random.Random) -> str:
    mine = [s for s, c in state["corps"].items() if c["president"] == seat and not c["closed"]]
    if not mine:
        pars = [
            k
            for k in keys
            if k.startswith("par:") and 2 * int(k.split(":")[2]) <= state["cash"][seat] // 2 + 1
        ]
        if pars:
            best = max(int(k.split(":")[2]) for k in pars)
            return rng.choice([k for k in pars if int(k.split(":")[2]) == best])
    for corp in mine:
        for source in ("ipo", "pool"):
            key = f"buy:{corp}:{source}"
            if key in keys and state["corps"][corp]["held"][seat] < 60:
                return key
    buys = [k for k in keys if k.startswith("buy:") and k.count(":") == 2]
    if buys and state["cash"][seat] > 150:
        # The company whose price rose most above its par.
        return max(
            buys, key=lambda k: core.price(state, k.split(":")[1]) - state["corps"][k.split(":")[1]]["par"]
        )
    return "pass" if "pass" in keys else keys[0]  # a one-share CGR president may not pass


def core_order(name: str) -> int:
    return economy.TRAIN_ORDER.index(name)


def _reach_size(state: State, corp: str, key: str) -> int:
    _, coord, tile, rot = key.split(":")
    trial = gmap.clone(state["map"])
    try:
        gmap.lay_tile(trial, corp, coord, tile, int(rot), state["phase"])
    except Exception:
        return -1
    return len(gmap.reach(trial, corp).nodes)


def _operate(state: State, keys: list[str]) -> str:
    corp = core.current_corp(state)
    c = state["corps"][corp]
    step = state["op"]["step"]
    cheapest = min((core.train_price(state, n) for n in core.depot_trains(state)), default=10**6)
    if step == "track":
        lays = [k for k in keys if k.startswith("lay:")]
        if lays:
            return max(lays, key=lambda k: (_reach_size(state, corp, k), k))
    if step == "token":
        spots = [k for k in keys if k.startswith("token:")]
        if spots and c["cash"] >= cheapest + 40:
            return spots[0]
    if step == "borrow" and "borrow" in keys:
        return "borrow"  # the trainless CGR runs a borrowed D rather than nothing
    if step == "route":
        return "run:best"
    if step == "dividend":
        return "payout" if c["cash"] >= cheapest or len(c["trains"]) >= 2 else "withhold"
    if step == "buy_train":
        trains = [k for k in keys if k.startswith("train:") and k.count(":") == 1]
        newest = max((t.split("-")[0] for t in c["trains"]), key=core_order, default=None)
        upgrade = [
            k
            for k in trains
            if newest is None or core_order(k.split(":")[1].split("-")[0]) > core_order(newest)
        ]
        affordable = [
            k for k in trains if core.train_price(state, k.split(":")[1].split("-")[0]) <= c["cash"]
        ]
        if trains and (len(c["trains"]) < 2 or core.must_buy_train(state, corp) or upgrade or affordable):
            return min(trains, key=lambda k: core.train_price(state, k.split(":")[1].split("-")[0]))
        if "loan" in keys and not c["trains"] and c["cash"] < cheapest:
            return "loan"
        sells = [k for k in keys if k.startswith("sell:")]
        if sells and "pass" not in keys:
            return sells[0]
    if step == "loan" and "repay" in keys and c["cash"] >= 100 + cheapest:
        return "repay"
    if "pass" in keys:
        return "pass"
    return keys[0]
