"""Puerto Rico's hooks for the hard bot's search: the cut-off evaluation and the rollout policy."""

from __future__ import annotations

import random

from bot.engine import State
from bot.games.puerto_rico.evaluation import estimated_score, rounds_left
from bot.games.puerto_rico.rules import PuertoRico, legal_keys
from tests.games.test_puerto_rico_rules import clear_board, give_building, give_tiles, set_goods

GAME = PuertoRico()


def even_table(players: int = 3) -> State:
    """Seats with the same bare board: one occupied corn plantation, no goods, 3 doubloons."""
    state = GAME.setup(players, {}, seed=4)
    for seat in range(players):
        clear_board(state, seat)
        give_tiles(state, seat, "corn")
        state["seats"][seat]["money"] = 3
    return state


def test_the_evaluation_gives_every_seat_one_chance_in_0_1_summing_to_one() -> None:
    for players in (3, 4, 5):
        state = even_table(players)
        chances = GAME.evaluate(state)
        assert len(chances) == players
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert abs(sum(chances) - 1.0) < 1e-9
        assert max(chances) - min(chances) < 1e-9  # equal boards, equal chances


def test_a_clearly_better_position_is_ranked_higher() -> None:
    state = even_table()
    # seat 1: chips, a manned coffee roaster fed by two coffee plantations, goods in store
    state["seats"][1]["vp"] = 8
    give_tiles(state, 1, "coffee", 2)
    give_building(state, 1, "coffee-roaster", 2)
    set_goods(state, 1, coffee=2, tobacco=1)
    # seat 2: a little ahead of seat 0 (a small indigo plant and one indigo)
    give_tiles(state, 2, "indigo")
    give_building(state, 2, "small-indigo-plant")
    chances = GAME.evaluate(state)
    assert chances[1] > chances[2] > chances[0]
    assert chances[1] > 0.5


def test_the_same_lead_counts_for_more_near_the_end() -> None:
    early = even_table()
    early["seats"][0]["vp"] = 5
    late = even_table()
    late["seats"][0]["vp"] = 5
    late["vp_chips"] = 3  # the chips are nearly gone: the game is about to end
    assert rounds_left(late) < rounds_left(early)
    assert GAME.evaluate(late)[0] > GAME.evaluate(early)[0]


def test_a_finished_game_is_scored_by_its_final_scores() -> None:
    state = even_table()
    state["phase"] = "over"
    state["seats"][2]["vp"] = 2
    chances = GAME.evaluate(state)
    assert chances[2] > 0.95


def test_production_and_goods_raise_the_estimate() -> None:
    state = even_table()
    p = state["seats"][0]
    bare = estimated_score(p, 5.0)
    set_goods(state, 0, sugar=2)
    assert estimated_score(p, 5.0) > bare
    give_tiles(state, 0, "corn", 2)
    assert estimated_score(p, 5.0) > estimated_score(p, 0.0)


def test_the_rollout_policy_plays_legal_moves_to_the_end() -> None:
    state = GAME.setup(4, {}, seed=11)
    rng = random.Random(11)
    moves = 0
    while GAME.outcome(state) is None:
        seat = state["actor"]
        key = GAME.rollout_agent(state, seat, rng)
        assert key in legal_keys(state)
        GAME.apply(state, seat, key)
        moves += 1
    assert moves > 100
