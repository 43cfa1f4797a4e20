"""Bullfrog Goldfield: railroads and mines in the Nevada gold rush, as a pure rules engine.

Players buy stock in five railroads and seven mines, lay track, put up buildings and haul
ore; companies earn their Income Track value every cycle and the richest player in cash and
stock wins. The board, the dig tiles, the characters and the bonds are our design (see
``data/bullfrog-goldfield/README.md``); the rules are the rulebook's, with every choice
where it is silent written down there.

A game is a run of *cycles*:

1. **Characters.** Each player takes one of six character cards (first cycle: from a seat
   drawn at random; later: from the holder of the lowest card, clockwise). Card values set the turn order.
2. **Three rounds** of one action per player: buy stock, sell stock (an auction), buy a
   building, lay track (up to three areas, at most one bond) or haul ore. Multi-step
   actions are small prompts in a row (``charter:gc`` then ``price:18``; ``lay:sp`` then
   ``to:beatty``, ``to:goldcenter``, ``done``), each with ``cancel`` until it is done.
3. **Income:** develop mines, collect income, pay interest, pay off bonds (a choice),
   pay dividends (a choice), remove exhausted mines; then the end checks.

Money is in thousands of dollars (``12`` = $12,000). The state is plain JSON::

    {"rng": ..., "n": 4, "length": "standard", "hidden": False, "end_mark": 100,
     "cash": [30, 30, 30, 30], "cos": {"sp": {...}, "gc": {...}, ...},
     "buildings": {"beatty": 1}, "buildings_left": 14, "bonds_left": {"10": 8, ...},
     "shallow": [tile ids], "deep": [...], "used": [...],
     "cycle": 1, "round": 1, "phase": "act", "cards": [1, 4, None, 6], "picker": 2,
     "order": [...], "turn": 0, "sub": None, "auction": None, "queue": [], ...}

A company (``cos[id]``) holds ``value`` (its Income Track position), ``cash`` (on its
charter), ``charter`` (the seat holding it, None while the bank has it), ``shares`` (two
standard certificates: a seat or None), ``status`` (``closed`` until its charter is
bought, ``open``, ``gone`` for an exhausted mine), and ``bonds``/``trains``/``reached``
(railroads) or ``tiles`` (mines: the dig stack, top first; hidden).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import cache, lru_cache
from typing import Any, ClassVar

from bot.engine import Action, Event, Game, IllegalAction, Option, Outcome, Prompt, Rng, State, seed_value
from bot.engine.contract import seat_ref
from bot.engine.rng import shuffle_unseen
from bot.engine.words import listing

from .components import MINE, MOUNTAIN, TOWN, VALLEY, components
from .messages import T, restored, stored, usd
from .orders import BullfrogOrders

C = components()
RAILROADS = tuple(r.id for r in C.railroads)
MINES = tuple(m.id for m in C.mines)
COMPANIES = RAILROADS + MINES
ROUNDS = 3
MAX_PER_LAY = 3
MAX_RAILROADS_PER_AREA = 4
TRACK_TRAINS = C.trains - 1
"""One of a railroad's 13 trains marks its value on the Income Track; 12 go on the board."""
MIN_CHARTER = 10
HAUL_CASH = 2
HAUL_VALUE = 2
SHARE_BUMP = 5
SALE_DROP = 10
DIVIDEND_STEP = 5
BUILDING_WITH_TRAIN = 20
BUILDING_WITHOUT_TRAIN = 30
MAX_CYCLES = 40
ROLLOUT_STEPS = 8
"""Moves a hard bot's rollout plays before ``hard.evaluate`` scores it (a game is 100-200 moves)."""
"""A safety stop for play-by-post tables (never reached by the simulations; see the README)."""

# Arrival tables, indexed by how many railroads are connected after the arrival (1..4).
MINE_ARRIVAL_NEW = {1: 24, 2: 12, 3: 8, 4: 6}
MINE_ARRIVAL_OLD = {1: 0, 2: 12, 3: 4, 4: 2}
MINE_GAIN_TOTAL = {1: 24, 2: 36, 3: 44, 4: 50}
TOWN_ARRIVAL_NEW = {1: 12, 2: 6, 3: 4, 4: 3}
TOWN_ARRIVAL_OLD = {1: 0, 2: 6, 3: 2, 4: 1}
BOOM_RAILROAD = {1: 12, 2: 6, 3: 4, 4: 3}
BOOM_MINE = {1: 12, 2: 6}
EXHAUSTION_LOSS = {1: 24, 2: 12, 3: 8, 4: 6}

LENGTHS = {"short": (2, 90), "standard": (3, 100), "long": (4, 125)}
"""Option ``length``: dig tiles of each kind per mine, and the end mark on the Income Track."""

SITES = tuple(a for a in C.areas.values() if a.feature in (TOWN, MINE))
"""Where buildings may go: town sites and mine areas."""
PROSPECTOR, TEAMSTER, ARCHITECT, SURVEYOR, BROKER, MAGNATE = 1, 2, 3, 4, 5, 6
MAGNATE_CASH = 5


@cache
def money(k: int) -> str:
    """``money(12)`` -> ``"$12,000"`` (amounts are kept in thousands)."""
    return f"${k * 1000:,}" if k >= 0 else f"-${-k * 1000:,}"


def _s(seat: int) -> str:
    return seat_ref(seat)


def name(cid: str) -> str:
    return C.companies[cid].name


def code(cid: str) -> str:
    """The two letters the picture prints for a company ("SP", "BE"): its name in group paths
    (``("Buy a share", "SP")``) and its row in the board's clickable regions."""
    return cid.upper()


NO_MINE = T("No mine")
"""The group name of hauling ore without raising a mine (no place on the board)."""


def is_rr(cid: str) -> bool:
    return C.companies[cid].kind == "rr"


# =============================================================================================
# Board questions
# =============================================================================================


def within_two(a: str, b: str) -> bool:
    """Whether area ``b`` is "within two areas" of ``a``: the same area or a neighbour.

    The rulebook's worked example forces this reading (the area itself is the first of the
    two): Beatty is next to Gold Center and two steps from Rhyolite, and its building counts
    for Gold Center but not for Rhyolite.
    """
    return a == b or b in C.areas[a].adjacent


def railroads_in(state: State, area: str) -> list[str]:
    """Railroads with a train in ``area``, in the order they arrived."""
    arrivals = state["arrivals"].get(area, [])
    return list(arrivals)


def buildings_for(state: State, cid: str) -> int:
    """Buildings associated with a company: for a mine, those on it and on town sites within
    two areas; for a railroad, those in the areas its trains occupy."""
    company = C.companies[cid]
    built = state["buildings"]
    if company.kind == "mine":
        return sum(n for area, n in built.items()
                   if area == company.area or (C.areas[area].feature == TOWN and within_two(company.area, area)))
    return sum(built.get(area, 0) for area in state["cos"][cid]["trains"])


