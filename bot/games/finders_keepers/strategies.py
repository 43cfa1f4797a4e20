"""Simple Finders Keepers players for the arena (``python -m bot arena finders-keepers``).

- ``first``: basic game: claims the first card that shows the tile and stops looking;
  Expert: plays the first matching tile of its hand;
- ``most-cards``: basic game: claims every card that shows the tile; Expert: plays the tile
  that takes the most grid cards (not minding the owl's double points).

They read only their own spread or tiles and the face-up grid.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, State
from bot.engine.strategy import best, own_prompt
from bot.games.finders_keepers.rules import BASIC, CARDS, FindersKeepers


def _claims(game: Game, state: State, seat: int) -> tuple[list[str], list[str]]:
    keys = own_prompt(game, state, seat).keys()
    good = [k for k in keys if k.startswith("claim:") and CARDS[int(k[6:])].shows(state["tile"])]
    return keys, good


def first(game: Game, state: State, seat: int, rng: random.Random) -> str:
    if state["variant"] == BASIC:
        keys, good = _claims(game, state, seat)
        if keys == ["reveal"]:
            return "reveal"
        return good[0] if good and not state["found"][seat] else "done"
    return own_prompt(game, state, seat).actions[0].key


def most_cards(game: Game, state: State, seat: int, rng: random.Random) -> str:
    if state["variant"] == BASIC:
        keys, good = _claims(game, state, seat)
        if keys == ["reveal"]:
            return "reveal"
        return good[0] if good else "done"
    prompt = own_prompt(game, state, seat)
    return best(prompt.actions, lambda a: len(FindersKeepers.matches(state, a.key[5:])), rng)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "first": first,
    "most-cards": most_cards,
}
