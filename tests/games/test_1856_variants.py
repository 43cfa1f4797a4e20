"""1856 table options and THB's home city, on hand-built positions.

- THB (Toronto, Hamilton & Buffalo) has no fixed city in Hamilton (L15, two cities): while
  the printed hex has no track its home station goes to the first city; once a tile lies
  there its president chooses (18xx.games asks with a ``place_token`` at that moment).
- The 8-train variant: 8-trains ($1,000, $650 trading in a 4, 5 or 6) and phase 8 instead
  of D-trains and phase D; the 4-trains rust on the first 8.
- Unlimited bonus tokens: bridge and tunnel rights never run out.
- The importer maps the platform's optional rules onto these options and refuses others.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import board, core, economy
from bot.games.g1856 import map as gmap
from bot.games.g1856.replay18xx import ReplayError, _apply, replay
from bot.games.g1856.rules import G1856

State = dict[str, Any]


def _float(state: State, corp: str, seat: int = 0, cash: int = 0, trains: list[str] | None = None) -> None:
    """``corp`` started at $100 with ``seat`` its president (60%), fully capitalised."""
    c = state["corps"][corp]
    held = [0] * state["players"]
    held[seat] = 60
    c.update(par=100, cap="full", escrow=None, held=held, ipo=40, president=seat, cash=cash)
    c["trains"] = list(trains or [])
    core._set_pos(state, corp, [0, 4])


def _operating(state: State, corp: str, step: str) -> None:
    """It is ``corp``'s turn at ``step`` of an operating round (interest already paid)."""
    state["round"] = "operating"
    state["sr_number"] = max(1, state["sr_number"])
    state["or_number"], state["or_total"] = 1, 1
    state["corps"][corp].update(started=True, operated=True)
    state["op"] = {
        "order": [corp],
        "index": 0,
        "corp": corp,
        "step": step,
        "took_loan": [],
        "redeemed": [],
        "paid_interest": [corp],
        "laid": 1,
        "tcc_used": False,
        "routes": None,
        "revenue": 0,
        "penalty": 0,
        "bought_train": False,
        "wsrc_used": False,
        "home": None,
    }


# ---------------------------------------------------------------- THB's home city


def _thb_first_turn(hamilton_tile: str | None, phase: str = "3", others: dict[int, str] | None = None) -> State:
    """A 3-player game where THB (player 1 president) starts its first operating turn, with
    ``hamilton_tile`` laid on L15 (None: the printed hex) and ``others`` markers there."""
    state = core.new_game(3)
    state["phase"] = phase
    if hamilton_tile:
        gmap.lay_tile(state["map"], None, "L15", hamilton_tile, 0, phase)
    for city, corp in (others or {}).items():
        gmap._put_token(state["map"], corp, "L15", city)
    c = state["corps"]["THB"]
    c.update(par=100, held=[20, 0, 0], ipo=80, president=0, cap="escrow", escrow=0, cash=200)
    core._set_pos(state, "THB", [0, 4])
    core._start_operating_round(state)
    G1856()._prepare(state)
    assert core.current_corp(state) == "THB"
    return state


def test_thb_takes_hamiltons_first_city_while_the_hex_has_no_track() -> None:
    state = _thb_first_turn(None, phase="2")
    assert core.pending_home(state) is None
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 0)]
    assert not [r for r in state["map"]["reservations"] if r["corp"] == "THB"]


