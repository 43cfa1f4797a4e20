"""Schwarzes Gold says everything in Polish, Hungarian and German (issue 30): seeded games played
through the language kit show no English a catalog does not translate — prompts, labels, log
lines, refusals, the outcome, the scores, and every word the board and the table card draw — on
board 1901 with two players (who alternate in phase 2) and on board 1926 with four players and
every variant (snake order, stations, the black train, settlements, wasteland, start or
train)."""

from __future__ import annotations

import pytest

from bot.engine import fill_seat_refs
from bot.games.schwarzes_gold.rules import SchwarzesGold
from bot.i18n import say
from tests.i18n_kit import missing

EVERY_VARIANT = {"board": "1926", "settlements": "on", "wasteland": "on", "own_trains": "on", "black_train": "on",
                 "junctions": "on", "start_or_train": "on"}


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, EVERY_VARIANT)])
def test_schwarzes_gold_has_no_english_left(language: str, players: int, options: dict[str, str]) -> None:
    assert missing("schwarzes-gold", language, players, options, seeds=(1, 2), picture_every=50) == {}


def test_an_area_is_named_in_the_language() -> None:
    """The area a roll picks is a word of each language (Hungarian inflects the number)."""
    game = SchwarzesGold()
    state = game.setup(2, {}, 1)
    game.apply(state, 0, "first:1")
    prompt = game.prompts(state)[0]
    total = sum(state["dice"])
    area = game.roll_area(state)
    said = fill_seat_refs(say(prompt.text, "de"), ["Anna", "Bo"])
    assert said.startswith(f"Anna hat {state['dice'][0]} + {state['dice'][1]} = {total} gewürfelt: Handle in Gebiet {area}")
