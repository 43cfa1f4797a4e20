"""Collide-o's standing order for play-by-post (issue 25).

In ``mode=turns`` every turn is a private prompt (it lists the cards of a hidden hand), so no
move is ever forced: a player who cannot play is asked and can only pass. This order passes
for them; it says what that can tell the table.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

PASS_UNLESS_ABLE = "pass-unless-able"

ORDERS = (
    StandingOrder(
        PASS_UNLESS_ABLE,
        "Pass when I cannot play",
        "In turns mode, passes at once when no card in your hand fits either end of the line; "
        "you are asked whenever one does.",
        reveals="A pass made at once tells the others that no card in your hand fits either end.",
    ),
)

RECOMMENDED = (PASS_UNLESS_ABLE,)
"""A turn with nothing to play is not a decision; the pass itself says as much across a table."""


class CollideOOrders(Game):
    """The standing-order part of :class:`~bot.games.collide_o.rules.CollideO`."""

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        if order == PASS_UNLESS_ABLE and state["mode"] == "turns" and prompt.keys() == ["pass"]:
            return "pass"
        return None
