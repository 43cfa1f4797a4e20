"""Whole recorded games (3, 4 and 5 players) replayed to their final scores.

The action lists in ``data/puerto-rico/replays/`` were produced by a deterministic scripted
policy (``PuertoRico.agent`` with ``random.Random(seed)`` in every seat) and then checked by
hand against the rules: building costs with privilege and quarries, the colonist ship and its
refills, which ships each kind could go to, storage losses, the end trigger and every
player's final score (see the breakdowns below and ``data/puerto-rico/README.md``).

Beyond replaying, the test keeps its own ledger written from the rulebook, independent of
the engine's scoring code: VP per loading (barrels, +1 occupied harbor, +1 the captain's
first loading of the phase), printed building VP from the building table, and the five
large buildings' bonuses.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.games.puerto_rico.buildings import BUILDINGS, GOOD_INDEX, TILES
from bot.games.puerto_rico.rules import PuertoRico

REPLAYS = Path(__file__).resolve().parents[2] / "data" / "puerto-rico" / "replays"
GAME = PuertoRico()

# Printed VP of every building (FACTS.md table), written out again so the ledger does not
# lean on the engine's own table.
PRINTED_VP = {
    "small-indigo-plant": 1, "small-sugar-mill": 1, "small-market": 1, "hacienda": 1, "construction-hut": 1,
    "small-warehouse": 1, "indigo-plant": 2, "sugar-mill": 2, "hospice": 2, "office": 2, "large-market": 2,
    "large-warehouse": 2, "tobacco-storage": 3, "coffee-roaster": 3, "factory": 3, "university": 3, "harbor": 3,
    "wharf": 3, "guild-hall": 4, "residence": 4, "fortress": 4, "customs-house": 4, "city-hall": 4,
}
VIOLET = {slug for slug in PRINTED_VP if slug not in {"small-indigo-plant", "small-sugar-mill", "indigo-plant",
                                                        "sugar-mill", "tobacco-storage", "coffee-roaster"}}

# Hand-checked final scores: chips + printed building VP + occupied large-building bonus.
EXPECTED = {
    "3p-seed101.json": [
        (11, 18, 5),  # fortress: 15 colonists -> 5
        (16, 17, 4),  # residence: 7 island spaces -> 4
        (18, 20, 10),  # guild hall 2 small + 2 large production = 6; customs house 18 // 4 = 4
    ],
    "4p-seed202.json": [
        (28, 14, 0),
        (32, 16, 0),
        (14, 19, 8),  # guild hall: 2 small + 3 large production; residence unoccupied
        (34, 8, 0),
    ],
    "5p-seed303.json": [
        (17, 24, 11),  # guild hall 1 + 2*3 = 7; residence 7 spaces -> 4
        (21, 19, 7),  # fortress: 21 colonists -> 7
        (16, 20, 0),
        (32, 5, 0),
        (22, 15, 5),  # customs house 22 // 4
    ],
}
EXPECTED_RANKS = {
    "3p-seed101.json": [3, 2, 1],
    "4p-seed202.json": [3, 1, 4, 2],  # seats 0 and 3 tie on 42: 11 doubloons + goods beat 8
    "5p-seed303.json": [1, 2, 5, 4, 3],
}


def _occupied(p: dict[str, Any], slug: str) -> bool:
    city = [BUILDINGS[b].slug for b in p["city"]]
    return slug in city and p["city_men"][city.index(slug)] > 0


def _ledger_bonus(p: dict[str, Any]) -> int:
    city = [BUILDINGS[b].slug for b in p["city"]]
    bonus = 0
    if _occupied(p, "guild-hall"):
        bonus += sum(1 for s in city if s in ("small-indigo-plant", "small-sugar-mill"))
        bonus += 2 * sum(1 for s in city if s in ("indigo-plant", "sugar-mill", "tobacco-storage", "coffee-roaster"))
    if _occupied(p, "residence"):
        bonus += {10: 5, 11: 6, 12: 7}.get(len(p["island"]), 4)
    if _occupied(p, "fortress"):
        bonus += (p["san_juan"] + sum(p["island_men"]) + sum(p["city_men"])) // 3
    if _occupied(p, "customs-house"):
        bonus += p["vp"] // 4
    if _occupied(p, "city-hall"):
        bonus += sum(1 for s in city if s in VIOLET)
    return bonus


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recorded_game_replays_to_the_hand_checked_scores(name: str) -> None:
    record = json.loads((REPLAYS / name).read_text())
    players = record["players"]
    state = GAME.setup(players, {}, record["seed"])
    chips = [0] * players
    captain, captain_has_loaded = -1, False
    for seat, key in record["actions"]:
        assert GAME.prompts(state)[0].seat == seat
        if key == "role:captain":
            captain, captain_has_loaded = seat, False
        if state["sub"] == "load" and key != "pass":
            p = state["seats"][seat]
            head, good, *ship = key.split(":")
            have = p["goods"][GOOD_INDEX[good]]
            if head == "wharf":
                barrels = have
            else:
                index = state["ship_caps"].index(int(ship[0]))
                barrels = min(have, state["ship_caps"][index] - state["ship_load"][index])
            vp = barrels + (1 if _occupied(p, "harbor") else 0)
            if seat == captain and not captain_has_loaded:
                vp += 1
                captain_has_loaded = True
            chips[seat] += vp
        GAME.apply(state, seat, key)
    assert GAME.prompts(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None
    ledger = []
    for seat, p in enumerate(state["seats"]):
        assert p["vp"] == chips[seat], f"seat {seat}: chips"
        printed = sum(PRINTED_VP[BUILDINGS[b].slug] for b in p["city"])
        ledger.append((chips[seat], printed, _ledger_bonus(p)))
    assert ledger == EXPECTED[name]
    assert list(outcome.scores) == [sum(parts) for parts in EXPECTED[name]] == record["scores"]
    assert list(outcome.ranks) == EXPECTED_RANKS[name] == record["ranks"]


def test_the_three_player_game_key_moments() -> None:
    """Spot checks along the 3-player record, each worked out by hand from the rules."""
    record = json.loads((REPLAYS / "3p-seed101.json").read_text())
    state = GAME.setup(3, {}, record["seed"])
    seen: dict[int, Any] = {}
    for index, (seat, key) in enumerate(record["actions"]):
        GAME.apply(state, seat, key)
        if index == 1:  # the builder's indigo plant: 3 - 1 privilege, paid from 2 doubloons
            seen["builder"] = state["seats"][0]["money"]
        if index == 8:  # after the first mayor phase: 3 empty indigo-plant circles -> 3 on the ship
            seen["refill"] = (state["ship"], state["supply"])  # 55 - 1 privilege - 3
        if index == 13:  # round 2: one doubloon on each of craftsman, trader, captain
            seen["money"] = list(state["role_money"])
    assert seen["builder"] == 0
    assert seen["refill"] == (3, 51)
    assert seen["money"] == [0, 0, 0, 1, 1, 1]
    assert state["end"] == ["colonists"] and state["round"] == 15
    assert [TILES[t] for t in state["seats"][2]["island"]].count("quarry") == 3
