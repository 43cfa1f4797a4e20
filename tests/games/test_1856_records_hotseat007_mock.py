"""1856 rules found by replaying 18xx.games records, each on a hand-built position (and, where
the record is at hand, on the record's own prefix).

- A station marker standing in a two-city hex without track (THB's home in the printed
  Hamilton) has no side yet: the first tile with track lifts it and the company laying the
  tile chooses its city (record hotseat007, actions 362–363).
- A compulsory train: the president pays what the treasury lacks, for another company's
  train at up to its face value too (record hotseat007, action 725), but only when the
  treasury cannot pay for any train from the bank, and from the bank only for the cheapest.
- Records of the platform's first 1856 (early 2021) are read with its rules then: the
  alternate destination table, a loan not counted as money for the station and private
  steps, no track step kept open for a private's lay, no bridge or tunnel bonus on runs
  (record mock1856_01, which replays exactly so).
- A share id a player once held can only be bought back from the pool (presidency swaps
  move ids the record does not name: mock1856_01 action 526).
- A company at its train limit still stops at its train step when it can pay for trading
  one of its trains in for a D (mock1856_01 action 670).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import core
from bot.games.g1856 import map as gmap
from bot.games.g1856.replay18xx import PLATFORM_VERSIONS, _apply, replay, steps
from bot.games.g1856.rules import G1856

State = dict[str, Any]
RECORDS = Path(__file__).parent / "data" / "1856"


def _record(name: str) -> dict[str, Any]:
    path = RECORDS / f"{name}.json"
    if not path.exists():
        pytest.skip(f"record {name} is not on this machine")
    return json.loads(path.read_text())


def _replay_to(record: dict[str, Any], last_id: int, platform: str = "current") -> State:
    """The engine's state right after the record's action ``last_id``."""
    for action, state in steps(record, platform):
        if action.get("id") == last_id:
            return core.clone(state)
    raise AssertionError(f"action {last_id} not reached")


def _float(state: State, corp: str, seat: int, cash: int, trains: list[str]) -> None:
    """``corp`` started at $100 with ``seat`` its president (60%), fully capitalised."""
    c = state["corps"][corp]
    held = [0] * state["players"]
    held[seat] = 60
    c.update(par=100, cap="full", escrow=None, held=held, ipo=40, president=seat, cash=cash, started=True)
    c["trains"] = list(trains)
    core._set_pos(state, corp, [0, 4])


def _turn(state: State, corp: str) -> None:
    """``corp`` begins its turn in a fresh operating round (the only company operating)."""
    state["sr_number"] = max(1, state["sr_number"])
    core._start_operating_round(state)
    state["op"]["order"] = [corp] + [k for k in state["op"]["order"] if k != corp]
    state["op"]["index"] = -1
    core._next_corp(state)
    assert core.current_corp(state) == corp


# ---------------------------------------------------------------- a marker on a trackless OO hex


def _thb_on_printed_hamilton() -> State:
    """Phase 3, THB (player 1 president) operates for the second time: its home station
    stands in city 0 of the printed Hamilton (no track), as the first operating turn put it."""
    state = core.new_game(3)
    state["phase"] = "3"
    _float(state, "THB", 0, 300, [])
    gmap.place_home_token(state["map"], "THB")
    state["corps"]["THB"]["operated"] = True
    _turn(state, "THB")
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 0)]
    return state


def test_first_track_on_a_two_city_hex_lets_the_layer_choose_the_markers_city() -> None:
    game = G1856()
    state = _thb_on_printed_hamilton()
    core.lay_tile(state, "THB", "L15", "59", 0)
    # The marker is off the map until the layer chooses its city; nothing else happens first.
    assert state["op"]["relocate"] == {"hex": "L15", "corps": ["THB"]}
    assert not gmap.tokens_of(state["map"], "THB")
    assert core.relocate_choices(state) == [0, 1]
    (prompt,) = game.legal_prompts(state)
    assert prompt.seat == 0 and prompt.keys() == ["relocate:0", "relocate:1"]
    with pytest.raises(IllegalAction):
        core.or_pass(state, "THB")
    with pytest.raises(IllegalAction, match="city 2"):
        core.relocate_marker(state, "THB", 2)
    game.apply(state, 0, "relocate:1")
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]
    assert not state["op"].get("relocate")
    # The lay was the turn's lay (Hamilton's mountain cost $40); THB, without trains, stops
    # where it may buy one.
    assert state["op"]["step"] == "buy_train"
    assert state["corps"]["THB"]["cash"] == 300 - 40


def test_a_hex_that_already_had_track_keeps_its_markers_in_place() -> None:
    state = core.new_game(3)
    state["phase"] = "3"
    _float(state, "THB", 0, 300, [])
    gmap.lay_tile(state["map"], None, "L15", "59", 0, "3")
    gmap._put_token(state["map"], "THB", "L15", 1)
    state["corps"]["THB"]["operated"] = True
    _turn(state, "THB")
    lays = [lay for lay in gmap.legal_tile_lays(state["map"], "THB", "3") if lay.hex != "L15"]
    core.lay_tile(state, "THB", lays[0].hex, lays[0].tile, lays[0].rotation)
    assert core.pending_home(state) is None
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]


def test_record_hotseat007_thb_lays_59_on_hamilton_then_places_its_station() -> None:
    record = _record("hotseat007")
    state = _replay_to(record, 362)  # THB lays #59 on L15; its home marker stood on city 0
    assert state["op"]["relocate"] == {"hex": "L15", "corps": ["THB"]}
    state = _replay_to(record, 363)  # the record's place_token "59-0-1"
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]
    assert core.current_corp(state) == "THB" and state["op"]["step"] == "buy_train"


# ---------------------------------------------------------------- a compulsory train from another company


def _trainless_bbg() -> State:
    """Phase 6: BBG (player 1 president, $1,000) must buy a train with $30 in its treasury (too little for a station);
    CA (player 2) owns a 5-train. The bank sells 6s ($700) and Ds ($1,100)."""
    state = core.new_game(3)
    state["depot"].update({"2": 0, "3": 0, "4": 0, "5": 0, "6": 1})
    state["bought"] = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 1}
    state["phase"] = "6"
    state["post_nationalization"] = True
    for sym in state["privates"]:
        core._close_private(state, sym)
    _float(state, "BBG", 0, 30, [])
    _float(state, "CA", 1, 0, ["5-0"])
    state["cash"] = [1000, 100, 100]
    for coord in ("J15", "J13"):  # Brantford to Galt: a second stop for BBG
        gmap.lay_tile(state["map"], None, coord, "57", 0, "6")
    for corp in ("BBG", "CA"):
        gmap.place_home_token(state["map"], corp)
        state["corps"][corp]["operated"] = True
    _turn(state, "BBG")
    core.or_pass(state, "BBG")  # no lay
    assert state["op"]["step"] == "buy_train" and core.must_buy_train(state, "BBG")
    return state


def test_a_compulsory_train_from_another_company_at_up_to_face_value() -> None:
    game = G1856()
    state = _trainless_bbg()
    assert core.president_may_help(state, "BBG")
    with pytest.raises(IllegalAction):
        core.buy_train(state, "BBG", "5-0", 551)
    # From the bank only the cheapest train (a 6, not a D) may take the president's money;
    # CA's 5-train may, up to its face value.
    keys = game.legal_prompts(state)[0].keys()
    assert "train:6-1" in keys and "train:D-0" not in keys and "train:5-0:CA" in keys
    with pytest.raises(IllegalAction, match="only the cheapest"):
        core.buy_train(state, "BBG", "D-0", 1100)
    game.apply(state, 0, "train:5-0:CA")  # then the price, up to the face value $550
    prices = game.legal_prompts(state)[0].keys()
    assert "price:550" in prices and "price:551" not in prices
    game.apply(state, 0, "price:447")
    assert state["corps"]["BBG"]["trains"] == ["5-0"] and state["corps"]["BBG"]["cash"] == 0
    assert state["cash"][0] == 1000 - (447 - 30)
    assert state["corps"]["CA"]["cash"] == 447 and state["corps"]["CA"]["trains"] == []


def test_no_help_from_the_president_while_the_treasury_pays_for_a_bank_train() -> None:
    state = _trainless_bbg()
    state["corps"]["BBG"]["cash"] = 700
    assert core.must_buy_train(state, "BBG") and not core.president_may_help(state, "BBG")
    with pytest.raises(IllegalAction, match=r"can pay for a \$700 train from the bank itself"):
        core.buy_train(state, "BBG", "D-0", 1100)
    G1856().apply(state, 0, "train:5-0:CA")
    prices = G1856().legal_prompts(state)[0].keys()
    assert "price:700" in prices and "price:701" not in prices  # its own money: any price


def test_record_hotseat007_bbg_buys_cas_5_train_with_its_presidents_money() -> None:
    record = _record("hotseat007")
    state = _replay_to(record, 725)
    assert "5-2" in state["corps"]["BBG"]["trains"]  # the record's 5'-0


# ---------------------------------------------------------------- the platform's first 1856 (before March 2021)


def _bbg_with_nothing_but_a_loan(early: bool) -> State:
    """Phase 3: BBG ($0, no loans, its president holds 20%) has laid its tile and may put a
    $40 station in Galt; TCC is a player's, for sale at $25 or more."""
    state = core.new_game(3)
    state["phase"] = "3"
    if early:
        state["platform_quirks"] = list(PLATFORM_VERSIONS["early 2021"])
    _float(state, "BBG", 0, 0, ["2-0"])
    state["corps"]["BBG"]["held"] = [20, 0, 0]
    state["privates"]["TCC"]["owner"] = "p1"
    for coord in ("J15", "J13"):
        gmap.lay_tile(state["map"], None, coord, "57", 0, "3")
    gmap.place_home_token(state["map"], "BBG")
    state["corps"]["BBG"]["operated"] = True
    _turn(state, "BBG")
    return state


