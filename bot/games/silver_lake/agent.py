"""A heuristic Silver Lake player: own as many earning permits as it can, never gamble.

The arithmetic behind it (money in dollars, usage fees 60% of the price, mortgages half):

* A permit counts its purchase price at the end, so **buying** costs nothing in the final
  reckoning; it earns usage fees and a free exploit (two dice × 10 from the bank) whenever
  its owner lands on it. The agent buys every permit it can, and when short it **mortgages**
  its cheapest unmortgaged permit to pay for a dearer one (a mortgage is worth nothing
  either way at the end: cash + price − mortgage value; it only stops that permit's fees).
* **Redeeming** costs the price against the mortgage value received, half the price, so it
  pays only while enough laps remain for the fees to come back.
* **Debts** are paid by selling to the bank at the full price (worth nothing either way,
  and it raises twice what a mortgage would), cheapest fee first.
* **Auctions:** a permit bought below its price is that much worth gained; it bids up to
  the price while it can.
* It always exploits (free money) and throws again after doubles. It takes the shorter
  Mountain Pass and the optional Pony Express shortcut: the sooner round, the sooner the
  start money, and the player who completes the laps first ends the game. Measured against
  ``always_buy`` over 400 two-player games each: River Trail while nuggets remain 52%,
  Mountain Pass 54%, with the shortcut as well 56% (within the noise of one another; see
  ``data/silver-lake/README.md``).

It reads only the public table (every player's cash and permits; the number of nuggets
left, never their order, nor the luck deck). Figures: ``data/silver-lake/README.md``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from bot.engine import IllegalAction, State

from .board import PERMIT

if TYPE_CHECKING:
    from .rules import SilverLake

REDEEM_LAPS = 2
"""Redeem a mortgaged permit only while at least this many laps remain for the agent."""


def choose(game: SilverLake, state: State, seat: int, rng: random.Random) -> str:
    prompts = [p for p in game.prompts(state) if p.seat == seat]
    if not prompts:
        raise IllegalAction("This seat has nothing to decide now.")
    keys = prompts[0].keys()
    phase = state["phase"]
    cash = state["seats"][seat]["cash"]
    if phase == "roll":
        laps_left = state["laps"] - state["seats"][seat]["laps"]
        redeems = [k for k in keys if k.startswith("redeem:") and cash - PERMIT[k[7:]].price >= 200]
        if redeems and laps_left >= REDEEM_LAPS:
            return max(redeems, key=lambda k: (PERMIT[k[7:]].fee, k))
        return "roll"
    if phase == "buy":
        return _buy(state, seat, keys)
    if phase == "exploit":
        return "exploit"
    if phase == "fork":
        return "branch:mountain"
    if phase == "shortcut":
        return "shortcut:take"
    if phase == "debt":
        if "insolvent" in keys:
            auctions = [k for k in keys if k.startswith("auction:")]
            return max(auctions, key=lambda k: PERMIT[k[8:]].price) if auctions else "insolvent"
        sells = [k for k in keys if k.startswith("sell:")]
        return min(sells, key=lambda k: (PERMIT[k[5:]].fee, k))
    if phase == "auction":
        price = PERMIT[state["auction"]["permit"]].price
        bids = sorted(int(k[4:]) for k in keys if k.startswith("bid:"))
        if bids and bids[0] < price:
            return f"bid:{bids[0]}"
        return "pass"
    return rng.choice(keys)


def _buy(state: State, seat: int, keys: list[str]) -> str:
    """Buy; when short, mortgage the cheapest permit that is cheaper than this one."""
    if "buy" in keys:
        return "buy"
    permit = PERMIT[state["area"]]
    cash = state["seats"][seat]["cash"]
    mortgages = sorted((k for k in keys if k.startswith("mortgage:") and PERMIT[k[9:]].fee < permit.fee),
                       key=lambda k: (PERMIT[k[9:]].fee, k))
    # Only start mortgaging if the cheap permits together raise enough.
    if mortgages and cash + sum(PERMIT[k[9:]].mortgage for k in mortgages) >= permit.price:
        return mortgages[0]
    return "decline"
