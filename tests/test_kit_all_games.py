"""The uniform test kit over every registered game and player count (registering is enough).

KIT_SEEDS seeds per player count — and per value of a game's ``mode`` option, so live and
turn-based play are each covered; other options vary by seed. ``make test`` keeps breadth
(every game, player count and mode) at the default of 24 seeds so the suite stays under ten
minutes on two cores; ``make soak`` runs the depth (KIT_SEEDS=200 and the ``slow`` tests).
"""

from __future__ import annotations

import os

import pytest

from bot.engine import all_games
from bot.engine.testkit import check_game, player_counts

SEEDS = int(os.environ.get("KIT_SEEDS", "24"))

def _modes(game: object) -> list[str | None]:
    mode = next((option for option in getattr(game, "options", ()) if option.name == "mode"), None)
    return list(mode.choices) if mode else [None]


CASES = [
    (game.slug, players, mode)
    for game in all_games()
    for players in player_counts(game)
    for mode in _modes(game)
]


@pytest.mark.parametrize(
    ("slug", "players", "mode"), CASES, ids=[f"{slug}-{n}p" + (f"-{m}" if m else "") for slug, n, m in CASES]
)
def test_game_passes_the_kit(slug: str, players: int, mode: str | None) -> None:
    game = next(game for game in all_games() if game.slug == slug)
    playouts = check_game(game, range(SEEDS), players, {"mode": mode} if mode else None)
    if mode is not None:
        assert {p.options["mode"] for p in playouts} == {mode}
    assert len(playouts) == SEEDS
    assert all(playout.outcome is not None for playout in playouts)


def test_every_game_package_registered() -> None:
    from pathlib import Path

    packages = {p.name for p in (Path(__file__).parents[1] / "bot" / "games").iterdir() if (p / "__init__.py").exists()}
    registered_modules = {type(game).__module__.split(".")[2] for game in all_games() if type(game).__module__.startswith("bot.games.")}
    assert packages == registered_modules
