"""What one seat (or a spectator) may see of a Bullfrog Goldfield table.

Everything about companies is public (cash, bonds, tiles left — not which tiles), and so
are the buildings, the trains and every certificate. Player cash is public unless the table
plays ``cash=hidden``: then each seat sees only its own until the game is over.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.engine import State

from .messages import restored
from .rules import (
    COMPANIES,
    MINES,
    RAILROADS,
    C,
    buildings_for,
    holders,
    is_rr,
    limit_of,
    name,
)


def cash_visible(state: State, seat: int, viewer: int | None) -> bool:
    return not state["hidden"] or state["phase"] == "over" or seat == viewer


def _last_move(state: State) -> dict[str, list[str]] | None:
    last = state.get("last")
    if last is None:
        return None
    return {"lines": [restored(line) for line in last["lines"]], "areas": list(last["areas"])}


def make_view(state: State, viewer: int | None) -> dict[str, Any]:
    n = state["n"]
    companies = []
    for cid in COMPANIES:
        co = state["cos"][cid]
        company = C.companies[cid]
        entry: dict[str, Any] = {
            "id": cid, "name": name(cid), "kind": company.kind, "area": company.area,
            "colour": company.colour, "status": co["status"], "value": co["value"], "cash": co["cash"],
            "charter": co["charter"], "shares": list(co["shares"]),
            "limit": limit_of(state, cid), "buildings": buildings_for(state, cid),
        }
        if is_rr(cid):
            entry.update({"bonds": list(co["bonds"]), "trains": list(co["trains"]), "reached": co["reached"],
                          "trains_left": C.trains - 1 - len(co["trains"])})
        else:
            entry["tiles_left"] = len(co["tiles"])
        companies.append(entry)
    held: list[dict[str, int]] = [{} for _ in range(n)]
    for cid in COMPANIES:
        co = state["cos"][cid]
        if co["status"] == "open":
            for owner in holders(state, cid):
                held[owner][cid] = held[owner].get(cid, 0) + 1
    seats = []
    for seat in range(n):
        visible = cash_visible(state, seat, viewer)
        stock = sum(state["cos"][cid]["value"] * count for cid, count in held[seat].items())
        seats.append({
            "cash": state["cash"][seat] if visible else None,
            "stock": stock,
            "worth": state["cash"][seat] + stock if visible else None,
            "card": state["cards"][seat],
            "holdings": held[seat],
            "charters": [cid for cid in COMPANIES if state["cos"][cid]["charter"] == seat],
        })
    active = None
    if state["phase"] == "act":
        auction = state["auction"]
        active = auction["bidders"][auction["at"]] if auction else state["order"][state["turn"]]
    elif state["phase"] == "select":
        active = state["picker"]
    elif state["phase"] in ("payoff", "dividend"):
        active = state["cos"][state["queue"][0][1]]["charter"]
    return {
        "game": "bullfrog-goldfield",
        "players": n,
        "viewer": viewer,
        "phase": state["phase"],
        "cycle": state["cycle"],
        "round": state["round"],
        "length": state["length"],
        "cash_hidden": state["hidden"],
        "end_mark": state["end_mark"],
        "active": active,
        # The company whose bonds or dividend is being decided in the income phase.
        "income_company": state["queue"][0][1] if state["phase"] in ("payoff", "dividend") else None,
        "order": list(state["order"]),
        "seats": seats,
        "companies": companies,
        "railroads": list(RAILROADS),
        "mines": list(MINES),
        "buildings": dict(state["buildings"]),
        "buildings_left": state["buildings_left"],
        "bonds_left": dict(state["bonds_left"]),
        "piles": {"shallow": len(state["shallow"]), "deep": len(state["deep"]), "used": len(state["used"])},
        # Copies: a view kept while the game goes on must not change with the state.
        "sub": copy.deepcopy(state["sub"]),
        "auction": copy.deepcopy(state["auction"]),
        "triggered": state["triggered"],
        "end": [restored(reason) for reason in state["end"]],
        # The last move's log lines (all public) and the areas it changed on the map; a
        # table saved before this was kept has none.
        "last": _last_move(state),
    }
