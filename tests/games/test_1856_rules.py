"""1856 rules on hand-built positions: the CGR formation, forced train purchases, cash
crises and bankruptcy, and the Game contract over a few random games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.engine import IllegalAction, testkit
from bot.games.g1856 import core
from bot.games.g1856 import map as gmap
from bot.games.g1856.replay18xx import replay
from bot.games.g1856.rules import G1856
from tests.games.test_1856_cgr import phase5_position

DATA = Path(__file__).parent / "data" / "1856"


def _late_position() -> dict:
    """Record 89363 at its end (WR to operate, GW/CA/LPS/WR each with 3 loans), moved on to
    phase 5 with the 6-trains next in the bank, WR rich enough to buy one."""
    return phase5_position(wr_cash=800)


def test_cgr_price_rule() -> None:
    assert core.cgr_price([60, 70]) == 100
    assert core.cgr_price([50, 60, 200]) == 125  # lowest dropped: (60+200)/2 = 130 -> 125
    assert core.cgr_price([110, 115]) == 110
    assert core.cgr_price([160, 170]) == 175  # 165 -> nearest multiple of 25 upward


def test_first_6_train_repays_loans_then_presidents_choose_pay_or_merge() -> None:
    state = _late_position()
    core.buy_train(state, "WR", "6-0", 700)
    nat = state["nationalization"]
    # WR had $100 left after the train: it repaid one loan itself.
    assert state["corps"]["WR"]["loans"] == 2
    # Order: from the 6-train buyer's president (seat 3), then around the table.
    assert [state["corps"][k]["president"] for k in nat["queue"]] == sorted(
        [state["corps"][k]["president"] for k in nat["queue"]], key=lambda s: (s - 3) % 4
    )
    with pytest.raises(IllegalAction):
        core.run_routes(state, "WR", [])
    prices = {k: core.price(state, k) for k in nat["queue"]}
    first = nat["queue"][0]
    owed = core.nationalization_debt(state, first)
    seat = state["corps"][first]["president"]
    if state["cash"][seat] >= owed:
        cash = state["cash"][seat]
        core.nationalization_choice(state, first, pay=True)
        assert state["corps"][first]["loans"] == 0 and state["cash"][seat] == cash - owed
    else:
        with pytest.raises(IllegalAction):
            core.nationalization_choice(state, first, pay=True)
        core.nationalization_choice(state, first, pay=False)
    while state.get("nationalization"):
        core.nationalization_choice(state, state["nationalization"]["queue"][0], pay=False)
    cgr = state["corps"]["CGR"]
    merged = [k for k, c in state["corps"].items() if c["closed"]]
    assert merged
    assert cgr["par"] == core.cgr_price([prices[k] for k in merged]) == core.price(state, "CGR")
    # Shares: one CGR share per two merged shares a player held; the president has the most.
    assert sum(cgr["held"]) + cgr["pool"] + cgr["ipo"] == 100
    assert cgr["held"][cgr["president"]] == max(cgr["held"])
    # Markers: merged companies' markers became CGR markers, at most one per hex.
    assert all(not gmap.tokens_of(state["map"], k) for k in merged)
    hexes = [h for h, _ in gmap.tokens_of(state["map"], "CGR")]
    assert hexes and len(hexes) == len(set(hexes)) <= 10
    # No loans or interest any more; the CGR withholds until it owns a permanent train.
    assert state["post_nationalization"] and all(c["loans"] == 0 for c in state["corps"].values())
    assert not core.can_take_loan(state, "BBG")
    # The 6-train rusted the 3-trains; the CGR may pay dividends only once it owns a
    # permanent train (here: the 6-train itself when WR merged).
    assert not any(t.startswith("3-") for t in cgr["trains"])
    assert cgr["permanent"] == any(t.split("-")[0] in ("5", "6", "D") for t in cgr["trains"])


def test_forced_purchase_president_pays_the_difference() -> None:
    state = _late_position()
    state["op"]["step"] = "buy_train"
    wr = state["corps"]["WR"]
    wr["trains"] = []
    wr["cash"] = 500
    seat = wr["president"]
    state["cash"][seat] = 300
    assert core.must_buy_train(state, "WR")
    core.buy_train(state, "WR", "6-0", 700)
    assert state["cash"][seat] == 100 and "6-0" in wr["trains"]


def test_a_president_short_of_money_sells_shares_or_goes_bankrupt() -> None:
    game = G1856()
    state = _late_position()
    seat = state["corps"]["CA"]["president"]
    state["cash"][seat] = 10
    core._player_pays(state, seat, 50)
    assert state["crisis"]["seat"] == seat
    prompt = game.legal_prompts(state)[0]
    assert prompt.seat == seat and all(a.key.startswith("sell:") for a in prompt.actions)
    while state.get("crisis"):
        key = game.legal_prompts(state)[0].actions[0].key
        game.apply(state, seat, key)
    assert state["cash"][seat] >= 0 or state["round"] == "over"
    # Nothing left to sell: bankruptcy ends the game.
    state = _late_position()
    for c in state["corps"].values():
        c["held"][seat] = 0
    state["cash"][seat] = 0
    core._player_pays(state, seat, 30)
    assert [a.key for a in game.legal_prompts(state)[0].actions] == ["bankrupt"]
    game.apply(state, seat, "bankrupt")
    assert game.outcome(state) is not None and game.legal_prompts(state) == []


def test_the_game_contract_on_random_games() -> None:
    game = G1856()
    for players in (3, 4, 5, 6):
        playout = testkit.random_playout(game, players, seed=players)
        assert playout.outcome is not None
        assert len(playout.outcome.ranks) == players


def test_game_keys_replay_a_records_opening() -> None:
    # The first stock round of move_up_price_sr1 through the Game's keys.
    game = G1856()
    state = game.setup(6, {}, seed=0)
    for company in ("FT", "WSRC", "TCC", "GLSC", "NFSBC", "SCFTC"):
        seat = state["auction"]["current"]
        game.apply(state, seat, f"buy:{company}")
    assert state["round"] == "stock" and state["sr"]["current"] == 0
    game.apply(state, 0, "par:BBG:65")
    for seat in [1, 2, 3, 4, 5, 0, 1, 2]:
        game.apply(state, seat, "buy:BBG:ipo")
    while state["round"] == "stock":
        game.apply(state, state["sr"]["current"], "pass")
    assert core.price(state, "BBG") == 70
    assert core.end_values(state) == [270, 270, 270, 270, 275, 275]


def test_the_table_picture_draws_early_and_late_positions() -> None:
    from bot.games.g1856 import render

    game = G1856()
    early = game.setup(3, {}, seed=1)
    late = replay(json.loads((DATA / "89363.json").read_text())).state
    for state in (early, late):
        image = render.board(game.view(state, None))
        assert image.width == 1400 and image.height > 1400


def test_rulebook_walkthrough_steps_1_to_14() -> None:
    """The rulebook's worked example (5 players, $300 each), G1 = seat 0 and GW, through the
    private sale, two stock rounds and two operating rounds; each step checks G1's money
    and GW's treasury, price, trains and loans as the rulebook states them."""
    game = G1856()
    state = game.setup(5, {}, seed=0)

    def act(seat: int, key: str) -> None:
        game.apply(state, seat, key)

    def check(money: int, treasury: int | None, price: int | None, trains: int, loans: int) -> None:
        gw = state["corps"]["GW"]
        assert state["cash"][0] == money
        if treasury is not None:
            assert gw["cash"] == treasury
        if price is not None:
            assert core.price(state, "GW") == price
        assert len(gw["trains"]) == trains and gw["loans"] == loans

    # 1. G1 buys FT, the first in line, for $20.
    act(0, "buy:FT")
    check(280, None, None, 0, 0)
    # 2. The others bid on later privates; G1 buys WSRC for $40; single bids sell at once,
    #    GLSC's two bidders hold an auction.
    act(1, "bid:NFSBC:105")
    act(2, "bid:TCC:55")
    act(3, "bid:GLSC:75")
    act(4, "bid:GLSC:80")
    act(0, "buy:WSRC")
    check(240, None, None, 0, 0)
    assert state["privates"]["TCC"]["owner"] == "p2" and state["auction"]["auctioning"] == "GLSC"
    act(3, "pass")  # G4 drops out: G5 buys GLSC for $80, then NFSBC goes to G2 for $105
    assert state["privates"]["GLSC"]["owner"] == "p4" and state["privates"]["NFSBC"]["owner"] == "p1"
    act(1, "buy:SCFTC")
    # 3. Stock round 1: G1 starts GW at $70; the $140 goes to the treasury.
    assert state["round"] == "stock" and state["sr"]["current"] == 2
    for seat in (2, 3, 4):
        act(seat, "pass")
    act(0, "par:GW:70")
    check(100, 140, 70, 0, 0)
    # 4. G1 buys another 10%, G3 takes one: four shares sold, all paid to the treasury.
    act(1, "pass")
    act(2, "buy:GW:ipo")
    for seat in (3, 4):
        act(seat, "pass")
    act(0, "buy:GW:ipo")
    check(30, 280, 70, 0, 0)
    while state["round"] == "stock":
        act(state["sr"]["current"], "pass")
    # 5. Operating round 1: G1 gets $5 + $10; GW operates and has its free London station.
    check(45, 280, 70, 0, 0)
    assert core.current_corp(state) == "GW" and gmap.tokens_of(state["map"], "GW") == [("F15", 0)]
    # 6. A loan: $100 (before the interest step).
    act(0, "loan")
    check(45, 380, 70, 0, 1)
    # 7. A yellow city in St. Thomas; no trains, no revenue: the price moves left to $65.
    lay = next(a.key for a in game.legal_prompts(state)[0].actions if a.key.startswith("lay:F17:"))
    act(0, lay)
    act(0, "pass")  # no station this time
    check(45, 380, 65, 0, 1)
    # 8. Two 2-trains at $100 each. The rulebook shows $180, but the loan's $10 interest is
    #    due in this round too (step 11's rule applies every round a loan is held; the
    #    reference engine charges it once the run step is past, trains or not): $170.
    act(0, "train:2-0")
    act(0, "train:2-1")
    check(45, 170, 65, 2, 1)
    while core.current_corp(state) == "GW":
        act(0, "pass")
    # 9. Stock round 2: G4 buys the fifth share; its $70 still goes to the treasury.
    #    (G1 bought last in stock round 1, so G2 has priority; G1, with $45, cannot buy.)
    assert state["round"] == "stock" and state["sr"]["current"] == 1
    act(1, "pass")
    act(2, "pass")
    act(3, "buy:GW:ipo")
    check(45, 240, 65, 2, 1)
    assert state["corps"]["GW"]["escrow"] == 0
    while state["round"] == "stock":
        act(state["sr"]["current"], "pass")
    # 10. Operating round 2: G1 gets $15; one 2-train runs London - St. Thomas for $50.
    check(60, 240, 65, 2, 1)
    act(0, "pass")  # no track
    while state["op"]["step"] == "token":
        act(0, "pass")
    assert state["op"]["plan"]["revenue"] == 50
    act(0, "run:best")
    # 11. Interest: $10 before paying out (rulebook: 250 -> 240; here 240 -> 230, see step 8).
    check(60, 230, 65, 2, 1)
    # 12. $5 per share: G1's 30% earns $15; the price moves right to $70.
    act(0, "payout")
    check(75, 230, 70, 2, 1)
    # 13. GW buys nothing and keeps its loan.
    while core.current_corp(state) == "GW":
        act(0, "pass")
    check(75, 230, 70, 2, 1)
    # 14. Escrow waits for Detroit; 30% to start once the 3-trains come out.
    assert not state["corps"]["GW"]["destinated"] and state["float_percent"] == 20


