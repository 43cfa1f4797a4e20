"""Simple rule-based 1856 players, the opponents the bot is measured against.

1856 hides nothing but the shuffle of nothing (the whole table is public), so every strategy
sees what the bot sees. Each is a handful of rules for the money decisions; track, stations
and runs they leave to the bot's own map code (the best route is the best route).

* ``train_rush``: starts the dearest company it can, tops its own companies up to 60%, buys
  the cheapest new train whenever a company it runs can pay for one (the way to push the
  phases and rust everyone's old trains), always pays out.
* ``investor``: starts the cheapest company, then puts its cash into the dearest share it
  can buy, any company's; a company buys a train only when it has none; always pays out.

Issue 26's red-team pass added three more, written as an outside reviewer would, from the
rulebook's own levers (figures in ``data/1856/README.md``):

* ``privateer``: buys every private the auction offers while it keeps cash to start a
  company; once the phase allows it, each company it presides over buys its privates from
  it at double their face value (the rulebook's way to move a company's money into its
  president's pocket); otherwise as ``train_rush``.
* ``borrower``: starts the dearest company it can; its companies borrow whenever they cannot
  pay for the newest train in the depot and buy the dearest new train they can, to push the
  phases; tops its companies up to 60%, then buys the dearest shares; always pays out.
* ``bargain``: starts as many companies as its cash allows, each at the lowest par; buys the
  cheapest share on offer; a company buys the cheapest train while it has fewer than two;
  always pays out.
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


def _mine(state: State, seat: int) -> list[str]:
    return [s for s, c in state["corps"].items() if c["president"] == seat and not c["closed"]]


def _par_value(key: str) -> int:
    return int(key.split(":")[2])


def _top_up(state: State, seat: int, keys: list[str]) -> str | None:
    """A share of one of its own companies, while it holds less than 60%."""
    for corp in _mine(state, seat):
        for source in ("ipo", "pool"):
            if f"buy:{corp}:{source}" in keys and state["corps"][corp]["held"][seat] < 60:
                return f"buy:{corp}:{source}"
    return None


def _dearest_share(state: State, keys: list[str]) -> str | None:
    buys = [k for k in keys if k.startswith("buy:") and k.count(":") == 2]
    return max(buys, key=lambda k: (core.price(state, k.split(":")[1]), k)) if buys else None


def _pass_or_sell(keys: list[str]) -> str:
    """Pass, or sell when the rules leave nothing else (a forced train purchase)."""
    sells = [k for k in keys if k.startswith("sell:")]
    return _stock_or_pass(keys) if "pass" in keys or not sells else sells[0]


def _pass_first(keys: list[str], bank: list[str]) -> str:
    """Pass; else a sale; else the first bank train; else the first key."""
    sells = [k for k in keys if k.startswith("sell:")]
    if "pass" in keys:
        return "pass"
    return sells[0] if sells else (bank[0] if bank else keys[0])


def train_rush(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = agent.own_keys(game, state, seat)
    common = _common(game, state, seat, keys)
    if common is not None:
        return common
    if state["round"] == "stock":
        pars = [k for k in keys if k.startswith("par:")]
        if not _mine(state, seat) and pars:
            return max(pars, key=lambda k: (_par_value(k), k))
        return _top_up(state, seat, keys) or _stock_or_pass(keys)
    bank = _bank_trains(keys)
    if bank:
        return min(bank, key=lambda k: (_train_cost(state, k), k))
    return _pass_or_sell(keys)


def investor(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = agent.own_keys(game, state, seat)
    common = _common(game, state, seat, keys)
    if common is not None:
        return common
    if state["round"] == "stock":
        pars = [k for k in keys if k.startswith("par:")]
        if not _mine(state, seat) and pars:
            return min(pars, key=lambda k: (_par_value(k), k))
        return _dearest_share(state, keys) or _stock_or_pass(keys)
    corp = core.current_corp(state)
    bank = _bank_trains(keys)
    if bank and not state["corps"][corp]["trains"]:
        return min(bank, key=lambda k: (_train_cost(state, k), k))
    return _pass_first(keys, bank)


PRIVATEER_RESERVE = 200
"""Cash ``privateer`` keeps through the auction: enough to start a company at a middle par."""


def privateer(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = agent.own_keys(game, state, seat)
    if len(keys) == 1:
        return keys[0]
    if state["round"] == "auction" and not state.get("crisis"):
        for key in keys:
            if key.startswith("buy:") and state["cash"][seat] - state["privates"][key[4:]]["price"] >= PRIVATEER_RESERVE:
                return key
        return "pass" if "pass" in keys else keys[0]
    prices = [k for k in keys if k.startswith("price:")]
    if prices:  # the price of a private its company buys: the most the rules allow
        return max(prices, key=lambda k: int(k.split(":")[1]))
    if state["round"] == "operating" and not state.get("crisis") and not state.get("nationalization"):
        corp = core.current_corp(state)
        if state["corps"][corp]["president"] == seat:
            own = [k for k in keys if k.startswith("company:") and state["privates"][k[8:]]["owner"] == f"p{seat}"]
            if own:
                return own[0]
    return train_rush(game, state, seat, rng)


def borrower(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = agent.own_keys(game, state, seat)
    common = _common(game, state, seat, keys) if not (
        state["round"] == "operating" and state["op"]["step"] == "loan"
    ) else None
    if common is not None:
        return common
    if state["round"] == "stock":
        pars = [k for k in keys if k.startswith("par:")]
        if not _mine(state, seat) and pars:
            return max(pars, key=lambda k: (_par_value(k), k))
        return _top_up(state, seat, keys) or _dearest_share(state, keys) or _stock_or_pass(keys)
    if state["round"] != "operating":
        return _stock_or_pass(keys)
    corp = core.current_corp(state)
    cash = state["corps"][corp]["cash"]
    bank = _bank_trains(keys)
    depot = core.depot_trains(state)
    newest = core.train_price(state, depot[-1]) if depot else 0
    if "loan" in keys and cash < newest and len(state["corps"][corp]["trains"]) < core.train_limit(state, corp):
        return "loan"
    if bank:
        return max(bank, key=lambda k: (_train_cost(state, k), k))
    return _pass_or_sell(keys)


def bargain(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = agent.own_keys(game, state, seat)
    common = _common(game, state, seat, keys)
    if common is not None:
        return common
    if state["round"] == "stock":
        pars = [k for k in keys if k.startswith("par:")]
        if pars:
            cheapest = min(pars, key=lambda k: (_par_value(k), k))
            if 2 * _par_value(cheapest) <= state["cash"][seat]:
                return cheapest
        buys = [k for k in keys if k.startswith("buy:") and k.count(":") == 2]
        if buys:
            return min(buys, key=lambda k: (core.price(state, k.split(":")[1]), k))
        return _stock_or_pass(keys)
    corp = core.current_corp(state)
    bank = _bank_trains(keys)
    if bank and len(state["corps"][corp]["trains"]) < 2:
        return min(bank, key=lambda k: (_train_cost(state, k), k))
    return _pass_first(keys, bank)


STRATEGIES: dict[str, Strategy] = {
    "train_rush": train_rush,
    "investor": investor,
    "privateer": privateer,
    "borrower": borrower,
    "bargain": bargain,
}
"""The named strategies, for the arena: ``name -> (game, state, seat, rng) -> action key``."""
