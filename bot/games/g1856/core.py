"""The 1856 game itself as plain-JSON state and the functions that change it.

This is the rules engine under the Game (:mod:`bot.games.g1856.rules`) and the importer of
18xx.games records (:mod:`bot.games.g1856.replay18xx`). Every mutating function validates
first and raises :class:`IllegalAction` with a sentence before it changes anything; callers
that need all-or-nothing across several steps work on a copy.

The turn structure follows the rulebook, arranged in the same *steps* as the reference
implementation so that recorded games replay action by action:

- **private auction** (waterfall): the cheapest private is bought at its price or later
  ones are bid on; when the cheapest sells, the next ones with bids are settled (one bid:
  sold; several: an auction among the bidders, the lowest bidder acting);
- **stock round**: on a turn a player may sell, buy one share or start a company, sell
  again, then the turn ends (by itself when nothing else is possible); the round ends when
  everyone passes in a row; sold-out companies rise;
- **operating rounds** (1/2/3 per set by phase): each company in share-price order:
  track, escrow check (destinations), station, run, interest, dividend, trains, loans,
  privates. Loans may be taken at any point of the turn (once per round); repaying
  and the end-of-turn private purchases come after the train step.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.engine import IllegalAction, seat_ref
from bot.games.g1856 import board, economy
from bot.games.g1856 import map as gmap
from bot.games.g1856.routes import Bonuses, validate_run

State = dict[str, Any]

CORPS = [c for c in board.corporations() if c != "CGR" and board.corporations()[c]["home"]]
OR_STEPS = ["track", "token", "borrow", "route", "dividend", "buy_train", "loan", "buy_company"]
PHASE_OF = {"3": "3", "4": "4", "5": "5", "6": "6", "D": "D", "8": "8"}
LAST_OF_TYPE_FLOAT = ("2", "3", "4", "5")  # buying the last of these raises the float percentage
LAST_STOCK_ROUND = 100
"""The game ends after this stock round's operating rounds at the latest. Our rule, not the
rulebook's: it makes every game finite (see :func:`action_bound`). Real games end when the
bank breaks long before; random play has reached stock round 45."""
ALT_DESTINATIONS = {
    "BBG": ("J15", ["N11"]),
    "CA": ("F15", ["A20"]),
    "CPR": ("M4", ["P9"]),
    "CV": ("N11", ["M4"]),
    "GT": ("P9", ["L13"]),
    "GW": ("F15", ["J15"]),
    "LPS": ("C14", ["F15"]),
    "TGB": ("K8", ["O2", "N1"]),
    "THB": ("L15", ["H15"]),
    "WGB": ("J11", ["H5"]),
    "WR": ("O16", ["L15"]),
}


# ---------------------------------------------------------------- set-up


def new_game(
    players: int,
    variant: str = "base",
    alternate_destinations: bool = False,
    unlimited_bonus_tokens: bool = False,
) -> State:
    """A fresh game: bank, cash, privates for auction, companies unstarted, the map.

    Table options: ``variant`` ``"8"`` is the 8-train variant (8-trains and phase 8 instead
    of D-trains and phase D), ``alternate_destinations`` the other destination table,
    ``unlimited_bonus_tokens`` never runs out of bridge and tunnel rights to sell."""
    cash = economy.data()["starting_cash"][str(players)]
    depot = {}
    for t in economy.trains(variant):
        depot[t["name"]] = t["count"] if t["count"] is not None else -1  # -1: unlimited
    return {
        "players": players,
        "variant": variant,
        "alternate_destinations": alternate_destinations,
        "unlimited_bonus_tokens": unlimited_bonus_tokens,
        "cash": [cash] * players,
        "bank": economy.data()["bank_cash"] - cash * players,
        "round": "auction",
        "sr_number": 0,
        "or_number": 0,
        "or_total": 1,
        "priority": 0,
        "phase": "2",
        "float_percent": 20,
        "capitalization": "escrow",
        "privates": {
            sym: {"owner": None, "closed": False, "price": p["value"]}
            for sym, p in economy.privates().items()
        },
        "auction": {"bids": {}, "current": 0, "passes": 0, "auctioning": None, "resume": 0},
        "corps": {
            sym: {
                "par": None,
                "pos": None,
                "cash": 0,
                "escrow": None,
                "cap": None,
                "destinated": False,
                "started": False,
                "operated": False,
                "loans": 0,
                "trains": [],
                "president": None,
                "ipo": 100,
                "pool": 0,
                "held": [0] * players,
                "rights": {},
                "closed": False,
            }
            for sym in CORPS
        },
        "cells": {},
        "depot": depot,
        "bought": {},
        "pool_trains": [],
        "loans_left": economy.data()["loan"]["count"],
        "map": gmap.new_map(),
        "port": None,
        "sr": None,
        "op": None,
        "bank_broken": False,
        "crisis": None,
        "discard": [],
        "spare_rights": {"tunnel": 2, "bridge": 2},
        "ended": None,
        "log": [],
    }


PLATFORM_OPTIONS = ("alternate_destinations", "unlimited_bonus_tokens", "eight_train_variant")
"""The optional rules 18xx.games offers for 1856 (``settings.optional_rules`` of a record)."""


def platform_options(optional_rules: list[Any]) -> dict[str, Any]:
    """Our table options for a record's 18xx.games optional rules: the keyword arguments of
    :func:`new_game` besides the player count. An optional rule we do not know is refused."""
    names = [str(o) for o in optional_rules]
    for name in names:
        if name not in PLATFORM_OPTIONS:
            raise IllegalAction(
                f"The record uses the optional rule {name!r}, which our 1856 does not have "
                f"(we play {', '.join(PLATFORM_OPTIONS)})."
            )
    return {
        "variant": "8" if "eight_train_variant" in names else "base",
        "alternate_destinations": "alternate_destinations" in names,
        "unlimited_bonus_tokens": "unlimited_bonus_tokens" in names,
    }


# ---------------------------------------------------------------- small queries


def quirk(state: State, name: str) -> bool:
    """Whether the state replays a record of an earlier version of the reference platform
    with this difference in its step sequence (set only by the importer; see
    :data:`bot.games.g1856.replay18xx.PLATFORM_VERSIONS`). Games played here have none."""
    return name in state.get("platform_quirks", ())


def seat_name(seat: int) -> str:
    """A player in log and refusal text: a mark the session layer replaces with their name."""
    return seat_ref(seat)


def price(state: State, corp: str) -> int:
    pos = state["corps"][corp]["pos"]
    return economy.price_at(pos) if pos else 0


def phase_info(state: State) -> dict[str, Any]:
    return economy.phase_info(state["phase"])


def player_shares(c: dict[str, Any]) -> int:
    """Shares (10% units) held by players: the limit on a company's loans."""
    return sum(c["held"]) // 10


def train_limit(state: State, corp: str | None = None) -> int:
    """The phase's train limit; the CGR may hold one more."""
    return int(phase_info(state)["train_limit"]) + (1 if corp == "CGR" else 0)


