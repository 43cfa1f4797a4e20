"""Every prompt met in games between normal bots fits the controls (``make soak``).

The kit checks each prompt's layout along random walks, which seldom reach the positions
real players build: a late 5-player 1856 with track everywhere. There, a hand-built route
once offered 26 next stops on one menu (a hex with two cities counted once), a prompt
the random walks met on one unseen deal in twenty. Here the normal bots play whole games, every
prompt on the way is laid out, and at each 1856 run step the route is also built by hand
along random stops, as a player who chooses "stop by stop" would.
"""

from __future__ import annotations

import copy
import os
import random

import pytest

from bot.arena import chooser, play
from bot.engine import Game, State, all_games
from bot.engine.choices import check_layout
from bot.engine.testkit import modes, player_counts

pytestmark = pytest.mark.slow

SEEDS = int(os.environ.get("LAYOUT_SEEDS", "6"))
"""Games between normal bots per case."""


CASES = [(game.slug, players, mode) for game in all_games() if game.grouped
         for players in player_counts(game) for mode in modes(game)]


def _build_routes_by_hand(game: Game, state: State, seat: int, rng: random.Random) -> int:
    """Open 1856's hand-built route and pick random stops to its end; lay out each prompt."""
    building = copy.deepcopy(state)
    game.apply(building, seat, "run:choose", None)
    laid = 0
    for _ in range(64):
        prompt = game.prompts(building)[0]
        check_layout(prompt.actions)
        laid += 1
        offered = prompt.keys()
        keys = [key for key in offered if key != "back"]
        if prompt.seat != seat or not any(key.startswith(("stop:", "end", "none")) for key in keys):
            break
        game.apply(building, seat, rng.choice(keys), None)
    return laid


@pytest.mark.parametrize(("slug", "players", "mode"), CASES,
                         ids=[f"{slug}-{n}p" + (f"-{m}" if m else "") for slug, n, m in CASES])
def test_every_prompt_of_a_bot_game_fits_the_controls(slug: str, players: int, mode: str | None) -> None:
    game = next(game for game in all_games() if game.slug == slug)
    options = game.resolve_options({"mode": mode} if mode else {})
    normal = chooser(game, "normal", budget_s=0.8)
    laid = 0

    def lay_out_then_choose(game: Game, state: State, seat: int, rng: random.Random) -> str:
        """The arena's normal seat, laying out every prompt of the position first."""
        nonlocal laid
        for prompt in game.prompts(state):
            check_layout(prompt.actions)
            laid += 1
            offered = prompt.keys()
            if prompt.seat == seat and "run:choose" in offered:
                laid += _build_routes_by_hand(game, state, seat, rng)
        return normal(game, state, seat, rng)

    for seed in range(SEEDS):
        cpu: list[list[float]] = [[] for _ in range(players)]
        # The arena's own game loop: it raises unless the game reaches its end.
        play(game, players, options, seed, [lay_out_then_choose] * players, cpu, random.Random(seed))
    assert laid > SEEDS