def test_thbs_president_chooses_hamiltons_city_once_a_tile_lies_there() -> None:
    game = G1856()
    state = _thb_first_turn("59")
    assert core.pending_home(state) == {"corp": "THB", "hex": "L15", "cities": [0, 1]}
    assert not gmap.tokens_of(state["map"], "THB")
    (prompt,) = game.legal_prompts(state)
    assert prompt.seat == 0
    assert prompt.keys() == ["home:L15:0", "home:L15:1"]
    assert "Hamilton" in prompt.text and "track to" in prompt.actions[0].label
    # Nothing else happens before the choice, and a city outside the offer is refused.
    with pytest.raises(IllegalAction, match="home station"):
        core.take_loan(state, "THB")
    with pytest.raises(IllegalAction, match="city 0 or 1"):
        core.choose_home(state, "THB", "L15", 2)
    with pytest.raises(IllegalAction):
        core.choose_home(state, "WR", "L15", 1)
    with pytest.raises(IllegalAction):
        game.apply(state, 0, "home:L15:7")
    game.apply(state, 0, "home:L15:1")
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]
    assert core.pending_home(state) is None
    assert not [r for r in state["map"]["reservations"] if r["corp"] == "THB"]
    # The turn goes on from the track step, with lays from the chosen city.
    assert state["op"]["step"] == "track" and state["op"]["lays"]
    (prompt,) = game.legal_prompts(state)
    keys = prompt.keys()
    assert any(k.startswith("lay:") for k in keys)


def test_thb_has_no_choice_when_only_one_city_has_room() -> None:
    state = _thb_first_turn("59", others={0: "WR"})
    assert core.pending_home(state) is None
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]


def test_the_importer_takes_thbs_home_station_from_a_place_token() -> None:
    seats = {0: 0, 1: 1, 2: 2}
    token = {"type": "place_token", "entity": "THB", "entity_type": "corporation", "id": 9}
    state = _thb_first_turn("59")
    _apply(state, {**token, "city": "59-0-1", "slot": 0}, seats, {}, {})
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]
    # Only one city had room: our engine placed it; the record must name the same city.
    state = _thb_first_turn("59", others={0: "WR"})
    _apply(state, {**token, "city": "59-0-1", "slot": 0}, seats, {}, {})
    assert gmap.tokens_of(state["map"], "THB") == [("L15", 1)]
    state = _thb_first_turn("59", others={0: "WR"})
    with pytest.raises(ReplayError, match="home station in city 0"):
        _apply(state, {**token, "city": "59-0-0", "slot": 0}, seats, {}, {})


# ---------------------------------------------------------------- the 8-train variant


def _phase_6(variant: str) -> State:
    """Phase 6 with every 2–6 sold: GW (player 1) to buy a train, holding a 4 and a 6, with
    $1,500; CA holds a 4 and a 5, the bank pool a 4."""
    state = core.new_game(4, variant)
    final = "8" if variant == "8" else "D"
    state["depot"] = {"2": 0, "3": 0, "4": 0, "5": 0, "6": 0, final: -1}
    state["bought"] = {"2": 6, "3": 5, "4": 4, "5": 3, "6": 2}
    state["phase"] = "6"
    state["float_percent"] = 60
    state["capitalization"] = "full"
    for sym in state["privates"]:
        core._close_private(state, sym)
    _float(state, "GW", 0, 1500, ["4-0", "6-0"])
    _float(state, "CA", 1, 300, ["4-1", "5-0"])
    state["pool_trains"] = ["4-2"]
    for corp in ("GW", "CA"):
        gmap.place_home_token(state["map"], corp)
    _operating(state, "GW", "buy_train")
    return state


def test_the_8_train_variant_sells_8s_not_ds() -> None:
    assert [t["name"] for t in economy.trains("8")] == ["2", "3", "4", "5", "6", "8"]
    assert [t["name"] for t in economy.trains("base")] == ["2", "3", "4", "5", "6", "D"]
    assert "8" in core.new_game(3, "8")["depot"] and "D" not in core.new_game(3, "8")["depot"]
    state = _phase_6("8")
    assert core.depot_trains(state) == ["8"]
    assert core.train_price(state, "8") == 1000
    with pytest.raises(IllegalAction, match="does not sell D"):
        core.buy_train(state, "GW", "D-0", 750, "4-0")
    # Trading in a 4, 5 or 6 takes $350 off: $650; a 2 or 3 cannot be traded.
    assert [core.trade_in_price(state, "8", t) for t in ("4", "5", "6", "3", "2")] == [650, 650, 650, None, None]
    (prompt,) = G1856().legal_prompts(state)
    # GW is at its limit of two: it may only trade in.
    keys = prompt.keys()
    assert {"train:8-0:trade:4-0", "train:8-0:trade:6-0"} <= set(keys)
    assert "train:8-0" not in keys
    labels = {a.key: a.label for a in prompt.actions}
    assert labels["train:8-0:trade:4-0"] == "Trade 4-0 and $650 for a 8-train"
    with pytest.raises(IllegalAction, match="costs \\$650"):
        core.buy_train(state, "GW", "8-0", 750, "4-0")


