"""Why an action is refused, in a sentence a player understands.

``Game.apply`` only calls this for keys that are not among the legal actions, so every
branch explains a refusal; it never changes the state.
"""

from __future__ import annotations

from bot.engine import State

from .messages import Code, T, usd
from .rules import (
    COMPANIES,
    MAX_PER_LAY,
    MAX_RAILROADS_PER_AREA,
    MIN_CHARTER,
    RAILROADS,
    TRACK_TRAINS,
    C,
    area_name,
    bid_amounts,
    building_cost,
    lay_budget,
    lay_targets,
    limit_of,
    name,
    payment_keys,
    track_cost,
)


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def explain(state: State, seat: int, key: str) -> str:
    verb, _, arg = key.partition(":")
    phase = state["phase"]
    if phase == "select":
        card = next((c for c in C.characters if verb == "char" and c.id == arg), None)
        if card is not None and card.value in state["cards"]:
            return T("The {card} is already taken this cycle.", card=card.name)
        return T("Choose a character card first (char:<name>).")
    if phase in ("payoff", "dividend"):
        return T("The income phase is waiting for this decision: choose one of the listed options.")
    if state["auction"] is not None:
        return _auction(state, seat, verb, arg)
    sub = state["sub"]
    if sub is not None:
        if sub["kind"] == "charter" and verb == "price":
            return _price(state, seat, sub["co"], arg)
        if sub["kind"] == "build" and verb == "pay":
            return _pay(state, seat, sub["area"], arg)
        if sub["kind"] == "lay" and verb == "to":
            return _lay_to(state, seat, sub, arg)
        if sub["kind"] == "lay" and verb == "bond":
            if sub["bond"]:
                return T("Only one bond may be issued in one Lay Track action.")
            if arg.isdigit():
                return T("There is no {bond:$} bond left in the supply.", bond=usd(_int(arg) or 0))
            return T("Bonds are bond:10, bond:20 or bond:50.")
        return T("Finish or cancel the action you started (choose from the listed options).")
    cash = state["cash"][seat]
    if verb in ("charter", "buy") and arg in COMPANIES:
        co = state["cos"][arg]
        if co["status"] == "gone":
            return T("The {mine} mine is exhausted; its stock is gone.", mine=name(arg))
        if verb == "charter" and co["status"] != "closed":
            return T("The {company} charter is already held; buy a standard share (buy:{code}).", company=name(arg), code=Code(arg))
        if verb == "buy" and co["status"] == "closed":
            return T("The {company} charter must be bought first (charter:{code}).", company=name(arg), code=Code(arg))
        if verb == "buy" and None not in co["shares"]:
            return T("Both {company} shares are already held by players.", company=name(arg))
        if verb == "buy":
            return T("A {company} share costs {price:$} and you have {cash:$}.", company=name(arg), price=usd(co["value"]),
                     cash=usd(cash))
        return T("A charter costs at least {price:$} and you have {cash:$}.", price=usd(MIN_CHARTER), cash=usd(cash))
    if verb == "sell" and arg in COMPANIES:
        co = state["cos"][arg]
        if co["charter"] == seat and seat not in co["shares"]:
            return T("A charter can never be sold; you hold no standard share of it.")
        return T("You hold no standard share of the {company}.", company=name(arg))
    if verb == "build" and arg in C.areas:
        area = C.areas[arg]
        if area.feature not in ("town", "mine"):
            return T("{area} is neither a town site nor a mine: buildings go only there.", area=area.name)
        if state["buildings_left"] <= 0:
            return T("All 15 buildings are on the board.")
        cost = building_cost(state, seat, arg)
        return T("A building at {area} costs {cost:$} and no source you may use can pay it (your cash, or the "
                 "charter of a company you control that may pay there).", area=area.name, cost=usd(cost))
    if verb == "lay" and arg in RAILROADS:
        co = state["cos"][arg]
        if co["status"] != "open":
            return T("Nobody holds the {railroad} charter yet.", railroad=name(arg))
        if co["charter"] != seat:
            return T("Only the charter-holder of the {railroad} may lay its track.", railroad=name(arg))
        if len(co["trains"]) >= TRACK_TRAINS:
            return T("All of the {railroad}'s trains are on the board.", railroad=name(arg))
        start = C.companies[arg].area
        if not co["trains"] and len(state["arrivals"].get(start, [])) >= MAX_RAILROADS_PER_AREA:
            return T("{area} already holds four railroads: the {railroad} cannot start there.", area=area_name(start),
                     railroad=name(arg))
        return T("The {railroad} cannot pay for any area it could reach, even with a bond.", railroad=name(arg))
    if verb == "haul" and arg in COMPANIES:
        return T("The {company} is not an operating mine.", company=name(arg))
    if verb in ("bid", "pass"):
        return T("There is no auction going on.")
    if verb in ("price", "pay", "to", "bond", "done", "cancel"):
        return T("That step belongs to an action you have not started.")
    return T("{key} is not a move in Bullfrog Goldfield now; see the listed actions.", key=Code(repr(key)))


