"""Puerto Rico rules: setup, the seven roles, all 23 buildings, the end, hidden VP.

Positions are built by hand: start from ``setup`` and edit the seats (tiles, buildings,
colonists, goods), then hand a role to a seat with :func:`take_role` and play keys. Every
worked example of the rulebook has a test here (search for "rulebook example").
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.engine import IllegalAction, State
from bot.games.puerto_rico.buildings import (
    BUILDING_INDEX,
    GOOD_INDEX,
    GOODS,
    PLANTATION_TILES,
    TILE_INDEX,
)
from bot.games.puerto_rico.rules import PuertoRico, build_cost, legal_keys, score_breakdown

GAME = PuertoRico()


# -- helpers -----------------------------------------------------------------------------------


def new(players: int = 3, seed: int = 1) -> State:
    return GAME.setup(players, {}, seed)


def seat_of(state: State, seat: int) -> dict[str, Any]:
    return state["seats"][seat]


def give_building(state: State, seat: int, slug: str, colonists: int = 1) -> None:
    """Put a building in ``seat``'s city (taken from the market) with ``colonists`` on it."""
    building = BUILDING_INDEX[slug]
    p = seat_of(state, seat)
    p["city"].append(building)
    p["city_men"].append(colonists)
    state["market"][building] -= 1


def give_tiles(state: State, seat: int, tile: str, count: int = 1, occupied: bool = True) -> None:
    p = seat_of(state, seat)
    for _ in range(count):
        p["island"].append(TILE_INDEX[tile])
        p["island_men"].append(1 if occupied else 0)


def clear_board(state: State, seat: int) -> None:
    p = seat_of(state, seat)
    p["island"], p["island_men"], p["city"], p["city_men"] = [], [], [], []


def set_goods(state: State, seat: int, **goods: int) -> None:
    p = seat_of(state, seat)
    p["goods"] = [goods.get(name, 0) for name in GOODS]


def take_role(state: State, seat: int, role: str) -> list:
    """Make ``seat`` the one choosing a role (as governor, first pick) and take ``role``."""
    state["phase"] = "role"
    state["sub"] = ""
    state["actor"] = seat
    state["governor"] = seat
    state["picks"] = 0
    return GAME.apply(state, seat, f"role:{role}")


def play(state: State, *keys: str) -> list:
    """Apply keys for whoever must act; returns all events."""
    events = []
    for key in keys:
        events += GAME.apply(state, state["actor"], key)
    return events


def keys(state: State) -> list[str]:
    return legal_keys(state)


def labels(state: State) -> dict[str, str]:
    (prompt,) = GAME.prompts(state)
    return {action.key: action.label for action in prompt.actions}


def unchanged_refusal(state: State, seat: int, key: str) -> str:
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, key)
    assert json.dumps(state, sort_keys=True) == before
    return str(error.value)


# -- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "money", "ships", "supply", "ship", "chips", "roles", "tiles"),
    [
        (3, 2, [4, 5, 6], 55, 3, 75, 6, ["indigo", "indigo", "corn"]),
        (4, 3, [5, 6, 7], 75, 4, 100, 7, ["indigo", "indigo", "corn", "corn"]),
        (5, 4, [6, 7, 8], 95, 5, 122, 8, ["indigo", "indigo", "indigo", "corn", "corn"]),
    ],
)
def test_setup_by_player_count(
    players: int, money: int, ships: list[int], supply: int, ship: int, chips: int, roles: int, tiles: list[str]
) -> None:
    state = new(players)
    assert [p["money"] for p in state["seats"]] == [money] * players
    assert [[TILE_INDEX[t]] for t in tiles] == [p["island"] for p in state["seats"]]
    assert all(p["island_men"] == [0] and p["vp"] == 0 for p in state["seats"])
    assert state["ship_caps"] == ships and state["ship_kind"] == [-1, -1, -1]
    assert (state["supply"], state["ship"], state["vp_chips"]) == (supply, ship, chips)
    assert len(state["role_money"]) == roles
    assert keys(state) == [f"role:{r}" for r in
                           ["settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector",
                            "prospector-2"][:roles]]
    assert len(state["face_up"]) == players + 1
    assert len(state["stack"]) + len(state["face_up"]) + players == sum(PLANTATION_TILES)
    assert state["quarries"] == 8
    assert state["goods_supply"] == [10, 11, 11, 9, 9]
    assert state["market"] == [4, 4, 2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1]
    assert state["governor"] == 0 and state["actor"] == 0


def test_setup_is_deterministic_and_shuffles_by_seed() -> None:
    assert new(4, 5) == new(4, 5)
    assert new(4, 5)["stack"] != new(4, 6)["stack"]


# -- round flow -------------------------------------------------------------------------------


def test_round_flow_roles_money_and_governor() -> None:
    state = new(4)
    assert state["actor"] == 0  # the governor starts
    play(state, "role:prospector")  # +1 doubloon, no action for the others
    assert seat_of(state, 0)["money"] == 4
    assert state["actor"] == 1 and state["phase"] == "role"
    play(state, "role:builder")
    order = []
    while state["phase"] == "builder":
        order.append(state["actor"])
        play(state, "pass")
    assert order == [1, 2, 3, 0]  # the builder first, then clockwise
    assert state["actor"] == 2
    play(state, "role:mayor", "colonist:take")
    assert [p["san_juan"] for p in state["seats"]] == [1, 1, 2, 1]
    order = []
    while state["phase"] == "mayor":
        order.append(state["actor"])
        play(state, "auto")
    assert order == [2, 3, 0, 1]
    play(state, "role:trader")  # nobody has goods: the phase passes at once
    # round over: one doubloon on each unused role; the governor passes left
    assert state["round"] == 2 and state["governor"] == 1 and state["actor"] == 1
    money = dict(zip(["settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector"],
                     state["role_money"], strict=True))
    assert money == {"settler": 1, "mayor": 0, "builder": 0, "craftsman": 1, "trader": 0, "captain": 1,
                     "prospector": 0}
    assert "role:prospector" in keys(state)  # used cards come back
    before = seat_of(state, 1)["money"]
    play(state, "role:craftsman")  # the doubloon on the card goes to its taker
    assert seat_of(state, 1)["money"] == before + 1


