"""HISSS says everything in Polish, Hungarian and German (issue 30): seeded games played
through the language kit show no English a catalog does not translate — prompts, labels,
log lines, refusals, the outcome, and every word the board, the table card draw."""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize("players", [2, 5])
def test_hisss_has_no_english_left(language: str, players: int) -> None:
    assert missing("hisss", language, players, seeds=(1, 2)) == {}
