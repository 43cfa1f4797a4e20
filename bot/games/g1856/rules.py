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

import collections
import dataclasses
import itertools
import math
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from bot.engine import Action, Event, Game, IllegalAction, Option, Outcome, Prompt, State, seat_ref
from bot.engine.choices import SELECT_LIMIT
from bot.engine.words import Text
from bot.games.g1856 import board, core, economy, route_builder
from bot.games.g1856 import map as gmap
from bot.games.g1856.messages import RIGHTS, Code, T, Tn, Tp, stored, worth
from bot.games.g1856.orders import G1856Orders
from bot.games.g1856.routes import best_routes

SIDES = ("S", "SW", "NW", "N", "NE", "SE")
"""Hex sides by edge number (0 = south, clockwise), for describing a city's track."""

WORTH_SPREAD = 500
"""Dollars of lead over the best other player that :meth:`G1856.evaluate` scores 73% (a
logistic): near even, the lookahead's margin of a hundredth is about $20 of worth."""
STEP_NAMES = {
    "track": Tp("operating step", "track"),
    "token": Tp("operating step", "token"),
    "borrow": Tp("operating step", "borrow"),
    "route": Tp("operating step", "route"),
    "dividend": Tp("operating step", "dividend"),
    "buy_train": Tp("operating step", "buy train"),
    "loan": Tp("operating step", "loan"),
    "buy_company": Tp("operating step", "buy company"),
}
"""The steps of a company's turn, as the prompt names them ("GW operates (buy train)")."""


