"""Simple rule-based Silver Lake players, the opponents the bot is measured against.

Each strategy answers one prompt from what its seat sees (every piece, every permit, every
player's cash are public; the luck deck and the nugget pile are not, and none reads them).

* ``always_buy``: buy every permit it can pay for, always exploit, always roll, the River
  Trail while nuggets remain, no optional shortcut, no bids; debts by selling its cheapest
  permit. The strategy from issue 26 that the old bot could not beat.
* ``greedy``: the move that most raises its worth at once: buys, mortgaging its cheapest
  permits to afford a dearer one; bids in auctions while the bid is below the purchase price
  (a bargain raises its worth); takes every shortcut (the sooner round, the sooner paid).
* ``thrifty``: buys only while it keeps $300 in hand and pays debts by mortgaging before
  selling, a cautious reading of the rulebook's advice to keep cash for fees and bad luck.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, IllegalAction, State

from .board import PERMIT

Strategy = Callable[[Game, State, int, random.Random], str]


def _keys(game: Game, state: State, seat: int) -> list[str]:
    prompt = next((p for p in game.prompts(state) if p.seat == seat), None)
    if prompt is None:
        raise IllegalAction("This seat has nothing to decide now.")
    return prompt.keys()


def _cheapest(keys: list[str], verb: str) -> str | None:
    found = [k for k in keys if k.startswith(verb + ":")]
    return min(found, key=lambda k: (PERMIT[k.partition(":")[2]].price, k)) if found else None


def _debt(keys: list[str], *, mortgage_first: bool = False) -> str:
    if "insolvent" in keys:
        return "insolvent"
    if mortgage_first:
        mortgage = _cheapest(keys, "mortgage")
        if mortgage:
            return mortgage
    return _cheapest(keys, "sell") or _cheapest(keys, "mortgage") or keys[0]


def always_buy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    phase = state["phase"]
    if phase == "roll":
        return "roll"
    if phase == "buy":
        return "buy" if "buy" in keys else "decline"
    if phase == "exploit":
        return "exploit"
    if phase == "fork":
        return "branch:river" if state["pile"] else "branch:mountain"
    if phase == "shortcut":
        return "shortcut:skip"
    if phase == "debt":
        return _debt(keys)
    return "pass"  # auctions


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    phase = state["phase"]
    if phase == "buy" and "buy" not in keys:
        # Mortgage the cheapest unmortgaged permit if that pays for this dearer one.
        price = PERMIT[state["area"]].price
        mortgage = _cheapest(keys, "mortgage")
        cash = state["seats"][seat]["cash"]
        if mortgage and PERMIT[mortgage[9:]].price < price and cash + PERMIT[mortgage[9:]].mortgage >= price:
            return mortgage
        return "decline"
    if phase == "shortcut":
        return "shortcut:take"
    if phase == "auction":
        price = PERMIT[state["auction"]["permit"]].price
        bids = sorted(int(k[4:]) for k in keys if k.startswith("bid:"))
        return f"bid:{bids[0]}" if bids and bids[0] < price else "pass"
    return always_buy(game, state, seat, rng)


def thrifty(game: Game, state: State, seat: int, rng: random.Random) -> str:
    keys = _keys(game, state, seat)
    phase = state["phase"]
    if phase == "buy":
        cash = state["seats"][seat]["cash"]
        return "buy" if "buy" in keys and cash - PERMIT[state["area"]].price >= 300 else "decline"
    if phase == "debt":
        return _debt(keys, mortgage_first=True)
    return always_buy(game, state, seat, rng)


STRATEGIES: dict[str, Strategy] = {"always_buy": always_buy, "greedy": greedy, "thrifty": thrifty}
"""The named strategies, for the arena: ``name -> (game, state, seat, rng) -> action key``."""