def companies_counting(state: State, area: str) -> list[str]:
    """Companies a building in ``area`` counts for (the other side of :func:`buildings_for`):
    the mine on it, on a town site the mines within two areas, and railroads with a train there."""
    town = C.areas[area].feature == TOWN
    mines = [m for m in MINES if mine_area(m) == area or (town and within_two(mine_area(m), area))]
    return mines + [r for r in RAILROADS if area in state["cos"][r]["trains"]]


def limit_of(state: State, cid: str) -> int | None:
    """The stock value limit: 25 with no building, +25 per building, none from five on."""
    count = buildings_for(state, cid)
    return C.limits[count] if count < len(C.limits) else None


def raise_value(state: State, cid: str, amount: int, events: list[Event] | None = None) -> int:
    """Move a company on the Income Track; increases stop at its limit (the excess is lost),
    decreases stop at 0. Returns the actual change. Any stock above the end mark (a railroad
    with bonds excepted) triggers the end of the game."""
    co = state["cos"][cid]
    old = co["value"]
    new = old + amount
    if amount > 0:
        lim = limit_of(state, cid)
        if lim is not None:
            new = min(new, max(lim, old))
    new = max(0, new)
    set_value(state, cid, new)
    if events is not None and amount > 0 and new - old < amount:
        events.append(Event(T("{company} stops at its limit of {limit}: {lost} lost.", company=name(cid),
                              limit=new, lost=amount - (new - old))))
    return new - old


def set_value(state: State, cid: str, value: int) -> None:
    """Put a company at ``value`` on the Income Track and check the end trigger.

    Every move of a stock value goes through here (``raise_value`` included), because the
    rulebook's end is a moment, not a position: once any value has passed the end mark the
    game ends with the cycle, "even if the triggering event is no longer in effect". A
    charter bought above the mark and a -4 dig tile before the next check must still end it.
    """
    state["cos"][cid]["value"] = value
    _check_trigger(state)


def _check_trigger(state: State) -> None:
    if state["triggered"]:
        return
    for cid in COMPANIES:
        co = state["cos"][cid]
        if co["status"] == "open" and co["value"] > state["end_mark"] and not (is_rr(cid) and co["bonds"]):
            state["triggered"] = True
            state["end"].append(stored(T("{company} passed {mark} on the Income Track", company=name(cid),
                                         mark=state["end_mark"])))
            return


def holders(state: State, cid: str) -> list[int]:
    """The seats holding a company's certificates, charter first (bank-held shares left out)."""
    co = state["cos"][cid]
    return [s for s in [co["charter"], *co["shares"]] if s is not None]


def certificates(state: State, seat: int, cid: str) -> int:
    return holders(state, cid).count(seat)


def mine_area(cid: str) -> str:
    return C.companies[cid].area


def area_name(area: str) -> str:
    return C.areas[area].name


def board_marks(state: State) -> dict[str, list[Any]]:
    """What the map shows in each area: buildings, the railroads with a train there, and a
    mine's status and value. Comparing two of these tells which areas a move changed."""
    marks: dict[str, list[Any]] = {area: [state["buildings"].get(area, 0)] for area in C.areas}
    for rr in RAILROADS:
        for area in state["cos"][rr]["trains"]:
            marks[area].append(rr)
    for area, mine in C.mine_at.items():
        co = state["cos"][mine]
        marks[area] += [co["status"], co["value"]]
    return marks


# =============================================================================================
# Costs
# =============================================================================================


def track_cost(state: State, seat: int, area: str) -> int:
    terrain = C.areas[area].terrain
    cost = C.terrain_cost[terrain]
    if state["cards"][seat] == SURVEYOR and terrain in (MOUNTAIN, VALLEY):
        cost -= 10
    return cost


def building_cost(state: State, seat: int, area: str) -> int:
    cost = BUILDING_WITH_TRAIN if state["arrivals"].get(area) else BUILDING_WITHOUT_TRAIN
    if state["cards"][seat] == ARCHITECT:
        cost -= 5
    return cost


def building_sources(state: State, seat: int, area: str) -> list[str]:
    """Companies whose charter may pay for a building in ``area``: for a mine, the mine
    itself and railroads with a train there; for a town site, railroads with a train there
    and railroads starting there. Only the charter-holder spends a company's money."""
    feature = C.areas[area].feature
    found: list[str] = []
    if feature == MINE:
        mine = C.mine_at[area]
        if state["cos"][mine]["status"] == "open":
            found.append(mine)
    for rr in RAILROADS:
        if state["cos"][rr]["status"] != "open":
            continue
        if area in state["cos"][rr]["trains"] or (feature == TOWN and C.companies[rr].area == area):
            found.append(rr)
    return [cid for cid in found if state["cos"][cid]["charter"] == seat]


def bond_choices(state: State) -> list[int]:
    return [int(d) for d in sorted(state["bonds_left"], key=int) if state["bonds_left"][d] > 0]


def payment_keys(state: State, seat: int, area: str) -> list[tuple[str, str]]:
    """The ways ``seat`` can pay for a building in ``area``: keys and labels."""
    cost = building_cost(state, seat, area)
    found: list[tuple[str, str]] = []
    if state["cash"][seat] >= cost:
        found.append(("pay:me", T("Pay {cost:$} yourself", cost=usd(cost))))
    for cid in building_sources(state, seat, area):
        cash = state["cos"][cid]["cash"]
        if cash >= cost:
            found.append((f"pay:{cid}", T("Pay {cost:$} from {company}", cost=usd(cost), company=name(cid))))
        if is_rr(cid):
            for bond in bond_choices(state):
                if cash + bond >= cost:
                    found.append((f"pay:{cid}:bond{bond}",
                                  T("Pay {cost:$} from {company}, issuing a {bond:$} bond", cost=usd(cost),
                                    company=name(cid), bond=usd(bond))))
    return found


# =============================================================================================
# Track
# =============================================================================================


def lay_targets(state: State, rr: str, placed: list[str]) -> list[str]:
    """Areas the railroad may lay its next train in (cost aside): its start area first,
    then any area next to its track that it does not occupy and that holds fewer than four
    railroads."""
    co = state["cos"][rr]
    network = [*co["trains"], *placed]
    if len(network) >= TRACK_TRAINS or len(placed) >= MAX_PER_LAY:
        return []
    if not network:
        start = C.companies[rr].area
        # Even a start town holds at most four railroads: a fifth cannot begin there.
        return [start] if len(state["arrivals"].get(start, [])) < MAX_RAILROADS_PER_AREA else []
    near = {b for a in network for b in C.areas[a].adjacent} - set(network)
    return sorted(a for a in near if len(state["arrivals"].get(a, [])) < MAX_RAILROADS_PER_AREA)


def lay_budget(state: State, sub: dict[str, Any], seat: int) -> int:
    """What the railroad can still spend in this Lay Track action."""
    spent = sum(track_cost(state, seat, a) for a in sub["areas"])
    return state["cos"][sub["rr"]]["cash"] + sub["bond"] - spent


