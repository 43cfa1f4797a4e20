"""Bullfrog Goldfield's forced moves and standing orders (issue 25).

Every company's charter holder is asked "pay a dividend?" in every income phase, and a
railroad's "pay off bonds?" (the two were a third of a game's prompts); a share auction asks
each bidder in turn; a multi-step action (a building, a stretch of track) asks again for a step
that has only one way left besides Cancel; a player who can afford nothing but hauling ore
is asked which mine to raise; a charter's buyer is asked its price; and every player chooses
a character card every cycle, one after the other. These orders answer from what the player
sees: an order reads only the prompt's own actions, the public board (companies, their
charters and cash) and the player's own cash. With
``cash=hidden`` the prompts are private, and an order that answers at once can tell the others
what the player's own cash allowed: those orders say so.
"""

from __future__ import annotations

from bot.engine import Game, Prompt, StandingOrder, State

from .components import components
from .messages import T, clause, data_text

PAY_DIVIDENDS = "pay-dividends"
KEEP_BONDS = "keep-bonds"
PASS_AUCTIONS_ABOVE = "pass-auctions-above"
PAY_OFF_BONDS = "pay-off-bonds"
FINISH_ONE_WAY = "finish-one-way"
HAUL_OWN_MINE = "haul-own-mine"
TAKE = "take-"
"""A character order's key: ``take-`` and the card's id (``take-magnate``)."""
TAKE_MAGNATE, TAKE_SURVEYOR, TAKE_TEAMSTER, TAKE_ARCHITECT = (
    TAKE + card for card in ("magnate", "surveyor", "teamster", "architect"))
CHARTER_AT_LIMIT = "charter-at-limit"

CHARTER_RESERVE = 5
"""Thousands of dollars the charter order leaves in hand (a turn's hauling and more)."""
ORDERS = (
    StandingOrder(
        PAY_DIVIDENDS,
        T("Always pay dividends"),
        T("In every income phase, pays out each company you hold the charter of (+5 on the Income "
          "Track) instead of asking whether to keep the cash."),
    ),
    StandingOrder(
        PAY_OFF_BONDS,
        T("Pay off my railroads' bonds"),
        T("In the income phase, pays off the largest bond each of your railroads has the cash for "
          "(or else swaps one for a smaller bond), instead of asking; keeps the bonds it cannot pay."),
    ),
    StandingOrder(
        FINISH_ONE_WAY,
        T("Finish an action when one way is left"),
        T("When a step of your action (who pays for a building, the price of a charter, where "
          "track goes) has only one move besides Cancel, plays that move: a building only you or "
          "only one company can pay for is paid that way, track that can go no further is finished. "
          "A step whose one move issues a bond is still asked."),
        reveals=T("With cash=hidden, a step finished at once tells the others it had one way only (for "
                  "a building, that you could not pay for it yourself, or could only pay yourself)."),
    ),
    StandingOrder(
        HAUL_OWN_MINE,
        T("Haul for my own mine when I can only haul"),
        T("On a turn where hauling ore is all you can do, hauls and raises the mine you hold the "
          "charter of with the highest value still below its limit (no mine if none); you are "
          "asked whenever anything else is possible."),
        reveals=T("With cash=hidden, a haul made at once tells the others that your cash buys nothing "
                  "else this turn."),
    ),
    StandingOrder(
        CHARTER_AT_LIMIT,
        T("Buy charters at their limit"),
        T("When you buy a charter, pays the company's stock value limit ({limit:$} before any "
          "building counts for it) as its price, so it starts as high as it may, when that leaves "
          "you {reserve:$}; you are asked when it would not.", limit=25_000, reserve=CHARTER_RESERVE * 1000),
        reveals=T("With cash=hidden, a price paid at once tells the others that you had {reserve:$} more "
                  "than it.", reserve=CHARTER_RESERVE * 1000),
    ),
    *(StandingOrder(
        TAKE + card.id,
        T("Take the {card} when it is offered", card=card.name),
        T("In character selection, takes the {card} whenever it is still on offer to you "
          "({effect}). Set several to rank them: the one set first is taken "
          "first; you choose as usual when none of yours is left.", card=card.name, effect=data_text(clause(card.effect))),
    ) for card in components().characters),
    StandingOrder(
        KEEP_BONDS,
        T("Keep my railroads' bonds"),
        T("In the income phase, keeps the bonds of your railroads instead of asking whether to pay "
          "them off or swap them."),
    ),
    StandingOrder(
        PASS_AUCTIONS_ABOVE,
        T("Pass share auctions above $X"),
        T("In an auction of a share, passes when the lowest bid you could make is above the amount "
          "(0 passes every auction); you are asked while you can bid within it."),
        reveals=T("With cash=hidden, a pass made at once tells the others that the lowest bid was "
                  "above your limit or your cash."),
        amount=T("Highest bid you would make ($)"),
    ),
)

RECOMMENDED = (PAY_DIVIDENDS, PAY_OFF_BONDS, FINISH_ONE_WAY,
               TAKE_MAGNATE, TAKE_TEAMSTER, TAKE_SURVEYOR, TAKE_ARCHITECT)
"""Each is what the game's bot does at those prompts in every one of the benchmark's games
(``python -m bot decisions bullfrog-goldfield``, the agree column): paying out moves the
company +5 and hands the cash to the players; paying off bonds saves their interest every
cycle; a step with one way left is no decision; and the character ranking is the bot's (the
Magnate's $5,000 first: see the data README's figures). Not recommended: ``charter-at-limit``
(the bot opens a mine at the lowest price, $10,000, and so opens more of them: red-team pass 3
in the data README), ``haul-own-mine`` (the bot raises the mine it holds the most certificates
of, which is its chartered one only about a third of the time), and the orders that keep bonds
or pass auctions."""


class BullfrogOrders(Game):
    """The forced-move and standing-order part of
    :class:`~bot.games.bullfrog_goldfield.rules.BullfrogGoldfield`, kept out of its rules module."""

    def forced(self, state: State, prompt: Prompt) -> bool:
        """A lone action in a public prompt plays itself: the bidder who cannot raise passes.
        With ``cash=hidden`` every prompt is private (it depends on the player's cash), so
        nothing is forced: a quick pass would tell the table that the cash ran out."""
        return self.lone_action(state, prompt)

    orders = ORDERS
    recommended = RECOMMENDED

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
        if order.startswith(TAKE) and phase == "select":
            card = "char:" + order[len(TAKE):]
            return card if card in keys else None
        if order == CHARTER_AT_LIMIT and phase == "act" and state["sub"] is not None and state["sub"]["kind"] == "charter":
            return _limit_price(state, prompt.seat, keys)
        if order == PASS_AUCTIONS_ABOVE and amount is not None and state["auction"] is not None and "pass" in keys:
            bids = [int(key.split(":")[1]) * 1000 for key in keys if key.startswith("bid:")]
            return "pass" if not bids or min(bids) > amount else None
        return None


def _limit_price(state: State, seat: int, keys: list[str]) -> str | None:
    """The charter's price at the company's stock value limit, when that price is offered and
    leaves the buyer :data:`CHARTER_RESERVE` in hand."""
    from .rules import limit_of  # the rules module imports this one

    limit = limit_of(state, state["sub"]["co"])
    key = f"price:{limit}"
    if limit is None or key not in keys or state["cash"][seat] - limit < CHARTER_RESERVE:
        return None
    return key


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