def test_a_loan_counts_as_money_for_the_station_and_private_steps() -> None:
    state = _bbg_with_nothing_but_a_loan(early=False)
    assert core.step_actions(state, "token")
    assert core.can_buy_company(state, "BBG")


def test_the_platforms_first_version_counted_cash_only() -> None:
    state = _bbg_with_nothing_but_a_loan(early=True)
    assert not core.step_actions(state, "token")
    assert not core.can_buy_company(state, "BBG")
    # Nor did its track step stay open for a private with a track power.
    state["corps"]["BBG"]["cash"] = 100
    assert not core.tile_company_buyable(state, "BBG")
    del state["platform_quirks"]
    assert core.tile_company_buyable(state, "BBG")


def test_record_mock1856_01_bbg_with_no_cash_skips_its_station_step() -> None:
    record = _record("mock1856_01")
    state = _replay_to(record, 44, "early 2021")  # BBG lays #57 in Galt with $0
    assert core.current_corp(state) == "BBG" and state["op"]["step"] == "route"
    state = _replay_to(record, 83, "early 2021")  # K14: BBG reaches Toronto (alternate table)
    assert state["corps"]["BBG"]["destinated"]


def test_the_platforms_first_version_added_no_bridge_or_tunnel_bonus() -> None:
    state = core.new_game(3)
    state["corps"]["WR"]["rights"] = {"bridge": True, "tunnel": True}
    assert core.bonuses(state, "WR").bridge and core.bonuses(state, "WR").tunnel
    state["platform_quirks"] = list(PLATFORM_VERSIONS["early 2021"])
    assert not core.bonuses(state, "WR").bridge and not core.bonuses(state, "WR").tunnel


