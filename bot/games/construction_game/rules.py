"""The Construction Game: contractors roll round the year, take jobs and build a fleet.

The rules as implemented (every ruling, with reasons, is in ``data/construction-game/README.md``):

* **Setup.** 2-6 contractors on YEAR END, each with $100,000 cash, two backhoes and a dozer
  and a $100,000 line of credit. Every contractor rolls a die; the highest roll starts
  (ties roll again). Turns go round in seat order.
* **A turn.** Before moving, the contractor may buy equipment, trucks and deeds, repay bank
  notes, and make one trade offer. ``roll`` moves one die round the 52-square track.
  Passing YEAR END closes that contractor's year: 10% interest on bank notes, this year's
  hot markets end and next year's begin, and the credit limit grows (after 5 years to
  $200,000, after 10 to $300,000).
* **Squares.** The first five weeks are market outlooks: landing there makes that type's
  gross income double for the lander all next year. Then five colour-banded seasons
  (residential/backhoes, commercial/dozers, institutional/excavators, municipal/graders,
  heavy-highway/scrapers), one job per week; six winter weeks of bills.
* **A job.** Land in a season with that equipment (or buy some at once) and ``accept`` or
  ``refuse``. Before the income die every other contractor may buy (the reaction window).
  Income = the rate chart (die × pieces owned) doubled in a hot market, less the week's
  operating cost, property fee and trucking bill (none with a truck; half as rent to a truck
  owner otherwise), plus the track's bonus, adjusted by a Contingency card where the square
  says so. Corner squares also charge every lander, job or not.
* **Buying.** Cash, or 20% cash down and bank notes for the rest within the credit limit.
* **Bids.** On a bid job the lander opens at $1,000; everyone else with the equipment may
  raise in turn or drop out; the winner pays the bank and does the job.
* **Cash crunch.** Bills beyond the cash on hand are not lent: the contractor auctions
  equipment (bids from half its listed price, from the left); no bid, the bank pays half.
  Repeat until paid; with nothing left to sell, the contractor is bankrupt and out.
* **End.** ``end=networth``: the first audited net worth of $1,500,000 (checked after every
  turn) wins. ``end=years``: after the table's number of years (option ``years``) the audit
  ranks everyone. Safeguards: year 8 in networth games, and an action cap.

State (plain JSON) keeps money in whole dollars; ``steps`` is the queue of automatic work
left in the current turn, so a pause for a decision (a bid, a crunch) resumes exactly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any

from bot.engine import (
    SYSTEM_SEAT,
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Outcome,
    Prompt,
    Rng,
    State,
    seat_ref,
    seed_value,
)
from bot.engine.rng import shuffle_unseen

from .components import (
    CARDS,
    CHART_PIECES,
    DEEDS,
    EQUIPMENT,
    PROPERTIES,
    RATES,
    SEASONS,
    SLOT,
    STAMPS,
    TRACK,
    TRUCK,
    WEEKS,
    item_name,
    on_job,
    price,
    rate,
)
from .messages import Code, T, commas, data_text, joined, machine, machines, restored, stored
from .orders import ConstructionOrders

START_CASH = 100_000
GOAL = 1_500_000
CREDIT_STEPS = ((10, 300_000), (5, 200_000), (0, 100_000))
"""(years of operation completed, credit limit): the first that applies."""
INTEREST_PERCENT = 10
DOWN_PERCENT = 20
DOWN_SHARE = f"{DOWN_PERCENT}%"
"""The cash share of a purchase on credit as texts write it (a param, not a "% d" to gettext)."""
BID_OPEN = 1_000
BID_RAISES = (1_000, 5_000, 10_000, 25_000)
AUCTION_RAISES = (1_000, 5_000, 10_000)
OFFER_PERCENTS = (50, 75, 100, 125, 150)
REPAY_AMOUNTS = (10_000, 50_000)
BUY_COUNTS = (1, 2, 3)
SAFEGUARD_YEARS = 8
"""A networth game also ends (with the audit) when a contractor completes this many years."""
YEAR_CHOICES = ("3", "4", "5", "6")
ACTIONS_PER_SEAT = 5_000
"""The action cap per seat: a hard bound no real game comes near (see the README)."""


ROLLOUT_STEPS_PER_SEAT = 8
"""A hard bot's rollouts stop after this many moves per seat (about two turns each; 16 at two
players, 32 at four: a cut of 16 at four players let hard win 28.6% of 56 games against normal,
32 moves 11 of 24, data/construction-game/README.md) and
the position is scored by :func:`bot.games.construction_game.evaluation.win_chances`: a whole
game is 700-1,900 moves. Fewer moves (none: the evaluation right after the searched move)
compare a roll, whose bills come at once and whose income comes later, with a move that
changes nothing, and the search then preferred endless trade menus and cash buys that ended
in forced auctions (4 players, 30 ms: the hard seat lost its first three games with $75,000
to $327,000)."""


CARD_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuv"
"""The deck is kept as a string, one letter per card (card id = position here): the state is
copied and checked after every move, and one string is far cheaper than 48 numbers."""


def shuffled(letters: str, rng: Rng) -> str:
    cards = list(letters)
    rng.shuffle(cards)
    return "".join(cards)


def money(amount: int) -> str:
    """``-12500`` -> "-$12,500"."""
    return f"{'-' if amount < 0 else ''}${abs(amount):,}"


def parse_start_rolls(rounds: list[str]) -> list[list[list[int]]]:
    """The starting roll-offs as kept in the state ("1:3 2:5" per round) -> [[seat, roll], ...]."""
    return [[[int(seat) - 1, int(roll)] for seat, roll in (pair.split(":") for pair in line.split())] for line in rounds]


def start_rolls_text(rounds: list[str]) -> str:
    """"Starting rolls: {seat0} 3, {seat1} 5; tie, again: ... {seat1} starts." for the log."""
    parsed = parse_start_rolls(rounds)
    parts = [commas([T("{who} {roll}", who=seat_ref(seat), roll=roll) for seat, roll in line]) for line in parsed]
    best = max(parsed[-1], key=lambda pair: pair[1])[0]
    rolls = parts[0]
    for again in parts[1:]:
        rolls = T("{rolls}; tie, again: {again}", rolls=rolls, again=again)
    return T("Starting rolls: {rolls}. {who} starts.", rolls=rolls, who=seat_ref(best))


def credit_limit(years_done: int) -> int:
    """The bank's line of credit after ``years_done`` years of operation."""
    for years, limit in CREDIT_STEPS:  # a loop, not next(generator): called on every purchase priced
        if years_done >= years:
            return limit
    return CREDIT_STEPS[-1][1]


def pieces(state: State, seat: int) -> int:
    """Every stamp in a contractor's yard (machines and trucks)."""
    return sum(state["fleet"][seat])


def assets(state: State, seat: int) -> int:
    """Equipment and deeds at their listed (purchase) price."""
    fleet = state["fleet"][seat]
    return sum(price(item) * fleet[SLOT[item]] for item in EQUIPMENT) + sum(
        price(deed) for deed in DEEDS if state["deeds"][deed] == seat
    )


