"""1856 as a :class:`Game`: prompts and action keys over the rules engine in :mod:`core`.

Action keys (short, stable, canonical):

- private auction: ``buy:FT`` (the cheapest private at its price), ``bid:GLSC:75`` (a bid on a
  later one, in $5 steps up to the money not already bid), ``pass``;
- stock round: ``par:GW:70``, ``buy:GW:ipo``, ``buy:GW:pool``, ``sell:CPR:2`` (two shares), ``pass``;
- operating round (the president of the operating company decides):
  ``lay:G12:57:1`` (every legal lay or upgrade, TCC's extra lay included), ``token:F17:0``,
  ``run:best`` / ``run:alt1``… (the best run found when the step began, and the next best),
  ``payout`` / ``withhold``, ``train:3-0`` (from the bank or its pool, at its price),
  ``train:2-1:GW`` (another company's train: then ``price:N``, any price from $1 to the
  buyer's treasury, or ``back``), ``train:D-0:trade:4-1`` (a D for a 4/5/6 and $750),
  ``loan``, ``repay``, ``company:TCC`` (a private from a player: then ``price:N`` from half
  to double its face value, or ``back``), ``port:C14``, ``pass``,
  and ``bankrupt`` when a company must buy a train that it and its president cannot pay for;
  ``home:L15:1`` when THB's president chooses Hamilton's city for its home station;
  ``tiles:K12`` to see one hex's tiles drawn (then its ``lay:`` keys, or ``back``);
  ``run:choose`` to build the run by hand (``stop:N11.c1``…, ``end``, ``none``, ``back``).

The whole state is plain JSON (see :mod:`core`); 1856 has no hidden information and no dice,
so the seed only fixes who sits first.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from bot.engine import Action, Event, Game, IllegalAction, Option, Outcome, Prompt, State
from bot.engine.choices import SELECT_LIMIT
from bot.engine.contract import dollars
from bot.games.g1856 import board, core, economy, route_builder
from bot.games.g1856 import map as gmap
from bot.games.g1856.orders import G1856Orders
from bot.games.g1856.routes import best_routes

SIDES = ("S", "SW", "NW", "N", "NE", "SE")
"""Hex sides by edge number (0 = south, clockwise), for describing a city's track."""