def cert_halves(state: State, seat: int) -> int:
    """Twice the number of certificates ``seat`` holds for the certificate limit: privates
    and 10% shares count one each, a president's certificate one, a 5% CGR share half
    (shares priced in the yellow and orange zones do not count)."""
    n = 2 * sum(1 for p in state["privates"].values() if p["owner"] == f"p{seat}" and not p["closed"])
    for _sym, c in state["corps"].items():
        pct = c["held"][seat]
        if not pct or c["pos"] is None:
            continue
        if economy.cell(*c["pos"])["kind"] in economy.SHARE_PRICE_FREE_KINDS:
            continue
        if c["president"] == seat:
            size = c.get("share_size", 10)
            certificate = size if c.get("false_president") == seat else 2 * size
            n += 2 + (pct - certificate) // 5
        else:
            n += pct // 5  # a 10% share is two halves, a 5% one
    return n


def cert_count(state: State, seat: int) -> int:
    """Certificates ``seat`` holds for the limit (a half CGR certificate rounds up)."""
    return (cert_halves(state, seat) + 1) // 2


def player_value(state: State, seat: int) -> int:
    """Cash + shares at market price + privates at face value; each 10% loses $10 per loan
    its company still owes (the rulebook's end-of-game loan deduction). A share is worth the
    market price whatever its size (the CGR's 5% shares too)."""
    value = state["cash"][seat]
    for sym, c in state["corps"].items():
        if c["held"][seat] and not c["closed"]:
            # The price is per share: a 5% CGR share is worth the whole price, as a 10% one.
            shares = c["held"][seat] // c.get("share_size", 10)
            value += shares * price(state, sym)
            if not quirk(state, "values_ignore_loans"):  # results computed before 28 May 2021
                value -= c["held"][seat] * c["loans"]
    for sym, p in state["privates"].items():
        if p["owner"] == f"p{seat}" and not p["closed"]:
            value += economy.privates()[sym]["value"]
    return value


def _pay(state: State, who: str, amount: int) -> None:
    """Move money from the bank (amount > 0) to ``who`` (``p3`` or a company), or back."""
    state["bank"] -= amount
    if who.startswith("p") and who[1:].isdigit():
        state["cash"][int(who[1:])] += amount
    else:
        state["corps"][who]["cash"] += amount
    if state["bank"] < 0 and not state["bank_broken"]:
        state["bank_broken"] = True
        state["log"].append("The bank has broken: the game ends after this set of operating rounds.")


def _set_pos(state: State, corp: str, pos: list[int] | None) -> None:
    c = state["corps"][corp]
    if c["pos"] is not None:
        key = f"{c['pos'][0]},{c['pos'][1]}"
        state["cells"][key].remove(corp)
        if not state["cells"][key]:
            del state["cells"][key]
    c["pos"] = pos
    if pos is not None:
        state["cells"].setdefault(f"{pos[0]},{pos[1]}", []).append(corp)


def _move(state: State, corp: str, direction: str, times: int = 1) -> None:
    """Move a share price marker; a company reaching a $0 cell closes (the CGR never does:
    its marker stays where it is)."""
    for _ in range(times):
        c = state["corps"][corp]
        if c["closed"]:
            return
        if corp == "CGR" and not c.get("permanent"):
            return  # the CGR's price stays put until it has owned a permanent train
        new = economy.move(c["pos"], direction)
        if new == c["pos"]:
            continue
        if economy.cell(*new)["kind"] == "closed":
            if corp == "CGR":
                return
            _close_corporation(state, corp)
            return
        _set_pos(state, corp, new)


def _close_corporation(state: State, corp: str) -> None:
    """A company whose price fell to $0 closes: its stations leave the map, its trains and
    cash go back to the bank, its loans are cancelled and its shares are worthless."""
    c = state["corps"][corp]
    for coord, city in gmap.tokens_of(state["map"], corp):
        gmap.remove_token(state["map"], corp, coord, city)
    state["map"]["reservations"] = [r for r in state["map"]["reservations"] if r["corp"] != corp]
    state["bank"] += c["cash"]
    state["loans_left"] += c["loans"]
    for sym, p in state["privates"].items():
        if p["owner"] == corp:
            _close_private(state, sym)
    _set_pos(state, corp, None)
    c.update(
        closed=True, cash=0, loans=0, trains=[], held=[0] * state["players"], pool=0, ipo=0, president=None
    )
    state["log"].append(f"{corp}'s share price fell to $0: it closes.")


def operating_order(state: State) -> list[str]:
    """Companies that may operate, by share price (higher first), then further right on the
    market, then higher up, then the one that arrived in the cell first."""
    out = []
    for sym, c in state["corps"].items():
        if c["closed"] or c["par"] is None:
            continue
        if c["started"] or c["ipo"] <= 100 - state["float_percent"]:
            out.append(sym)

    def key(sym: str) -> tuple[int, int, int, int]:
        pos = state["corps"][sym]["pos"]
        return (-price(state, sym), -pos[1], pos[0], state["cells"][f"{pos[0]},{pos[1]}"].index(sym))

    return sorted(out, key=key)


# ---------------------------------------------------------------- private auction


def auction_cheapest(state: State) -> str | None:
    left = [s for s, p in state["privates"].items() if p["owner"] is None]
    return min(left, key=lambda s: economy.privates()[s]["value"]) if left else None


def auction_actor(state: State) -> int:
    a = state["auction"]
    if a["auctioning"]:
        bids = a["bids"][a["auctioning"]]
        return min(bids, key=lambda b: b[1])[0]
    return a["current"]


def committed(state: State, seat: int, besides: str | None = None) -> int:
    return sum(
        price_
        for sym, bids in state["auction"]["bids"].items()
        if sym != besides
        for s, price_ in bids
        if s == seat
    )


def min_bid(state: State, company: str) -> int:
    """The least a bid may be: the price of the cheapest private (buying it), else $5 above
    the face value or the highest bid so far."""
    if company == auction_cheapest(state) and not state["auction"]["auctioning"]:
        return state["privates"][company]["price"]
    bids = state["auction"]["bids"].get(company) or []
    top = max([b[1] for b in bids], default=economy.privates()[company]["value"])
    return top + 5


def bid(state: State, seat: int, company: str, amount: int) -> None:
    a = state["auction"]
    if state["round"] != "auction":
        raise IllegalAction("The private companies are no longer for sale.")
    if seat != auction_actor(state):
        raise IllegalAction(f"It is {seat_name(auction_actor(state))}'s turn to bid.")
    if company not in state["privates"] or state["privates"][company]["owner"] is not None:
        raise IllegalAction(f"{company} is not for sale.")
    if a["auctioning"] and company != a["auctioning"]:
        raise IllegalAction(f"The auction for {a['auctioning']} must finish first.")
    if amount < min_bid(state, company):
        raise IllegalAction(f"The lowest bid for {company} is ${min_bid(state, company)}.")
    if amount > state["cash"][seat] - committed(state, seat, company):
        raise IllegalAction(f"You have ${state['cash'][seat] - committed(state, seat, company)} free to bid.")
    if company == auction_cheapest(state) and not a["auctioning"]:
        _sell_private(state, company, seat, amount)
        a["passes"] = 0
        a["current"] = (seat + 1) % state["players"]
        state["last_to_act"] = seat
        _settle(state)
        return
    bids = [b for b in a["bids"].get(company, []) if b[0] != seat] + [[seat, amount]]
    a["bids"][company] = bids
    a["passes"] = 0
    if not a["auctioning"]:
        a["current"] = (seat + 1) % state["players"]


