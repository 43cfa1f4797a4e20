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
* ``rusher``: as always_buy, but races round: always the Mountain Pass (four spaces shorter)
  and every shortcut, so it is most often the one who ends the game with the last start
  money.
* ``big_game``: buys only the dear permits (usage fee $130 or more: the mines and the far
  hunting grounds), keeping its cash for them, and mortgages a cheaper permit to afford one.
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


def rusher(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """always_buy on the shortest way round: the Mountain Pass and every shortcut."""
    phase = state["phase"]
    if phase == "fork":
        return "branch:mountain"
    if phase == "shortcut":
        return "shortcut:take"
    return always_buy(game, state, seat, rng)


BIG_FEE = 130
"""big_game buys only permits with at least this usage fee (every mine, and the hunting grounds from H6 on)."""


def big_game(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Only the dear permits, with a cheaper one mortgaged to afford one when short."""
    if state["phase"] != "buy":
        return always_buy(game, state, seat, rng)
    keys = _keys(game, state, seat)
    permit = PERMIT[state["area"]]
    if permit.fee < BIG_FEE:
        return "decline"
    if "buy" in keys:
        return "buy"
    mortgages = [k for k in keys if k.startswith("mortgage:") and PERMIT[k[9:]].fee < permit.fee]
    cash = state["seats"][seat]["cash"]
    if mortgages and cash + sum(PERMIT[k[9:]].mortgage for k in mortgages) >= permit.price:
        return min(mortgages, key=lambda k: (PERMIT[k[9:]].fee, k))
    return "decline"


STRATEGIES: dict[str, Strategy] = {"always_buy": always_buy, "greedy": greedy, "thrifty": thrifty, "rusher": rusher,
                                   "big_game": big_game}
"""The named strategies, for the arena: ``name -> (game, state, seat, rng) -> action key``."""