def test_doubloons_pile_up_on_a_role_left_for_several_rounds() -> None:
    state = new(3)
    for _ in range(3 * 3):
        assert state["phase"] == "role"
        play(state, next(k for k in keys(state) if k != "role:settler"))
        while state["phase"] not in ("role", "over"):
            play(state, keys(state)[-1])
    assert state["round"] == 4 and state["role_money"][0] == 3
    play(state, "role:settler")
    assert seat_of(state, state["taker"])["money"] >= 3


# -- settler ----------------------------------------------------------------------------------


def test_settler_privilege_quarry_only_for_the_settler() -> None:
    state = new(3)
    state["face_up"] = [0, 1, 3, 4]
    take_role(state, 0, "settler")
    assert "quarry" in keys(state)
    play(state, "quarry")
    assert seat_of(state, 0)["island"][-1] == TILE_INDEX["quarry"]
    assert state["quarries"] == 7
    assert state["actor"] == 1 and "quarry" not in keys(state)
    assert "quarry" in unchanged_refusal(state, 1, "quarry")
    play(state, "plant:coffee")
    assert seat_of(state, 1)["island"][-1] == TILE_INDEX["coffee"]
    assert "plant:coffee" not in keys(state)  # one coffee was face up
    play(state, "pass")
    # untaken tiles are discarded and n+1 new ones drawn
    assert state["discard"] == [1, 1, 0, 1, 0]  # corn, indigo, tobacco were left
    assert len(state["face_up"]) == 4


def test_construction_hut_lets_others_take_quarries_and_none_when_stack_empty() -> None:
    state = new(3)
    give_building(state, 1, "construction-hut")
    give_building(state, 2, "construction-hut", colonists=0)  # unoccupied: no function
    take_role(state, 0, "settler")
    play(state, "plant:" + GOODS[state["face_up"][0]])
    assert "quarry" in keys(state)
    play(state, "quarry")
    assert state["actor"] == 2 and "quarry" not in keys(state)
    state2 = new(3)
    state2["quarries"] = 0
    give_building(state2, 1, "construction-hut")
    take_role(state2, 0, "settler")
    assert "quarry" not in keys(state2)
    assert "No quarries are left." in unchanged_refusal(state2, 0, "quarry")


def test_hacienda_draws_face_down_then_normal_turn_and_reveals() -> None:
    state = new(3)
    give_building(state, 1, "hacienda")
    top = state["stack"][-1]
    take_role(state, 0, "settler")
    play(state, "pass")
    assert keys(state)[0] == "hacienda"
    events = play(state, "hacienda")
    assert any(e.reveals for e in events)
    assert seat_of(state, 1)["island"][-1] == top
    assert state["actor"] == 1 and "hacienda" not in keys(state)  # once, then the normal turn
    assert "already used your Hacienda" in unchanged_refusal(state, 1, "hacienda")
    play(state, "plant:" + GOODS[state["face_up"][0]])
    assert len(seat_of(state, 1)["island"]) == 3


def test_hacienda_and_construction_hut_interplay() -> None:
    """Rulebook: the hacienda tile is always face-down (never a quarry); the hut's quarry is
    the normal tile; a settler with both still takes only one quarry."""
    state = new(3)
    for slug in ("hacienda", "construction-hut"):
        give_building(state, 1, slug)
        give_building(state, 0, slug)
    take_role(state, 0, "settler")
    assert {"hacienda", "quarry"} <= set(keys(state))
    play(state, "hacienda")
    assert seat_of(state, 0)["island"][-1] != TILE_INDEX["quarry"]
    play(state, "quarry")
    assert state["actor"] == 1  # one quarry, turn over
    assert seat_of(state, 0)["island"].count(TILE_INDEX["quarry"]) == 1
    play(state, "hacienda", "quarry")
    island = seat_of(state, 1)["island"]
    assert island[-1] == TILE_INDEX["quarry"] and island[-2] != TILE_INDEX["quarry"]
    assert state["quarries"] == 6


def test_hospice_colonist_from_supply_then_ship_not_for_hacienda_tile() -> None:
    state = new(3)
    give_building(state, 0, "hospice")
    give_building(state, 0, "hacienda")
    take_role(state, 0, "settler")
    play(state, "hacienda")
    assert state["sub"] == "tile"  # no hospice colonist for the hacienda tile
    supply = state["supply"]
    play(state, "plant:" + GOODS[state["face_up"][0]])
    assert state["sub"] == "hospice" and keys(state) == ["colonist:take", "colonist:skip"]
    play(state, "colonist:take")
    assert seat_of(state, 0)["island_men"][-1] == 1 and seat_of(state, 0)["island_men"][-2] == 0
    assert state["supply"] == supply - 1
    # with the supply empty the colonist comes from the ship
    state = new(3)
    give_building(state, 0, "hospice")
    state["supply"] = 0
    take_role(state, 0, "settler")
    play(state, "quarry", "colonist:take")
    assert state["ship"] == 2 and seat_of(state, 0)["island_men"][-1] == 1
    # with neither, no question is asked
    state = new(3)
    give_building(state, 0, "hospice")
    state["supply"] = state["ship"] = 0
    take_role(state, 0, "settler")
    play(state, "quarry")
    assert state["actor"] == 1


def test_refill_reshuffles_discards_when_stack_runs_out() -> None:
    state = new(3)
    state["stack"] = [TILE_INDEX["coffee"]]
    state["discard"] = [2, 0, 0, 0, 0]
    state["face_up"] = [1, 2, 3, 4]
    take_role(state, 0, "settler")
    play(state, "plant:indigo", "plant:sugar", "plant:tobacco")
    # coffee was left over: discarded, then 1 drawn (the stack's coffee), then reshuffle
    assert sorted(state["face_up"]) == [0, 0, 4, 4]
    assert state["stack"] == [] and state["discard"] == [0, 0, 0, 0, 0]


