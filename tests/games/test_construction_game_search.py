"""The Construction Game's hooks for the hard bot's search: the evaluation and the rollouts."""

from __future__ import annotations

import random

from bot.engine.search import search
from bot.games.construction_game import rules as R
from bot.games.construction_game.components import SLOT
from bot.games.construction_game.evaluation import projected_worths, win_chances, yearly_income

GAME = R.ConstructionGame()


def fresh(players: int = 2, **options: str) -> dict:
    state = GAME.setup(players, options, 7)
    state["turn"] = state["first"] = 0
    return state


def test_win_chances_one_value_per_seat_in_unit_interval_summing_to_one() -> None:
    for players in (2, 4):
        state = fresh(players)
        chances = GAME.evaluate(state)
        assert chances is not None and len(chances) == players
        assert all(0.0 <= chance <= 1.0 for chance in chances)
        assert abs(sum(chances) - 1.0) < 1e-9
        # Everyone starts alike: the same chances (positions are all YEAR END).
        assert max(chances) - min(chances) < 1e-9


def test_a_richer_contractor_is_the_favourite() -> None:
    state = fresh(3)
    state["cash"][1] += 300_000
    chances = win_chances(state)
    assert chances[1] > chances[0] and chances[1] > chances[2]
    assert abs(chances[0] - chances[2]) < 1e-9


def test_a_bigger_fleet_earns_more_and_projects_further() -> None:
    state = fresh(2)
    before = yearly_income(state, 0)
    # Three excavators bought on notes: net worth unchanged today (price in, notes out)...
    state["fleet"][0][SLOT["excavator"]] += 3
    state["notes"][0] += 180_000
    assert R.net_worth(state, 0) == R.net_worth(state, 1)
    # ... but the yard earns more a year (after interest), so the projection favours it.
    assert yearly_income(state, 0) > before
    projected, _years = projected_worths(state)
    assert projected[0] > projected[1]
    assert win_chances(state)[0] > 0.5


def test_notes_without_machines_cost_their_interest() -> None:
    state = fresh(2)
    state["cash"][0] += 100_000
    state["notes"][0] += 100_000
    assert R.net_worth(state, 0) == R.net_worth(state, 1)
    assert yearly_income(state, 0) < yearly_income(state, 1)
    assert win_chances(state)[0] < 0.5


def test_bankrupt_seat_has_no_chance_and_a_finished_game_gives_its_result() -> None:
    state = fresh(3)
    state["out"][2] = True
    state["out_order"].append(2)
    chances = win_chances(state)
    assert chances[2] == 0.0 and abs(chances[0] + chances[1] - 1.0) < 1e-9
    state["cash"][1] += 1_000
    state["over"] = {"reason": "test", "said": None}
    assert win_chances(state) == [0.0, 1.0, 0.0]


def test_years_game_evaluates_the_years_left() -> None:
    state = fresh(2, end="years", years="3")
    state["years"] = [2, 2]
    state["pos"] = [40, 10]
    _projected, left = projected_worths(state)
    assert abs(left - (3 - (2 + 40 / R.WEEKS))) < 1e-9


def test_rollout_agent_plays_legal_keys_through_a_game() -> None:
    state = GAME.setup(2, {}, 3)
    rng = random.Random(3)
    for _ in range(400):
        prompts = GAME.prompts(state)
        if not prompts:
            break
        prompt = rng.choice(prompts)
        legal = prompt.keys()
        key = GAME.rollout_agent(state, prompt.seat, rng)
        assert key in legal
        GAME.apply(state, prompt.seat, key)


def test_the_search_iterates_within_a_small_budget() -> None:
    state = GAME.setup(2, {}, 4)
    seat = GAME.prompts(state)[0].seat
    legal = GAME.prompts(state)[0].keys()
    result = search(GAME, state, seat, random.Random(4), budget_s=10.0, max_iterations=24)
    # Rollouts cut after ``rollout_cut`` moves: every iteration completes (a whole game's
    # rollout, 700+ moves, would not be done in the budget a bot has).
    assert result.iterations == 24 and result.dropped == 0
    assert result.key in legal
