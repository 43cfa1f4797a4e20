"""Simple Finders Keepers players for the arena (``python -m bot arena finders-keepers``).

- ``first``: basic game: claims the first card that shows the tile and stops looking;
  Expert: plays the first matching tile of its hand;
- ``most-cards``: basic game: claims every card that shows the tile; Expert: plays the tile
  that takes the most grid cards (not minding the owl's double points);
- ``most-points``: basic game as ``most-cards``; Expert: the tile that takes the most points
  now (a card with the owl counts two);
- ``spoiler``: basic game as ``most-cards``; Expert: the tile worth the most points now minus
  the most points the next player could take, with a face-up tile of theirs, from the cards
  it leaves on the grid (the refill is face down, so it is not counted).

They read only their own spread or tiles, the face-up grid and the face-up tiles of the
other players (``spoiler``).
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


def _points(grid: list[int | None], thing: str) -> int:
    """Points a tile of ``thing`` takes from ``grid`` (2 for a card with the owl)."""
    return sum(CARDS[c].points for c in grid if c is not None and CARDS[c].shows(thing))


def most_points(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Expert: the tile that takes the most points now; basic game as ``most-cards``."""
    if state["variant"] == BASIC:
        return most_cards(game, state, seat, rng)
    prompt = own_prompt(game, state, seat)
    return best(prompt.actions, lambda a: _points(state["grid"], a.key[5:]), rng)


def spoiler(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Expert: points now minus the next player's best take from what is left; basic as ``most-cards``."""
    if state["variant"] == BASIC:
        return most_cards(game, state, seat, rng)
    prompt = own_prompt(game, state, seat)
    following = state["hands"][(seat + 1) % state["players"]]

    def value(thing: str) -> int:
        left = [None if c is not None and CARDS[c].shows(thing) else c for c in state["grid"]]
        return _points(state["grid"], thing) - max((_points(left, tile) for tile in following), default=0)

    return best(prompt.actions, lambda a: value(a.key[5:]), rng)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "first": first,
    "most-cards": most_cards,
    "most-points": most_points,
    "spoiler": spoiler,
}