def can_lay(state: State, seat: int, rr: str) -> bool:
    co = state["cos"][rr]
    if co["status"] != "open" or co["charter"] != seat:
        return False
    best = co["cash"] + max(bond_choices(state), default=0)
    return any(track_cost(state, seat, a) <= best for a in lay_targets(state, rr, []))


# =============================================================================================
# The game
# =============================================================================================


def _new_company(cid: str, tiles: list[int]) -> dict[str, Any]:
    co: dict[str, Any] = {"value": 0, "cash": 0, "charter": None, "shares": [None, None], "status": "closed"}
    if is_rr(cid):
        co.update({"bonds": [], "trains": [], "reached": False})
    else:
        co["tiles"] = tiles
    return co


class BullfrogGoldfield(BullfrogOrders, Game):
    """Bullfrog Goldfield for 2–5 players."""

    slug: ClassVar[str] = "bullfrog-goldfield"
    title: ClassVar[str] = T("Bullfrog Goldfield")
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    summary: ClassVar[str] = T("Finance railroads and gold mines in 1900s Nevada; the richest in cash and stock wins.")
    rules_file: ClassVar[str] = "bullfrog-goldfield.txt"
    render_module: ClassVar[str] = "bot.games.bullfrog_goldfield.render"
    grouped: ClassVar[bool] = True
    """Moves are filed in groups: charters, shares, buildings, track, hauls, bonds (see the README)."""
    version: ClassVar[int] = 2
    """2: a charter bought above the end mark triggers the end; a sole owner may pay a
    dividend below $3,000 (issue 28)."""
    options: ClassVar[tuple[Option, ...]] = (
        Option("length", "standard", ("standard", "short", "long"),
               T("short: 2+2 dig tiles per mine, end past 90; long: 4+4 tiles, end past 125")),
        Option("cash", "open", ("open", "hidden"), T("hidden: each player's cash is shown only to them")),
    )

    # -- setup ------------------------------------------------------------------------------

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.check_players(players)
        opts = self.resolve_options(options)
        per_kind, end_mark = LENGTHS[opts["length"]]
        state: State = {"rng": seed_value(seed)}
        rng = Rng(state)
        shallow = [t.id for t in C.tiles if t.kind == "shallow"]
        deep = [t.id for t in C.tiles if t.kind == "deep"]
        rng.shuffle(shallow)
        rng.shuffle(deep)
        first = rng.below(players)  # "any agreed upon method": the seeded generator draws a seat
        cos: dict[str, Any] = {}
        for cid in COMPANIES:
            stack: list[int] = []
            if not is_rr(cid):
                stack = [shallow.pop() for _ in range(per_kind)] + [deep.pop() for _ in range(per_kind)]
            cos[cid] = _new_company(cid, stack)
        state.update({
            "n": players,
            "length": opts["length"],
            "hidden": opts["cash"] == "hidden",
            "end_mark": end_mark,
            "cash": [C.start_cash[players]] * players,
            "cos": cos,
            "arrivals": {},
            "buildings": {},
            "buildings_left": C.buildings,
            "bonds_left": dict(C.bonds),
            "shallow": shallow,
            "deep": deep,
            "used": [],
            "cycle": 1,
            "round": 0,
            "phase": "select",
            "cards": [None] * players,
            "picker": first,
            "picked": 0,
            "order": [],
            "turn": 0,
            "sub": None,
            "auction": None,
            "queue": [],
            "triggered": False,
            "end": [],
            "steps": 0,
            "last": None,
        })
        return state

    def max_actions(self, players: int) -> int:
        return 120 * players * MAX_CYCLES

    # -- prompts ----------------------------------------------------------------------------

    def legal_prompts(self, state: State) -> list[Prompt]:
        phase = state["phase"]
        if phase == "over":
            return []
        private = state["hidden"]
        if phase == "select":
            seat = state["picker"]
            taken = {c for c in state["cards"] if c is not None}
            actions = tuple(_character_action(c.id) for c in C.characters if c.value not in taken)
            return [Prompt(seat, T("Cycle {cycle}: choose a character card (its value sets the turn order).",
                                   cycle=state["cycle"]), actions)]
        if phase == "act":
            if state["auction"] is not None:
                return [self._auction_prompt(state, private)]
            seat = state["order"][state["turn"]]
            if state["sub"] is not None:
                return [self._sub_prompt(state, seat, private)]
            return [Prompt(seat, T("Cycle {cycle}, round {round}: choose an action.", cycle=state["cycle"],
                                   round=state["round"]),
                           tuple(main_actions(state, seat)), private=private)]
        if phase == "payoff":
            rr = state["queue"][0][1]
            seat = state["cos"][rr]["charter"]
            return [Prompt(seat, T("Income phase: pay off bonds of the {railroad}?", railroad=name(rr)),
                           tuple(payoff_actions(state, rr)), private=private)]
        if phase == "dividend":
            cid = state["queue"][0][1]
            co = state["cos"][cid]
            seat = co["charter"]
            cash = usd(co["cash"])
            if sole_owner(state, cid) is not None:
                pay = T("Pay out {cash:$} all to you (you hold every certificate) (+5 on the Income Track)", cash=cash)
            else:
                pay = T("Pay out {cash:$} in thirds (+5 on the Income Track)", cash=cash)
            text = T("Income phase: the {company} has {cash:$}. Pay a dividend?", company=name(cid), cash=cash)
            return [Prompt(seat, text, (
                Action(f"dividend:{cid}", pay),
                Action(f"withhold:{cid}", T("Keep the cash on the charter (-5 on the Income Track)")),
            ), private=private)]
        raise IllegalAction(f"Unknown phase {phase!r}.")  # pragma: no cover

    def _sub_prompt(self, state: State, seat: int, private: bool) -> Prompt:
        sub = state["sub"]
        kind = sub["kind"]
        actions: list[Action] = []
        if kind == "charter":
            cid = sub["co"]
            for price in charter_prices(state, seat, cid):
                actions.append(Action(f"price:{price}", T("Pay {price:$} (starts at {value})", price=usd(price),
                                                          value=price)))
            text = T("Buy the {company} charter: choose its price.", company=name(cid))
        elif kind == "build":
            area = sub["area"]
            actions += [Action(k, label) for k, label in payment_keys(state, seat, area)]
            text = T("Building at {area}: choose who pays.", area=area_name(area))
        else:
            rr = sub["rr"]
            budget = lay_budget(state, sub, seat)
            for area in lay_targets(state, rr, sub["areas"]):
                cost = track_cost(state, seat, area)
                if cost <= budget:
                    actions.append(Action(f"to:{area}", T("{area} ({cost:$})", area=area_name(area), cost=usd(cost)),
                                          group=(T("Lay in"), C.areas[area].title)))
            if not sub["bond"]:
                for bond in bond_choices(state):
                    actions.append(Action(f"bond:{bond}", T("Issue a {bond:$} bond for the {railroad}", bond=usd(bond),
                                                            railroad=name(rr)),
                                          group=(T("Issue a bond"),)))
            if sub["areas"]:
                actions.append(Action("done", T("Finish laying track"), main=True))
            placed = listing([area_name(a) for a in sub["areas"]], T("nothing yet"))
            text = T("Lay track for the {railroad} (up to 3 areas; placed: {placed}; {budget:$} left).",
                     railroad=name(rr), placed=placed, budget=usd(budget))
        actions.append(Action("cancel", T("Cancel this action"), main=True, retreat=True))
        return Prompt(seat, text, tuple(actions), private=private)

    def _auction_prompt(self, state: State, private: bool) -> Prompt:
        auction = state["auction"]
        seat = auction["bidders"][auction["at"]]
        actions = [Action("pass", T("Pass (you cannot bid again in this auction)"), main=True)]
        actions += bid_actions(bid_amounts(state, seat))
        high = auction["high"]
        company, seller = name(auction["co"]), _s(auction["seller"])
        if high is not None:
            text = T("Auction of a {company} share sold by {seller}: high bid {bid:$} by {bidder}.", company=company,
                     seller=seller, bid=usd(auction["bid"]), bidder=_s(high))
        else:
            text = T("Auction of a {company} share sold by {seller}: minimum bid {bid:$}.", company=company,
                     seller=seller, bid=usd(auction["min"]))
        return Prompt(seat, text, tuple(actions), private=private)

    # -- performing -------------------------------------------------------------------------

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        events: list[Event] = []
        state["steps"] += 1
        before = board_marks(state)
        verb, _, arg = key.partition(":")
        phase = state["phase"]
        if phase == "select":
            _choose_character(state, seat, arg, events)
        elif phase == "payoff":
            _payoff(state, seat, verb, arg, events)
        elif phase == "dividend":
            _dividend(state, seat, verb == "dividend", events)
        elif state["auction"] is not None:
            _bid(state, seat, verb, arg, events)
        elif state["sub"] is not None:
            _sub_action(state, seat, verb, arg, events)
        else:
            _main_action(state, seat, verb, arg, events)
        if events:  # a step that logs nothing (an area picked for track) leaves the last move shown
            after = board_marks(state)
            state["last"] = {"lines": [stored(event.text) for event in events],
                             "areas": [area for area in after if after[area] != before[area]]}
        return events

    # -- information ------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        from .view import make_view

        return make_view(state, seat)

    def conceal(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """Redraw the hidden: the order of every face-down dig tile (the mines' stacks and the
        two draw piles keep their sizes), the RNG, and, with ``cash=hidden``, the other
        players' cash (their total is redrawn freely; nothing public depends on it)."""
        hidden = json.loads(json.dumps(state))  # faster than deepcopy for plain data
        hidden["rng"] = rng.getrandbits(63)
        slots: list[tuple[list[int], int]] = []
        for cid in MINES:
            stack = hidden["cos"][cid]["tiles"]
            slots += [(stack, i) for i in range(len(stack))]
        for pile in ("shallow", "deep"):
            slots += [(hidden[pile], i) for i in range(len(hidden[pile]))]
        ids = [where[i] for where, i in slots]
        shuffle_unseen(ids, rng)
        for (where, i), tile in zip(slots, ids, strict=True):
            where[i] = tile
        if state["hidden"] and state["phase"] != "over":
            for other in range(state["n"]):
                if other != viewer:
                    hidden["cash"][other] = rng.randint(0, 200)
        return hidden

    def outcome(self, state: State) -> Outcome | None:
        if state["phase"] != "over":
            return None
        scores = [net_worth(state, seat) for seat in range(state["n"])]
        reason = T("Game over after cycle {cycle}: {reasons}.", cycle=state["cycle"],
                   reasons=listing([restored(r) for r in state["end"]]))
        return Outcome.ranked([s * 1000 for s in scores], reason)

    def format_score(self, score: float) -> str:
        """Scores are net worth in dollars: "$1,515,200" (each language writes them its way)."""
        return T("{score:$}", score=score)

    def agent(self, state: State, seat: int, rng: random.Random) -> str:
        from .agent import choose

        return choose(self, state, seat, rng)

    rollout_steps: ClassVar[int | None] = ROLLOUT_STEPS
    """A hard bot's rollouts are cut and scored by :meth:`evaluate` (see ``hard.py``)."""

    def evaluate(self, state: State) -> list[float] | None:
        from .hard import evaluate

        return evaluate(self, state)

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        from .refusals import explain

        return explain(state, seat, key)


# =============================================================================================
# Legal actions
# =============================================================================================


def charter_prices(state: State, seat: int, cid: str) -> list[int]:
    """Prices a charter may be bought for: $10,000 up to the company's stock value limit and
    the buyer's cash."""
    lim = limit_of(state, cid)
    top = state["cash"][seat] if lim is None else min(lim, state["cash"][seat])
    return _bounded(MIN_CHARTER, top)


def _bounded(low: int, top: int) -> list[int]:
    """Every $1,000 from ``low`` for the first $150,000, then every $10,000 up to ``top``:
    a list short enough for autocomplete however rich the player is."""
    if top < low:
        return []
    amounts = list(range(low, min(top, low + 150) + 1))
    return amounts + list(range(amounts[-1] + 10, top + 1, 10))


def bid_amounts(state: State, seat: int) -> list[int]:
    """Bids ``seat`` may make now: every $1,000 from the minimum up to their cash (bounded)."""
    auction = state["auction"]
    low = auction["min"] if auction["high"] is None else auction["bid"] + 1
    return _bounded(low, state["cash"][seat])


def bid_actions(amounts: list[int]) -> list[Action]:
    """One action per bid; front ends offer a long run of them as a number form (a $0 minimum
    bid included: it reads as zero in the game's thousands)."""
    return [_bid_action(amount) for amount in amounts]


# The actions of the turn menu and the bids, made once each: a prompt is listed at every move
# (and many times by the bots), and making the same labels anew each time was most of a move's cost.


@lru_cache(maxsize=4096)
def _bid_action(amount: int) -> Action:
    return Action(f"bid:{amount}", T("Bid {amount:$}", amount=usd(amount)))


@cache
def _charter_action(cid: str) -> Action:
    return Action(f"charter:{cid}", T("Buy the {company} charter (price {price:$} or more)", company=name(cid),
                                      price=usd(MIN_CHARTER)), group=(T("Buy a charter"), code(cid)))


@lru_cache(maxsize=4096)
def _buy_action(cid: str, price: int) -> Action:
    return Action(f"buy:{cid}", T("Buy a {company} share for {price:$}", company=name(cid), price=usd(price)),
                  group=(T("Buy a share"), code(cid)))


@lru_cache(maxsize=4096)
def _sell_action(cid: str, bid: int) -> Action:
    return Action(f"sell:{cid}", T("Auction a {company} share (minimum bid {bid:$})", company=name(cid), bid=usd(bid)),
                  group=(T("Sell a share"), code(cid)))


@cache
def _build_action(area: str, cost: int) -> Action:
    site = C.areas[area]
    return Action(f"build:{area}", T("Building at {area} ({cost:$})", area=site.name, cost=usd(cost)),
                  group=(T("Building"), site.title))


@cache
def _lay_action(rr: str) -> Action:
    return Action(f"lay:{rr}", T("Lay track for the {railroad}", railroad=name(rr)), group=(T("Lay track"), code(rr)))


@cache
def _haul_action(mine: str, gain: int) -> Action:
    """Hauling ore for ``gain`` and raising ``mine`` (``none``: no mine)."""
    if mine == "none":
        return Action("haul:none", T("Haul ore: take {cash:$}, no mine raised", cash=usd(gain)),
                      group=(T("Haul ore"), NO_MINE))
    return Action(f"haul:{mine}", T("Haul ore: take {cash:$}, {mine} +2", cash=usd(gain), mine=name(mine)),
                  group=(T("Haul ore"), code(mine)))


@cache
def _character_action(card_id: str) -> Action:
    card = next(c for c in C.characters if c.id == card_id)
    return Action(f"char:{card.id}", T("{card} ({value}): {effect}", card=card.name, value=card.value,
                                       effect=card.effect))


def main_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may start now (the first step of multi-step ones)."""
    cash = state["cash"][seat]
    actions: list[Action] = []
    for cid in COMPANIES:
        co = state["cos"][cid]
        if co["status"] == "closed" and cash >= MIN_CHARTER:  # every limit is at least 25
            actions.append(_charter_action(cid))
        elif co["status"] == "open" and None in co["shares"] and cash >= co["value"]:
            actions.append(_buy_action(cid, co["value"]))
    for cid in COMPANIES:
        co = state["cos"][cid]
        if co["status"] == "open" and seat in co["shares"]:
            actions.append(_sell_action(cid, co["value"] // 2))
    if state["buildings_left"] > 0:
        # Cheap tests first: most of the time the player's own cash settles it, and no
        # company the player controls could pay more than ``richest``.
        richest = 0
        for cid in COMPANIES:
            co = state["cos"][cid]
            if co["charter"] == seat and co["status"] == "open":
                bond = max(bond_choices(state), default=0) if is_rr(cid) else 0
                richest = max(richest, co["cash"] + bond)
        for area in SITES:
            cost = building_cost(state, seat, area.id)
            if cash >= cost or (richest >= cost and payment_keys(state, seat, area.id)):
                actions.append(_build_action(area.id, cost))
    for rr in RAILROADS:
        if can_lay(state, seat, rr):
            actions.append(_lay_action(rr))
    gain = 4 if state["cards"][seat] == TEAMSTER else HAUL_CASH
    for cid in MINES:
        if state["cos"][cid]["status"] == "open":
            actions.append(_haul_action(cid, gain))
    actions.append(_haul_action("none", gain))
    return actions


def payoff_actions(state: State, rr: str) -> list[Action]:
    co = state["cos"][rr]
    actions: list[Action] = []
    for bond in sorted(set(co["bonds"])):
        if co["cash"] >= bond:
            actions.append(Action(f"repay:{bond}", T("Pay off a {bond:$} bond", bond=usd(bond)),
                                  group=(T("Pay off a bond"),)))
        for smaller in bond_choices(state):
            if smaller < bond and co["cash"] >= bond - smaller:
                actions.append(Action(f"reduce:{bond}-{smaller}",
                                      T("Pay {cost:$} to swap a {bond:$} bond for a {smaller:$} one",
                                        cost=usd(bond - smaller), bond=usd(bond), smaller=usd(smaller)),
                                      group=(T("Swap a bond"),)))
    if actions:
        actions.append(Action("done", T("Keep the remaining bonds"), main=True))
    return actions


# =============================================================================================
# Character selection and the flow of turns
# =============================================================================================


def _choose_character(state: State, seat: int, card_id: str, events: list[Event]) -> None:
    card = next(c for c in C.characters if c.id == card_id)
    state["cards"][seat] = card.value
    events.append(Event(T("{who} takes the {card} ({value}).", who=_s(seat), card=card.name, value=card.value)))
    if card.value == MAGNATE:
        state["cash"][seat] += MAGNATE_CASH
        events.append(Event(T("{who} takes {cash:$} from the bank as the Magnate.", who=_s(seat),
                              cash=usd(MAGNATE_CASH))))
    state["picked"] += 1
    if state["picked"] < state["n"]:
        state["picker"] = (state["picker"] + 1) % state["n"]
        return
    state["order"] = sorted(range(state["n"]), key=lambda s: state["cards"][s])
    state["phase"] = "act"
    state["round"] = 1
    state["turn"] = 0
    events.append(Event(T("Turn order: {seats}.", seats=listing([_s(s) for s in state["order"]]))))


def _end_turn(state: State, events: list[Event]) -> None:
    state["sub"] = None
    state["turn"] += 1
    if state["turn"] < state["n"]:
        return
    state["turn"] = 0
    if state["round"] < ROUNDS:
        state["round"] += 1
        return
    _income(state, events)


# =============================================================================================
# Actions
# =============================================================================================


def _main_action(state: State, seat: int, verb: str, arg: str, events: list[Event]) -> None:
    if verb == "charter":
        state["sub"] = {"kind": "charter", "co": arg}
    elif verb == "buy":
        _buy_share(state, seat, arg, events)
        _end_turn(state, events)
    elif verb == "sell":
        _start_auction(state, seat, arg, events)
    elif verb == "build":
        state["sub"] = {"kind": "build", "area": arg}
    elif verb == "lay":
        state["sub"] = {"kind": "lay", "rr": arg, "areas": [], "bond": 0}
    elif verb == "haul":
        _haul(state, seat, arg, events)
        _end_turn(state, events)


def _sub_action(state: State, seat: int, verb: str, arg: str, events: list[Event]) -> None:
    sub = state["sub"]
    if verb == "cancel":
        state["sub"] = None
        return
    if verb == "price":
        _buy_charter(state, seat, sub["co"], int(arg), events)
        _end_turn(state, events)
    elif verb == "pay":
        _buy_building(state, seat, sub["area"], arg, events)
        _end_turn(state, events)
    elif verb == "bond":
        sub["bond"] = int(arg)
    elif verb == "to":
        sub["areas"].append(arg)
    elif verb == "done":
        _commit_track(state, seat, events)
        _end_turn(state, events)


def _haul(state: State, seat: int, mine: str, events: list[Event]) -> None:
    gain = 4 if state["cards"][seat] == TEAMSTER else HAUL_CASH
    state["cash"][seat] += gain
    if mine == "none":
        events.append(Event(T("{who} hauls ore for {cash:$}.", who=_s(seat), cash=usd(gain))))
        return
    step = 4 if state["cards"][seat] == PROSPECTOR else HAUL_VALUE
    moved = raise_value(state, mine, step)
    events.append(Event(T("{who} hauls ore for {cash:$}; {mine} +{moved} to {value}.", who=_s(seat), cash=usd(gain),
                          mine=name(mine), moved=moved, value=state["cos"][mine]["value"])))


def _buy_charter(state: State, seat: int, cid: str, price: int, events: list[Event]) -> None:
    co = state["cos"][cid]
    state["cash"][seat] -= price
    co.update({"cash": price, "charter": seat, "status": "open"})
    set_value(state, cid, price)
    events.append(Event(T("{who} buys the {company} charter for {price:$}; it starts at {value}.", who=_s(seat),
                          company=name(cid), price=usd(price), value=price)))
    if not is_rr(cid):
        _mine_opens(state, cid, events)


def _mine_opens(state: State, mine: str, events: list[Event]) -> None:
    """A mine starts operating where railroads may already be: 24 is split evenly among them
    and the mine gains as if they had arrived one by one (24/36/44/50)."""
    present = railroads_in(state, mine_area(mine))
    if not present:
        return
    k = len(present)
    for rr in present:
        raise_value(state, rr, 24 // k)
        state["cos"][rr]["reached"] = True
    raise_value(state, mine, MINE_GAIN_TOTAL[k])
    events.append(Event(T("{mine} opens with {railroads} already there: each railroad +{gain}, the mine +{mine_gain} "
                          "(limits apply).", mine=name(mine), railroads=listing([name(r) for r in present]),
                          gain=24 // k, mine_gain=MINE_GAIN_TOTAL[k])))


def _buy_share(state: State, seat: int, cid: str, events: list[Event]) -> None:
    co = state["cos"][cid]
    price = co["value"]
    state["cash"][seat] -= price
    co["cash"] += price
    co["shares"][co["shares"].index(None)] = seat
    events.append(Event(T("{who} buys a {company} share for {price:$}.", who=_s(seat), company=name(cid),
                          price=usd(price))))
    _check_control(state, cid, events)
    moved = raise_value(state, cid, SHARE_BUMP, events)
    events.append(Event(T("{company} +{moved} to {value}.", company=name(cid), moved=moved, value=co["value"])))


def _check_control(state: State, cid: str, events: list[Event]) -> None:
    """A player holding both standard shares (and not the charter) takes control."""
    co = state["cos"][cid]
    first, second = co["shares"]
    if first is not None and first == second and first != co["charter"]:
        old = co["charter"]
        co["charter"] = first
        co["shares"] = [first, old]
        events.append(Event(T("{who} now holds two {company} shares and takes the charter from {old}.", who=_s(first),
                              company=name(cid), old=_s(old))))


def _start_auction(state: State, seat: int, cid: str, events: list[Event]) -> None:
    n = state["n"]
    value = state["cos"][cid]["value"]
    state["auction"] = {
        "co": cid, "seller": seat, "min": value // 2, "bid": 0, "high": None,
        "bidders": [(seat + i) % n for i in range(1, n)], "at": 0, "passed": [],
    }
    events.append(Event(T("{who} auctions a {company} share; the minimum bid is {bid:$}.", who=_s(seat),
                          company=name(cid), bid=usd(value // 2))))


def _bid(state: State, seat: int, verb: str, arg: str, events: list[Event]) -> None:
    auction = state["auction"]
    if verb == "pass":
        auction["passed"].append(seat)
        events.append(Event(T("{who} passes.", who=_s(seat))))
    else:
        auction["bid"] = int(arg)
        auction["high"] = seat
        events.append(Event(T("{who} bids {bid:$}.", who=_s(seat), bid=usd(auction["bid"]))))
    live = [s for s in auction["bidders"] if s not in auction["passed"]]
    if not live or live == [auction["high"]]:
        _close_auction(state, events)
        return
    at = auction["at"]
    bidders = auction["bidders"]
    for step in range(1, len(bidders) + 1):
        candidate = bidders[(at + step) % len(bidders)]
        if candidate not in auction["passed"] and candidate != auction["high"]:
            auction["at"] = (at + step) % len(bidders)
            return


def _close_auction(state: State, events: list[Event]) -> None:
    auction = state["auction"]
    cid, seller = auction["co"], auction["seller"]
    co = state["cos"][cid]
    slot = co["shares"].index(seller)
    if auction["high"] is None:
        price = auction["min"]
        co["shares"][slot] = None
        events.append(Event(T("Nobody bids: the bank buys the {company} share for {price:$}.", company=name(cid),
                              price=usd(price))))
    else:
        price = auction["bid"]
        winner = auction["high"]
        state["cash"][winner] -= price
        co["shares"][slot] = winner
        events.append(Event(T("{who} wins the {company} share for {price:$}.", who=_s(winner), company=name(cid),
                              price=usd(price))))
        _check_control(state, cid, events)
    state["cash"][seller] += price
    drop = SALE_DROP // 2 if state["cards"][seller] == BROKER else SALE_DROP
    raise_value(state, cid, -drop)
    events.append(Event(T("{company} -{drop} to {value}.", company=name(cid), drop=drop, value=co["value"])))
    state["auction"] = None
    _end_turn(state, events)


def _issue_bond(state: State, rr: str, bond: int, events: list[Event]) -> None:
    state["bonds_left"][str(bond)] -= 1
    co = state["cos"][rr]
    co["bonds"].append(bond)
    co["bonds"].sort()
    co["cash"] += bond
    events.append(Event(T("The {railroad} issues a {bond:$} bond.", railroad=name(rr), bond=usd(bond))))


def _buy_building(state: State, seat: int, area: str, source: str, events: list[Event]) -> None:
    cost = building_cost(state, seat, area)
    payer, _, bond = source.partition(":")
    if bond:
        _issue_bond(state, payer, int(bond[4:]), events)
    if payer == "me":
        state["cash"][seat] -= cost
        line = T("{who} puts up a building at {area}; {who} pays {cost:$}.", who=_s(seat), area=area_name(area),
                 cost=usd(cost))
    else:
        state["cos"][payer]["cash"] -= cost
        line = T("{who} puts up a building at {area}; the {company} pays {cost:$}.", who=_s(seat),
                 area=area_name(area), company=name(payer), cost=usd(cost))
    state["buildings"][area] = state["buildings"].get(area, 0) + 1
    state["buildings_left"] -= 1
    events.append(Event(line))
    if C.areas[area].feature != TOWN:
        return
    # Boom town: railroads in the town and operating mines within two areas gain.
    present = railroads_in(state, area)
    for rr in present:
        raise_value(state, rr, BOOM_RAILROAD[len(present)], events)
    mines = [m for m in MINES if state["cos"][m]["status"] == "open" and within_two(mine_area(m), area)]
    for mine in mines:
        raise_value(state, mine, BOOM_MINE[min(len(mines), 2)], events)
    if present or mines:
        gains = [T("{company} to {value}", company=name(c), value=state["cos"][c]["value"]) for c in present + mines]
        events.append(Event(T("Boom town at {area}: {gains}.", area=area_name(area), gains=listing(gains))))


def _commit_track(state: State, seat: int, events: list[Event]) -> None:
    """Lay the action's trains, pay, then make the arrival adjustments in the order laid.

    Adjustments come after every train of the action is down, so the limits count the
    buildings along all of them (the rulebook's Silver Peak example reaches 70 this way).
    """
    sub = state["sub"]
    rr = sub["rr"]
    co = state["cos"][rr]
    if sub["bond"]:
        _issue_bond(state, rr, sub["bond"], events)
    cost = sum(track_cost(state, seat, a) for a in sub["areas"])
    co["cash"] -= cost
    for area in sub["areas"]:
        co["trains"].append(area)
        state["arrivals"].setdefault(area, []).append(rr)
    events.append(Event(T("{who} lays {railroad} track to {areas} for {cost:$}.", who=_s(seat), railroad=name(rr),
                          areas=listing([area_name(a) for a in sub["areas"]]), cost=usd(cost))))
    for area in sub["areas"]:
        others = [r for r in railroads_in(state, area) if r != rr]
        k = len(others) + 1
        feature = C.areas[area].feature
        if feature == MINE and state["cos"][C.mine_at[area]]["status"] == "open":
            mine = C.mine_at[area]
            raise_value(state, rr, MINE_ARRIVAL_NEW[k], events)
            for other in others:
                raise_value(state, other, -MINE_ARRIVAL_OLD[k])
            raise_value(state, mine, MINE_ARRIVAL_NEW[k], events)
            co["reached"] = True
            values = {"railroad": name(rr), "mine": name(mine), "k": k, "value": co["value"],
                      "mine_value": state["cos"][mine]["value"]}
            if others:
                events.append(Event(T("{railroad} reaches the {mine} mine (railroad no. {k}): {railroad} to {value}, "
                                      "{mine} to {mine_value}; {others} -{loss}.", **values,
                                      others=listing([name(o) for o in others]), loss=MINE_ARRIVAL_OLD[k])))
            else:
                events.append(Event(T("{railroad} reaches the {mine} mine (railroad no. {k}): {railroad} to {value}, "
                                      "{mine} to {mine_value}.", **values)))
        elif feature == TOWN:
            raise_value(state, rr, TOWN_ARRIVAL_NEW[k], events)
            for other in others:
                raise_value(state, other, -TOWN_ARRIVAL_OLD[k])
            values = {"railroad": name(rr), "area": area_name(area), "k": k, "value": co["value"]}
            if others:
                events.append(Event(T("{railroad} reaches {area} (railroad no. {k}): {railroad} to {value}; "
                                      "{others} -{loss}.", **values, others=listing([name(o) for o in others]),
                                      loss=TOWN_ARRIVAL_OLD[k])))
            else:
                events.append(Event(T("{railroad} reaches {area} (railroad no. {k}): {railroad} to {value}.",
                                      **values)))


# =============================================================================================
# Income phase
# =============================================================================================


def _banker_order(state: State, cids: tuple[str, ...]) -> list[str]:
    """Companies in the order their charter-holders sit from the banker (seat 1) on."""
    return sorted((c for c in cids if state["cos"][c]["status"] == "open"),
                  key=lambda c: (state["cos"][c]["charter"], COMPANIES.index(c)))


def develop(state: State, mine: str, events: list[Event]) -> None:
    """Reveal a mine's top dig tile, move the mine, add or remove tiles at the bottom."""
    rng = Rng(state)
    co = state["cos"][mine]
    if not co["tiles"]:
        return
    tile = C.tiles[co["tiles"].pop(0)]
    state["used"].append(tile.id)
    moved = raise_value(state, mine, tile.value, events)
    added = removed = None
    if tile.dig > 0:
        added = 0
        for _ in range(tile.dig):
            if not state["deep"] and state["used"]:
                state["deep"] = state["used"]
                state["used"] = []
                rng.shuffle(state["deep"])
                events.append(Event(T("The used dig tiles are shuffled into a new Deep Dig pile.")))
            if state["deep"]:
                co["tiles"].append(state["deep"].pop())
                added += 1
    elif tile.dig < 0:
        taken = [co["tiles"].pop() for _ in range(min(-tile.dig, len(co["tiles"])))]
        state["deep"] += taken
        rng.shuffle(state["deep"])
        removed = len(taken)
    events.append(Event(_dig_line(name(mine), tile.kind, tile.text, moved, co["value"], added, removed,
                                  len(co["tiles"])), reveals=True))


def _dig_line(mine: str, kind: str, tile: str, moved: int, value: int, added: int | None, removed: int | None,
              left: int) -> str:
    """The log line of a dig: one message per kind of tile and what it did to the stack, so
    each language can word the whole sentence."""
    values = {"mine": mine, "tile": tile, "moved": moved, "value": value, "left": left}
    if kind == "shallow":
        if added is not None:
            return T("{mine} digs a shallow tile {tile}: {moved:+d} to {value}, {added} deep tile(s) added; "
                     "{left} left.", **values, added=added)
        if removed is not None:
            return T("{mine} digs a shallow tile {tile}: {moved:+d} to {value}, {removed} tile(s) removed; "
                     "{left} left.", **values, removed=removed)
        return T("{mine} digs a shallow tile {tile}: {moved:+d} to {value}; {left} left.", **values)
    if added is not None:
        return T("{mine} digs a deep tile {tile}: {moved:+d} to {value}, {added} deep tile(s) added; {left} left.",
                 **values, added=added)
    if removed is not None:
        return T("{mine} digs a deep tile {tile}: {moved:+d} to {value}, {removed} tile(s) removed; {left} left.",
                 **values, removed=removed)
    return T("{mine} digs a deep tile {tile}: {moved:+d} to {value}; {left} left.", **values)


def _interest(state: State, rr: str, events: list[Event]) -> None:
    """10 % on outstanding bonds; a railroad that cannot pay takes out a bond now and pays
    its interest too (the smallest bond that covers everything, else the largest there is;
    with none left in the supply it pays what it has and the rest is forgiven)."""
    co = state["cos"][rr]
    due = sum(co["bonds"]) // 10
    while co["cash"] < due and bond_choices(state):
        choices = bond_choices(state)
        fits = [b for b in choices if co["cash"] + b >= due + b // 10]
        bond = fits[0] if fits else choices[-1]
        _issue_bond(state, rr, bond, events)
        due += bond // 10
    paid = min(due, co["cash"])
    co["cash"] -= paid
    events.append(Event(T("The {railroad} pays {cash:$} interest.", railroad=name(rr), cash=usd(paid))))


def _income(state: State, events: list[Event]) -> None:
    events.append(Event(T("Income phase of cycle {cycle}.", cycle=state["cycle"])))
    for mine in _banker_order(state, MINES):
        develop(state, mine, events)
    paid = []
    for cid in _banker_order(state, COMPANIES):
        co = state["cos"][cid]
        if is_rr(cid) and not co["reached"]:
            continue
        co["cash"] += co["value"]
        paid.append(T("{company} {income:$}", company=name(cid), income=usd(co["value"])))
    if paid:
        events.append(Event(T("Income: {incomes}.", incomes=listing(paid))))
    for rr in _banker_order(state, RAILROADS):
        if state["cos"][rr]["bonds"]:
            _interest(state, rr, events)
    state["queue"] = [["payoff", rr] for rr in _banker_order(state, RAILROADS) if state["cos"][rr]["bonds"]]
    state["queue"] += [["dividend", c] for c in _banker_order(state, COMPANIES)]
    _advance_income(state, events)


def _advance_income(state: State, events: list[Event]) -> None:
    """Run the queue of income decisions, settling the ones with no real choice."""
    queue = state["queue"]
    while queue:
        kind, cid = queue[0]
        co = state["cos"][cid]
        if kind == "payoff":
            if payoff_actions(state, cid):
                state["phase"] = "payoff"
                return
        elif is_rr(cid) and co["bonds"]:
            events.append(Event(T("The {railroad} has bonds: no dividend, no move.", railroad=name(cid))))
        elif can_pay_dividend(state, cid):
            state["phase"] = "dividend"
            return
        else:
            moved = raise_value(state, cid, -DIVIDEND_STEP)
            events.append(Event(T("The {company} has too little cash for a dividend: {moved:+d} to {value}.",
                                  company=name(cid), moved=moved, value=co["value"])))
        queue.pop(0)
    _finish_cycle(state, events)


def sole_owner(state: State, cid: str) -> int | None:
    """The seat holding all three of a company's certificates, if one does."""
    owners = holders(state, cid)
    return owners[0] if len(owners) == 3 and len(set(owners)) == 1 else None


def can_pay_dividend(state: State, cid: str) -> bool:
    """Whether a company without bonds has enough cash to pay a dividend.

    Shares get a third of the cash each, rounded down, so below $3,000 a dividend would pay
    nobody anything and still move the company up 5: it needs $3,000. A player holding all
    three certificates "receives all the money" instead, so for them any cash at all
    ($1,000) is a real payment (README, rule 9).
    """
    cash = state["cos"][cid]["cash"]
    return cash >= 1 if sole_owner(state, cid) is not None else cash >= 3


def _payoff(state: State, seat: int, verb: str, arg: str, events: list[Event]) -> None:
    rr = state["queue"][0][1]
    co = state["cos"][rr]
    if verb == "done":
        state["queue"].pop(0)
    elif verb == "repay":
        bond = int(arg)
        co["bonds"].remove(bond)
        co["cash"] -= bond
        state["bonds_left"][str(bond)] += 1
        events.append(Event(T("The {railroad} pays off a {bond:$} bond.", railroad=name(rr), bond=usd(bond))))
    else:
        big, small = (int(x) for x in arg.split("-"))
        co["bonds"].remove(big)
        co["bonds"].append(small)
        co["bonds"].sort()
        co["cash"] -= big - small
        state["bonds_left"][str(big)] += 1
        state["bonds_left"][str(small)] -= 1
        events.append(Event(T("The {railroad} pays {cost:$} to swap a {bond:$} bond for a {smaller:$} one.",
                              railroad=name(rr), cost=usd(big - small), bond=usd(big), smaller=usd(small))))
    _check_trigger(state)
    if state["queue"] and state["queue"][0] == ["payoff", rr] and not payoff_actions(state, rr):
        state["queue"].pop(0)
    _advance_income(state, events)


def _dividend(state: State, seat: int, pay: bool, events: list[Event]) -> None:
    cid = state["queue"].pop(0)[1]
    co = state["cos"][cid]
    if pay:
        cash = co["cash"]
        owners = holders(state, cid)
        only = sole_owner(state, cid)
        if only is not None:
            state["cash"][only] += cash
            co["cash"] = 0
            parts = [T("{who} {amount:$}", who=_s(only), amount=usd(cash))]
        else:
            third = cash // 3
            parts = []
            for owner in sorted(set(owners)):
                count = owners.count(owner)
                state["cash"][owner] += third * count
                co["cash"] -= third * count
                parts.append(T("{who} {amount:$}", who=_s(owner), amount=usd(third * count)))
        moved = raise_value(state, cid, DIVIDEND_STEP, events)
        events.append(Event(T("The {company} pays a dividend: {payments}; {moved:+d} to {value}.", company=name(cid),
                              payments=listing(parts), moved=moved, value=co["value"])))
    else:
        moved = raise_value(state, cid, -DIVIDEND_STEP)
        events.append(Event(T("The {company} withholds: {moved:+d} to {value}.", company=name(cid), moved=moved,
                              value=co["value"])))
    _advance_income(state, events)


def _finish_cycle(state: State, events: list[Event]) -> None:
    state["queue"] = []
    for mine in MINES:
        co = state["cos"][mine]
        if co["status"] != "open" or co["tiles"]:
            continue
        connected = railroads_in(state, mine_area(mine))
        co.update({"status": "gone", "cash": 0, "charter": None, "shares": [None, None]})
        set_value(state, mine, 0)
        if connected:
            loss = EXHAUSTION_LOSS[len(connected)]
            for rr in connected:
                raise_value(state, rr, -loss)
            events.append(Event(T("The {mine} mine is exhausted and dissolved; {railroads} -{loss}.", mine=name(mine),
                                  railroads=listing([name(r) for r in connected]), loss=loss)))
        else:
            events.append(Event(T("The {mine} mine is exhausted and dissolved.", mine=name(mine))))
    gone = sum(state["cos"][m]["status"] == "gone" for m in MINES)
    if gone >= len(MINES) - 1 and not any("exhausted" in restored(r) for r in state["end"]):
        state["triggered"] = True
        state["end"].append(stored(T("all mines but one are exhausted")))
    if not state["triggered"] and state["cycle"] >= MAX_CYCLES:
        state["triggered"] = True
        state["end"].append(stored(T("the {cycles}-cycle limit was reached", cycles=MAX_CYCLES)))
    if state["triggered"]:
        _game_over(state, events)
        return
    lowest = min(range(state["n"]), key=lambda s: state["cards"][s])
    state["cycle"] += 1
    state["phase"] = "select"
    state["cards"] = [None] * state["n"]
    state["picker"] = lowest
    state["picked"] = 0
    state["order"] = []
    state["round"] = 0
    events.append(Event(T("Cycle {cycle} begins; {who} chooses a character first.", cycle=state["cycle"],
                          who=_s(lowest))))


def _game_over(state: State, events: list[Event]) -> None:
    state["phase"] = "over"
    for rr in RAILROADS:
        co = state["cos"][rr]
        if co["status"] == "open" and co["bonds"]:
            co["status"] = "worthless"
            events.append(Event(T("The {railroad} still has bonds: its stock is worthless.", railroad=name(rr))))
    scores = listing([T("{who} {amount:$}", who=_s(s), amount=usd(net_worth(state, s))) for s in range(state["n"])])
    events.append(Event(T("The game ends: {scores}.", scores=scores)))


def stock_worth(state: State, seat: int) -> int:
    """The Income Track value of every certificate ``seat`` holds (in thousands)."""
    total = 0
    for cid in COMPANIES:
        co = state["cos"][cid]
        if co["status"] == "open":
            total += co["value"] * certificates(state, seat, cid)
    return total


def net_worth(state: State, seat: int) -> int:
    return state["cash"][seat] + stock_worth(state, seat)
