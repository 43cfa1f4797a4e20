"""Simple HISSS players for the arena (``python -m bot arena hisss``), from the rulebook.

- ``greedy``: lay the drawn card where it wins the most cards now, else where it first fits;
- ``first-fit``: lay it wherever it is first offered (win or not), as someone who does not
  look further than the first snake it matches;
- ``short-snakes``: win the most cards when it can, else lay the card where the snake it
  makes is shortest (less for the next player to win);
- ``grow-big``: win the most cards when it can, else lay it where the snake it makes is
  longest (a bigger prize for whoever closes it, hopefully itself).

All draw the first card of the fan (every position of a face-down fan is alike); they read
their own prompt and the snakes on the table, which are public.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, State
from bot.engine.strategy import best, number, own_prompt
from bot.games.hisss.rules import DECK, choices


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    prompt = own_prompt(game, state, seat)
    won = [number(a.label, r"win (?:it|them) \((\d+) cards") for a in prompt.actions]
    if max(won) == 0:
        return prompt.actions[0].key
    return best(prompt.actions, lambda a: number(a.label, r"win (?:it|them) \((\d+) cards"), rng)


def first_fit(game: Game, state: State, seat: int, rng: random.Random) -> str:
    return own_prompt(game, state, seat).actions[0].key


def _by_length(game: Game, state: State, seat: int, rng: random.Random, longer: bool) -> str:
    """The biggest win if any; else the placement whose snake is longest (``longer``) or shortest."""
    prompt = own_prompt(game, state, seat)
    if state["pending"] is None:
        return prompt.actions[0].key
    laid = {choice.key: choice for choice in choices(state["snakes"], DECK[state["pending"]])}

    def worth(key: str) -> float:
        choice = laid.get(key)
        if choice is None:  # a new snake: one card long
            return 1.0 if longer else -1.0
        if choice.wins:
            return 1000.0 + len(choice.pieces)
        return float(len(choice.pieces) if longer else -len(choice.pieces))

    return best(prompt.actions, lambda a: worth(a.key), rng)


def short_snakes(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Win the most cards when it can; else lay the card where its snake stays shortest."""
    return _by_length(game, state, seat, rng, longer=False)


def grow_big(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Win the most cards when it can; else lay the card where its snake grows longest."""
    return _by_length(game, state, seat, rng, longer=True)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "greedy": greedy,
    "first-fit": first_fit,
    "short-snakes": short_snakes,
    "grow-big": grow_big,
}