class G1856(G1856Orders, Game):
    slug: ClassVar[str] = "1856"
    title: ClassVar[str] = T("1856: Railroading in Upper Canada")
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    summary: ClassVar[str] = (
        T("Build railways in Upper Canada from 1856: auction the privates, start companies, lay track, "
          "run trains, borrow money and reach your destinations before the Canadian Government Railway forms.")
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("variant", "base", ("base", "8"), T("base: D-trains; 8: the 8-train variant")),
        Option(
            "destinations",
            "standard",
            ("standard", "alternate", "legacy"),
            T("the destination table (legacy: the standard one with WGB bound for Lake Huron, as "
              "18xx.games had it before June 2021, for games imported from there)"),
        ),
        Option(
            "bonus_tokens",
            "limited",
            ("limited", "unlimited"),
            T("bridge and tunnel rights: limited (two spare markers each) or unlimited"),
        ),
    )
    rules_file: ClassVar[str] = "1856-en.txt"
    render_module: ClassVar[str] = "bot.games.g1856.render"
    heavy: ClassVar[bool] = True  # route search and legal lays: worker processes (bot.workers)
    grouped: ClassVar[bool] = True  # every prompt's actions declare their group (bot.engine.choices)
    hidden_information: ClassVar[bool] = False  # no cards, no dice, no RNG: every prompt is public
    # A hard bot's paired search rolled each action out to the end of the game: 1,100-1,700
    # moves, 1.9-7.4 s of CPU, so not one rollout finished in the level's 0.8 s. With nothing
    # left to chance, hard instead plays each candidate on once to the next stock round and
    # scores the players' worth there (bot.engine.search.lookahead; data/1856/README.md,
    # "Hard bots").
    deterministic: ClassVar[bool] = True

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
        prompts = self._legal_prompts(state)
        # The labels just offered, for :meth:`apply` to log a silent move by its label as text
        # that can be said (the contract's apply asks for the prompts right before perform).
        self._offered = {action.key: action.label for prompt in prompts for action in prompt.actions}
        return prompts

    def apply(self, state: State, seat: int, key: str, at: int | None = None) -> list[Event]:
        """The contract's apply; a move that said nothing is logged by its label ("{seat1}: Buy
        a THB share from the treasury for $80") as a :class:`~bot.engine.words.Text`, so the
        line can be said in the table's language (the same English as the contract's line)."""
        events = super().apply(state, seat, key, at)
        label = getattr(self, "_offered", {}).get(key)
        if label is None or len(events) != 1:
            return events
        said = T("{who}: {move}", who=seat_ref(seat), move=label)
        if events[0].text == said and not isinstance(events[0].text, Text):
            return [dataclasses.replace(events[0], text=said)]
        return events

    def explain_refusal(self, state: State, seat: int, key: str) -> str:
        """The contract's sentence, as a text that can be said (the key written as it is)."""
        return T("{key} is not a legal move now.", key=Code(repr(key)))

    def _legal_prompts(self, state: State) -> list[Prompt]:
        rnd = state["round"]
        if rnd == "over":
            return []
        if state.get("cgr_markers") or state.get("cgr_discard"):
            return [self._cgr_prompt(state)]
        if rnd == "auction":
            seat = core.auction_actor(state)
            return [
                Prompt(seat, T("Buy or bid on a private company"), tuple(self._auction_actions(state, seat)))
            ]
        if rnd == "stock":
            seat = state["sr"]["current"]
            return [
                Prompt(
                    seat,
                    T("Stock round: buy, sell, start a company or pass"),
                    tuple(self._sr_actions(state, seat)),
                )
            ]
        if state.get("nationalization"):
            corp = state["nationalization"]["queue"][0]
            seat = state["corps"][corp]["president"]
            owed = core.nationalization_debt(state, corp)
            actions = [Action(f"merge:{corp}", T("Let {corp} merge into the CGR", corp=corp), main=True)]
            if state["cash"][seat] >= owed:
                actions.insert(0, Action(f"payoff:{corp}", T("Pay ${owed} to clear {corp}'s loans", owed=owed, corp=corp), main=True))
            return [Prompt(seat, T("{corp} cannot repay its loans", corp=corp), tuple(actions))]
        if state.get("discard"):
            corp = state["discard"][0]
            seat = state["corps"][corp]["president"]
            actions = tuple(
                Action(f"discard:{t}", T("Put {corp}'s {t} into the bank pool", corp=corp, t=t), group=(T("Discard a train"),))
                for t in state["corps"][corp]["trains"]
            )
            return [Prompt(seat, T("{corp} is over its train limit: discard a train", corp=corp), actions)]
        if state.get("crisis"):
            seat = state["crisis"]["seat"]
            return [Prompt(seat, T("Sell shares to pay what you owe"), tuple(self._crisis_actions(state, seat)))]
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
                Action(f"relocate:{city}", T("Put {owner}'s station in city {city} of {coord}", owner=owner, city=city, coord=coord), group=(coord,))
                for city in core.relocate_choices(state)
            )
            return [Prompt(seat, T("{coord} had no track: choose the city of {owner}'s station", coord=coord, owner=owner), actions)]
        return [
            Prompt(seat, T("{corp} operates ({step})", corp=corp, step=STEP_NAMES.get(step, step)), tuple(self._or_actions(state, corp)))
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
                    T("City {city} (track to {sides})", city=city, sides=sides) if sides else T("City {city}", city=city),
                    group=(coord,),
                )
            )
        name = board.hexes()[coord]["name"]
        seat = state["corps"][corp]["president"]
        return Prompt(seat, T("{corp}: choose the city of {name} for its home station", corp=corp, name=name), tuple(actions))

    def _route_prompt(self, state: State, corp: str, seat: int, building: dict[str, Any]) -> Prompt:
        """The next stop of the train whose route the president is choosing (see
        :mod:`route_builder`): ``stop:N11.c1``, ``end`` once the stops make a legal route,
        ``none`` for a train that does not run, ``back`` to the bot's runs."""
        train = state["corps"][corp]["trains"][building["index"]]
        stops = building["stops"]
        options = self._route_choices(state, corp, building)
        names = board.hexes()
        actions = []
        hex_of = {stop: stop.split(".")[0] for stop in options.next_stops}  # "N11.c1" → "N11"
        bands = row_bands(hex_of.values())
        # In map order (K2 before K16), as a player reads the board.
        for stop in sorted(hex_of, key=lambda next_stop: (_hex_order(hex_of[next_stop]), next_stop)):
            coord = hex_of[stop]
            where = names[coord].get("name") or coord
            group = (banded(T("Next stop"), bands[coord]),)
            actions.append(Action(f"stop:{stop}", T("{train}: to {where} ({stop})", train=train, where=where, stop=stop), group=group))
        if options.revenue is not None:
            actions.append(Action("end", T("{train}: end the route here (${revenue})", train=train, revenue=options.revenue), main=True))
        if not stops:
            actions.append(Action("none", T("{train} does not run", train=train), main=True))
        actions.append(Action("back", T("Back to the bot's runs"), main=True, retreat=True))
        so_far = " – ".join(stops) if stops else T("no stop yet")
        return Prompt(seat, T("{corp}: the route of its {train} ({so_far})", corp=corp, train=train, so_far=so_far), tuple(actions))

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
        what = offer["item"] if offer["kind"] == "company" else T("{owner}'s {train}", owner=offer["owner"], train=offer["item"])
        actions = [Action(f"price:{n}", T("Pay ${n} for {what}", n=n, what=what)) for n in range(low, high + 1)]
        actions.append(Action("back", T("Back: buy nothing"), main=True, retreat=True))
        return Prompt(seat, T("{corp}: the price for {what} (${low}–${high})", corp=corp, what=what, low=low, high=high), tuple(actions))

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
                T("The CGR has two stations in {dup}: take one off", dup=dup[0])
                if dup
                else T("The CGR has too many stations: take off {excess} more", excess=state['cgr_markers']['excess'])
            )
            choices = core.cgr_marker_choices(state)
            bands = row_bands(coord for coord, _ in choices)
            actions = tuple(
                Action(
                    f"cgr:remove:{coord}:{city}",
                    T("Take the CGR station in {coord} (city {city}) off", coord=coord, city=city),
                    group=(banded(T("Take a station off"), bands[coord]),),
                )
                for coord, city in choices
            )
            return Prompt(seat, title, actions)
        actions = [
            Action(f"cgr:discard:{t}", T("Put the CGR's {t} into the bank pool", t=t), group=(T("Give up a train"),))
            for t in core.cgr_discardable(state)
        ]
        cgr = state["corps"]["CGR"]
        if len(cgr["trains"]) <= core.train_limit(state, "CGR"):
            actions.append(Action("cgr:keep", T("Keep the CGR's trains"), main=True))
        return Prompt(seat, T("The CGR formed: give up merged trains or keep them"), tuple(actions))

    def _crisis_actions(self, state: State, seat: int) -> list[Action]:
        protect = state["crisis"]["protect"]
        sales = core.emergency_sales(state, seat, protect)
        out = [
            Action(f"sell:{corp}:{n}", Tn("Sell {n} {corp} share", "Sell {n} {corp} shares", n, corp=corp), group=sell_group(len(sales), corp))
            for corp, n in sales
        ]
        return out or [Action("bankrupt", T("Declare bankruptcy (the game ends)"), main=True)]

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
                    out.append(Action(f"buy:{sym}", T("Buy {sym} for ${cost}", sym=sym, cost=cost), main=True))
                continue
            low = core.min_bid(state, sym)
            group = (T("Bid"), sym) if len(biddable) > 1 else ()
            for amount in range(low, free + 1, 5):
                out.append(Action(f"bid:{sym}:{amount}", T("Bid ${amount} on {sym}", amount=amount, sym=sym), group=group))
        if not (cheapest and state["privates"][cheapest]["price"] == 0 and not a["auctioning"]):
            out.append(Action("pass", T("Pass"), main=True))
        if not out:
            out.append(Action(f"buy:{cheapest}", T("Take {cheapest} for free", cheapest=cheapest), main=True))
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
                            moves.append(("par", f"par:{corp}:{par}", T("Start {corp} at ${par}", corp=corp, par=par), corp))
                continue
            for source in ("ipo", "pool"):
                if core.sr_can_buy(state, seat, corp, source) is None:
                    cost = c["par"] if source == "ipo" else core.price(state, corp)
                    where = T("the treasury") if source == "ipo" else T("the pool")
                    moves.append(("buy", f"buy:{corp}:{source}", T("Buy a {corp} share from {where} for ${cost}", corp=corp, where=where, cost=cost), corp))
            for n in range(1, c["held"][seat] // unit + 1):
                if core.sr_can_sell(state, seat, corp, unit * n) is None:
                    moves.append(("sell", f"sell:{corp}:{n}", Tn("Sell {n} {corp} share", "Sell {n} {corp} shares", n, corp=corp), corp))
        many = {kind: sum(1 for k, *_ in moves if k == kind) > SELECT_LIMIT for kind in ("buy", "sell")}
        names = {"par": T("Start a company"), "buy": T("Buy a share"), "sell": T("Sell shares")}
        out = [
            Action(key, label, group=(names[kind], corp) if kind == "par" or many[kind] else (names[kind],))
            for kind, key, label, corp in moves
        ]
        if not (out and core.must_buy_cgr(state, seat)):  # the one-share CGR president may not pass
            out.append(Action("pass", "Pass" if not state["sr"]["acted"] else T("End your turn"), main=True))
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
                    label = (
                        T("Lay #{tile} on {coord} (rotation {rot}, ${cost})", tile=tile, coord=coord, rot=rot, cost=cost)
                        if cost
                        else T("Lay #{tile} on {coord} (rotation {rot})", tile=tile, coord=coord, rot=rot)
                    )
                    out.append(Action(key, label))
                    shown.add(coord)
            if op.get("looking"):
                return [*out, Action("back", T("Back: every hex"), retreat=True)]
            # Seeing a hex's tiles drawn, each captioned with its key, before choosing one.
            out += [
                Action(f"tiles:{coord}", T("Show the tiles that fit {coord}", coord=coord))
                for coord in sorted(shown)
                if f"tiles:{coord}" not in looked
            ]
        if self._tcc_available(state, corp):
            for lay in self._tcc_lays(state, corp):
                if lay.key not in {a.key for a in out}:
                    out.append(Action(lay.key, T("Lay #{tile} on H11 with The Canada Company", tile=lay.tile)))
        if step == "track" and not op["laid"]:
            for lay in self._wsrc_lays(state, corp):
                if lay.key not in {a.key for a in out}:
                    out.append(Action(lay.key, T("Lay #59 on Kitchener (I12) with the Waterloo & Saugeen")))
        if step == "token":
            for spot in gmap.legal_token_placements(state["map"], corp):
                if spot.cost <= c["cash"]:
                    out.append(Action(spot.key, T("Station in {hex} for ${cost}", hex=spot.hex, cost=spot.cost)))
        if step == "borrow" and core.can_borrow_train(state, corp):
            final = "8" if state["variant"] == "8" else "D"
            out.append(Action("borrow", T("Borrow the bank's next {final}-train for this run", final=final)))
        if step == "route":
            plan = op.get("plan") or {"revenue": 0, "routes": [], "alternatives": []}
            out.append(Action("run:best", T("Run for ${revenue}", revenue=plan['revenue'])))
            for i, alt in enumerate(plan.get("alternatives") or [], start=1):
                out.append(Action(f"run:alt{i}", T("Run for ${revenue} (alternative {i})", revenue=alt['revenue'], i=i)))
            if c["trains"] and "run" not in op.get("declined", ()):
                out.append(Action("run:choose", T("Choose each train's route yourself, stop by stop")))
            return out + self._side_actions(state, corp)
        if step == "dividend":
            return [
                Action("payout", T("Pay out")),
                Action("withhold", T("Withhold")),
                *self._side_actions(state, corp),
            ]
        if step == "buy_train":
            out += self._train_actions(state, corp)
        if step == "loan" and core.can_payoff(state, corp):
            out.append(Action("repay", T("Repay a loan ($100)")))
        if step == "buy_company":
            out += self._company_actions(state, corp)
        out += self._side_actions(state, corp)
        forced = step == "buy_train" and core.must_buy_train(state, corp)
        if not forced:
            out.append(Action("pass", T("Pass")))
        if not out or core.train_bankruptcy_due(state, corp):
            out.append(Action("bankrupt", T("{corp}'s president cannot pay for a train: bankruptcy", corp=corp)))
        return out

    def _side_actions(self, state: State, corp: str) -> list[Action]:
        out = []
        if core.can_take_loan(state, corp):
            amount = 90 if corp in state["op"]["paid_interest"] else 100
            out.append(Action("loan", T("Take a loan (${amount})", amount=amount)))
        if state["op"]["step"] != "buy_company":
            out += self._company_actions(state, corp)
        for right in ("tunnel", "bridge"):
            if core.can_buy_right(state, corp, right):
                out.append(Action(f"right:{right}", T("Buy the {right} right for $50", right=RIGHTS[right])))
        for city in core.wsrc_token_spots(state, corp):
            out.append(Action(f"wsrc:{city}", T("Free station in Kitchener (city {city}) with WSRC", city=city)))
        glsc = state["privates"]["GLSC"]
        if glsc["owner"] == corp and not glsc["closed"]:
            for coord in board_ports():
                out.append(Action(f"port:{coord}", T("Put the port marker on {coord}", coord=coord)))
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
                out.append(Action(f"company:{sym}", T("Buy {sym} from its owner (${amount}–${amount2})", sym=sym, amount=(value + 1) // 2, amount2=2 * value)))
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
                out.append(Action(f"train:{tid}", T("Buy a {name}-train for ${cost}", name=name, cost=cost)))
            for old in c["trains"]:
                traded = core.trade_in_price(state, name, old)
                if traded is not None and traded <= c["cash"]:
                    out.append(Action(f"train:{tid}:trade:{old}", T("Trade {old} and ${traded} for a {name}-train", old=old, traded=traded, name=name)))
        seen = set()
        for tid in state["pool_trains"]:
            name = tid.split("-")[0]
            cost = core.train_price(state, name)
            if corp == "CGR" and core._rusts(state, tid):
                continue  # the CGR buys no train that will rust
            if room and name not in seen and affordable(cost):
                seen.add(name)
                out.append(Action(f"train:{tid}", T("Buy the pool's {name}-train for ${cost}", name=name, cost=cost)))
        if forced and not out:
            # Not even treasury and president's cash together buy the cheapest train: the
            # president sells shares (never the presidency of this company), or goes bankrupt.
            for other, n in core.emergency_sales(state, c["president"], corp):
                out.append(
                    Action(
                        f"sell:{other}:{n}",
                        Tn("Sell {n} {corp} share to pay for a train", "Sell {n} {corp} shares to pay for a train", n, corp=other),
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
                label = (
                    T("Buy {owner}'s {train} for ${low}", owner=owner, train=tid, low=low)
                    if low == high
                    else T("Buy {owner}'s {train} (name the price next)", owner=owner, train=tid)
                )
                out.append(Action(f"train:{tid}:{owner}", label))
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
        state["last"] = {"seat": seat, "key": key, "round": rnd, "corp": acting, "events": stored(lines)}
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

    # -- what a hard bot's lookahead uses (bot.engine.search.lookahead) ------------------

    def worth_searching(self, state: State, seat: int) -> bool:
        """The stock round and a company's train purchase: the choices that decide who owns
        what and when the phases move on. Lays already maximize the company's reach and runs
        are the best routes; the other steps (dividends, loans, privates, rights, crises and
        the CGR's formation) are left to the normal bot's rules, so a hard seat searches about a
        quarter of its decisions with a choice (81 of 297 in a 4-player game, seed 7)."""
        if state.get("nationalization") or state.get("crisis"):
            return False
        if state["round"] == "stock":
            return True
        return state["round"] == "operating" and (state.get("op") or {}).get("step") == "buy_train"

    def horizon(self, state: State) -> int:
        """The stock round's number: a candidate is played on to the start of the next stock
        round, through the operating rounds where its shares pay or its train runs."""
        return state["sr_number"]

    def evaluate(self, state: State) -> list[float]:
        """Each player's standing at the horizon: a logistic of its worth (cash, shares at the
        market, privates, less loans: the end-of-game value) minus the best other player's,
        over :data:`WORTH_SPREAD` dollars (a lead of that many is a 73% score)."""
        worth = core.end_values(state)
        out = []
        for seat, mine in enumerate(worth):
            best_other = max((value for other, value in enumerate(worth) if other != seat), default=mine)
            out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / WORTH_SPREAD)))
        return out

    def conceal(self, state: State, viewer: int | None, rng: Any) -> State:
        """1856 has no hidden information and no randomness in its state (no dice, no cards,
        no RNG): everything a player could redraw is already public, so the state is its own
        concealed copy (the kit compares views of it)."""
        return state

    def outcome(self, state: State) -> Outcome | None:
        if state["round"] != "over":
            return None
        reason = {
            "bank": T("The bank broke."),
            "bankruptcy": T("A player went bankrupt."),
            "stalled": T("Nobody could act any more."),
            "false_president": T("The CGR's one-share president could not complete the presidency."),
            "limit": T("Stock round {last} was the last.", last=core.LAST_STOCK_ROUND),
        }.get(state["ended"], T("The game ended."))
        return Outcome.ranked(core.end_values(state), reason)

    def format_score(self, score: float) -> str:
        """Scores are each player's value in dollars (cash and shares): "$1,515,200"."""
        return worth(score)


def board_ports() -> list[str]:
    from bot.games.g1856 import board

    return list(board.data()["port_hexes"])


def sell_group(count: int, corp: str) -> tuple[str, ...]:
    """The group of a share sale among ``count`` sales: one list, or by company when longer
    than a select holds."""
    return (T("Sell shares"), corp) if count > SELECT_LIMIT else (T("Sell shares"),)


def _hex_order(coord: str) -> tuple[str, int]:
    """Map order of a hex name: its row letter, then its column number ("K12" → ("K", 12))."""
    return coord[0], int(coord[1:])


def row_bands(coords: Iterable[str]) -> dict[str, str]:
    """The control each hex of a list of hexes goes to: ``""`` (one control for all) when
    they fit one select, otherwise a band of whole map rows ("rows A–F", "row K"), the bands
    about equal and each small enough for one select. A band is a control of its own on the
    board (see :func:`banded`), so picking a hex costs no extra tap. The names are the map's
    own row letters.

    Each item of ``coords`` is one option of the select: a hex listed twice (a route's next
    stop in either of its two cities) takes two of its places. No row of the map has more
    stops than a select lists, so whole rows always fit."""
    options = collections.Counter(coords)
    ordered = sorted(options, key=_hex_order)
    total = sum(options.values())
    if total <= SELECT_LIMIT:
        return dict.fromkeys(ordered, "")
    target = math.ceil(total / math.ceil(total / SELECT_LIMIT))
    bands: list[list[str]] = []
    sizes: list[int] = []
    for _, row in itertools.groupby(ordered, key=lambda coord: coord[0]):
        members = list(row)
        size = sum(options[coord] for coord in members)
        if bands and sizes[-1] < target and sizes[-1] + size <= SELECT_LIMIT:
            bands[-1] += members
            sizes[-1] += size
        else:
            bands.append(members)
            sizes.append(size)
    placed: dict[str, str] = {}
    for band in bands:
        first, last = band[0][0], band[-1][0]
        name = T("row {first}", first=first) if first == last else T("rows {first}–{last}", first=first, last=last)
        placed.update(dict.fromkeys(band, name))
    return placed


def banded(control: str, band: str) -> str:
    """A control's name for one band of rows: "Lay a tile, rows A–F" (``control`` alone
    when there is no band)."""
    return T("{control}, {band}", control=control, band=band) if band else control


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
    lay_bands = row_bands(per_hex.keys())  # the select lists hexes; a hex's lays come after it
    token_bands = row_bands(a.key.split(":")[1] for a in moves if a.key.startswith("token:"))
    sales = sum(1 for a in moves if a.key.startswith("sell:"))
    out = []
    for action in moves:
        parts = action.key.split(":")
        group: tuple[str, ...] = ()
        if action.key in hex_of:
            coord = hex_of[action.key]
            tile = (f"#{parts[2]}",) if parts[0] == "lay" and per_hex[coord] > SELECT_LIMIT else ()
            group = (banded(T("Lay a tile"), lay_bands[coord]), coord, *tile)
        elif parts[0] == "token":
            group = (banded(T("Place a station"), token_bands[parts[1]]),)
        elif action.key.startswith(("run:alt", "run:choose")):
            group = (T("Other runs"),)
        elif parts[0] == "train":
            from_company = len(parts) == 3  # train:2-1:GW, not train:D-0:trade:4-1
            group = (T("Buy a train"), parts[2]) if from_company else (T("Buy a train"),)
        elif parts[0] == "company":
            group = (T("Buy a private"),)
        elif parts[0] == "port":
            group = (T("Port marker"),)
        elif parts[0] == "sell":
            group = sell_group(sales, parts[1])
        out.append(dataclasses.replace(action, group=group, main=action.key in MAIN_OR_KEYS))
    return out
