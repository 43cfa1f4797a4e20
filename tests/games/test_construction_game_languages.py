"""The Construction Game says everything in Polish, Hungarian and German (issue 30).

Seeded games played by the game's bot through every text a player is shown (prompts, labels,
group names, the log, refusals, the outcome, scores and the strings the board and the table
card draw, every 100 moves and at the end) leave no English behind: two and four contractors
racing to the net worth goal, and three playing a set number of years. The games are long, so
the pictures are sampled less often and four and three players play one seed each (about 10 s
of CPU for the three languages).
"""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing

SLUG = "construction-game"


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize(("players", "options", "seeds"), [(2, {}, (1, 2)), (4, {}, (1,)), (3, {"end": "years"}, (2,))])
def test_every_text_is_said(language: str, players: int, options: dict[str, str], seeds: tuple[int, ...]) -> None:
    assert missing(SLUG, language, players, options, seeds=seeds, picture_every=100) == {}
