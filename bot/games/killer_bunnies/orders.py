"""Killer Bunnies' standing orders: the routine answers a player may leave (issue 25).

Most of a Killer Bunnies game's prompts are reaction windows: every other player with cards
in hand is asked on every weapon, Feed the Bunny, Choose a Carrot and Pickpocket, whether
they hold a Special card or not (so that nobody learns who does). These orders answer them,
and the other routine steps, from what the player sees: their own hand, and the table.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

from . import rules  # rules imports this module first; its names are read at call time only
from .messages import T

PASS_WINDOWS = "pass-windows"
PASS_UNLESS_ABLE = "pass-unless-able"
FEED = "feed"
FLIP = "flip"

ORDERS = (
    StandingOrder(
        PASS_WINDOWS,
        T("Pass every reaction window"),
        T("Answers Pass to every reaction window, even when you hold a Special card that fits."),
        reveals="",
    ),
    StandingOrder(
        PASS_UNLESS_ABLE,
        T("Pass every window unless I can answer it"),
        T("Answers Pass at once when no card in your hand may answer the card played; you are "
          "asked as before when one may."),
        reveals=T("A window you pass at once tells the others that you hold no Special card that "
                  "fits it (and one you take time over, that you may)."),
    ),
    StandingOrder(
        FEED,
        T("Feed my bunnies when I can"),
        T("When Feed the Bunny targets your bunny and you already have the cabbage and water, "
          "pays them; you are asked when something is short."),
        reveals="",
    ),
    StandingOrder(
        FLIP,
        T("Flip at once unless I can buy a carrot"),
        T("At the start of your turn, flips your top run card without visiting Kaballa's Market "
          "when your Dolla cannot buy a carrot; you are asked when they can (cabbage and water can "
          "still be bought while a bunny is being fed)."),
        reveals="",
    ),
)

RECOMMENDED = (PASS_UNLESS_ABLE, FEED, FLIP)
"""Passing a window with nothing to play, feeding when the food is there and flipping when no
carrot is within reach are what a player almost always does; the first reveals only what a
quick answer across the table would."""


def choice(state: State, prompt: Prompt, order: str) -> str | None:
    """The key ``order`` plays for ``prompt``, or None when the player decides.

    Reads only the prompt (the seat's own legal actions, which list its own fitting cards)
    and the public phase, so it is the same whatever the others hold.
    """
    keys = prompt.keys()
    phase = state["phase"]
    if phase == rules.WINDOW and (order == PASS_WINDOWS or (order == PASS_UNLESS_ABLE and keys == ["pass"])):
        return "pass" if "pass" in keys else None
    if order == FEED and phase == rules.FEED and "feed" in keys:
        return "feed"
    if order == FLIP and phase == rules.START and "flip" in keys and not any(
        key.startswith("buy:") and key not in ("buy:cabbage", "buy:water") for key in keys
    ):
        return "flip"
    return None


class KillerBunniesOrders(Game):
    """The forced-move and standing-order part of
    :class:`~bot.games.killer_bunnies.rules.KillerBunnies`, kept out of its rules module."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        """A lone action in a public prompt plays itself: flipping when the Market has nothing
        you can afford, the only bunny to target, the only carrot left, a bunny that nothing
        can save. Those prompts show only the table (Dolla, market, circle are face up); the
        ones that show a hand (windows, run cards) are private and never forced."""
        return self.lone_action(state, prompt)

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        return choice(state, prompt, order)
