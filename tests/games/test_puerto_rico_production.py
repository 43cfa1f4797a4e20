"""Puerto Rico, table option ``production``: the rulebook makes every role's action optional
except the captain's, so with ``production=choose`` a player may decline kinds of goods in
the craftsman phase and throw goods away before storage (``data/puerto-rico/README.md``).

The reason it matters: a barrel you did not want can force you onto an empty cargo ship.
"""

from __future__ import annotations

import json
import random

import pytest

from bot.engine import IllegalAction, State
from bot.games.puerto_rico.rules import PuertoRico, legal_keys
from tests.games.test_puerto_rico_rules import (
    clear_board,
    give_building,
    give_tiles,
    play,
    seat_of,
    set_goods,
    take_role,
)

GAME = PuertoRico()


def table(production: str) -> State:
    """Three seats with empty boards; seat 0 makes one indigo (plantation + small plant).
    The 4-barrel ship is empty; the 5 carries 4 corn, the 6 carries 5 sugar (neither full)."""
    state = GAME.setup(3, {"production": production}, seed=1)
    for seat in range(3):
        clear_board(state, seat)
    give_tiles(state, 0, "indigo")
    give_building(state, 0, "small-indigo-plant")
    state["ship_kind"] = [-1, 0, 2]
    state["ship_load"] = [0, 4, 5]
    return state


def later_round(state: State) -> None:
    """Every role card back on the table, as at the start of a new round."""
    state["role_taker"] = [-1] * len(state["role_taker"])


def test_option_is_documented_with_auto_as_default() -> None:
    [option] = GAME.options
    assert (option.name, option.default, option.choices) == ("production", "auto", ("auto", "choose"))
    with pytest.raises(ValueError, match="production must be one of auto, choose"):
        GAME.setup(3, {"production": "maybe"}, seed=1)


def test_auto_production_asks_nobody() -> None:
    state = table("auto")
    take_role(state, 1, "craftsman")
    assert state["phase"] == "role" and seat_of(state, 0)["goods"] == [0, 1, 0, 0, 0]


def test_an_unwanted_barrel_forces_its_owner_onto_the_empty_ship() -> None:
    """The forced-loading position. Auto: seat 0's single indigo must go on the empty
    4-barrel ship, which then stays half empty with indigo, so next round seat 0's four
    coffee find no ship. Choose: seat 0 declines the indigo, the ship stays empty, and the
    coffee ships next round."""
    forced = table("auto")
    take_role(forced, 1, "craftsman")
    take_role(forced, 0, "captain")
    assert legal_keys(forced) == ["ship:indigo:4"]  # the captain must load if able
    play(forced, "ship:indigo:4")
    assert forced["ship_kind"][0] == 1 and forced["ship_load"][0] == 1  # indigo, 1 of 4
    set_goods(forced, 0, coffee=4)
    later_round(forced)
    take_role(forced, 0, "captain")  # nothing can take the coffee
    assert seat_of(forced, 0)["goods"] == [0, 0, 0, 0, 1]  # three coffee lost at storage

    free = table("choose")
    take_role(free, 1, "craftsman")
    assert free["sub"] == "produce" and free["actor"] == 0  # only seat 0 produces anything
    assert legal_keys(free) == ["decline:indigo", "produce"]
    events = play(free, "decline:indigo")
    assert "{seat0} declines to produce indigo." in [e.text for e in events]
    assert free["phase"] == "role" and seat_of(free, 0)["goods"] == [0, 0, 0, 0, 0]
    assert free["goods_supply"][1] == 11
    take_role(free, 0, "captain")  # nobody can load: the ship stays empty
    assert free["ship_kind"][0] == -1 and free["ship_load"][0] == 0
    set_goods(free, 0, coffee=4)
    later_round(free)
    take_role(free, 0, "captain")
    assert legal_keys(free) == ["ship:coffee:4"]
    play(free, "ship:coffee:4")
    assert seat_of(free, 0)["vp"] == 5  # four barrels and the captain's privilege


