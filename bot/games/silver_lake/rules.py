"""Treasure of Silver Lake (Az Ezüst-tó kincse): travel the route, buy permits, get rich.

The rules as implemented (rulings and reasons: ``data/silver-lake/README.md``):

* **Start.** 2–6 players, $1,000 each. Everyone rolls two dice; the highest total starts (tied
  leaders roll again), then play goes clockwise (seat order). Pieces start in New Orleans.
* **A throw.** ``roll``: two dice, move that many spaces. Doubles give another throw after
  the move is resolved, at most three throws in a row; the player may instead ``stop``. A card or space that makes you miss
  throws cancels the extra throw of a double.
* **Spaces.** A city pays its travel-cost reimbursement to everyone passing through it, and
  double to whoever lands on it exactly (New Orleans is a city with $200 start money). An
  unowned area offers its permit for sale (``buy`` / ``decline``). Another player's area
  costs its usage fee (nothing if it is mortgaged); then the lander may ``exploit`` it:
  two dice, ten times the total from the bank (doubles do not throw again). The owner may
  exploit on a later landing, never on the landing that bought it. A red circle draws the
  top luck card, which goes back under the deck. An instruction space does what it says.
  The Silver Lake gives the next gold nugget, cashed only on reaching New Orleans. The
  crossroads after Eagle asks which branch to take (``branch:mountain`` / ``branch:river``).
  A shortcut space sends (or offers to send) the lander ahead with no reimbursement for the
  cities skipped.
* **Money.** On your turn (before a throw, or while deciding a purchase): ``mortgage:F1``
  (the bank pays the mortgage value), ``redeem:F1`` (pay the full purchase price; not in the
  turn you mortgaged it), ``sell:F1`` (the bank buys it back at the full purchase price, less
  the mortgage value if mortgaged; the permit returns to the market) and, before a throw,
  ``auction:F1``: the other players bid in turn (``bid:<amount>`` / ``pass``), the bank
  never bids, the highest bid buys it.
* **Debts.** A payment you cannot make stops the game until you raise the money by those
  same means. When even selling every permit to the bank would not cover it, ``insolvent``
  hands everything to the bank: the first time you restart from New Orleans with $500, the
  second time you drop out and the others play on.
* **End.** The table agrees the number of laps (option ``laps``). The first player to reach
  New Orleans after that many laps makes the last throw of the game: they still collect the
  start money (and cash their nuggets), then every player's cash plus the purchase prices of
  their permits (less the mortgage value of mortgaged ones) ranks the table. A table left
  with one player ends at once.

State (plain JSON): ``seats`` (cash, position, laps, nuggets, ...), ``owner`` (permit ->
seat), ``mortgaged``, ``deck`` (luck card ids, top first, hidden), ``pile`` (nugget values,
hidden), the turn and ``phase`` (roll, buy, exploit, fork, shortcut, debt, auction, over)
with what the phase needs, and ``last``: the last move's log lines (public; the table card
shows them).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from bot.engine import Action, Event, Game, Option, Outcome, Prompt, Rng, State, seed_value
from bot.engine.contract import seat_ref
from bot.engine.rng import shuffle_unseen
from bot.engine.words import Code, listing, restored, stored

from .board import (
    BID_STEPS,
    BRANCHES,
    EXPLOIT_TIMES,
    INSTRUCTIONS,
    LUCK,
    NUGGETS,
    PERMIT,
    PERMIT_ORDER,
    RESTART_CASH,
    SPACES,
    START,
    START_CASH,
    Effect,
    space_name,
    step_back,
)
from .messages import T, Tn, data_text, series
from .orders import SilverLakeOrders

BANK = -1
"""A creditor seat meaning the bank."""
LAPS = tuple(str(n) for n in range(2, 9))
DEFAULT_LAPS = "3"
ROLLOUT_STEPS = 0
"""A hard bot's search plays no rollout moves: it scores the position its tree reached by the
projected worth (``agent.win_chances``). Rollouts of 8 or 40 moves of dice added so much
noise that the search overruled the heuristic by chance (skipping an exploit, declining a
permit); scored at once, an action's own consequence (the throw, the exploit's dice, the
branch's landing) decides, and the tree grows a few decisions deep within the budget."""
SAFETY_TURNS_PER_LAP = 30
"""A safeguard, never reached in real play (a lap takes about 9 turns): the game ends after
this many turns per agreed lap per player."""


def _pack(items: list[int]) -> str:
    """A face-down pile as a string, two hex digits per item, top first: compact to store
    and to check (the state is serialised after every move)."""
    return "".join(f"{item:02x}" for item in items)


def _unpack(packed: str) -> list[int]:
    return [int(packed[i : i + 2], 16) for i in range(0, len(packed), 2)]


def _dice_text(dice: list[int]) -> str:
    return f"{dice[0]}+{dice[1]}"


def _money_action_table() -> dict[str, dict[str, Action]]:
    """The permit actions never change their wording: build them once (prompts are hot)."""
    table: dict[str, dict[str, Action]] = {}
    for pid, permit in PERMIT.items():
        table[pid] = {
            "mortgage": Action(f"mortgage:{pid}", T("Mortgage {permit} for {amount:$}", permit=permit.label,
                                                    amount=permit.mortgage),
                               group=(T("Mortgage"), pid)),
            "redeem": Action(f"redeem:{pid}", T("Redeem {permit} for {amount:$}", permit=permit.label,
                                                amount=permit.price), group=(T("Redeem"), pid)),
            "sell": Action(f"sell:{pid}", T("Sell {permit} to the bank for {amount:$}", permit=permit.label,
                                            amount=permit.price),
                           group=(T("Sell to the bank"), pid)),
            "sell-mortgaged": Action(
                f"sell:{pid}", T("Sell mortgaged {permit} to the bank for {amount:$}", permit=permit.label,
                                 amount=permit.price - permit.mortgage),
                group=(T("Sell to the bank"), pid),
            ),
            "auction": Action(f"auction:{pid}", T("Auction {permit} to the other players", permit=permit.label),
                              group=(T("Auction"), pid)),
        }
    return table


