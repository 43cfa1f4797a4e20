"""1856 rules found by replaying 18xx.games records (helper W3): each rule on a hand-built
position, and where the record is at hand (``/work/records_extra``), on the record itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.games.g1856 import core

RECORDS = Path("/work/records_extra")


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