def test_declining_kinds_one_by_one_factory_and_privilege() -> None:
    state = GAME.setup(3, {"production": "choose"}, seed=2)
    for seat in range(3):
        clear_board(state, seat)
    give_tiles(state, 0, "corn", 2)
    give_tiles(state, 0, "indigo")
    give_tiles(state, 0, "sugar")
    give_building(state, 0, "small-indigo-plant")
    give_building(state, 0, "small-sugar-mill")
    give_building(state, 0, "factory")
    give_tiles(state, 2, "corn")
    take_role(state, 0, "craftsman")
    (prompt,) = GAME.prompts(state)
    assert prompt.seat == 0 and not prompt.private
    assert prompt.keys() == ["decline:corn", "decline:indigo", "decline:sugar", "produce"]
    assert prompt.actions[-1].label == "Produce 2 corn, 1 indigo, 1 sugar"
    play(state, "decline:corn")
    assert legal_keys(state) == ["decline:indigo", "decline:sugar", "produce"]
    money = seat_of(state, 0)["money"]
    play(state, "produce")
    assert seat_of(state, 0)["goods"] == [0, 1, 1, 0, 0]
    assert seat_of(state, 0)["money"] == money + 1  # the factory counts the two kinds received
    # seat 1 makes nothing and is not asked; seat 2 is asked about its corn
    assert state["actor"] == 2 and legal_keys(state) == ["decline:corn", "produce"]
    play(state, "produce")
    # the privilege: only kinds the craftsman really produced (corn was declined), and
    # optional like the rest of the action
    assert legal_keys(state) == ["extra:indigo", "extra:sugar", "pass"]
    events = play(state, "pass")
    assert "{seat0} takes no extra good." in [e.text for e in events]
    assert seat_of(state, 0)["goods"] == [0, 1, 1, 0, 0] and state["phase"] == "role"
    # one kind: the privilege is still asked (it may be refused)
    state = table("choose")
    take_role(state, 0, "craftsman")
    play(state, "produce")
    assert legal_keys(state) == ["extra:indigo", "pass"]
    play(state, "extra:indigo")
    assert seat_of(state, 0)["goods"] == [0, 2, 0, 0, 0]
    # declining everything leaves the craftsman without the privilege (rulebook)
    state = table("choose")
    take_role(state, 0, "craftsman")
    play(state, "decline:indigo")
    assert state["phase"] == "role" and seat_of(state, 0)["goods"] == [0, 0, 0, 0, 0]


def test_voluntary_discard_before_storage() -> None:
    state = table("choose")
    state["ship_kind"] = [2, 0, 3]
    state["ship_load"] = [3, 4, 5]  # no ship takes indigo or coffee
    set_goods(state, 0, indigo=1, coffee=2)
    give_building(state, 0, "small-warehouse")
    set_goods(state, 1, sugar=1)
    take_role(state, 1, "captain")
    # seat 1 loads its sugar, then storage goes round from the captain: seat 1 holds nothing
    play(state, "ship:sugar:4")
    assert state["sub"] == "discard" and state["actor"] == 0
    assert legal_keys(state) == ["discard:indigo", "discard:coffee", "done"]
    refusal = _refusal(state, 0, "discard:corn")
    assert refusal == "You have no corn to throw away."
    events = play(state, "discard:indigo")
    assert "{seat0} throws away 1 indigo." in [e.text for e in events]
    assert legal_keys(state) == ["discard:coffee", "done"]
    play(state, "done")  # the rest fits: the warehouse keeps the coffee
    assert seat_of(state, 0)["goods"] == [0, 0, 0, 0, 2]
    assert state["phase"] == "role"


def test_auto_storage_offers_no_discard() -> None:
    state = table("auto")
    state["ship_kind"] = [2, 0, 3]
    state["ship_load"] = [3, 4, 5]
    set_goods(state, 0, indigo=1)
    take_role(state, 1, "captain")
    assert state["phase"] == "role" and seat_of(state, 0)["goods"] == [0, 1, 0, 0, 0]


def test_refusals_in_the_new_steps() -> None:
    state = table("choose")
    take_role(state, 1, "craftsman")
    assert _refusal(state, 0, "decline:coffee") == "You produce no coffee now, so there is none to decline."
    assert "There is no good called 'gold'" in _refusal(state, 0, "decline:gold")
    assert "throw goods away before storage" in _refusal(state, 0, "discard:indigo")
    assert "not your turn" in _refusal(state, 1, "produce")


def test_auto_tables_explain_that_nothing_can_be_declined() -> None:
    state = table("auto")
    assert "production is automatic (option production=auto)" in _refusal(state, 0, "decline:indigo")
    assert "production is automatic" in _refusal(state, 0, "discard:indigo")


def _refusal(state: State, seat: int, key: str) -> str:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, key)
    assert json.dumps(state, sort_keys=True) == before
    return str(error.value)


def test_agent_and_random_players_finish_games_with_choose() -> None:
    for seed in range(3):
        state = GAME.setup(4, {"production": "choose"}, seed)
        rng = random.Random(seed)
        asked = set()
        while GAME.prompts(state):
            asked.add(state["sub"])
            seat = state["actor"]
            key = GAME.agent(state, seat, rng) if seat % 2 else rng.choice(legal_keys(state))
            GAME.apply(state, seat, key)
        assert GAME.outcome(state) is not None
        assert {"produce", "discard"} <= asked