_MONEY_ACTIONS = _money_action_table()


class SilverLake(SilverLakeOrders, Game):
    """Treasure of Silver Lake for 2–6 players. See the module docstring for the rules."""

    slug: ClassVar[str] = "silver-lake"
    title: ClassVar[str] = T("Treasure of Silver Lake")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    summary: ClassVar[str] = T("Race round the Wild West loop, buy fishing, hunting and mining permits, "
                               "find the Silver Lake gold.")
    grouped: ClassVar[bool] = True
    options: ClassVar[tuple[Option, ...]] = (
        Option("laps", DEFAULT_LAPS, LAPS,
               T("Laps agreed before the start: the game ends when the first player completes them.")),
    )
    rules_file: ClassVar[str] = "treasure-of-silver-lake.txt"
    render_module: ClassVar[str] = "bot.games.silver_lake.render"
    version: ClassVar[int] = 2
    """2: landing on a shortcut by going back offers it too (older logs replay differently)."""

    # -- setup -----------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        """Deal $1,000 each, shuffle the luck deck and the nuggets, roll for the first player."""
        self.check_players(players)
        resolved = self.resolve_options(options)
        state: State = {"rng": seed_value(seed)}
        rng = Rng(state)
        deck = list(range(len(LUCK)))
        rng.shuffle(deck)
        pile = list(range(len(NUGGETS)))
        rng.shuffle(pile)
        # Highest roll starts; tied leaders roll again until one is alone on top.
        start_rolls: list[list[list[int]]] = []
        rolling = list(range(players))
        while len(rolling) > 1:
            round_rolls = [[s, rng.randint(1, 6), rng.randint(1, 6)] for s in rolling]
            start_rolls.append(round_rolls)
            best = max(a + b for _, a, b in round_rolls)
            rolling = [s for s, a, b in round_rolls if a + b == best]
        first = rolling[0]
        state.update(
            {
                "players": players,
                "laps": int(resolved["laps"]),
                "deck": _pack(deck),
                "pile": _pack(pile),
                "seats": [
                    {"cash": START_CASH, "pos": START, "laps": 0, "miss": 0, "nuggets": [], "route": None,
                     "restarted": False, "out": False}
                    for _ in range(players)
                ],
                "owner": {},
                "mortgaged": [],
                "turn": first,
                "first": first,
                "start_rolls": start_rolls,
                "turns": 1,
                "throws": 0,
                "again": False,
                "phase": "roll",
                "area": None,
                "walk": None,
                "debt": None,
                "auction": None,
                "barred": [],
                "offered": [],
                "dice": None,
                "card": None,
                "dropped": [],
                "end": None,
                "last": [],
            }
        )
        return state

    def max_actions(self, players: int) -> int:
        """Turns are capped by the safeguard; a turn's actions by the per-turn limits on
        mortgaging, auctioning and throwing (bids rise by at least $10 each)."""
        return SAFETY_TURNS_PER_LAP * int(LAPS[-1]) * players * 60

    # -- prompts ---------------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        phase = state["phase"]
        if phase == "over":
            return []
        seat = state["turn"]
        me = state["seats"][seat]
        who = seat_ref(seat)
        if phase == "roll":
            again = bool(state["throws"])
            roll = T("Roll the dice again (doubles)") if again else T("Roll the dice")
            actions = [Action("roll", roll, main=True)]
            if again:
                # "They may roll again": the extra throw of a double is a right, not a duty.
                actions.append(Action("stop", T("End your turn without the extra throw"), main=True))
            actions += self._money_actions(state, seat, auction=True)
            if again:
                text = T("{who}: roll again (doubles), or manage your permits ({cash:$} in hand).", who=who,
                         cash=me["cash"])
            else:
                text = T("{who}: roll, or manage your permits ({cash:$} in hand).", who=who, cash=me["cash"])
            return [Prompt(seat, text, tuple(actions))]
        if phase == "buy":
            permit = PERMIT[state["area"]]
            actions = []
            if me["cash"] >= permit.price:
                actions.append(Action("buy", T("Buy {permit} for {price:$}", permit=permit.label, price=permit.price),
                                      main=True))
            actions.append(Action("decline", T("Do not buy {area}", area=permit.name), main=True))
            actions += self._money_actions(state, seat, auction=False)
            text = T("{who}: buy the permit for {permit} for {price:$} (fee {fee:$})? You have {cash:$}.", who=who,
                     permit=permit.label, price=permit.price, fee=permit.fee, cash=me["cash"])
            return [Prompt(seat, text, tuple(actions))]
        if phase == "exploit":
            permit = PERMIT[state["area"]]
            actions = [Action("exploit", _EXPLOIT_LABEL[permit.kind]), Action("skip", T("Do not exploit"))]
            return [Prompt(seat, _exploit_question(permit.kind, who, permit.name), tuple(actions))]
        if phase == "fork":
            actions = [Action(f"branch:{name}", T("Take the {branch}", branch=info["name"]))
                       for name, info in BRANCHES.items()]
            left = state["walk"]["steps"]
            if state["walk"]["until"]:
                text = T("{who} is at the crossroads (to the next city to go): which way?", who=who)
            else:
                text = Tn("{who} is at the crossroads ({n} more step to go): which way?",
                          "{who} is at the crossroads ({n} more steps to go): which way?", left, who=who)
            return [Prompt(seat, text, tuple(actions))]
        if phase == "shortcut":
            space = SPACES[me["pos"]]
            actions = [Action("shortcut:take", T("Take the {shortcut} to space {space}", shortcut=space.name,
                                                 space=space.target)),
                       Action("shortcut:skip", T("Stay on the main trail"))]
            text = T("{who}: take the {shortcut}? (no reimbursement for the cities you skip)", who=who,
                     shortcut=space.name)
            return [Prompt(seat, text, tuple(actions))]
        if phase == "debt":
            debt = state["debt"]
            actions = self._money_actions(state, seat, auction=True, debt=True)
            if me["cash"] + self._buyback(state, seat) < debt["amount"]:
                actions.append(Action("insolvent", T("Declare yourself insolvent: hand everything to the bank"),
                                      main=True))
            text = T("{who} owes {amount:$} ({why}) and has {cash:$}: raise the money.", who=who,
                     amount=debt["amount"], why=restored(debt["why"]), cash=me["cash"])
            return [Prompt(seat, text, tuple(actions))]
        if phase == "auction":
            auction = state["auction"]
            bidder = auction["bidders"][auction["at"]]
            permit = PERMIT[auction["permit"]]
            actions = [Action(f"bid:{amount}", T("Bid {amount:$}", amount=amount)) for amount in self._bids(state, bidder)]
            actions.append(Action("pass", T("Pass (leave this auction)"), main=True))
            if auction["leader"] is not None:
                text = T("{bidder}: {seller} auctions {permit} (price {price:$}); high bid {high:$} by {leader}.",
                         bidder=seat_ref(bidder), seller=seat_ref(auction["seller"]), permit=permit.label,
                         price=permit.price, high=auction["high"], leader=seat_ref(auction["leader"]))
            else:
                text = T("{bidder}: {seller} auctions {permit} (price {price:$}); no bid yet.",
                         bidder=seat_ref(bidder), seller=seat_ref(auction["seller"]), permit=permit.label,
                         price=permit.price)
            return [Prompt(bidder, text, tuple(actions))]
        raise AssertionError(f"unknown phase {phase}")

    def _owned(self, state: State, seat: int) -> list[str]:
        return sorted((pid for pid, owner in state["owner"].items() if owner == seat), key=PERMIT_ORDER.__getitem__)

    def _money_actions(self, state: State, seat: int, *, auction: bool, debt: bool = False) -> list[Action]:
        """Mortgage, redeem, sell to the bank and (``auction``) auction, for every permit held."""
        cash = state["seats"][seat]["cash"]
        mortgaged = state["mortgaged"]
        bidders = auction and any(
            other != seat and not s["out"] and s["cash"] >= BID_STEPS[0] for other, s in enumerate(state["seats"])
        )
        actions: list[Action] = []
        for pid in self._owned(state, seat):
            fixed = _MONEY_ACTIONS[pid]
            if pid in mortgaged:
                if not debt and pid not in state["barred"] and cash >= PERMIT[pid].price:
                    actions.append(fixed["redeem"])
                actions.append(fixed["sell-mortgaged"])
            else:
                actions.append(fixed["mortgage"])
                actions.append(fixed["sell"])
                if bidders and pid not in state["offered"]:
                    actions.append(fixed["auction"])
        return actions

    def _buyback(self, state: State, seat: int) -> int:
        """What the bank would pay for every permit ``seat`` holds."""
        return sum(
            PERMIT[pid].price - (PERMIT[pid].mortgage if pid in state["mortgaged"] else 0)
            for pid in self._owned(state, seat)
        )

    def _bids(self, state: State, bidder: int) -> list[int]:
        """The bid amounts offered: the high bid plus each bid step, and the purchase price."""
        auction = state["auction"]
        cash = state["seats"][bidder]["cash"]
        high = auction["high"]
        amounts = {high + step for step in BID_STEPS}
        price = PERMIT[auction["permit"]].price
        if price > high:
            amounts.add(price)
        return sorted(a for a in amounts if a <= cash)

    # -- actions ---------------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events = self._perform(state, seat, key)
        # The last move's public lines, for the table card's "Last:" line (older snapshots
        # have none until their next move).
        state["last"] = [stored(event.text) for event in events if event.visible_to is None]
        return events

    def _perform(self, state: State, seat: int, key: str) -> list[Event]:
        events: list[Event] = []
        verb, _, arg = key.partition(":")
        who = seat_ref(seat)
        if verb == "roll":
            self._throw(state, seat, events)
        elif verb == "stop":
            events.append(Event(T("{who} does not use the extra throw and ends the turn.", who=who)))
            self._next_turn(state, events)
        elif verb == "buy":
            permit = PERMIT[state["area"]]
            self._cash(state, seat, -permit.price)
            state["owner"][permit.id] = seat
            events.append(Event(T("{who} buys the permit for {permit} for {price:$}.", who=who, permit=permit.label,
                                  price=permit.price)))
            self._finish(state, events)
        elif verb == "decline":
            events.append(Event(T("{who} does not buy {permit}.", who=who, permit=PERMIT[state["area"]].label)))
            self._finish(state, events)
        elif verb == "exploit":
            permit = PERMIT[state["area"]]
            dice = self._dice(state)
            gain = EXPLOIT_TIMES * sum(dice)
            self._cash(state, seat, gain)
            events.append(Event(_exploit_line(permit.kind, who, permit.name, _dice_text(dice), gain), reveals=True))
            self._finish(state, events)
        elif verb == "skip":
            events.append(Event(T("{who} leaves {area} alone.", who=who, area=PERMIT[state["area"]].name)))
            self._finish(state, events)
        elif verb == "branch":
            me = state["seats"][seat]
            me["route"] = arg
            walk = state["walk"]
            state["walk"] = None
            state["phase"] = "roll"
            events.append(Event(T("{who} takes the {branch}.", who=who, branch=BRANCHES[arg]["name"])))
            self._walk(state, seat, walk["steps"], events, until_city=walk["until"], branch=arg)
        elif verb == "shortcut":
            space = SPACES[state["seats"][seat]["pos"]]
            if arg == "take":
                events.append(Event(T("{who} takes the {shortcut}.", who=who, shortcut=space.name)))
                self._jump(state, seat, space.target, events)
            else:
                events.append(Event(T("{who} stays on the main trail.", who=who)))
                self._finish(state, events)
        elif verb in ("mortgage", "redeem", "sell"):
            self._manage(state, seat, verb, arg, events)
            if state["phase"] == "debt":
                self._settle(state, events)
        elif verb == "auction":
            self._open_auction(state, seat, arg, events)
        elif verb in ("bid", "pass"):
            self._bid(state, seat, int(arg) if verb == "bid" else None, events)
        elif verb == "insolvent":
            self._insolvent(state, seat, events)
        return events

    # -- moving ----------------------------------------------------------------------------

    def _dice(self, state: State) -> list[int]:
        rng = Rng(state)
        dice = [rng.randint(1, 6), rng.randint(1, 6)]
        state["dice"] = dice
        return dice

    def _throw(self, state: State, seat: int, events: list[Event]) -> None:
        """One throw: the dice, a possible extra throw for doubles (three throws at most), the move."""
        dice = self._dice(state)
        state["throws"] += 1
        doubles = dice[0] == dice[1]
        state["again"] = doubles and state["throws"] < 3
        who, thrown, total = seat_ref(seat), _dice_text(dice), sum(dice)
        if not doubles:
            line = T("{who} rolls {dice} = {total}.", who=who, dice=thrown, total=total)
        elif state["again"]:
            line = T("{who} rolls {dice} = {total}. Doubles: another throw after this move.", who=who, dice=thrown,
                     total=total)
        else:
            line = T("{who} rolls {dice} = {total}. Doubles, but that was the third throw in a row.", who=who,
                     dice=thrown, total=total)
        events.append(Event(line, reveals=True))
        self._walk(state, seat, sum(dice), events)

    def _walk(
        self,
        state: State,
        seat: int,
        steps: int,
        events: list[Event],
        *,
        until_city: bool = False,
        branch: str | None = None,
    ) -> None:
        """Move forward ``steps`` spaces (or, ``until_city``, to the next city), then land.

        Cities passed pay their reimbursement; New Orleans counts the lap and cashes nuggets.
        The crossroads stops the walk to ask for a branch (``branch`` answers it for this
        step). The piece that completes the agreed laps stops in New Orleans and ends the game.
        """
        me = state["seats"][seat]
        while steps > 0 or until_city:
            here = SPACES[me["pos"]]
            if len(here.next) > 1:
                if branch is None:
                    state["phase"] = "fork"
                    state["walk"] = {"steps": steps, "until": until_city}
                    return
                following = BRANCHES[branch]["first"]
                branch = None
            else:
                following = here.next[0]
            me["pos"] = following
            steps -= 1
            space = SPACES[following]
            arrived = steps == 0 and not until_city
            if space.kind in ("city", "start") and until_city:
                arrived = True
                until_city = False
                steps = 0
            if following == START:
                if self._new_lap(state, seat, events, exact=arrived):
                    return
                continue
            if space.kind == "city" and not arrived:
                self._cash(state, seat, space.value)
                events.append(Event(T("{who} passes through {city}: reimbursement {amount:$}.", who=seat_ref(seat),
                                      city=space.name, amount=space.value)))
        self._land(state, seat, events, forward=True)

    def _new_lap(self, state: State, seat: int, events: list[Event], *, exact: bool) -> bool:
        """Arrive in New Orleans: count the lap, pay the start money and the nuggets.

        Returns True when this was the last lap (the game is over)."""
        me = state["seats"][seat]
        me["laps"] += 1
        start = SPACES[START]
        pay = start.value * (2 if exact else 1)
        self._cash(state, seat, pay)
        who = seat_ref(seat)
        if exact:
            arrival = T("{who} lands exactly on New Orleans, completing lap {lap}: start money {amount:$}", who=who,
                        lap=me["laps"], amount=pay)
        else:
            arrival = T("{who} passes through New Orleans, completing lap {lap}: start money {amount:$}", who=who,
                        lap=me["laps"], amount=pay)
        if me["nuggets"]:
            gold = sum(me["nuggets"])
            line = Tn("{arrival}, and the bank pays {amount:$} for {n} gold nugget.",
                      "{arrival}, and the bank pays {amount:$} for {n} gold nuggets.", len(me["nuggets"]),
                      arrival=arrival, amount=gold)
            self._cash(state, seat, gold)
            me["nuggets"] = []
        else:
            line = T("{arrival}.", arrival=arrival)
        events.append(Event(line))
        if me["laps"] >= state["laps"]:
            why = Tn("{who} reached New Orleans after {n} lap.", "{who} reached New Orleans after {n} laps.",
                     state["laps"], who=who)
            self._game_over(state, events, why)
            return True
        return False

    def _jump(self, state: State, seat: int, target: int, events: list[Event]) -> None:
        """A shortcut: straight to ``target`` with no reimbursement on the way, then land there."""
        state["seats"][seat]["pos"] = target
        self._land(state, seat, events, forward=True)

    def _back(self, state: State, seat: int, steps: int, events: list[Event]) -> None:
        """Go back ``steps`` spaces along the way you came (never behind New Orleans); no pay."""
        me = state["seats"][seat]
        for _ in range(steps):
            if me["pos"] == START:
                break
            me["pos"] = step_back(me["pos"], me["route"])
        self._land(state, seat, events, forward=False)

    # -- landing ---------------------------------------------------------------------------

    def _land(self, state: State, seat: int, events: list[Event], *, forward: bool) -> None:
        """What the space under ``seat``'s piece does; ends in a decision or :meth:`_finish`."""
        me = state["seats"][seat]
        space = SPACES[me["pos"]]
        kind = space.kind
        who = seat_ref(seat)
        if kind == "start" and forward:
            self._finish(state, events)  # the lap, start money and nuggets were settled on arrival
        elif kind in ("city", "start"):
            if forward:
                pay = 2 * space.value
                self._cash(state, seat, pay)
                events.append(Event(T("{who} lands exactly on {city}: double reimbursement, {amount:$}.", who=who,
                                      city=space.name, amount=pay)))
            else:
                events.append(Event(T("{who} is back in {city}.", who=who, city=space.name)))
            self._finish(state, events)
        elif kind == "area":
            self._land_area(state, seat, space.permit, events)
        elif kind == "luck":
            deck = state["deck"]
            card_id = int(deck[:2], 16)
            state["deck"] = deck[2:] + deck[:2]  # back under the deck
            state["card"] = {"id": card_id, "seat": seat}
            card = LUCK[card_id]
            events.append(Event(T("{who} draws a luck card — {title}: {text}", who=who, title=card.title,
                                  text=card.text), reveals=True))
            self._effect(state, seat, card, events)
        elif kind == "text":
            effect = INSTRUCTIONS[space.text]
            events.append(Event(T("{who} lands on {title}: {text}", who=who, title=effect.title, text=effect.text)))
            self._effect(state, seat, effect, events)
        elif kind == "treasure":
            if state["pile"]:
                value = NUGGETS[int(state["pile"][:2], 16)]
                state["pile"] = state["pile"][2:]
                me["nuggets"].append(value)
                events.append(Event(T("{who} finds the Silver Lake treasure: a gold nugget worth {amount:$}, "
                                      "paid in New Orleans.", who=who, amount=value), reveals=True))
            else:
                events.append(Event(T("{who} reaches the Silver Lake, but every nugget has been found.", who=who)))
            self._finish(state, events)
        elif kind == "shortcut":
            # Whoever lands on it, by the dice, a card or going back, has the right (or the
            # duty) to take it: the rulebook ties the shortcut to landing, not to the direction.
            if space.must:
                events.append(Event(T("{who} must take the {shortcut}.", who=who, shortcut=space.name)))
                self._jump(state, seat, space.target, events)
            else:
                state["phase"] = "shortcut"
        else:
            stop = _STOP.get(space.kind)
            line = stop(who) if stop else T("{who} stops at {place}.", who=who, place=space_name(space))
            events.append(Event(line))
            self._finish(state, events)

    def _land_area(self, state: State, seat: int, pid: str, events: list[Event]) -> None:
        permit = PERMIT[pid]
        owner = state["owner"].get(pid)
        state["area"] = pid
        who = seat_ref(seat)
        if owner is None:
            if state["seats"][seat]["cash"] + self._raisable(state, seat) >= permit.price:
                state["phase"] = "buy"
            else:
                events.append(Event(T("{who} lands on {permit} but cannot raise {price:$} for its permit.", who=who,
                                      permit=permit.label, price=permit.price)))
                self._finish(state, events)
        elif owner == seat:
            events.append(Event(T("{who} lands on their own {permit}.", who=who, permit=permit.label)))
            state["phase"] = "exploit"
        elif pid in state["mortgaged"]:
            events.append(Event(T("{who} lands on {permit}: mortgaged, so no usage fee.", who=who,
                                  permit=permit.label)))
            state["phase"] = "exploit"
        else:
            events.append(Event(T("{who} lands on {owner}'s {permit}: usage fee {fee:$}.", who=who,
                                  owner=seat_ref(owner), permit=permit.label, fee=permit.fee)))
            self._charge(state, seat, [[owner, permit.fee]], T("usage fee for {area}", area=permit.name), events,
                         then="exploit")

    def _raisable(self, state: State, seat: int) -> int:
        """Cash a seat could raise without auctions: selling everything back to the bank."""
        return self._buyback(state, seat)

    def _effect(self, state: State, seat: int, effect: Effect, events: list[Event]) -> None:
        """Carry out a luck card or an instruction space."""
        me = state["seats"][seat]
        kind, n = effect.effect, effect.n
        who = seat_ref(seat)
        if kind == "gain":
            self._cash(state, seat, n)
            self._finish(state, events)
        elif kind == "pay":
            self._charge(state, seat, [[BANK, n]], _reason(effect.title), events)
        elif kind == "miss":
            me["miss"] += n
            if state["again"]:
                state["again"] = False
                events.append(Event(T("{who} loses the extra throw of the doubles.", who=who)))
            self._finish(state, events)
        elif kind == "forward":
            self._walk(state, seat, n, events)
        elif kind == "back":
            self._back(state, seat, n, events)
        elif kind == "next_city":
            self._walk(state, seat, 0, events, until_city=True)
        elif kind == "new_orleans":
            # By steamboat: straight to New Orleans, no reimbursement for the cities skipped.
            me["pos"] = START
            if not self._new_lap(state, seat, events, exact=False):
                self._finish(state, events)
        elif kind == "per_permit_pay":
            count = len(self._owned(state, seat))
            if count:
                self._charge(state, seat, [[BANK, n * count]], _reason(effect.title), events)
            else:
                events.append(Event(T("{who} holds no permits and pays nothing.", who=who)))
                self._finish(state, events)
        elif kind == "per_kind_gain":
            count = sum(1 for pid in self._owned(state, seat) if pid[0] == effect.kind)
            self._cash(state, seat, n * count)
            events.append(Event(Tn("{who} collects {amount:$} for {n} permit.", "{who} collects {amount:$} for {n} permits.",
                                   count, who=who, amount=n * count)))
            self._finish(state, events)
        elif kind == "pay_each":
            others = [[other, n] for other, s in enumerate(state["seats"]) if other != seat and not s["out"]]
            self._charge(state, seat, others, _reason(effect.title), events)
        elif kind == "prospect":
            dice = self._dice(state)
            gain = n * sum(dice)
            self._cash(state, seat, gain)
            events.append(Event(T("{who} rolls {dice} and collects {amount:$}.", who=who, dice=_dice_text(dice),
                                  amount=gain), reveals=True))
            self._finish(state, events)
        elif kind == "lose_nugget":
            if me["nuggets"]:
                value = max(me["nuggets"])
                me["nuggets"].remove(value)
                state["pile"] += _pack([NUGGETS.index(value)])
                events.append(Event(T("{who} loses a gold nugget worth {amount:$} to the bank.", who=who,
                                      amount=value)))
            else:
                events.append(Event(T("{who} carries no gold; the claim jumpers leave empty-handed.", who=who)))
            self._finish(state, events)
        else:
            raise AssertionError(f"unknown effect {kind}")

    # -- money -----------------------------------------------------------------------------

    @staticmethod
    def _cash(state: State, seat: int, amount: int) -> None:
        state["seats"][seat]["cash"] += amount

    def _charge(
        self, state: State, seat: int, creditors: list[list[int]], why: str, events: list[Event], then: str | None = None
    ) -> None:
        """``seat`` must pay ``creditors`` ([seat or BANK, amount]); if short, a debt begins (``why``
        is kept as its message, for the prompt to say in the reader's language)."""
        state["debt"] = {"amount": sum(a for _, a in creditors), "to": creditors, "why": stored(why), "then": then}
        state["phase"] = "debt"
        self._settle(state, events)

    def _settle(self, state: State, events: list[Event]) -> None:
        """Pay the debt if the cash is there; with nothing left to sell, the debtor is insolvent."""
        seat = state["turn"]
        me = state["seats"][seat]
        debt = state["debt"]
        if me["cash"] >= debt["amount"]:
            for creditor, amount in debt["to"]:
                self._cash(state, seat, -amount)
                if creditor != BANK:
                    self._cash(state, creditor, amount)
            paid = listing([T("{amount:$} to the bank", amount=a) if c == BANK
                            else T("{amount:$} to {creditor}", amount=a, creditor=seat_ref(c)) for c, a in debt["to"]])
            events.append(Event(T("{who} pays {payments}.", who=seat_ref(seat), payments=paid)))
            state["debt"] = None
            state["phase"] = "roll"
            if debt["then"] == "exploit":
                state["phase"] = "exploit"
            else:
                self._finish(state, events)
        elif not self._owned(state, seat):
            events.append(Event(T("{who} cannot pay {amount:$} and has no permits left to sell.", who=seat_ref(seat),
                                  amount=debt["amount"])))
            self._insolvent(state, seat, events)

    def _manage(self, state: State, seat: int, verb: str, pid: str, events: list[Event]) -> None:
        permit = PERMIT[pid]
        who = seat_ref(seat)
        if verb == "mortgage":
            state["mortgaged"].append(pid)
            state["barred"].append(pid)
            self._cash(state, seat, permit.mortgage)
            events.append(Event(T("{who} mortgages {permit} for {amount:$}.", who=who, permit=permit.label,
                                  amount=permit.mortgage)))
        elif verb == "redeem":
            state["mortgaged"].remove(pid)
            self._cash(state, seat, -permit.price)
            events.append(Event(T("{who} redeems {permit} for {amount:$}.", who=who, permit=permit.label,
                                  amount=permit.price)))
        else:
            paid = permit.price
            if pid in state["mortgaged"]:
                paid -= permit.mortgage
                state["mortgaged"].remove(pid)
            del state["owner"][pid]
            self._cash(state, seat, paid)
            events.append(Event(T("The bank buys {permit} back from {who} for {amount:$}; it is for sale again.",
                                  permit=permit.label, who=who, amount=paid)))

    def _open_auction(self, state: State, seat: int, pid: str, events: list[Event]) -> None:
        players = state["players"]
        bidders = [
            (seat + k) % players for k in range(1, players)
            if not state["seats"][(seat + k) % players]["out"]
        ]
        state["offered"].append(pid)
        state["auction"] = {"permit": pid, "seller": seat, "high": 0, "leader": None, "bidders": bidders,
                            "at": 0, "resume": state["phase"]}
        state["phase"] = "auction"
        events.append(Event(T("{who} puts {permit} up for auction.", who=seat_ref(seat), permit=PERMIT[pid].label)))
        self._next_bidder(state, events)

    def _bid(self, state: State, seat: int, amount: int | None, events: list[Event]) -> None:
        auction = state["auction"]
        if amount is None:
            auction["bidders"].remove(seat)
            if auction["bidders"]:
                auction["at"] %= len(auction["bidders"])
            events.append(Event(T("{who} passes.", who=seat_ref(seat))))
        else:
            auction["high"] = amount
            auction["leader"] = seat
            auction["at"] = (auction["at"] + 1) % len(auction["bidders"])
            events.append(Event(T("{who} bids {amount:$}.", who=seat_ref(seat), amount=amount)))
        self._next_bidder(state, events)

    def _next_bidder(self, state: State, events: list[Event]) -> None:
        """Skip bidders who cannot raise the bid; close the auction when one bidder (or none) is left."""
        auction = state["auction"]
        while True:
            bidders = auction["bidders"]
            if not bidders or bidders == [auction["leader"]]:
                self._close_auction(state, events)
                return
            current = bidders[auction["at"]]
            if current != auction["leader"] and not self._bids(state, current):
                bidders.remove(current)
                auction["at"] %= max(1, len(bidders))
                events.append(Event(T("{who} cannot raise the bid and drops out of the auction.",
                                      who=seat_ref(current))))
                continue
            return

    def _close_auction(self, state: State, events: list[Event]) -> None:
        auction = state["auction"]
        state["auction"] = None
        state["phase"] = auction["resume"]
        permit = PERMIT[auction["permit"]]
        seller, buyer, price = auction["seller"], auction["leader"], auction["high"]
        if buyer is None:
            events.append(Event(T("Nobody bids for {permit}; {seller} keeps it.", permit=permit.label,
                                  seller=seat_ref(seller))))
        else:
            self._cash(state, buyer, -price)
            self._cash(state, seller, price)
            state["owner"][permit.id] = buyer
            events.append(Event(T("{buyer} buys {permit} from {seller} at auction for {price:$}.",
                                  buyer=seat_ref(buyer), permit=permit.label, seller=seat_ref(seller), price=price)))
        if state["phase"] == "debt":
            self._settle(state, events)

    def _insolvent(self, state: State, seat: int, events: list[Event]) -> None:
        """Everything to the bank; restart once from New Orleans with $500, else drop out."""
        me = state["seats"][seat]
        for pid in self._owned(state, seat):
            del state["owner"][pid]
            if pid in state["mortgaged"]:
                state["mortgaged"].remove(pid)
        state["pile"] += _pack([NUGGETS.index(value) for value in me["nuggets"]])
        me["nuggets"] = []
        me["cash"] = 0
        me["miss"] = 0
        state["debt"] = None
        state["again"] = False
        if not me["restarted"]:
            me.update(restarted=True, cash=RESTART_CASH, pos=START, route=None)
            events.append(Event(T("{who} is insolvent: everything goes to the bank, and {who} starts again "
                                  "from New Orleans with {amount:$}.", who=seat_ref(seat), amount=RESTART_CASH)))
        else:
            me["out"] = True
            state["dropped"].append(seat)
            events.append(Event(T("{who} is insolvent for the second time and drops out of the game.",
                                  who=seat_ref(seat))))
            active = [s for s, other in enumerate(state["seats"]) if not other["out"]]
            if len(active) == 1:
                self._game_over(state, events, T("{who} is the last player left on the trail.",
                                                 who=seat_ref(active[0])))
                return
        self._next_turn(state, events)

    # -- turns and the end -----------------------------------------------------------------

    def _finish(self, state: State, events: list[Event]) -> None:
        """The move is resolved: throw again after doubles, else the next player's turn."""
        state["area"] = None
        if state["again"]:
            state["phase"] = "roll"
            return
        self._next_turn(state, events)

    def _next_turn(self, state: State, events: list[Event]) -> None:
        state.update(phase="roll", throws=0, again=False, barred=[], offered=[], area=None, walk=None)
        seats = state["seats"]
        seat = state["turn"]
        while True:
            seat = (seat + 1) % state["players"]
            if seats[seat]["out"]:
                continue
            state["turns"] += 1
            if state["turns"] > SAFETY_TURNS_PER_LAP * state["laps"] * state["players"]:
                self._game_over(state, events, T("The trail went cold: the safeguard turn limit was reached."))
                return
            if seats[seat]["miss"]:
                seats[seat]["miss"] -= 1
                events.append(Event(T("{who} misses a throw ({left} more to miss).", who=seat_ref(seat),
                                      left=seats[seat]["miss"])))
                continue
            state["turn"] = seat
            return

    def _game_over(self, state: State, events: list[Event], why: str) -> None:
        """The end: ``why`` is kept as its message (``end``), for the outcome and the pictures."""
        state.update(phase="over", end=stored(why), area=None, walk=None, debt=None, auction=None, again=False)
        worth = self.worth(state)
        ranking = series([T("{who} {worth:$}", who=seat_ref(s), worth=worth[s])
                          for s in sorted(range(len(worth)), key=lambda s: -worth[s]) if not state["seats"][s]["out"]])
        events.append(Event(T("Game over. {why} Final worth: {ranking}.", why=why, ranking=ranking)))

    def worth(self, state: State) -> list[int]:
        """Cash plus permits at purchase price (a mortgaged permit counts price less mortgage)."""
        return [
            0 if s["out"] else s["cash"] + self._buyback(state, seat)
            for seat, s in enumerate(state["seats"])
        ]

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        dropped = state["dropped"]
        # Players still on the trail rank above those who dropped out, later drop-outs above earlier ones.
        tiebreak = [len(dropped) + 1 if not s["out"] else dropped.index(seat) for seat, s in enumerate(state["seats"])]
        return Outcome.ranked(self.worth(state), restored(state["end"]), tiebreak=tiebreak)

    # -- views -----------------------------------------------------------------------------

    def format_score(self, score: float) -> str:
        """Scores are worth in dollars (cash and permits): "$1,515,200"."""
        return T("{worth:$}", worth=score)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The whole table except the order of the luck deck and of the nugget pile."""
        worth = self.worth(state)
        card = state["card"]
        auction = state["auction"]
        outcome = self.outcome(state)
        return {
            "game": self.slug,
            "players": state["players"],
            "laps": state["laps"],
            "turn": None if state["phase"] == "over" else state["turn"],
            "phase": state["phase"],
            "throws": state["throws"],
            "first": state["first"],
            "start_rolls": state["start_rolls"],
            "seats": [
                {**s, "nuggets": list(s["nuggets"]), "permits": self._owned(state, i), "worth": worth[i]}
                for i, s in enumerate(state["seats"])
            ],
            "owner": dict(state["owner"]),
            "mortgaged": sorted(state["mortgaged"], key=PERMIT_ORDER.__getitem__),
            "dice": state["dice"],
            "card": None if card is None else {"id": card["id"], "seat": card["seat"], "title": LUCK[card["id"]].title,
                                               "text": LUCK[card["id"]].text},
            "deck": len(state["deck"]) // 2,
            "pile": len(state["pile"]) // 2,
            "area": state["area"],
            "debt": None if state["debt"] is None else {**state["debt"], "why": restored(state["debt"]["why"])},
            "auction": None if auction is None else {
                **{k: auction[k] for k in ("permit", "seller", "high", "leader", "bidders")},
                "to_act": auction["bidders"][auction["at"]],  # the bidder who must decide now
            },
            "over": state["phase"] == "over",
            "end": restored(state["end"]),
            "last": [restored(line) for line in state.get("last", [])],
            "outcome": None if outcome is None else {"scores": list(outcome.scores), "ranks": list(outcome.ranks)},
        }

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """The luck deck and the nugget pile lie face down: their order is redrawn."""
        hidden = json.loads(json.dumps(state))
        for name in ("deck", "pile"):
            items = _unpack(hidden[name])
            shuffle_unseen(items, rng)
            hidden[name] = _pack(items)
        hidden["rng"] = rng.getrandbits(63)
        return hidden

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        from .agent import choose

        return choose(self, state, seat, rng)

    # -- the hard bot's search ---------------------------------------------------------------

    rollout_steps: ClassVar[int | None] = ROLLOUT_STEPS

    def rollout_agent(self, state: State, seat: int, rng: random.Random) -> str:
        """The heuristic's choices read from the state without building a prompt (quicker)."""
        from .agent import rollout_choice

        return rollout_choice(state, seat)

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's chance to win from its projected final worth (``agent.win_chances``)."""
        from .agent import win_chances

        return win_chances(self, state)

    # -- refusals --------------------------------------------------------------------------

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        return _explain(self, state, seat, key)