def test_full_island_cannot_take_tiles() -> None:
    state = new(3)
    clear_board(state, 1)
    give_tiles(state, 1, "corn", 12)
    take_role(state, 0, "settler")
    play(state, "pass")
    assert state["actor"] == 2  # seat 1 is skipped


# -- mayor ------------------------------------------------------------------------------------


def test_mayor_privilege_ship_one_at_a_time_and_refill() -> None:
    state = new(4)
    state["ship"] = 6
    give_building(state, 2, "coffee-roaster", colonists=0)  # 2 empty circles
    give_building(state, 3, "sugar-mill", colonists=1)  # 2 empty circles
    take_role(state, 1, "mayor")
    assert keys(state) == ["colonist:take", "colonist:skip"]
    play(state, "colonist:take")
    # 6 colonists from the mayor (seat 1) round the table: 2, 2, 1, 1
    assert [seat_of(state, s)["san_juan"] for s in (1, 2, 3, 0)] == [3, 2, 1, 1]
    assert state["supply"] == 74
    play(state, "auto", "auto", "auto", "auto")
    # empty building circles after placement: coffee roaster 0, sugar mill 1 (one new colonist
    # to the sugar mill or the corn) -> at least the player count, 4
    assert state["ship"] == 4 and state["supply"] == 70


def test_mayor_refill_counts_empty_building_circles() -> None:
    state = new(3)
    for seat in range(3):
        give_building(state, seat, "tobacco-storage", colonists=0)
        give_building(state, seat, "indigo-plant", colonists=0)
    take_role(state, 0, "mayor")
    play(state, "colonist:skip", "done" if "done" in keys(state) else "auto")
    while state["phase"] == "mayor":
        play(state, "auto")
    empty = sum(sum(3 - m for m in seat_of(state, s)["city_men"]) for s in range(3))
    assert state["ship"] == empty and empty > 3


def test_mayor_placement_rules_done_and_reset() -> None:
    state = new(3)
    clear_board(state, 0)
    give_tiles(state, 0, "corn", 2, occupied=False)
    give_building(state, 0, "coffee-roaster", colonists=1)
    take_role(state, 0, "mayor")
    play(state, "colonist:skip")  # 1 from the ship for seat 0
    assert seat_of(state, 0)["san_juan"] == 1
    assert set(keys(state)) == {"place:corn", "place:coffee-roaster", "reset", "auto"}
    assert "empty circles" in unchanged_refusal(state, 0, "done")  # no San Juan while circles are empty
    play(state, "reset")
    assert seat_of(state, 0)["san_juan"] == 2 and seat_of(state, 0)["city_men"] == [0]
    assert "reset" not in keys(state)  # once per turn
    play(state, "place:corn", "place:corn")
    assert seat_of(state, 0)["island_men"] == [1, 1]
    assert keys(state) == ["done"]
    play(state, "done")
    assert state["actor"] == 1


def test_mayor_san_juan_only_when_every_circle_is_full() -> None:
    state = new(3)
    clear_board(state, 0)
    give_tiles(state, 0, "corn", 1, occupied=True)
    state["ship"] = 9
    take_role(state, 0, "mayor")
    play(state, "colonist:take")  # 4 waiting, no empty circle
    assert keys(state) == ["reset", "done"]
    play(state, "done")
    assert seat_of(state, 0)["san_juan"] == 4


def test_auto_place_builds_production_chains() -> None:
    state = new(3)
    clear_board(state, 0)
    give_tiles(state, 0, "coffee", 2, occupied=False)
    give_tiles(state, 0, "corn", 1, occupied=False)
    give_building(state, 0, "coffee-roaster", colonists=0)
    give_building(state, 0, "harbor", colonists=0)
    seat_of(state, 0)["san_juan"] = 4
    take_role(state, 0, "mayor")
    play(state, "colonist:skip")  # +1 from the ship: 5
    play(state, "auto")
    p = seat_of(state, 0)
    # 5 colonists for 6 circles: the harbor and the whole coffee chain come before corn
    assert p["city_men"] == [2, 1] and p["island_men"] == [1, 1, 0] and p["san_juan"] == 0


# -- builder ----------------------------------------------------------------------------------


def test_three_quarries_costs_rulebook_example() -> None:
    """Rulebook example: 3 occupied quarries pay hut 1, office 3, harbor 5, city hall 7."""
    state = new(3)
    give_tiles(state, 1, "quarry", 3)
    seat_of(state, 1)["money"] = 20
    take_role(state, 0, "builder")
    play(state, "pass")
    assert state["actor"] == 1
    costs = {slug: build_cost(state, 1, BUILDING_INDEX[slug])
             for slug in ("construction-hut", "office", "harbor", "city-hall")}
    assert costs == {"construction-hut": 1, "office": 3, "harbor": 5, "city-hall": 7}
    assert labels(state)["build:harbor"] == "Build Harbor (5 doubloons)"
    play(state, "build:city-hall")
    assert seat_of(state, 1)["money"] == 13


def test_builder_privilege_and_quarries_never_below_zero() -> None:
    state = new(3)
    give_tiles(state, 0, "quarry", 1)
    seat_of(state, 0)["money"] = 0
    take_role(state, 0, "builder")
    assert build_cost(state, 0, BUILDING_INDEX["small-indigo-plant"]) == 0  # 1 - 1 quarry - 1, not -1
    assert build_cost(state, 0, BUILDING_INDEX["small-market"]) == 0
    assert build_cost(state, 0, BUILDING_INDEX["hacienda"]) == 0  # 2 - 1 - 1
    assert "build:hacienda" in keys(state) and "build:small-sugar-mill" in keys(state)
    assert "build:indigo-plant" not in keys(state)  # 3 - 1 - 1 = 1 > 0 doubloons


