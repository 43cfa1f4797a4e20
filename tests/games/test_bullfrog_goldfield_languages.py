"""Bullfrog Goldfield says everything in Polish, Hungarian and German (issue 30).

Seeded games played by the game's bot through every text a player is shown (prompts, labels,
group names, the log, refusals, the outcome, scores and the strings the board, the table card
and the private picture draw) leave no English behind: two and four players with open cash,
and three with hidden cash (private prompts and pictures) on the long track.
"""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing

SLUG = "bullfrog-goldfield"


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {}), (3, {"cash": "hidden", "length": "long"})])
def test_every_text_is_said(language: str, players: int, options: dict[str, str]) -> None:
    assert missing(SLUG, language, players, options, seeds=(1, 2)) == {}
