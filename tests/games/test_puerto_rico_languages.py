"""Puerto Rico says everything in Polish, Hungarian and German (issue 30).

Seeded games played through the language kit (:func:`tests.i18n_kit.missing`): every prompt,
action label, group name, log line, refusal, outcome, score and every word the board, the
table card and the private boards draw must come from the ``puerto-rico`` catalog (or the
bot's own). Three players with automatic production, and five players with
``production=choose``, whose declining and throwing away have words of their own.
"""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize(("players", "options"), [(3, {}), (5, {"production": "choose"})])
def test_nothing_is_left_in_english(language: str, players: int, options: dict[str, str]) -> None:
    assert missing("puerto-rico", language, players, options, seeds=(1, 2)) == {}