def test_builder_privilege_not_paid_without_building() -> None:
    state = new(3)
    take_role(state, 0, "builder")
    before = seat_of(state, 0)["money"]
    play(state, "pass")
    assert seat_of(state, 0)["money"] == before


def test_unoccupied_quarries_do_not_discount() -> None:
    state = new(3)
    give_tiles(state, 1, "quarry", 2, occupied=False)
    take_role(state, 0, "builder")
    play(state, "pass")
    assert build_cost(state, 1, BUILDING_INDEX["harbor"]) == 8


def test_build_refusals_are_specific() -> None:
    state = new(3)
    seat_of(state, 1)["money"] = 5
    give_building(state, 1, "small-market")
    take_role(state, 0, "builder")
    play(state, "pass")
    assert unchanged_refusal(state, 1, "build:harbor") == "Harbor costs 8 doubloons and you have 5."
    assert "already have a Small Market" in unchanged_refusal(state, 1, "build:small-market")
    assert "no building called" in unchanged_refusal(state, 1, "build:castle")
    state["market"][BUILDING_INDEX["office"]] = 0
    assert "No Office is left" in unchanged_refusal(state, 1, "build:office")
    assert "not your turn" in unchanged_refusal(state, 2, "build:small-indigo-plant")


def test_one_of_each_large_needs_two_spaces_and_full_city_ends() -> None:
    state = new(3)
    p = seat_of(state, 1)
    p["money"] = 50
    for slug in ("small-indigo-plant", "small-sugar-mill", "small-market", "hacienda", "construction-hut",
                 "small-warehouse", "indigo-plant", "sugar-mill", "hospice", "office", "large-market"):
        give_building(state, 1, slug, colonists=0)
    take_role(state, 0, "builder")
    play(state, "pass")
    assert "build:guild-hall" not in keys(state)  # 11 spaces used, large needs 2
    assert "needs 2 free city spaces and you have 1" in unchanged_refusal(state, 1, "build:guild-hall")
    assert "build:small-market" not in keys(state)  # one of each
    events = play(state, "build:harbor")
    assert any("end after this round" in e.text for e in events)
    assert state["end"] == ["city"]
    assert state["phase"] == "builder"  # the round goes on


def test_university_colonist_on_the_new_building() -> None:
    state = new(3)
    give_building(state, 0, "university")
    seat_of(state, 0)["money"] = 10
    take_role(state, 0, "builder")
    play(state, "build:coffee-roaster")
    assert state["sub"] == "university"
    play(state, "colonist:take")
    p = seat_of(state, 0)
    assert p["city_men"][-1] == 1  # one colonist even on a two-circle building
    assert state["actor"] == 1


def test_builder_privilege_only_for_builder_and_copies_run_out() -> None:
    state = new(3)
    for seat in range(3):
        seat_of(state, seat)["money"] = 9
    state["market"][BUILDING_INDEX["wharf"]] = 1
    take_role(state, 0, "builder")
    play(state, "build:wharf")
    assert seat_of(state, 0)["money"] == 1  # 9 - (9 - 1)
    assert "build:wharf" not in keys(state)
    play(state, "build:harbor")
    assert seat_of(state, 1)["money"] == 1  # full price


# -- craftsman --------------------------------------------------------------------------------


def test_production_needs_occupied_plantations_and_circles_corn_direct() -> None:
    state = new(3)
    clear_board(state, 0)
    give_tiles(state, 0, "corn", 2)
    give_tiles(state, 0, "corn", 1, occupied=False)
    give_tiles(state, 0, "tobacco", 2)
    give_building(state, 0, "tobacco-storage", colonists=1)  # 1 of 3 circles
    give_tiles(state, 0, "indigo", 1)
    give_building(state, 0, "indigo-plant", colonists=0)  # unoccupied: nothing
    give_tiles(state, 0, "coffee", 1, occupied=False)
    give_building(state, 0, "coffee-roaster", colonists=2)  # no occupied coffee plantation
    take_role(state, 1, "craftsman")  # seat 0 is not the craftsman
    assert seat_of(state, 0)["goods"] == [2, 0, 0, 1, 0]


def test_factory_with_shortages_rulebook_example() -> None:
    """Rulebook example: 3 corn, 3 sugar, 1 tobacco possible, but no corn and only 2 sugar are
    left: David makes 2 sugar and 1 tobacco, two kinds, and the factory pays 1 doubloon."""
    state = new(3)
    clear_board(state, 2)
    give_tiles(state, 2, "corn", 3)
    give_tiles(state, 2, "sugar", 3)
    give_tiles(state, 2, "tobacco", 1)
    give_building(state, 2, "sugar-mill", colonists=3)
    give_building(state, 2, "tobacco-storage", colonists=1)
    give_building(state, 2, "factory")
    state["goods_supply"] = [0, 11, 2, 9, 9]
    money = seat_of(state, 2)["money"]
    take_role(state, 0, "craftsman")
    assert seat_of(state, 2)["goods"] == [0, 0, 2, 1, 0]
    assert seat_of(state, 2)["money"] == money + 1


@pytest.mark.parametrize(("kinds", "bonus"), [(1, 0), (2, 1), (3, 2), (4, 3), (5, 5)])
def test_factory_bonus_by_kinds(kinds: int, bonus: int) -> None:
    state = new(3)
    clear_board(state, 1)
    give_building(state, 1, "factory")
    names = ["corn", "indigo", "sugar", "tobacco", "coffee"][:kinds]
    buildings = {"indigo": "small-indigo-plant", "sugar": "small-sugar-mill",
                 "tobacco": "tobacco-storage", "coffee": "coffee-roaster"}
    for name in names:
        give_tiles(state, 1, name)
        if name in buildings:
            give_building(state, 1, buildings[name])
    money = seat_of(state, 1)["money"]
    take_role(state, 0, "craftsman")
    assert seat_of(state, 1)["money"] == money + bonus


