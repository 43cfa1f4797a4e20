"""Chomp's standing order for play-by-post (issue 25).

By turns every player still in answers every round privately: chomp a card or hold. When the
cards on the table leave a player no good chomp — an ink-out, their card the lowest, nothing
below theirs, or only the lowest creature's own kind beside them — every slap is a miss or a
bad chomp, and holding is the one answer that costs nothing. The table can see that as well as
its player (the cards are face up), so holding at once tells nobody anything.

There is deliberately no order that chomps for a player: the earliest good chomp wins a
round, so an order answering at once would win every race it enters.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

from . import rules  # rules imports this module first; its names are read at call time only

HOLD_UNLESS_ABLE = "hold-unless-able"

ORDERS = (
    StandingOrder(
        HOLD_UNLESS_ABLE,
        "Hold when I have no good chomp",
        "In turns mode, holds at once in a round where no card on the table is a good chomp for "
        "yours (an ink-out, your card the lowest, or nothing lower than it); you are asked "
        "whenever one is, and in every feeding frenzy.",
        reveals="",
    ),
)

RECOMMENDED = (HOLD_UNLESS_ABLE,)
"""Without a good chomp a slap can only miss or cost a card: holding is not a decision."""


class ChompOrders(Game):
    """The standing-order part of :class:`~bot.games.chomp.rules.Chomp`."""

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        if order != HOLD_UNLESS_ABLE or state["mode"] != "turns" or state["phase"] != rules.CHOMP_PHASE:
            return None
        cards = rules.Chomp.face_up(state)
        if cards[prompt.seat] is None or not any(action.key == rules.PASS for action in prompt.actions):
            return None
        others = [target for target, card in enumerate(cards) if card is not None and target != prompt.seat]
        if any(rules.judge(cards, prompt.seat, target) == rules.GOOD for target in others):
            return None
        return rules.PASS
