"""Treasure of Silver Lake: registration, the picture, the agent, and the deep kit runs.

The registry kit (tests/test_kit_all_games.py) runs 24 seeds per player count in make test;
here the slow tests run 200 seeds per player count and 200 agent-vs-random games.
"""

from __future__ import annotations

import copy
import random

import pytest

from bot.engine import get_game
from bot.engine.testkit import check_game, play_forward
from bot.games.silver_lake.rules import SilverLake
from bot.render import board_png


def test_registered_with_metadata() -> None:
    game = get_game("silver-lake")
    assert isinstance(game, SilverLake)
    assert (game.min_players, game.max_players) == (2, 6)
    assert game.rules_file == "treasure-of-silver-lake.txt"
    assert game.render_module == "bot.games.silver_lake.render"
    laps = next(option for option in game.options if option.name == "laps")
    assert laps.default == "3" and laps.choices == ("2", "3", "4", "5", "6", "7", "8")


def _played(players: int, seed: int, steps: int) -> dict:
    game = SilverLake()
    state = game.setup(players, {}, seed)
    return play_forward(game, state, chooser=random.Random(seed), steps=steps)


@pytest.mark.parametrize(("players", "steps"), [(2, 6), (6, 2000)])
def test_the_picture_is_drawn_from_the_public_view_only(players: int, steps: int) -> None:
    import io

    from PIL import Image

    game = SilverLake()
    state = _played(players, 3, steps)
    view = game.view(state, None)
    untouched = copy.deepcopy(view)
    png = board_png(game, view)
    assert view == untouched
    image = Image.open(io.BytesIO(png))
    assert 1000 <= image.width <= 1400 and image.height < 1400
    # Redrawing what nobody may see (deck order, nugget pile, dice seed) draws the same picture.
    hidden = game.conceal(state, None, random.Random(5))
    assert board_png(game, game.view(hidden, None)) == png


def test_the_picture_changes_with_owners_and_mortgages() -> None:
    game = SilverLake()
    state = game.setup(3, {}, 1)
    plain = board_png(game, game.view(state, None))
    state["owner"]["F1"] = 1
    owned = board_png(game, game.view(state, None))
    state["mortgaged"] = ["F1"]
    mortgaged = board_png(game, game.view(state, None))
    assert len({plain, owned, mortgaged}) == 3


def _agent_vs_random(games: int, players: int = 4) -> int:
    game = SilverLake()
    wins = 0
    for seed in range(games):
        hero = seed % players
        state = game.setup(players, {}, 1000 + seed)
        rng = random.Random(seed)
        while prompts := game.prompts(state):
            prompt = prompts[0]
            key = game.agent(state, prompt.seat, rng) if prompt.seat == hero else rng.choice(prompt.actions).key
            game.apply(state, prompt.seat, key)
        outcome = game.outcome(state)
        assert outcome is not None
        wins += hero in outcome.winners
    return wins


def test_the_agent_beats_random_players() -> None:
    assert _agent_vs_random(12) >= 9  # random play sells permits and declines purchases at random


@pytest.mark.slow
def test_the_agent_beats_random_players_over_200_games() -> None:
    wins = _agent_vs_random(200)
    assert wins >= 150, f"the agent won {wins} of 200 games at 4 players"


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_kit_200_seeds(players: int) -> None:
    playouts = check_game(SilverLake(), range(200), players)
    assert all(playout.outcome is not None for playout in playouts)
    assert not any("safeguard" in playout.outcome.reason for playout in playouts)