def _reason(title: str) -> str:
    """What a debt is for, from a card or space title ("stagecoach hold-up"): the catalog has the
    lowercase titles too (:func:`~bot.games.silver_lake.messages.data_messages`)."""
    return data_text(title.lower())


_EXPLOIT_LABEL = {
    "fishing": T("Fish: roll two dice for 10× the total"),
    "hunting": T("Hunt: roll two dice for 10× the total"),
    "mining": T("Mine: roll two dice for 10× the total"),
}


def _exploit_question(kind: str, who: str, area: str) -> str:
    """"Ana: fish at Pike Lake?" for the permit's kind."""
    if kind == "fishing":
        return T("{who}: fish at {area}?", who=who, area=area)
    if kind == "hunting":
        return T("{who}: hunt at {area}?", who=who, area=area)
    return T("{who}: mine at {area}?", who=who, area=area)


def _exploit_line(kind: str, who: str, area: str, dice: str, gain: int) -> str:
    """"Ana goes fishing at Pike Lake: 3+4, the bank pays $70." for the permit's kind."""
    if kind == "fishing":
        return T("{who} goes fishing at {area}: {dice}, the bank pays {amount:$}.", who=who, area=area, dice=dice,
                 amount=gain)
    if kind == "hunting":
        return T("{who} goes hunting at {area}: {dice}, the bank pays {amount:$}.", who=who, area=area, dice=dice,
                 amount=gain)
    return T("{who} goes mining at {area}: {dice}, the bank pays {amount:$}.", who=who, area=area, dice=dice,
             amount=gain)


