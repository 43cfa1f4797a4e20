"""Bullfrog Goldfield's forced moves and standing orders (issue 25).

Every company's charter holder is asked "pay a dividend?" in every income phase, and a
railroad's "pay off bonds?" (the two were a third of a game's prompts); a share auction asks
each bidder in turn; a multi-step action (a building, a stretch of track) asks again for a step
that has only one way left besides Cancel; and a player who can afford nothing but hauling ore
is asked which mine to raise. These orders answer from what the player sees: an order reads
only the prompt's own actions and the public board (companies, their charters and cash). With
``cash=hidden`` the prompts are private, and an order that answers at once can tell the others
what the player's own cash allowed: those orders say so.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

PAY_DIVIDENDS = "pay-dividends"
KEEP_BONDS = "keep-bonds"
PASS_AUCTIONS_ABOVE = "pass-auctions-above"
PAY_OFF_BONDS = "pay-off-bonds"
FINISH_ONE_WAY = "finish-one-way"
HAUL_OWN_MINE = "haul-own-mine"

HIDDEN_CASH = "With cash=hidden, "

ORDERS = (
    StandingOrder(
        PAY_DIVIDENDS,
        "Always pay dividends",
        "In every income phase, pays out each company you hold the charter of (+5 on the Income "
        "Track) instead of asking whether to keep the cash.",
    ),
    StandingOrder(
        PAY_OFF_BONDS,
        "Pay off my railroads' bonds",
        "In the income phase, pays off the largest bond each of your railroads has the cash for "
        "(or else swaps one for a smaller bond), instead of asking; keeps the bonds it cannot pay.",
    ),
    StandingOrder(
        FINISH_ONE_WAY,
        "Finish an action when one way is left",
        "When a step of your action (who pays for a building, the price of a charter, where "
        "track goes) has only one move besides Cancel, plays that move: a building only you or "
        "only one company can pay for is paid that way, track that can go no further is finished. "
        "A step whose one move issues a bond is still asked.",
        reveals=HIDDEN_CASH + "a step finished at once tells the others it had one way only (for "
        "a building, that you could not pay for it yourself, or could only pay yourself).",
    ),
    StandingOrder(
        HAUL_OWN_MINE,
        "Haul for my own mine when I can only haul",
        "On a turn where hauling ore is all you can do, hauls and raises the mine you hold the "
        "charter of with the highest value still below its limit (no mine if none); you are "
        "asked whenever anything else is possible.",
        reveals=HIDDEN_CASH + "a haul made at once tells the others that your cash buys nothing "
        "else this turn.",
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

RECOMMENDED = (PAY_DIVIDENDS, PAY_OFF_BONDS, FINISH_ONE_WAY, HAUL_OWN_MINE)
"""Paying out is what a shareholder does in most income phases (the game's bot about 85% of the
time): the money and the Income Track step go to the players. Paying off bonds saves their
interest every cycle (the bot always does); a step with one way left is no decision; and with
nothing but hauling possible, raising one's own mine is what the bot, and a player, does."""


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
        if order == PAY_OFF_BONDS and phase == "payoff":
            return _best_payoff(keys)
        if order == FINISH_ONE_WAY and phase == "act" and state["auction"] is None and state["sub"] is not None:
            moves = [key for key in keys if key != "cancel"]
            # A bond is a debt with interest every cycle: the player confirms that one.
            return moves[0] if len(moves) == 1 and "bond" not in moves[0] else None
        if order == HAUL_OWN_MINE and phase == "act" and state["auction"] is None and state["sub"] is None:
            return _own_haul(state, prompt.seat, keys)
        if order == PASS_AUCTIONS_ABOVE and amount is not None and state["auction"] is not None and "pass" in keys:
            bids = [int(key.split(":")[1]) * 1000 for key in keys if key.startswith("bid:")]
            return "pass" if not bids or min(bids) > amount else None
        return None


def _best_payoff(keys: list[str]) -> str | None:
    """The largest bond the railroad can pay off, else the first swap offered, else keep."""
    repays = sorted((key for key in keys if key.startswith("repay:")), key=lambda key: -int(key[6:]))
    swaps = [key for key in keys if key.startswith("reduce:")]
    return next(iter(repays or swaps or [key for key in keys if key == "done"]), None)


def _own_haul(state: State, seat: int, keys: list[str]) -> str | None:
    """On a turn of nothing but hauls: the seat's own mine with the highest value below its
    limit (the first in the game's order on a tie), else no mine."""
    if not keys or not all(key.startswith("haul:") for key in keys):
        return None
    from .rules import limit_of  # the rules module imports this one

    own = [key for key in keys if key != "haul:none" and state["cos"][key[5:]]["charter"] == seat
           and (limit_of(state, key[5:]) or 999) > state["cos"][key[5:]]["value"]]
    if own:
        return max(own, key=lambda key: state["cos"][key[5:]]["value"])
    return "haul:none" if "haul:none" in keys else None
