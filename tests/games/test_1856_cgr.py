"""The Canadian Government Railway's details on hand-built positions: the one-share
("false") presidency, the president's choice of station markers and trains after the
formation, borrowing a D, and train trades at face value only.

Every position starts from record 89363 at its end (four companies with three loans each),
moved on to phase 5 with the 6-trains next in the bank; the companies that are not meant
to merge are given the money to repay their loans when WR buys the first 6-train.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import core
from bot.games.g1856 import map as gmap
from bot.games.g1856.replay18xx import replay
from bot.games.g1856.rules import G1856

DATA = Path(__file__).parent / "data" / "1856"


def phase5_position(wr_cash: int = 1500) -> dict:
    """89363 at its end, moved on to phase 5 (privates closed, 2-trains rusted), WR to buy
    (the render tests use it too)."""
    state = replay(json.loads((DATA / "89363.json").read_text())).state
    state["depot"].update({"4": 0, "5": 0})
    state["bought"].update({"4": 4, "5": 3})
    state["phase"] = "5"
    state["float_percent"] = 60
    for sym in state["privates"]:
        core._close_private(state, sym)
    for c in state["corps"].values():
        c["trains"] = [t for t in c["trains"] if not t.startswith("2-")]
    state["op"]["step"] = "buy_train"
    state["op"]["paid_interest"].append("WR")
    state["corps"]["WR"]["cash"] = wr_cash  # 1500: buys the 6-train and repays its loans
    return state


def _form(state: dict, merging: list[str]) -> dict:
    """WR buys the first 6-train; every company not in ``merging`` can repay its loans, the
    presidents of ``merging`` let them merge into the CGR."""
    for corp, c in state["corps"].items():
        if c["loans"] and corp not in merging:
            c["cash"] = max(c["cash"], 100 * c["loans"])
    core.buy_train(state, "WR", "6-0", 700)
    while state.get("nationalization"):
        corp = state["nationalization"]["queue"][0]
        core.nationalization_choice(state, corp, pay=corp not in merging)
    return state


# ---------------------------------------------------------------- one-share presidency


def _false_presidency() -> dict:
    """CA alone merges; seat 0 held 30% of it: one CGR share, and the presidency with it."""
    state = phase5_position()
    assert state["corps"]["CA"]["held"] == [30, 0, 0, 0]
    return _form(state, ["CA"])


def test_a_single_share_gives_a_half_presidency() -> None:
    state = _false_presidency()
    cgr = state["corps"]["CGR"]
    assert cgr["president"] == 0 and cgr["false_president"] == 0
    assert cgr["held"] == [10, 0, 0, 0]
    # The president's certificate's second share is not issued yet: it is neither in the
    # treasury nor in the pool.
    assert cgr["held"][0] + cgr["pool"] + cgr["ipo"] == 90
    assert core.cgr_obligation(state, 0) and not core.cgr_obligation(state, 1)


def _stock_round(state: dict, seat: int) -> None:
    state["op"] = None
    core._start_stock_round(state, seat)
    state["sr_number"] = max(state["sr_number"], 3)


def test_the_half_president_must_buy_a_cgr_share_on_their_turn() -> None:
    state = _false_presidency()
    state["cash"][0] = 500
    _stock_round(state, 0)
    assert state["sr"]["current"] == 0
    keys = {a.key for p in G1856().legal_prompts(state) for a in p.actions}
    assert "buy:CGR:ipo" in keys and "pass" not in keys
    assert not any(k.startswith("buy:") and not k.startswith("buy:CGR") for k in keys)
    with pytest.raises(IllegalAction, match="must buy a CGR share"):
        core.sr_pass(state, 0)
    with pytest.raises(IllegalAction, match="CGR share"):
        core.buy_share(state, 0, "BBG", "ipo")
    cgr = state["corps"]["CGR"]
    ipo, pool, bank = cgr["ipo"], cgr["pool"], state["bank"]
    core.buy_share(state, 0, "CGR", "ipo")
    # Paid to the bank; the bought share stays in the treasury, the certificate grows.
    assert state["cash"][0] == 500 - cgr["par"] and state["bank"] == bank + cgr["par"]
    assert (cgr["ipo"], cgr["pool"]) == (ipo, pool)
    assert cgr["held"][0] == 20 and cgr["false_president"] is None
    assert sum(cgr["held"]) + cgr["pool"] + cgr["ipo"] == 100


def test_another_cgr_holder_who_buys_first_takes_the_presidency() -> None:
    state = phase5_position()
    state["corps"]["CA"]["held"] = [20, 0, 20, 0]  # seats 0 and 2 get one CGR share each
    state["corps"]["CA"]["ipo"] = 60
    _form(state, ["CA"])
    cgr = state["corps"]["CGR"]
    # From the 6-train buyer's president (seat 3) round the table: seat 0 comes first.
    assert cgr["president"] == 0 and cgr["held"] == [10, 0, 10, 0]
    state["cash"][2] = 500
    _stock_round(state, 2)
    core.buy_share(state, 2, "CGR", "pool" if cgr["pool"] else "ipo")
    assert cgr["president"] == 2 and cgr["false_president"] is None
    assert cgr["held"] == [10, 0, 20, 0]


def test_a_half_president_who_cannot_pay_ends_the_game() -> None:
    state = _false_presidency()
    state["cash"][0] = 5
    for c in state["corps"].values():
        c["held"][0] = 0 if c is not state["corps"]["CGR"] else c["held"][0]
    _stock_round(state, 0)
    assert state["round"] == "over" and state["ended"] == "false_president"
    assert G1856().outcome(state) is not None


# ---------------------------------------------------------------- markers and trains


def test_the_president_chooses_which_marker_to_keep_in_a_hex() -> None:
    state = phase5_position()
    # GW and LPS hold the two Toronto cities: the CGR may keep only one marker there.
    gmap._put_token(state["map"], "GW", "N11", 0)
    gmap._put_token(state["map"], "LPS", "N11", 1)
    _form(state, ["GW", "LPS"])
    assert state["cgr_markers"]["duplicates"] == ["N11"]
    game = G1856()
    (prompt,) = game.legal_prompts(state)
    assert prompt.seat == state["corps"]["CGR"]["president"]
    assert {a.key for a in prompt.actions} == {"cgr:remove:N11:0", "cgr:remove:N11:1"}
    with pytest.raises(IllegalAction):
        core.remove_cgr_marker(state, "F15", 0)  # not a choice now (and a home)
    with pytest.raises(IllegalAction, match="settle"):
        core.or_pass(state, core.current_corp(state))
    game.apply(state, prompt.seat, "cgr:remove:N11:1")
    assert [c for h, c in gmap.tokens_of(state["map"], "CGR") if h == "N11"] == [0]
    assert not state.get("cgr_markers")
    hexes = [h for h, _ in gmap.tokens_of(state["map"], "CGR")]
    assert len(hexes) == len(set(hexes))


def test_above_ten_markers_the_president_takes_off_non_homes() -> None:
    state = phase5_position()
    extra = ["B19", "H15", "J11", "J15", "K8", "L13", "M4", "N3", "P9"]
    for coord in extra:
        gmap._put_token(state["map"], "GW", coord, 0)
    _form(state, ["GW", "LPS", "CA"])
    homes = {"F15", "C14", "D17"}
    mine = gmap.tokens_of(state["map"], "CGR")
    pending = state["cgr_markers"]
    assert pending["excess"] == len(mine) - 10 > 0
    choices = core.cgr_marker_choices(state)
    assert choices and not homes & {h for h, _ in choices}
    with pytest.raises(IllegalAction, match="home"):
        core.remove_cgr_marker(state, "F15", 0)
    while state.get("cgr_markers"):
        coord, city = core.cgr_marker_choices(state)[0]
        core.remove_cgr_marker(state, coord, city)
    left = {h for h, _ in gmap.tokens_of(state["map"], "CGR")}
    assert len(left) == 10 and homes <= left
    assert gmap.next_token_cost(state["map"], "CGR") is None  # no spare marker left


def test_the_cgr_may_give_up_merged_trains_that_will_rust() -> None:
    state = phase5_position()
    state["corps"]["CA"]["trains"] = ["4-0"]
    state["corps"]["GW"]["trains"] = ["5-0"]
    _form(state, ["CA", "GW"])
    cgr = state["corps"]["CGR"]
    assert state["cgr_discard"] and core.cgr_discardable(state) == ["4-0"]
    game = G1856()
    (prompt,) = game.legal_prompts(state)
    assert {a.key for a in prompt.actions} == {"cgr:discard:4-0", "cgr:keep"}
    game.apply(state, prompt.seat, "cgr:discard:4-0")
    assert cgr["trains"] == ["5-0"] and "4-0" in state["pool_trains"]
    assert not state["cgr_discard"]


# ---------------------------------------------------------------- borrowing a D


def _cgr_to_operate() -> dict:
    """CA merges alone (its 3-train rusted on the 6): a trainless CGR runs next."""
    state = _form(phase5_position(), ["CA"])
    cgr = state["corps"]["CGR"]
    assert cgr["trains"] == [] and not cgr["permanent"]
    op = state["op"]
    if "CGR" not in op["order"][op["index"] + 1 :]:
        op["order"].insert(op["index"] + 1, "CGR")  # CA had run already: let the CGR run now
    while core.current_corp(state) != "CGR":
        core._end_turn(state)
    return state


def test_a_trainless_cgr_borrows_a_d_and_gives_it_back() -> None:
    state = _cgr_to_operate()
    cgr = state["corps"]["CGR"]
    core.or_pass(state, "CGR")  # no track
    if state["op"]["step"] == "token":
        core.or_pass(state, "CGR")
    assert state["op"]["step"] == "borrow" and core.can_borrow_train(state, "CGR")
    assert not core.must_buy_train(state, "CGR")  # it cannot pay for a D: it borrows instead
    game = G1856()
    keys = {a.key for p in game.legal_prompts(state) for a in p.actions}
    assert keys == {"borrow", "pass"}
    phase = state["phase"]
    game.apply(state, cgr["president"], "borrow")
    assert cgr["trains"] == ["D-0"] and cgr["borrowed"] == "D-0"
    assert state["phase"] == phase  # borrowing starts no phase and rusts nothing
    assert state["op"]["step"] == "route"
    game.apply(state, cgr["president"], "run:best")
    # It withholds by itself until it owns a permanent train; its price stays.
    assert state["op"]["step"] != "dividend"
    while core.current_corp(state) == "CGR":
        core.or_pass(state, "CGR")
    assert cgr["trains"] == [] and cgr["borrowed"] is None
    assert "D-0" in state["pool_trains"]
    assert state["bought"]["D"] == 1 and state["borrowed"]["D"] == 1


def test_the_cgr_borrows_only_until_it_has_owned_a_permanent_train() -> None:
    state = _cgr_to_operate()
    state["corps"]["CGR"]["permanent"] = True
    assert not core.can_borrow_train(state, "CGR")
    state["corps"]["CGR"]["permanent"] = False
    state["corps"]["CGR"]["cash"] = 1200
    assert core.must_buy_train(state, "CGR")  # it can pay for a D outright: it must buy


# ---------------------------------------------------------------- face-value trades


def test_the_cgr_trades_trains_at_face_value_only() -> None:
    state = _form(phase5_position(), ["CA", "GW"])
    while state.get("cgr_markers"):
        core.remove_cgr_marker(state, *core.cgr_marker_choices(state)[0])
    if state.get("cgr_discard"):
        core.cgr_discard(state, None)
    state["corps"]["CGR"]["trains"] = ["5-0"]
    state["corps"]["CGR"]["permanent"] = True
    buyer = core.current_corp(state)
    assert buyer and buyer != "CGR"
    state["op"]["step"] = "buy_train"
    state["corps"][buyer]["cash"] = 2000
    state["corps"][buyer]["trains"] = ["5-1"]  # not forced to buy: other companies' trains are offered
    with pytest.raises(IllegalAction, match="face value"):
        core.buy_train(state, buyer, "5-0", 100)
    keys = [a.key for p in G1856().legal_prompts(state) for a in p.actions]
    assert "train:5-0:CGR" in keys
    core.buy_train(state, buyer, "5-0", 550)
    assert state["corps"]["CGR"]["cash"] >= 550


def test_the_cgr_buys_no_train_that_will_rust() -> None:
    state = _cgr_to_operate()
    state["op"]["step"] = "buy_train"
    state["corps"]["CGR"]["cash"] = 1000
    state["corps"]["BBG"]["trains"] = ["4-0"]  # rusts when the first D is bought
    with pytest.raises(IllegalAction, match="rust"):
        core.buy_train(state, "CGR", "4-0", 350)
    keys = [a.key for p in G1856().legal_prompts(state) for a in p.actions]
    assert not any(k.startswith("train:4-0") for k in keys)


def test_nothing_moves_on_until_the_formation_is_settled() -> None:
    # WR's 6-train fills its train limit: its turn would end by itself, but the presidents
    # settle their loans (and the CGR's president its markers and trains) first.
    state = phase5_position()
    state["corps"]["WR"]["trains"] = ["5-0"]
    core.buy_train(state, "WR", "6-0", 700)
    assert state["nationalization"] and core.current_corp(state) == "WR"
    (prompt,) = G1856().legal_prompts(state)
    assert all(a.key.split(":")[0] in ("payoff", "merge") for a in prompt.actions)
    while state.get("nationalization"):
        core.nationalization_choice(state, state["nationalization"]["queue"][0], pay=False)
    assert state["round"] == "operating"


def test_a_first_6_train_that_ends_the_buyers_turn_at_once_does_not_crash() -> None:
    """Found by the agent against random seats (4 players, seed 0): LPS buys the first
    6-train, every company in debt repays from its treasury, the CGR does not form, LPS can buy nothing more, so its
    turn ends inside the purchase; the purchase must not then finish a step of the next turn."""
    from pathlib import Path

    from bot.games.g1856.rules import G1856

    saved = json.loads(
        (Path(__file__).parent / "data" / "1856" / "positions" / "first_6_train_ends_the_turn.json").read_text()
    )
    state = saved["state"]
    assert state["phase"] == "5" and core.current_corp(state) == "LPS"
    assert all(c["cash"] >= 100 * c["loans"] for c in state["corps"].values())
    G1856().apply(state, saved["seat"], saved["key"])
    assert state["phase"] == "6" and state.get("nationalization") is None
    assert "6-0" in state["corps"]["LPS"]["trains"]
    assert not any(c["loans"] for c in state["corps"].values())
    assert core.current_corp(state) != "LPS" and not state["corps"].get("CGR", {}).get("started")


# ---------------------------------------------------------------- dividends on 5% shares


def test_each_holders_cgr_dividend_is_rounded_up() -> None:
    """$710 over twenty 5% shares is $35.50 a share: the platform rounds each holder's
    part up (record 1856_game_end_bank ends exact only so), a 25% holder gets $178."""
    state = _cgr_to_operate()
    cgr = state["corps"]["CGR"]
    cgr["permanent"] = True
    cgr["held"] = [25, 15, 10, 0]
    cgr["pool"] = 5
    cgr["ipo"] = 100 - 55
    state["op"].update(step="dividend", revenue=710, penalty=0)
    before = list(state["cash"]), cgr["cash"]
    core.dividend(state, "CGR", "payout")
    paid = [now - was for now, was in zip(state["cash"], before[0], strict=True)]
    assert paid == [178, 107, 71, 0]
    assert cgr["cash"] - before[1] == 36  # the pool's 5%: $35.50, rounded up too


# ---------------------------------------------------------------- certificate limit


def _sixteen_certificates(state: dict) -> None:
    """Seat 0 takes shares from the treasuries and the pool up to sixteen certificates (CA,
    in the yellow zone, does not count)."""
    for corp, pct in {"BBG": 20, "LPS": 30, "WR": 40, "GW": 30}.items():
        c = state["corps"][corp]
        c["ipo"] -= pct
        c["held"][0] += pct
    state["corps"]["GW"]["pool"] -= 10
    state["corps"]["GW"]["held"][0] += 10
    state["cash"][0] = 1000
    assert core.cert_count(state, 0) - bool(state["corps"].get("CGR", {}).get("held", [0])[0]) == 16


def test_without_a_cgr_the_certificate_limit_stays() -> None:
    """Every company repays its loans at the first 6-train: the CGR does not form and the
    limit stays 16 at four players (the post-nationalization table would give 22)."""
    state = _form(phase5_position(), [])
    assert "CGR" not in state["corps"] and state["post_nationalization"]
    _stock_round(state, 0)
    _sixteen_certificates(state)
    assert core.sr_can_buy(state, 0, "LPS", "ipo") == "You are at your certificate limit."


def test_once_the_cgr_forms_the_limit_follows_the_companies_left() -> None:
    """CA merges: ten companies and the CGR are left, and the limit at four players is 22, so
    seat 0 with seventeen certificates (one of them its CGR share) may buy another."""
    state = _form(phase5_position(), ["CA"])
    _stock_round(state, 0)
    _sixteen_certificates(state)
    assert core.cert_count(state, 0) == 17
    assert core.sr_can_buy(state, 0, "CGR", "ipo") is None


def test_the_2021_loan_step_stays_when_no_cgr_forms() -> None:
    """Records of 2021: every company stopped at the loan step until the CGR formed; when
    it never forms (every company repaid), the platform went on stopping there."""
    state = phase5_position()
    state["platform_quirks"] = ["loan_step_always"]
    _form(state, [])
    assert "CGR" not in state["corps"] and state["post_nationalization"]
    assert core.step_actions(state, "loan")
    merged = _form(phase5_position(), ["CA"])
    merged["platform_quirks"] = ["loan_step_always"]
    assert core.step_actions(merged, "loan") == (
        core.can_payoff(merged, core.current_corp(merged)) or core.can_take_loan(merged, core.current_corp(merged))
    )