_STOP = {
    "bridge": lambda who: T("{who} stops at a bridge.", who=who),
    "ford": lambda who: T("{who} stops at a ford.", who=who),
    "fork": lambda who: T("{who} stops at the crossroads.", who=who),
}
"""The line for a piece that stops on a space that does nothing (others: ``space_name``)."""

_PHASE_HINT = {
    "roll": T("Now roll the dice (roll) or manage your permits."),
    "buy": T("Now decide on the permit (buy or decline)."),
    "exploit": T("Now choose exploit or skip."),
    "fork": T("Now choose a branch at the crossroads (branch:mountain or branch:river)."),
    "shortcut": T("Now choose shortcut:take or shortcut:skip."),
    "debt": T("Now raise the money you owe (mortgage:, sell:, auction:)."),
    "auction": T("Now bid or pass in the auction."),
}


def _explain(game: SilverLake, state: State, seat: int, key: str) -> str:
    """A sentence saying why ``key`` is refused (the seat is the one to move), then what to do now."""
    hint = _PHASE_HINT.get(state["phase"], T("Now wait."))
    return T("{reason} {hint}", reason=_why_refused(game, state, seat, key), hint=hint)


def _why_refused(game: SilverLake, state: State, seat: int, key: str) -> str:
    phase = state["phase"]
    verb, _, arg = key.partition(":")
    me = state["seats"][seat]
    if verb in ("mortgage", "redeem", "sell", "auction"):
        permit = PERMIT.get(arg)
        if permit is None:
            return T("There is no permit {typed}: permits are F1–F8, H1–H8 and M1–M8.", typed=Code(repr(arg)))
        if state["owner"].get(arg) != seat:
            return T("You do not hold the permit for {permit}.", permit=permit.label)
        if phase in ("fork", "shortcut", "exploit", "auction"):
            return T("Permits can be managed before a throw, while buying or while in debt, not now.")
        if verb == "mortgage":
            return T("{permit} is already mortgaged.", permit=permit.label)
        if verb == "redeem":
            if arg not in state["mortgaged"]:
                return T("{permit} is not mortgaged.", permit=permit.label)
            if phase == "debt":
                return T("You cannot redeem a permit while you are in debt.")
            if arg in state["barred"]:
                return T("You mortgaged {permit} this turn; redeem it on a later turn.", permit=permit.label)
            return T("Redeeming {permit} costs {price:$} and you have {cash:$}.", permit=permit.label,
                     price=permit.price, cash=me["cash"])
        if verb == "auction":
            if arg in state["mortgaged"]:
                return T("A mortgaged permit cannot be auctioned; redeem or sell {permit} instead.", permit=permit.label)
            if phase == "buy":
                return T("Auctions are held before a throw or to pay a debt, not while buying.")
            if arg in state["offered"]:
                return T("{permit} was already auctioned this turn.", permit=permit.label)
            return T("Nobody else has the cash to bid.")
    if verb == "buy" and phase == "buy":
        permit = PERMIT[state["area"]]
        return T("{permit} costs {price:$} and you have {cash:$}: raise money first.", permit=permit.label,
                 price=permit.price, cash=me["cash"])
    if verb == "bid" and phase == "auction":
        bids = game._bids(state, seat)
        if not arg.isdigit():
            return T("Say the amount: bid:{amount}.", amount=bids[0] if bids else 10)
        allowed = series([T("{amount:$}", amount=b) for b in bids]) if bids else T("none")
        return T("Bids allowed now: {bids} (you have {cash:$}).", bids=allowed, cash=me["cash"])
    if verb == "insolvent":
        if phase != "debt":
            return T("You are not in debt.")
        return T("You can still pay by selling permits to the bank: you are not insolvent.")
    if verb == "branch" and phase == "fork" and arg not in BRANCHES:
        return T("The branches are mountain and river.")
    if verb == "stop" and phase == "roll":
        return T("Only an extra throw after doubles can be given up; this is your turn's first throw.")
    if phase == "roll" and verb in ("buy", "decline", "exploit", "skip", "branch", "shortcut", "bid", "pass"):
        return T("There is no such decision pending.")
    return T("{typed} is not a move now.", typed=Code(repr(key)))