def test_craftsman_extra_good_choice_single_and_none() -> None:
    state = new(3)
    clear_board(state, 0)
    give_tiles(state, 0, "corn")
    give_tiles(state, 0, "indigo")
    give_building(state, 0, "small-indigo-plant")
    take_role(state, 0, "craftsman")
    assert state["sub"] == "extra" and keys(state) == ["extra:corn", "extra:indigo"]
    play(state, "extra:indigo")
    assert seat_of(state, 0)["goods"] == [1, 2, 0, 0, 0]
    # one kind: given at once
    state = new(3)
    give_tiles(state, 0, "corn")
    take_role(state, 0, "craftsman")
    assert seat_of(state, 0)["goods"][0] == 2 and state["phase"] == "role"
    # nothing produced: no privilege
    state = new(3)
    take_role(state, 0, "craftsman")
    assert seat_of(state, 0)["goods"] == [0, 0, 0, 0, 0]
    # produced, but the others emptied the supply of it: no privilege either
    state = new(3)
    give_tiles(state, 0, "corn")
    give_tiles(state, 1, "corn")
    state["goods_supply"][0] = 2
    take_role(state, 0, "craftsman")
    assert seat_of(state, 0)["goods"][0] == 1 and seat_of(state, 1)["goods"][0] == 1


# -- trader -----------------------------------------------------------------------------------


def test_trader_prices_privilege_markets_and_corn_for_nothing() -> None:
    state = new(3)
    set_goods(state, 0, coffee=2)
    set_goods(state, 1, corn=1)
    set_goods(state, 2, tobacco=1)
    give_building(state, 2, "small-market")
    give_building(state, 2, "large-market")
    money = [p["money"] for p in state["seats"]]
    take_role(state, 0, "trader")
    assert labels(state)["sell:coffee"] == "Sell a coffee for 5 doubloons"
    play(state, "sell:coffee", "sell:corn", "sell:tobacco")
    assert [p["money"] - m for p, m in zip(state["seats"], money, strict=True)] == [5, 0, 6]
    assert [GOODS[k] for k in state["house"]] == ["coffee", "corn", "tobacco"]  # not full: stays


def test_trader_different_kinds_full_house_and_emptying() -> None:
    state = new(3)
    state["house"] = [GOOD_INDEX["sugar"], GOOD_INDEX["indigo"]]
    set_goods(state, 0, sugar=1, corn=1)
    set_goods(state, 1, tobacco=1)
    set_goods(state, 2, coffee=1)
    take_role(state, 0, "trader")
    assert keys(state) == ["sell:corn", "pass"]
    assert "already has sugar" in unchanged_refusal(state, 0, "sell:sugar")
    play(state, "sell:corn", "sell:tobacco")
    # full: seat 2 may not sell; the trader empties the full house into the supply
    assert state["phase"] == "role" and state["house"] == []
    assert seat_of(state, 2)["goods"][4] == 1
    assert state["goods_supply"] == [11, 12, 12, 10, 9]


def test_trader_privilege_not_paid_on_pass() -> None:
    state = new(3)
    set_goods(state, 0, coffee=1)
    money = seat_of(state, 0)["money"]
    take_role(state, 0, "trader")
    play(state, "pass")
    assert seat_of(state, 0)["money"] == money


def test_office_sells_a_kind_already_there_rulebook_example() -> None:
    """Rulebook example: tobacco in the house; Bob and Chris, both with an occupied office,
    each sell a tobacco; without an office it is refused."""
    state = new(4)
    state["house"] = [GOOD_INDEX["tobacco"]]
    for seat in (1, 2):
        give_building(state, seat, "office")
        set_goods(state, seat, tobacco=1)
    set_goods(state, 3, tobacco=1)
    take_role(state, 0, "trader")  # seat 0 has nothing: skipped
    assert state["actor"] == 1
    play(state, "sell:tobacco", "sell:tobacco")
    assert [GOODS[k] for k in state["house"]] == ["tobacco"] * 3
    assert state["phase"] == "role"  # seat 3, without an office, cannot sell tobacco: skipped
    # an office does not help when the house is full
    state = new(3)
    state["house"] = [0, 1, 2]
    give_building(state, 1, "office")
    set_goods(state, 0, coffee=1)
    set_goods(state, 1, coffee=1)
    take_role(state, 0, "trader")
    play(state, "sell:coffee")
    assert state["phase"] == "role" and seat_of(state, 1)["goods"][4] == 1


# -- captain ----------------------------------------------------------------------------------


def test_captain_must_load_all_that_fits_one_kind_per_turn_and_bonus_once() -> None:
    state = new(3)
    set_goods(state, 0, corn=3, indigo=2)
    take_role(state, 0, "captain")
    assert "pass" not in keys(state)
    # a new kind goes to the empty ship that takes the most: 3 corn fit any (4, 5, 6) ship
    assert set(keys(state)) == {"ship:corn:4", "ship:corn:5", "ship:corn:6",
                                "ship:indigo:4", "ship:indigo:5", "ship:indigo:6"}
    play(state, "ship:corn:4")
    assert seat_of(state, 0)["vp"] == 4  # 3 + captain's privilege
    assert state["ship_load"] == [3, 0, 0]
    # others have nothing: the captain loads again; indigo may not go on the corn ship
    assert set(keys(state)) == {"ship:indigo:5", "ship:indigo:6"}
    assert "carries corn" in unchanged_refusal(state, 0, "ship:indigo:4")
    play(state, "ship:indigo:6")
    assert seat_of(state, 0)["vp"] == 6  # no second bonus
    assert state["phase"] == "role"
    assert state["vp_chips"] == 75 - 6


def test_new_kind_goes_to_the_ship_taking_the_most() -> None:
    state = new(3)
    set_goods(state, 1, sugar=6)
    take_role(state, 0, "captain")
    assert keys(state) == ["ship:sugar:6"]  # 6 fit only on the 6-ship
    assert "empty ship that takes the most" in unchanged_refusal(state, 1, "ship:sugar:4")
    state = new(3)
    set_goods(state, 1, sugar=5)
    take_role(state, 0, "captain")
    assert keys(state) == ["ship:sugar:5", "ship:sugar:6"]  # both take all five


