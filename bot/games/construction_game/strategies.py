"""Simple contractors for the arena (``python -m bot arena construction-game``), from the rulebook.

- ``every-job``: rolls, takes every job it lands on, never shops, trades or bids, declines
  offers, and auctions the first piece a crunch asks for;
- ``cash-buyer``: the same, but before a job it buys one piece of the kind the job needs
  (cash, no notes) while it has at least :data:`CASH_BUYER_RESERVE` left after paying, and in
  a competitive bid it raises by the smallest step while the high bid is under
  :data:`CASH_BUYER_TOP_BID`.

They read only their own prompt and cash, which everyone sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, State
from bot.engine.strategy import first_of, number, own_prompt

CASH_BUYER_RESERVE = 30_000
"""The cash-buyer keeps at least this much after a purchase (winter bills come)."""
CASH_BUYER_TOP_BID = 5_000
"""The cash-buyer stops raising a competitive bid at this price."""


def _plain(keys: list[str]) -> str:
    for key in ("accept", "roll", "decline", "pass", "done", "refuse", "back"):
        if key in keys:
            return key
    return keys[0]


def every_job(game: Game, state: State, seat: int, rng: random.Random) -> str:
    return _plain(own_prompt(game, state, seat).keys())


def cash_buyer(game: Game, state: State, seat: int, rng: random.Random) -> str:
    prompt = own_prompt(game, state, seat)
    keys = prompt.keys()
    if "accept" in keys:
        cash = state["cash"][seat]
        for action in prompt.actions:
            parts = action.key.split(":")
            if parts[0] == "buy" and len(parts) == 3 and parts[2] == "1" and parts[1] in prompt.text:
                cost = number(action.label, r"\$([\d,]+) cash")
                if cash - cost >= CASH_BUYER_RESERVE:
                    return action.key
        return "accept"
    bid = first_of(prompt, "bid")
    standing = state["bid"] or {"leader": None, "high": 0}
    if bid is not None and standing["leader"] != seat and standing["high"] < CASH_BUYER_TOP_BID:
        return bid
    return _plain(keys)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "every-job": every_job,
    "cash-buyer": cash_buyer,
}
