"""Puerto Rico's forced moves and standing orders (issue 25).

Only the other players' VP chips and the plantation stack's order are hidden, and no prompt
shows either: a lone action (the one cargo a captain must ship) plays itself. The orders answer
the mayor's placement, the free colonists and the optional production with what a player
almost always does.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

from .buildings import GOODS
from .legal import _cargo_loads
from .messages import T

PLACE_COLONISTS = "place-colonists"
TAKE_COLONISTS = "take-colonists"
PRODUCE_ALL = "produce-all"
SHIP_MOST = "ship-most"

ORDERS = (
    StandingOrder(
        PLACE_COLONISTS,
        T("Let the game place my colonists"),
        T("In the mayor phase, takes your colonists back to San Juan once and lets the game place "
          "them all (the \"automatically\" button), instead of asking where each one goes."),
    ),
    StandingOrder(
        TAKE_COLONISTS,
        T("Take every free colonist"),
        T("Takes the colonist your Hospice or University offers (and the mayor's extra one) "
          "instead of asking."),
    ),
    StandingOrder(
        PRODUCE_ALL,
        T("Produce everything I can"),
        T("With production=choose, produces every barrel your plantations and buildings make and "
          "keeps every good you may store, instead of asking what to decline or throw away."),
    ),
    StandingOrder(
        SHIP_MOST,
        T("Load the biggest cargo for me"),
        T("In the captain phase, loads the good and cargo ship that take the most of your barrels "
          "(the first listed on a tie), never the Wharf; you are asked when only the Wharf is left."),
    ),
)

RECOMMENDED = (PLACE_COLONISTS, TAKE_COLONISTS, PRODUCE_ALL, SHIP_MOST)
"""What the game's bot does every time: placement is a chore in play-by-post, a free colonist
is never a loss, producing all is the printed rule's default, and the biggest load is the
most points a loading can give."""


class PuertoRicoOrders(Game):
    """The forced-move and standing-order part of
    :class:`~bot.games.puerto_rico.rules.PuertoRico`, kept out of its long rules module."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        """No prompt shows a hidden chip or the stack (all prompts are public), so a lone action
        plays itself: the one cargo a captain must ship, "Build nothing" with no money."""
        return self.lone_action(state, prompt)

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        sub = state["sub"]
        keys = prompt.keys()
        if order == PLACE_COLONISTS and sub == "place":
            return next((key for key in ("reset", "auto", "done") if key in keys), None)
        if order == TAKE_COLONISTS and sub in ("hospice", "university", "privilege") and "colonist:take" in keys:
            return "colonist:take"
        if order == SHIP_MOST and sub == "load":
            return _biggest_load(state, prompt.seat, keys)
        if order == PRODUCE_ALL and sub in ("produce", "discard"):
            key = "produce" if sub == "produce" else "done"
            return key if key in keys else None
        return None


def _biggest_load(state: State, seat: int, keys: list[str]) -> str | None:
    """The ``ship:<good>:<capacity>`` key among ``keys`` that loads the most barrels, or None."""
    caps = state["ship_caps"]
    best: tuple[int, str] | None = None
    for kind, ship, barrels in _cargo_loads(state, state["seats"][seat]["goods"]):
        key = f"ship:{GOODS[kind]}:{caps[ship]}"
        if key in keys and (best is None or barrels > best[0]):
            best = (barrels, key)
    return None if best is None else best[1]