def auction_pass(state: State, seat: int) -> None:
    a = state["auction"]
    if seat != auction_actor(state):
        raise IllegalAction(f"It is {seat_name(auction_actor(state))}'s turn.")
    if a["auctioning"]:
        company = a["auctioning"]
        a["bids"][company] = [b for b in a["bids"][company] if b[0] != seat]
        if len(a["bids"][company]) == 1:
            winner, amount = a["bids"][company][0]
            a["auctioning"] = None
            _sell_private(state, company, winner, amount)
            _settle(state)
        return
    if (company := auction_cheapest(state)) and state["privates"][company]["price"] == 0:
        raise IllegalAction(f"{company} costs nothing now: you must take it.")
    a["passes"] += 1
    a["current"] = (seat + 1) % state["players"]
    if a["passes"] >= state["players"]:
        a["passes"] = 0
        cheapest = auction_cheapest(state)
        if cheapest:
            state["privates"][cheapest]["price"] = max(0, state["privates"][cheapest]["price"] - 5)


def _sell_private(state: State, company: str, seat: int, amount: int) -> None:
    state["cash"][seat] -= amount
    state["bank"] += amount
    state["privates"][company]["owner"] = f"p{seat}"
    state["auction"]["bids"].pop(company, None)
    state["log"].append(f"{seat_name(seat)} buys {company} for ${amount}.")


def _settle(state: State) -> None:
    """After the cheapest private sold: settle the next ones that have bids."""
    a = state["auction"]
    while True:
        cheapest = auction_cheapest(state)
        if cheapest is None:
            _start_stock_round(state, (state["last_to_act"] + 1) % state["players"])
            return
        bids = a["bids"].get(cheapest) or []
        if not bids:
            return
        if len(bids) == 1:
            winner, amount = bids[0]
            _sell_private(state, cheapest, winner, amount)
            continue
        a["auctioning"] = cheapest
        return


# ---------------------------------------------------------------- stock round


def _start_stock_round(state: State, priority: int) -> None:
    state["round"] = "stock"
    state["sr_number"] += 1
    state["priority"] = priority
    state["op"] = None
    state["sr"] = {
        "current": priority,
        "passes": 0,
        "acted": False,
        "bought": False,
        "sold": [[] for _ in range(state["players"])],
        "unvested": None,
        "sold_first": False,
        "last_to_act": None,
    }
    state["log"].append(f"Stock round {state['sr_number']}.")
    _sr_autopass(state)


def sr_can_sell(state: State, seat: int, corp: str, pct: int) -> str | None:
    """Why ``seat`` may not sell ``pct``% of ``corp`` now (None when it may)."""
    c = state["corps"][corp]
    if state["sr_number"] <= 1:
        return "No shares may be sold in the first stock round."
    if pct <= 0 or pct % c.get("share_size", 10) or pct > c["held"][seat]:
        return f"You do not hold {pct}% of {corp}."
    if c["pool"] + pct > 50:
        return "The bank pool may hold at most 50% of a company."
    sr = state["sr"]
    if sr["bought"] and sr.get("sold_first"):
        return "You sold before buying this turn, so you may not sell again."
    unit = c.get("share_size", 10)
    if sr["unvested"] == corp and c["held"][seat] - pct < unit:
        return f"You bought {corp} this turn and must keep at least one share."
    if c.get("false_president") == seat:
        return "Your one-share CGR presidency cannot be sold before it is completed."
    if c["president"] == seat and c["held"][seat] - pct < 2 * unit:
        others = [s for s in range(state["players"]) if s != seat and c["held"][s] >= 2 * unit]
        if not others:
            return f"Nobody else holds 20% of {corp} to take over its presidency."
        # The president's certificate goes to the new president; the seller needs 10% left to give back.
    return None


def cgr_obligation(state: State, seat: int) -> bool:
    """Whether ``seat`` holds the CGR's presidency with a single share and must buy a CGR share
    on their stock-round turn (selling other shares first if they need the money)."""
    cgr = state["corps"].get("CGR")
    if quirk(state, "no_cgr_obligation"):
        return False  # records of early 2021: the platform did not enforce it yet
    return bool(cgr) and not cgr["closed"] and cgr.get("false_president") == seat


def sr_can_buy(state: State, seat: int, corp: str, source: str) -> str | None:
    c = state["corps"][corp]
    sr = state["sr"]
    if sr["bought"]:
        return "You have already bought this turn."
    if c["par"] is None:
        return f"{corp} has not been started."
    if corp in sr["sold"][seat]:
        return f"You sold {corp} this round and may not buy it back."
    if corp != "CGR" and cgr_obligation(state, seat):
        return "You must first buy a CGR share to complete its president's certificate."
    if corp == "CGR" and c.get("share_size") == 5 and c["president"] is None:
        return "The CGR has no president."
    if source == "ipo" and c["ipo"] <= 0:
        return f"{corp} has no shares left in its treasury."
    if source == "pool" and c["pool"] <= 0:
        return f"The bank pool has no {corp} shares."
    if source == "ipo" and c["pool"] + 10 > 60:
        return "Shares cannot be bought from the treasury while the pool holds more than half."
    cost = c["par"] if source == "ipo" else price(state, corp)
    if cost > state["cash"][seat]:
        return f"A {corp} share costs ${cost} and you have ${state['cash'][seat]}."
    kind = economy.cell(*c["pos"])["kind"]
    if kind != economy.NO_HOLDING_LIMIT_KIND and c["held"][seat] + c.get("share_size", 10) > 60:
        return "You may hold at most 60% of a company."
    added = c.get("share_size", 10) // 5  # halves of a certificate
    limit = 2 * _cert_limit(state)
    if kind not in economy.SHARE_PRICE_FREE_KINDS and cert_halves(state, seat) + added > limit:
        return "You are at your certificate limit."
    return None


def _cert_limit(state: State) -> int:
    """The certificate limit now: the table by companies left (the CGR counted) once the CGR
    has formed; before that, and for the rest of the game when no company was in debt at the
    first 6-train so that the CGR never formed, the limit by player count (as the platform
    keeps it: nothing merged, so nothing changes)."""
    if state.get("post_nationalization") and "CGR" in state["corps"]:
        left = sum(1 for c in state["corps"].values() if not c["closed"])
        return economy.cert_limit(state["players"], left)
    return economy.cert_limit(state["players"])


def sr_can_par(state: State, seat: int, corp: str, par: int) -> str | None:
    """Why ``seat`` may not start ``corp`` at ``par`` now (``corp=""`` checks any company)."""
    c = state["corps"].get(corp) or {"par": None}
    if state["sr"]["bought"]:
        return "You have already bought this turn."
    if cgr_obligation(state, seat):
        return "You must first buy a CGR share to complete its president's certificate."
    if c["par"] is not None:
        return f"{corp} has already been started."
    if par not in economy.PAR_ROWS:
        return "The par price must be one of $65, 70, 75, 80, 90 or 100."
    if 2 * par > state["cash"][seat]:
        return f"The president's certificate costs ${2 * par} and you have ${state['cash'][seat]}."
    if cert_halves(state, seat) + 2 > 2 * _cert_limit(state):
        return "You are at your certificate limit."
    return None


def _check_turn(state: State, seat: int) -> None:
    if state["round"] != "stock":
        raise IllegalAction("It is not a stock round.")
    if seat != state["sr"]["current"]:
        raise IllegalAction(f"It is {seat_name(state['sr']['current'])}'s turn.")


