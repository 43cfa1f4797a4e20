"""1856 rules found by replaying 18xx.games records (hotseat006, hotseat002), each tested
on a hand-built position and, where the record is at hand, on a prefix of the record.

- The float percentage is checked when a company's turn comes in the operating round, not
  when the round's order is made: a phase change earlier in the round (the last 2-train
  bought) can leave a company with 20% sold unstarted (hotseat006, action 33/34).
- A company owning WSRC with its free Kitchener station unused is offered the station step
  even when it cannot pay for its next marker, as long as its track reaches a free space:
  the cheapest station it could place costs $0 (hotseat006, action 264).
- The first tile on a hex whose printed cities have no track (Hamilton, Kitchener, Welland)
  takes the markers already there off; the company that laid it puts each back on a city of
  its choice (hotseat006, action 439–442: THB's home station moves to Hamilton's city 1).

The same rules reached ``main`` independently (C1a); these tests pin them on positions.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import core
from bot.games.g1856 import map as gmap
from bot.games.g1856.replay18xx import platform_of, replay, steps
from bot.games.g1856.rules import G1856

State = dict[str, Any]
RECORDS = (Path(__file__).parent / "data" / "1856",)


def _record(name: str) -> dict[str, Any]:
    for folder in RECORDS:
        if (path := folder / f"{name}.json").exists():
            return json.loads(path.read_text())
    pytest.skip(f"record {name} is not on this machine")


def _replay_to(name: str, last_id: int) -> State:
    """The engine's state right after the record's action ``last_id``, replayed as made by
    the platform version that replays the whole record."""
    record = _record(name)
    for action, state in steps(record, platform_of(record)):
        if action.get("id", 0) >= last_id:
            return state
    raise AssertionError(f"{name} has no action {last_id}")


def _start(state: State, corp: str, seat: int, sold: int, price: int = 100, cash: int = 0) -> None:
    """``corp`` parred at ``price`` by ``seat`` with ``sold`` percent sold (escrow capital)."""
    c = state["corps"][corp]
    held = [0] * state["players"]
    held[seat] = sold
    c.update(par=price, cap="escrow", escrow=0, held=held, ipo=100 - sold, president=seat, cash=cash)
    core._set_pos(state, corp, [0, 4] if price == 100 else [1, 4])


# ---------------------------------------------------------------- the float check


def test_a_company_that_no_longer_has_enough_sold_when_its_turn_comes_does_not_operate() -> None:
    state = core.new_game(3)
    _start(state, "CA", 0, 20, price=100, cash=300)
    _start(state, "GT", 1, 20, price=90, cash=200)
    state["depot"]["2"], state["bought"]["2"] = 1, 5  # CA is about to buy the last 2-train
    core._start_operating_round(state)
    assert state["op"]["order"] == ["CA", "GT"] and core.current_corp(state) == "CA"
    assert state["op"]["step"] == "track"
    core.or_pass(state, "CA")
    assert state["op"]["step"] == "buy_train"
    core.buy_train(state, "CA", "2-5", 100)
    assert state["float_percent"] == 30
    while core.current_corp(state) == "CA":
        core.or_pass(state, "CA")
    # GT (20% sold) was in the round's order, but needs 30% now: it is skipped.
    assert state["round"] == "stock"
    assert not state["corps"]["GT"]["started"] and not gmap.tokens_of(state["map"], "GT")
    assert "GT has too few shares sold to start and does not operate." in state["log"]


def test_a_company_with_enough_sold_still_operates_after_the_float_percentage_rises() -> None:
    state = core.new_game(3)
    _start(state, "CA", 0, 20, price=100, cash=300)
    _start(state, "GT", 1, 30, price=90, cash=200)
    state["depot"]["2"], state["bought"]["2"] = 1, 5
    core._start_operating_round(state)
    core.or_pass(state, "CA")
    core.buy_train(state, "CA", "2-5", 100)
    while core.current_corp(state) == "CA":
        core.or_pass(state, "CA")
    assert core.current_corp(state) == "GT" and state["corps"]["GT"]["started"]


def test_hotseat006_goes_to_stock_round_2_after_bbg_buys_the_last_2_train() -> None:
    state = _replay_to("hotseat006", 33)
    assert state["round"] == "stock" and state["float_percent"] == 30
    assert not state["corps"]["GT"]["started"] and not state["corps"]["WGB"]["started"]


# ---------------------------------------------------------------- WSRC's free station


def _bbg_short_of_a_station(owns_wsrc: bool) -> State:
    """BBG at Brantford (J15) with track to Galt (J13), $25 (+$10 from WSRC) for a $40 marker, no loan
    to take; its track step just began."""
    state = core.new_game(3)
    _start(state, "BBG", 0, 20, cash=25)
    state["corps"]["BBG"]["loans"] = 2  # as many as its shares sold: no loan to take
    gmap.lay_tile(state["map"], None, "J15", "57", 0, "2")
    gmap.lay_tile(state["map"], None, "J13", "57", 0, "2")
    if owns_wsrc:
        state["privates"]["WSRC"]["owner"] = "BBG"
        gmap.unblock(state["map"], "WSRC")
    core._start_operating_round(state)
    assert core.current_corp(state) == "BBG" and state["op"]["step"] == "track"
    assert gmap.legal_token_placements(state["map"], "BBG") == [gmap.TokenSpot("J13", 0, 40)]
    assert not core.can_take_loan(state, "BBG")
    return state


def test_an_unused_wsrc_station_keeps_the_station_step_open_without_money() -> None:
    state = _bbg_short_of_a_station(owns_wsrc=True)
    core.or_pass(state, "BBG")
    assert state["op"]["step"] == "token"
    with pytest.raises(IllegalAction, match="costs \\$40"):
        core.place_token(state, "BBG", "J13", 0)
    prompt = G1856().legal_prompts(state)[0]
    keys = prompt.keys()
    assert "pass" in keys and "wsrc:0" in keys
    core.or_pass(state, "BBG")
    assert state["op"]["step"] != "token"


def test_without_wsrc_a_station_the_company_cannot_pay_for_skips_the_step() -> None:
    state = _bbg_short_of_a_station(owns_wsrc=False)
    core.or_pass(state, "BBG")
    assert state["op"]["step"] != "token"


def test_hotseat006_bbg_stops_at_its_station_step_while_it_holds_wsrc() -> None:
    state = _replay_to("hotseat006", 263)  # BBG ($95, six loans, a $100 marker next) laid I16
    assert state["privates"]["WSRC"]["owner"] == "BBG"
    assert core.current_corp(state) == "BBG" and state["op"]["step"] == "token"


# ---------------------------------------------------------------- the first tile on an OO hex


def _thb_on_printed_hamilton() -> State:
    """THB's first turn (phase 3) while Hamilton (L15) has no tile: its home station is in
    city 0 (the green #59 is the hex's first tile)."""
    state = core.new_game(3)
    state["phase"] = "3"
    _start(state, "THB", 0, 20, cash=200)
    core._start_operating_round(state)
    assert core.current_corp(state) == "THB" and core.pending_home(state) is None
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 0)]
    return state