def test_kind_already_on_a_full_ship_cannot_load_elsewhere() -> None:
    state = new(3)
    state["ship_kind"] = [GOOD_INDEX["corn"], -1, -1]
    state["ship_load"] = [4, 0, 0]
    set_goods(state, 1, corn=2)
    take_role(state, 0, "captain")
    assert state["phase"] == "role"  # nobody could load: no prompt at all
    assert seat_of(state, 1)["goods"][0] == 1  # storage: one barrel kept
    assert state["ship_kind"] == [-1, -1, -1]  # the full corn ship was unloaded


def test_phase_continues_while_anyone_can_load() -> None:
    state = new(3)
    set_goods(state, 0, corn=1)
    set_goods(state, 1, corn=1, sugar=1)
    set_goods(state, 2, corn=1)
    take_role(state, 0, "captain")
    play(state, "ship:corn:4")  # 0
    play(state, "ship:corn:4")  # 1
    play(state, "ship:corn:4")  # 2
    assert state["actor"] == 1  # only seat 1 can still load
    play(state, "ship:sugar:6")
    assert [p["vp"] for p in state["seats"]] == [2, 2, 1]
    assert state["phase"] == "role"


def test_harbor_and_wharf_rulebook_example() -> None:
    """Rulebook example: 3 of 5 tobacco fill the tobacco ship (3+1), both sugar on the sugar
    ship (2+1), the last 2 tobacco by wharf (2+1): harbor +3 VP in the phase."""
    state = new(3)
    state["ship_kind"] = [GOOD_INDEX["tobacco"], GOOD_INDEX["sugar"], -1]
    state["ship_load"] = [1, 2, 0]
    give_building(state, 1, "harbor")
    give_building(state, 1, "wharf")
    set_goods(state, 1, tobacco=5, sugar=2)
    take_role(state, 0, "captain")
    assert state["actor"] == 1
    assert set(keys(state)) == {"ship:tobacco:4", "ship:sugar:5", "wharf:tobacco", "wharf:sugar"}
    play(state, "ship:tobacco:4")
    assert seat_of(state, 1)["vp"] == 4
    play(state, "ship:sugar:5")
    assert seat_of(state, 1)["vp"] == 7
    # tobacco's ship is full and tobacco may not start another: only the wharf remains
    assert keys(state) == ["wharf:tobacco", "pass"]
    play(state, "wharf:tobacco")
    assert seat_of(state, 1)["vp"] == 10
    assert seat_of(state, 1)["goods"] == [0, 0, 0, 0, 0]
    assert state["goods_supply"][GOOD_INDEX["tobacco"]] == 9 + 2 + 4  # wharf + unloaded full ship


def test_wharf_once_per_phase_and_may_be_declined() -> None:
    state = new(3)
    state["ship_kind"] = [0, 1, 2]
    state["ship_load"] = [4, 5, 6]  # all full
    give_building(state, 1, "wharf")
    set_goods(state, 1, corn=2, coffee=3)
    take_role(state, 0, "captain")
    assert keys(state) == ["wharf:corn", "wharf:coffee", "pass"]
    play(state, "wharf:coffee")
    assert seat_of(state, 1)["vp"] == 3
    assert state["sub"] == "store" or state["phase"] == "role"  # no second wharf: phase over
    assert seat_of(state, 1)["goods"] == [1, 0, 0, 0, 0]
    state = new(3)
    state["ship_kind"] = [0, 1, 2]
    state["ship_load"] = [4, 5, 6]
    give_building(state, 1, "wharf")
    set_goods(state, 1, corn=2)
    take_role(state, 0, "captain")
    play(state, "pass")
    assert seat_of(state, 1)["vp"] == 0 and seat_of(state, 1)["goods"] == [1, 0, 0, 0, 0]


def test_wharf_may_take_a_kind_already_on_a_ship() -> None:
    state = new(3)
    state["ship_kind"] = [0, -1, -1]
    state["ship_load"] = [1, 0, 0]
    give_building(state, 0, "wharf")
    set_goods(state, 0, corn=5)
    take_role(state, 0, "captain")
    assert set(keys(state)) == {"ship:corn:4", "wharf:corn"}
    play(state, "wharf:corn")
    assert seat_of(state, 0)["vp"] == 6  # 5 + captain


def test_captain_privilege_not_paid_without_loading() -> None:
    state = new(3)
    set_goods(state, 1, corn=1)
    take_role(state, 0, "captain")
    play(state, "ship:corn:4")
    assert seat_of(state, 0)["vp"] == 0 and seat_of(state, 1)["vp"] == 1


def test_storage_one_barrel_plus_warehouses() -> None:
    state = new(3)
    state["ship_kind"] = [0, 1, 2]
    state["ship_load"] = [4, 5, 6]
    set_goods(state, 0, tobacco=3, coffee=2)
    give_building(state, 1, "small-warehouse")
    set_goods(state, 1, corn=2, sugar=3, coffee=1)
    give_building(state, 2, "small-warehouse")
    give_building(state, 2, "large-warehouse")
    set_goods(state, 2, corn=2, indigo=2, sugar=2, tobacco=1)
    take_role(state, 0, "captain")
    # seat 0: no warehouse, two kinds -> keep one barrel of one of them
    assert keys(state) == ["keep:tobacco", "keep:coffee"]
    play(state, "keep:coffee")
    assert seat_of(state, 0)["goods"] == [0, 0, 0, 0, 1]
    # seat 1: small warehouse -> one whole kind, then one barrel
    assert keys(state) == ["store:corn", "store:sugar", "store:coffee"]
    play(state, "store:sugar")
    assert keys(state) == ["keep:corn", "keep:coffee"]
    play(state, "keep:corn")
    assert seat_of(state, 1)["goods"] == [1, 0, 3, 0, 0]
    # seat 2: both warehouses -> three whole kinds and one barrel of the fourth
    play(state, "store:corn", "store:indigo")
    assert keys(state) == ["store:sugar", "store:tobacco"]
    play(state, "store:sugar")
    assert seat_of(state, 2)["goods"] == [2, 2, 2, 1, 0]
    assert state["phase"] == "role"


