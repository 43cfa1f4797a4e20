"""Treasure of Silver Lake's forced moves and standing orders (issue 25).

Most prompts are "roll, or manage your permits": in play-by-post a round trip per throw. Only
the luck deck's order is hidden, and no prompt or order reads it.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

from .messages import T

ROLL = "roll"
EXPLOIT = "exploit"
PASS_AUCTIONS_ABOVE = "pass-auctions-above"

ORDERS = (
    StandingOrder(
        ROLL,
        T("Roll for me"),
        T("Throws the dice at the start of your turn, and again after a double, without offering "
          "to mortgage, sell or auction permits first (a debt still asks you to raise the money)."),
    ),
    StandingOrder(
        EXPLOIT,
        T("Always exploit my permits"),
        T("When your piece stops on a mine, well or camp you hold the permit of, rolls for it at "
          "once instead of asking."),
    ),
    StandingOrder(
        PASS_AUCTIONS_ABOVE,
        T("Pass permit auctions above $X"),
        T("In another player's permit auction, passes when the lowest bid you could make is above "
          "the amount (0 passes every auction); you are asked while you can bid within it."),
        amount=T("Highest bid you would make ($)"),
    ),
)

RECOMMENDED = (ROLL, EXPLOIT)
"""Throwing the dice and exploiting one's own permit are what a turn mostly is (the game's bot
always exploits); buying, forks and shortcuts are still asked."""


class SilverLakeOrders(Game):
    """The forced-move and standing-order part of
    :class:`~bot.games.silver_lake.rules.SilverLake`, kept out of its rules module."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        """Every prompt shows only the table (cash, permits, positions are public), so a lone
        action plays itself: the throw of a player with nothing to mortgage, sell or auction."""
        return self.lone_action(state, prompt)

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        phase = state["phase"]
        keys = prompt.keys()
        if order == ROLL and phase == "roll" and "roll" in keys:
            return "roll"
        if order == EXPLOIT and phase == "exploit" and "exploit" in keys:
            return "exploit"
        if order == PASS_AUCTIONS_ABOVE and amount is not None and phase == "auction" and "pass" in keys:
            bids = [int(key.split(":")[1]) for key in keys if key.startswith("bid:")]
            return "pass" if not bids or min(bids) > amount else None
        return None