def test_the_first_tile_on_hamilton_lets_the_layer_place_the_station_there_again() -> None:
    game = G1856()
    state = _thb_on_printed_hamilton()
    core.lay_tile(state, "THB", "L15", "59", 5)
    assert state["op"]["relocate"] == {"hex": "L15", "corps": ["THB"]}
    assert core.relocate_choices(state) == [0, 1]
    assert not gmap.tokens_of(state["map"], "THB")
    (prompt,) = game.legal_prompts(state)
    assert prompt.seat == 0 and prompt.keys() == ["relocate:0", "relocate:1"]
    assert "THB's station" in prompt.text
    with pytest.raises(IllegalAction):
        core.take_loan(state, "THB")
    with pytest.raises(IllegalAction, match="city 2"):
        core.relocate_marker(state, "THB", 2)
    game.apply(state, 0, "relocate:1")
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]
    assert not state["op"]["relocate"]
    assert state["op"]["step"] != "track" and state["op"]["laid"] == 1


def test_a_tile_on_a_hex_that_already_had_track_leaves_the_stations_where_they_are() -> None:
    state = _thb_on_printed_hamilton()
    gmap.remove_token(state["map"], "THB", "L15", 0)
    gmap.lay_tile(state["map"], None, "L15", "59", 5, "3")  # track laid before THB started
    gmap._put_token(state["map"], "THB", "L15", 1)
    state["phase"] = "5"
    brown = [lay for lay in gmap.legal_tile_lays(state["map"], "THB", "5") if lay.hex == "L15"]
    assert brown
    core.lay_tile(state, "THB", "L15", brown[0].tile, brown[0].rotation)
    assert not state["op"].get("relocate")
    assert [coord for coord, _ in gmap.tokens_of(state["map"], "THB")] == ["L15"]
    assert state["op"]["step"] != "track"