def test_a_company_over_its_train_limit_discards_by_its_presidents_choice() -> None:
    game = G1856()
    state = _late_position()
    state["corps"]["CA"]["trains"] = ["3-3", "4-0", "4-1"]
    core._check_train_limits(state)
    prompt = game.legal_prompts(state)[0]
    assert prompt.seat == state["corps"]["CA"]["president"]
    assert prompt.keys() == ["discard:3-3", "discard:4-0", "discard:4-1"]
    with pytest.raises(IllegalAction):
        core.run_routes(state, "WR", [])
    game.apply(state, prompt.seat, "discard:3-3")
    assert state["corps"]["CA"]["trains"] == ["4-0", "4-1"] and "3-3" in state["pool_trains"]
    assert state["discard"] == []


def test_bridge_and_tunnel_rights_are_sold_for_50_once_out_of_players_hands() -> None:
    state = replay(json.loads((DATA / "89363.json").read_text())).state
    # SCFTC belongs to CA (a company): WR may buy the tunnel right from CA for $50.
    assert state["privates"]["SCFTC"]["owner"] == "CA" and core.current_corp(state) == "WR"
    ca, wr = state["corps"]["CA"]["cash"], state["corps"]["WR"]["cash"]
    core.buy_right(state, "WR", "tunnel")
    assert state["corps"]["WR"]["rights"]["tunnel"] and state["spare_rights"]["tunnel"] == 1
    assert state["corps"]["CA"]["cash"] == ca + 50 and state["corps"]["WR"]["cash"] == wr - 50
    with pytest.raises(IllegalAction):
        core.buy_right(state, "WR", "tunnel")
    # NFSBC is still a player's: nobody may buy the bridge right yet.
    assert state["privates"]["NFSBC"]["owner"].startswith("p")
    assert not core.can_buy_right(state, "WR", "bridge")


def test_wsrc_gives_its_owner_a_free_station_in_kitchener() -> None:
    state = replay(json.loads((DATA / "89363.json").read_text())).state
    assert state["privates"]["WSRC"]["owner"] == "LPS"
    assert core.wsrc_token_spots(state, "WR") == []
    state["op"]["corp"] = "LPS"  # hand-built: LPS's turn
    cash = state["corps"]["LPS"]["cash"]
    assert core.wsrc_token_spots(state, "LPS") == [0, 1]
    core.wsrc_token(state, "LPS", 1)
    assert ("I12", 1) in gmap.tokens_of(state["map"], "LPS") and state["corps"]["LPS"]["cash"] == cash
    assert core.wsrc_token_spots(state, "LPS") == []
