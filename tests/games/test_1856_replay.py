"""Real 18xx.games 1856 records replayed through our rules engine (priority one of issue 16).

The records are public data copied into ``tests/games/data/1856`` (see its README). A record
that replays must end with exactly the player values the platform recorded.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import core, economy
from bot.games.g1856 import map as gmap
from bot.games.g1856.replay18xx import ReplayError, replay, report, standing_actions, steps
from bot.games.g1856.rules import G1856

DATA = Path(__file__).parent / "data" / "1856"


def _record(name: str) -> dict:
    return json.loads((DATA / name).read_text())


RECORDS = [
    # (file, the platform version our importer reads it as): every export of the platform's
    # current version in its repository, then older exports (README: "Records").
    ("move_up_price_sr1.json", "current"),
    ("hotseat004.json", "current"),
    ("hotseat001.json", "current"),
    ("89363.json", "current"),
    ("51745_2025.json", "current"),
    ("hotseat005_2025.json", "current"),
    ("hotseat006_2025.json", "current"),
    ("1856_game_end_bank.json", "current"),
    ("hotseat005.json", "current"),
    ("hotseat007.json", "current"),
    ("hotseat004_2022.json", "2021-2023"),
    ("hotseat001_2021.json", "march 2021"),
    ("51745.json", "2021"),
    ("hotseat006.json", "2021"),
    ("hotseat007_2021.json", "2021"),
    ("hotseat002.json", "spring 2021"),
    ("hotseat003.json", "april 2021"),
    ("hotseat003_may18.json", "may 18 2021"),
    ("mock1856_01.json", "early 2021"),
]


@pytest.mark.parametrize(("name", "platform"), RECORDS)
def test_record_replays_to_its_result(name: str, platform: str) -> None:
    result = replay(_record(name))
    assert result.expected is not None
    assert result.values == result.expected
    assert result.platform == platform
    text, ok = report(DATA / name)
    assert ok and text.endswith("Equal to the record's result.")


def test_every_record_in_the_test_data_is_replayed() -> None:
    listed = {name for name, _ in RECORDS} | {"1642645889.json"}
    assert listed == {p.name for p in DATA.glob("*.json")}


def test_a_bank_break_ending_with_cgr_dividends_on_5_percent_shares_is_exact() -> None:
    """1856_game_end_bank (November 2024): the CGR pays out on twenty 5% shares, each
    holder's part rounded up, until the bank breaks; every player's value is exact."""
    result = replay(_record("1856_game_end_bank.json"))
    assert result.state["ended"] == "bank" and result.state["corps"]["CGR"]["share_size"] == 5
    assert result.values == result.expected == [10130, 10187, 8176, 4088]


def test_the_2021_loan_step_pass_of_a_6_train_buyer_in_debt_comes_first() -> None:
    """hotseat007 as first exported (July 2021, 902 actions): the 6-train's buyer owes loans
    too; its first pass is the 2021 loan-step pass, deferred until the presidents settle."""
    record = _record("hotseat007_2021.json")
    with pytest.raises(ReplayError, match="action 46"):
        list(steps(record, "current"))
    result = replay(record)
    assert result.platform == "2021" and result.matches


def test_older_exports_keep_the_results_the_platform_computed_then() -> None:
    """The platform rewrote its fixtures when it fixed its engine; each older export replays
    to the result recorded then (a version with the old behaviour), and the same sequence
    without it gives exactly the corrected result the platform's fix wrote into the record."""
    cases = [
        # (file, read as, the same without the old behaviour, the corrected result)
        ("hotseat004_2022.json", "2021-2023", "current", [1004, 953, 953]),  # d973313b
        ("hotseat001_2021.json", "march 2021", "2021", [698, 756, 735]),  # 8b8888d3
        ("hotseat003_may18.json", "may 18 2021", "april 2021", [1867, 1827, 1249]),  # 1fd74e0d
    ]
    for name, version, without, corrected in cases:
        record = _record(name)
        result = replay(record)
        assert result.platform == version and result.matches and result.values != corrected
        assert _values(steps(record, without)) == corrected


def _values(replaying: Iterator[tuple[dict, dict]]) -> list[int]:
    """The player values at the end of a replay (one state, advanced in place)."""
    *_, (_, final) = replaying
    return core.end_values(final)


def test_an_unfinished_record_replays_to_its_last_action() -> None:
    """The platform's route-search fixture 1642645889 (January 2022, 4 players) stops in an
    operating round; its ``result`` is the revenue the platform's router expects, not the
    players' values, so there is nothing to compare but every action is accepted."""
    record = _record("1642645889.json")
    result = replay(record)
    assert result.platform == "2021" and result.expected is None
    assert result.state["round"] == "operating"
    text, ok = report(DATA / "1642645889.json")
    assert not ok and text.endswith("The record has no result to compare.")


def _tampered(name: str, action_id: int, **changes: object) -> dict:
    record = _record(name)
    record["actions"] = [dict(a, **changes) if a["id"] == action_id else a for a in record["actions"]]
    return record


