"""Schwarzes Gold, rules fidelity round 3 (issue 28): no barrel on wasteland that has closed
again, and the texts (a singular barrel, the starter's kept point, the oil a rig, truck or
train would reach).

Positions are hand-built with the helpers of ``test_schwarzes_gold``.
"""

from __future__ import annotations

from bot.games.schwarzes_gold.board import neighbours8
from bot.games.schwarzes_gold.render import supply_text
from tests.games.test_schwarzes_gold import (
    B1926,
    GAME,
    act,
    end_phase1,
    keys,
    refused,
    rig,
    roll,
    started,
)

SHUT = {"board": "1926", "wasteland": "on", "black_train": "on", "settlements": "on"}


def closed_wasteland(a: int, b: int) -> dict:
    """Area 2/3 with oil on every field but B1, which emptied after wasteland A1 had opened
    and taken a token (as a truck's connection or the black train's curse leaves it)."""
    state = started(players=3, **SHUT)
    roll(state, a, b)
    assert GAME.roll_area(state) == "2/3"
    special = GAME.settlement_fields(state)
    state["tokens"] = {f: 1 for f in B1926.fields_of["2/3"] if f != "B1" and f not in special}
    state["supply"]["tokens"] -= len(state["tokens"])
    assert "A1" in state["tokens"] and GAME.locked(state, "A1")
    return state


def label(state: dict, key: str) -> str:
    [prompt] = GAME.prompts(state)
    return next(a.label for a in prompt.actions if a.key == key)


# -- a barrel on closed wasteland ---------------------------------------------------------------


def test_closed_wasteland_takes_no_barrel_and_no_stacked_token() -> None:
    state = closed_wasteland(1, 1)  # a double: stacking would be allowed elsewhere
    offered = keys(state)
    assert "barrel:A1" not in offered and "token:A1" not in offered
    assert "barrel:A2" in offered and "token:A2" in offered  # the open fields' oil still takes both
    assert "wasteland" in refused(state, 0, "barrel:A1")
    assert "wasteland" in refused(state, 0, "token:A1")


def test_the_offer_and_the_refusal_use_one_predicate() -> None:
    state = closed_wasteland(1, 2)
    for field in B1926.fields_of["2/3"]:
        assert (f"barrel:{field}" in keys(state)) == GAME.oil_open(state, field), field


# -- texts ---------------------------------------------------------------------------------------


def test_the_supply_says_one_barrel() -> None:
    assert supply_text({"tokens": 12, "barrels": 1}) == "Supply: 12 tokens, 1 barrel"
    assert supply_text({"tokens": 1, "barrels": 3}) == "Supply: 1 token, 3 barrels"


def test_start_or_train_labels_say_the_starter_keeps_the_point() -> None:
    state = started(players=3, start_or_train="on")
    rig(state, "A1", 0)
    state["tokens"]["A2"] = 1
    end_phase1(state, last=0)
    assert keys(state) == ["start", "train", "pass"]
    assert label(state, "start") == "Start phase 2 (take the black train; your train stays in hand: 1 point at the end)"
    assert "instead of the point" in label(state, "train")
    assert label(state, "pass") == "Keep your train (1 point at the end)"
    act(state, "start")
    act(state, "pass")
    act(state, "pass")
    assert state["points"] == [1, 1, 1]  # the starter's train stayed in hand: a point too


def test_phase_1_labels_say_how_much_oil_a_rig_or_truck_would_reach() -> None:
    state = started()
    roll(state, 3, 4)  # area 7
    fields = sorted(GAME.board(state).fields_of[GAME.roll_area(state)])
    centre = next(f for f in fields if len(neighbours8(f)) == 8)
    around = neighbours8(centre)  # NW, N, NE, W, E, SW, S, SE
    state["tokens"] = {n: 1 for n in around}
    state["barrels"] = [around[3]]  # the field to the west
    state["supply"]["barrels"] -= 1
    offered = {a.key: a.label for a in GAME.prompts(state)[0].actions}
    assert offered[f"rig:{centre}"] == f"Place an oil rig on {centre} (would reach 8 tokens + 1 barrel now)"
    assert offered[f"truck:{centre}:h"].endswith("facing along the row (would reach 2 tokens + 1 barrel now)")
    assert offered[f"truck:{centre}:v"].endswith("facing along the column (would reach 2 tokens now)")
    empty = next(f for f in fields if f not in state["tokens"] and not set(neighbours8(f)) & set(state["tokens"]))
    assert offered[f"rig:{empty}"] == f"Place an oil rig on {empty} (no oil in reach yet)"
