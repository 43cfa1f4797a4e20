"""A heuristic Silver Lake player: buy what it can afford, keep a cash cushion, never gamble.

Permits count at their purchase price at the end, so buying one costs nothing in the final
reckoning and earns usage fees meanwhile: the agent buys whenever it keeps a small reserve.
It always exploits (it is free money), takes the River Trail while nuggets remain (the
treasure lies on it) and the shorter Mountain Pass afterwards, skips optional shortcuts
(they cost reimbursements), redeems mortgaged permits when rich, pays debts by selling the
permits with the lowest usage fee back to the bank (full price, unlike a mortgage), and bids
in auctions up to the purchase price when it stays comfortably liquid. It never starts an
auction of its own.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.engine import IllegalAction, State

from .board import PERMIT

if TYPE_CHECKING:
    from .rules import SilverLake

RESERVE = 150
"""Cash the agent keeps after buying or bidding, for fees and luck cards."""


def choose(game: SilverLake, state: State, seat: int, rng: random.Random) -> str:
    prompts = [p for p in game.prompts(state) if p.seat == seat]
    if not prompts:
        raise IllegalAction("This seat has nothing to decide now.")
    keys = prompts[0].keys()
    phase = state["phase"]
    cash = state["seats"][seat]["cash"]
    if phase == "roll":
        for key in keys:
            if key.startswith("redeem:") and cash - PERMIT[key[7:]].price >= 3 * RESERVE:
                return key
        return "roll"
    if phase == "buy":
        price = PERMIT[state["area"]].price
        return "buy" if "buy" in keys and cash - price >= RESERVE else "decline"
    if phase == "exploit":
        return "exploit"
    if phase == "fork":
        return "branch:river" if state["pile"] else "branch:mountain"
    if phase == "shortcut":
        return "shortcut:skip"
    if phase == "debt":
        sells = [k for k in keys if k.startswith("sell:")]
        if "insolvent" in keys:
            auctions = [k for k in keys if k.startswith("auction:")]
            return max(auctions, key=lambda k: PERMIT[k[8:]].price) if auctions else "insolvent"
        return min(sells, key=lambda k: (PERMIT[k[5:]].fee, k))
    if phase == "auction":
        price = PERMIT[state["auction"]["permit"]].price
        bids = sorted(int(k[4:]) for k in keys if k.startswith("bid:"))
        if bids and bids[0] <= price and cash - bids[0] >= RESERVE:
            return f"bid:{bids[0]}"
        return "pass"
    return rng.choice(keys)