def test_a_record_with_an_illegal_action_is_refused_with_its_number() -> None:
    # A bid below the private's price, an unaffordable par, a run priced differently.
    with pytest.raises(ReplayError, match=r"action 2 \(bid\)"):
        replay(_tampered("hotseat004.json", 2, price=10))
    with pytest.raises(ReplayError, match="action 7"):
        replay(_tampered("hotseat004.json", 7, share_price="100,0,4", corporation="XX"))
    record = _record("89363.json")
    for a in record["actions"]:
        if a["id"] == 56:
            a["routes"] = [dict(r, revenue=70) for r in a["routes"]]
    with pytest.raises(ReplayError, match=r"action 56: the run earns \$50"):
        replay(record)


def test_a_record_whose_player_acts_out_of_turn_is_refused() -> None:
    with pytest.raises(ReplayError, match="action 8"):
        replay(_tampered("hotseat004.json", 8, entity="Player 3"))


def test_the_track_step_stays_open_while_a_track_private_can_be_bought() -> None:
    # 89363, action 102: WR upgrades its home in phase 3 while TCC (a track-laying private)
    # is still in a player's hands and affordable, so WR may still buy and use it: the
    # record's next pass closes the track step (and runs the destination check).
    record = _record("89363.json")
    state = replay(dict(record, actions=[a for a in record["actions"] if a["id"] <= 102])).state
    assert core.current_corp(state) == "WR" and state["op"]["step"] == "track"
    assert core.tile_company_buyable(state, "WR")
    with pytest.raises(IllegalAction, match="already laid"):
        core.lay_tile(state, "WR", "N15", "9", 0)


def test_early_records_use_the_platforms_old_wgb_destination() -> None:
    record = _record("hotseat001.json")
    assert replay(record).state["legacy_wgb_destination"] is True
    modern = dict(record, created_at="2022-01-01")
    with pytest.raises(ReplayError, match="WGB reach its destination"):
        replay(modern)


def test_undo_redo_and_skip_are_resolved() -> None:
    record = {
        "actions": [
            {"type": "bid", "id": 1},
            {"type": "bid", "id": 2},
            {"type": "undo", "id": 3},
            {"type": "redo", "id": 4},
            {"type": "undo", "id": 5, "action_id": 1},
            {"type": "pass", "id": 6, "skip": True},
            {"type": "message", "id": 7},
            {"type": "pass", "id": 8, "auto_actions": [{"type": "destination_connection"}]},
        ]
    }
    kept = standing_actions(record)
    assert [a.get("id") for a in kept] == [1, 8, None]
    assert kept[2]["auto"] is True


def test_the_first_stock_round_of_a_record_moves_a_sold_out_company_up() -> None:
    result = replay(_record("move_up_price_sr1.json"))
    bbg = result.state["corps"]["BBG"]
    assert bbg["par"] == 65 and core.price(result.state, "BBG") == 70


# ---------------------------------------------------------------- hand-built positions


def _started(players: int = 3) -> dict:
    """A game past the private auction (everyone buys the cheapest private in turn)."""
    state = core.new_game(players)
    while state["round"] == "auction":
        seat = core.auction_actor(state)
        company = core.auction_cheapest(state)
        core.bid(state, seat, company, state["privates"][company]["price"])
    return state


def test_setup_bank_and_cash() -> None:
    for players, cash in ((3, 500), (4, 375), (5, 300), (6, 250)):
        state = core.new_game(players)
        assert state["cash"] == [cash] * players
        assert state["bank"] + cash * players == 12000
    assert economy.cert_limit(3) == 20 and economy.cert_limit(6) == 11


