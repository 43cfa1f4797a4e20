"""1856 operating rounds: each company's turn (track, station, run, dividend, trains, loans,
privates), the end of a round, a president's emergency money and bankruptcy.

Part of the rules engine in :mod:`bot.games.g1856.core`, which re-exports every name here;
the modules of the engine import each other's names at their ends, so any one may be imported first.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.engine import IllegalAction
from bot.games.g1856 import board, economy
from bot.games.g1856 import map as gmap
from bot.games.g1856.messages import T
from bot.games.g1856.routes import Bonuses, validate_run

State = dict[str, Any]

# ---------------------------------------------------------------- operating rounds


def _start_operating_round(state: State) -> None:
    state["round"] = "operating"
    state["or_number"] += 1
    # Private income, to players and companies alike.
    for sym, p in state["privates"].items():
        if p["owner"] and not p["closed"]:
            _pay(state, p["owner"], economy.privates()[sym]["revenue"])
    order = operating_order(state)
    state["op"] = {
        "order": order,
        "index": -1,
        "corp": None,
        "step": None,
        "took_loan": [],
        "redeemed": [],
        "paid_interest": [],
        "laid": 0,
        "tcc_used": False,
        "routes": None,
        "revenue": 0,
        "penalty": 0,
        "bought_train": False,
        "wsrc_used": False,
        "home": None,  # THB's president choosing Hamilton's city (see choose_home)
    }
    state["log"].append(T("Operating round {sr_number}.{or_number}.", sr_number=state['sr_number'], or_number=state['or_number']))
    _next_corp(state)


def _next_corp(state: State) -> None:
    op = state["op"]
    while True:
        op["index"] += 1
        if op["index"] >= len(op["order"]):
            _end_operating_round(state)
            return
        corp = op["order"][op["index"]]
        c = state["corps"][corp]
        if c["closed"]:
            continue
        if not c["started"] and c["ipo"] > 100 - state["float_percent"]:
            # The last train of a type sold earlier in this round raised the share needed to
            # start: a company that has not started yet and falls short does not operate.
            state["log"].append(T("{corp} has too few shares sold to start and does not operate.", corp=corp))
            continue
        c["started"] = True
        op.update(
            corp=corp,
            step="track",
            laid=0,
            tcc_used=False,
            routes=None,
            revenue=0,
            penalty=0,
            tokened=False,
            borrowed_done=False,
            company_skipped=False,
            rights_bought=[],
        )
        if not c["operated"]:
            c["operated"] = True
            if not gmap.tokens_of(state["map"], corp):
                _place_home(state, corp)
        _skip_steps(state)
        return


def home_cities(state: State, corp: str) -> list[int]:
    """The cities of ``corp``'s home hex its president may choose for the home station.

    Only THB has a choice: its home, Hamilton (L15), has two cities and the company no fixed
    one. While the printed hex has no track the station goes to the first city; once a tile
    lies there, the president chooses among the cities with a free space (the reference's
    rule: a choice as soon as the home tile has track). An empty list: no choice to make.
    """
    info = board.corporations()[corp]
    coord = info["home"]
    if info["home_city"] is not None or coord not in state["map"]["tiles"]:
        return []
    placed = gmap.current(state["map"], coord)
    return [i for i in range(len(placed.cities)) if gmap.free_slots(state["map"], coord, i, corp) > 0]


def _place_home(state: State, corp: str) -> None:
    """A company's free home station, when it first operates; THB's president may have to
    choose Hamilton's city first (``op["home"]`` then waits for :func:`choose_home`)."""
    cities = home_cities(state, corp)
    if len(cities) > 1:
        coord = board.corporations()[corp]["home"]
        state["op"]["home"] = {"corp": corp, "hex": coord, "cities": cities}
        state["log"].append(T("{corp} chooses the city of {name} for its home station.", corp=corp, name=board.hexes()[coord]['name']))
        return
    gmap.place_home_token(state["map"], corp, cities[0] if cities else None)


def pending_home(state: State) -> dict[str, Any] | None:
    """``{"corp", "hex", "cities"}`` while a president must choose the home city, else None."""
    op = state.get("op") if state["round"] == "operating" else None
    return op.get("home") if op else None


def choose_home(state: State, corp: str, coord: str, city: int) -> None:
    """The president puts the company's home station on ``city`` of its home hex."""
    pending = pending_home(state)
    if not pending or pending["corp"] != corp:
        raise IllegalAction(T("{corp} has no home station to place now.", corp=corp))
    name = board.hexes()[pending["hex"]]["name"]
    if coord != pending["hex"] or city not in pending["cities"]:
        where = " or ".join(str(i) for i in pending["cities"])
        raise IllegalAction(T("{corp}'s home station goes to city {where} of {name} ({hex}).", corp=corp, where=where, name=name, hex=pending['hex']))
    gmap.place_home_token(state["map"], corp, city)
    state["op"]["home"] = None
    state["log"].append(T("{corp} places its home station in {name}, city {city}.", corp=corp, name=name, city=city))


def _end_operating_round(state: State) -> None:
    if state["privates"]["WSRC"].get("used") and not state["privates"]["WSRC"]["closed"]:
        _close_private(state, "WSRC")
    state["op"] = None
    if state["or_number"] < state["or_total"]:
        _start_operating_round(state)
        return
    if state["bank_broken"]:
        state["round"] = "over"
        state["ended"] = "bank"
        return
    if state["sr_number"] >= LAST_STOCK_ROUND:
        state["round"] = "over"
        state["ended"] = "limit"
        state["log"].append(T("Stock round {last} was the last: the game ends.", last=LAST_STOCK_ROUND))
        return
    _start_stock_round(state, state["priority"])


