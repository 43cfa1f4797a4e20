"""Puerto Rico against the shared test kit: 200 random games per player count, all checks."""

from __future__ import annotations

from bot.engine import get_game
from bot.games.puerto_rico.rules import PuertoRico


def test_registered_with_metadata() -> None:
    game = get_game("puerto-rico")
    assert isinstance(game, PuertoRico)
    assert (game.title, game.min_players, game.max_players) == ("Puerto Rico", 3, 5)
    assert game.rules_file == "puerto-rico.txt"
    assert game.render_module == "bot.games.puerto_rico.render"


def test_random_games_end_the_usual_way() -> None:
    """The uniform kit (tests/test_kit_all_games.py) runs 200 seeds per player count; here,
    that random games end by the rulebook's conditions, not by the round-100 safeguard."""
    from bot.engine.testkit import random_playout

    reasons = {reason for seed in range(30) for reason in random_playout(PuertoRico(), 4, seed, {}, thorough=False).state["end"]}
    assert "colonists" in reasons and "rounds" not in reasons


def test_heuristic_agent_plays_whole_games() -> None:
    import random

    game = PuertoRico()
    for players in (3, 4, 5):
        state = game.setup(players, {}, 42)
        rng = random.Random(42)
        steps = 0
        while prompts := game.prompts(state):
            key = game.agent(state, prompts[0].seat, rng)
            assert key in [action.key for action in prompts[0].actions]
            game.apply(state, prompts[0].seat, key)
            steps += 1
        assert game.outcome(state) is not None and steps < 600