def test_the_first_8_train_starts_phase_8_and_rusts_the_4s() -> None:
    state = _phase_6("8")
    G1856().apply(state, 0, "train:8-0:trade:6-0")
    assert state["corps"]["GW"]["cash"] == 1500 - 650
    assert state["phase"] == "8" and state["bought"]["8"] == 1 and state["depot"]["8"] == -1
    # Every 4-train is gone (GW's, CA's and the pool's); 5s and 6s are permanent.
    assert state["corps"]["GW"]["trains"] == ["8-0"]
    assert state["corps"]["CA"]["trains"] == ["5-0"]
    assert state["pool_trains"] == ["6-0"]
    # Phase 8 plays as phase D: limit 2, three operating rounds, gray tiles, no loans.
    info, d = core.phase_info(state), economy.phase_info("D")
    assert (info["train_limit"], info["operating_rounds"]) == (2, 3) == (d["train_limit"], d["operating_rounds"])
    assert board.data()["phases"]["8"] == board.data()["phases"]["D"]
    assert not core.can_take_loan(state, "GW")
    # Off-boards pay their last value: Detroit $60, Lake Huron $40 as in phase D.
    assert board.revenue(board.hexes()["A20"]["offboards"][0]["revenue"], "8") == 60
    assert board.revenue(board.hexes()["H5"]["offboards"][0]["revenue"], "8") == 40


def test_the_base_game_sells_ds_that_rust_the_4s() -> None:
    state = _phase_6("base")
    assert core.depot_trains(state) == ["D"]
    assert core.trade_in_price(state, "D", "5-0") == 750
    core.buy_train(state, "GW", "D-0", 750, "4-0")
    assert state["phase"] == "D"
    assert state["corps"]["CA"]["trains"] == ["5-0"] and state["pool_trains"] == []


def test_in_the_8_train_variant_the_cgr_withholds_until_it_owns_an_8_or_a_5_or_6() -> None:
    state = _phase_6("8")
    state["corps"]["CA"].update(trains=["4-1"], loans=1)
    core._form_cgr(state, ["CA"], 1)
    if state.get("cgr_discard"):
        core.cgr_discard(state, None)  # its president keeps the 4
    cgr = state["corps"]["CGR"]
    assert cgr["trains"] == ["4-1"] and not cgr["permanent"]  # the 4 rusts on the 8
    _operating(state, "CGR", "buy_train")
    cgr["cash"] = 1200
    core.buy_train(state, "CGR", "8-0", 1000)
    assert cgr["permanent"] and cgr["trains"] == ["8-0"] and state["phase"] == "8"


# ---------------------------------------------------------------- unlimited bonus tokens


def _rights_position(unlimited: bool) -> State:
    """SCFTC (the tunnel) belongs to GW; CA may buy the right; the spare markers are gone."""
    state = core.new_game(4, unlimited_bonus_tokens=unlimited)
    _float(state, "GW", 0, 100)
    _float(state, "CA", 1, 200)
    for corp in ("GW", "CA"):
        gmap.place_home_token(state["map"], corp)
    state["privates"]["SCFTC"]["owner"] = "GW"
    state["spare_rights"]["tunnel"] = 0
    _operating(state, "CA", "buy_train")
    return state


def test_bonus_tokens_run_out_unless_unlimited() -> None:
    state = _rights_position(unlimited=False)
    assert not core.can_buy_right(state, "CA", "tunnel")
    with pytest.raises(IllegalAction):
        core.buy_right(state, "CA", "tunnel")
    state = _rights_position(unlimited=True)
    assert core.can_buy_right(state, "CA", "tunnel")
    keys = G1856().legal_prompts(state)[0].keys()
    assert "right:tunnel" in keys
    core.buy_right(state, "CA", "tunnel")
    assert state["corps"]["CA"]["rights"]["tunnel"] and state["spare_rights"]["tunnel"] == 0
    assert state["corps"]["CA"]["cash"] == 150 and state["corps"]["GW"]["cash"] == 150