def action_bound(players: int) -> int:
    """An upper bound on the number of actions in a whole game (``Game.max_actions``).

    Each round is finite on its own (``data/1856/README.md``, "How long a game can last",
    gives the argument): the private auction, a stock round and an operating round each
    have a bound below, and :data:`LAST_STOCK_ROUND` bounds the number of sets (a stock
    round and at most three operating rounds). The bound is loose by design: it must hold
    for every game, while real and random games take a few hundred to a thousand actions.
    """
    cash = int(economy.data()["starting_cash"][str(players)])
    units = 11 * 10 + 20  # share units one player can hold: 10 per company, 20 of a 5%-share CGR
    # Auction: every bid raises a private's top bid by $5 or more, up to a player's cash;
    # each of the six privates gets cheaper at most 21 times ($100 down to $0 in $5 steps);
    # at most one round of passes lies between two of these events.
    bids = 6 * (cash // 5 + 1)
    auction = bids + (bids + 6 * 21 + 1) * players
    # Stock round: a player buys a company's shares until they first sell it (no buying
    # back in the round), so buys and sells are each at most ``units`` per player; a turn
    # with trades ends with at most one pass; at most one round of passes lies between two
    # turns with trades, and one more ends the round.
    trades = 2 * units * players
    stock = 2 * trades + (trades + 1) * players
    # Operating round: at most 12 companies (with the CGR) take a turn of at most 60 actions
    # besides sales (home station, two lays, stations, run, dividend, up to 10 train buys or
    # trade-ins, loans, 6 privates, rights, the port, each purchase in two steps, passes);
    # players sell at most what they hold (no buying in an operating round; the CGR hands
    # out at most 20 new units); at most 200 discards and 11 nationalization choices.
    # The Game's own choices add, per turn: looking at one hex's tiles and turning back, once
    # per hex (2 per hex); naming prices, turning back once per private or train on offer
    # (2 × (6 + 48)); building the run by hand, once given up and once made: per train (at most
    # 5, a borrowed D included) each stop once (at most 3 per hex) and its end.
    hexes = len(board.hexes())
    looks = 2 * hexes
    prices = 2 * (6 + 48)
    building = 2 * (1 + 5 * (3 * hexes + 1))
    turn = 60 + looks + prices + building
    operating = 12 * turn + units * players + 20 + 200 + 11
    return auction + LAST_STOCK_ROUND * (stock + 3 * operating)


def current_corp(state: State) -> str | None:
    return state["op"]["corp"] if state["round"] == "operating" and state["op"] else None


def step_actions(state: State, step: str) -> bool:
    """Whether the company has something to do in ``step`` (otherwise the step is skipped)."""
    corp = current_corp(state)
    c = state["corps"][corp]
    op = state["op"]
    if step == "track":
        return True
    if step == "token":
        if op.get("tokened"):
            return False  # WSRC's free station was this turn's station
        # The reference counts a loan the company could still take as money for a station,
        # and an unused WSRC free station as a station costing nothing (so the step stops
        # whenever the company's track reaches a free space, whatever that one costs).
        loan = can_take_loan(state, corp) and not quirk(state, "no_token_loan_power")
        power = c["cash"] + ((90 if corp in op["paid_interest"] else 100) if loan else 0)
        wsrc = state["privates"]["WSRC"]
        if wsrc["owner"] == corp and not wsrc["closed"] and not wsrc.get("token_used"):
            power = 10**9
        cost = gmap.next_token_cost(state["map"], corp)
        if cost is None or cost > power:
            return False
        return any(s.cost <= power for s in gmap.legal_token_placements(state["map"], corp))
    if step == "borrow":
        return can_borrow_train(state, corp)
    if step == "route":
        return bool(c["trains"]) and len(gmap.reach(state["map"], corp).nodes) >= 2
    if step == "dividend":
        # Until it has owned a permanent train the CGR withholds without being asked.
        return bool(op["routes"]) and not (corp == "CGR" and not c.get("permanent"))
    if step == "buy_train":
        return can_buy_train(state, corp) or must_buy_train(state, corp)
    if step == "loan":
        if quirk(state, "loan_step_always") and "CGR" not in state["corps"]:
            # Records of 2021: the platform then always stopped here until the CGR formed
            # (see replay18xx); when it did not form, for the rest of the game.
            return True
        return can_payoff(state, corp) or can_take_loan(state, corp)
    if step == "buy_company":
        if op.get("company_skipped"):
            return False
        # A company holding the unused port marker (GLSC) also stops here: it may place it.
        glsc = state["privates"]["GLSC"]
        return can_buy_company(state, corp) or (glsc["owner"] == corp and not glsc["closed"])
    raise ValueError(step)


def _step_passed(state: State, step: str) -> bool:
    return OR_STEPS.index(state["op"]["step"]) > OR_STEPS.index(step)


def _skip_steps(state: State) -> None:
    """Move past steps where the company has nothing to do (as the reference does)."""
    while state["round"] == "operating" and state["op"]["step"] is not None:
        if state["op"].get("relocate"):
            return  # a marker waits for its city first
        if state.get("nationalization") or state.get("cgr_markers") or state.get("cgr_discard"):
            return  # the CGR's formation is settled first; then the turn goes on
        if state["corps"][state["op"]["corp"]]["closed"]:
            _end_turn(state)
            return
        step = state["op"]["step"]
        if step_actions(state, step):
            return
        if _leave_step(state, step, skipped=True):
            return


def _leave_step(state: State, step: str, skipped: bool = False) -> bool:
    """Finish ``step``; True when that ended the company's turn."""
    op = state["op"]
    corp = op["corp"]
    if step == "track":
        _check_destinations(state)
    if step == "dividend" and skipped:
        _dividend(state, corp, "withhold")
    if step == "buy_train":
        _return_borrowed(state, corp)
        if skipped and quirk(state, "loan_step_always") and not step_actions(state, "buy_company"):
            # That version listed its loan step before the train step, stopping there only
            # once the train step was over; a train step with nothing to do was skipped in
            # the same sweep as the private step, which, with nothing affordable at that
            # moment, was gone before a loan could make one affordable (record hotseat003
            # action 94: GT, with $0 after its run, takes a loan and passes; its turn ends).
            op["company_skipped"] = True
    i = OR_STEPS.index(step)
    if i + 1 < len(OR_STEPS):
        op["step"] = OR_STEPS[i + 1]
        return False
    _end_turn(state)
    return True


def _end_turn(state: State) -> None:
    op = state["op"]
    if op["corp"]:
        _return_borrowed(state, op["corp"])
    op["step"] = None
    _next_corp(state)


def _after_or_action(state: State) -> None:
    """What the reference does after every operating action: pay interest once the run is
    past, force repayment of loans above the limit once the train step is past, then skip
    steps with nothing to do."""
    op = state["op"]
    corp = op["corp"]
    if op["step"] and _step_passed(state, "route") and corp not in op["paid_interest"]:
        _pay_interest(state, corp)
    if op["step"] and _step_passed(state, "buy_train"):
        c = state["corps"][corp]
        excess = c["loans"] - player_shares(c)
        if excess > 0:
            owed = 100 * excess
            c["loans"] -= excess
            state["loans_left"] += excess
            op["redeemed"].append(corp)
            pay = min(owed, c["cash"])
            c["cash"] -= pay
            state["bank"] += pay
            if owed > pay:
                _player_pays(state, c["president"], owed - pay)
    _skip_steps(state)


def _player_pays(state: State, seat: int, amount: int) -> None:
    """A president covers a company's debt (interest, forced repayment) personally; short of
    cash, they must sell shares (a cash crisis) or go bankrupt."""
    state["cash"][seat] -= amount
    state["bank"] += amount
    if state["cash"][seat] < 0:
        state["crisis"] = {"seat": seat, "protect": None, "need": 0}
        state["log"].append(T("{who} owes ${value} and must sell shares.", who=seat_name(seat), value=-state['cash'][seat]))


def emergency_sell_error(state: State, seat: int, corp: str, pct: int, protect: str | None) -> str | None:
    """Why ``seat`` may not sell ``pct``% of ``corp`` to raise money now (None: may)."""
    c = state["corps"].get(corp)
    if c is None or c["closed"]:
        return T("There is no company {corp}.", corp=corp)
    unit = c.get("share_size", 10)
    if pct <= 0 or pct % unit or pct > c["held"][seat]:
        return T("You do not hold {share} of {corp}.", share=f"{pct}%", corp=corp)
    if c["pool"] + pct > 50:
        return T("The bank pool may hold at most {share} of a company.", share="50%")
    if c.get("false_president") == seat:
        return T("Your one-share CGR presidency cannot be sold before it is completed.")
    if c["president"] == seat and c["held"][seat] - pct < 2 * unit:
        if corp == protect:
            return T("You may not give up the presidency of {corp} while raising money for it.", corp=corp)
        if not any(s != seat and c["held"][s] >= 2 * unit for s in range(state["players"])):
            return T("Nobody else holds {share} of {corp} to take over its presidency.", share=f"{2 * unit}%", corp=corp)
    return None


def emergency_sales(state: State, seat: int, protect: str | None) -> list[tuple[str, int]]:
    """Every (company, shares) ``seat`` may sell to raise money now; shares of the company's
    own size (10%, or 5% for a CGR of twenty), each worth the whole price."""
    out = []
    for corp, c in state["corps"].items():
        unit = c.get("share_size", 10)
        for n in range(1, c["held"][seat] // unit + 1):
            if emergency_sell_error(state, seat, corp, unit * n, protect) is None:
                out.append((corp, n))
    return out


def emergency_sell(state: State, seat: int, corp: str, shares: int) -> None:
    """Sell shares to the pool to pay a debt or a forced train (price drops as usual)."""
    crisis = state.get("crisis")
    protect = crisis["protect"] if crisis else current_corp(state)
    unit = state["corps"][corp].get("share_size", 10) if corp in state["corps"] else 10
    if why := emergency_sell_error(state, seat, corp, unit * shares, protect):
        raise IllegalAction(why)
    c = state["corps"][corp]
    _pay(state, f"p{seat}", shares * price(state, corp))  # the price is per share, whatever its size
    c["held"][seat] -= unit * shares
    c["pool"] += unit * shares
    _check_president(state, corp, seat)
    _move(state, corp, "down", unit * shares // 10)  # one row per 10% sold
    if crisis and state["cash"][seat] >= crisis["need"]:
        state["crisis"] = None
    op = state.get("op")
    if state["round"] == "operating" and op and op["corp"] and state["corps"][op["corp"]]["closed"]:
        _end_turn(state)  # the sale dropped the operating company's price to $0


def train_bankruptcy_due(state: State, corp: str) -> bool:
    """Whether ``corp`` must buy a train that neither it (even with a loan) nor its president
    (even selling every share they may sell) can pay for: its president goes bankrupt."""
    if state["round"] != "operating" or current_corp(state) != corp or state["op"]["step"] != "buy_train":
        return False
    if not must_buy_train(state, corp) or can_take_loan(state, corp):
        return False
    c = state["corps"][corp]
    prices = [train_price(state, n) for n in depot_trains(state)]
    prices += [train_price(state, t.split("-")[0]) for t in state["pool_trains"]]
    if not prices:
        return False
    if c["cash"] + state["cash"][c["president"]] >= min(prices):
        return False
    return not emergency_sales(state, c["president"], corp)


def declare_bankruptcy(state: State, seat: int) -> None:
    """A player who cannot raise what they owe goes bankrupt: the game ends at once. First
    they sell every share they are allowed to sell (the largest lot of each company, prices
    dropping as usual), then everything they have left in cash goes to the bank (as on the
    reference platform: the bankrupt's money counts for nothing at the end)."""
    for corp in sorted(state["corps"]):
        c = state["corps"][corp]
        while not c["closed"] and c["pos"] is not None:
            unit = c.get("share_size", 10)
            lots = [
                n
                for n in range(c["held"][seat] // unit, 0, -1)
                if not emergency_sell_error(state, seat, corp, unit * n, None)
            ]
            if not lots:
                break
            _pay(state, f"p{seat}", lots[0] * price(state, corp))
            c["held"][seat] -= unit * lots[0]
            c["pool"] += unit * lots[0]
            _check_president(state, corp, seat)
            _move(state, corp, "down", unit * lots[0] // 10)
    state["bank"] += state["cash"][seat]
    state["cash"][seat] = 0
    state["round"] = "over"
    state["ended"] = "bankruptcy"
    state["crisis"] = None
    state["log"].append(T("{who} cannot raise the money and goes bankrupt: the game ends.", who=seat_name(seat)))


def _pay_interest(state: State, corp: str) -> None:
    op = state["op"]
    c = state["corps"][corp]
    op["paid_interest"].append(corp)
    owed = 0 if state.get("post_nationalization") else 10 * c["loans"]
    if not owed:
        return
    payment = min(owed, c["cash"] - c["cash"] % 10)
    c["cash"] -= payment
    state["bank"] += payment
    owed -= payment
    if owed <= 0:
        return
    deduct = min(owed, op["revenue"])
    op["penalty"] = deduct  # taken out of the run before it is shared out
    owed -= deduct
    if owed > 0:
        _player_pays(state, c["president"], owed)


def _check_destinations(state: State) -> None:
    for corp, c in state["corps"].items():
        if c["destinated"] or c["closed"]:
            continue
        if (c["cap"] or state["capitalization"]) != "escrow":
            continue
        start, goals = destination(state, corp)
        if connected(state["map"], start, goals):
            c["destinated"] = True
            state["log"].append(T("{corp} reaches its destination.", corp=corp))
            if c["escrow"] is not None:
                _pay(state, corp, c["escrow"])
            c["escrow"] = None
            if c["cap"] == "escrow":
                c["cap"] = "incremental"


def destination(state: State, corp: str) -> tuple[str, list[str]]:
    """Where ``corp`` starts its destination run and the hexes that count as reaching it."""
    if state["alternate_destinations"]:
        start, goals = ALT_DESTINATIONS[corp]
        return start, list(goals)
    info = board.corporations()[corp]
    if corp == "WGB" and state.get("legacy_wgb_destination"):
        return info["home"], ["H5"]
    return info["home"], [info["destination"]]


def connected(m: gmap.MapState, start: str, goals: list[str]) -> bool:
    """Whether track joins a city of ``start`` to any hex of ``goals`` (station markers do
    not block this; off-boards are ends; the other cities of ``start`` are not passed)."""
    placed = gmap.current(m, start)
    starts = {(start, f"c{i}") for i in range(len(placed.cities))}
    todo = list(starts)
    seen = set(starts)
    while todo:
        coord, end = todo.pop()
        for a, b, _ in gmap.current(m, coord).paths:
            if end not in (a, b):
                continue
            if coord in goals:
                return True
            other = b if a == end else a
            if other[0] == "e":
                edge = int(other[1:])
                nb = board.track_neighbour(coord, edge)
                if nb is None:
                    continue
                node = (nb, f"e{(edge + 3) % 6}")
            elif other[0] == "o":
                continue
            else:
                node = (coord, other)
                if node in starts:
                    continue
            if node not in seen:
                seen.add(node)
                todo.append(node)
    return False


# ---- operating actions


def _check_corp(state: State, corp: str) -> dict[str, Any]:
    if state["round"] != "operating":
        raise IllegalAction(T("It is not an operating round."))
    if state.get("nationalization"):
        raise IllegalAction(T("The companies' loans must be settled first (CGR formation)."))
    if state.get("cgr_markers") or state.get("cgr_discard"):
        raise IllegalAction(T("The CGR's president must first settle its station markers and trains."))
    if state.get("discard"):
        raise IllegalAction(T("{corp} must first discard a train above its limit.", corp=state['discard'][0]))
    if state.get("crisis"):
        raise IllegalAction(
            T("{who} must first sell shares to pay what they owe.", who=seat_name(state['crisis']['seat']))
        )
    if corp != current_corp(state):
        raise IllegalAction(T("It is {corp}'s turn.", corp=current_corp(state)))
    if pending_home(state):
        raise IllegalAction(T("{corp} must first choose the city of its home station.", corp=corp))
    if state["op"].get("relocate"):
        raise IllegalAction(
            T("First choose the city of {owner}'s station marker.", owner=state['op']['relocate']['corps'][0])
        )
    return state["corps"][corp]


def tile_company_buyable(state: State, corp: str) -> bool:
    """Whether ``corp`` could still buy a private with a track-laying power (TCC, WSRC) from
    a player now: while it can, its track step stays open after its own lay (the reference
    keeps it open so that the bought private's lay can follow)."""
    if "can_buy_companies" not in phase_info(state)["status"] or quirk(state, "track_closes_after_lay"):
        return False
    cash = state["corps"][corp]["cash"]
    powers = ("TCC",) if quirk(state, "wsrc_no_track_power") else ("TCC", "WSRC")
    return any(
        s in powers and (economy.privates()[s]["value"] + 1) // 2 <= cash
        for s in purchasable_companies(state)
    )


def tcc_lay_pending(state: State, corp: str) -> bool:
    """Whether ``corp`` owns TCC and its extra lay on H11 (once in the game) is still to
    come: while it is, the company's track step stays open after its own lay, until it lays
    there or passes (the reference keeps a step open while a track power is unused)."""
    tcc = state["privates"]["TCC"]
    return tcc["owner"] == corp and not tcc["closed"] and "H11" not in state["map"]["tiles"]


def lay_tile(state: State, corp: str, coord: str, tile: str, rotation: int) -> None:
    """Lay or upgrade a tile: the company's one lay of the turn, or TCC's extra lay on H11
    (free, any time in the turn), or WSRC's green #59 on Kitchener (I12) as the turn's lay."""
    c = _check_corp(state, corp)
    op = state["op"]
    tcc = state["privates"]["TCC"]
    special = (
        coord == "H11"
        and tcc["owner"] == corp
        and not tcc["closed"]
        and not op["tcc_used"]
        and tile in ("3", "4", "58")
    )
    wsrc_p = state["privates"]["WSRC"]
    wsrc = coord == "I12" and tile == "59" and wsrc_p["owner"] == corp and not wsrc_p["closed"]
    if not special:
        if op["step"] != "track":
            raise IllegalAction(T("Track is laid before stations and runs."))
        if op["laid"]:
            raise IllegalAction(T("{corp} has already laid its tile this turn.", corp=corp))
    # A private's own lay (TCC's on H11, WSRC's #59 on I12) needs no connection to the
    # company's track: the privates' texts ask for none and the reference asks for none
    # (record hotseat003, action 105: WR lays TCC's town with no track of its own nearby).
    layer = None if special or wsrc else corp
    cost, _ = gmap.check_lay(
        state["map"], layer, coord, tile, rotation, state["phase"], special=special or wsrc
    )
    if special:
        cost = 0
    if cost > c["cash"]:
        raise IllegalAction(T("Laying there costs ${cost} and {corp} has ${cash}.", cost=cost, corp=corp, cash=c['cash']))
    loose = _trackless_markers(state, coord, tile)
    gmap.lay_tile(state["map"], layer, coord, tile, rotation, state["phase"], special=special or wsrc)
    c["cash"] -= cost
    state["bank"] += cost
    if loose:
        # Markers in cities that had no track: which new city they stand in is the laying
        # company's choice (relocate_marker), made before anything else.
        for owner in loose:
            for i, corps in enumerate(state["map"]["tokens"].get(coord, [])):
                if owner in corps:
                    gmap.remove_token(state["map"], owner, coord, i)
                    break
        op["relocate"] = {"hex": coord, "corps": loose}
    if special:
        op["tcc_used"] = True
    else:
        op["laid"] += 1
        if wsrc:
            wsrc_p["used"] = True
    if op["step"] == "track" and op["laid"] and not (
        tile_company_buyable(state, corp) or tcc_lay_pending(state, corp)
    ):
        _leave_step(state, "track")
    _after_or_action(state)


def _trackless_markers(state: State, coord: str, tile: str) -> list[str]:
    """Companies with a marker in a city of ``coord`` that has no track yet, when ``tile``
    (the upgrade) has several cities: the marker's new city is not given by the track."""
    if len(board.tiles()[tile]["cities"]) < 2:
        return []
    placed = gmap.current(state["map"], coord)
    if len(placed.cities) < 2:
        return []
    tracked = {int(end[1:]) for path in placed.paths for end in path[:2] if str(end).startswith("c")}
    out = []
    for i, corps in enumerate(state["map"]["tokens"].get(coord, [])):
        if i not in tracked:
            out.extend(corps)
    return out


def relocate_choices(state: State) -> list[int]:
    """Cities of the just-upgraded hex where the next loose marker may stand."""
    pending = (state.get("op") or {}).get("relocate")
    if not pending:
        return []
    coord = pending["hex"]
    owner = pending["corps"][0]
    cities = len(gmap.current(state["map"], coord).cities)
    if any(owner in corps for corps in state["map"]["tokens"].get(coord, [])):
        return []
    return [i for i in range(cities) if gmap.free_slots(state["map"], coord, i, owner) > 0]


def relocate_marker(state: State, corp: str, city: int) -> None:
    """The company that upgraded a hex whose cities had no track puts each marker that stood
    there into a city of the new tile (18xx.games asks the tile's layer the same)."""
    if state["round"] != "operating" or corp != current_corp(state):
        raise IllegalAction(T("It is {corp}'s turn.", corp=current_corp(state)))
    pending = state["op"].get("relocate")
    if not pending:
        raise IllegalAction(T("No station marker waits for a city."))
    if city not in relocate_choices(state):
        raise IllegalAction(
            T("{owner}'s marker cannot stand in city {city} of {hex}.", owner=pending['corps'][0], city=city, hex=pending['hex'])
        )
    owner = pending["corps"].pop(0)
    gmap._put_token(state["map"], owner, pending["hex"], city)
    state["log"].append(T("{owner}'s station in {hex} now stands in city {city}.", owner=owner, hex=pending['hex'], city=city))
    if not pending["corps"]:
        state["op"]["relocate"] = None
    _after_or_action(state)


def place_token(state: State, corp: str, coord: str, city: int) -> None:
    c = _check_corp(state, corp)
    if state["op"]["step"] != "token":
        raise IllegalAction(T("Stations are placed after track and before the run."))
    cost = gmap.check_token(state["map"], corp, coord, city)
    if cost > c["cash"]:
        raise IllegalAction(T("The station costs ${cost} and {corp} has ${cash}.", cost=cost, corp=corp, cash=c['cash']))
    gmap.place_token(state["map"], corp, coord, city)
    c["cash"] -= cost
    state["bank"] += cost
    _leave_step(state, "token")
    _after_or_action(state)


def bonuses(state: State, corp: str, without: tuple[str, ...] = ()) -> Bonuses:
    """The company's run bonuses: the port marker's hex, the bridge and tunnel rights (which
    the platform's first 1856 did not yet add to runs: quirk ``no_right_bonus``); ``without``
    leaves out the named rights (see :func:`run_routes`)."""
    rights = {} if quirk(state, "no_right_bonus") else state["corps"][corp]["rights"]
    return Bonuses(
        port=state["port"] if state["port"] and state.get("port_owner") == corp else None,
        bridge=bool(rights.get("bridge")) and "bridge" not in without,
        tunnel=bool(rights.get("tunnel")) and "tunnel" not in without,
    )


def rights_bought_this_turn(state: State) -> list[str]:
    """The bridge/tunnel rights the operating company bought during this turn."""
    op = state.get("op") if state["round"] == "operating" else None
    return list(op.get("rights_bought") or []) if op else []


def run_price(
    state: State, corp: str, routes: list[dict[str, Any]], without: tuple[str, ...] = ()
) -> int:
    """What ``routes`` earn for ``corp`` now (checked, nothing changes)."""
    c = state["corps"][corp]
    return validate_run(
        state["map"], corp, list(c["trains"]), routes, state["phase"], bonuses(state, corp, without)
    ).revenue


def run_routes(
    state: State, corp: str, routes: list[dict[str, Any]], without: tuple[str, ...] = ()
) -> int:
    """Run the trains on ``routes``. ``without`` prices the run without rights the company
    bought earlier this turn (only those): 18xx.games paid what its client priced, and its
    client sometimes had not yet seen a right bought moments before (see the importer)."""
    c = _check_corp(state, corp)
    if state["op"]["step"] != "route":
        raise IllegalAction(T("Trains run after track and stations."))
    if not set(without) <= set(rights_bought_this_turn(state)):
        raise IllegalAction(T("Only a right bought this turn may be left out of the run."))
    plan = validate_run(
        state["map"], corp, list(c["trains"]), routes, state["phase"], bonuses(state, corp, tuple(without))
    )
    state["op"]["routes"] = [r.to_json() for r in plan.routes]
    state["op"]["revenue"] = plan.revenue
    _leave_step(state, "route")
    _after_or_action(state)
    return plan.revenue


def dividend(state: State, corp: str, kind: str) -> None:
    _check_corp(state, corp)
    if state["op"]["step"] != "dividend":
        raise IllegalAction(T("There is no run to pay out now."))
    if kind not in ("payout", "withhold"):
        raise IllegalAction(T("Pay out or withhold."))
    _dividend(state, corp, kind)
    _leave_step(state, "dividend")
    _after_or_action(state)


def dividend_part(total: int, percent: int) -> int:
    """A holding of ``percent`` per cent's part of a ``total`` paid out, rounded up to the dollar."""
    return -(-total * percent // 100)


def _dividend(state: State, corp: str, kind: str) -> None:
    op = state["op"]
    c = state["corps"][corp]
    total = max(0, op["revenue"] - op["penalty"])
    if corp == "CGR" and not c.get("permanent"):
        # Until it has owned a permanent train the CGR withholds and its price stays.
        if total:
            _pay(state, corp, total)
        return
    if kind == "payout" and total > 0:
        # Each holder's part is rounded up, as the platform pays it (its per-share amount
        # is the revenue over the company's shares, and each holding is rounded up): with
        # $710 over the CGR's twenty 5% shares a 25% holder gets $178, not $177. For a
        # 10-share company with a revenue in tens this is the usual whole-dollar split.
        for seat in range(state["players"]):
            if c["held"][seat]:
                _pay(state, f"p{seat}", dividend_part(total, c["held"][seat]))
        if c["pool"]:
            _pay(state, corp, dividend_part(total, c["pool"]))
        _move(state, corp, "right")
    else:
        if total:
            _pay(state, corp, total)
        _move(state, corp, "left")


def depot_trains(state: State) -> list[str]:
    """Train types the depot sells now: the current type, plus the D (or 8) once phase 6 began."""
    out = []
    for name in economy.TRAIN_ORDER:
        if name in state["depot"] and state["depot"][name] != 0:
            out.append(name)
            break
    final = "8" if state["variant"] == "8" else "D"
    if state["phase"] in ("6", "D", "8") and final not in out:
        out.append(final)
    return out


def train_price(state: State, name: str) -> int:
    return int(economy.train_info(name)["price"])


def trade_in_price(state: State, name: str, old: str) -> int | None:
    """What a ``name``-train from the bank costs when the company hands in its ``old`` train
    (a train id or type), or None when that trade is not offered: the D ($1,100) or, in the
    8-train variant, the 8 ($1,000) take $350 off for a 4, 5 or 6 ($750 / $650)."""
    discount = economy.train_info(name).get("trade_in_discount") or {}
    off = discount.get(old.split("-")[0])
    return None if off is None else train_price(state, name) - int(off)


def other_trains(state: State, corp: str) -> list[tuple[str, str]]:
    return [
        (t, o)
        for o, oc in state["corps"].items()
        if o != corp and not oc["closed"]
        for t in oc["trains"]
        if t != oc.get("borrowed")  # a borrowed D is not the CGR's to sell
    ]


def can_buy_train(state: State, corp: str) -> bool:
    """Whether ``corp`` could buy a train now: with room under its limit and money for the
    cheapest one on offer (another company's counts at $1), or by trading one in for a D/8."""
    c = state["corps"][corp]
    trades = [
        price
        for name in depot_trains(state)
        for old in c["trains"]
        if (price := trade_in_price(state, name, old)) is not None
    ]
    if trades and c["cash"] >= min(trades):
        return True
    if len(c["trains"]) >= train_limit(state, corp):
        return False
    prices = [train_price(state, n) for n in depot_trains(state)]
    prices += [train_price(state, t.split("-")[0]) for t in state["pool_trains"]]
    if other_trains(state, corp):
        # Another company's train counts at $1 (the reference's test, also for the CGR,
        # which then may only pay face value: the step stays open all the same).
        prices.append(1)
    return bool(prices) and c["cash"] >= min(prices)


def cheapest_bank_train(state: State) -> int | None:
    """The price of the cheapest train the bank sells now, from its depot or its pool."""
    prices = [train_price(state, n) for n in depot_trains(state)]
    prices += [train_price(state, t.split("-")[0]) for t in state["pool_trains"]]
    return min(prices) if prices else None


def president_may_help(state: State, corp: str) -> bool:
    """Whether ``corp`` must buy a train its treasury cannot pay for from the bank: its
    president then pays the rest, towards the cheapest bank train or another company's
    train at up to its face value."""
    cheapest = cheapest_bank_train(state)
    return must_buy_train(state, corp) and cheapest is not None and cheapest > state["corps"][corp]["cash"]


def must_buy_train(state: State, corp: str) -> bool:
    c = state["corps"][corp]
    if corp == "CGR" and not c.get("permanent"):
        # Until it owns a permanent train the CGR may borrow a D instead: it must buy only
        # when it can pay for a D outright, or trade a train that will rust in for one.
        final = "8" if state["variant"] == "8" else "D"
        trades = [t for t in c["trains"] if _rusts(state, t) and t != c.get("borrowed")]
        full = train_price(state, final)
        return c["cash"] > full or (bool(trades) and c["cash"] > full - 350)
    if c["trains"] or not depot_trains(state):
        return False
    r = gmap.reach(state["map"], corp)
    return len(r.nodes) >= 2


def buy_train(state: State, corp: str, train: str, amount: int, exchange: str | None = None) -> None:
    c = _check_corp(state, corp)
    op = state["op"]
    if op["step"] != "buy_train":
        raise IllegalAction(T("Trains are bought after the run."))
    name = train.split("-")[0]
    owner = None
    if train in state["pool_trains"]:
        owner = "pool"
    else:
        for o, oc in state["corps"].items():
            if train in oc["trains"]:
                owner = o
    if len(c["trains"]) >= train_limit(state, corp) and not exchange:
        raise IllegalAction(T("{corp} is at its train limit of {train_limit}.", corp=corp, train_limit=train_limit(state, corp)))
    if owner == corp:
        raise IllegalAction(T("{corp} already owns that train.", corp=corp))
    if owner is None:
        if name not in depot_trains(state):
            raise IllegalAction(T("The bank does not sell {name}-trains now.", name=name))
        count = state["bought"].get(name, 0)
        if train != f"{name}-{count}":
            raise IllegalAction(T("The next {name}-train from the bank is {name}-{count}.", name=name, count=count))
        cost = train_price(state, name)
        if exchange:
            traded = trade_in_price(state, name, exchange)
            if exchange not in c["trains"] or traded is None:
                final = T("an 8") if state["variant"] == "8" else T("a D")
                raise IllegalAction(T("Only a 4, 5 or 6 the company owns may be traded in, for {final}.", final=final))
            cost = traded
        if amount != cost:
            raise IllegalAction(T("That train costs ${cost}.", cost=cost))
    elif owner == "pool":
        if amount != train_price(state, name):
            raise IllegalAction(T("A {name}-train from the bank pool costs ${train_price}.", name=name, train_price=train_price(state, name)))
    else:
        if amount < 1:
            raise IllegalAction(T("A train from another company costs at least $1."))
        if "CGR" in (corp, owner) and amount != train_price(state, name):
            raise IllegalAction(T("The CGR trades trains at face value only: ${train_price}.", train_price=train_price(state, name)))
    if corp == "CGR" and _rusts(state, train) and not exchange:
        raise IllegalAction(T("The CGR buys only trains that do not rust."))
    if amount > c["cash"]:
        # A company that must buy a train may have its president add the rest, for a train
        # from the bank or its pool, or from another company at no more than face value.
        if not must_buy_train(state, corp) or (
            owner not in (None, "pool") and amount > train_price(state, name)
        ):
            raise IllegalAction(T("{corp} has ${cash}; the train costs ${amount}.", corp=corp, cash=c['cash'], amount=amount))
        # Only when the treasury cannot pay for any train from the bank, and then, from the
        # bank, only for the cheapest one (the reference's rules for a forced purchase).
        if exchange:
            raise IllegalAction(T("The president's money cannot help pay for a trade-in."))
        cheapest = cheapest_bank_train(state)
        if not president_may_help(state, corp):
            raise IllegalAction(T("{corp} can pay for a ${cheapest} train from the bank itself.", corp=corp, cheapest=cheapest))
        if owner in (None, "pool") and cheapest is not None and train_price(state, name) > cheapest:
            raise IllegalAction(T("With its president's money {corp} may buy only the cheapest train, ${cheapest}.", corp=corp, cheapest=cheapest))
        extra = amount - c["cash"]
        pres = c["president"]
        if state["cash"][pres] < extra:
            raise IllegalAction(T("{corp} and its president together have too little for that train.", corp=corp))
        state["cash"][pres] -= extra
        c["cash"] += extra
    c["cash"] -= amount
    if owner in (None, "pool"):
        state["bank"] += amount
    else:
        state["corps"][owner]["cash"] += amount
        state["corps"][owner]["trains"].remove(train)
    if owner == "pool":
        state["pool_trains"].remove(train)
    if exchange:
        c["trains"].remove(exchange)
        state["pool_trains"].append(exchange)
    c["trains"].append(train)
    op["bought_train"] = True
    if (
        corp == "CGR"
        and economy.train_info(name)[
            "rusts_on_in_eight_train_variant" if state["variant"] == "8" else "rusts_on"
        ]
        is None
    ):
        c["permanent"] = True
    if owner is None:
        _depot_sold(state, name, train)
        if state.get("op") is not op:
            return  # the first 6-train's nationalization settled at once and ended the turn
    if op["step"] == "buy_train" and not can_buy_train(state, corp):
        _leave_step(state, "buy_train")
    _after_or_action(state)


def can_borrow_train(state: State, corp: str) -> bool:
    """The CGR, until it has owned a permanent train, may borrow the bank's next D (8 in the
    8-train variant) for its run, once per turn, before running."""
    c = state["corps"][corp]
    final = "8" if state["variant"] == "8" else "D"
    return (
        corp == "CGR"
        and not c.get("permanent")
        and not c.get("borrowed")
        and final in depot_trains(state)
        and not (state.get("op") or {}).get("borrowed_done")
    )


def borrow_train(state: State, corp: str) -> None:
    """The CGR borrows the bank's next D for free; it runs with it and gives it back when its
    train step ends (the train then goes to the bank pool, as on the reference platform).
    Borrowing starts no phase and rusts nothing."""
    c = _check_corp(state, corp)
    if state["op"]["step"] != "borrow" or not can_borrow_train(state, corp):
        raise IllegalAction(T("{corp} may not borrow a train now.", corp=corp))
    final = "8" if state["variant"] == "8" else "D"
    train = f"{final}-{state['bought'].get(final, 0)}"
    state["bought"][final] = state["bought"].get(final, 0) + 1
    state.setdefault("borrowed", {})[final] = state.get("borrowed", {}).get(final, 0) + 1
    c["trains"].append(train)
    c["borrowed"] = train
    state["op"]["borrowed_done"] = True
    state["log"].append(T("The CGR borrows {train} from the bank.", train=train))
    _leave_step(state, "borrow")
    _after_or_action(state)


def _return_borrowed(state: State, corp: str) -> None:
    c = state["corps"][corp]
    train = c.get("borrowed")
    if not train:
        return
    c["borrowed"] = None
    if train in c["trains"]:
        c["trains"].remove(train)
        state["pool_trains"].append(train)
        state["log"].append(T("The CGR gives {train} back (to the bank pool).", train=train))


def _depot_sold(state: State, name: str, train: str) -> None:
    first = state["bought"].get(name, 0) - state.get("borrowed", {}).get(name, 0) == 0
    state["bought"][name] = state["bought"].get(name, 0) + 1
    if state["depot"][name] > 0:
        state["depot"][name] -= 1
    events = economy.train_info(name)["events"]
    if state["depot"][name] == 0 and name in LAST_OF_TYPE_FLOAT:
        state["float_percent"] = min(60, state["float_percent"] + 10)
        if name == "4":
            state["capitalization"] = "incremental"
        if name == "5":
            state["capitalization"] = "full"
    if not first:
        return
    if name in PHASE_OF and economy.TRAIN_ORDER.index(name) > economy.TRAIN_ORDER.index(state["phase"]):
        state["phase"] = PHASE_OF[name]
        state["log"].append(T("Phase {name} begins.", name=name))
    rust_key = "rusts_on_in_eight_train_variant" if state["variant"] == "8" else "rusts_on"
    rusting = [t["name"] for t in economy.trains(state["variant"]) if t[rust_key] == name]
    for oc in state["corps"].values():
        oc["trains"] = [t for t in oc["trains"] if t.split("-")[0] not in rusting]
    state["pool_trains"] = [t for t in state["pool_trains"] if t.split("-")[0] not in rusting]
    if "nationalization" in events:
        _start_nationalization(state)
    if "close_companies" in events:
        for sym in state["privates"]:
            _close_private(state, sym)
    if "remove_tokens" in events:
        state["port"] = None
    # Companies above the new train limit must discard to the pool; their presidents choose.
    _check_train_limits(state)


def _check_train_limits(state: State) -> None:
    order = state["op"]["order"] if state.get("op") else []
    over = [
        k for k, c in state["corps"].items() if not c["closed"] and len(c["trains"]) > train_limit(state, k)
    ]
    over.sort(key=lambda k: order.index(k) if k in order else 99)
    state["discard"] = over


def discard_train(state: State, corp: str, train: str) -> None:
    """A company above its train limit puts one of its trains into the bank pool."""
    if not state.get("discard") or state["discard"][0] != corp:
        raise IllegalAction(T("{corp} has no train to discard now.", corp=corp))
    c = state["corps"][corp]
    if train not in c["trains"]:
        raise IllegalAction(T("{corp} does not own {train}.", corp=corp, train=train))
    c["trains"].remove(train)
    state["pool_trains"].append(train)
    _check_train_limits(state)


def _close_private(state: State, sym: str) -> None:
    p = state["privates"][sym]
    if p["closed"]:
        return
    if sym in ("SCFTC", "NFSBC") and p["owner"] and p["owner"].startswith("p"):
        # Its right was never sold to a company: one more spare marker.
        state["spare_rights"]["tunnel" if sym == "SCFTC" else "bridge"] += 1
    if sym in ("SCFTC", "NFSBC") and quirk(state, "rights_close_with_private"):
        owner = p["owner"]
        if owner and not owner.startswith("p"):
            # The platform once gave the bonus as the private's own power, gone when it closed.
            state["corps"][owner]["rights"].pop("tunnel" if sym == "SCFTC" else "bridge", None)
    p["closed"] = True
    gmap.unblock(state["map"], sym)


def can_take_loan(state: State, corp: str) -> bool:
    c = state["corps"][corp]
    op = state["op"]
    return (
        c["loans"] < player_shares(c)
        and corp not in op["took_loan"]
        and corp not in op["redeemed"]
        and state["loans_left"] > 0
        and state["phase"] not in ("6", "D", "8")
        and not state.get("post_nationalization")
    )


def can_payoff(state: State, corp: str) -> bool:
    c = state["corps"][corp]
    return c["loans"] > 0 and c["cash"] >= 100 and _step_passed(state, "buy_train")


def take_loan(state: State, corp: str) -> None:
    c = _check_corp(state, corp)
    if not can_take_loan(state, corp):
        raise IllegalAction(T("{corp} may not take a loan now.", corp=corp))
    amount = 90 if corp in state["op"]["paid_interest"] else 100
    c["loans"] += 1
    state["loans_left"] -= 1
    _pay(state, corp, amount)
    state["op"]["took_loan"].append(corp)
    _after_or_action(state)


def payoff_loan(state: State, corp: str) -> None:
    c = _check_corp(state, corp)
    if state["op"]["step"] != "loan" or not can_payoff(state, corp):
        raise IllegalAction(T("{corp} may not repay a loan now.", corp=corp))
    c["loans"] -= 1
    c["cash"] -= 100
    state["bank"] += 100
    state["loans_left"] += 1
    state["op"]["redeemed"].append(corp)
    _after_or_action(state)


def purchasable_companies(state: State) -> list[str]:
    return [
        s
        for s, p in state["privates"].items()
        if p["owner"] and p["owner"].startswith("p") and not p["closed"]
    ]


def can_buy_company(state: State, corp: str) -> bool:
    """Whether ``corp`` could buy a private from a player now; a loan it could still take
    counts as money (the reference's buying power), so the step is offered then too."""
    if "can_buy_companies" not in phase_info(state)["status"]:
        return False
    options = purchasable_companies(state)
    power = state["corps"][corp]["cash"]
    if state.get("op") and can_take_loan(state, corp) and not quirk(state, "no_company_loan_power"):
        power += 90 if corp in state["op"]["paid_interest"] else 100
    return bool(options) and min((economy.privates()[s]["value"] + 1) // 2 for s in options) <= power


def buy_company(state: State, corp: str, company: str, amount: int) -> None:
    c = _check_corp(state, corp)
    if "can_buy_companies" not in phase_info(state)["status"]:
        raise IllegalAction(T("Companies may buy private companies only in phases 3 and 4."))
    if company not in purchasable_companies(state):
        raise IllegalAction(T("{company} is not held by a player.", company=company))
    value = economy.privates()[company]["value"]
    if not (value + 1) // 2 <= amount <= 2 * value:
        raise IllegalAction(T("{company} may be bought for ${amount} to ${amount2}.", company=company, amount=(value + 1) // 2, amount2=2 * value))
    if amount > c["cash"]:
        raise IllegalAction(T("{corp} has ${cash}.", corp=corp, cash=c['cash']))
    seller = int(state["privates"][company]["owner"][1:])
    c["cash"] -= amount
    state["cash"][seller] += amount
    state["privates"][company]["owner"] = corp
    gmap.unblock(state["map"], company)
    if company == "SCFTC":
        c["rights"]["tunnel"] = True
    if company == "NFSBC":
        c["rights"]["bridge"] = True
    _after_or_action(state)


def assign_port(state: State, corp: str, coord: str) -> None:
    """GLSC's owner puts the port marker on a port hex (during an operating round)."""
    if state["round"] != "operating":
        raise IllegalAction(T("The port marker is placed during an operating round."))
    p = state["privates"]["GLSC"]
    if p["owner"] != corp or p["closed"]:
        raise IllegalAction(T("{corp} does not own the Great Lakes Shipping Company.", corp=corp))
    if coord not in board.data()["port_hexes"]:
        raise IllegalAction(T("{coord} has no port symbol.", coord=coord))
    state["port"] = coord
    state["port_owner"] = corp
    _close_private(state, "GLSC")


def or_pass(state: State, corp: str) -> None:
    _check_corp(state, corp)
    step = state["op"]["step"]
    if step == "route" or step == "dividend":
        raise IllegalAction(T("A company with trains must run them."))
    if step == "buy_train" and must_buy_train(state, corp):
        raise IllegalAction(T("{corp} has no train and must buy one.", corp=corp))
    if not _leave_step(state, step):
        _after_or_action(state)


def end_values(state: State) -> list[int]:
    return [player_value(state, s) for s in range(state["players"])]


def clone(state: State) -> State:
    return copy.deepcopy(state)


# The engine's modules call each other (a round ends into the next); importing the other
# modules' names last lets any of them be imported first.
from bot.games.g1856.core import (  # noqa: E402
    ALT_DESTINATIONS,
    LAST_OF_TYPE_FLOAT,
    LAST_STOCK_ROUND,
    OR_STEPS,
    PHASE_OF,
    _check_president,
    _move,
    _pay,
    _start_stock_round,
    operating_order,
    phase_info,
    player_shares,
    player_value,
    price,
    quirk,
    seat_name,
    train_limit,
)
from bot.games.g1856.nationalization import (  # noqa: E402
    _rusts,
    _start_nationalization,
)
