"""1856's standing orders, like 18xx.games' programmed actions (issue 25).

1856 has no hidden information (no cards, no dice), so its forced moves are the engine's default
(:meth:`bot.engine.Game.forced`); these orders answer the routine steps of operating rounds and
let a player sit out the rest of a stock round.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

PAY_DIVIDENDS = "pay-dividends"
RUN_BEST = "run-best"
PASS_STOCK_ROUND = "pass-stock-round"

ORDERS = (
    StandingOrder(
        PAY_DIVIDENDS,
        "Always pay dividends",
        "Pays out the revenue of every company you are president of, instead of asking pay out "
        "or withhold.",
    ),
    StandingOrder(
        RUN_BEST,
        "Run the best routes",
        "When your company runs its trains, takes the best-paying routes the route search found "
        "instead of asking.",
    ),
    StandingOrder(
        PASS_STOCK_ROUND,
        "Pass in this stock round",
        "Passes every turn of this stock round (or of the next one, when set during an "
        "operating round); the order ends with that round.",
    ),
)

RECOMMENDED = (PAY_DIVIDENDS, RUN_BEST)
"""The best run is what a president almost always takes, and paying out what the game's bot does
in nine operating turns of ten; withholding for a train stays one cancel away."""


class G1856Orders(Game):
    """The standing-order part of :class:`~bot.games.g1856.rules.G1856`, kept out of its rules module."""

    def standing_orders(self) -> tuple[StandingOrder, ...]:
        return ORDERS

    def recommended_orders(self) -> tuple[str, ...]:
        return RECOMMENDED

    def order_scope(self, state: State, order: str) -> str | None:
        """"Pass in this stock round" lasts for one stock round: the current one, or during the
        private auction or an operating round the next one."""
        if order != PASS_STOCK_ROUND:
            return None
        number = int(state["sr_number"]) + (0 if state["round"] == "stock" else 1)
        return f"stock-round-{number}"

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        keys = prompt.keys()
        if order == PASS_STOCK_ROUND and state["round"] == "stock" and "pass" in keys:
            return "pass"
        if state["round"] != "operating":
            return None
        if order == PAY_DIVIDENDS and "payout" in keys:
            return "payout"
        if order == RUN_BEST and "run:best" in keys:
            return "run:best"
        return None
