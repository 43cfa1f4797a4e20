"""The uniform test kit over every registered game and player count (registering is enough).

KIT_SEEDS (default 200) seeds per player count; set it lower for a quick local run.
"""

from __future__ import annotations

import os

import pytest

from bot.engine import all_games
from bot.engine.testkit import check_game, player_counts

SEEDS = int(os.environ.get("KIT_SEEDS", "200"))

CASES = [(game.slug, players) for game in all_games() for players in player_counts(game)]


@pytest.mark.parametrize(("slug", "players"), CASES, ids=[f"{slug}-{n}p" for slug, n in CASES])
def test_game_passes_the_kit(slug: str, players: int) -> None:
    game = next(game for game in all_games() if game.slug == slug)
    playouts = check_game(game, range(SEEDS), players)
    assert len(playouts) == SEEDS
    assert all(playout.outcome is not None for playout in playouts)


def test_every_game_package_registered() -> None:
    from pathlib import Path

    packages = {p.name for p in (Path(__file__).parents[1] / "bot" / "games").iterdir() if (p / "__init__.py").exists()}
    registered_modules = {type(game).__module__.split(".")[2] for game in all_games() if type(game).__module__.startswith("bot.games.")}
    assert packages == registered_modules
