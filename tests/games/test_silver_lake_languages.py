"""Treasure of Silver Lake (Az Ezüst-tó kincse) says everything in Polish, Hungarian and German
(issue 30): seeded games played through the language kit show no English a catalog does not
translate — prompts, labels, log lines, refusals, the outcome, the scores, and every word the
board, the table card and the private pictures draw."""

from __future__ import annotations

import pytest

from bot.engine import fill_seat_refs
from bot.games.silver_lake.board import LUCK, PERMIT
from bot.games.silver_lake.rules import SilverLake
from bot.i18n import say
from tests.i18n_kit import missing


@pytest.mark.parametrize("language", ["pl", "hu", "de"])
@pytest.mark.parametrize("players", [2, 4])
def test_silver_lake_has_no_english_left(language: str, players: int) -> None:
    assert missing("silver-lake", language, players, seeds=(1, 2)) == {}


def test_names_from_the_data_files_are_said_in_the_language() -> None:
    """The Hungarian box names the places: a permit's name and a luck card are said in Hungarian
    inside a sentence, not left as the English of the data file."""
    game = SilverLake()
    state = game.setup(2, {}, 1)
    state.update(phase="buy", area="F4", turn=0)
    prompt = game.prompts(state)[0]
    said = fill_seat_refs(say(prompt.text, "hu"), ["Anna", "Bogdán"])
    assert said.startswith("Anna: eladó engedély – Csuka-tó (F4)")
    assert PERMIT["F4"].name not in said
    assert say(LUCK[29].title, "de") == "Raddampfer"