def test_record_mock1856_01_replays_with_the_platforms_early_2021_rules() -> None:
    result = replay(_record("mock1856_01"))
    assert result.matches and result.platform == "early 2021"
    assert result.values == [7767, 5362, 6292]


# ---------------------------------------------------------------- certificates moved by a presidency swap


def test_a_share_id_a_player_held_is_bought_back_from_the_pool() -> None:
    state = core.new_game(3)
    state["sr_number"] = 1
    core._start_stock_round(state, 0)
    c = state["corps"]["CPR"]
    c.update(par=100, cap="full", escrow=None, held=[0, 0, 30], ipo=50, pool=20, president=2, started=True)
    core._set_pos(state, "CPR", [0, 4])
    # The record says seat 2 bought CPR_2; a presidency swap (not named in the record) since
    # put it into the pool.
    shares = {"CPR_0": "2", "CPR_2": "2"}
    action = {"type": "buy_shares", "entity": 0, "entity_type": "player", "id": 9, "shares": ["CPR_2"]}
    _apply(state, action, {0: 0, 1: 1, 2: 2}, {}, shares)
    assert c["held"][0] == 10 and c["pool"] == 10 and c["ipo"] == 50
    assert shares["CPR_2"] == "0"


# ---------------------------------------------------------------- a trade-in at the train limit


def _gw_at_its_limit(cash: int) -> State:
    """Phase 6: GW holds a 4 and a 6 (its limit of two) and ``cash``; the bank sells 6s and Ds."""
    state = core.new_game(3)
    state["depot"].update({"2": 0, "3": 0, "4": 0, "5": 0, "6": 1})
    state["bought"] = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 1}
    state["phase"] = "6"
    for sym in state["privates"]:
        core._close_private(state, sym)
    _float(state, "GW", 0, cash, ["4-0", "6-0"])
    gmap.place_home_token(state["map"], "GW")
    state["corps"]["GW"]["operated"] = True
    _turn(state, "GW")
    return state


def test_a_company_at_its_limit_stops_at_the_train_step_to_trade_in() -> None:
    state = _gw_at_its_limit(790)
    assert core.can_buy_train(state, "GW")
    core.or_pass(state, "GW")  # no lay
    assert state["op"]["step"] == "buy_train"
    keys = G1856().legal_prompts(state)[0].keys()
    assert "train:D-0:trade:4-0" in keys and "train:D-0" not in keys
    core.buy_train(state, "GW", "D-0", 750, "4-0")
    assert state["corps"]["GW"]["trains"] == ["6-0", "D-0"]