def test_hotseat006_thb_moves_its_home_station_to_hamiltons_second_city() -> None:
    state = _replay_to("hotseat006", 439)  # THB lays #59 on Hamilton
    assert state["op"]["relocate"] == {"hex": "L15", "corps": ["THB"]}
    state = _replay_to("hotseat006", 442)  # ... and puts its station in city 1
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]



# ---------------------------------------------------------------- TCC's lay keeps the track step open


def _bbg_with_tcc(h11_laid: bool) -> State:
    """Phase 3, BBG at Brantford (J15) owning TCC, its track step just begun; H11 (TCC's
    hex) still printed or already laid."""
    state = core.new_game(3)
    state["phase"] = "3"
    _start(state, "BBG", 0, 60, cash=300)
    state["privates"]["TCC"]["owner"] = "BBG"
    gmap.unblock(state["map"], "TCC")
    if h11_laid:
        gmap.lay_tile(state["map"], None, "H11", "3", 0, "3")
    core._start_operating_round(state)
    assert core.current_corp(state) == "BBG" and state["op"]["step"] == "track"
    return state


def test_a_company_owning_tcc_with_its_lay_unused_passes_its_track_step() -> None:
    state = _bbg_with_tcc(h11_laid=False)
    assert core.tcc_lay_pending(state, "BBG")
    core.lay_tile(state, "BBG", "J15", "57", 0)
    assert state["op"]["step"] == "track" and state["op"]["laid"] == 1
    (prompt,) = G1856().legal_prompts(state)
    assert "pass" in list(prompt.keys()) and "track" in prompt.text
    with pytest.raises(IllegalAction, match="already laid"):
        core.lay_tile(state, "BBG", "J13", "57", 0)
    core.or_pass(state, "BBG")
    assert state["op"]["step"] != "track"


def test_once_tccs_hex_has_track_the_lay_ends_the_track_step() -> None:
    state = _bbg_with_tcc(h11_laid=True)
    assert not core.tcc_lay_pending(state, "BBG")
    core.lay_tile(state, "BBG", "J15", "57", 0)
    assert state["op"]["step"] != "track"


def test_hotseat002_gt_passes_its_track_step_while_holding_tcc() -> None:
    state = _replay_to("hotseat002", 412)  # GT (owns TCC, H11 bare) upgrades Oshawa
    assert state["privates"]["TCC"]["owner"] == "GT" and "H11" not in state["map"]["tiles"]
    assert core.current_corp(state) == "GT" and state["op"]["step"] == "track"
    state = _replay_to("hotseat002", 413)  # its pass closes the track step; 414 the station step
    assert state["op"]["step"] == "token"


# ---------------------------------------------------------------- spring 2021 platform quirks


def test_in_the_spring_2021_platform_a_closed_private_takes_its_owners_bonus_with_it() -> None:
    for quirks, kept in (([], True), (["rights_close_with_private"], False)):
        state = core.new_game(3)
        state["platform_quirks"] = quirks
        _start(state, "CV", 0, 60, cash=300)
        state["privates"]["NFSBC"]["owner"] = "CV"
        state["corps"]["CV"]["rights"]["bridge"] = True
        core._close_private(state, "NFSBC")
        assert core.bonuses(state, "CV").bridge is kept


def test_in_the_spring_2021_platform_a_wsrc_for_sale_does_not_hold_the_track_step() -> None:
    for quirks, held in (([], True), (["wsrc_no_track_power"], False)):
        state = core.new_game(3)
        state["phase"] = "3"
        state["platform_quirks"] = quirks
        _start(state, "BBG", 0, 60, cash=300)
        state["privates"]["WSRC"]["owner"] = "p1"
        core._start_operating_round(state)
        assert core.tile_company_buyable(state, "BBG") is held
        core.lay_tile(state, "BBG", "J15", "57", 0)
        assert (state["op"]["step"] == "track") is held


def test_hotseat002_replays_as_made_by_the_spring_2021_platform() -> None:
    result = replay(_record("hotseat002"))
    assert result.platform == "spring 2021"
    assert result.expected is not None and result.values == result.expected
