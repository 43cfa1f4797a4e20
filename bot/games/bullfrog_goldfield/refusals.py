"""Why an action is refused, in a sentence a player understands.

``Game.apply`` only calls this for keys that are not among the legal actions, so every
branch explains a refusal; it never changes the state.
"""

from __future__ import annotations

from bot.engine import State

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
    money,
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
            return f"The {card.name} is already taken this cycle."
        return "Choose a character card first (char:<name>)."
    if phase in ("payoff", "dividend"):
        return "The income phase is waiting for this decision: choose one of the listed options."
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
                return "Only one bond may be issued in one Lay Track action."
            return f"There is no {money(_int(arg) or 0)} bond left in the supply." if arg.isdigit() else \
                "Bonds are bond:10, bond:20 or bond:50."
        return "Finish or cancel the action you started (choose from the listed options)."
    cash = state["cash"][seat]
    if verb in ("charter", "buy") and arg in COMPANIES:
        co = state["cos"][arg]
        if co["status"] == "gone":
            return f"The {name(arg)} mine is exhausted; its stock is gone."
        if verb == "charter" and co["status"] != "closed":
            return f"The {name(arg)} charter is already held; buy a standard share (buy:{arg})."
        if verb == "buy" and co["status"] == "closed":
            return f"The {name(arg)} charter must be bought first (charter:{arg})."
        if verb == "buy" and None not in co["shares"]:
            return f"Both {name(arg)} shares are already held by players."
        if verb == "buy":
            return f"A {name(arg)} share costs {money(co['value'])} and you have {money(cash)}."
        return f"A charter costs at least {money(MIN_CHARTER)} and you have {money(cash)}."
    if verb == "sell" and arg in COMPANIES:
        co = state["cos"][arg]
        if co["charter"] == seat and seat not in co["shares"]:
            return "A charter can never be sold; you hold no standard share of it."
        return f"You hold no standard share of the {name(arg)}."
    if verb == "build" and arg in C.areas:
        area = C.areas[arg]
        if area.feature not in ("town", "mine"):
            return f"{area.name} is neither a town site nor a mine: buildings go only there."
        if state["buildings_left"] <= 0:
            return "All 15 buildings are on the board."
        cost = building_cost(state, seat, arg)
        return (f"A building at {area.name} costs {money(cost)} and no source you may use can pay it "
                "(your cash, or the charter of a company you control that may pay there).")
    if verb == "lay" and arg in RAILROADS:
        co = state["cos"][arg]
        if co["status"] != "open":
            return f"Nobody holds the {name(arg)} charter yet."
        if co["charter"] != seat:
            return f"Only the charter-holder of the {name(arg)} may lay its track."
        if len(co["trains"]) >= TRACK_TRAINS:
            return f"All of the {name(arg)}'s trains are on the board."
        start = C.companies[arg].area
        if not co["trains"] and len(state["arrivals"].get(start, [])) >= MAX_RAILROADS_PER_AREA:
            return f"{area_name(start)} already holds four railroads: the {name(arg)} cannot start there."
        return f"The {name(arg)} cannot pay for any area it could reach, even with a bond."
    if verb == "haul" and arg in COMPANIES:
        return f"The {name(arg)} is not an operating mine."
    if verb in ("bid", "pass"):
        return "There is no auction going on."
    if verb in ("price", "pay", "to", "bond", "done", "cancel"):
        return "That step belongs to an action you have not started."
    return f"{key!r} is not a move in Bullfrog Goldfield now; see the listed actions."


def _auction(state: State, seat: int, verb: str, arg: str) -> str:
    auction = state["auction"]
    if verb != "bid":
        return "An auction is going on: bid (bid:<thousands>) or pass."
    amount = _int(arg)
    if amount is None:
        return "A bid is a number of thousands, e.g. bid:12."
    low = auction["min"] if auction["high"] is None else auction["bid"] + 1
    if amount < low:
        if auction["high"] is None:
            return f"The minimum bid is {money(auction['min'])} (half the share's value, rounded down)."
        return f"A bid must raise the high bid of {money(auction['bid'])} by at least $1,000."
    if amount > state["cash"][seat]:
        return f"You have only {money(state['cash'][seat])}."
    if amount not in bid_amounts(state, seat):
        return "Above the first $150,000 over the minimum, bids go in steps of $10,000."
    return "That bid is not possible now."


def _price(state: State, seat: int, cid: str, arg: str) -> str:
    price = _int(arg)
    if price is None:
        return "A price is a number of thousands, e.g. price:15."
    if price < MIN_CHARTER:
        return f"A charter costs at least {money(MIN_CHARTER)}."
    lim = limit_of(state, cid)
    if lim is not None and price > lim:
        return f"The {name(cid)} cannot start above its stock value limit of {lim}."
    if price > state["cash"][seat]:
        return f"You have only {money(state['cash'][seat])}."
    return "Above the first $150,000 over the minimum, prices go in steps of $10,000."


def _pay(state: State, seat: int, area: str, arg: str) -> str:
    cost = building_cost(state, seat, area)
    options = [k for k, _ in payment_keys(state, seat, area)]
    if arg == "me":
        return f"The building costs {money(cost)} and you have {money(state['cash'][seat])}."
    cid = arg.partition(":")[0]
    if cid in COMPANIES:
        co = state["cos"][cid]
        if co["charter"] != seat:
            return f"Only the charter-holder of the {name(cid)} may spend its money."
        return (f"The {name(cid)} may not pay here, or cannot pay {money(cost)} "
                f"(it has {money(co['cash'])}). Options: {', '.join(options)}.")
    return f"Pay with one of: {', '.join(options)}."


def _lay_to(state: State, seat: int, sub: dict, area: str) -> str:
    rr = sub["rr"]
    if area not in C.areas:
        return f"There is no area {area!r}."
    if len(sub["areas"]) >= MAX_PER_LAY:
        return f"At most {MAX_PER_LAY} trains may be laid in one action."
    if len(state["arrivals"].get(area, [])) >= MAX_RAILROADS_PER_AREA:
        return f"{area_name(area)} already holds four railroads; a fifth may not enter."
    if area in state["cos"][rr]["trains"] or area in sub["areas"]:
        return f"The {name(rr)} is already in {area_name(area)}."
    if not state["cos"][rr]["trains"] and not sub["areas"]:
        return f"The {name(rr)}'s first train goes in its start area, {area_name(C.companies[rr].area)}."
    if area not in lay_targets(state, rr, sub["areas"]):
        return f"{area_name(area)} is not next to the {name(rr)}'s track."
    cost = track_cost(state, seat, area)
    return f"{area_name(area)} costs {money(cost)} and the {name(rr)} has {money(lay_budget(state, sub, seat))} left."