def test_unoccupied_warehouse_does_not_store() -> None:
    state = new(3)
    state["ship_kind"] = [0, 1, 2]
    state["ship_load"] = [4, 5, 6]
    give_building(state, 1, "large-warehouse", colonists=0)
    set_goods(state, 1, sugar=3)
    take_role(state, 0, "captain")
    assert seat_of(state, 1)["goods"][2] == 1


def test_vp_chips_running_out_ends_and_points_are_tracked_beyond() -> None:
    state = new(3)
    state["vp_chips"] = 2
    set_goods(state, 0, corn=4)
    take_role(state, 0, "captain")
    play(state, "ship:corn:4")
    assert seat_of(state, 0)["vp"] == 5 and state["vp_chips"] == 0
    assert state["end"] == ["vp"]
    # the round is played out, then the game ends
    while state["phase"] != "over":
        play(state, keys(state)[0])
    assert state["round"] == 1
    outcome = GAME.outcome(state)
    assert outcome is not None and "victory point" in outcome.reason


# -- the end ---------------------------------------------------------------------------------


def test_colonists_short_at_refill_ends_the_game_after_the_round() -> None:
    state = new(3)
    state["supply"] = 2
    take_role(state, 0, "mayor")
    play(state, "colonist:take")
    while state["phase"] == "mayor":
        play(state, "auto" if "auto" in keys(state) else "done")
    assert state["end"] == ["colonists"] and state["ship"] == 1 and state["supply"] == 0
    assert state["phase"] == "role"  # the round is finished first
    while state["phase"] != "over":
        play(state, keys(state)[-1])
    assert state["round"] == 1
    assert GAME.prompts(state) == [] and GAME.outcome(state) is not None


def test_mayor_privilege_not_offered_when_supply_empty() -> None:
    state = new(3)
    state["supply"] = 0
    take_role(state, 0, "mayor")
    assert state["sub"] == "place"


def test_final_score_tiebreak_doubloons_plus_goods() -> None:
    state = new(3)
    for seat in range(3):
        seat_of(state, seat)["vp"] = 10
    seat_of(state, 1)["money"] = 5
    set_goods(state, 2, corn=4)  # 2 + 4 = 6 > 5
    state["phase"] = "over"
    state["end"] = ["city"]
    outcome = GAME.outcome(state)
    assert outcome.scores == (10, 10, 10)
    assert outcome.ranks == (3, 2, 1)


# -- large buildings: the rulebook's scoring examples -------------------------------------------


def scored(state: State, seat: int) -> dict[str, int]:
    return score_breakdown(seat_of(state, seat))


def test_guild_hall_rulebook_example() -> None:
    state = new(3)
    for slug in ("guild-hall", "small-sugar-mill", "sugar-mill", "small-indigo-plant", "coffee-roaster"):
        give_building(state, 0, slug, colonists=0)
    seat_of(state, 0)["city_men"][0] = 1
    assert scored(state, 0)["bonus"] == 6  # 1 + 2 + 1 + 2


def test_residence_rulebook_example() -> None:
    state = new(3)
    give_building(state, 0, "residence")
    give_tiles(state, 0, "corn", 9)  # 1 start tile + 9 = 10 island spaces
    assert scored(state, 0)["bonus"] == 5
    give_tiles(state, 0, "quarry", 2)
    assert scored(state, 0)["bonus"] == 7
    clear_board(state, 0)
    give_building(state, 0, "residence")
    assert scored(state, 0)["bonus"] == 4  # up to nine: 4


def test_fortress_rulebook_example() -> None:
    state = new(3)
    clear_board(state, 0)
    give_building(state, 0, "fortress")
    give_tiles(state, 0, "corn", 12)
    give_building(state, 0, "sugar-mill", colonists=3)
    seat_of(state, 0)["san_juan"] = 4  # 1 + 12 + 3 + 4 = 20 colonists
    assert scored(state, 0)["bonus"] == 6


def test_customs_house_rulebook_example() -> None:
    state = new(3)
    give_building(state, 0, "customs-house")
    seat_of(state, 0)["vp"] = 23
    assert scored(state, 0) == {"chips": 23, "buildings": 4, "bonus": 5, "total": 32}


def test_city_hall_rulebook_example() -> None:
    state = new(3)
    for slug in ("city-hall", "hacienda", "harbor", "office", "construction-hut", "large-warehouse", "residence"):
        give_building(state, 0, slug, colonists=0)
    seat_of(state, 0)["city_men"][0] = 1
    assert scored(state, 0)["bonus"] == 7


def test_unoccupied_large_buildings_score_only_their_vp() -> None:
    state = new(3)
    for slug in ("guild-hall", "residence", "fortress", "customs-house", "city-hall"):
        give_building(state, 0, slug, colonists=0)
    seat_of(state, 0)["vp"] = 40
    assert scored(state, 0) == {"chips": 40, "buildings": 20, "bonus": 0, "total": 60}


# -- hidden information -------------------------------------------------------------------------


def test_vp_chips_only_in_own_view_and_conceal_keeps_the_sum() -> None:
    state = new(4)
    for seat, vp in enumerate([3, 7, 11, 0]):
        seat_of(state, seat)["vp"] = vp
    public = GAME.view(state, None)
    assert all("vp_chips" not in s for s in public["seats"])
    assert '"vp' not in json.dumps(public["seats"])
    mine = GAME.view(state, 2)
    assert mine["seats"][2]["vp_chips"] == 11
    assert all("vp_chips" not in s for i, s in enumerate(mine["seats"]) if i != 2)
    for trial in range(20):
        hidden = GAME.conceal(state, 2, random.Random(trial))
        assert hidden["seats"][2]["vp"] == 11
        assert sum(hidden["seats"][s]["vp"] for s in (0, 1, 3)) == 10
        assert sorted(hidden["stack"]) == sorted(state["stack"])
        assert GAME.view(hidden, 2) == mine
    assert any(GAME.conceal(state, 2, random.Random(t))["seats"][0]["vp"] != 3 for t in range(20))


