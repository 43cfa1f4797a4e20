"""Small helpers for simple rule-based strategies and heuristics (``strategies.py``, ``agent.py``).

A strategy answers with one of its seat's legal actions and may use only what that seat can
see: its own prompt (whose text and labels the test kit checks are public or the seat's own)
and ``game.view(state, seat)``. When it wants to try a move and look at the result, it tries
it on :func:`sample`, a redrawing of the hidden information, never on the real state.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from bot.engine.contract import Action, Game, IllegalAction, Prompt, State, clone_state


def own_prompt(game: Game, state: State, seat: int) -> Prompt:
    """The prompt ``seat`` must answer now; :class:`IllegalAction` when it has none."""
    for prompt in game.prompts(state):
        if prompt.seat == seat:
            return prompt
    raise IllegalAction("This seat has nothing to decide now.")


def sample(game: Game, state: State, seat: int, rng: random.Random) -> State:
    """A state ``seat`` cannot tell from ``state``: the place to try moves and look ahead.

    It is ``game.conceal(state, seat, rng)``, copied when the game hands back ``state`` itself
    (a game with nothing hidden may, as 1856 does: see ``Game.conceal``), so that a move tried
    here never touches the real state."""
    drawn = game.conceal(state, seat, rng)
    return clone_state(state) if drawn is state else drawn


def number(text: str, pattern: str, default: int = 0) -> int:
    """The first whole number of ``pattern``'s first group in ``text`` (commas allowed), or ``default``.

    ``number("Pump your rig on C7: 6 tokens", r"(\\d+) tokens?")`` -> 6."""
    match = re.search(pattern, text)
    if not match:
        return default
    return int(match.group(1).replace(",", ""))


def best(actions: Sequence[Action], score: Callable[[Action], float], rng: random.Random) -> str:
    """The key of the action with the highest ``score``; equal best ones are drawn by ``rng``."""
    if not actions:
        raise IllegalAction("There is nothing to choose from.")
    scored = [(score(action), action.key) for action in actions]
    top = max(value for value, _ in scored)
    return rng.choice([key for value, key in scored if value == top])


def first_of(prompt: Prompt, *prefixes: str) -> str | None:
    """The first action whose key is one of ``prefixes`` or starts with ``prefix:``, trying the
    prefixes in order; ``None`` when none is offered."""
    for prefix in prefixes:
        for action in prompt.actions:
            if action.key == prefix or action.key.startswith(prefix + ":"):
                return action.key
    return None
