"""Treasure of Silver Lake: the heuristic's crossroads choice and the hard bot's hooks
(its quick rollout policy and its evaluation of a position)."""

from __future__ import annotations

import json
import random
from typing import Any

from bot.engine.testkit import random_walk
from bot.games.silver_lake.agent import (
    finish_first_chance,
    fork_choice,
    progress,
    rollout_choice,
    shortcut_choice,
    win_chances,
)
from bot.games.silver_lake.board import SPACES
from bot.games.silver_lake.rules import SilverLake

from .test_silver_lake import Loaded, city, fresh


def at_the_crossroads(dice: tuple[int, int], players: int = 2) -> tuple[Loaded, dict[str, Any]]:
    """Seat 0 throws ``dice`` from Eagle: one step to the crossroads, the rest still to go."""
    game = Loaded(dice)
    state = fresh(players)
    state["seats"][0]["pos"] = city("Eagle")
    game.apply(state, 0, "roll")
    assert state["phase"] == "fork"
    return game, state


def test_the_crossroads_choice_goes_for_the_landing() -> None:
    _, state = at_the_crossroads((3, 5))  # 7 steps on: the Silver Lake on the River Trail
    assert SPACES[36 + 7].kind == "treasure" and fork_choice(state, 0) == "branch:river"
    state["pile"] = ""  # every nugget found: nothing there, and the Mountain Pass is shorter
    assert fork_choice(state, 0) == "branch:mountain"
    _, state = at_the_crossroads((4, 6))  # 9 steps on: Butte, exactly (double reimbursement)
    assert SPACES[25 + 9].name == "Butte" and fork_choice(state, 0) == "branch:mountain"
    _, state = at_the_crossroads((3, 4))  # 6 steps on: the rockslide sends the Mountain Pass back
    assert SPACES[25 + 6].text == "rockslide" and fork_choice(state, 0) == "branch:river"
    game, state = at_the_crossroads((1, 3))  # 3 steps: the agent's choice is a legal move
    assert game.agent(state, 0, random.Random(0)) in ("branch:mountain", "branch:river")


def test_a_rival_area_ahead_on_the_mountain_pass_sends_the_agent_by_the_river() -> None:
    _, state = at_the_crossroads((1, 2))  # 2 steps on: M3 on the mountain, F4 on the river
    assert SPACES[25 + 2].permit == "M3" and SPACES[36 + 2].permit == "F4"
    assert fork_choice(state, 0) == "branch:mountain"  # both for sale: the shorter way
    state["owner"]["M3"] = 1  # a $155 fee on the mountain
    assert fork_choice(state, 0) == "branch:river"
    state["mortgaged"].append("M3")  # mortgaged: no fee, and a free exploit
    assert fork_choice(state, 0) == "branch:mountain"


def test_in_the_last_lap_a_nugget_counts_only_for_the_player_likely_to_finish_first() -> None:
    _, state = at_the_crossroads((3, 5))  # 7 steps on: the Silver Lake on the River Trail
    assert fork_choice(state, 0) == "branch:river"
    state["seats"][0]["laps"] = state["laps"] - 1  # the last lap: gold is cashed only by the finisher
    state["seats"][1].update(laps=state["laps"] - 1, pos=city("Tulsa"))  # a rival 34 steps ahead
    assert finish_first_chance(state, 0) < 0.1 and fork_choice(state, 0) == "branch:mountain"
    state["seats"][1]["laps"] = state["laps"] - 2  # the rival a lap behind: the nugget will be cashed
    assert finish_first_chance(state, 0) > 0.9 and fork_choice(state, 0) == "branch:river"


def test_the_optional_shortcut_is_skipped_when_a_rival_area_waits_where_it_lands() -> None:
    state = fresh(2)
    pony = next(s for s in SPACES if s.kind == "shortcut" and not s.must)
    state["seats"][0]["pos"] = pony.id
    landing = SPACES[pony.target].permit
    assert landing == "H7" and shortcut_choice(state, 0) == "shortcut:take"  # for sale: take it
    state["owner"][landing] = 1  # a rival's $145 fee, paid for sure
    assert shortcut_choice(state, 0) == "shortcut:skip"
    state["mortgaged"].append(landing)  # mortgaged: no fee and a free exploit
    assert shortcut_choice(state, 0) == "shortcut:take"
    state["mortgaged"].clear()
    state["owner"][landing] = 0  # one's own: an exploit
    assert shortcut_choice(state, 0) == "shortcut:take"


def test_the_evaluation_is_a_win_chance_per_seat_and_ranks_the_richer_higher() -> None:
    game = SilverLake()
    state = game.setup(3, {}, 5)
    even = win_chances(game, state)
    assert len(even) == 3 and abs(sum(even) - 1) < 1e-9 and max(even) - min(even) < 1e-9
    state["seats"][1]["cash"] += 600
    richer = win_chances(game, state)
    assert all(0 <= chance <= 1 for chance in richer) and richer[1] > richer[0] == richer[2]
    state["owner"]["M8"] = 2  # $400 in a permit instead of cash: worth the same, and it draws fees
    state["seats"][2]["cash"] -= 400
    behind = win_chances(game, state)
    assert behind[2] > behind[0]
    state["seats"][0]["pos"] = 20  # twenty steps ahead: closer to the cities still to come
    assert progress(state["seats"][0]) == 20 and win_chances(game, state)[0] > behind[0]


def test_the_evaluation_gets_sharper_near_the_end_and_is_the_result_at_the_end() -> None:
    game = Loaded((3, 4))
    state = game.setup(2, {}, 5)
    state["turn"] = 0
    state["seats"][0]["cash"] += 300
    early = win_chances(game, state)[0]
    for seat in state["seats"]:
        seat.update(laps=2, pos=80)  # a few steps from completing the third and last lap
    late = win_chances(game, state)[0]
    assert 0.5 < early < late < 1
    game.apply(state, 0, "roll")  # 7 steps: New Orleans for the third time ends the game
    assert state["phase"] == "over" and game.evaluate(state) == [1.0, 0.0]


def test_the_rollout_policy_plays_legal_moves_to_the_end() -> None:
    game = SilverLake()
    for players in (2, 4):
        state = game.setup(players, {}, players)
        moves = 0
        while prompts := game.prompts(state):
            legal = prompts[0].keys()
            key = game.rollout_agent(state, prompts[0].seat, random.Random(0))
            assert key in legal
            game.apply(state, prompts[0].seat, key)
            moves += 1
        assert game.outcome(state) is not None and moves > 50


def test_the_rollout_policy_answers_auctions_and_debts_legally() -> None:
    game = SilverLake()
    auctions = 0
    for seed in range(4):
        for state in random_walk(game, 3, seed):
            prompts = game.prompts(state)
            if prompts and state["phase"] in ("auction", "buy"):
                legal = prompts[0].keys()
                assert rollout_choice(json.loads(json.dumps(state)), prompts[0].seat) in legal
                auctions += state["phase"] == "auction"
    assert auctions
    for amount, expected in ((200, "sell:F1"), (5000, "insolvent")):
        state = fresh(2)
        state["owner"].update(F1=0, M8=0)
        state["mortgaged"].append("M8")
        state["seats"][0]["cash"] = 10
        game._charge(state, 0, [[-1, amount]], "a test debt", [])
        legal = game.prompts(state)[0].keys()
        assert state["phase"] == "debt" and expected in legal
        assert rollout_choice(state, 0) == expected  # the cheapest fee first; insolvent when nothing helps
