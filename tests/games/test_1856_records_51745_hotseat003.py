"""1856 rules found by replaying 18xx.games records (helper W3): each rule on a hand-built
position, and on the record itself (``tests/games/data/1856``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import core, replay18xx
from bot.games.g1856 import map as gmap
from bot.games.g1856.rules import G1856

RECORDS = Path(__file__).parent / "data" / "1856"


def _record(name: str) -> dict:
    path = RECORDS / f"{name}.json"
    if not path.exists():
        pytest.skip(f"record {name} is not on this machine")
    return json.loads(path.read_text())


def _twenty_share_cgr() -> dict:
    """Four companies wholly in players' hands merge into the CGR: 40 shares exchanged two
    for one make twenty CGR shares, so the CGR has twenty 5% shares (president's 10%)."""
    state = core.new_game(4)
    for corp, cell in (("GT", [1, 6]), ("WR", [1, 6]), ("LPS", [1, 5]), ("TGB", [1, 5])):
        c = state["corps"][corp]
        c.update(par=100, started=True, operated=True, ipo=0, held=[40, 20, 20, 20], president=0, loans=1)
        core._set_pos(state, corp, cell)
    core._form_cgr(state, ["GT", "WR", "LPS", "TGB"], 0)
    return state


def test_a_cgr_share_of_five_percent_is_worth_the_whole_price() -> None:
    state = _twenty_share_cgr()
    cgr = state["corps"]["CGR"]
    assert cgr["share_size"] == 5 and cgr["held"] == [40, 20, 20, 20]
    price = core.price(state, "CGR")
    # A price is per share: 20% of a twenty-share CGR is four shares at the full price.
    assert core.player_value(state, 1) == state["cash"][1] + 4 * price
    assert core.player_value(state, 0) == state["cash"][0] + 8 * price
    state["sr_number"] = 1
    core._start_stock_round(state, 1)
    cash = state["cash"][1]
    core.sell_shares(state, 1, "CGR", 5)
    assert state["cash"][1] == cash + price
    assert core.price(state, "CGR") == price  # less than 10% sold: the price stays
    core.sr_pass(state, 1)
    cash = state["cash"][2]
    core.buy_share(state, 2, "CGR", "pool")
    assert state["cash"][2] == cash - price and cgr["held"][2] == 25


def test_a_presidents_emergency_sale_of_cgr_shares_pays_per_share() -> None:
    state = _twenty_share_cgr()
    price = core.price(state, "CGR")
    state["cash"][1] = 0
    core._player_pays(state, 1, 10)
    assert ("CGR", 1) in core.emergency_sales(state, 1, None)
    core.emergency_sell(state, 1, "CGR", 1)
    assert state["cash"][1] == price - 10 and state["corps"]["CGR"]["held"][1] == 15


def _wgb_facing_kitchener() -> dict:
    """Phase 3, WGB operating (track step) with track from Guelph (J11) to Kitchener (I12),
    where GT's station stands on the printed, untracked city 1 (as WSRC's free station)."""
    state = core.new_game(3)
    state["phase"] = "3"
    for sym in state["privates"]:
        core._close_private(state, sym)
    state["corps"]["WGB"].update(
        par=100, started=True, ipo=40, held=[60, 0, 0], president=0, cash=500, cap="incremental"
    )
    core._set_pos(state, "WGB", [0, 4])
    gmap.lay_tile(state["map"], None, "J11", "57", 1, "3")
    gmap._put_token(state["map"], "GT", "I12", 1)
    state["sr_number"] = 1
    core._start_operating_round(state)
    assert core.current_corp(state) == "WGB" and state["op"]["step"] == "track"
    return state


def test_a_lay_on_an_untracked_city_hex_lifts_the_station_for_the_layer_to_place() -> None:
    game = G1856()
    state = _wgb_facing_kitchener()
    rotation = next(
        lay.rotation for lay in gmap.legal_tile_lays(state["map"], "WGB", "3") if lay.hex == "I12"
    )
    core.lay_tile(state, "WGB", "I12", "59", rotation)
    assert state["op"]["relocate"] == {"hex": "I12", "corps": ["GT"]}
    assert gmap.tokens_of(state["map"], "GT") == [] and core.relocate_choices(state) == [0, 1]
    with pytest.raises(IllegalAction):
        core.or_pass(state, "WGB")
    prompt = game.legal_prompts(state)[0]
    assert prompt.seat == 0 and prompt.keys() == ["relocate:0", "relocate:1"]
    with pytest.raises(IllegalAction):
        core.relocate_marker(state, "WGB", 2)
    game.apply(state, 0, "relocate:0")
    assert gmap.tokens_of(state["map"], "GT") == [("I12", 0)]
    assert not state["op"].get("relocate") and state["op"]["step"] != "track"
    assert state["corps"]["WGB"]["cash"] == 500  # putting the station back costs nothing


def test_record_51745_replays_to_its_result() -> None:
    """Record 51745 (4 players, 2021): CV lays #59 on Kitchener (action 506), where the CGR
    has the station WR placed with WSRC, and puts it on city 0 (507: a free place_token)."""
    record = _record("51745")
    for action, state in replay18xx.steps(record, "2021"):
        if action.get("id") == 506:
            assert state["op"]["relocate"] == {"hex": "I12", "corps": ["CGR"]}
        if action.get("id") == 507:
            assert ("I12", 0) in gmap.tokens_of(state["map"], "CGR") and state["corps"]["CV"]["cash"] == 14
            break
    result = replay18xx.replay(record)
    assert result.matches, (result.values, result.expected)


def test_tcc_and_wsrc_lay_their_tiles_without_the_companys_track() -> None:
    """TCC's extra town on H11 and WSRC's #59 on Kitchener need no connection to the owning
    company's track (the privates' texts ask for none; record hotseat003, action 105)."""
    game = G1856()
    state = _wgb_facing_kitchener()
    state["map"]["tiles"].pop("J11")  # Guelph without track: WGB's network reaches nothing
    state["map"]["supply"]["57"] += 1
    state["privates"]["TCC"].update(owner="WGB", closed=False)
    state["privates"]["WSRC"].update(owner="WGB", closed=False)
    with pytest.raises(IllegalAction, match="does not reach"):
        gmap.check_lay(state["map"], "WGB", "H11", "4", 0, "3")
    keys = game.legal_prompts(state)[0].keys()
    tcc = next(k for k in keys if k.startswith("lay:H11:"))
    wsrc = next(k for k in keys if k.startswith("lay:I12:59:"))
    game.apply(state, 0, tcc)
    assert state["map"]["tiles"]["H11"]["tile"] == tcc.split(":")[2] and state["op"]["tcc_used"]
    assert state["corps"]["WGB"]["cash"] == 500  # TCC's lay is free
    game.apply(state, 0, wsrc)
    assert state["map"]["tiles"]["I12"]["tile"] == "59" and state["privates"]["WSRC"]["used"]


def test_a_skipped_train_step_settles_the_private_step_before_the_loan_step() -> None:
    """The reference's loan step comes before its train step in its own order: when the train
    step is skipped, the private step is looked at in the same pass. Read as the spring-2021
    platform (a loan the company could take does not count as money for a private, and the
    loan step always stops): a penniless company that can buy nothing skips the private
    step, so after taking a loan at the loan step its turn ends (record hotseat003, 93-94)."""
    state = _wgb_facing_kitchener()
    state["platform_quirks"] = ["loan_step_always", "no_company_loan_power"]
    state["privates"]["FT"].update(owner="p1", closed=False)
    wgb = state["corps"]["WGB"]
    wgb.update(cash=0, trains=["2-0"])
    state["op"]["step"] = "buy_train"
    core._skip_steps(state)
    assert state["op"]["step"] == "loan" and state["op"]["company_skipped"]
    core.take_loan(state, "WGB")
    assert wgb["cash"] >= 90 and core.can_buy_company(state, "WGB")
    core.or_pass(state, "WGB")
    assert core.current_corp(state) != "WGB"


def test_record_hotseat003_gt_turn_ends_after_its_loan() -> None:
    record = _record("hotseat003")
    for action, state in replay18xx.steps(record, "april 2021"):
        if action.get("id") == 94:
            assert core.current_corp(state) == "LPS"
            break


def test_the_cgr_hands_out_at_most_its_twenty_shares() -> None:
    """Six companies wholly in players' hands merge: 30 CGR shares would be due, but the CGR
    has twenty; they go in player order from the 6-train's buyer (seat 1) while any are left
    (record hotseat003: seven companies merge at actions 575-581)."""
    state = core.new_game(3)
    merged = ["GT", "WR", "LPS", "TGB", "CV", "CA"]
    for corp in merged:
        state["corps"][corp].update(
            par=100, started=True, operated=True, ipo=0, held=[40, 40, 20], president=0, loans=1
        )
        core._set_pos(state, corp, [1, 5])
    core._form_cgr(state, merged, 1)
    cgr = state["corps"]["CGR"]
    assert cgr["share_size"] == 5
    assert cgr["held"] == [10, 60, 30] and cgr["pool"] == 0 and cgr["ipo"] == 0
    assert cgr["president"] == 1


def test_only_a_right_bought_this_turn_may_be_left_out_of_a_run() -> None:
    state = _wgb_facing_kitchener()
    state["corps"]["WGB"]["rights"]["tunnel"] = True
    state["op"]["step"] = "route"
    with pytest.raises(IllegalAction, match="bought this turn"):
        core.run_routes(state, "WGB", [], ("tunnel",))


def test_record_hotseat003_pays_the_run_its_platform_priced_before_seeing_a_new_right() -> None:
    """Action 167: LPS buys a tunnel right; at 169 the platform's client still priced LPS's
    run D17-C14-B13 without it ($110, paid as recorded; our full price is $120)."""
    record = _record("hotseat003")
    for action, state in replay18xx.steps(record, "april 2021"):
        if action.get("id") == 169:
            assert state["op"]["revenue"] == 110
            assert core.rights_bought_this_turn(state) == ["tunnel"]
            break


def test_the_importer_takes_an_unknown_certificate_from_the_pool_when_the_treasury_is_empty() -> None:
    """A CGR certificate the record names but we never saw move (handed out at the formation,
    then passed to the pool in a presidency swap) comes from the pool once the CGR's
    treasury is empty (record hotseat003, action 729)."""
    state = _twenty_share_cgr()
    cgr = state["corps"]["CGR"]
    cgr["held"][1] -= 5
    cgr["pool"] += 5
    state["sr_number"] = 1
    core._start_stock_round(state, 2)
    action = {"type": "buy_shares", "entity": "p2", "entity_type": "player", "id": 1, "shares": ["CGR_23"]}
    replay18xx._apply(state, action, {"p2": 2}, {}, {})
    assert cgr["held"][2] == 25 and cgr["pool"] == 0


def _cv_cpr_merge(quirks: list[str]) -> dict:
    """CV (home Toronto N11) with a marker in CPR's home city (Barrie M4) and one more in
    N3; CPR (home M4) with its home marker only; both merge into the CGR, CV first."""
    state = core.new_game(3)
    state["platform_quirks"] = quirks
    for corp in ("CV", "CPR"):
        state["corps"][corp].update(
            par=100, started=True, operated=True, ipo=0, held=[60, 20, 20], president=0, loans=1
        )
        core._set_pos(state, corp, [1, 5])
    for corp, coord in (("CV", "N11"), ("CPR", "M4"), ("CV", "M4"), ("CV", "N3")):
        gmap._put_token(state["map"], corp, coord, 0)
    core._form_cgr(state, ["CV", "CPR"], 0)
    return state


def test_the_cgr_exchange_of_may_2021_lost_a_home_shared_with_another_merged_company() -> None:
    """Today's exchange keeps every merged home; the platform's of May 2021 took off the CGR
    marker in CPR's home city when it exchanged CV's other marker, because CV also stood in
    that city (quirk of version "april 2021"; record hotseat003 lost M4 and C14 so)."""
    now = _cv_cpr_merge([])
    assert sorted(gmap.tokens_of(now["map"], "CGR")) == [("M4", 0), ("N11", 0), ("N3", 0)]
    then = _cv_cpr_merge(["cgr_exchange_loses_shared_homes"])
    assert sorted(gmap.tokens_of(then["map"], "CGR")) == [("N11", 0), ("N3", 0)]


def test_record_hotseat003_replays_to_its_result() -> None:
    """April-May 2021: the CGR keeps twelve markers after the exchange (M4 and C14 lost),
    its president takes off two (N17, then one of Kitchener's at 588-589), and the record
    ends with its recorded values."""
    record = _record("hotseat003")
    for action, state in replay18xx.steps(record, "april 2021"):
        if action.get("id") == 581:
            markers = gmap.tokens_of(state["map"], "CGR")
            assert len(markers) == 12 and not {"M4", "C14"} & {coord for coord, _ in markers}
            assert state["cgr_markers"]["excess"] == 2 and not state["cgr_markers"]["duplicates"]
        if action.get("id") == 589:
            assert len(gmap.tokens_of(state["map"], "CGR")) == 10
            break
    result = replay18xx.replay(record)
    assert result.matches and result.platform == "april 2021", (result.values, result.expected)
