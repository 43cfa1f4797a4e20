"""Finders Keepers says everything in Polish, Hungarian and German (issue 30): seeded games
played through the language kit show no English a catalog does not translate — prompts,
labels, log lines, refusals, the outcome, and every word the board, the table card and each
player's picture draw — in the basic game (live and by turns) and the Expert game (by turns
and live). Pictures every 50 steps (and at the end) keep the test within its time."""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {}),
        (3, {"mode": "turns"}),
        (2, {"variant": "expert"}),
        (3, {"variant": "expert", "mode": "live"}),
    ],
)
def test_finders_keepers_has_no_english_left(language: str, players: int, options: dict[str, str]) -> None:
    assert missing("finders-keepers", language, players, options, seeds=(1, 2), picture_every=50) == {}
