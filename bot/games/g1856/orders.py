"""1856's standing orders, like 18xx.games' programmed actions (issue 25).

1856 has no hidden information (no cards, no dice), so its forced moves are the engine's default
(:meth:`bot.engine.Game.forced`): every prompt with one action plays itself. These orders answer
the routine steps of operating rounds and let a player sit out the rest of a stock round.

Most prompts left after forced moves are operating steps where the company has nothing of that
step's own to do, only the moves every step offers (take a loan, buy a private from its owner):
the track step with no tile the treasury can pay for, the station step when a station needs a
loan, the loan step with no loan to repay. The engine stops there because the reference
(18xx.games) does; a president who does not want a loan passes them, and
``skip-idle-steps`` does that for them. The train step is never skipped: borrowing for a train
is the one loan a president plans for.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State
from bot.games.g1856.messages import T

PAY_DIVIDENDS = "pay-dividends"
PAY_UNLESS_SAVING = "pay-unless-saving"
RUN_BEST = "run-best"
SKIP_IDLE_STEPS = "skip-idle-steps"
PASS_WHEN_ONLY_SELLING = "pass-unless-buying"
PASS_STOCK_ROUND = "pass-stock-round"
NO_STATIONS = "no-stations"
NO_PRIVATES = "no-privates"
PASS_AUCTION = "pass-auction"

ORDERS = (
    StandingOrder(
        PAY_DIVIDENDS,
        T("Always pay dividends"),
        T("Pays out the revenue of every company you are president of, instead of asking pay out or withhold."),
    ),
    StandingOrder(
        PAY_UNLESS_SAVING,
        T("Pay dividends unless saving for a train"),
        T("Pays out the revenue of every company you are president of, except that it withholds while "
          "the company saves for a train it needs: it has room under its train limit, cannot yet pay "
          "for the cheapest train in the bank, and that train would be its first or second, a newer "
          "type than any it runs, the last of its type, or one that outlives the next two types."),
    ),
    StandingOrder(
        RUN_BEST,
        T("Run the best routes"),
        T("When your company runs its trains, takes the best-paying routes the route search found instead of asking."),
    ),
    StandingOrder(
        SKIP_IDLE_STEPS,
        T("Skip steps with nothing to do but borrow"),
        T("In your companies' operating turns, passes the track, station, loan and private steps when the only moves left are taking a loan or buying a private from its owner (no tile the treasury pays for, no station without a loan, no loan to repay); you are asked at every step with something of its own to do, and at every train step."),
    ),
    StandingOrder(
        PASS_WHEN_ONLY_SELLING,
        T("Pass in stock rounds when I can only sell"),
        T("In a stock round, passes your turn when you cannot buy a share or start a company (the only moves left are sales); you are asked whenever you can buy."),
    ),
    StandingOrder(
        PASS_AUCTION,
        T("Pass in the private auction"),
        T("Passes every turn of the opening auction of private companies on which you may pass (you buy nothing and bid nothing); a private left at no price is still yours to take when the rules give it to you."),
    ),
    StandingOrder(
        PASS_STOCK_ROUND,
        T("Pass in this stock round"),
        T("Passes every turn of this stock round (or of the next one, when set during an operating round); the order ends with that round."),
    ),
    StandingOrder(
        NO_STATIONS,
        T("Skip the station step"),
        T("Passes the station step of your companies' operating turns, also when a station could be placed."),
    ),
    StandingOrder(
        NO_PRIVATES,
        T("Pass on buying privates"),
        T("Passes the private step of your companies' operating turns when its only moves are buying a private company from its owner or taking a loan."),
    ),
)

RECOMMENDED = (PAY_DIVIDENDS, RUN_BEST, SKIP_IDLE_STEPS, PASS_WHEN_ONLY_SELLING)
"""What the game's bot itself does at these prompts (it agrees with every answer): paying out
(since issue 26 the bot never withholds: withholding to save for a train cost it most games
against the ``investor`` strategy at 4 players, and the further companies it starts when rich
buy the trains that move the phases on); the best run; passing a step whose only move is a
loan; passing a stock-round turn that could only sell. "Pay dividends unless saving for a
train" stays for a player who saves (its rule is :func:`agent.saving_for_train`). Selling is a
weapon in 1856 (dumping a company, dropping a price): a player who plans one cancels that
order for the round, as withholding and borrowing stay one cancel away."""

IDLE_STEPS = ("track", "token", "loan", "buy_company")
"""The steps ``skip-idle-steps`` may pass (never the train step, nor the run and the dividend)."""


def _only(keys: list[str], *prefixes: str) -> bool:
    """Whether the prompt offers "pass" and otherwise only moves whose keys start with ``prefixes``."""
    return "pass" in keys and all(key == "pass" or key.startswith(prefixes) for key in keys)


def _step(state: State) -> str | None:
    """The operating step whose own prompt waits now, or None while something else is asked (a
    home station, a price to name, a route built stop by stop, a station to move): no order
    answers those."""
    if state["round"] != "operating":
        return None
    op = state.get("op") or {}
    if any(op.get(name) for name in ("home", "offer", "building", "relocate")):
        return None
    step: str | None = op.get("step")
    return step


def _special(state: State) -> bool:
    """Whether the CGR's formation, a nationalization, a train over the limit or a president's
    crisis is being settled (it comes before the round's own prompts): no order answers those."""
    return any(state.get(name) for name in ("cgr_markers", "cgr_discard", "nationalization", "discard", "crisis"))


class G1856Orders(Game):
    """The standing-order part of :class:`~bot.games.g1856.rules.G1856`, kept out of its rules module."""

    orders = ORDERS
    recommended = RECOMMENDED

    def order_scope(self, state: State, order: str) -> str | None:
        """"Pass in this stock round" lasts for one stock round: the current one, or during the
        private auction or an operating round the next one."""
        if order != PASS_STOCK_ROUND:
            return None
        number = int(state["sr_number"]) + (0 if state["round"] == "stock" else 1)
        return f"stock-round-{number}"

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        keys = prompt.keys()
        if _special(state):
            return None
        if state["round"] == "auction":
            return "pass" if order == PASS_AUCTION and "pass" in keys else None
        if state["round"] == "stock" and "pass" in keys:
            if order == PASS_STOCK_ROUND or (order == PASS_WHEN_ONLY_SELLING and _only(keys, "sell:")):
                return "pass"
            return None
        step = _step(state)
        if step is None:
            return None
        if order == PAY_DIVIDENDS and "payout" in keys:
            return "payout"
        if order == PAY_UNLESS_SAVING and step == "dividend" and "payout" in keys:
            from bot.games.g1856 import agent, core  # the saving rule lives with the bot's train rules

            saving = "withhold" in keys and agent.saving_for_train(state, core.current_corp(state))
            return "withhold" if saving else "payout"
        if order == RUN_BEST and "run:best" in keys:
            return "run:best"
        if order == SKIP_IDLE_STEPS and step in IDLE_STEPS:
            # At the private step the purchases are the step's own moves: left to the player.
            idle = _only(keys, "loan") if step == "buy_company" else _only(keys, "loan", "company:")
            return "pass" if idle else None
        if order == NO_STATIONS and step == "token" and "pass" in keys:
            return "pass"
        if order == NO_PRIVATES and step == "buy_company" and _only(keys, "loan", "company:"):
            return "pass"
        return None
