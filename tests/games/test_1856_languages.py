"""1856 says everything in Polish, Hungarian and German (issue 30): the language kit plays
seeded games and finds no English left in prompts, labels, groups, log lines, refusals,
outcome, scores or the pictures (board, table card).

A whole game of 1856 is 700–900 moves, so the quick test plays the opening of each game (the
private auction, stock rounds and the first operating rounds: about 2.5 s of CPU for the three
languages and both tables); the slow one plays whole games (the CGR, the later phases, the
end), for ``make soak``."""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing

LANGUAGES = ("pl", "hu", "de")
TABLES = ((3, {}), (4, {"variant": "8"}))
"""The usual table and the 8-train variant (its own train and phase words)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_opening_of_a_game_is_said_in_every_language(language: str, players: int, options: dict[str, str]) -> None:
    assert missing("1856", language, players, options, seeds=(1, 2), picture_every=60, max_steps=120) == {}


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_whole_games_are_said_in_every_language(language: str) -> None:
    assert missing("1856", language, 4, {}, seeds=(1, 2), picture_every=40) == {}
