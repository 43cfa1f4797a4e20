"""Bullfrog Goldfield's forced moves and standing orders (issue 25).

Every company's charter holder is asked "pay a dividend?" in every income phase (a third of a
game's prompts), and a share auction asks each bidder in turn. These orders answer from what
the player sees; with ``cash=hidden`` the prompts are private, which changes nothing here (an
order reads only the prompt's own actions and the company on the table).
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

PAY_DIVIDENDS = "pay-dividends"
KEEP_BONDS = "keep-bonds"
PASS_AUCTIONS_ABOVE = "pass-auctions-above"

ORDERS = (
    StandingOrder(
        PAY_DIVIDENDS,
        "Always pay dividends",
        "In every income phase, pays out each company you hold the charter of (+5 on the Income "
        "Track) instead of asking whether to keep the cash.",
    ),
    StandingOrder(
        KEEP_BONDS,
        "Keep my railroads' bonds",
        "In the income phase, keeps the bonds of your railroads instead of asking whether to pay "
        "them off or swap them.",
    ),
    StandingOrder(
        PASS_AUCTIONS_ABOVE,
        "Pass share auctions above $X",
        "In an auction of a share, passes when the lowest bid you could make is above the amount "
        "(0 passes every auction); you are asked while you can bid within it.",
        reveals="With cash=hidden, a pass made at once tells the others that the lowest bid was "
        "above your limit or your cash.",
        amount="Highest bid you would make ($)",
    ),
)

RECOMMENDED = (PAY_DIVIDENDS,)
"""Paying out is what a shareholder does in most income phases (the game's bot about 85% of the
time): the money and the Income Track step go to the players."""


class BullfrogOrders(Game):
    """The forced-move and standing-order part of
    :class:`~bot.games.bullfrog_goldfield.rules.BullfrogGoldfield`, kept out of its rules module."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        """A lone action in a public prompt plays itself: the bidder who cannot raise passes.
        With ``cash=hidden`` every prompt is private (it depends on the player's cash), so
        nothing is forced: a quick pass would tell the table that the cash ran out."""
        return self.lone_action(state, prompt)

    def standing_orders(self) -> tuple[StandingOrder, ...]:
        return ORDERS

    def recommended_orders(self) -> tuple[str, ...]:
        return RECOMMENDED

    def order_choice(self, state: State, prompt: Prompt, order: str, amount: int | None = None) -> str | None:
        phase = state["phase"]
        keys = prompt.keys()
        if order == PAY_DIVIDENDS and phase == "dividend":
            return next((key for key in keys if key.startswith("dividend:")), None)
        if order == KEEP_BONDS and phase == "payoff" and "done" in keys:
            return "done"
        if order == PASS_AUCTIONS_ABOVE and amount is not None and state["auction"] is not None and "pass" in keys:
            bids = [int(key.split(":")[1]) * 1000 for key in keys if key.startswith("bid:")]
            return "pass" if not bids or min(bids) > amount else None
        return None
