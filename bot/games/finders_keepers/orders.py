"""Finders Keepers' standing order for play-by-post (issue 25).

In the basic game by turns each player looks at every revealed tile in their turn: they claim
the cards of their spread that show the object, one by one, then say "done". Once no card
left in the spread shows the object, every move left ends the look the same way ("done", or
a wrong claim, which also ends it and keeps the card), so that last step is no decision.
Spreads and the tile are face up, so saying it at once tells the table nothing. It does tell
the player something: while they are still asked, a card of theirs still shows the object.
The order says so, and claims nothing: finding the cards stays the player's job.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State
from bot.games.finders_keepers.messages import T

from . import rules  # rules imports this module first; its names are read at call time only

DONE_WHEN_FOUND = "done-when-found"

ORDERS = (
    StandingOrder(
        DONE_WHEN_FOUND,
        T("Say done when nothing is left to claim"),
        T("In the basic game by turns, says done for you when no card left in your spread shows "
        "the revealed object (at once when none did); it never claims a card. While you are "
        "asked, at least one card of yours still shows the object: the order tells you that."),
        reveals="",
    ),
)

RECOMMENDED = (DONE_WHEN_FOUND,)
"""With nothing left to find, "done" and a wrong claim end the look alike: not a decision."""


class FindersKeepersOrders(Game):
    """The standing-order part of :class:`~bot.games.finders_keepers.rules.FindersKeepers`."""

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        if order != DONE_WHEN_FOUND or state["variant"] != rules.BASIC or state["mode"] != rules.TURNS:
            return None
        if state["phase"] != "look" or not any(action.key == "done" for action in prompt.actions):
            return None
        tile = state["tile"]
        if any(rules.CARDS[card].shows(tile) for card in state["spreads"][prompt.seat]):
            return None
        return "done"
