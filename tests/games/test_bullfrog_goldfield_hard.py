"""Bullfrog Goldfield's hooks for the hard bot's search: the cut-rollout evaluation."""

from __future__ import annotations

import json
import random

from bot.engine.search import rewards
from bot.games.bullfrog_goldfield.hard import projected_worth, spread, win_chances
from bot.games.bullfrog_goldfield.rules import ROLLOUT_STEPS, BullfrogGoldfield

GAME = BullfrogGoldfield()


def test_evaluate_gives_each_seat_one_reward_in_range_and_favours_the_richer() -> None:
    state = GAME.setup(4, {}, 5)
    state["cash"][2] += 150
    values = GAME.evaluate(state)
    assert values is not None and len(values) == 4
    assert all(0.0 <= v <= 1.0 for v in values)
    assert max(range(4), key=lambda seat: values[seat]) == 2
    assert values[0] == values[1] == values[3]


def test_evaluate_counts_a_charter_with_its_income_and_a_mine_running_dry_as_nothing() -> None:
    state = GAME.setup(2, {}, 5)
    mine = next(cid for cid, co in state["cos"].items() if "tiles" in co)
    co = state["cos"][mine]
    co.update({"status": "open", "charter": 0, "value": 30, "cash": 6})
    state["cash"][0] -= 30  # bought at 30: the money is now on the Income Track
    worth = projected_worth(state)
    assert worth[0] > worth[1], "a charter earns its value every cycle"
    co["tiles"] = []  # dug out before the end: the certificate will count nothing
    assert projected_worth(state)[0] < projected_worth(state)[1]


def test_win_chances_sum_like_the_searchs_rewards_and_sharpen_with_a_smaller_spread() -> None:
    worth = [500.0, 400.0, 300.0]
    wide, narrow = win_chances(worth, 200.0), win_chances(worth, 20.0)
    assert narrow[0] > wide[0] > wide[1] > wide[2]
    # the win parts sum to 1 - RANK_WEIGHT and the rank parts to RANK_WEIGHT * players / 2
    assert abs(sum(wide) - sum(rewards_of_ranks(3))) < 1e-9


def rewards_of_ranks(players: int) -> list[float]:
    from bot.engine import Outcome

    return rewards(Outcome.ranked([float(players - seat) for seat in range(players)], "test"))


def test_evaluate_finishes_a_pending_auction_on_a_copy_before_scoring_it() -> None:
    state = GAME.setup(2, {}, 11)
    state["cards"] = [1, 2]
    state.update({"phase": "act", "round": 1, "turn": 0, "order": [0, 1], "picked": 2})
    co = state["cos"]["gc"]
    co.update({"status": "open", "charter": 1, "value": 30, "cash": 0})
    co["shares"] = [0, None]
    GAME.apply(state, 0, "sell:gc")  # the auction waits for seat 1's bid
    before = json.dumps(state, sort_keys=True)
    cut = GAME.evaluate(state)
    assert json.dumps(state, sort_keys=True) == before, "the evaluation must not play on the rollout's state"
    finished = json.loads(before)
    while finished["auction"] is not None:
        seat = GAME.prompts(finished)[0].seat
        GAME.apply(finished, seat, GAME.agent(finished, seat, random.Random(0)))
    assert finished["cos"]["gc"]["value"] == 20, "a sale drops the company 10"
    assert cut == GAME.evaluate(finished)
    assert cut != win_chances(projected_worth(state), spread(state))


def test_evaluate_of_a_finished_game_is_its_real_result() -> None:
    state = GAME.setup(2, {}, 8)
    rng = random.Random(8)
    while GAME.prompts(state):
        prompt = GAME.prompts(state)[0]
        GAME.apply(state, prompt.seat, GAME.agent(state, prompt.seat, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert GAME.evaluate(state) == rewards(outcome)
    assert ROLLOUT_STEPS > 0
