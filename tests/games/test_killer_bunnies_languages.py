"""Killer Bunnies says everything in Polish, Hungarian and German (issue 30).

Seeded games played through the language kit (:func:`tests.i18n_kit.missing`): every prompt,
action label, group name, log line, refusal, outcome, score and every word the board, the
table card and the private hands draw, card names and our card texts included, must come
from the ``killer-bunnies`` catalog (or the bot's own). Two and four players; the ``mode``
option changes no words.
"""

from __future__ import annotations

import pytest

from tests.i18n_kit import missing


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_nothing_is_left_in_english(language: str, players: int) -> None:
    assert missing("killer-bunnies", language, players, seeds=(1, 2)) == {}
