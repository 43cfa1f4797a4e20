"""The Schwarzes Gold table card names the fields the move buttons name (issue 23)."""

from __future__ import annotations

import random

from bot.games.schwarzes_gold import card
from bot.games.schwarzes_gold.board import parse_field
from bot.games.schwarzes_gold.rules import SchwarzesGold

GAME = SchwarzesGold()


def _button_fields(state: dict) -> set[str]:
    """The fields named by the legal actions' keys ("rig:D5", "truck:C7:h", "score:rig:B2")."""
    fields = set()
    for prompt in GAME.prompts(state):
        for action in prompt.actions:
            fields |= {part for part in action.key.split(":") if parse_field(part) is not None}
    return fields


def test_points_read_as_words() -> None:
    state = GAME.setup(3, {}, seed=2)
    state["points"] = [0, 1, 12]
    assert card.card_standings(GAME.view(state, None)) == ["0 points", "1 point", "12 points"]


def test_every_field_a_button_names_is_tagged_on_the_card() -> None:
    """Through random games: while acting in the rolled area, every field a button names is
    among the tagged ones; while pumping oil, the tags are exactly the buttons' fields."""
    seen = {"act": 0, "score": 0}
    for seed in range(1, 5):
        rng = random.Random(seed)
        state = GAME.setup(3, {}, seed=seed)
        while GAME.prompts(state):
            view = GAME.view(state, None)
            tagged = set(card.choosable_fields(view))
            if view["stage"] == "act":
                assert _button_fields(state) <= tagged
                seen["act"] += 1
            elif view["stage"] == "score":
                assert _button_fields(state) == tagged
                seen["score"] += 1
            prompt = GAME.prompts(state)[0]
            GAME.apply(state, prompt.seat, rng.choice(prompt.actions).key)
    assert seen["act"] > 20 and seen["score"] > 5