def test_vp_events_are_private_and_final_view_shows_scores() -> None:
    state = new(3)
    set_goods(state, 1, corn=2)
    take_role(state, 0, "captain")
    events = play(state, "ship:corn:4")
    private = [e for e in events if "VP" in e.text]
    assert private and all(e.visible_to == 1 for e in private)
    state["phase"] = "over"
    state["end"] = ["vp"]
    final = GAME.view(state, None)
    assert final["seats"][1]["vp_chips"] == 2 and final["seats"][1]["score"]["total"] == 2


# -- prompts, keys and refusals -------------------------------------------------------------------


def test_prompt_texts_use_seat_placeholders_and_keys_are_short() -> None:
    state = new(5)
    (prompt,) = GAME.prompts(state)
    assert "{seat0}" in prompt.text
    assert all(len(a.key) <= 80 and a.label for a in prompt.actions)
    assert any(a.label.startswith("Prospector (2nd card)") for a in prompt.actions)


def test_refusals_name_the_reason() -> None:
    state = new(3)
    assert "not your turn" in unchanged_refusal(state, 1, "role:builder")
    assert "not a Puerto Rico move" in unchanged_refusal(state, 0, "🐍")
    assert "but not now" in unchanged_refusal(state, 0, "build:harbor")
    assert "no 'prospector' role" in unchanged_refusal(state, 0, "role:prospector")  # none at 3 players
    play(state, "role:trader")  # nobody can sell: over at once
    assert "already been taken" in unchanged_refusal(state, 1, "role:trader")
    play(state, "role:builder")
    assert "choose a role, but not now" in unchanged_refusal(state, 1, "role:mayor")
    assert "cannot pass" not in unchanged_refusal(state, 1, "sell:corn")


def test_max_actions_is_a_real_bound_for_random_games() -> None:
    rng = random.Random(3)
    for players in (3, 4, 5):
        state = new(players, 11)
        steps = 0
        while prompts := GAME.prompts(state):
            GAME.apply(state, prompts[0].seat, rng.choice(prompts[0].actions).key)
            steps += 1
        assert steps < GAME.max_actions(players) / 20


def test_round_limit_safeguard() -> None:
    state = new(3)
    state["round"] = 100
    while state["phase"] != "over":
        play(state, keys(state)[-1])
    assert state["round"] == 100 and state["end"] == ["rounds"]


# -- unoccupied buildings never work ---------------------------------------------------------------


def test_unoccupied_violet_buildings_do_nothing() -> None:
    # markets and office
    state = new(3)
    state["house"] = [GOOD_INDEX["coffee"]]
    for slug in ("small-market", "large-market", "office"):
        give_building(state, 0, slug, colonists=0)
    set_goods(state, 0, coffee=1, corn=1)
    money = seat_of(state, 0)["money"]
    take_role(state, 0, "trader")
    assert keys(state) == ["sell:corn", "pass"]  # no office: coffee is refused
    play(state, "sell:corn")
    assert seat_of(state, 0)["money"] == money + 1  # corn 0 + trader 1, no market bonus
    # hacienda and hospice
    state = new(3)
    give_building(state, 0, "hacienda", colonists=0)
    give_building(state, 0, "hospice", colonists=0)
    take_role(state, 0, "settler")
    assert "hacienda" not in keys(state)
    play(state, "quarry")
    assert state["actor"] == 1
    # university
    state = new(3)
    give_building(state, 0, "university", colonists=0)
    take_role(state, 0, "builder")
    play(state, "build:small-market")
    assert state["actor"] == 1
    # factory
    state = new(3)
    clear_board(state, 0)
    give_building(state, 0, "factory", colonists=0)
    give_tiles(state, 0, "corn")
    give_tiles(state, 0, "indigo")
    give_building(state, 0, "small-indigo-plant")
    money = seat_of(state, 0)["money"]
    take_role(state, 1, "craftsman")
    assert seat_of(state, 0)["money"] == money
    # harbor and wharf
    state = new(3)
    state["ship_kind"] = [0, 1, 2]
    state["ship_load"] = [3, 5, 6]
    give_building(state, 0, "harbor", colonists=0)
    give_building(state, 0, "wharf", colonists=0)
    set_goods(state, 0, corn=1, coffee=2)
    take_role(state, 1, "captain")
    assert keys(state) == ["ship:corn:4"]
    play(state, "ship:corn:4")
    assert seat_of(state, 0)["vp"] == 1


def test_partial_ships_keep_their_load_for_the_next_captain() -> None:
    state = new(3)
    set_goods(state, 1, sugar=2)
    take_role(state, 0, "captain")
    play(state, "ship:sugar:4")
    assert state["ship_kind"] == [GOOD_INDEX["sugar"], -1, -1] and state["ship_load"] == [2, 0, 0]
    assert "sugar" in [ship["good"] for ship in GAME.view(state, None)["ships"]]


def test_place_refusals() -> None:
    state = new(3)
    clear_board(state, 0)
    give_building(state, 0, "harbor", colonists=1)
    give_tiles(state, 0, "corn", 1, occupied=False)
    take_role(state, 0, "mayor")
    play(state, "colonist:skip")
    assert "already full" in unchanged_refusal(state, 0, "place:harbor")
    assert "no empty coffee plantation" in unchanged_refusal(state, 0, "place:coffee")
    assert "no Office" in unchanged_refusal(state, 0, "place:office")
    play(state, "place:corn")
    assert "no colonist left in San Juan" in unchanged_refusal(state, 0, "place:corn")
