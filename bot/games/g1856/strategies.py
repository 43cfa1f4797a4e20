"""Simple rule-based 1856 players, the opponents the bot is measured against.

1856 hides nothing but the shuffle of nothing (the whole table is public), so every strategy
sees what the bot sees. Each is a handful of rules for the money decisions; track, stations
and runs they leave to the bot's own map code (the best route is the best route).

* ``train_rush``: starts the dearest company it can, tops its own companies up to 60%, buys
  the cheapest new train whenever a company it runs can pay for one (the way to push the
  phases and rust everyone's old trains), always pays out.
* ``investor``: starts the cheapest company, then puts its cash into the dearest share it
  can buy, any company's; a company buys a train only when it has none; always pays out.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, State
from bot.games.g1856 import agent, core

Strategy = Callable[[Game, State, int, random.Random], str]


def _train_cost(state: State, key: str) -> int:
    return core.train_price(state, key.split(":")[1].split("-")[0])


def _bank_trains(keys: list[str]) -> list[str]:
    """Trains from the depot or the pool at face value (not bought from another company,
    not trade-ins)."""
    return [k for k in keys if k.startswith("train:") and k.count(":") == 1]


def _common(game: Game, state: State, seat: int, keys: list[str]) -> str | None:
    """What every strategy here answers alike: forced moves, crises, the private auction
    (pass), and the map (the bot's own track, stations and runs)."""
    if len(keys) == 1:
        return keys[0]
    if state.get("nationalization") or state.get("crisis"):
        return agent.choose(game, state, seat, random.Random(0))
    if state["round"] == "auction":
        free = [k for k in keys if k.startswith("buy:") and state["privates"][k[4:]]["price"] == 0]
        return free[0] if free else ("pass" if "pass" in keys else keys[0])
    if state["round"] == "operating":
        step = state["op"]["step"]
        if step in ("track", "token", "route", "borrow"):
            return agent.operate_map(state, keys)
        if step == "dividend":
            return "payout" if "payout" in keys else keys[0]
        if step in ("loan", "buy_company"):
            return "pass" if "pass" in keys else keys[0]
    return None


def _stock_or_pass(keys: list[str]) -> str:
    return "pass" if "pass" in keys else keys[0]  # a one-share CGR president may not pass


def train_rush(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = agent.own_keys(game, state, seat)
    common = _common(game, state, seat, keys)
    if common is not None:
        return common
    if state["round"] == "stock":
        mine = [s for s, c in state["corps"].items() if c["president"] == seat and not c["closed"]]
        pars = [k for k in keys if k.startswith("par:")]
        if not mine and pars:
            return max(pars, key=lambda k: (int(k.split(":")[2]), k))
        for corp in mine:
            for source in ("ipo", "pool"):
                if f"buy:{corp}:{source}" in keys and state["corps"][corp]["held"][seat] < 60:
                    return f"buy:{corp}:{source}"
        return _stock_or_pass(keys)
    bank = _bank_trains(keys)
    if bank:
        return min(bank, key=lambda k: (_train_cost(state, k), k))
    sells = [k for k in keys if k.startswith("sell:")]
    return _stock_or_pass(keys) if "pass" in keys or not sells else sells[0]


def investor(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = agent.own_keys(game, state, seat)
    common = _common(game, state, seat, keys)
    if common is not None:
        return common
    if state["round"] == "stock":
        mine = [s for s, c in state["corps"].items() if c["president"] == seat and not c["closed"]]
        pars = [k for k in keys if k.startswith("par:")]
        if not mine and pars:
            return min(pars, key=lambda k: (int(k.split(":")[2]), k))
        buys = [k for k in keys if k.startswith("buy:") and k.count(":") == 2]
        if buys:
            return max(buys, key=lambda k: (core.price(state, k.split(":")[1]), k))
        return _stock_or_pass(keys)
    corp = core.current_corp(state)
    bank = _bank_trains(keys)
    if bank and not state["corps"][corp]["trains"]:
        return min(bank, key=lambda k: (_train_cost(state, k), k))
    sells = [k for k in keys if k.startswith("sell:")]
    if "pass" in keys:
        return "pass"
    return sells[0] if sells else (bank[0] if bank else keys[0])


STRATEGIES: dict[str, Strategy] = {"train_rush": train_rush, "investor": investor}
"""The named strategies, for the arena: ``name -> (game, state, seat, rng) -> action key``."""
