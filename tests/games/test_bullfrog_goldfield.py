"""Bullfrog Goldfield: the rulebook's worked examples, every action's refusals, the income
phase step by step, the end of the game and hidden cash.

Positions are built from a fresh game by setting company values, trains and buildings by
hand, then played through ``apply`` with the same keys a player would use.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine import IllegalAction, State
from bot.games.bullfrog_goldfield.components import components
from bot.games.bullfrog_goldfield.rules import (
    MINES,
    BullfrogGoldfield,
    develop,
    limit_of,
    net_worth,
)

GAME = BullfrogGoldfield()
C = components()
ZERO = [t.id for t in C.tiles if t.value == 0 and t.dig == 0]
"""Dig tiles that change nothing, for positions where development should not interfere."""


def dump(state: State) -> str:
    return json.dumps(state, sort_keys=True)


def acting(players: int = 4, options: dict[str, str] | None = None, order: list[int] | None = None) -> State:
    """A game in round 1 of cycle 1 with cards dealt so that ``order`` acts in that order."""
    state = GAME.setup(players, options or {}, 11)
    order = order or list(range(players))
    state["cards"] = [order.index(seat) + 1 for seat in range(players)]
    state.update({"phase": "act", "round": 1, "turn": 0, "order": order, "picked": players})
    return state


def open_company(state: State, cid: str, seat: int, value: int, cash: int = 0) -> dict[str, Any]:
    co = state["cos"][cid]
    co.update({"status": "open", "charter": seat, "value": value, "cash": cash})
    return co


def put_trains(state: State, rr: str, areas: list[str]) -> None:
    for area in areas:
        state["cos"][rr]["trains"].append(area)
        state["arrivals"].setdefault(area, []).append(rr)


def play(state: State, seat: int, *keys: str) -> None:
    for key in keys:
        GAME.apply(state, seat, key)


def keys_of(state: State) -> list[str]:
    return GAME.prompts(state)[0].keys()


def refused(state: State, seat: int, key: str) -> str:
    before = dump(state)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, key)
    assert dump(state) == before
    return str(error.value)


# -- set-up -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "cash"), [(2, 50), (3, 40), (4, 30), (5, 25)])
def test_setup_cash_by_player_count(players: int, cash: int) -> None:
    state = GAME.setup(players, {}, 1)
    assert state["cash"] == [cash] * players


@pytest.mark.parametrize(("length", "per_kind", "mark"), [("standard", 3, 100), ("short", 2, 90), ("long", 4, 125)])
def test_mines_get_shallow_tiles_over_deep_ones(length: str, per_kind: int, mark: int) -> None:
    state = GAME.setup(3, {"length": length}, 5)
    assert state["end_mark"] == mark
    for mine in MINES:
        kinds = [C.tiles[t].kind for t in state["cos"][mine]["tiles"]]
        assert kinds == ["shallow"] * per_kind + ["deep"] * per_kind
    assert len(state["shallow"]) == 35 - 7 * per_kind and len(state["deep"]) == 35 - 7 * per_kind


def test_components_match_the_rulebook_counts() -> None:
    assert len(C.areas) == 36 and len(C.railroads) == 5 and len(C.mines) == 7
    assert {C.areas[r.area].feature for r in C.railroads} == {"town"}
    assert C.companies["sp"].area == "blair" and C.areas["beatty"].feature == "town"
    assert sum(a.terrain == "valley" for a in C.areas.values()) == 2
    assert sum(C.bonds.values()) == 21 and C.buildings == 15 and C.trains == 13
    assert sorted(c.value for c in C.characters) == [1, 2, 3, 4, 5, 6]


# -- characters and turn order -----------------------------------------------------------------------


def test_character_selection_and_turn_order() -> None:
    firsts = {GAME.setup(3, {}, seed)["picker"] for seed in range(20)}
    assert firsts == {0, 1, 2}  # the first chooser is drawn from the seed
    state = next(s for s in (GAME.setup(3, {}, seed) for seed in range(20)) if s["picker"] == 0)
    assert GAME.prompts(state)[0].seat == 0
    play(state, 0, "char:magnate")
    assert state["cash"][0] == 45  # the Magnate takes $5,000
    assert "already taken" in refused(state, 1, "char:magnate")
    play(state, 1, "char:teamster")
    play(state, 2, "char:architect")
    assert state["order"] == [1, 2, 0]
    assert GAME.prompts(state)[0].seat == 1
    for _ in range(3):  # three rounds of hauling ore
        for seat in (1, 2, 0):
            play(state, seat, "haul:none")
    # the lowest card (the Teamster, seat 1) chooses first in the next cycle
    assert state["phase"] == "select" and state["picker"] == 1 and state["cycle"] == 2
    assert state["cash"][1] == 40 + 3 * 4  # the Teamster hauls for $4,000


# -- the rulebook's Silver Peak example ---------------------------------------------------------------


def silver_peak_position(buildings: dict[str, int], rhyolite: int) -> State:
    state = acting()
    sp = open_company(state, "sp", 0, 22, cash=30)
    put_trains(state, "sp", ["blair"])
    assert sp["value"] == 22
    open_company(state, "gc", 1, 10)
    open_company(state, "rh", 2, rhyolite)
    open_company(state, "tt", 3, 40)
    put_trains(state, "tt", ["ludlow", "dvjunction", "rhyolite"])
    state["cos"]["tt"]["reached"] = True
    state["buildings"] = dict(buildings)
    state["buildings_left"] -= sum(buildings.values())
    return state


def lay_example(state: State) -> None:
    play(state, 0, "lay:sp", "bond:50", "to:beatty", "to:goldcenter", "to:rhyolite", "done")


def test_silver_peak_example_with_both_buildings() -> None:
    state = silver_peak_position({"beatty": 1, "rhyolite": 1}, rhyolite=30)
    lay_example(state)
    cos = state["cos"]
    assert cos["sp"]["value"] == 70
    assert cos["gc"]["value"] == 34 and cos["rh"]["value"] == 42 and cos["tt"]["value"] == 28
    assert cos["sp"]["cash"] == 30 + 50 - 70 and cos["sp"]["bonds"] == [50]
    assert cos["sp"]["trains"] == ["blair", "beatty", "goldcenter", "rhyolite"] and cos["sp"]["reached"]


def test_silver_peak_example_with_only_building_a() -> None:
    state = silver_peak_position({"beatty": 1}, rhyolite=25)
    lay_example(state)
    cos = state["cos"]
    assert cos["sp"]["value"] == 50  # limit 50: the excess 20 is lost
    assert cos["gc"]["value"] == 34  # Beatty's building is within two areas of Gold Center
    assert cos["rh"]["value"] == 25  # no building near Rhyolite: held at 25
    assert limit_of(state, "rh") == 25


def test_silver_peak_example_with_only_building_b() -> None:
    state = silver_peak_position({"rhyolite": 1}, rhyolite=40)
    lay_example(state)
    cos = state["cos"]
    assert cos["sp"]["value"] == 50 and cos["rh"]["value"] == 50 and cos["gc"]["value"] == 25


def test_mine_opening_where_three_railroads_are() -> None:
    state = acting()
    for seat, rr in enumerate(("sp", "bg", "tg")):
        open_company(state, rr, seat, 20)
        put_trains(state, rr, ["goldcenter"])
    state["buildings"] = {"goldcenter": 2}
    play(state, 0, "charter:gc", "price:10")
    cos = state["cos"]
    assert [cos[r]["value"] for r in ("sp", "bg", "tg")] == [28, 28, 28]
    assert cos["gc"]["value"] == 54 and all(cos[r]["reached"] for r in ("sp", "bg", "tg"))


def test_arrival_tables_for_mines_and_towns() -> None:
    state = acting()
    open_company(state, "gc", 3, 10)
    state["buildings"] = {"goldcenter": 4, "beatty": 4}
    for seat, rr in enumerate(("sp", "bg", "tg")):
        open_company(state, rr, seat, 30, cash=100)
    put_trains(state, "bg", ["beatty", "goldcenter"])
    put_trains(state, "tg", ["goldcenter"])
    put_trains(state, "sp", ["blair"])
    play(state, 0, "lay:sp", "to:beatty", "to:goldcenter", "done")
    cos = state["cos"]
    # Beatty: 2nd railroad (+6, first -6); Gold Center: 3rd railroad (+8, the two before -4)
    assert cos["sp"]["value"] == 30 + 6 + 8
    assert cos["bg"]["value"] == 30 - 6 - 4 and cos["tg"]["value"] == 30 - 4
    assert cos["gc"]["value"] == 10 + 8


# -- buying and selling stock -----------------------------------------------------------------------


def test_charter_prices_run_from_10_to_the_limit() -> None:
    state = acting()
    play(state, 0, "charter:mo")
    keys = GAME.prompts(state)[0].keys()
    assert [k for k in keys if k.startswith("price:")] == [f"price:{p}" for p in range(10, 26)]
    assert "limit of 25" in refused(state, 0, "price:26")
    play(state, 0, "price:25")
    assert state["cos"]["mo"]["cash"] == 25 and state["cash"][0] == 5 and state["cos"]["mo"]["value"] == 25


def test_shares_raise_the_value_and_two_shares_take_control() -> None:
    state = acting(order=[1, 0, 2, 3])
    open_company(state, "gc", 0, 10, cash=10)
    state["buildings"] = {"goldcenter": 1}
    play(state, 1, "buy:gc")
    assert state["cos"]["gc"]["value"] == 15 and state["cos"]["gc"]["cash"] == 20 and state["cash"][1] == 20
    state["turn"] = 0
    play(state, 1, "buy:gc")
    co = state["cos"]["gc"]
    assert co["charter"] == 1 and sorted(co["shares"]) == [0, 1] and co["value"] == 20


def test_auction_from_the_sellers_left_with_final_passes() -> None:
    state = acting()
    open_company(state, "gc", 3, 30)
    state["cos"]["gc"]["shares"] = [0, None]
    state["buildings"] = {"goldcenter": 1}
    play(state, 0, "sell:gc")
    assert GAME.prompts(state)[0].seat == 1
    assert "minimum bid is $15,000" in refused(state, 1, "bid:14")
    play(state, 1, "bid:15")
    play(state, 2, "pass")
    assert "raise" in refused(state, 3, "bid:15")
    play(state, 3, "bid:17")
    play(state, 1, "bid:18")
    play(state, 3, "pass")
    co = state["cos"]["gc"]
    assert state["auction"] is None and co["shares"] == [1, None]
    assert state["cash"][0] == 30 + 18 and state["cash"][1] == 30 - 18 and co["value"] == 20


def test_unsold_share_goes_to_the_bank_at_the_minimum() -> None:
    state = acting(players=2)
    open_company(state, "gc", 1, 21)
    state["cos"]["gc"]["shares"] = [0, None]
    play(state, 0, "sell:gc")
    play(state, 1, "pass")
    assert state["cos"]["gc"]["shares"] == [None, None] and state["cash"][0] == 50 + 10
    assert state["cos"]["gc"]["value"] == 11


def test_charter_can_never_be_sold() -> None:
    state = acting()
    open_company(state, "gc", 0, 20)
    assert "never be sold" in refused(state, 0, "sell:gc")


# -- buildings ----------------------------------------------------------------------------------------


def test_building_costs_and_the_boom_town_bonus() -> None:
    state = acting()
    open_company(state, "gc", 1, 10)
    for seat, rr in enumerate(("sp", "bg")):
        open_company(state, rr, seat + 2, 20)
        put_trains(state, rr, ["beatty"])
    keys = GAME.prompts(state)[0].keys()
    assert "build:beatty" in keys and "build:rhyolite" in keys
    play(state, 0, "build:beatty")
    assert [k for k in keys_of(state) if k.startswith("pay:")] == ["pay:me"]
    play(state, 0, "pay:me")
    assert state["cash"][0] == 10  # $20,000 with a train present
    cos = state["cos"]
    assert cos["sp"]["value"] == 26 and cos["bg"]["value"] == 26  # two railroads: +6 each
    assert cos["gc"]["value"] == 22  # one mine within two areas: +12
    assert state["buildings"] == {"beatty": 1}


def test_building_without_a_train_costs_30_and_a_railroad_may_pay_with_a_bond() -> None:
    state = acting()
    open_company(state, "sp", 0, 20, cash=5)
    play(state, 0, "build:blair")  # Silver Peak starts at Blair Junction
    keys = GAME.prompts(state)[0].keys()
    assert "pay:me" in keys and "pay:sp:bond50" in keys and "pay:sp" not in keys
    play(state, 0, "pay:sp:bond50")
    assert state["cos"]["sp"]["cash"] == 5 + 50 - 30 and state["cos"]["sp"]["bonds"] == [50]


def test_unpaid_building_is_refused() -> None:
    state = acting()
    state["cash"][0] = 5
    assert "costs $30,000" in refused(state, 0, "build:beatty")
    assert "neither a town site nor a mine" in refused(state, 0, "build:cuprite")


# -- track ---------------------------------------------------------------------------------------------


def test_lay_track_refusals() -> None:
    state = acting(order=[1, 0, 2, 3])
    open_company(state, "sp", 0, 20, cash=200)
    assert "Only the charter-holder" in refused(state, 1, "lay:sp")
    state["order"] = [0, 1, 2, 3]
    play(state, 0, "lay:sp")
    assert "start area, Blair Junction" in refused(state, 0, "to:beatty")
    play(state, 0, "to:blair", "to:beatty", "to:amargosa")
    assert "At most 3 trains" in refused(state, 0, "to:dvsouth")
    play(state, 0, "done")
    assert state["cos"]["sp"]["cash"] == 200 - 30
    assert state["cos"]["sp"]["value"] == 25  # +12 +12 for two towns, but no building: limit 25


def test_a_fifth_railroad_may_not_enter_an_area() -> None:
    state = acting()
    open_company(state, "sp", 0, 20, cash=100)
    put_trains(state, "sp", ["blair", "beatty"])
    for seat, rr in enumerate(("bg", "tg", "lv", "tt")):
        open_company(state, rr, seat, 20)
        put_trains(state, rr, ["goldcenter"])
    play(state, 0, "lay:sp")
    assert "already holds four railroads" in refused(state, 0, "to:goldcenter")
    assert "not next to" in refused(state, 0, "to:cuprite")
    play(state, 0, "bond:10")
    assert "Only one bond" in refused(state, 0, "bond:20")
    play(state, 0, "cancel")
    assert state["cos"]["sp"]["bonds"] == [] and state["sub"] is None and state["bonds_left"]["10"] == 8


def test_a_full_start_town_keeps_a_fifth_railroad_out() -> None:
    state = acting()
    open_company(state, "sp", 0, 20, cash=100)
    for seat, rr in enumerate(("bg", "tg", "lv", "tt")):
        open_company(state, rr, seat, 20)
        put_trains(state, rr, ["blair"])
    assert "lay:sp" not in keys_of(state)
    assert "already holds four railroads" in refused(state, 0, "lay:sp")


def test_haul_ore_stops_at_the_limit() -> None:
    state = acting()
    open_company(state, "gc", 1, 24)
    play(state, 0, "haul:gc")
    assert state["cash"][0] == 32 and state["cos"]["gc"]["value"] == 25


# -- the income phase ---------------------------------------------------------------------------------


def last_turn(state: State) -> None:
    state["round"], state["turn"] = 3, state["n"] - 1


def test_income_collects_interest_and_dividends() -> None:
    state = acting(players=3)
    open_company(state, "gc", 0, 20, cash=0)
    state["cos"]["gc"]["shares"] = [1, None]
    open_company(state, "sp", 1, 30, cash=0)
    put_trains(state, "sp", ["blair"])  # has not reached a mine: no income
    open_company(state, "bg", 2, 24, cash=3)
    put_trains(state, "bg", ["goldfield", "mohawk"])
    bg = state["cos"]["bg"]
    bg.update({"reached": True, "bonds": [10, 50]})
    state["bonds_left"]["10"] -= 1
    state["bonds_left"]["50"] -= 1
    state["cos"]["gc"]["tiles"] = [0, 40]  # +10 shallow, then a deep tile
    state["buildings"] = {"goldcenter": 1}
    last_turn(state)
    play(state, 2, "haul:none")
    gc = state["cos"]["gc"]
    assert gc["value"] == 30 and gc["tiles"] == [40]  # developed by +10
    # BG earns 24, pays 6 interest (10% of $60,000) -> 21; then may pay off the $10k bond
    assert state["phase"] == "payoff" and bg["cash"] == 3 + 24 - 6
    assert GAME.prompts(state)[0].keys() == ["repay:10", "done"]  # swapping the $50k down needs 30 or 40
    assert "not your turn" in refused(state, 0, "repay:10")
    play(state, 2, "repay:10")
    assert bg["bonds"] == [50] and bg["cash"] == 11 and state["bonds_left"]["10"] == 8
    # nothing more is payable: on to dividends (GC: seat 0 first); SP earned nothing
    assert state["phase"] == "dividend" and state["queue"][0] == ["dividend", "gc"]
    assert state["cos"]["sp"]["cash"] == 0 and gc["cash"] == 30


def test_partial_payoff_and_dividend_rules() -> None:
    state = acting(players=3)
    open_company(state, "bg", 2, 24, cash=40)
    put_trains(state, "bg", ["goldfield", "mohawk"])
    bg = state["cos"]["bg"]
    bg.update({"reached": True, "bonds": [50]})
    state["bonds_left"]["50"] -= 1
    open_company(state, "mo", 0, 20, cash=10)
    state["cos"]["mo"]["shares"] = [1, None]
    state["cos"]["mo"]["tiles"] = ZERO[:2]
    state["buildings"] = {"mohawk": 2}
    last_turn(state)
    play(state, 2, "haul:none")
    # BG: 40 + 24 income - 5 interest = 59: it may repay the $50k bond or swap it down
    assert bg["cash"] == 59
    keys = GAME.prompts(state)[0].keys()
    assert {"repay:50", "reduce:50-10", "reduce:50-20", "done"} <= set(keys)
    play(state, 2, "reduce:50-20")
    assert bg["bonds"] == [20] and bg["cash"] == 29 and state["bonds_left"]["50"] == 5
    play(state, 2, "done")
    # dividends: MO first (seat 0 holds its charter); BG cannot (bonds) and does not move
    assert state["phase"] == "dividend" and state["queue"][0] == ["dividend", "mo"]
    mo = state["cos"]["mo"]
    assert mo["cash"] == 30
    play(state, 0, "dividend:mo")
    assert state["cash"][0] == 40 + 10 and state["cash"][1] == 40 + 10
    assert mo["cash"] == 10 and mo["value"] == 25
    assert bg["value"] == 24


def test_withholding_moves_back_five_and_one_owner_takes_everything() -> None:
    state = acting(players=2)
    open_company(state, "gc", 0, 20, cash=7)
    state["cos"]["gc"]["shares"] = [0, 0]
    state["cos"]["gc"]["tiles"] = ZERO[:2]
    open_company(state, "rh", 1, 20, cash=0)
    state["cos"]["rh"]["tiles"] = ZERO[2:4]
    state["buildings"] = {"goldcenter": 1, "rhyolite": 1}
    last_turn(state)
    play(state, 1, "haul:none")
    play(state, 0, "dividend:gc")
    assert state["cash"][0] == 50 + 27 and state["cos"]["gc"]["cash"] == 0 and state["cos"]["gc"]["value"] == 25
    play(state, 1, "withhold:rh")
    assert state["cos"]["rh"]["value"] == 15 and state["cos"]["rh"]["cash"] == 20


def test_interest_that_cannot_be_paid_takes_a_new_bond() -> None:
    state = acting(players=2)
    open_company(state, "sp", 0, 0, cash=0)
    put_trains(state, "sp", ["blair"])
    state["cos"]["sp"]["bonds"] = [50]
    state["bonds_left"]["50"] -= 1
    last_turn(state)
    play(state, 1, "haul:none")
    sp = state["cos"]["sp"]
    assert sp["bonds"] == [10, 50] and sp["cash"] == 10 - 5 - 1


def test_develop_adds_and_removes_tiles_at_the_bottom() -> None:
    state = acting()
    open_company(state, "gc", 0, 30)
    state["buildings"] = {"goldcenter": 4}
    add = next(t for t in C.tiles if t.dig == 2)
    remove = next(t for t in C.tiles if t.dig == -2)
    plain = [t.id for t in C.tiles if t.dig == 0][:3]
    state["cos"]["gc"]["tiles"] = [add.id, *plain]
    deep_before = len(state["deep"])
    develop(state, "gc", [])
    assert state["cos"]["gc"]["value"] == 30 + add.value
    assert state["cos"]["gc"]["tiles"][:3] == plain and len(state["cos"]["gc"]["tiles"]) == 5
    assert len(state["deep"]) == deep_before - 2
    state["cos"]["gc"]["tiles"] = [remove.id, *plain]
    develop(state, "gc", [])
    assert state["cos"]["gc"]["tiles"] == plain[:1] and len(state["deep"]) == deep_before


def test_exhausted_mine_is_dissolved_and_railroads_lose() -> None:
    state = acting(players=2)
    open_company(state, "gc", 0, 30, cash=12)
    state["cos"]["gc"]["shares"] = [1, None]
    state["cos"]["gc"]["tiles"] = ZERO[:1]
    for seat, rr in enumerate(("sp", "bg")):
        open_company(state, rr, seat, 40)
        put_trains(state, rr, ["goldcenter"])
        state["cos"][rr]["reached"] = True
    state["buildings"] = {"goldcenter": 2}
    last_turn(state)
    play(state, 1, "haul:none")
    while state["phase"] == "dividend":
        seat = GAME.prompts(state)[0].seat
        play(state, seat, GAME.prompts(state)[0].keys()[1])  # withhold
    gc = state["cos"]["gc"]
    assert gc["status"] == "gone" and gc["charter"] is None and gc["shares"] == [None, None]
    assert state["cos"]["sp"]["value"] == 40 - 5 - 12 and state["cos"]["bg"]["value"] == 40 - 5 - 12


# -- the end ----------------------------------------------------------------------------------------------


def test_passing_the_end_mark_ends_the_cycle_and_bonded_railroads_are_worthless() -> None:
    state = acting(players=2)
    open_company(state, "sp", 0, 99)
    put_trains(state, "sp", ["blair", "beatty", "goldcenter", "rhyolite", "funeral"])
    state["cos"]["sp"]["bonds"] = [50]
    open_company(state, "gc", 1, 99)
    state["buildings"] = {"blair": 2, "beatty": 3, "goldcenter": 4}
    state["cos"]["sp"]["value"] = 105
    play(state, 0, "haul:none")
    assert not state["triggered"]  # a railroad with bonds does not trigger the end
    play(state, 1, "haul:gc")  # Gold Center 99 -> 101
    assert state["triggered"] and state["phase"] == "act"  # the cycle is finished first
    while GAME.prompts(state):
        seat, keys = GAME.prompts(state)[0].seat, keys_of(state)
        play(state, seat, "haul:none" if "haul:none" in keys else keys[-1])
    outcome = GAME.outcome(state)
    assert outcome is not None and "passed 100" in outcome.reason
    assert state["cos"]["sp"]["status"] == "worthless"
    assert outcome.scores[0] == net_worth(state, 0) * 1000 and net_worth(state, 0) == state["cash"][0]


def test_all_mines_but_one_exhausted_ends_the_game() -> None:
    state = acting(players=2)
    for mine in MINES[:6]:
        state["cos"][mine]["status"] = "gone"
    last_turn(state)
    play(state, 1, "haul:none")
    assert state["phase"] == "over" and "all mines but one" in GAME.outcome(state).reason


def test_ties_share_the_win() -> None:
    state = acting(players=2)
    last_turn(state)
    for mine in MINES[:6]:
        state["cos"][mine]["status"] = "gone"
    state["cash"] = [48, 50]
    play(state, 1, "haul:none")  # the Teamster (seat 2) hauls for $4,000: 54 vs 48
    assert GAME.outcome(state).ranks == (2, 1)
    state2 = acting(players=2)
    last_turn(state2)
    for mine in MINES[:6]:
        state2["cos"][mine]["status"] = "gone"
    state2["cash"] = [54, 50]
    play(state2, 1, "haul:none")
    assert GAME.outcome(state2).ranks == (1, 1)


# -- hidden cash ---------------------------------------------------------------------------------------------


def test_hidden_cash_is_shown_only_to_its_owner() -> None:
    state = acting(options={"cash": "hidden"})
    public = GAME.view(state, None)
    assert all(seat["cash"] is None for seat in public["seats"])
    mine = GAME.view(state, 2)
    assert mine["seats"][2]["cash"] == 30 and mine["seats"][1]["cash"] is None
    assert all(prompt.private for prompt in GAME.prompts(state))
    open_view = GAME.view(acting(), None)
    assert all(seat["cash"] == 30 for seat in open_view["seats"])


def test_a_long_run_of_bids_from_zero_is_one_number_form() -> None:
    """A $0 minimum bid (seen at 2 players) reads as an amount like the others, so the whole run
    is one "Enter amount…" form with $0 and the highest bid as buttons; keys unchanged."""
    from bot.engine.choices import check_layout, layout, needs_form, taps
    from bot.games.bullfrog_goldfield.rules import bid_actions

    bids = bid_actions(list(range(0, 179)))
    assert [b.key for b in bids] == [f"bid:{k}" for k in range(179)]
    [control] = layout(bids).controls()
    assert control.kind == "amount" and control.amount is not None and control.amount.amounts[0] == 0
    check_layout(bids)
    assert taps(bids, "bid:0") == 1 and not needs_form(bids, "bid:178") and needs_form(bids, "bid:50")


def test_a_run_of_bids_the_engine_reads_as_amounts_stays_ungrouped() -> None:
    from bot.games.bullfrog_goldfield.rules import bid_actions

    assert all(b.group == () for b in bid_actions(list(range(1, 100))))


def test_a_building_counts_for_exactly_the_companies_companies_counting_names() -> None:
    """``companies_counting`` (what the bot weighs a building by) is the other side of
    ``buildings_for`` (what the limits count): one more building in an area raises the count of
    exactly those companies, on positions with trains laid."""
    from bot.engine.testkit import random_walk
    from bot.games.bullfrog_goldfield.rules import COMPANIES, buildings_for, companies_counting

    checked = 0
    for seed in range(3):
        for index, state in enumerate(random_walk(GAME, 3, seed)):
            if index % 25:
                continue
            for area in C.areas:
                before = {cid: buildings_for(state, cid) for cid in COMPANIES}
                built = json.loads(json.dumps(state))
                built["buildings"][area] = built["buildings"].get(area, 0) + 1
                raised = {cid for cid in COMPANIES if buildings_for(built, cid) == before[cid] + 1}
                assert raised == set(companies_counting(state, area)), area
                checked += 1
    assert checked > 100