class G1856(G1856Orders, Game):
    slug: ClassVar[str] = "1856"
    title: ClassVar[str] = "1856: Railroading in Upper Canada"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    summary: ClassVar[str] = (
        "Build railways in Upper Canada from 1856: auction the privates, start companies, lay track, "
        "run trains, borrow money and reach your destinations before the Canadian Government Railway forms."
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("variant", "base", ("base", "8"), "base: D-trains; 8: the 8-train variant"),
        Option(
            "destinations",
            "standard",
            ("standard", "alternate", "legacy"),
            "the destination table (legacy: the standard one with WGB bound for Lake Huron, as "
            "18xx.games had it before June 2021, for games imported from there)",
        ),
        Option(
            "bonus_tokens",
            "limited",
            ("limited", "unlimited"),
            "bridge and tunnel rights: limited (two spare markers each) or unlimited",
        ),
    )
    rules_file: ClassVar[str] = "1856-en.txt"
    render_module: ClassVar[str] = "bot.games.g1856.render"
    heavy: ClassVar[bool] = True  # route search and legal lays: worker processes (bot.workers)
    grouped: ClassVar[bool] = True  # every prompt's actions declare their group (bot.engine.choices)
    hidden_information: ClassVar[bool] = False  # no cards, no dice, no RNG: every prompt is public

    # ------------------------------------------------------------------ set-up

    def setup(self, players: int, options: Mapping[str, str], seed: int) -> State:
        self.check_players(players)
        opts = self.resolve_options(options)
        state = core.new_game(
            players,
            opts["variant"],
            opts["destinations"] == "alternate",
            unlimited_bonus_tokens=opts["bonus_tokens"] == "unlimited",
        )
        if opts["destinations"] == "legacy":
            state["legacy_wgb_destination"] = True
        state["auction"]["current"] = seed % players
        state["priority"] = seed % players
        self._prepare(state)
        return state

    def max_actions(self, players: int) -> int:
        """A proven bound (:func:`core.action_bound`), not an observed one."""
        return core.action_bound(players)

    # ------------------------------------------------------------------ prompts

    def legal_prompts(self, state: State) -> list[Prompt]:
        rnd = state["round"]
        if rnd == "over":
            return []
        if state.get("cgr_markers") or state.get("cgr_discard"):
            return [self._cgr_prompt(state)]
        if rnd == "auction":
            seat = core.auction_actor(state)
            return [
                Prompt(seat, "Buy or bid on a private company", tuple(self._auction_actions(state, seat)))
            ]
        if rnd == "stock":
            seat = state["sr"]["current"]
            return [
                Prompt(
                    seat,
                    "Stock round: buy, sell, start a company or pass",
                    tuple(self._sr_actions(state, seat)),
                )
            ]
        if state.get("nationalization"):
            corp = state["nationalization"]["queue"][0]
            seat = state["corps"][corp]["president"]
            owed = core.nationalization_debt(state, corp)
            actions = [Action(f"merge:{corp}", f"Let {corp} merge into the CGR", main=True)]
            if state["cash"][seat] >= owed:
                actions.insert(0, Action(f"payoff:{corp}", f"Pay ${owed} to clear {corp}'s loans", main=True))
            return [Prompt(seat, f"{corp} cannot repay its loans", tuple(actions))]
        if state.get("discard"):
            corp = state["discard"][0]
            seat = state["corps"][corp]["president"]
            actions = tuple(
                Action(f"discard:{t}", f"Put {corp}'s {t} into the bank pool", group=("Discard a train",))
                for t in state["corps"][corp]["trains"]
            )
            return [Prompt(seat, f"{corp} is over its train limit: discard a train", actions)]
        if state.get("crisis"):
            seat = state["crisis"]["seat"]
            return [Prompt(seat, "Sell shares to pay what you owe", tuple(self._crisis_actions(state, seat)))]
        if home := core.pending_home(state):
            return [self._home_prompt(state, home)]
        corp = core.current_corp(state)
        seat = state["corps"][corp]["president"]
        step = state["op"]["step"]
        if offer := state["op"].get("offer"):
            return [self._price_prompt(state, corp, seat, offer)]
        if building := state["op"].get("building"):
            return [self._route_prompt(state, corp, seat, building)]
        if moving := state["op"].get("relocate"):
            owner, coord = moving["corps"][0], moving["hex"]
            actions = tuple(
                Action(f"relocate:{city}", f"Put {owner}'s station in city {city} of {coord}", group=(coord,))
                for city in core.relocate_choices(state)
            )
            return [Prompt(seat, f"{coord} had no track: choose the city of {owner}'s station", actions)]
        return [
            Prompt(seat, f"{corp} operates ({step.replace('_', ' ')})", tuple(self._or_actions(state, corp)))
        ]

    def _home_prompt(self, state: State, home: dict[str, Any]) -> Prompt:
        """THB's president chooses Hamilton's city for the home station (``home:L15:1``);
        each city is described by the sides its track leaves through."""
        corp, coord = home["corp"], home["hex"]
        placed = gmap.current(state["map"], coord)
        actions = []
        for city in home["cities"]:
            sides = ", ".join(SIDES[e] for e in sorted(placed.node_edges(f"c{city}")))
            actions.append(
                Action(
                    f"home:{coord}:{city}",
                    f"City {city}" + (f" (track to {sides})" if sides else ""),
                    group=(coord,),
                )
            )
        name = board.hexes()[coord]["name"]
        seat = state["corps"][corp]["president"]
        return Prompt(seat, f"{corp}: choose the city of {name} for its home station", tuple(actions))

    def _route_prompt(self, state: State, corp: str, seat: int, building: dict[str, Any]) -> Prompt:
        """The next stop of the train whose route the president is choosing (see
        :mod:`route_builder`): ``stop:N11.c1``, ``end`` once the stops make a legal route,
        ``none`` for a train that does not run, ``back`` to the bot's runs."""
        train = state["corps"][corp]["trains"][building["index"]]
        stops = building["stops"]
        options = self._route_choices(state, corp, building)
        names = board.hexes()
        actions = []
        bands = row_bands(stop.split(".")[0] for stop in options.next_stops)
        for stop in options.next_stops:
            coord = stop.split(".")[0]
            where = names[coord].get("name") or coord
            group = (banded("Next stop", bands[coord]),)
            actions.append(Action(f"stop:{stop}", f"{train}: to {where} ({stop})", group=group))
        if options.revenue is not None:
            actions.append(Action("end", f"{train}: end the route here (${options.revenue})", main=True))
        if not stops:
            actions.append(Action("none", f"{train} does not run", main=True))
        actions.append(Action("back", "Back to the bot's runs", main=True))
        so_far = " – ".join(stops) if stops else "no stop yet"
        return Prompt(seat, f"{corp}: the route of its {train} ({so_far})", tuple(actions))

    def _route_choices(self, state: State, corp: str, building: dict[str, Any]) -> route_builder.Choices:
        train = state["corps"][corp]["trains"][building["index"]]
        return route_builder.choices(
            state["map"], corp, state["phase"], core.bonuses(state, corp), train,
            int(building["used"], 16), building["stops"],
        )

    def _build_route(self, state: State, corp: str, parts: list[str]) -> None:
        """One step of a hand-built run; after the last train the run is made."""
        op = state["op"]
        if parts[0] == "run":
            op["building"] = {"index": 0, "stops": [], "used": "0", "routes": []}
            return
        building = op["building"]
        if parts[0] == "back":
            del op["building"]
            op.setdefault("declined", []).append("run")  # once per turn: a turn must end
            return
        if parts[0] == "stop":
            building["stops"].append(":".join(parts[1:]))
            return
        train = state["corps"][corp]["trains"][building["index"]]
        routes = list(building["routes"])
        if parts[0] == "end":
            options = self._route_choices(state, corp, building)
            routes.append({"train": train, "stops": building["stops"]})
        else:
            options = None
        if building["index"] + 1 == len(state["corps"][corp]["trains"]):
            del op["building"]
            try:
                core.run_routes(state, corp, routes)  # legal by construction; checked all the same
            except IllegalAction:
                op["building"] = building
                raise
            return
        if options is not None:
            building["used"] = format(int(building["used"], 16) | options.mask, "x")
        building["routes"] = routes
        building["index"] += 1
        building["stops"] = []

    def _price_prompt(self, state: State, corp: str, seat: int, offer: dict[str, Any]) -> Prompt:
        """The price of a private or of another company's train, once the buyer chose it."""
        low, high = self._price_range(state, corp, offer)
        what = offer["item"] if offer["kind"] == "company" else f"{offer['owner']}'s {offer['item']}"
        actions = [Action(f"price:{n}", f"Pay ${n} for {what}") for n in range(low, high + 1)]
        actions.append(Action("back", "Back: buy nothing", main=True))
        return Prompt(seat, f"{corp}: the price for {what} (${low}–${high})", tuple(actions))

    def _price_range(self, state: State, corp: str, offer: dict[str, Any]) -> tuple[int, int]:
        """Prices a company may pay: a private from half to double its face value, another
        company's train from $1; never more than the buyer's treasury."""
        cash = state["corps"][corp]["cash"]
        if offer["kind"] == "company":
            value = economy.privates()[offer["item"]]["value"]
            return (value + 1) // 2, min(2 * value, cash)
        face = core.train_price(state, offer["item"].split("-")[0])
        if core.president_may_help(state, corp):
            # A compulsory train the treasury cannot buy from the bank: the president may add
            # money, up to the train's face value.
            president = state["cash"][state["corps"][corp]["president"]]
            high = max(cash, min(face, cash + president))
        else:
            high = cash
        if "CGR" in (corp, offer["owner"]):
            return (face, face) if face <= high else (face, face - 1)  # the CGR: face value only
        return 1, high

    def _cgr_prompt(self, state: State) -> Prompt:
        """Right after the CGR forms its president settles its station markers (one per hex,
        at most ten) and may give up merged trains it does not want to keep."""
        seat = state["corps"]["CGR"]["president"]
        if state.get("cgr_markers"):
            dup = state["cgr_markers"]["duplicates"]
            title = (
                f"The CGR has two stations in {dup[0]}: take one off"
                if dup
                else f"The CGR has too many stations: take off {state['cgr_markers']['excess']} more"
            )
            choices = core.cgr_marker_choices(state)
            bands = row_bands(coord for coord, _ in choices)
            actions = tuple(
                Action(
                    f"cgr:remove:{coord}:{city}",
                    f"Take the CGR station in {coord} (city {city}) off",
                    group=(banded("Take a station off", bands[coord]),),
                )
                for coord, city in choices
            )
            return Prompt(seat, title, actions)
        actions = [
            Action(f"cgr:discard:{t}", f"Put the CGR's {t} into the bank pool", group=("Give up a train",))
            for t in core.cgr_discardable(state)
        ]
        cgr = state["corps"]["CGR"]
        if len(cgr["trains"]) <= core.train_limit(state, "CGR"):
            actions.append(Action("cgr:keep", "Keep the CGR's trains", main=True))
        return Prompt(seat, "The CGR formed: give up merged trains or keep them", tuple(actions))

    def _crisis_actions(self, state: State, seat: int) -> list[Action]:
        protect = state["crisis"]["protect"]
        sales = core.emergency_sales(state, seat, protect)
        out = [
            Action(f"sell:{corp}:{n}", f"Sell {n} {corp} share{'s' if n > 1 else ''}", group=sell_group(len(sales), corp))
            for corp, n in sales
        ]
        return out or [Action("bankrupt", "Declare bankruptcy (the game ends)", main=True)]

    def _auction_actions(self, state: State, seat: int) -> list[Action]:
        out: list[Action] = []
        a = state["auction"]
        companies = (
            [a["auctioning"]]
            if a["auctioning"]
            else [s for s, p in state["privates"].items() if p["owner"] is None]
        )
        cheapest = core.auction_cheapest(state)
        # With bids open on several privates, each private's bids are one group (its number
        # form opens when it is picked); one private's bids are a form on the board itself.
        biddable = [s for s in companies if a["auctioning"] or s != cheapest]
        for sym in companies:
            free = state["cash"][seat] - core.committed(state, seat, sym)
            if sym == cheapest and not a["auctioning"]:
                cost = state["privates"][sym]["price"]
                if cost <= free:
                    out.append(Action(f"buy:{sym}", f"Buy {sym} for ${cost}", main=True))
                continue
            low = core.min_bid(state, sym)
            group = ("Bid", sym) if len(biddable) > 1 else ()
            for amount in range(low, free + 1, 5):
                out.append(Action(f"bid:{sym}:{amount}", f"Bid ${amount} on {sym}", group=group))
        if not (cheapest and state["privates"][cheapest]["price"] == 0 and not a["auctioning"]):
            out.append(Action("pass", "Pass", main=True))
        if not out:
            out.append(Action(f"buy:{cheapest}", f"Take {cheapest} for free", main=True))
        return out

    def _sr_actions(self, state: State, seat: int) -> list[Action]:
        """Groups: "Start a company" → company (its par prices), "Buy a share" (every
        company's treasury and pool share, by company when they are too many for one list),
        "Sell shares" (likewise); Pass is a button. The order is the companies' order."""
        moves: list[tuple[str, str, str, str]] = []  # (kind, key, label, company)
        for corp, c in state["corps"].items():
            if c["closed"]:
                continue
            unit = c.get("share_size", 10)
            if c["par"] is None:
                if core.sr_can_par(state, seat, corp, 65) is None:
                    for par in sorted(economy.PAR_ROWS):
                        if 2 * par <= state["cash"][seat]:
                            moves.append(("par", f"par:{corp}:{par}", f"Start {corp} at ${par}", corp))
                continue
            for source in ("ipo", "pool"):
                if core.sr_can_buy(state, seat, corp, source) is None:
                    cost = c["par"] if source == "ipo" else core.price(state, corp)
                    where = "the treasury" if source == "ipo" else "the pool"
                    moves.append(("buy", f"buy:{corp}:{source}", f"Buy a {corp} share from {where} for ${cost}", corp))
            for n in range(1, c["held"][seat] // unit + 1):
                if core.sr_can_sell(state, seat, corp, unit * n) is None:
                    moves.append(("sell", f"sell:{corp}:{n}", f"Sell {n} {corp} share{'s' if n > 1 else ''}", corp))
        many = {kind: sum(1 for k, *_ in moves if k == kind) > SELECT_LIMIT for kind in ("buy", "sell")}
        names = {"par": "Start a company", "buy": "Buy a share", "sell": "Sell shares"}
        out = [
            Action(key, label, group=(names[kind], corp) if kind == "par" or many[kind] else (names[kind],))
            for kind, key, label, corp in moves
        ]
        if not (out and core.must_buy_cgr(state, seat)):  # the one-share CGR president may not pass
            out.append(Action("pass", "Pass" if not state["sr"]["acted"] else "End your turn", main=True))
        return out

    def _or_actions(self, state: State, corp: str) -> list[Action]:
        """The operating company's moves, with their groups (see :func:`group_or_moves`)."""
        return group_or_moves(self._or_moves(state, corp))

    def _or_moves(self, state: State, corp: str) -> list[Action]:
        op = state["op"]
        c = state["corps"][corp]
        step = op["step"]
        out: list[Action] = []
        if step == "track" and not op["laid"]:
            looked = op.get("declined", ())
            shown: set[str] = set()
            for key, cost in op.get("lays") or []:
                if cost <= c["cash"]:
                    _, coord, tile, rot = key.split(":")
                    if op.get("looking") not in (None, coord):
                        continue
                    price = f", ${cost}" if cost else ""
                    out.append(Action(key, f"Lay #{tile} on {coord} (rotation {rot}{price})"))
                    shown.add(coord)
            if op.get("looking"):
                return [*out, Action("back", "Back: every hex")]
            # Seeing a hex's tiles drawn, each captioned with its key, before choosing one.
            out += [
                Action(f"tiles:{coord}", f"Show the tiles that fit {coord}")
                for coord in sorted(shown)
                if f"tiles:{coord}" not in looked
            ]
        if self._tcc_available(state, corp):
            for lay in self._tcc_lays(state, corp):
                if lay.key not in {a.key for a in out}:
                    out.append(Action(lay.key, f"Lay #{lay.tile} on H11 with The Canada Company"))
        if step == "track" and not op["laid"]:
            for lay in self._wsrc_lays(state, corp):
                if lay.key not in {a.key for a in out}:
                    out.append(Action(lay.key, "Lay #59 on Kitchener (I12) with the Waterloo & Saugeen"))
        if step == "token":
            for spot in gmap.legal_token_placements(state["map"], corp):
                if spot.cost <= c["cash"]:
                    out.append(Action(spot.key, f"Station in {spot.hex} for ${spot.cost}"))
        if step == "borrow" and core.can_borrow_train(state, corp):
            final = "8" if state["variant"] == "8" else "D"
            out.append(Action("borrow", f"Borrow the bank's next {final}-train for this run"))
        if step == "route":
            plan = op.get("plan") or {"revenue": 0, "routes": [], "alternatives": []}
            out.append(Action("run:best", f"Run for ${plan['revenue']}"))
            for i, alt in enumerate(plan.get("alternatives") or [], start=1):
                out.append(Action(f"run:alt{i}", f"Run for ${alt['revenue']} (alternative {i})"))
            if c["trains"] and "run" not in op.get("declined", ()):
                out.append(Action("run:choose", "Choose each train's route yourself, stop by stop"))
            return out + self._side_actions(state, corp)
        if step == "dividend":
            return [
                Action("payout", "Pay out"),
                Action("withhold", "Withhold"),
                *self._side_actions(state, corp),
            ]
        if step == "buy_train":
            out += self._train_actions(state, corp)
        if step == "loan" and core.can_payoff(state, corp):
            out.append(Action("repay", "Repay a loan ($100)"))
        if step == "buy_company":
            out += self._company_actions(state, corp)
        out += self._side_actions(state, corp)
        forced = step == "buy_train" and core.must_buy_train(state, corp)
        if not forced:
            out.append(Action("pass", "Pass"))
        if not out or core.train_bankruptcy_due(state, corp):
            out.append(Action("bankrupt", f"{corp}'s president cannot pay for a train: bankruptcy"))
        return out

    def _side_actions(self, state: State, corp: str) -> list[Action]:
        out = []
        if core.can_take_loan(state, corp):
            amount = 90 if corp in state["op"]["paid_interest"] else 100
            out.append(Action("loan", f"Take a loan (${amount})"))
        if state["op"]["step"] != "buy_company":
            out += self._company_actions(state, corp)
        for right in ("tunnel", "bridge"):
            if core.can_buy_right(state, corp, right):
                out.append(Action(f"right:{right}", f"Buy the {right} right for $50"))
        for city in core.wsrc_token_spots(state, corp):
            out.append(Action(f"wsrc:{city}", f"Free station in Kitchener (city {city}) with WSRC"))
        glsc = state["privates"]["GLSC"]
        if glsc["owner"] == corp and not glsc["closed"]:
            for coord in board_ports():
                out.append(Action(f"port:{coord}", f"Put the port marker on {coord}"))
        return out

    def _company_actions(self, state: State, corp: str) -> list[Action]:
        if "can_buy_companies" not in core.phase_info(state)["status"]:
            return []
        cash = state["corps"][corp]["cash"]
        out = []
        declined = (state.get("op") or {}).get("declined", ())
        for sym in core.purchasable_companies(state):
            value = economy.privates()[sym]["value"]
            if (value + 1) // 2 <= cash and sym not in declined:
                out.append(Action(f"company:{sym}", f"Buy {sym} from its owner (${(value + 1) // 2}–${2 * value})"))
        return out

    def _tcc_available(self, state: State, corp: str) -> bool:
        p = state["privates"]["TCC"]
        return p["owner"] == corp and not p["closed"] and not state["op"]["tcc_used"]

    def _tcc_lays(self, state: State, corp: str) -> list[gmap.Lay]:
        """TCC's extra town on H11: no connection to the company's track is needed."""
        return self._special_lays(state, "H11", ("3", "4", "58"))

    def _wsrc_lays(self, state: State, corp: str) -> list[gmap.Lay]:
        """WSRC's #59 on Kitchener as the turn's lay, connected to the company's track or not."""
        p = state["privates"]["WSRC"]
        if p["owner"] != corp or p["closed"]:
            return []
        return self._special_lays(state, "I12", ("59",))

    def _special_lays(self, state: State, coord: str, tiles: tuple[str, ...]) -> list[gmap.Lay]:
        out = []
        for tile in tiles:
            for rot in range(6):
                try:
                    gmap.check_lay(state["map"], None, coord, tile, rot, state["phase"], special=True)
                except IllegalAction:
                    continue
                out.append(gmap.Lay(coord, tile, rot, 0))
        return out

    def _train_actions(self, state: State, corp: str) -> list[Action]:
        c = state["corps"][corp]
        room = len(c["trains"]) < core.train_limit(state, corp)  # the CGR's is one higher
        forced = core.must_buy_train(state, corp)
        helped = core.president_may_help(state, corp)
        pres_cash = state["cash"][c["president"]] if helped else 0
        cheapest = core.cheapest_bank_train(state) or 0

        def affordable(cost: int) -> bool:
            # The president's money helps only towards the cheapest train from the bank.
            return cost <= c["cash"] or (helped and cost <= cheapest and cost <= c["cash"] + pres_cash)

        out = []
        for name in core.depot_trains(state):
            tid = f"{name}-{state['bought'].get(name, 0)}"
            cost = core.train_price(state, name)
            if room and affordable(cost):
                out.append(Action(f"train:{tid}", f"Buy a {name}-train for ${cost}"))
            for old in c["trains"]:
                traded = core.trade_in_price(state, name, old)
                if traded is not None and traded <= c["cash"]:
                    out.append(Action(f"train:{tid}:trade:{old}", f"Trade {old} and ${traded} for a {name}-train"))
        seen = set()
        for tid in state["pool_trains"]:
            name = tid.split("-")[0]
            cost = core.train_price(state, name)
            if corp == "CGR" and core._rusts(state, tid):
                continue  # the CGR buys no train that will rust
            if room and name not in seen and affordable(cost):
                seen.add(name)
                out.append(Action(f"train:{tid}", f"Buy the pool's {name}-train for ${cost}"))
        if forced and not out:
            # Not even treasury and president's cash together buy the cheapest train: the
            # president sells shares (never the presidency of this company), or goes bankrupt.
            for other, n in core.emergency_sales(state, c["president"], corp):
                out.append(
                    Action(
                        f"sell:{other}:{n}",
                        f"Sell {n} {other} share{'s' if n > 1 else ''} to pay for a train",
                    )
                )
        if room:
            # A company may also buy another company's train; one that must buy a train its
            # treasury cannot pay for from the bank has its president add up to the train's
            # face value (see _price_range).
            for tid, owner in core.other_trains(state, corp):
                if tid in state["op"].get("declined", ()):
                    continue
                low, high = self._price_range(state, corp, {"kind": "train", "item": tid, "owner": owner})
                if low > high or (corp == "CGR" and core._rusts(state, tid)):
                    continue  # the CGR trades at face value only and buys no train that will rust
                label = f"for ${low}" if low == high else "(name the price next)"
                out.append(Action(f"train:{tid}:{owner}", f"Buy {owner}'s {tid} {label}"))
        return out

    # ------------------------------------------------------------------ perform

    def perform(self, state: State, seat: int, key: str) -> list[Event]:
        parts = key.split(":")
        rnd = state["round"]
        acting = core.current_corp(state)
        if parts[0] == "cgr":
            if parts[1] == "remove":
                core.remove_cgr_marker(state, parts[2], int(parts[3]))
            else:
                core.cgr_discard(state, parts[2] if parts[1] == "discard" else None)
        elif rnd == "auction":
            if parts[0] == "buy":
                core.bid(state, seat, parts[1], state["privates"][parts[1]]["price"])
            elif parts[0] == "bid":
                core.bid(state, seat, parts[1], int(parts[2]))
            else:
                core.auction_pass(state, seat)
        elif rnd == "stock":
            if parts[0] == "par":
                core.par(state, seat, parts[1], int(parts[2]))
            elif parts[0] == "buy":
                core.buy_share(state, seat, parts[1], parts[2])
            elif parts[0] == "sell":
                unit = state["corps"][parts[1]].get("share_size", 10)
                core.sell_shares(state, seat, parts[1], unit * int(parts[2]))
            else:
                core.sr_pass(state, seat)
        elif parts[0] == "relocate":
            core.relocate_marker(state, core.current_corp(state), int(parts[1]))
        elif parts[0] == "discard":
            core.discard_train(state, state["discard"][0], parts[1])
        elif parts[0] in ("payoff", "merge"):
            core.nationalization_choice(state, parts[1], parts[0] == "payoff")
        elif parts[0] == "sell":
            core.emergency_sell(state, seat, parts[1], int(parts[2]))
        elif parts[0] == "home" and len(parts) == 3 and parts[2].isdigit():
            core.choose_home(state, core.current_corp(state) or "", parts[1], int(parts[2]))
        elif parts[0] == "bankrupt" and state.get("crisis"):
            core.declare_bankruptcy(state, seat)
        else:
            self._perform_or(state, core.current_corp(state), parts)
        self._prepare(state)
        lines = self._drain_log(state)
        # The move just made, public as everything in 1856 is: the table card says it and
        # marks what it changed (a laid hex, a bought share) without a log to read.
        state["last"] = {"seat": seat, "key": key, "round": rnd, "corp": acting, "events": lines}
        return [Event(line) for line in lines]

    def _perform_or(self, state: State, corp: str, parts: list[str]) -> None:
        kind = parts[0]
        if kind == "tiles":
            state["op"]["looking"] = parts[1]
        elif kind == "back" and state["op"].get("looking"):
            # Once per hex and turn, so a turn cannot go round in circles.
            state["op"].setdefault("declined", []).append(f"tiles:{state['op'].pop('looking')}")
        elif kind == "lay":
            op = state["op"]
            core.lay_tile(state, corp, parts[1], parts[2], int(parts[3]))
            op.pop("looking", None)
        elif kind == "token":
            core.place_token(state, corp, parts[1], int(parts[2]))
        elif (kind == "run" and parts[1] == "choose") or kind in ("stop", "end", "none") or (
            kind == "back" and "building" in state["op"]
        ):
            self._build_route(state, corp, parts)
        elif kind == "run":
            plan = state["op"].get("plan") or {"routes": [], "alternatives": []}
            chosen = plan if parts[1] == "best" else plan["alternatives"][int(parts[1][3:]) - 1]
            core.run_routes(
                state,
                corp,
                [
                    {"train": r["train"], "stops": r["stops"], "connections": r["connections"]}
                    for r in chosen["routes"]
                ],
            )
        elif kind in ("payout", "withhold"):
            core.dividend(state, corp, kind)
        elif kind == "train":
            tid = parts[1]
            name = tid.split("-")[0]
            if len(parts) == 4 and parts[2] == "trade":
                traded = core.trade_in_price(state, name, parts[3])
                core.buy_train(state, corp, tid, traded if traded is not None else -1, parts[3])
            elif len(parts) == 3:
                state["op"]["offer"] = {"kind": "train", "item": tid, "owner": parts[2]}
            else:
                core.buy_train(state, corp, tid, core.train_price(state, name))
        elif kind == "borrow":
            core.borrow_train(state, corp)
        elif kind == "loan":
            core.take_loan(state, corp)
        elif kind == "repay":
            core.payoff_loan(state, corp)
        elif kind == "company":
            state["op"]["offer"] = {"kind": "company", "item": parts[1]}
        elif kind == "price":
            # The purchase may end the turn (and replace ``op``), so the offer goes first.
            offer = state["op"].pop("offer")
            try:
                if offer["kind"] == "company":
                    core.buy_company(state, corp, offer["item"], int(parts[1]))
                else:
                    core.buy_train(state, corp, offer["item"], int(parts[1]))
            except IllegalAction:
                state["op"]["offer"] = offer
                raise
        elif kind == "back":
            offer = state["op"].pop("offer")
            # What a buyer turned back from is not offered again this turn, so a turn ends.
            state["op"].setdefault("declined", []).append(offer["item"])
        elif kind == "port":
            core.assign_port(state, corp, parts[1])
        elif kind == "right":
            core.buy_right(state, corp, parts[1])
        elif kind == "wsrc":
            core.wsrc_token(state, corp, int(parts[1]))
        elif kind == "bankrupt":
            core.declare_bankruptcy(state, state["corps"][corp]["president"])
        else:
            core.or_pass(state, corp)

    def _prepare(self, state: State) -> None:
        """Search once and keep the result in the state, so prompts list it without searching
        (a replayed log finds the same): the legal tile lays when a company's track step
        begins (again if a bought private opened a hex), and the best run when its run begins."""
        op = state.get("op")
        if op and op.get("home"):
            return  # the home station comes first; the lays depend on it
        if state["round"] == "operating" and op and op["step"] == "track" and not op["laid"]:
            tokens = sum(len(city) for cities in state["map"]["tokens"].values() for city in cities)
            sign = [
                op["corp"],
                op["index"],
                state["phase"],
                sorted(state["map"]["blocked"]),
                len(state["map"]["tiles"]),
                state["map"]["tiles"].get("H11"),  # TCC's extra lay changes it mid-step
                tokens,  # WSRC's free station changes the reach mid-step
            ]
            if op.get("lays_for") != sign:
                lays = gmap.legal_tile_lays(state["map"], op["corp"], state["phase"])
                op["lays"] = [[lay.key, lay.cost] for lay in lays]
                op["lays_for"] = sign
        if (
            state["round"] == "operating"
            and op
            and op["step"] == "route"
            and op.get("plan_for") != [op["corp"], op["index"]]
        ):
            corp = op["corp"]
            plan = best_routes(
                state["map"],
                corp,
                list(state["corps"][corp]["trains"]),
                state["phase"],
                core.bonuses(state, corp),
                2,
            ).to_json()
            op["plan"] = plan
            op["plan_for"] = [corp, op["index"]]

    def _drain_log(self, state: State) -> list[str]:
        lines = list(state["log"])
        state["log"].clear()
        return lines

    # ------------------------------------------------------------------ view & outcome

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        view = {k: v for k, v in state.items() if k != "log"}
        view["values"] = core.end_values(state)
        return view

    def agent(self, state: State, seat: int, rng: Any) -> str:
        """The heuristic bot of :mod:`bot.games.g1856.agent`."""
        from bot.games.g1856.agent import choose

        return choose(self, state, seat, rng)

    def conceal(self, state: State, viewer: int | None, rng: Any) -> State:
        """1856 has no hidden information and no randomness in its state (no dice, no cards,
        no RNG): everything a player could redraw is already public, so the state is its own
        concealed copy (the kit compares views of it)."""
        return state

    def outcome(self, state: State) -> Outcome | None:
        if state["round"] != "over":
            return None
        reason = {
            "bank": "The bank broke.",
            "bankruptcy": "A player went bankrupt.",
            "stalled": "Nobody could act any more.",
            "false_president": "The CGR's one-share president could not complete the presidency.",
            "limit": f"Stock round {core.LAST_STOCK_ROUND} was the last.",
        }.get(state["ended"], "The game ended.")
        return Outcome.ranked(core.end_values(state), reason)

    def format_score(self, score: float) -> str:
        """Scores are each player's value in dollars (cash and shares): "$1,515,200"."""
        return dollars(score)


def board_ports() -> list[str]:
    from bot.games.g1856 import board

    return list(board.data()["port_hexes"])


def sell_group(count: int, corp: str) -> tuple[str, ...]:
    """The group of a share sale among ``count`` sales: one list, or by company when longer
    than a select holds."""
    return ("Sell shares", corp) if count > SELECT_LIMIT else ("Sell shares",)


def _hex_order(coord: str) -> tuple[str, int]:
    """Map order of a hex name: its row letter, then its column number ("K12" → ("K", 12))."""
    return coord[0], int(coord[1:])


def row_bands(coords: Iterable[str]) -> dict[str, str]:
    """The control each hex of a list of hexes goes to: ``""`` (one control for all) when
    they fit one select, otherwise a band of whole map rows ("rows A–F", "row K"), the bands
    about equal and each small enough for one select. A band is a control of its own on the
    board (see :func:`banded`), so picking a hex costs no extra tap. The names are the map's
    own row letters."""
    ordered = sorted(set(coords), key=_hex_order)
    if len(ordered) <= SELECT_LIMIT:
        return dict.fromkeys(ordered, "")
    target = math.ceil(len(ordered) / math.ceil(len(ordered) / SELECT_LIMIT))
    bands: list[list[str]] = []
    for _, row in itertools.groupby(ordered, key=lambda coord: coord[0]):
        members = list(row)
        if bands and len(bands[-1]) < target and len(bands[-1]) + len(members) <= SELECT_LIMIT:
            bands[-1] += members
        else:
            bands.append(members)
    placed: dict[str, str] = {}
    for band in bands:
        first, last = band[0][0], band[-1][0]
        name = f"row {first}" if first == last else f"rows {first}–{last}"
        placed.update(dict.fromkeys(band, name))
    return placed


def banded(control: str, band: str) -> str:
    """A control's name for one band of rows: "Lay a tile, rows A–F" (``control`` alone
    when there is no band)."""
    return f"{control}, {band}" if band else control


MAIN_OR_KEYS = frozenset({"pass", "bankrupt", "payout", "withhold", "run:best", "borrow", "back"})
"""The operating round's buttons: what a step is about (run, pay out, pass, go back)."""


def group_or_moves(moves: list[Action]) -> list[Action]:
    """File an operating round's moves under the board's controls, from their keys alone
    (the same keys and labels, in the same order):

    - "Lay a tile" → hex (``K12``) → tile (``#57``) only when a hex has more lays than one
      list holds; when more hexes are legal than one list holds, one such control per band
      of map rows ("Lay a tile, rows B–H"). A hex's "Show the tiles that fit" sits with its
      lays.
    - "Place a station" (by band of rows when too many), "Other runs" (the alternatives and
      choosing each route by hand), "Buy a train" (the bank's and pool's trains, each other
      company's trains one level down), "Buy a private", "Port marker", "Sell shares".
    - Pass, bankruptcy, the best run, pay out and withhold are buttons; loans and rights are
      the "More moves".
    """
    hex_of = {a.key: a.key.split(":")[1] for a in moves if a.key.startswith(("lay:", "tiles:"))}
    per_hex: dict[str, int] = {}
    for coord in hex_of.values():
        per_hex[coord] = per_hex.get(coord, 0) + 1
    lay_bands = row_bands(per_hex)
    token_bands = row_bands(a.key.split(":")[1] for a in moves if a.key.startswith("token:"))
    sales = sum(1 for a in moves if a.key.startswith("sell:"))
    out = []
    for action in moves:
        parts = action.key.split(":")
        group: tuple[str, ...] = ()
        if action.key in hex_of:
            coord = hex_of[action.key]
            tile = (f"#{parts[2]}",) if parts[0] == "lay" and per_hex[coord] > SELECT_LIMIT else ()
            group = (banded("Lay a tile", lay_bands[coord]), coord, *tile)
        elif parts[0] == "token":
            group = (banded("Place a station", token_bands[parts[1]]),)
        elif action.key.startswith(("run:alt", "run:choose")):
            group = ("Other runs",)
        elif parts[0] == "train":
            from_company = len(parts) == 3  # train:2-1:GW, not train:D-0:trade:4-1
            group = ("Buy a train", parts[2]) if from_company else ("Buy a train",)
        elif parts[0] == "company":
            group = ("Buy a private",)
        elif parts[0] == "port":
            group = ("Port marker",)
        elif parts[0] == "sell":
            group = sell_group(sales, parts[1])
        out.append(dataclasses.replace(action, group=group, main=action.key in MAIN_OR_KEYS))
    return out