def _ipo_money(state: State, corp: str, amount: int) -> None:
    """A share sold from a company's treasury: escrow companies keep the money of shares 6–10
    with the bank until they reach their destination; full-capitalisation companies are paid
    ten times par when they float instead."""
    c = state["corps"][corp]
    if c["cap"] == "escrow" and c["ipo"] <= 50:
        state["bank"] += amount
        c["escrow"] += amount
    elif c["cap"] == "full":
        state["bank"] += amount
    else:
        c["cash"] += amount


def par(state: State, seat: int, corp: str, par_price: int) -> None:
    _check_turn(state, seat)
    if corp not in state["corps"]:
        raise IllegalAction(f"There is no company {corp}.")
    if why := sr_can_par(state, seat, corp, par_price):
        raise IllegalAction(why)
    c = state["corps"][corp]
    c["par"] = par_price
    c["cap"] = (
        "incremental"
        if (state["capitalization"] == "escrow" and c["destinated"])
        else state["capitalization"]
    )
    c["escrow"] = 0 if c["cap"] == "escrow" else None
    _set_pos(state, corp, [economy.PAR_ROWS[par_price], economy.PAR_COLUMN])
    state["cash"][seat] -= 2 * par_price
    _ipo_money(state, corp, 2 * par_price)
    c["ipo"] -= 20
    c["held"][seat] += 20
    c["president"] = seat
    state["log"].append(f"{seat_name(seat)} starts {corp} at ${par_price} ({c['cap']}).")
    _after_sr_action(state, seat, bought=True, corp=corp)


def buy_share(state: State, seat: int, corp: str, source: str) -> None:
    _check_turn(state, seat)
    if corp not in state["corps"] or source not in ("ipo", "pool"):
        raise IllegalAction("Buy a share of a company from its treasury (ipo) or the bank pool.")
    if why := sr_can_buy(state, seat, corp, source):
        raise IllegalAction(why)
    c = state["corps"][corp]
    unit = c.get("share_size", 10)
    false_president = c.get("false_president")
    if corp == "CGR" and false_president is not None and (seat == false_president or c["held"][seat]):
        _complete_cgr_presidency(state, seat, source)
        _after_sr_action(state, seat, bought=True, corp=corp)
        return
    if source == "ipo":
        cost = c["par"]  # the price of one share, whatever its size
        state["cash"][seat] -= cost
        _ipo_money(state, corp, cost)
        c["ipo"] -= unit
    else:
        cost = price(state, corp)
        state["cash"][seat] -= cost
        state["bank"] += cost
        c["pool"] -= unit
    c["held"][seat] += unit
    _check_president(state, corp, seat)
    _check_full_float(state, corp)
    _after_sr_action(state, seat, bought=True, corp=corp)


