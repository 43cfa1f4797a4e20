"""Chomp! says everything in Polish, Hungarian and German (issue 30): seeded games played
through the language kit show no English a catalog does not translate — prompts, labels,
log lines, refusals, the outcome, and every word the board and the table card draw — in
live and turns mode and in Underwater War. Pictures every 50 steps (and at the end) keep
the test within its time."""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (4, {}), (4, {"mode": "turns"}), (3, {"endgame": "war"})],
)
def test_chomp_has_no_english_left(language: str, players: int, options: dict[str, str]) -> None:
    assert missing("chomp", language, players, options, seeds=(1, 2), picture_every=50) == {}
