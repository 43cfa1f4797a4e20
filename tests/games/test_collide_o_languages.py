"""Collide-o says everything in Polish, Hungarian and German (issue 30): seeded games played
through the language kit show no English a catalog does not translate — prompts, labels,
log lines, refusals, the outcome, and every word the board, the table card and each hand
draw — live at two players and by turns at four. Pictures every 50 steps (and at the end): a
live game is long, and drawing it at every 25th step would cost the suite twice the time."""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"mode": "turns"})])
def test_collide_o_has_no_english_left(language: str, players: int, options: dict[str, str]) -> None:
    assert missing("collide-o", language, players, options, seeds=(1, 2), picture_every=50) == {}