def sell_shares(state: State, seat: int, corp: str, pct: int) -> None:
    _check_turn(state, seat)
    if corp not in state["corps"]:
        raise IllegalAction(f"There is no company {corp}.")
    if why := sr_can_sell(state, seat, corp, pct):
        raise IllegalAction(why)
    c = state["corps"][corp]
    _pay(state, f"p{seat}", pct // c.get("share_size", 10) * price(state, corp))
    c["held"][seat] -= pct
    c["pool"] += pct
    state["sr"]["sold"][seat].append(corp)
    _check_president(state, corp, seat)
    _move(state, corp, "down", pct // 10)
    _after_sr_action(state, seat, bought=False, corp=corp)


def _check_president(state: State, corp: str, actor: int) -> None:
    """The player with the most shares becomes president; ties keep the current one, else
    the first in table order after ``actor``."""
    c = state["corps"][corp]
    pres = c["president"]
    best = c["held"][pres] if pres is not None else 0
    n = state["players"]
    for k in range(1, n + 1):
        s = (actor + k) % n
        if c["held"][s] > best:
            best = c["held"][s]
            pres = s
    c["president"] = pres


def _check_full_float(state: State, corp: str) -> None:
    c = state["corps"][corp]
    if c["cap"] == "full" and not c["started"] and c["ipo"] <= 100 - state["float_percent"]:
        c["started"] = True
        _pay(state, corp, 10 * c["par"])


def _after_sr_action(state: State, seat: int, bought: bool, corp: str) -> None:
    sr = state["sr"]
    sr["acted"] = True
    sr["passes"] = 0
    sr["last_to_act"] = seat
    state["last_to_act"] = seat
    if bought:
        sr["bought"] = True
        sr["unvested"] = corp
    elif not sr["bought"]:
        sr["sold_first"] = True
    if not sr_has_actions(state, seat):
        if cgr_obligation(state, seat) and _cgr_share_on_offer(state):
            _false_president_fails(state, seat)
            return
        _sr_next(state)


def sr_has_actions(state: State, seat: int) -> bool:
    """Whether ``seat`` has anything to do on this turn besides passing."""
    if any(
        sr_can_sell(state, seat, corp, 10) is None for corp, c in state["corps"].items() if c["held"][seat]
    ):
        return True
    if state["sr"]["bought"]:
        return False
    can_par = sr_can_par(state, seat, "", 65) is None
    for corp, c in state["corps"].items():
        if c["closed"]:
            continue
        if c["par"] is None:
            if can_par:
                return True
        elif sr_can_buy(state, seat, corp, "ipo") is None or sr_can_buy(state, seat, corp, "pool") is None:
            return True
    return False


def sr_pass(state: State, seat: int) -> None:
    _check_turn(state, seat)
    if cgr_obligation(state, seat) and _cgr_share_on_offer(state) and sr_has_actions(state, seat):
        raise IllegalAction("You must buy a CGR share (selling other shares first if need be).")
    _sr_pass(state)


def _complete_cgr_presidency(state: State, seat: int, source: str) -> None:
    """A CGR share bought while the presidency has one share: the buyer pays for the share
    (to the bank), but it stays where it was; the president's certificate gets its second
    share instead. Bought by the one-share president, it completes their certificate; bought
    by another CGR shareholder, they take the presidency (their share goes to the former
    president in exchange) and hold one more share — either way the obligation ends."""
    c = state["corps"]["CGR"]
    cost = c["par"] if source == "ipo" else price(state, "CGR")
    state["cash"][seat] -= cost
    state["bank"] += cost
    c["held"][seat] += c["share_size"]
    former = c["false_president"]
    c["false_president"] = None
    c["president"] = seat
    if seat == former:
        state["log"].append(f"{seat_name(seat)} completes the CGR president's certificate for ${cost}.")
    else:
        state["log"].append(
            f"{seat_name(seat)} pays ${cost} and takes over the CGR's presidency from {seat_name(former)}."
        )


def _sr_pass(state: State) -> None:
    sr = state["sr"]
    if not sr["acted"]:
        sr["passes"] += 1
    _sr_next(state)


def _sr_next(state: State) -> None:
    sr = state["sr"]
    if sr["passes"] >= state["players"]:
        _end_stock_round(state)
        return
    sr["current"] = (sr["current"] + 1) % state["players"]
    sr["acted"] = False
    sr["bought"] = False
    sr["sold_first"] = False
    sr["unvested"] = None
    _sr_autopass(state)


def _sr_autopass(state: State) -> None:
    """A player who can do nothing at all passes by themself."""
    guard = 0
    while state["round"] == "stock" and not sr_has_actions(state, state["sr"]["current"]):
        if cgr_obligation(state, state["sr"]["current"]) and _cgr_share_on_offer(state):
            _false_president_fails(state, state["sr"]["current"])
            return
        _sr_pass(state)
        guard += 1
        if guard > 4 * state["players"]:
            break


def must_buy_cgr(state: State, seat: int) -> bool:
    """Whether ``seat`` must buy a CGR share on this turn (a one-share CGR presidency, with
    a CGR share on offer): they may sell other shares first, but not pass."""
    return cgr_obligation(state, seat) and _cgr_share_on_offer(state)


def _cgr_share_on_offer(state: State) -> bool:
    c = state["corps"]["CGR"]
    return c["ipo"] > 0 or c["pool"] > 0


def _false_president_fails(state: State, seat: int) -> None:
    """The one-share CGR president cannot raise the price of a CGR share even after selling
    all they may sell: the game ends at once (as a bankruptcy would)."""
    state["round"] = "over"
    state["ended"] = "false_president"
    state["log"].append(
        f"{seat_name(seat)} cannot raise the money to complete the CGR presidency: the game ends."
    )


def _end_stock_round(state: State) -> None:
    for corp, c in state["corps"].items():
        if c["par"] is not None and sum(c["held"]) == 100:
            if not c["started"] and quirk(state, "sold_out_rise_needs_start"):
                continue  # records of 2021-2023: only a company that had started rose
            if corp == "CGR" and c.get("permanent") and quirk(state, "cgr_sold_out_stays"):
                continue  # the platform of 18 May 2021: a sold-out CGR with a permanent train stayed
            _move(state, corp, "up")
    last = state["sr"]["last_to_act"]
    state["priority"] = (last + 1) % state["players"] if last is not None else state["priority"]
    state["sr"] = None
    income = any(
        p["owner"] and p["owner"].startswith("p") and not p["closed"] for p in state["privates"].values()
    )
    if last is None and not operating_order(state) and not income:
        # Nobody could act, no company operates and nobody has income: nothing can ever
        # change again, so the game ends as it stands (the rulebook does not foresee this).
        state["round"] = "over"
        state["ended"] = "stalled"
        state["log"].append("Nobody can act and no company can operate: the game ends.")
        return
    state["or_total"] = int(phase_info(state)["operating_rounds"])
    state["or_number"] = 0
    _start_operating_round(state)


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
    state["log"].append(f"Operating round {state['sr_number']}.{state['or_number']}.")
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
            state["log"].append(f"{corp} has too few shares sold to start and does not operate.")
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
        state["log"].append(f"{corp} chooses the city of {board.hexes()[coord]['name']} for its home station.")
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
        raise IllegalAction(f"{corp} has no home station to place now.")
    name = board.hexes()[pending["hex"]]["name"]
    if coord != pending["hex"] or city not in pending["cities"]:
        where = " or ".join(str(i) for i in pending["cities"])
        raise IllegalAction(f"{corp}'s home station goes to city {where} of {name} ({pending['hex']}).")
    gmap.place_home_token(state["map"], corp, city)
    state["op"]["home"] = None
    state["log"].append(f"{corp} places its home station in {name}, city {city}.")


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
        state["log"].append(f"Stock round {LAST_STOCK_ROUND} was the last: the game ends.")
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
        state["log"].append(f"{seat_name(seat)} owes ${-state['cash'][seat]} and must sell shares.")


def emergency_sell_error(state: State, seat: int, corp: str, pct: int, protect: str | None) -> str | None:
    """Why ``seat`` may not sell ``pct``% of ``corp`` to raise money now (None: may)."""
    c = state["corps"].get(corp)
    if c is None or c["closed"]:
        return f"There is no company {corp}."
    unit = c.get("share_size", 10)
    if pct <= 0 or pct % unit or pct > c["held"][seat]:
        return f"You do not hold {pct}% of {corp}."
    if c["pool"] + pct > 50:
        return "The bank pool may hold at most 50% of a company."
    if c.get("false_president") == seat:
        return "Your one-share CGR presidency cannot be sold before it is completed."
    if c["president"] == seat and c["held"][seat] - pct < 2 * unit:
        if corp == protect:
            return f"You may not give up the presidency of {corp} while raising money for it."
        if not any(s != seat and c["held"][s] >= 2 * unit for s in range(state["players"])):
            return f"Nobody else holds {2 * unit}% of {corp} to take over its presidency."
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
    state["log"].append(f"{seat_name(seat)} cannot raise the money and goes bankrupt: the game ends.")


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
            state["log"].append(f"{corp} reaches its destination.")
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
        raise IllegalAction("It is not an operating round.")
    if state.get("nationalization"):
        raise IllegalAction("The companies' loans must be settled first (CGR formation).")
    if state.get("cgr_markers") or state.get("cgr_discard"):
        raise IllegalAction("The CGR's president must first settle its station markers and trains.")
    if state.get("discard"):
        raise IllegalAction(f"{state['discard'][0]} must first discard a train above its limit.")
    if state.get("crisis"):
        raise IllegalAction(
            f"{seat_name(state['crisis']['seat'])} must first sell shares to pay what they owe."
        )
    if corp != current_corp(state):
        raise IllegalAction(f"It is {current_corp(state)}'s turn.")
    if pending_home(state):
        raise IllegalAction(f"{corp} must first choose the city of its home station.")
    if state["op"].get("relocate"):
        raise IllegalAction(
            f"First choose the city of {state['op']['relocate']['corps'][0]}'s station marker."
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
            raise IllegalAction("Track is laid before stations and runs.")
        if op["laid"]:
            raise IllegalAction(f"{corp} has already laid its tile this turn.")
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
        raise IllegalAction(f"Laying there costs ${cost} and {corp} has ${c['cash']}.")
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
        raise IllegalAction(f"It is {current_corp(state)}'s turn.")
    pending = state["op"].get("relocate")
    if not pending:
        raise IllegalAction("No station marker waits for a city.")
    if city not in relocate_choices(state):
        raise IllegalAction(
            f"{pending['corps'][0]}'s marker cannot stand in city {city} of {pending['hex']}."
        )
    owner = pending["corps"].pop(0)
    gmap._put_token(state["map"], owner, pending["hex"], city)
    state["log"].append(f"{owner}'s station in {pending['hex']} now stands in city {city}.")
    if not pending["corps"]:
        state["op"]["relocate"] = None
    _after_or_action(state)


def place_token(state: State, corp: str, coord: str, city: int) -> None:
    c = _check_corp(state, corp)
    if state["op"]["step"] != "token":
        raise IllegalAction("Stations are placed after track and before the run.")
    cost = gmap.check_token(state["map"], corp, coord, city)
    if cost > c["cash"]:
        raise IllegalAction(f"The station costs ${cost} and {corp} has ${c['cash']}.")
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
        raise IllegalAction("Trains run after track and stations.")
    if not set(without) <= set(rights_bought_this_turn(state)):
        raise IllegalAction("Only a right bought this turn may be left out of the run.")
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
        raise IllegalAction("There is no run to pay out now.")
    if kind not in ("payout", "withhold"):
        raise IllegalAction("Pay out or withhold.")
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
        raise IllegalAction("Trains are bought after the run.")
    name = train.split("-")[0]
    owner = None
    if train in state["pool_trains"]:
        owner = "pool"
    else:
        for o, oc in state["corps"].items():
            if train in oc["trains"]:
                owner = o
    if len(c["trains"]) >= train_limit(state, corp) and not exchange:
        raise IllegalAction(f"{corp} is at its train limit of {train_limit(state, corp)}.")
    if owner == corp:
        raise IllegalAction(f"{corp} already owns that train.")
    if owner is None:
        if name not in depot_trains(state):
            raise IllegalAction(f"The bank does not sell {name}-trains now.")
        count = state["bought"].get(name, 0)
        if train != f"{name}-{count}":
            raise IllegalAction(f"The next {name}-train from the bank is {name}-{count}.")
        cost = train_price(state, name)
        if exchange:
            traded = trade_in_price(state, name, exchange)
            if exchange not in c["trains"] or traded is None:
                final = "an 8" if state["variant"] == "8" else "a D"
                raise IllegalAction(f"Only a 4, 5 or 6 the company owns may be traded in, for {final}.")
            cost = traded
        if amount != cost:
            raise IllegalAction(f"That train costs ${cost}.")
    elif owner == "pool":
        if amount != train_price(state, name):
            raise IllegalAction(f"A {name}-train from the bank pool costs ${train_price(state, name)}.")
    else:
        if amount < 1:
            raise IllegalAction("A train from another company costs at least $1.")
        if "CGR" in (corp, owner) and amount != train_price(state, name):
            raise IllegalAction(f"The CGR trades trains at face value only: ${train_price(state, name)}.")
    if corp == "CGR" and _rusts(state, train) and not exchange:
        raise IllegalAction("The CGR buys only trains that do not rust.")
    if amount > c["cash"]:
        # A company that must buy a train may have its president add the rest, for a train
        # from the bank or its pool, or from another company at no more than face value.
        if not must_buy_train(state, corp) or (
            owner not in (None, "pool") and amount > train_price(state, name)
        ):
            raise IllegalAction(f"{corp} has ${c['cash']}; the train costs ${amount}.")
        # Only when the treasury cannot pay for any train from the bank, and then, from the
        # bank, only for the cheapest one (the reference's rules for a forced purchase).
        if exchange:
            raise IllegalAction("The president's money cannot help pay for a trade-in.")
        cheapest = cheapest_bank_train(state)
        if not president_may_help(state, corp):
            raise IllegalAction(f"{corp} can pay for a ${cheapest} train from the bank itself.")
        if owner in (None, "pool") and cheapest is not None and train_price(state, name) > cheapest:
            raise IllegalAction(f"With its president's money {corp} may buy only the cheapest train, ${cheapest}.")
        extra = amount - c["cash"]
        pres = c["president"]
        if state["cash"][pres] < extra:
            raise IllegalAction(f"{corp} and its president together have too little for that train.")
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
        raise IllegalAction(f"{corp} may not borrow a train now.")
    final = "8" if state["variant"] == "8" else "D"
    train = f"{final}-{state['bought'].get(final, 0)}"
    state["bought"][final] = state["bought"].get(final, 0) + 1
    state.setdefault("borrowed", {})[final] = state.get("borrowed", {}).get(final, 0) + 1
    c["trains"].append(train)
    c["borrowed"] = train
    state["op"]["borrowed_done"] = True
    state["log"].append(f"The CGR borrows {train} from the bank.")
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
        state["log"].append(f"The CGR gives {train} back (to the bank pool).")


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
        state["log"].append(f"Phase {name} begins.")
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
        raise IllegalAction(f"{corp} has no train to discard now.")
    c = state["corps"][corp]
    if train not in c["trains"]:
        raise IllegalAction(f"{corp} does not own {train}.")
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
        raise IllegalAction(f"{corp} may not take a loan now.")
    amount = 90 if corp in state["op"]["paid_interest"] else 100
    c["loans"] += 1
    state["loans_left"] -= 1
    _pay(state, corp, amount)
    state["op"]["took_loan"].append(corp)
    _after_or_action(state)


def payoff_loan(state: State, corp: str) -> None:
    c = _check_corp(state, corp)
    if state["op"]["step"] != "loan" or not can_payoff(state, corp):
        raise IllegalAction(f"{corp} may not repay a loan now.")
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
        raise IllegalAction("Companies may buy private companies only in phases 3 and 4.")
    if company not in purchasable_companies(state):
        raise IllegalAction(f"{company} is not held by a player.")
    value = economy.privates()[company]["value"]
    if not (value + 1) // 2 <= amount <= 2 * value:
        raise IllegalAction(f"{company} may be bought for ${(value + 1) // 2} to ${2 * value}.")
    if amount > c["cash"]:
        raise IllegalAction(f"{corp} has ${c['cash']}.")
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
        raise IllegalAction("The port marker is placed during an operating round.")
    p = state["privates"]["GLSC"]
    if p["owner"] != corp or p["closed"]:
        raise IllegalAction(f"{corp} does not own the Great Lakes Shipping Company.")
    if coord not in board.data()["port_hexes"]:
        raise IllegalAction(f"{coord} has no port symbol.")
    state["port"] = coord
    state["port_owner"] = corp
    _close_private(state, "GLSC")


def or_pass(state: State, corp: str) -> None:
    _check_corp(state, corp)
    step = state["op"]["step"]
    if step == "route" or step == "dividend":
        raise IllegalAction("A company with trains must run them.")
    if step == "buy_train" and must_buy_train(state, corp):
        raise IllegalAction(f"{corp} has no train and must buy one.")
    if not _leave_step(state, step):
        _after_or_action(state)


def end_values(state: State) -> list[int]:
    return [player_value(state, s) for s in range(state["players"])]


def clone(state: State) -> State:
    return copy.deepcopy(state)


# ---------------------------------------------------------------- the CGR (nationalization)


def _start_nationalization(state: State) -> None:
    """The first 6-train: every company repays what loans its treasury can; presidents of
    companies still in debt then choose, in player order from the buyer of the 6-train, to
    pay the rest from their own cash or let the company merge into the CGR."""
    buyer = current_corp(state)
    trigger = state["corps"][buyer]["president"] if buyer else 0
    for c in state["corps"].values():
        if c["started"] and c["loans"] and not c["closed"]:
            n = min(c["loans"], c["cash"] // 100)
            if n:
                c["cash"] -= 100 * n
                state["bank"] += 100 * n
                c["loans"] -= n
                state["loans_left"] += n
    order = state["op"]["order"] if state.get("op") else list(state["corps"])
    n = state["players"]
    queue = [corp for corp, c in state["corps"].items() if c["started"] and c["loans"] and not c["closed"]]
    queue.sort(
        key=lambda k: ((state["corps"][k]["president"] - trigger) % n, order.index(k) if k in order else 99)
    )
    state["nationalization"] = {"trigger": trigger, "queue": queue, "merged": []}
    state["log"].append("The first 6-train: companies repay their loans or merge into the CGR.")
    _next_nationalization(state)


def nationalization_debt(state: State, corp: str) -> int:
    """What a president must pay to keep ``corp`` out of the CGR (its cash goes first)."""
    c = state["corps"][corp]
    return max(0, 100 * c["loans"] - c["cash"])


def nationalization_choice(state: State, corp: str, pay: bool) -> None:
    nat = state.get("nationalization")
    if not nat or not nat["queue"] or nat["queue"][0] != corp:
        raise IllegalAction(f"{corp} has no loans to settle now.")
    c = state["corps"][corp]
    if pay:
        owed = nationalization_debt(state, corp)
        seat = c["president"]
        if state["cash"][seat] < owed:
            raise IllegalAction(
                f"You have ${state['cash'][seat]} and {corp} owes ${owed} more than its treasury."
            )
        state["bank"] += c["cash"] + owed
        c["cash"] = 0
        state["cash"][seat] -= owed
        state["loans_left"] += c["loans"]
        c["loans"] = 0
        state["log"].append(f"{seat_name(seat)} pays off {corp}'s loans.")
    else:
        nat["merged"].append(corp)
        state["log"].append(f"{corp} merges into the CGR.")
    nat["queue"].pop(0)
    _next_nationalization(state)


def _next_nationalization(state: State) -> None:
    nat = state["nationalization"]
    if nat["queue"]:
        return
    state["nationalization"] = None
    state["post_nationalization"] = True
    if nat["merged"]:
        _form_cgr(state, nat["merged"], nat["trigger"])
    else:
        state["log"].append("Every company repaid its loans: the CGR does not form.")
    if state["round"] == "operating" and state["op"]["corp"]:
        if state["corps"][state["op"]["corp"]]["closed"]:
            _end_turn(state)  # the company that bought the 6-train merged into the CGR
        else:
            _skip_steps(state)


def cgr_price(prices: list[int]) -> int:
    """The CGR's price: the merged companies' average (without the lowest when more than two
    merge), rounded down to $5; at least $100; from $105 to $115 it is $110, above that the
    nearest multiple of $25 (the top row's steps)."""
    prices = sorted(prices)
    if len(prices) > 2:
        prices = prices[1:]
    average = sum(prices) // len(prices) // 5 * 5
    if average < 105:
        return 100
    if average <= 115:
        return 110
    delta = average % 25
    return average - delta if delta < 12.5 else average - delta + 25


def _form_cgr(state: State, merged: list[str], trigger: int) -> None:
    n = state["players"]
    prices = [price(state, k) for k in merged]
    held = [sum(state["corps"][k]["held"][s] for k in merged) for s in range(n)]
    market = sum(state["corps"][k]["pool"] for k in merged)
    order = [(trigger + k) % n for k in range(n)]
    # One CGR share per two merged shares, handed out in player order from the 6-train's
    # buyer while any of the CGR's twenty shares are left (record hotseat003: seven
    # companies merge and the last player in that order gets only what remains); an odd
    # merged share goes to the market, which gets what is left after the players.
    left = 20
    shares = {}
    for s in order:
        shares[s] = min(held[s] // 20, left)
        left -= shares[s]
        market += held[s] % 20
    market_shares = min(market // 20, left)
    total = sum(shares.values()) + market_shares
    size = 5 if total > 10 else 10
    president, best = None, 0
    for s in order:
        if shares[s] > best:
            president, best = s, shares[s]
    cgr = {
        "par": cgr_price(prices),
        "pos": None,
        "cash": 0,
        "escrow": None,
        "cap": "full",
        "destinated": True,
        "started": True,
        "operated": True,
        "loans": 0,
        "trains": [],
        "president": president,
        "ipo": 0,
        "pool": 0,
        "held": [shares.get(s, 0) * size for s in range(n)],
        "rights": {},
        "closed": False,
        "national": True,
        "share_size": size,
        "permanent": False,
    }
    cgr["pool"] = min(market_shares * size, 100 - sum(cgr["held"]))
    cgr["ipo"] = 100 - sum(cgr["held"]) - cgr["pool"]
    if president is not None and best == 1:
        # A president with a single CGR share holds the president's certificate at half: its
        # second share is not issued until they (or another holder) buy one (cgr_obligation).
        cgr["false_president"] = president
        cgr["ipo"] -= size
    state["corps"]["CGR"] = cgr
    _set_pos(state, "CGR", [0, [c["price"] for c in economy.market()[0]].index(cgr["par"])])
    homes, others = [], []
    by_corp: list[tuple[str, list[tuple[str, int]]]] = []  # merge order, each company's markers
    for k in merged:
        c = state["corps"][k]
        for t in c["trains"]:
            if (
                economy.train_info(t.split("-")[0])[
                    "rusts_on_in_eight_train_variant" if state["variant"] == "8" else "rusts_on"
                ]
                is None
            ):
                cgr["permanent"] = True
        cgr["trains"] += c["trains"]
        c["trains"] = []
        cgr["cash"] += c["cash"]
        c["cash"] = 0
        state["loans_left"] += c["loans"]
        c["loans"] = 0
        for right, value in c["rights"].items():
            if value:
                if cgr["rights"].get(right):
                    state["spare_rights"][right] += 1  # the CGR already has one: back to the bank
                cgr["rights"][right] = True
        home = board.corporations()[k]["home"]
        by_corp.append((home, gmap.tokens_of(state["map"], k)))
        for coord, city in gmap.tokens_of(state["map"], k):
            gmap.remove_token(state["map"], k, coord, city)
            (homes if coord == home else others).append((coord, city))
        state["map"]["reservations"] = [r for r in state["map"]["reservations"] if r["corp"] != k]
        _set_pos(state, k, None)
        c.update(closed=True, held=[0] * n, pool=0, ipo=0, president=None)
        for sym, p in state["privates"].items():
            if p["owner"] == k:
                _close_private(state, sym)
    if quirk(state, "cgr_exchange_loses_shared_homes"):
        _swap_cgr_markers_may_2021(state, by_corp)
    else:
        _swap_cgr_markers(state, homes, others)
    if cgr_discardable(state):
        state["cgr_discard"] = True  # the CGR's president may first give up trains (see cgr_discard)
    op = state.get("op")
    if op:
        indexes = [op["order"].index(k) for k in merged if k in op["order"]]
        if indexes and op["index"] < min(indexes):
            op["order"].insert(op["index"] + 1, "CGR")
    state["log"].append(f"The CGR forms from {', '.join(merged)} at ${cgr['par']}.")


CGR_MARKERS = 10
"""The CGR's station markers: it keeps at most ten (more only if it needs them for homes)."""


def _swap_cgr_markers(state: State, homes: list[tuple[str, int]], others: list[tuple[str, int]]) -> None:
    """Replace the merged companies' station markers by CGR markers: every home first, then
    the others, one per city, none in a hex that holds a home. Where two remain in one hex
    (Toronto, the OO cities) or more than ten remain, the CGR's president chooses which to
    take off (:func:`remove_cgr_marker`); until then the CGR has them all on the map."""
    home_hexes = sorted({coord for coord, _ in homes})
    placed: set[tuple[str, int]] = set()
    for coord, city in homes + others:
        if (coord, city) in placed or ((coord, city) not in homes and coord in home_hexes):
            continue
        gmap._put_token(state["map"], "CGR", coord, city)
        placed.add((coord, city))
    per_hex: dict[str, int] = {}
    for coord, _ in placed:
        per_hex[coord] = per_hex.get(coord, 0) + 1
    duplicates = sorted(coord for coord, count in per_hex.items() if count > 1)
    keep = max(CGR_MARKERS, len(home_hexes))
    excess = max(0, len(placed) - sum(per_hex[c] - 1 for c in duplicates) - keep)
    if duplicates or excess:
        state["cgr_markers"] = {"duplicates": duplicates, "excess": excess, "homes": home_hexes}


def _swap_cgr_markers_may_2021(state: State, by_corp: list[tuple[str, list[tuple[str, int]]]]) -> None:
    """The exchange as 18xx.games made it in May 2021 (platform quirk
    ``cgr_exchange_loses_shared_homes``; fixed there in June 2021): homes first; then, in merge
    order, before exchanging each of a company's markers outside the merged homes' hexes, it
    took off every CGR marker standing in a city where that company still had a marker,
    merged homes included; above ten markers the president then took off any outside the
    homes' hexes, in any order (no step for two markers in one hex). Record hotseat003: CV's
    and CA's markers in CPR's and LPS's home cities cost the CGR those two homes, and twelve
    markers called for two removals (actions 588-589)."""
    home_cities = []
    for home, markers in by_corp:
        city = next((c for coord, c in markers if coord == home), None)
        if city is not None:
            gmap._put_token(state["map"], "CGR", home, city)
            home_cities.append((home, city))
    home_hexes = sorted({coord for coord, _ in home_cities})
    for home, markers in by_corp:
        own = next(((coord, c) for coord, c in markers if coord == home), None)
        left = [m for m in markers if m != own]  # its markers still on the map
        for coord, city in markers:
            if coord in home_hexes:
                continue  # a marker in a merged home's hex is not exchanged
            for other_coord, other_city in left:
                if "CGR" in gmap.city_tokens(state["map"], other_coord, other_city):
                    gmap.remove_token(state["map"], "CGR", other_coord, other_city)
            gmap._put_token(state["map"], "CGR", coord, city)
            left.remove((coord, city))
    count = len(gmap.tokens_of(state["map"], "CGR"))
    excess = max(0, count - max(CGR_MARKERS, len(home_hexes)))
    if excess:
        state["cgr_markers"] = {"duplicates": [], "excess": excess, "homes": home_hexes}


def cgr_marker_choices(state: State) -> list[tuple[str, int]]:
    """The CGR markers its president may take off now (after the formation)."""
    pending = state.get("cgr_markers")
    if not pending:
        return []
    mine = gmap.tokens_of(state["map"], "CGR")
    if pending["duplicates"]:
        return [(coord, city) for coord, city in mine if coord == pending["duplicates"][0]]
    return [(coord, city) for coord, city in mine if coord not in pending["homes"]]


def remove_cgr_marker(state: State, coord: str, city: int) -> None:
    """The CGR's president takes one of its markers off the map: one of two in a hex (the CGR
    may have one marker per hex; a merged home is never the one removed), then, above ten
    markers, any that is not a merged company's home."""
    pending = state.get("cgr_markers")
    if not pending:
        raise IllegalAction("The CGR has no station markers to give up now.")
    if (coord, city) not in cgr_marker_choices(state):
        if pending["duplicates"]:
            raise IllegalAction(f"First take off one of the CGR's two markers in {pending['duplicates'][0]}.")
        raise IllegalAction("Take off a CGR marker that is not in a merged company's home.")
    gmap.remove_token(state["map"], "CGR", coord, city)
    if pending["duplicates"]:
        pending["duplicates"].pop(0)
    else:
        pending["excess"] -= 1
    state["log"].append(f"The CGR gives up its station in {coord}.")
    if not pending["duplicates"] and pending["excess"] <= 0:
        state["cgr_markers"] = None
        _after_cgr_choice(state)


def _rusts(state: State, train: str) -> bool:
    key = "rusts_on_in_eight_train_variant" if state["variant"] == "8" else "rusts_on"
    return economy.train_info(train.split("-")[0])[key] is not None


def cgr_discardable(state: State) -> list[str]:
    """Trains the CGR's president may put into the pool right after the formation: any that
    will rust, and permanent ones while it has more than its limit of three."""
    cgr = state["corps"].get("CGR")
    if not cgr or cgr["closed"]:
        return []
    rusting = [t for t in cgr["trains"] if _rusts(state, t)]
    permanent = [t for t in cgr["trains"] if not _rusts(state, t)]
    return rusting + (permanent if len(permanent) > train_limit(state, "CGR") else [])


def cgr_discard(state: State, train: str | None) -> None:
    """Right after the formation the CGR's president may give up merged trains (``train``),
    one at a time, or keep the rest (``None``); above three trains they must give some up.
    (A CGR left without trains may borrow a D: :func:`borrow_train`.)"""
    if not state.get("cgr_discard") or state.get("cgr_markers"):
        raise IllegalAction("The CGR has no trains to give up now.")
    cgr = state["corps"]["CGR"]
    if train is None:
        if len(cgr["trains"]) > train_limit(state, "CGR"):
            raise IllegalAction(f"The CGR holds {len(cgr['trains'])} trains: it must give up some first.")
    else:
        if train not in cgr_discardable(state):
            raise IllegalAction(f"The CGR may not give up {train} now.")
        cgr["trains"].remove(train)
        state["pool_trains"].append(train)
        state["log"].append(f"The CGR puts {train} into the bank pool.")
        if cgr_discardable(state):
            return
    state["cgr_discard"] = False
    _after_cgr_choice(state)


def _after_cgr_choice(state: State) -> None:
    if state.get("cgr_markers") or state.get("cgr_discard"):
        return
    if state["round"] == "operating" and state.get("op") and state["op"]["corp"]:
        _skip_steps(state)


# ---------------------------------------------------------------- bridge/tunnel rights, WSRC


RIGHT_PRIVATE = {"tunnel": "SCFTC", "bridge": "NFSBC"}


def can_buy_right(state: State, corp: str, right: str) -> bool:
    """A company may buy the bridge or tunnel right for $50 once the private is out of
    players' hands, while a spare marker is left (always, with unlimited bonus tokens) and it
    has none."""
    p = state["privates"][RIGHT_PRIVATE[right]]
    c = state["corps"][corp]
    if p["owner"] is None or (p["owner"].startswith("p") and not p["closed"]):
        return False
    spare = state.get("unlimited_bonus_tokens") or state["spare_rights"][right] > 0
    return spare and not c["rights"].get(right) and c["cash"] >= 50


def buy_right(state: State, corp: str, right: str) -> None:
    c = _check_corp(state, corp)
    if right not in RIGHT_PRIVATE or not can_buy_right(state, corp, right):
        raise IllegalAction(f"{corp} may not buy the {right} right now.")
    p = state["privates"][RIGHT_PRIVATE[right]]
    c["cash"] -= 50
    if p["closed"] or p["owner"].startswith("p"):
        state["bank"] += 50
    else:
        state["corps"][p["owner"]]["cash"] += 50
    if not state.get("unlimited_bonus_tokens"):
        state["spare_rights"][right] -= 1
    c["rights"][right] = True
    state["op"].setdefault("rights_bought", []).append(right)
    _after_or_action(state)


def wsrc_token_spots(state: State, corp: str) -> list[int]:
    p = state["privates"]["WSRC"]
    if p["owner"] != corp or p["closed"] or p.get("token_used"):
        return []
    if gmap.next_token_cost(state["map"], corp) is None:
        return []
    out = []
    for city in range(len(gmap.current(state["map"], "I12").cities)):
        try:
            gmap.check_token(state["map"], corp, "I12", city, ignore_reach=True)
        except IllegalAction:
            continue
        out.append(city)
    return out


def wsrc_token(state: State, corp: str, city: int) -> None:
    """WSRC's owner places one of its station markers in Kitchener (I12) for free, connected
    or not; the private closes at the end of the operating round."""
    _check_corp(state, corp)
    if city not in wsrc_token_spots(state, corp):
        raise IllegalAction(f"{corp} may not place its free Kitchener station there now.")
    gmap.place_token(state["map"], corp, "I12", city, ignore_reach=True)
    state["privates"]["WSRC"]["token_used"] = True
    state["privates"]["WSRC"]["used"] = True
    state["op"]["tokened"] = True  # it is the company's station of this turn
    _after_or_action(state)
