"""Finders Keepers: what the hard level's search gets from the game (issue 26).

Expert by turns, rollouts are scored at once by ``evaluate``, which plays the game out on the
bare table of :mod:`bot.games.finders_keepers.playout`; these tests hold that table to the
rules and the hooks to the contract's promises.
"""

from __future__ import annotations

import json
import random
from typing import Any

from bot.engine.search import RANK_WEIGHT, rewards
from bot.games.finders_keepers.playout import Table, choice, play_out
from bot.games.finders_keepers.rules import CARDS, FindersKeepers

GAME = FindersKeepers()


def expert(players: int, seed: int) -> dict[str, Any]:
    return GAME.setup(players, {"variant": "expert", "mode": "turns"}, seed)


def test_the_bare_table_plays_exactly_as_the_rules() -> None:
    """Random games at 2, 3 and 4 players: after every move the table's grid, hands, scores
    and turn are the rules' own, and it ends when the rules do."""
    for seed in range(9):
        players = 2 + seed % 3
        state = expert(players, seed)
        table = Table.of(state)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            prompt = GAME.prompts(state)[0]
            assert table.turn == prompt.seat
            offered = prompt.keys()
            assert sorted(table.playable(prompt.seat)) == sorted(key[5:] for key in offered)
            key = rng.choice(offered)
            GAME.apply(state, prompt.seat, key)
            table.play(prompt.seat, key[5:])
            assert (table.grid, table.hands, table.scores) == (state["grid"], state["hands"], GAME.scores(state))
        assert table.turn is None


def test_a_table_is_a_copy() -> None:
    state = expert(2, 3)
    before = json.dumps(state, sort_keys=True)
    table = Table.of(state)
    play_out(table.copy(), random.Random(1))
    play_out(table, random.Random(1))
    assert json.dumps(state, sort_keys=True) == before


def test_evaluate_gives_each_seat_a_reward_in_0_1_and_ranks_a_lead_higher() -> None:
    state = expert(3, 5)
    lead = json.loads(json.dumps(state))
    lead["captured"][1] = [lead["reserve"].pop() for _ in range(20)]  # seat 1 has taken 20 cards
    plain = GAME.evaluate(state)
    ahead = GAME.evaluate(lead)
    assert plain is not None and ahead is not None
    assert len(plain) == len(ahead) == 3
    assert all(0.0 <= value <= 1.0 for value in plain + ahead)
    assert ahead[1] > plain[1]
    assert ahead[1] > max(ahead[0], ahead[2])


def test_evaluate_of_a_finished_game_is_the_searchs_own_reward() -> None:
    state = expert(2, 8)
    rng = random.Random(2)
    while not GAME.is_over(state):
        seat = GAME.prompts(state)[0].seat
        GAME.apply(state, seat, GAME.agent(state, seat, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert GAME.evaluate(state) == rewards(outcome)
    assert max(rewards(outcome)) >= 1 - RANK_WEIGHT


def test_evaluate_leaves_the_basic_game_and_live_play_to_the_rules() -> None:
    basic = GAME.setup(2, {"variant": "basic", "mode": "turns"}, 1)
    live = GAME.setup(2, {"variant": "expert", "mode": "live"}, 1)
    assert GAME.evaluate(basic) is None
    assert GAME.evaluate(live) is None


def test_rollout_agent_plays_legal_tiles_in_every_variant() -> None:
    for players, options in ((4, {"variant": "expert", "mode": "turns"}), (2, {"variant": "basic", "mode": "turns"})):
        state = GAME.setup(players, options, 4)
        rng = random.Random(4)
        for _ in range(400):
            prompts = GAME.prompts(state)
            if not prompts:
                break
            seat = prompts[0].seat
            offered = prompts[0].keys()
            key = GAME.rollout_agent(state, seat, rng)
            assert key in offered
            GAME.apply(state, seat, key)
        assert GAME.is_over(state)


def test_the_play_out_policy_leaves_the_next_player_the_lesser_card() -> None:
    """Two grid cards, a Pip card (2 points) and a plain one, each wanted by both players: the
    policy takes the Pip card and leaves the plain one, except on its few random moves."""
    owl = next(n for n, card in sorted(CARDS.items()) if card.mascot)
    plain = next(n for n, card in sorted(CARDS.items()) if not card.mascot and not card.objects & CARDS[owl].objects)
    on_owl = sorted(CARDS[owl].objects)
    on_plain = sorted(CARDS[plain].objects)
    hands = [[on_plain[0], on_owl[0]], [on_plain[1], on_owl[1]]]
    table = Table([owl, plain, *[None] * 7], 1 << owl | 1 << plain, [], hands, [[], []], [0, 0], 0)
    picks = [choice(table, 0, random.Random(seed)) for seed in range(40)]
    assert picks.count(on_owl[0]) > 30