def test_escrow_first_five_shares_pay_the_treasury_then_the_bank_holds_the_rest() -> None:
    state = _started()
    seat = state["sr"]["current"]
    core.par(state, seat, "GW", 70)
    gw = state["corps"]["GW"]
    assert gw["cash"] == 140 and gw["cap"] == "escrow"
    for _ in range(6):
        s = state["sr"]["current"]
        if core.sr_can_buy(state, s, "GW", "ipo") is None:
            core.buy_share(state, s, "GW", "ipo")
        else:
            core.sr_pass(state, s)
    # President (2 shares) + 3 more shares paid in; the 6th and later went to escrow.
    paid = 100 - gw["ipo"]
    assert gw["cash"] == 70 * min(paid // 10, 5)
    assert gw["escrow"] == 70 * max(0, paid // 10 - 5)


def test_escrow_is_released_when_the_destination_connects() -> None:
    # hotseat004: CV's lay on M6 joins Barrie (CPR's home) to Toronto (its destination).
    record = _record("hotseat004.json")
    before = dict(record, actions=[a for a in record["actions"] if a["id"] < 46])
    state = replay(before).state
    cpr = state["corps"]["CPR"]
    assert not cpr["destinated"] and not core.connected(state["map"], "M4", ["N11"])
    # Hand-built: pretend CPR had started as an escrow company with $130 held back.
    cpr.update(par=65, cap="escrow", escrow=130)
    bank = state["bank"]
    core.lay_tile(state, "CV", "M6", "4", _rotation(record, 46))
    assert core.connected(state["map"], "M4", ["N11"])
    assert cpr["destinated"] and cpr["cash"] == 130 and cpr["escrow"] is None
    assert cpr["cap"] == "incremental" and state["bank"] == bank - 130


def _rotation(record: dict, action_id: int) -> int:
    return next(a["rotation"] for a in record["actions"] if a["id"] == action_id)


def test_a_company_that_reached_its_destination_before_starting_is_incremental() -> None:
    record = _record("hotseat004.json")
    state = replay(dict(record, actions=[a for a in record["actions"] if a["id"] <= 51])).state
    assert state["corps"]["CPR"]["cap"] == "incremental" and state["corps"]["CPR"]["escrow"] is None


def test_market_moves_follow_the_grid() -> None:
    assert economy.move([5, 4], "right") == [5, 5]
    assert economy.move([5, 4], "left") == [5, 3]
    assert economy.move([0, 19], "right") == [0, 19]  # top-right corner stays
    assert economy.move([4, 10], "right") == [3, 10]  # end of a row goes up
    assert economy.move([6, 0], "left") == [7, 0]  # column 0 goes down
    assert economy.move([0, 4], "up") == [0, 4]


def test_loans_are_limited_by_shares_in_players_hands_and_once_per_round() -> None:
    record = _record("89363.json")
    record = dict(record, actions=[a for a in record["actions"] if a["id"] < 26])
    state = replay(record).state
    assert core.current_corp(state) == "GW"
    gw = state["corps"]["GW"]
    assert core.player_shares(gw) == 3
    before = gw["cash"]
    core.take_loan(state, "GW")
    # The run step is past (GW had no train), so interest is settled and the loan pays $90.
    assert gw["cash"] == before + 90 and gw["loans"] == 1
    with pytest.raises(IllegalAction):
        core.take_loan(state, "GW")


def test_phase_6_forbids_loans_and_values_deduct_loans() -> None:
    state = _started()
    core.par(state, state["sr"]["current"], "GW", 100)
    seat = state["corps"]["GW"]["president"]
    state["corps"]["GW"]["loans"] = 2
    value = core.player_value(state, seat)
    state["corps"]["GW"]["loans"] = 0
    assert core.player_value(state, seat) - value == 2 * 2 * 10


def test_refused_actions_leave_the_state_unchanged() -> None:
    state = _started()
    snapshot = json.dumps(state, sort_keys=True)
    seat = state["sr"]["current"]
    with pytest.raises(IllegalAction):
        core.par(state, seat, "GW", 55)
    with pytest.raises(IllegalAction):
        core.buy_share(state, seat, "GW", "ipo")
    with pytest.raises(IllegalAction):
        core.sell_shares(state, seat, "GW", 10)
    with pytest.raises(IllegalAction):
        core.par(state, (seat + 1) % 3, "GW", 70)
    assert json.dumps(state, sort_keys=True) == snapshot
    assert gmap.tokens_of(state["map"], "GW") == []


def test_the_import_command_prints_the_values_and_exits_0_on_a_match(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.__main__ import main

    assert main(["import-18xx", str(DATA / "hotseat004.json")]) == 0
    out = capsys.readouterr().out
    assert "Player 1: 1004 (record: 1004)" in out and out.strip().endswith("Equal to the record's result.")


def test_old_records_are_read_as_made_by_the_platform_version_of_their_time() -> None:
    # 51745 (2021) stops every company at the loan step: the current sequence refuses it,
    # the 2021 one replays it exactly; hotseat005 follows the current sequence.
    record = _record("51745.json")
    with pytest.raises(ReplayError, match="action 40"):
        list(steps(record, "current"))
    result = replay(record)
    assert result.platform == "2021" and result.matches
    assert replay(_record("hotseat005.json")).platform == "current"
    text, ok = report(DATA / "51745.json")
    assert ok and "2021 platform" in text


def test_a_marker_in_a_city_without_track_is_placed_by_the_company_that_upgrades() -> None:
    # 51745 action 506: CV upgrades Kitchener (I12, two cities without track) where the CGR
    # holds WSRC's old marker; CV's president chooses the marker's city on the new #59.
    record = _record("51745.json")
    state = None
    for action, after in steps(record, "2021"):
        if action.get("id") == 506:
            state = after
            break
    assert state is not None and state["op"]["relocate"] == {"hex": "I12", "corps": ["CGR"]}
    game = G1856()
    (prompt,) = game.legal_prompts(state)
    assert prompt.seat == state["corps"]["CV"]["president"]
    assert {a.key for a in prompt.actions} == {"relocate:0", "relocate:1"}
    with pytest.raises(IllegalAction, match="station marker"):
        core.or_pass(state, "CV")
    game.apply(state, prompt.seat, "relocate:0")
    assert gmap.city_tokens(state["map"], "I12", 0) == ["CGR"] and not state["op"]["relocate"]