def test_table_options_reach_the_state() -> None:
    game = G1856()
    state = game.setup(4, {"variant": "8", "destinations": "alternate", "bonus_tokens": "unlimited"}, 0)
    assert (state["variant"], state["alternate_destinations"], state["unlimited_bonus_tokens"]) == ("8", True, True)
    state = game.setup(4, {}, 0)
    assert (state["variant"], state["alternate_destinations"], state["unlimited_bonus_tokens"]) == (
        "base",
        False,
        False,
    )


# ---------------------------------------------------------------- the platform's optional rules


def test_the_platforms_optional_rules_map_onto_our_options() -> None:
    assert core.platform_options([]) == {
        "variant": "base",
        "alternate_destinations": False,
        "unlimited_bonus_tokens": False,
    }
    assert core.platform_options(["eight_train_variant", "unlimited_bonus_tokens", "alternate_destinations"]) == {
        "variant": "8",
        "alternate_destinations": True,
        "unlimited_bonus_tokens": True,
    }
    with pytest.raises(IllegalAction, match="'double_dividends'"):
        core.platform_options(["double_dividends"])


def test_the_importer_refuses_an_optional_rule_we_do_not_have() -> None:
    record = {
        "players": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}],
        "settings": {"optional_rules": ["double_dividends"]},
        "actions": [{"type": "pass", "entity": 1, "entity_type": "player", "id": 1}],
    }
    with pytest.raises(ReplayError, match="optional rule 'double_dividends'"):
        replay(record)


# ---------------------------------------------------------------- every game ends


def test_the_game_ends_after_the_last_stock_rounds_operating_rounds() -> None:
    game = G1856()
    for sr, over in ((core.LAST_STOCK_ROUND - 1, False), (core.LAST_STOCK_ROUND, True)):
        state = core.new_game(3)
        _float(state, "GW", 0, 100)
        gmap.place_home_token(state["map"], "GW")
        _operating(state, "GW", "buy_company")
        state["sr_number"] = sr
        core._end_operating_round(state)
        assert (state["round"] == "over") == over
        if over:
            assert state["ended"] == "limit" and game.legal_prompts(state) == []
            assert game.outcome(state).reason == f"Stock round {core.LAST_STOCK_ROUND} was the last."
        else:
            assert state["round"] == "stock" and state["sr_number"] == core.LAST_STOCK_ROUND
    # The proven bound on a whole game grows with the players and covers that many rounds.
    bounds = [G1856().max_actions(p) for p in (3, 4, 5, 6)]
    assert bounds == sorted(bounds) and bounds[0] > core.LAST_STOCK_ROUND * 1000


def _money(state: State) -> int:
    return state["bank"] + sum(state["cash"]) + sum(c["cash"] for c in state["corps"].values())


def test_random_play_goes_on_through_phase_8_to_the_end() -> None:
    """From phase 6 of the 8-train variant, random legal moves play on to the end: once the
    first 8 is bought no 4-train is left anywhere, the bank never sells a D, and money is
    conserved (between the bank, the players and the companies)."""
    import random

    game = G1856()
    reached = 0
    for seed in range(6):
        state = _phase_6("8")
        state["corps"]["GW"]["trains"] = ["6-0"]  # room for an 8
        game._prepare(state)
        rng = random.Random(seed)
        total = _money(state)
        for _ in range(3000):
            prompts = game.legal_prompts(state)
            if not prompts:
                break
            prompt = rng.choice(prompts)
            game.apply(state, prompt.seat, rng.choice(prompt.actions).key)
            assert _money(state) == total
            assert "D" not in state["depot"] and "D" not in core.depot_trains(state)
            if state["phase"] == "8":
                trains = state["pool_trains"] + [t for c in state["corps"].values() for t in c["trains"]]
                assert not [t for t in trains if t.startswith("4-")]
        assert game.outcome(state) is not None
        reached += state["phase"] == "8"
    assert reached >= 2
