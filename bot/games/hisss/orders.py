"""HISSS's forced moves and standing orders (issue 25).

Half of a HISSS game's prompts are "draw a card from the fan": the fan is face down and
shuffled, so which card a player points at changes nothing about what they may get. The
order below makes that pick; where the drawn card goes stays the player's decision.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State
from bot.games.hisss.messages import T

DRAW = "draw"

ORDERS = (
    StandingOrder(
        DRAW,
        T("Draw from the fan for me"),
        T("Draws the first card of the face-down fan at the start of your turn (every card of the "
          "fan is as likely to be anything); you still choose where it goes."),
    ),
)

RECOMMENDED = (DRAW,)
"""Pointing at a face-down card is not a decision: the fan's order is random."""


class HisssOrders(Game):
    """The forced-move and standing-order part of :class:`~bot.games.hisss.rules.Hisss`."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        """Every prompt is public (only the fan's order is hidden), so a lone action plays
        itself: the last card of the fan, a card with one place to go."""
        return self.lone_action(state, prompt)

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        if order == DRAW and state["pending"] is None and any(action.key == "draw:1" for action in prompt.actions):
            return "draw:1"
        return None
