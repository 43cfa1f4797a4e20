"""Simple Schwarzes Gold players for the arena (``python -m bot arena schwarzes-gold``).

- ``greedy``: in the oil rush, the rig, truck or train that reaches the most oil tokens now
  (a token on the first field offered when nothing reaches any); in the pumping, the piece
  with the most tokens. Never rolls again;
- ``driller``: always strikes oil (a token on the first field offered, a barrel when that is
  all), placing a piece only when it must; pumps like ``greedy``;
- ``rigger``: always places a rig, truck or train when offered (the one reaching most),
  otherwise strikes oil; pumps like ``greedy``.

Each keeps its train for the end point and lets the first seat begin. They read only their
own prompt, whose labels say how many tokens a piece reaches.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Action, Game, State
from bot.engine.strategy import best, number, own_prompt

PIECES = ("rig", "truck", "train")


def _reach(action: Action) -> int:
    return number(action.label, r"(\d+) tokens?")


def _kind(action: Action) -> str:
    return action.key.split(":")[0]


def _common(actions: tuple[Action, ...], rng: random.Random) -> str | None:
    """Decisions every strategy makes alike: who begins, the train, the pumping."""
    kinds = {_kind(a) for a in actions}
    if "first" in kinds:
        return actions[0].key
    if "score" in kinds:
        return best(actions, _reach, rng)
    if kinds & {"start", "pass"} and not kinds & {"token", "rig", "truck", "barrel"}:
        return "pass" if "pass" in kinds else actions[0].key
    return None


def _strike(actions: tuple[Action, ...]) -> str | None:
    for kind in ("token", "barrel"):
        for action in actions:
            if _kind(action) == kind:
                return action.key
    return None


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    actions = own_prompt(game, state, seat).actions
    common = _common(actions, rng)
    if common is not None:
        return common
    pieces = [a for a in actions if _kind(a) in PIECES]
    if pieces and max(_reach(a) for a in pieces) > 0:
        return best(pieces, _reach, rng)
    return _strike(actions) or best([a for a in actions if _kind(a) != "reroll"] or list(actions), _reach, rng)


def driller(game: Game, state: State, seat: int, rng: random.Random) -> str:
    actions = own_prompt(game, state, seat).actions
    common = _common(actions, rng)
    if common is not None:
        return common
    return _strike(actions) or best([a for a in actions if _kind(a) != "reroll"] or list(actions), _reach, rng)


def rigger(game: Game, state: State, seat: int, rng: random.Random) -> str:
    actions = own_prompt(game, state, seat).actions
    common = _common(actions, rng)
    if common is not None:
        return common
    pieces = [a for a in actions if _kind(a) in PIECES]
    if pieces:
        return best(pieces, _reach, rng)
    return _strike(actions) or best([a for a in actions if _kind(a) != "reroll"] or list(actions), _reach, rng)


STRATEGIES: dict[str, Callable[[Game, State, int, random.Random], str]] = {
    "greedy": greedy,
    "driller": driller,
    "rigger": rigger,
}