def test_at_its_limit_without_money_for_a_trade_in_the_train_step_is_skipped() -> None:
    state = _gw_at_its_limit(749)
    assert not core.can_buy_train(state, "GW")


# ---------------------------------------------------------------- the private step swept away with the train step


def _gt_after_its_run(quirks: tuple[str, ...]) -> State:
    """Phase 3: GT (player 2 president, 60%) has run its 2-train for nothing and is to pay
    out with $0 in its treasury; it could take a loan, and player 1's FT is for sale from $10."""
    state = core.new_game(3)
    state["phase"] = "3"
    if quirks:
        state["platform_quirks"] = list(quirks)
    _float(state, "GT", 1, 0, ["2-0"])
    state["privates"]["FT"]["owner"] = "p0"
    gmap.place_home_token(state["map"], "GT")
    state["corps"]["GT"]["operated"] = True
    _turn(state, "GT")
    state["op"].update(step="dividend", routes=[{"train": "2-0", "stops": [], "revenue": 0}], revenue=0)
    state["op"]["paid_interest"].append("GT")
    return state


def test_the_spring_2021_platform_swept_an_unaffordable_private_step_away_with_the_train_step() -> None:
    # That version stopped at the loan step after every train step, and counted only cash
    # for a private (record hotseat003 action 92-94).
    state = _gt_after_its_run(PLATFORM_VERSIONS["spring 2021"])
    core.dividend(state, "GT", "payout")
    assert state["op"]["step"] == "loan"  # that version always stopped here
    core.take_loan(state, "GT")  # $90: FT is affordable now, but its step is gone
    assert state["corps"]["GT"]["cash"] == 90
    core.or_pass(state, "GT")
    assert state["round"] == "stock"  # GT's turn (the round's only one) is over


def test_today_the_private_step_follows_the_loan_step() -> None:
    state = _gt_after_its_run(())
    core.dividend(state, "GT", "payout")
    assert state["op"]["step"] == "loan"
    core.take_loan(state, "GT")
    assert core.current_corp(state) == "GT" and state["op"]["step"] == "buy_company"


# ---------------------------------------------------------------- a private's lay needs no connection


def test_tccs_lay_on_h11_needs_no_connection_to_the_owners_track() -> None:
    state = core.new_game(3)
    state["phase"] = "3"
    _float(state, "WR", 0, 100, ["2-0"])
    state["privates"]["TCC"]["owner"] = "WR"
    gmap.unblock(state["map"], "TCC")
    gmap.place_home_token(state["map"], "WR")  # Niagara Falls, far from H11
    state["corps"]["WR"]["operated"] = True
    _turn(state, "WR")
    with pytest.raises(IllegalAction, match="does not reach"):
        gmap.check_lay(state["map"], "WR", "H11", "4", 5, "3")  # an ordinary lay must connect
    keys = G1856().legal_prompts(state)[0].keys()
    assert any(k.startswith("lay:H11:") for k in keys)
    cash = state["corps"]["WR"]["cash"]
    core.lay_tile(state, "WR", "H11", "4", 5)
    assert state["map"]["tiles"]["H11"] == {"tile": "4", "rotation": 5}
    assert state["op"]["tcc_used"] and state["corps"]["WR"]["cash"] == cash  # free


def _wr_owning_tcc() -> State:
    state = core.new_game(3)
    state["phase"] = "3"
    _float(state, "WR", 0, 100, ["2-0"])
    state["privates"]["TCC"]["owner"] = "WR"
    gmap.unblock(state["map"], "TCC")
    gmap.place_home_token(state["map"], "WR")
    state["corps"]["WR"]["operated"] = True
    _turn(state, "WR")
    return state


def test_owning_tccs_unused_lay_keeps_the_track_step_open_after_the_own_lay() -> None:
    state = _wr_owning_tcc()
    lay = next(lay for lay in gmap.legal_tile_lays(state["map"], "WR", "3") if lay.hex != "H11" and not lay.cost)
    core.lay_tile(state, "WR", lay.hex, lay.tile, lay.rotation)
    assert state["op"]["step"] == "track"  # TCC's lay may still follow
    keys = G1856().legal_prompts(state)[0].keys()
    assert "pass" in keys and any(k.startswith("lay:H11:") for k in keys)
    core.lay_tile(state, "WR", "H11", "4", 5)
    assert state["op"]["step"] != "track"  # both lays made
    # Once TCC's lay is made, the company's own lay ends the step.
    state = _wr_owning_tcc()
    gmap.lay_tile(state["map"], None, "H11", "4", 5, "3")
    core.lay_tile(state, "WR", lay.hex, lay.tile, lay.rotation)
    assert state["op"]["step"] != "track"


def test_record_hotseat002_replays_with_the_platforms_spring_2021_rules() -> None:
    result = replay(_record("hotseat002"))
    assert result.matches and result.platform == "spring 2021"