def _auction(state: State, seat: int, verb: str, arg: str) -> str:
    auction = state["auction"]
    if verb != "bid":
        return T("An auction is going on: bid (bid:<thousands>) or pass.")
    amount = _int(arg)
    if amount is None:
        return T("A bid is a number of thousands, e.g. bid:12.")
    low = auction["min"] if auction["high"] is None else auction["bid"] + 1
    if amount < low:
        if auction["high"] is None:
            return T("The minimum bid is {bid:$} (half the share's value, rounded down).", bid=usd(auction["min"]))
        return T("A bid must raise the high bid of {bid:$} by at least {step:$}.", bid=usd(auction["bid"]), step=usd(1))
    if amount > state["cash"][seat]:
        return T("You have only {cash:$}.", cash=usd(state["cash"][seat]))
    if amount not in bid_amounts(state, seat):
        return T("Above the first {first:$} over the minimum, bids go in steps of {step:$}.", first=usd(150), step=usd(10))
    return T("That bid is not possible now.")


def _price(state: State, seat: int, cid: str, arg: str) -> str:
    price = _int(arg)
    if price is None:
        return T("A price is a number of thousands, e.g. price:15.")
    if price < MIN_CHARTER:
        return T("A charter costs at least {price:$}.", price=usd(MIN_CHARTER))
    lim = limit_of(state, cid)
    if lim is not None and price > lim:
        return T("The {company} cannot start above its stock value limit of {limit}.", company=name(cid), limit=lim)
    if price > state["cash"][seat]:
        return T("You have only {cash:$}.", cash=usd(state["cash"][seat]))
    return T("Above the first {first:$} over the minimum, prices go in steps of {step:$}.", first=usd(150), step=usd(10))


def _pay(state: State, seat: int, area: str, arg: str) -> str:
    cost = building_cost(state, seat, area)
    options = [k for k, _ in payment_keys(state, seat, area)]
    if arg == "me":
        return T("The building costs {cost:$} and you have {cash:$}.", cost=usd(cost), cash=usd(state["cash"][seat]))
    cid = arg.partition(":")[0]
    if cid in COMPANIES:
        co = state["cos"][cid]
        if co["charter"] != seat:
            return T("Only the charter-holder of the {company} may spend its money.", company=name(cid))
        return T("The {company} may not pay here, or cannot pay {cost:$} (it has {cash:$}). Options: {options}.",
                 company=name(cid), cost=usd(cost), cash=usd(co["cash"]), options=Code(", ".join(options)))
    return T("Pay with one of: {options}.", options=Code(", ".join(options)))


def _lay_to(state: State, seat: int, sub: dict, area: str) -> str:
    rr = sub["rr"]
    if area not in C.areas:
        return T("There is no area {area}.", area=Code(repr(area)))
    if len(sub["areas"]) >= MAX_PER_LAY:
        return T("At most {n} trains may be laid in one action.", n=MAX_PER_LAY)
    if len(state["arrivals"].get(area, [])) >= MAX_RAILROADS_PER_AREA:
        return T("{area} already holds four railroads; a fifth may not enter.", area=area_name(area))
    if area in state["cos"][rr]["trains"] or area in sub["areas"]:
        return T("The {railroad} is already in {area}.", railroad=name(rr), area=area_name(area))
    if not state["cos"][rr]["trains"] and not sub["areas"]:
        return T("The {railroad}'s first train goes in its start area, {area}.", railroad=name(rr),
                 area=area_name(C.companies[rr].area))
    if area not in lay_targets(state, rr, sub["areas"]):
        return T("{area} is not next to the {railroad}'s track.", area=area_name(area), railroad=name(rr))
    cost = track_cost(state, seat, area)
    return T("{area} costs {cost:$} and the {railroad} has {budget:$} left.", area=area_name(area), cost=usd(cost),
             railroad=name(rr), budget=usd(lay_budget(state, sub, seat)))