def net_worth(state: State, seat: int) -> int:
    """The audit: assets at purchase price + cash − bank notes."""
    return assets(state, seat) + state["cash"][seat] - state["notes"][seat]


def credit_left(state: State, seat: int) -> int:
    return max(0, credit_limit(state["years"][seat]) - state["notes"][seat])


def purchase_cost(state: State, seat: int, item: str, count: int, note: bool) -> int | None:
    """Cash the purchase takes now, or ``None`` if the rules forbid it.

    Cash: the whole price. On credit: the bank lends the balance within the credit left, but
    never more than 80%, so at least 20% is paid down in cash. Stamps and deeds run out.
    """
    if item in PROPERTIES:
        if count != 1 or state["deeds"][item] is not None:
            return None
    elif state["supply"][item] < count:
        return None
    total = price(item) * count
    if not note:
        return total if state["cash"][seat] >= total else None
    loan = min(total * (100 - DOWN_PERCENT) // 100, credit_left(state, seat))
    down = total - loan
    if loan <= 0 or state["cash"][seat] < down:
        return None
    return down


def can_buy_anything(state: State, seat: int) -> bool:
    """Whether some purchase is possible now: the cheapest piece in stock, for cash or on credit."""
    in_stock = [price(item) for item in EQUIPMENT if state["supply"][item] > 0]
    in_stock += [price(deed) for deed in DEEDS if state["deeds"][deed] is None]
    if not in_stock:
        return False
    cheapest = min(in_stock)
    cash = state["cash"][seat]
    loan = min(cheapest * (100 - DOWN_PERCENT) // 100, credit_left(state, seat))
    return cash >= cheapest or (loan > 0 and cash >= cheapest - loan)


def buy_key(item: str, count: int, note: bool) -> str:
    base = f"buy:{item}" if item in PROPERTIES else f"buy:{item}:{count}"
    return base + (":note" if note else "")


def parse_buy(key: str) -> tuple[str, int, bool]:
    parts = key.split(":")
    note = parts[-1] == "note"
    if note:
        parts = parts[:-1]
    item = parts[1]
    count = int(parts[2]) if len(parts) > 2 else 1
    return item, count, note


def short_name(item: str) -> str:
    """What the picture prints for ``item``: the machine type ("dozer") or the deed's name."""
    return PROPERTIES[item]["name"] if item in PROPERTIES else machine(item)


@cache
def buy_group(item: str, counts: tuple[int, ...]) -> tuple[str, ...]:
    """Where a purchase of ``item`` is filed: deeds in one menu; machines and trucks in one
    menu when only one piece can be bought, else by type (1–3 pieces, cash or notes)."""
    if item in PROPERTIES:
        return (T("Buy a deed"),)
    return (T("Buy equipment"), short_name(item)) if len(counts) > 1 else (T("Buy equipment"),)


def buy_actions(state: State, seat: int, items: tuple[str, ...], counts: tuple[int, ...] = BUY_COUNTS) -> list[Action]:
    """Every purchase of ``items`` the contractor can make now (cash, then on credit)."""
    actions = []
    for item in items:
        group = buy_group(item, counts)
        for count in (1,) if item in PROPERTIES else counts:
            for note in (False, True):
                cost = purchase_cost(state, seat, item, count, note)
                if cost is None:
                    continue
                actions.append(_buy_action(item, count, note, cost, group))
    return actions


# Actions and texts made once each: the prompts are rebuilt at every move (and many times by
# the bots), and making the same words anew each time was most of a move's cost.


@cache
def _fixed_action(what: str) -> Action:
    """The turn's, the window's and the bidding's actions that take no number."""
    return {
        "roll": lambda: Action("roll", T("Roll the die and move"), main=True),
        "shop": lambda: Action("shop", T("Buy equipment, trucks or deeds"), main=True),
        "trade": lambda: Action("trade", T("Offer a piece or a deed to another contractor"), main=True),
        "drop out": lambda: Action("pass", T("Drop out of the bidding"), main=True),
        "roll for income": lambda: Action("roll", T("Roll for income now"), main=True),
        "no purchase": lambda: Action("pass", T("No purchase now"), main=True),
    }[what]()


@cache
def _your_turn() -> str:
    return T("Your turn: roll to move, or first shop, repay notes or offer a trade.")


@cache
def _window_text(seat: int, *, won: bool) -> str:
    """The purchase window's question: to the winner of a bid (``won``), or to the others
    while ``seat`` is about to roll."""
    if won:
        return T("{who} won the job: buy equipment first (it counts on this job), then roll for income.",
                 who=seat_ref(seat))
    return T("{who} is about to roll for income. Buy anything first?", who=seat_ref(seat))


@lru_cache(maxsize=1024)
def _repay_action(amount: int) -> Action:
    return Action(f"repay:{amount}", T("Repay {amount:$} of bank notes", amount=amount), group=(T("Repay notes"),))


@lru_cache(maxsize=4096)
def _bid_action(amount: int) -> Action:
    return Action(f"bid:{amount}", T("Bid {bid:$}", bid=amount))


@lru_cache(maxsize=4096)
def _buy_action(item: str, count: int, note: bool, cost: int, group: tuple[str, ...]) -> Action:
    """A purchase as an action, made once (the purchase lists are rebuilt at every move)."""
    total = price(item) * count
    if note:
        label = T("Buy {item} ({down:$} down, {loan:$} in notes)", item=item_name(item, count), down=cost,
                  loan=total - cost)
    else:
        label = T("Buy {item} ({total:$} cash)", item=item_name(item, count), total=total)
    return Action(buy_key(item, count, note), label, group=group)


def _copy(value: Any) -> Any:
    """A copy of small nested JSON data for a view (faster than ``copy.deepcopy``)."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


class ConstructionGame(ConstructionOrders, Game):
    slug = "construction-game"
    title = T("The Construction Game")
    grouped = True
    """Purchases, offers and repayments are filed in groups (see :func:`buy_group` and the README)."""
    min_players = 2
    max_players = 6
    summary = T("Roll round the contractor's year, take jobs with your fleet and reach a $1.5M net worth.")
    options = (
        Option("end", "networth", ("networth", "years"),
               T("networth: first audited net worth of $1.5M wins; years: audit after a set number of years")),
        Option("years", "3", YEAR_CHOICES, T("with end=years: how many years before the audit (3 suits play-by-post)")),
    )
    rules_file = "construction-game.txt"
    render_module = "bot.games.construction_game.render"
    version = 2
    """2: purchases before the income roll for a bid's winner and of anything on the job's
    week; the job's pieces (at most 10) count for cards as for fees (older logs differ)."""

    # -- setup -------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.check_players(players)
        opts = self.resolve_options(dict(options))
        state: State = {
            "rng": seed_value(seed),
            "players": players,
            "end": opts["end"],
            "target_years": int(opts["years"]),
            "pos": [0] * players,
            "years": [0] * players,
            "cash": [START_CASH] * players,
            "notes": [0] * players,
            "fleet": [[0] * len(EQUIPMENT) for _ in range(players)],
            "deeds": {deed: None for deed in DEEDS},
            "hot": [[] for _ in range(players)],
            "hot_next": [[] for _ in range(players)],
            "supply": dict(STAMPS),
            "deck": "",
            "discard": "",
            "out": [False] * players,
            "out_order": [],
            "turn": 0,
            "first": 0,
            "phase": "turn",
            "steps": [],
            "job": None,
            "bid": None,
            "window": None,
            "crunch": None,
            "auction": None,
            "offer": None,
            "offered": False,
            "last": None,
            "card": None,
            "moved": None,
            "final": False,
            "over": None,
            "actions": 0,
            "turns": 0,
            "start_rolls": [],
        }
        for seat in range(players):
            state["fleet"][seat][SLOT["backhoe"]] = 2
            state["fleet"][seat][SLOT["dozer"]] = 1
        state["supply"]["backhoe"] -= 2 * players
        state["supply"]["dozer"] -= players
        rng = Rng(state)
        state["deck"] = shuffled(CARD_LETTERS, rng)
        # Highest roll starts; tied highest roll again.
        contenders = list(range(players))
        while len(contenders) > 1:
            rolls = {seat: rng.randint(1, 6) for seat in contenders}
            state["start_rolls"].append(" ".join(f"{seat + 1}:{roll}" for seat, roll in rolls.items()))
            best = max(rolls.values())
            contenders = [seat for seat in contenders if rolls[seat] == best]
        state["turn"] = state["first"] = contenders[0]
        return state

    def max_actions(self, players: int) -> int:
        return ACTIONS_PER_SEAT * players

    # -- prompts -----------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        if state["over"]:
            return []
        phase = state["phase"]
        if phase == "turn":
            return [self._turn_prompt(state)]
        if phase == "shop":
            return [self._shop_prompt(state)]
        if phase == "trade":
            return [self._trade_prompt(state)]
        if phase == "offer":
            offer = state["offer"]
            text = T("{who} offers you {item} for {price:$}.", who=seat_ref(offer["seller"]),
                     item=item_name(offer["item"]), price=offer["price"])
            return [Prompt(offer["buyer"], text,
                           (Action("accept", T("Accept: pay {price:$}", price=offer["price"]), main=True),
                            Action("decline", T("Decline"), main=True)))]
        if phase == "job":
            return [self._job_prompt(state)]
        if phase == "bid":
            return [self._bid_prompt(state)]
        if phase == "window":
            return self._window_prompts(state)
        if phase == "crunch":
            crunch = state["crunch"]
            seat = crunch["seat"]
            actions = [Action(f"auction:{item}", T("Auction {item} (bids from {start:$})", item=item_name(item),
                                                   start=price(item) // 2))
                       for item in self._sellable(state, seat)]
            return [Prompt(seat, T("Cash crunch: {unpaid:$} of bills unpaid and the bank lends nothing. Choose what "
                                   "goes to auction.", unpaid=-state["cash"][seat]), tuple(actions))]
        if phase == "auction":
            return [self._auction_prompt(state)]
        raise AssertionError(f"unknown phase {phase}")

    def _turn_prompt(self, state: State) -> Prompt:
        """The turn menu is small (roll, shop, repay, trade) so a prompt stays quick to read;
        the long lists of purchases and offers open one step deeper."""
        seat = state["turn"]
        actions = [_fixed_action("roll")]
        if can_buy_anything(state, seat):
            actions.append(_fixed_action("shop"))
        cash, notes = state["cash"][seat], state["notes"][seat]
        repay = sorted({amount for amount in (*REPAY_AMOUNTS, notes) if 0 < amount <= min(cash, notes)})
        actions += [_repay_action(amount) for amount in repay]
        if not state["offered"] and self._can_offer(state, seat):
            actions.append(_fixed_action("trade"))
        text = _your_turn()
        if state["turns"] == 0 and state["start_rolls"]:
            text = joined([start_rolls_text(state["start_rolls"]), text], " ")
        return Prompt(seat, text, tuple(actions))

    def _shop_prompt(self, state: State) -> Prompt:
        seat = state["turn"]
        actions = [Action("done", T("Done shopping"), main=True), *buy_actions(state, seat, (*EQUIPMENT, *DEEDS))]
        return Prompt(seat, T("Shopping: cash, or {percent} down and bank notes within your credit.", percent=DOWN_SHARE), tuple(actions))

    def _trade_prompt(self, state: State) -> Prompt:
        seat = state["turn"]
        actions = [Action("back", T("No offer after all"), main=True, retreat=True), *self._offer_actions(state, seat)]
        return Prompt(seat, T("Offer one piece or deed to another contractor at a price; they accept or decline."),
                      tuple(actions))

    def _can_offer(self, state: State, seat: int) -> bool:
        """Whether any offer is possible (cheaper than listing them: this runs every move)."""
        owned = [item for item in EQUIPMENT if state["fleet"][seat][SLOT[item]] > 0]
        owned += [deed for deed in DEEDS if state["deeds"][deed] == seat]
        if not owned:
            return False
        cheapest = min(price(item) * OFFER_PERCENTS[0] // 100 for item in owned)
        return any(state["cash"][buyer] >= cheapest for buyer in self._solvent(state) if buyer != seat)

    def _offer_actions(self, state: State, seat: int) -> list[Action]:
        items = [item for item in EQUIPMENT if state["fleet"][seat][SLOT[item]] > 0]
        items += [deed for deed in DEEDS if state["deeds"][deed] == seat]
        actions = []
        for buyer in self._solvent(state):
            if buyer == seat:
                continue
            for item in items:
                for percent in OFFER_PERCENTS:
                    amount = price(item) * percent // 100
                    if amount <= state["cash"][buyer]:
                        actions.append(Action(f"offer:{buyer + 1}:{item}:{amount}",
                                              T("Offer {item} to {who} for {price:$}", item=item_name(item),
                                                who=seat_ref(buyer), price=amount),
                                              group=(T("Offer"), short_name(item))))
        return actions

    def _job_prompt(self, state: State) -> Prompt:
        job = state["job"]
        seat, kind = job["seat"], job["type"]
        square = TRACK[job["square"]]
        actions: list[Action] = []
        if state["fleet"][seat][SLOT[kind]] > 0:
            if square.get("bid"):
                if state["cash"][seat] >= BID_OPEN:
                    actions.append(Action("accept", T("Open the bidding at {bid:$}", bid=BID_OPEN), main=True))
            else:
                actions.append(Action("accept", T("Take the job and roll for income"), main=True))
        actions.append(Action("refuse", T("Refuse the job"), main=True))
        # "At any time ... before rolling for job income": the job's machines (1-3 at a
        # time), then one piece of anything else (a truck before a trucking bill, a deed
        # before its fee); the prompt stays until accept or refuse, so any number can be bought.
        others = tuple(item for item in (*EQUIPMENT, *DEEDS) if item != kind)
        actions += buy_actions(state, seat, (kind,)) + buy_actions(state, seat, others, (1,))
        text = T("Week {week}: {name} ({season}, {kinds}). {costs} You may buy first: what you own before the "
                 "income roll counts.", week=job["square"], name=square["name"], season=SEASONS[kind],
                 kinds=machines(kind), costs=self._costs_text(square))
        return Prompt(seat, text, tuple(actions))

    @staticmethod
    def _costs_text(square: dict[str, Any]) -> str:
        parts = [T("operating cost {cost:$}", cost=square["cost"])]
        if "fee" in square:
            parts.append(T("{fee:$} per {machine} to the {deed}", fee=square["fee"]["per_piece"],
                           machine=machine(square["type"]), deed=PROPERTIES[square["fee"]["property"]]["name"]))
        if "truck" in square:
            parts.append(T("trucking {cost:$}", cost=square["truck"]))
        if "bonus" in square:
            parts.append(T("bonus {bonus:$}", bonus=square["bonus"]))
        if square.get("card"):
            parts.append(T("draw a Contingency card"))
        if square.get("bid"):
            parts.append(T("competitive bid"))
        return T("{costs}.", costs=joined(parts, "; "))

    def _bid_prompt(self, state: State) -> Prompt:
        bid = state["bid"]
        seat = bid["to_act"]
        actions = [_bid_action(bid["high"] + raise_) for raise_ in BID_RAISES if bid["high"] + raise_ <= state["cash"][seat]]
        actions.append(_fixed_action("drop out"))
        return Prompt(seat, T("Competitive bid for {name}: {who} leads at {bid:$}.", name=TRACK[bid["square"]]["name"],
                              who=seat_ref(bid["leader"]), bid=bid["high"]), tuple(actions))

    def _window_prompts(self, state: State) -> list[Prompt]:
        window = state["window"]
        job = state["job"]
        prompts = []
        for seat in window["waiting"]:
            if seat == job["worker"]:
                # The winner of a bid had no say before it was won: they buy what they like
                # (it counts on this job), then roll.
                kind = job["type"]
                others = tuple(item for item in (*EQUIPMENT, *DEEDS) if item != kind)
                actions = [_fixed_action("roll for income"),
                           *buy_actions(state, seat, (kind,)), *buy_actions(state, seat, others, (1,))]
                prompts.append(Prompt(seat, _window_text(seat, won=True), tuple(actions), simultaneous=True))
                continue
            # One piece (or deed) per window keeps the reaction short; the own turn buys in bulk.
            actions = [_fixed_action("no purchase"), *buy_actions(state, seat, (*EQUIPMENT, *DEEDS), (1,))]
            prompts.append(Prompt(seat, _window_text(job["worker"], won=False), tuple(actions), simultaneous=True))
        return prompts

    def _auction_prompt(self, state: State) -> Prompt:
        auction = state["auction"]
        seat = auction["to_act"]
        if auction["leader"] is None:
            amounts = [auction["start"]] + [auction["start"] + r for r in AUCTION_RAISES]
        else:
            amounts = [auction["high"] + r for r in AUCTION_RAISES]
        actions = [_bid_action(amount) for amount in amounts if amount <= state["cash"][seat]]
        actions.append(Action("pass", T("Pass"), main=True))
        values = {"seller": seat_ref(auction["seller"]), "item": item_name(auction["item"]),
                  "listed": price(auction["item"])}
        if auction["leader"] is None:
            text = T("Big Sky Auction: {seller}'s {item} (listed {listed:$}); no bid yet.", **values)
        else:
            text = T("Big Sky Auction: {seller}'s {item} (listed {listed:$}); {who} leads at {bid:$}.", **values,
                     who=seat_ref(auction["leader"]), bid=auction["high"])
        return Prompt(seat, text, tuple(actions))

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        if key.startswith("buy:"):
            # The percentage is a param: "20% down" in a message reads as a "% d" format to gettext.
            return T("You cannot buy that now: it is sold out, or you lack the cash (or {percent} down and the credit).",
                     percent=DOWN_SHARE)
        if key.startswith("offer:"):
            return T("That trade offer is not possible: one offer a turn, of something you own, to a player who can "
                     "pay.")
        if key.startswith("bid:"):
            return T("That bid is not allowed: bids go up in the listed steps and cannot exceed your cash.")
        return T("{key} is not a legal move now.", key=Code(repr(key)))

    def apply(self, state: State, seat: int, key: str, at: int | None = None) -> list[Event]:
        """As :meth:`Game.apply`, with a quick refusal for a seat that has nothing to decide
        (the same sentence, without listing every prompt's actions first)."""
        if at is None and not state["over"] and seat != SYSTEM_SEAT:
            waiting = self.waiting(state)
            if seat not in waiting:
                names = commas([T("seat {n}", n=s + 1) for s in waiting])
                raise IllegalAction(T("It is not your turn: waiting for {seats}.", seats=names))
        return super().apply(state, seat, key, at)

    # -- perform -----------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events: list[Event] = []
        phase = state["phase"]
        handler = getattr(self, f"_do_{phase}")
        handler(state, seat, key, events)
        state["actions"] += 1
        if not state["over"] and state["actions"] >= self.max_actions(state["players"]):
            self._finish(state, T("the safeguard action limit was reached; the audit decides"), events)
        return events

    def _buy(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        item, count, note = parse_buy(key)
        cost = purchase_cost(state, seat, item, count, note)
        assert cost is not None
        total = price(item) * count
        state["cash"][seat] -= cost
        if note:
            state["notes"][seat] += total - cost
        if item in PROPERTIES:
            state["deeds"][item] = seat
        else:
            state["fleet"][seat][SLOT[item]] += count
            state["supply"][item] -= count
        if note:
            events.append(Event(T("{who} buys {item} for {total:$} ({down:$} down, {loan:$} in bank notes).",
                                  who=seat_ref(seat), item=item_name(item, count), total=total, down=cost,
                                  loan=total - cost)))
        else:
            events.append(Event(T("{who} buys {item} for {total:$}.", who=seat_ref(seat), item=item_name(item, count),
                                  total=total)))

    def _do_turn(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        if key == "roll":
            self._move(state, seat, events)
            self._advance(state, events)
        elif key == "shop":
            state["phase"] = "shop"
        elif key == "trade":
            state["phase"] = "trade"
        elif key.startswith("repay:"):
            amount = int(key.split(":")[1])
            state["cash"][seat] -= amount
            state["notes"][seat] -= amount
            events.append(Event(T("{who} repays {amount:$} of bank notes.", who=seat_ref(seat), amount=amount)))

    def _do_shop(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        if key == "done":
            state["phase"] = "turn"
        else:
            self._buy(state, seat, key, events)

    def _do_trade(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        if key == "back":
            state["phase"] = "turn"
        else:
            _, buyer, item, amount = key.split(":")
            state["offer"] = {"seller": seat, "buyer": int(buyer) - 1, "item": item, "price": int(amount)}
            state["offered"] = True
            state["phase"] = "offer"
            events.append(Event(T("{who} offers {item} to {buyer} for {price:$}.", who=seat_ref(seat),
                                  item=item_name(item), buyer=seat_ref(int(buyer) - 1), price=int(amount))))

    def _do_offer(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        offer = state["offer"]
        seller, item, amount = offer["seller"], offer["item"], offer["price"]
        if key == "accept":
            state["cash"][seat] -= amount
            state["cash"][seller] += amount
            if item in PROPERTIES:
                state["deeds"][item] = seat
            else:
                state["fleet"][seller][SLOT[item]] -= 1
                state["fleet"][seat][SLOT[item]] += 1
            events.append(Event(T("{who} buys {item} from {seller} for {price:$}.", who=seat_ref(seat),
                                  item=item_name(item), seller=seat_ref(seller), price=amount)))
        else:
            events.append(Event(T("{who} declines the offer.", who=seat_ref(seat))))
        state["offer"] = None
        state["phase"] = "turn"

    def _do_job(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        job = state["job"]
        square = TRACK[job["square"]]
        if key.startswith("buy:"):
            self._buy(state, seat, key, events)
            return
        state["phase"] = "auto"
        if key == "refuse":
            events.append(Event(T("{who} refuses the job.", who=seat_ref(seat))))
            state["job"] = None
        elif square.get("bid"):
            self._open_bid(state, seat, events)
        else:
            events.append(Event(T("{who} takes the job: {name}.", who=seat_ref(seat), name=square["name"])))
            job["worker"] = seat
            state["steps"].insert(0, {"do": "window"})
        self._advance(state, events)

    def _open_bid(self, state: State, seat: int, events: list[Event]) -> None:
        job = state["job"]
        kind = job["type"]
        n = state["players"]
        rivals = [(seat + k) % n for k in range(1, n)]
        rivals = [s for s in rivals if not state["out"][s] and state["fleet"][s][SLOT[kind]] > 0]
        events.append(Event(T("{who} opens the bidding at {bid:$}.", who=seat_ref(seat), bid=BID_OPEN)))
        if not rivals:
            events.append(Event(T("Nobody else has {kinds}: {who} gets the job for {bid:$}.", kinds=machines(kind),
                                  who=seat_ref(seat), bid=BID_OPEN)))
            self._win_bid(state, seat, BID_OPEN, events, contested=False)
            return
        state["bid"] = {"square": job["square"], "type": kind, "high": BID_OPEN, "leader": seat,
                        "active": [seat, *rivals], "to_act": rivals[0]}
        state["phase"] = "bid"

    def _win_bid(self, state: State, seat: int, amount: int, events: list[Event], *, contested: bool) -> None:
        """The job goes to ``seat`` for ``amount``. After a contested bid the winner joins the
        purchase window: a rival had no chance to buy for this job before winning it."""
        state["cash"][seat] -= amount
        state["job"]["worker"] = seat
        state["job"]["bid"] = amount
        state["bid"] = None
        state["phase"] = "auto"
        state["steps"].insert(0, {"do": "window", "worker": contested})

    def _do_bid(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        bid = state["bid"]
        index = _take_turn_in_bidding(bid, seat, key, events,
                                      passing=T("{who} drops out of the bidding.", who=seat_ref(seat)))
        active = bid["active"]
        if len(active) == 1:
            winner = active[0]
            events.append(Event(T("{who} wins the job for {bid:$}.", who=seat_ref(winner), bid=bid["high"])))
            self._win_bid(state, winner, bid["high"], events, contested=True)
            self._advance(state, events)
            return
        bid["to_act"] = _next_bidder(bid, index)

    def _do_window(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        window = state["window"]
        if seat == state["job"]["worker"] and key != "roll":
            self._buy(state, seat, key, events)  # the job's worker keeps buying until "roll"
            return
        if key.startswith("buy:"):
            self._buy(state, seat, key, events)
        elif key == "pass":
            events.append(Event(T("{who} buys nothing now.", who=seat_ref(seat))))
        window["waiting"].remove(seat)
        if not window["waiting"]:
            state["window"] = None
            state["phase"] = "auto"
            self._advance(state, events)

    def _do_crunch(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        item = key.split(":")[1]
        n = state["players"]
        start = price(item) // 2
        bidders = [(seat + k) % n for k in range(1, n)]
        bidders = [s for s in bidders if not state["out"][s] and state["cash"][s] >= start]
        events.append(Event(T("{who} puts {item} up at Big Sky Auction; bids from {start:$}.", who=seat_ref(seat),
                              item=item_name(item), start=start)))
        self._take(state, seat, item)
        state["auction"] = {"seller": seat, "item": item, "start": start, "high": 0, "leader": None,
                            "active": bidders, "to_act": bidders[0] if bidders else None}
        state["phase"] = "auction"
        if not bidders:
            self._close_auction(state, events)

    def _take(self, state: State, seat: int, item: str) -> None:
        if item in PROPERTIES:
            state["deeds"][item] = None
        else:
            state["fleet"][seat][SLOT[item]] -= 1

    def _do_auction(self, state: State, seat: int, key: str, events: list[Event]) -> None:
        auction = state["auction"]
        index = _take_turn_in_bidding(auction, seat, key, events, passing=T("{who} passes.", who=seat_ref(seat)))
        if not [s for s in auction["active"] if s != auction["leader"]]:
            self._close_auction(state, events)
            return
        auction["to_act"] = _next_bidder(auction, index)

    def _close_auction(self, state: State, events: list[Event]) -> None:
        auction = state["auction"]
        seller, item = auction["seller"], auction["item"]
        if auction["leader"] is None:
            amount = auction["start"]
            if item not in PROPERTIES:
                state["supply"][item] += 1
            events.append(Event(T("No bids: the bank buys {item} for {price:$}.", item=item_name(item), price=amount)))
        else:
            amount, buyer = auction["high"], auction["leader"]
            state["cash"][buyer] -= amount
            if item in PROPERTIES:
                state["deeds"][item] = buyer
            else:
                state["fleet"][buyer][SLOT[item]] += 1
            events.append(Event(T("{who} buys {item} for {total:$}.", who=seat_ref(buyer), item=item_name(item),
                                  total=amount)))
        state["cash"][seller] += amount
        state["auction"] = None
        state["phase"] = "auto"
        self._advance(state, events)

    # -- the automatic flow -------------------------------------------------------------

    def _move(self, state: State, seat: int, events: list[Event]) -> None:
        rng = Rng(state)
        roll = rng.randint(1, 6)
        start = state["pos"][seat]
        target = start + roll
        state["moved"] = {"seat": seat, "from": start, "roll": roll}
        state["pos"][seat] = target % WEEKS
        state["turns"] += 1
        events.append(Event(T("{who} rolls {roll} and moves to week {week}: {name}.", who=seat_ref(seat), roll=roll,
                              week=target % WEEKS, name=TRACK[target % WEEKS]["name"]), reveals=True))
        steps: list[dict[str, Any]] = []
        if target >= WEEKS:
            steps.append({"do": "yearend", "seat": seat})
        steps += [{"do": "square", "seat": seat}, {"do": "end"}]
        state["steps"] = steps
        state["phase"] = "auto"

    def _advance(self, state: State, events: list[Event]) -> None:
        """Run automatic steps until someone must decide or the game ends."""
        while not state["over"]:
            troubled = next((s for s in range(state["players"]) if state["cash"][s] < 0 and not state["out"][s]), None)
            if troubled is not None:
                if not self._sellable(state, troubled):
                    self._bankrupt(state, troubled, events)
                    continue
                state["crunch"] = {"seat": troubled}
                state["phase"] = "crunch"
                return
            state["crunch"] = None
            if state["phase"] != "auto":
                return
            if not state["steps"]:
                raise AssertionError("the automatic flow ran out of steps")
            step = state["steps"].pop(0)
            getattr(self, f"_step_{step['do']}")(state, step, events)

    def _step_yearend(self, state: State, step: dict[str, Any], events: list[Event]) -> None:
        seat = step["seat"]
        if state["out"][seat]:
            return
        state["years"][seat] += 1
        years = state["years"][seat]
        interest = state["notes"][seat] * INTEREST_PERCENT // 100
        state["cash"][seat] -= interest
        state["hot"][seat] = state["hot_next"][seat]
        state["hot_next"][seat] = []
        values = {"who": seat_ref(seat), "year": years, "limit": credit_limit(years), "interest": interest,
                  "hot": commas([machine(kind) for kind in state["hot"][seat]])}
        if interest and state["hot"][seat]:
            line = T("{who} closes year {year} and pays {interest:$} interest on bank notes; hot markets this year: "
                     "{hot}; credit limit {limit:$}.", **values)
        elif interest:
            line = T("{who} closes year {year} and pays {interest:$} interest on bank notes; credit limit {limit:$}.",
                     **values)
        elif state["hot"][seat]:
            line = T("{who} closes year {year}; hot markets this year: {hot}; credit limit {limit:$}.", **values)
        else:
            line = T("{who} closes year {year}; credit limit {limit:$}.", **values)
        events.append(Event(line))
        if state["end"] == "years" and years >= state["target_years"] and not state["final"]:
            state["final"] = True
            events.append(Event(T("Year {year} is done: the round is finished, then the audit.", year=years)))
        if state["end"] == "networth" and years >= SAFEGUARD_YEARS and not state["final"]:
            state["final"] = True
            events.append(Event(T("Safeguard: {years} years have passed; the round is finished, then the audit.",
                                  years=SAFEGUARD_YEARS)))

    def _step_square(self, state: State, step: dict[str, Any], events: list[Event]) -> None:
        seat = step["seat"]
        if state["out"][seat]:
            return
        where = state["pos"][seat]
        square = TRACK[where]
        kind = square["kind"]
        if kind == "market":
            if square["type"] not in state["hot_next"][seat]:
                state["hot_next"][seat].append(square["type"])
            events.append(Event(T("Hot market ahead: {who}'s {machine} income doubles next year.", who=seat_ref(seat),
                                  machine=machine(square["type"]))))
        elif kind == "winter":
            self._winter(state, seat, square, events)
        elif kind == "job":
            corner = square.get("corner")
            if corner:
                bill = corner.get("flat", 0) + corner.get("per_piece", 0) * pieces(state, seat)
                state["cash"][seat] -= bill
                events.append(Event(T("{bill}: {who} pays {amount:$}.", bill=corner["text"], who=seat_ref(seat),
                                      amount=bill)))
            state["steps"].insert(0, {"do": "job", "seat": seat})

    def _winter(self, state: State, seat: int, square: dict[str, Any], events: list[Event]) -> None:
        if "truck" in square:
            self._trucking(state, seat, square["truck"], events)
        if "earn" in square:
            count = state["fleet"][seat][SLOT[square["earn"]["type"]]]
            amount = count * square["earn"]["each"]
            state["cash"][seat] += amount
            events.append(Event(T("{who} earns {amount:$}.", who=seat_ref(seat), amount=amount)))
        if "fee" in square:
            self._fee(state, seat, square["fee"]["property"], square["fee"]["amount"], events)
        if "per_piece" in square:
            bill = square["per_piece"] * pieces(state, seat)
            state["cash"][seat] -= bill
            events.append(Event(T("{who} pays {amount:$}.", who=seat_ref(seat), amount=bill)))

    def _trucking(self, state: State, seat: int, amount: int, events: list[Event]) -> int:
        """A trucking bill on the track: nothing with a truck; else half as rent to a truck owner."""
        if state["fleet"][seat][SLOT[TRUCK]] > 0:
            events.append(Event(T("{who}'s own truck saves a {bill:$} trucking bill.", who=seat_ref(seat), bill=amount)))
            return 0
        n = state["players"]
        owner = next(((seat + k) % n for k in range(1, n)
                      if not state["out"][(seat + k) % n] and state["fleet"][(seat + k) % n][SLOT[TRUCK]] > 0), None)
        if owner is None:
            state["cash"][seat] -= amount
            events.append(Event(T("{who} pays a {bill:$} trucking bill.", who=seat_ref(seat), bill=amount)))
            return amount
        rent = amount // 2
        state["cash"][seat] -= rent
        state["cash"][owner] += rent
        events.append(Event(T("{who} rents {owner}'s truck for {rent:$}.", who=seat_ref(seat), owner=seat_ref(owner),
                              rent=rent)))
        return rent

    def _fee(self, state: State, seat: int, deed: str, amount: int, events: list[Event]) -> int:
        """A property service fee: to the deed's owner, the bank if unowned, nothing if your own."""
        owner = state["deeds"][deed]
        name = PROPERTIES[deed]["name"]
        if owner == seat:
            events.append(Event(T("{who} uses their own {deed}: no fee.", who=seat_ref(seat), deed=name)))
            return 0
        state["cash"][seat] -= amount
        if owner is not None and not state["out"][owner]:
            state["cash"][owner] += amount
            events.append(Event(T("{who} pays {fee:$} to {owner} for the {deed}.", who=seat_ref(seat), fee=amount,
                                  owner=seat_ref(owner), deed=name)))
        else:
            events.append(Event(T("{who} pays {fee:$} to the bank for the {deed}.", who=seat_ref(seat), fee=amount,
                                  deed=name)))
        return amount

    def _step_job(self, state: State, step: dict[str, Any], events: list[Event]) -> None:
        seat = step["seat"]
        if state["out"][seat]:
            return
        where = state["pos"][seat]
        kind = TRACK[where]["type"]
        state["job"] = {"seat": seat, "square": where, "type": kind, "worker": None, "bid": 0}
        if state["fleet"][seat][SLOT[kind]] == 0 and not buy_actions(state, seat, (kind,)):
            events.append(Event(T("{who} has no {kinds} and cannot buy one: no job this week.", who=seat_ref(seat),
                                  kinds=machines(kind))))
            state["job"] = None
            return
        state["phase"] = "job"

    def _step_window(self, state: State, step: dict[str, Any], events: list[Event]) -> None:
        worker = state["job"]["worker"]
        waiting = [s for s in self._solvent(state)
                   if (s != worker or step.get("worker")) and can_buy_anything(state, s)]
        state["steps"].insert(0, {"do": "income"})
        if waiting:
            state["window"] = {"waiting": waiting}
            state["phase"] = "window"

    def _step_income(self, state: State, step: dict[str, Any], events: list[Event]) -> None:
        job = state["job"]
        state["job"] = None
        seat, kind, where = job["worker"], job["type"], job["square"]
        if state["out"][seat]:
            return
        square = TRACK[where]
        rng = Rng(state)
        roll = rng.randint(1, 6)
        owned = state["fleet"][seat][SLOT[kind]]
        count = on_job(owned)  # the pieces on the job: the chart, the fees and the cards count these
        gross = rate(kind, roll, count)
        # Each line is kept as its English and as its message (``said``), for the pictures.
        said: list[str] = []
        if owned > count:
            said.append(T("Rate chart: roll {roll}, {pieces} ({idle} more idle: the chart counts {counted})", roll=roll,
                          pieces=item_name(kind, count), idle=owned - count, counted=CHART_PIECES))
        else:
            said.append(T("Rate chart: roll {roll}, {pieces}", roll=roll, pieces=item_name(kind, count)))
        lines: list[list[Any]] = [[said[-1], gross]]
        if kind in state["hot"][seat]:
            said.append(T("Hot market: gross doubled"))
            lines.append([said[-1], gross])
            gross *= 2
        card_text = None
        effect: dict[str, Any] = {}
        if square.get("card"):
            card = self._draw(state)
            card_text, effect = card["text"], card["effect"]
            state["card"] = {"seat": seat, "id": card["id"], "text": card_text}
            if "gross" in effect:
                change = gross * effect["gross"] // 100
                said.append(T("Contingency card: gross {change:+d}%", change=effect["gross"]))
                lines.append([said[-1], change])
                gross += change
        net = gross
        said.append(T("Operating cost, week {week}", week=where))
        lines.append([said[-1], -square["cost"]])
        net -= square["cost"]
        if job["bid"]:
            said.append(T("Winning bid (paid to the bank)"))
            lines.append([said[-1], -job["bid"]])
        if "bonus" in square:
            said.append(T("Track bonus"))
            lines.append([said[-1], square["bonus"]])
            net += square["bonus"]
        state["cash"][seat] += net
        if "fee" in square:  # per piece on the job
            amount = square["fee"]["per_piece"] * count
            paid = self._fee(state, seat, square["fee"]["property"], amount, events)
            said.append(T("{deed} fee", deed=PROPERTIES[square["fee"]["property"]]["name"]))
            lines.append([said[-1], -paid])
            net -= paid
        if "truck" in square:
            paid = self._trucking(state, seat, square["truck"], events)
            own = not paid and state["fleet"][seat][SLOT[TRUCK]]
            said.append(T("Trucking bill (own truck)") if own else T("Trucking bill"))
            lines.append([said[-1], -paid])
            net -= paid
        if card_text is not None:
            extra = self._card_money(state, seat, count, effect, events)
            if extra:
                said.append(T("Contingency card"))
                lines.append([said[-1], extra])
                net += extra
        state["last"] = {"seat": seat, "square": where, "type": kind, "roll": roll, "pieces": count,
                         "lines": [[str(text), amount] for text, amount in lines], "said": [stored(t) for t in said],
                         "net": net - job["bid"], "card": card_text}
        items = joined([T("{line} {amount:$}", line=text, amount=amount) for text, amount in lines], "; ")
        events.append(Event(T("{who} rolls {roll} for income: {lines}. Net {net:$}.", who=seat_ref(seat), roll=roll,
                              lines=items, net=net - job["bid"]), reveals=True))

    def _card_money(self, state: State, seat: int, working: int, effect: dict[str, Any], events: list[Event]) -> int:
        """The money side of a Contingency card (gross changes were applied before);
        ``working`` is the pieces on the job, which a per-piece card counts."""
        if "cash" in effect:
            state["cash"][seat] += effect["cash"]
            return effect["cash"]
        if "per_piece" in effect:
            amount = effect["per_piece"] * working
            state["cash"][seat] += amount
            return amount
        if "trucking" in effect:  # the cards' trucking bills: a truck does not help
            state["cash"][seat] -= effect["trucking"]
            return -effect["trucking"]
        if "fee" in effect:
            return -self._fee(state, seat, effect["fee"]["property"], effect["fee"]["amount"], events)
        return 0

    def _draw(self, state: State) -> dict[str, Any]:
        if not state["deck"]:
            state["deck"], state["discard"] = shuffled(state["discard"], Rng(state)), ""
        letter, state["deck"] = state["deck"][0], state["deck"][1:]
        state["discard"] += letter
        return CARDS[CARD_LETTERS.index(letter)]

    def _step_end(self, state: State, step: dict[str, Any], events: list[Event]) -> None:
        seat = state["turn"]
        solvent = self._solvent(state)
        if len(solvent) <= 1:
            self._finish(state, T("every other contractor went bankrupt"), events)
            return
        if state["end"] == "networth":
            rich = [s for s in solvent if net_worth(state, s) >= GOAL]
            if rich:
                self._finish(state, T("audited net worth of {goal:$} reached", goal=GOAL), events)
                return
        n = state["players"]
        nxt = next((seat + k) % n for k in range(1, n + 1) if not state["out"][(seat + k) % n])
        first = state["first"]
        wrapped = (nxt - first) % n <= (seat - first) % n
        if state["final"] and wrapped:
            if state["end"] == "years":
                self._finish(state, T("the set number of years is over; the audit decides"), events)
            else:
                self._finish(state, T("the year-8 safeguard; the audit decides"), events)
            return
        state["turn"] = nxt
        state["offered"] = False
        state["phase"] = "turn"

    def _solvent(self, state: State) -> list[int]:
        return [s for s in range(state["players"]) if not state["out"][s]]

    def _sellable(self, state: State, seat: int) -> list[str]:
        return [item for item in EQUIPMENT if state["fleet"][seat][SLOT[item]] > 0] + [
            deed for deed in DEEDS if state["deeds"][deed] == seat
        ]

    def _bankrupt(self, state: State, seat: int, events: list[Event]) -> None:
        events.append(Event(T("{who} has nothing left to sell and {unpaid:$} of bills unpaid: bankrupt, out of the "
                              "game.", who=seat_ref(seat), unpaid=-state["cash"][seat])))
        state["out"][seat] = True
        state["out_order"].append(seat)
        state["cash"][seat] = 0
        state["notes"][seat] = 0
        state["hot"][seat] = []
        state["hot_next"][seat] = []
        if state["window"] and seat in state["window"]["waiting"]:
            state["window"]["waiting"].remove(seat)
        if len(self._solvent(state)) <= 1:
            self._finish(state, T("every other contractor went bankrupt"), events)

    def _finish(self, state: State, reason: str, events: list[Event]) -> None:
        # The reason in English and as its message (``said``), for the outcome and the pictures.
        state["over"] = {"reason": str(reason), "said": stored(reason)}
        state["phase"] = "over"
        state["steps"] = []
        audit = commas([T("{who} {worth:$}", who=seat_ref(s), worth=net_worth(state, s)) for s in self._solvent(state)])
        events.append(Event(T("Game over: {reason}. Audit: {audit}.", reason=reason, audit=audit)))

    # -- views and outcome ----------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        n = state["players"]
        contractors = []
        for s in range(n):
            contractors.append({
                "seat": s,
                "pos": state["pos"][s],
                "years": state["years"][s],
                "cash": state["cash"][s],
                "notes": state["notes"][s],
                "credit_limit": credit_limit(state["years"][s]),
                "credit_left": credit_left(state, s),
                "fleet": {item: state["fleet"][s][SLOT[item]] for item in EQUIPMENT},
                "deeds": [d for d in DEEDS if state["deeds"][d] == s],
                "hot": list(state["hot"][s]),
                "hot_next": list(state["hot_next"][s]),
                "net_worth": net_worth(state, s),
                "out": state["out"][s],
            })
        return {
            "game": self.slug,
            "players": n,
            "viewer": seat,
            "end": state["end"],
            "target_years": state["target_years"],
            "goal": GOAL,
            "contractors": contractors,
            "turn": state["turn"],
            "phase": state["phase"],
            "waiting": self.waiting(state),
            "job": _copy(state["job"]),
            "bid": _copy(state["bid"]),
            "auction": _copy(state["auction"]),
            "offer": _copy(state["offer"]),
            "supply": dict(state["supply"]),
            "deeds": dict(state["deeds"]),
            "deck_left": len(state["deck"]),
            "last": _said_last(state["last"]),
            "card": _said_card(state["card"]),
            "moved": _copy(state["moved"]),
            "final": state["final"],
            "over": _said_over(state["over"]),
            "turns": state["turns"],
            "first": state["first"],
            "start_rolls": parse_start_rolls(state["start_rolls"]),
            "chart": self._chart_view(state),
        }

    @staticmethod
    def _chart_view(state: State) -> dict[str, Any] | None:
        """The rate chart for the job being decided, as its contractor would reckon it: the
        per-piece figures by income roll, the pieces on the job and the gross for each roll
        (doubled in a hot market). All of it is public (fleets and hot markets are)."""
        job = state["job"]
        if job is None:
            return None
        kind = job["type"]
        seat = job["worker"]
        if seat is None:
            seat = state["bid"]["to_act"] if state["bid"] else job["seat"]
        working = on_job(state["fleet"][seat][SLOT[kind]])
        hot = kind in state["hot"][seat]
        return {"type": kind, "seat": seat, "per_piece": list(RATES[kind]), "pieces": working, "hot": hot,
                "gross": [rate(kind, roll, working) * (2 if hot else 1) for roll in range(1, 7)]}

    @staticmethod
    def waiting(state: State) -> list[int]:
        """The seats that must decide now (the same seats :meth:`legal_prompts` prompts)."""
        phase = state["phase"]
        if state["over"]:
            return []
        if phase == "offer":
            return [state["offer"]["buyer"]]
        if phase == "job":
            return [state["job"]["seat"]]
        if phase == "bid":
            return [state["bid"]["to_act"]]
        if phase == "window":
            return list(state["window"]["waiting"])
        if phase == "crunch":
            return [state["crunch"]["seat"]]
        if phase == "auction":
            return [state["auction"]["to_act"]]
        return [state["turn"]]

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        hidden = json.loads(json.dumps(state))
        hidden["rng"] = rng.getrandbits(63)
        deck = list(hidden["deck"])
        shuffle_unseen(deck, rng)
        hidden["deck"] = "".join(deck)
        return hidden

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        n = state["players"]
        scores = [net_worth(state, s) if not state["out"][s] else 0 for s in range(n)]
        # Solvent contractors by net worth; the bankrupt below them, the later out the better.
        keys = [(1, scores[s], 0) if not state["out"][s] else (0, 0, state["out_order"].index(s)) for s in range(n)]
        ranks = tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)
        return Outcome(scores=tuple(scores), ranks=ranks, reason=_said_over(state["over"])["reason"])

    def format_score(self, score: float) -> str:
        """Scores are audited net worth in dollars: "$1,515,200" (each language writes them its way)."""
        return T("{score:$}", score=score)

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        from .agent import choose

        return choose(state, seat, rng)

    # -- the hard bot's search (see evaluation.py and the README's bot section) ------------

    def rollout_cut(self, state: State) -> int:
        """:data:`ROLLOUT_STEPS_PER_SEAT` moves for each contractor at the table."""
        return ROLLOUT_STEPS_PER_SEAT * state["players"]

    rollout_noise = 0.0
    """The rollouts play the heuristic for every seat without random moves: the dice and the
    Contingency deck already vary them (as in Puerto Rico; data/construction-game/README.md)."""

    def evaluate(self, state: State) -> list[float] | None:
        from .evaluation import win_chances

        return win_chances(state)


def _said_last(last: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last income roll for a view: its lines' texts (and the card) as messages to say."""
    if last is None:
        return None
    view = _copy(last)
    said = view.pop("said", None)
    if said is not None:
        view["lines"] = [[restored(text), amount] for text, (_, amount) in zip(said, view["lines"], strict=True)]
    if view.get("card"):
        view["card"] = data_text(view["card"])
    return view


def _said_card(card: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last Contingency card drawn, for a view: its text as the message to say."""
    if card is None:
        return None
    return dict(card, text=data_text(card["text"]))


def _said_over(over: dict[str, Any] | None) -> dict[str, Any] | None:
    """How the game ended, for a view and the outcome: the reason as its message to say."""
    if over is None:
        return None
    said = over.get("said")
    return {"reason": restored(said) if said is not None else over["reason"]}


def _take_turn_in_bidding(bidding: dict[str, Any], seat: int, key: str, events: list[Event], *, passing: str) -> int:
    """One turn of a round of bids (a competitive bid or a crunch auction): ``pass`` leaves for
    good (logged as ``passing``), ``bid:N`` leads. Returns where the next bidder is looked for in
    ``active``."""
    active = bidding["active"]
    if key == "pass":
        events.append(Event(passing))
        index = active.index(seat)
        active.remove(seat)
        return index
    bidding["high"] = int(key.split(":")[1])
    bidding["leader"] = seat
    events.append(Event(T("{who} bids {bid:$}.", who=seat_ref(seat), bid=bidding["high"])))
    return active.index(seat) + 1


def _next_bidder(bidding: dict[str, Any], index: int) -> int:
    """The next bidder round the table from ``index``, skipping the one already leading."""
    active = bidding["active"]
    nxt = active[index % len(active)]
    if nxt == bidding["leader"]:
        nxt = active[(index + 1) % len(active)]
    return int(nxt)
