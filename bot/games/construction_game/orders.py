"""The Construction Game's standing orders: routine answers a contractor may leave (issue 25).

Before every job's income roll each other contractor who could buy something is asked "buy
anything first?" (the purchase window): a quarter of all prompts at three players, more at
six. Competitive bids, Big Sky auctions and trade offers ask in turn too. Everything these
orders read (cash, notes, fleets, prices, the bid) is on the table: only the Contingency deck's
order is hidden, and no order looks at it.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

from .components import TRACK
from .messages import T

PASS_WINDOWS = "pass-windows"
PASS_WINDOWS_BELOW = "pass-windows-below"
DROP_BIDS_ABOVE = "drop-bids-above"
PASS_AUCTIONS_ABOVE = "pass-auctions-above"
DECLINE_OFFERS_ABOVE = "decline-offers-above"
ROLL = "roll"
TAKE_JOBS = "take-jobs"
BUY_FOR_JOBS = "buy-for-jobs"
REPAY_NOTES = "repay-notes"

ORDERS = (
    StandingOrder(
        PASS_WINDOWS,
        T("Pass buy windows"),
        T("Answers \"No purchase now\" whenever another contractor is about to roll for job income, "
          "and rolls at once when you won a contested bid: you buy on your own turn."),
    ),
    StandingOrder(
        PASS_WINDOWS_BELOW,
        T("Decline purchases while my cash is below $X"),
        T("Passes the buy windows before an income roll (rolls at once after winning a contested bid) "
          "while your cash is under the amount; you are asked when you have at least that much."),
        amount=T("Cash you want in hand before buying in a window ($)"),
    ),
    StandingOrder(
        DROP_BIDS_ABOVE,
        T("Drop out of competitive bids above $X"),
        T("In a competitive bid for a job, drops out when even the smallest raise would go above "
          "the amount; you are asked while you can still bid within it."),
        amount=T("Highest bid you would make ($)"),
    ),
    StandingOrder(
        PASS_AUCTIONS_ABOVE,
        T("Pass Big Sky auctions above $X"),
        T("In a Big Sky Auction of another contractor's piece, passes when the lowest bid you "
          "could make is above the amount (0 passes every auction)."),
        amount=T("Highest auction bid you would make ($)"),
    ),
    StandingOrder(
        DECLINE_OFFERS_ABOVE,
        T("Decline trade offers above $X"),
        T("Declines another contractor's offer when its price is above the amount (0 declines "
          "every offer); you are asked about cheaper ones."),
        amount=T("Highest price you would consider ($)"),
    ),
    StandingOrder(
        TAKE_JOBS,
        T("Take every job I land on (not bids)"),
        T("Takes a job at once when you have its machines, without buying first; you are asked "
          "for competitive bids and when you would have to buy the machines."),
    ),
    StandingOrder(
        BUY_FOR_JOBS,
        T("Buy machines for my jobs and take them (not bids)"),
        T("When you land on a job (not a competitive bid), first buys more machines of its type, up to "
          "three at a time, while more of them would add to a year of that type's jobs: for cash while "
          "$5,000 + $500 a piece you own stays in hand, else a fifth down on bank notes; then takes the job "
          "when you have its machines and its expected income (the chart's mean for your pieces, doubled "
          "in a hot market, a Contingency card's average) beats its costs, fees and trucking, and refuses "
          "it otherwise. You are asked for competitive bids."),
    ),
    StandingOrder(
        REPAY_NOTES,
        T("Repay notes from spare cash"),
        T("At the start of your turn, repays bank notes ($10,000, $50,000 or all of them: the most that "
          "leaves $25,000 + $500 a piece you own in cash); you are asked when nothing is to be repaid."),
    ),
    StandingOrder(
        ROLL,
        T("Roll at once on my turn"),
        T("Rolls at the start of each of your turns without shopping, repaying notes or offering "
          "a trade; cancel it to do those again."),
    ),
)

RECOMMENDED = (PASS_WINDOWS, BUY_FOR_JOBS, REPAY_NOTES)
"""Buying before someone else's income roll rarely beats buying on one's own turn (the piece
earns nothing on their job); machines bought on landing on their job earn on it at once, and a
job with one's own machines nearly always pays; notes cost 10% a year. These are the normal
bot's own rules (``agent.job_choice``, ``agent.repay_choice``), which beat every arena strategy
(see ``python -m bot decisions`` and data/construction-game/README.md)."""


def _lowest_bid(prompt: Prompt) -> int | None:
    """The smallest ``bid:N`` the prompt offers, or None when only passing is left."""
    bids = [int(a.key.split(":")[1]) for a in prompt.actions if a.key.startswith("bid:")]
    return min(bids) if bids else None


def choice(state: State, prompt: Prompt, order: str, amount: int | None) -> str | None:
    """The key ``order`` plays for ``prompt`` (a prompt of ``prompt.seat``), or None.

    Orders with an amount read it as whole dollars; without one (``None``) they answer nothing.
    """
    seat = prompt.seat
    keys = prompt.keys()
    phase = state["phase"]
    if phase == "window":
        # Others pass; the winner of a contested bid, asked to buy before the income roll, rolls.
        done = "pass" if "pass" in keys else "roll" if "roll" in keys else None
        if order == PASS_WINDOWS or (order == PASS_WINDOWS_BELOW and amount is not None
                                     and state["cash"][seat] < amount):
            return done
        return None
    if amount is not None and "pass" in keys:
        lowest = _lowest_bid(prompt)
        if (order == DROP_BIDS_ABOVE and phase == "bid") or (order == PASS_AUCTIONS_ABOVE and phase == "auction"):
            return "pass" if lowest is None or lowest > amount else None
    if order == DECLINE_OFFERS_ABOVE and phase == "offer" and amount is not None:
        return "decline" if state["offer"]["price"] > amount else None
    if order == TAKE_JOBS and phase == "job" and "accept" in keys and not TRACK[state["job"]["square"]].get("bid"):
        return "accept"
    if order == BUY_FOR_JOBS and phase == "job" and not TRACK[state["job"]["square"]].get("bid"):
        from .agent import NORMAL, job_choice  # the order is the normal bot's rule

        return job_choice(state, seat, keys, NORMAL)
    if order == REPAY_NOTES and phase == "turn":
        from .agent import NORMAL, repay_choice

        return repay_choice(state, seat, keys, NORMAL)
    if order == ROLL and phase == "turn" and "roll" in keys:
        return "roll"
    return None


class ConstructionOrders(Game):
    """The forced-move and standing-order part of
    :class:`~bot.games.construction_game.rules.ConstructionGame`, kept out of its rules module."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        """Everything a prompt here reads is on the table (only the Contingency deck's order is
        hidden), so a lone action plays itself: dropping out of a bid you cannot raise, passing
        an auction you cannot afford, the one piece left to auction in a cash crunch."""
        return self.lone_action(state, prompt)

    orders = ORDERS
    recommended = RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        return choice(state, prompt, order, amount)
