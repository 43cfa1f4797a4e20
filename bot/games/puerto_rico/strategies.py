"""Simple Puerto Rico players for the arena (``python -m bot arena puerto-rico``), from the rulebook.

Each has one idea for choosing a role and plays every other decision the plain way (take a
quarry or the first plantation, let the mayor's colonists place themselves, produce, load the
first ship offered, sell the dearest good, keep what can be kept):

- ``builder``: the Builder whenever it is there, and always the dearest building it can pay;
- ``shipper``: Captain, then Craftsman, then Settler; builds the cheapest building;
- ``money``: the role with the most doubloons lying on it (the Builder on a tie); builds the
  dearest building it can pay.

They read only their own prompt (the doubloons on the roles are in its labels).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Game, Prompt, State
from bot.engine.strategy import best, first_of, number, own_prompt

PLAIN_ORDER = ("quarry", "plant", "auto", "produce", "ship", "extra", "keep", "store", "done", "colonist:take")
"""Keys (or key prefixes) the plain way takes, in this order of preference, when offered."""


def _bonus(label: str) -> int:
    return number(label, r"\+(\d+) doubloon")


def _cost(label: str) -> int:
    return number(label, r"\((\d+) doubloons?\)")


def _plain(prompt: Prompt, rng: random.Random, cheapest: bool) -> str:
    """Every decision but the role: build by cost, sell the dearest, else :data:`PLAIN_ORDER`."""
    builds = [a for a in prompt.actions if a.key.startswith("build:")]
    if builds:
        return best(builds, lambda a: -_cost(a.label) if cheapest else _cost(a.label), rng)
    sales = [a for a in prompt.actions if a.key.startswith("sell:")]
    if sales:
        return best(sales, lambda a: number(a.label, r"for (\d+) doubloon"), rng)
    chosen = first_of(prompt, *PLAIN_ORDER)
    return chosen if chosen is not None else prompt.actions[0].key


def _with_roles(order: tuple[str, ...], cheapest: bool) -> Callable[[Game, State, int, random.Random], str]:
    def play(game: Game, state: State, seat: int, rng: random.Random) -> str:
        prompt = own_prompt(game, state, seat)
        roles = [a for a in prompt.actions if a.key.startswith("role:")]
        if roles:
            offered = {a.key for a in roles}
            for role in order:
                if f"role:{role}" in offered:
                    return f"role:{role}"
            return best(roles, lambda a: _bonus(a.label), rng)
        return _plain(prompt, rng, cheapest)

    return play


def money(game: Game, state: State, seat: int, rng: random.Random) -> str:
    prompt = own_prompt(game, state, seat)
    roles = [a for a in prompt.actions if a.key.startswith("role:")]
    if roles:
        return best(roles, lambda a: _bonus(a.label) + (0.5 if a.key == "role:builder" else 0), rng)
    return _plain(prompt, rng, cheapest=False)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "builder": _with_roles(("builder",), cheapest=False),
    "shipper": _with_roles(("captain", "craftsman", "settler"), cheapest=True),
    "money": money,
}
