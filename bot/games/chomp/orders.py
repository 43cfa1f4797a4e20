"""Chomp's standing orders for play-by-post (issue 25).

By turns every player still in answers every round privately: chomp a card or hold. Two kinds
of round leave a player nothing to decide, and the face-up cards show the whole table which:

- no good chomp for them (an ink-out, their card the lowest, nothing below theirs, or only the
  lowest creature's own kind beside them): every slap is a miss or a bad chomp, and holding is
  the one answer that costs nothing;
- an ordinary round where they alone have a good chomp: nobody else can win it, so chomping
  the lowest creature wins it whenever they answer (which of several equal lowest cards does
  not matter: the winner takes every card theirs can eat), and holding only gives it away.

Every other round is a race (the earliest good chomp wins), and no order answers it: an order
answering at once would win every race it entered.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State
from bot.games.chomp.messages import T

from . import rules  # rules imports this module first; its names are read at call time only

HOLD_UNLESS_ABLE = "hold-unless-able"
CHOMP_UNOPPOSED = "chomp-unopposed"

ORDERS = (
    StandingOrder(
        HOLD_UNLESS_ABLE,
        T("Hold when I have no good chomp"),
        T("In turns mode, holds at once in a round where no card on the table is a good chomp for "
        "yours (an ink-out, your card the lowest, or nothing lower than it); you are asked "
        "whenever one is, and in every feeding frenzy."),
        reveals="",
    ),
    StandingOrder(
        CHOMP_UNOPPOSED,
        T("Chomp when nobody else can"),
        T("In turns mode, in a round without an octopus or an eel where your card is the only one "
        "with a good chomp, chomps the lowest creature at once (nobody else can win that round, "
        "so answering first wins no race); you are asked whenever another player could chomp "
        "well too, and in every feeding frenzy."),
        reveals="",
    ),
)

RECOMMENDED = (HOLD_UNLESS_ABLE, CHOMP_UNOPPOSED)
"""Rounds with one sensible answer that the face-up cards show to everyone."""


class ChompOrders(Game):
    """The standing-order part of :class:`~bot.games.chomp.rules.Chomp`."""

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        if order not in (HOLD_UNLESS_ABLE, CHOMP_UNOPPOSED):
            return None
        if state["mode"] != "turns" or state["phase"] != rules.CHOMP_PHASE:
            return None
        cards = rules.Chomp.face_up(state)
        if cards[prompt.seat] is None or not any(action.key == rules.PASS for action in prompt.actions):
            return None
        if order == HOLD_UNLESS_ABLE:
            return None if _good_targets(cards, prompt.seat) else rules.PASS
        if rules.round_kind(cards) != rules.NORMAL:
            return None
        targets = _good_targets(cards, prompt.seat)
        rivals = [seat for seat, card in enumerate(cards) if card is not None and seat != prompt.seat
                  and _good_targets(cards, seat)]
        return f"chomp:{targets[0] + 1}" if targets and not rivals else None


def _good_targets(cards: list[str | None], seat: int) -> list[int]:
    """The seats whose card ``seat`` may chomp well this round, in seat order."""
    return [target for target, card in enumerate(cards)
            if card is not None and target != seat and rules.judge(cards, seat, target) == rules.GOOD]
