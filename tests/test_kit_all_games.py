"""The uniform test kit over every registered game and player count (registering is enough).

KIT_SEEDS seeds per player count — and per value of a game's ``mode`` option, so live and
turn-based play are each covered; the other options are drawn by the kit from each seed.

``make test`` keeps breadth: every game, every player count, every mode, with
:data:`FAST_SEEDS` seeds each, and :func:`test_the_seeds_play_every_option_value` checks that
those seeds between them play every value of every option of every game (a variant no
seed draws would go untested). This is the fast suite's largest part (a fifth of its CPU at
stop 45): a seed is one whole random game with every check of the kit, from under 0.1 s (HISSS)
to about 2 s (1856, three players, beside another test).
``make soak`` runs the depth: KIT_SEEDS=200. KIT_FIRST_SEED moves the seeds (``KIT_FIRST_SEED=5000
KIT_SEEDS=20`` plays seeds 5000-5019: deals no test was ever tuned on; the option-coverage
test then skips, as it holds for the suite's own seeds).
"""

from __future__ import annotations

import os
import random

import pytest

from bot.engine import Game, all_games
from bot.engine.testkit import _setup_random, check_game, modes, player_counts

FAST_SEEDS = 4
SEEDS = int(os.environ.get("KIT_SEEDS", str(FAST_SEEDS)))
FIRST_SEED = int(os.environ.get("KIT_FIRST_SEED", "0"))
KIT_RANGE = range(FIRST_SEED, FIRST_SEED + SEEDS)


CASES = [
    (game.slug, players, mode)
    for game in all_games()
    for players in player_counts(game)
    for mode in modes(game)
]


def drawn_options(game: Game, players: int, seed: int, mode: str | None) -> dict[str, str]:
    """The options the kit plays ``seed`` with: drawn as :func:`random_playout` draws them
    (its chooser, then :func:`_setup_random`), without playing the game."""
    chooser = random.Random(seed * 7919 + players)
    options, _ = _setup_random(game, players, seed, chooser, {"mode": mode} if mode else None)
    return options


def _game(slug: str) -> Game:
    return next(game for game in all_games() if game.slug == slug)


@pytest.mark.parametrize(
    ("slug", "players", "mode"), CASES, ids=[f"{slug}-{n}p" + (f"-{m}" if m else "") for slug, n, m in CASES]
)
def test_game_passes_the_kit(slug: str, players: int, mode: str | None) -> None:
    game = _game(slug)
    playouts = check_game(game, KIT_RANGE, players, {"mode": mode} if mode else None)
    if mode is not None:
        assert {p.options["mode"] for p in playouts} == {mode}
    assert len(playouts) == SEEDS
    assert all(playout.outcome is not None for playout in playouts)
    # What the option-coverage test below predicts is what the kit really played.
    assert [p.options for p in playouts] == [drawn_options(game, players, seed, mode) for seed in KIT_RANGE]


@pytest.mark.parametrize("slug", sorted({slug for slug, _, _ in CASES}))
def test_the_seeds_play_every_option_value(slug: str) -> None:
    """Across its player counts and modes, a game's kit seeds play each value of each option."""
    if FIRST_SEED != 0:
        pytest.skip("KIT_FIRST_SEED moved the seeds: option coverage is held for the suite's own, from 0")
    game = _game(slug)
    played: dict[str, set[str]] = {option.name: set() for option in game.options}
    for _, players, mode in (case for case in CASES if case[0] == slug):
        for seed in range(SEEDS):
            for name, value in drawn_options(game, players, seed, mode).items():
                played.setdefault(name, set()).add(value)
    unplayed = {option.name: sorted(set(option.choices) - played[option.name]) for option in game.options}
    assert {name: values for name, values in unplayed.items() if values} == {}, (
        f"no kit seed plays these option values of {slug}; raise FAST_SEEDS"
    )


def test_every_game_package_registered() -> None:
    from pathlib import Path

    packages = {p.name for p in (Path(__file__).parents[1] / "bot" / "games").iterdir() if (p / "__init__.py").exists()}
    registered_modules = {type(game).__module__.split(".")[2] for game in all_games() if type(game).__module__.startswith("bot.games.")}
    assert packages == registered_modules
