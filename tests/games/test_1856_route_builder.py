"""Choosing a run by hand (``run:choose``, then ``stop:…``/``end``/``none`` per train), and the
turn-back keys that may be used once per turn so that every turn ends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.games.g1856 import core
from bot.games.g1856.rules import G1856
from bot.games.g1856.table_import import moves_of

RECORD = Path(__file__).parent / "data" / "1856" / "hotseat007.json"
GAME = G1856()


def keys(state: dict[str, Any]) -> list[str]:
    return [a.key for a in GAME.legal_prompts(state)[0].actions]


def play(state: dict[str, Any], *moves: str) -> None:
    for key in moves:
        GAME.apply(state, GAME.legal_prompts(state)[0].seat, key)


@pytest.fixture(scope="module")
def before_a_hand_built_run() -> dict[str, Any]:
    """Record hotseat007 as a table, up to the run its players chose by hand (action 538:
    $280, where the bot's best run earns $310)."""
    record = json.loads(RECORD.read_text())
    state = GAME.setup(len(record["players"]), {}, 0)
    for move in moves_of(record):
        if move.key == "run:choose":
            return state
        GAME.apply(state, move.seat, move.key)
    raise AssertionError("the record has no hand-built run")


def test_the_bots_best_run_can_be_rebuilt_by_hand(before_a_hand_built_run: dict[str, Any]) -> None:
    state = core.clone(before_a_hand_built_run)
    best = state["op"]["plan"]
    corp = core.current_corp(state)
    by_train = {r["train"]: r["stops"] for r in best["routes"]}
    play(state, "run:choose")
    for train in state["corps"][corp]["trains"]:
        for stop in by_train.get(train, []):
            assert f"stop:{stop}" in keys(state)
            play(state, f"stop:{stop}")
        play(state, "end" if train in by_train else "none")
    assert state["op"]["revenue"] == best["revenue"]


def test_only_stops_that_lead_to_a_legal_route_are_offered(before_a_hand_built_run: dict[str, Any]) -> None:
    state = core.clone(before_a_hand_built_run)
    corp = core.current_corp(state)
    play(state, "run:choose")
    first = keys(state)
    assert "none" in first and "back" in first and "end" not in first  # no route of one stop
    stop = next(k for k in first if k.startswith("stop:"))
    play(state, stop)
    assert "none" not in keys(state)
    # Every offered key is accepted, and the route ends only when "end" is offered.
    while "end" not in keys(state):
        play(state, next(k for k in keys(state) if k.startswith("stop:")))
    with pytest.raises(IllegalAction):
        GAME.apply(state, GAME.legal_prompts(state)[0].seat, f"stop:{stop.split(':', 1)[1]}")  # no stop twice
    play(state, "end")
    while state["op"].get("building"):
        play(state, "none")
    assert 0 < state["op"]["revenue"] <= before_a_hand_built_run["op"]["plan"]["revenue"]
    assert core.current_corp(state) == corp and state["op"]["step"] == "dividend"


def test_a_run_below_the_bots_best_is_made_by_hand() -> None:
    """The record's players ran less than the bot's best at least once; the imported table
    makes that run by hand, and (the import checks every action) earns what it earned."""
    record = json.loads(RECORD.read_text())
    state = GAME.setup(len(record["players"]), {}, 0)
    below = []
    best = None
    for move in moves_of(record):
        if move.key == "run:choose":
            best = state["op"]["plan"]["revenue"]
        GAME.apply(state, move.seat, move.key)
        if best is not None and state.get("op") and not state["op"].get("building"):
            below.append(state["op"]["revenue"] < best)
            best = None
    assert any(below)


def test_turning_back_is_offered_once_a_turn(before_a_hand_built_run: dict[str, Any]) -> None:
    state = core.clone(before_a_hand_built_run)
    play(state, "run:choose", "back")
    assert "run:choose" not in keys(state) and "run:best" in keys(state)


def test_a_bot_taking_over_in_the_middle_of_a_hand_built_run_answers_from_the_offer(
    before_a_hand_built_run: dict[str, Any],
) -> None:
    import random

    state = core.clone(before_a_hand_built_run)
    play(state, "run:choose")
    seat = GAME.legal_prompts(state)[0].seat
    assert GAME.agent(state, seat, random.Random(1)) == "back"
