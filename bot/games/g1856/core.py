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

The engine is three modules by responsibility: this one (set-up, queries, the private
auction and the stock round), :mod:`bot.games.g1856.operating` (operating rounds) and
:mod:`bot.games.g1856.nationalization` (the CGR, rights, WSRC). Callers use ``core.NAME``
for all of them: this module re-exports the other two's names.
"""

from __future__ import annotations

from typing import Any

from bot.engine import IllegalAction, seat_ref
from bot.games.g1856 import board, economy
from bot.games.g1856 import map as gmap
from bot.games.g1856.messages import T

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


CAPITALIZATION = {
    "escrow": T("escrow"),
    "incremental": T("incremental"),
    "full": T("full"),
}
"""How a company is paid for its shares, in the log's words."""

PLATFORM_OPTIONS = ("alternate_destinations", "unlimited_bonus_tokens", "eight_train_variant")
"""The optional rules 18xx.games offers for 1856 (``settings.optional_rules`` of a record)."""


def platform_options(optional_rules: list[Any]) -> dict[str, Any]:
    """Our table options for a record's 18xx.games optional rules: the keyword arguments of
    :func:`new_game` besides the player count. An optional rule we do not know is refused."""
    names = [str(o) for o in optional_rules]
    for name in names:
        if name not in PLATFORM_OPTIONS:
            raise IllegalAction(
                T("The record uses the optional rule '{name}', which our 1856 does not have (we play {known}).",
                  name=name, known=", ".join(PLATFORM_OPTIONS))
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
        state["log"].append(T("The bank has broken: the game ends after this set of operating rounds."))


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
    state["log"].append(T("{corp}'s share price fell to $0: it closes.", corp=corp))


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
        raise IllegalAction(T("The private companies are no longer for sale."))
    if seat != auction_actor(state):
        raise IllegalAction(T("It is {who}'s turn to bid.", who=seat_name(auction_actor(state))))
    if company not in state["privates"] or state["privates"][company]["owner"] is not None:
        raise IllegalAction(T("{company} is not for sale.", company=company))
    if a["auctioning"] and company != a["auctioning"]:
        raise IllegalAction(T("The auction for {auctioning} must finish first.", auctioning=a['auctioning']))
    if amount < min_bid(state, company):
        raise IllegalAction(T("The lowest bid for {company} is ${min_bid}.", company=company, min_bid=min_bid(state, company)))
    if amount > state["cash"][seat] - committed(state, seat, company):
        raise IllegalAction(T("You have ${amount} free to bid.", amount=state['cash'][seat] - committed(state, seat, company)))
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
        raise IllegalAction(T("It is {who}'s turn.", who=seat_name(auction_actor(state))))
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
        raise IllegalAction(T("{company} costs nothing now: you must take it.", company=company))
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
    state["log"].append(T("{who} buys {company} for ${amount}.", who=seat_name(seat), company=company, amount=amount))


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
    state["log"].append(T("Stock round {sr_number}.", sr_number=state['sr_number']))
    _sr_autopass(state)


def sr_can_sell(state: State, seat: int, corp: str, pct: int) -> str | None:
    """Why ``seat`` may not sell ``pct``% of ``corp`` now (None when it may)."""
    c = state["corps"][corp]
    if state["sr_number"] <= 1:
        return T("No shares may be sold in the first stock round.")
    if pct <= 0 or pct % c.get("share_size", 10) or pct > c["held"][seat]:
        return T("You do not hold {share} of {corp}.", share=f"{pct}%", corp=corp)
    if c["pool"] + pct > 50:
        return T("The bank pool may hold at most {share} of a company.", share="50%")
    sr = state["sr"]
    if sr["bought"] and sr.get("sold_first"):
        return T("You sold before buying this turn, so you may not sell again.")
    unit = c.get("share_size", 10)
    if sr["unvested"] == corp and c["held"][seat] - pct < unit:
        return T("You bought {corp} this turn and must keep at least one share.", corp=corp)
    if c.get("false_president") == seat:
        return T("Your one-share CGR presidency cannot be sold before it is completed.")
    if c["president"] == seat and c["held"][seat] - pct < 2 * unit:
        others = [s for s in range(state["players"]) if s != seat and c["held"][s] >= 2 * unit]
        if not others:
            return T("Nobody else holds {share} of {corp} to take over its presidency.", share="20%", corp=corp)
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
        return T("You have already bought this turn.")
    if c["par"] is None:
        return T("{corp} has not been started.", corp=corp)
    if corp in sr["sold"][seat]:
        return T("You sold {corp} this round and may not buy it back.", corp=corp)
    if corp != "CGR" and cgr_obligation(state, seat):
        return T("You must first buy a CGR share to complete its president's certificate.")
    if corp == "CGR" and c.get("share_size") == 5 and c["president"] is None:
        return T("The CGR has no president.")
    if source == "ipo" and c["ipo"] <= 0:
        return T("{corp} has no shares left in its treasury.", corp=corp)
    if source == "pool" and c["pool"] <= 0:
        return T("The bank pool has no {corp} shares.", corp=corp)
    if source == "ipo" and c["pool"] + 10 > 60:
        return T("Shares cannot be bought from the treasury while the pool holds more than half.")
    cost = c["par"] if source == "ipo" else price(state, corp)
    if cost > state["cash"][seat]:
        return T("A {corp} share costs ${cost} and you have ${value}.", corp=corp, cost=cost, value=state['cash'][seat])
    kind = economy.cell(*c["pos"])["kind"]
    if kind != economy.NO_HOLDING_LIMIT_KIND and c["held"][seat] + c.get("share_size", 10) > 60:
        return T("You may hold at most {share} of a company.", share="60%")
    added = c.get("share_size", 10) // 5  # halves of a certificate
    limit = 2 * _cert_limit(state)
    if kind not in economy.SHARE_PRICE_FREE_KINDS and cert_halves(state, seat) + added > limit:
        return T("You are at your certificate limit.")
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
        return T("You have already bought this turn.")
    if cgr_obligation(state, seat):
        return T("You must first buy a CGR share to complete its president's certificate.")
    if c["par"] is not None:
        return T("{corp} has already been started.", corp=corp)
    if par not in economy.PAR_ROWS:
        return T("The par price must be one of $65, 70, 75, 80, 90 or 100.")
    if 2 * par > state["cash"][seat]:
        return T("The president's certificate costs ${amount} and you have ${value}.", amount=2 * par, value=state['cash'][seat])
    if cert_halves(state, seat) + 2 > 2 * _cert_limit(state):
        return T("You are at your certificate limit.")
    return None


def _check_turn(state: State, seat: int) -> None:
    if state["round"] != "stock":
        raise IllegalAction(T("It is not a stock round."))
    if seat != state["sr"]["current"]:
        raise IllegalAction(T("It is {who}'s turn.", who=seat_name(state['sr']['current'])))


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
        raise IllegalAction(T("There is no company {corp}.", corp=corp))
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
    state["log"].append(T("{who} starts {corp} at ${par_price} ({cap}).", who=seat_name(seat), corp=corp, par_price=par_price, cap=CAPITALIZATION[c['cap']]))
    _after_sr_action(state, seat, bought=True, corp=corp)


def buy_share(state: State, seat: int, corp: str, source: str) -> None:
    _check_turn(state, seat)
    if corp not in state["corps"] or source not in ("ipo", "pool"):
        raise IllegalAction(T("Buy a share of a company from its treasury (ipo) or the bank pool."))
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
        raise IllegalAction(T("There is no company {corp}.", corp=corp))
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
        raise IllegalAction(T("You must buy a CGR share (selling other shares first if need be)."))
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
        state["log"].append(T("{who} completes the CGR president's certificate for ${cost}.", who=seat_name(seat), cost=cost))
    else:
        state["log"].append(
            T("{who} pays ${cost} and takes over the CGR's presidency from {who2}.", who=seat_name(seat), cost=cost, who2=seat_name(former))
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
        T("{who} cannot raise the money to complete the CGR presidency: the game ends.", who=seat_name(seat))
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
        state["log"].append(T("Nobody can act and no company can operate: the game ends."))
        return
    state["or_total"] = int(phase_info(state)["operating_rounds"])
    state["or_number"] = 0
    _start_operating_round(state)


# The engine's modules call each other (a round ends into the next); importing the other
# modules' names last lets any of them be imported first.
from bot.games.g1856.nationalization import (  # noqa: E402, F401  (re-exported: the engine's callers use core.NAME)
    CGR_MARKERS,
    RIGHT_PRIVATE,
    _after_cgr_choice,
    _form_cgr,
    _next_nationalization,
    _rusts,
    _start_nationalization,
    _swap_cgr_markers,
    _swap_cgr_markers_may_2021,
    buy_right,
    can_buy_right,
    cgr_discard,
    cgr_discardable,
    cgr_marker_choices,
    cgr_price,
    nationalization_choice,
    nationalization_debt,
    remove_cgr_marker,
    wsrc_token,
    wsrc_token_spots,
)
from bot.games.g1856.operating import (  # noqa: E402, F401  (re-exported: the engine's callers use core.NAME)
    _after_or_action,
    _check_corp,
    _check_destinations,
    _check_train_limits,
    _close_private,
    _depot_sold,
    _dividend,
    _end_operating_round,
    _end_turn,
    _leave_step,
    _next_corp,
    _pay_interest,
    _place_home,
    _player_pays,
    _return_borrowed,
    _skip_steps,
    _start_operating_round,
    _step_passed,
    _trackless_markers,
    action_bound,
    assign_port,
    bonuses,
    borrow_train,
    buy_company,
    buy_train,
    can_borrow_train,
    can_buy_company,
    can_buy_train,
    can_payoff,
    can_take_loan,
    cheapest_bank_train,
    choose_home,
    clone,
    connected,
    current_corp,
    declare_bankruptcy,
    depot_trains,
    destination,
    discard_train,
    dividend,
    dividend_part,
    emergency_sales,
    emergency_sell,
    emergency_sell_error,
    end_values,
    home_cities,
    lay_tile,
    must_buy_train,
    or_pass,
    other_trains,
    payoff_loan,
    pending_home,
    place_token,
    president_may_help,
    purchasable_companies,
    relocate_choices,
    relocate_marker,
    rights_bought_this_turn,
    run_price,
    run_routes,
    step_actions,
    take_loan,
    tcc_lay_pending,
    tile_company_buyable,
    trade_in_price,
    train_bankruptcy_due,
    train_price,
)
