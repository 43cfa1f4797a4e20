"""Simple HISSS players for the arena (``python -m bot arena hisss``), from the rulebook.

- ``greedy``: lay the drawn card where it wins the most cards now, else where it first fits;
- ``first-fit``: lay it wherever it is first offered (win or not), as someone who does not
  look further than the first snake it matches.

Both draw the first card of the fan (every position of a face-down fan is alike) and use
only their own prompt, which is public.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, State
from bot.engine.strategy import best, number, own_prompt


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    prompt = own_prompt(game, state, seat)
    won = [number(a.label, r"win (?:it|them) \((\d+) cards") for a in prompt.actions]
    if max(won) == 0:
        return prompt.actions[0].key
    return best(prompt.actions, lambda a: number(a.label, r"win (?:it|them) \((\d+) cards"), rng)


def first_fit(game: Game, state: State, seat: int, rng: random.Random) -> str:
    return own_prompt(game, state, seat).actions[0].key


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "greedy": greedy,
    "first-fit": first_fit,
}
